"""Speed checks for the goals the tests do not time.

    python scripts/benchmark.py

- Start-up: importing the engine and dealing each game.
- Replay: building a 2,000-entry replay and scrubbing back and forth.
- Big logs: a legal saved game of almost 5 MB (the most a file may hold),
  made by seeded random play with undos, is loaded and checked in a fresh
  process (time and peak memory), and a replay of it is scrubbed to random
  steps; `--big` runs only this part.  One log is of ordinary play, the other
  mostly turns the deck (the shortest entries, so the most of them).
  Then the same game (and its first 100,000 entries) as the game in play of
  a data folder: how long a fresh process takes to resume it, to keep it after
  a move, and the app to show its window with it.  And how long the replay
  window takes to be shown with its table drawn (`solitaire-tk replay FILE`,
  Game > Open; target 2.5 s).
- Read-only folder: the first start from a folder that can only be read
  (it is copied) and the next (`--read-only` runs only this part).
- Legal moves: how long one `legal_moves()` takes in a busy position.
- is_over: median and worst time over random positions of every game and
  variant (seeded random playouts with undos, early and late in games);
  `--over` runs only this part.
- Redraw (`--redraw` runs only this part): in the real window, how long a
  move, an undo and the whole table drawn again take until the screen shows
  them (scripts/bench_redraw.py).
- Hints: how often always taking the first hint wins, per game and Klondike
  variant, over deals 1-50 (`--hints` runs only this part): the quick hint,
  the better one (sampled, never seeing a hidden card; `--samples N`,
  `--budget POSITIONS`), the solver's winnable share beside them (the
  ceiling) and the published no-peeking figures; `--hints-deals N` (or
  `--deals N`), `--first N`, `--game ID`, `--variant V`, `--workers N`,
  `--option NAME` (only the games with that option, played with it on:
  `--option easy_mode` for Thirteen's Easy mode),
  `--no-ceiling` (leaves out the solver's look at every card); the
  processor seconds a deal and the wall-clock time of each row and in all.
- Statistics: a data folder with 500 kept games; a start that counts them
  all again (the statistics file lost), a start with them all counted, and
  a start with one new game from another window (`--stats` runs only this part).
- Class report (`--report` runs only this part): `classreport.read_class` of
  a class folder of 40 players with 10 games each (copied, counted), and of
  a class folder of 30 pupils' own data folders.
- Start-up to a drawn table (`--startup` runs only this part): the real app
  started as a fresh process per run, for every game and variant, timed from
  just before the process is started to the first idle moment after its
  window is mapped and the table drawn (`ui/startprobe.py`); the median of
  STARTUP_RUNS runs, beside a bare `tk.Tk()` window measured the same way;
  also the processor time each used (less changed by the machine's other work).
- Solver (`--solver` runs only this part; `--quick` 20 deals a row, `--full`
  1,000 for Klondike draw3): per game, variant and option, deals 1-200 each
  solved within 2 s, fanned out over every core: the share proved winnable,
  proved lost and unknown, the median and 95th-percentile time, positions a
  second, and the published figures beside them; also written as JSON
  (`--json PATH`, default solver-benchmark.json here); `--game ID` for one game,
  `--variant NAME` for one variant, `--workers N` for N processes (on a busy
  machine one worker gives the fairest figures), `--positions N` for a budget
  of N positions a deal instead of 2 s (figures a busy machine does not change),
  `--no-dead-ends` for the search alone, every game's dead-end tests left out
  (what the tests cost in positions a second, and what they decide).  The
  deals left undecided are listed under each row (and in the JSON file).
- Winnable deals (`--deals` runs only this part, `--game ID` for one game):
  what the finder of winnable deals spends to prove 3 deals a row, from the
  same random deal numbers each run: deals tried and processor seconds a deal.
- Find mistakes (`--mistakes` runs only this part): every golden game and
  every game of tests/data/mistakes analysed at 1 s a step: how many steps,
  how many needed a search (the others come free along the winning line, or
  after a loss), the positions searched, the undecided steps and the time.
- Still winnable? (`--winnable` runs only this part; `--quick` 2 deals a row,
  `--game ID` for one game): seeded random play, 30 moves a deal, each
  position asked of the solver's own process as the window asks it: how
  long until the marker has its words, how often it says "too hard to tell",
  and the losing moves found (and how many of them the game could say why).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    import resource   # processor time of the start-up runs (not on Windows)
except ImportError:
    resource = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_tk import GAME_IDS, Replay, load_game, new_game  # noqa: E402
from solitaire_tk.engine import DECK_ACTIONS  # noqa: E402
from solitaire_tk.playout import random_step  # noqa: E402
from solitaire_tk.savefile import MAX_FILE_BYTES  # noqa: E402
from solitaire_tk.userdata import DataStore  # noqa: E402
from solitaire_tk.registry import game_class  # noqa: E402
from solitaire_tk.tutor.hints import follow_hints  # noqa: E402
from scripts.bench_redraw import redraw_figures  # noqa: E402

HINT_DEALS = range(1, 51)
BIG_LOG_BYTES = MAX_FILE_BYTES - 100_000   # just under the biggest file we open


def timed(label: str, func, repeat: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        func()
    each = (time.perf_counter() - start) / repeat
    print(f"{label:<48} {each * 1000:9.2f} ms")
    return each


def long_game(game_id: str, entries: int = 2000):
    rng = random.Random(1)
    game = new_game(game_id, seed=99)
    while len(game.log) < entries:
        if not random_step(game, rng):
            game = new_game(game_id, seed=rng.randint(1, 10**6))
    return game


def random_positions(game_id: str, variant: str, count: int = 300):
    """`count` games in positions met along seeded random playouts (with undos)."""
    rng = random.Random(f"{game_id}-{variant}")
    out = []
    while len(out) < count:
        game = new_game(game_id, variant, seed=rng.randint(1, 10**6))
        # Stop at a random point, late in the game as often as early.
        stop = rng.choice((rng.randint(0, 40), rng.randint(40, 400)))
        for _ in range(stop):
            # _search_moves: the same moves as legal_moves(), faster
            if not random_step(game, rng, list(game._search_moves())):
                break
        out.append(game)
    return out


def big_log(path: Path, game_id: str, variant: str, deck_turning: float, seed: int = 1) -> int:
    """Save a legal game of about BIG_LOG_BYTES, played at random with undos;
    with `deck_turning`, that share of the moves turns the deck when it can.
    The file is written compactly and without times, so as many entries as
    possible fit.  Returns the number of entries."""
    rng = random.Random(seed)
    game = new_game(game_id, variant, seed=seed)
    size = 0
    while size < BIG_LOG_BYTES:
        legal = list(game._search_moves())   # the same moves as legal_moves(), faster
        deck = [move for move in legal if move.action in DECK_ACTIONS]
        if deck and rng.random() < deck_turning:
            legal = deck
        if not random_step(game, rng, legal):
            raise RuntimeError(f"deal {seed} of {game_id} got stuck after {len(game.log)} entries")
        entry = {key: value for key, value in game.log[-1].items() if key != "t"}
        size += len(json.dumps(entry, separators=(",", ":"))) + 1
    record = game.to_json()
    record["log"] = [{key: value for key, value in entry.items() if key != "t"}
                     for entry in record["log"]]
    path.write_text(json.dumps(record, separators=(",", ":")), encoding="utf-8")
    return len(record["log"])


# Run in a fresh process: what loading a big file costs, from nothing.
LOAD_ONE = """
import resource, sys, time, tracemalloc
from solitaire_tk import load_game
if sys.argv[2] == "memory":
    tracemalloc.start()
