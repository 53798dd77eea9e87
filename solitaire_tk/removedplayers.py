"""The players taken off the list whose games are still kept (no tkinter).

Removing a player (`DataStore.remove_player`) takes them off the list in
settings.json and puts their statistics, game in play and preferences into
removed/ (`removed/stats-<id>-<stamp>.json`, `removed/current-<id>-<stamp>.json`,
`removed/settings-<id>-<stamp>.json`); their games stay in saved/, each
file's name ending with their file name
(`keptgames.suffix`).  The saved games are the record: who was removed is
found from them (so a player an older app removed is found too), and
`DataStore.bring_back` lists them again under the same file name, so that
their games count again.

Finding them looks at file names; only a few files are read, each through
`savefile.read_record` (at most `storage.MAX_FILE_BYTES`): the newest saved
game of each player, for their name and when they last played.
"""

from __future__ import annotations

import os
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Iterable, Iterator, Mapping

from .keptgames import KEPT_KEY, ended_at
from .records import record
from .savefile import GameFileError, read_record
from .stats import ENDED_FORMAT
from .storage import MAX_FILE_BYTES, UnusableFile, read_json
from .wording import plural, when_text

BROUGHT_BACK = "brought back"   # "Ana (brought back)": Ana is another player's name now
READ_AT_MOST = 5   # saved games read to find a player's name (a copy saved by hand has none)
_REMOVED = re.compile(r"(?P<kind>[a-z]+)-(?P<id>.+?)-(?P<stamp>\d{8}-\d{6})(-(?P<n>\d+))?\.json")


@record(frozen=True)
class RemovedPlayer:
    """A player who is not on the list, but whose games are kept."""

    id: str             # their file name: the same when they are brought back
    name: str           # as their newest saved game (or game in play) has it
    saved_games: int    # their files in saved/
    last_played: str    # when their newest game ended or was last played (UTC, ISO); or ""

    @property
    def description(self) -> str:
        """"12 saved games, last played 3 May 2025, 13:05"."""
        when = f", last played {when_text(self.last_played)}" if self.last_played else ""
        return f"{plural(self.saved_games, 'saved game')}{when}"


@record(frozen=True)
class BroughtBack:
    """What `DataStore.bring_back` did."""

    name: str                # as listed now
    saved_games: int
    game_in_play: bool       # their unfinished game is theirs again
    name_taken: str = ""     # the name they had, now another player's

    @property
    def words(self) -> str:
        """What happened, in a sentence or three for the pupil and the teacher."""
        who = self.name_taken or self.name
        them = "it" if self.saved_games == 1 else "them"
        said = [f"{who} is back" + (f", with {plural(self.saved_games, 'saved game')}: the "
                                    f"statistics count {them} again." if self.saved_games
                                    else ".")]
        if self.game_in_play:
            said.append(f"{who}'s unfinished game is back too.")
        if self.name_taken:
            said.append(f"Another player is called {who} now, so this one is called "
                        f"'{self.name}' (you can rename either of them).")
        return " ".join(said)


def names_to_try(name: str, longest: int) -> Iterator[str]:
    """The names a player brought back may get, the first that no other player has:
    their own, then "Ana (brought back)", "Ana (brought back 2)"... (the name cut
    short to make room)."""
    yield name
    for number in range(1, 100):
        mark = f" ({BROUGHT_BACK}{'' if number == 1 else f' {number}'})"
        yield name[:longest - len(mark)].rstrip() + mark


def kept_files(saved: Path) -> dict[str, list[tuple[float, str]]]:
    """Every player id that has files in `saved` (by their names), with each
    file's time and name."""
    found: dict[str, list[tuple[float, str]]] = {}
    try:
        with os.scandir(saved) as entries:
            for entry in entries:
                stem, dashes, player_id = entry.name[:-len(".json")].rpartition("--")
                if not (dashes and stem and entry.name.endswith(".json")):
                    continue
                try:
                    when = entry.stat(follow_symlinks=False).st_mtime
                except OSError:
                    when = 0.0
                found.setdefault(player_id, []).append((when, entry.name))
    except OSError:
        pass
    return found


def removed_files(folder: Path, kind: str) -> dict[str, list[Path]]:
    """The files of a `kind` ("current": games in play; "settings": preferences;
    "stats": statistics) put into `folder`/removed/ with their players, by
    player id, the newest last."""
    found: dict[str, list[tuple[str, int, Path]]] = {}
    try:
        names = os.listdir(folder / "removed")
    except OSError:
        return {}
    for name in names:
        match = _REMOVED.fullmatch(name)
        if match is not None and match["kind"] == kind:
            found.setdefault(match["id"], []).append(
                (match["stamp"], int(match["n"] or 1), folder / "removed" / name))
    return {pid: [path for *_, path in sorted(games)] for pid, games in found.items()}


def find_removed(folder: Path, listed: Iterable[str],
                 is_player_id: Callable[[str], bool]) -> list[RemovedPlayer]:
    """The players with games in `folder`'s saved/ (or a game in play in
    removed/) whose ids are not in `listed`, by name."""
    skip = set(listed)
    saved = kept_files(folder / "saved")
    in_play = removed_files(folder, "current")
    kept_settings = removed_files(folder, "settings")
    found = []
    for pid in sorted(set(saved) | set(in_play)):
        if pid in skip or not is_player_id(pid):
            continue
        name, last = _newest_game(folder / "saved", saved.get(pid, []), pid)
        if not name and not last and pid not in in_play:
            continue   # files saved by hand under a name like ours: not a player's games
        for path in in_play.get(pid, [])[-1:]:
            name_there, when = _game_in_play(path)
            name = name or name_there
            last = max(last, when)
        # The name they had when removed (a rename after their last game is
        # not in their saved games); a player an older app removed has none.
        name = _name_at_removal(kept_settings.get(pid, [])) or name
        found.append(RemovedPlayer(pid, name, len(saved.get(pid, [])), last))
    return sorted(found, key=lambda player: (player.name.casefold(), player.id))


def _newest_game(saved: Path, files: list[tuple[float, str]], pid: str) -> tuple[str, str]:
    """The player's name and when their newest kept game ended, from the newest
    of their files that says it was counted for them; ("", "") if none does."""
    for when, name in sorted(files, reverse=True)[:READ_AT_MOST]:
        try:
            game = read_record(saved / name)
        except GameFileError:
            continue
        mark = game.get(KEPT_KEY)
        if isinstance(mark, Mapping) and mark.get("player_id") == pid:
            player = game.get("player")
            return player if isinstance(player, str) else "", ended_at(mark, when)
    return "", ""


def _name_at_removal(paths: list[Path]) -> str:
    """The name in the newest preferences kept at removal that can be read, or ""."""
    for path in reversed(paths):
        try:
            data = read_json(path, MAX_FILE_BYTES)
        except (OSError, UnusableFile):
            continue
        players = data.get("players") if isinstance(data, dict) else None
        entry = players[0] if isinstance(players, list) and players else None
        name = entry.get("name") if isinstance(entry, dict) else None
        if isinstance(name, str) and name.strip():
            return name
    return ""


def _game_in_play(path: Path) -> tuple[str, str]:
    """The player's name in a game in play put aside, and when it was last written."""
    try:
        when = datetime.fromtimestamp(max(path.stat().st_mtime, 0.0), timezone.utc)
        game = read_record(path)
    except (OSError, GameFileError):
        return "", ""
    player = game.get("player")
    return player if isinstance(player, str) else "", when.strftime(ENDED_FORMAT)
