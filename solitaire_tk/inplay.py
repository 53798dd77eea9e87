"""The game in play of each player, kept so that a crash loses at most the
last move, and quickly however long the game is (no tkinter).

    current/<player>.json            the game as a saved game (SPEC section 4),
                                     written whole now and then, atomically
    current/<player>.<mark>.journal  the log entries made since, one JSON line each

Writing a game of 240,000 entries whole takes half a second, so after a move
only the new entries are added to the end of the journal (straight to the
system, which keeps them if the app is killed).  The record is written whole
when the game to keep is not the one written last (a new game, another
player, a game resumed with a line cut short), when hints are first used,
when the journal has grown to half the record's size, and at quit
(`write_whole`); a small game is always written whole (that is as quick).

Each whole write names a fresh journal by a mark kept in the record, so the
lines of an older journal (left by a crash between the two steps) are never
added to the wrong record.  Resuming reads the record and the journal's whole
lines (a last line cut short by a crash is left out) and checks them like
any log; an entry of the journal that fails the check is put aside with the
rest of the journal, and the game goes on from before it.
"""

from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path
from typing import Any, Callable

from .datafiles import move_aside
from .engine import SAVE_VERSION, Game
from .records import record
from .savefile import GameFileError, load_game, read_record
from .storage import (MAX_FILE_BYTES, SaveError, UnusableFile, parse_json, read_limited,
                      write_json)

HINTS_KEY = "tutor_hints_used"  # our own key in the game in play (not in saved games)
JOURNAL_KEY = "tutor_journal"   # our own key: the mark of the record's journal
JOURNAL_SUFFIX = ".journal"
WHOLE_BELOW_BYTES = 32 * 1024   # a smaller game is written whole after every move
JOURNAL_SHARE = 2               # ... and a bigger one when its journal is half its size
REMOVE_TRIES = 5
_MARK = re.compile(r"[0-9a-f]{8,32}")

Tell = Callable[[str], None]


@record
class _Written:
    """What is on disk of the game a player last kept."""

    game: Game                       # the game written (the very object)
    signature: tuple[Any, ...]       # what else goes in the record: its player, start, hints
    entries: int                     # log entries on disk, record and journal together
    last: object                     # the last of them (the very object, or None)
    mark: str                        # the journal's mark
    record_bytes: int
    record_stat: tuple[int, int, int]   # to see that no other window wrote it since
    journal_bytes: int


def _signature(game: Game, used_hints: bool) -> tuple[Any, ...]:
    return game.player, game.started, used_hints


def _mark_of(record: dict[str, Any]) -> str | None:
    """The mark of the record's journal (None for a record of another app, or
    one changed by hand: its mark could name any file)."""
    mark = record.get(JOURNAL_KEY)
    return mark if isinstance(mark, str) and _MARK.fullmatch(mark) else None


def _last(game: Game) -> object:
    return game.log[-1] if game.log else None


def _stat(path: Path) -> tuple[int, int, int]:
    try:
        found = os.stat(path)
    except OSError:
        return (-1, -1, -1)
    return found.st_ino, found.st_size, found.st_mtime_ns


