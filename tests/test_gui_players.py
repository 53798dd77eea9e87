"""The player on the main window: started on a player who is playing in another
window (a real process holds the lock), and "<" ">" with real clicks."""

from __future__ import annotations

import argparse
import tkinter as tk
from pathlib import Path
from typing import Callable, Iterator

import pytest

from solitaire_tk import new_game
from solitaire_tk.ui.launch import first_game, open_app
from solitaire_tk.ui.playersdialog import PLAYING_ELSEWHERE, PlayersDialog
from solitaire_tk.ui.statsdialog import ConfirmDialog
from solitaire_tk.userdata import DataStore
from solitaire_tk.whoplays import ONLY_ONE_PLAYER

from .gui import QUIET, Driver
from .helpers import play
from .holder import Holder, holders  # noqa: F401  (a fixture)
from .test_gui_dialogs import click, type_text


def press(driver: Driver, widget: tk.Misc) -> None:
    click(widget)
    driver.pump()


def open_window(display: str, folder: Path) -> Iterator[Driver]:
    """The app as `solitaire-tk` opens it with no game named (launch.open_app)."""
    root = tk.Tk(className="SolitaireTutorTest")
    root.geometry("1100x720+0+0")
    store = DataStore(folder)
    for name, value in QUIET.items():
        setattr(store.settings, name, value)
    args = argparse.Namespace(game=None, variant=None, seed=None, file=None)
    app = open_app(root, store, args, first_game(args, store) or new_game("klondike", seed=1))
    driver = Driver.__new__(Driver)   # the Driver's events on the window open_app made
    driver.root, driver.store, driver.app, driver.table = root, store, app, app.table
    root.deiconify()
    driver.pump(300)
    yield driver
    driver.close()


@pytest.fixture
def window(display: str, data_dir: Path) -> Iterator[Callable[[], Driver]]:
    opened: list[Iterator[Driver]] = []

    def make() -> Driver:
        opened.append(open_window(display, data_dir))
        return next(opened[-1])

    yield make
    for each in opened:
        next(each, None)


def question_of(driver: Driver) -> ConfirmDialog:
    for _ in range(50):
        found = [w for w in driver.root.winfo_children() if isinstance(w, ConfirmDialog)]
        if found and found[0].winfo_viewable():
            return found[0]
        driver.pump(20)
    raise AssertionError("no question was asked")


def words_of(widget: tk.Misc) -> str:
    return " ".join(str(w.cget("text")) for w in widget.winfo_children()
                    if isinstance(w, tk.Widget) and "text" in w.keys())


def game_in_play(folder: Path, *players: str) -> bytes:
    """Player 1 has an unfinished Klondike on disk (and the other players are made)."""
    store = DataStore(folder)
    for name in players:
        store.add_player(name)
    store.autosave(play(new_game("klondike", seed=5), moves=3))
    store.release_player()
    return (folder / "current" / "player-1.json").read_bytes()


def test_started_on_a_player_playing_elsewhere_asks_and_read_only_writes_nothing(
        window: Callable[[], Driver], data_dir: Path, holders: list[Holder]) -> None:
    before = game_in_play(data_dir)
    holders.append(Holder(data_dir))   # another window plays as Player 1
    d = window()
    question = question_of(d)
    assert "Player 1 is already playing in another window." in words_of(question.body)
    assert (question.yes.cget("text"), question.no.cget("text")) == ("Switch player",
                                                                    "Open read-only")
    assert d.game.game_id == "klondike" and not d.game.log, "the other window's game stays there"
    press(d, question.no)
    assert not question.winfo_exists()
    assert d.root.title().endswith("(read-only: Player 1 is playing in another window)")
    assert d.app.player_bar.read_only_shown
    assert "This window is read-only for Player 1" in d.status()

    d.click(*d.card_point("stock"))   # turn a card over: a move, saved a moment later
    assert len(d.game.log) == 1
    d.pump(600)
    d.app.quit()
    assert (data_dir / "current" / "player-1.json").read_bytes() == before, \
        "the game in play of the other window was not written over"


