"""A player's statistics: games played and won, scores, streaks, sessions.

Numbers only, no files: `userdata.DataStore` keeps one `StatsBook` per
player and writes it as `stats/<player>.json`.  Everything read from a
file is checked field by field; a bad number becomes zero, never an error.

- Statistics are kept per game, and per variant where a game has several
  (`game_key`: "cruel", "klondike/draw3").
- A game won after the pupil asked for a hint counts in `won_with_hints`,
  not in `won`; it neither extends nor breaks the winning streak.
- Cruel's score is the number of cards left, so lower is better there;
  every other game scores cards got out, higher is better.

The book is a cache of the games kept in saved/ (`keptgames`): it lists
each game it counted (`CountedGame`: which file, when it ended, what it
scored) and works the figures out from that list in the order the games
ended, so a game another window kept earlier is counted in its place.
Figures from before games were kept (an older app's file) are a `base` no
file backs, kept for ever.  Clear Stats is a mark per game: the games that
ended before it are no longer counted, but stay listed (and kept in saved/).
"""

from __future__ import annotations

import copy
import functools
import json
import re
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable, Mapping, Sequence, TypedDict

from .datafiles import STATS_FORMAT, register_converter
from .engine import Game
from .records import field, record
from .registry import GAME_IDS, game_class

MAX_SCORES = 500                           # score records kept per game
MAX_RECORDED = 200                         # game signatures kept against double counting
ENDED_FORMAT = "%Y-%m-%dT%H:%M:%S.%fZ"     # when a game ended: UTC, to the microsecond
ENDED_PATTERN = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z")
_FILE_NAME = re.compile(r"[^/\\:\x00-\x1f]{1,200}\.json")   # a name in saved/, never a path
_DIGEST = re.compile(r"[0-9a-f]{16}")
COUNTERS = ("played", "won", "won_with_hints", "total_score", "cards_dealt",
            "streak", "best_streak")


class ScoreRecord(TypedDict):
    score: int
    date: str
    seed: int | None


def has_moves(log: Sequence[Mapping[str, Any]]) -> bool:
    """True if a game log has a move in it (undos alone are not a game played)."""
    return any(entry.get("action") != "undo" for entry in log)


def game_key(game: Game) -> str:
    """The statistics key of a game: its id, plus the variant if it has several."""
    return key_for(game.game_id, game.variant)


def key_for(game_id: str, variant: str) -> str:
    return f"{game_id}/{variant}" if len(game_class(game_id).variants) > 1 else game_id


def game_title(key: str) -> str:
    """The name of a statistics key for people, from the game's class: "thirteen" ->
    "Thirteen", "klondike/draw3" -> "Klondike (draw three)"."""
    game_id, _, variant = key.partition("/")
    try:
        cls = game_class(game_id)
    except ValueError:
        return key
    name = cls.variant_names.get(variant, variant)
    return f"{cls.title} ({name})" if name else cls.title


@functools.cache   # the games never change while the app runs; asked once per game counted
def all_keys() -> tuple[str, ...]:
    """Every statistics key, in menu order."""
    return tuple(key_for(gid, variant) for gid in GAME_IDS
                 for variant in game_class(gid).variants)


def check_key(key: str) -> str:
    if key not in all_keys():
        raise ValueError(f"There are no statistics called '{key}'; "
                         f"choose one of {', '.join(all_keys())}.")
    return key


