"""Everything a pupil must never lose: players, preferences, statistics, the game in play.

`DataStore` (one per app run) keeps the data folder (`datafiles.data_dir`):

    settings.json          the players, each with their preferences; who plays now (up to
                           forty)
    stats/<player>.json    one player's statistics (`stats.StatsBook`): a cache of their
                           games in saved/, made again from them when it is lost
    current/<player>.json  the game that player is in the middle of (SPEC section 4), and
                           a journal of the moves since it was written (`inplay`)
    saved/                 every game that ended, one file each (`keptgames`): the
                           record of what was played; File > Save offers to put games here
    damaged/               files that could not be read, put aside with a time stamp
    removed/               a removed player's files, in case it was a mistake: their
                           games stay in saved/, and `bring_back` lists them again
    backups/               a file as it was before it was upgraded to a newer version
    winnable/              deals the solver proved can be won, waiting for New game
                           (`winnabledeals`: a cache, made again when lost)
    locks/<player>.lock    locked while a window plays as that player (`playerlock`)

`<player>` is a file name made once from the player's first name
("Player 1" -> "player-1"); it stays the same when the player is renamed,
and is never given to a new player while games of that name are in saved/.

A game that ends is first kept in saved/ as a new file (`keep_game`; two
windows never write the same one), then counted; the statistics file says
which kept files it has counted.  Whenever a player's statistics are read
(the first time, on a switch of player, when the Statistics dialog opens:
`refresh_stats`), the kept files of theirs not yet counted are replayed
and counted, so a game another window kept is never lost; a damaged
statistics file is put aside and the figures counted again from all of
them.  Figures an older app made (no file backs them) stay as a base.

A file from a newer app is read as well as it can be but never written
over; a damaged file, or one that fails a check (a player with no proper
file name, a figure that is not a count), is put aside whole in damaged/
and what could be read is kept: a player left out of settings.json comes
back from their statistics file, the right figures stay.  Problems become
sentences in `DataStore.notices`.  Nothing here raises into the app except
`ValueError` (a bad name or setting, with a message for the pupil) and
`storage.SaveError` (a write failed: the data in memory stays as the
pupil left it and goes to disk with the next write that works).

One window at a time holds a player's game in play: a DataStore started on
a player who is playing in another window is `read_only` (it never writes
or resumes that game; games finished here still count), and switching to
such a player is refused (`PlayingElsewhere`).  Windows on other players
share settings.json: before each write, what another window changed in the
list of players is taken in (`catch_up_players`), so none is lost.
"""

from __future__ import annotations

import os
import re
import shutil
import unicodedata
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, TypeGuard

from .datafiles import (CURRENT_VERSIONS, SETTINGS_FORMAT, STATS_FORMAT, DamagedFile,
                        NewerFile, data_dir, data_dir_notice, is_stand_in, locate_data_dir,
                        move_aside, read_versioned, register_converter, stamp)
from .engine import Game
from .inplay import GameInPlay
from .playerlock import BUSY, NO_LOCKING, PlayerLock, already_playing, held_briefly
from .records import asdict, field, fields, record, replace
from .registry import GAME_IDS, game_class
from .keptgames import DamagedKept, Unfinished, has_files, keep, new_files, read_kept
from .stats import (CountedGame, GameStats, ScoreRecord, SessionStats, StatsBook, all_keys,
                    has_moves)
from .winnabledeals import deal_kinds
from .wording import and_list, plural, sentence
from .storage import (MAX_FILE_BYTES, SaveError, UnusableFile, read_json,
                      remove_stale_temp_files, write_json)

if TYPE_CHECKING:   # loaded when a removed player is looked for, not at every start
    from .removedplayers import BroughtBack, RemovedPlayer

__all__ = ["CARD_BACKS", "DataStore", "MAX_PLAYERS", "PlayingElsewhere", "SaveError", "Settings",
           "check_setting", "clean_name", "data_dir", "data_dir_notice", "register_converter"]

