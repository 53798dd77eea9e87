"""Dammit!'s hint strategy, from the odds of what is still to come (`dammit_odds`).

A face card goes in its own box.  A number card goes where the grid is most
likely to fill up with every King, Queen and Jack finding a box; a card that
will most likely be taken away when the grid is full may use an edge box,
keeping the middle boxes for cards that may stay.  When a full grid is
cleared, a 10 goes first, and of the pairs, the ones that leave the cards
staying behind in the boxes that block the fewest face cards still to come.
"""

from __future__ import annotations

from collections import Counter

from ..engine import Game
from ..games import dammit as dammit_rules
from ..games.dammit import Dammit
from ..moves import Move
from ..wording import sentence
from . import dammit_odds as odds
from .scoring import Scored, Scratch, say

FACE_NAMES = {13: "King", 12: "Queen", 11: "Jack"}
# What a number card's chance to stay after the next clearing costs in the
# odds: in an edge box it blocks a face card next time, in a middle box it
# takes the place of a card that may stay.  (Rank-only playouts of 2,000
# random deals: 0.1 won the most of the values tried.)
STAYING_COST = 0.1


def rank_dammit(game: Game, moves: list[Move], scratch: Scratch) -> list[Scored]:
    assert isinstance(game, Dammit)
    placed = Counter(card.rank for box in dammit_rules.BOXES for card in game.piles[box])
    to_come = odds.cards_to_come(game)
    if any(move.action == "place" for move in moves):
        return _rank_places(game, moves, placed, to_come)
    keep = odds.best_keeping(_grid(game), to_come)
    return [_dammit_remove(game, move, placed, keep) for move in moves]


def _grid(game: Dammit) -> dict[str, int]:
    """Each box's rank, 0 when empty."""
    return {box: (game.piles[box][-1].rank if game.piles[box] else 0)
            for box in dammit_rules.BOXES}


def _box_kind(box: str) -> int | None:
    """The face card whose edge box this is (None for the four middle boxes)."""
    for rank, (boxes, _, _) in dammit_rules.HOMES.items():
        if box in boxes:
            return rank
    return None


def _rank_places(game: Dammit, moves: list[Move], placed: Counter[int],
                 to_come: list[int]) -> list[Scored]:
    card = game.card_to_play()
    assert card is not None
    if card.rank in FACE_NAMES:
        where = dammit_rules.HOMES[card.rank][1]
        return [Scored(move, 500.0, say(f"Put {card.name} in {game.place(move.dst or '')}",
                                        f"a {FACE_NAMES[card.rank]} can only go in a {where}"))
                for move in moves]
    grid = _grid(game)
    free = odds.free_boxes(grid)
    in_grid = [0] * 14
    for rank in grid.values():
        in_grid[rank] += 1
    in_grid[card.rank] += 1
    stays = odds.chance_left_over(card.rank, in_grid, to_come, sum(free) - 1)
    worth: dict[int, float] = {}
    for kind in range(4):
        if free[kind]:
            cost = STAYING_COST * (1 - stays if kind == odds.MIDDLE else stays)
            worth[kind] = odds.odds_after_number(free, kind, to_come) - cost
    # The kind of the move that comes first in the hints (on equal odds, the
    # lowest-numbered box: the hints keep the order of the legal moves).
    best = odds.kind_of(max(moves, key=lambda move: worth[odds.kind_of(move.dst or "")]).dst
                        or "")
    return [_dammit_place(game, move, card.name, worth, best, stays, placed, free)
            for move in moves]


def _dammit_place(game: Dammit, move: Move, card_name: str, worth: dict[int, float],
                  best: int, stays: float, placed: Counter[int],
                  free: tuple[int, int, int, int]) -> Scored:
    assert move.dst is not None
    what = f"Put {card_name} in {game.place(move.dst)}"
    kind = odds.kind_of(move.dst)
    score = 1000.0 * worth[kind]
    face = _box_kind(move.dst)
    likely_goes = stays < 0.5
    if face is None:
        if kind == best or not likely_goes:
            why = "keep the corner and edge boxes free for Kings, Queens and Jacks"
        else:
            why = (f"but this card will {'most likely ' if stays else ''}be taken away when "
                   "the grid fills up, so it could borrow an edge box instead and leave this "
                   "middle box for a card that might have to stay")
        return Scored(move, score, say(what, why))
    name = FACE_NAMES[face]
    to_come = 4 - placed[face]
    if to_come and free[kind] <= 1 and kind != best:
        why = f"only if you must, because it takes the last free box a {name} could use"
    elif kind != best:
        why = (f"but {'a middle box' if best == odds.MIDDLE else 'another box'} is safer, "
               f"because a {name} may still need this one")
    elif free[odds.MIDDLE]:
        why = (f"this card will {'most likely ' if stays else ''}go away when the grid fills "
               f"up, so it can wait in a {name}'s box and leave the middle boxes for cards "
               "that may have to stay")
    elif not to_come:
        why = f"all four {name}s are already placed, so this box only takes number cards now"
    else:
        # (Not "4 Queens still to come and 2 boxes free": that read as a disaster.)
        why = (f"the middle boxes are full, and of the Kings, Queens and Jacks still to come, "
               f"a {name} is the least likely to need this box soon")
    return Scored(move, score, say(what, why))


