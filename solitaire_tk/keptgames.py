"""The games kept in saved/: the record of what each player played.

Every game that ends (finished, or left unfinished after a move) is kept as
a new file of its own (`keep`): a saved game of SPEC section 4 with one key
of ours, which loading ignores:

    "counted_for": {"player_id": "ana", "hints_used": false,
                    "ended": "2026-12-02T09:12:30.123456Z"}

It says whose game it is (the player's file name, which a rename keeps),
whether a hint was asked for, and when the game ended (the statistics follow
that order); that it is there says the app counted the game.  A game saved
with File > Save has no such key and is never counted: it is a copy the
pupil chose to keep of a game counted when it ended (or not yet ended).  A
kept game copied in from another folder counts for the player of that file
name here, once (`stats.StatsBook.count` knows each game by its deal, start
and first move); a copy made inside saved/ is a game counted already.

The name of a kept file ends with `--<player id>.json` (a player id never
has "--" in it), so one player's games are found without opening any other
file (`new_files`); `read_kept` replays a file through the rules
(`savefile.load_game`): the result written in a file is never trusted.
"""

from __future__ import annotations

import os
import stat
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator, Mapping

from .engine import Game
from .savefile import GameFileError, load_game, read_record
from .stats import ENDED_FORMAT, ENDED_PATTERN, CountedGame, has_moves
from .storage import STALE_SECONDS, write_new_json

KEPT_KEY = "counted_for"


def suffix(player_id: str) -> str:
    """How the names of one player's kept games end."""
    return f"--{player_id}.json"


def keep(folder: Path, game: Game, player_id: str, entry: CountedGame) -> Path:
    """Write `game` as a new file in `folder` (never over another), with the key
    saying it was counted for `player_id` as `entry`; SaveError if it cannot be.

    The name says what and when: `thirteen-deal-123-2026-11-30-091200--ana.json`,
    `cruel-deal-8-not-finished-...` for a game left unfinished.
    """
    record = game.to_json()
    record[KEPT_KEY] = {"player_id": player_id, "hints_used": entry.hints, "ended": entry.ended}
    what = "the finished game" if game.is_over() else "the game you left"
    return write_new_json(folder, _names(game, player_id), record, what, compact=True)


def deal_stem(game: Game) -> str:
    """The game, variant and deal as a file name begins: `klondike-draw3-deal-5`,
    `cruel-own-deck` (Save as offers it too)."""
    deal = f"deal-{game.seed}" if game.seed is not None else "own-deck"
    variant = "" if game.variant == "standard" else f"-{game.variant}"
    return f"{game.game_id}{variant}-{deal}"


def how_to_find(game: Game) -> str:
    """How a pupil finds a game left unfinished among the saved games, in
    words (its whole file name, 60 letters and more, broke the panel's lines
    in the middle of a word)."""
    deal = f"the deal number, {game.seed}," if game.seed is not None else '"own-deck"'
    return f'its file name has {deal} and "not-finished" in it'


def _names(game: Game, player_id: str) -> Iterator[str]:
    stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
    note = "" if game.is_over() else "-not-finished"
    stem = f"{deal_stem(game)}{note}-{stamp}"
    yield stem + suffix(player_id)
    for number in range(2, 1000):   # two games of one deal kept within a second
        yield f"{stem}-{number}{suffix(player_id)}"


def new_files(folder: Path, player_id: str, known: set[str]) -> list[Path]:
    """The kept files of `player_id` in `folder` whose names are not in `known`, by name."""
    return [folder / name for name in sorted(_names_of(folder, player_id, known))]


def has_files(folder: Path, player_id: str) -> bool:
    """True if `folder` has a kept file of `player_id`."""
    return any(True for _ in _names_of(folder, player_id, set()))


def _names_of(folder: Path, player_id: str, known: set[str]) -> Iterator[str]:
    ending = suffix(player_id)
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(ending) and entry.name not in known:
                    yield entry.name
    except OSError:
        return


class Unfinished(Exception):
    """An empty kept file: being written by another window now, or left by a kill."""


class DamagedKept(Exception):
    """A kept file named as a player's that cannot be read as a game (the
    message says why): left out of the count, and the teacher is told."""


def read_kept(path: Path, player_id: str) -> CountedGame | None:
    """The game kept at `path` as it counts for `player_id`, or None if it is not
    a game of theirs the app counted (no key, someone else's, no move).

    Raises Unfinished for an empty file (one older than a minute, left by a
    kill, is removed), DamagedKept for one that is not a proper saved game.
    """
    try:
        info = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    if stat.S_ISREG(info.st_mode) and info.st_size == 0:
        if time.time() - info.st_mtime > STALE_SECONDS:
            try:
                os.remove(path)
            except OSError:
                pass
        raise Unfinished(path.name)
    try:
        record = read_record(path)
    except GameFileError as error:
        raise DamagedKept(str(error)) from None
    mark = record.get(KEPT_KEY)
    if not isinstance(mark, Mapping) or mark.get("player_id") != player_id:
        return None
    try:
        game = load_game(record)
    except Exception:   # a file we did not write may fail in any way
        return None
    if not has_moves(game.log):
        return None
    return CountedGame.of(game, mark.get("hints_used") is True, ended_at(mark, info.st_mtime),
                          path.name)


def ended_at(mark: Mapping[str, Any], mtime: float) -> str:
    """When the game ended: as the key says, else when the file was written."""
    ended = mark.get("ended")
    if isinstance(ended, str) and ENDED_PATTERN.fullmatch(ended):
        return ended
    return datetime.fromtimestamp(max(mtime, 0.0), timezone.utc).strftime(ENDED_FORMAT)
