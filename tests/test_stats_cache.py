"""Statistics are a cache of the games kept in saved/: two windows, a lost or
damaged statistics file, Clear Stats and an older app's file lose no game.

Real files in temporary folders; the two windows are two real processes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from solitaire_tk import new_game
from solitaire_tk.engine import Game
from solitaire_tk.moves import Move
from solitaire_tk.session import Session
from solitaire_tk.storage import SaveError, save_game
from solitaire_tk.ui.statsdialog import StatsDialog
from solitaire_tk.userdata import DataStore

from .gui import Driver
from .helpers import WINNING_THIRTEEN, play

ROOT = Path(__file__).resolve().parent.parent
GAMES_EACH = 25

# One window: reads the statistics, waits for the start signal, then ends 25 games of Thirteen for
# Player 1, every third one left unfinished.  Both windows play the same deal
# numbers at the same moments, so their files would take the same names.
WINDOW = """
import os, sys, time
from pathlib import Path
from solitaire_tk import new_game
from solitaire_tk.userdata import DataStore
from tests.helpers import WINNING_THIRTEEN, play
folder, window, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
store = DataStore(folder)
store.stats("thirteen")                      # read before either window ends a game
(folder / f"ready-{window}").write_text("")
while not (folder / "go").exists():
    time.sleep(0.01)
for number in range(count):
    game = new_game("thirteen", deck=WINNING_THIRTEEN, seed=1000 + number)
    game.started = f"2026-12-01T0{window}:00:{number:02d}Z"   # two games, not one
    play(game, moves=2 if number % 3 == 2 else None, prefer="remove")
    store.record_game(game, used_hints=number % 5 == 0)
