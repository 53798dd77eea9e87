"""Driving the real app window in tests: events go through Tk's event queue
to the widgets' own bindings (as a user's clicks and keys do)."""

from __future__ import annotations

import time
import tkinter as tk
from pathlib import Path
from typing import Any

from solitaire_tk.engine import STOCK_ACTIONS, Game
from solitaire_tk.ui.app import TutorApp
from solitaire_tk.userdata import DataStore


# Winnable deals only is off too: no finder process starts behind a test's back.
QUIET = {"auto_move": False, "animations": False, "celebrate": False, "winnable_deals": []}


class Driver:
    def __init__(self, game: Game, data_dir: Path, geometry: str = "1100x720+0+0",
                 **settings: Any) -> None:
        self.root = tk.Tk(className="SolitaireTutorTest")
        self.root.geometry(geometry)
        self.store = DataStore(data_dir)
        # Scripted tests play exactly their own moves, and at once: auto-move,
        # slides and the win celebration are off unless a test turns them on.
        for name, value in {**QUIET, **settings}.items():
            setattr(self.store.settings, name, value)
        self.app = TutorApp(self.root, self.store, game)
        self.root.deiconify()
        self.root.lift()
        self.pump()
        self.table = self.app.table
        self.table.focus_force()
        self.pump(150)  # the window settles: a late resize is drawn after a short pause

    @property
    def game(self) -> Game:
        return self.app.game

    def pump(self, ms: int = 0) -> None:
        """Let Tk handle everything queued (and wait `ms` for timers)."""
        end = time.monotonic() + ms / 1000
        while True:
            self.root.update()
            if time.monotonic() >= end:
                break
            time.sleep(0.01)

    # -- where things are on the canvas ------------------------------------------
    def card_point(self, pile: str, index: int | None = None) -> tuple[int, int]:
        """A point on the visible part of a card (its top-left corner area)."""
        cards = self.game.piles[pile]
        if not cards:
            rect = self.table.layout.slot(pile)  # type: ignore[union-attr]
            return int(rect.x + rect.w / 2), int(rect.y + rect.h / 2)
        if index is None:
            index = len(cards) - 1
        rect = self.table.card_rect(pile, index)
        return int(rect.x + min(8, rect.w / 4)), int(rect.y + min(8, rect.h / 4))

    def place_point(self, pile: str) -> tuple[int, int]:
        rect = self.table.target_rect(pile)
        return int(rect.x + rect.w / 2), int(rect.y + rect.h / 2)

    # -- the mouse ----------------------------------------------------------------
    def click(self, x: int, y: int, state: int = 0) -> None:
        self.table.event_generate("<Motion>", x=x, y=y)
        if state:
            self.table.event_generate("<ButtonPress-1>", x=x, y=y, state=state)
        else:
            self.table.event_generate("<ButtonPress-1>", x=x, y=y)
        self.table.event_generate("<ButtonRelease-1>", x=x, y=y, state=state | 0x100)
        self.pump()

    def double_click(self, x: int, y: int) -> None:
        """Two quick clicks: Tk itself sees the second press as a double-click."""
        for _ in range(2):
            self.table.event_generate("<ButtonPress-1>", x=x, y=y)
            self.table.event_generate("<ButtonRelease-1>", x=x, y=y, state=0x100)
        self.pump()

    def quick_clicks(self, x: int, y: int, times: int, gap_ms: int = 120) -> None:
        """`times` clicks at one spot with a real pause between them, each through
        Tk's event queue: quick ones reach Tk as double and triple clicks, as a
        pupil's fast clicking does."""
        self.table.event_generate("<Motion>", x=x, y=y)
        for _ in range(times):
            self.table.event_generate("<ButtonPress-1>", x=x, y=y)
            self.table.event_generate("<ButtonRelease-1>", x=x, y=y, state=0x100)
            self.pump(gap_ms)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
        self.table.event_generate("<ButtonPress-1>", x=start[0], y=start[1])
        for step in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * step // steps
            y = start[1] + (end[1] - start[1]) * step // steps
            self.table.event_generate("<B1-Motion>", x=x, y=y, state=0x100)
            self.pump()
        self.table.event_generate("<ButtonRelease-1>", x=end[0], y=end[1], state=0x100)
        self.pump()

    # -- the keyboard ---------------------------------------------------------------
    def key(self, keysym: str, widget: Any = None, state: int = 0) -> None:
        """Press a key in `widget` (the table); Tk runs its bindings at once."""
        target = widget or self.table
        if target.focus_get() is not target:
            target.focus_force()
        if state:
            target.event_generate(f"<KeyPress-{keysym}>", state=state)
        else:
            target.event_generate(f"<KeyPress-{keysym}>")
        self.root.update_idletasks()

    def answer(self, yes: bool) -> None:
        """Answer the open "Start a new game?" question with a click on Yes or No."""
        question = self.app.abandon_question
        assert question is not None, "no question was asked"
        self.pump()
        self.click_widget(question.yes if yes else question.no)

    def click_widget(self, widget: Any) -> None:
        """A click in the middle of a button (or any widget), through Tk's event queue."""
        self.pump()
        click_middle(widget)
        self.pump()

    def status(self) -> str:
        """The status bar's whole message (the bar may show it cut to one line)."""
        return self.app.status.full_message

    def status_shown(self) -> str:
        """The words the status bar's message line shows."""
        return str(self.app.status.message.cget("text"))

    def close(self) -> None:
        try:
            for child in self.root.winfo_children():
                if isinstance(child, tk.Toplevel):
                    child.destroy()
            self.app.quit()
        except tk.TclError:
            pass
        try:
            self.root.destroy()
        except tk.TclError:
            pass




