"""Winnable deals in the window: the Options entry, what the tutor says about a
new deal, and the finder's timer (the lists and the finder are `winnabledeals`).

The finder is asked a moment after a game starts, never while the window
opens, and only for the game in play; its deals are collected every second
while it works, and it is stopped when the window closes.
"""

from __future__ import annotations

import tkinter as tk
from typing import TYPE_CHECKING

from ..engine import Game
from ..winnabledeals import CAN_BE_WON, WinnableDeals, kind_of, wanted
from .keys import key_for

if TYPE_CHECKING:
    from .app import TutorApp

ASK_AFTER_MS = 2000   # after a game starts: the window has drawn it and settled
POLL_MS = 1000


def kind_title(game: Game) -> str:
    """The game and its variant as the menus name it: "Klondike: draw three"."""
    name = game.variant_names.get(game.variant)
    return f"{game.title}: {name}" if name else game.title


class DealFinding:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self.deals = WinnableDeals(app.store.folder)
        self.note = ""   # what the tutor said of the deal last put on the table, if anything
        self._job: str | None = None
        app.root.bind("<Destroy>", self._on_destroy, add="+")

    def started(self, game: Game) -> str:
        """A game is on the table: the tutor panel says whether the deal can be won
        (or that none proved was ready); returns the words for the status bar."""
        self._schedule(ASK_AFTER_MS, ask=True)
        words = self.deals.words(game)
        self.note = words if not game.log else ""
        if not self.note:
            return ""
        panel = self.app.panel
        panel.tell(f"{words} {panel.told[0]}", "info")
        return f"{words} " if words == CAN_BE_WON else ""

    def wanted(self) -> bool:
        game = self.app.session.game
        return wanted(self.app.settings, game.game_id, game.variant)

    def set_wanted(self, on: bool) -> None:
        """The Options entry: winnable deals only, for the game and variant in play."""
        app = self.app
        game = app.session.game
        kind = kind_of(game.game_id, game.variant)
        kinds = [k for k in app.settings.winnable_deals if k != kind] + ([kind] if on else [])
        app.change_setting("winnable_deals", kinds)
        new = key_for(game, "new")
        if on:
            app.say(f"From your next new game of {kind_title(game)} ({new}), every deal is one "
                    "the tutor has proved can be won.", "info")
            self._schedule(0, ask=True)
        else:
            app.say(f"From your next new game of {kind_title(game)} ({new}), deals are picked "
                    "at random again: some of them cannot be won.", "info")

    def _schedule(self, ms: int, ask: bool) -> None:
        root = self.app.root
        if self._job is not None:
            root.after_cancel(self._job)
        self._job = root.after(ms, self._tick, ask)

    def _tick(self, ask: bool) -> None:
        self._job = None
        if ask:
            self.deals.refill(self.app.settings, self.app.session.game)
        if self.deals.poll():
            self._schedule(POLL_MS, ask=False)

    def _on_destroy(self, event: tk.Event) -> None:
        if event.widget is self.app.root:
            if self._job is not None:
                self.app.root.after_cancel(self._job)
                self._job = None
            self.deals.close()
