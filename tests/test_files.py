"""Files a class may leave in the data folder or open with Game > Open:
special files, huge numbers, Notepad's byte-order mark, stale temporary files.

Every test works on real files in a fresh folder.  Reading a special file
could hang or fill the memory, so those reads run in a child process with a
time limit and a memory limit: a regression fails instead of hanging.
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

from solitaire_tk import GameFileError, load_game, new_game
from solitaire_tk.storage import SaveError, save_game
from solitaire_tk.userdata import DataStore

from .helpers import play, won_thirteen

ROOT = Path(__file__).resolve().parent.parent
LIMIT_SECONDS = 30

# Run in a child process: read one kind of file the way the app does and print
# what the pupil would be told, as JSON.
PROBE = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from solitaire_tk.savefile import GameFileError, load_game
from solitaire_tk.userdata import DataStore
place, folder = sys.argv[1], sys.argv[2]
said = []
if place == "saved game":
    try:
        load_game(sys.argv[3])
    except GameFileError as error:
        said.append(str(error))
else:
    store = DataStore(folder)
    if place == "statistics":
        store.stats("thirteen")
    elif place == "game in play":
        assert store.resume() is None
    said = store.take_notices()
print(json.dumps(said))
"""


def probe(place: str, folder: Path, file: Path | None = None) -> list[str]:
    """What the app says after reading `place` in `folder` (or the saved game `file`)."""
    argv = [sys.executable, "-c", PROBE, place, str(folder)] + ([str(file)] if file else [])
    try:
        result = subprocess.run(argv, capture_output=True, text=True, timeout=LIMIT_SECONDS,
                                cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    except subprocess.TimeoutExpired:
        pytest.fail(f"reading the {place} hung for {LIMIT_SECONDS} s")
    assert result.returncode == 0, result.stderr
    said: list[str] = json.loads(result.stdout)
    return said


def make_fifo(path: Path) -> None:
    os.mkfifo(path)


def make_zero_link(path: Path) -> None:
    path.symlink_to("/dev/zero")


def make_folder(path: Path) -> None:
    path.mkdir()


def make_six_megabytes(path: Path) -> None:
    path.write_bytes(b'{"format": "' + b" " * (6 * 1024 * 1024) + b'"}')


SPECIAL = {
    "a named pipe": (make_fifo, "is a pipe between programs, not a file"),
    "a link to /dev/zero": (make_zero_link, "is a device, not a file"),
    "a folder": (make_folder, "is a folder, not a file"),
    "a 6 MB file": (make_six_megabytes, "is bigger than 5 MB"),
}
PLACES = {   # where the app keeps each kind of file, and how the notice names it
    "settings": ("settings.json", "The settings file"),
    "statistics": ("stats/player-1.json", "Player 1's statistics file"),
    "game in play": ("current/player-1.json", "The game you were playing"),
}


@pytest.mark.parametrize("kind", SPECIAL)
@pytest.mark.parametrize("place", PLACES)
def test_a_special_file_in_the_data_folder_is_put_aside(tmp_path: Path, place: str,
                                                        kind: str) -> None:
    make, reason = SPECIAL[kind]
    DataStore(tmp_path).record_game(won_thirteen(), used_hints=False)
    name, what = PLACES[place]
    path = tmp_path / name
    if path.exists():
        path.unlink()
    path.parent.mkdir(exist_ok=True)
    others = {p: p.read_bytes() for p in tmp_path.rglob("*.json") if p.is_file()}
    make(path)
    said = probe(place, tmp_path)
    assert len(said) == 1 and said[0].startswith(what) and reason in said[0], said
    assert {p: p.read_bytes() for p in others} == others, "nothing else lost"
    # put aside, so the next start is normal (statistics: counted again from saved/)
    assert not os.path.lexists(path) or (place == "statistics" and path.is_file()
                                         and not path.is_symlink())
    assert [p.name.split("-")[0] for p in (tmp_path / "damaged").iterdir()] == [
        name.split("/")[0].removesuffix(".json")]


@pytest.mark.parametrize("kind", SPECIAL)
def test_a_special_file_is_not_opened_as_a_saved_game(tmp_path: Path, kind: str) -> None:
    make, reason = SPECIAL[kind]
    path = tmp_path / "game.json"
    make(path)
    said = probe("saved game", tmp_path, path)
    assert said == [f"'game.json' is not a saved game: it {reason}"
                    + ("." if kind != "a 6 MB file" else
                       ", which no Solitaire Tutor file ever is.")]


@pytest.mark.parametrize("kind", SPECIAL)
def test_replay_of_a_special_file_exits_2_with_one_line(tmp_path: Path, kind: str) -> None:
    make, reason = SPECIAL[kind]
    path = tmp_path / "game.json"
    make(path)
    result = replay_command(tmp_path, path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert reason in result.stderr and "Traceback" not in result.stderr


def replay_command(tmp_path: Path, path: Path) -> subprocess.CompletedProcess[str]:
    """`python3 -m solitaire_tk replay FILE`, with no display: a bad file is refused first."""
    try:
        return subprocess.run([sys.executable, "-m", "solitaire_tk", "replay", str(path),
                               "--data-dir", str(tmp_path / "data")],
                              capture_output=True, text=True, timeout=LIMIT_SECONDS, cwd=ROOT,
                              env={"PATH": "", "PYTHONPATH": str(ROOT)})
    except subprocess.TimeoutExpired:
        pytest.fail(f"replay of '{path.name}' hung for {LIMIT_SECONDS} s")


def test_a_proper_saved_game_still_opens(tmp_path: Path) -> None:
    game = play(new_game("klondike", seed=4), moves=5)
    save_game(game, tmp_path / "game.json")
    assert probe("saved game", tmp_path, tmp_path / "game.json") == []


# -- huge numbers, deep nesting, Notepad's byte-order mark ---------------------------------
BOM = b"\xef\xbb\xbf"
HUGE = {   # what may be put in a file, and what the pupil is told about it
    "a 401-digit number": (b"9" * 401, "holds a number far too big for any Solitaire Tutor file"),
    "a 5000-digit number": (b"7" * 5000, "holds a number far too big for any Solitaire Tutor file"),
    "a number past the biggest float": (b"1e400", "holds a number far too big"),
    "lists 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, "has lists inside lists far deeper"),
    "tables 100,000 deep": (b'{"a":' * 100_000 + b"1" + b"}" * 100_000,
                            "has lists inside lists far deeper"),
}
PYTHONS_WORDS = ("OverflowError", "Exceeds the limit", "recursion", "utf-8-sig", "int too large")


def data_folder_with_everything(folder: Path) -> None:
    """A settings file, a statistics file and a game in play, all written by the app."""
    store = DataStore(folder)
    store.update_settings(sound=True)
    store.record_game(won_thirteen(), used_hints=False)
    store.autosave(play(new_game("cruel", seed=5), moves=3))


def a_saved_game(folder: Path, name: str = "game.json") -> Path:
    """A short real game of Klondike, saved in `folder`."""
    path = folder / name
    save_game(play(new_game("klondike", seed=4), moves=5), path)
    return path


def put_in(path: Path, value: bytes) -> None:
    """`value` added to the file's JSON object as one more key, the way an editor could."""
    data = path.read_bytes()
    assert data.startswith(b"{")
    path.write_bytes(b'{"extra": ' + value + b", " + data[1:])


def assert_ours(message: str) -> None:
    assert not any(words in message for words in PYTHONS_WORDS), message


@pytest.mark.parametrize("kind", HUGE)
def test_a_saved_game_with_a_huge_value_is_refused_in_our_words(tmp_path: Path,
                                                               kind: str) -> None:
    value, reason = HUGE[kind]
    path = a_saved_game(tmp_path)
    put_in(path, value)
    with pytest.raises(GameFileError) as error:
        load_game(path)
    assert str(error.value).startswith("'game.json' is not a saved game: it " + reason)
    assert_ours(str(error.value))


def test_a_time_of_401_digits_in_the_move_list_is_refused(tmp_path: Path) -> None:
    path = a_saved_game(tmp_path)
    record = json.loads(path.read_text())
    record["log"][2]["t"] = 10 ** 400
    path.write_text(json.dumps(record))
    with pytest.raises(GameFileError, match="holds a number far too big"):
        load_game(path)
    result = replay_command(tmp_path, path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert "'game.json' is not a saved game" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", HUGE)
def test_replay_of_a_file_with_a_huge_value_exits_2_with_one_line(tmp_path: Path,
                                                                  kind: str) -> None:
    value, reason = HUGE[kind]
    path = a_saved_game(tmp_path)
    put_in(path, value)
    result = replay_command(tmp_path, path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert reason in result.stderr and "'game.json'" in result.stderr
    assert "Traceback" not in result.stderr
    assert_ours(result.stderr)


@pytest.mark.parametrize("kind", HUGE)
@pytest.mark.parametrize("place", PLACES)
def test_a_data_file_with_a_huge_value_is_put_aside_in_our_words(tmp_path: Path, place: str,
                                                                kind: str) -> None:
    value, reason = HUGE[kind]
    data_folder_with_everything(tmp_path)
    name, what = PLACES[place]
    put_in(tmp_path / name, value)
    others = {p: p.read_bytes() for p in tmp_path.rglob("*.json") if p != tmp_path / name}
    store = DataStore(tmp_path)
    assert store.stats("thirteen").played == 1   # statistics: counted again from saved/
    assert (store.resume() is None) is (place == "game in play")
    assert store.settings.sound is (place != "settings")
    assert {p: p.read_bytes() for p in others} == others, "nothing else lost"
    [said] = store.take_notices()
    assert said.startswith(what) and reason in said, said
    assert_ours(said)
    assert place == "statistics" or not (tmp_path / name).exists()
    assert len(list((tmp_path / "damaged").iterdir())) == 1


def test_files_saved_with_a_byte_order_mark_are_read_normally(tmp_path: Path) -> None:
    data_folder_with_everything(tmp_path)
    game = a_saved_game(tmp_path)
    for name in ("settings.json", "stats/player-1.json", "current/player-1.json", "game.json"):
        path = tmp_path / name
        path.write_bytes(BOM + path.read_bytes().replace(b"\n", b"\r\n"))   # as Notepad saves
    assert len(load_game(game).log) == 5
    store = DataStore(tmp_path)
    assert store.settings.sound is True
    assert store.stats("thirteen").played == 1
    resumed = store.resume()
    assert resumed is not None and len(resumed.log) == 3
    assert store.take_notices() == [] and not (tmp_path / "damaged").exists()
    result = replay_command(tmp_path, tmp_path / "missing.json")
    assert result.returncode == 2 and "There is no file called" in result.stderr


# -- leftovers ---------------------------------------------------------------------------
WRITER = """
import sys
from solitaire_tk.storage import atomic_write_text
path, texts = sys.argv[1], [sys.argv[2] * 400_000, sys.argv[3] * 400_000]
number = 0
while True:
    atomic_write_text(path, texts[number % 2])
    number += 1
"""


def age(path: Path, seconds: float) -> None:
    past = time.time() - seconds
    os.utime(path, (past, past), follow_symlinks=False)


def test_temporary_files_left_by_killed_writes_are_cleaned_up_at_start(tmp_path: Path) -> None:
    data_folder_with_everything(tmp_path)
    target = tmp_path / "stats" / "player-1.json"
    target.write_text("")
    for _ in range(5):   # a real write killed at a random moment
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(target), "ab", "cd"],
                                  cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
        time.sleep(0.4)
        writer.kill()
        writer.wait(timeout=LIMIT_SECONDS)
        assert target.read_text() in ("ab" * 400_000, "cd" * 400_000, ""), "never half a file"
        target.write_text("")
    target.unlink()
    left_by_kills = {tmp_path / name for name in (
        ".settings.json.k3_j4h5x.tmp", "stats/.player-1.json.abcd1234.tmp",
        "current/.player-1.json.zz_9q0aa.tmp", "saved/.cruel-deal-5-2026.json.0a1b2c3d.tmp")}
    for path in left_by_kills:
        path.parent.mkdir(exist_ok=True)
        path.write_text("{")
    not_ours = {tmp_path / name for name in (".notes.tmp", "stats/player-2.json",
                                             "saved/.game.json.abc.tmp.keep", "my.json.abcd.tmp")}
    for path in not_ours:
        path.write_text("mine")
    young = tmp_path / "stats" / ".player-1.json.young123.tmp"   # another window writing now
    young.write_text("{")
    (tmp_path / ".folder.json.abcd1234.tmp").mkdir()
    for path in tmp_path.rglob("*"):
        if path != young:
            age(path, 120)
    DataStore(tmp_path)
    left = {p for p in tmp_path.rglob("*") if p.is_file()}
    assert not left & left_by_kills
    assert {p for p in left if p.name.endswith(".tmp")} - not_ours == {young}
    assert not_ours <= left and (tmp_path / ".folder.json.abcd1234.tmp").is_dir()


A_FOLDER = "there is a folder called"
NO_FOLDER = "there is a file where the folder"


@pytest.mark.parametrize("blocked,write,what,then", [
    ("stats/player-1.json", lambda store: store.record_game(won_thirteen(), used_hints=False),
     "Your statistics ('player-1.json') could not be saved", A_FOLDER),
    ("current", lambda store: store.autosave(play(new_game("cruel", seed=5), moves=1)),
     "Your game in play ('player-1.json') could not be saved", NO_FOLDER),
    ("settings.json", lambda store: store.update_settings(sound=False),
     "The list of players and their settings ('settings.json') could not be saved", A_FOLDER),
    ("saved", lambda store: store.record_game(won_thirteen(), used_hints=False),
     "The finished game ('thirteen-", NO_FOLDER),
])
def test_a_failed_write_says_which_file_it_was(tmp_path: Path, blocked: str,
                                               write: Callable[[DataStore], Any],
                                               what: str, then: str) -> None:
    store = DataStore(tmp_path)
    store.update_settings(sound=True)
    store.stats("thirteen")   # read (there is none yet) before the folder below is made
    if blocked.endswith(".json"):
        (tmp_path / blocked).unlink(missing_ok=True)
        (tmp_path / blocked).mkdir(parents=True)   # a folder where the file goes: a real failure
    else:
        (tmp_path / blocked).write_text("a file where the folder should be")
    with pytest.raises(SaveError) as error:
        write(store)
    assert str(error.value).startswith(what) and then in str(error.value), str(error.value)
    assert "Ask your teacher" in str(error.value), "says what to do"


def test_a_file_where_the_statistics_folder_should_be_is_never_a_silent_loss(
        tmp_path: Path) -> None:
    (tmp_path / "stats").write_text("a file where the folder should be")
    store = DataStore(tmp_path)
    with pytest.raises(SaveError, match="^Your statistics \\('player-1.json'\\) could not be "
                                        "saved: there is a file where the folder"):
        store.record_game(won_thirteen(), used_hints=False)
    assert store.stats("thirteen").won == 1, "kept in memory for the next write that works"
    (tmp_path / "stats").unlink()
    store.record_game(won_thirteen(), used_hints=False)
    assert DataStore(tmp_path).stats("thirteen").won == 2


# -- a window size that kills the start ----------------------------------------------------
@pytest.mark.parametrize("geometry", ["99999x99999+0+0", "20000x800+0+0", "800x600+-99999+0",
                                      "+0+17000"])
def test_absurd_window_sizes_are_refused_and_the_rest_is_kept(tmp_path: Path,
                                                              geometry: str) -> None:
    store = DataStore(tmp_path)
    with pytest.raises(ValueError, match="bigger than any screen"):
        store.update_settings(window_geometry=geometry)
    store.update_settings(window_geometry="16384x16384+-16+-16", sound=True)
    settings = tmp_path / "settings.json"
    settings.write_text(settings.read_text().replace("16384x16384+-16+-16", geometry))
    again = DataStore(tmp_path).settings
    assert again.window_geometry == "" and again.sound is True


@pytest.mark.parametrize("saved, fitted", [
    ("99999x99999+0+0", "1920x1000+0+0"),
    ("16000x16000+-16000+-16000", "1920x1000+-16+-16"),
    ("800x600+16000+16000", "800x600+1120+400"),
    ("+16000+16000", "+820+280"),        # no size: the usual 1100x720 is kept on the screen
    ("+-16000+-16000", "+-16+-16"),
])
def test_a_window_far_off_the_screen_is_brought_back(saved: str, fitted: str) -> None:
    from solitaire_tk.ui.launch import fit_to_screen
    assert fit_to_screen(saved, 1920, 1080) == fitted


def xdotool(*args: str) -> str:
    return subprocess.run(["xdotool", *args], capture_output=True, text=True, check=True,
                          timeout=LIMIT_SECONDS).stdout


def app_window(pid: int) -> str:
    """The app's window, once shown.  xdotool's search walks every window on the
    screen and fails with BadWindow when one is closed under it (Tk's own
    short-lived windows, on a busy machine), so then it looks again."""
    deadline = time.monotonic() + LIMIT_SECONDS
    while True:
        try:
            return xdotool("search", "--sync", "--onlyvisible", "--pid", str(pid),
                           "--name", "Solitaire Tutor").split()[0]
        except subprocess.CalledProcessError as error:
            if "BadWindow" not in (error.stderr or "") or time.monotonic() > deadline:
                raise
            time.sleep(0.1)


@pytest.mark.skipif(not shutil.which("xdotool"), reason="xdotool is not installed")
@pytest.mark.parametrize("geometry", ["99999x99999+0+0", "800x600+16000+16000", "+16000+16000",
                                      "16000x16000+-16000+-16000"])
def test_the_app_starts_on_the_screen_whatever_size_was_saved(display: str, tmp_path: Path,
                                                              geometry: str) -> None:
    DataStore(tmp_path).update_settings(sound=True)
    settings = tmp_path / "settings.json"
    data = json.loads(settings.read_text())
    data["players"][0]["settings"]["window_geometry"] = geometry   # as if edited by hand
    settings.write_text(json.dumps(data))
    app = subprocess.Popen([sys.executable, "-m", "solitaire_tk", "--data-dir", str(tmp_path),
                            "cruel", "--seed", "3"], cwd=ROOT, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "PYTHONPATH": str(ROOT), "DISPLAY": display})
    try:
        window = app_window(app.pid)
        screen_width, screen_height = map(int, xdotool("getdisplaygeometry").split())
        # The window manager (if any) and Tk settle the place; a busy machine
        # takes longer, so look a few times before saying it is off the screen.
        for _ in range(20):
            time.sleep(0.25)
            assert app.poll() is None, app.stderr.read() if app.stderr else ""
            found = dict(line.strip().split(": ", 1) for line in
                         xdotool("getwindowgeometry", window).splitlines()[1:])
            x, y = map(int, found["Position"].split(" ")[0].split(","))
            width, height = map(int, found["Geometry"].split("x"))
            if (0 < width <= screen_width and 0 < height <= screen_height
                    and -16 <= x <= screen_width - width and -16 <= y <= screen_height - height):
                break
        assert 0 < width <= screen_width and 0 < height <= screen_height
        assert -16 <= x <= screen_width - width and -16 <= y <= screen_height - height
    finally:
        app.terminate()
        app.wait(timeout=LIMIT_SECONDS)


# -- partly bad settings and statistics: kept aside whole, nothing lost -----------------------
def class_folder(folder: Path) -> DataStore:
    """Three pupils who each won games of Thirteen: Player 1 one, Ana two, Bo three."""
    store = DataStore(folder)
    for name, wins in (("Player 1", 1), ("Ana", 2), ("Bo", 3)):
        if name != "Player 1":
            store.add_player(name)
        store.switch_player(name)
        for _ in range(wins):
            store.record_game(won_thirteen(), used_hints=False)
    store.switch_player("Ana")
    return store


def edit_settings(folder: Path, change: Callable[[dict[str, Any]], None]) -> bytes:
    path = folder / "settings.json"
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path.read_bytes()


def wins_of_everyone(store: DataStore) -> dict[str, int]:
    wins = {}
    for name in store.players():
        store.switch_player(name)
        wins[name] = store.stats("thirteen").won
    return wins


def eleven_players(data: dict[str, Any]) -> None:
    data["players"] += [{"id": f"pupil-{n}", "name": f"Pupil {n}"} for n in range(4, 12)]


SETTINGS_DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "no players": (lambda data: data.update(players=[]), "its list of players is empty"),
    "an object, not a list": (lambda data: data.update(players=data["players"][0]),
                              "it has no list of players"),
    "a 31-letter name": (lambda data: data["players"][2].update(name="B" * 31),
                         "the name of player 3 is not allowed: a name can be at most 30"),
    "a name used twice": (lambda data: data["players"][2].update(name="ana"),
                          "the name of player 3 is not allowed: there is already a player"),
    "a file name used twice": (lambda data: data["players"][2].update(id="ana"),
                               "player 3 has the same file name as another player"),
    "a bad file name": (lambda data: data["players"][2].update(id="../bo"),
                        "player 3 has no proper file name"),
    "a player that is a number": (lambda data: data["players"].insert(0, 7),
                                  "player 1 is not a player"),
    "a player with no name": (lambda data: data["players"][2].pop("name"), "player 3 has no name"),
}


@pytest.mark.parametrize("damage", SETTINGS_DAMAGE)
def test_partly_bad_settings_lose_no_player_and_no_figure(tmp_path: Path, damage: str) -> None:
    change, reason = SETTINGS_DAMAGE[damage]
    class_folder(tmp_path)
    before = edit_settings(tmp_path, change)
    store = DataStore(tmp_path)
    [said] = store.take_notices()
    assert said.startswith("The settings file had something wrong in it (" + reason), said
    [aside] = (tmp_path / "damaged").iterdir()
    assert aside.read_bytes() == before and f"'damaged/{aside.name}'" in said
    wins = wins_of_everyone(store)
    assert sorted(wins.values()) == [1, 2, 3], wins
    if damage == "a name used twice":
        assert "bo" in wins, "Bo's name was taken: the file name stands in"
    again = DataStore(tmp_path)
    assert again.notice is None and again.players() == store.players()


def test_a_class_of_eleven_keeps_all_eleven(tmp_path: Path) -> None:
    class_folder(tmp_path)
    edit_settings(tmp_path, eleven_players)
    store = DataStore(tmp_path)
    assert len(store.players()) == 11 and store.notice is None
    assert store.current_player == "Ana"
    assert wins_of_everyone(store)["Bo"] == 3


def test_after_a_damaged_settings_file_the_last_player_comes_back(tmp_path: Path) -> None:
    store = class_folder(tmp_path)
    store.switch_player("Bo")
    store.record_game(won_thirteen(), used_hints=False)   # Bo played last
    (tmp_path / "settings.json").write_text("{ not json")
    again = DataStore(tmp_path)
    assert again.current_player == "Bo" and again.stats("thirteen").won == 4
    assert sorted(again.players()) == ["Ana", "Bo", "Player 1"]


def test_after_a_damaged_settings_file_a_player_with_only_a_game_in_play_comes_back(
        tmp_path: Path) -> None:
    store = class_folder(tmp_path)
    store.add_player("Cy")
    store.switch_player("Cy")
    store.autosave(play(new_game("cruel", seed=5, player="Cy"), moves=3))   # Cy played last
    (tmp_path / "settings.json").write_bytes(b"\x00")
    again = DataStore(tmp_path)
    assert again.current_player == "Cy" and sorted(again.players()) == [
        "Ana", "Bo", "Cy", "Player 1"]
    resumed = again.resume()
    assert resumed is not None and len(resumed.log) == 3
    again.switch_player("Bo")
    assert again.stats("thirteen").won == 3


def test_a_player_known_only_by_a_file_name_gets_a_name_from_it(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.record_game(won_thirteen(), used_hints=False)
    for name in ("settings.json", "stats/player-1.json"):
        (tmp_path / name).write_text("{")
    assert DataStore(tmp_path).players() == ["Player 1"]


STATS_DAMAGE: dict[str, tuple[Any, str]] = {
    "played as a word": ({"played": "12"}, "'played' for thirteen is \"12\", not a whole number "
                                           "of 0 or more"),
    "played as 5.0": ({"played": 5.0}, "'played' for thirteen is 5.0, not a whole number of 0 "
                                       "or more"),
    "played below 0": ({"played": -5}, "'played' for thirteen is -5, not a whole number of 0 "
                                       "or more"),
    "played as 1e30": ({"played": 1e30}, "'played' for thirteen is 1e+30, not a whole number "
                                         "of 0 or more"),
    "more won than played": ({"won": 99}, "thirteen has more games won than played"),
}


def two_games_played(folder: Path) -> Path:
    store = DataStore(folder)
    store.record_game(won_thirteen(), used_hints=False)
    store.record_game(play(new_game("cruel", seed=5), moves=3), used_hints=False)
    return folder / "stats" / "player-1.json"


@pytest.mark.parametrize("damage", STATS_DAMAGE)
def test_a_bad_figure_puts_the_statistics_aside_and_keeps_the_rest(tmp_path: Path,
                                                                    damage: str) -> None:
    change, reason = STATS_DAMAGE[damage]
    path = two_games_played(tmp_path)
    data = json.loads(path.read_text())
    data["games"]["thirteen"].update(change)
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    store = DataStore(tmp_path)
    assert store.stats("cruel").played == 1, "counted again from the games kept in saved/"
    assert store.stats("thirteen").played == 1, "never a guess such as 99 played"
    [said] = store.take_notices()
    [aside] = (tmp_path / "damaged").iterdir()
    assert said == (f"Player 1's statistics file had something wrong in it ({reason}), so it "
                    f"was put aside as 'damaged/{aside.name}'. The statistics were counted "
                    "again from the 2 games kept in the saved folder."), said
    assert aside.read_bytes() == before
    again = DataStore(tmp_path)
    assert again.stats("cruel").played == 1 and again.notice is None


def test_statistics_that_are_not_a_table_of_games_are_put_aside_whole(tmp_path: Path) -> None:
    path = two_games_played(tmp_path)
    data = json.loads(path.read_text())
    data["games"] = [1, 2]
    path.write_text(json.dumps(data))
    store = DataStore(tmp_path)
    assert store.stats("cruel").played == 1, "counted again from the games kept in saved/"
    [said] = store.take_notices()
    assert "(its figures are not a table of games)" in said
    assert said.endswith("The statistics were counted again from the 2 games kept in the "
                         "saved folder.")
    [aside] = (tmp_path / "damaged").iterdir()
    assert json.loads(aside.read_text())["games"] == [1, 2]
