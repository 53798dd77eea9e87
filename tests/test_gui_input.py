"""Clicks, dialogs, menus and the window size, in the real window under Xvfb
(events go through Tk's queue, or through the X server with xdotool)."""

from __future__ import annotations

import shutil
import time
import tkinter as tk
from typing import Callable

import pytest

from solitaire_tk import new_game
from solitaire_tk.moves import Move
from solitaire_tk.registry import GAME_IDS, game_class
from solitaire_tk.ui.table import Hit
from solitaire_tk.__main__ import parse_args
from solitaire_tk.ui.launch import first_size, fit_to_screen, open_app, size_window
from solitaire_tk.ui.playersdialog import PlayersDialog
from solitaire_tk.userdata import DataStore

from .gui import Driver, KeyboardPlayer
from .helpers import arrange, codes
from .test_gui_xdotool import xdo

needs_xdotool = pytest.mark.skipif(shutil.which("xdotool") is None,
                                   reason="xdotool is not installed (CI installs it)")


# -- every click counts ------------------------------------------------------------
@pytest.mark.parametrize("clicks, gap_ms", [(6, 300), (6, 120), (24, 120)])
def test_quick_clicks_on_the_deck_each_turn_a_card(driver_for, clicks: int, gap_ms: int) -> None:
    d = driver_for(new_game("klondike", "draw1", seed=3))
    d.quick_clicks(*d.card_point("stock"), times=clicks, gap_ms=gap_ms)
    assert len(d.game.piles["waste"]) == clicks, "every click turned a card"
    assert [entry["action"] for entry in d.game.log] == ["flip"] * clicks


def test_quick_clicks_on_pile_22_each_use_the_reserve(driver_for) -> None:
    d = driver_for(new_game("double", seed=3))
    before = len(d.game.piles["pile22"])
    d.quick_clicks(*d.card_point("pile22"), times=2, gap_ms=250)
    assert [entry["action"] for entry in d.game.log] == ["reserve", "reserve"]
    assert len(d.game.piles["pile22"]) == before - 2


def test_a_double_click_sends_one_card_home_and_slower_clicks_each_count(driver_for) -> None:
    """The games' help: double-click a card to send it up.  The second click
    of a double-click must not play the card the first uncovered."""
    game = arrange(new_game("cruel", seed=3), {"foundation1": "AC", "pile1": "5D 4C 3C 2C"})
    d = driver_for(game)
    d.quick_clicks(*d.card_point("pile1"), times=2, gap_ms=80)
    assert codes(d.game)["foundation1"] == ["AC", "2C"], "one card went home"
    assert codes(d.game)["pile1"] == ["5D", "4C", "3C"]
    assert len(d.game.log) == 1 and "no move" not in d.status()
    d.quick_clicks(*d.card_point("pile1"), times=2, gap_ms=600)   # two clicks, not a double
    assert codes(d.game)["foundation1"] == ["AC", "2C", "3C", "4C"], "each click sent a card"
    d.pump(600)
    d.quick_clicks(*d.card_point("pile1"), times=2, gap_ms=80)   # nothing to send: said why
    assert len(d.game.log) == 3 and "no move" in d.status()


def test_a_double_click_on_a_king_in_thirteen_does_not_pick_up_the_card_under_it(
        driver_for) -> None:
    game = arrange(new_game("thirteen", seed=3), {"pile1": "5D", "pile2": "8C", "pile3": "4H KS"})
    d = driver_for(game)
    d.quick_clicks(*d.card_point("pile3"), times=2, gap_ms=80)
    assert codes(d.game)["pile3"] == ["4H"], "the King went at the first click"
    assert len(d.game.log) == 1 and d.app.controls.held is None, "the 4 is not picked up"
    # A double-click on a card that waits for a partner picks it up (the
    # second click does not put it down again); its partner takes both away.
    d.pump(600)
    d.quick_clicks(*d.card_point("pile1"), times=2, gap_ms=80)
    assert d.app.controls.held is not None and len(d.game.log) == 1
    assert d.status().startswith("You picked up the 5 of diamonds")
    d.quick_clicks(*d.card_point("pile2"), times=1)
    assert len(d.game.log) == 2, "the 5 and the 8 went together"


