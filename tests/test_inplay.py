"""The game in play of a long game: after a move only the new log entries are
added to a journal beside the record, yet a restart (after a quit, a crash,
a kill in the middle of a write) brings back the game as it was played."""

from __future__ import annotations

import errno
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from solitaire_tk import Replay, new_game
from solitaire_tk.engine import Game
from solitaire_tk.inplay import HINTS_KEY, JOURNAL_KEY, WHOLE_BELOW_BYTES
from solitaire_tk.moves import Move
from solitaire_tk.playout import random_step
from solitaire_tk.storage import STALE_SECONDS, SaveError
from solitaire_tk.userdata import DataStore

ROOT = Path(__file__).resolve().parent.parent


def long_game(entries: int = 2500, seed: int = 2) -> Game:
    """A game of Klondike whose record is well over the size written whole each move."""
    game = new_game("klondike", "draw3", seed=seed, player="Player 1")
    flip, recycle = Move("flip"), Move("recycle")
    while len(game.log) < entries:
        game.play(flip if game.is_legal(flip) else recycle)
    return game


def record_of(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "current" / "player-1.json").read_text(encoding="utf-8"))


def journals(folder: Path) -> list[Path]:
    return sorted((folder / "current").glob("*.journal"))


def play_and_save(store: DataStore, game: Game, moves: int, seed: int = 1,
                  used_hints: bool = False) -> None:
    rng = random.Random(seed)
    for _ in range(moves):
        assert random_step(game, rng)
        store.autosave(game, used_hints=used_hints)