MAX_PLAYERS = 40         # players that can be added here: a class
MAX_PLAYERS_KEPT = MAX_PLAYERS   # players kept from a file
MAX_NAME = 30
MAX_WINDOW = 16384   # dots: wider than four big screens side by side; X cannot make much more
DEFAULT_PLAYER = "Player 1"
CARD_BACKS = ("blue", "red", "green", "purple")
DEFAULT_VARIANTS = {game_id: game_class(game_id).variants[0] for game_id in GAME_IDS}

_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_RESERVED = {"con", "prn", "aux", "nul", *(f"{d}{n}" for d in ("com", "lpt") for n in range(1, 10))}
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
_GEOMETRY = re.compile(r"(\d{1,5}x\d{1,5})?([+-]-?\d{1,5}[+-]-?\d{1,5})?")


# -- preferences -----------------------------------------------------------------------
@record
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
    winnable_marker: bool = False    # the status bar says if the game can still be won (help)
    lost_move_note: bool = False     # the tutor says when a move lost the game (help)
    lessons_done: list[str] = field(default_factory=list)  # "game/lesson-id" (course.lesson_key)
    # The games and variants ("game/variant") whose New game deals only deals the
    # solver proved can be won: all of them for a new player (`winnabledeals`).
    winnable_deals: list[str] = field(default_factory=deal_kinds)


# Settings added after players already had preferences, and the value a player who
# had them before gets: what they are used to.  (Winnable deals only would change
# which deals they are dealt, and so their statistics, without a word.)
EARLIER_PLAYERS: dict[str, Any] = {"winnable_deals": []}


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
    if name == "winnable_deals":
        return _check_deal_kinds(value)
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


def _check_deal_kinds(value: Any) -> list[str]:
    """Games and variants like 'klondike/draw3', once each."""
    kinds = deal_kinds()
    if not isinstance(value, list) or len(value) > len(kinds) * 2:
        raise ValueError("The winnable deals must be a list of games like 'klondike/draw3'.")
    out: list[str] = []
    for item in value:
        if item not in kinds:
            raise ValueError(f"'{item}' is not a game and variant like 'klondike/draw3'.")
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
    """Settings from a file: each bad or missing value is replaced by its default
    (a setting newer than the file: by the value in `EARLIER_PLAYERS`).

    What was wrong is added to `wrong`, a few words for each setting:
    "'table colour' (a colour is written like #1f6f43; 'green' is not one)".
    """
    if not isinstance(data, Mapping):
        return Settings()
    good: dict[str, Any] = {name: list(value) if isinstance(value, list) else value
                            for name, value in EARLIER_PLAYERS.items() if name not in data}
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


