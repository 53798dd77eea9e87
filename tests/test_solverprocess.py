"""The solver in its own process: the verdict comes back through poll(), and a
new question cancels a long search (real processes, started with spawn)."""

from __future__ import annotations

import time
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
