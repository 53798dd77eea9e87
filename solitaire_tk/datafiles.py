"""The user's data folder and the versioned JSON files in it.

- `data_dir()` finds the per-user folder (platformdirs' `user_data_path`,
  or the app's `--data-dir`); on a locked-down PC where it cannot be
  written it falls back to a folder in the temp directory (the same one at
  every start), copies into it what can be read of the pupil's folder
  (`fallback.copy_readable`), and says so in `data_dir_notice()`.
- Every file has "format" and "version" fields.  `read_versioned` checks a
  file and brings an older one up to date one version at a time through
  the functions in `CONVERTERS` (the way nbformat upgrades notebooks).  A
  file from a newer app raises `NewerFile` (with what could be read); a
  damaged one raises `DamagedFile` (with why, in words for a pupil).
- `move_aside` puts a file into a side folder (`damaged/`...) under a
  time-stamped name instead of deleting it.

Writing goes through `storage.write_json` (atomic).
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import platformdirs

from .storage import MAX_FILE_BYTES, UnusableFile, read_json

try:   # the same digest as hashlib's, without loading OpenSSL at every start
    from _sha1 import sha1  # type: ignore[import-not-found]
except ImportError:   # a Python built without it
    from hashlib import sha1

if TYPE_CHECKING:
    from .fallback import Copied

APP_NAME = "SolitaireTutor"
SETTINGS_FORMAT = "solitaire-tk-settings"
STATS_FORMAT = "solitaire-tk-stats"
CURRENT_VERSIONS = {SETTINGS_FORMAT: 1, STATS_FORMAT: 2}   # stats 2: a cache of saved/

JsonDict = dict[str, Any]
Converter = Callable[[JsonDict], JsonDict]
# (format, version) -> the function that turns a file of that version into the next.
CONVERTERS: dict[tuple[str, int], Converter] = {}

_dir_notice: str | None = None


# -- the folder ------------------------------------------------------------------------
def data_dir(override: str | os.PathLike[str] | None = None) -> Path:
    """The per-user data folder, created if missing (see `data_dir_notice`)."""
    global _dir_notice
    folder, _dir_notice = locate_data_dir(override)
    return folder


def data_dir_notice() -> str | None:
    """Why the last `data_dir()` had to use a stand-in folder, or None."""
    return _dir_notice


def default_data_dir() -> Path:
    """This computer's data folder for this user (it may not exist yet)."""
    return platformdirs.user_data_path(APP_NAME, appauthor=False)


def locate_data_dir(override: str | os.PathLike[str] | None = None) -> tuple[Path, str | None]:
    """The folder to use, and a sentence for the pupil if it is a stand-in."""
    wanted: Path | None = None
    try:
        wanted = (Path(override).expanduser() if override is not None
                  else default_data_dir())
        problem = _unusable(wanted)
    except (OSError, RuntimeError, ValueError) as error:   # no home folder at all
        problem = str(error)
    if wanted is not None and problem is None:
        return wanted, _brought_back_notice(wanted)
    place = f"'{wanted}'" if wanted is not None else "your own folder"
    fallback = _fallback_for(wanted)
    if fallback is not None and _unusable(fallback) is None:
        if wanted is not None and _is_folder(wanted):   # it can be read: work from a copy
            from .fallback import copy_readable
            return fallback, _copied_notice(wanted, fallback, problem or "it cannot be written",
                                            copy_readable(wanted, fallback))
        words = (f"Your games cannot be kept in {place} ({problem}), so for now they are kept "
                 f"in '{fallback}'. ")
        if wanted is not None:
            # Not there now (a network drive not connected): what is done meanwhile
            # goes there by itself once it can be used (`_brought_back_notice`).
            from .fallback import mark_stand_in
            mark_stand_in(fallback, wanted)
            words += (f"When {place} can be used again (a network drive connected, say), "
                      "Solitaire Tutor puts them back there by itself the next time it starts. ")
        ask = ("tell your teacher." if override is not None else "ask your teacher for a folder "
               "you can write in and start Solitaire Tutor with --data-dir.")
        return fallback, (f"{words}Until then, that folder may be emptied when the computer is "
                          f"tidied up: {ask}")
    return wanted or Path(APP_NAME), (f"Your games cannot be kept in {place} ({problem}) and "
                                      "there is no other folder to use, so nothing you do "
                                      "will be kept after you close Solitaire Tutor.")


def _fallback_for(wanted: Path | None) -> Path | None:
    """The stand-in folder for `wanted`: the same at every start, one per user and folder
    (so the copies of two folders are never mixed)."""
    import getpass
    try:
        user = re.sub(r"[^A-Za-z0-9_-]", "", getpass.getuser())[:32] or "user"
    except Exception:   # getuser promises no particular exception
        user = "user"
    place = "" if wanted is None else os.path.normcase(os.path.abspath(wanted))
    tag = "-" + sha1(place.encode()).hexdigest()[:8] if place else ""
    try:
        return Path(tempfile.gettempdir()) / f"{APP_NAME}-{user}{tag}"
    except OSError:
        return None


