"""The replay panel's "Find mistakes" row: the button (Cancel while the
tutor checks), a progress bar, and "Try from here" once a losing move is
found.  `ReplayMode` sets the three commands, and says what was found in
the tutor panel's sentence (the list of steps keeps its room)."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable

from .tooltip import add_tooltips

FIND_TIP = ("Check every step to find the move that lost the game.\n"
            "The tutor looks at every card, the hidden ones too.")


def _nothing() -> None:
    pass


class MistakeBar(ttk.Frame):
    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master)
        self.on_find: Callable[[], None] = _nothing
        self.on_cancel: Callable[[], None] = _nothing
        self.on_try: Callable[[], None] = _nothing
        self.checking = False
        row = self
        self.find_button = ttk.Button(row, text="Find mistakes", command=self._on_button)
        self.find_button.pack(side="left")
        self.try_button = ttk.Button(row, text="Try from here", command=lambda: self.on_try())
        self.progress = ttk.Progressbar(row, mode="determinate", length=100)
        self.tips = add_tooltips([
            (self.find_button, FIND_TIP),
            (self.try_button, "Play on from just before the move that lost the game")])

    def _on_button(self) -> None:
        (self.on_cancel if self.checking else self.on_find)()

    def show_progress(self, done: int, total: int) -> None:
        """The tutor is checking: Cancel, the bar, and how far it is."""
        self.checking = True
        self.find_button.configure(text="Cancel")
        self.tips[0].text = "Stop checking the steps"
        self.try_button.pack_forget()
        self.progress.pack(side="left", fill="x", expand=True, padx=(6, 0))
        self.progress.configure(maximum=max(1, total), value=done)

    def show_found(self, can_try: bool) -> None:
        """The check is over (or stopped): Try from here if a move lost the game."""
        self.checking = False
        self.find_button.configure(text="Find mistakes")
        self.tips[0].text = FIND_TIP
        self.progress.pack_forget()
        if can_try:
            self.try_button.pack(side="left", padx=(6, 0))
        else:
            self.try_button.pack_forget()

    def clear(self) -> None:
        self.show_found(can_try=False)

    def set_enabled(self, enabled: bool) -> None:
        self.find_button.state(["!disabled" if enabled else "disabled"])
