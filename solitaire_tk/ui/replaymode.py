"""Replay mode: the table shows a saved game step by step while the live
game waits untouched; "Play from here" turns a step into a new game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..savefile import GameFileError, Replay
from ..tutor.replaying import ReplaySession

if TYPE_CHECKING:
    from .app import TutorApp

REPLAY_KEYS = {"Left": "back", "Right": "forward", "Home": "first", "End": "last",
               "space": "play"}


class ReplayMode:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self.session: ReplaySession | None = None

    @property
    def active(self) -> bool:
        return self.session is not None

    def open(self, source: object, title: str) -> bool:
        """Check a saved game and show its deal; a bad file opens nothing."""
        try:
            replay = Replay(source)  # type: ignore[arg-type]
        except GameFileError as error:
            self.app.refuse(f"This saved game cannot be replayed. {error}")
            return False
        self.start(ReplaySession(replay, title))
        return True

    def start(self, session: ReplaySession) -> None:
        app = self.app
        app.controls.drop_hold()
        app.marks.clear("hint", "movable", "targets")
        self.session = session
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
        app.status.say(f"Replay, step {session.step} of {len(session)}. "
                       f"{session.next_step_text()}", "info")
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
        session = self.session
        if session is None:
            return
        game = session.game().copy()
        self.close()
        self.app.start(game)
        self.app.say(f"You are playing on from step {session.step}. The saved game itself "
                     "is not changed.", "info")

    def close(self) -> None:
        if self.session is None:
            return
        self.session = None
        app = self.app
        app.panel.replay.unload()
        app.marks.clear("next")
        app.table.show(app.game)
        app.status.show_game(app.game)
        app.after_change_marks()
        app.panel.show_help()
