"""One window at a time holds a player's game in play: a lock the system keeps.

`PlayerLock(folder, player_id).claim()` locks the small file
`locks/<player>.lock` in the data folder for as long as this process keeps
it open (`fcntl.flock` on Linux and macOS, `msvcrt.locking` on Windows).
The lock, not the file, says who is playing: the system lets go of it when
the process ends in any way (Quit, a crash, the task manager, a power cut),
so a lock file left on disk never blocks the next start.

A folder where no lock can be made (read-only, or a network share that does
not lock files) gives `NO_LOCKING`: the app goes on as before, without the
check.  The DataStores of one process share a lock (tests make several on
one folder; a run of the app makes one): it is let go when the last of them
releases it or is thrown away.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from .records import record

__all__ = ["BUSY", "HELD", "NO_LOCKING", "PlayerLock", "already_playing", "held_briefly",
           "lock_path"]

HELD = "held"              # this window holds the player's game in play
BUSY = "busy"              # another window (another process) holds it
NO_LOCKING = "no locking"  # the folder cannot lock files: nothing is checked

LOCK_FOLDER = "locks"


@record
class _Holding:
    fd: int
    claims: int   # how many PlayerLocks of this process hold it


_HELD_HERE: dict[str, _Holding] = {}   # the lock files this process holds, by full path


def already_playing(name: str) -> str:
    """What a window says of a player who is playing in another window."""
    return f"{name} is already playing in another window."


def lock_path(folder: Path, player_id: str) -> Path:
    """The file whose lock says that `player_id` is playing."""
    return folder / LOCK_FOLDER / f"{player_id}.lock"


def _key(path: Path) -> str:
    return os.path.normcase(os.path.realpath(path))


def _open(path: Path) -> int | None:
    """The lock file opened (made if need be), or None if it cannot be."""
    quiet = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        path.parent.mkdir(exist_ok=True)
    except OSError:
        pass   # a read-only folder may still hold the lock file from before
    fd: int | None = None
    # Opened for reading only (made if missing): that is enough to lock, and a file
    # held open for writing would stop the disk being made read-only under us.
    for flags in (os.O_RDONLY | os.O_CREAT, os.O_RDONLY):
        try:
            fd = os.open(path, flags | quiet, 0o666)
            break
        except OSError:
            continue
    if fd is None:
        return None
    try:
        regular = stat.S_ISREG(os.fstat(fd).st_mode)   # never lock a pipe or a device
    except OSError:
        regular = False
    if not regular:
        os.close(fd)
        return None
    return fd


def _try_lock(fd: int) -> bool:
    """Lock at once: True if locked, False if another process holds it.
    Another OSError means this folder cannot lock files."""
    if sys.platform == "win32":
        import msvcrt
        os.lseek(fd, 0, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            if error.errno in (errno.EACCES, errno.EDEADLOCK):
                return False
            raise
        return True
    import fcntl
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def _unlock(fd: int) -> None:
    try:
        if sys.platform == "win32":
            import msvcrt
            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl
            fcntl.flock(fd, fcntl.LOCK_UN)
    except OSError:
        pass   # closing the file lets go of the lock as well
    finally:
        os.close(fd)


@contextmanager
def held_briefly(folder: Path, name: str, wait: float = 3.0) -> Iterator[bool]:
    """Hold the lock `locks/.<name>.lock` (never a player's: their ids start with
    a letter or digit) while a file every window shares is read, changed and
    written: two PCs adding players to one class folder at the same moment
    each wrote the list as it read it, and one's new players were lost.
    Yields True if held; after `wait` seconds, or where the folder cannot
    lock files, it goes on without (as it did before)."""
    fd = _open(folder / LOCK_FOLDER / f".{name}.lock")
    held = False
    try:
        deadline = time.monotonic() + wait
        while fd is not None:
            try:
                held = _try_lock(fd)
            except OSError:
                break   # this folder cannot lock files
            if held or time.monotonic() >= deadline:
                break
            time.sleep(0.01)
        yield held
    finally:
        if fd is not None:
            _unlock(fd) if held else os.close(fd)


class PlayerLock:
    """The lock on one player's game in play in one data folder."""

    def __init__(self, folder: Path, player_id: str) -> None:
        self.path = lock_path(folder, player_id)
        self.held = False

    def claim(self) -> str:
        """Take the lock: `HELD`, `BUSY` (another window has it) or `NO_LOCKING`."""
        if self.held:
            return HELD
        key = _key(self.path)
        holding = _HELD_HERE.get(key)
        if holding is not None:   # another DataStore of this process has it
            holding.claims += 1
            self.held = True
            return HELD
        fd = _open(self.path)
        if fd is None:
            return NO_LOCKING
        try:
            locked = _try_lock(fd)
        except OSError:
            os.close(fd)
            return NO_LOCKING
        if not locked:
            os.close(fd)
            return BUSY
        _HELD_HERE[key] = _Holding(fd, 1)
        self.held = True
        return HELD

    def release(self) -> None:
        """Let go of the lock (the file stays: it blocks nothing)."""
        if not self.held:
            return
        self.held = False
        key = _key(self.path)
        holding = _HELD_HERE.get(key)
        if holding is None:
            return
        holding.claims -= 1
        if holding.claims == 0:
            del _HELD_HERE[key]
            _unlock(holding.fd)

    def __del__(self) -> None:
        try:
            self.release()   # a lock nobody keeps any more is let go (a test's DataStore)
        except Exception:    # at the end of the program the modules may be gone already
            pass

    def busy(self) -> bool:
        """True if another process holds this lock now (a look: nothing is kept)."""
        if self.held or _key(self.path) in _HELD_HERE:
            return False
        state = self.claim()
        self.release()
        return state == BUSY