start = time.perf_counter()
game = load_game(sys.argv[1])
took = time.perf_counter() - start
peak = tracemalloc.get_traced_memory()[1] if sys.argv[2] == "memory" else 0
try:   # the peak of this process alone (ru_maxrss counts the parent's before exec)
    status = open("/proc/self/status").read().split("VmHWM:")[1]
    rss = int(status.split()[0])
except (OSError, IndexError):
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(took, peak / 1048576, rss / 1024)
"""


def big_log_figures() -> None:
    """Load + check time and peak memory of a 5 MB log, and its scrub time a step."""
    print(f"\nBig logs ({BIG_LOG_BYTES / 1048576:.2f} MB; targets: load under 2 s, "
          "peak under 150 MB, scrub under 20 ms a step):")
    print(f"{'log':<28} {'entries':>8} {'load':>8} {'peak (tracemalloc)':>19} "
          f"{'peak RSS':>9} {'scrub':>9} {'worst':>9}")
    with tempfile.TemporaryDirectory() as folder:
        for game_id, variant, deck_turning, name in (
                ("klondike", "draw1", 0.0, "klondike draw1, any move"),
                ("klondike", "draw3", 0.9, "klondike draw3, deck turns"),
                ("thirteen", "standard", 0.0, "thirteen (undo 5 back)"),
                ("double", "standard", 0.0, "double, any move")):
            path = Path(folder) / f"{game_id}-{variant}.json"
            entries = big_log(path, game_id, variant, deck_turning)

            def load(mode: str) -> list[float]:
                out = subprocess.run([sys.executable, "-c", LOAD_ONE, str(path), mode],
                                     check=True, cwd=ROOT, capture_output=True, text=True)
                return [float(word) for word in out.stdout.split()]

            took, _, rss = load("time")
            _, peak, _ = load("memory")
            replay = Replay(path)
            rng = random.Random(entries)
            times = []
            for _ in range(200):
                step = rng.randint(0, len(replay))
                start = time.perf_counter()
                replay.game_at(step)
                times.append(time.perf_counter() - start)
            times.sort()
            print(f"{name:<28} {entries:>8} {took:>6.2f} s {peak:>16.0f} MB {rss:>6.0f} MB "
                  f"{times[len(times) // 2] * 1000:>6.2f} ms {times[-1] * 1000:>6.2f} ms",
                  flush=True)
            if deck_turning:
                resume_figure(path)
                app_open_figures(path)


# Run in a fresh process: start-up's part of resuming a long game in play,
# then the time to keep it after each of a few moves.
RESUME_ONE = """
import random, statistics, sys, time
from solitaire_tk.playout import random_step
from solitaire_tk.userdata import DataStore
start = time.perf_counter()
store = DataStore(sys.argv[1])
game = store.resume()
took = time.perf_counter() - start
assert game is not None, "the game in play did not come back"
rng = random.Random(1)
saves = []
for _ in range(20):
    random_step(game, rng)
    start = time.perf_counter()
    store.autosave(game)
    saves.append(time.perf_counter() - start)
print(len(game.log), took, statistics.median(saves), max(saves))
"""
IN_PLAY_ENTRIES = 100_000   # the game in play start-up is timed with (target: under 2 s)


def resume_figure(log_path: Path) -> None:
    """Resume time of a data folder whose game in play is the game in `log_path`
    (and one of its first IN_PLAY_ENTRIES entries), the time to keep it after
    a move, and the app's start-up to its window with the shorter one."""
    replay = Replay(log_path)
    for game in (replay.final, replay.game_at(min(IN_PLAY_ENTRIES, len(replay)))):
        with tempfile.TemporaryDirectory() as folder:
            store = DataStore(folder)
            game.player = store.current_player
            store.autosave(game)
            store.release_player()   # the fresh process below plays as this player
            out = subprocess.run([sys.executable, "-c", RESUME_ONE, folder], check=True,
                                 cwd=ROOT, capture_output=True, text=True)
            entries, took, save, worst = out.stdout.split()
            print(f"game in play of {entries} entries: resume {float(took):5.2f} s, keep it "
                  f"after a move {float(save) * 1000:7.1f} ms (worst of 20 "
                  f"{float(worst) * 1000:.1f} ms)", flush=True)
            if len(game.log) <= IN_PLAY_ENTRIES:
                app_open_figures(log_path, ("resume",), folder)


