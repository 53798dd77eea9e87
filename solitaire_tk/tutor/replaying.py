"""Stepping through a saved game: where we are, and what comes next.

`ReplaySession` wraps `savefile.Replay` (which checked every entry) with a
current step; the panel and the table only read it.
"""

from __future__ import annotations

from typing import Sequence

from ..engine import Game
from ..moves import Move
from ..savefile import Replay
from ..stats import game_key, game_title
from ..wording import when_text


class ReplaySession:
    def __init__(self, replay: Replay, title: str = "") -> None:
        self.replay = replay
        self.title = title
        self.step = 0
        self._game: tuple[int, Game] | None = None

    def __len__(self) -> int:
        return len(self.replay)

    @property
    def steps(self) -> Sequence[str]:
        return self.replay.steps

    @property
    def game_title(self) -> str:
        """The name of the game being replayed (not of the game in play)."""
        return self.replay.final.title

    @property
    def about(self) -> str:
        """The game, which deal, who played it and when it was started, as the
        file says: "Cruel, deal 8, played by Ana, started 4 Dec 2026, 23:36."
        (a teacher opening a pupil's game)."""
        game, started = self.replay.final, self.replay.started
        parts = [game_title(game_key(game)),   # with its variant: another deal 4 else
                 f"deal {game.seed}" if game.seed is not None else "",
                 f"played by {game.player}" if game.player else "",
                 f"started {when_text(started)}" if started else ""]
        return ", ".join(part for part in parts if part) + "."

    def go(self, step: int) -> int:
        """Jump to `step` (kept within 0..len); the new step is returned."""
        self.step = max(0, min(len(self), step))
        return self.step

    def forward(self) -> int:
        return self.go(self.step + 1)

    def back(self) -> int:
        return self.go(self.step - 1)

    @property
    def at_end(self) -> bool:
        return self.step >= len(self)

    def game(self) -> Game:
        """The position after the current step (made once per step)."""
        if self._game is None or self._game[0] != self.step:
            self._game = (self.step, self.replay.game_at(self.step))
        return self._game[1]

    def next_move(self) -> Move | None:
        """The move the next step makes (None for an undo or at the end)."""
        return None if self.at_end else self.replay.moves[self.step]

    def next_step_text(self) -> str:
        if self.at_end:
            return "That was the last step."
        move = self.next_move()
        # Said before it is made: the cards it turns up are named once they are up.
        text = self.steps[self.step] if move is None else self.game().describe(move)
        return f"Next, step {self.step + 1}: {text}"

    def result_text(self) -> str:
        """How the replayed game stands at this step, in its own words."""
        game = self.game()
        if self.at_end and not game.is_over():
            return "The saved game stops here, before the end: it was not finished."
        return game.outcome()

    @property
    def result_kind(self) -> str:
        """"won", "lost" or "going" at this step (the panel colours the result by it)."""
        return self.game().result_kind()

    def last_step_text(self) -> str:
        if self.step == 0:
            return "The deal, before any move."
        return f"Step {self.step} of {len(self)}: {self.steps[self.step - 1]}"
