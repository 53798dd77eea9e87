"""Leaving a game in the real window: every command that replaces the game in
play asks first when the game has moves, keeps it in saved/ and counts it as
not won; a fresh game goes without a question.  A change of player, the
command line, and Redo (Ctrl+Y)."""

from __future__ import annotations

import tkinter as tk
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from solitaire_tk import Replay, load_game, new_game
from solitaire_tk.__main__ import parse_args
from solitaire_tk.engine import Game
from solitaire_tk.moves import Move
from solitaire_tk.ui.playersdialog import PlayersDialog
from solitaire_tk.ui.statsdialog import StatsDialog
from solitaire_tk.userdata import DataStore

from .gui import Driver
from .helpers import play, won_thirteen


def saved_files(d: Driver) -> list[Path]:
    return sorted(d.store.saved_games_dir().glob("*.json"))


def question_text(d: Driver) -> str:
    question = d.app.abandon_question
    assert question is not None
    return " ".join(str(w.cget("text")) for w in question.body.winfo_children()
                    if isinstance(w, tk.ttk.Label))


def shown_stats(d: Driver, key: str) -> dict[str, str]:
    dialog = StatsDialog(d.root, d.store, key)
    d.pump()
    shown = {name: str(label.cget("text")) for name, label in dialog.values.items()}
    dialog.close()
    return shown


def test_f2_asks_no_keeps_the_game_yes_starts_a_new_one_and_keeps_the_old(
        driver_for: Callable[..., Driver]) -> None:
    d = driver_for(new_game("klondike", seed=3, player="Player 1"))
    d.key("d")
    old = d.game
    assert len(old.log) == 1
    d.key("F2")
    question = d.app.abandon_question
    assert question is not None and question.winfo_viewable(), "the question is shown"
    assert question.focus_get() is question.no, "the question has the focus"
    assert str(question.transient()) == str(d.root), "it stays in front of the main window"
    assert question_text(d).startswith("Start a new game? This game of Klondike (draw one) "
                                       "counts as not won."), "it names the game left"
    d.answer(yes=False)
    assert d.app.abandon_question is None and not question.winfo_exists()
    assert d.game is old and len(old.log) == 1, "No: the game goes on"
    assert saved_files(d) == [] and d.store.stats("klondike/draw1").played == 0
    d.key("F2")
    d.answer(yes=True)
    assert d.game is not old and d.game.log == [] and d.game.game_id == "klondike"
    kept = saved_files(d)
    assert len(kept) == 1 and "not-finished" in kept[0].name
    replay = Replay(kept[0])
    assert replay.game_at(len(replay)).position() == old.position()
    # It tells how to find the file in words that wrap (the whole file name,
    # one long word, broke the panel's lines in its middle).
    found_by = 'its file name has the deal number, 3, and "not-finished" in it'
    assert "deal-3-not-finished" in kept[0].name
    assert found_by in d.status() and kept[0].name not in d.status()
    # The whole sentence is in the panel; the bar keeps to one line, so the
    # table is not squeezed until the next move.
    assert found_by in str(d.app.panel.message.cget("text"))
    assert max(map(len, d.status().split())) < 20
    assert d.app.panel.heading.cget("text") == "Your last game"
    assert "\n" not in d.status_shown() and d.status_shown() != d.status()
    shown = shown_stats(d, "klondike/draw1")
    assert shown["played"] == "1" and shown["won"] == "0 (0%)" and shown["lost"] == "1"


def test_f2_on_a_fresh_game_asks_nothing(driver_for: Callable[..., Driver]) -> None:
    d = driver_for(new_game("klondike", seed=3))
    first = d.game
    d.key("F2")
    assert d.app.abandon_question is None
    assert d.game is not first and d.game.log == []
    assert saved_files(d) == [] and d.store.stats("klondike/draw1").played == 0


def _same_deal(d: Driver) -> None:
    d.key("r", state=0x4)


def _another_game(d: Driver) -> None:
    bar = d.root.nametowidget(d.root.cget("menu"))
    game_menu = bar.nametowidget(bar.entrycget("Game", "menu"))
    index = next(i for i in range(game_menu.index("end") + 1)
                 if game_menu.type(i) == "cascade"
                 and game_menu.entrycget(i, "label") == "Play another game")
    choose = game_menu.nametowidget(game_menu.entrycget(index, "menu"))
    cruel = next(i for i in range(choose.index("end") + 1)
                 if choose.entrycget(i, "label") == "Cruel")
    choose.invoke(cruel)
    d.pump()