@record
class GameStats:
    """A player's numbers for one game key, with the percentages worked out."""

    key: str
    played: int = 0
    won: int = 0                 # won without a hint
    won_with_hints: int = 0
    total_score: int = 0
    best_score: int | None = None
    cards_dealt: int = 0         # every card of every game played (52 a game, 104 for Double)
    streak: int = 0              # wins in a row now
    best_streak: int = 0
    scores: list[ScoreRecord] = field(default_factory=list)

    @property
    def lower_is_better(self) -> bool:
        return game_class(self.key.split("/")[0]).lower_score_is_better

    @property
    def lost(self) -> int:
        return self.played - self.won - self.won_with_hints

    @property
    def won_percent(self) -> float:
        """Games won without a hint, as a percentage of games played."""
        return _percent(self.won, self.played)

    @property
    def won_with_hints_percent(self) -> float:
        return _percent(self.won_with_hints, self.played)

    @property
    def average_score(self) -> float | None:
        return self.total_score / self.played if self.played else None

    @property
    def cards_percent(self) -> float:
        """Cards got out as a percentage of cards dealt (Thirteen's "cards
        removed vs. cards played"); for Cruel, the cards not left behind."""
        got_out = self.cards_dealt - self.total_score if self.lower_is_better else self.total_score
        return _percent(got_out, self.cards_dealt)

    def is_better(self, score: int, than: int) -> bool:
        return score < than if self.lower_is_better else score > than

    def add(self, score: int, won: bool, used_hints: bool, cards: int,
            seed: int | None, date: str) -> None:
        """Count one finished or abandoned game."""
        self.played += 1
        self.total_score += score
        self.cards_dealt += cards
        if self.best_score is None or self.is_better(score, self.best_score):
            self.best_score = score
        if won and used_hints:
            self.won_with_hints += 1
        elif won:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        if game_class(self.key.split("/")[0]).lists_every_score:
            self.scores.append({"score": score, "date": date, "seed": seed})
            del self.scores[:-MAX_SCORES]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {name: getattr(self, name) for name in COUNTERS}
        data["best_score"] = self.best_score
        if self.scores:
            data["scores"] = [dict(entry) for entry in self.scores]
        return data

    @staticmethod
    def problem(key: str, data: Any) -> str | None:
        """What is wrong with the figures for `key` in a file, in words, or None.

        `from_json` makes the best of figures with a problem; the data folder
        uses this to put such a file aside (whole) rather than keep the guess.
        """
        if not isinstance(data, Mapping):
            return f"the figures for {key} are not a table of numbers"
        for name in COUNTERS:
            if name in data and not _is_count(data[name]):
                return (f"'{name}' for {key} is {_shown(data[name])}, not a whole number "
                        "of 0 or more")
        played = data.get("played", 0)
        if data.get("won", 0) + data.get("won_with_hints", 0) > played:
            return f"{key} has more games won than played"
        best_streak = data.get("best_streak", 0)
        if data.get("streak", 0) > best_streak or best_streak > played:
            return f"the winning streaks for {key} do not fit the games played"
        best = data.get("best_score")
        if best is not None and not _is_count(best):
            return f"the best score for {key} is {_shown(best)}, not a whole number of 0 or more"
        scores = data.get("scores", [])
        if not isinstance(scores, list) or any(_score_record(entry) is None for entry in scores):
            return f"the list of scores for {key} has something in it that is not a score"
        return None

    @classmethod
    def from_json(cls, key: str, data: Any) -> GameStats:
        """Rebuild from a file: anything that is not a proper count becomes 0."""
        stats = cls(key)
        if not isinstance(data, Mapping):
            return stats
        for name in COUNTERS:
            setattr(stats, name, _count(data.get(name)))
        stats.played = max(stats.played, stats.won + stats.won_with_hints)
        stats.best_streak = max(stats.best_streak, stats.streak)
        best = data.get("best_score")
        stats.best_score = _count(best) if stats.played and _is_count(best) else None
        raw_scores = data.get("scores")
        if isinstance(raw_scores, list):
            stats.scores = [entry for entry in map(_score_record, raw_scores[-MAX_SCORES:])
                            if entry is not None]
        return stats


@record(frozen=True)
class SessionStats:
    """Games since the app started or the player changed.

    `average_score` is the average of this session's games, `average_before`
    the player's average before the session (None when there is none), so the
    two can be put side by side.  `score_change` is how much the session moved
    the overall average score (None when there was no average before).
    """

    key: str
    played: int = 0
    won: int = 0
    won_with_hints: int = 0
    score_change: float | None = None
    average_score: float | None = None
    average_before: float | None = None


@record
class _SessionTally:
    start_played: int
    start_total: int
    played: int = 0
    won: int = 0
    won_with_hints: int = 0
    total_score: int = 0


