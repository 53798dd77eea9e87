"""Replays in the real window under Xvfb: a replay shows its own game (title,
tutor panel, lesson and result), and the game in play waits untouched."""

from __future__ import annotations

import json
import tkinter as tk
from pathlib import Path
from tkinter import font

from solitaire_tk import Replay, new_game
from solitaire_tk.engine import Game
from solitaire_tk.lessons import load_lesson
from solitaire_tk.moves import Move
from solitaire_tk.__main__ import parse_args
from solitaire_tk.storage import save_game
from solitaire_tk.ui.app import TutorApp
from solitaire_tk.ui.keys import keys_text
from solitaire_tk.ui.launch import launch
from solitaire_tk.ui.statusbar import ELLIPSIS
from solitaire_tk.userdata import DataStore

from .gui import Driver
from .helpers import WINNING_THIRTEEN, play
from .test_gui_tutor import GOLDEN, drawn_piles


def lost_dammit_file(folder: Path) -> Path:
    """A Dammit! game played to a loss by the engine, saved as a player would keep it."""
    game = play(new_game("dammit", seed=1))
    assert game.is_over() and not game.is_won()
    path = folder / "dammit-lost.json"
    save_game(game, path)
    return path


def unfinished_double() -> Game:
    game = play(new_game("double", seed=5), moves=3)
    assert game.log and not game.is_over()
    return game


def autosaved(data_dir: Path) -> dict[str, object]:
    """The deal and moves of the game in play as its autosave keeps them."""
    (path,) = (data_dir / "current").glob("*.json")
    record = json.loads(path.read_text(encoding="utf-8"))
    return {key: record[key] for key in ("game", "deck", "log")}


def panel_says(d: Driver) -> tuple[str, str, str | None]:
    """The tutor panel's title, its sentence, and the name of the lesson it shows."""
    panel = d.app.panel
    lesson = panel.help.lesson
    return (str(panel.title.cget("text")), str(panel.message.cget("text")),
            lesson.title if lesson is not None else None)


def words_shown(d: Driver) -> str:
    """Every sentence on the tutor panel's labels and in the status bar."""
    found, todo = [d.status()], [d.app.panel]
    while todo:
        widget = todo.pop()
        todo.extend(widget.winfo_children())
        if widget.winfo_class() in ("TLabel", "Label"):
            found.append(str(widget.cget("text")))
    return "\n".join(found)


def test_a_replay_of_another_game_shows_that_game_and_leaves_the_game_in_play(
        driver_for, tmp_path, data_dir) -> None:
    path = lost_dammit_file(tmp_path)
    d = driver_for(unfinished_double())
    d.pump(400)  # the game in play is autosaved
    kept = autosaved(data_dir)
    before = (d.root.title(), panel_says(d), drawn_piles(d), d.game.position(), list(d.game.log))
    assert "Double Solitaire" in before[0]

    d.app.open_file(str(path))
    d.pump()
    assert d.app.replaying
    assert "Dammit!" in d.root.title() and "Double" not in d.root.title()
    title, _, lesson = panel_says(d)
    assert "Dammit!" in title and "Double" not in title
    assert lesson == load_lesson("dammit").title
    view = d.app.panel.replay
    assert "Dammit!" in str(view.intro.cget("text"))

    d.key("End")
    final = d.app.replay.session.game()
    loss = final.outcome()
    assert loss.startswith("Game over") and not final.is_won()
    assert view.result.cget("text") == loss
    assert loss in d.status()
    assert "won" not in words_shown(d).lower()

    view.close_button.invoke()
    d.pump(400)  # an autosave, if one were wrongly made, would be written by now
    assert not d.app.replaying
    assert loss not in d.status() and "your own game is back" in d.status()
    after = (d.root.title(), panel_says(d), drawn_piles(d), d.game.position(), list(d.game.log))
    assert after == before
    assert autosaved(data_dir) == kept