def is_stand_in(folder: Path) -> bool:
    """Whether `folder` is a stand-in in the temp directory (`_fallback_for`)."""
    try:
        return folder.parent == Path(tempfile.gettempdir()) and folder.name.startswith(
            f"{APP_NAME}-")
    except OSError:
        return False


def _brought_back_notice(folder: Path) -> str | None:
    """Put back what the pupil changed in the stand-in while `folder` could not be
    written; what they are told about it, or None if there was nothing."""
    copy = _fallback_for(folder)
    if copy is None or not copy.is_dir():   # the usual case: there is no stand-in
        return None
    from .fallback import bring_back
    done = bring_back(copy, folder)
    if done is None or not (done.brought or done.left):
        return None
    words = []
    if done.brought:
        words.append(f"While your folder '{folder}' could not be written, your changes were "
                     f"kept in '{copy}'. Now that it can be written, they are back in your "
                     "folder.")
    if done.left:
        names = ", ".join(f"'{name}'" for name in done.left[:3])
        more = " and more" if len(done.left) > 3 else ""
        words.append(f"Some changes made while your folder '{folder}' could not be written "
                     f"are still only in '{copy}', because the same files changed in your "
                     f"folder too, and those were kept: {names}{more}. Ask your teacher to "
                     "copy over what you need.")
    return " ".join(words)


def _is_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


def _copied_notice(wanted: Path, fallback: Path, problem: str, done: Copied) -> str:
    """What the pupil is told when their folder can be read but not written."""
    words = [f"Solitaire Tutor cannot write in your folder '{wanted}' ({problem}), so your "
             f"players, settings and games were copied from it to '{fallback}', and your changes "
             "are kept there for now."]
    if done.unreadable:
        names = ", ".join(f"'{name}'" for name in done.unreadable[:3])
        more = " and more" if len(done.unreadable) > 3 else ""
        words.append(f"These could not be read, so they were not copied: {names}{more}.")
    if done.too_much:
        words.append(f"Only your newest saved games were copied; the others are still in "
                     f"'{wanted / 'saved'}'.")
    words.append(f"Ask your teacher to make '{wanted}' a folder you can write in: the copy may "
                 "be emptied when the computer is tidied up.")
    return " ".join(words)


def _unusable(folder: Path) -> str | None:
    """None if files can be written in `folder` (made if missing), else why not."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".write-test-", dir=folder)
        os.close(handle)
        os.remove(probe)
    except OSError as error:
        return (error.strerror or str(error)).lower()
    return None


# -- file versions -----------------------------------------------------------------------
def register_converter(file_format: str, from_version: int) -> Callable[[Converter], Converter]:
    """Decorator: `func(data)` turns a `from_version` file into the next version."""
    def register(func: Converter) -> Converter:
        CONVERTERS[(file_format, from_version)] = func
        return func
    return register


class DamagedFile(Exception):
    """A data file that cannot be used; the message says why ("it breaks off...")."""


class NewerFile(Exception):
    """A file written by a newer app; `data` is what it holds, for a best-effort read."""

    def __init__(self, version: int, data: JsonDict) -> None:
        super().__init__(f"version {version}")
        self.version, self.data = version, data


def upgrade(data: JsonDict, file_format: str) -> JsonDict:
    """`data` brought up to the current version of its format, one step at a time."""
    version, current = data["version"], CURRENT_VERSIONS[file_format]
    if version > current:
        raise NewerFile(version, data)
    while version < current:
        step = CONVERTERS.get((file_format, version))
        if step is None:
            raise DamagedFile(f"it is from version {version}, which this app cannot read")
        try:
            data = step(dict(data))
        except Exception:   # a converter meeting a file it did not expect (its words are Python's)
            raise DamagedFile(f"it is from version {version} and could not be brought up to "
                              "date") from None
        version += 1
        data["version"] = version
    return data


def read_versioned(path: Path, file_format: str) -> tuple[JsonDict, int]:
    """The file's JSON object brought to the current version, and the version it had.

    Raises FileNotFoundError, another OSError (could not read), DamagedFile or NewerFile.
    """
    try:
        data = read_json(path, MAX_FILE_BYTES)
    except UnusableFile as error:
        raise DamagedFile(f"it {error.reason}") from None
    if not isinstance(data, dict) or data.get("format") != file_format:
        raise DamagedFile("it is not the kind of file it should be")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise DamagedFile("it has no proper version number")
    return upgrade(data, file_format), version


def stamp() -> str:
    return datetime.now().strftime("%Y%m%d-%H%M%S")


def move_aside(folder: Path, path: Path, into: str, label: str = "") -> Path | None:
    """Move `path` (inside `folder`) to `folder/into/` under a time-stamped name.

    Returns the new place, or None if it could not be moved.
    """
    try:
        base = label or "-".join(path.relative_to(folder).with_suffix("").parts)
    except ValueError:
        base = path.stem
    target_dir = folder / into
    try:
        target_dir.mkdir(exist_ok=True)
        number = 1
        target = target_dir / f"{base}-{stamp()}{path.suffix}"
        while target.exists():
            number += 1
            target = target_dir / f"{base}-{stamp()}-{number}{path.suffix}"
        os.replace(path, target)
    except OSError:
        return None
    return target
