"""Hints: every legal move, best first, each with one sentence a pupil can follow.

`rank_hints(game)` asks the game for its legal moves and orders them with a
small strategy for each patience; pressing Hint again in the app shows the
next one in the list.  `follow_hints` plays a whole deal by always taking the
first hint, which is how the benchmark measures the strategies.

No rule is written again here.  Whether a move is legal, and what it leads
to, is asked of the game itself: `legal_moves()`, and `play` on a scratch
copy.  A hint never peeks: what a move would turn face up, or which card the
deck hides, is never used to rank it (Double Solitaire's piles 1-13 are face
up, so the cards in them count as seen).

These are the quick hints, shown at once.  The better hint, which asks the
solver without letting it see a hidden card, is in `sampling.py`; it uses
this list for its candidates, its reasons and its ties.

Each game's strategy lives in its own module, `strategy_<game id>.py` with
its `rank_<game id>` (`strategy_klondike.rank_klondike`), found by that
name, so a new game's strategy needs no list here; what they share is in
`scoring.py`.  This module imports them; they never import it.  A strategy
may also have its own better hint, `better_<game id>` (Dammit!'s, from the
odds, where the solver's sampled tries would mislead), and a move it knows
is as good as any however the hidden cards lie, `sure_<game id>`, and a quick
way to play a scratch game on to its end, `playout_<game id>`, where the
better hint should try moves by playing on rather than by asking the solver.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Collection, Mapping
from functools import lru_cache
from typing import Any

from ..engine import Game, Position
from ..moves import Move
from ..records import record
from ..registry import new_game
from .scoring import STOCK_ACTIONS, PlayedOut, Ranker, Scored, Scratch, say

__all__ = ["STOCK_ACTIONS", "REPEAT_PENALTY", "History", "Hint", "rank_hints", "follow_hints",
           "loop_key", "goes_round", "strategy_for", "own_better_hint", "sure_move",
           "PlayedOut", "Playout", "playout_for", "play_on_for"]

# How far a move that brings back an earlier position is pushed down.
REPEAT_PENALTY = 1_000_000.0

History = Collection[Position]


@record(frozen=True)
class Hint:
    """One suggestion: the move (None when the game is over), why, and its rank score."""

    move: Move | None
    why: str
    score: float


# -- the public API -------------------------------------------------------------
def rank_hints(game: Game, history: History | None = None) -> list[Hint]:
    """Every legal move, best first, each with its sentence.

    `history` holds positions already seen: a move that goes back to one of
    them is put at the end.  When the game is over the list is one hint with
    no move, saying how the game ended.
    """
    moves = game.legal_moves()
    if not moves or game.is_over():
        return [Hint(None, game.outcome(), 0.0)]
    ranker = strategy_for(game.game_id)
    scratch = Scratch(game)
    scored = ranker(game, moves, scratch) if ranker else [
        Scored(move, 0.0, say(game.describe(move), "it is a legal move")) for move in moves]
    if history:
        for item in scored:
            with scratch.trying(item.move) as after:
                if after.position() in history or loop_key(after) in history:
                    item.score -= REPEAT_PENALTY
                    item.why = say(game.describe(item.move),
                                   "but it only brings back a position you have already had")
    order = sorted(range(len(scored)), key=lambda i: -scored[i].score)
    return [Hint(scored[i].move, scored[i].why, scored[i].score) for i in order]


def follow_hints(game_id: str, variant: str | None, seed: int, max_moves: int = 2000,
                 options: Mapping[str, bool] | None = None) -> Game:
    """Play deal `seed` (with the game's `options`) by always taking the first hint
    that does not go round in a circle.

    Returns the game once it is over, once every move would bring back a
    position already seen, or after `max_moves` moves.
    """
    game = new_game(game_id, variant, seed=seed, options=options)
    seen: set[Position] = {loop_key(game)}
    for _ in range(max_moves):
        first = rank_hints(game, seen)[0]
        if first.move is None or goes_round(first):
            break  # over, or every move goes round in a circle
        game.play(first.move)
        seen.add(loop_key(game))
    return game


def goes_round(hint: Hint) -> bool:
    """True when even the best hint only brings back a position already seen."""
    return hint.move is not None and hint.score <= -REPEAT_PENALTY / 2


def loop_key(game: Game) -> Position:
    """The position as the game compares it for going round in a circle (`Game.loop_key`)."""
    return game.loop_key()


@lru_cache(maxsize=None)
def strategy_for(game_id: str) -> Ranker | None:
    """The game's strategy (`strategy_<id>.rank_<id>`), or None for a game with none."""
    ranker: Ranker | None = _from_strategy(game_id, "rank")
    return ranker


# A game's own better hint: the move and its sentence, or None for no better hint.
OwnBetterHint = Callable[[Game], "tuple[Move, str] | None"]


@lru_cache(maxsize=None)
def own_better_hint(game_id: str) -> OwnBetterHint | None:
    """The game's own better hint (`strategy_<id>.better_<id>`), or None: then the
    better hint samples the hidden cards and asks the solver (`sampling.py`)."""
    own: OwnBetterHint | None = _from_strategy(game_id, "better")
    return own


# A move as good as any whatever the hidden cards are, and its sentence, or None.
SureMove = Callable[[Game], "tuple[Move, str] | None"]


@lru_cache(maxsize=None)
def sure_move(game_id: str) -> SureMove | None:
    """The game's sure move (`strategy_<id>.sure_<id>`), or None for a game with
    none: where it names a move, the better hint is that move, with no tries of
    the hidden cards (Klondike's first look through a deck it may go through
    as often as it likes)."""
    sure: SureMove | None = _from_strategy(game_id, "sure")
    return sure


# Plays a scratch game on to its end.
Playout = Callable[[Game], PlayedOut]
# For a position: the game's playout to try its moves with, or None to ask the solver.
PlayoutFor = Callable[[Game], "Playout | None"]


@lru_cache(maxsize=None)
def playout_for(game_id: str) -> PlayoutFor | None:
    """The game's playout (`strategy_<id>.playout_<id>`), or None for a game with
    none: where it gives one for a position, the better hint tries the moves by
    playing on with it, never reading a hidden card (Klondike's one pass)."""
    found: PlayoutFor | None = _from_strategy(game_id, "playout")
    return found


@lru_cache(maxsize=None)
def play_on_for(game_id: str) -> Playout | None:
    """The game's rule of thumb that plays a scratch game on to its end reading
    only face-up cards (`strategy_<id>.play_on_<id>`), or None for a game
    with none: where the solver's sampled tries find moves that win as often,
    the better hint plays each on with it (`Sampling.playout_tie_break`)."""
    found: Playout | None = _from_strategy(game_id, "play_on")
    return found


def _from_strategy(game_id: str, prefix: str) -> Any:
    """`strategy_<id>.<prefix>_<id>` if the game has a strategy module with it, else None."""
    name = f"{__package__}.strategy_{game_id}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise   # the strategy is there, but something it needs is not
        return None
    return getattr(module, f"{prefix}_{game_id}", None)
