"""Build hook: the wheel carries images/ and lessons/ inside the package, as
solitaire_tk/data/, where solitaire_tk.resources looks for them.  (Everything
else is declared in pyproject.toml.)"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("images", "lessons")  # as in solitaire_tk/resources.py
NOT_SHIPPED = shutil.ignore_patterns("screens")  # images/screens: the README's pictures


class BuildWithData(build_py):
    def run(self) -> None:
        super().run()
        for name in SHIPPED:
            target = Path(self.build_lib) / "solitaire_tk" / "data" / name
            if target.exists():
                shutil.rmtree(target)
            shutil.copytree(HERE / name, target, ignore=NOT_SHIPPED)


setup(cmdclass={"build_py": BuildWithData})
