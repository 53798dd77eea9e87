"""PhotoImages of cards for one Tk root, made on demand and kept.

Tk forgets an image that Python no longer holds, so the cache keeps every
PhotoImage it made for the current card size; a new size starts afresh.

Drawing a card (`cardart`, with Pillow) is the slowest part of opening the
window, so each card drawn is also kept as a PNG file in a folder per card
size (`cache_dir`, the data folder's cache), and Tk reads it from there next
time, without Pillow.  A missing, damaged or unreadable file is drawn again;
a folder that cannot be written to is simply not used.

The first games at a new size show only some cards, so the others would be
drawn (and Pillow loaded) at the next starts.  `keep_one_more` draws one card
not kept yet; the table calls it now and then once the pupil has the window,
so that from the next start on every card of the deck is read from disk.
"""

from __future__ import annotations

import io
import os
import shutil
import tkinter as tk
from pathlib import Path

from .. import __version__
from ..cards import RANKS, SUITS

# Change when the drawing of the cards changes, so old pictures are not used;
# beside the app's version, the size and date of cardart.py (where it is a file) count.
ART_VERSION = 1
KEPT_SIZES = 6   # card sizes kept on disk; the ones used longest ago go first
_CARDART = Path(__file__).with_name("cardart.py")


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

    def set_size(self, width: int, height: int) -> None:
        if (width, height) != self._size:
            self._size = (width, height)
            self._cache.clear()
            self._folder = None
            self._unkept = None
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
            name = f"back-{back}.png" if back else f"{code}{'-4' if four_colour else ''}.png"
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
                kept = set(os.listdir(self._folder))
            except OSError:
                return False
            suffix = "-4" if four_colour else ""
            wanted = [f"back-{back}.png"] + [f"{rank}{suit}{suffix}.png"
                                             for suit in SUITS for rank in RANKS]
            self._unkept = [name for name in wanted if name not in kept]
        while self._unkept:
            name = self._unkept.pop()
            if not (self._folder / name).is_file():   # another window may have kept it
                self._keep(self._folder / name, self._picture(*_parse_name(name)))
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

    def _kept(self, name: str) -> tk.PhotoImage | None:
        if self._folder is None:
            return None
        path = self._folder / name
        try:
            if not path.is_file():
                return None
            image = tk.PhotoImage(master=self._master, file=str(path), format="png")
        except (OSError, tk.TclError):
            return None   # damaged or unreadable: drawn again (and written over)
        if (image.width(), image.height()) != self._size:
            return None
        return image

    def _draw(self, code: str, four_colour: bool, back: str, name: str) -> tk.PhotoImage:
        data = self._picture(code, four_colour, back)
        if self._folder is not None:
            self._keep(self._folder / name, data)
        return tk.PhotoImage(master=self._master, data=data, format="png")

    def _picture(self, code: str, four_colour: bool, back: str) -> bytes:
        """A card (or a back) drawn at this size, as PNG."""
        from . import cardart   # Pillow is loaded only when a card must be drawn
        width, height = self._size
        art = (cardart.card_back(back, width, height) if back
               else cardart.card_face(code, width, height, four_colour))
        buffer = io.BytesIO()
        art.save(buffer, "PNG", compress_level=1)
        return buffer.getvalue()

    @staticmethod
    def _keep(path: Path, data: bytes) -> None:
        """Write the picture whole or not at all (another window may be reading it)."""
        temporary = path.with_name(f"{path.stem}.{os.getpid()}.tmp")
        try:
            temporary.write_bytes(data)
            os.replace(temporary, path)
        except OSError:
            try:
                temporary.unlink(missing_ok=True)
            except OSError:
                pass


def _parse_name(name: str) -> tuple[str, bool, str]:
    """(code, four_colour, back) of a kept picture's file name (see `_get`)."""
    stem = name.removesuffix(".png")
    if stem.startswith("back-"):
        return "", False, stem.removeprefix("back-")
    return stem.removesuffix("-4"), stem.endswith("-4"), ""
