"""The class report: a data folder made by real games played through DataStore
for three players, read back as rows, as CSV (with the csv module) and by
`solitaire-tk report` run as a real process; the folder is never changed."""

from __future__ import annotations

import csv
import hashlib
import json
import os
import shutil
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from solitaire_tk import new_game
from solitaire_tk.classreport import (COLUMNS, NO_GAMES, REMOVED_WORDS, ReportError, lessons_for,
                                      read_class, table_text, write_csv)
from solitaire_tk.stats import GameStats
from solitaire_tk.storage import SaveError
from solitaire_tk.userdata import SETTING_NAMES, DataStore

from .helpers import play, removed_with_a_won_game, won_thirteen

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = ("Ana", "Zoë Brontë", "Sam")


@pytest.fixture
def class_folder(tmp_path: Path) -> Path:
    """Three players' games, played through the engine and counted by DataStore:
    Ana three Cruel deals and a Thirteen won, Zoë a Thirteen won after a hint
    and Klondike draw three, Sam nothing at all."""
    folder = tmp_path / "class"
    store = DataStore(folder)
    store.rename_player(store.current_player, PLAYERS[0])
    for name in PLAYERS[1:]:
        store.add_player(name)
    for seed, moves in ((1, 1), (2, 6), (3, 3)):
        store.record_game(play(new_game("cruel", seed=seed), moves=moves, prefer="move"), False)
    store.record_game(won_thirteen(), used_hints=False)
    store.switch_player(PLAYERS[1])
    store.record_game(won_thirteen(), used_hints=True)
    store.record_game(play(new_game("klondike", "draw3", seed=5), moves=12), False)
    store.record_game(play(new_game("klondike", "draw3", seed=6), moves=3), False)
    return folder


def figures(folder: Path) -> dict[str, dict[str, GameStats]]:
    """Every player's statistics as the app itself reads them from `folder`."""
    store = DataStore(folder)
    found = {}
    for name in store.players():
        store.switch_player(name)
        found[name] = store.all_stats()
    return found


def copy_of(folder: Path, copy: Path) -> Path:
    """A copy of the data folder, for the app's own reading (which may tidy a folder)."""
    for path in folder.rglob("*.json"):
        (copy / path.relative_to(folder)).parent.mkdir(parents=True, exist_ok=True)
        (copy / path.relative_to(folder)).write_bytes(path.read_bytes())
    return copy


def local_day(when: str) -> str:
    return datetime.fromisoformat(when).astimezone().date().isoformat()


def snapshot(folder: Path) -> dict[str, tuple[int, int, str]]:
    """Every file and folder under `folder` with its time, size and contents."""
    seen = {}
    for path in [folder, *folder.rglob("*")]:
        info = path.lstat()
        digest = hashlib.sha1(path.read_bytes()).hexdigest() if path.is_file() else "dir"
        seen[str(path.relative_to(folder))] = (info.st_mtime_ns, info.st_size, digest)
    return seen


