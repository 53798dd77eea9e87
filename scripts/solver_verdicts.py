"""The solver's answer for each deal, one line a deal, to compare two versions of the code.

    PYTHONPATH=$PWD python3 scripts/solver_verdicts.py GAME VARIANT [--easy] [--deals N] [--positions N]

prints "deal status positions best line" for deals 1-N (200 unless told),
each searched with a budget of positions (10,000 unless told), so the same
code gives the same lines however busy the machine is.  Run it before and
after a change meant only to make the search faster, and `diff` the two:
any line that differs is a change in what the search does.  The total
positions and the processor time go to the error stream.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solitaire_tk import new_game, solve  # noqa: E402


def main(args: list[str]) -> None:
    if len(args) < 2:
        sys.exit(__doc__)
    game_id, variant = args[0], args[1]
    options = {"easy_mode": True} if "--easy" in args else {}
    deals = int(args[args.index("--deals") + 1]) if "--deals" in args else 200
    budget = int(args[args.index("--positions") + 1]) if "--positions" in args else 10_000
    total, start = 0, time.process_time()
    for seed in range(1, deals + 1):
        game = new_game(game_id, variant, seed=seed, options=options)
        verdict = solve(game, 3600.0, max_positions=budget, share_positions=True)
        total += verdict.positions
        line = " ".join(repr(move) for move in verdict.line)
        print(seed, verdict.status, verdict.positions, verdict.best, line)
    seconds = time.process_time() - start
    print(f"{total} positions, {seconds:.2f} s of processor time", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
