"""The player's name on the main window, with "<" and ">" to play as the
previous or next player (hidden while there is only one), as Thirteen has
them.  A click on the name opens the Players dialog.  While another window
plays as this player, the bar says this window is read-only."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING

from ..whoplays import read_only_note
from .keys import key_for
from .statsdialog import ERROR_COLOUR
from .tooltip import Tooltip

if TYPE_CHECKING:
    from .app import TutorApp

NAME_SHOWN = 14   # letters of a long name on the button: it fits over the tutor panel


class PlayerBar(ttk.Frame):
    def __init__(self, master: tk.Misc, app: TutorApp) -> None:
        super().__init__(master)
        self.app = app
        game = app.game   # the keys below are the same in every game
        self.read_only = ttk.Label(self, foreground=ERROR_COLOUR, text="Read-only")
        self.previous = ttk.Button(self, text="<", width=2, takefocus=False,
                                   command=lambda: app.step_player(-1))
        self.name = ttk.Button(self, takefocus=False, command=app.show_players)
        self.next = ttk.Button(self, text=">", width=2, takefocus=False,
                               command=lambda: app.step_player(1))
        self.read_only.grid(row=1, column=0, columnspan=4, sticky="e")
        self.why_read_only = Tooltip(self.read_only, "")   # the title says why too
        for column, button in enumerate((self.previous, self.name, self.next), start=1):
            button.grid(row=0, column=column)
        players_key = key_for(game, "players")
        self.name_tip = ("Click to choose, add or rename players"
                         + (f" ({players_key})." if players_key else "."))
        self.tips = [
            Tooltip(self.previous, "Play as the previous player "
                                   f"({key_for(game, 'previous_player')})"),
            Tooltip(self.name, ""),
            Tooltip(self.next, f"Play as the next player ({key_for(game, 'next_player')})"),
        ]

    def show(self) -> None:
        """The current player, the arrows if there is anyone to switch to, and
        whether this window is read-only."""
        store = self.app.store
        note = read_only_note(store)
        name = store.current_player
        shown = name if len(name) <= NAME_SHOWN else name[:NAME_SHOWN - 1].rstrip() + "…"
        self.name.configure(text=shown)
        self.tips[1].text = f"{name} is playing. {self.name_tip}"
        self.why_read_only.text = note[:1].upper() + note[1:] + "." if note else ""
        if note:
            self.read_only.grid()
        else:
            self.read_only.grid_remove()
        for arrow in (self.previous, self.next):
            if len(store.players()) > 1:
                arrow.grid()
            else:
                arrow.grid_remove()

    @property
    def read_only_shown(self) -> bool:
        return bool(self.read_only.winfo_manager())

    @property
    def arrows_shown(self) -> bool:
        return bool(self.previous.winfo_manager()) and bool(self.next.winfo_manager())
