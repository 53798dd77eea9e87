"""The same window driven through the X server itself (xdotool moves the real
pointer and presses real keys), as a pupil's mouse and keyboard would."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from solitaire_tk import new_game

from .gui import Driver

pytestmark = pytest.mark.skipif(shutil.which("xdotool") is None,
                                reason="xdotool is not installed (CI installs it)")


def xdo(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10)


def test_real_pointer_click_drag_and_keys(display: str, data_dir: Path) -> None:
    d = Driver(new_game("klondike", seed=42), data_dir)
    try:
        d.pump(200)
        ox, oy = d.table.winfo_rootx(), d.table.winfo_rooty()
        x, y = d.card_point("stock")
        xdo("mousemove", str(ox + x), str(oy + y), "click", "1")
        d.pump(300)
        assert len(d.game.piles["waste"]) == 1, "a real click on the deck turns a card"
        (x1, y1), (x2, y2) = d.card_point("tableau1"), d.place_point("tableau2")
        xdo("mousemove", str(ox + x1), str(oy + y1), "mousedown", "1")
        d.pump(50)
        for step in range(1, 8):
            xdo("mousemove", str(ox + x1 + (x2 - x1) * step // 7),
                str(oy + y1 + (y2 - y1) * step // 7))
            d.pump(20)
        xdo("mouseup", "1")
        d.pump(300)
        assert [c.code for c in d.game.piles["tableau2"]][-2:] == ["7D", "6S"]
        xdo("key", "--window", str(d.root.winfo_id()), "ctrl+z")
        d.pump(300)
        assert d.game.log[-1]["action"] == "undo"
        assert [c.code for c in d.game.piles["tableau1"]] == ["6S"]
    finally:
        d.close()