"""


def thirteen(won: bool, seed: int) -> Game:
    """A game of Thirteen won, or left after two moves."""
    game = new_game("thirteen", deck=WINNING_THIRTEEN, seed=seed)
    return play(game, moves=None if won else 2, prefer="remove")


def cruel(seed: int, moves: int) -> Game:
    return play(new_game("cruel", seed=seed), moves=moves, prefer="move")


def figures(store: DataStore) -> dict[str, Any]:
    return {key: stats for key, stats in store.all_stats().items()}


def kept_files(folder: Path) -> list[Path]:
    return sorted((folder / "saved").glob("*.json"))


def a_term_of_games(store: DataStore) -> None:
    """Wins, losses, a win with a hint and Cruel scores, in an order the streaks show."""
    for number, (won, hints) in enumerate([(True, False), (True, False), (False, False),
                                           (True, True), (True, False), (True, False)]):
        store.record_game(thirteen(won, 2000 + number), used_hints=hints)
    for seed, moves in ((1, 1), (2, 6), (3, 3)):
        store.record_game(cruel(seed, moves), used_hints=False)


# -- two windows at once -----------------------------------------------------------------
def test_two_windows_ending_games_at_once_lose_none(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    windows = [subprocess.Popen([sys.executable, "-c", WINDOW, str(tmp_path), str(n),
                                 str(GAMES_EACH)], cwd=ROOT, env=env,
                                stderr=subprocess.PIPE, text=True) for n in (1, 2)]
    deadline = time.monotonic() + 60
    while not all((tmp_path / f"ready-{n}").exists() for n in (1, 2)):
        assert time.monotonic() < deadline and all(w.poll() is None for w in windows)
        time.sleep(0.01)
    (tmp_path / "go").write_text("")   # both end their games at the same time
    for window in windows:
        _, errors = window.communicate(timeout=120)
        assert window.returncode == 0, errors
    stats = DataStore(tmp_path).stats("thirteen")
    assert stats.played == 2 * GAMES_EACH, "none lost"
    lost = sum(1 for n in range(GAMES_EACH) if n % 3 == 2)
    with_hints = sum(1 for n in range(GAMES_EACH) if n % 5 == 0 and n % 3 != 2)
    assert (stats.won, stats.won_with_hints, stats.lost) == (
        2 * (GAMES_EACH - lost - with_hints), 2 * with_hints, 2 * lost)
    assert len(kept_files(tmp_path)) == 2 * GAMES_EACH, "one file per game, none written over"


def test_a_window_counts_the_games_the_other_window_kept_in_the_order_they_ended(
        tmp_path: Path) -> None:
    first, second = DataStore(tmp_path), DataStore(tmp_path)
    first.stats("thirteen")
    second.stats("thirteen")   # both read the statistics before any game
    first.record_game(thirteen(True, 1), used_hints=False)
    second.record_game(thirteen(False, 2), used_hints=False)
    first.record_game(thirteen(True, 3), used_hints=False)
    second.refresh_stats()     # as opening the Statistics dialog does
    for store in (first, second, DataStore(tmp_path)):
        stats = store.stats("thirteen")
        assert (stats.played, stats.won, stats.streak, stats.best_streak) == (3, 2, 1, 1)
    assert second.session_stats("thirteen").played == 1, "the other window's games are not "\
                                                         "this session's"


def test_switching_player_and_opening_the_statistics_count_the_other_window_s_games(
        driver_for: Callable[..., Driver], data_dir: Path) -> None:
    DataStore(data_dir).add_player("Ana")
    d = driver_for(new_game("thirteen", seed=4, player="Player 1"))
    assert d.store.stats("thirteen").played == 0   # read at start, as the window does
    other_window = DataStore(data_dir)
    other_window.record_game(thirteen(True, 1), used_hints=False)
    d.app.show_stats()
    d.pump()
    [dialog] = [w for w in d.root.winfo_children() if isinstance(w, StatsDialog)]
    assert dialog.values["played"].cget("text") == "1", "the game the other window kept"
    dialog.close()
    other_window.record_game(thirteen(False, 2), used_hints=False)
    d.store.switch_player("Ana")
    d.store.switch_player("Player 1")
    assert d.store.stats("thirteen").played == 2


def test_the_result_written_in_a_kept_file_is_not_trusted(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    lost = thirteen(False, 1)
    store.record_game(lost, used_hints=True)
    [kept] = kept_files(tmp_path)
    record = json.loads(kept.read_text())
    record["result"] = {"over": True, "won": True, "score": 52}
    record["counted_for"]["hints_used"] = False
    kept.write_text(json.dumps(record))
    (tmp_path / "stats" / "player-1.json").unlink()
    stats = DataStore(tmp_path).stats("thirteen")
    assert (stats.played, stats.won, stats.total_score) == (1, 0, lost.score()), "replayed"
    assert lost.score() < 52


def test_a_game_copied_in_later_is_counted_where_it_ended(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    DataStore(here).record_game(thirteen(True, 1), used_hints=False)
    DataStore(there).record_game(thirteen(False, 2), used_hints=False)
    DataStore(here).record_game(thirteen(True, 3), used_hints=False)
    [lost] = kept_files(there)
    shutil.copy(lost, here / "saved" / lost.name)   # the same player id: Player 1's game
    stats = DataStore(here).stats("thirteen")
    assert (stats.played, stats.won, stats.streak, stats.best_streak) == (3, 2, 1, 1), \
        "win, loss, win: not two wins in a row"


# -- a lost or damaged statistics file ---------------------------------------------------
@pytest.mark.parametrize("damage", ["deleted", "cut short", "a bad figure"])
def test_lost_statistics_are_counted_again_from_the_kept_games(tmp_path: Path,
                                                                damage: str) -> None:
    store = DataStore(tmp_path)
    a_term_of_games(store)
    before = figures(store)
    thirteen_figures = before["thirteen"]
    assert (thirteen_figures.played, thirteen_figures.won, thirteen_figures.won_with_hints,
            thirteen_figures.streak, thirteen_figures.best_streak) == (6, 4, 1, 2, 2)
    path = tmp_path / "stats" / "player-1.json"
    if damage == "deleted":
        path.unlink()
    elif damage == "cut short":
        path.write_text(path.read_text()[:200])
    else:
        data = json.loads(path.read_text())
        data["games"]["cruel"]["played"] = "lots"
        path.write_text(json.dumps(data))
    again = DataStore(tmp_path)
    assert figures(again) == before, "streaks, best scores and Cruel's list as they were"
    said = again.take_notices()
    if damage == "deleted":
        assert said == []
    else:
        [notice] = said
        assert notice.startswith("Player 1's statistics file") and "counted again" in notice
        assert len(list((tmp_path / "damaged").iterdir())) == 1
    assert figures(DataStore(tmp_path)) == before and DataStore(tmp_path).notice is None


def test_a_game_counted_is_not_read_again_at_start(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    a_term_of_games(store)
    before = figures(store)
    for path in kept_files(tmp_path):
        path.write_text("not read again: the statistics file says it was counted")
    again = DataStore(tmp_path)
    assert figures(again) == before and again.notice is None


def test_a_file_being_written_by_another_window_is_counted_once_it_is_there(
        tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.record_game(thirteen(True, 1), used_hints=False)
    [kept] = kept_files(tmp_path)
    text = kept.read_text()
    (tmp_path / "stats" / "player-1.json").unlink()
    kept.write_text("")                       # the name taken, the game not yet written
    assert DataStore(tmp_path).stats("thirteen").played == 0
    kept.write_text(text)
    assert DataStore(tmp_path).stats("thirteen").played == 1


def test_the_game_is_kept_first_so_statistics_that_cannot_be_written_lose_nothing(
        tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.stats("thirteen")                       # read before the folder below is made
    blocked = tmp_path / "stats" / "player-1.json"
    blocked.mkdir(parents=True)                   # a folder where the file goes: a real failure
    won = thirteen(True, 1)
    game = new_game("thirteen", deck=won.deck, seed=won.seed)
    session = Session(store, game)
    for entry in won.log:
        game.play(Move.from_json(entry))
        session.autosave()
    with pytest.raises(SaveError, match="^Your statistics"):
        session.finish()
    assert session.unwritten == [] and len(kept_files(tmp_path)) == 1, "kept in saved/"
    assert session.finished_file == kept_files(tmp_path)[0]
    assert not (tmp_path / "current" / "player-1.json").exists(), "written down: cleared"
    blocked.rmdir()
    assert DataStore(tmp_path).stats("thirteen").won == 1, "counted from saved/"


# -- Clear Stats ---------------------------------------------------------------------------
def test_clear_hides_the_games_before_it_and_keeps_them(tmp_path: Path) -> None:
    store, other_window = DataStore(tmp_path), DataStore(tmp_path)
    a_term_of_games(store)
    other_window.record_game(thirteen(True, 50), used_hints=False)   # not yet seen by store
    store.clear_stats("thirteen")
    assert store.stats("thirteen").played == 0 and store.stats("cruel").played == 3
    store.record_game(thirteen(False, 60), used_hints=False)
    store.record_game(thirteen(True, 61), used_hints=False)
    for again in (store, DataStore(tmp_path)):
        stats = again.stats("thirteen")
        assert (stats.played, stats.won, stats.lost, stats.streak) == (2, 1, 1, 1), \
            "only the games after the Clear, not the other window's game from before"
    assert len(kept_files(tmp_path)) == 6 + 3 + 1 + 2, "the saved games stay"
    store.clear_stats()
    assert DataStore(tmp_path).all_stats() == {} and not DataStore(tmp_path).has_played
    store.record_game(cruel(4, 2), used_hints=False)
    assert DataStore(tmp_path).stats("cruel").played == 1


# -- an older app's statistics ------------------------------------------------------------
def test_figures_from_an_older_app_are_kept_as_a_base(tmp_path: Path) -> None:
    (tmp_path / "stats").mkdir()
    old = {"played": 10, "won": 4, "won_with_hints": 1, "total_score": 300, "best_score": 52,
           "cards_dealt": 520, "streak": 2, "best_streak": 3}
    cruel_old = {"played": 1, "total_score": 20, "best_score": 20, "cards_dealt": 52,
                 "scores": [{"score": 20, "date": "2026-01-05T10:00:00Z", "seed": 7}]}
    (tmp_path / "stats" / "player-1.json").write_text(json.dumps({
        "format": "solitaire-tk-stats", "version": 1, "player": "Player 1",
        "games": {"thirteen": old, "cruel": cruel_old}, "recorded": []}))
    store = DataStore(tmp_path)
    assert store.stats("thirteen").played == 10 and store.notice is None
    assert (tmp_path / "backups" / "player-1-v1.json").exists()
    store.record_game(thirteen(True, 1), used_hints=False)
    game = cruel(2, 3)
    store.record_game(game, used_hints=False)
    for again in (store, DataStore(tmp_path)):
        stats = again.stats("thirteen")
        assert (stats.played, stats.won, stats.streak, stats.best_streak) == (11, 5, 3, 3)
        scores = again.stats("cruel").scores
        assert [(r["score"], r["seed"]) for r in scores] == [(20, 7), (game.score(), 2)]
    path = tmp_path / "stats" / "player-1.json"
    for lose in (lambda: path.write_text(path.read_text()[:100]), path.unlink):
        lose()                                   # damaged past reading, or deleted
        stats = DataStore(tmp_path).stats("thirteen")
        assert (stats.played, stats.won) == (11, 5), "the old figures from the copy in backups/"


# -- games not counted ---------------------------------------------------------------------
def test_a_game_saved_by_hand_or_copied_is_not_counted_again(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = thirteen(True, 1)
    store.record_game(game, used_hints=False)
    saved = tmp_path / "saved"
    save_game(game, saved / "my best game.json")               # File > Save
    save_game(thirteen(True, 2), saved / "thirteen-deal-2--player-1.json")   # no key of ours
    [kept] = [p for p in kept_files(tmp_path) if p.name.endswith("--player-1.json")
              and "counted_for" in p.read_text()]
    shutil.copy(kept, saved / kept.name.replace("--", "-copy--"))  # a copy of a counted game
    store.add_player("Ana")
    shutil.copy(kept, saved / kept.name.replace("--player-1", "--ana"))   # Player 1's game
    for again in (DataStore(tmp_path), DataStore(tmp_path)):
        assert again.stats("thirteen").played == 1
        again.switch_player("Ana")
        assert again.stats("thirteen").played == 0, "a file named for Ana but Player 1's"
    assert len(kept_files(tmp_path)) == 5, "nothing removed"


def test_a_removed_player_s_file_name_is_not_given_to_a_new_player(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.add_player("Ana")
    store.switch_player("Ana")
    store.record_game(thirteen(True, 1), used_hints=False)
    store.remove_player("Ana")
    store.add_player("Ana")
    store.switch_player("Ana")
    assert store.stats("thirteen").played == 0, "a new Ana starts afresh"
    assert DataStore(tmp_path).stats("thirteen").played == 0
