"""Smoke test: every game and variant opens, is played to its end with the
keyboard alone (the golden playthroughs, move by move), and is photographed."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from PIL import ImageGrab

from solitaire_tk import GAME_IDS, Move, new_game
from solitaire_tk.registry import game_class

from .gui import Driver, KeyboardPlayer

GOLDEN = Path(__file__).parent / "golden"
NAMES = [f"{gid}-{variant}" for gid in GAME_IDS for variant in game_class(gid).variants]


@pytest.mark.parametrize("name", NAMES)
def test_play_a_whole_game_with_the_keyboard(name: str, display: str, data_dir: Path,
                                             tmp_path: Path) -> None:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    game = new_game(record["game"], record["variant"], seed=record["seed"],
                    options=record["options"])
    driver = Driver(game, data_dir, geometry="1024x700+0+0")
    try:
        keys = KeyboardPlayer(driver)
        for number, entry in enumerate(record["log"], start=1):
            move = None if entry["action"] == "undo" else Move.from_json(entry)
            keys.play(move)
            played = {k: v for k, v in driver.game.log[-1].items() if k != "t"}
            wanted = {k: v for k, v in entry.items() if k != "t"}
            assert played == wanted, f"entry {number}: the keys played {played}, not {wanted}"
        assert driver.game.is_over()
        dialog = getattr(driver.app, "game_over_dialog", None)
        assert dialog is not None and dialog.winfo_exists(), "the game-over dialog is shown"
        driver.pump(50)
        x, y = driver.root.winfo_rootx(), driver.root.winfo_rooty()
        shot = ImageGrab.grab(bbox=(x, y, x + driver.root.winfo_width(),
                                    y + driver.root.winfo_height()),
                              xdisplay=os.environ["DISPLAY"])
        shot.save(tmp_path / f"{name}.png")
        assert shot.getbbox() is not None and len(shot.getcolors(1 << 16) or []) > 10
    finally:
        driver.close()
