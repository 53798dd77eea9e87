"""Replay mode: the table shows a saved game step by step while the live
game waits untouched; "Play from here" turns a step into a new game.

Every way into a replay (Ctrl+E, Game > Open, `solitaire-tk replay FILE`, the
game-over dialog's "Replay it") goes through `open`, so a replay always shows
its own game: the window title, the tutor panel's title and lesson, and how
the replayed game stands at each step.  `close` brings back the game in play's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Game
from ..savefile import GameFileError, Replay, Source
from ..tutor.replaying import ReplaySession

if TYPE_CHECKING:
    from .app import TutorApp

REPLAY_KEYS = {"Left": "back", "Right": "forward", "Home": "first", "End": "last",
               "space": "play"}


class ReplayMode:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self.session: ReplaySession | None = None
        self._told_before: tuple[str, str] | None = None  # the panel's sentence, for close

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
        app.status.say(f"Replay, step {session.step} of {len(session)}. {after}", "info")
        app.panel.replay.show_step()

    def key(self, keysym: str) -> bool:
        """Left, Right, Home, End and Space drive the replay; True if used."""
        action = REPLAY_KEYS.get(keysym)
        view = self.app.panel.replay
        if self.session is None or action is None:
            return False
        {"back": lambda: view.step_by(-1), "forward": lambda: view.step_by(1),
         "first": lambda: view.go(0), "last": view.go_last, "play": view.toggle_play}[action]()
        return True

    def play_from_here(self) -> None:
        """The replayed game, at the step shown, becomes the game in play."""
        session = self.session
        if session is None:
            return
        # The app asks first if the game waiting behind the replay would be left unfinished.
        self.app.play_on(session.game().copy(), session.step)

    def close(self) -> None:
        if self.session is None:
            return
        self.session = None
        app = self.app
        app.panel.replay.unload()
        app.marks.clear("next")
        app.table.show(app.game)
        app.status.show_game(app.game)
        app.show_title(app.game)
        app.panel.show_game(app.game)
        if self._told_before is not None:
            app.panel.tell(*self._told_before)  # what the tutor said before the replay
            self._told_before = None
        app.after_change_marks()
        app.panel.show_help()
