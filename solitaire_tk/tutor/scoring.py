"""What every strategy needs: a scored move, a scratch copy to try moves on, and the
sentence a hint is said in.

The strategies (`strategy_*.py`) import this module and `hints.py` imports
them, so nothing here may import `hints.py`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple

from ..engine import DECK_ACTIONS, Game
from ..moves import Move
from ..records import record
from ..wording import sentence

# Moves that only turn, deal or gather cards, rather than play a card.
STOCK_ACTIONS = DECK_ACTIONS


@record
class Scored:
    """One move as a strategy ranks it: its score (higher is better) and its sentence."""

    move: Move
    score: float
    why: str


class PlayedOut(NamedTuple):
    """What a scratch game played on to its end came to (a strategy's playout)."""

    won: bool
    progress: int   # `Game.progress()` at the end: cards brought home


class Scratch:
    """A private copy of the game to try moves on; the real game is never touched."""

    def __init__(self, game: Game) -> None:
        self._real = game
        self._copy: Game | None = None   # made when first needed: many rankers never try

    @property
    def game(self) -> Game:
        if self._copy is None:
            self._copy = self._real.copy()
        return self._copy

    @contextmanager
    def trying(self, *moves: Move) -> Iterator[Game]:
        """The scratch game after `moves` (more may be played on it); put back afterwards."""
        game = self.game
        point = game.checkpoint()
        try:
            for move in moves:
                game.play(move)
            yield game
        finally:
            game.restore_checkpoint(point, ())


def say(what: str, why: str) -> str:
    """'Move the 4 of spades home' + 'it frees ...' -> one sentence."""
    return f"{sentence(what.rstrip('.'))}: {why.rstrip('.')}."


# One strategy: the game, its legal moves and a scratch copy -> every move scored.
Ranker = Callable[[Game, list[Move], Scratch], list[Scored]]
