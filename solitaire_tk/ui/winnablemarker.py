"""Still winnable? on the window: the marker in the status bar and the word
in the tutor panel when a move lost the game (both options, off at first).

What is known and what to say is worked out without Tk in `winnable`; this
asks once a turn (after the pupil's move and the moves made by themselves
after it), polls the solver's process from Tk's event loop, and shows the
words.
"""

from __future__ import annotations

import tkinter as tk
from typing import TYPE_CHECKING, Any

from ..solverprocess import SolverProcess
from ..winnable import WinnableWatch
from ..wording import sentence

if TYPE_CHECKING:
    from .app import TutorApp

POLL_MS = 50   # how often the solver's answer is looked for while it thinks
OPTIONS = ("winnable_marker", "lost_move_note")


class WinnableMarker:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self.watch = WinnableWatch(SolverProcess(), app.session)
        self._ask_job: str | None = None
        self._poll_job: str | None = None
        self._told: object = None   # the losing move the panel told of
        app.hub.subscribe("game_changed", self._game_changed)
        app.hub.subscribe("position_changed", self._position_changed)
        app.root.bind("<Destroy>", self._closed, add="+")
        # The solver's process starts once the window is up: on an old PC it
        # would take the processor from drawing the first table.
        app.root.after_idle(self.settings_changed)

    def settings_changed(self, tell: bool = False) -> None:
        """The player's options (after the Options menu or a change of player);
        `tell`: say what an option just turned on does, and that it is help."""
        settings = self.app.settings
        marker, warn = bool(settings.winnable_marker), bool(settings.lost_move_note)
        turned_on = (marker and not self.watch.marker, warn and not self.watch.warn)
        self.watch.set_options(marker, warn)
        self._show()
        if tell and any(turned_on):
            what = ("after each move the tutor says if this game can still be won"
                    if turned_on[0] else
                    "the tutor says when a move loses a game that could still be won")
            self.app.say(f"{sentence(what)}. It knows where the hidden cards are, so if "
                         "you win this game now, it counts as won with help.", "info")

    def _game_changed(self, game: Any) -> None:
        self._cancel_ask()
        self.watch.game_changed()
        self._show()

    def _position_changed(self, game: Any, move: Any, undone: bool) -> None:
        if not self.watch.on:
            return
        self.watch.position_changed(None if undone else move)
        # Asked once the turn is over: the moves made by themselves come first.
        if self._ask_job is None:
            self._ask_job = self.app.root.after_idle(self._ask)

    def _ask(self) -> None:
        self._ask_job = None
        self.watch.ask()
        self._show()

    def _cancel_ask(self) -> None:
        if self._ask_job is not None:
            self.app.root.after_cancel(self._ask_job)
            self._ask_job = None

    def _poll(self) -> None:
        self._poll_job = None
        if self.watch.poll():
            self._show()
        else:
            self._keep_polling()

    def _keep_polling(self) -> None:
        if self.watch.busy() and self._poll_job is None:
            self._poll_job = self.app.root.after(POLL_MS, self._poll)

    def _show(self) -> None:
        app, watch = self.app, self.watch
        app.status.show_winnable(watch.words, watch.status, app.session.game)
        lost = watch.lost_move
        if watch.warn and lost is not None and lost is not self._told:
            self._told = lost
            app.status.say(lost.text, "lost", in_panel_too=True)   # one line: the panel has it
            app.panel.tell(lost.text, "lost_move", undo=app.undo)
        self._keep_polling()

    def _closed(self, event: tk.Event) -> None:
        if event.widget is self.app.root:
            self._cancel_ask()
            self.watch.close()