def _deal_number(d: Driver) -> None:
    d.key("g", state=0x4)
    dialog = next(w for w in d.root.winfo_children()
                  if getattr(w, "title", lambda: "")() == "Choose a deal number")
    dialog.value.set("77")
    dialog.entry.focus_force()
    dialog.entry.event_generate("<Return>")
    d.pump()


def _play_from_here(d: Driver) -> None:
    d.key("e", state=0x4)            # replay this game
    d.app.panel.replay.go(0)
    d.pump()
    d.app.panel.replay.take_over.invoke()
    d.pump()


@pytest.mark.parametrize("command,expect", [
    (_same_deal, lambda g: g.seed == 3 and g.game_id == "klondike"),
    (_another_game, lambda g: g.game_id == "cruel"),
    (_deal_number, lambda g: g.seed == 77),
    (_play_from_here, lambda g: g.game_id == "klondike" and g.log == []),
], ids=["same deal", "another game", "deal number", "play from here"])
def test_every_command_that_replaces_the_game_asks_the_same(
        driver_for: Callable[..., Driver], command: Callable[[Driver], None],
        expect: Callable[[Game], bool]) -> None:
    d = driver_for(new_game("klondike", seed=3))
    d.key("d")
    old = d.game
    command(d)
    assert d.app.abandon_question is not None, "asked before the game is left"
    d.answer(yes=False)
    assert d.game is old and len(old.log) == 1, "No: the same game goes on"
    assert d.app.choices.game.get() == "klondike/draw1", "the Game menu shows the game in play"
    d.app.replay.close()  # Play from here: No leaves the replay open
    command(d)
    d.answer(yes=True)
    assert d.game is not old and expect(d.game)
    assert len(saved_files(d)) == 1
    stats = d.store.stats("klondike/draw1")
    assert (stats.played, stats.won) == (1, 0)


def _players_dialog(d: Driver) -> PlayersDialog:
    d.app.show_players()
    d.pump()
    return next(w for w in d.root.winfo_children() if isinstance(w, PlayersDialog))


def _switch(d: Driver, name: str) -> None:
    dialog = _players_dialog(d)
    dialog.listbox.selection_clear(0, "end")
    dialog.listbox.selection_set(d.store.players().index(name))
    dialog.play_button.invoke()
    d.pump()
    if dialog.winfo_exists():
        dialog.close()
    d.pump()


def test_switching_player_keeps_the_table_and_each_player_s_own_game(
        driver_for: Callable[..., Driver], data_dir: Path) -> None:
    DataStore(data_dir).add_player("Ben")
    d = driver_for(new_game("klondike", seed=3, player="Player 1"))
    d.key("d")
    d.key("d")
    player_one = d.game.position()
    table = d.game
    _switch(d, "Ben")
    assert d.store.current_player == "Ben"
    assert d.app.abandon_question is None, "nothing is asked: nothing is lost"
    assert d.game is table and d.game.position() == player_one, "the table stays"
    assert d.store.stats("klondike/draw1").played == 0
    d.key("d")                                        # Ben's own move
    ben = d.game.position()
    _switch(d, "Player 1")
    assert d.game.position() == player_one, "Player 1's game as they left it"
    assert d.store.stats("klondike/draw1").played == 0, "not counted as lost"
    _switch(d, "Ben")
    assert d.game.position() == ben, "Ben's game as he left it"
    assert d.store.stats("klondike/draw1").played == 0
    d.key("F2")
    assert d.app.abandon_question is not None, "Ben made a move: asked"
    d.answer(yes=True)
    assert d.store.stats("klondike/draw1").played == 1
    d.store.switch_player("Player 1")
    assert d.store.stats("klondike/draw1").played == 0, "counted for Ben only"


@contextmanager
def opened_over_unfinished(data_dir: Path, unfinished: Game,
                           argv: list[str]) -> Iterator[tuple[Any, Game, DataStore]]:
    """The window as `solitaire-tk ARGV` opens it over `unfinished` (one move in,
    autosaved): the app, the game the command line asked for, and the store."""
    from solitaire_tk.ui.launch import first_game, open_app
    unfinished.play(unfinished.legal_moves()[0])
    DataStore(data_dir).autosave(unfinished)
    store = DataStore(data_dir)
    args = parse_args(argv)
    root = tk.Tk(className="SolitaireTutorTest")
    try:
        root.geometry("1200x760+0+0")
        game = first_game(args, store)
        app: Any = open_app(root, store, args, game)
        root.update()
        yield app, game, store
    finally:
        root.destroy()


