"""Clicks, dialogs, menus and the window size, in the real window under Xvfb
(events go through Tk's queue, or through the X server with xdotool)."""

from __future__ import annotations

import shutil

import pytest

from solitaire_tk import new_game

from .gui import Driver
from .helpers import arrange, codes
from .test_gui_xdotool import xdo

needs_xdotool = pytest.mark.skipif(shutil.which("xdotool") is None,
                                   reason="xdotool is not installed (CI installs it)")


# -- every click counts ------------------------------------------------------------
def test_quick_clicks_on_the_deck_each_turn_a_card(driver_for) -> None:
    d = driver_for(new_game("klondike", "draw1", seed=3))
    d.quick_clicks(*d.card_point("stock"), times=6, gap_ms=120)
    assert len(d.game.piles["waste"]) == 6, "six clicks, six cards turned"
    assert [entry["action"] for entry in d.game.log] == ["flip"] * 6


def test_quick_clicks_on_pile_22_each_use_the_reserve(driver_for) -> None:
    d = driver_for(new_game("double", seed=3))
    before = len(d.game.piles["pile22"])
    d.quick_clicks(*d.card_point("pile22"), times=2, gap_ms=250)
    assert [entry["action"] for entry in d.game.log] == ["reserve", "reserve"]
    assert len(d.game.piles["pile22"]) == before - 2


def test_a_double_click_on_a_card_is_two_clicks(driver_for) -> None:
    game = arrange(new_game("cruel", seed=3), {"foundation1": "AC", "pile1": "5D 3C 2C"})
    d = driver_for(game)
    d.quick_clicks(*d.card_point("pile1"), times=2, gap_ms=80)
    assert codes(d.game)["foundation1"] == ["AC", "2C", "3C"], "each click sent a card home"
    assert codes(d.game)["pile1"] == ["5D"]


def test_shift_and_alt_clicks_still_work(driver_for) -> None:
    d = driver_for(new_game("double", seed=3))
    d.click(*d.card_point("pile5"), state=0x1)
    assert d.status().startswith("Pile 5 has "), d.status()
    assert d.game.log == [], "a Shift+click only tells"
    while d.game.piles["pile22"]:
        d.game.play(next(m for m in d.game.legal_moves() if m.action == "reserve"))
    d.app.table.refresh()
    d.pump()
    pile = next(p for p in ("pile1", "pile2", "pile3") if d.game.piles[p]
                and d.game.spread_from != p)
    d.click(*d.card_point(pile), state=0x8)
    assert d.game.log[-1]["action"] == "pickup" and d.game.log[-1]["src"] == pile


@needs_xdotool
@pytest.mark.parametrize("game_id, variant, pile, clicks, gap_ms, action", [
    ("klondike", "draw1", "stock", 6, 120, "flip"),
    ("double", None, "pile22", 2, 250, "reserve"),
])
def test_real_quick_clicks_through_the_x_server(display: str, data_dir, game_id: str,
                                                variant: str | None, pile: str, clicks: int,
                                                gap_ms: int, action: str) -> None:
    d = Driver(new_game(game_id, variant, seed=3), data_dir)
    try:
        d.pump(200)
        ox, oy = d.table.winfo_rootx(), d.table.winfo_rooty()
        x, y = d.card_point(pile)
        xdo("mousemove", str(ox + x), str(oy + y),
            "click", "--repeat", str(clicks), "--delay", str(gap_ms), "1")
        d.pump(300)
        assert [entry["action"] for entry in d.game.log] == [action] * clicks, \
            "every real click acted once"
    finally:
        d.close()
