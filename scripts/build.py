"""Build the app with PyInstaller, as a windowed program with the app's icon
and version, both ways:

- dist/onedir/SolitaireTutor/   one folder: for school PCs where temp-folder
                                cleaners or AppLocker stop one-file apps (copy
                                the whole folder, even to a pupil's own folder);
- dist/onefile/SolitaireTutor(.exe)   one file: easy to hand out.

    python -m pip install ".[build]"
    python scripts/build.py             # both
    python scripts/build.py --onedir    # only the one-folder program (what CI checks)

The shipped files (images/ and lessons/) go inside the program as the package
data `solitaire_tk/data/`, where solitaire_tk/resources.py finds them, just as
in the wheel.  `dist/onedir/SolitaireTutor/SolitaireTutor --selftest` checks a build.
"""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "SolitaireTutor"
SHIPPED = ("images", "lessons")  # as in solitaire_tk/resources.py
NOT_SHIPPED = shutil.ignore_patterns("screens", "__pycache__")  # the README's pictures


def package_version() -> str:
    """`__version__` of solitaire_tk/__init__.py (pyproject.toml reads the same)."""
    tree = ast.parse((ROOT / "solitaire_tk" / "__init__.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant)
                and any(isinstance(t, ast.Name) and t.id == "__version__" for t in node.targets)):
            return str(node.value.value)
    raise SystemExit("solitaire_tk/__init__.py has no __version__")


def windows_version_file(version: str, folder: Path) -> Path:
    """The version information Windows shows in the file's Properties."""
    numbers = tuple(int(part) for part in (version.split(".") + ["0"] * 4)[:4])
    path = folder / "version_info.txt"
    strings = {"CompanyName": "Solitaire Tutor", "FileDescription": "Solitaire Tutor",
               "FileVersion": version, "InternalName": NAME, "LegalCopyright": "MIT licence",
               "OriginalFilename": f"{NAME}.exe", "ProductName": "Solitaire Tutor",
               "ProductVersion": version}
    path.write_text(f"""VSVersionInfo(
  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}, mask=0x3f, flags=0x0,
                    OS=0x40004, fileType=0x1, subtype=0x0, date=(0, 0)),
  kids=[
    StringFileInfo([StringTable('040904B0', [
      {", ".join(f"StringStruct({key!r}, {value!r})" for key, value in strings.items())}])]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
""", encoding="utf-8")
    return path


def stage_data(folder: Path) -> Path:
    """A clean copy of the shipped folders (no README pictures, no caches)."""
    data = folder / "data"
    if data.exists():
        shutil.rmtree(data)
    for name in SHIPPED:
        shutil.copytree(ROOT / name, data / name, ignore=NOT_SHIPPED)
    return data


def pyinstaller(kind: str, data: Path, version_file: Path | None) -> None:
    sep = os.pathsep  # PyInstaller's --add-data uses ';' on Windows, ':' elsewhere
    command = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--windowed",
        "--log-level", "WARN", f"--{kind}", "--name", NAME,
        "--icon", str(ROOT / "images" / "icon.ico"),
        # ImageTk finds Tk through this module, which PyInstaller does not see.
        "--hidden-import", "PIL._tkinter_finder",
        # The games and their hint strategies are imported by name (registry.py,
        # tutor/hints.py), which PyInstaller does not follow.
        "--collect-submodules", "solitaire_tk",
        "--paths", str(ROOT),  # this checkout's package, whatever else is installed
        "--distpath", str(ROOT / "dist" / kind), "--workpath", str(ROOT / "build" / kind),
        "--specpath", str(ROOT / "build"),
    ]
    for name in SHIPPED:
        command += ["--add-data", f"{data / name}{sep}solitaire_tk/data/{name}"]
    if version_file is not None:
        command += ["--version-file", str(version_file)]
    command.append(str(ROOT / "scripts" / "launcher.py"))
    print(" ".join(command), flush=True)
    subprocess.run(command, check=True, cwd=ROOT)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Build Solitaire Tutor with PyInstaller.")
    parser.add_argument("--onedir", action="store_true", help="only the one-folder program")
    parser.add_argument("--onefile", action="store_true", help="only the one-file program")
    args = parser.parse_args(argv)
    kinds = [kind for kind in ("onedir", "onefile") if getattr(args, kind)] or ["onedir", "onefile"]
    work = ROOT / "build"
    work.mkdir(exist_ok=True)
    version = package_version()
    version_file = windows_version_file(version, work) if sys.platform == "win32" else None
    data = stage_data(work)
    for kind in kinds:
        pyinstaller(kind, data, version_file)
    print(f"Built Solitaire Tutor {version}: " + ", ".join(f"dist/{kind}/" for kind in kinds))


if __name__ == "__main__":
    main()
