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
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Mapping, Sequence, TypedDict

from .engine import Game
from .registry import GAME_IDS, game_class

LOWER_IS_BETTER = frozenset({"cruel"})
KEEPS_SCORE_LIST = frozenset({"cruel"})   # games whose every score is listed
MAX_SCORES = 500                           # score records kept per game
MAX_RECORDED = 200                         # game signatures kept against double counting
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


def all_keys() -> tuple[str, ...]:
    """Every statistics key, in menu order."""
    return tuple(key_for(gid, variant) for gid in GAME_IDS
                 for variant in game_class(gid).variants)


def check_key(key: str) -> str:
    if key not in all_keys():
        raise ValueError(f"There are no statistics called '{key}'; "
                         f"choose one of {', '.join(all_keys())}.")
    return key


@dataclass
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
        return self.key.split("/")[0] in LOWER_IS_BETTER

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
        if self.key.split("/")[0] in KEEPS_SCORE_LIST:
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


@dataclass(frozen=True)
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


@dataclass
class _SessionTally:
    start_played: int
    start_total: int
    played: int = 0
    won: int = 0
    won_with_hints: int = 0
    total_score: int = 0


class StatsBook:
    """All of one player's statistics, and the games already counted."""

    def __init__(self, player: str) -> None:
        self.player = player
        self.games: dict[str, GameStats] = {}
        self.recorded: list[str] = []     # signatures of games counted, newest last
        self._session: dict[str, _SessionTally] = {}
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

    def record(self, game: Game, used_hints: bool) -> bool:
        """Count `game` once; False if it has no moves or was counted before."""
        if not has_moves(game.log):
            return False
        signature = _signature(game)
        if signature in self.recorded:
            return False
        key = game_key(game)
        stats = self.games.setdefault(key, GameStats(key))
        tally = self._session.setdefault(key, _SessionTally(stats.played, stats.total_score))
        won = game.is_won()
        date = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        stats.add(game.score(), won, used_hints, len(game.deck), game.seed, date)
        tally.played += 1
        tally.total_score += game.score()
        if won and used_hints:
            tally.won_with_hints += 1
        elif won:
            tally.won += 1
        self.recorded.append(signature)
        del self.recorded[:-MAX_RECORDED]
        return True

    def clear(self, key: str | None = None) -> None:
        """Set one game's statistics (or all of them) back to zero."""
        keys = list(self.games) if key is None else [check_key(key)]
        for name in keys:
            self.games.pop(name, None)
            self._session.pop(name, None)

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player,
                "games": {key: stats.to_json() for key, stats in self.games.items()},
                "recorded": list(self.recorded)}

    @classmethod
    def from_json(cls, player: str, data: Mapping[str, Any]) -> StatsBook:
        """The book a file holds.  Figures that fail a check are left out, and
        `problems` says what was wrong, so that the file can be kept aside."""
        book = cls(player)
        games = data.get("games", {})
        if not isinstance(games, Mapping):
            book.problems.append("its figures are not a table of games")
            games = {}
        known = all_keys()
        for key, value in games.items():
            problem = (GameStats.problem(key, value) if key in known
                       else f"it has figures for {_shown(key)}, a game this app does not know")
            if problem is None:
                book.games[key] = GameStats.from_json(key, value)
            else:
                book.problems.append(problem)
        recorded = data.get("recorded", [])
        if not isinstance(recorded, list) or not all(
                isinstance(item, str) and len(item) <= 200 for item in recorded):
            book.problems.append("its list of games already counted is damaged")
        else:
            book.recorded = recorded[-MAX_RECORDED:]
        return book


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
