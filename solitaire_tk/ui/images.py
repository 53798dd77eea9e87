"""PhotoImages of cards for one Tk root, made on demand and kept.

Tk forgets an image that Python no longer holds, so the cache keeps every
PhotoImage it made for the current card size; a new size starts afresh.
"""

from __future__ import annotations

import tkinter as tk

from PIL import ImageTk

from . import cardart


class CardImages:
    def __init__(self, master: tk.Misc) -> None:
        self._master = master
        self._size = (0, 0)
        self._cache: dict[tuple[str, bool, str], ImageTk.PhotoImage] = {}

    def set_size(self, width: int, height: int) -> None:
        if (width, height) != self._size:
            self._size = (width, height)
            self._cache.clear()

    def face(self, code: str, four_colour: bool) -> ImageTk.PhotoImage:
        return self._get(code, four_colour, "")

    def back(self, style: str) -> ImageTk.PhotoImage:
        return self._get("", False, style)

    def _get(self, code: str, four_colour: bool, back: str) -> ImageTk.PhotoImage:
        key = (code, four_colour, back)
        image = self._cache.get(key)
        if image is None:
            width, height = self._size
            art = (cardart.card_back(back, width, height) if back
                   else cardart.card_face(code, width, height, four_colour))
            image = ImageTk.PhotoImage(art, master=self._master)
            self._cache[key] = image
        return image
