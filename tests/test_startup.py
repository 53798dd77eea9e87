"""Opening the window quickly: what start-up loads, and the pictures of the
cards kept on disk so that they are drawn once (the times themselves are in
scripts/benchmark.py --startup)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tkinter as tk
from pathlib import Path

import pytest

from solitaire_tk.ui import cardart
from solitaire_tk.ui.images import CardImages, card_cache_dir

ROOT = Path(__file__).resolve().parent.parent

# Loaded only when the pupil opens them, never to put the first table up.
NOT_AT_START = ("PIL", "solitaire_tk.ui.cardart", "solitaire_tk.ui.deckdialog",
                "solitaire_tk.ui.statsdialog", "solitaire_tk.ui.playersdialog",
                "solitaire_tk.ui.dialogs", "solitaire_tk.ui.gamefiles", "tkinter.filedialog")


def start_app(data_dir: Path, *args: str, probe: str = "1") -> set[str]:
    """Start the real app in its own process; the modules it had loaded when
    its window was mapped and the table drawn (ui/startprobe.py).  With
    `probe="settled"` it runs on until the deck's pictures are all kept."""
    return set(probe_lines(data_dir, *args, probe=probe)[1].split()[1:])


def probe_lines(data_dir: Path, *args: str, probe: str = "1") -> list[str]:
    """What the real app, started in its own process, said to the probe."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SOLITAIRE_TK_STARTUP_PROBE": probe}
    result = subprocess.run([sys.executable, "-m", "solitaire_tk", "--data-dir", str(data_dir),
                             *args], cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=120)
    lines = result.stdout.splitlines()
    assert result.returncode == 0 and lines and lines[0].startswith("drawn "), result.stderr
    return lines


def kept_cards(data_dir: Path) -> set[str]:
    """The names of the cards (and backs) kept in a data folder, in either form."""
    return {path.stem for path in card_cache_dir(data_dir).glob("*/*/*")
            if path.suffix in (".ppz", ".png")}


def test_the_second_start_draws_the_table_without_pillow_or_dialogs(display: str,
                                                                     data_dir: Path) -> None:
    first = start_app(data_dir, "cruel", "--seed", "3")
    assert "solitaire_tk.ui.cardart" in first, "the first start draws the cards"
    assert len(kept_cards(data_dir)) == 52, "every card Cruel shows is kept"
    quick = list(card_cache_dir(data_dir).glob("*/*/*.ppz"))
    assert len(quick) == 52, "every card in the quick form"
    again = start_app(data_dir, "cruel", "--seed", "3")
    assert "solitaire_tk.ui.table" in again
    loaded_too_soon = [name for name in again if name.split(".")[0] == "PIL"
                       or name in NOT_AT_START]
    assert loaded_too_soon == []


def test_cards_a_deal_did_not_show_are_kept_after_start_up(display: str,
                                                          data_dir: Path) -> None:
    start_app(data_dir, "klondike", "--seed", "1", probe="settled")
    kept = kept_cards(data_dir)
    assert len(kept) == 53, "the whole deck and the back, not only the cards dealt face up"
    assert "AS" in kept and "KH" in kept and "back-blue" in kept
    another_deal = start_app(data_dir, "klondike", "--seed", "2")
    assert not [name for name in another_deal if name.split(".")[0] == "PIL"], \
        "the next deal's cards are read from disk, not drawn"


def test_the_garbage_collector_is_on_again_once_the_window_is_up(display: str,
                                                                 data_dir: Path) -> None:
    lines = probe_lines(data_dir, "thirteen", "--seed", "4", probe="settled")
    assert lines[-1] == "collector on"


def test_importing_the_window_loads_no_dialog_and_no_pillow() -> None:
    code = ("import sys, solitaire_tk.ui.app, solitaire_tk.ui.launch\n"
            "print(' '.join(sys.modules))")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)})
    loaded = set(result.stdout.split())
    assert "solitaire_tk.ui.app" in loaded
    assert [name for name in NOT_AT_START if name in loaded] == []


@pytest.fixture
def root(display: str):  # type: ignore[no-untyped-def]
    window = tk.Tk()
    yield window
    window.destroy()


def pixels(image: tk.PhotoImage) -> bytes:
    """Every pixel's colour and see-through-ness, as Tk has them."""
    from PIL import Image
    data = image.tk.call(image, "data", "-format", "png")
    return Image.open(io.BytesIO(data)).convert("RGBA").tobytes()


def test_a_kept_card_is_the_card_drawn(root: tk.Tk, tmp_path: Path) -> None:
    drawn = CardImages(root)           # no folder: every card drawn
    drawn.set_size(71, 99)
    keeping = CardImages(root, tmp_path)
    keeping.set_size(71, 99)
    keeping.face("QH", False)
    keeping.back("red")
    reading = CardImages(root, tmp_path)
    reading.set_size(71, 99)
    face, back = reading.face("QH", False), reading.back("red")
    assert reading._kept("QH") is not None and reading._kept("back-red") is not None
    assert sorted(path.name for path in tmp_path.glob("*/71x99/*")) == \
        ["QH.ppz", "back-red.png", "edge.bin"], "the face kept as colours, with the corners once"
    assert pixels(face) == pixels(drawn.face("QH", False))
    assert pixels(back) == pixels(drawn.back("red"))
    assert pixels(face) == cardart.card_face("QH", 71, 99).tobytes()


