"""The player's name on the main window, with "<" and ">" to play as the
previous or next player (hidden while there is only one), as Thirteen has
them.  A click on the name opens the Players dialog.  While another window
plays as this player, the bar says this window is read-only.

The bar sits at the right of the status bar's first line; in a window too
narrow for both, it moves to a line of its own under the message, so it is
never cut off."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING

from ..whoplays import read_only_note
from .keys import key_for
from .colours import ERROR_COLOUR
from .tooltip import Tooltip

if TYPE_CHECKING:
    from .app import TutorApp

NAME_SHOWN = 14   # letters of a long name on the button (the tooltip has it all)
EDGE = 16         # dots kept free round the status bar's edges


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
        self.read_only.grid(row=0, column=0, padx=(0, 6))
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

    def place_in_status_bar(self) -> None:
        """Grid the bar in the status bar (its master): at the right of the first
        line, in the column that takes the room left over."""
        status = self.master
        self._column = status.grid_size()[0] - 1
        self.grid(row=0, column=self._column, sticky="e")
        status.bind("<Configure>", lambda e: self.fit(), add="+")

    def fit(self) -> None:
        """On the first line if there is room beside the status bar's own words,
        else on a line of its own."""
        status = self.master
        words = status.grid_bbox(0, 0, self._column - 1, 0)
        room = status.winfo_width() - (words[2] if words else 0) - EDGE
        row = 0 if self.winfo_reqwidth() <= room else 2
        if int(self.grid_info().get("row", -1)) != row:
            self.grid(row=row, column=self._column if row == 0 else 0,
                      columnspan=1 if row == 0 else self._column + 1, sticky="e")

    @property
    def on_own_line(self) -> bool:
        return int(self.grid_info().get("row", 0)) != 0

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
