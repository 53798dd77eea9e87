"""The app's icon and theme for a window."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ..resources import resource


def prepare_root(root: tk.Tk) -> None:
    """The app's icon and theme, once per window (before the chooser too)."""
    if getattr(root, "_tutor_icon", None) is not None:
        return
    try:
        image = tk.PhotoImage(master=root, file=str(resource("images", "icon.png")))
        root.iconphoto(True, image)
        root._tutor_icon = image  # type: ignore[attr-defined]  # kept, or Tk forgets it
    except (tk.TclError, OSError):
        pass  # no icon is better than no window
    style = ttk.Style(root)
    if root.tk.call("tk", "windowingsystem") == "x11" and "clam" in style.theme_names():
        style.theme_use("clam")  # clearer check boxes than the X11 default
