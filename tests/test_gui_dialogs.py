"""The Statistics, Players and Deck dialogs in real windows under Xvfb,
driven by real events (clicks, typed keys, Enter, Escape), checked against
the DataStore on disk and the numbers shown."""

from __future__ import annotations

import time
import tkinter as tk
from pathlib import Path
from tkinter import ttk
from typing import Any, Iterator

import pytest

from solitaire_tk import new_game
from solitaire_tk.engine import Game
from solitaire_tk.ui.deckdialog import CHOSEN_COLOUR, DeckDialog
from solitaire_tk.ui.playersdialog import PLAYING_NOW, PlayersDialog
from solitaire_tk.ui.statsdialog import (
    ConfirmDialog,
    StatsDialog,
    game_title,
    percent_text,
    stats_summary,
)
from solitaire_tk.ui.window import prepare_root
from solitaire_tk.userdata import DataStore

from .helpers import play, won_thirteen

# Thirteen dealt so that taking pairs as soon as they show wins (as in test_userdata).






def lost_thirteen(removes: int = 3) -> Game:
    return play(new_game("thirteen", seed=11), moves=removes, prefer="remove")


# -- driving Tk --------------------------------------------------------------------------
@pytest.fixture
def root(display: str) -> Iterator[tk.Tk]:
    window = tk.Tk(className="SolitaireTutorTest")
    prepare_root(window)   # as the app's window: its theme, and Enter on a button
    window.geometry("900x700+0+0")
    window.deiconify()
    window.update()
    yield window
    try:
        window.destroy()
    except tk.TclError:
        pass


def pump(widget: tk.Misc) -> None:
    widget.update()


def click(widget: tk.Misc, double: bool = False) -> None:
    """Press and release the left button in the middle of `widget`."""
    widget.update()
    x, y = widget.winfo_width() // 2, widget.winfo_height() // 2
    widget.event_generate("<Enter>", x=x, y=y)
    widget.event_generate("<Motion>", x=x, y=y)
    try:
        for _ in range(2 if double else 1):
            widget.event_generate("<ButtonPress-1>", x=x, y=y)
            widget.event_generate("<ButtonRelease-1>", x=x, y=y, state=0x100)
        widget.update()
    except tk.TclError:
        assert gone(widget), "only a click that closed the window stops early"


def key(widget: tk.Misc, keysym: str) -> None:
    """Press a key with the focus in `widget`."""
    widget.focus_force()
    widget.update()
    widget.event_generate(f"<KeyPress-{keysym}>")
    try:
        widget.update()
    except tk.TclError:
        pass


def type_text(entry: ttk.Entry, text: str) -> None:
    entry.focus_force()
    entry.update()
    for char in text:
        entry.event_generate("<KeyPress>", keysym={" ": "space", "-": "minus"}.get(char, char))
    entry.update()


def confirm_of(dialog: tk.Misc) -> ConfirmDialog:
    found = [w for w in dialog.winfo_children() if isinstance(w, ConfirmDialog)]
    assert len(found) == 1, "one question is showing"
    return found[0]


def focus_in(window: tk.Misc) -> tk.Misc | None:
    """The widget with the keyboard focus in `window` (the one that gets it when the
    window is active: a fresh Xvfb gives no window the focus until a key is pressed)."""
    return window.focus_get() or window.focus_lastfor()


def text(label: tk.Misc) -> str:
    return str(label.cget("text"))


def gone(window: tk.Misc) -> bool:
    try:
        return not window.winfo_exists()
    except tk.TclError:
        return True


