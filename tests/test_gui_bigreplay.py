"""A replay of a long game in the real window (Xvfb): the list of steps gets
its sentences only for the rows in sight, yet scrolling, the arrow keys,
a click on a row and the highlight of the step shown work at the start, in
the middle and at the end, and the loss at the end is shown in its colour."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire_tk import Replay, new_game
from solitaire_tk.storage import save_game
from solitaire_tk.ui.colours import RESULT_COLOURS
from solitaire_tk.ui.statusbar import ELLIPSIS

from .gui import Driver
from .helpers import play
from .test_gui_tutor import drawn_piles, piles_of

TIMES_TAKEN_BACK = 1000   # each move is taken back and made again so often


@pytest.fixture(scope="module")
def long_lost_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game of Cruel played to a loss, 18,000 steps long: every move is
    taken back and made again a thousand times on the way."""
    moves = play(new_game("cruel", seed=1)).log
    game = new_game("cruel", seed=1)
    for entry in moves:
        game.play(entry)
        for _ in range(TIMES_TAKEN_BACK if not game.is_over() and game.can_undo() else 0):
            game.undo()
            game.play(entry)
    assert game.result_kind() == "lost" and len(game.log) > 15_000
    path = tmp_path_factory.mktemp("long") / "cruel-long.json"
    save_game(game, path)
    return path


def rows_in_sight(d: Driver) -> list[int]:
    steps = d.app.panel.replay.steps
    top, bottom = steps.nearest(0), steps.nearest(steps.winfo_height())
    return [row for row in range(top, bottom + 1) if steps.bbox(row)]


def shows(text: str, whole: str) -> bool:
    """A row shows its sentence whole, or cut at a word with "..." where it is too long."""
    if text == whole:
        return True
    words = text[:-len(ELLIPSIS)]
    return (text.endswith(ELLIPSIS) and whole.startswith(words)
            and whole[len(words):].lstrip(",:;")[:1] == " ")


def check_shown(d: Driver, replay: Replay, step: int) -> None:
    """The table, the list's highlight and every row in sight fit step `step`."""
    view = d.app.panel.replay
    assert d.app.replay.session.step == step
    assert drawn_piles(d) == piles_of(replay.game_at(step))
    assert view.steps.curselection() == (step,)
    assert step in rows_in_sight(d)
    for row in rows_in_sight(d):
        text = str(view.steps.get(row))
        assert shows(text, "0. The deal" if row == 0 else f"{row}. {replay.steps[row - 1]}")


def click_row(d: Driver, row: int) -> None:
    steps = d.app.panel.replay.steps
    x, y, _, height = steps.bbox(row)
    steps.event_generate("<Enter>", x=x + 10, y=y + height // 2)
    steps.event_generate("<ButtonPress-1>", x=x + 10, y=y + height // 2)
    steps.event_generate("<ButtonRelease-1>", x=x + 10, y=y + height // 2)
    d.pump()


def test_a_long_replay_is_stepped_and_clicked_at_its_start_middle_and_end(
        driver_for, long_lost_game: Path) -> None:
    replay = Replay(long_lost_game)
    d = driver_for(new_game("double", seed=5))
    d.app.open_file(str(long_lost_game))
    d.pump(50)
    view = d.app.panel.replay
    steps = view.steps
    assert steps.size() == len(replay) + 1
    filled = [row for row in range(0, steps.size(), 97) if steps.get(row)]
    assert len(filled) < 5, "only the rows in sight have their sentences"
    check_shown(d, replay, 0)

    # The start: the arrow keys, then a click on a row further down.
    for step in (1, 2, 3):
        d.key("Right")
        d.pump()
        check_shown(d, replay, step)
    row = rows_in_sight(d)[-2]
    click_row(d, row)
    check_shown(d, replay, row)

    # The middle: the list is scrolled there (as with the scrollbar), then a row clicked.
    steps.yview_moveto(0.5)
    d.pump()
    middle = rows_in_sight(d)
    assert abs(middle[0] - len(replay) // 2) < 50
    assert all(shows(str(steps.get(row)), f"{row}. {replay.steps[row - 1]}") for row in middle)
    click_row(d, middle[3])
    check_shown(d, replay, middle[3])
    d.key("Left")
    d.pump()
    check_shown(d, replay, middle[3] - 1)
    # The mouse wheel scrolls on from there, and what comes into sight is filled in.
    for _ in range(3):
        steps.event_generate("<Button-5>", x=10, y=10)
    d.pump()
    assert rows_in_sight(d)[0] > middle[0]
    assert all(steps.get(row).startswith(f"{row}. ") for row in rows_in_sight(d))

    # The end: End, a click on a row above it, and Right back to the end.
    d.key("End")
    d.pump()
    check_shown(d, replay, len(replay))
    assert view.result.cget("text") == replay.final.outcome()
    assert str(view.result.cget("foreground")) == RESULT_COLOURS["lost"]
    click_row(d, len(replay) - 3)
    check_shown(d, replay, len(replay) - 3)
    for _ in range(3):
        d.key("Right")
    d.pump()
    check_shown(d, replay, len(replay))
    d.key("Home")
    d.pump()
    check_shown(d, replay, 0)


def test_a_long_game_in_play_is_kept_move_by_move_and_whole_at_quit(driver_for,
                                                                    data_dir: Path) -> None:
    import json

    from solitaire_tk.moves import Move
    game = new_game("klondike", "draw3", seed=2, player="Player 1")
    while len(game.log) < 3000:
        game.play(Move("flip") if game.is_legal(Move("flip")) else Move("recycle"))
    d = driver_for(game)
    record = data_dir / "current" / "player-1.json"
    for _ in range(2):
        d.app.try_move(d.game.legal_moves()[0])
        d.pump(400)   # kept a moment after the move
    written = json.loads(record.read_text(encoding="utf-8"))
    (journal,) = (data_dir / "current").glob("*.journal")
    assert len(written["log"]) + len(journal.read_text(encoding="utf-8").splitlines()) \
        == len(d.game.log) == 3002
    played = list(d.game.log)
    d.app.quit()
    assert not list((data_dir / "current").glob("*.journal"))
    assert json.loads(record.read_text(encoding="utf-8"))["log"] == played