@record
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
        # Why the folder in use is not the pupil's own, while that lasts (said
        # again to each player who picks their name: the first may not read it).
        self.folder_notice = notice if notice and is_stand_in(self.folder) else None
        # Set by the window: each notice is shown as it happens, not kept for later.
        self.on_notice: Callable[[str], None] | None = None
        self._frozen: set[Path] = set()        # files never to be written over
        self._books: dict[str, StatsBook] = {}
        self._unsaved_books: set[str] = set()  # player ids whose statistics changed since written
        # Games counted that could not be kept in saved/ yet: tried again before
        # each write of their player's statistics (by the digest they are counted under).
        self._unkept: dict[str, tuple[Game, str]] = {}
        # Told through a weak reference: a DataStore thrown away is freed at once
        # (no cycle), and with it the player's lock, for the next window.
        me = weakref.ref(self)

        def tell(text: str) -> None:
            store = me()
            if store is not None:
                store._tell(text)
        self._in_play = GameInPlay(self.folder, tell, self._frozen)
        self.resumed_with_hints = False  # whether the game resume() gave had used hints
        self._players: list[_Player] = []
        self._current: _Player
        # What this window changed in the list of players since it last wrote it
        # (another window's changes are taken in: `catch_up_players`).
        self._changed_ids: set[str] = set()
        self._removed_ids: set[str] = set()
        for sub in ("", "stats", "current", "saved", "winnable"):   # left by a write cut short
            remove_stale_temp_files(self.folder / sub)
        self._load_settings()
        self._lock: PlayerLock | None = None
        self.lock_state = NO_LOCKING      # playerlock.HELD, BUSY or NO_LOCKING
        self._lock_frozen: Path | None = None   # the game in play another window holds
        self._use_lock(*self._take_lock(self._current))

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
                                f"{and_list(self.players())}.")
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
            times = [self._in_play.last_written(player.id)]
            try:
                times.append((self.folder / "stats" / f"{player.id}.json").stat().st_mtime)
            except OSError:
                pass
            return max(times)
        return max(players, key=last_written)   # max keeps the first of equals

    def _id_taken(self, candidate: str) -> bool:
        return (any(p.id == candidate for p in self._players)
                or (self.folder / "stats" / f"{candidate}.json").exists()
                or (self.folder / "current" / f"{candidate}.json").exists()
                or has_files(self.folder / "saved", candidate)   # a removed player's games
                or (self.folder / "backups" / f"{candidate}-v1.json").exists())

    def _save_settings(self) -> None:
        # Read, changed and written by one window at a time (see `held_briefly`).
        with held_briefly(self.folder, "settings"):
            self.catch_up_players()
            self._write(self.folder / "settings.json", SETTINGS_FORMAT, {
                "current_player": self._current.id,
                "players": [{"id": p.id, "name": p.name, "settings": asdict(p.settings)}
                            for p in self._players]}, "the list of players and their settings")
        self._changed_ids.clear()   # on disk now: from here on, a change there is another's
        self._removed_ids.clear()

    def catch_up_players(self) -> None:
        """Take in what another window changed in settings.json since this one last
        read or wrote it (players added, renamed or removed there, and the
        preferences of the players this window is not playing as), so that
        writing the list of players never loses one."""
        path = self.folder / "settings.json"
        if path in self._frozen:
            return
        try:
            data, _ = read_versioned(path, SETTINGS_FORMAT)
        except (OSError, DamagedFile, NewerFile):   # missing or unreadable: nothing to take in
            return
        raw = data.get("players")
        if not isinstance(raw, list):
            return
        mine = {p.id: p for p in self._players}
        on_disk: dict[str, int] = {}   # each player's place in the file
        for entry in raw[:MAX_PLAYERS_KEPT]:
            pid = entry.get("id") if isinstance(entry, Mapping) else None
            if not isinstance(pid, str) or pid in on_disk:
                continue
            on_disk[pid] = len(on_disk)
            known = mine.get(pid)
            if known is None and pid not in self._removed_ids:
                added, _ = _player_from_json(entry, self._players)
                if added is not None and len(self._players) < MAX_PLAYERS_KEPT:
                    self._players.append(added)
            elif (known is not None and known is not self._current
                  and pid not in self._changed_ids):
                theirs, _ = _player_from_json(entry, [p for p in self._players if p is not known])
                if theirs is not None:
                    known.name, known.settings = theirs.name, theirs.settings
                    if pid in self._books:
                        self._books[pid].player = theirs.name
        for player in list(self._players):   # removed there: their files went to removed/
            if (player.id not in on_disk and player is not self._current
                    and player.id not in self._changed_ids
                    and not any((self.folder / sub / f"{player.id}.json").exists()
                                for sub in ("stats", "current"))):
                self._players.remove(player)
        # In the file's order, then those this window added.
        self._players.sort(key=lambda p: on_disk.get(p.id, len(on_disk)))

    def _find(self, name: str) -> _Player:
        wanted = unicodedata.normalize("NFC", str(name)).strip().casefold()
        for player in self._players:
            if player.name.casefold() == wanted:
                return player
        raise ValueError(f"There is no player called '{name}'.")

    def players(self) -> list[str]:
        """The players' names in alphabetical order (as a class list is read),
        whatever order they were added in."""
        return sorted((player.name for player in self._players), key=str.casefold)

    def name_of(self, player_id: str) -> str | None:
        """The name of the player whose files are named `player_id`, if still here."""
        return next((player.name for player in self._players if player.id == player_id), None)

    @property
    def current_player(self) -> str:
        return self._current.name

    @property
    def player_id(self) -> str:
        """The current player's file name: it stays the same when they are renamed."""
        return self._current.id

    def add_player(self, name: str) -> str:
        """Add a player with the preferences a new player starts with; returns the name as kept."""
        self.catch_up_players()   # another window may have added or removed one
        if len(self._players) >= MAX_PLAYERS:
            raise ValueError(f"There can be at most {MAX_PLAYERS} players. Remove one before "
                             "adding another.")
        name = clean_name(name, self.players())
        self._players.append(_Player(_file_id(name, self._id_taken), name, Settings()))
        self._changed_ids.add(self._players[-1].id)
        self._save_settings()
        return name

    def rename_player(self, old: str, new: str) -> str:
        player = self._find(old)
        player.name = clean_name(new, [p.name for p in self._players if p is not player])
        self._changed_ids.add(player.id)
        self._save_settings()
        book = self._book(player)
        book.player = player.name
        if (self.folder / "stats" / f"{player.id}.json").exists():
            self._save_book(player)
        return player.name

    def why_not_removable(self, name: str) -> str | None:
        """Why `name` cannot be removed now (asked before the question, too), or None."""
        player = self._find(name)
        if len(self._players) == 1:
            return "The last player cannot be removed. Add another player first."
        if self.playing_elsewhere(player.name):
            return (f"{already_playing(player.name)} {player.name} can be removed once that "
                    "window is closed.")
        return None

    def remove_player(self, name: str) -> None:
        """Remove a player; their files go to `removed/`, not the bin (their
        preferences too), and their games stay in saved/ (`bring_back`)."""
        player = self._find(name)
        reason = self.why_not_removable(name)
        if reason is not None:
            raise (PlayingElsewhere if len(self._players) > 1 else ValueError)(reason)
        self._players.remove(player)
        self._removed_ids.add(player.id)
        if player is self._current:
            self._current = self._players[0]
            self._use_lock(*self._take_lock(self._current))
            self._book(self._current).new_session()
        self._books.pop(player.id, None)
        self._save_settings()
        if self.folder / "settings.json" in self._frozen:
            return   # the newer settings still list the player: keep their files
        self._in_play.fold_journal(player.id)   # the moves since go with the game
        for sub in ("stats", "current"):
            path = self.folder / sub / f"{player.id}.json"
            if path.exists():
                move_aside(self.folder, path, "removed")
        self._keep_preferences(player)

    def _keep_preferences(self, player: _Player) -> None:
        """Keep a removed player's preferences and lessons done in removed/, for
        `bring_back` (a write that fails loses only those: their games are in saved/)."""
        entry = {"id": player.id, "name": player.name, "settings": asdict(player.settings)}
        try:
            (self.folder / "removed").mkdir(exist_ok=True)
            self._write(self.folder / "removed" / f"settings-{player.id}-{stamp()}.json",
                        SETTINGS_FORMAT, {"players": [entry]}, f"{player.name}'s preferences")
        except OSError:   # (SaveError too)
            pass

    def _removed_preferences(self, player_id: str) -> Settings:
        """The preferences the player had when they were removed (the newest kept
        that can be read); a new player's if none were kept (an older app's removal)."""
        from .removedplayers import removed_files
        for path in reversed(removed_files(self.folder, "settings").get(player_id, [])):
            try:
                data = read_versioned(path, SETTINGS_FORMAT)[0]
            except NewerFile as newer:
                data = newer.data
            except (OSError, DamagedFile):
                continue
            raw = data.get("players")
            player, _ = _player_from_json(raw[0] if isinstance(raw, list) and raw else None, [])
            if player is not None and player.id == player_id:
                return player.settings
        return Settings()

    # -- removed players: their games are kept, and they can be brought back -----------
    def removed_players(self) -> list[RemovedPlayer]:
        """The players not on the list whose games are kept (in saved/, or a game in
        play in removed/), by name (`removedplayers.find_removed`)."""
        from .removedplayers import find_removed
        self.catch_up_players()   # one removed in another window is found here too
        found = find_removed(self.folder, [p.id for p in self._players], _is_player_id)
        return [replace(player, name=_stand_in_name(player.name or _name_of_id(player.id),
                                                    player.id, []))
                for player in found]

    def bring_back(self, player_id: str) -> BroughtBack:
        """Put a removed player (`removed_players`) on the list again under the same
        file name, so that their saved games count again (their statistics are
        counted from them at once), with their game in play back from removed/
        (the newest) unless there is one already, and the preferences and lessons
        done they had (a new player's if none were kept).  If another player has
        their name now, they get one of their own: "Ana (brought back)".

        ValueError (with a message) if they are not a removed player or the list is
        full; SaveError if the list could not be written (they are on it here).
        """
        from .removedplayers import BroughtBack, names_to_try
        wanted = next((p for p in self.removed_players() if p.id == player_id), None)
        if wanted is None:   # (another window may have brought them back already)
            listed = self.name_of(player_id)
            raise ValueError(f"{listed} is on the list of players already." if listed else
                             "That player has no saved games here to bring back.")
        if len(self._players) >= MAX_PLAYERS:
            raise ValueError(f"There can be at most {MAX_PLAYERS} players. Remove one before "
                             "bringing one back.")
        name = _stand_in_name(wanted.name, player_id, self.players())
        for candidate in names_to_try(wanted.name, MAX_NAME):
            try:
                name = clean_name(candidate, self.players())
                break
            except ValueError:
                continue
        game_back = self._game_in_play_back(player_id, name)
        self._statistics_back(player_id)
        player = _Player(player_id, name, self._removed_preferences(player_id))
        self._players.append(player)
        self._changed_ids.add(player_id)
        self._removed_ids.discard(player_id)
        self._books.pop(player_id, None)   # counted again from the files, as they are now
        self._book(player)
        self._save_settings()
        return BroughtBack(name, wanted.saved_games, game_back,
                           "" if name == wanted.name else wanted.name)

    def _game_in_play_back(self, player_id: str, name: str) -> bool:
        """Put the player's newest game in play in removed/ that can be read back
        in current/, unless there is one there; whether it was put back (a
        damaged one stays in removed/: it was told as back, then put aside)."""
        from .removedplayers import removed_files
        from .savefile import GameFileError, read_record
        target = self._in_play.record_path(player_id)
        if target.exists() or target in self._frozen:
            return False
        for game in reversed(removed_files(self.folder, "current").get(player_id, [])):
            try:
                read_record(game)
            except GameFileError:
                continue
            try:
                target.parent.mkdir(exist_ok=True)
                os.replace(game, target)
            except OSError as error:
                self._tell(f"{name}'s unfinished game could not be put back "
                           f"({(error.strerror or str(error)).lower()}): it is still in the "
                           f"removed folder, as '{game.name}'.")
                return False
            return True
        return False

    def _statistics_back(self, player_id: str) -> None:
        """Put the player's statistics file as it was when they were removed back
        in stats/ (what Clear statistics left out, an older app's figures), unless
        one is there; the games kept since are counted onto it.  Without it (or if
        it cannot be moved) they are counted from saved/ alone."""
        from .removedplayers import removed_files
        kept = removed_files(self.folder, "stats").get(player_id)
        target = self.folder / "stats" / f"{player_id}.json"
        if not kept or target.exists():
            return
        try:
            target.parent.mkdir(exist_ok=True)
            os.replace(kept[-1], target)
        except OSError:
            pass

    def switch_player(self, name: str) -> None:
        """Make `name` the current player; this starts a new session.

        PlayingElsewhere (a ValueError) if they are playing in another window."""
        player = self._find(name)
        if player is not self._current:
            lock, state = self._take_lock(player)
            if state == BUSY:
                raise PlayingElsewhere(f"{already_playing(player.name)} Choose another "
                                       "player, or close that window first.")
            self._current = player
            self._use_lock(lock, state)
            self._book(player).new_session()
            self._count_new_files(player, save=True)
            self._save_settings()

    # -- one window per player -------------------------------------------------------------
    def _take_lock(self, player: _Player) -> tuple[PlayerLock, str]:
        lock = PlayerLock(self.folder, player.id)
        return lock, lock.claim()

    def _use_lock(self, lock: PlayerLock, state: str) -> None:
        """The current player's lock, just taken: the one before is let go.  While
        another window holds it, this one never writes nor checks that game in play."""
        if self._lock is not None and self._lock is not lock:
            self._lock.release()
        self._lock, self.lock_state = lock, state
        if self._lock_frozen is not None:
            self._frozen.discard(self._lock_frozen)
            self._in_play.set_checked(self._lock_frozen.stem, False)
            self._lock_frozen = None
        path = self._current_path()
        if state == BUSY and path not in self._frozen:
            self._frozen.add(path)
            self._lock_frozen = path
            self._in_play.set_checked(self._current.id, True)   # the other window's to check

    @property
    def read_only(self) -> bool:
        """True while the current player is playing in another window: this window
        never writes or resumes their game in play (games finished here still count)."""
        return self.lock_state == BUSY

    def playing_elsewhere(self, name: str) -> bool:
        """True if the player `name` is playing in another window now."""
        player = self._find(name)
        if player is self._current:
            return self.read_only
        return PlayerLock(self.folder, player.id).busy()

    def release_player(self) -> None:
        """Let go of the current player's lock (at quit; a crash lets go of it too)."""
        if self._lock is not None:
            self._lock.release()

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

    # -- statistics: a cache of the games kept in saved/ -----------------------------------
    def _book(self, player: _Player) -> StatsBook:
        book = self._books.get(player.id)
        if book is None:
            fresh = ("the statistics were counted again from the games kept in the saved folder"
                     if has_files(self.folder / "saved", player.id)
                     else "the statistics start again")
            data = self._load(self._stats_path(player), STATS_FORMAT,
                              f"{player.name}'s statistics file", fresh)
            book = (StatsBook.from_json(player.name, data) if data is not None
                    else StatsBook(player.name))
            if data is None:   # lost or unreadable: an older app's figures may be in backups/
                book.base = self._old_base(player)
            self._books[player.id] = book
            if book.problems:
                self._put_aside_book(player, book.problems)
            else:
                self._count_new_files(player, save=True)
        return book

    def _stats_path(self, player: _Player) -> Path:
        return self.folder / "stats" / f"{player.id}.json"

    def _old_base(self, player: _Player) -> dict[str, GameStats]:
        """The figures an older app made, from the copy kept when its file was
        upgraded (for a statistics file lost, or that could not be read at all)."""
        try:
            data, _ = read_versioned(self.folder / "backups" / f"{player.id}-v1.json",
                                     STATS_FORMAT)
        except (OSError, DamagedFile, NewerFile):
            return {}
        return StatsBook.from_json(player.name, data).base

    def _count_new_files(self, player: _Player, save: bool) -> int:
        """Count the kept games of `player` the book has not looked at yet (kept by
        another window, or all of them when the statistics are made again).

        `save`: write the book if it changed (a failure is no loss: the games
        are in saved/ and are counted again next time).  Returns how many were counted.
        """
        book = self._book(player)
        entries: list[CountedGame] = []
        damaged: list[str] = []
        looked = False
        for path in new_files(self.folder / "saved", player.id, book.files()):
            try:
                entry = read_kept(path, player.id)
            except Unfinished:
                continue   # being written now: counted when it is there
            except DamagedKept:
                entry = None
                damaged.append(path.name)
            looked = True
            if entry is None:
                book.skipped.add(path.name)   # (so it is told once, not at every start)
            else:
                entries.append(entry)
        added = book.count(entries)
        if damaged:   # a count that quietly came out lower would mislead a teacher
            names = ", ".join(f"'{name}'" for name in damaged[:3])
            more = f" and {len(damaged) - 3} more" if len(damaged) > 3 else ""
            self._tell(f"{plural(len(damaged), 'saved game')} of {player.name} could not be "
                       f"read, so {'it is' if len(damaged) == 1 else 'they are'} not counted in "
                       f"the statistics: {names}{more} (in the saved folder).")
        if save and looked:
            try:
                self._save_book(player)
            except SaveError:
                pass
        return added

    def refresh_stats(self) -> None:
        """Count the current player's games that another window kept meanwhile."""
        self._count_new_files(self._current, save=True)

    def _put_aside_book(self, player: _Player, problems: list[str]) -> None:
        """A statistics file failed a check: keep it whole in damaged/, and count the
        figures again from the kept games (with the old figures that were right)."""
        path = self._stats_path(player)
        book = self._books[player.id]
        if path in self._frozen:   # from a newer app: it is read as well as it can be,
            self._count_new_files(player, save=False)   # never written
            return
        aside = move_aside(self.folder, path, "damaged")
        if aside is None:
            self._frozen.add(path)
        where = (f"put aside as '{aside.relative_to(self.folder)}'" if aside else
                 "left as it is, and nothing will be written over it")
        self._count_new_files(player, save=False)
        count = len(book.counted)
        kept = []
        if count:
            games = "1 game" if count == 1 else f"{count} games"
            kept.append(f"The statistics were counted again from the {games} kept in the "
                        "saved folder.")
        if book.base:
            kept.append("The figures from before that were right are kept.")
        self._tell(f"{player.name}'s statistics file had something wrong in it "
                   f"({_first(problems)}), so it was {where}. "
                   f"{' '.join(kept) or 'None of its figures could be kept.'}")
        if aside is not None:
            try:
                self._save_book(player)
            except SaveError as error:
                self._tell(str(error))

    def _save_book(self, player: _Player) -> None:
        self._keep_unkept(player)
        if not (self.folder / "settings.json").exists():
            self._save_settings()   # the player list goes to disk with the first statistics
        whose = "your" if player is self._current else f"{player.name}'s"
        self._unsaved_books.discard(player.id)
        try:
            self._write(self._stats_path(player), STATS_FORMAT, self._book(player).to_json(),
                        f"{whose} statistics")
        except SaveError:
            self._unsaved_books.add(player.id)
            raise

    def keep_game(self, game: Game, used_hints: bool,
                  player_id: str | None = None) -> Path | None:
        """Keep a finished or abandoned game in saved/ and count it for its player
        (the current one, or `player_id`), once; the statistics file is written
        by `save_stats`.  Returns where the game is kept; None if it has no moves
        (not a game played) or an older app counted it.

        SaveError: the file could not be written.  The game is then counted in
        memory only, and the next call with it tries to keep it again.
        """
        if not has_moves(game.log):
            return None
        player = next((p for p in self._players if p.id == player_id), self._current)
        book = self._book(player)
        entry = book.entry_for(game)
        if entry is None and book.counted_before(game):
            return None
        if entry is not None and entry.file and (entry.won, entry.score) != (
                game.is_won(), game.score()):
            return self._count_again(player, book, entry, game, used_hints)
        if entry is None:
            self._count_new_files(player, save=False)   # another window's games come first
            entry = CountedGame.of(game, used_hints, book.next_ended())
            book.count([entry], this_session=True)
            self._unsaved_books.add(player.id)
        if not entry.file:
            self._unkept[entry.digest] = (game, player.id)
            self._keep_unkept(player, entry.digest)
        return self.folder / "saved" / entry.file

    def _count_again(self, player: _Player, book: StatsBook, entry: CountedGame, game: Game,
                     used_hints: bool) -> Path:
        """A game counted (and kept) before, taken back after it ended and ended
        again another way: it counts as it ended last, kept in a new file; the
        first file goes to removed/ (its every move is in the new one, the
        undos too), so that counting saved/ again finds the game once."""
        again = CountedGame.of(game, used_hints or entry.hints, book.next_ended())
        again.file = keep(self.saved_games_dir(), game, player.id, again).name   # or SaveError
        book.count_again(again)
        self._unsaved_books.add(player.id)
        move_aside(self.folder, self.folder / "saved" / entry.file, "removed")
        return self.folder / "saved" / again.file

    def _keep_unkept(self, player: _Player, only: str | None = None) -> None:
        """Keep in saved/ the player's games counted in memory only (or the one of
        digest `only`: then SaveError if it cannot be, else quietly)."""
        book = self._books.get(player.id)
        for digest, (game, player_id) in list(self._unkept.items()):
            entry = book.counted.get(digest) if book is not None else None
            if player_id != player.id or only not in (None, digest) or entry is None:
                continue
            try:
                entry.file = keep(self.saved_games_dir(), game, player.id, entry).name
            except SaveError:
                if only is not None:
                    raise
                continue
            del self._unkept[digest]
            self._unsaved_books.add(player.id)

    def save_stats(self) -> None:
        """Write the statistics that changed since they were last written."""
        for player in list(self._players):
            if player.id in self._unsaved_books:
                self._save_book(player)

    def record_game(self, game: Game, used_hints: bool) -> Path | None:
        """Keep a game that ended in saved/, count it for the current player (once)
        and write the statistics: `keep_game`, then `save_stats`.

        A game with no moves is not counted; an unfinished one counts as lost.
        """
        kept = self.keep_game(game, used_hints)
        self.save_stats()
        return kept

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

    def score_history(self, game_key: str) -> list[ScoreRecord]:
        """The current player's every game of `game_key` counted, oldest first, with its
        score and when it ended (`StatsBook.history`); read only."""
        return self._book(self._current).history(game_key)

    def session_stats(self, game_key: str) -> SessionStats:
        return self._book(self._current).session(game_key)

    def clear_stats(self, game_key: str | None = None) -> None:
        """Set the current player's statistics for one game (or all) back to zero."""
        self._book(self._current).clear(game_key)
        self._save_book(self._current)

    # -- the game in play (inplay.GameInPlay: a record and a journal of the moves since) --
    def _current_path(self) -> Path:
        return self._in_play.record_path(self._current.id)

    def _check_current(self) -> dict[str, Any] | None:
        """The saved record of the current player's game, if it can be used
        (damaged: put aside; from a newer app: moved to `saved/`)."""
        return self._in_play.check(self._current.id)

    def autosave(self, game: Game, used_hints: bool = False) -> None:
        """Keep the current player's game in play (call after every move).

        `used_hints` goes with it, so a game finished after a restart still
        counts as won with hints.  (The key is ours: loading ignores it.)
        """
        if not self._in_play.checked(self._current.id):
            self._check_current()   # never write over a game from a newer app
            if not (self.folder / "settings.json").exists():
                self._save_settings()
        self._in_play.save(self._current.id, game, used_hints)

    def write_game_in_play_whole(self) -> None:
        """At quit: the game in play in one file, so the next start reads only that."""
        self._in_play.write_whole(self._current.id)

    def resume(self) -> Game | None:
        """The current player's unfinished game, or None (damaged: put aside, with a notice)."""
        if self.read_only:
            return None   # the other window plays it
        game, self.resumed_with_hints = self._in_play.resume(self._current.id)
        return game

    def clear_current(self) -> None:
        """Forget the game in play (after it has been recorded)."""
        self._in_play.clear(self._current.id)

    def saved_games_dir(self) -> Path:
        """The folder File > Save and File > Open start in."""
        folder = self.folder / "saved"
        try:
            folder.mkdir(exist_ok=True)
        except OSError:
            pass   # the file dialog will say what is wrong
        return folder


class PlayingElsewhere(ValueError):
    """The player is playing in another window (the message says so)."""


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
    if not _is_player_id(pid):
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


def _is_player_id(pid: Any) -> TypeGuard[str]:
    """Whether `pid` can be a player's file name (as `_file_id` makes them)."""
    return (isinstance(pid, str) and len(pid) <= 40 and _ID.fullmatch(pid) is not None
            and pid not in _RESERVED)


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
    return sentence(pid.replace("-", " "))


def _first(problems: list[str]) -> str:
    return problems[0] + (", and more" if len(problems) > 1 else "")
