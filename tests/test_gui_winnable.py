"""Winnable deals only in the real window: New game deals the next deal of the
list and says it can be won; Same deal and the option off work as before; an
empty list deals at random at once and the finder fills it in its own process."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Callable

from solitaire_tk import new_game
from solitaire_tk.solver import solve
from solitaire_tk.winnabledeals import CAN_BE_WON, KEEP, NONE_READY, WinnableDeals

from .gui import Driver
from .test_winnabledeals import proved

CONTROL = 0x4


def options_entry(d: Driver, starts: str) -> int:
    menu = d.app.choices.options_menu
    last = menu.index("end")
    assert last is not None
    for index in range(last + 1):
        if menu.type(index) != "separator" and str(menu.entrycget(index, "label")).startswith(
                starts):
            return index
    raise AssertionError(f"no Options entry '{starts}'")


def test_new_game_with_the_option_on_deals_the_next_deal_of_the_list(
        driver_for: Callable[..., Driver], data_dir: Path) -> None:
    waiting = proved("klondike", "draw1", 2)
    lists = WinnableDeals(data_dir)
    for seed in waiting:
        lists.add("klondike", "draw1", None, seed)
    d = driver_for(new_game("klondike", "draw1", seed=3), winnable_deals=["klondike/draw1"])
    assert CAN_BE_WON not in d.status()          # deal 3 was asked for, not proved
    d.key("F2")                                  # New game
    d.pump()
    assert d.game.seed == waiting[0]
    assert CAN_BE_WON in d.status() and d.app.panel.told[0].startswith(CAN_BE_WON)
    # Taken from the list (the finder may have put more behind: it only adds at the end).
    assert lists.deals("klondike", "draw1")[:1] == waiting[1:]
    assert solve(new_game("klondike", "draw1", seed=d.game.seed), 10.0).status == "winnable"

    d.key("r", state=CONTROL)                    # Same deal again: the same deal, as before
    d.pump()
    assert d.game.seed == waiting[0]
    assert lists.deals("klondike", "draw1")[:1] == waiting[1:]

    entry = options_entry(d, "Only deals that can be won (Klondike: draw one)")
    assert d.app.choices.read_options[0][0].get()
    d.app.choices.options_menu.invoke(entry)     # the option off, for this game
    d.pump()
    assert d.store.settings.winnable_deals == []
    assert "deals are picked at random again" in d.status()
    d.key("F2")
    d.pump()
    assert d.game.seed != waiting[1]
    assert CAN_BE_WON not in d.status() and NONE_READY not in d.app.panel.told[0]
    assert lists.deals("klondike", "draw1")[:1] == waiting[1:]   # nothing taken

    d.store.add_player("Ada")                    # a new player: the option is on for her
    d.key("Next", state=CONTROL)                 # Ctrl+Page Down: the next player
    d.pump()
    assert d.store.current_player == "Ada"
    assert d.app.choices.read_options[0][0].get()
    d.key("F2")
    d.pump()
    assert d.game.seed == waiting[1] and CAN_BE_WON in d.status()


def test_an_empty_list_deals_at_random_at_once_and_the_finder_fills_it(
        driver_for: Callable[..., Any], data_dir: Path) -> None:
    d = driver_for(new_game("double", seed=3))
    # On only now, so no finder was asked before New game: the list is surely empty.
    d.store.settings.winnable_deals = ["double/standard"]
    d.key("F2")
    d.pump()
    assert d.game.seed != 3
    assert CAN_BE_WON not in d.status()          # nothing false: it was not proved
    assert d.app.panel.told[0].startswith(NONE_READY)
    lists = WinnableDeals(data_dir)
    end = time.monotonic() + 120
    while len(lists.deals("double", "standard")) < KEEP and time.monotonic() < end:
        d.pump(200)                              # the window polls the finder
    found = lists.deals("double", "standard")
    assert len(found) == KEEP
    finder = d.app.dealing.deals._finder.process
    assert finder is not None and finder.is_alive()
    d.key("F2")
    d.pump()
    assert d.game.seed == found[0] and CAN_BE_WON in d.status()
    d.close()                                    # closing the window stops the finder
    finder.join(timeout=5)
    assert not finder.is_alive()


def test_the_last_game_kept_and_the_new_deal_s_note_are_both_said(
        driver_for: Callable[..., Any], data_dir: Path) -> None:
    """Leaving a game with a move for a random deal (none proved ready): the
    sentence about the game kept used to hide the one about the new deal."""
    d = driver_for(new_game("double", seed=3))
    d.store.settings.winnable_deals = ["double/standard"]
    d.app.try_move(d.game.legal_moves()[0])
    d.key("F2")
    d.answer(yes=True)
    d.pump()
    said = d.app.panel.told[0]
    assert "counts as not won" in said and said.endswith(NONE_READY)
