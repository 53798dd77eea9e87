"""Game > Class statistics in the real window under Xvfb: the table of every
player's games, sorted by a click on a heading, chosen with the keys (the
chart follows), and exported to a CSV file with the Export button."""

from __future__ import annotations

import csv
import json
import tkinter as tk
from pathlib import Path
from typing import Any, Callable

import pytest

from solitaire_tk import new_game
from solitaire_tk.ui import classdialog
from solitaire_tk.ui.classdialog import BEST_COLOUR, ClassDialog
from solitaire_tk.userdata import DataStore

from .helpers import play, removed_with_a_won_game, won_thirteen


def make_class(folder: Path) -> None:
    """Two players' real games, counted by DataStore as the app does."""
    store = DataStore(folder)
    store.rename_player(store.current_player, "Ana")
    store.add_player("Zoë")
    for seed, moves in ((1, 1), (2, 6), (3, 3)):
        store.record_game(play(new_game("cruel", seed=seed), moves=moves, prefer="move"), False)
    store.record_game(won_thirteen(), used_hints=False)
    store.switch_player("Zoë")
    store.record_game(won_thirteen(), used_hints=True)
    store.record_game(won_thirteen(), used_hints=False)
    store.add_player("Sam")   # whose figures an older app counted: no games listed
    (folder / "stats" / "sam.json").write_text(json.dumps({
        "format": "solitaire-tk-stats", "version": 1, "player": "Sam",
        "games": {"thirteen": {"played": 4, "won": 1, "best_score": 52}}}))


def press(widget: tk.Misc, x: int, y: int) -> None:
    """A click at (x, y) in `widget`, through Tk's event queue."""
    widget.event_generate("<Enter>", x=x, y=y)
    widget.event_generate("<Motion>", x=x, y=y)
    widget.event_generate("<ButtonPress-1>", x=x, y=y)
    widget.event_generate("<ButtonRelease-1>", x=x, y=y, state=0x100)
    widget.update()


def open_from_menu(driver: Any) -> ClassDialog:
    bar = driver.root.nametowidget(driver.root["menu"])
    cascade = next(i for i in range(bar.index("end") + 1)
                   if bar.type(i) == "cascade" and bar.entrycget(i, "label") == "Game")
    game_menu = bar.nametowidget(bar.entrycget(cascade, "menu"))
    entry = next(i for i in range(game_menu.index("end") + 1)
                 if game_menu.type(i) == "command"
                 and game_menu.entrycget(i, "label") == "Class statistics...")
    game_menu.invoke(entry)
    driver.pump(200)
    return next(w for w in driver.root.winfo_children() if isinstance(w, ClassDialog))