def journal_line(entry: dict[str, Any]) -> bytes:
    """One log entry as a line of a journal."""
    return (json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


class GameInPlay:
    """The `current/` folder of a data folder.  `frozen` is the set of files
    never to be written over (shared with the `userdata.DataStore`), `tell`
    gives the pupil a sentence."""

    def __init__(self, folder: Path, tell: Tell, frozen: set[Path]) -> None:
        self.folder = folder
        self._tell = tell
        self._frozen = frozen
        self._checked: set[str] = set()
        self._written: dict[str, _Written] = {}

    # -- the files -------------------------------------------------------------------
    def record_path(self, player_id: str) -> Path:
        return self.folder / "current" / f"{player_id}.json"

    def _journal_path(self, player_id: str, mark: str) -> Path:
        return self.folder / "current" / f"{player_id}.{mark}{JOURNAL_SUFFIX}"

    def _journals(self, player_id: str) -> list[Path]:
        try:
            return sorted((self.folder / "current").glob(f"{player_id}.*{JOURNAL_SUFFIX}"))
        except OSError:
            return []

    def _remove_journals(self, player_id: str, but: str | None = None) -> None:
        """Delete the player's journals (all but the one of mark `but`): each is
        in its record already, or belongs to no record."""
        keep = self._journal_path(player_id, but) if but else None
        for path in self._journals(player_id):
            if path != keep:
                try:
                    path.unlink()
                except OSError:
                    pass   # tried again next time: a journal no record names is never read

    def last_written(self, player_id: str) -> float:
        """When the player's game in play was last written (0 if it never was)."""
        times = [0.0]
        for path in (self.record_path(player_id), *self._journals(player_id)):
            try:
                times.append(path.stat().st_mtime)
            except OSError:
                pass
        return max(times)

    # -- checking what is there ------------------------------------------------------
    def checked(self, player_id: str) -> bool:
        return player_id in self._checked

    def set_checked(self, player_id: str, checked: bool) -> None:
        """Take a player's file as checked (another window holds it: theirs to
        check) or to be checked again before the next write."""
        if checked:
            self._checked.add(player_id)
        else:
            self._checked.discard(player_id)

    def check(self, player_id: str) -> dict[str, Any] | None:
        """The saved record of the player's game, if it can be used.

        A damaged file is put aside; one from a newer app is moved to `saved/`
        so that it is neither lost nor written over.
        """
        path = self.record_path(player_id)
        self._checked.add(player_id)
        if not path.exists():
            self._remove_journals(player_id)   # left by a crash while the game was cleared
            return None
        try:
            record = read_record(path)
        except GameFileError as error:
            self._put_aside_game(player_id, str(error))
            return None
        version = record.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
            kept = move_aside(self.folder, path, "saved", f"unfinished-{player_id}")
            if kept is None:
                self._frozen.add(path)
            where = f"kept in your saved games as '{kept.name}'" if kept else "left as it is"
            self._tell("The game you were playing was written by a newer Solitaire "
                       f"Tutor, so it cannot be continued here. It is {where}.")
            return None
        return record

    def _put_aside_game(self, player_id: str, reason: str) -> None:
        aside = move_aside(self.folder, self.record_path(player_id), "damaged")
        for journal in self._journals(player_id):   # the moves after it, kept with it
            move_aside(self.folder, journal, "damaged")
        self._written.pop(player_id, None)
        where = f"It was put aside as '{aside.relative_to(self.folder)}'." if aside else ""
        self._tell(f"The game you were playing could not be opened again. {reason} "
                   f"{where}".strip())

    def _read_journal(self, player_id: str, mark: str | None) -> tuple[list[Any], int, bool]:
        """The entries of the record's journal, how many bytes of whole lines it
        has, and whether it is just as it was written (no line cut short or bad)."""
        if mark is None:
            return [], 0, True
        path = self._journal_path(player_id, mark)
        try:
            data = read_limited(path, MAX_FILE_BYTES)
        except FileNotFoundError:
            return [], 0, True
        except (UnusableFile, OSError) as error:
            reason = error.reason if isinstance(error, UnusableFile) else \
                f"could not be read ({error.strerror or error})"
            self._put_aside_journal(player_id, mark, f"the list of your last moves {reason}")
            return [], 0, False
        whole, _, cut_short = data.rpartition(b"\n")
        lines = whole.split(b"\n") if whole else []
        try:   # one parse for all the lines is far quicker than one for each
            entries = parse_json(b"[" + b",".join(lines) + b"]")
        except UnusableFile:
            entries = []
            for line in lines:
                try:
                    entries.append(parse_json(line))
                except UnusableFile as error:
                    self._put_aside_journal(player_id, mark, f"a line of the list of your "
                                            f"last moves {error.reason}", len(entries))
                    return entries, 0, False
        return entries, len(whole) + 1 if whole else 0, not cut_short

    def _put_aside_journal(self, player_id: str, mark: str, reason: str,
                           kept: int | None = None) -> None:
        aside = move_aside(self.folder, self._journal_path(player_id, mark), "damaged")
        where = f" It was put aside as '{aside.relative_to(self.folder)}'." if aside else ""
        moves = ("the moves before it are kept" if kept else
                 "the game goes on from where it was saved before")
        self._tell(f"Part of the game you were playing could not be read again: {reason}, "
                   f"so {moves}.{where}")

    # -- resuming ----------------------------------------------------------------------
    def resume(self, player_id: str) -> tuple[Game | None, bool]:
        """The player's unfinished game and whether hints were used in it; or
        (None, False) if there is none (damaged: put aside, with a notice)."""
        record = self.check(player_id)
        if record is None:
            return None, False
        mark = _mark_of(record)
        self._remove_journals(player_id, but=mark)
        entries, journal_bytes, untouched = self._read_journal(player_id, mark)
        log = record.get("log")
        if isinstance(log, list) and entries:
            record = {**record, "log": log + entries}
        try:
            game = load_game(record)
        except GameFileError as error:
            if not (isinstance(log, list) and error.entry is not None and error.entry > len(log)):
                self._put_aside_game(player_id, str(error))
                return None, False
            # A bad entry of the journal: the game goes on from before it.
            good = error.entry - 1 - len(log)
            reason = str(error).rstrip(".")
            self._put_aside_journal(player_id, str(mark), reason[:1].lower() + reason[1:], good)
            game = load_game({**record, "log": log + entries[:good]})
            untouched = False
        except Exception:   # a file we did not write may fail in any way
            self._put_aside_game(player_id, "It could not be replayed.")
            return None, False
        hints = record.get(HINTS_KEY) is True
        if untouched and mark is not None:
            path = self.record_path(player_id)
            stat = _stat(path)
            self._written[player_id] = _Written(game, _signature(game, hints), len(game.log),
                                                _last(game), mark, stat[1], stat, journal_bytes)
        else:
            self._written.pop(player_id, None)   # the next save writes it whole, afresh
        return game, hints

    # -- keeping -------------------------------------------------------------------------
    def save(self, player_id: str, game: Game, used_hints: bool = False) -> None:
        """Keep `game` as the player's game in play (a SaveError says why it could not be)."""
        path = self.record_path(player_id)
        if path in self._frozen:
            return
        written = self._written.get(player_id)
        if (written is not None and written.game is game
                and written.signature == _signature(game, used_hints)
                and len(game.log) >= written.entries
                and (written.entries == 0 or game.log[written.entries - 1] is written.last)):
            if len(game.log) == written.entries:
                return   # nothing new since the last save
            added = b"".join(journal_line(entry) for entry in game.log[written.entries:])
            if (written.record_bytes >= WHOLE_BELOW_BYTES
                    and (written.journal_bytes + len(added)) * JOURNAL_SHARE
                    <= written.record_bytes
                    and self._append(player_id, written, added)):
                written.entries, written.last = len(game.log), _last(game)
                return
        self._write_whole(player_id, game, used_hints)

    def _append(self, player_id: str, written: _Written, added: bytes) -> bool:
        """Add `added` to the end of the journal; False (and maybe part of it
        written, which a whole write then makes unused) if that cannot be done
        safely: the files are not as this app left them, or the disk refused."""
        if _stat(self.record_path(player_id)) != written.record_stat:
            return False   # another window wrote the record: write it whole again
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(self._journal_path(player_id, written.mark), flags, 0o666)
        except OSError:
            return False
        try:
            if os.fstat(fd).st_size != written.journal_bytes:
                return False
            view = memoryview(added)
            while view:
                view = view[os.write(fd, view):]
        except OSError:
            return False
        finally:
            os.close(fd)
        written.journal_bytes += len(added)
        return True

    def _write_whole(self, player_id: str, game: Game, used_hints: bool) -> None:
        path = self.record_path(player_id)
        record = game.to_json()
        if used_hints:
            record[HINTS_KEY] = True
        mark = os.urandom(8).hex()   # as secrets.token_hex, without loading hashlib at start
        record[JOURNAL_KEY] = mark
        self._written.pop(player_id, None)
        write_json(path, record, "your game in play", compact=True)
        stat = _stat(path)
        self._written[player_id] = _Written(game, _signature(game, used_hints), len(game.log),
                                            _last(game), mark, stat[1], stat, 0)
        self._remove_journals(player_id)   # all in the record now

    def write_whole(self, player_id: str) -> None:
        """Write the player's game in play whole, with its journal in it (at quit:
        the next start reads one file)."""
        written = self._written.get(player_id)
        if written is not None and written.journal_bytes:
            self._write_whole(player_id, written.game, written.signature[2])

    def fold_journal(self, player_id: str) -> None:
        """Put the journal's entries into the player's record without replaying
        them (before the record is moved away, when the player is removed)."""
        path = self.record_path(player_id)
        self._written.pop(player_id, None)
        if path in self._frozen:
            return
        try:
            record = read_record(path)
        except GameFileError:
            return
        entries, _, _ = self._read_journal(player_id, _mark_of(record))
        record.pop(JOURNAL_KEY, None)
        log = record.get("log")
        if entries and isinstance(log, list):
            try:
                write_json(path, {**record, "log": log + entries}, "the game in play",
                           compact=True)
            except SaveError:
                return   # the journal stays: the record still names it
        self._remove_journals(player_id)

    def clear(self, player_id: str) -> None:
        """Forget the player's game in play (after it has been recorded)."""
        path = self.record_path(player_id)
        if path in self._frozen:
            return
        self._written.pop(player_id, None)
        for attempt in range(REMOVE_TRIES):
            try:
                path.unlink(missing_ok=True)
                break
            except PermissionError as error:   # on Windows, an antivirus may hold it a moment
                if attempt == REMOVE_TRIES - 1:
                    raise SaveError("The finished game could not be cleared away "
                                    f"({error.strerror or error}).") from error
                time.sleep(0.05 * (attempt + 1))
            except OSError as error:
                raise SaveError("The finished game could not be cleared away "
                                f"({error.strerror or error}).") from error
        self._remove_journals(player_id)   # after the record: a crash between leaves no game