def test_a_slow_second_click_on_a_picked_up_card_puts_it_back_and_says_so(driver_for) -> None:
    game = arrange(new_game("thirteen", seed=3), {"pile1": "5D", "pile2": "8C"})
    d = driver_for(game)
    d.quick_clicks(*d.card_point("pile1"), times=2, gap_ms=600)
    assert d.app.controls.held is None and d.status() == "Put back."
    assert d.app.panel.message.cget("text") == "Put back."


def test_a_double_click_on_an_empty_box_fills_it_once_and_says_nothing_wrong(
        driver_for) -> None:
    """Dammit!: the card to play goes into the box at the first click; the
    second was refused ("Cards in the grid never move")."""
    d = driver_for(new_game("dammit", seed=3))
    d.quick_clicks(*d.place_point("box6"), times=2, gap_ms=80)
    assert [entry["action"] for entry in d.game.log] == ["place"]
    assert d.app.panel.heading.cget("text") != "Not allowed", d.status()


def test_a_double_click_on_a_wrong_card_in_a_lesson_is_one_wrong_try(driver_for) -> None:
    d = driver_for(new_game("cruel", seed=3))
    d.app.learn("cruel")
    d.pump(100)
    mode = d.app.course
    trying = mode.trying
    assert trying is not None
    right = trying.step.right[0]
    wrong = next((pid, len(pile) - 1) for pid, pile in d.game.piles.items()
                 if pile and pid.startswith("pile") and all(
                     (pid, len(pile) - 1) not in d.game.touches(move)
                     for move in trying.step.right))
    d.quick_clicks(*d.card_point(wrong[0]), times=2, gap_ms=80)
    assert trying.wrong_tries == 1


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


# -- dialogs open in front ------------------------------------------------------------
def open_dialogs(root: tk.Tk) -> list[tk.Toplevel]:
    return [w for w in root.winfo_children() if isinstance(w, tk.Toplevel)]


def wait_for(root: tk.Misc, ready: Callable[[], bool], seconds: float = 3.0) -> None:
    end = time.monotonic() + seconds
    while not ready() and time.monotonic() < end:
        root.update()
        time.sleep(0.01)
    root.update()


def assert_in_front_and_centred(dialog: tk.Toplevel, over: tk.Misc) -> None:
    assert dialog.winfo_viewable(), "the dialog is on the screen"
    stack = [str(name) for name in over.tk.splitlist(over.tk.call("wm", "stackorder", over))]
    assert stack[-1] == str(dialog), f"the dialog is above the window it belongs to: {stack}"
    focus = dialog.focus_get()
    assert focus is not None and str(focus).startswith(str(dialog)), "keys go to the dialog"
    assert dialog.grab_current() is dialog, "and it holds the input only once it is shown"
    centre = (over.winfo_rootx() + over.winfo_width() / 2,
              over.winfo_rooty() + over.winfo_height() / 2)
    middle = (dialog.winfo_rootx() + dialog.winfo_width() / 2,
              dialog.winfo_rooty() + dialog.winfo_height() / 2)
    assert abs(middle[0] - centre[0]) <= 4 and abs(middle[1] - centre[1]) <= 4, \
        f"centred on the main window: {middle} vs {centre}"


def test_who_is_playing_opens_in_front_at_start_up(display: str, data_dir) -> None:
    store = DataStore(data_dir)
    store.add_player("Ana")
    root = tk.Tk(className="SolitaireTutorTest")
    try:
        root.geometry("1100x720+120+60")
        args = parse_args(["klondike", "--seed", "3", "--data-dir", str(data_dir)])
        open_app(root, store, args, new_game("klondike", seed=3))  # as launch() does
        wait_for(root, lambda: any(d.winfo_viewable() and d.grab_current()
                                   for d in open_dialogs(root)))
        (dialog,) = open_dialogs(root)
        assert isinstance(dialog, PlayersDialog)
        assert_in_front_and_centred(dialog, root)
    finally:
        root.destroy()


