"""Where the app's shipped files are: images/ and lessons/.

Every shipped file is found through `importlib.resources`: an installed
wheel and the PyInstaller build carry them inside the package as
`solitaire_tk/data/images` and `solitaire_tk/data/lessons` (setup.py and
scripts/build.py put them there).  A source checkout has no `data/`: there
the folders beside the package are used.
"""

from __future__ import annotations

import atexit
from contextlib import ExitStack
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable
from pathlib import Path

SHIPPED = ("images", "lessons")  # the folders the app needs at run time
NOT_SHIPPED = ("screens",)  # images/screens: the README's pictures, not the app's

_PACKAGE = "solitaire_tk"
_CHECKOUT = Path(__file__).resolve().parent.parent
_real_files = ExitStack()  # files unpacked from an archive live until the app ends
atexit.register(_real_files.close)


def resource_root(name: str) -> Traversable:
    """The folder `images` or `lessons`, wherever this copy of the app keeps it."""
    packaged = files(_PACKAGE).joinpath("data", name)
    if packaged.is_dir():
        return packaged
    beside = _CHECKOUT / name
    if beside.is_dir():
        return beside
    raise FileNotFoundError(f"The app's '{name}' folder is missing; please reinstall "
                            "Solitaire Tutor.")


def resource(folder: str, *parts: str) -> Path:
    """A shipped file (or folder) as a real path, for Tk, Pillow and Windows,
    which open files by name."""
    return _real_files.enter_context(as_file(resource_root(folder).joinpath(*parts)))


def read_resource(folder: str, *parts: str) -> bytes:
    """The bytes of a shipped file; FileNotFoundError says which one is missing."""
    found = resource_root(folder).joinpath(*parts)
    if not found.is_file():
        raise FileNotFoundError(f"The app's file {folder}/{'/'.join(parts)} is missing; "
                                "please reinstall Solitaire Tutor.")
    return found.read_bytes()


def resource_files(folder: str, *parts: str) -> list[str]:
    """The names of the files in a shipped folder, sorted."""
    place = resource_root(folder).joinpath(*parts)
    return sorted(entry.name for entry in place.iterdir() if entry.is_file()) \
        if place.is_dir() else []


def resource_dir(name: str) -> Path:
    """The folder `images` or `lessons` as a real path."""
    return resource(name)
