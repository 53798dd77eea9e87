"""The tutor panel beside the table (a first version: what just happened,
why a move was refused, and how the game stands).  The tutor issue grows it
into help pages, move highlights, hints and replay."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ..engine import Game

MIN_WIDTH, MAX_WIDTH = 220, 380


def panel_width(window_width: int) -> int:
    """About a quarter of the window, so the table keeps most of a small screen."""
    return max(MIN_WIDTH, min(MAX_WIDTH, window_width // 4))


class TutorPanel(ttk.Frame):
    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master, padding=8, width=MAX_WIDTH)
        self.pack_propagate(False)  # the app sets the width; the text wraps inside it
        self.title = ttk.Label(self, font=("DejaVu Sans", 13, "bold"))
        self.title.pack(anchor="w")
        self.text = tk.Text(self, wrap="word", width=10, height=4, relief="flat",
                            font=("DejaVu Sans", 11), background="#fbfaf4", padx=8, pady=8,
                            takefocus=False, cursor="arrow")
        self.text.pack(fill="both", expand=True, pady=(6, 0))
        self.text.tag_configure("reason", foreground="#a00000")
        self.text.tag_configure("done", foreground="#1a1a1a")
        self.text.tag_configure("bold", font=("DejaVu Sans", 11, "bold"))
        self.text.configure(state="disabled")

    def show_game(self, game: Game) -> None:
        self.title.configure(text=f"Tutor: {game.title}")
        self._write([("What to do\n", "bold"), (game.outcome() + "\n\n", "done")])

    def tell(self, text: str, kind: str) -> None:
        tag = "reason" if kind == "illegal" else "done"
        heading = "Not allowed\n" if kind == "illegal" else "Last move\n"
        self._write([(heading, "bold"), (text + "\n", tag)])

    def _write(self, parts: list[tuple[str, str]]) -> None:
        self.text.configure(state="normal")
        self.text.delete("1.0", "end")
        for text, tag in parts:
            self.text.insert("end", text, tag)
        self.text.configure(state="disabled")
