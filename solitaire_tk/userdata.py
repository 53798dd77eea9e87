"""Everything a pupil must never lose: players, preferences, statistics, the game in play.

`DataStore` (one per app run) keeps the data folder (`datafiles.data_dir`):

    settings.json          the players, each with their preferences; who plays now (up to
                           ten can be added here; up to forty made elsewhere are kept)
    stats/<player>.json    one player's statistics (`stats.StatsBook`)
    current/<player>.json  the game that player is in the middle of (SPEC section 4)
    saved/                 where File > Save offers to put games
    damaged/               files that could not be read, put aside with a time stamp
    removed/               a removed player's files, in case it was a mistake
    backups/               a file as it was before it was upgraded to a newer version

`<player>` is a file name made once from the player's first name
("Player 1" -> "player-1"); it stays the same when the player is renamed.

A file from a newer app is read as well as it can be but never written
over; a damaged file, or one that fails a check (a player with no proper
file name, a figure that is not a count), is put aside whole in damaged/
and what could be read is kept: a player left out of settings.json comes
back from their statistics file, the right figures stay.  Problems become
sentences in `DataStore.notices`.  Nothing here raises into the app except
`ValueError` (a bad name or setting, with a message for the pupil) and
`storage.SaveError` (a write failed: the data in memory stays as the
pupil left it and goes to disk with the next write that works).
"""

from __future__ import annotations

import os
import re
import shutil
import time
import unicodedata
from dataclasses import asdict, dataclass, field, fields
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from .datafiles import (CURRENT_VERSIONS, SETTINGS_FORMAT, STATS_FORMAT, DamagedFile,
                        NewerFile, data_dir, data_dir_notice, locate_data_dir, move_aside,
                        read_versioned, register_converter)
from .engine import SAVE_VERSION, Game
from .registry import GAME_IDS, game_class
from .savefile import GameFileError, load_game, read_record
from .stats import GameStats, SessionStats, StatsBook, all_keys
from .storage import (MAX_FILE_BYTES, SaveError, UnusableFile, read_json,
                      remove_stale_temp_files, write_json)

__all__ = ["CARD_BACKS", "DataStore", "MAX_PLAYERS", "SaveError", "Settings", "check_setting",
           "clean_name", "data_dir", "data_dir_notice", "register_converter"]

HINTS_KEY = "tutor_hints_used"  # our own key in the game in play (not in saved games)
MAX_PLAYERS = 10         # players that can be added here
MAX_PLAYERS_KEPT = 40    # players kept from a file (a class may have made more elsewhere)
MAX_NAME = 30
MAX_WINDOW = 16384   # dots: wider than four big screens side by side; X cannot make much more
REMOVE_TRIES = 5
DEFAULT_PLAYER = "Player 1"
CARD_BACKS = ("blue", "red", "green", "purple")
DEFAULT_VARIANTS = {"cruel": "standard", "klondike": "draw1", "thirteen": "standard",
                    "double": "standard", "dammit": "standard"}

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_RESERVED = {"con", "prn", "aux", "nul", *(f"{d}{n}" for d in ("com", "lpt") for n in range(1, 10))}
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_GEOMETRY = re.compile(r"(\d{1,5}x\d{1,5})?([+-]-?\d{1,5}[+-]-?\d{1,5})?")


# -- preferences -----------------------------------------------------------------------
@dataclass
class Settings:
    """One player's preferences.

    Change them with `DataStore.update_settings(name=value)`, or in place
    followed by `DataStore.save_settings()`; both check every value.
    """

    last_game: str = "klondike"
    last_variant: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_VARIANTS))
    card_back: str = "blue"
    table_colour: str = "#1f6f43"
    border_colour: str = "#0d3b22"
    four_colour: bool = False
    show_moves: bool = True          # the tutor lights up where a card can go
    messages: bool = False           # Cruel: a pop-up for a move that is not allowed
    easy_mode: bool = False          # Thirteen
    move_alert: bool = True          # Thirteen
    sound: bool = False
    show_stats_after_game: bool = True
    tutor_panel: bool = True
    window_geometry: str = ""        # Tk geometry, "1024x700+40+30"
    replay_speed: float = 1.0        # moves a second when a replay plays itself
    auto_move: bool = True           # safe cards go home by themselves (on for beginners)
    animations: bool = True          # cards slide to where a move puts them
    celebrate: bool = True           # a short show of cards when a game is won
    lessons_done: list[str] = field(default_factory=list)  # "game/lesson-id" (course.lesson_key)


