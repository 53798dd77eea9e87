"""Reading and writing the user's files safely.

Reading: `read_limited` opens only an ordinary file (never a named pipe, a
device or a folder, which could hang the app or never end) and reads at
most so many bytes; `parse_json` turns those bytes into data, refusing what
no file of ours holds (huge numbers, deep nesting) in words of our own.
Both raise `UnusableFile`, whose `reason` goes after "it" in a sentence.

Writing: never a half-written game or statistics.  A file is written to
a temporary file in the same folder and then swapped in with `os.replace`,
which is atomic; on Windows an antivirus or indexer may hold the target for
a moment, so the swap is retried briefly.  A temporary file left by a write
that was killed is removed at the next start (`remove_stale_temp_files`).
`write_new_json` writes a file that must be new (a kept game): its name is
taken with O_CREAT|O_EXCL, so two windows never both write the same one.
"""

from __future__ import annotations

import errno
import itertools
import json
import math
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Any, Iterable

from .engine import Game

REPLACE_TRIES = 10
MAX_FILE_BYTES = 5 * 1024 * 1024   # no file of ours is ever bigger
MAX_DIGITS = 18         # no number in a file of ours is longer (a deal number has 10 digits)
TEMP_SUFFIX = ".tmp"
STALE_SECONDS = 60.0    # a write takes well under a second; an older temporary file is left over
_OUR_TEMP = re.compile(r"\..+\.json\.[A-Za-z0-9_]+\.tmp")   # what atomic_write_text makes


class UnusableFile(ValueError):
    """A file that is not one of ours; `reason` goes after "it": "is a folder, not a file"."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def read_limited(path: str | os.PathLike[str], limit: int, follow_links: bool = True) -> bytes:
    """The bytes of the ordinary file at `path`, if there are at most `limit` of them.

    A link is followed unless `follow_links` is False (then a link is refused:
    "is a link, not a file").  Raises UnusableFile for a folder, a named pipe,
    a device or a file that is too big (the size the system reports is not
    trusted: /dev/zero says 0), and OSError (FileNotFoundError,
    PermissionError...) if it cannot be read.
    """
    mode = (os.stat(path) if follow_links else os.lstat(path)).st_mode
    if stat.S_ISLNK(mode):
        raise UnusableFile("is a link, not a file")
    _refuse_special(mode)      # before opening: a device is never opened
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) \
        | getattr(os, "O_BINARY", 0) | (0 if follow_links else getattr(os, "O_NOFOLLOW", 0))
    fd = os.open(path, flags)   # O_NONBLOCK: a pipe swapped in meanwhile cannot block
    try:
        _refuse_special(os.fstat(fd).st_mode)   # what was opened, not what was there before
        chunks: list[bytes] = []
        wanted = limit + 1
        while wanted > 0:
            chunk = os.read(fd, min(wanted, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            wanted -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise UnusableFile(f"is bigger than {_size(limit)}, which no Solitaire Tutor file ever is")
    return data


def _refuse_special(mode: int) -> None:
    if stat.S_ISDIR(mode):
        raise UnusableFile("is a folder, not a file")
    if stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode):
        raise UnusableFile("is a pipe between programs, not a file")
    if not stat.S_ISREG(mode):
        raise UnusableFile("is a device, not a file")


def _size(limit: int) -> str:
    return f"{limit / 1048576:g} MB" if limit >= 1048576 else f"{limit} bytes"


def parse_json(data: bytes) -> Any:
    """The JSON held in `data` (UTF-8, with or without the byte-order mark
    Notepad writes).  Raises UnusableFile with the reason in our words."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UnusableFile("is not a text file") from None
    try:
        return json.loads(text, parse_int=_whole_number, parse_float=_number,
                          parse_constant=_refuse_constant)
    except UnusableFile:
        raise
    except json.JSONDecodeError as error:
        if text.strip() and text.lstrip()[0] not in "{[":
            # Not one of ours damaged, but some other file altogether.
            raise UnusableFile("is some other kind of file, not one Solitaire Tutor "
                               "writes") from None
        raise UnusableFile(f"breaks off or is mixed up near line {error.lineno}") from None
    except RecursionError:
        raise UnusableFile("has lists inside lists far deeper than any Solitaire Tutor "
                           "file") from None
    except ValueError:   # anything else json refuses
        raise UnusableFile("holds something no Solitaire Tutor file has") from None


def _whole_number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:   # checked before int(): 5000 digits take long
        raise UnusableFile("holds a number far too big for any Solitaire Tutor file")
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):   # 1e400: a number no file of ours could have written
        raise UnusableFile("holds a number far too big for any Solitaire Tutor file")
    return value


def _refuse_constant(name: str) -> Any:
    raise UnusableFile(f"holds the value {name}, which no Solitaire Tutor file has")


def read_json(path: str | os.PathLike[str], limit: int) -> Any:
    """`parse_json(read_limited(path, limit))`."""
    return parse_json(read_limited(path, limit))


class SaveError(OSError):
    """A file could not be written; the message says why in plain words."""


