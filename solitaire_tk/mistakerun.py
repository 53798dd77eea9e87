"""Find mistakes beside the window: the replay's positions go one at a time
to the solver's own process (`SolverProcess`), so the window keeps drawing
and the search can be cancelled at any moment.

The window calls `poll()` from its event loop now and then; each verdict
that has come is handed to the `Analysis`, which says what to ask next.
"""

from __future__ import annotations

from .mistakes import Analysis
from .savefile import Replay
from .solver import Verdict
from .solverprocess import SolverProcess


class BackgroundAnalysis:
    def __init__(self, replay: Replay, seconds: float = 1.0,
                 solver: SolverProcess | None = None) -> None:
        self.analysis = Analysis(replay, seconds)
        self._solver = solver if solver is not None else SolverProcess()
        self._own_solver = solver is None
        self.cancelled = False
        self._waiting = False

    def start(self) -> None:
        self._ask_next()

    @property
    def running(self) -> bool:
        """Still searching: not finished, not cancelled."""
        return self._waiting and not self.cancelled

    def poll(self) -> bool:
        """Take the verdict that came (if any) and ask the next question; True while running."""
        if self.running:
            self._solver.poll()
        return self.running

    def cancel(self) -> None:
        """Stop at once; the positions decided so far keep their verdicts."""
        if self.running:
            self.cancelled = True
            self._waiting = False
            self._solver.cancel()
        self.close()

    def close(self) -> None:
        """Stop the solver's process, when this analysis started it."""
        if self._own_solver:
            self._solver.close()

    def _ask_next(self) -> None:
        position = self.analysis.next_position()
        self._waiting = position is not None
        if position is None:
            self.close()
            return
        record = self.analysis.game_at(position).to_json()
        self._solver.ask(record, self._on_verdict, self.analysis.seconds)

    def _on_verdict(self, verdict: Verdict) -> None:
        self.analysis.add(verdict)
        self._ask_next()
