"""Small dialogs: game over, choose a deal number, about, keys."""

from __future__ import annotations

import tkinter as tk
from functools import partial
from tkinter import ttk
from typing import Callable

from .. import __version__
from ..cards import MAX_SEED


class ModalDialog(tk.Toplevel):
    """A dialog over the main window; Escape closes it."""

    def __init__(self, master: tk.Misc, title: str) -> None:
        super().__init__(master)
        self.title(title)
        self.transient(master.winfo_toplevel())
        self.resizable(False, False)
        self.body = ttk.Frame(self, padding=16)
        self.body.pack(fill="both", expand=True)
        self.bind("<Escape>", lambda e: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)

    def show(self, focus: tk.Widget | None = None) -> None:
        self.update_idletasks()
        parent = self.master.winfo_toplevel()
        x = parent.winfo_rootx() + max(0, (parent.winfo_width() - self.winfo_reqwidth()) // 2)
        y = parent.winfo_rooty() + max(0, (parent.winfo_height() - self.winfo_reqheight()) // 3)
        self.geometry(f"+{x}+{y}")
        self.deiconify()
        try:
            self.grab_set()
        except tk.TclError:
            pass  # another grab is active (a test, or a menu); still usable
        (focus or self).focus_set()

    def close(self) -> None:
        try:
            self.grab_release()
        except tk.TclError:
            pass
        self.destroy()


WON_COLOUR = "#1a7a1a"    # the heading of a won game
LOST_COLOUR = "#a3300a"   # the heading of a game that ended without a win


class GameOverDialog(ModalDialog):
    """Says plainly how the game ended, with the score and what to do next."""

    def __init__(self, master: tk.Misc, headline: str, detail: str,
                 actions: list[tuple[str, Callable[[], None]]], won: bool = False) -> None:
        super().__init__(master, "You won!" if won else "Game over")
        self.headline = ttk.Label(self.body, text=headline, font=("DejaVu Sans", 14, "bold"),
                                  foreground=WON_COLOUR if won else LOST_COLOUR)
        self.headline.pack(anchor="w")
        self.detail = ttk.Label(self.body, text=detail, wraplength=380, justify="left")
        self.detail.pack(anchor="w", pady=(6, 12))
        row = ttk.Frame(self.body)
        row.pack(anchor="e")
        self.buttons: dict[str, ttk.Button] = {}
        for label, action in actions:
            button = ttk.Button(row, text=label, command=partial(self._run, action))
            button.pack(side="left", padx=4)
            self.buttons[label] = button
        self.bind("<Return>", lambda e: self._invoke_focused())
        self.show(next(iter(self.buttons.values()), None))

    def _invoke_focused(self) -> None:
        widget = self.focus_get()
        if isinstance(widget, ttk.Button):
            widget.invoke()

    def _run(self, action: Callable[[], None]) -> None:
        self.close()
        action()


class DealNumberDialog(ModalDialog):
    """Asks for a deal number; a bad one gets a clear message, not a crash."""

    def __init__(self, master: tk.Misc, current: int | None,
                 on_choose: Callable[[int], None]) -> None:
        super().__init__(master, "Choose a deal number")
        self.on_choose = on_choose
        ttk.Label(self.body, text=f"Every deal number from 1 to {MAX_SEED:,} gives its own "
                  "deal, the same on every computer.\nType the number of the deal to play:",
                  justify="left").pack(anchor="w")
        self.value = tk.StringVar(value=str(current or ""))
        self.entry = ttk.Entry(self.body, textvariable=self.value, width=16)
        self.entry.pack(anchor="w", pady=8)
        self.error = ttk.Label(self.body, foreground="#a00000")
        self.error.pack(anchor="w")
        row = ttk.Frame(self.body)
        row.pack(anchor="e", pady=(8, 0))
        ttk.Button(row, text="Play this deal", command=self.accept).pack(side="left", padx=4)
        ttk.Button(row, text="Cancel", command=self.close).pack(side="left")
        self.entry.bind("<Return>", lambda e: self.accept())
        self.entry.select_range(0, "end")
        self.show(self.entry)

    def accept(self) -> None:
        text = self.value.get().strip().replace(",", "")
        if not text.isdigit() or not 1 <= int(text) <= MAX_SEED:
            self.error.configure(text=f"Please type a whole number from 1 to {MAX_SEED:,}.")
            return
        self.close()
        self.on_choose(int(text))


class TextDialog(ModalDialog):
    """A few paragraphs and a Close button (About, Keys)."""

    def __init__(self, master: tk.Misc, title: str, text: str) -> None:
        super().__init__(master, title)
        ttk.Label(self.body, text=text, wraplength=460, justify="left").pack(anchor="w")
        close = ttk.Button(self.body, text="Close", command=self.close)
        close.pack(anchor="e", pady=(12, 0))
        self.bind("<Return>", lambda e: self.close())
        self.show(close)


ABOUT_TEXT = (f"Solitaire Tutor {__version__}\n\n"
              "Five classic patience games that explain their own rules: Cruel, Klondike, "
              "Thirteen, Double Solitaire and Dammit!\n\n"
              "Cards are drawn with the DejaVu Sans font (Bitstream Vera licence).")
