"""Speed checks for the goals the tests do not time.

    python scripts/benchmark.py

- Start-up: importing the engine and dealing each game.
- Replay: building a 2,000-entry replay and scrubbing back and forth.
- Big logs: a legal saved game of almost 5 MB (the most a file may hold),
  made by seeded random play with undos, is loaded and checked in a fresh
  process (time and peak memory), and a replay of it is scrubbed to random
  steps; `--big` runs only this part.  One log is of ordinary play, the other
  mostly turns the deck (the shortest entries, so the most of them).
  Then the same game as the game in play of a data folder: how long a fresh
  process takes to resume it, and to save it again after a move.
- Read-only folder: the first start from a folder that can only be read
  (it is copied) and the next (`--read-only` runs only this part).
- Legal moves: how long one `legal_moves()` takes in a busy position.
- is_over: median and worst time over random positions of every game and
  variant (seeded random playouts with undos, early and late in games);
  `--over` runs only this part.
- Hints: how often always taking the first hint wins, per game and Klondike
  variant, over deals 1-50 (`--hints` runs only this part).
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


# Run in a fresh process: start-up's part of resuming a long game in play.
RESUME_ONE = """
import sys, time
from solitaire_tk.userdata import DataStore
start = time.perf_counter()
store = DataStore(sys.argv[1])
game = store.resume()
took = time.perf_counter() - start
assert game is not None, "the game in play did not come back"
start = time.perf_counter()
store.autosave(game)
print(len(game.log), took, time.perf_counter() - start)
"""


def resume_figure(log_path: Path) -> None:
    """Resume time of a data folder whose game in play is the game in `log_path`."""
    with tempfile.TemporaryDirectory() as folder:
        store = DataStore(folder)
        game = load_game(log_path)
        game.player = store.current_player
        store.autosave(game)
        out = subprocess.run([sys.executable, "-c", RESUME_ONE, folder], check=True,
                             cwd=ROOT, capture_output=True, text=True)
        entries, took, save = out.stdout.split()
        print(f"start-up: resume a game in play of {entries} entries {float(took):6.2f} s, "
              f"save it after a move {float(save):6.2f} s")


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


def hint_win_rates(deals: range = HINT_DEALS) -> None:
    """Play every deal by always taking the first hint; one table row per game and variant."""
    print(f"\nFollowing the first hint, deals {deals.start}-{deals.stop - 1}:")
    print(f"{'game':<10} {'variant':<13} {'won':>7} {'win rate':>9} {'cards done':>11} "
          f"{'moves':>6} {'time a game':>12}")
    for game_id in GAME_IDS:
        for variant in game_class(game_id).variants:
            won = progress = moves = 0
            start = time.perf_counter()
            for seed in deals:
                game = follow_hints(game_id, variant, seed)
                won += game.is_won()
                progress += game.progress()
                moves += len(game.log)
            each = (time.perf_counter() - start) / len(deals)
            count = len(deals)
            print(f"{game_id:<10} {variant:<13} {won:>3}/{count:<3} {won / count:>9.0%} "
                  f"{progress / count:>11.1f} {moves / count:>6.0f} {each * 1000:>9.0f} ms",
                  flush=True)


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


def startup_once(command: list[str], bytecode: str) -> tuple[float, float]:
    """Seconds from just before `command` starts to the time it prints as drawn,
    and the processor seconds it used (which the machine's other work changes less).
    Compiled modules are kept in the folder `bytecode`, as an installed app has them."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOLITAIRE_TK_STARTUP_PROBE": "1",
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

        # Round 0 only warms up (compiles the modules, draws the cards once); then
        # round by round, so that a busy moment of the machine hits every case alike.
        for run in range(runs + first_runs + 1):
            for name, game_id, variant in cases:
                if run <= runs:
                    took, used = startup_once(command(game_id, variant, name, run + 1), bytecode)
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


def main() -> None:
    if "--startup" in sys.argv[1:]:
        startup_figures()
        return
    if "--hints" in sys.argv[1:]:
        hint_win_rates()
        return
    if "--over" in sys.argv[1:]:
        is_over_times()
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
    hint_win_rates()
    startup_figures()


if __name__ == "__main__":
    main()
