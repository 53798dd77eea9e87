"""Winnable deals: New game can deal only deals the solver proved can be won.

Deal numbers stay as they are (SPEC section 1).  A process of its own (a
`worker.Worker`, as the solver's is: a thread would freeze the window) picks
deal numbers at random and keeps those `solve` proves winnable within a short time.  They
wait in a list for each game, variant and set of game options, in the data
folder:

    winnable/<game>-<variant>[-<option on>...].json

The list is a cache that can be made again at any time: a missing, damaged
or strange file is simply started again (never an error), and a folder that
cannot be written keeps the list in memory for this run.  New game takes
the first deal of the list and removes it; when the list is empty it deals
at random as before, and then nothing says that deal can be won.

The finder is gentle on old PCs: one process at low priority, a few deals
at a time, at most `BATCH_SECONDS` of searching each time it is asked, and
it is asked only when a game starts with the option on.
"""

from __future__ import annotations

import os
import queue
import random
import sys
import time
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from .cards import MAX_SEED
from .engine import Game
from .registry import GAME_IDS, game_class, new_game
from .storage import SaveError, UnusableFile, read_json, write_json
from .worker import Worker

FILE_FORMAT = "solitaire-tk-winnable-deals"
FILE_VERSION = 1
FOLDER = "winnable"
KEEP = 5                  # deals waiting in a list: a few New games ahead
SOLVE_SECONDS = 1.0       # the short time a deal gets to be proved winnable
BATCH_SECONDS = 30.0      # the most one request searches for (a game where few deals win)
MAX_POSITIONS = 200_000   # a search's memory stays small on an old PC
MAX_FILE_BYTES = 64 * 1024
MAX_LISTED = 100          # deals read from a file at most
CAN_BE_WON = "This deal can be won."
NONE_READY = ("The tutor has no deal ready yet that it knows can be won, so this one is "
              "picked at random: it may not be possible to win it.")
IDLE_PRIORITY_CLASS = 0x40   # Windows' "low" priority
NICE = 10                    # elsewhere: a lower priority than the window's
PARENT_CHECK_SECONDS = 5.0   # how often an idle finder looks whether its window is still there

Options = Mapping[str, bool]


def deal_kinds() -> list[str]:
    """Every game and variant the option can be set for, as "game/variant"."""
    return [kind_of(game_id, variant)
            for game_id in GAME_IDS for variant in game_class(game_id).variants]


def kind_of(game_id: str, variant: str) -> str:
    """The name of a game and variant in the setting `winnable_deals`."""
    return f"{game_id}/{variant}"


def wanted(settings: Any, game_id: str, variant: str) -> bool:
    """Whether the player chose winnable deals only for this game and variant."""
    return kind_of(game_id, variant) in getattr(settings, "winnable_deals", ())


def list_name(game_id: str, variant: str, options: Options) -> str:
    """The file name of a list: a deal winnable with an option on (Thirteen's easy
    mode) may not be without it, so each set of options has a list of its own."""
    on = sorted(name for name, value in options.items()
                if value != game_class(game_id).option_defaults.get(name))
    return "-".join([game_id, variant, *on]) + ".json"


def full_options(game_id: str, options: Options | None) -> dict[str, bool]:
    return {**game_class(game_id).option_defaults, **(options or {})}


# -- finding deals (in the finder's process, or called directly) ---------------------------
def wins(game: Game, line: Sequence[Any]) -> bool:
    """Whether playing `line` on a copy of `game` wins it (a check of the proof)."""
    trial = game.copy()
    try:
        for move in line:
            trial.play(move)
    except Exception:   # a line that does not play is no proof
        return False
    return trial.is_won()


def find_winnable(game_id: str, variant: str, options: Options, wanted_count: int,
                  found: Callable[[int], None], should_stop: Callable[[], bool] = lambda: False,
                  seconds: float = SOLVE_SECONDS, batch_seconds: float = BATCH_SECONDS,
                  seeds: Callable[[], int] | None = None) -> int:
    """Try random deal numbers until `wanted_count` are proved winnable (each
    handed to `found`), the batch's time is up or `should_stop` says so; how
    many were found."""
    from .solver import WINNABLE, solve   # loaded when first searched: the window opens sooner
    pick = seeds or (lambda: random.SystemRandom().randint(1, MAX_SEED))
    end = time.monotonic() + batch_seconds
    count = 0
    while count < wanted_count and time.monotonic() < end and not should_stop():
        seed = pick()
        game = new_game(game_id, variant, seed=seed, options=dict(options))
        verdict = solve(game, seconds, should_stop=should_stop, max_positions=MAX_POSITIONS)
        if verdict.status == WINNABLE and wins(game, verdict.line):
            found(seed)
            count += 1
    return count


def _lower_priority() -> None:
    """Let the window and everything else on the PC go first."""
    try:
        if sys.platform == "win32":
            import ctypes
            kernel = ctypes.windll.kernel32
            kernel.SetPriorityClass(kernel.GetCurrentProcess(), IDLE_PRIORITY_CLASS)
        else:
            os.nice(NICE)
    except (OSError, AttributeError):
        pass   # not allowed here: it runs at the usual priority


