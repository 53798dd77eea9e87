"""A row of buttons that share its width equally, or stand one under another
when the row is too narrow for their words (a narrow panel cut "Play from
here" to "Play from her")."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Any, Sequence


class ButtonRow(ttk.Frame):
    """Make the buttons as children of the row, then `show` them."""

    def __init__(self, master: tk.Misc, gap: int = 4, **options: Any) -> None:
        super().__init__(master, **options)
        self.gap = gap
        self.shown: list[tk.Widget] = []
        self.way = ""   # "equal", "shared" or "stacked": how the buttons stand now
        self.bind("<Configure>", lambda event: self._arrange(), add="+")

    def show(self, buttons: Sequence[tk.Widget]) -> None:
        """These buttons, in this order; the others of the row are taken away."""
        for button in self.shown:
            if button not in buttons:
                button.grid_forget()
        self.shown = list(buttons)
        self._arrange(again=True)

    def _needs(self) -> tuple[int, int]:
        """The width the buttons need side by side in equal shares, and at least."""
        widths = [button.winfo_reqwidth() for button in self.shown] or [0]
        gaps = self.gap * (len(widths) - 1)
        return max(widths) * len(widths) + gaps, sum(widths) + gaps

    def _arrange(self, again: bool = False) -> None:
        width = self.winfo_width()
        equal, least = self._needs()
        # Equal shares if they fit, else each its own width and a share of what
        # is left; else one under another.  (A width of 1: not laid out yet.)
        way = "equal" if width <= 1 or equal <= width else "shared" if least <= width else "stacked"
        if way == self.way and not again:
            return
        self.way = way
        for column in range(self.grid_size()[0]):
            self.columnconfigure(column, weight=0, uniform="")
        for n, button in enumerate(self.shown):
            if way == "stacked":
                button.grid(row=n, column=0, sticky="we", padx=0, pady=(self.gap if n else 0, 0))
            else:
                button.grid(row=0, column=n, sticky="we", pady=0, padx=(self.gap if n else 0, 0))
                self.columnconfigure(n, weight=1, uniform="share" if way == "equal" else "")
        if way == "stacked":
            self.columnconfigure(0, weight=1)