def test_started_on_a_player_playing_elsewhere_can_switch_player(
        window: Callable[[], Driver], data_dir: Path, holders: list[Holder]) -> None:
    game_in_play(data_dir, "Ana")
    holders.append(Holder(data_dir))
    d = window()
    press(d, question_of(d).yes)
    dialogs = [w for w in d.root.winfo_children() if isinstance(w, PlayersDialog)]
    assert len(dialogs) == 1, "the Players dialog opens"
    dialog = dialogs[0]
    d.pump(100)
    assert [str(n) for n in dialog.listbox.get(0, "end")] == [
        "Ana", "Player 1  (playing now)"]
    press(d, dialog.previous_button)   # back up the list to Ana
    assert d.store.current_player == "Ana" and not d.store.read_only
    press(d, dialog.close_button)
    assert not d.app.player_bar.read_only_shown
    assert "read-only" not in d.root.title()
    assert str(d.app.player_bar.name.cget("text")) == "Ana"


def test_arrows_switch_players_with_clicks_and_are_hidden_with_one(
        driver_for: Callable[..., Driver], data_dir: Path, holders: list[Holder]) -> None:
    d = driver_for(new_game("klondike", seed=7))
    bar = d.app.player_bar
    assert not bar.arrows_shown, "one player: no arrows"
    assert str(bar.name.cget("text")) == "Player 1"
    d.click(*d.card_point("stock"))    # Player 1 makes a move

    press(d, bar.name)                 # the name opens the Players dialog (as in Thirteen)
    dialog = next(w for w in d.root.winfo_children() if isinstance(w, PlayersDialog))
    for name in ("Ana", "Ben"):
        press(d, dialog.add_button)
        type_text(dialog.entry, name)
        press(d, dialog.name_ok)
    press(d, dialog.close_button)
    assert bar.arrows_shown, "more than one player: the arrows show"
    assert "previous player" in bar.tips[0].text and "next player" in bar.tips[2].text
    assert not bar.on_own_line
    d.root.geometry("640x500")   # a narrow window: the bar takes a line of its own, whole
    d.pump(200)
    assert bar.on_own_line and d.root.winfo_containing(
        bar.next.winfo_rootx() + 5, bar.next.winfo_rooty() + 5) is bar.next
    d.root.geometry("1200x760")
    d.pump(200)
    assert not bar.on_own_line

    press(d, bar.next)
    assert d.store.current_player == "Ana" and str(bar.name.cget("text")) == "Ana"
    assert d.status() == ("Hello, Ana! Player 1 was playing this game, and can go on with it "
                          "later. If you play it on, it counts as played with help. For a deal "
                          "of your own, press F2.")
    assert (data_dir / "current" / "player-1.json").exists(), "Player 1 keeps their copy"
    press(d, bar.previous)
    assert d.store.current_player == "Player 1"
    assert d.status().startswith("Hello, Player 1! Here is your game")
    assert len(d.game.log) == 1
    d.key("Prior", state=0x4)   # Ctrl+Page Up: the player before, by name
    assert d.store.current_player == "Ben"

    # Ana is playing in another window: ">" from Ben goes past her, and says so.
    holders.append(holder := Holder(data_dir))   # (it starts on Ben, then takes Ana)
    holder.tell("switch_player|Ana")
    press(d, bar.previous)
    assert d.store.current_player == "Player 1"
    assert "Ana was skipped: Ana is playing in another window." in d.status()
    press(d, bar.name)   # the Players dialog says so too, and does not switch to her
    dialog = next(w for w in d.root.winfo_children() if isinstance(w, PlayersDialog))
    assert dialog.listbox.get(0) == "Ana" + PLAYING_ELSEWHERE
    dialog.listbox.selection_clear(0, "end")
    dialog.listbox.selection_set(0)
    press(d, dialog.play_button)
    assert d.store.current_player == "Player 1" and dialog.winfo_exists()
    assert str(dialog.message.cget("text")) == ("Ana is already playing in another window. "
                                                "Choose another player, or close that window "
                                                "first.")
    press(d, dialog.remove_button)   # says why not at once, not after a Yes
    assert dialog.confirm is None and "Ana" in d.store.players()
    assert str(dialog.message.cget("text")) == ("Ana is already playing in another window. "
                                                "Ana can be removed once that window is "
                                                "closed.")
    press(d, dialog.close_button)

    d.store.remove_player("Ben")
    holder.kill_9()
    d.store.remove_player("Ana")
    bar.show()
    assert not bar.arrows_shown
    d.key("Next", state=0x4)   # Ctrl+Page Down with nobody to switch to
    assert d.status() == ONLY_ONE_PLAYER