# -- statistics ----------------------------------------------------------------------------
def test_stats_dialog_shows_overall_and_session_numbers(root: tk.Tk, data_dir: Path) -> None:
    DataStore(data_dir).record_game(won_thirteen(), used_hints=False)   # before this session
    store = DataStore(data_dir)
    lost = lost_thirteen()
    store.record_game(lost, used_hints=False)
    store.record_game(won_thirteen(), used_hints=True)
    store.record_game(play(new_game("klondike", "draw3", seed=8), moves=5), used_hints=False)

    dialog = StatsDialog(root, store, "thirteen")
    pump(dialog)
    shown = {name: text(label) for name, label in dialog.values.items()}
    average = (52 + lost.score() + 52) / 3
    assert dialog.title() == "Statistics for Player 1"
    assert dialog.chooser.get() == "Thirteen"
    assert shown["played"] == "3"
    assert shown["won"] == "1 (33%)" and shown["won_with_hints"] == "1 (33%)"
    # The two kinds of win are told apart in words ("Games won" counted only one).
    assert text(dialog._row_labels["won"]).startswith("Won without help")
    assert text(dialog._row_labels["won_with_hints"]).startswith("Won with help")
    assert shown["lost"] == "1"
    assert shown["average"] == f"{average:.1f}" and shown["best"] == "52"
    assert shown["streak"] == "0" and shown["best_streak"] == "1"
    assert shown["cards"] == percent_text(100 * (104 + lost.score()) / 156)
    assert dialog.values["cards"].winfo_manager() == "grid", "Thirteen shows cards removed"
    assert shown["session_played"] == "2" and shown["session_won"] == "0"
    assert shown["session_won_with_hints"] == "1"
    assert shown["session_average"] == f"{(lost.score() + 52) / 2:.1f}".rstrip("0").rstrip(".")
    assert shown["session_before"] == "52"
    assert not dialog.scores_frame.winfo_manager(), "only Cruel lists every score"
    assert "removed" in text(dialog.note)

    # Left and Right in the game chooser step through the games.
    key(dialog.chooser, "Left")
    key(dialog.chooser, "Left")
    assert dialog.key == "klondike/draw3" and dialog.chooser.get() == "Klondike (draw three)"
    assert text(dialog.values["played"]) == "1" and text(dialog.values["won"]) == "0 (0%)"
    assert text(dialog.values["session_before"]) == "\u2013", "no average before the session"
    assert dialog.values["cards"].winfo_manager() == "", "only Thirteen shows cards removed"
    key(dialog.chooser, "Right")
    key(dialog.chooser, "Right")
    key(dialog.chooser, "Right")
    assert dialog.key == "double" and text(dialog.values["played"]) == "0"
    assert text(dialog.values["average"]) == "\u2013" and text(dialog.values["won"]) == "0"

    # Escape closes.
    key(dialog.chooser, "Escape")
    assert gone(dialog)


def test_summary_line_for_the_game_over_dialog(data_dir: Path) -> None:
    store = DataStore(data_dir)
    assert stats_summary(store, "klondike/draw1") == "Klondike (draw one): no games played yet"
    store.record_game(won_thirteen(), used_hints=False)
    store.record_game(lost_thirteen(), used_hints=False)
    store.record_game(won_thirteen(), used_hints=True)
    assert stats_summary(store, "thirteen") == ("Thirteen: 3 games played, 2 won (67%), "
                                                "1 of them with help")
    store.record_game(won_thirteen(), used_hints=False)
    assert stats_summary(store, "thirteen") == ("Thirteen: 4 games played, 3 won (75%), "
                                                "1 of them with help")
    assert game_title("klondike/draw1-single") == "Klondike (one pass only)"
    assert game_title("dammit") == "Dammit!"
    assert percent_text(100 * 5 / 12) == "42%" and percent_text(12.5) == "13%"


def test_cruel_lists_every_score_best_first(root: tk.Tk, data_dir: Path) -> None:
    store = DataStore(data_dir)
    scores = []
    for seed, moves in ((1, 1), (2, 6), (3, 3), (4, 2)):
        game = play(new_game("cruel", seed=seed), moves=moves, prefer="move")
        scores.append((game.score(), seed))
        store.record_game(game, used_hints=False)
    assert len({score for score, _ in scores}) > 1

    dialog = StatsDialog(root, store, "cruel")
    pump(dialog)
    rows = dialog.shown_scores()
    assert [(int(r[0]), int(r[2])) for r in rows] == sorted(scores)
    best = min(score for score, _ in scores)
    assert [r[3] for r in rows] == ["best" if int(r[0]) == best else "" for r in rows]
    assert all(r[1][:1].isdigit() and len(r[1]) > 10 for r in rows), "a readable date"
    assert dialog.scores_frame.winfo_manager() == "pack"
    assert text(dialog.values["best"]) == str(best)
    assert "fewer" in text(dialog.note)
    # Tab reaches the list, whose arrow keys move through the scores.
    key(dialog.chooser, "Tab")
    assert focus_in(dialog) is dialog.scores
    key(dialog.scores, "Down")
    assert dialog.scores.index(dialog.scores.selection()[0]) == 1
    # Left from Cruel goes round to the last game; Right comes back.
    key(dialog.chooser, "Left")
    assert dialog.key == "dammit" and not dialog.scores_frame.winfo_manager()
    key(dialog.chooser, "Right")
    assert dialog.key == "cruel" and len(dialog.shown_scores()) == 4


