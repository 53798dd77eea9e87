"""Dammit!'s hint strategy: take away a 10, then a pair that makes ten (the more
it frees boxes that face cards still to come need, the better); a face card
goes in its own box, and a number card in a middle box before an edge box a
face card may still need.
"""

from __future__ import annotations

from collections import Counter

from ..engine import Game
from ..games import dammit as dammit_rules
from ..games.dammit import Dammit
from ..moves import Move
from ..wording import plural
from .scoring import Scored, Scratch, say


FACE_NAMES = {13: "King", 12: "Queen", 11: "Jack"}


def rank_dammit(game: Game, moves: list[Move], scratch: Scratch) -> list[Scored]:
    assert isinstance(game, Dammit)
    placed = Counter(card.rank for box in dammit_rules.BOXES for card in game.piles[box])
    out: list[Scored] = []
    for move in moves:
        if move.action == "place":
            out.append(_dammit_place(game, move, placed))
        else:
            out.append(_dammit_remove(game, move, placed))
    return out


def _box_kind(box: str) -> int | None:
    """The face card whose edge box this is (None for the four middle boxes)."""
    for rank, (boxes, _, _) in dammit_rules.HOMES.items():
        if box in boxes:
            return rank
    return None


def _dammit_place(game: Dammit, move: Move, placed: Counter[int]) -> Scored:
    assert move.dst is not None
    card = game.top("stock")
    assert card is not None
    what = f"Put {card.name} in {game.place(move.dst)}"
    if card.rank in FACE_NAMES:
        where = dammit_rules.HOMES[card.rank][1]
        name = FACE_NAMES[card.rank]
        return Scored(move, 500.0, say(what, f"a {name} can only go in a {where}"))
    kind = _box_kind(move.dst)
    if kind is None:
        return Scored(move, 400.0, say(
            what, "keep the corner and edge boxes free for Kings, Queens and Jacks"))
    name = FACE_NAMES[kind]
    to_come = 4 - placed[kind]
    free = sum(1 for box in dammit_rules.HOMES[kind][0] if not game.piles[box])
    if to_come == 0:
        return Scored(move, 390.0, say(
            what, f"all four {name}s are already placed, so that box only takes number cards now"))
    if free <= 1:
        return Scored(move, -100.0 * to_come, say(
            what, f"only if you must, because it takes the last free box a {name} could use"))
    score = 300.0 - 100.0 * to_come / free - to_come
    if any(not game.piles[box] and _box_kind(box) is None for box in dammit_rules.BOXES):
        why = f"but a middle box is better, because a {name} may still need this one"
    elif placed[kind]:
        are = "is" if placed[kind] == 1 else "are"
        why = f"{plural(placed[kind], name)} {are} already placed, so only {to_come} more can come"
    else:
        why = f"no middle box is free, and this is one of {free} boxes still free for a {name}"
    return Scored(move, score, say(what, why))


def _box_value(game: Dammit, box: str, placed: Counter[int]) -> float:
    """How much a face card still to come would like this box to be free."""
    kind = _box_kind(box)
    if kind is None:
        return 0.0
    to_come = 4 - placed[kind]
    free = sum(1 for b in dammit_rules.HOMES[kind][0] if not game.piles[b])
    return to_come * (3.0 if free == 0 else 2.0 if free == 1 else 1.0)


def _dammit_remove(game: Dammit, move: Move, placed: Counter[int]) -> Scored:
    piles = move.piles or ()
    cards = [game.top(pid) for pid in piles]
    assert all(card is not None for card in cards)
    named = [card.name for card in cards if card is not None]
    value = sum(_box_value(game, pid, placed) for pid in piles)
    kinds = sorted(FACE_NAMES[kind] for pid in piles if _box_value(game, pid, placed) > 0
                   for kind in [_box_kind(pid)] if kind is not None)
    edge = ""
    if len(kinds) == 1:
        edge = f", and that frees a box a {kinds[0]} can use"
    elif kinds:
        both = "two boxes" if kinds[0] == kinds[1] else "boxes"
        edge = f", and that frees {both} a {' and a '.join(dict.fromkeys(kinds))} can use"
    if len(named) == 1:
        return Scored(move, 1000.0 + value, say(
            f"Take away {named[0]}", "a 10 always goes by itself" + edge))
    return Scored(move, 500.0 + value, say(
        f"Take away {named[0]} and {named[1]}", "together they make ten" + edge))