def test_a_lost_replay_does_not_keep_the_won_game_s_result(driver_for, tmp_path) -> None:
    path = lost_dammit_file(tmp_path)
    d = driver_for(new_game("thirteen", deck=WINNING_THIRTEEN, seed=7))
    while not d.game.is_over():
        legal = d.game.legal_moves()
        assert d.app.try_move(next((m for m in legal if m.action == "remove"), legal[0]))
    assert d.game.is_won()
    d.pump()
    if d.app.game_over_dialog is not None:
        d.app.game_over_dialog.close()
    assert d.app.panel.heading.cget("text") == "You won!"
    assert panel_says(d)[1] == "Every card has been taken away.", "the heading says 'You won!'"
    d.app.open_file(str(path))
    d.key("End")
    d.pump()
    shown = words_shown(d)
    assert "You won" not in shown
    assert d.app.replay.session.game().outcome() in shown


def button_places(d: Driver) -> dict[str, tuple[int, int]]:
    view = d.app.panel.replay
    buttons = {**view.buttons, "take_over": view.take_over, "close": view.close_button}
    return {name: (b.winfo_rootx(), b.winfo_rooty()) for name, b in buttons.items()}


def test_the_replay_buttons_stay_where_they_are_while_the_sentences_change(
        driver_for) -> None:
    d = driver_for(new_game("cruel", seed=3))
    d.app.open_file(str(GOLDEN / "double-standard.json"))
    d.pump(100)
    view = d.app.panel.replay
    places = button_places(d)
    forward = view.buttons["forward"]
    # Always press at the same point of the screen, as a user clicking on and on does.
    x = places["forward"][0] + forward.winfo_width() // 2
    y = places["forward"][1] + forward.winfo_height() // 2
    heights = set()
    for _ in range(len(d.app.replay.session)):
        assert d.root.winfo_containing(x, y) is forward
        step = d.app.replay.session.step
        forward.invoke()
        d.pump()
        assert d.app.replay.session.step == step + 1
        assert button_places(d) == places
        heights.add(view.where.winfo_height() + view.next_label.winfo_height()
                    + view.result.winfo_height())
    assert len(heights) > 2, "the sentences should have had different lengths"


def hover(d: Driver, widget, y: int) -> None:
    """Move the pointer itself onto `widget` at height `y`, and rest there."""
    widget.event_generate("<Motion>", warp=True, x=10, y=y)
    d.pump()
    widget.event_generate("<Enter>", x=10, y=y)
    widget.event_generate("<Motion>", x=10, y=y)
    d.pump(700)  # a tooltip comes after a short hover


def test_a_step_too_long_for_its_row_is_cut_at_a_word_and_shows_whole_when_hovered(
        driver_for) -> None:
    replay = Replay(GOLDEN / "double-standard.json")
    d = driver_for(new_game("cruel", seed=3))
    d.app.open_file(str(GOLDEN / "double-standard.json"))
    d.pump(100)
    steps = d.app.panel.replay.steps
    tip = d.app.panel.replay.step_tip
    room = steps.winfo_width() - 2 * int(steps.cget("borderwidth")) - 4
    measure = font.Font(font=steps.cget("font")).measure
    visible = [row for row in range(steps.size()) if steps.bbox(row)]
    whole = {row: f"{row}. {replay.steps[row - 1]}" if row else "0. The deal" for row in visible}
    long_rows = [row for row in visible if measure(whole[row]) > room]
    short_rows = [row for row in visible if measure(whole[row]) <= room]
    assert long_rows and short_rows, "the list should hold rows too long for it, and short ones"
    for row in visible:   # every row fits; a long one ends at a whole word, with "..."
        shown = str(steps.get(row))
        assert measure(shown) <= room
        if row in long_rows:
            assert shown.endswith(ELLIPSIS)
            words = shown[:-len(ELLIPSIS)]
            # (a comma or colon before the cut is left out, as the status bar does)
            assert whole[row].startswith(words)
            assert whole[row][len(words):].lstrip(",:;")[:1] == " "
        else:
            assert shown == whole[row]

    row = long_rows[0]
    hover(d, steps, steps.bbox(row)[1] + 2)
    assert tip.shown and tip.label is not None
    assert tip.label.cget("text") == whole[row]
    steps.event_generate("<Leave>")
    d.pump()
    assert not tip.shown

    hover(d, steps, steps.bbox(short_rows[0])[1] + 2)
    assert not tip.shown, "a row shown whole needs no tooltip"


