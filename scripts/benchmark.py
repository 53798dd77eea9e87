"""Speed checks for the goals the tests do not time.

    python scripts/benchmark.py

- Start-up: importing the engine and dealing each game.
- Replay: building a 2,000-entry replay and scrubbing back and forth.
- Legal moves: how long one `legal_moves()` takes in a busy position.
- is_over: median and worst time over random positions of every game and
  variant (seeded random playouts with undos, early and late in games);
  `--over` runs only this part.
- Hints: how often always taking the first hint wins, per game and Klondike
  variant, over deals 1-50 (`--hints` runs only this part).
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_tk import GAME_IDS, Replay, new_game  # noqa: E402
from solitaire_tk.playout import random_step  # noqa: E402
from solitaire_tk.registry import game_class  # noqa: E402
from solitaire_tk.tutor.hints import follow_hints  # noqa: E402

HINT_DEALS = range(1, 51)


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


def main() -> None:
    if "--hints" in sys.argv[1:]:
        hint_win_rates()
        return
    if "--over" in sys.argv[1:]:
        is_over_times()
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
    is_over_times()
    hint_win_rates()


if __name__ == "__main__":
    main()