def test_a_damaged_picture_is_drawn_again_and_written_over(root: tk.Tk, tmp_path: Path) -> None:
    images = CardImages(root, tmp_path)
    images.set_size(80, 112)
    good = pixels(images.face("7S", True))
    kept = next(tmp_path.glob("*/80x112/7S-4.ppz"))
    kept.write_bytes(kept.read_bytes()[:200])      # cut short, as by a full disk
    again = CardImages(root, tmp_path)
    again.set_size(80, 112)
    assert pixels(again.face("7S", True)) == good
    fresh = CardImages(root, tmp_path)
    fresh.set_size(80, 112)
    assert fresh._kept("7S-4") is not None and pixels(fresh.face("7S", True)) == good


def test_a_card_whose_corners_are_not_the_kept_ones_is_kept_as_png(root: tk.Tk,
                                                                   tmp_path: Path) -> None:
    first = CardImages(root, tmp_path)
    first.set_size(80, 112)
    first.back("blue")                       # keeps this size's corners in edge.bin
    edge = next(tmp_path.glob("*/80x112/edge.bin"))
    runs, picture = edge.read_bytes().split(b"\n", 1)
    edge.write_bytes(b"0 0 1 " + runs + b"\n" + picture)   # corners no card has
    keeping = CardImages(root, tmp_path)
    keeping.set_size(80, 112)
    drawn = pixels(keeping.face("KD", False))
    assert next(tmp_path.glob("*/80x112/KD.png")), "kept whole, see-through pixels and all"
    assert not list(tmp_path.glob("*/80x112/KD.ppz"))
    reading = CardImages(root, tmp_path)
    reading.set_size(80, 112)
    assert pixels(reading.face("KD", False)) == drawn == cardart.card_face("KD", 80, 112).tobytes()


def test_damaged_kept_corners_mean_the_cards_are_drawn_again(root: tk.Tk, tmp_path: Path) -> None:
    keeping = CardImages(root, tmp_path)
    keeping.set_size(80, 112)
    good = pixels(keeping.face("3C", False))
    next(tmp_path.glob("*/80x112/edge.bin")).write_bytes(b"not the corners")
    reading = CardImages(root, tmp_path)
    reading.set_size(80, 112)
    assert reading._kept("3C") is None, "a card is never shown with corners that may be wrong"
    assert pixels(reading.face("3C", False)) == good


def test_kept_corners_whose_picture_is_cut_short_are_kept_again(root: tk.Tk,
                                                                tmp_path: Path) -> None:
    keeping = CardImages(root, tmp_path)
    keeping.set_size(80, 112)
    good = pixels(keeping.face("4D", False))
    edge = next(tmp_path.glob("*/80x112/edge.bin"))
    edge.write_bytes(edge.read_bytes()[:300])      # the runs, and the start of the PNG
    reading = CardImages(root, tmp_path)
    reading.set_size(80, 112)
    assert pixels(reading.face("4D", False)) == good
    assert pixels(reading.face("5D", False)) == cardart.card_face("5D", 80, 112).tobytes()
    assert next(tmp_path.glob("*/80x112/5D.ppz")), "the corners were kept again, whole"
    again = CardImages(root, tmp_path)
    again.set_size(80, 112)
    assert again._kept("5D") is not None and pixels(again.face("5D", False)) == \
        cardart.card_face("5D", 80, 112).tobytes()


def test_a_cache_folder_that_cannot_be_made_still_gives_every_card(root: tk.Tk,
                                                                   tmp_path: Path) -> None:
    blocked = tmp_path / "cache"
    blocked.write_text("a file where the folder should be", encoding="utf-8")
    images = CardImages(root, blocked / "cards")
    images.set_size(50, 70)
    face = images.face("AD", False)
    assert (face.width(), face.height()) == (50, 70)
    assert blocked.read_text(encoding="utf-8").startswith("a file")


def test_only_the_latest_card_sizes_are_kept(root: tk.Tk, tmp_path: Path) -> None:
    images = CardImages(root, tmp_path)
    for step, width in enumerate(range(40, 40 + 2 * 9, 2)):   # nine sizes, as a window is dragged
        images.set_size(width, int(width * 1.4))
        images.back("blue")
        used = next(tmp_path.glob(f"*/{width}x{int(width * 1.4)}"))
        os.utime(used, (1000 + step, 1000 + step))   # in order, whatever the clock's grain
    sizes = sorted(path.name for path in tmp_path.glob("*/*") if path.is_dir())
    from solitaire_tk.ui.images import KEPT_SIZES
    assert len(sizes) == KEPT_SIZES
    assert "56x78" in sizes and "40x56" not in sizes


def test_the_window_icon_is_read_from_its_small_pictures(root: tk.Tk) -> None:
    from solitaire_tk.ui.window import prepare_root
    prepare_root(root)
    assert [(image.width(), image.height()) for image in root._tutor_icon] == [(64, 64), (32, 32)]


def test_a_tk_that_cannot_read_the_quick_form_gets_png_from_then_on(root: tk.Tk, tmp_path: Path,
                                                                    monkeypatch) -> None:
    keeping = CardImages(root, tmp_path)
    keeping.set_size(80, 112)
    good = pixels(keeping.face("9H", False))
    assert next(tmp_path.glob("*/80x112/9H.ppz"))
    from solitaire_tk.ui import images

    made_by_tk = tk.PhotoImage

    def no_ppm(*args, **options):  # type: ignore[no-untyped-def]
        if options.get("format") == "ppm":
            raise tk.TclError("couldn't recognize image data")
        return made_by_tk(*args, **options)

    monkeypatch.setattr(images.tk, "PhotoImage", no_ppm)
    older = CardImages(root, tmp_path)
    older.set_size(80, 112)
    assert pixels(older.face("9H", False)) == good
    assert next(tmp_path.glob("*/80x112/9H.png")) and not list(tmp_path.glob("*/80x112/9H.ppz"))
    assert older._kept("9H") is not None, "read from the PNG now"