@record
class CountedGame:
    """One game counted in a book: what the figures need of it, and its file in saved/."""

    file: str            # its name in saved/; "" while it is only in memory (a full disk)
    ended: str           # when it ended (ENDED_FORMAT): the figures follow this order
    key: str
    score: int
    won: bool
    hints: bool          # a hint was asked for
    cards: int
    seed: int | None
    digest: str          # of `signature(game)`: the same game is never counted twice

    @classmethod
    def of(cls, game: Game, used_hints: bool, ended: str, file: str = "") -> CountedGame:
        """`game` as counted (its score and result worked out by the rules, now)."""
        return cls(file, ended, game_key(game), game.score(), game.is_won(), used_hints,
                   len(game.deck), game.seed, digest_of(game))

    def to_json(self) -> dict[str, Any]:
        return {"file": self.file, "ended": self.ended, "key": self.key, "score": self.score,
                "won": self.won, "hints": self.hints, "cards": self.cards, "seed": self.seed,
                "digest": self.digest}

    @classmethod
    def from_json(cls, data: Any) -> CountedGame | None:
        """The counted game an entry of a file is, or None if any part of it is wrong."""
        if not isinstance(data, Mapping):
            return None
        file, ended, key, seed = (data.get(name) for name in ("file", "ended", "key", "seed"))
        if not (isinstance(file, str) and _FILE_NAME.fullmatch(file)
                and isinstance(ended, str) and ENDED_PATTERN.fullmatch(ended)
                and key in all_keys() and isinstance(data.get("digest"), str)
                and _DIGEST.fullmatch(data["digest"])
                and all(_is_count(data.get(name)) for name in ("score", "cards"))
                and all(isinstance(data.get(name), bool) for name in ("won", "hints"))
                and (seed is None or _is_count(seed))):
            return None
        return cls(file, ended, key, data["score"], data["won"], data["hints"], data["cards"],
                   seed, data["digest"])