def shows_its_own_replay(d: Driver, title: str) -> None:
    """The window shows a replay of a game of `title`, with that game's panel and
    lesson (the tutor panel comes out even if it was hidden), and at the last
    step the replayed game's own result."""
    d.pump()
    assert d.app.replaying
    assert d.root.title() == f"Solitaire Tutor: {title} (replay)"
    assert d.app.panel.winfo_ismapped()
    panel_title, _, lesson = panel_says(d)
    assert panel_title == f"Tutor: {title} (replay)"
    assert lesson == load_lesson(d.app.replay.session.replay.game_id).title
    d.key("End")
    d.pump()
    final = d.app.replay.session.game()
    assert d.app.panel.replay.result.cget("text") == d.app.replay.session.result_text()
    if final.is_over():
        assert final.outcome() in words_shown(d)


def hide_the_panel(d: Driver) -> None:
    d.app.panel_shown.set(False)
    d.app.change_setting("tutor_panel", False)
    d.pump()
    assert not d.app.panel.winfo_ismapped()


def test_ctrl_e_replays_the_game_in_play(driver_for) -> None:
    d = driver_for(play(new_game("dammit", seed=1), moves=5))
    hide_the_panel(d)
    d.key("e", state=0x4)
    shows_its_own_replay(d, "Dammit!")


def test_game_open_replays_a_saved_game_of_another_game(driver_for, tmp_path,
                                                        monkeypatch) -> None:
    path = lost_dammit_file(tmp_path)
    monkeypatch.setattr("tkinter.filedialog.askopenfilename", lambda **kw: str(path))
    d = driver_for(unfinished_double())
    hide_the_panel(d)
    d.key("o", state=0x4)  # Ctrl+O, as Game > Open saved game
    shows_its_own_replay(d, "Dammit!")


def test_replay_it_after_a_lost_game_replays_that_game(driver_for) -> None:
    d = driver_for(new_game("dammit", seed=1))
    hide_the_panel(d)
    while not d.game.is_over():
        assert d.app.try_move(d.game.legal_moves()[0])
    d.pump()
    dialog = d.app.game_over_dialog
    assert dialog is not None and dialog.winfo_exists()
    dialog.buttons["Replay it"].invoke()
    shows_its_own_replay(d, "Dammit!")
    assert "Game over" in d.app.panel.replay.result.cget("text")


def test_solitaire_tk_replay_file_opens_over_the_unfinished_game(display, data_dir, tmp_path,
                                                                monkeypatch) -> None:
    """`solitaire-tk replay FILE`: the whole start-up, with the window looked at
    where the main loop would start (and then closed as the user would)."""
    path = lost_dammit_file(tmp_path)
    waiting = unfinished_double()
    store = DataStore(data_dir)
    store.autosave(waiting)
    store.settings.tutor_panel = False  # the replay must bring the panel out
    store.save_settings()
    seen: dict[str, object] = {}
    apps: list[TutorApp] = []
    made = TutorApp.__init__

    def keep(self: TutorApp, *args: object) -> None:
        made(self, *args)
        apps.append(self)

    def look_and_close(root: tk.Misc, n: int = 0) -> None:
        (app,) = apps
        root.update()
        seen.update(title=root.winfo_toplevel().title(), replaying=app.replaying,
                    panel=app.panel.title.cget("text"), mapped=app.panel.winfo_ismapped(),
                    lesson=app.panel.help.lesson.title, intro=app.panel.replay.intro.cget("text"),
                    live=app.game.position())
        app.quit()

    monkeypatch.setattr(TutorApp, "__init__", keep)
    monkeypatch.setattr(tk.Misc, "mainloop", look_and_close)
    assert launch(parse_args(["replay", str(path), "--data-dir", str(data_dir)])) == 0
    assert seen == {"title": "Solitaire Tutor: Dammit! (replay)", "replaying": True,
                    "panel": "Tutor: Dammit! (replay)", "mapped": True,
                    "lesson": load_lesson("dammit").title,
                    "intro": seen["intro"], "live": waiting.position()}
    assert str(seen["intro"]).startswith("Dammit!, deal 1, started ")
    kept = DataStore(data_dir).resume()
    assert kept is not None and kept.game_id == "double" and kept.log == waiting.log


