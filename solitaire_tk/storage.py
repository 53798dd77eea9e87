"""Writing the user's files safely: never a half-written game or statistics.

A file is written to a temporary file in the same folder and then swapped
in with `os.replace`, which is atomic; on Windows an antivirus or indexer
may hold the target for a moment, so the swap is retried briefly.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from .engine import Game

REPLACE_TRIES = 10


class SaveError(OSError):
    """A file could not be written; the message says why in plain words."""


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                         dir=target.parent)
    except OSError as error:
        raise SaveError(_explain(error, target)) from error
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        _replace_with_retry(temp_name, target)
    except OSError as error:
        _remove_quietly(temp_name)
        raise SaveError(_explain(error, target)) from error


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


def _explain(error: OSError, target: Path) -> str:
    if error.errno == errno.ENOSPC:
        return f"The disk is full, so '{target.name}' could not be saved. Nothing was changed."
    if isinstance(error, PermissionError):
        return f"You are not allowed to write in '{target.parent}', so '{target.name}' was not saved."
    return f"'{target.name}' could not be saved ({error.strerror or error}). Nothing was changed."


def write_json(path: str | os.PathLike[str], data: Any, compact: bool = False) -> None:
    """`compact` (no spaces or line breaks) is for saved games: indented, a long
    move list grows by half, past the 5 MB a saved game may have, and takes
    seconds to write (Python's fast JSON writer does not indent)."""
    text = (json.dumps(data, ensure_ascii=False, separators=(",", ":")) if compact
            else json.dumps(data, indent=1, ensure_ascii=False))
    atomic_write_text(path, text + "\n")


def save_game(game: Game, path: str | os.PathLike[str]) -> None:
    """Write the saved-game record of `game` to `path`, atomically."""
    write_json(path, game.to_json(), compact=True)
