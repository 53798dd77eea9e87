"""Replay mode: the table shows a saved game step by step while the live
game waits untouched; "Play from here" turns a step into a new game.

Every way into a replay (Ctrl+E, Game > Open, `solitaire-tk replay FILE`, the
game-over dialog's "Replay it") goes through `open`, so a replay always shows
its own game: the window title, the tutor panel's title and lesson, and how
the replayed game stands at each step.  `close` brings back the game in play's.

Find mistakes checks every step in the solver's own process (`mistakerun`);
closing the replay, or opening another, cancels it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Game
from ..savefile import GameFileError, Replay, Source
from ..tutor.replaying import ReplaySession

if TYPE_CHECKING:
    from ..mistakerun import BackgroundAnalysis
    from .app import TutorApp

REPLAY_KEYS = {"Left": "back", "Right": "forward", "Home": "first", "End": "last",
               "space": "play", "Escape": "close"}
SECONDS_A_STEP = 1.0   # how long Find mistakes may think about one step
POLL_MS = 15           # how often the window looks for the answer: easy steps take a few ms


class ReplayMode:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self.session: ReplaySession | None = None
        self._told_before: tuple[str, str] | None = None  # the panel's sentence, for close
        self.checking: BackgroundAnalysis | None = None   # Find mistakes, while it runs or after
        self._poll_job: str | None = None
        self._marked = 0   # the steps before this one have their marks in the list

    @property
    def active(self) -> bool:
        return self.session is not None

    def open(self, source: Source | Game | Replay, title: str) -> bool:
        """Check a saved game (a file, or a game's own log) and show its deal; a bad
        file opens nothing and says why.  A `Replay` already checked is shown as it is."""
        try:
            replay = source if isinstance(source, Replay) else Replay(source)
        except GameFileError as error:
            self.app.refuse(f"This saved game cannot be replayed. {error}")
            return False
        self.start(ReplaySession(replay, title))
        return True

    def start(self, session: ReplaySession) -> None:
        app = self.app
        self.cancel_check()
        self.checking = None
        app.controls.drop_hold()
        app.marks.clear("hint", "movable", "targets")
        if self.session is None:
            self._told_before = app.panel.told
        self.session = session
        replayed = session.game()
        app.show_title(replayed, replay=True)
        app.panel.show_game(replayed, replay=True)
        app.panel_shown.set(True)
        app._place_panel()
        app.panel.replay.load(session)
        bar = app.panel.replay.mistakes
        bar.on_find, bar.on_cancel, bar.on_try = (self.find_mistakes, self.cancel_check,
                                                  self.try_from_here)
        app.panel.show_replay()
        self.show(session.step)
        app.say(f"Replay of {session.title}: use the buttons, or the Left and Right keys, to "
                "step through it.", "info")

    def show(self, step: int) -> None:
        """Show the position after `step` entries and point at the next move."""
        session = self.session
        if session is None:
            return
        session.go(step)
        game = session.game()
        app = self.app
        app.table.show(game, slide=True)
        app.marks.point_at("next", game, session.next_move())
        app.status.show_game(game)
        after = session.result_text() if session.at_end else session.next_step_text()
        # The Replay tab says it in full: the bar keeps to one line (the table's
        # height would change from step to step).
        app.status.say(f"Replay, step {session.step} of {len(session)}. {after}", "info",
                       in_panel_too=True)
        app.panel.replay.show_step()

    def key(self, keysym: str) -> bool:
        """Left, Right, Home, End and Space drive the replay, Escape closes it;
        True if used."""
        action = REPLAY_KEYS.get(keysym)
        view = self.app.panel.replay
        if self.session is None or action is None:
            return False
        {"back": lambda: view.step_by(-1), "forward": lambda: view.step_by(1),
         "first": lambda: view.go(0), "last": view.go_last, "play": view.toggle_play,
         "close": self.close}[action]()
        return True

    def play_from_here(self) -> None:
        """The replayed game, at the step shown, becomes the game in play."""
        session = self.session
        if session is None:
            return
        # The app asks first if the game waiting behind the replay would be left unfinished.
        self.app.play_on(session.game().copy(), session.step)

    # -- Find mistakes ---------------------------------------------------------------
    def find_mistakes(self) -> None:
        """Check every step of the replay, beside the window, with a progress bar."""
        if self.session is None or (self.checking is not None and self.checking.running):
            return
        from ..mistakerun import BackgroundAnalysis  # the solver's process: only when asked for
        self.checking = BackgroundAnalysis(self.session.replay, SECONDS_A_STEP)
        self.app.panel.replay.clear_row_marks()   # the last check's, if any
        self._marked = 0
        try:
            self.checking.start()
        except (OSError, RuntimeError) as error:   # a PC that lets no second process start
            self.checking = None
            self.app.panel.tell(f"The tutor could not start checking the steps ({error}).",
                                "illegal")
            return
        self._show_check()
        self._poll_job = self.app.root.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._poll_job = None
        checking = self.checking
        if checking is None:
            return
        running = checking.poll()
        self._show_check()
        if running:
            self._poll_job = self.app.root.after(POLL_MS, self._poll)
        elif checking.analysis.mistakes:
            self._show_first_mistake()

    def _show_first_mistake(self) -> None:
        """The replay goes to the position before the move that lost the game,
        with that move's marked row in sight under it."""
        assert self.checking is not None
        before = self.checking.analysis.mistakes[0].before
        view = self.app.panel.replay
        view.go(before)
        view.steps.see(before + 1)

    def _show_check(self) -> None:
        if self.checking is None:
            return
        analysis = self.checking.analysis
        view = self.app.panel.replay
        view.mark_rows(analysis.marks(self._marked))
        self._marked = analysis.done
        if self.checking.running:
            view.mistakes.show_progress(analysis.done, analysis.total)
            text = f"Checking every step: {analysis.done} of {analysis.total} done."
        else:
            view.mistakes.show_found(can_try=bool(analysis.mistakes))
            text = analysis.report()
        if self.app.panel.told != (text, "replay"):
            self.app.panel.tell(text, "replay")

    def cancel_check(self) -> None:
        """Stop Find mistakes (Cancel, or the replay closes); what it found so far stays shown."""
        if self._poll_job is not None:
            self.app.root.after_cancel(self._poll_job)
            self._poll_job = None
        if self.checking is not None and self.checking.running:
            self.checking.cancel()
            self._show_check()

    def try_from_here(self) -> None:
        """The position before the move that lost the game becomes a new game to play on."""
        if self.checking is None or not self.checking.analysis.mistakes:
            return
        mistake = self.checking.analysis.mistakes[0]
        game = self.checking.analysis.replay.game_at(mistake.before)
        # What to try is said again there (the replay's panel that said it is gone).
        self.app.play_on(game, mistake.before,
                         f"The move that keeps it winnable: {mistake.better_text}")

    def close(self) -> None:
        self.cancel_check()
        if self.session is None:
            return
        self.session = None
        app = self.app
        app.panel.replay.unload()
        app.marks.clear("next")
        app.show_game_in_play("replay")
        if self._told_before is not None:
            app.panel.tell(*self._told_before)  # what the tutor said before the replay
            self._told_before = None
        app.after_change_marks()
        app.panel.show_help()