def test_play_from_here_shows_the_replayed_game_as_the_game_in_play(driver_for,
                                                                    tmp_path) -> None:
    path = lost_dammit_file(tmp_path)
    d = driver_for(new_game("double", seed=5))  # no move made: nothing to ask about
    d.app.open_file(str(path))
    for _ in range(4):
        d.key("Right")
    d.app.panel.replay.take_over.invoke()
    d.pump()
    assert not d.app.replaying and d.game.game_id == "dammit" and len(d.game.log) == 4
    assert d.root.title() == "Solitaire Tutor: Dammit!"
    assert panel_says(d)[0] == "Tutor: Dammit!" and panel_says(d)[2] == load_lesson("dammit").title


def test_play_from_the_first_step_says_it_starts_from_the_deal(driver_for, tmp_path) -> None:
    d = driver_for(new_game("double", seed=5))
    d.app.open_file(str(lost_dammit_file(tmp_path)))
    d.app.panel.replay.take_over.invoke()
    d.pump()
    assert d.game.game_id == "dammit" and d.game.log == []
    assert "playing on from the deal, before its first move" in d.status()


def test_the_step_shown_stays_in_sight_in_the_list(driver_for, tmp_path) -> None:
    path = lost_dammit_file(tmp_path)
    d = driver_for(new_game("double", seed=5), geometry="1000x640+0+0")
    d.app.open_file(str(path))
    d.pump(100)
    steps = d.app.panel.replay.steps
    for key in ("End", "Home", "End", "Left", "Left"):
        d.key(key)
        d.pump(50)
        step = d.app.replay.session.step
        box = steps.bbox(step)
        assert box is not None and box[1] + box[3] <= steps.winfo_height(), (key, step)


def test_a_replay_by_the_keys_alone_f6_reaches_its_buttons_and_escape_closes_it(
        driver_for) -> None:
    """A pupil without a mouse: Ctrl+E, the arrows, F6 into the tutor panel and
    Tab round it to the step list, F6 back, and Escape to close the replay."""
    game = new_game("klondike", variant="draw3", seed=1)
    for _ in range(5):   # long sentences: each names the three cards turned
        game.play(Move("flip"))
    d = driver_for(game, geometry="900x700+0+0")
    hide_the_panel(d)
    d.key("e", state=0x4)
    assert d.app.replaying
    d.key("Right")
    assert d.app.replay.session.step == 1
    for _ in range(3):   # the bar keeps to one line: the panel says the steps in full
        d.key("Right")
        d.pump()
        assert d.app.status.message.winfo_height() < 2 * d.app.status._font().metrics(
            "linespace")
    d.key("Home")
    d.key("Right")
    d.key("F6")
    d.pump()
    assert d.root.focus_get() is d.app.panel.book, "F6: the keys go to the panel's tabs"
    assert d.app.panel.winfo_ismapped()
    seen = []
    for _ in range(40):   # Tab goes round the panel, the replay's buttons too
        d.root.focus_get().event_generate("<Tab>")
        d.pump()
        seen.append(d.root.focus_get())
    view = d.app.panel.replay
    assert view.steps in seen and view.buttons["forward"] in seen
    view.steps.focus_set()
    d.pump()
    view.steps.event_generate("<Right>")
    assert d.app.replay.session.step == 2, "the replay's keys work in the panel too"
    d.key("F6", widget=view.steps)
    assert d.root.focus_get() is d.app.table, "F6 again: back to the table"
    d.key("Escape")
    assert not d.app.replaying and d.game is game
    assert "your own game is back" in d.status()
    assert "F6" in keys_text(d.game)


def test_a_win_played_on_from_a_replay_counts_as_won_with_help(driver_for, tmp_path) -> None:
    """Else the last step of a won game, played on again and again, would add a
    win without help each time."""
    won = play(new_game("thirteen", deck=WINNING_THIRTEEN, seed=41), prefer="remove")
    assert won.is_won()
    path = tmp_path / "thirteen-won.json"
    save_game(won, path)
    d = driver_for(new_game("double", seed=5))
    d.app.open_file(str(path))
    d.key("End")
    d.key("Left")
    d.app.panel.replay.take_over.invoke()
    d.pump()
    assert "counts as played with help" in d.status()
    d.app.try_move(Move.from_json(won.log[-1]))   # the winning move once more
    d.pump(300)
    assert d.game.is_won()
    stats = d.store.stats("thirteen")
    assert (stats.played, stats.won, stats.won_with_hints) == (1, 0, 1)
