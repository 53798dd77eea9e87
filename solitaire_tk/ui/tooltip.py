"""Small yellow tooltips: what a button does and its key, after a short hover."""

from __future__ import annotations

import tkinter as tk

DELAY_MS = 500


class Tooltip:
    def __init__(self, widget: tk.Widget, text: str, wraplength: int = 0) -> None:
        self.widget = widget
        self.text = text
        self.wraplength = wraplength  # pixels; 0 keeps the text's own lines
        self._job: str | None = None
        self._tip: tk.Toplevel | None = None
        self.label: tk.Label | None = None  # the text shown, while the tip is up
        widget.bind("<Enter>", self._schedule, add="+")
        widget.bind("<Leave>", self._hide, add="+")
        widget.bind("<ButtonPress>", self._hide, add="+")

    def _schedule(self, event: tk.Event) -> None:
        self._cancel()
        self._job = self.widget.after(DELAY_MS, self.show)

    def _cancel(self) -> None:
        if self._job is not None:
            self.widget.after_cancel(self._job)
            self._job = None

    def show(self) -> None:
        self._job = None
        if self._tip is not None or not self.text or not self.widget.winfo_viewable():
            return
        tip = tk.Toplevel(self.widget)
        tip.wm_overrideredirect(True)
        self.label = tk.Label(tip, text=self.text, background="#fff8c4", relief="solid",
                              borderwidth=1, font=("DejaVu Sans", 10), padx=6, pady=2,
                              justify="left", wraplength=self.wraplength)
        self.label.pack()
        x, y = self._on_screen(tip, *self.place(tip))
        tip.wm_geometry(f"+{x}+{y}")
        self._tip = tip

    def _on_screen(self, tip: tk.Toplevel, x: int, y: int) -> tuple[int, int]:
        """The tip kept on the screen: moved left from its right edge, and put
        over the widget where there is no room under it (on an 800x600 screen
        a tip on a dialog's right-hand button ran off the edge)."""
        tip.update_idletasks()
        width, height = tip.winfo_reqwidth(), tip.winfo_reqheight()
        screen_w, screen_h = tip.winfo_screenwidth(), tip.winfo_screenheight()
        if y + height > screen_h:
            y = self.widget.winfo_rooty() - height - 4
        return max(0, min(x, screen_w - width - 4)), max(0, y)

    def place(self, tip: tk.Toplevel) -> tuple[int, int]:
        """Where the tip's top-left corner goes on the screen: under the widget."""
        return (self.widget.winfo_rootx() + 8,
                self.widget.winfo_rooty() + self.widget.winfo_height() + 4)

    def _hide(self, event: tk.Event | None = None) -> None:
        self._cancel()
        if self._tip is not None:
            self._tip.destroy()
            self._tip = None

    @property
    def shown(self) -> bool:
        return self._tip is not None


def add_tooltips(pairs: list[tuple[tk.Widget, str]]) -> list[Tooltip]:
    return [Tooltip(widget, text) for widget, text in pairs]