def test_a_player_who_picks_their_name_is_told_the_games_are_kept_elsewhere(
        driver_for, tmp_path, monkeypatch) -> None:
    """Said at start-up under the Players dialog, the stand-in folder's notice
    was gone once the pupil picked their name: it is said again with the hello."""
    from solitaire_tk.userdata import DataStore
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    (tmp_path / "H").write_text("a network drive not connected")
    store = DataStore(tmp_path / "H" / "Solitaire")
    assert store.folder_notice and "for now they are kept in" in store.folder_notice
    d = driver_for(new_game("cruel", seed=3))
    d.store.add_player("Ana")
    monkeypatch.setattr(d.store, "folder_notice", store.folder_notice)
    from solitaire_tk.ui import playerswitch
    playerswitch.step(d.app, 1)
    assert d.store.current_player == "Ana"
    said = str(d.app.panel.message.cget("text"))
    assert said.startswith("Hello, Ana!") and store.folder_notice in said
    assert d.app.panel.heading.cget("text") == "About your files"
    assert DataStore(d.store.folder).folder_notice is None, "the pupil's own folder: nothing"


def test_a_player_who_finds_a_finished_game_on_the_table_is_told_so(driver_for) -> None:
    from .helpers import won_thirteen
    d = driver_for(won_thirteen())
    d.store.add_player("Ana")
    from solitaire_tk.ui import playerswitch
    playerswitch.step(d.app, 1)
    assert d.store.current_player == "Ana"
    assert d.status() == "Hello, Ana! The game on the table is over: press N for a new game."


def test_a_removed_player_is_brought_back_with_a_click(
        driver_for: Callable[..., Driver], data_dir: Path) -> None:
    """Ana was removed by mistake: Bring back... lists her with her games kept, a
    click puts her on the list again, and playing as her finds her games
    counted and her unfinished game on the table."""
    from solitaire_tk.ui.bringback import BringBackDialog
    from solitaire_tk.ui.playersdialog import BRING_BACK_TIP, NOBODY_TIP
    from .helpers import won_thirteen
    store = DataStore(data_dir)
    store.add_player("Ana")
    store.switch_player("Ana")
    for _ in range(2):
        store.record_game(won_thirteen(), used_hints=False)
    unfinished = play(new_game("klondike", seed=5), moves=3)
    unfinished.player = "Ana"
    store.autosave(unfinished)
    store.switch_player("Player 1")
    store.release_player()
    d = driver_for(new_game("cruel", seed=3))
    bar = d.app.player_bar

    press(d, bar.name)
    dialog = next(w for w in d.root.winfo_children() if isinstance(w, PlayersDialog))
    assert dialog.bring_back_button.instate(["disabled"]), "nobody to bring back yet"
    assert dialog.bring_back_tip.text == NOBODY_TIP
    dialog.listbox.selection_clear(0, "end")
    dialog.listbox.selection_set(0)   # Ana
    press(d, dialog.remove_button)
    question = dialog.confirm
    assert question is not None
    assert ("Ana's saved games are kept: if this is a mistake, the Bring back button here "
            "puts Ana on the list again") in words_of(question.body)
    press(d, question.yes)
    assert d.store.players() == ["Player 1"]
    assert dialog.bring_back_button.instate(["!disabled"])
    assert dialog.bring_back_tip.text == BRING_BACK_TIP

    d.key("Return", dialog.bring_back_button)   # by the keys; then Escape: nobody comes back
    d.pump()
    chooser = dialog.bring_back_dialog
    assert isinstance(chooser, BringBackDialog) and chooser.winfo_viewable()
    d.key("Escape", chooser.tree)
    d.pump()
    assert not chooser.winfo_exists() and dialog.bring_back_dialog is None
    assert d.store.players() == ["Player 1"]

    press(d, dialog.bring_back_button)
    chooser = dialog.bring_back_dialog
    assert chooser is not None
    [row] = chooser.tree.get_children()
    name, games, last = chooser.tree.item(row, "values")
    assert (name, games) == ("Ana", "2") and last[:1].isdigit()
    press(d, chooser.bring_button)
    assert not chooser.winfo_exists()
    assert d.store.players() == ["Ana", "Player 1"]
    assert str(dialog.message.cget("text")) == (
        "Ana is back, with 2 saved games: the statistics count them again. Ana's unfinished "
        "game is back too.")
    assert dialog.selected() == "Ana" and dialog.bring_back_button.instate(["disabled"])

    press(d, dialog.play_button)
    assert d.store.current_player == "Ana" and d.store.stats("thirteen").won == 2
    assert d.game.game_id == "klondike" and len(d.game.log) == 3, "her game, where she left it"
