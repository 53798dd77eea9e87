"""Nothing is lost: the game in play is saved a moment after each change,
and again on the way out."""

from __future__ import annotations

import tkinter as tk
from tkinter import messagebox
from typing import TYPE_CHECKING

from ..storage import SaveError

if TYPE_CHECKING:
    from .app import TutorApp

AUTOSAVE_DELAY_MS = 300


class AutoSave:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self._job: str | None = None
        app.root.bind("<Destroy>", self._on_destroy, add="+")

    def schedule(self) -> None:
        if self._job is not None:
            self.app.root.after_cancel(self._job)
        self._job = self.app.root.after(AUTOSAVE_DELAY_MS, self.autosave)

    def autosave(self) -> None:
        self._job = None
        try:
            self.app.session.autosave()
        except SaveError as error:
            self.app.say(str(error), "notice")

    def _on_destroy(self, event: tk.Event) -> None:
        """A window closed some other way than Quit: the change waiting for its
        save is saved now, not dropped (its timer would find no window)."""
        if event.widget is not self.app.root or self._job is None:
            return
        self.app.root.after_cancel(self._job)
        self._job = None
        try:
            self.app.session.autosave()
        except SaveError:
            pass   # there is no window left to say so; the last save stands

    def quit_unsaved(self) -> None:
        """Thirteen's F10: quit and throw the game away, once the pupil says so.
        F10 opens the menus in most programs, so it never throws a game away
        unasked; No (and Escape) keeps playing."""
        from .statsdialog import ConfirmDialog
        ConfirmDialog(self.app.root, "Throw this game away?",
                      "F10 quits and throws this game away: it is not kept, and it does "
                      "not count in your statistics. (To quit and keep it for next time, "
                      "press Q.)",
                      lambda yes: self.quit(record=False) if yes else self.app.table.focus_set(),
                      yes="Throw it away and quit", no="Keep playing")

    def quit(self, record: bool = True) -> None:
        app = self.app
        if self._job is not None:
            app.root.after_cancel(self._job)
            self._job = None
        try:
            app.session.write_unwritten()   # a last try for the games kept in memory
        except SaveError as error:
            if not messagebox.askyesno(
                    "Games not written down",
                    f"{error}\n\n{app.session.unwritten_words()}\n\nIf you quit now, "
                    "they are lost. Quit anyway?", parent=app.root, default="no"):
                return
        try:
            if record:
                app.session.autosave()  # an unfinished game waits for next time: not a loss
                app.store.write_game_in_play_whole()   # its moves since, in one file
            else:
                app.store.clear_current()
        except SaveError as error:
            if not messagebox.askyesno("Not saved", f"{error}\n\nQuit anyway?",
                                       parent=app.root):
                return
        app.settings.window_geometry = app.root.geometry()
        app._save_settings()
        app.root.destroy()