class KeyboardPlayer:
    """Plays moves with the keyboard alone: Tab and Shift+arrows move the
    focus ring, Enter picks up and puts down, Backspace undoes."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver
        self.controls = driver.app.controls

    def focus_on(self, pile: str | None, index: int | None = None, button: str | None = None) -> None:
        d = self.driver
        for _ in range(2 * len(self.controls.stops()) + 2):
            focus = self.controls.focus
            if focus is not None and focus.pile == pile and focus.button == button:
                break
            d.key("Tab")
        else:
            raise AssertionError(f"the focus ring never reached {pile or button}")
        if index is None:
            return
        for _ in range(len(d.game.piles[pile or ""]) + 1):
            focus = self.controls.focus
            assert focus is not None
            if focus.index == index:
                return
            d.key("Up" if focus.index is not None and focus.index > index else "Down",
                  state=0x1)
        raise AssertionError(f"the focus ring never reached card {index} of {pile}")

    def enter(self) -> None:
        self.driver.key("Return")
        self.driver.pump()

    def play(self, move: Any) -> None:
        d, game = self.driver, self.driver.game
        if move is None:
            d.key("BackSpace")
            return
        touched = game.touches(move)
        if move.action == "redeal":
            self.focus_on(None, button="deal")
            self.enter()
        elif move.action in STOCK_ACTIONS:
            self.focus_on(game.stock_pile)
            self.enter()
        elif move.action == "place":
            self.focus_on("stock")
            self.enter()
            self.focus_on(move.dst)
            self.enter()
        elif move.action == "pickup":
            self.focus_on(move.src)
            self.enter()
            self.focus_on("pile23")
            self.enter()
        elif move.action == "remove" and len(touched) == 1:
            self.focus_on(*touched[0])
            self.enter()
            self.enter()
        elif move.action == "remove":
            self.focus_on(*touched[0])
            self.enter()
            self.focus_on(*touched[1])
            self.enter()
        else:
            self.focus_on(*touched[0])
            self.enter()
            self.focus_on(move.dst)
            self.enter()


def click_middle(widget: Any) -> None:
    """Press and release the left button in the middle of `widget`, as a mouse does."""
    x, y = widget.winfo_width() // 2, widget.winfo_height() // 2
    widget.event_generate("<Enter>", x=x, y=y)
    widget.event_generate("<ButtonPress-1>", x=x, y=y)
    widget.event_generate("<ButtonRelease-1>", x=x, y=y, state=0x100)