# Run in a fresh process on an X display: how long until a big replay's window
# is on the screen with its table drawn.  argv: "command" (`solitaire-tk replay
# FILE`), "menu" (Game > Open in a window already open) or "resume" (`solitaire-tk`
# with a game in play), the file, a data folder.
APP_OPEN_ONE = """
import sys, time, tkinter as tk
start = time.perf_counter()
how, path, folder = sys.argv[1:4]
from solitaire_tk.__main__ import main

def shown(root):
    while not root.winfo_ismapped():
        root.update()
    root.update()   # what the first showing drew, and every idle task it made
    return time.perf_counter()

def instead_of_mainloop(root, n=0):
    took = shown(root) - start
    if how == "menu":
        app = root.solitaire_app
        began = time.perf_counter()
        app.open_file(path)
        took = shown(root) - began
        assert app.replaying
    print(took)
    root.destroy()

tk.Tk.mainloop = instead_of_mainloop
import solitaire_tk.ui.launch as launch
real_open_app = launch.open_app
def open_app(root, *args):
    root.solitaire_app = app = real_open_app(root, *args)
    return app
launch.open_app = open_app
argv = ["--data-dir", folder] + {"command": ["replay", path], "menu": ["cruel"],
                                 "resume": []}[how]
main(argv)
"""


WINDOW_WAYS = {"command": "'solitaire-tk replay FILE'", "menu": "Game > Open",
               "resume": "start-up with that game in play"}


def app_open_figures(log_path: Path, ways: tuple[str, ...] = ("command", "menu"),
                     data_folder: str | None = None) -> None:
    """Time from start to a big replay's window shown with its table drawn, by
    `solitaire-tk replay FILE` and by Game > Open (target: under 2.5 s); or
    the start-up of the app on `data_folder` ("resume")."""
    from tests.xvfb import start_xvfb
    display = os.environ.get("DISPLAY")
    xvfb = None
    if not display:
        xvfb = start_xvfb("1400x900x24")
        if xvfb is None:
            print("window: no X display and Xvfb could not be started, so not timed")
            return
        display = os.environ.pop("DISPLAY")   # only the windows timed below use it
    try:
        times = []
        for how in ways:
            with tempfile.TemporaryDirectory() as fresh:
                out = subprocess.run([sys.executable, "-c", APP_OPEN_ONE, how, str(log_path),
                                      data_folder or fresh], check=True, cwd=ROOT,
                                     capture_output=True, text=True,
                                     env={**os.environ, "DISPLAY": display})
                times.append(f"{WINDOW_WAYS[how]} {float(out.stdout.split()[-1]):5.2f} s")
        print(f"window shown and drawn: {', '.join(times)}", flush=True)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=5)


READ_ONLY_START = """
import sys, time
from pathlib import Path
from solitaire_tk import datafiles
from solitaire_tk.userdata import DataStore
pupil = Path(sys.argv[1])
real = datafiles._unusable
datafiles._unusable = lambda folder: "permission denied" if folder == pupil else real(folder)
start = time.perf_counter()
store = DataStore(pupil)
store.stats("thirteen")
print(time.perf_counter() - start, len(store.players()), store.folder)
"""


