"""Write the golden playthroughs in tests/golden/ (one per game and variant).

Each is a saved game played by a simple seeded player (it takes a scoring
move when it sees one, otherwise a random move, and now and then undoes),
plus the final position it must reach.  Run this only when a rule change is
intended, and read the diff of the .final.json files before committing.

    python scripts/make_golden.py
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solitaire_tk import GAME_IDS, Game, new_game  # noqa: E402
from solitaire_tk.registry import game_class  # noqa: E402
from solitaire_tk.storage import write_json  # noqa: E402

GOLDEN = ROOT / "tests" / "golden"
SEED = 20261130
MAX_STEPS = 400


def progress(game: Game) -> int:
    # Cruel counts cards left (lower is better); the others count cards home.
    return -game.score() if game.game_id == "cruel" else game.score()


def play_out(game: Game, rng: random.Random) -> None:
    seen = {game.position()}
    for _ in range(MAX_STEPS):
        if game.is_over():
            return
        if game.can_undo() and rng.random() < 0.05:
            game.undo()
            continue
        scoring, fresh, other = [], [], []
        for move in game.legal_moves():
            trial = game.copy()
            trial.play(move)
            if progress(trial) > progress(game):
                scoring.append(move)
            elif trial.position() not in seen:
                fresh.append(move)
            else:
                other.append(move)
        game.play(rng.choice(scoring or fresh or other))
        seen.add(game.position())


def pick_game(game_id: str, variant: str) -> Game:
    """The first of a few deals that the player wins, else the longest finished game.

    Every golden game ends (won or lost), so the GUI smoke test can play
    each one to its end with the keyboard.
    """
    best: Game | None = None
    for seed in range(SEED, SEED + 40):
        rng = random.Random(f"{game_id}-{variant}-{seed}")
        game = new_game(game_id, variant, seed=seed, player="Golden")
        play_out(game, rng)
        if game.is_won():
            return game
        if game.is_over() and (best is None or len(game.log) > len(best.log)):
            best = game
    assert best is not None, f"no {game_id} {variant} game ended in {MAX_STEPS} moves"
    return best


def final_position(game: Game) -> dict[str, object]:
    return {
        "piles": {pid: " ".join(repr(card) for card in pile) for pid, pile in game.piles.items()},
        "score": game.score(), "over": game.is_over(), "won": game.is_won(),
    }


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for game_id in GAME_IDS:
        for variant in game_class(game_id).variants:
            game = pick_game(game_id, variant)
            record = game.to_json()
            record["started"] = "2026-11-30T00:00:00Z"
            for number, entry in enumerate(record["log"]):
                entry["t"] = float(number)  # stable times keep the diff readable
            name = f"{game_id}-{variant}"
            write_json(GOLDEN / f"{name}.json", record)
            write_json(GOLDEN / f"{name}.final.json", final_position(game))
            print(f"{name}: {len(record['log'])} entries, score {game.score()}, "
                  f"{game.outcome()}")


if __name__ == "__main__":
    main()