# -- Thirteen's Options menu (O) ---------------------------------------------------------
@needs_xdotool
def test_thirteen_options_menu_closes_like_a_popup_and_its_dialogs_come_in_front(
        display: str, data_dir) -> None:
    d = Driver(new_game("thirteen", seed=5), data_dir)
    menu = d.app.choices.options_menu
    try:
        d.key("o")
        d.pump(150)
        assert menu.winfo_viewable() and d.root.grab_current() is menu, "the menu is open"
        xdo("key", "Escape")
        d.pump(200)
        assert not menu.winfo_ismapped(), "Escape closes it"
        assert d.root.grab_current() is None and d.root.focus_get() is d.table
        d.key("o")
        d.pump(150)
        ox, oy = d.table.winfo_rootx(), d.table.winfo_rooty()
        before = d.game.position()
        xdo("mousemove", str(ox + d.table.winfo_width() - 60),
            str(oy + d.table.winfo_height() - 60), "click", "1")
        d.pump(200)
        assert not menu.winfo_ismapped(), "a click elsewhere closes it"
        assert d.root.grab_current() is None and d.game.position() == before
        d.key("o")
        d.pump(150)
        xdo("key", "Down", "Return")  # the first entry: Deck (card back)...
        wait_for(d.root, lambda: any(w.winfo_viewable() for w in open_dialogs(d.root)))
        assert not menu.winfo_ismapped(), "choosing closes the menu"
        (dialog,) = open_dialogs(d.root)
        assert dialog.title() == "Deck"
        assert_in_front_and_centred(dialog, d.root)
    finally:
        d.close()


# -- the window fits the screen ------------------------------------------------------------
@pytest.mark.parametrize("saved, screen, fitted", [
    ("1100x720+40+30", (1920, 1080), "1100x720+40+30"),       # it fits: kept as it was
    ("1024x700+-8+-8", (1920, 1080), "1024x700+-8+-8"),       # Windows' maximised corner
    ("2400x1500+1800+900", (1366, 768), "1366x688+0+0"),      # from a big screen
    ("1100x720+1500+500", (1366, 768), "1100x688+266+0"),     # moved back onto the screen
    ("1100x720+-900+-400", (1920, 1080), "1100x720+-16+-16"),  # title bar within reach
    ("800x600-10-10", (1366, 768), "800x600+556+88"),         # counted from the far edges
    ("1100x720", (1024, 600), "1024x520"),
    ("+40+30", (1920, 1080), "+40+30"),
    ("", (1920, 1080), ""),
])
def test_a_saved_window_size_is_fitted_to_the_screen(saved: str, screen: tuple[int, int],
                                                      fitted: str) -> None:
    assert fit_to_screen(saved, *screen) == fitted


@pytest.mark.parametrize("screen, opened", [
    ((1920, 1080), "1536x864"),   # a projector: four fifths of it, for big cards
    ((2560, 1440), "2048x1152"),
    ((1366, 768), "1100x688"),    # ordinary and small screens: as before
    ((1280, 1024), "1100x819"),
    ((1024, 768), "1024x688"),
    ((800, 600), "800x520"),
])
def test_the_first_window_takes_a_good_share_of_a_large_screen(screen: tuple[int, int],
                                                               opened: str) -> None:
    assert fit_to_screen(first_size(*screen), *screen) == opened


def test_the_first_window_opens_at_its_share_of_this_screen(display: str) -> None:
    root = tk.Tk(className="SolitaireTutorTest")
    try:
        width, height = root.winfo_screenwidth(), root.winfo_screenheight()
        size_window(root, "")
        root.update()
        wait_for(root, lambda: root.winfo_viewable() and root.winfo_width() > 1)
        expected = fit_to_screen(first_size(width, height), width, height)
        assert f"{root.winfo_width()}x{root.winfo_height()}" == expected
        if width >= 1920:
            assert root.winfo_width() >= 0.8 * width, "not 1100 pixels of a projector's 1920"
    finally:
        root.destroy()


