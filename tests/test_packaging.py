"""The wheel carries every shipped file as package data, and an installed copy
reads them from there (through importlib.resources), not from a checkout."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from solitaire_tk.resources import NOT_SHIPPED, SHIPPED

ROOT = Path(__file__).resolve().parent.parent


def shipped_files() -> set[str]:
    return {f"solitaire_tk/data/{path.relative_to(ROOT).as_posix()}"
            for folder in SHIPPED for path in (ROOT / folder).rglob("*")
            if path.is_file() and "__pycache__" not in path.parts
            and not set(NOT_SHIPPED) & set(path.parts)}


def test_the_wheel_carries_the_shipped_files_and_an_install_reads_them(tmp_path: Path) -> None:
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", "tests"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    "--disable-pip-version-check",
                    "-w", str(tmp_path / "wheel"), str(source)],
                   check=True, capture_output=True, timeout=600)  # as `pip install .` builds it
    wheel = next((tmp_path / "wheel").glob("solitaire_tk-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert shipped_files() <= names
    assert not [name for name in names if "/screens/" in name], "the README's pictures stay out"

    installed = tmp_path / "installed"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(installed)  # what pip puts in site-packages
    result = subprocess.run(
        [sys.executable, "-c", "from solitaire_tk.resources import resource_root; "
         "from solitaire_tk.lessons import load_lesson; "
         "print(resource_root('lessons')); print(load_lesson('cruel').title)"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONPATH": str(installed)})
    assert result.returncode == 0, result.stderr
    where, title = result.stdout.splitlines()
    assert Path(where) == installed / "solitaire_tk" / "data" / "lessons"
    assert title == "Cruel"
