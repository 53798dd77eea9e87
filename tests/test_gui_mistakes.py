"""The replay's Find mistakes in the real window under Xvfb: the tutor checks
every step in its own process (progress bar, Cancel), marks the step that
lost the game, and Try from here opens the position before it."""

from __future__ import annotations

import multiprocessing
import time
from pathlib import Path
from typing import Any

from solitaire_tk import Replay, new_game
from solitaire_tk.worker import Worker
from solitaire_tk.ui import replaymode
from solitaire_tk.ui.colours import ERROR_COLOUR, GOING_COLOUR

from .gui import Driver
from .test_gui_small_screen import fully_inside

DATA = Path(__file__).parent / "data"
MISTAKE_GAME = DATA / "mistakes" / "dammit-mistake-undone.json"
MISTAKE_STEP = 26
GOLDEN = Path(__file__).parent / "golden"
LONG_GAME = GOLDEN / "klondike-draw3.json"


def click_button(d: Driver, button: Any) -> None:
    """A click on a ttk button, through Tk's event queue."""
    d.click_widget(button)


def wait_until(d: Driver, done: Any, seconds: float = 120.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < end, "the window waited too long"
        d.pump(50)


def said(d: Driver) -> str:
    """The tutor panel's sentence (where Find mistakes says what it found)."""
    return str(d.app.panel.message.cget("text"))


def no_solver_left() -> bool:
    return not multiprocessing.active_children()


def test_find_mistakes_marks_the_losing_step_and_try_from_here_opens_the_position_before_it(
        driver_for) -> None:
    d = driver_for(new_game("cruel", seed=2), geometry="1100x720+0+0")
    d.app.open_file(str(MISTAKE_GAME))
    d.pump()
    view = d.app.panel.replay
    bar = view.mistakes
    assert str(bar.find_button.cget("text")) == "Find mistakes"
    assert not bar.try_button.winfo_ismapped()

    click_button(d, bar.find_button)
    assert str(bar.find_button.cget("text")) == "Cancel"
    assert bar.progress.winfo_ismapped()
    assert said(d).startswith("Checking every step: ")
    wait_until(d, lambda: not bar.checking)

    assert not bar.progress.winfo_ismapped() and no_solver_left()
    found = said(d)
    assert found.startswith("At step 26, putting the 8 of spades in box 2 lost the game")
    assert "Putting the 8 of spades in box 6 instead would have kept it winnable." in found
    assert found.endswith("instead would have kept it winnable. The tutor looked at every "
                          "card, the hidden ones too.")
    # The replay has gone to the position before the losing move, whose row is in sight.
    assert d.app.replay.session.step == MISTAKE_STEP - 1
    d.pump(100)
    assert view.steps.bbox(MISTAKE_STEP) is not None and view.steps.bbox(MISTAKE_STEP - 1)
    assert said(d) == found, "what Find mistakes found is still said"
    for button in (view.take_over, view.close_button):   # in sight under the long words
        assert fully_inside(button, d.app.panel) and button.winfo_viewable()
    # The row of the losing step is marked in the list, in the error colour.
    view.go(MISTAKE_STEP)
    d.pump()
    assert str(view.steps.get(MISTAKE_STEP)).startswith(f"{MISTAKE_STEP}. Lost here: Put the 8")
    assert str(view.steps.itemcget(MISTAKE_STEP, "foreground")) == ERROR_COLOUR
    assert not str(view.steps.get(MISTAKE_STEP + 1)).startswith(f"{MISTAKE_STEP + 1}. Lost")

    assert bar.try_button.winfo_ismapped()
    click_button(d, bar.try_button)
    assert not d.app.replaying
    before = Replay(MISTAKE_GAME).game_at(MISTAKE_STEP - 1)
    assert d.game.position() == before.position()
    assert "playing on from step 25" in d.status()
    assert d.status().endswith("The move that keeps it winnable: Put the 8 of spades in box "
                               "6."), "what to try is said again"
    # The better move can be played there.
    assert d.game.why_illegal({"action": "place", "dst": "box6"}) is None


def test_cancel_stops_the_check_and_closing_the_replay_stops_it_too(driver_for) -> None:
    d = driver_for(new_game("cruel", seed=2))
    told_before = said(d)
    d.app.open_file(str(LONG_GAME))
    d.pump()
    bar = d.app.panel.replay.mistakes
    click_button(d, bar.find_button)
    d.pump(300)
    click_button(d, bar.find_button)   # now Cancel
    assert not bar.checking and str(bar.find_button.cget("text")) == "Find mistakes"
    assert said(d).startswith("Stopped after ")
    wait_until(d, no_solver_left, 10)

    click_button(d, bar.find_button)
    d.pump(300)
    assert bar.checking and multiprocessing.active_children()
    click_button(d, d.app.panel.replay.close_button)
    assert not d.app.replaying and d.app.replay.checking is not None
    assert not d.app.replay.checking.running
    wait_until(d, no_solver_left, 10)
    assert said(d) == told_before   # the panel says again what it said before the replay


def test_steps_the_tutor_could_not_decide_in_time_are_marked_as_such(driver_for,
                                                                    monkeypatch) -> None:
    monkeypatch.setattr(replaymode, "SECONDS_A_STEP", 0.01)   # too short for many Klondike steps
    d = driver_for(new_game("cruel", seed=2))
    d.app.open_file(str(GOLDEN / "klondike-draw1.json"))
    d.pump()
    view = d.app.panel.replay
    click_button(d, view.mistakes.find_button)
    wait_until(d, lambda: not view.mistakes.checking)
    analysis = d.app.replay.checking.analysis
    assert analysis.finished and analysis.unknown_steps and not analysis.mistakes
    assert not view.mistakes.try_button.winfo_ismapped()
    assert "The steps marked (?) were too hard to decide in time." in said(d)
    step = analysis.unknown_steps[-1]
    view.go(step)
    d.pump()
    assert str(view.steps.get(step)).startswith(f"{step}. (?) ")
    assert str(view.steps.itemcget(step, "foreground")) == GOING_COLOUR
    decided = next(n for n in range(step, -1, -1) if n not in analysis.unknown_steps)
    assert "(?)" not in str(view.steps.get(decided))


def test_a_pc_that_lets_no_second_process_start_is_told_so(driver_for, monkeypatch) -> None:
    def refuse(self: Worker) -> None:
        raise OSError("no new program may start here")
    monkeypatch.setattr(Worker, "_start", refuse)
    d = driver_for(new_game("cruel", seed=2))
    d.app.open_file(str(MISTAKE_GAME))
    d.pump()
    bar = d.app.panel.replay.mistakes
    click_button(d, bar.find_button)
    assert said(d) == ("The tutor could not start checking the steps (no new program may "
                       "start here).")
    assert not bar.checking and str(bar.find_button.cget("text")) == "Find mistakes"
    assert d.app.replaying