_DEFAULTS = Settings()
SETTING_NAMES = tuple(f.name for f in fields(Settings))


def check_setting(name: str, value: Any) -> Any:
    """The value to keep for setting `name`; a ValueError says what is wrong with it."""
    if name not in SETTING_NAMES:
        raise ValueError(f"There is no setting called '{name}'.")
    default = getattr(_DEFAULTS, name)
    if name == "last_variant":
        return _check_variants(value)
    if name == "lessons_done":
        return _check_lessons_done(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"The setting '{name}' can only be on or off.")
        return value
    if name == "replay_speed":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.1 <= value <= 20:
            raise ValueError("The replay speed must be a number from 0.1 to 20.")
        return float(value)
    if not isinstance(value, str):
        raise ValueError(f"The setting '{name}' must be a word.")
    if name == "last_game" and value not in GAME_IDS:
        raise ValueError(f"There is no game called '{value}'.")
    if name == "card_back" and value not in CARD_BACKS:
        raise ValueError(f"The card back can be {', '.join(CARD_BACKS)}; not '{value}'.")
    if name.endswith("_colour") and not _COLOUR.fullmatch(value):
        raise ValueError(f"A colour is written like {default}; '{value}' is not one.")
    if name == "window_geometry" and not _GEOMETRY.fullmatch(value):
        raise ValueError(f"'{value}' is not a window size and place like 1024x700+40+30.")
    if name == "window_geometry" and any(int(n) > MAX_WINDOW for n in re.findall(r"\d+", value)):
        raise ValueError(f"'{value}' is bigger than any screen: in a window size and place like "
                         f"1024x700+40+30 no number is over {MAX_WINDOW}.")
    return value


MAX_LESSONS_DONE = 500  # far more than all the courses have: a bigger list is not ours
_LESSON_DONE = re.compile(r"([a-z]+)/[a-z0-9]+(-[a-z0-9]+)*")


def _check_lessons_done(value: Any) -> list[str]:
    """The finished lessons, "game/lesson-id" each, once each, in the order done."""
    if not isinstance(value, list) or len(value) > MAX_LESSONS_DONE:
        raise ValueError("The lessons done must be a list of lessons like 'cruel/goal'.")
    out: list[str] = []
    for item in value:
        match = _LESSON_DONE.fullmatch(item) if isinstance(item, str) else None
        if match is None or match.group(1) not in GAME_IDS:
            raise ValueError(f"'{item}' is not a lesson like 'cruel/goal'.")
        if item not in out:
            out.append(item)
    return out


def _check_variants(value: Any) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise ValueError("The last variants must be a table of game and variant.")
    out = dict(DEFAULT_VARIANTS)
    for game_id, variant in value.items():
        if game_id not in GAME_IDS:
            raise ValueError(f"There is no game called '{game_id}'.")
        if variant not in game_class(game_id).variants:
            raise ValueError(f"There is no variant '{variant}' of {game_id}.")
        out[game_id] = variant
    return out


def _settings_from_json(data: Any, wrong: list[str] | None = None) -> Settings:
    """Settings from a file: each bad or missing value is replaced by its default.

    What was wrong is added to `wrong`, a few words for each setting:
    "'table colour' (a colour is written like #1f6f43; 'green' is not one)".
    """
    if not isinstance(data, Mapping):
        return Settings()
    good: dict[str, Any] = {}
    for name, value in data.items():
        try:
            good[name] = check_setting(name, value)
        except ValueError as error:
            if wrong is not None:
                reason = str(error).rstrip(".")
                label = str(name).replace("_", " ")
                wrong.append(f"'{label}' ({reason[:1].lower()}{reason[1:]})")
    return Settings(**good)