def test_each_move_adds_its_entry_to_the_journal_and_leaves_the_record(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = long_game()
    store.autosave(game)
    record_path = tmp_path / "current" / "player-1.json"
    written = record_path.read_bytes()
    assert len(written) > WHOLE_BELOW_BYTES and record_of(tmp_path)["log"] == game.log
    play_and_save(store, game, 40)
    assert record_path.read_bytes() == written, "the record is not written again"
    (journal,) = journals(tmp_path)
    assert journal.name == f"player-1.{record_of(tmp_path)[JOURNAL_KEY]}.journal"
    lines = journal.read_bytes().split(b"\n")
    assert lines[-1] == b"", "every line is whole"
    assert [json.loads(line) for line in lines[:-1]] == game.log[2500:]
    back = DataStore(tmp_path).resume()
    assert back is not None and back.log == game.log and back.position() == game.position()


def test_a_last_line_cut_short_by_a_crash_is_left_out(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = long_game()
    store.autosave(game)
    play_and_save(store, game, 10)
    (journal,) = journals(tmp_path)
    journal.write_bytes(journal.read_bytes()[:-9])   # the app was killed in the last write
    again = DataStore(tmp_path)
    back = again.resume()
    assert back is not None and back.log == game.log[:-1]
    assert back.position() == Replay(game).game_at(len(game.log) - 1).position()
    assert again.notices == []
    # Played on, the game is written whole afresh: the line cut short is never read again.
    play_and_save(again, back, 1, seed=5)
    assert journals(tmp_path) == [] and record_of(tmp_path)["log"] == back.log
    play_and_save(again, back, 3, seed=6)
    final = DataStore(tmp_path).resume()
    assert final is not None and final.log == back.log


def test_a_long_game_saved_after_thousands_of_moves_comes_back_as_played(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = long_game()
    store.autosave(game)
    marks = set()
    rng = random.Random(7)
    for _ in range(3000):
        assert random_step(game, rng, undo_chance=0.2)
        store.autosave(game, used_hints=len(game.log) > 4000)
        if len(marks) < 5:
            marks.add(record_of(tmp_path)[JOURNAL_KEY])
    assert len(marks) > 1, "the journal grew long and was put into the record"
    assert len(journals(tmp_path)) <= 1
    again = DataStore(tmp_path)
    back = again.resume()
    assert back is not None and back.log == game.log and back.position() == game.position()
    assert back.undo_label() == game.undo_label()
    assert again.resumed_with_hints and record_of(tmp_path)[HINTS_KEY] is True


def test_hints_used_in_a_long_game_are_kept_as_they_change(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = long_game()
    for round, used_hints in enumerate((False, True, True, False)):
        play_and_save(store, game, 5, seed=round, used_hints=used_hints)
        again = DataStore(tmp_path)
        back = again.resume()
        assert back is not None and back.log == game.log
        assert again.resumed_with_hints is used_hints


def test_a_bad_line_of_the_journal_is_put_aside_and_the_moves_before_it_kept(
        tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = long_game()
    store.autosave(game)
    play_and_save(store, game, 12)
    (journal,) = journals(tmp_path)
    lines = journal.read_bytes().split(b"\n")
    lines[5] = b'{"action":"move","src":"nowhere","dst":"foundation4"}'
    journal.write_bytes(b"\n".join(lines))
    again = DataStore(tmp_path)
    back = again.resume()
    assert back is not None and back.log == game.log[:2505]
    assert "Part of the game you were playing could not be read again" in (again.notice or "")
    assert "entry 2506" in (again.notice or "")
    assert [path.suffix for path in (tmp_path / "damaged").iterdir()] == [".journal"]
    assert journals(tmp_path) == []


def test_journals_no_record_names_are_cleaned_away(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = long_game()
    store.autosave(game)
    play_and_save(store, game, 3)
    stray = tmp_path / "current" / "player-1.0123456789abcdef.journal"
    stray.write_text('{"action":"flip"}\n', encoding="utf-8")
    other = tmp_path / "current" / "player-12.0123456789abcdef.journal"   # not this player's
    other.write_text("", encoding="utf-8")
    back = DataStore(tmp_path).resume()
    assert back is not None and back.log == game.log
    assert not stray.exists() and other.exists()
    DataStore(tmp_path).clear_current()
    assert journals(tmp_path) == [other]
    assert DataStore(tmp_path).resume() is None


def test_at_quit_and_when_a_player_is_removed_the_moves_go_into_the_record(
        tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = long_game()
    store.autosave(game)
    play_and_save(store, game, 5)
    assert journals(tmp_path)
    store.write_game_in_play_whole()
    assert journals(tmp_path) == [] and record_of(tmp_path)["log"] == game.log
    play_and_save(store, game, 5, seed=3)
    store.add_player("Ana")
    store.switch_player("Ana")
    store.remove_player("Player 1")
    (kept,) = (tmp_path / "removed").glob("current-player-1-*.json")
    assert json.loads(kept.read_text(encoding="utf-8"))["log"] == game.log
    assert journals(tmp_path) == []


# A pupil's app, played move after move until it is killed: it prints how
# many entries its game has each time one is kept.
PLAYER = """
import random, sys
from solitaire_tk import inplay
from solitaire_tk.playout import random_step
from solitaire_tk.userdata import DataStore
inplay.JOURNAL_SHARE = 40   # written whole far more often: kills land in those writes too
store = DataStore(sys.argv[1])
game = store.resume()
assert game is not None
print(len(game.log), flush=True)
while True:
    assert random_step(game, random.Random(len(game.log)), undo_chance=0.2)
    store.autosave(game)
    print(len(game.log), flush=True)
"""


def test_a_game_in_play_killed_again_and_again_loses_at_most_the_move_being_kept(
        tmp_path: Path) -> None:
    DataStore(tmp_path).autosave(long_game())
    rng = random.Random(3)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    played: list[dict[str, Any]] = []
    for _ in range(25):
        child = subprocess.Popen([sys.executable, "-c", PLAYER, str(tmp_path)], env=env,
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        first = int(child.stdout.readline())
        time.sleep(rng.uniform(0.02, 0.3))
        child.send_signal(signal.SIGKILL)
        said = [first] + [int(line) for line in child.stdout.read().split() if line.isdigit()]
        child.wait()
        store = DataStore(tmp_path)
        back = store.resume()
        assert back is not None and store.notices == []
        assert len(back.log) in (said[-1], said[-1] + 1), (said[-3:], len(back.log))
        assert back.log[:len(played)] == played, "the game goes on from where it was"
        played = back.log
        assert len(journals(tmp_path)) <= 1
        store.release_player()   # as the app does at quit: the next window plays on
    assert len(played) > 2600
    assert not (tmp_path / "damaged").exists()
    # What the kills left half-written goes at the next start, once it is old.
    leftovers = [path for path in (tmp_path / "current").iterdir() if path.suffix == ".tmp"]
    for path in leftovers:
        os.utime(path, (time.time() - STALE_SECONDS - 5,) * 2)
    store = DataStore(tmp_path)
    assert store.resume() is not None
    assert sorted(path.suffix for path in (tmp_path / "current").iterdir()) in (
        [".journal", ".json"], [".json"])


def test_a_full_disk_in_the_middle_of_a_move_loses_nothing_kept_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from solitaire_tk import inplay, storage
    store = DataStore(tmp_path)
    game = long_game()
    store.autosave(game)
    play_and_save(store, game, 5)
    kept = list(game.log)
    real_write, real_replace = os.write, os.replace

    def half_then_full(fd: int, data: Any) -> int:
        real_write(fd, bytes(data[:len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    def full(source: str, target: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(inplay.os, "write", half_then_full)
    monkeypatch.setattr(storage.os, "replace", full)
    for seed in (1, 2):
        with pytest.raises(SaveError, match="The disk is full"):
            play_and_save(store, game, 1, seed=seed)
    back = DataStore(tmp_path).resume()
    assert back is not None and back.log == kept, "what was kept before is there, whole"

    monkeypatch.setattr(inplay.os, "write", real_write)   # room again
    monkeypatch.setattr(storage.os, "replace", real_replace)
    play_and_save(store, game, 3, seed=3)
    back = DataStore(tmp_path).resume()
    assert back is not None and back.log == game.log


def test_a_journal_mark_changed_by_hand_names_no_file(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = long_game()
    store.autosave(game)
    record = record_of(tmp_path)
    record[JOURNAL_KEY] = "../../escaped"
    (tmp_path / "current" / "player-1.json").write_text(json.dumps(record), encoding="utf-8")
    again = DataStore(tmp_path)
    back = again.resume()
    assert back is not None and back.log == game.log
    play_and_save(again, back, 3)
    assert not list(tmp_path.parent.glob("*escaped*")) and not list(tmp_path.glob("*escaped*"))
    assert len(journals(tmp_path)) == 1 and record_of(tmp_path)[JOURNAL_KEY] != "../../escaped"
    final = DataStore(tmp_path).resume()
    assert final is not None and final.log == back.log
