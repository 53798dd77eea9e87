"""Golden playthroughs: a committed saved game per game and variant must
replay to exactly the committed final position (scripts/make_golden.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solitaire_tk import GAME_IDS, load_game
from solitaire_tk.registry import game_class

GOLDEN = Path(__file__).parent / "golden"
NAMES = [f"{gid}-{variant}" for gid in GAME_IDS for variant in game_class(gid).variants]


@pytest.mark.parametrize("name", NAMES)
def test_golden_playthrough(name: str) -> None:
    expected = json.loads((GOLDEN / f"{name}.final.json").read_text(encoding="utf-8"))
    game = load_game(GOLDEN / f"{name}.json")
    piles = {pid: " ".join(repr(card) for card in pile) for pid, pile in game.piles.items()}
    assert piles == expected["piles"]
    assert (game.score(), game.is_over(), game.is_won()) == \
        (expected["score"], expected["over"], expected["won"])
    assert len(game.log) > 30, "a golden game should be a real game, not a few moves"
