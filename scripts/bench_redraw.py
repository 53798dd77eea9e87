"""Redraw figures for scripts/benchmark.py (`--redraw`): how long the real
window takes to show a move, an undo, and the whole table drawn again.

Each game and variant is opened in a real TutorApp window (on a virtual X
screen of our own where no DISPLAY is set), played up to 15 random moves
into the deal, and once the rest of the deck's pictures are made (the
first seconds' work), for REDRAW_ROUNDS rounds: a legal move that does not
end the game (the end brings its own dialog), through the same path a
click takes (`try_move`), an undo, and the whole table laid out and drawn
again (what a resize or a new card back does, with the cards' pictures
already made).  Each figure runs until Tk's `update` has handled everything
the change queued (the tutor panel, the marks) and the X server has drawn it.
"""

from __future__ import annotations

import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from solitaire_tk import GAME_IDS, new_game  # noqa: E402
from solitaire_tk.engine import Game  # noqa: E402
from solitaire_tk.moves import Move  # noqa: E402
from solitaire_tk.registry import game_class  # noqa: E402

REDRAW_ROUNDS = 15
MOVE_TARGET_MS = 50      # a move shown this fast feels instant
REDRAW_TARGET_MS = 100   # the whole table, as after a resize
# The window's own extras that would run behind the figures' backs.
QUIET = {"auto_move": False, "animations": False, "celebrate": False, "winnable_deals": []}


def redraw_figures(geometry: str = "1100x720+0+0") -> None:
    from tests.xvfb import start_xvfb
    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb = start_xvfb("1400x900x24")
        if xvfb is None:
            print("\nRedraw: no X display and Xvfb could not be started, so not timed")
            return
    try:
        print(f"\nRedraw in the real window ({geometry.split('+')[0]}), median and worst of "
              f"{REDRAW_ROUNDS} (targets: a move or undo under {MOVE_TARGET_MS} ms, "
              f"the whole table under {REDRAW_TARGET_MS} ms):")
        print(f"{'game':<10} {'variant':<13} {'move':>8} {'worst':>8} {'undo':>8} {'worst':>8} "
              f"{'table':>8} {'worst':>8}")
        for game_id in GAME_IDS:
            for variant in game_class(game_id).variants:
                figures = _one_game(game_id, variant, geometry)
                cells = " ".join(f"{statistics.median(times) * 1000:6.1f}ms "
                                 f"{max(times) * 1000:6.1f}ms" for times in figures)
                print(f"{game_id:<10} {variant:<13} {cells}", flush=True)
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=5)


def _one_game(game_id: str, variant: str,
              geometry: str) -> tuple[list[float], list[float], list[float]]:
    import tkinter as tk

    from solitaire_tk.ui.app import TutorApp
    from solitaire_tk.userdata import DataStore
    rng = random.Random(7)
    game = new_game(game_id, variant, seed=7)
    game = _into_the_deal(game, rng)
    with tempfile.TemporaryDirectory() as folder:
        store = DataStore(Path(folder))
        for name, value in QUIET.items():
            setattr(store.settings, name, value)
        root = tk.Tk(className="SolitaireTutorBenchmark")
        root.geometry(geometry)
        try:
            app = TutorApp(root, store, game)
            _settle(root, app.table.cards_all_kept)
            moves: list[float] = []
            undos: list[float] = []
            tables: list[float] = []
            for _ in range(REDRAW_ROUNDS):
                legal = _going_on(app.game)
                if legal:
                    move = rng.choice(legal)
                    moves.append(_timed(root, lambda: app.try_move(move)))
                    if app.game.can_undo():
                        undos.append(_timed(root, app.undo))
                tables.append(_timed(root, lambda: app.table._relayout(force=True)))
            return moves or [0.0], undos or [0.0], tables
        finally:
            root.destroy()


def _going_on(game: Game) -> list[Move]:
    return [move for move in game.legal_moves() if not _ends_the_game(game, move)]


def _into_the_deal(game: Game, rng: random.Random, steps: int = 15) -> Game:
    """`game` after up to `steps` random moves, at a position with moves
    that do not end it (or the deal, if every way ends at once)."""
    positions = [game.copy()]
    for _ in range(steps):
        going_on = _going_on(game)
        if not going_on:
            break
        game.play(rng.choice(going_on))
        positions.append(game.copy())
    while len(positions) > 1 and not _going_on(positions[-1]):
        positions.pop()
    return positions[-1]


def _ends_the_game(game: Game, move: Move) -> bool:
    """Whether `move` ends the game: the figures are of moves in play (the
    end brings the game-over dialog, another thing)."""
    after = game.copy()
    after.play(move)
    return after.is_over()


def _settle(root: object, done: Callable[[], bool]) -> None:
    """Let the window settle: the rest of the deck's pictures are made a card
    at a time after start-up, and that once-only work is not a redraw."""
    end = time.monotonic() + 30
    while time.monotonic() < end and not done():
        root.update()   # type: ignore[attr-defined]
        time.sleep(0.01)
    root.update()   # type: ignore[attr-defined]


def _timed(root: object, change: Callable[[], object]) -> float:
    root.update()   # type: ignore[attr-defined]
    start = time.perf_counter()
    change()
    root.update()   # type: ignore[attr-defined]  # handles what it queued; waits for the X server
    return time.perf_counter() - start


if __name__ == "__main__":
    redraw_figures()
