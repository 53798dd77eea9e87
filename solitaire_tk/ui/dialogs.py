"""Small dialogs: game over, choose a deal number, about, keys."""

from __future__ import annotations

import re
import tkinter as tk
from functools import partial
from tkinter import ttk
from typing import Callable, Literal

from .. import __version__
from ..cards import MAX_SEED
from .colours import LOST_COLOUR, WON_COLOUR
from .scrollarea import ScrollArea
from .sizes import scaled, wrap_width

# The widest a dialog's paragraphs are (pixels), where the screen has room.
TEXT_WIDTH = 520
# Pixels kept free at the bottom of the screen, where a taskbar may be.
SCREEN_FOOT = 48
# Pixels a window manager's title bar takes above a dialog's inside.
TITLE_BAR = 40


def frame_offset(window: tk.Misc) -> tuple[int, int]:
    """How far the window manager's frame (title bar, border) puts a shown
    window's inside from the place its geometry asks for; (0, 0) without one."""
    top = window.winfo_toplevel()
    place = re.fullmatch(r"\d+x\d+([+-]-?\d+)([+-]-?\d+)", top.geometry())
    if place is None or not top.winfo_viewable():
        return 0, 0
    x, y = (int(part.lstrip("+")) for part in place.groups())
    inside = str(top)
    for child in top.tk.splitlist(top.tk.call("winfo", "children", top)):
        # A menu bar sits inside the frame, above the window's own inside.
        if (str(top.tk.call("winfo", "class", child)) == "Menu"
                and str(top.tk.call(child, "cget", "-type")) == "menubar"):
            inside = child
    return (int(top.tk.call("winfo", "rootx", inside)) - x,
            int(top.tk.call("winfo", "rooty", inside)) - y)


