"""Cruel's hint strategy: suit-stack moves first; the rest by how far a plain way
of playing on gets after them.
"""

from __future__ import annotations

from ..engine import Game, Position
from ..games import cruel as cruel_rules
from ..games.cruel import Cruel
from ..moves import Move
from .scoring import Scored, Scratch, say


# Cruel hides nothing, so a move can be judged by playing the game on from it.
ROLLOUT_STEPS = 60


def rank_cruel(game: Game, moves: list[Move], scratch: Scratch) -> list[Scored]:
    """Suit-stack moves first; the rest by how far a plain way of playing on gets after them."""
    assert isinstance(game, Cruel)
    stock_only = all(move.action == "redeal" for move in moves)
    homeward = any(move.dst in cruel_rules.FOUNDATIONS for move in moves)
    out: list[Scored] = []
    for move in moves:
        if move.action == "redeal":
            why = ("no card can move" if stock_only
                   else "the moves left would not help, and the runs you built stay in order")
            score = -1.0 if homeward else _cruel_rollout(scratch, move) - 0.5
            out.append(Scored(move, score, say("Deal again", why)))
            continue
        assert move.src is not None and move.dst is not None
        card = game.top(move.src)
        assert card is not None
        pile = game.piles[move.src]
        under = pile[-2] if len(pile) >= 2 else None
        with scratch.trying(move) as after:
            frees = under is not None and bool(after.legal_moves(src=move.src))
            # Ties go to the move that frees a card, then to the one that buries least.
            tie = (0.3 if frees else 0.0) - 0.01 * _cruel_buried(after)
        if move.dst in cruel_rules.FOUNDATIONS:
            what = f"Move {card.name} up to {game.place(move.dst)}"
            if under is not None and frees:
                why = f"it stays there, and then {under.name} can move too"
            else:
                why = "a card on its suit stack stays there"
            out.append(Scored(move, 10_000.0 - card.rank + (1 if frees else 0), say(what, why)))
            continue
        top = game.top(move.dst)
        assert top is not None
        what = f"Move {card.name} onto {top.name}"
        if under is not None and frees:
            why = f"it frees {under.name}, which can then move"
        elif under is None:
            why = f"it builds a run of {card.suit_name} and empties {game.place(move.src)}"
        else:
            # A deal keeps the row in order but may split a run over two stacks.
            why = f"it builds a run of {card.suit_name}, which stays in order when you deal again"
        score = tie + (0.0 if homeward else _cruel_rollout(scratch, move))
        out.append(Scored(move, score, say(what, why)))
    return out


def _cruel_buried(game: Game) -> int:
    """How many times a card lies on a lower card of its own suit (which must wait for it)."""
    buried = 0
    for pid in cruel_rules.PILES:
        pile = game.piles[pid]
        for i, card in enumerate(pile):
            buried += sum(1 for lower in pile[:i]
                          if lower.suit == card.suit and lower.rank < card.rank)
    return buried


def _cruel_rollout(scratch: Scratch, first: Move) -> float:
    """Cards home after `first` and then a plain greedy way of playing (100 more for a win)."""
    with scratch.trying(first) as game:
        seen = {game.position()}
        for _ in range(ROLLOUT_STEPS):
            move = _cruel_greedy(game, seen)
            if move is None:
                break
            game.play(move)
            position = game.position()
            if position in seen:
                break
            seen.add(position)
        return game.progress() + (100.0 if game.is_won() else 0.0)


def _cruel_greedy(game: Game, seen: set[Position]) -> Move | None:
    """A suit-stack move; else the card move that buries least; else a new deal."""
    moves = game.legal_moves()
    for move in moves:
        if move.dst in cruel_rules.FOUNDATIONS:
            return move
    now = _cruel_buried(game)
    best: tuple[int, Move] | None = None
    for move in moves:
        if move.action != "move":
            continue
        point = game.checkpoint()
        game.play(move)
        buried, repeat = _cruel_buried(game), game.position() in seen
        game.restore_checkpoint(point, ())
        if not repeat and buried <= now and (best is None or buried < best[0]):
            best = (buried, move)
    if best is not None:
        return best[1]
    return next((move for move in moves if move.action == "redeal"), None)
