"""The solver in its own process: the verdict comes back through poll(), and a
new question cancels a long search (real processes, started with spawn)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Iterator

import pytest

from solitaire_tk import Verdict, new_game
from solitaire_tk.solverprocess import SolverProcess

from .helpers import WINNING_THIRTEEN


@pytest.fixture
def solver() -> Iterator[SolverProcess]:
    process = SolverProcess()
    yield process
    process.close()


def wait_for(solver: SolverProcess, got: list[Verdict], seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not got and time.monotonic() < end:
        solver.poll()
        time.sleep(0.02)


def test_the_verdict_comes_back_through_poll_and_wins(solver: SolverProcess) -> None:
    game = new_game("thirteen", deck=WINNING_THIRTEEN)
    game.play(game.legal_moves()[0])
    got: list[Verdict] = []
    solver.ask(game.to_json(), got.append)
    assert solver.busy()
    wait_for(solver, got)
    assert len(got) == 1 and got[0].status == "winnable"
    for move in got[0].line:
        game.play(move)
    assert game.is_won() and not solver.busy()


def test_a_new_question_cancels_the_long_search_before_it(solver: SolverProcess) -> None:
    hard = new_game("cruel", seed=65)     # far beyond a few seconds of search
    easy = new_game("thirteen", deck=WINNING_THIRTEEN)
    first: list[Verdict] = []
    second: list[Verdict] = []
    solver.ask(hard.to_json(), first.append, seconds=3600.0)
    time.sleep(1.0)                       # let the worker start on it
    solver.ask(easy.to_json(), second.append, seconds=3600.0)
    # Had the hour-long search gone on, no answer could come in a minute.
    wait_for(solver, second)
    assert [verdict.status for verdict in second] == ["winnable"]
    assert first == []


def test_cancel_stops_the_search_and_no_callback_is_called(solver: SolverProcess) -> None:
    got: list[Verdict] = []
    solver.ask(new_game("cruel", seed=65).to_json(), got.append, seconds=3600.0)
    solver.cancel()
    assert not solver.busy()
    later: list[Verdict] = []
    solver.ask(new_game("thirteen", deck=WINNING_THIRTEEN).to_json(), later.append)
    wait_for(solver, later)
    assert got == [] and later[0].status == "winnable"


def test_a_process_that_cannot_start_leaves_the_question_unanswered_and_nothing_broken(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A locked-down PC may refuse a second process: asking must not fail in
    the window's hands, the marker gives up as "Too hard to tell" after its
    time, and closing the window stops nothing that was never started."""
    import multiprocessing.context

    from solitaire_tk.session import Session
    from solitaire_tk.userdata import DataStore
    from solitaire_tk.winnable import WinnableWatch

    def refused(self: object) -> None:
        raise OSError("The system cannot start another program.")

    monkeypatch.setattr(multiprocessing.context.SpawnProcess, "start", refused)
    solver = SolverProcess()
    answers: list[Verdict] = []
    solver.ask(new_game("thirteen", deck=WINNING_THIRTEEN).to_json(), answers.append)
    assert solver.busy() and not solver.poll() and not answers
    session = Session(DataStore(tmp_path), new_game("cruel", seed=3))
    watch = WinnableWatch(solver, session, seconds=0.0, grace=0.1)
    watch.set_options(marker=True, warn=False)
    assert watch.words == "Thinking…"
    time.sleep(0.2)
    watch.poll()
    assert watch.words == "Too hard to tell" and not watch.busy()
    solver.close()
    monkeypatch.undo()
    solver.ask(new_game("thirteen", deck=WINNING_THIRTEEN).to_json(), answers.append)
    end = time.monotonic() + 60
    while not answers and time.monotonic() < end:   # once allowed again, it answers
        solver.poll()
        time.sleep(0.02)
    solver.close()
    assert answers and answers[0].status == "winnable"