def _box_value(game: Dammit, box: str, placed: Counter[int]) -> float:
    """How much a face card still to come would like this box to be free."""
    kind = _box_kind(box)
    if kind is None:
        return 0.0
    to_come = 4 - placed[kind]
    free = sum(1 for b in dammit_rules.HOMES[kind][0] if not game.piles[b])
    return to_come * (3.0 if free == 0 else 2.0 if free == 1 else 1.0)


def _keeps_the_best(game: Dammit, piles: tuple[str, ...], keep: dict[str, int]) -> bool:
    """Whether taking these cards away still leaves the cards that should stay
    (`odds.best_keeping`) in boxes of the kinds chosen for them."""
    grid = _grid(game)
    have = Counter((odds.kind_of(box), rank) for box, rank in grid.items() if rank)
    wanted = Counter((odds.kind_of(box), rank) for box, rank in keep.items())
    taken = Counter((odds.kind_of(box), grid[box]) for box in piles)
    return all(have[key] - count >= wanted[key] for key, count in taken.items())


def _dammit_remove(game: Dammit, move: Move, placed: Counter[int],
                   keep: dict[str, int]) -> Scored:
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
    what = f"Take away {named[0]} and {named[1]}"
    if _keeps_the_best(game, piles, keep):
        return Scored(move, 500.0 + value, say(what, "together they make ten" + edge))
    return Scored(move, 100.0 + value, say(
        what, "together they make ten, but take away another pair first, so that the "
              "card left over stays in a box that blocks fewer face cards"))


def better_dammit(game: Game) -> tuple[Move, str] | None:
    """Dammit!'s better hint: the quick hint's move, and how likely the grid is then
    to fill up with every face card finding a box, worked out exactly from the
    cards still to come.  Where every move comes to the same (a face card, a
    clearing with no choice) there is nothing better to say: None.

    The solver's sampled tries are not asked here: each knows the order of its
    arrangement's stock, so it favours plans a pupil could not follow (taking
    the last box a Queen could use, because in that arrangement no Queen comes
    in time), and following those hints won less than following the quick ones.
    """
    assert isinstance(game, Dammit)
    moves = game.legal_moves()
    if game.is_over() or len({_kinds_used(game, move) for move in moves}) < 2:
        return None
    scored = rank_dammit(game, moves, Scratch(game))
    best = max(scored, key=lambda item: item.score)   # the first best, as `rank_hints`
    return best.move, f"{best.why} {_odds_words(game, best.move)}"


def _kinds_used(game: Dammit, move: Move) -> tuple[tuple[int, int], ...]:
    """What a move changes, as far as the odds go: the kinds of box it fills or
    empties, with the ranks taken away."""
    if move.action == "place":
        return ((odds.kind_of(move.dst or ""), 0),)
    grid = _grid(game)
    return tuple(sorted((odds.kind_of(box), grid[box]) for box in move.piles or ()))


def _odds_words(game: Dammit, move: Move) -> str:
    """How likely the grid is to fill up safely after `move`, in a pupil's words."""
    to_come = odds.cards_to_come(game)
    grid = _grid(game)
    if move.action == "place":
        card = game.card_to_play()
        assert card is not None and move.dst is not None
        grid[move.dst] = card.rank
        after = ""
    else:
        kept = odds.best_keeping(grid, to_come)
        grid = {box: rank if rank > 10 or box in kept else 0 for box, rank in grid.items()}
        after = "After the grid is cleared, "
    chance = odds.fill_odds(odds.free_boxes(grid), to_come)
    if chance > 0.995:
        return sentence(after + "every King, Queen and Jack still finds a box, in whatever "
                        "order the rest of the deck comes.")
    if chance < 0.005:
        return sentence(after + "sadly, in whatever order the rest of the deck comes, a King, "
                        "Queen or Jack will find all its boxes full.")
    tenths = max(1, min(9, round(chance * 10)))
    return sentence(after + f"in about {tenths} of 10 ways the rest of the deck could come, "
                    "every King, Queen and Jack still finds a box (the tutor does not peek).")

