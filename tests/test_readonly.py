"""A data folder that cannot be written: read-only at start, read-only or full
after start.  Nothing the pupil had is lost, and nothing is written there.

Each test runs every way this machine can make a folder that cannot be
written, real ones first:
- "chmod": the folder's write permission taken away (has no effect for
  root, so it is skipped when the tests run as root);
- "read-only mount": a tmpfs mounted on the folder, then mounted again
  read-only (needs `mount`, so root; skipped where it is not allowed);
- "stand-in": always runs, so a machine that can do neither of the above
  still tests the app's side.  It is not a real read-only folder: the app's
  write check (`datafiles._unusable`) is told the folder cannot be written,
  and a write into the folder (`tempfile.mkstemp` there) fails with EACCES.
"""

from __future__ import annotations

import errno
import json
import os
import stat
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from solitaire_tk import datafiles, new_game, storage
from solitaire_tk.engine import Game
from solitaire_tk.fallback import COPIED_LIST
from solitaire_tk.moves import Move
from solitaire_tk.session import Session
from solitaire_tk.storage import SaveError
from solitaire_tk.userdata import DataStore

from .helpers import play, won_thirteen


def _run(*argv: str) -> bool:
    return subprocess.run(argv, capture_output=True, timeout=30).returncode == 0


def mount_allowed(place: Path) -> bool:
    """True if a tmpfs can be mounted here (root on Linux with the right to mount)."""
    probe = place / "mount-probe"
    probe.mkdir()
    if not _run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(probe)):
        return False
    _run("umount", str(probe))
    return True


def _chmod_folders(folder: Path, mode: int) -> None:
    """Give `folder` and every folder in it `mode` (0o555: nothing can be written)."""
    for path in [folder, *folder.rglob("*")]:
        if path.is_dir():
            path.chmod(mode)


class Blocker:
    """Makes a folder one that cannot be written (`block`) and writable again (`free`)."""

    def __init__(self, way: str, tmp_path: Path) -> None:
        # its own patches: `free` undoes them and nothing else
        self.way, self.monkeypatch, self.mounted = way, pytest.MonkeyPatch(), False
        if way == "chmod" and os.geteuid() == 0:
            pytest.skip("root can write whatever the permissions say")
        if way == "read-only mount" and not (hasattr(os, "geteuid") and os.geteuid() == 0
                                             and mount_allowed(tmp_path)):
            pytest.skip("a tmpfs cannot be mounted here")

    def prepare(self, folder: Path, size: str = "4m") -> None:
        """Before the folder is filled: a mount must be there first."""
        folder.mkdir(parents=True, exist_ok=True)
        if self.way == "read-only mount":
            assert _run("mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder))
            self.mounted = True

    def block(self, folder: Path) -> None:
        if self.way == "chmod":
            _chmod_folders(folder, 0o555)
        elif self.way == "read-only mount":
            assert _run("mount", "-o", "remount,ro", str(folder))
        else:
            real_check, real_mkstemp = datafiles._unusable, tempfile.mkstemp

            def write_check(place: Path) -> str | None:
                inside = place == folder or folder in place.parents
                return "permission denied" if inside else real_check(place)

            def mkstemp(*args: Any, **kwargs: Any) -> tuple[int, str]:
                where = Path(kwargs.get("dir") or tempfile.gettempdir())
                if where == folder or folder in where.parents:
                    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
                return real_mkstemp(*args, **kwargs)

            self.monkeypatch.setattr(datafiles, "_unusable", write_check)
            self.monkeypatch.setattr(storage.tempfile, "mkstemp", mkstemp)

    def free(self, folder: Path) -> None:
        if self.way == "chmod":
            _chmod_folders(folder, 0o755)
        elif self.way == "read-only mount":
            assert _run("mount", "-o", "remount,rw", str(folder))
        else:
            self.monkeypatch.undo()

    def done(self, folder: Path) -> None:
        if self.mounted:
            _run("umount", "-l", str(folder))


WAYS = ["chmod", "read-only mount", "stand-in"]


@pytest.fixture(params=WAYS)
def blocker(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Blocker]:
    made = Blocker(request.param, tmp_path)
    yield made
    made.free(tmp_path / "pupil")
    made.done(tmp_path / "pupil")


@pytest.fixture
def temp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The computer's temp folder, where the app keeps a stand-in folder."""
    temp = tmp_path / "temp"
    temp.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temp))
    return temp


