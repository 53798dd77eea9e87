"""`solitaire-tk --selftest`: is this copy of the app whole and working?

For every game and variant it opens the real window, plays a few of the
engine's legal moves through the app's own move handler, asks for a hint,
opens the help and a replay, quits (which saves the game in play) and reads
the saved game back, all in a temporary data folder.  It also asks the
solver's own process for a verdict (the Still winnable? marker, the better
hint, winnable deals and Find mistakes start it), so a build that cannot
start a second copy of itself is found.  A teacher (or CI, on
the built program) runs it; it prints one line per failure and returns 1,
or 0 when all is well.
"""

from __future__ import annotations

import sys
import tempfile
import time
import tkinter as tk
import traceback
from pathlib import Path
from typing import Callable, TextIO

from ..engine import STOCK_ACTIONS, Game
from ..moves import Move
from ..registry import GAME_IDS, game_class, new_game
from ..resources import read_resource, resource
from ..storage import save_game
from ..savefile import load_game
from ..tutor.hints import strategy_for
from ..userdata import DataStore
from .app import TutorApp

SEED = 7          # the same deal every time: a failure can be repeated
MOVES = 6         # a short game: enough to open, move, undo and replay
WAIT_SECONDS = 5  # for the window to be mapped and the table drawn
SOLVER_WAIT_SECONDS = 60   # for the solver's process to start (slow on an old PC) and answer
# Only the moves the self-test plays: no card moves by itself, nothing slides.
QUIET = {"auto_move": False, "animations": False, "celebrate": False, "move_alert": False,
         "messages": False, "sound": False}


class Failures:
    """What went wrong, one line each, with the game it happened in."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.where = "start"

    def add(self, text: str) -> None:
        self.lines.append(f"{self.where}: {text}")

    def check(self, ok: bool, text: str) -> bool:
        if not ok:
            self.add(text)
        return ok


def run_selftest(out: TextIO | None = None) -> int:
    """Check everything; print what failed (or that all is well); 0 or 1."""
    failures = Failures()
    played = 0
    with tempfile.TemporaryDirectory(prefix="solitaire-selftest-") as folder:
        check_resources(failures)
        check_solver_process(failures)
        for game_id in GAME_IDS:
            for variant in game_class(game_id).variants:
                failures.where = f"{game_id} {variant}"
                try:
                    played += check_game(game_id, variant, Path(folder) / f"{game_id}-{variant}",
                                         failures)
                except Exception as error:  # noqa: BLE001 - the self-test reports, never crashes
                    failures.add(_said(error))
                    if isinstance(error, tk.TclError) and "display" in str(error):
                        break  # no screen: every other game would say the same
    _report(failures, played, out if out is not None else sys.stdout)
    return 1 if failures.lines else 0


def check_resources(failures: Failures) -> None:
    """Every file the app ships is there and can be read (before any window opens,
    so a missing one is named plainly rather than as an error deep in drawing)."""
    failures.where = "files"
    for name in ("using-the-tutor.txt", *(f"{game_id}.md" for game_id in GAME_IDS)):
        try:
            read_resource("lessons", name)
        except OSError as error:
            failures.add(str(error))
    for game_id in GAME_IDS:
        # Found by name, so a build that left it out would hint without it.
        failures.check(strategy_for(game_id) is not None,
                       f"the quick hints of {game_class(game_id).title} are missing")
    try:
        # Pillow quietly takes a font of the same name from the system if ours is
        # missing (Linux has DejaVu; a school PC has not): so check where it came from.
        from . import cardart
        ours = resource("images", "fonts")
        for bold in (False, True):
            loaded = Path(cardart.font(12, bold).path)  # type: ignore[arg-type]
            failures.check(loaded.parent == ours, f"the card font {ours / loaded.name} is missing")
        from .window import WINDOW_ICONS
        for name in WINDOW_ICONS:
            icon = resource("images", name)
            failures.check(icon.is_file(), f"the window icon {icon} is missing")
    except OSError as error:
        failures.add(str(error))


def check_solver_process(failures: Failures) -> None:
    """The solver's process starts, answers a question, and stops."""
    from ..solver import UNKNOWN, Verdict
    from ..solverprocess import SolverProcess
    failures.where = "solver"
    answers: list[Verdict] = []
    solver = SolverProcess()
    try:
        solver.ask(new_game("dammit", seed=SEED).to_json(), answers.append, seconds=5.0)
        end = time.monotonic() + SOLVER_WAIT_SECONDS
        while not answers and time.monotonic() < end:
            solver.poll()
            time.sleep(0.02)
        failures.check(bool(answers), "the solver's own process never answered")
        failures.check(not answers or answers[0].status != UNKNOWN,
                       "the solver's own process could not decide an easy deal")
    except (OSError, RuntimeError) as error:
        failures.add(f"the solver's own process could not start: {error}")
    finally:
        solver.close()


