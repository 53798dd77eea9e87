"""A list whose items wrap onto more rows when it is too narrow to show them
whole (a narrow panel showed a lesson as "Clever play: why the order is
kep"); the rows of an item are chosen together, as one."""

from __future__ import annotations

import bisect
import tkinter as tk
from typing import Any, Sequence

INDENT = "    "   # before an item's second and later rows


class WrappingList(tk.Listbox):
    """Give it items with `set_items`; `chosen()` is the item (not the row) chosen."""

    def __init__(self, master: tk.Misc, **options: Any) -> None:
        super().__init__(master, selectmode="browse", **options)
        self.items: list[str] = []
        self._starts: list[int] = []   # the row each item starts on
        self._wrapped_at = 0           # the width the rows were made for
        self.bind("<<ListboxSelect>>", lambda event: self._choose_whole_item(), add="+")
        self.bind("<Configure>", self._on_resize, add="+")
        # Up and Down go from item to item, not row to row.
        self.bind("<Up>", lambda event: self._step(-1))
        self.bind("<Down>", lambda event: self._step(1))

    def set_items(self, items: Sequence[str], chosen: int | None = None) -> None:
        self.items = list(items)
        self._fill()
        if chosen is not None:
            self.choose(chosen)

    def chosen(self) -> int | None:
        rows = self.curselection()
        return self.item_at(int(rows[0])) if rows else None

    def item_at(self, row: int) -> int:
        return max(0, bisect.bisect_right(self._starts, row) - 1)

    def rows_of(self, item: int) -> range:
        end = self._starts[item + 1] if item + 1 < len(self._starts) else self.size()
        return range(self._starts[item], end)

    def choose(self, item: int) -> None:
        """Choose the item (all its rows) and keep it in sight."""
        rows = self.rows_of(item)
        self.selection_clear(0, "end")
        self.selection_set(rows[0], rows[-1])
        self.activate(rows[0])
        self.see(rows[-1])
        self.see(rows[0])

    # -- rows -------------------------------------------------------------------
    def _room(self) -> int:
        """The width a row's words may take, in pixels."""
        inset = sum(int(self.cget(name)) for name in ("borderwidth", "highlightthickness",
                                                      "selectborderwidth"))
        return self.winfo_width() - 2 * inset - 6

    def _rows(self, text: str, room: int) -> list[str]:
        def fits(line: str) -> bool:
            return int(self.tk.call("font", "measure", self.cget("font"), line)) <= room
        rows: list[str] = []
        # Spaces before the first word stay (a lesson's place for its tick).
        body = text.lstrip(" ")
        line = text[:len(text) - len(body)]
        for word in body.split(" "):
            longer = f"{line} {word}" if line.strip() else line + word
            if not line.strip() or fits(longer):
                line = longer
            else:
                rows.append(line)
                line = INDENT + word
        return [*rows, line]

    def _fill(self) -> None:
        chosen = self.chosen()
        room = self._room()
        self._wrapped_at = self.winfo_width()
        self.delete(0, "end")
        self._starts = []
        for text in self.items:
            self._starts.append(self.size())
            # Not laid out yet: one row each, until the list has its width.
            self.insert("end", *(self._rows(text, room) if room > 40 else [text]))
        if chosen is not None and chosen < len(self.items):
            self.choose(chosen)

    def _on_resize(self, event: tk.Event) -> None:
        if self.winfo_width() != self._wrapped_at:
            self._fill()
        else:
            chosen = self.chosen()
            if chosen is not None:
                self.choose(chosen)   # the list got shorter: keep the item in sight

    # -- choosing ---------------------------------------------------------------------
    def _choose_whole_item(self) -> None:
        chosen = self.chosen()
        if chosen is not None and list(self.curselection()) != list(self.rows_of(chosen)):
            self.choose(chosen)

    def _step(self, by: int) -> str:
        chosen = self.chosen()
        item = 0 if chosen is None else min(max(0, chosen + by), len(self.items) - 1)
        if self.items:
            self.choose(item)
            self.event_generate("<<ListboxSelect>>")
        return "break"