def test_the_command_line_over_an_unfinished_game_asks_in_the_window(
        display: str, data_dir: Path) -> None:
    unfinished = new_game("cruel", seed=8, player="Player 1")
    with opened_over_unfinished(data_dir, unfinished, ["klondike", "--seed", "5"]) as (
            app, game, store):
        assert app.game.game_id == "cruel" and app.game.position() == unfinished.position()
        question = app.abandon_question
        assert question is not None and question.winfo_viewable()
        assert "Klondike you asked for" in str(app.status.message.cget("text"))
        question.yes.invoke()
        app.root.update()
        assert app.game is game and (game.game_id, game.seed) == ("klondike", 5)
        kept = list(store.saved_games_dir().glob("cruel-*.json"))
        assert len(kept) == 1 and store.stats("cruel").played == 1
        assert store.stats("cruel").won == 0


def test_the_command_line_asking_for_the_unfinished_deal_plays_on_with_it(
        display: str, data_dir: Path) -> None:
    """`solitaire-tk klondike --variant draw1 --seed 5` over that very game
    unfinished: no question, nothing counted, the game as it was left."""
    unfinished = new_game("klondike", "draw1", seed=5, player="Player 1")
    argv = ["klondike", "--variant", "draw1", "--seed", "5"]
    with opened_over_unfinished(data_dir, unfinished, argv) as (app, _game, store):
        assert app.abandon_question is None
        assert app.game.position() == unfinished.position() and len(app.game.log) == 1
        assert "Welcome back" in str(app.status.full_message)
        assert store.stats("klondike/draw1").played == 0
        assert not list(store.saved_games_dir().glob("klondike-*.json"))


def test_the_command_line_over_a_game_without_moves_asks_nothing(
        display: str, data_dir: Path) -> None:
    from solitaire_tk.ui.launch import first_game, open_app
    DataStore(data_dir).autosave(new_game("cruel", seed=8))
    store = DataStore(data_dir)
    args = parse_args(["klondike", "--seed", "5"])
    root = tk.Tk(className="SolitaireTutorTest")
    try:
        game = first_game(args, store)
        app: Any = open_app(root, store, args, game)
        root.update()
        assert app.abandon_question is None and app.game is game
    finally:
        root.destroy()


def test_ctrl_y_plays_the_undone_move_again(driver_for: Callable[..., Driver]) -> None:
    d = driver_for(new_game("klondike", seed=3))
    menu = d.app.choices.control_menu
    redo = d.app.choices.redo_entry
    assert menu.entrycget(redo, "accelerator") == "Ctrl+Y"
    assert menu.entrycget(redo, "state") == "disabled", "greyed: nothing to redo"
    d.key("y", state=0x4)
    assert "nothing to redo" in d.status()
    d.key("d")
    turned = d.game.position()
    d.key("z", state=0x4)
    assert len(d.game.piles["waste"]) == 0
    assert menu.entrycget(redo, "state") == "normal"
    assert menu.entrycget(redo, "label").startswith("Redo: turn")
    d.key("y", state=0x4)
    assert d.game.position() == turned and d.game.log[-1]["action"] == "flip"
    assert "Played again" in d.status()
    assert menu.entrycget(redo, "state") == "disabled"
    d.key("z", state=0x4)
    d.app.try_move(next(m for m in d.game.legal_moves() if m != Move("flip")))
    d.key("y", state=0x4)
    assert "nothing to redo" in d.status(), "a new move ends redo"


def test_session_figures_after_a_game_left_and_a_win_do_not_say_worse(
        driver_for: Callable[..., Driver], data_dir: Path) -> None:
    DataStore(data_dir).record_game(won_thirteen(), used_hints=False)  # an earlier session
    d = driver_for(play(new_game("thirteen", seed=11), moves=3, prefer="remove"))
    left_score = d.game.score()
    d.key("F2")
    d.answer(yes=True)                               # left unfinished: not won
    won = won_thirteen()
    almost = new_game("thirteen", deck=won.deck, seed=won.seed)
    for entry in won.log[:-1]:
        almost.play(Move.from_json(entry))
    d.app.start(almost)
    assert d.app.try_move(Move.from_json(won.log[-1])) and d.game.is_won()
    d.app.game_over_dialog.close()
    shown = shown_stats(d, "thirteen")
    assert (shown["session_played"], shown["session_won"]) == ("2", "1")
    assert shown["session_average"] == f"{(left_score + 52) / 2:g}"
    assert shown["session_before"] == "52"
    assert not any("worse" in text for text in shown.values()), shown