def test_one_row_per_player_and_game_played(class_folder: Path) -> None:
    before = snapshot(class_folder)
    report = read_class(class_folder)
    assert report.players == ["Ana", "Sam", "Zoë Brontë"], "by name, as a class list is"
    assert [(row.player, row.key) for row in report.rows] == [
        ("Ana", "cruel"), ("Ana", "thirteen"), ("Sam", ""), ("Zoë Brontë", "klondike/draw3"),
        ("Zoë Brontë", "thirteen")]   # the games nobody played have no row
    ana_cruel, ana_thirteen, sam, zoe_klondike, zoe_thirteen = report.rows
    # Sam has played nothing: one row says so, for the teacher to see.
    assert sam.game == NO_GAMES and sam.played == 0
    assert sam.cells() == ["Sam", NO_GAMES, "0", "0", "0", "-", "-", "0", "-"]
    assert ana_cruel.game == "Cruel" and ana_cruel.lower_is_better
    assert zoe_klondike.game == "Klondike (draw three)" and zoe_klondike.played == 2
    assert (ana_thirteen.won, ana_thirteen.won_without_help) == (1, 1)
    assert (zoe_thirteen.won, zoe_thirteen.won_without_help) == (1, 0)   # after a hint
    # Cruel keeps every score: lower is better, and the day it was last played
    assert ana_cruel.best_score == min(record["score"] for record in ana_cruel.scores)
    assert len(ana_cruel.scores) == 3 and ana_cruel.last_played[:2] == "20"
    store = DataStore(copy_of(class_folder, class_folder.parent / "copy"))
    for row in [ana_cruel, ana_thirteen, zoe_klondike, zoe_thirteen]:   # as the app lists them
        store.switch_player(row.player)
        assert list(row.scores) == store.score_history(row.key)
        assert len(row.scores) == row.played
        assert row.last_played == local_day(row.scores[-1]["date"])
    assert snapshot(class_folder) == before, "reading the report changed the folder"
    text = table_text(report)
    assert "Klondike (draw three)" in text and "Zoë Brontë" in text and "lowest" in text


def test_csv_read_back_matches_the_statistics(class_folder: Path, tmp_path: Path) -> None:
    report = read_class(class_folder)
    out = tmp_path / "out" / "class.csv"
    out.parent.mkdir()
    write_csv(report.rows, out)
    assert out.read_bytes().startswith(b"\xef\xbb\xbf"), "Excel needs the mark to read UTF-8"
    with open(out, newline="", encoding="utf-8-sig") as handle:
        lines = list(csv.reader(handle))
    assert lines[0] == list(COLUMNS)
    stats = figures(copy_of(class_folder, tmp_path / "copy"))
    titles = {"cruel": "Cruel", "thirteen": "Thirteen", "klondike/draw3": "Klondike (draw three)"}
    expected = []
    for player, games in sorted(stats.items(), key=lambda item: item[0].casefold()):
        for key, numbers in games.items():
            expected.append([player, titles[key], str(numbers.played),
                             str(numbers.won + numbers.won_with_hints), str(numbers.won),
                             str(numbers.best_score),
                             "lowest" if numbers.lower_is_better else "highest", "0"])
        if not games:
            expected.append([player, NO_GAMES, "0", "0", "0", "", "", "0"])
    assert [line[:-1] for line in lines[1:]] == expected
    cruel = next(line for line in lines if line[1] == "Cruel")
    assert cruel[-1] == local_day(max(r["date"] for r in stats["Ana"]["cruel"].scores))
    assert all(line[-1][:2] == "20" for line in lines[1:] if line[2] != "0"), \
        "the day each was last played"


def test_an_older_apps_figures_have_no_games_listed(class_folder: Path) -> None:
    """Figures an older app counted (no list of games): the row is there, with no date."""
    (class_folder / "stats" / "sam.json").write_text(json.dumps({
        "format": "solitaire-tk-stats", "version": 1, "player": "Sam",
        "games": {"thirteen": {"played": 4, "won": 1, "best_score": 52}}}))
    sam = [row for row in read_class(class_folder).rows if row.player == "Sam"]
    assert [(row.key, row.played, row.won, row.best_score, row.last_played, row.scores)
            for row in sam] == [("thirteen", 4, 1, 52, "", ())]
    assert not (class_folder / "backups").exists(), "the upgrade happened in the copy only"


def test_lessons_done_are_counted_per_game(class_folder: Path) -> None:
    assert lessons_for(["klondike/first", "klondike/first", "klondike/stacks", "cruel/goal",
                        "klondike", 7], "klondike") == 2
    if "lessons_done" not in SETTING_NAMES:
        pytest.skip("the lessons_done preference comes with the guided lessons")
    store = DataStore(class_folder)
    store.switch_player("Ana")
    store.update_settings(lessons_done=["cruel/goal", "cruel/deal", "thirteen/pairs"])
    rows = {row.key: row.lessons_done for row in read_class(class_folder).rows
            if row.player == "Ana"}
    assert rows == {"cruel": 2, "thirteen": 1}