class ModalDialog(tk.Toplevel):
    """A dialog over the main window; Escape closes it."""

    def __init__(self, master: tk.Misc, title: str) -> None:
        super().__init__(master)
        self.title(title)
        self.transient(master.winfo_toplevel())
        self.resizable(False, False)
        self.body = ttk.Frame(self, padding=16)
        self.body.pack(fill="both", expand=True)
        self.fitted: tuple[int, int] | None = None   # a size the dialog chose for itself
        self.bind("<Escape>", lambda e: self.close())
        self.protocol("WM_DELETE_WINDOW", self.close)

    def show(self, focus: tk.Widget | None = None, _tries: int = 0) -> None:
        """Open in front of the window it belongs to, centred on it, with the focus.

        At start-up the main window may not be on the screen yet: the dialog
        waits for it, or it would open behind it, away from its middle, and
        hold the input while out of sight (the app looked frozen).
        """
        parent = self.master.winfo_toplevel()
        if not parent.winfo_viewable() and _tries < 40:
            self.withdraw()
            self.after(50, self.show, focus, _tries + 1)
            return
        self.update_idletasks()
        self._centre()
        self.deiconify()
        self.lift()
        self._take_input(focus)

    def _centre(self) -> None:
        """Put the dialog's inside in the middle of its parent's inside (the
        dialog's frame is taken to be like its parent's)."""
        parent = self.master.winfo_toplevel()
        offset = frame_offset(parent)
        width, height = self.fitted or (self.winfo_reqwidth(), self.winfo_reqheight())
        x = parent.winfo_rootx() + max(0, (parent.winfo_width() - width) // 2)
        y = parent.winfo_rooty() + max(0, (parent.winfo_height() - height) // 2)
        # A dialog taller or wider than its parent stays on the screen (with
        # room for a taskbar at the bottom), its buttons in reach.
        x = max(offset[0], min(x, self.winfo_screenwidth() - width - 8))
        y = max(offset[1], min(y, self.winfo_screenheight() - height - SCREEN_FOOT))
        # Taller than the screen: cut to it (the dialog packs its buttons first,
        # so what it can spare gives way).
        height = min(height, self.winfo_screenheight() - SCREEN_FOOT - y)
        size = (f"{width}x{height}" if self.fitted or height < self.winfo_reqheight()
                else "")
        self.geometry(f"{size}+{x - offset[0]}+{y - offset[1]}")

    def fit_area(self, area: ScrollArea) -> None:
        """Size `area` to what it holds, but no taller than the screen leaves
        once the rest of the dialog, its title bar and a taskbar have room:
        the area then scrolls and the rest (the buttons) stays in sight."""
        self.update_idletasks()
        rest = self.winfo_reqheight() - area.winfo_reqheight()
        area.fit_content(self.winfo_screenheight() - SCREEN_FOOT - TITLE_BAR - rest)

    def scroll_by_keys(self, area: ScrollArea, lines: bool) -> None:
        """Page Up and Page Down scroll `area`, and with `lines` Up and Down too
        (where no list or box in the dialog needs them)."""
        keys: list[tuple[str, int, Literal["units", "pages"]]] = [
            ("Next", 1, "pages"), ("Prior", -1, "pages")]
        if lines:
            keys += [("Down", 1, "units"), ("Up", -1, "units")]
        for key, amount, unit in keys:
            self.bind(f"<{key}>", partial(self._scroll, area, amount, unit))

    @staticmethod
    def _scroll(area: ScrollArea, amount: int, unit: Literal["units", "pages"],
                event: tk.Event) -> None:
        area.canvas.yview_scroll(amount, unit)

    def _take_input(self, focus: tk.Widget | None, tries: int = 0) -> None:
        """Grab the input and the focus once the dialog is on the screen (a grab
        on a window not yet shown fails, and the focus would stay behind)."""
        if not self.winfo_exists():
            return
        if not self.winfo_viewable() and tries < 40:
            self.after(25, self._take_input, focus, tries + 1)
            return
        self.lift()
        try:
            self.grab_set()
        except tk.TclError:
            pass  # another grab is active (a test, or a menu); still usable
        (focus or self).focus_force()

    def close(self) -> None:
        try:
            self.grab_release()
        except tk.TclError:
            pass
        self.destroy()

    def close_to_asker(self) -> None:
        """Close, and give the dialog that opened this one its grab and focus back."""
        asker = self.master
        ModalDialog.close(self)   # (not a subclass's close, which may answer "no")
        if isinstance(asker, tk.Toplevel) and asker.winfo_exists():
            try:
                asker.grab_set()
            except tk.TclError:
                pass
            asker.focus_set()




class GameOverDialog(ModalDialog):
    """Says plainly how the game ended, with the score and what to do next."""

    def __init__(self, master: tk.Misc, headline: str, detail: str,
                 actions: list[tuple[str, Callable[[], None]]], won: bool = False) -> None:
        super().__init__(master, "You won!" if won else "Game over")
        self.headline = ttk.Label(self.body, text=headline, font=("DejaVu Sans", 14, "bold"),
                                  foreground=WON_COLOUR if won else LOST_COLOUR)
        self.headline.pack(anchor="w")
        self.detail = ttk.Label(self.body, text=detail, wraplength=scaled(self, 380),
                                justify="left")
        self.detail.pack(anchor="w", pady=(6, 12))
        row = ttk.Frame(self.body)
        row.pack(anchor="e")
        self.buttons: dict[str, ttk.Button] = {}
        for label, action in actions:
            self.buttons[label] = ttk.Button(row, text=label, command=partial(self._run, action))
        # One row of buttons, or two where one would be wider than the screen
        # (six buttons at 150% scaling ran off a 1024-wide screen).
        widths = [button.winfo_reqwidth() + 8 for button in self.buttons.values()]
        per_row = len(widths) if sum(widths) <= self.winfo_screenwidth() - 120 else \
            (len(widths) + 1) // 2
        for number, button in enumerate(self.buttons.values()):
            button.grid(row=number // per_row, column=number % per_row, padx=4, pady=2,
                        sticky="we")
        self.show(next(iter(self.buttons.values()), None))

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
    """A few paragraphs and a Close button (About, Keys).  Text taller than
    the screen has room for scrolls (the mouse wheel, the arrow keys and
    Page Up/Down), and Close stays in sight."""

    def __init__(self, master: tk.Misc, title: str, text: str) -> None:
        super().__init__(master, title)
        close = ttk.Button(self.body, text="Close", command=self.close)
        close.pack(side="bottom", anchor="e", pady=(12, 0))
        self.area = ScrollArea(self.body)
        self.area.pack(fill="both", expand=True)
        width = wrap_width(self, TEXT_WIDTH)
        ttk.Label(self.area.inner, text=text, wraplength=width, justify="left").pack(anchor="w")
        self.fit_area(self.area)
        self.scroll_by_keys(self.area, lines=True)
        self.bind("<Return>", lambda e: self.close())
        self.show(close)


ABOUT_TEXT = (f"Solitaire Tutor {__version__}\n\n"
              "Five classic card games to play on your own (solitaire, or patience) that "
              "explain their own rules: Cruel, Klondike, Thirteen, Double Solitaire and "
              "Dammit!\n\n"
              "Cards are drawn with the DejaVu Sans font (Bitstream Vera licence).")
