"""Where the app's shipped files are: images/ and lessons/.

In a source checkout they sit beside the package; an installed or frozen
(PyInstaller) app carries them inside the package as `solitaire_tk/data/`.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resource_dir(name: str) -> Path:
    """The folder `images` or `lessons`, wherever this copy of the app keeps it."""
    for candidate in (_PACKAGE / "data" / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"The app's '{name}' folder is missing; please reinstall Solitaire Tutor.")


def resource(folder: str, *parts: str) -> Path:
    return resource_dir(folder).joinpath(*parts)