def test_renaming_the_player_keeps_the_game_as_it_is(driver_for: Callable[..., Driver],
                                                      data_dir: Path) -> None:
    d = driver_for(new_game("klondike", seed=3, player="Player 1"))
    d.key("d")
    d.key("h")                                          # a hint: it must stay counted
    table = d.game
    dialog = _players_dialog(d)
    dialog.listbox.selection_clear(0, "end")
    dialog.listbox.selection_set(0)
    dialog.start_rename()
    dialog.name.set("Ana")
    dialog.entry.focus_force()
    d.pump()
    dialog.entry.event_generate("<Return>")
    d.pump()
    dialog.close()
    d.pump()
    assert d.store.current_player == "Ana"
    assert d.game is table and table.player == "Ana" and d.app.used_hints
    assert d.app.abandon_question is None


def test_a_damaged_statistics_file_is_told_when_the_player_is_switched_to(
        driver_for: Callable[..., Driver], data_dir: Path) -> None:
    store = DataStore(data_dir)
    store.add_player("Ben")
    store.switch_player("Ben")
    store.record_game(won_thirteen(), used_hints=False)
    store.switch_player("Player 1")
    d = driver_for(new_game("klondike", seed=3, player="Player 1"))
    [ben_stats] = (data_dir / "stats").iterdir()      # only Ben has played
    ben_stats.write_text(ben_stats.read_text()[:40])  # cut short, as a full disk or a kill does
    _switch(d, "Ben")
    d.pump(50)
    told = "Ben's statistics file was damaged"
    assert told in d.app.status.message.cget("text")
    assert told in d.app.panel.message.cget("text")
    assert d.app.panel.heading.cget("text") == "About your files"
    assert list((data_dir / "damaged").iterdir()), "the damaged file was put aside"


def test_quit_warns_while_a_finished_game_could_not_be_written(
        driver_for: Callable[..., Driver], data_dir: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    from solitaire_tk import storage
    from solitaire_tk.ui import autosaving
    won = won_thirteen()
    game = new_game("thirteen", deck=won.deck, seed=won.seed)
    d = driver_for(game)
    real_replace = os.replace

    def disk_full(source: str, target: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(storage.os, "replace", disk_full)
    for entry in won.log:
        game.play(Move.from_json(entry))
    d.app.endgame.check_over()                       # the game is over: counted and kept
    d.pump()
    assert len(d.app.session.unwritten) == 1, "kept in memory"
    asked: list[str] = []

    def stay(title: str, question: str, **options: Any) -> bool:
        asked.append(question)
        return False                                 # No: stay
    monkeypatch.setattr(autosaving.messagebox, "askyesno", stay)
    d.app.quit()
    assert asked and "1 game that is over is kept in memory" in asked[0]
    assert "they are lost" in asked[0] and str(data_dir) in asked[0]
    assert d.root.winfo_exists(), "No keeps the window open"

    monkeypatch.setattr(storage.os, "replace", real_replace)   # room again
    asked.clear()
    d.app.quit()
    assert asked == [], "written at quit: nothing to ask"
    assert len(list((data_dir / "saved").glob("thirteen-*.json"))) == 1
    assert DataStore(data_dir).stats("thirteen").played == 1


def test_a_window_closed_before_its_autosave_keeps_the_last_move(
        driver_for: Callable[..., Driver], capfd: pytest.CaptureFixture[str]) -> None:
    # The window goes without Quit (as when a test, or the desktop, destroys
    # it) a moment after a move: the move is saved then, not lost, and no
    # timer is left behind to complain that its window is gone.
    d = driver_for(new_game("klondike", seed=5))
    move = d.game.legal_moves()[0]
    assert d.app.try_move(move)
    after_move = d.game.position()
    d.root.destroy()
    resumed = d.store.resume()
    assert resumed is not None and resumed.position() == after_move
    other = tk.Tk()
    try:
        other.after(500, other.quit)
        other.mainloop()   # the closed window's timers would have run by now
    finally:
        other.destroy()
    assert "invalid command name" not in capfd.readouterr().err


@pytest.mark.parametrize(("game", "name"), [
    (lambda: new_game("klondike", "draw3", seed=5), "klondike-draw3-deal-5.json"),
    (lambda: new_game("thirteen", seed=17), "thirteen-deal-17.json"),
    (lambda: new_game("cruel", deck=new_game("cruel", seed=2).deck), "cruel-own-deck.json")])
def test_save_as_offers_a_name_with_the_game_variant_and_deal(
        driver_for: Callable[..., Driver], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path, game: Callable[[], Any], name: str) -> None:
    from solitaire_tk.ui import gamefiles
    asked: dict[str, Any] = {}
    chosen = tmp_path / "chosen.json"

    def ask(**options: Any) -> str:
        asked.update(options)
        return str(chosen)

    monkeypatch.setattr(gamefiles.filedialog, "asksaveasfilename", ask)
    d = driver_for(game())
    gamefiles.save_as(d.app)
    assert asked["initialfile"] == name
    assert load_game(chosen).position() == d.game.position()
