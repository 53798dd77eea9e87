"""Every kind of damage to every kind of file the pupil has: each is refused
with a sentence of ours that names the file, the damaged file is kept as
it was, and nothing else is lost (the other files are not touched, and the
players, figures and game in play they hold are still there).

Real files in a fresh folder, read the way the app reads them.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Callable

import pytest

from solitaire_tk import GameFileError, load_game, storage
from solitaire_tk.userdata import DataStore

from .helpers import won_thirteen
from .test_files import PYTHONS_WORDS, a_saved_game, data_folder_with_everything

Damage = Callable[[bytes, bytes], bytes]   # (the file, a file of another kind) -> damaged


def _edit(change: Callable[[dict[str, object]], object]) -> Damage:
    def damage(data: bytes, other: bytes) -> bytes:
        record = json.loads(data)
        change(record)
        return json.dumps(record).encode()
    return damage


DAMAGE: dict[str, tuple[Damage, str]] = {   # how, and the words that say what is wrong
    "emptied": (lambda data, other: b"", "breaks off or is mixed up near line 1"),
    "cut in half": (lambda data, other: data[:len(data) // 2], "breaks off or is mixed up"),
    "not text": (lambda data, other: b"\xff\xfe\x00\x81" + data, "is not a text file"),
    "a letter": (lambda data, other: b"Dear teacher,\nhere is my game.\n",
                 "is some other kind of file"),
    "a list": (lambda data, other: b"[1, 2]", "not"),
    "another kind of file": (lambda data, other: other, "not"),
    "no version": (_edit(lambda record: record.pop("version")), "no proper version number"),
    "a version in words": (_edit(lambda record: record.update(version="1")),
                           "no proper version number"),
}
PLACES = {   # the file, and how the pupil is told about it
    "settings": ("settings.json", "The settings file was damaged ("),
    "statistics": ("stats/player-1.json", "Player 1's statistics file was damaged ("),
    "game in play": ("current/player-1.json",
                     "The game you were playing could not be opened again. "),
    "saved game": ("saved/game.json", ""),
}


def a_full_folder(folder: Path) -> None:
    """Settings (sound on), statistics (one win), a game in play, a saved game."""
    data_folder_with_everything(folder)
    a_saved_game(folder / "saved")


def everything_else_is_there(store: DataStore, damaged: str) -> None:
    """The figures, preferences and game in play are as they were, but for the damaged one."""
    assert store.settings.sound is (damaged != "settings")
    assert store.stats("thirteen").won == 1   # statistics: counted again from saved/
    game = store.resume()
    if damaged == "game in play":
        assert game is None
    else:
        assert game is not None and len(game.log) == 3


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("place", PLACES)
def test_each_kind_of_damage_to_each_kind_of_file(tmp_path: Path, place: str,
                                                  damage: str) -> None:
    a_full_folder(tmp_path)
    name, told = PLACES[place]
    path = tmp_path / name
    other_kind = tmp_path / ("settings.json" if place in ("saved game", "game in play")
                             else "saved/game.json")
    damaged = DAMAGE[damage][0](path.read_bytes(), other_kind.read_bytes())
    path.write_bytes(damaged)
    untouched = {p: p.read_bytes() for p in tmp_path.rglob("*.json") if p != path}

    if place == "saved game":
        with pytest.raises(GameFileError) as error:
            load_game(path)
        said = [str(error.value)]
        assert path.read_bytes() == damaged, "a saved game that cannot be opened stays as it is"
    else:
        store = DataStore(tmp_path)
        everything_else_is_there(store, place)
        said = store.take_notices()
        [aside] = (tmp_path / "damaged").iterdir()
        assert aside.read_bytes() == damaged, "put aside as it was"
        assert f"'damaged/{aside.name}'" in said[0]
        assert not path.exists() or place == "statistics", "statistics: written anew"
    [words] = said
    assert words.startswith(told) and DAMAGE[damage][1] in words, words
    assert not any(python in words for python in PYTHONS_WORDS), words
    assert all(p.read_bytes() == data for p, data in untouched.items()), "nothing else changed"
    if place != "saved game":
        again = DataStore(tmp_path)
        assert again.notice is None, "said once: the next start is normal"
        everything_else_is_there(again, place)


@pytest.mark.parametrize("place", ["settings", "statistics", "game in play"])
def test_a_file_from_a_newer_app_is_kept_as_it_is(tmp_path: Path, place: str) -> None:
    a_full_folder(tmp_path)
    name, _ = PLACES[place]
    path = tmp_path / name
    newer = _edit(lambda record: record.update(version=99, future=True))(path.read_bytes(), b"")
    path.write_bytes(newer)
    store = DataStore(tmp_path)
    assert store.settings.sound is True and store.stats("thirteen").won == 1
    assert (store.resume() is None) is (place == "game in play")
    [said] = store.take_notices()
    assert "newer Solitaire Tutor" in said, said
    store.update_settings(card_back="red")
    store.record_game(won_thirteen(), used_hints=False)
    assert store.stats("thirteen").won == 2
    kept = path if place != "game in play" else next((tmp_path / "saved").glob("unfinished-*"))
    assert kept.read_bytes() == newer, "never written over, never lost"


def test_a_folder_full_of_damage_starts_and_keeps_the_saved_games(tmp_path: Path) -> None:
    """Every data file damaged at once: the app starts as a first run with a notice
    for each, and the saved games (the record of what was played) are all there."""
    a_full_folder(tmp_path)
    for name in ("settings.json", "stats/player-1.json", "current/player-1.json"):
        (tmp_path / name).write_bytes(b"\x00\x00")
    saved = sorted((tmp_path / "saved").iterdir())
    store = DataStore(tmp_path)
    assert store.players() == ["Player 1"] and store.resume() is None
    assert store.stats("thirteen").played == 1, "counted again from the games kept"
    assert len(store.take_notices()) == 3
    assert sorted((tmp_path / "saved").iterdir()) == saved
    assert len(list((tmp_path / "damaged").iterdir())) == 3


@pytest.mark.parametrize("way", ["chmod", "stand-in"])
@pytest.mark.parametrize("place", ["settings", "statistics"])
def test_a_file_that_cannot_be_read_is_left_alone_and_said(tmp_path: Path, place: str, way: str,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """"chmod" takes the read permission away (no effect for root: skipped then);
    the stand-in makes opening that one file fail with EACCES, as Windows does
    for a file another program holds."""
    a_full_folder(tmp_path)
    name, _ = PLACES[place]
    path = tmp_path / name
    before = path.read_bytes()
    if way == "chmod":
        if os.geteuid() == 0:
            pytest.skip("root can read whatever the permissions say")
        path.chmod(0)
    else:
        real_open = storage.os.open

        def refuse(file: str | os.PathLike[str], flags: int, *args: int) -> int:
            if Path(file) == path:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
            return real_open(file, flags, *args)
        monkeypatch.setattr(storage.os, "open", refuse)
    store = DataStore(tmp_path)
    store.stats("thirteen")
    [said] = store.take_notices()
    what = "The settings file" if place == "settings" else "Player 1's statistics file"
    assert said == (f"{what} ('{path.name}') could not be read (permission denied), so it is "
                    "left as it is and nothing will be written over it. Ask your teacher to "
                    "make it a file you can read."), said
    store.update_settings(card_back="red")
    store.record_game(won_thirteen(), used_hints=False)
    path.chmod(0o644)
    assert path.read_bytes() == before, "never written over"
    assert store.resume() is not None, "the game in play is still there"
