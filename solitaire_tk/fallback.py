"""Working from a copy when the pupil's data folder can only be read.

On a locked-down PC the pupil's folder may be readable but not writable.
`copy_readable` copies what can be read of it (the settings, statistics,
games in play and saved games) into a stand-in folder the app can write,
and the app works from there.  Only ordinary files are copied (never a
link, a pipe or a device), each at most `storage.MAX_FILE_BYTES`, at most
`MAX_COPY_BYTES` in all, and only the newest `MAX_SAVED_GAMES` saved games:
the first start must not take long.

The stand-in folder stays the same from one start to the next, so the
pupil's changes are found again.  A list of what was copied
(`COPIED_LIST`, with each file's time and size) keeps the next start from
copying a file again unless it changed in the pupil's folder since: a game
in play finished (and so removed) in the stand-in does not come back, and a
file changed in the stand-in after it was copied is never written over by
an older one.  When the folder can be written again, `bring_back` puts
there what the pupil changed in the stand-in.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

from .records import field, record
from .storage import (MAX_FILE_BYTES, SaveError, UnusableFile, atomic_write_bytes,
                      read_json, read_limited, write_json)

COPIED_LIST = "copied-from-your-folder.json"
COPIES_FORMAT = "solitaire-tk-copies"
MAX_COPY_BYTES = 32 * 1024 * 1024   # in all
MAX_SAVED_GAMES = 300               # the newest: copying a file takes about a millisecond
WHAT_TO_COPY = ("settings.json", "stats", "current", "saved")   # files, or folders of .json files


@record
class Copied:
    """What `copy_readable` did."""

    copied: list[str] = field(default_factory=list)      # names inside the folder
    unreadable: list[str] = field(default_factory=list)  # not an ordinary file, or not readable
    too_much: bool = False                               # stopped at MAX_COPY_BYTES


def copy_readable(source: Path, target: Path, budget: int | None = None,
                  all_saved: bool = False) -> Copied:
    """Copy what can be read of the pupil's folder `source` into `target` (see above),
    at most `budget` bytes (`MAX_COPY_BYTES`); with `all_saved`, every saved game
    (the class report counts them all), not only the newest `MAX_SAVED_GAMES`.

    Never raises: what cannot be read or written is left out, and said in the result.
    """
    done = Copied()
    budget = MAX_COPY_BYTES if budget is None else budget
    before = _copied_before(target)
    now: dict[str, str] = dict(before)
    for name in _candidates(source, done, all_saved=all_saved):
        path = source / name
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            continue
        except OSError:
            done.unreadable.append(name)
            continue
        signature = f"{info.st_mtime_ns} {info.st_size}"   # as `_signature`
        if not stat.S_ISREG(info.st_mode):
            done.unreadable.append(name)
            continue
        if before.get(name) == signature or _newer_here(target / name, info):
            continue   # copied already, or changed here since: the pupil's later work is kept
        if info.st_size > budget:
            done.too_much = True
            continue
        try:
            data = read_limited(path, MAX_FILE_BYTES, follow_links=False)
            budget -= len(data)
            # saved games (the many) are not waited for: a copy cut short by a crash is
            # only a saved game that cannot be opened; the original is in the folder
            atomic_write_bytes(target / name, data, sync=not name.startswith("saved/"))
            os.utime(target / name, ns=(info.st_atime_ns, info.st_mtime_ns))
        except (OSError, UnusableFile):
            done.unreadable.append(name)
            continue
        now[name] = signature
        done.copied.append(name)
    if now != before:
        try:
            write_json(target / COPIED_LIST, {"format": COPIES_FORMAT, "version": 1,
                                              "from": str(source), "files": now})
        except SaveError:
            pass   # the next start copies again what is not newer here: nothing is lost
    return done


def mark_stand_in(target: Path, source: Path) -> None:
    """`target` stands in for the pupil's folder `source`, which cannot be
    made or read now (a network drive not there): with nothing copied, so
    that `bring_back` puts everything the pupil does here into `source` once
    it can be used.  A list made before (of copies) is kept as it is."""
    if os.path.lexists(target / COPIED_LIST):
        return
    try:
        write_json(target / COPIED_LIST, {"format": COPIES_FORMAT, "version": 1,
                                          "from": str(source), "files": {}})
    except SaveError:
        pass   # then the pupil's work stays here, as before, and they were told where


@record
class Brought:
    """What `bring_back` did."""

    brought: list[str] = field(default_factory=list)   # names inside the folder
    left: list[str] = field(default_factory=list)      # changed in both places: left in the copy


def bring_back(copy: Path, folder: Path) -> Brought | None:
    """Once the pupil's `folder` can be written again, put back in it what changed in
    the stand-in `copy` since it was made; None if there is no such copy.

    A file that changed in the folder too is not written over: it is left in the
    copy (and said in the result).  A game in play finished in the copy is
    cleared from the folder.  The copy is removed once all of it is back.
    """
    if not (copy / COPIED_LIST).is_file():
        return None
    listed = _copied_before(copy)
    done = Brought()
    for name in _candidates(copy, Copied(), all_saved=True):
        signature = _signature(copy / name)
        if signature is None or listed.get(name) == signature:
            continue   # not an ordinary file, or not changed in the copy
        original = _signature(folder / name)
        if original is not None and original != listed.get(name) \
                or original is None and os.path.lexists(folder / name):
            done.left.append(name)   # changed there too: the pupil's folder wins
            continue
        try:
            data = read_limited(copy / name, MAX_FILE_BYTES, follow_links=False)
            atomic_write_bytes(folder / name, data)
        except (OSError, UnusableFile):
            done.left.append(name)
            continue
        done.brought.append(name)
    for name, signature in listed.items():
        if name.startswith("current/") and not os.path.lexists(copy / name) \
                and _signature(folder / name) == signature:
            try:
                os.remove(folder / name)   # finished in the copy (and kept in its saved/)
                done.brought.append(name)
            except OSError:
                done.left.append(name)
    if not done.left:
        shutil.rmtree(copy, ignore_errors=True)
    return done


def _signature(path: Path) -> str | None:
    """A regular file's time and size as words (a number of 19 digits is refused by
    `storage.parse_json`); None if it is missing or not an ordinary file."""
    try:
        info = os.lstat(path)
    except OSError:
        return None
    return f"{info.st_mtime_ns} {info.st_size}" if stat.S_ISREG(info.st_mode) else None


def _candidates(source: Path, done: Copied, all_saved: bool = False) -> list[str]:
    """The names (like "stats/ana.json") that may be copied, most important first, with
    at most `MAX_SAVED_GAMES` saved games (the newest) unless `all_saved`."""
    names: list[str] = []
    for item in WHAT_TO_COPY:
        if item.endswith(".json"):
            names.append(item)
            continue
        try:
            if not stat.S_ISDIR(os.lstat(source / item).st_mode):
                continue   # missing, or a link: a folder elsewhere is not the pupil's
            entries = sorted(entry.name for entry in os.scandir(source / item))
        except FileNotFoundError:
            continue
        except OSError:
            done.unreadable.append(item)
            continue
        names += [f"{item}/{entry}" for entry in entries
                  if entry.endswith(".json") and not entry.startswith(".")]
    saved = sorted((n for n in names if n.startswith("saved/")), reverse=True,
                   key=lambda name: _mtime(source / name))   # the newest first, if not all fit
    if not all_saved and len(saved) > MAX_SAVED_GAMES:
        done.too_much = True
        saved = saved[:MAX_SAVED_GAMES]
    return [n for n in names if not n.startswith("saved/")] + saved


def _mtime(path: Path) -> int:
    try:
        return os.lstat(path).st_mtime_ns
    except OSError:
        return 0


def _copied_before(target: Path) -> dict[str, str]:
    try:
        data = read_json(target / COPIED_LIST, MAX_FILE_BYTES)
    except (OSError, UnusableFile):
        return {}
    files = data.get("files") if isinstance(data, dict) else None
    if not isinstance(files, dict):
        return {}
    return {name: value for name, value in files.items() if isinstance(value, str)}


def _newer_here(copy: Path, original: os.stat_result) -> bool:
    """True if the stand-in already has this file, changed at or after the original."""
    try:
        return os.lstat(copy).st_mtime_ns >= original.st_mtime_ns
    except OSError:
        return False
