"""Players > Bring back...: the players who were removed but whose saved games
are kept (`DataStore.removed_players`), to choose one to put on the list again.

Keys: Up/Down choose, Enter (or a double-click) brings the chosen player
back, Tab moves to the buttons, Escape closes without doing anything.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from tkinter.font import nametofont
from typing import Callable, Sequence

from ..removedplayers import RemovedPlayer
from ..wording import when_text
from .dialogs import ModalDialog
from .sizes import scaled

__all__ = ["BringBackDialog", "COLUMNS"]

COLUMNS = ("Name", "Saved games", "Last played")
MOST_ROWS = 8   # a longer list scrolls (a short screen keeps the buttons in sight)


class BringBackDialog(ModalDialog):
    """Choose a removed player; `on_choose(player_id)` is called once, after the
    dialog has closed and given the dialog that opened it its grab back."""

    def __init__(self, master: tk.Misc, removed: Sequence[RemovedPlayer],
                 on_choose: Callable[[str], None]) -> None:
        super().__init__(master, "Bring back a player")
        self.removed = list(removed)
        self._on_choose = on_choose
        body = self.body
        ttk.Label(body, text="These players were removed, but their saved games are still "
                  "kept. Choose one and press Bring back: they are on the list again, with "
                  "their games counted in their statistics as before.",
                  wraplength=scaled(self, 420), justify="left").pack(anchor="w")
        # The buttons first: on a short screen the list gives way, not them.
        row = ttk.Frame(body)
        row.pack(side="bottom", anchor="e", pady=(12, 0))
        self.bring_button = ttk.Button(row, text="Bring back", command=self.bring_back)
        self.bring_button.pack(side="left", padx=4)
        self.cancel_button = ttk.Button(row, text="Cancel", command=self.close)
        self.cancel_button.pack(side="left")

        table = ttk.Frame(body)
        table.pack(fill="both", expand=True, pady=(10, 0))
        self.tree = ttk.Treeview(table, columns=COLUMNS, show="headings", selectmode="browse",
                                 height=min(max(len(self.removed), 3), MOST_ROWS))
        font, heading_font = nametofont("TkDefaultFont"), nametofont("TkHeadingFont")
        for index, column in enumerate(COLUMNS):   # as wide as the widest cell
            cells = [self.cells(player)[index] for player in self.removed]
            self.tree.heading(column, text=column)
            self.tree.column(column, stretch=index == 0, anchor="e" if index == 1 else "w",
                             width=max([heading_font.measure(column) + 16,
                                        *(font.measure(cell) + 16 for cell in cells)]))
        for player in self.removed:
            self.tree.insert("", "end", iid=player.id, values=self.cells(player))
        down = ttk.Scrollbar(table, orient="vertical", command=self.tree.yview)
        self.tree.configure(yscrollcommand=down.set)
        self.tree.pack(side="left", fill="both", expand=True)
        if len(self.removed) > MOST_ROWS:
            down.pack(side="right", fill="y")
        if self.removed:
            self.tree.selection_set(self.removed[0].id)
            self.tree.focus(self.removed[0].id)
        # (Enter on a button presses it, as everywhere: `window.prepare_root`.)
        for key in ("<Return>", "<KP_Enter>"):
            self.tree.bind(key, lambda e: self._bring_back_key())
        self.tree.bind("<Double-Button-1>", lambda e: self.bring_back())
        self._answered = False
        self.show(self.tree)

    @staticmethod
    def cells(player: RemovedPlayer) -> tuple[str, str, str]:
        return (player.name, str(player.saved_games),
                when_text(player.last_played) if player.last_played else "-")

    def chosen(self) -> str | None:
        """The id of the player chosen in the list."""
        chosen = self.tree.selection()
        return str(chosen[0]) if chosen else None

    def _bring_back_key(self) -> str:
        self.bring_back()
        return "break"

    def bring_back(self) -> None:
        player_id = self.chosen()
        if player_id is not None:
            self._answer(player_id)

    def close(self) -> None:   # Cancel, Escape and the window's close box
        self._answer(None)

    def _answer(self, player_id: str | None) -> None:
        if self._answered:
            return
        self._answered = True
        self.close_to_asker()
        if player_id is not None:
            self._on_choose(player_id)