def test_a_damaged_file_is_reported_and_left_where_it_is(class_folder: Path) -> None:
    (class_folder / "stats" / "sam.json").write_text('{"format": "solitaire-tk-stats", "vers')
    before = snapshot(class_folder)
    report = read_class(class_folder)
    assert [row.player for row in report.rows].count("Ana") == 2
    assert any("Sam" in note and "damaged" in note for note in report.notes), report.notes
    assert snapshot(class_folder) == before
    assert not (class_folder / "damaged").exists()


def test_a_folder_that_is_not_there_or_not_a_data_folder(tmp_path: Path) -> None:
    with pytest.raises(ReportError, match="There is no folder"):
        read_class(tmp_path / "nowhere")
    (tmp_path / "photos").mkdir()
    with pytest.raises(ReportError, match="not a Solitaire Tutor data folder"):
        read_class(tmp_path / "photos")
    with pytest.raises(SaveError, match="There is no folder"):
        write_csv([], tmp_path / "nowhere" / "class.csv")
    assert not (tmp_path / "nowhere").exists()


# -- solitaire-tk report, as a teacher runs it ----------------------------------------------------
def run(*args: str, **more_env: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8", **more_env}
    env.pop("DISPLAY", None)   # the report needs no screen
    return subprocess.run([sys.executable, "-m", "solitaire_tk", "report", *args],
                          capture_output=True, text=True, encoding="utf-8", env=env,
                          timeout=60)


def test_cli_prints_the_table_and_writes_the_csv(class_folder: Path, tmp_path: Path) -> None:
    before = snapshot(class_folder)
    out = tmp_path / "class.csv"
    done = run("--data-dir", str(class_folder), "--csv", str(out))
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].split("  ")[0] == "Player" and "Last played" in lines[0]
    assert any(line.startswith("Zoë Brontë") and "Klondike (draw three)" in line
               and line.split()[-7:-4] == ["2", "0", "0"] for line in lines), done.stdout
    with open(out, newline="", encoding="utf-8-sig") as handle:
        lines = list(csv.reader(handle))
    assert len(lines) == 6 and ["Sam", NO_GAMES] in [line[:2] for line in lines], \
        "Sam has played nothing"
    assert snapshot(class_folder) == before, "the report changed the class folder"


def test_cli_bad_folder_or_csv_path_says_so_and_exits_2(class_folder: Path,
                                                         tmp_path: Path) -> None:
    before = snapshot(class_folder)
    for args, words in (
            (["--data-dir", str(tmp_path / "nowhere")], "There is no folder"),
            (["--data-dir", str(class_folder / "settings.json")], "is a file, not a folder"),
            (["--data-dir", str(class_folder), "--csv", str(tmp_path / "no" / "x.csv")],
             "There is no folder"),
            (["--data-dir", str(class_folder), "--csv", str(tmp_path)], "could not be saved"),
            (["--data-dir", str(class_folder), "--csv", str(class_folder / "class.csv")],
             "not written inside the data folder")):
        done = run(*args)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert words in done.stderr and "Traceback" not in done.stderr, done.stderr
        assert done.stdout == ""
    done = run("extra")
    assert done.returncode == 2 and "report takes only --data-dir and --csv" in done.stderr
    assert snapshot(class_folder) == before
    assert not (tmp_path / "no").exists()


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG_DATA_HOME is Linux's")
def test_cli_without_a_folder_reports_this_computer_s(class_folder: Path, tmp_path: Path) -> None:
    """A teacher need not know where the app keeps its folder on this PC."""
    home = tmp_path / "xdg"
    shutil.copytree(class_folder, home / "SolitaireTutor")
    done = run(XDG_DATA_HOME=str(home))
    assert done.returncode == 0, done.stderr
    assert any(line.startswith("Zoë Brontë") for line in done.stdout.splitlines()), done.stdout
    done = run(XDG_DATA_HOME=str(tmp_path / "empty"))
    assert done.returncode == 2
    assert done.stderr.startswith("No games have been played by this user on this computer yet")
    assert "report --data-dir FOLDER" in done.stderr