class StatsBook:
    """All of one player's statistics: the games counted, and the figures they make."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.games: dict[str, GameStats] = {}     # the figures shown, worked out (`_work_out`)
        self.base: dict[str, GameStats] = {}      # figures from before games were kept
        self.counted: dict[str, CountedGame] = {}  # by digest, in the order counted
        self.cleared: dict[str, str] = {}         # game key -> when Clear Stats was asked
        self.skipped: set[str] = set()            # files in saved/ looked at and not counted
        self.recorded: list[str] = []     # signatures an older app counted (its last games)
        self._session: dict[str, _SessionTally] = {}
        self._latest = ""                         # the latest time counted or cleared
        self.problems: list[str] = []     # what `from_json` found wrong (and left out)

    def get(self, key: str) -> GameStats:
        """A copy of the numbers for `key` (zeros if never played)."""
        return copy.deepcopy(self.games.get(check_key(key), GameStats(key)))

    def session(self, key: str) -> SessionStats:
        check_key(key)
        tally = self._session.get(key)
        if tally is None:
            return SessionStats(key)
        change = before = None
        now = self.games.get(key)
        if tally.start_played:
            before = tally.start_total / tally.start_played
            if now is not None and now.played:
                change = now.total_score / now.played - before
        average = tally.total_score / tally.played if tally.played else None
        return SessionStats(key, tally.played, tally.won, tally.won_with_hints, change,
                            average, before)

    def new_session(self) -> None:
        self._session.clear()

    # -- counting ------------------------------------------------------------------------
    def entry_for(self, game: Game) -> CountedGame | None:
        """How `game` was counted, or None if it was not."""
        return self.counted.get(digest_of(game))

    def counted_before(self, game: Game) -> bool:
        """True if an older app counted `game` (it is in the base figures)."""
        return _signature(game) in self.recorded

    def files(self) -> set[str]:
        """The names in saved/ already looked at: counted or skipped."""
        return {entry.file for entry in self.counted.values() if entry.file} | self.skipped

    def next_ended(self) -> str:
        """Now, as the time a game ends or a Clear is asked; always later than any
        time counted before, so that a clock put back cannot change the order."""
        now = datetime.now(timezone.utc)
        if self._latest:
            after = datetime.strptime(self._latest, ENDED_FORMAT).replace(tzinfo=timezone.utc)
            now = max(now, after + timedelta(microseconds=1))
        return now.strftime(ENDED_FORMAT)

    def count(self, entries: Iterable[CountedGame], this_session: bool = False) -> int:
        """Count new games (one already counted is skipped, its file listed as skipped);
        `this_session`: played in this window, so the session figures count them too.
        Returns how many were counted."""
        keys: set[str] = set()
        added = 0
        for entry in entries:
            if entry.digest in self.counted:
                if entry.file:
                    self.skipped.add(entry.file)   # a copy of a game counted before
                continue
            if this_session:
                self._tally(entry)
            self.counted[entry.digest] = entry
            self._latest = max(self._latest, entry.ended)
            keys.add(entry.key)
            added += 1
        for key in keys:
            self._work_out(key)
        return added

    def count_again(self, entry: CountedGame) -> None:
        """A game counted before was taken back after it ended and ended again
        (lost, Undo, then won): it counts once, as it ended last.  `entry` has
        the game's digest; it takes the place of the one counted."""
        old = self.counted.pop(entry.digest)
        tally = self._session.get(old.key)
        if tally is not None and tally.played:   # counted this session: counted again
            tally.played -= 1
            tally.total_score -= old.score
            if old.won and old.hints:
                tally.won_with_hints -= 1
            elif old.won:
                tally.won -= 1
            self._tally(entry)
        self.counted[entry.digest] = entry
        self._latest = max(self._latest, entry.ended)
        self._work_out(old.key)

    def _tally(self, entry: CountedGame) -> None:
        stats = self.games.get(entry.key, GameStats(entry.key))
        tally = self._session.setdefault(
            entry.key, _SessionTally(stats.played, stats.total_score))
        tally.played += 1
        tally.total_score += entry.score
        if entry.won and entry.hints:
            tally.won_with_hints += 1
        elif entry.won:
            tally.won += 1

    def _work_out(self, key: str) -> None:
        """The figures of `key`: the base, then every game counted after the Clear
        mark, in the order they ended."""
        base = self.base.get(key)
        stats = copy.deepcopy(base) if base is not None else GameStats(key)
        for entry in self._since_clear(key):
            stats.add(entry.score, entry.won, entry.hints, entry.cards, entry.seed,
                      entry.ended[:19] + "Z")
        if stats.played:
            self.games[key] = stats
        else:
            self.games.pop(key, None)

    def _since_clear(self, key: str) -> list[CountedGame]:
        """The games of `key` counted after its Clear mark, in the order they ended."""
        mark = self.cleared.get(key, "")
        return sorted((entry for entry in self.counted.values()
                       if entry.key == key and entry.ended > mark),
                      key=lambda entry: (entry.ended, entry.file))

    def history(self, key: str) -> list[ScoreRecord]:
        """Every game of `key` the figures count, oldest first: its score, when it ended
        and its deal (an older app's figures, the `base`, have no games listed)."""
        return [ScoreRecord(score=entry.score, date=entry.ended[:19] + "Z", seed=entry.seed)
                for entry in self._since_clear(check_key(key))]

    def clear(self, key: str | None = None) -> None:
        """Count no game of `key` (or of any game) that ended before now; the games
        stay listed, and kept in saved/."""
        keys = list(all_keys()) if key is None else [check_key(key)]
        now = self.next_ended()
        self._latest = now
        for name in keys:
            self.cleared[name] = now
            self.base.pop(name, None)
            self._session.pop(name, None)
            self._work_out(name)

    # -- the file ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """`games` is what the figures are (an older app shows these); the rest is
        what they are worked out from.  A game only in memory is not written: the
        file lists only games kept in saved/."""
        return {"player": self.player,
                "games": {key: stats.to_json() for key, stats in self.games.items()},
                "base": {key: stats.to_json() for key, stats in self.base.items()},
                "cleared": dict(self.cleared),
                "counted": [entry.to_json() for entry in self.counted.values() if entry.file],
                "skipped": sorted(self.skipped),
                "recorded": list(self.recorded)}

    @classmethod
    def from_json(cls, player: str, data: Mapping[str, Any]) -> StatsBook:
        """The book a file holds.  Figures that fail a check are left out, and
        `problems` says what was wrong, so that the file can be kept aside; then
        the list of games counted is not trusted either (it is made again from saved/)."""
        book = cls(player)
        book.base = _figures(data.get("base", {}), book.problems)
        _figures(data.get("games", {}), book.problems)   # worked out again: only checked
        cleared = data.get("cleared", {})
        if isinstance(cleared, Mapping) and all(
                key in all_keys() and isinstance(when, str) and ENDED_PATTERN.fullmatch(when)
                for key, when in cleared.items()):
            book.cleared = dict(cleared)
        else:
            book.problems.append("its marks of statistics cleared are damaged")
        counted = data.get("counted", [])
        entries = [CountedGame.from_json(entry) for entry in counted] \
            if isinstance(counted, list) else [None]
        skipped = data.get("skipped", [])
        if any(entry is None for entry in entries):
            book.problems.append("its list of games counted is damaged")
        elif not isinstance(skipped, list) or not all(
                isinstance(name, str) and _FILE_NAME.fullmatch(name) for name in skipped):
            book.problems.append("its list of files not counted is damaged")
        recorded = data.get("recorded", [])
        if not isinstance(recorded, list) or not all(
                isinstance(item, str) and len(item) <= 200 for item in recorded):
            book.problems.append("its list of games already counted is damaged")
        else:
            book.recorded = recorded[-MAX_RECORDED:]
        book.problems = list(dict.fromkeys(book.problems))
        book._latest = max(book.cleared.values(), default="")
        if not book.problems:   # else they are counted again from the files themselves
            book.skipped = set(skipped)
            book.count(entry for entry in entries if entry is not None)
        for key in book.base:
            book._work_out(key)
        return book


def _figures(games: Any, problems: list[str]) -> dict[str, GameStats]:
    """The figures per game key a file holds; what is wrong goes into `problems`."""
    if not isinstance(games, Mapping):
        problems.append("its figures are not a table of games")
        return {}
    known = all_keys()
    figures: dict[str, GameStats] = {}
    for key, value in games.items():
        problem = (GameStats.problem(key, value) if key in known
                   else f"it has figures for {_shown(key)}, a game this app does not know")
        if problem is None:
            figures[key] = GameStats.from_json(key, value)
        else:
            problems.append(problem)
    return figures


@register_converter(STATS_FORMAT, 1)
def _from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 kept only the figures: they become the base that no kept file backs."""
    data["base"] = data.get("games", {})
    data.setdefault("counted", [])
    return data