def test_a_window_saved_on_a_bigger_screen_opens_on_this_one(display: str) -> None:
    root = tk.Tk(className="SolitaireTutorTest")
    try:
        width, height = root.winfo_screenwidth(), root.winfo_screenheight()
        size_window(root, f"{width + 480}x{height + 420}+{width - 120}+{height - 180}")
        root.update()
        wait_for(root, lambda: root.winfo_viewable() and root.winfo_width() > 1)
        border = 4  # a window manager's frame may take a pixel or two at the edges
        assert 0 <= root.winfo_rootx() and root.winfo_rootx() + root.winfo_width() <= width + border
        assert 0 <= root.winfo_rooty() and root.winfo_rooty() + root.winfo_height() < height
        size_window(root, "900x600+40+30")
        wait_for(root, lambda: root.winfo_width() == 900)
        assert root.geometry() == "900x600+40+30", "a size that fits is kept"
    finally:
        root.destroy()


# -- Dammit!: clicks that cannot work say why ------------------------------------------------
def test_dammit_click_on_a_box_the_card_may_not_go_in_says_why(driver_for) -> None:
    game = arrange(new_game("dammit", seed=4), {"stock": "[2C] [3D] KH", "box6": "7C"})
    d = driver_for(game)
    d.click(*d.card_point("box2"))
    assert d.game.log == [] and not d.game.piles["box2"]
    assert d.status() == d.game.why_illegal(Move("place", dst="box2"))
    assert "corner" in d.status() and "1, 4, 13 or 16" in d.status()


def test_dammit_a_card_in_the_grid_is_not_picked_up(driver_for) -> None:
    game = arrange(new_game("dammit", seed=4), {"stock": "[2C] [3D] KH", "box6": "7C"})
    d = driver_for(game)
    reason = d.game.why_illegal(Move("remove", piles=("box6",)))
    assert reason
    d.click(*d.card_point("box6"))
    assert d.app.controls.held is None, "a card in the grid never moves: not picked up"
    assert d.status() == reason and "picked up" not in d.status()
    d.drag(d.card_point("box6"), d.place_point("box7"))
    assert d.game.log == [] and codes(d.game)["box6"] == ["7C"]
    KeyboardPlayer(d).focus_on("box6", 0)
    d.key("Return")
    assert d.app.controls.held is None and d.status() == reason, "Enter says the same"
    d.click(*d.card_point("box1"))  # the King goes in a corner as before
    assert codes(d.game)["box1"] == ["KH"]


def test_dammit_clicks_while_the_full_grid_is_cleared(driver_for) -> None:
    full = {f"box{n}": card for n, card in enumerate(
        "KH QH QD KD JH 3C 7S JD JC 4H 9S JS KC QC QS KS".split(), start=1)}
    game = arrange(new_game("dammit", seed=4), {"stock": "[2C] [3D] 5H", **full},
                   clearing=True)
    d = driver_for(game)
    d.click(*d.card_point("stock"))
    assert d.game.log == [] and d.status() == d.game.why_illegal(Move("place"))
    d.click(*d.card_point("box1"))
    assert d.status() == d.game.why_illegal(Move("remove", piles=("box1",)))
    assert "Face cards stay" in d.status()
    d.click(*d.card_point("box6"))  # the 3 is held: the 7 goes with it
    d.click(*d.card_point("box7"))
    assert d.game.log[-1]["action"] == "remove" and not d.game.piles["box6"]


# -- the hand pointer over movable cards ------------------------------------------------------
@pytest.mark.parametrize("game_id, variant", [
    (game_id, variant) for game_id in GAME_IDS for variant in game_class(game_id).variants])
