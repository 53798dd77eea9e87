"""Sizes given in pixels for an ordinary screen (96 dots an inch), grown with
the screen's scaling: at Windows' 125% or 150%, Tk's fonts (in points) grow,
while widths in pixels stayed as they were and squeezed the words (the tutor
panel showed three words a line, the lesson's task cut short)."""

from __future__ import annotations

import tkinter as tk

ORDINARY_SCALING = 96 / 72   # Tk's pixels a point at 96 dots an inch


def scale_factor(widget: tk.Misc) -> float:
    """How much larger than ordinary this screen draws text: 1.0, or 1.25 and
    up (a little more, as Xvfb's 100 dots an inch, is taken as ordinary)."""
    try:
        factor = float(widget.tk.call("tk", "scaling")) / ORDINARY_SCALING
    except (tk.TclError, ValueError):
        return 1.0
    return factor if factor >= 1.15 else 1.0


def scaled(widget: tk.Misc, pixels: int) -> int:
    """`pixels` on an ordinary screen, on this one."""
    return round(pixels * scale_factor(widget))


def wrap_width(widget: tk.Misc, pixels: int) -> int:
    """A text's wrap length of `pixels` on an ordinary screen, grown with the
    scaling (so a line keeps its words), and never wider than the screen
    leaves room for beside a dialog's edges."""
    return max(120, min(scaled(widget, pixels), widget.winfo_screenwidth() - 120))
