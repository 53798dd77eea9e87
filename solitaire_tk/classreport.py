"""The class report: every player's games in one table, for the teacher.

`read_class(folder)` gives one row per player and game (and Klondike
variant) played: games played, won, won without help, the best score,
lessons done and the day last played, with every game's score and date
(`DataStore.score_history`) for a chart; a player who has played no game has
one row saying so (`NO_GAMES`).  `table_text` lays the rows out for a
terminal, `write_csv` writes them for a spreadsheet.  Under the table (not
in the CSV file) are named the games not finished yet, and the players who
were removed but whose saved games are kept (`DataStore.removed_players`),
so that a pupil removed by mistake is not silently missing.

The folder is often the class folder on a network share, and a report must
never change it: what can be read of it is first copied into a folder of
our own in the temp directory (`fallback.copy_readable`, ordinary files
only, each at most `storage.MAX_FILE_BYTES`), and the players' numbers are
read from the copy through a `DataStore` of its own.  Whatever reading the
statistics does there (a damaged file put aside, statistics counted again)
happens to the copy, which is then thrown away.

The CSV file is UTF-8 with a byte-order mark (Excel on Windows opens it
with names like "Zoë" right; without the mark it takes the file for the old
Windows letters), commas between values and Windows line ends, as the
`csv` module writes by default.
"""

from __future__ import annotations

import csv
import io
import os
import stat
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Iterable, Mapping, Sequence, TextIO

from .fallback import copy_readable
from .records import field, record
from .stats import GameStats, ScoreRecord, game_key, game_title, has_moves
from .storage import SaveError, atomic_write_text
from .userdata import DataStore
from .wording import plural

__all__ = ["COLUMNS", "NO_GAMES", "REMOVED_WORDS", "ClassReport", "ReportError", "ReportRow",
           "csv_rows", "data_folders", "inside", "lessons_for", "local_day", "read_class",
           "rows_for", "run_report", "table_text", "write_csv"]

LESSONS_SETTING = "lessons_done"   # a player's finished lessons: "klondike/first-moves", ...
COLUMNS = ("Player", "Game", "Played", "Won", "Won without help", "Best score",
           "Best is", "Lessons done", "Last played")
NOTHING = "-"
UNFINISHED_WORDS = "Games not finished yet (counted once they end)"
REMOVED_WORDS = ("Removed players whose saved games are still kept (not in the table: to "
                 "bring one back, choose Game > Players... and then Bring back...)")
NO_GAMES = "No games yet"   # the Game of a player's one row when they have played none


class ReportError(Exception):
    """The report cannot be made or written; the message says why and what to do."""


@record(frozen=True)
class ReportRow:
    """One player's numbers for one game (a statistics key, "klondike/draw3")."""

    player: str
    key: str
    game: str                    # its name for people: "Klondike (draw three)"
    played: int
    won: int                     # with or without a hint
    won_without_help: int
    best_score: int | None
    lower_is_better: bool        # Cruel: the score is the cards left
    lessons_done: int
    last_played: str             # "2026-12-02" (local time), "" when no date is kept
    scores: tuple[ScoreRecord, ...] = ()   # every score with its date, where the game keeps them
    cards_per_game: int = 0      # the cards of one deal: the highest score a game can have

    def cells(self, nothing: str = NOTHING) -> list[str]:
        """The row as the words of `COLUMNS`; `nothing` for a number or date not known."""
        return [self.player, self.game, str(self.played), str(self.won),
                str(self.won_without_help),
                nothing if self.best_score is None else str(self.best_score),
                nothing if not self.played else "lowest" if self.lower_is_better else "highest",
                str(self.lessons_done), self.last_played or nothing]


@record
class ClassReport:
    folder: Path
    players: list[str] = field(default_factory=list)
    rows: list[ReportRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)   # what could not be read, in sentences
    unfinished: list[str] = field(default_factory=list)   # "Ana (Cruel, started 2026-12-05)"
    removed: list[str] = field(default_factory=list)   # "Ana (12 saved games, last played ...)"


# -- the rows ------------------------------------------------------------------------------
def lessons_for(done: Iterable[object], game_id: str | None) -> int:
    """How many different lessons of `game_id` (None: of every game) are in a
    player's list of lessons done."""
    lessons = set()
    for item in done:
        if isinstance(item, str):
            game, _, lesson = item.partition("/")
            if lesson and game_id in (None, game):
                lessons.add(item)
    return len(lessons)


def local_day(when: str) -> str:
    """"2026-12-02T23:30:00Z" -> the local date "2026-12-03"; "" if it is not a time."""
    try:
        return datetime.fromisoformat(when).astimezone().date().isoformat()
    except ValueError:
        return ""


