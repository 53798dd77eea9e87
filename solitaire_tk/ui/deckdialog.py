"""The Deck dialog (Cruel's Options > Deck): choose the picture on the backs
of the cards.

Every back in `cardart.BACKS` is shown as a card with its name under it; the
chosen one has a gold frame.  Click a card (or move with the arrow keys) to
choose it, then OK (or Enter) to use it; a double-click chooses and uses at
once.  Cancel (or Escape) leaves the back as it was.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable

from PIL import ImageTk

from .cardart import BACKS, card_back
from .dialogs import ModalDialog
from .sizes import wrap_width

__all__ = ["CARD_SIZE", "DeckDialog"]

CARD_SIZE = (72, 100)
CHOSEN_COLOUR = "#f0b400"   # the frame round the chosen back
FRAME_WIDTH = 5


class DeckDialog(ModalDialog):
    """`on_choose(back)` is called with the chosen back when OK is pressed."""

    def __init__(self, master: tk.Misc, current_back: str,
                 on_choose: Callable[[str], None]) -> None:
        super().__init__(master, "Deck")
        self.on_choose = on_choose
        self.backs: tuple[str, ...] = tuple(BACKS)
        self.chosen = current_back if current_back in self.backs else self.backs[0]
        self.original = current_back
        self._plain = ttk.Style(self).lookup("TFrame", "background") or "#d9d9d9"
        ttk.Label(self.body, text="Choose the picture for the back of your cards, then "
                  "press OK.", wraplength=wrap_width(self, 480), justify="left").pack(anchor="w")

        # The row of cards takes the keyboard focus, so the arrow keys move the choice.
        self.row = tk.Frame(self.body, takefocus=1, highlightthickness=2,
                            highlightcolor="#2060c0", background=self._plain)
        self.row.pack(pady=12)
        self.photos: dict[str, ImageTk.PhotoImage] = {}   # Tk forgets images Python drops
        self.frames: dict[str, tk.Frame] = {}
        self.pictures: dict[str, tk.Label] = {}
        width, height = CARD_SIZE
        for column, back in enumerate(self.backs):
            photo = ImageTk.PhotoImage(card_back(back, width, height), master=self)
            self.photos[back] = photo
            frame = tk.Frame(self.row, background=self._plain, padx=FRAME_WIDTH,
                             pady=FRAME_WIDTH)
            frame.grid(row=0, column=column, padx=6, pady=(6, 0))
            picture = tk.Label(frame, image=photo, borderwidth=0, background=self._plain,
                               cursor="hand2")
            picture.pack()
            name = tk.Label(self.row, text=back.capitalize(), background=self._plain)
            name.grid(row=1, column=column, pady=(2, 6))
            for widget in (frame, picture, name):
                widget.bind("<Button-1>", self._handler(self._click, back))
                widget.bind("<Double-Button-1>", self._handler(self._double_click, back))
            self.frames[back] = frame
            self.pictures[back] = picture

        buttons = ttk.Frame(self.body)
        buttons.pack(anchor="e")
        self.ok_button = ttk.Button(buttons, text="OK", command=self.accept)
        self.ok_button.pack(side="left", padx=4)
        self.cancel_button = ttk.Button(buttons, text="Cancel", command=self.close)
        self.cancel_button.pack(side="left")

        for key, by in (("<Left>", -1), ("<Up>", -1), ("<Right>", 1), ("<Down>", 1)):
            self.bind(key, self._mover(by))
        self.bind("<Home>", lambda e: self.choose(self.backs[0]))
        self.bind("<End>", lambda e: self.choose(self.backs[-1]))
        self.bind("<Return>", self._on_return)
        self.bind("<KP_Enter>", self._on_return)
        self.choose(self.chosen)
        self.show(self.row)

    @staticmethod
    def _handler(action: Callable[[str], None], back: str) -> Callable[[object], None]:
        return lambda _event: action(back)

    def _mover(self, by: int) -> Callable[[object], str]:
        return lambda _event: self.move(by)

    def choose(self, back: str) -> None:
        """Put the gold frame round `back` (nothing changes until OK)."""
        if back not in self.backs:
            return
        self.chosen = back
        for name, frame in self.frames.items():
            colour = CHOSEN_COLOUR if name == back else self._plain
            frame.configure(background=colour)

    def move(self, by: int) -> str:
        index = (self.backs.index(self.chosen) + by) % len(self.backs)
        self.choose(self.backs[index])
        return "break"

    def outlined(self) -> str:
        """The back that has the gold frame now."""
        return next(name for name, frame in self.frames.items()
                    if frame.cget("background") == CHOSEN_COLOUR)

    def _click(self, back: str) -> None:
        self.choose(back)
        self.row.focus_set()

    def _double_click(self, back: str) -> None:
        self.choose(back)
        self.accept()

    def _on_return(self, _event: object = None) -> str:
        """Enter uses the back chosen (on a button, Enter presses it:
        `window.prepare_root`)."""
        self.accept()
        return "break"

    def accept(self) -> None:
        """Use the chosen back: close, then `on_choose(back)`."""
        chosen = self.chosen
        self.close()
        self.on_choose(chosen)