def digest_of(game: Game) -> str:
    return _digest(_signature(game))


def _signature(game: Game) -> str:
    """What tells one game apart from another, however far it was played.

    The log only grows (an undo is logged too), so its first entry, with its
    time, stays the same for one game and tells apart two games of the same
    deal started within the same second.
    """
    first = json.dumps(game.log[0], sort_keys=True) if game.log else ""
    return (f"{game.game_id}/{game.variant}|{game.seed}|{game.started}|"
            f"{_digest(' '.join(game.deck) + first)}")


def _digest(text: str) -> str:
    import hashlib  # loaded when first needed: loading it slows the window's opening
    return hashlib.sha1(text.encode("utf-8"), usedforsecurity=False).hexdigest()[:16]


def _shown(value: Any) -> str:
    """A value from a file, short enough to put in a sentence."""
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else f'"{value}"'
    return text if len(text) <= 24 else text[:20] + "..."


def _percent(part: int, whole: int) -> float:
    return 100.0 * part / whole if whole else 0.0


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**53


def _count(value: Any) -> int:
    return int(value) if _is_count(value) else 0


def _score_record(value: Any) -> ScoreRecord | None:
    if not isinstance(value, Mapping) or not _is_count(value.get("score")):
        return None
    date, seed = value.get("date"), value.get("seed")
    return ScoreRecord(score=_count(value.get("score")),
                       date=date if isinstance(date, str) and len(date) <= 40 else "",
                       seed=_count(seed) if _is_count(seed) else None)