def test_class_dialog_sorts_follows_the_keys_and_exports(
        driver_for: Callable[..., Any], data_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    make_class(data_dir)
    driver = driver_for(new_game("klondike", seed=3))
    dialog = open_from_menu(driver)
    rows = dialog.shown_rows()
    assert [(row[0], row[1], row[2], row[3], row[4]) for row in rows] == [
        ("Ana", "Cruel", "3", "0", "0"), ("Ana", "Thirteen", "1", "1", "1"),
        ("Sam", "Thirteen", "4", "1", "1"), ("Zoë", "Thirteen", "2", "2", "1")]
    assert dialog.sort_chooser.get() == "Player", "by name at first, and it says so"
    assert dialog.focus_get() is dialog.tree
    assert str(dialog.chart_frame.cget("text")) == "Ana: Cruel"
    assert "oldest on the left" in dialog.chart_words
    assert "cards are left at the end: the fewer, the better" in dialog.chart_words, \
        "Cruel's own words for its score"
    assert len(dialog.chart.find_withtag("game")) == 3, "a point for each game"
    assert "the best in orange" in dialog.chart_words, "the dots' colours are explained"
    chart = dialog.chart
    words, = chart.find_withtag("words")
    below = chart.bbox(words)[3]
    assert all(chart.bbox(item)[1] >= below for item in chart.find_all() if item != words), \
        "the chart starts under its sentence, however many lines it wraps to"
    best = dialog.chart.find_withtag("best")
    assert best and all(dialog.chart.itemcget(dot, "fill") == BEST_COLOUR for dot in best)

    # Down (the keyboard alone) chooses the next row; the chart follows.
    dialog.tree.event_generate("<KeyPress-Down>")
    driver.pump()
    assert str(dialog.chart_frame.cget("text")) == "Ana: Thirteen"
    assert "cards you removed: the more, the better" in dialog.chart_words
    assert len(dialog.chart.find_withtag("game")) == 1
    dialog.tree.event_generate("<KeyPress-Down>")
    driver.pump()
    assert str(dialog.chart_frame.cget("text")) == "Sam: Thirteen"
    assert "no list of scores" in dialog.chart_words and "older" in dialog.chart_words
    assert not dialog.chart.find_withtag("game") and dialog.chart.find_withtag("bar")
    dialog.tree.event_generate("<KeyPress-Down>")
    driver.pump()
    assert str(dialog.chart_frame.cget("text")) == "Zoë: Thirteen"
    assert len(dialog.chart.find_withtag("game")) == 2

    # A click on the "Played" heading: the most games first; again, the other way round.
    x = sum(int(dialog.tree.column(c, "width")) for c in ("Player", "Game")) + 10
    press(dialog.tree, x, 6)
    assert [row[2] for row in dialog.shown_rows()] == ["4", "3", "2", "1"]
    assert str(dialog.chart_frame.cget("text")) == "Zoë: Thirteen", "the chosen row stays"
    press(dialog.tree, x, 6)
    assert [row[2] for row in dialog.shown_rows()] == ["1", "2", "3", "4"]
    # The keyboard's way: Tab to "Sort by", Left for the column before "Played" (Game).
    dialog.tree.event_generate("<KeyPress-Tab>")
    dialog.export_button.event_generate("<KeyPress-Tab>")
    driver.pump()
    assert dialog.focus_get() is dialog.sort_chooser
    assert dialog.sort_chooser.get() == "Played"
    dialog.sort_chooser.event_generate("<KeyPress-Left>")
    driver.pump()
    assert [row[1] for row in dialog.shown_rows()] == ["Cruel", "Thirteen", "Thirteen",
                                                        "Thirteen"]

    # Export CSV... asks where (the file dialog answers here), then writes the table.
    out = tmp_path / "class.csv"
    asked: list[dict[str, Any]] = []
    monkeypatch.setattr(classdialog.filedialog, "asksaveasfilename",
                        lambda **options: asked.append(options) or str(out))
    button = dialog.export_button
    press(button, button.winfo_width() // 2, button.winfo_height() // 2)
    assert asked and asked[0]["defaultextension"] == ".csv"
    assert not str(asked[0]["initialdir"]).startswith(str(data_dir)), "not the pupils' folder"
    with open(out, newline="", encoding="utf-8-sig") as handle:
        lines = list(csv.reader(handle))
    assert lines[0][:3] == ["Player", "Game", "Played"]
    assert [line[:5] for line in lines[1:]] == [row[:5] for row in dialog.shown_rows()]
    assert "was saved in" in str(dialog.message.cget("text"))

    dialog.event_generate("<KeyPress-Escape>")
    driver.pump()
    assert not dialog.winfo_exists()


def test_a_big_class_on_a_small_screen_keeps_the_buttons_in_sight(
        driver_for: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """16 players on an 800x600 screen: the table and chart give up the room."""
    folder = tmp_path / "class"
    store = DataStore(folder)
    for number in range(15):
        name = f"Pupil {number + 1}"
        store.add_player(name)
        store.switch_player(name)
        store.record_game(play(new_game("cruel", seed=number + 1), moves=2, prefer="move"), False)
    store.release_player()
    monkeypatch.setattr(ClassDialog, "winfo_screenwidth", lambda self: 800)
    monkeypatch.setattr(ClassDialog, "winfo_screenheight", lambda self: 600)
    d = driver_for(new_game("klondike", seed=1))
    dialog = ClassDialog(d.root, folder)
    d.pump(200)
    assert dialog.winfo_height() <= 600 - 80
    bottom = dialog.winfo_rooty() + dialog.winfo_height()
    for widget in (dialog.close_button, dialog.export_button, dialog.sort_chooser):
        assert widget.winfo_ismapped() and widget.winfo_height() > 10
        assert widget.winfo_rooty() + widget.winfo_height() <= bottom, widget
    # The chart keeps room to be read (it was cut to its top line): the table
    # shows fewer rows at a time and scrolls.
    assert dialog.chart.winfo_height() >= 100, dialog.chart.winfo_height()
    assert int(dialog.tree.cget("height")) == 5
    dialog.close_button.invoke()
    d.pump()
    assert not dialog.winfo_exists()


def test_the_class_dialog_names_games_not_finished(driver_for: Callable[..., Any],
                                                   data_dir: Path) -> None:
    make_class(data_dir)
    store = DataStore(data_dir)
    store.switch_player("Zoë")
    store.autosave(play(new_game("cruel", seed=9), moves=2))
    store.switch_player("Ana")   # the window opens on Ana: Zoë's game stays hers
    store.release_player()
    driver = driver_for(new_game("klondike", seed=3))
    dialog = open_from_menu(driver)
    said = str(dialog.notes.cget("text"))
    assert said.startswith("Games not finished yet (counted once they end): Zoë (Cruel, "
                           "started ") and said.count("not finished") == 1
    assert dialog.notes.winfo_ismapped()
    dialog.close()


def test_the_class_dialog_names_removed_players_whose_games_are_kept(
        driver_for: Callable[..., Any], data_dir: Path) -> None:
    make_class(data_dir)
    store = DataStore(data_dir)
    removed_with_a_won_game(store, "Zoë", stays="Ana")
    store.release_player()
    driver = driver_for(new_game("klondike", seed=3))
    dialog = open_from_menu(driver)
    said = str(dialog.notes.cget("text"))
    assert said.startswith("Removed players whose saved games are still kept (not in the "
                           "table: to bring one back, choose Game > Players... and then Bring "
                           "back...): Zoë (3 saved games, last played 20"), said
    assert dialog.notes.winfo_ismapped()
    assert "Zoë" not in [dialog.tree.set(row, "Player") for row in dialog.tree.get_children()]
    dialog.close()
