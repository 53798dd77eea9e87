"""At Windows' 125% or 150% display scaling Tk's fonts grow, while sizes in
pixels did not: the tutor panel, the text dialogs and the game-over dialog
grow with the scaling (the panel showed three words a line; the game-over
dialog ran off a 1024-wide screen)."""

from __future__ import annotations

import tkinter as tk

import pytest

from solitaire_tk import new_game
from solitaire_tk.ui.sizes import scale_factor, scaled
from solitaire_tk.ui.tutorpanel import MAX_WIDTH, MIN_WIDTH, panel_width


@pytest.fixture
def at_150_percent(driver_for):
    d = driver_for(new_game("cruel", seed=3), geometry="1024x700+0+0")
    before = d.root.tk.call("tk", "scaling")
    d.root.tk.call("tk", "scaling", 2.0)   # 144 dots an inch: Windows at 150%
    yield d
    d.root.tk.call("tk", "scaling", before)


def test_sizes_grow_with_the_scaling_only_where_it_is_raised(at_150_percent) -> None:
    d = at_150_percent
    assert scale_factor(d.root) == pytest.approx(1.5, rel=1e-2)
    assert scaled(d.root, 400) == pytest.approx(600, abs=3)
    d.root.tk.call("tk", "scaling", 1.39)   # Xvfb's 100 dots an inch: as ordinary
    assert scaled(d.root, 400) == 400
    assert panel_width(1024) == 256 and panel_width(1024, 1.5) == round(MIN_WIDTH * 1.5)
    assert panel_width(3000, 1.5) == round(MAX_WIDTH * 1.5)


def test_the_panel_widens_with_the_scaling(at_150_percent) -> None:
    d = at_150_percent
    d.root.geometry("1030x700")
    d.pump(300)
    assert int(d.app.panel.cget("width")) == pytest.approx(MIN_WIDTH * 1.5, abs=3)


def test_the_game_over_dialog_fits_a_narrow_screen(at_150_percent, monkeypatch) -> None:
    """(Here the fonts are set in pixels, so the screen is made narrow instead.)"""
    from solitaire_tk.ui.dialogs import GameOverDialog
    monkeypatch.setattr(tk.Misc, "winfo_screenwidth", lambda self: 560)
    d = at_150_percent
    actions = [(label, lambda: None) for label in
               ("New game", "Same deal", "Undo", "Replay it", "Statistics", "Close")]
    dialog = GameOverDialog(d.root, "Game over", "No more moves. " * 12, actions)
    d.pump(200)
    rows = {int(button.grid_info()["row"]) for button in dialog.buttons.values()}
    assert rows == {0, 1}, "two rows of buttons"
    assert int(str(dialog.detail.cget("wraplength"))) == pytest.approx(570, abs=3)
    dialog.close()


def test_the_smallest_window_grows_with_the_scaling(driver_for, monkeypatch) -> None:
    from solitaire_tk.ui import app as app_module
    d = driver_for(new_game("cruel", seed=3))
    assert d.root.minsize() == (640, 480), "an ordinary screen"
    monkeypatch.setattr(app_module, "scaled", lambda widget, pixels: round(pixels * 1.5))
    grown = driver_for(new_game("cruel", seed=3))
    assert grown.root.minsize() == (960, 720)


def test_the_dialogs_words_keep_their_lines_at_150_percent(at_150_percent) -> None:
    """A question or a note wrapped at a fixed number of pixels: at 150% the
    letters grew and each line held two words fewer, the dialog grew tall."""
    from solitaire_tk.ui.statsdialog import ConfirmDialog
    from solitaire_tk.ui.sizes import wrap_width
    d = at_150_percent
    dialog = ConfirmDialog(d.root, "Start a new game?", "A question " * 20, lambda yes: None)
    d.pump(50)
    label = next(w for w in dialog.body.winfo_children() if w.winfo_class() == "TLabel")
    assert int(str(label.cget("wraplength"))) == pytest.approx(540, abs=3)
    dialog.close()
    from solitaire_tk.ui.playersdialog import PlayersDialog
    players = PlayersDialog(d.root, d.store, on_switch=lambda name: None)
    d.pump(100)
    assert int(str(players.message.cget("wraplength"))) == pytest.approx(630, abs=3)
    players.close()
    assert wrap_width(d.root, 5000) == d.root.winfo_screenwidth() - 120
