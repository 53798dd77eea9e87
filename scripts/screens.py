"""Make the README's pictures: one PNG of each game, a few moves into a fixed
deal, with a hint showing, in a window of a fixed size.

    python scripts/screens.py        # writes images/screens/GAME.png

With no DISPLAY set it starts its own Xvfb (the xvfb package).  The pictures
are reduced and stored with a palette, so all of them together stay small.
"""

from __future__ import annotations

import os
import sys
import tempfile
import tkinter as tk
from pathlib import Path

from PIL import Image, ImageGrab

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's package, not an installed one

from solitaire_tk.registry import GAME_IDS, new_game  # noqa: E402
from solitaire_tk.ui.selftest import cancel_timers, next_move, open_drawn, quiet_store  # noqa: E402
from tests.xvfb import start_xvfb  # noqa: E402

OUT = ROOT / "images" / "screens"
SEED = 3
MOVES = 4
WINDOW = "1100x720+0+0"
WIDTH = 800  # pixels across in the README
COLOURS = 128


def picture(game_id: str, folder: Path) -> Image.Image:
    root = tk.Tk(className="SolitaireTutor")
    try:
        app = open_drawn(root, quiet_store(folder), new_game(game_id, seed=SEED), WINDOW)
        if app is None:
            raise SystemExit(f"{game_id}: the window did not open")
        for _ in range(MOVES):
            move = next_move(app.game)
            if move is not None:
                app.try_move(move)
                root.update()
        app.hint()
        for _ in range(20):  # the hint's arrow and the panel's words are drawn
            root.update()
        root.after(200, root.quit)
        root.mainloop()
        x, y = root.winfo_rootx(), root.winfo_rooty()
        box = (x, y, x + root.winfo_width(), y + root.winfo_height())
        return ImageGrab.grab(bbox=box, xdisplay=os.environ["DISPLAY"])
    finally:
        cancel_timers(root)
        root.destroy()


def small(image: Image.Image) -> Image.Image:
    height = round(image.height * WIDTH / image.width)
    reduced = image.convert("RGB").resize((WIDTH, height), Image.Resampling.LANCZOS)
    return reduced.quantize(COLOURS, method=Image.Quantize.MEDIANCUT)


def main() -> None:
    xvfb = None
    if not os.environ.get("DISPLAY"):
        xvfb = start_xvfb("1400x900x24")
        if xvfb is None:
            raise SystemExit("No DISPLAY, and Xvfb could not be started: install it "
                             "(sudo apt-get install xvfb).")
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory(prefix="solitaire-screens-") as data:
            for game_id in GAME_IDS:
                folder = Path(data) / game_id
                folder.mkdir()
                path = OUT / f"{game_id}.png"
                small(picture(game_id, folder)).save(path, optimize=True)
                print(f"wrote {path.relative_to(ROOT)} ({path.stat().st_size // 1024} KB)")
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=5)


if __name__ == "__main__":
    main()
