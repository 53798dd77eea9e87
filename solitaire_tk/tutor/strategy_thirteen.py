"""Thirteen's hint strategy: a King first, then a pair that makes 13, then a
card moved into an empty pile, each weighed by how many cards can still be
taken away a few moves on without dealing; dealing comes last.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import Card
from ..engine import Game
from ..games.thirteen import Thirteen
from ..moves import Move
from .scoring import Scored, Scratch, say


def rank_thirteen(game: Game, moves: list[Move], scratch: Scratch) -> list[Scored]:
    assert isinstance(game, Thirteen)
    out: list[Scored] = []
    stock_only = all(move.action == "deal" for move in moves)
    open_before = _thirteen_open(game)
    for move in moves:
        if move.action == "deal":
            text = game.describe(move).rstrip(".")
            open_now = game.scoring_moves_open()
            if stock_only:
                why = say(text, "no cards on the table can be taken away")
            elif open_now:
                why = say(text + ", but only when nothing more can go",
                          _thirteen_still_open(game, open_now[0]))
            else:
                why = say(text + ", but only after using the empty pile",
                          "a card moved there now can uncover the one under it")
            out.append(Scored(move, 0.0, why))
            continue
        with scratch.trying(move) as after:
            reach = _thirteen_reach(after, 3, [30])
            assert isinstance(after, Thirteen)
            opened = sorted((_thirteen_words(taken, move.action == "remove")
                             for taken in _thirteen_open(after) if taken not in open_before))
            then = opened[0] if opened else ""
        if move.action == "remove":
            piles = move.piles or ()
            deep = sum(len(game.piles[pid]) for pid in piles)
            if len(piles) == 1:
                card = game.top(piles[0])
                assert card is not None
                what = f"Take away {card.name}"
                why = "a King makes 13 all by itself"
                score = 1000.0
            else:
                first, second = _thirteen_pair(game, piles)
                what = f"Take away {first.name} and {second.name}"
                why = "together they make 13"
                score = 500.0
            if then:
                why += ", and then " + then
            out.append(Scored(move, score + 20 * reach + 0.1 * deep, say(what, why)))
            continue
        assert move.src is not None and move.dst is not None
        card = game.top(move.src)
        assert card is not None
        what = f"Move {card.name} into the empty {game.place(move.dst)}"
        if then:
            why = "then " + then
            score = 400.0 + 20 * reach
        else:
            why = "spreading the cards out leaves fewer of them buried"
            score = 150.0 + len(game.piles[move.src])
        out.append(Scored(move, score, say(what, why)))
    return out


def _thirteen_open(game: Thirteen) -> set[frozenset[Card]]:
    """The cards each removal open now would take away."""
    return {frozenset(game.piles[pid][index] for pid, index in game.touches(move)
                      if index is not None)
            for move in game.scoring_moves_open()}


def _thirteen_words(taken: frozenset[Card], too: bool) -> str:
    """'the King of spades can go' / 'the 9 of clubs and the 4 of hearts make 13' (+ ' too')."""
    cards = sorted(taken, key=lambda card: (-card.rank, card.suit))
    also = " too" if too else ""
    if len(cards) == 1:
        return f"{cards[0].name} can go{also}"
    return f"{cards[0].name} and {cards[1].name} make 13{also}"


def _thirteen_still_open(game: Thirteen, move: Move) -> str:
    """'the 9 of clubs and the 4 of hearts still make 13' for an open removal."""
    piles = move.piles or ()
    if len(piles) == 1:
        king = game.top(piles[0])
        return f"{king.name if king else 'a King'} can still be taken away"
    first, second = _thirteen_pair(game, piles)
    return f"{first.name} and {second.name} still make 13"


def _thirteen_pair(game: Thirteen, piles: Sequence[str]) -> tuple[Card, Card]:
    if piles[0] == piles[1]:
        pile = game.piles[piles[0]]
        return pile[-1], pile[-2]
    first, second = game.top(piles[0]), game.top(piles[1])
    assert first is not None and second is not None
    return first, second


def _thirteen_reach(game: Game, depth: int, budget: list[int]) -> int:
    """The most cards that can still be taken away in `depth` moves, without dealing."""
    if depth <= 0 or budget[0] <= 0:
        return 0
    best = 0
    for move in game.legal_moves():
        if move.action == "deal" or budget[0] <= 0:
            continue
        budget[0] -= 1
        point = game.checkpoint()
        game.play(move)
        taken = len(move.piles or ())
        best = max(best, taken + _thirteen_reach(game, depth - 1, budget))
        game.restore_checkpoint(point, ())
    return best
