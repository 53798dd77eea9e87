"""PhotoImages of cards for one Tk root, made on demand and kept.

Tk forgets an image that Python no longer holds, so the cache keeps every
PhotoImage it made for the current card size; a new size starts afresh.

Drawing a card (`cardart`, with Pillow) is the slowest part of opening the
window, so each card drawn is also kept on disk in a folder per card size
(`cache_dir`, the data folder's cache), and Tk reads it from there next
time, without Pillow.  A missing, damaged or unreadable file is drawn again;
a folder that cannot be written to is simply not used.

Tk reads a PNG with see-through pixels slowly (half a millisecond a card, so
a quarter of Cruel's start-up), but a plain PPM picture eight times faster.
Every card has the same rounded corners, so a card is kept as its colours
(`NAME.ppz`: a PPM, compressed) and the corners' see-through pixels are kept
once per size (`edge.bin`: which pixels, and a PNG of a card that has them);
Tk copies those pixels onto each card it reads.  A picture whose corners
differ from the kept ones is kept as PNG (`NAME.png`) instead.

The first games at a new size show only some cards, so the others would be
drawn (and Pillow loaded) at the next starts.  `keep_one_more` draws one card
not kept yet; the table calls it now and then once the pupil has the window,
so that from the next start on every card of the deck is read from disk.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import tkinter as tk
import zlib
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from .. import __version__
from ..cards import RANKS, SUITS
from ..storage import UnusableFile, read_limited

if TYPE_CHECKING:
    from PIL import Image

# Change when the drawing of the cards (or how they are kept) changes, so old
# pictures are not used; beside the app's version, the size and date of
# cardart.py (where it is a file) count.
ART_VERSION = 4
KEPT_SIZES = 6   # card sizes kept on disk; the ones used longest ago go first
_CARDART = Path(__file__).with_name("cardart.py")
EDGE_FILE = "edge.bin"
FAST, PNG = ".ppz", ".png"
MAX_PICTURE_BYTES = 4 << 20    # far more than a card of the biggest size needs
MAX_EDGE_RUNS = 400            # rows of see-through pixels; more: not a card's corners
_SEE_THROUGH = re.compile(rb"[^\xff]+")   # a run of alpha bytes below 255
# Copies the corners' see-through pixels, row by row, from the kept edge onto a card.
_EDGE_COMMAND = "::solitaire_tk_edge"
_EDGE_PROC = ("proc %s {image edge runs} {foreach {x0 y x1} $runs "
              "{$image copy $edge -from $x0 $y $x1 [expr {$y + 1}] -to $x0 $y "
              "-compositingrule set}}" % _EDGE_COMMAND)


def card_cache_dir(data_folder: Path) -> Path:
    """Where the pictures of drawn cards are kept, inside a data folder."""
    return Path(data_folder) / "cache" / "cards"


def _art_key() -> str:
    try:
        stat = _CARDART.stat()
        source = f"-{stat.st_size}-{stat.st_mtime_ns}"
    except OSError:   # a frozen app has no source files; its version says enough
        source = ""
    return f"v{__version__}-{ART_VERSION}{source}"


class CardImages:
    def __init__(self, master: tk.Misc, cache_dir: Path | None = None) -> None:
        self._master = master
        self._size = (0, 0)
        self._cache: dict[tuple[str, bool, str], tk.PhotoImage] = {}
        self.cache_dir = cache_dir
        self._folder: Path | None = None   # this size's pictures, once known usable
        self._unkept: list[str] | None = None  # names not yet on disk at this size
        # The kept corners at this size: (runs, PNG bytes), and Tk's picture of them;
        # None until looked for, () when there are none (yet) or they are unusable.
        self._edge: tuple[tuple[int, ...], bytes] | tuple[()] | None = None
        self._edge_image: tk.PhotoImage | None = None
        self._fast_unreadable = False      # this Tk could not read a kept PPM

    def set_size(self, width: int, height: int) -> None:
        if (width, height) != self._size:
            self._size = (width, height)
            self._cache.clear()
            self._folder = None
            self._unkept = None
            self._edge = self._edge_image = None
            if self.cache_dir is not None:
                self._folder = self._size_folder(self.cache_dir / _art_key(),
                                                 f"{width}x{height}")

    def face(self, code: str, four_colour: bool) -> tk.PhotoImage:
        return self._get(code, four_colour, "")

    def back(self, style: str) -> tk.PhotoImage:
        return self._get("", False, style)

    def _get(self, code: str, four_colour: bool, back: str) -> tk.PhotoImage:
        key = (code, four_colour, back)
        image = self._cache.get(key)
        if image is None:
            name = f"back-{back}" if back else f"{code}{'-4' if four_colour else ''}"
            image = self._kept(name) or self._draw(code, four_colour, back, name)
            self._cache[key] = image
        return image

    def keep_one_more(self, four_colour: bool, back: str) -> bool:
        """Draw one card of the deck (or the back) that is not kept on disk yet
        at this size, and keep it; False when there is none left (or no folder)."""
        if self._folder is None:
            return False
        if self._unkept is None:
            try:
                kept = {name.rsplit(".", 1)[0] for name in os.listdir(self._folder)}
            except OSError:
                return False
            suffix = "-4" if four_colour else ""
            wanted = [f"back-{back}"] + [f"{rank}{suit}{suffix}"
                                         for suit in SUITS for rank in RANKS]
            self._unkept = [name for name in wanted if name not in kept]
        while self._unkept:
            name = self._unkept.pop()
            if not self._is_kept(name):   # another window may have kept it
                self._store(name, self._art(*_parse_name(name)))
                return True
        return False

    # -- the pictures on disk ----------------------------------------------------
    def _size_folder(self, art_folder: Path, size: str) -> Path | None:
        """The folder of this size's pictures (made, and marked as just used),
        or None when it cannot be had; only the latest KEPT_SIZES sizes stay."""
        folder = art_folder / size
        try:
            if folder.is_dir():
                os.utime(folder)
                return folder
            folder.mkdir(parents=True, exist_ok=True)
            self._tidy(art_folder.parent, art_folder)
            return folder
        except OSError:
            return None

    @staticmethod
    def _tidy(cache_dir: Path, art_folder: Path) -> None:
        """Remove pictures of an older drawing, and all but the latest sizes."""
        for old in cache_dir.iterdir():
            if old != art_folder and old.is_dir() and not old.is_symlink():
                shutil.rmtree(old, ignore_errors=True)
        sizes = [path for path in art_folder.iterdir() if path.is_dir()]
        sizes.sort(key=lambda path: path.stat().st_mtime, reverse=True)
        for old in sizes[KEPT_SIZES:]:
            shutil.rmtree(old, ignore_errors=True)

    def _is_kept(self, name: str) -> bool:
        assert self._folder is not None
        return any((self._folder / f"{name}{suffix}").is_file() for suffix in (FAST, PNG))

    def _kept(self, name: str) -> tk.PhotoImage | None:
        """The picture kept on disk as `name` (either form), or None."""
        if self._folder is None:
            return None
        try:
            image = self._read_fast(name) if not self._fast_unreadable else None
            if image is None:
                image = self._read_png(name)
        except (OSError, UnusableFile, zlib.error, tk.TclError):
            return None   # damaged or unreadable: drawn again (and written over)
        if image is None or (image.width(), image.height()) != self._size:
            return None
        return image

    def _read_png(self, name: str) -> tk.PhotoImage | None:
        assert self._folder is not None
        path = self._folder / f"{name}{PNG}"
        if not path.is_file():
            return None
        return tk.PhotoImage(master=self._master, file=str(path), format="png")

    def _read_fast(self, name: str) -> tk.PhotoImage | None:
        """A card kept as its colours, with the kept corners copied on."""
        assert self._folder is not None
        try:
            packed = read_limited(self._folder / f"{name}{FAST}", MAX_PICTURE_BYTES)
        except FileNotFoundError:
            return None
        edge = self._edge_picture()
        if edge is None:
            return None
        colours = zlib.decompress(packed)
        try:
            image = tk.PhotoImage(master=self._master, data=colours, format="ppm")
        except tk.TclError:
            if colours.startswith(b"P6"):   # a good PPM this Tk cannot read: PNG from now on
                self._fast_unreadable = True
            raise
        self._master.tk.call(_EDGE_COMMAND, image, edge, self._edge_runs())
        return image

    def _edge_runs(self) -> tuple[int, ...]:
        return self._edge[0] if self._edge else ()

    def _edge_picture(self) -> tk.PhotoImage | None:
        """Tk's picture of the kept corners at this size (read once), or None."""
        if self._edge_image is not None:
            return self._edge_image
        edge = self._kept_edge()
        if not edge:
            return None
        if not self._master.tk.call("info", "procs", _EDGE_COMMAND):
            self._master.tk.eval(_EDGE_PROC)
        try:
            image = tk.PhotoImage(master=self._master, data=edge[1], format="png")
        except tk.TclError:
            image = None    # damaged: kept again from a blank face when a card is drawn
        if image is None or (image.width(), image.height()) != self._size:
            self._edge = ()
            return None
        self._edge_image = image
        return image

    def _kept_edge(self) -> tuple[tuple[int, ...], bytes] | tuple[()]:
        """(runs, PNG) of the corners kept at this size; () when none are, or the
        file is damaged.  A run is three numbers: x0, y, x1 (x1 not included)."""
        if self._edge is None:
            self._edge = ()
            assert self._folder is not None
            try:
                data = read_limited(self._folder / EDGE_FILE, MAX_PICTURE_BYTES)
                line, picture = data.split(b"\n", 1)
                runs = tuple(int(number) for number in line.split())
            except (OSError, UnusableFile, ValueError):
                return ()
            if runs and len(runs) % 3 == 0 and picture.startswith(b"\x89PNG"):
                self._edge = (runs, picture)
        return self._edge

    def _draw(self, code: str, four_colour: bool, back: str, name: str) -> tk.PhotoImage:
        art = self._art(code, four_colour, back)
        data = _png(art)
        if self._folder is not None:
            self._store(name, art, data)
        return tk.PhotoImage(master=self._master, data=data, format="png")

    def _art(self, code: str, four_colour: bool, back: str) -> Image.Image:
        """A card (or a back) drawn at this size, with Pillow."""
        from . import cardart   # Pillow is loaded only when a card must be drawn
        width, height = self._size
        return (cardart.card_back(back, width, height) if back
                else cardart.card_face(code, width, height, four_colour))

    def _store(self, name: str, art: Image.Image, data: bytes | None = None) -> None:
        """Keep a drawn card: as its colours where its corners are the kept ones
        (the first card kept at a size gives them), else as PNG."""
        assert self._folder is not None
        png = data or _png(art)
        runs, see_through = _edge_of(art)
        if runs and not self._fast_unreadable and self._edge_fits(runs, see_through):
            header = f"P6 {art.width} {art.height} 255\n".encode("ascii")
            colours = zlib.compress(header + art.convert("RGB").tobytes(), 6)
            if _write_whole(self._folder / f"{name}{FAST}", colours):
                _remove(self._folder / f"{name}{PNG}")
                return
        if _write_whole(self._folder / f"{name}{PNG}", png):
            _remove(self._folder / f"{name}{FAST}")

    def _edge_fits(self, runs: tuple[int, ...], see_through: bytes) -> bool:
        """Whether a card with these see-through pixels can take the kept corners,
        those of a blank face (kept now if no window has kept them yet)."""
        assert self._folder is not None
        kept = self._kept_edge()
        if not kept:
            self._edge = None   # another window may have kept them meanwhile
            kept = self._kept_edge()
        if kept and not _edge_of_png(kept[1], kept[0]):
            kept = ()           # their picture is damaged: kept again
        if not kept:
            from . import cardart
            blank = cardart.blank_face(*self._size)
            blank_runs = _edge_of(blank)[0]
            png = _png(blank)
            line = " ".join(map(str, blank_runs)).encode("ascii")
            if not blank_runs or not _write_whole(self._folder / EDGE_FILE, line + b"\n" + png):
                return False
            kept = self._edge = (blank_runs, png)
            self._edge_image = None
        return kept[0] == runs and _edge_of_png(kept[1], runs) == see_through


