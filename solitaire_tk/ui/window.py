"""The app's icon, theme and the keys every button knows, for a window."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from ..resources import resource

# Small pictures of the icon: the 256-pixel one takes Tk a few milliseconds to
# read at every start, and the window manager wants no more than these.
WINDOW_ICONS = ("icon-64.png", "icon-32.png")


MENU_ACTIVE_BACKGROUND = "#2a5d8f"   # white on it: 6.8 to 1


def prepare_root(root: tk.Tk) -> None:
    """The app's icon and theme, once per window (before the chooser too)."""
    if getattr(root, "_tutor_icon", None) is not None:
        return
    try:
        images = [tk.PhotoImage(master=root, file=str(resource("images", name)), format="png")
                  for name in WINDOW_ICONS]
        root.iconphoto(True, *images)
        root._tutor_icon = images  # type: ignore[attr-defined]  # kept, or Tk forgets them
    except (tk.TclError, OSError):
        pass  # no icon is better than no window
    style = ttk.Style(root)
    if root.tk.call("tk", "windowingsystem") == "x11":
        if "clam" in style.theme_names():
            style.theme_use("clam")  # clearer check boxes than the X11 default
        # X11's menus light the entry under the pointer or the keys in a grey
        # hardly darker than the menu: the entry the keys are on is shown clearly.
        root.option_add("*Menu.activeBackground", MENU_ACTIVE_BACKGROUND)
        root.option_add("*Menu.activeForeground", "white")
    # ttk's buttons know only Space: Enter (and the keypad's) presses the one
    # that has the keys too, as on Windows, in the tutor panel and every dialog.
    for key in ("<Return>", "<KP_Enter>"):
        root.bind_class("TButton", key, _press_button)


def _press_button(event: tk.Event) -> str:
    if isinstance(event.widget, ttk.Button):
        event.widget.invoke()   # (a greyed-out button does nothing)
    return "break"