def test_the_pointer_is_a_hand_over_a_movable_card_in_every_game(driver_for, game_id: str,
                                                                 variant: str) -> None:
    d = driver_for(new_game(game_id, variant, seed=3))
    assert d.app.controls.hand_cursor == "hand2", "X11 has no open hand: the hand it has"

    def hover(x: int, y: int) -> str:
        d.table.event_generate("<Motion>", x=x, y=y)
        d.pump()
        return str(d.table.cget("cursor"))

    game = d.game
    touched = {place for move in game.legal_moves() for place in game.touches(move)}
    cards = [(pile, index) for pile in game.pile_ids for index in range(len(game.piles[pile]))]
    shown = [(place, d.card_point(*place)) for place in cards
             if d.table.hit(*d.card_point(*place)) == Hit(*place)]
    movable = [point for place, point in shown if place in touched]
    still = [point for place, point in shown if place not in touched]
    assert movable, "a new deal always has a card that can move"
    assert hover(*movable[0]) == "hand2"
    if still:
        assert hover(*still[0]) == "", "the normal arrow over a card that cannot move"
    assert hover(d.table.winfo_width() - 3, d.table.winfo_height() - 3) == ""
    assert hover(*movable[-1]) == "hand2"


def test_a_picked_up_card_says_what_to_choose_next_in_the_game_s_words(driver_for) -> None:
    """Thirteen's cards go away in pairs: its prompt names the partner; Klondike's the place."""
    from solitaire_tk.engine import Game
    from solitaire_tk.games.thirteen import Thirteen
    d = driver_for(new_game("thirteen", seed=5))
    pair = next(m for m in d.game.legal_moves() if m.piles is not None and len(m.piles) == 2)
    pile = pair.piles[0]
    d.click(*d.card_point(pile))
    assert d.app.controls.held is not None
    assert "adds up to 13 with it" in d.status() and Thirteen.hold_prompt in d.status()
    d.key("Escape")
    d.app.new_game("klondike", "draw1", seed=3)
    d.pump()
    move = next(m for m in d.game.legal_moves() if m.action == "move")
    d.app.controls.hold(move.src, len(d.game.piles[move.src]) - 1)
    assert Game.hold_prompt in d.status() and "13" not in d.status()


def test_dammit_s_picked_up_card_is_told_to_go_into_a_box_or_away_with_a_partner(
        driver_for) -> None:
    """The card to play goes into a box; a grid card picked up while a full grid
    is cleared goes away with a card that makes ten, not 'where it goes'."""
    faces = {1: "KC", 4: "KD", 13: "KH", 16: "KS", 2: "QC", 3: "QD", 14: "QH", 15: "QS",
             5: "JC", 8: "JD", 9: "JH", 12: "JS", 6: "6H", 7: "4C", 10: "TS", 11: "7H"}
    game = new_game("dammit", seed=5)
    layout = {pid: "" for pid in game.pile_ids}
    layout.update({f"box{n}": code for n, code in faces.items()}, stock="[2D] [5S]")
    d = driver_for(arrange(game, layout, clearing=True))
    d.click(*d.card_point("box6"))
    assert d.app.controls.held == ("box6", 0)
    assert d.status() == ("You picked up the 6 of hearts. Now pick a card that makes ten "
                          "with it (Escape puts it back).")
    d.click(*d.card_point("box7"))
    assert codes(d.game)["discard"] == ["6H", "4C"], "the pair went away together"
    d.close()
    d = driver_for(new_game("dammit", seed=5))
    d.click(*d.card_point("stock"))
    assert d.app.controls.held is not None
    assert d.status().endswith("Now choose the box it goes in (Escape puts it back).")


def test_the_first_enter_shows_the_ring_on_a_card_that_can_move(driver_for) -> None:
    """Enter at the start picked up a suit stack's Ace, which can never move,
    before the pupil had seen the ring at all."""
    d = driver_for(new_game("cruel", seed=3))
    d.table.focus_force()
    d.key("Return")
    ring = d.app.controls.focus
    assert ring is not None and ring.pile is not None and ring.pile.startswith("pile")
    assert d.app.controls.held is None and d.game.log == []
    assert d.app.controls.moves_touching(ring.pile, ring.index), "a card that can move"
    assert d.status().startswith("Stack"), d.status()
    d.key("Return")
    assert d.app.controls.held == (ring.pile, ring.index)