def test_clear_statistics_asks_first_then_clears_one_game(root: tk.Tk, data_dir: Path) -> None:
    store = DataStore(data_dir)
    store.record_game(won_thirteen(), used_hints=False)
    store.record_game(play(new_game("cruel", seed=5), moves=2, prefer="move"), used_hints=False)
    dialog = StatsDialog(root, store, "thirteen")
    pump(dialog)

    click(dialog.clear_button)
    question = confirm_of(dialog)
    asked = text(question.body.winfo_children()[0])
    assert "Clear the statistics of Thirteen for Player 1?" in asked
    assert "teacher's Class statistics too" in asked, "the class table reads these figures"
    assert focus_in(question) is question.no, "No is the safe choice"
    key(question.no, "Escape")
    assert gone(question) and store.stats("thirteen").played == 1
    assert text(dialog.values["played"]) == "1"

    click(dialog.clear_button)
    question = confirm_of(dialog)
    key(question.no, "Left")                 # the arrow moves to Yes...
    assert focus_in(question) is question.yes
    key(question.yes, "Return")              # ...and Enter presses it
    assert gone(question)
    assert store.stats("thirteen").played == 0
    assert DataStore(data_dir).stats("thirteen").played == 0, "cleared on disk too"
    assert DataStore(data_dir).stats("cruel").played == 1, "other games are kept"
    assert text(dialog.values["played"]) == "0" and text(dialog.values["best"]) == "\u2013"
    assert text(dialog.values["session_played"]) == "0"
    # The statistics dialog has the keyboard again: Enter on Close closes it.
    assert focus_in(dialog) is dialog.close_button
    key(dialog.close_button, "Return")
    assert gone(dialog)


# -- players -----------------------------------------------------------------------------------
def listed(dialog: PlayersDialog) -> list[str]:
    return [str(item) for item in dialog.listbox.get(0, "end")]


def test_players_add_rename_and_bad_names_in_red(root: tk.Tk, data_dir: Path) -> None:
    store = DataStore(data_dir)
    switched: list[str] = []
    dialog = PlayersDialog(root, store, switched.append)
    pump(dialog)
    assert listed(dialog) == ["Player 1" + PLAYING_NOW]
    assert not dialog.steppers_shown, "no < and > with only one player"

    click(dialog.add_button)
    assert dialog.name_box_open and focus_in(dialog) is dialog.entry
    key(dialog.entry, "Return")              # nothing typed
    assert text(dialog.name_error) == "Please type a name."
    assert str(dialog.name_error.cget("foreground")) == "#a00000"
    type_text(dialog.entry, "player 1")
    key(dialog.entry, "Return")
    assert text(dialog.name_error) == "There is already a player called 'Player 1'."
    assert store.players() == ["Player 1"]
    dialog.entry.delete(0, "end")
    type_text(dialog.entry, "  Ana Banana ")
    key(dialog.entry, "Return")
    assert store.players() == ["Ana Banana", "Player 1"], "listed by name"
    assert DataStore(data_dir).players() == ["Ana Banana", "Player 1"], "written at once"
    assert not dialog.name_box_open and text(dialog.name_error) == ""
    assert listed(dialog) == ["Ana Banana", "Player 1" + PLAYING_NOW]
    assert dialog.selected() == "Ana Banana" and dialog.steppers_shown
    assert switched == [], "adding a player does not switch"

    # Rename the chosen player; Escape in the name box only puts the box away.
    click(dialog.rename_button)
    assert dialog.name.get() == "Ana Banana"
    key(dialog.entry, "Escape")
    assert not dialog.name_box_open and not gone(dialog)
    click(dialog.rename_button)
    dialog.entry.delete(0, "end")
    type_text(dialog.entry, "x" * 31)
    click(dialog.name_ok)
    assert "at most 30 letters" in text(dialog.name_error)
    dialog.entry.delete(0, "end")
    type_text(dialog.entry, "Ana")
    click(dialog.name_ok)
    assert store.players() == ["Ana", "Player 1"] and listed(dialog)[0] == "Ana"
    assert switched == [], "renaming someone else is not a switch"
    # Renaming the player who is playing tells the app.
    key(dialog.listbox, "Down")
    click(dialog.rename_button)
    dialog.entry.delete(0, "end")
    type_text(dialog.entry, "Ben")
    key(dialog.entry, "Return")
    assert store.current_player == "Ben" and switched == ["Ben"]
    key(dialog.listbox, "Escape")
    assert gone(dialog)