def a_class_folder(folder: Path) -> Game:
    """Ana and Player 1; Ana (who played last) has the sound on, two wins, a game
    of Cruel in play and a saved game."""
    store = DataStore(folder)
    store.add_player("Ana")
    store.switch_player("Ana")
    store.update_settings(sound=True)
    for _ in range(2):
        won = won_thirteen()
        store.record_game(won, used_hints=False)
    in_play = play(new_game("cruel", seed=5, player="Ana"), moves=3)
    store.autosave(in_play)
    return in_play



def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file in `folder` with its bytes and time: to see that nothing was written."""
    return {str(p.relative_to(folder)): (p.read_bytes(), p.stat().st_mtime_ns)
            for p in folder.rglob("*") if p.is_file()}


def test_a_read_only_folder_is_read_and_the_changes_kept_elsewhere(
        tmp_path: Path, temp_dir: Path, blocker: Blocker) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    in_play = a_class_folder(pupil)
    before = snapshot(pupil)
    blocker.block(pupil)

    store = DataStore(pupil)
    assert store.folder != pupil and store.folder.parent == temp_dir
    assert store.players() == ["Ana", "Player 1"] and store.current_player == "Ana"
    assert store.settings.sound is True and store.stats("thirteen").won == 2
    resumed = store.resume()
    assert resumed is not None and resumed.position() == in_play.position()
    assert len(list(store.saved_games_dir().glob("*.json"))) == 2
    [said] = store.take_notices()
    assert said.startswith(f"Solitaire Tutor cannot write in your folder '{pupil}'"), said
    assert f"copied from it to '{store.folder}'" in said and "your changes are kept there" in said
    assert "could not be read" not in said
    assert f"Ask your teacher to make '{pupil}' a folder you can write in" in said

    store.record_game(won_thirteen(), used_hints=False)   # the pupil plays on
    store.update_settings(card_back="red")
    store.clear_current()
    again = DataStore(pupil)
    assert again.folder == store.folder, "the same stand-in at every start"
    assert again.stats("thirteen").won == 3 and again.settings.card_back == "red"
    assert again.resume() is None, "a game finished in the stand-in does not come back"
    assert again.settings.sound is True and again.current_player == "Ana"
    blocker.free(pupil)
    assert snapshot(pupil) == before, "nothing was written in the pupil's folder"


def test_a_read_only_folder_with_only_settings_has_nothing_missing(
        tmp_path: Path, temp_dir: Path, blocker: Blocker) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    DataStore(pupil).update_settings(card_back="green")
    blocker.block(pupil)
    store = DataStore(pupil)
    [said] = store.take_notices()
    assert "could not be read" not in said and store.settings.card_back == "green", said


def test_once_the_folder_can_be_written_again_the_changes_come_back(
        tmp_path: Path, temp_dir: Path, blocker: Blocker) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    a_class_folder(pupil)
    blocker.block(pupil)
    store = DataStore(pupil)
    store.record_game(won_thirteen(), used_hints=False)
    store.record_game(store.resume() or won_thirteen(), used_hints=False)
    store.clear_current()
    store.update_settings(card_back="red")
    copy = store.folder
    blocker.free(pupil)

    back = DataStore(pupil)
    assert back.folder == pupil
    [said] = back.take_notices()
    assert said == (f"While your folder '{pupil}' could not be written, your changes were kept "
                    f"in '{copy}'. Now that it can be written, they are back in your folder.")
    assert back.current_player == "Ana" and back.settings.card_back == "red"
    assert back.stats("thirteen").won == 3 and back.resume() is None
    assert len(list((pupil / "saved").glob("*.json"))) == 4   # 3 won, the Cruel game left
    assert not copy.exists(), "all of it is back: the copy is removed"
    assert DataStore(pupil).notice is None


def test_a_change_made_in_both_places_keeps_the_pupil_s_folder_and_the_copy(
        tmp_path: Path, temp_dir: Path, blocker: Blocker) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    a_class_folder(pupil)
    blocker.block(pupil)
    store = DataStore(pupil)
    store.update_settings(card_back="red")
    store.record_game(won_thirteen(), used_hints=False)
    copy = store.folder
    blocker.free(pupil)
    (pupil / "settings.json").write_text((pupil / "settings.json").read_text().replace(
        '"sound": true', '"sound": false'))   # the teacher changed it meanwhile

    back = DataStore(pupil)
    [said] = back.take_notices()
    assert "are still only in" in said and "'settings.json'" in said, said
    assert back.settings.sound is False and back.settings.card_back == "blue"
    assert back.stats("thirteen").won == 3, "what changed in one place only comes back"
    assert (copy / "settings.json").exists(), "the pupil's change is still there"


def test_a_file_changed_in_the_pupil_s_folder_since_is_copied_again(
        tmp_path: Path, temp_dir: Path, blocker: Blocker) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    a_class_folder(pupil)
    blocker.block(pupil)
    first = DataStore(pupil)
    first.switch_player("Player 1")   # changed in the stand-in: newer there
    blocker.free(pupil)
    settings = json.loads((pupil / "settings.json").read_text())
    settings["players"].append({"id": "cy", "name": "Cy"})   # the teacher adds a pupil by hand
    (pupil / "settings.json").write_text(json.dumps(settings))
    later = (first.folder / "settings.json").stat().st_mtime_ns + 10**9
    os.utime(pupil / "settings.json", ns=(later, later))
    blocker.block(pupil)
    again = DataStore(pupil)
    assert again.folder == first.folder and "Cy" in again.players(), "the newer one is copied"
    assert again.stats("thirteen").won == 2


def test_only_ordinary_files_are_copied_from_a_read_only_folder(
        tmp_path: Path, temp_dir: Path, blocker: Blocker) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil, size="16m")
    a_class_folder(pupil)
    (pupil / "stats" / "bo.json").symlink_to("/dev/zero")
    os.mkfifo(pupil / "current" / "player-1.json")
    (pupil / "stats" / "cy.json").mkdir()
    (pupil / "saved" / "big.json").write_bytes(b"{" + b" " * (6 * 1024 * 1024) + b"}")
    secret = tmp_path / "secret.json"
    secret.write_text('{"not": "the pupil\'s"}')
    (pupil / "saved" / "link.json").symlink_to(secret)
    blocker.block(pupil)
    store = DataStore(pupil)
    copied = {str(p.relative_to(store.folder)) for p in store.folder.rglob("*")}
    assert "stats/ana.json" in copied and "current/ana.json" in copied
    assert not {"stats/bo.json", "current/player-1.json", "stats/cy.json", "saved/big.json",
                "saved/link.json"} & copied
    assert all(stat.S_ISREG(os.lstat(store.folder / name).st_mode) or
               (store.folder / name).is_dir() for name in copied)
    [said] = store.take_notices()
    assert "These could not be read, so they were not copied: " in said, said
    assert store.stats("thirteen").won == 2 and store.resume() is not None


@pytest.mark.parametrize("limit", ["bytes", "games"])
def test_when_not_all_saved_games_fit_the_newest_are_copied(
        tmp_path: Path, temp_dir: Path, blocker: Blocker, monkeypatch: pytest.MonkeyPatch,
        limit: str) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    a_class_folder(pupil)
    saved = sorted((pupil / "saved").glob("*.json"))
    os.utime(saved[0], ns=(10**18, 10**18))          # the older one
    os.utime(saved[1], ns=(2 * 10**18, 2 * 10**18))  # the newest
    everything_else = sum(p.stat().st_size for p in pupil.rglob("*.json")
                          if p.parent.name != "saved")
    if limit == "bytes":
        monkeypatch.setattr("solitaire_tk.fallback.MAX_COPY_BYTES",
                            everything_else + saved[1].stat().st_size)
    else:
        monkeypatch.setattr("solitaire_tk.fallback.MAX_SAVED_GAMES", 1)
    blocker.block(pupil)
    store = DataStore(pupil)
    assert [p.name for p in store.saved_games_dir().iterdir()] == [saved[1].name]
    [said] = store.take_notices()
    assert f"Only your newest saved games were copied; the others are still in " \
           f"'{pupil / 'saved'}'." in said, said
    assert store.stats("thirteen").won == 2 and store.resume() is not None


def test_a_damaged_list_of_copies_copies_again_but_keeps_newer_work(
        tmp_path: Path, temp_dir: Path, blocker: Blocker) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    a_class_folder(pupil)
    blocker.block(pupil)
    store = DataStore(pupil)
    store.record_game(won_thirteen(), used_hints=False)
    (store.folder / COPIED_LIST).write_text("{ damaged")
    again = DataStore(pupil)
    assert again.stats("thirteen").won == 3, "the newer copy is kept"


# -- a folder that cannot be written after the start ---------------------------------------
def _finish_a_game(session: Session) -> None:
    won = won_thirteen()
    game = new_game("thirteen", deck=won.deck, seed=won.seed)
    session.start(game)
    for entry in won.log:
        game.play(Move.from_json(entry))


def _three_games_while_blocked(pupil: Path, store: DataStore,
                               trouble: Callable[[], None], words: str) -> Session:
    store.autosave(play(new_game("klondike", seed=3, player="Player 1"), moves=2))
    session = Session(store, play(new_game("klondike", seed=3, player="Player 1"), moves=2))
    session.autosave()
    trouble()
    in_play = pupil / "current" / "player-1.json"
    _finish_a_game(session)
    with pytest.raises(SaveError) as told:
        session.finish()
    session.autosave()   # (the window's autosave comes a moment after the last move)
    assert words in str(told.value) and "kept in memory" in str(told.value), str(told.value)
    for _ in range(2):
        _finish_a_game(session)
        assert session.finish() is None, "said once"
        session.autosave()
    assert len(session.unwritten) == 3 and in_play.exists()
    with pytest.raises(SaveError):   # quit: the window warns with unwritten_words
        session.write_unwritten()
    assert "3 games that are over" in session.unwritten_words()
    assert str(pupil) in session.unwritten_words()
    return session


def test_a_folder_made_read_only_after_the_start_loses_no_game(
        tmp_path: Path, blocker: Blocker) -> None:
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    store = DataStore(pupil)
    words = {"chmod": "You are not allowed to write", "stand-in": "You are not allowed to write",
             "read-only mount": "can only be read"}[blocker.way]
    session = _three_games_while_blocked(pupil, store, lambda: blocker.block(pupil), words)
    blocker.free(pupil)
    session.write_unwritten()
    session.autosave()
    assert session.unwritten == [] and len(list((pupil / "saved").glob("*.json"))) == 3
    assert not (pupil / "current" / "player-1.json").exists()
    assert DataStore(pupil).stats("thirteen").played == 3


def test_a_full_disk_of_64_kb_loses_no_game(tmp_path: Path) -> None:
    """A real full disk: a tmpfs of 64 KB.  Where it cannot be mounted, the same
    happens with a stand-in in test_session (writes fail with ENOSPC)."""
    Blocker("read-only mount", tmp_path)   # skips where mount is not allowed
    pupil = tmp_path / "pupil"
    pupil.mkdir()
    assert _run("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(pupil))
    try:
        store = DataStore(pupil)
        filler = pupil / "filler"

        def fill_the_disk() -> None:
            with open(filler, "wb", buffering=0) as handle:
                for block in (4096, 1):
                    try:
                        while True:
                            handle.write(b"x" * block)
                    except OSError as error:
                        assert error.errno == errno.ENOSPC
        session = _three_games_while_blocked(pupil, store, fill_the_disk, "The disk is full")
        filler.unlink()
        session.write_unwritten()
        session.autosave()
        assert len(list((pupil / "saved").glob("*.json"))) == 3
        assert DataStore(pupil).stats("thirteen").played == 3
    finally:
        _run("umount", "-l", str(pupil))


def test_nothing_is_written_into_a_read_only_folder_s_files(tmp_path: Path, temp_dir: Path,
                                                             blocker: Blocker) -> None:
    """Temporary files of ours are cleaned up at start, but never in the pupil's own
    folder when it cannot be written: the stand-in is cleaned instead."""
    pupil = tmp_path / "pupil"
    blocker.prepare(pupil)
    a_class_folder(pupil)
    (pupil / "stats" / ".ana.json.abcd1234.tmp").write_text("{")
    old = 1_000_000_000
    os.utime(pupil / "stats" / ".ana.json.abcd1234.tmp", (old, old))
    before = snapshot(pupil)
    blocker.block(pupil)
    store = DataStore(pupil)
    assert store.folder != pupil
    blocker.free(pupil)
    assert snapshot(pupil) == before
    assert json.loads((store.folder / COPIED_LIST).read_text())["from"] == str(pupil)
