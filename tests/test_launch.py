"""Starting the app: the command line, which game opens first, the chooser."""

from __future__ import annotations

import subprocess
import sys
import tkinter as tk
from tkinter import ttk
from pathlib import Path

import pytest

from solitaire_tk import new_game
from solitaire_tk.__main__ import parse_args
from solitaire_tk.storage import save_game
from solitaire_tk.ui.window import prepare_root
from solitaire_tk.userdata import DataStore

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("argv,message", [
    (["chess"], "no game called 'chess'"),
    (["klondike", "--variant", "draw9"], "no variant 'draw9'"),
    (["cruel", "--seed", "0"], "a deal number is a whole number"),
    (["cruel", "--seed", "abc"], "a deal number is a whole number"),
    (["replay"], "replay needs a saved game file"),
    (["--seed", "5"], "need a game"),
])
def test_bad_arguments_exit_2_with_a_clear_message(argv: list[str], message: str) -> None:
    result = subprocess.run([sys.executable, "-m", "solitaire_tk", *argv],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert message in result.stderr


def test_a_damaged_replay_file_exits_2_before_any_window(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "solitaire_tk", "replay", str(bad),
                             "--data-dir", str(tmp_path / "data")],
                            capture_output=True, text=True, timeout=60, env={"PATH": ""})
    assert result.returncode == 2 and "near line 1" in result.stderr