def _serve(questions: Any, answers: Any, latest: Any) -> None:
    """The finder: answer requests until told to stop (None) or its window is
    gone; a newer request stops the one being searched (the deals already
    found are still sent)."""
    import multiprocessing
    _lower_priority()
    parent = multiprocessing.parent_process()
    while True:
        try:
            question = questions.get(timeout=PARENT_CHECK_SECONDS)
        except queue.Empty:   # a window that was killed cannot say stop: look for it
            if parent is not None and not parent.is_alive():
                return
            continue
        if question is None:
            return
        number, name, game_id, variant, options, count = question
        if latest.value != number:
            continue

        def stale() -> bool:   # a newer request, or the window is gone (killed)
            return bool(latest.value != number) or (parent is not None
                                                    and not parent.is_alive())

        try:
            find_winnable(game_id, variant, options, count,
                          lambda seed: answers.put(("found", name, seed)), stale)
        except Exception:   # a game that cannot be dealt: nothing found
            pass
        answers.put(("done", name, number))


# -- the lists, and the app's side of the finder ---------------------------------------------
class WinnableDeals:
    """The lists of winnable deals in a data folder, and the finder that fills them."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder) / FOLDER
        self._memory: dict[str, list[int]] = {}   # lists whose file cannot be written
        self._dealt: set[tuple[str, int]] = set()   # (list, deal) taken from a list: proved
        self._missed: str | None = None             # the list that was empty at the last take
        self._finder = Worker(_serve, "solitaire-deal-finder")
        self._asking: str | None = None   # the list the finder is filling now

    # -- the lists
    def deals(self, game_id: str, variant: str, options: Options | None = None) -> list[int]:
        """The deals waiting in the list (proved winnable), first to be dealt first."""
        return list(self._read(list_name(game_id, variant, full_options(game_id, options))))

    def _read(self, name: str) -> list[int]:
        if name in self._memory:
            return self._memory[name]
        try:
            data = read_json(self.folder / name, MAX_FILE_BYTES)
        except (OSError, UnusableFile):
            return []   # missing or damaged: the list starts again
        return _deals_in(data, name)

    def _write(self, name: str, deals: list[int]) -> None:
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            write_json(self.folder / name, {"format": FILE_FORMAT, "version": FILE_VERSION,
                                            "list": name, "deals": deals},
                       "the list of winnable deals")
        except (OSError, SaveError):   # a folder that cannot be written: kept for this run
            self._memory[name] = deals
            return
        self._memory.pop(name, None)

    def add(self, game_id: str, variant: str, options: Options | None, seed: int) -> None:
        """Put a deal `find_winnable` proved winnable at the end of its list."""
        self._add(list_name(game_id, variant, full_options(game_id, options)), seed)

    def _add(self, name: str, seed: int) -> None:
        deals = self._read(name)   # read again just now: another window's changes count
        if seed not in deals and len(deals) < MAX_LISTED:
            self._write(name, [*deals, seed])

    def take(self, settings: Any, game_id: str, variant: str,
             options: Options | None = None) -> int | None:
        """The next winnable deal (removed from its list) if the player chose winnable
        deals for this game and variant and one is ready; else None (deal at random)."""
        self._missed = None
        if not wanted(settings, game_id, variant):
            return None
        name = list_name(game_id, variant, full_options(game_id, options))
        deals = self._read(name)
        if not deals:
            self._missed = name
            return None
        seed = deals[0]
        self._write(name, deals[1:])   # read again just now: another window's takes count
        self._dealt.add((name, seed))
        return seed

    def words(self, game: Game) -> str:
        """What the tutor may say about a deal just put on the table: that it can be
        won (only a deal from a list: proved), that none was ready when New game
        asked for one just now, or nothing."""
        missed, self._missed = self._missed, None   # said once, of the deal that missed
        if game.seed is None:
            return ""
        name = list_name(game.game_id, game.variant, game.options)
        if (name, game.seed) in self._dealt:
            return CAN_BE_WON
        return NONE_READY if missed == name else ""

    # -- the finder
    def refill(self, settings: Any, game: Game) -> bool:
        """Ask the finder for more deals like `game` if the player chose winnable
        deals for it and its list is short; True if it was asked (or is at it)."""
        if not wanted(settings, game.game_id, game.variant):
            return False
        name = list_name(game.game_id, game.variant, game.options)
        if name == self._asking:
            return True
        short = KEEP - len(self._read(name))
        if short <= 0:
            return False
        self._finder.ask(name, game.game_id, game.variant, dict(game.options), short)
        self._asking = name
        return True

    def busy(self) -> bool:
        """Whether the finder is looking for deals now."""
        return self._asking is not None

    def poll(self) -> bool:
        """Put the deals found so far in their lists; True while the finder is at work."""
        for kind, name, value in self._finder.answers():
            if kind == "found":
                self._add(name, value)
            elif value == self._finder.asked:
                self._asking = None
        if self._asking is not None and not self._finder.alive():
            self._asking = None   # the finder stopped (the PC ended it): asked again later
        return self.busy()

    def close(self) -> None:
        """Stop the finder (the app calls this when it closes); what it found is kept."""
        if self._finder.process is None:
            return
        self.poll()
        self._asking = None
        self._finder.close()


def _deals_in(data: Any, name: str) -> list[int]:
    """The deals of a list file's contents; anything not right gives an empty list."""
    if (not isinstance(data, dict) or data.get("format") != FILE_FORMAT
            or data.get("version") != FILE_VERSION or data.get("list") != name
            or not isinstance(data.get("deals"), list)):
        return []
    deals: list[int] = []
    for seed in data["deals"][:MAX_LISTED]:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= MAX_SEED:
            return []
        if seed not in deals:
            deals.append(seed)
    return deals