def test_a_class_folder_with_a_folder_per_pupil(tmp_path: Path) -> None:
    """The README advises a data folder per pupil: the class folder holding them is
    reported whole, each player named with their folder."""
    share = tmp_path / "share"
    for pupil, seed in (("ben", 4), ("ana", 2)):
        store = DataStore(share / pupil)
        store.record_game(play(new_game("cruel", seed=seed), moves=2, prefer="move"), False)
    (share / "photos").mkdir()
    (share / "notes.txt").write_text("not a folder")
    before = snapshot(share)
    report = read_class(share)
    assert [(row.player, row.key, row.played) for row in report.rows] == [
        ("Player 1 (ana)", "cruel", 1), ("Player 1 (ben)", "cruel", 1)]
    assert snapshot(share) == before


def test_a_game_left_unfinished_is_named_under_the_table(class_folder: Path) -> None:
    """A pupil who spent a lesson on one game and closed the window must not look
    as if they did nothing: the report names the game not finished yet."""
    store = DataStore(class_folder)
    store.switch_player("Sam")
    store.autosave(play(new_game("cruel", seed=9), moves=2))
    report = read_class(class_folder)
    [said] = report.unfinished
    assert said.startswith("Sam (Cruel, started ") and said.endswith(")")
    assert [row.game for row in report.rows if row.player == "Sam"] == [NO_GAMES]
    text = table_text(report)
    assert "Games not finished yet (counted once they end):\n  " + said in text


def test_a_removed_player_whose_games_are_kept_is_named_under_the_table(
        class_folder: Path, tmp_path: Path) -> None:
    """Removed by a classmate's mischief, Zoë's games are still in saved/: the
    report says so and how to bring her back, rather than leave her out
    without a word (the CSV file has the table only)."""
    store = DataStore(class_folder)
    removed_with_a_won_game(store, "Zoë Brontë", stays="Ana")
    del store
    report = read_class(class_folder)
    assert "Zoë Brontë" not in report.players
    [said] = report.removed
    assert said.startswith("Zoë Brontë (4 saved games, last played 20") and said.endswith(")")
    assert f"\n\n{REMOVED_WORDS}:\n  {said}" in table_text(report)
    assert "Game > Players... and then Bring back..." in REMOVED_WORDS
    done = run("--data-dir", str(class_folder), "--csv", str(tmp_path / "class.csv"))
    assert f"{REMOVED_WORDS}:\n  {said}\n" in done.stdout, done.stdout
    assert "Zoë" not in (tmp_path / "class.csv").read_text(encoding="utf-8-sig")


def test_the_report_counts_every_saved_game_when_the_statistics_are_missing(
        tmp_path: Path) -> None:
    """Without stats/ the figures are counted from saved/: every game, not
    only the newest 300 a pupil's start copies (150 of 200 were reported)."""
    from solitaire_tk.fallback import MAX_SAVED_GAMES
    folder = tmp_path / "class"
    store = DataStore(folder)
    for seed in range(1, MAX_SAVED_GAMES + 21):
        store.record_game(play(new_game("cruel", seed=seed), moves=1, prefer="move"),
                          used_hints=False)
    played = store.stats("cruel").played
    assert played > MAX_SAVED_GAMES
    store.release_player()
    for path in (folder / "stats").glob("*.json"):
        path.unlink()
    report = read_class(folder)
    [row] = report.rows
    assert row.played == played
    assert not report.notes