def test_no_screen_exits_2_with_a_clear_message_and_leaves_the_player_free(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    result = subprocess.run([sys.executable, "-m", "solitaire_tk", "klondike",
                             "--data-dir", str(data)],
                            capture_output=True, text=True, timeout=60, env={"PATH": ""})
    assert result.returncode == 2
    assert "cannot open a window" in result.stderr and "Traceback" not in result.stderr
    store = DataStore(data)
    assert not store.read_only, "the player is not left locked"
    store.release_player()


def test_first_game_follows_the_arguments_then_the_unfinished_game(data_dir: Path) -> None:
    from solitaire_tk.ui.launch import first_game
    store = DataStore(data_dir)
    game = first_game(parse_args(["klondike", "--variant", "draw3", "--seed", "42"]), store)
    assert (game.game_id, game.variant, game.seed) == ("klondike", "draw3", 42)
    assert first_game(parse_args([]), store) is None, "first run: the chooser"
    unfinished = new_game("cruel", seed=8)
    unfinished.play(unfinished.legal_moves()[0])
    store.autosave(unfinished)
    resumed = first_game(parse_args([]), DataStore(data_dir))
    assert resumed is not None and resumed.position() == unfinished.position()
    replay = first_game(parse_args(["replay", str(GOLDEN / "dammit-standard.json")]),
                        DataStore(data_dir))
    assert replay is not None  # the live game the replay opens over


def test_the_first_game_after_a_finished_one_is_dealt_as_new_game_deals(data_dir: Path) -> None:
    """With the player's own game options, and from their list of winnable deals."""
    from solitaire_tk.ui.launch import first_game, winnable_deals
    from solitaire_tk.winnabledeals import wanted
    from .helpers import won_thirteen
    store = DataStore(data_dir)
    store.update_settings(easy_mode=True, last_game="thirteen")
    store.record_game(won_thirteen(), used_hints=False)
    store.clear_current()
    assert wanted(store.settings, "thirteen", "standard"), "on for a new player"
    winnable_deals(store).add("thirteen", "standard", {"easy_mode": True}, 4242)
    game = first_game(parse_args([]), store)
    assert game is not None and game.options == {"easy_mode": True}
    assert game.seed == 4242, "the deal waiting in the list"
    assert winnable_deals(store).deals("thirteen", "standard", {"easy_mode": True}) == []
    asked = first_game(parse_args(["thirteen"]), store)
    assert asked is not None and asked.options == {"easy_mode": True}


def test_chooser_opens_the_chosen_game_by_keyboard(display: str, data_dir: Path) -> None:
    from solitaire_tk.ui.chooser import choose_game
    root = tk.Tk()
    prepare_root(root)   # as `launch` does first: Enter presses a button
    try:
        root.geometry("900x600+0+0")
        store = DataStore(data_dir)

        def press() -> None:
            buttons = [w for w in root.winfo_children()[0].winfo_children()[0].winfo_children()
                       if isinstance(w, tk.Widget)]
            thirteen_row = buttons[4]  # title, then a row per game (Klondike has its choices)
            button = thirteen_row.winfo_children()[0]
            button.focus_force()
            button.event_generate("<Return>")

        root.after(300, press)
        game = choose_game(root, store)
        assert game is not None and game.game_id == "thirteen"
    finally:
        root.destroy()


def test_enter_on_a_klondike_choice_opens_that_klondike(display: str, data_dir: Path) -> None:
    """The page says "Tab and Enter": Enter on "Draw three" did nothing."""
    from solitaire_tk.ui.chooser import choose_game
    root = tk.Tk()
    prepare_root(root)
    try:
        root.geometry("900x600+0+0")

        def press() -> None:
            radios = [w for w in _descendants(root) if isinstance(w, ttk.Radiobutton)]
            draw_three = next(w for w in radios if "Draw three" in str(w.cget("text")))
            draw_three.focus_force()
            draw_three.event_generate("<Return>")

        root.after(300, press)
        # (Else the window is closed: the test fails rather than waits for ever.)
        root.after(3000, lambda: root.tk.call(root.protocol("WM_DELETE_WINDOW")))
        game = choose_game(root, DataStore(data_dir))
        assert game is not None and (game.game_id, game.variant) == ("klondike", "draw3")
    finally:
        root.destroy()


def _descendants(widget: tk.Misc) -> list[tk.Misc]:
    out = []
    for child in widget.winfo_children():
        out += [child, *_descendants(child)]
    return out


def test_saved_game_opens_for_replay_from_the_command_line_check(tmp_path: Path) -> None:
    game = new_game("thirteen", seed=3)
    game.play(game.legal_moves()[0])
    path = tmp_path / "mine.json"
    save_game(game, path)
    args = parse_args(["replay", str(path)])
    assert args.game == "replay" and args.file == str(path)


def test_the_chooser_stands_in_the_middle_of_a_big_window(display: str, data_dir: Path) -> None:
    """A projector's first window is 1536x864: the chooser sat in its top left corner."""
    from solitaire_tk.ui.chooser import choose_game
    root = tk.Tk()
    prepare_root(root)
    try:
        root.geometry("1536x864+0+0")
        where: list[tuple[int, int, int, int]] = []

        def look() -> None:
            frame = root.winfo_children()[0].winfo_children()[0]
            where.append((frame.winfo_x(), frame.winfo_y(), frame.winfo_width(),
                          frame.winfo_height()))
            root.tk.call(root.protocol("WM_DELETE_WINDOW"))

        root.after(400, look)
        assert choose_game(root, DataStore(data_dir)) is None
        x, y, width, height = where[0]
        assert abs(x - (root.winfo_width() - width - x)) <= 2, "as much room left as right"
        assert abs(y - (root.winfo_height() - height - y)) <= 2, "and above as below"
        assert x > 200
    finally:
        root.destroy()


def test_the_chooser_s_sentences_stay_on_a_small_screen_at_150_percent(
        display: str, data_dir: Path, monkeypatch) -> None:
    """Each sentence sits beside its button: wrapped as if alone on its line,
    it ran about 200 pixels off an 800-wide screen at 150%."""
    from solitaire_tk.ui.chooser import choose_game
    monkeypatch.setattr(tk.Misc, "winfo_screenwidth", lambda self: 800)
    monkeypatch.setattr(tk.Misc, "winfo_screenheight", lambda self: 600)
    root = tk.Tk()
    before = root.tk.call("tk", "scaling")
    prepare_root(root)
    try:
        root.tk.call("tk", "scaling", 2.0)
        root.geometry("800x560+0+0")
        cut: list[str] = []
        seen: list[str] = []

        def look() -> None:
            for widget in _descendants(root):
                if isinstance(widget, ttk.Label) and widget.winfo_ismapped():
                    seen.append(str(widget.cget("text")))
                    if widget.winfo_width() < widget.winfo_reqwidth():   # cut by the window
                        cut.append(str(widget.cget("text")))
            root.tk.call(root.protocol("WM_DELETE_WINDOW"))

        root.after(400, look)
        assert choose_game(root, DataStore(data_dir)) is None
        assert len(seen) >= 6 and not cut, cut
    finally:
        root.tk.call("tk", "scaling", before)
        root.destroy()
