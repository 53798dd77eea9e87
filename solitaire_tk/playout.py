"""Seeded random play, for tests and the benchmark: positions of every kind,
reached the way a pupil reaches them (moves, and now and then an undo)."""

from __future__ import annotations

import random
from typing import Sequence

from .engine import Game
from .moves import Move


def random_step(game: Game, rng: random.Random, moves: Sequence[Move] | None = None,
                undo_chance: float = 0.1) -> bool:
    """Undo now and then (always when stuck), else play a random legal move.

    `moves` are the legal moves if the caller has them already.  Returns False
    when there is nothing left to do: no legal move and nothing to undo.
    """
    legal = game.legal_moves() if moves is None else moves
    if game.can_undo() and (rng.random() < undo_chance or not legal):
        game.undo()
        return True
    if not legal:
        return False
    game.play(rng.choice(legal))
    return True
