"""Write the saved games with a known mistake in tests/data/mistakes/ (for
tests/test_mistakes.py and the replay's Find mistakes test).

Each game follows the solver's winning line from a deal the solver proves
winnable, then makes the first move it finds that the solver proves lost
(the mistake), then goes on: a few more moves, or an undo of the mistake
and the winning line from there.  `expected.json` names the mistake's step.

    python scripts/make_mistake_games.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_tk import Game, new_game, solve  # noqa: E402
from solitaire_tk.storage import save_game, write_json  # noqa: E402

OUT = ROOT / "tests" / "data" / "mistakes"
SECONDS = 2.0
# file name: (game, deal number, what comes after the mistake)
GAMES = {"cruel-mistake.json": ("cruel", 1, "play on"),
         "thirteen-mistake.json": ("thirteen", 15, "play on"),
         "dammit-mistake-undone.json": ("dammit", 1, "undo and win")}


def make_mistake(game: Game) -> int:
    """Follow the solver's line until a move loses the game; play it; its step."""
    verdict = solve(game, SECONDS)
    assert verdict.status == "winnable", "choose a deal the solver proves winnable"
    for good in verdict.line:
        for other in game.legal_moves():
            if other == good:
                continue
            trial = game.copy()
            trial.play(other)
            if solve(trial, SECONDS).status == "lost":
                game.play(other)
                return len(game.log)
        game.play(good)
    raise AssertionError("no losing move on this line: choose another deal")


def go_on(game: Game, how: str) -> None:
    if how == "undo and win":
        game.undo()
        for move in solve(game, SECONDS).line:
            game.play(move)
        assert game.is_won()
        return
    for _ in range(5):   # a few more moves, as a pupil who does not see it yet
        moves = game.legal_moves()
        if game.is_over() or not moves:
            return
        game.play(moves[0])


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    expected: dict[str, int] = {}
    for name, (game_id, seed, how) in GAMES.items():
        game = new_game(game_id, seed=seed, player="Ana")
        game.started = "2026-12-02T09:00:00Z"   # the same file each time it is made
        expected[name] = make_mistake(game)
        go_on(game, how)
        for entry in game.log:
            entry.pop("t", None)
        save_game(game, OUT / name)
        print(f"{name}: the mistake is step {expected[name]} of {len(game.log)}")
    write_json(OUT / "expected.json", expected, "the expected mistakes")


if __name__ == "__main__":
    main()