def rows_for(player: str, stats: dict[str, GameStats], lessons_done: Iterable[object],
             history: Mapping[str, Sequence[ScoreRecord]] | None = None) -> list[ReportRow]:
    """One player's rows: the games they played, in the order of `stats`.  `history`:
    per game, every game counted with its score and date (`DataStore.score_history`);
    where it has none, the scores the figures list (Cruel's) are used."""
    done = list(lessons_done)
    rows = []
    for key, figures in stats.items():
        if not figures.played:
            continue
        scores = tuple((history or {}).get(key) or figures.scores)
        days = [day for day in map(local_day, (record["date"] for record in scores)) if day]
        rows.append(ReportRow(
            player=player, key=key, game=game_title(key), played=figures.played,
            won=figures.won + figures.won_with_hints, won_without_help=figures.won,
            best_score=figures.best_score, lower_is_better=figures.lower_is_better,
            lessons_done=lessons_for(done, key.partition("/")[0]),
            last_played=max(days, default=""), scores=scores,
            cards_per_game=figures.cards_dealt // figures.played))
    if not rows:   # a row all the same: the teacher sees who has not played yet
        rows.append(ReportRow(player=player, key="", game=NO_GAMES, played=0, won=0,
                              won_without_help=0, best_score=None, lower_is_better=False,
                              lessons_done=lessons_for(done, None), last_played=""))
    return rows


# -- reading the folder ----------------------------------------------------------------------
DATA_FILES = {"settings.json", "stats"}   # what a data folder has in it


def _names_in(folder: Path) -> set[str]:
    """The names in `folder`; ReportError if it is not a folder that can be read."""
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        raise ReportError(f"There is no folder '{folder}'. Check the name of the class's "
                          "data folder and try again.") from None
    except OSError as error:
        raise ReportError(f"The folder '{folder}' cannot be opened "
                          f"({(error.strerror or str(error)).lower()}).") from None
    if not stat.S_ISDIR(info.st_mode):
        raise ReportError(f"'{folder}' is a file, not a folder. Give the folder that holds "
                          "settings.json and the stats folder.")
    try:
        return set(os.listdir(folder))
    except OSError as error:
        raise ReportError(f"The folder '{folder}' cannot be read "
                          f"({(error.strerror or str(error)).lower()}). Ask for permission "
                          "to read it.") from None


def data_folders(folder: Path) -> list[Path]:
    """The data folders to report on: `folder` itself, or else the folders in it that
    are data folders (a class folder with one folder per pupil, as the README
    advises).  ReportError if there are none."""
    names = _names_in(folder)
    if names & DATA_FILES:
        return [folder]
    found = []
    for name in sorted(names, key=str.casefold):
        try:
            inner = folder / name
            if stat.S_ISDIR(os.lstat(inner).st_mode) and set(os.listdir(inner)) & DATA_FILES:
                found.append(inner)
        except OSError:
            continue   # a folder that cannot be read is no pupil's folder we can report
    if not found:
        raise ReportError(f"'{folder}' is not a Solitaire Tutor data folder: it has no "
                          "settings.json and no stats folder in it, and neither has any "
                          "folder in it.")
    return found


def read_class(folder: str | os.PathLike[str]) -> ClassReport:
    """Every player's rows from the data folder `folder` (or the data folders in it),
    which is never changed, the players by name.  With several folders, each
    player's name is followed by their folder's: "Player 1 (ana)".

    ReportError if the folder is missing, unreadable or not a data folder.
    """
    source = Path(folder).expanduser()
    report = ClassReport(source)
    folders = data_folders(source)
    for one in folders:
        _read_one(one, report, f" ({one.name})" if len(folders) > 1 else "")
    # By name, as a class list is (a player's games stay in the order of the games).
    report.players.sort(key=str.casefold)
    report.rows.sort(key=lambda row: row.player.casefold())
    report.removed.sort(key=str.casefold)
    return report


def _read_one(source: Path, report: ClassReport, label: str) -> None:
    """Add the players of the data folder `source` to `report`, their names followed
    by `label`."""
    with tempfile.TemporaryDirectory(prefix="solitaire-report-",
                                     ignore_cleanup_errors=True) as temp:
        copy = Path(temp) / "data"
        copied = copy_readable(source, copy, all_saved=True)
        if copied.too_much:   # a count that quietly came out lower would mislead
            report.notes.append(f"'{source}' holds more than the report can read at once, so "
                                "some players' figures may be too low.")
        if copied.unreadable:
            names = ", ".join(f"'{source / name}'" for name in copied.unreadable[:3])
            more = " and more" if len(copied.unreadable) > 3 else ""
            report.notes.append(f"These files could not be read, so they are left out: "
                                f"{names}{more}.")
        store = DataStore(copy)
        for name in store.players():
            store.switch_player(name)
            lessons = getattr(store.settings, LESSONS_SETTING, ())
            report.players.append(name + label)
            stats = store.all_stats()
            report.rows += rows_for(name + label, stats,
                                    lessons if isinstance(lessons, (list, tuple)) else (),
                                    {key: store.score_history(key) for key in stats})
            unfinished = store.resume()
            if unfinished is not None and has_moves(unfinished.log):
                # A whole lesson on one game, left open, must not look like nothing.
                day = local_day(unfinished.started)
                report.unfinished.append(f"{name}{label} ({game_title(game_key(unfinished))}"
                                         + (f", started {day})" if day else ")"))
        for removed in store.removed_players():
            if removed.saved_games:   # (a game in play of theirs is not in the copy)
                day = local_day(removed.last_played)
                report.removed.append(f"{removed.name}{label} ("
                                      f"{plural(removed.saved_games, 'saved game')}"
                                      + (f", last played {day})" if day else ")"))
        report.notes += [f"Something in '{source}' was not right (the folder itself was "
                         f"left as it is): {text.replace(str(copy), str(source))}"
                         for text in store.take_notices()]
        del store   # let go of its files before the copy is removed


# -- the table, as text and as CSV --------------------------------------------------------------
def csv_rows(rows: Sequence[ReportRow], nothing: str = "") -> list[list[str]]:
    """The heading and the rows; an empty cell for what is not known (a spreadsheet
    takes "-" for a word in a column of numbers)."""
    return [list(COLUMNS)] + [row.cells(nothing) for row in rows]


def table_text(report: ClassReport) -> str:
    """The rows lined up in columns (numbers to the right), with a line about scores."""
    if not report.rows:
        who = ", ".join(report.players) or "nobody"
        return f"No games have been played yet in '{report.folder}' (players: {who})."
    table = csv_rows(report.rows, NOTHING)
    widths = [max(len(line[column]) for line in table) for column in range(len(COLUMNS))]
    numeric = {2, 3, 4, 5, 7}
    lines = []
    for number, line in enumerate(table):
        cells = [cell.rjust(width) if column in numeric and number else cell.ljust(width)
                 for column, (cell, width) in enumerate(zip(line, widths))]
        lines.append("  ".join(cells).rstrip())
        if number == 0:
            lines.append("  ".join("-" * width for width in widths))
    if report.unfinished:
        lines += ["", UNFINISHED_WORDS + ":", *(f"  {game}" for game in report.unfinished)]
    if report.removed:
        lines += ["", REMOVED_WORDS + ":", *(f"  {player}" for player in report.removed)]
    lower = sorted({row.game for row in report.rows if row.lower_is_better})
    if lower:
        lines += ["", f"Best score: in {', '.join(lower)} the lowest score is the best (the "
                      "cards left); in the other games the highest (the cards brought home, "
                      "placed or taken away)."]
    return "\n".join(lines)


def write_csv(rows: Sequence[ReportRow], path: str | os.PathLike[str]) -> None:
    """Write the rows to `path` in one step (see the top of this module for the format).

    SaveError (with a sentence for the teacher) if it cannot be written; a folder
    that is not there is not made.
    """
    folder = Path(path).parent
    if not folder.is_dir():
        raise SaveError(f"There is no folder '{folder}' to put the class report in. Choose "
                        "a folder that is there.")
    buffer = io.StringIO(newline="")
    csv.writer(buffer).writerows(csv_rows(rows))
    atomic_write_text(path, "\ufeff" + buffer.getvalue(), "the class report")


def inside(path: Path, folder: Path) -> bool:
    """True if `path` is `folder` or in it (as the system names them)."""
    try:
        Path(os.path.realpath(path)).relative_to(os.path.realpath(folder))
    except ValueError:
        return False
    return True


# -- the command line: solitaire-tk report --data-dir D [--csv FILE] -----------------------------
def run_report(data_dir: str, csv_path: str | None, out: TextIO | None = None) -> int:
    """Print the class table (and write the CSV file when asked); 0, or 2 with a sentence."""
    import sys
    stream = out or sys.stdout
    for text_stream in (stream, sys.stderr):   # a name a Windows console cannot show: a "?"
        reconfigure = getattr(text_stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    try:
        if csv_path is not None and inside(Path(csv_path).expanduser(),
                                           Path(data_dir).expanduser()):
            raise ReportError(f"The report is not written inside the data folder "
                              f"'{data_dir}': nothing in it is ever changed. Choose a place "
                              "outside it, for example your Documents folder.")
        report = read_class(data_dir)
        if csv_path is not None:
            write_csv(report.rows, Path(csv_path).expanduser())
    except (ReportError, SaveError) as error:
        print(error, file=sys.stderr)
        return 2
    print(table_text(report), file=stream)
    for note in report.notes:
        print("\n" + note, file=stream)
    if csv_path is not None:
        print(f"\nThe table was written to '{csv_path}'.", file=stream)
    return 0