_ALL_WRONG = "all"   # a player's preferences that are not a table of settings


def _bad_preferences(raw: Any, players: list["_Player"]) -> dict[str, list[str]]:
    """For each player kept from settings.json (by name), what was wrong with their
    preferences; players whose preferences were all right are left out."""
    found: dict[str, list[str]] = {}
    entries = [e for e in raw if isinstance(e, Mapping)] if isinstance(raw, list) else []
    for player in players:
        entry = next((e for e in entries if e.get("id") == player.id), None)
        if entry is None or entry.get("settings") is None:
            continue   # no preferences kept yet: a new player's are used
        wrong: list[str] = []
        if not isinstance(entry["settings"], Mapping):
            wrong.append(_ALL_WRONG)
        _settings_from_json(entry["settings"], wrong)
        if wrong:
            found[player.name] = wrong
    return found


# -- players -----------------------------------------------------------------------------
def clean_name(name: str, others: Iterable[str] = ()) -> str:
    """A player's name trimmed and checked; a ValueError says what is wrong."""
    if not isinstance(name, str):
        raise ValueError("A name must be made of letters.")
    name = unicodedata.normalize("NFC", name).strip()
    if not name:
        raise ValueError("Please type a name.")
    if len(name) > MAX_NAME:
        raise ValueError(f"A name can be at most {MAX_NAME} letters long.")
    if not name.isprintable():
        raise ValueError("A name cannot have tabs, line breaks or other hidden characters in it.")
    for other in others:
        if other.casefold() == name.casefold():
            raise ValueError(f"There is already a player called '{other}'.")
    return name


@dataclass
class _Player:
    id: str          # the file name of the player's stats and current game
    name: str
    settings: Settings


def _file_id(name: str, taken: Callable[[str], bool]) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:20].strip("-") or "player"
    if stem in _RESERVED:      # Windows will not make a file called con.json
        stem = f"player-{stem}"
    candidate, number = stem, 2
    while taken(candidate):
        candidate, number = f"{stem}-{number}", number + 1
    return candidate