def read_only_start_figures() -> None:
    """Start-up from a data folder that can only be read: the first start copies it
    (40 players, 32 MB of saved games: the most copied), the next copies nothing.
    The folder is made unwritable for the app by a stand-in for its write check,
    so this runs anywhere (root cannot make a folder read-only with chmod)."""
    from tests.helpers import play, won_thirteen
    with tempfile.TemporaryDirectory() as pupil, tempfile.TemporaryDirectory() as temp:
        DataStore(pupil).update_settings(sound=True)
        settings = Path(pupil) / "settings.json"
        data = json.loads(settings.read_text())
        data["players"] += [{"id": f"pupil-{n}", "name": f"Pupil {n}"} for n in range(2, 41)]
        settings.write_text(json.dumps(data))   # a class of 40, made elsewhere
        store = DataStore(pupil)
        for player in store.players():
            store.switch_player(player)
            store.record_game(won_thirteen(), used_hints=False)
            store.autosave(play(new_game("klondike", seed=3, player=player), moves=20))
        kept = store.record_game(won_thirteen(), used_hints=False)
        assert kept is not None
        game = load_game(kept)
        store.release_player()   # the starts below are new windows on this folder
        record = json.dumps(game.to_json())
        for n in range(32 * 1024 * 1024 // (len(record) * 10)):
            (Path(pupil) / "saved" / f"thirteen-{n:05}.json").write_text(record * 10)
        for start in ("first", "second"):
            out = subprocess.run([sys.executable, "-c", READ_ONLY_START, pupil], check=True,
                                 cwd=ROOT, capture_output=True, text=True,
                                 env={"PYTHONPATH": str(ROOT), "TMPDIR": temp})
            took, players, _ = out.stdout.split()
            print(f"start-up: read-only folder, {start} start ({players} players) "
                  f"{float(took):6.2f} s")


def is_over_times() -> None:
    """Median and worst time of one `is_over()` per game and variant.

    Each position is timed three times with the answer not cached, and the
    quickest counts: the machine's other work should not look like a slow search.
    """
    print(f"\nis_over on random positions:")
    print(f"{'game':<10} {'variant':<13} {'positions':>9} {'over':>5} {'median':>9} {'worst':>9}")
    for game_id in GAME_IDS:
        for variant in game_class(game_id).variants:
            games = random_positions(game_id, variant)
            times = []
            over = 0
            for game in games:
                best = float("inf")
                for _ in range(3):
                    game._over_cache.clear()
                    start = time.perf_counter()
                    answer = game.is_over()
                    best = min(best, time.perf_counter() - start)
                over += answer
                times.append(best)
            times.sort()
            print(f"{game_id:<10} {variant:<13} {len(games):>9} {over:>5} "
                  f"{times[len(times) // 2] * 1000:>6.2f} ms {times[-1] * 1000:>6.2f} ms",
                  flush=True)


# The better hint's search (tutor/sampling.py), and the ceiling: how many of
# the deals the solver proves winnable when it may look at every card.
CEILING_POSITIONS = 100_000
# Klondike played without peeking at hidden cards, as published (lonelybot:
# 47.58% +- 0.80 over 15,024 deals, each choice from thousands of sampled
# solves; SolitaireSolver: a rule-of-thumb player, 100,000 deals a variant).
NO_PEEKING = {
    ("klondike", "draw3"): "human expert 36.6% (Yan et al. 2005); Monte-Carlo planning "
                           "35-37% (Bjarnason et al. 2009); sampling with a fast solver "
                           "about 47% (lonelybot); rule of thumb 16.5% "
                           "(danielrcollins1/SolitaireSolver)",
    ("klondike", "draw1-single"): "rule of thumb 4.0% (danielrcollins1/SolitaireSolver)",
}


def _follow_deal(job: tuple[str, str, int, object, int, dict[str, bool] | None]
                 ) -> tuple[bool, bool, str, int, int, float]:
    """One deal for the process pool: won with the better hints, won with the quick
    hints, the solver's verdict, cards done, moves, processor seconds."""
    from solitaire_tk import solve
    from solitaire_tk.tutor.sampling import follow_better_hints
    game_id, variant, seed, sampling, ceiling_positions, options = job
    cpu = time.process_time()
    game = follow_better_hints(game_id, variant, seed, sampling,  # type: ignore[arg-type]
                               options=options)
    used = time.process_time() - cpu
    quick = follow_hints(game_id, variant, seed, options=options)
    # The move orders share the positions as they would share the time.
    ceiling = solve(new_game(game_id, variant, seed=seed, options=options), 1e9,
                    max_positions=ceiling_positions,
                    share_positions=True).status if ceiling_positions else "-"
    return game.is_won(), quick.is_won(), ceiling, game.progress(), len(game.log), used


def hint_win_rates(deals: range = HINT_DEALS, samples: int = 0, budget: int = 0,
                   only: str = "", workers: int = 0, variant_only: str = "",
                   ceiling: bool = True, option: str = "") -> None:
    """Play every deal by always taking the first hint, one table row per game and variant:
    the quick hint, the better hint (sampled: never a hidden card seen), and the
    solver's winnable share beside them (the ceiling: it sees every card).  The
    better hint looks as hard as the app's (`Sampling()`) unless `samples` or
    `budget` say otherwise.  Without `ceiling` the solver's own look (the
    slowest part after the better hint) is left out.  With `option` only the
    games that have it are played, with it on."""
    from concurrent.futures import ProcessPoolExecutor
    from solitaire_tk.records import replace
    from solitaire_tk.tutor.sampling import Sampling
    sampling = Sampling()
    sampling = replace(sampling, samples=samples or sampling.samples,
                       budget=budget or sampling.budget)
    workers = workers or os.cpu_count() or 1
    print(f"\nFollowing the first hint, deals {deals.start}-{deals.stop - 1}; better hint: "
          f"{sampling}; "
          f"ceiling: the solver with {CEILING_POSITIONS:,} positions; {workers} processes; "
          f"load {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'game':<9} {'variant':<13} {'deals':>5} {'quick':>6} {'better':>7} "
          f"{'ceiling':>8} {'unknown':>8} {'cards':>6} {'moves':>6} {'cpu/deal':>9} {'wall':>7}  "
          "published")
    rows = [(game_id, variant) for game_id in GAME_IDS if not only or game_id == only
            for variant in game_class(game_id).variants
            if (not variant_only or variant == variant_only)
            and (not option or option in game_class(game_id).option_defaults)]
    options = {option: True} if option else None
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for game_id, variant in rows:
            jobs = [(game_id, variant, seed, sampling, CEILING_POSITIONS if ceiling else 0,
                     options) for seed in deals]
            row_began = time.perf_counter()
            answers = list(pool.map(_follow_deal, jobs))
            count = len(answers)

            def share(values: list[bool]) -> str:
                return f"{sum(values) / count:.0%}"
            print(f"{game_id:<9} {variant + (' ' + option if option else ''):<13} {count:>5} "
                  f"{share([a[1] for a in answers]):>6} {share([a[0] for a in answers]):>7} "
                  f"{share([a[2] == 'winnable' for a in answers]) if ceiling else '-':>8} "
                  f"{share([a[2] == 'unknown' for a in answers]) if ceiling else '-':>8} "
                  f"{sum(a[3] for a in answers) / count:>6.1f} "
                  f"{sum(a[4] for a in answers) / count:>6.0f} "
                  f"{sum(a[5] for a in answers) / count:>7.1f} s "
                  f"{time.perf_counter() - row_began:>6.0f} s  "
                  f"{NO_PEEKING.get((game_id, variant), '')}", flush=True)
            # Which deals, so that two runs can be compared deal by deal.
            print(f"  won with the better hint: "
                  f"{' '.join(str(seed) for seed, a in zip(deals, answers) if a[0]) or 'none'}")
    print(f"(took {time.perf_counter() - began:.0f} s; "
          f"load after: {' '.join(f'{x:.1f}' for x in os.getloadavg())})")


STATS_START = """
import sys, time
from solitaire_tk.userdata import DataStore
start = time.perf_counter()
store = DataStore(sys.argv[1])
played = sum(stats.played for stats in store.all_stats().values())
print(played, time.perf_counter() - start)
"""


def stats_figures(games: int = 500) -> None:
    """Start-up time (a fresh process) of a folder with `games` kept games."""
    print(f"\nStatistics of {games} kept games:")
    with tempfile.TemporaryDirectory() as folder:
        store = DataStore(folder)
        rng = random.Random(5)
        seeds = iter(range(1, 10**6))
        for number in range(games):
            kept = None
            while kept is None:   # a deal with no move at all is not a game played
                game = new_game(GAME_IDS[number % len(GAME_IDS)], seed=next(seeds))
                for _ in range(rng.randint(5, 80)):
                    if game.is_over() or not random_step(game, rng):
                        break
                kept = store.record_game(game, used_hints=False)
        stats_file = Path(folder) / "stats" / "player-1.json"
        store.release_player()   # the starts below are new windows on this folder

        def start(label: str) -> None:
            out = subprocess.run([sys.executable, "-c", STATS_START, folder], check=True,
                                 cwd=ROOT, capture_output=True, text=True)
            played, took = out.stdout.split()
            print(f"{label:<48} {float(took) * 1000:9.2f} ms ({played} games counted)")
        print(f"{'statistics file':<48} {stats_file.stat().st_size // 1024:6d} KB")
        stats_file.unlink()
        start("start: statistics counted again from saved/")
        start("start: every kept game counted already")
        other = DataStore(folder)
        other.record_game(play_some(new_game("klondike", seed=9999)), used_hints=False)
        other.release_player()
        before = json.loads(stats_file.read_text())
        before["counted"] = before["counted"][:-1]        # ...without its last game
        stats_file.write_text(json.dumps(before))
        start("start: one game kept by another window")


def report_figures(players: int = 40, games: int = 10, pupils: int = 30) -> None:
    """How long the class report takes to read a class's folder (it copies it first)."""
    from solitaire_tk.classreport import read_class
    print(f"\nClass report ({players} players with {games} games each, "
          f"{pupils} pupils' folders):")
    rng = random.Random(7)
    seeds = iter(range(1, 10**6))

    def some_games(store: DataStore) -> None:
        for number in range(games):
            game = new_game(GAME_IDS[number % len(GAME_IDS)], seed=next(seeds))
            for _ in range(rng.randint(5, 60)):
                if game.is_over() or not random_step(game, rng):
                    break
            store.record_game(game, used_hints=False)

    with tempfile.TemporaryDirectory() as folder:
        store = DataStore(Path(folder) / "class")
        for number in range(players):
            if number:
                store.switch_player(store.add_player(f"Pupil {number}"))
            some_games(store)
        shared = Path(folder) / "pupils"
        for number in range(pupils):
            some_games(DataStore(shared / f"pupil-{number}"))
        report = read_class(Path(folder) / "class")
        timed(f"one folder: {len(report.players)} players, {len(report.rows)} rows",
              lambda: read_class(Path(folder) / "class"), repeat=3)
        report = read_class(shared)
        timed(f"{pupils} folders: {len(report.rows)} rows",
              lambda: read_class(shared), repeat=3)


def play_some(game):
    rng = random.Random(1)
    for _ in range(20):
        if not random_step(game, rng):
            break
    return game


STARTUP_RUNS = 7
STARTUP_TARGET = 0.30   # seconds to a drawn table, about three bare Tk windows


def startup_once(command: list[str], bytecode: str, settle: bool = False) -> tuple[float, float]:
    """Seconds from just before `command` starts to the time it prints as drawn,
    and the processor seconds it used (which the machine's other work changes less).
    Compiled modules are kept in the folder `bytecode`, as an installed app has them.
    With `settle` the app runs on until it has kept the whole deck's pictures,
    as after a pupil's first seconds of play (the warm-up)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT),
           "SOLITAIRE_TK_STARTUP_PROBE": "settled" if settle else "1",
           "PYTHONPYCACHEPREFIX": bytecode}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    def processor() -> float:
        if resource is None:
            return 0.0
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        return used.ru_utime + used.ru_stime

    before = processor()
    start = time.time()
    out = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=60)
    cpu = processor() - before
    for line in out.stdout.splitlines():
        if line.startswith("drawn "):
            return float(line.split()[1]) - start, cpu
    raise RuntimeError(f"{' '.join(command)} never said it was drawn: {out.stderr[-500:]}")


def startup_figures(runs: int = STARTUP_RUNS, first_runs: int = 3) -> None:
    """Each game's median start-up to a drawn table, and its ratio to bare Tk.

    A game's runs share one data folder, as a pupil's starts do (its pictures
    of the cards are kept there after the first); "first start" is a new data
    folder each time, so every card is drawn."""
    print(f"\nStart-up to a drawn table, median of {runs} fresh processes "
          f"(target: {STARTUP_TARGET:.2f} s, about 3x a bare Tk window):")
    bare = [sys.executable, str(ROOT / "solitaire_tk" / "ui" / "startprobe.py")]
    cases = [("bare tk.Tk()", "", "")]
    for game_id in GAME_IDS:
        for variant in game_class(game_id).variants:
            cases.append((f"{game_id} {variant}", game_id, variant))
    times: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    cpu: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    first: dict[str, list[float]] = {name: [] for name, _, _ in cases}
    with tempfile.TemporaryDirectory() as folder:
        bytecode = str(Path(folder) / "pycache")

        def command(game_id: str, variant: str, data: str, seed: int) -> list[str]:
            if not game_id:
                return bare
            return [sys.executable, "-m", "solitaire_tk", "--data-dir", str(Path(folder) / data),
                    game_id, "--variant", variant, "--seed", str(seed)]

        # Round 0 only warms up (compiles the modules, keeps the deck's pictures); then
        # round by round, so that a busy moment of the machine hits every case alike.
        for run in range(runs + first_runs + 1):
            for name, game_id, variant in cases:
                if run <= runs:
                    took, used = startup_once(command(game_id, variant, name, run + 1), bytecode,
                                              settle=not run)
                    if run:
                        times[name].append(took)
                        cpu[name].append(used)
                else:
                    first[name].append(startup_once(
                        command(game_id, variant, f"{name}-{run}", run), bytecode)[0])
    bare_median = statistics.median(times["bare tk.Tk()"])
    bare_cpu = statistics.median(cpu["bare tk.Tk()"])
    print(f"{'game':<24} {'median':>8} {'fastest':>8} {'slowest':>8} {'x bare Tk':>10} "
          f"{'first start':>12} {'processor':>10} {'x bare Tk':>10}")
    for name, _, _ in cases:
        each = times[name]
        median = statistics.median(each)
        used = statistics.median(cpu[name])
        print(f"{name:<24} {median:>6.3f} s {min(each):>6.3f} s {max(each):>6.3f} s "
              f"{median / bare_median:>9.2f}x {statistics.median(first[name]):>10.3f} s "
              f"{used:>8.3f} s {used / (bare_cpu or 1):>9.2f}x", flush=True)


SOLVER_SECONDS = 2.0
# Published figures to read ours against.  Solvitaire: C. Blake and I. P. Gent,
# "The Winnability of Klondike Solitaire and Many Other Patience Games",
# arXiv:1906.12314 (v5, 2024): thoughtful Klondike (draw 3, unlimited passes)
# 81.945% +- 0.084%.  Issue 10 quotes 81.5% (81.536 +- 0.055% in a 2025
# follow-up) with cards never leaving the foundations, and 90.48% for draw 1
# with unlimited passes (our draw1 has three passes: no figure is published).
PUBLISHED = {
    ("klondike", "draw3"): "81.9% Solvitaire (arXiv:1906.12314); 81.5% as issue 10 quotes",
    ("klondike", "draw1"): "none for 3 passes (unlimited: 90.48%, issue 10)",
    ("klondike", "draw1-single"): "none published",
}


def _solve_deal(job: tuple[str, str, tuple[tuple[str, bool], ...], int, int, bool]
                ) -> tuple[str, float, int, float]:
    """One deal for the process pool: (status, seconds, positions, processor seconds).

    Positions a second are counted on the processor's time: on a busy machine
    the clock also runs while other programs have the processor.  A job's
    number after the deal, when not 0, is a budget of positions instead of
    the 2 s (the same figures however busy the machine is); its last says
    whether the game's dead-end tests are left out (`--no-dead-ends`: the
    search alone, to show what the tests cost and what they decide).
    """
    from solitaire_tk.solver import search
    game_id, variant, options, seed, positions, no_dead_ends = job
    game = new_game(game_id, variant, seed=seed, options=dict(options))
    start, cpu = time.perf_counter(), time.process_time()
    state = game.search_state()     # as `solve` does (no game here is won at the deal)
    if no_dead_ends:
        state.is_dead = lambda: False   # type: ignore[method-assign]
    verdict = (search(state, 3600.0, max_positions=positions, share_positions=True) if positions
               else search(state, SOLVER_SECONDS))
    return (verdict.status, time.perf_counter() - start, verdict.positions,
            time.process_time() - cpu)


def _solver_rows() -> list[tuple[str, str, tuple[tuple[str, bool], ...]]]:
    """Every game and variant the solver can search, and each option turned on once."""
    rows = []
    for game_id in GAME_IDS:
        cls = game_class(game_id)
        try:
            new_game(game_id, seed=1).search_state()
        except NotImplementedError:
            print(f"{game_id}: no search state yet, left out")
            continue
        for variant in cls.variants:
            rows.append((game_id, variant, ()))
            rows.extend((game_id, variant, ((option, True),)) for option in cls.option_defaults)
    return rows


def solver_figures(quick: bool = False, full: bool = False, json_path: str = "",
                   only: str = "", variant: str = "", workers: int = 0,
                   positions: int = 0, no_dead_ends: bool = False) -> None:
    """The solver on fixed deal numbers per game, variant and option; one table and a JSON file.

    `only` keeps the rows of one game (`--game ID`), `variant` those of one
    variant (`--variant NAME`); `workers` processes (0: one a core);
    `positions` a budget of positions a deal instead of the 2 s (`--positions N`)."""
    from concurrent.futures import ProcessPoolExecutor
    cores = workers or os.cpu_count() or 1
    results = []
    rows = [row for row in _solver_rows()
            if (not only or row[0] == only) and (not variant or row[1] == variant)]
    budget = f"{positions:,} positions" if positions else f"{SOLVER_SECONDS:g} s"
    print(f"\nSolver, {budget} a deal, {cores} processes"
          f"{', dead-end tests left out (the search alone)' if no_dead_ends else ''}:")
    print(f"{'game':<9} {'variant':<13} {'option':<10} {'deals':>5} {'winnable':>8} {'lost':>6} "
          f"{'unknown':>7} {'won/decided':>11} {'median':>8} {'95%':>8} {'pos/s':>7}  published")
    print("(pos/s: positions a second of processor time)")
    with ProcessPoolExecutor(max_workers=cores) as pool:
        for game_id, variant, options in rows:
            count = 20 if quick else 1000 if full and (game_id, variant) == ("klondike", "draw3") \
                else 200
            jobs = [(game_id, variant, options, seed, positions, no_dead_ends)
                    for seed in range(1, count + 1)]
            answers = list(pool.map(_solve_deal, jobs, chunksize=2))
            times = sorted(answer[1] for answer in answers)
            shares = {status: sum(1 for answer in answers if answer[0] == status) / count
                      for status in ("winnable", "lost", "unknown")}
            decided = shares["winnable"] + shares["lost"]
            rate = (sum(answer[2] for answer in answers)
                    / max(sum(answer[3] for answer in answers), 1e-9))
            row = {"game": game_id, "variant": variant, "options": dict(options),
                   "deals": count, **shares,
                   "winnable_of_decided": shares["winnable"] / decided if decided else None,
                   "median_s": times[len(times) // 2],
                   "p95_s": times[min(len(times) - 1, int(len(times) * 0.95))],
                   "positions_per_s": rate,
                   "published": PUBLISHED.get((game_id, variant), "none published"),
                   # Which deals to look at when working on the search.
                   "unknown_deals": [seed for seed, answer in enumerate(answers, start=1)
                                     if answer[0] == "unknown"]}
            results.append(row)
            option = ",".join(name for name, _ in options) or "-"
            won_of = f"{row['winnable_of_decided']:.1%}" if decided else "-"
            print(f"{game_id:<9} {variant:<13} {option:<10} {count:>5} {shares['winnable']:>8.1%} "
                  f"{shares['lost']:>6.1%} {shares['unknown']:>7.1%} {won_of:>11} "
                  f"{row['median_s'] * 1000:>6.0f}ms {row['p95_s'] * 1000:>6.0f}ms "
                  f"{rate:>7.0f}  {row['published']}", flush=True)
            undecided = row["unknown_deals"]
            if undecided:
                print(f"  undecided: {' '.join(map(str, undecided[:40]))}"
                      f"{' ...' if len(undecided) > 40 else ''}", flush=True)
    out = Path(json_path or "solver-benchmark.json")
    out.write_text(json.dumps({"seconds_a_deal": None if positions else SOLVER_SECONDS,
                               "positions_a_deal": positions or None, "processes": cores,
                               "dead_end_tests": not no_dead_ends,
                               "date": time.strftime("%Y-%m-%d"), "rows": results}, indent=1),
                   encoding="utf-8")
    print(f"written to {out.resolve()}")


def winnable_deal_figures(wanted: int = 3, only: str = "") -> None:
    """What filling a list of winnable deals costs (`winnabledeals`): for each game,
    variant and option, deals tried and processor seconds for each deal proved,
    in this process at the usual priority (the finder runs at a low one)."""
    import random
    from solitaire_tk.winnabledeals import BATCH_SECONDS, SOLVE_SECONDS, find_winnable
    print(f"\nWinnable deals: {wanted} proved a row, {SOLVE_SECONDS:g} s a deal, "
          f"at most {BATCH_SECONDS:g} s a batch (load {os.getloadavg()[0]:.1f}):")
    print(f"{'game':<9} {'variant':<13} {'option':<10} {'proved':>6} {'tried':>6} "
          f"{'cpu s a deal':>12}")
    for game_id, variant, options in _solver_rows():
        if only and game_id != only:
            continue
        rng = random.Random(1)   # the same deal numbers every run
        tried: list[int] = []

        def pick() -> int:
            tried.append(rng.randint(1, 2**31 - 1))
            return tried[-1]

        cpu = time.process_time()
        found = find_winnable(game_id, variant, dict(options), wanted, lambda seed: None,
                              seeds=pick)
        spent = time.process_time() - cpu
        option = ",".join(name for name, _ in options) or "-"
        each = f"{spent / found:.2f}" if found else "-"
        print(f"{game_id:<9} {variant:<13} {option:<10} {found:>6} {len(tried):>6} {each:>12}",
              flush=True)


def mistakes_figures(seconds: float = 1.0) -> None:
    from solitaire_tk.mistakes import Analysis
    from solitaire_tk.solver import solve
    print(f"Find mistakes, {seconds:g} s a step (load {os.getloadavg()[0]:.1f}):")
    print(f"{'saved game':<34} {'steps':>6} {'searched':>9} {'positions':>10} "
          f"{'unknown':>8} {'mistakes':>9} {'time':>8}")
    files = sorted(path for path in (ROOT / "tests" / "golden").glob("*.json")
                   if not path.name.endswith(".final.json"))
    files += sorted((ROOT / "tests" / "data" / "mistakes").glob("*-*.json"))
    for path in files:
        analysis = Analysis(Replay(path), seconds)
        searched = positions = 0
        start = time.perf_counter()
        while (step := analysis.next_position()) is not None:
            verdict = solve(analysis.game_at(step), seconds)
            searched += 1
            positions += verdict.positions
            analysis.add(verdict)
        took = time.perf_counter() - start
        print(f"{path.name:<34} {analysis.total:>6} {searched:>9} {positions:>10,} "
              f"{len(analysis.unknown_steps):>8} {len(analysis.mistakes):>9} {took:>7.1f}s")
def winnable_figures(quick: bool = False, only: str = "") -> None:
    """The Still winnable? marker over seeded random play (see the module's words)."""
    from dataclasses import dataclass as _dataclass
    from solitaire_tk.engine import Game
    from solitaire_tk.solverprocess import SolverProcess
    from solitaire_tk.winnable import NO_WAY_LEFT, SECONDS, UNKNOWN, WinnableWatch

    @_dataclass
    class Played:
        game: Game
        used_hints: bool = False

    deals = 2 if quick else 5
    print(f"\nStill winnable?, {SECONDS:g} s a position, {deals} deals a row, 30 moves each "
          f"(load {os.getloadavg()[0]:.1f}):")
    print(f"{'game':<9} {'variant':<13} {'asked':>5} {'decided':>8} {'too hard':>8} "
          f"{'median':>8} {'95%':>8} {'lost moves':>10} {'with why':>8}")
    solver = SolverProcess()
    try:
        for game_id in GAME_IDS:
            if only and game_id != only:
                continue
            for variant in game_class(game_id).variants:
                times, unknown, blamed, named = [], 0, 0, 0
                for seed in range(1, deals + 1):
                    rng = random.Random(seed)
                    played = Played(new_game(game_id, variant, seed=seed))
                    watch = WinnableWatch(solver, played)
                    watch.set_options(marker=True, warn=True)
                    for _ in range(31):
                        start = time.perf_counter()
                        while watch.busy():
                            watch.poll()
                            time.sleep(0.005)
                        times.append(time.perf_counter() - start)
                        unknown += watch.status == UNKNOWN
                        if watch.lost_move is not None:
                            blamed += 1
                            named += watch.lost_move.reason != NO_WAY_LEFT
                        moves = played.game.legal_moves()
                        if not moves or played.game.is_over():
                            break
                        move = rng.choice(moves)
                        played.game.play(move)
                        watch.position_changed(move)
                        watch.ask()
                times.sort()
                decided = 1 - unknown / len(times)
                print(f"{game_id:<9} {variant:<13} {len(times):>5} {decided:>8.0%} "
                      f"{unknown:>8} {times[len(times) // 2] * 1000:>6.0f}ms "
                      f"{times[min(len(times) - 1, int(len(times) * 0.95))] * 1000:>6.0f}ms "
                      f"{blamed:>10} {named:>8}", flush=True)
    finally:
        solver.close()


# The options `main` reads: those that take a value, and those that do not.
VALUE_OPTIONS = ("--budget", "--deals", "--first", "--game", "--hints-deals", "--json",
                 "--option", "--positions", "--samples", "--variant", "--workers")
FLAG_OPTIONS = ("--big", "--full", "--hints", "--mistakes", "--no-ceiling", "--no-dead-ends",
                "--over", "--quick", "--read-only", "--redraw", "--report", "--solver", "--startup",
                "--stats", "--winnable")


def check_arguments(args: list[str]) -> None:
    """Print the help (--help) or refuse an unknown option, before any long run."""
    if "-h" in args or "--help" in args:
        print(__doc__)
        raise SystemExit(0)
    at = 0
    while at < len(args):
        arg = args[at]
        if arg in VALUE_OPTIONS:
            if at + 1 == len(args):
                _usage_error(f"{arg} needs a value after it.")
            at += 2
            continue
        if arg not in FLAG_OPTIONS:
            _usage_error(f"there is no option {arg!r}; --help lists them all.")
        at += 1


def _usage_error(words: str) -> None:
    print(f"benchmark.py: {words}", file=sys.stderr)
    raise SystemExit(2)


def main() -> None:
    check_arguments(sys.argv[1:])
    if "--mistakes" in sys.argv[1:]:
        mistakes_figures()
        return
    if "--deals" in sys.argv[1:] and "--hints" not in sys.argv[1:]:
        args = sys.argv[1:]
        winnable_deal_figures(only=args[args.index("--game") + 1] if "--game" in args[:-1] else "")
        return
    if "--startup" in sys.argv[1:]:
        startup_figures()
        return
    if "--solver" in sys.argv[1:]:
        args = sys.argv[1:]
        path = args[args.index("--json") + 1] if "--json" in args[:-1] else ""
        only = args[args.index("--game") + 1] if "--game" in args[:-1] else ""
        variant = args[args.index("--variant") + 1] if "--variant" in args[:-1] else ""
        workers = int(args[args.index("--workers") + 1]) if "--workers" in args[:-1] else 0
        positions = int(args[args.index("--positions") + 1]) if "--positions" in args[:-1] else 0
        solver_figures(quick="--quick" in args, full="--full" in args, json_path=path, only=only,
                       variant=variant, workers=workers, positions=positions,
                       no_dead_ends="--no-dead-ends" in args)
        return
    if "--winnable" in sys.argv[1:]:
        args = sys.argv[1:]
        winnable_figures(quick="--quick" in args,
                         only=args[args.index("--game") + 1] if "--game" in args[:-1] else "")
        return
    if "--hints" in sys.argv[1:]:
        args = sys.argv[1:]

        def number(flag: str, default: int) -> int:
            return int(args[args.index(flag) + 1]) if flag in args[:-1] else default
        first = number("--first", HINT_DEALS.start)
        count = number("--hints-deals", number("--deals", len(HINT_DEALS)))
        hint_win_rates(range(first, first + count),
                       number("--samples", 0), number("--budget", 0),
                       args[args.index("--game") + 1] if "--game" in args[:-1] else "",
                       number("--workers", 0),
                       args[args.index("--variant") + 1] if "--variant" in args[:-1] else "",
                       "--no-ceiling" not in args,
                       args[args.index("--option") + 1] if "--option" in args[:-1] else "")
        return
    if "--over" in sys.argv[1:]:
        is_over_times()
        return
    if "--redraw" in sys.argv[1:]:
        redraw_figures()
        return
    if "--big" in sys.argv[1:]:
        big_log_figures()
        return
    if "--read-only" in sys.argv[1:]:
        read_only_start_figures()
        return
    if "--stats" in sys.argv[1:]:
        stats_figures()
        return
    if "--report" in sys.argv[1:]:
        report_figures()
        return
    code = "import solitaire_tk; solitaire_tk.new_game('klondike', seed=1)"
    timed("python start + import engine + deal", lambda: subprocess.run(
        [sys.executable, "-c", code], check=True, cwd=ROOT), repeat=3)
    for game_id in GAME_IDS:
        game = long_game(game_id)
        record = game.to_json()
        replay = Replay(record)
        timed(f"{game_id}: replay {len(replay)} entries", lambda: Replay(record))
        steps = list(range(0, len(replay) + 1, 10)) + list(range(len(replay), -1, -10))
        each = timed(f"{game_id}: game_at (scrub, per step)",
                     lambda: [replay.game_at(n) for n in steps]) / len(steps)
        print(f"{'':<48} {each * 1000:9.3f} ms a step")
        timed(f"{game_id}: legal_moves", game.legal_moves, repeat=200)
        timed(f"{game_id}: is_over", game.is_over, repeat=200)
    big_log_figures()
    read_only_start_figures()
    stats_figures()
    report_figures()
    is_over_times()
    redraw_figures()
    hint_win_rates()
    startup_figures()


if __name__ == "__main__":
    main()
