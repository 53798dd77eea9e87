"""A frame whose inside scrolls up and down when the room it is given is
shorter than what it holds (a small screen, a long sentence above it), so
no button or line is ever out of reach; with room to spare, the inside
fills it, so a list packed to expand still grows.  The scroll bar shows
only while it is needed."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

# Widgets that scroll themselves with the mouse wheel: the wheel over them is theirs.
SCROLL_THEIR_OWN = {"Listbox", "Text", "Canvas", "TCombobox", "Scale", "TScale", "Scrollbar",
                    "TScrollbar", "Treeview"}


class ScrollArea(ttk.Frame):
    """Put the widgets into `inner`.  `fit_content(most_height)` sizes the
    area to its inside, at most `most_height` pixels high (for a dialog);
    otherwise it takes the room its master gives it."""

    def __init__(self, master: tk.Misc, room_for_bar: bool = False, **options: object) -> None:
        """`room_for_bar`: the inside is always as narrow as with the scroll bar
        shown, so that the bar coming and going never moves it sideways (the
        replay's buttons, under a pointer clicking on and on)."""
        super().__init__(master, **options)  # type: ignore[arg-type]
        self.room_for_bar = room_for_bar
        self._refit = ""   # a second fitting waiting (see `_fit`), and how many in a row
        self._refits = 0
        # Asks for no room of its own: the master's layout decides its size.
        self.canvas = tk.Canvas(self, width=1, height=1, highlightthickness=0, borderwidth=0)
        background = ttk.Style(self).lookup("TFrame", "background")
        if background:
            self.canvas.configure(background=background)
        self.bar = ttk.Scrollbar(self, orient="vertical", command=self.canvas.yview)
        self.canvas.configure(yscrollcommand=self.bar.set)
        self.inner = ttk.Frame(self.canvas)
        self._item = self.canvas.create_window(0, 0, window=self.inner, anchor="nw")
        self.canvas.pack(side="left", fill="both", expand=True,
                         padx=(0, self.bar.winfo_reqwidth() if room_for_bar else 0))
        self.canvas.bind("<Configure>", self._fit, add="+")
        # A widget inside that asks for more room (a sentence wrapping to more
        # lines) squeezes the others without resizing the inside: their own
        # Configure events say so (`_watch` gives them this tag).
        self._tag = f"ScrollArea{id(self)}"
        self.bind_class(self._tag, "<Configure>", self._fit, add="+")
        # Tab to a widget scrolled out of sight brings it into sight (a
        # keyboard pupil saw nothing take the keys).
        self.bind_class(self._tag, "<FocusIn>", self._see_focused, add="+")
        self.bind("<Enter>", self._wheel_on, add="+")
        self.bind("<Leave>", self._wheel_off, add="+")
        self._wheel_bound = False

    @property
    def scrolls(self) -> bool:
        """Whether the inside is taller than the area (the scroll bar shows)."""
        return bool(self.bar.winfo_manager())

    def fit_content(self, most_height: int) -> None:
        """Ask for the inside's own size, but no more than `most_height` high."""
        self.inner.update_idletasks()
        self.canvas.configure(width=self.inner.winfo_reqwidth(),
                              height=min(self.inner.winfo_reqheight(), most_height))

    def _watch(self) -> None:
        """Tag the inside and every widget in it (see `__init__`)."""
        todo: list[tk.Misc] = [self.inner]
        while todo:
            widget = todo.pop()
            todo.extend(widget.winfo_children())
            tags = widget.bindtags()
            if self._tag not in tags:
                widget.bindtags((self._tag, *tags))

    def _fit(self, event: tk.Event | None = None) -> None:
        if event is not None and event.widget in (self.canvas, self.inner):
            self._watch()   # (widgets made since the last time are tagged too)
        width, height = self.canvas.winfo_width(), self.canvas.winfo_height()
        if width <= 1:
            return      # not laid out yet
        need = self.inner.winfo_reqheight()
        self.canvas.itemconfigure(self._item, width=width, height=max(height, need))
        if not self.inner.winfo_ismapped() or self.inner.winfo_width() == width:
            self._refits = 0
        elif not self._refit and self._refits < 3:
            # Tk may keep the inside at the width it asked for when the item's
            # width is set to what it was already: once more, after the rest.
            self._refits += 1
            self._refit = self.after_idle(self._fit_again)
        self.canvas.configure(scrollregion=(0, 0, width, max(height, need)))
        # Showing the bar narrows the inside, so its lines may wrap to more:
        # it then stays.  Hiding it widens the inside, which only needs less.
        # The bar is placed, not packed, so that it asks for no height: a bar
        # taller than the area would make it grow, and then hide the bar...
        if need > height and not self.scrolls:
            self.canvas.pack_configure(padx=(0, self.bar.winfo_reqwidth()))
            self.bar.place(relx=1.0, y=0, relheight=1.0, anchor="ne")
        elif need <= height and self.scrolls:
            self.bar.place_forget()
            self.canvas.pack_configure(padx=(0, self.bar.winfo_reqwidth() if self.room_for_bar
                                              else 0))
            self.canvas.yview_moveto(0)

    def _fit_again(self) -> None:
        self._refit = ""
        self.canvas.itemconfigure(self._item, width=1)   # a change Tk must act on
        self._fit()

    def to_top(self) -> None:
        self.canvas.yview_moveto(0)

    def _see_focused(self, event: tk.Event) -> None:
        if isinstance(event.widget, tk.Widget) and event.widget is not self.inner:
            self.see(event.widget)

    def see(self, widget: tk.Widget) -> None:
        """Scroll so that `widget` (inside the area) is in sight."""
        # A sentence just changed may make it scroll, or scroll further: fit the
        # area to it first (its own Configure events come only later).
        self.update_idletasks()
        self._fit()
        self.update_idletasks()
        if not self.scrolls:
            return
        top = widget.winfo_rooty() - self.inner.winfo_rooty()
        bottom = top + widget.winfo_height()
        shown_top = self.canvas.canvasy(0)
        shown_bottom = shown_top + self.canvas.winfo_height()
        total = max(1, self.inner.winfo_height())
        if top < shown_top:
            self.canvas.yview_moveto(top / total)
        elif bottom > shown_bottom:
            self.canvas.yview_moveto((bottom - self.canvas.winfo_height()) / total)

    # -- the mouse wheel, while the pointer is over the area -------------------------
    def _wheel_on(self, event: tk.Event) -> None:
        if not self._wheel_bound:
            self._wheel_bound = True
            for sequence in ("<MouseWheel>", "<Button-4>", "<Button-5>"):
                self.bind_all(sequence, self._on_wheel, add="+")

    def _wheel_off(self, event: tk.Event) -> None:
        # (A Leave comes too when the pointer goes onto a widget inside.)
        # (Tk's own path name: `winfo_containing` fails on a menu bar's clone.)
        inside = str(self.tk.call("winfo", "containing", *self.winfo_pointerxy()))
        if inside.startswith(str(self)):
            return
        if self._wheel_bound:
            self._wheel_bound = False
            for sequence in ("<MouseWheel>", "<Button-4>", "<Button-5>"):
                self.unbind_all(sequence)

    def _on_wheel(self, event: tk.Event) -> None:
        widget = event.widget
        if (not self.scrolls or not isinstance(widget, tk.Misc)
                or not str(widget).startswith(str(self))):
            return
        if widget.winfo_class() in SCROLL_THEIR_OWN and widget is not self.canvas:
            return
        if event.num == 4 or getattr(event, "delta", 0) > 0:
            self.canvas.yview_scroll(-1, "units")
        else:
            self.canvas.yview_scroll(1, "units")
