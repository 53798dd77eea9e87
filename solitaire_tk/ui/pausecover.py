"""Pause (Thirteen's B): a cover blanks the table; any key or click comes back."""

from __future__ import annotations

import tkinter as tk


class PauseCover:
    def __init__(self, root: tk.Tk, table: tk.Widget) -> None:
        self.root = root
        self.table = table  # gets the keys back afterwards
        self.cover: tk.Frame | None = None

    def pause(self) -> None:
        """Blank the table (Thirteen's B): any key or click comes back."""
        if self.cover is not None:
            return
        cover = tk.Frame(self.root, background="#202020", cursor="arrow")
        tk.Label(cover, text="Paused. Press any key or click to go on.", foreground="#bbbbbb",
                 background="#202020", font=("DejaVu Sans", 14)).place(relx=0.5, rely=0.5,
                                                                       anchor="center")
        cover.place(x=0, y=0, relwidth=1, relheight=1)
        cover.bind("<Button-1>", lambda e: self.resume())
        cover.bind("<Key>", lambda e: self.resume())
        cover.focus_set()
        self.cover = cover

    def resume(self) -> None:
        if self.cover is not None:
            self.cover.destroy()
            self.cover = None
            self.table.focus_set()