def atomic_write_text(path: str | os.PathLike[str], text: str, what: str = "the file") -> None:
    """Write `text` to `path` in one step; a failure raises SaveError, whose message
    calls the file `what` ("your statistics") and by its name."""
    atomic_write_bytes(path, text.encode("utf-8"), what)


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes, what: str = "the file",
                       sync: bool = True) -> None:
    """`atomic_write_text` for bytes (a file copied as it is).  `sync` False skips
    waiting for the disk: only for a copy whose original is kept (it takes 5 ms a
    file, seconds for a folder of saved games)."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=TEMP_SUFFIX,
                                         dir=target.parent)
    except OSError as error:
        raise SaveError(_explain(error, target, what)) from error
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if sync:
                os.fsync(handle.fileno())
        _replace_with_retry(temp_name, target)
    except OSError as error:
        _remove_quietly(temp_name)
        raise SaveError(_explain(error, target, what)) from error


def remove_stale_temp_files(folder: Path, older_than: float = STALE_SECONDS) -> int:
    """Delete the temporary files a write killed half-way left in `folder`
    (only ours, `.NAME.json.XXXX.tmp`, and only old ones: a younger one may be
    another window writing right now).  Returns how many were removed."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        if not _OUR_TEMP.fullmatch(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                os.remove(entry.path)
                removed += 1
        except OSError:
            pass   # gone already, or not ours to remove: it does no harm
    return removed


def _replace_with_retry(temp_name: str, target: Path) -> None:
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(temp_name, target)
            return
        except PermissionError:
            if attempt == REPLACE_TRIES - 1:
                raise
            time.sleep(0.05 * (attempt + 1))


def _remove_quietly(name: str) -> None:
    try:
        os.remove(name)
    except OSError:
        pass


def _explain(error: OSError, target: Path, what: str) -> str:
    """A sentence for the pupil: which file (what it is and its name), and what to do."""
    named = f"{what} ('{target.name}')"
    capital = named[:1].upper() + named[1:]
    kept = "The copy saved before is kept. " if os.path.isfile(target) else ""
    if error.errno == errno.ENOSPC:
        return (f"The disk is full, so {named} could not be saved. {kept}Ask your teacher to "
                "make room on the disk.")
    if error.errno == errno.EROFS:
        return (f"The disk that holds '{target.parent}' can only be read, so {named} could not "
                f"be saved. {kept}Ask your teacher to make it a folder you can write in.")
    if isinstance(error, IsADirectoryError):
        return (f"{capital} could not be saved: there is a folder called '{target.name}' in "
                f"'{target.parent}' where the file should be. Ask your teacher to move that "
                "folder away.")
    if isinstance(error, (FileExistsError, NotADirectoryError)):
        return (f"{capital} could not be saved: there is a file where the folder "
                f"'{target.parent}' should be. Ask your teacher to move that file away.")
    if isinstance(error, PermissionError):
        return (f"You are not allowed to write in '{target.parent}', so {named} was not saved. "
                f"{kept}Ask your teacher for a folder you can write in.")
    return (f"{capital} could not be saved ({error.strerror or error}). {kept}Try again; if it "
            "keeps happening, ask your teacher to look at the disk.")


def write_json(path: str | os.PathLike[str], data: Any, what: str = "the file",
               compact: bool = False) -> None:
    """`what` names the file for the pupil if it cannot be written.  `compact`
    (no spaces or line breaks) is for saved games: indented, a long move list
    grows by half, past the 5 MB a saved game may have, and takes seconds to
    write (Python's fast JSON writer does not indent)."""
    atomic_write_text(path, _json_text(data, compact), what)


def _json_text(data: Any, compact: bool) -> str:
    text = (json.dumps(data, ensure_ascii=False, separators=(",", ":")) if compact
            else json.dumps(data, indent=1, ensure_ascii=False))
    return text + "\n"


def write_new_json(folder: Path, names: Iterable[str], data: Any, what: str = "the file",
                   compact: bool = False) -> Path:
    """Write `data` as a new file in `folder`, under the first of `names` no file
    has yet, and return where.

    The name is taken with O_CREAT|O_EXCL (the system lets only one program
    make it), then the file is filled atomically: two windows writing at the
    same moment get two files.  A kill between the two steps can leave only an
    empty file; a failed write removes it and raises SaveError.
    """
    text = _json_text(data, compact)
    tries = iter(names)
    first = next(tries, None)
    target = folder / first if first is not None else None
    taken = False
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for name in itertools.chain([first] if first is not None else [], tries):
            target = folder / name
            try:
                fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                             | getattr(os, "O_BINARY", 0), 0o666)
            except FileExistsError:
                continue
            os.close(fd)
            taken = True
            break
    except OSError as error:
        raise SaveError(_explain(error, target or folder / "?", what)) from error
    if target is None or not taken:
        raise SaveError(f"{what[:1].upper()}{what[1:]} could not be saved: every name it could "
                        f"have in '{folder}' is taken.")
    try:
        atomic_write_text(target, text, what)
    except SaveError:
        _remove_quietly(str(target))
        raise
    return target


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the saved-game record of `game` to `path`, atomically."""
    write_json(path, game.to_json(), "the game", compact=True)