def _png(art: Image.Image) -> bytes:
    buffer = io.BytesIO()
    art.save(buffer, "PNG", compress_level=1)
    return buffer.getvalue()


def _edge_of(art: Image.Image) -> tuple[tuple[int, ...], bytes]:
    """The runs of a picture's see-through pixels (x0, y, x1 each) and those
    pixels' RGBA bytes; no runs when there are too many to be corners."""
    alpha = art.getchannel("A").tobytes()
    width = art.width
    runs: list[int] = []
    for y in range(art.height):
        for found in _SEE_THROUGH.finditer(alpha, y * width, (y + 1) * width):
            runs += (found.start() - y * width, y, found.end() - y * width)
    if len(runs) > 3 * MAX_EDGE_RUNS:
        return (), b""
    return tuple(runs), _pixels_at(art, tuple(runs))


@lru_cache(maxsize=4)   # the same kept corners, asked for each card drawn
def _edge_of_png(picture: bytes, runs: tuple[int, ...]) -> bytes:
    from PIL import Image
    try:
        with Image.open(io.BytesIO(picture)) as art:
            return _pixels_at(art.convert("RGBA"), runs)
    except (OSError, SyntaxError, ValueError):   # damaged: no card fits it
        return b""


def _pixels_at(art: Image.Image, runs: tuple[int, ...]) -> bytes:
    rgba = art.convert("RGBA").tobytes()
    row = 4 * art.width
    return b"".join(rgba[y * row + 4 * x0:y * row + 4 * x1]
                    for x0, y, x1 in zip(runs[0::3], runs[1::3], runs[2::3]))


def _write_whole(path: Path, data: bytes) -> bool:
    """Write the picture whole or not at all (another window may be reading it)."""
    temporary = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
        return True
    except OSError:
        _remove(temporary)
        return False


def _remove(path: Path) -> None:
    try:
        path.unlink(missing_ok=True)
    except OSError:
        pass


def _parse_name(name: str) -> tuple[str, bool, str]:
    """(code, four_colour, back) of a kept picture's name (see `_get`)."""
    if name.startswith("back-"):
        return "", False, name.removeprefix("back-")
    return name.removesuffix("-4"), name.endswith("-4"), ""