class DataStore:
    """The pupil's files in the data folder; one DataStore per run of the app.

    Preferences, statistics and the game in play belong to the current
    player.  Every change is written at once, atomically.
    """

    def __init__(self, folder: str | os.PathLike[str] | None = None) -> None:
        self.folder, notice = locate_data_dir(folder)
        self.notices: list[str] = [notice] if notice else []
        # Set by the window: each notice is shown as it happens, not kept for later.
        self.on_notice: Callable[[str], None] | None = None
        self._frozen: set[Path] = set()        # files never to be written over
        self._books: dict[str, StatsBook] = {}
        self._checked_current: set[str] = set()
        self.resumed_with_hints = False  # whether the game resume() gave had used hints
        self._players: list[_Player] = []
        self._current: _Player
        for sub in ("", "stats", "current", "saved"):   # left by a write that was cut short
            remove_stale_temp_files(self.folder / sub)
        self._load_settings()

    # -- what the pupil should be told ------------------------------------------------
    @property
    def notice(self) -> str | None:
        """Every notice so far as one text, or None."""
        return "\n\n".join(self.notices) or None

    def _tell(self, text: str) -> None:
        if self.on_notice is not None:
            self.on_notice(text)
        else:
            self.notices.append(text)

    def take_notices(self) -> list[str]:
        """The notices not yet shown, which are then forgotten."""
        taken, self.notices = self.notices, []
        return taken

    # -- files -----------------------------------------------------------------------------
    def _load(self, path: Path, file_format: str, what: str, fresh: str) -> dict[str, Any] | None:
        """A data file's contents, or None (missing, damaged or unreadable: with a notice)."""
        try:
            data, version = read_versioned(path, file_format)
        except (FileNotFoundError, NotADirectoryError):   # a file where its folder should be:
            return None                                   # writing it will say so
        except NewerFile as newer:
            self._frozen.add(path)
            self._tell(f"{what} was written by a newer Solitaire Tutor ({newer}). You "
                                "can go on playing, but changes to it will not be kept until "
                                "this app is updated.")
            return newer.data
        except DamagedFile as damage:
            aside = move_aside(self.folder, path, "damaged")
            where = (f"put aside as '{aside.relative_to(self.folder)}'" if aside
                     else "left where it was")
            self._tell(f"{what} was damaged ({damage}), so it was {where} and {fresh}.")
            return None
        except OSError as error:
            self._frozen.add(path)
            why = (error.strerror or str(error)).lower()
            self._tell(f"{what} ('{path.name}') could not be read ({why}), so it is left as it "
                       "is and nothing will be written over it. Ask your teacher to make it a "
                       "file you can read.")
            return None
        if version < CURRENT_VERSIONS[file_format]:
            backup = self.folder / "backups" / f"{path.stem}-v{version}{path.suffix}"
            try:
                backup.parent.mkdir(exist_ok=True)
                if not backup.exists():
                    shutil.copyfile(path, backup)
            except OSError:
                pass   # the upgrade still works; only the spare copy is missing
        return data

    def _write(self, path: Path, file_format: str, body: dict[str, Any], what: str) -> None:
        if path not in self._frozen:
            write_json(path, {"format": file_format, "version": CURRENT_VERSIONS[file_format],
                              **body}, what)

    # -- players ------------------------------------------------------------------------------
    def _load_settings(self) -> None:
        path = self.folder / "settings.json"
        data = self._load(path, SETTINGS_FORMAT, "The settings file",
                          "everyone's preferences start again")
        players: list[_Player] = []
        problems: list[str] = []
        bad_preferences: dict[str, list[str]] = {}
        if data is not None:
            players, problems = _players_from_json(data.get("players"))
            bad_preferences = _bad_preferences(data.get("players"), players)
        if data is None or problems:   # a player left out still has their statistics
            players += self._recover_players(players)
        if not players:   # "player-1": the files of a first run whose settings were lost
            players = [_Player(_file_id(DEFAULT_PLAYER, lambda _: False), DEFAULT_PLAYER,
                               Settings())]
        self._players = players
        wanted = data.get("current_player") if data is not None else None
        self._current = (next((p for p in players if p.id == wanted), None)
                         or self._last_to_play(players))
        if (problems or bad_preferences) and path not in self._frozen:
            self._put_aside_settings(path, problems, bad_preferences)

    def _put_aside_settings(self, path: Path, problems: list[str],
                            bad_preferences: Mapping[str, list[str]]) -> None:
        """settings.json failed a check: keep it whole in damaged/ and write what was kept."""
        aside = move_aside(self.folder, path, "damaged")
        if aside is None:
            self._frozen.add(path)
        where = (f"put aside as '{aside.relative_to(self.folder)}'" if aside else
                 "left as it is, and nothing will be written over it")
        if problems:
            self._tell(f"The settings file had something wrong in it ({_first(problems)}), "
                                f"so it was {where}. These players are kept: "
                                f"{_and_list(self.players())}.")
        for number, (name, wrong) in enumerate(bad_preferences.items(), start=1):
            said = (f"{name}'s settings were not a list of settings, so all of them are"
                    if wrong == [_ALL_WRONG] else
                    f"{name}'s setting {wrong[0]} could not be used, so it is" if len(wrong) == 1
                    else f"some of {name}'s settings could not be used, so they are")
            listed = "" if len(wrong) == 1 else f": {'; '.join(wrong)}"
            whole = (f" The whole file was {where}." if number == len(bad_preferences)
                     and not problems else "")
            others = "" if wrong == [_ALL_WRONG] else " The other settings are kept."
            self._tell(f"In the settings file ('settings.json'), {said} back to how a new "
                       f"player starts{listed}.{others}{whole}")
        if aside is not None:
            try:
                self._save_settings()
            except SaveError as error:
                self._tell(str(error))

    def _recover_players(self, known: list[_Player]) -> list[_Player]:
        """The players found again from their statistics files or games in play (but not
        in `known`): a pupil who never finished a game still has their game in play."""
        players: list[_Player] = []
        stems: set[str] = set()
        for sub in ("stats", "current"):
            try:
                stems |= {path.stem for path in (self.folder / sub).glob("*.json")}
            except OSError:
                pass
        for stem in sorted(stems):
            if any(p.id == stem for p in known):
                continue
            name = self._name_in_files(stem)
            entry = {"id": stem, "name": name if isinstance(name, str) else _name_of_id(stem)}
            player, _ = _player_from_json(entry, known + players)
            if player is not None and len(known) + len(players) < MAX_PLAYERS_KEPT:
                players.append(player)
        return players

    def _name_in_files(self, stem: str) -> Any:
        """The player's name as their statistics file, or else their game in play, has it."""
        try:
            return read_versioned(self.folder / "stats" / f"{stem}.json", STATS_FORMAT)[0].get(
                "player")
        except NewerFile as newer:
            return newer.data.get("player")
        except (OSError, DamagedFile):
            pass
        try:
            record = read_json(self.folder / "current" / f"{stem}.json", MAX_FILE_BYTES)
        except (OSError, UnusableFile):
            return None
        return record.get("player") if isinstance(record, dict) else None

    def _last_to_play(self, players: list[_Player]) -> _Player:
        """The player whose game or statistics were written last (the first if none)."""
        def last_written(player: _Player) -> float:
            times = [0.0]
            for sub in ("current", "stats"):
                try:
                    times.append((self.folder / sub / f"{player.id}.json").stat().st_mtime)
                except OSError:
                    pass
            return max(times)
        return max(players, key=last_written)   # max keeps the first of equals

    def _id_taken(self, candidate: str) -> bool:
        return (any(p.id == candidate for p in self._players)
                or (self.folder / "stats" / f"{candidate}.json").exists()
                or (self.folder / "current" / f"{candidate}.json").exists())

    def _save_settings(self) -> None:
        self._write(self.folder / "settings.json", SETTINGS_FORMAT, {
            "current_player": self._current.id,
            "players": [{"id": p.id, "name": p.name, "settings": asdict(p.settings)}
                        for p in self._players]}, "the list of players and their settings")

    def _find(self, name: str) -> _Player:
        wanted = unicodedata.normalize("NFC", str(name)).strip().casefold()
        for player in self._players:
            if player.name.casefold() == wanted:
                return player
        raise ValueError(f"There is no player called '{name}'.")

    def players(self) -> list[str]:
        """The players' names, in the order they were added."""
        return [player.name for player in self._players]

    @property
    def current_player(self) -> str:
        return self._current.name

    @property
    def player_id(self) -> str:
        """The current player's file name: it stays the same when they are renamed."""
        return self._current.id

    def add_player(self, name: str) -> str:
        """Add a player with the preferences a new player starts with; returns the name as kept."""
        if len(self._players) >= MAX_PLAYERS:
            raise ValueError(f"There can be at most {MAX_PLAYERS} players. Remove one before "
                             "adding another.")
        name = clean_name(name, self.players())
        self._players.append(_Player(_file_id(name, self._id_taken), name, Settings()))
        self._save_settings()
        return name

    def rename_player(self, old: str, new: str) -> str:
        player = self._find(old)
        player.name = clean_name(new, [p.name for p in self._players if p is not player])
        self._save_settings()
        book = self._book(player)
        book.player = player.name
        if (self.folder / "stats" / f"{player.id}.json").exists():
            self._save_book(player)
        return player.name

    def remove_player(self, name: str) -> None:
        """Remove a player; their files go to `removed/`, not the bin."""
        player = self._find(name)
        if len(self._players) == 1:
            raise ValueError("The last player cannot be removed. Add another player first.")
        self._players.remove(player)
        if player is self._current:
            self._current = self._players[0]
            self._book(self._current).new_session()
        self._books.pop(player.id, None)
        self._save_settings()
        if self.folder / "settings.json" in self._frozen:
            return   # the newer settings still list the player: keep their files
        for sub in ("stats", "current"):
            path = self.folder / sub / f"{player.id}.json"
            if path.exists():
                move_aside(self.folder, path, "removed")

    def switch_player(self, name: str) -> None:
        """Make `name` the current player; this starts a new session."""
        player = self._find(name)
        if player is not self._current:
            self._current = player
            self._book(player).new_session()
            self._save_settings()

    # -- preferences ---------------------------------------------------------------------
    @property
    def settings(self) -> Settings:
        """The current player's preferences."""
        return self._current.settings

    def update_settings(self, **changes: Any) -> Settings:
        """Change some of the current player's preferences (all or none) and keep them."""
        checked = {name: check_setting(name, value) for name, value in changes.items()}
        for name, value in checked.items():
            setattr(self._current.settings, name, value)
        self._save_settings()
        return self._current.settings

    def save_settings(self) -> None:
        """Keep the current player's preferences after the app changed them in place.

        A value that is not allowed raises ValueError and nothing is written.
        """
        settings = self._current.settings
        checked = {name: check_setting(name, getattr(settings, name)) for name in SETTING_NAMES}
        for name, value in checked.items():
            setattr(settings, name, value)
        self._save_settings()

    # -- statistics ---------------------------------------------------------------------------
    def _book(self, player: _Player) -> StatsBook:
        book = self._books.get(player.id)
        if book is None:
            data = self._load(self.folder / "stats" / f"{player.id}.json", STATS_FORMAT,
                              f"{player.name}'s statistics file", "the statistics start again")
            book = (StatsBook.from_json(player.name, data) if data is not None
                    else StatsBook(player.name))
            self._books[player.id] = book
            if book.problems:
                self._put_aside_book(player, book.problems)
        return book

    def _put_aside_book(self, player: _Player, problems: list[str]) -> None:
        """A statistics file failed a check: keep it whole in damaged/, and the
        figures that were right in the new one."""
        path = self.folder / "stats" / f"{player.id}.json"
        if path in self._frozen:
            return   # from a newer app: it is read as well as it can be, never written
        aside = move_aside(self.folder, path, "damaged")
        if aside is None:
            self._frozen.add(path)
        where = (f"put aside as '{aside.relative_to(self.folder)}'" if aside else
                 "left as it is, and nothing will be written over it")
        kept = ("The figures that were right are kept." if self._books[player.id].games
                else "None of its figures could be kept.")
        self._tell(f"{player.name}'s statistics file had something wrong in it "
                            f"({_first(problems)}), so it was {where}. {kept}")
        if aside is not None:
            try:
                self._save_book(player)
            except SaveError as error:
                self._tell(str(error))

    def _save_book(self, player: _Player) -> None:
        if not (self.folder / "settings.json").exists():
            self._save_settings()   # the player list goes to disk with the first statistics
        whose = "your" if player is self._current else f"{player.name}'s"
        self._write(self.folder / "stats" / f"{player.id}.json", STATS_FORMAT,
                    self._book(player).to_json(), f"{whose} statistics")

    def record_game(self, game: Game, used_hints: bool) -> None:
        """Count a finished or abandoned game for the current player, once.

        A game with no moves is not counted; an unfinished one counts as lost.
        """
        if self._book(self._current).record(game, used_hints):
            self._save_book(self._current)

    def save_stats(self) -> None:
        """Write the current player's statistics again (after a write that failed)."""
        self._save_book(self._current)

    @property
    def has_played(self) -> bool:
        """True once the current player has a game in the statistics."""
        return any(stats.played for stats in self._book(self._current).games.values())

    def stats(self, game_key: str) -> GameStats:
        """The current player's numbers for "cruel", "klondike/draw3"... (`stats.game_key`)."""
        return self._book(self._current).get(game_key)

    def all_stats(self) -> dict[str, GameStats]:
        """The current player's numbers for every game key played."""
        book = self._book(self._current)
        return {key: book.get(key) for key in all_keys() if key in book.games}

    def session_stats(self, game_key: str) -> SessionStats:
        return self._book(self._current).session(game_key)

    def clear_stats(self, game_key: str | None = None) -> None:
        """Set the current player's statistics for one game (or all) back to zero."""
        self._book(self._current).clear(game_key)
        self._save_book(self._current)

    # -- the game in play ------------------------------------------------------------------
    def _current_path(self) -> Path:
        return self.folder / "current" / f"{self._current.id}.json"

    def _check_current(self) -> dict[str, Any] | None:
        """The saved record of the current player's game, if it can be used.

        A damaged file is put aside; one from a newer app is moved to `saved/`
        so that it is neither lost nor written over.
        """
        path = self._current_path()
        self._checked_current.add(self._current.id)
        if not path.exists():
            return None
        try:
            record = read_record(path)
        except GameFileError as error:
            self._put_aside_game(path, str(error))
            return None
        version = record.get("version")
        if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
            kept = move_aside(self.folder, path, "saved", f"unfinished-{self._current.id}")
            if kept is None:
                self._frozen.add(path)
            where = f"kept in your saved games as '{kept.name}'" if kept else "left as it is"
            self._tell("The game you were playing was written by a newer Solitaire "
                                f"Tutor, so it cannot be continued here. It is {where}.")
            return None
        return record

    def _put_aside_game(self, path: Path, reason: str) -> None:
        aside = move_aside(self.folder, path, "damaged")
        where = f"It was put aside as '{aside.relative_to(self.folder)}'." if aside else ""
        self._tell(f"The game you were playing could not be opened again. {reason} "
                            f"{where}".strip())

    def autosave(self, game: Game, used_hints: bool = False) -> None:
        """Keep the current player's game in play (call after every move).

        `used_hints` goes with it, so a game finished after a restart still
        counts as won with hints.  (The key is ours: loading ignores it.)
        """
        if self._current.id not in self._checked_current:
            self._check_current()   # never write over a game from a newer app
            if not (self.folder / "settings.json").exists():
                self._save_settings()
        path = self._current_path()
        if path not in self._frozen:
            record = game.to_json()
            if used_hints:
                record[HINTS_KEY] = True
            write_json(path, record, "your game in play", compact=True)

    def resume(self) -> Game | None:
        """The current player's unfinished game, or None (damaged: put aside, with a notice)."""
        record = self._check_current()
        self.resumed_with_hints = False
        if record is None:
            return None
        try:
            game = load_game(record)
            self.resumed_with_hints = record.get(HINTS_KEY) is True
            return game
        except Exception as error:   # a file we did not write may fail in any way
            reason = str(error) if isinstance(error, GameFileError) else "It could not be replayed."
            self._put_aside_game(self._current_path(), reason)
            return None

    def clear_current(self) -> None:
        """Forget the game in play (after it has been recorded)."""
        path = self._current_path()
        if path in self._frozen:
            return
        for attempt in range(REMOVE_TRIES):
            try:
                path.unlink(missing_ok=True)
                return
            except PermissionError as error:   # on Windows, an antivirus may hold it a moment
                if attempt == REMOVE_TRIES - 1:
                    raise SaveError("The finished game could not be cleared away "
                                    f"({error.strerror or error}).") from error
                time.sleep(0.05 * (attempt + 1))
            except OSError as error:
                raise SaveError("The finished game could not be cleared away "
                                f"({error.strerror or error}).") from error

    def keep_finished(self, game: Game) -> Path:
        """Keep a finished game in saved/ so the pupil can open and replay it later.

        The name says what and when: `thirteen-deal-123-2026-11-30-0912.json`.
        """
        return self._keep(game, "", "the finished game")

    def keep_abandoned(self, game: Game) -> Path:
        """Keep a game left unfinished in saved/, named so: `cruel-deal-8-not-finished-...`."""
        return self._keep(game, "-not-finished", "the game you left")

    def _keep(self, game: Game, note: str, what: str) -> Path:
        stamp = datetime.now().strftime("%Y-%m-%d-%H%M%S")
        deal = f"deal-{game.seed}" if game.seed is not None else "own-deck"
        variant = "" if game.variant == "standard" else f"-{game.variant}"
        folder = self.saved_games_dir()
        path = folder / f"{game.game_id}{variant}-{deal}{note}-{stamp}.json"
        number = 2
        while path.exists():   # two games of one deal kept within a second
            path = folder / f"{game.game_id}{variant}-{deal}{note}-{stamp}-{number}.json"
            number += 1
        write_json(path, game.to_json(), what, compact=True)
        return path

    def saved_games_dir(self) -> Path:
        """The folder File > Save and File > Open start in."""
        folder = self.folder / "saved"
        try:
            folder.mkdir(exist_ok=True)
        except OSError:
            pass   # the file dialog will say what is wrong
        return folder