def test_players_switch_by_list_and_by_page_keys(root: tk.Tk, data_dir: Path) -> None:
    store = DataStore(data_dir)
    for name in ("Ana", "Ben"):
        store.add_player(name)
    store.record_game(won_thirteen(), used_hints=False)   # Player 1's
    switched: list[str] = []
    dialog = PlayersDialog(root, store, switched.append)
    pump(dialog)
    assert dialog.steppers_shown and focus_in(dialog) is dialog.listbox

    key(dialog.listbox, "Next")                           # Page Down: the next player
    assert store.current_player == "Ana" and switched == ["Ana"]
    assert text(dialog.now_playing) == "Playing now: Ana"
    assert listed(dialog)[0] == "Ana" + PLAYING_NOW
    assert store.stats("thirteen").played == 0, "Ana has her own statistics"
    key(dialog.listbox, "Prior")                          # Page Up: back again
    key(dialog.listbox, "Prior")                          # and round to the last
    assert store.current_player == "Ben" and switched == ["Ana", "Player 1", "Ben"]
    click(dialog.previous_button)
    assert store.current_player == "Ana"
    click(dialog.next_button)
    assert store.current_player == "Ben"

    # Arrow keys choose in the list; Enter plays as that player and closes.
    key(dialog.listbox, "Up")
    assert dialog.selected() == "Ana"
    key(dialog.listbox, "Down")
    key(dialog.listbox, "Down")
    assert dialog.selected() == "Player 1"
    key(dialog.listbox, "Return")
    assert gone(dialog)
    assert store.current_player == "Player 1" and switched[-1] == "Player 1"
    assert DataStore(data_dir).current_player == "Player 1", "kept on disk"
    assert store.stats("thirteen").played == 1


def test_players_remove_asks_and_the_last_one_stays(root: tk.Tk, data_dir: Path) -> None:
    store = DataStore(data_dir)
    store.add_player("Ana")
    switched: list[str] = []
    dialog = PlayersDialog(root, store, switched.append)
    pump(dialog)
    # Remove the player who is playing: the app is told who plays now.
    click(dialog.remove_button)
    question = confirm_of(dialog)
    assert "Remove Player 1 from the players?" in text(question.body.winfo_children()[0])
    click(question.no)
    assert gone(question) and store.players() == ["Ana", "Player 1"]
    key(dialog.listbox, "Delete")
    click(confirm_of(dialog).yes)
    assert store.players() == ["Ana"] and store.current_player == "Ana"
    assert switched == ["Ana"]
    assert text(dialog.message) == "Player 1 was removed."
    assert not dialog.steppers_shown
    assert DataStore(data_dir).players() == ["Ana"]
    # The last player cannot be removed: a message, no question, no crash.
    click(dialog.remove_button)
    assert not [w for w in dialog.winfo_children() if isinstance(w, ConfirmDialog)]
    assert text(dialog.message) == "The last player cannot be removed. Add another player first."
    assert store.players() == ["Ana"]


def test_players_a_class_of_forty_by_keyboard_and_the_41st_refused(root: tk.Tk,
                                                                   data_dir: Path) -> None:
    store = DataStore(data_dir)
    dialog = PlayersDialog(root, store, lambda name: None)
    pump(dialog)
    names = [f"{'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[n % 26]}a Pupil {n}" for n in range(2, 41)]
    for name in names:
        key(dialog.add_button, "Return")   # the focus on Add, Enter presses it
        type_text(dialog.entry, name)
        key(dialog.entry, "Return")
    by_name = sorted(["Player 1", *names], key=str.casefold)
    assert store.players() == by_name, "a class list, by name"
    assert DataStore(data_dir).players() == by_name, "kept on disk"
    # The list scrolls: the player just added is in sight, the first is not.
    assert len(listed(dialog)) == 40 and dialog.selected() == names[-1] == "Oa Pupil 40"
    assert dialog.listbox.bbox(by_name.index(names[-1])) and not dialog.listbox.bbox(0)
    assert dialog.winfo_height() < 700, "the dialog fits a small screen"
    key(dialog.listbox, "Home")
    assert dialog.selected() == "Aa Pupil 26" and dialog.listbox.bbox(0)
    key(dialog.listbox, "k")                 # a first letter goes to that name
    assert dialog.selected() == "Ka Pupil 10"
    key(dialog.listbox, "k")                 # and again to the next one
    assert dialog.selected() == "Ka Pupil 36"
    key(dialog.listbox, "Down")
    assert dialog.selected() == "La Pupil 11"
    key(dialog.listbox, "End")
    assert dialog.selected() == "Za Pupil 25"
    # The 41st is refused in a sentence, and no name box opens.
    click(dialog.add_button)
    assert not dialog.name_box_open
    assert text(dialog.message) == ("There can be at most 40 players. Remove one before "
                                    "adding another.")
    assert len(store.players()) == 40


