"""Build the Windows (or Linux) app with PyInstaller, both ways:

- dist/SolitaireTutor.exe       one file: easy to hand out;
- dist/SolitaireTutor/          one folder: for school PCs where temp-folder
                                cleaners or AppLocker stop one-file apps.

    python -m pip install ".[build]"
    python scripts/build.py
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def pyinstaller(kind: str) -> None:
    sep = os.pathsep  # PyInstaller's --add-data uses ';' on Windows, ':' elsewhere
    command = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--windowed",
        f"--{kind}", "--name", "SolitaireTutor",
        "--icon", str(ROOT / "images" / "icon.ico"),
        # ImageTk finds Tk through this module, which PyInstaller does not see.
        "--hidden-import", "PIL._tkinter_finder",
        "--add-data", f"{ROOT / 'images'}{sep}solitaire_tk/data/images",
        "--add-data", f"{ROOT / 'lessons'}{sep}solitaire_tk/data/lessons",
        "--distpath", str(ROOT / "dist" / kind), "--workpath", str(ROOT / "build" / kind),
        "--specpath", str(ROOT / "build"),
        str(ROOT / "scripts" / "launcher.py"),
    ]
    print(" ".join(command))
    subprocess.run(command, check=True, cwd=ROOT)


def main() -> None:
    for kind in ("onedir", "onefile"):
        pyinstaller(kind)
    print("Built dist/onedir/SolitaireTutor/ and dist/onefile/SolitaireTutor(.exe)")


if __name__ == "__main__":
    main()