def check_game(game_id: str, variant: str, folder: Path, failures: Failures) -> int:
    """One game in its own window; 1 when it was played to the end of the test."""
    folder.mkdir()
    store = quiet_store(folder)
    root = tk.Tk(className="SolitaireTutor")
    # An error inside a Tk callback is printed and forgotten by Tk: here it fails the test.
    root.report_callback_exception = lambda kind, value, tb: failures.add(
        _said(value, tb))
    try:
        app = open_drawn(root, store, new_game(game_id, variant, seed=SEED))
        if not failures.check(app is not None, "the window did not open with the cards drawn"):
            return 0
        assert app is not None
        _play_a_little(app, failures)
        _ask_for_help(app, failures)
        position, moves = app.game.position(), len(app.game.log)
        _save_and_read(app, folder, failures)
        cancel_timers(root)  # a redraw still waiting would run after its window is gone
        app.quit()  # saves the game in play, as when a pupil closes the window
        resumed = DataStore(folder).resume()
        failures.check(resumed is not None and resumed.position() == position
                       and len(resumed.log) == moves,
                       "the game saved on quitting did not come back as it was")
        return 1
    finally:
        try:
            root.destroy()
        except tk.TclError:
            pass  # quit has closed it


def quiet_store(folder: Path) -> DataStore:
    """The data in `folder`, with only the moves played that are asked for."""
    store = DataStore(folder)
    for name, value in QUIET.items():
        if hasattr(store.settings, name):
            setattr(store.settings, name, value)
    return store


def open_drawn(root: tk.Tk, store: DataStore, game: Game,
               geometry: str = "1100x720+0+0") -> TutorApp | None:
    """The app's window on `game`, once it is on the screen with the cards drawn
    (None if that does not happen within a few seconds)."""
    root.geometry(geometry)
    app = TutorApp(root, store, game)
    shown = _wait_until(root, lambda: root.winfo_ismapped() and bool(app.table.find_all()))
    return app if shown else None


def _play_a_little(app: TutorApp, failures: Failures) -> None:
    """A few legal moves through the app's own handler, as a drop or click ends."""
    for _ in range(MOVES):
        move = next_move(app.game)
        if move is None:
            break
        before = len(app.game.log)
        text = app.game.describe(move)
        if not failures.check(app.try_move(move), f"the app refused a legal move: {text}"):
            return
        _pump(app.root)
        if not failures.check(len(app.game.log) == before + 1, f"the move was not played: {text}"):
            return
    if app.game.log:
        app.undo()
        app.redo()
        _pump(app.root)


def next_move(game: Game) -> Move | None:
    """The engine's first legal move, one on the table before one with the deck."""
    moves = game.legal_moves()
    table = [move for move in moves if move.action not in STOCK_ACTIONS]
    return (table or moves)[0] if moves else None


def _ask_for_help(app: TutorApp, failures: Failures) -> None:
    """A hint, the help page, and a replay of the game so far."""
    app.hint()
    _pump(app.root)
    failures.check(app.hinting.cycle.shown is not None, "the hint showed nothing")
    app.show_help()
    _pump(app.root)
    lesson = app.panel.help.lesson
    failures.check(lesson is not None and lesson.game_id == app.game.game_id,
                   "the help did not show the game's lesson")
    if not app.game.log:
        failures.add("no move was played, so there is nothing to replay")
        return
    app.replay_current()
    _pump(app.root)
    if failures.check(app.replay.active, "the replay did not open"):
        app.replay.key("End")
        _pump(app.root)
        session = app.replay.session
        failures.check(session is not None and session.game().position() == app.game.position(),
                       "the replay did not end where the game is")
        app.replay.close()
        _pump(app.root)
        failures.check(not app.replay.active, "the replay did not close")


def _save_and_read(app: TutorApp, folder: Path, failures: Failures) -> None:
    path = folder / "saved-by-selftest.json"
    save_game(app.game, path)
    again = load_game(path)
    failures.check(again.position() == app.game.position(),
                   "a saved game read back was not the same game")


def _wait_until(root: tk.Tk, ready: Callable[[], bool]) -> bool:
    end = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < end:
        root.update()
        if ready():
            _pump(root)
            return True
        time.sleep(0.01)
    return False


def _pump(root: tk.Misc) -> None:
    root.update()


def cancel_timers(root: tk.Tk) -> None:
    for job in root.tk.splitlist(root.tk.call("after", "info")):
        root.tk.call("after", "cancel", job)  # (after_cancel would free its command twice)


def _said(error: BaseException, tb: object = None) -> str:
    """An error as one line: what it was, and the last place in our code."""
    frames = traceback.extract_tb(tb if tb is not None else error.__traceback__)  # type: ignore[arg-type]
    ours = [frame for frame in frames if "solitaire_tk" in frame.filename]
    where = f" (at {Path(ours[-1].filename).name} line {ours[-1].lineno})" if ours else ""
    return f"{type(error).__name__}: {error}{where}"


def _report(failures: Failures, played: int, out: TextIO | None) -> None:
    if failures.lines:
        lines = [f"FAILED {line}" for line in failures.lines]
        lines.append(f"Self-test failed: {len(failures.lines)} problem(s).")
    else:
        lines = [f"Self-test passed: {played} games and variants opened, played, hinted, "
                 "replayed, saved and read back; the solver answered from its own process."]
    if out is None:  # the windowed program on Windows has no console: show it instead
        _show_in_window("\n".join(lines), ok=not failures.lines)
        return
    print("\n".join(lines), file=out)
    out.flush()


def _show_in_window(text: str, ok: bool) -> None:
    from tkinter import messagebox
    try:
        root = tk.Tk()
        root.withdraw()
        (messagebox.showinfo if ok else messagebox.showerror)("Solitaire Tutor self-test", text,
                                                             parent=root)
        root.destroy()
    except tk.TclError:
        pass  # no screen at all: the exit code still tells