# -- the deck ------------------------------------------------------------------------------------
def test_deck_dialog_keys_choose_and_enter_applies(root: tk.Tk) -> None:
    chosen: list[str] = []
    dialog = DeckDialog(root, "red", chosen.append)
    pump(dialog)
    assert dialog.outlined() == "red"
    assert set(dialog.photos) == {"blue", "red", "green", "purple"}
    assert all(photo.width() == 72 and photo.height() == 100 for photo in dialog.photos.values())
    assert focus_in(dialog) is dialog.row
    key(dialog.row, "Right")
    assert dialog.outlined() == "green" and chosen == []
    key(dialog.row, "Right")
    key(dialog.row, "Right")
    assert dialog.outlined() == "blue", "round from the last to the first"
    key(dialog.row, "Left")
    key(dialog.row, "Return")
    assert gone(dialog) and chosen == ["purple"]


def test_deck_dialog_click_then_ok_or_cancel(root: tk.Tk) -> None:
    chosen: list[str] = []
    dialog = DeckDialog(root, "blue", chosen.append)
    pump(dialog)
    click(dialog.pictures["green"])
    assert dialog.outlined() == "green"
    assert str(dialog.frames["green"].cget("background")) == CHOSEN_COLOUR
    click(dialog.cancel_button)
    assert gone(dialog) and chosen == []

    dialog = DeckDialog(root, "blue", chosen.append)
    pump(dialog)
    click(dialog.pictures["purple"])
    key(dialog.row, "Escape")
    assert gone(dialog) and chosen == []

    dialog = DeckDialog(root, "nonsense", chosen.append)
    pump(dialog)
    assert dialog.outlined() == "blue"
    click(dialog.pictures["red"])
    click(dialog.ok_button)
    assert gone(dialog) and chosen == ["red"]

    dialog = DeckDialog(root, "blue", chosen.append)
    pump(dialog)
    click(dialog.pictures["green"], double=True)
    assert gone(dialog) and chosen == ["red", "green"]


def test_dialogs_open_fast(root: tk.Tk, data_dir: Path) -> None:
    """Each dialog opens in well under a second, so the app never seems stuck."""
    store = DataStore(data_dir)
    for make in (lambda: StatsDialog(root, store, "cruel"),
                 lambda: PlayersDialog(root, store, lambda name: None),
                 lambda: DeckDialog(root, "blue", lambda back: None)):
        start = time.monotonic()
        dialog: Any = make()
        pump(dialog)
        assert time.monotonic() - start < 1.0
        dialog.close()


def test_a_tooltip_near_the_screen_s_edge_stays_on_the_screen(driver_for, monkeypatch) -> None:
    """On an 800x600 screen the Players dialog's Bring back tooltip ran off the right."""
    import tkinter as tk
    from tkinter import ttk
    from solitaire_tk.ui.tooltip import Tooltip
    d = driver_for(new_game("cruel", seed=3), geometry="800x560+0+0")
    monkeypatch.setattr(tk.Misc, "winfo_screenwidth", lambda self: 800)
    monkeypatch.setattr(tk.Misc, "winfo_screenheight", lambda self: 600)
    button = ttk.Button(d.root, text="Bring back...")
    button.place(x=730, y=530)
    d.pump(50)
    tip = Tooltip(button, "A removed player whose saved games are kept can be brought back "
                          "here, with every game counted again.", wraplength=300)
    tip.show()
    d.pump(50)
    assert tip.shown and tip.label is not None
    shown = tip.label.winfo_toplevel()
    assert shown.winfo_rootx() + shown.winfo_width() <= 800
    assert shown.winfo_rooty() + shown.winfo_height() <= 600
    assert shown.winfo_rooty() + shown.winfo_height() <= button.winfo_rooty(), "over it"
    tip._hide()