def _players_from_json(raw: Any) -> tuple[list[_Player], list[str]]:
    """The players listed in settings.json, and what is wrong with the list, in words."""
    if not isinstance(raw, list):
        return [], ["it has no list of players"]
    if not raw:
        return [], ["its list of players is empty"]
    players: list[_Player] = []
    problems: list[str] = []
    for number, entry in enumerate(raw, start=1):
        if len(players) == MAX_PLAYERS_KEPT:
            problems.append(f"it lists more than {MAX_PLAYERS_KEPT} players")
            break
        player, problem = _player_from_json(entry, players, number)
        if player is not None:
            players.append(player)
        if problem is not None:
            problems.append(problem)
    return players, problems


def _player_from_json(entry: Any, others: list[_Player],
                      number: int = 0) -> tuple[_Player | None, str | None]:
    """The player an entry of a file is (None if it cannot be one), and what is
    wrong with the entry.  A player whose name is not allowed is kept under
    another name, so that their statistics stay theirs."""
    if not isinstance(entry, Mapping):
        return None, f"player {number} is not a player"
    pid, name = entry.get("id"), entry.get("name")
    if not isinstance(pid, str) or len(pid) > 40 or not _ID.fullmatch(pid) or pid in _RESERVED:
        return None, f"player {number} has no proper file name"
    if any(p.id == pid for p in others):
        return None, f"player {number} has the same file name as another player"
    taken = [p.name for p in others]
    settings = _settings_from_json(entry.get("settings"))
    if not isinstance(name, str) or not name.strip():
        stand_in = _stand_in_name(None, pid, taken)
        return _Player(pid, stand_in, settings), f"player {number} has no name"
    try:
        return _Player(pid, clean_name(name, taken), settings), None
    except ValueError as error:
        reason = str(error).rstrip(".")
        return (_Player(pid, _stand_in_name(name, pid, taken), settings),
                f"the name of player {number} is not allowed: {reason[:1].lower()}{reason[1:]}")


def _stand_in_name(name: Any, pid: str, taken: list[str]) -> str:
    """A name to use for a player whose name is not allowed: it cut short, or the file name."""
    tries = [name[:MAX_NAME]] if isinstance(name, str) else []
    tries += [pid[:MAX_NAME]]
    tries += [f"{pid[:MAX_NAME - 4]} {n}" for n in range(2, MAX_PLAYERS_KEPT + 2)]
    for candidate in tries:
        try:
            return clean_name(candidate, taken)
        except ValueError:
            continue
    return pid   # never reached: there are more tries than players


def _name_of_id(pid: str) -> str:
    """A name for a player known only by their file name: "player-1" -> "Player 1"."""
    words = pid.replace("-", " ")
    return words[:1].upper() + words[1:]


def _first(problems: list[str]) -> str:
    return problems[0] + (", and more" if len(problems) > 1 else "")


def _and_list(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
