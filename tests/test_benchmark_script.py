"""scripts/benchmark.py answers --help and a mistyped option at once, instead
of starting its long default run."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "benchmark.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=60)


def test_help_lists_the_parts_and_runs_nothing() -> None:
    result = run("--help")
    assert result.returncode == 0
    assert "--solver" in result.stdout and "--hints" in result.stdout
    assert result.stdout.startswith("Speed checks"), "the help, not a figure, comes first"


def test_an_unknown_option_is_refused_with_its_name() -> None:
    result = run("--solver", "--qiuck")
    assert result.returncode == 2
    assert "--qiuck" in result.stderr and result.stdout == ""


def test_an_option_without_its_value_is_refused() -> None:
    result = run("--solver", "--game")
    assert result.returncode == 2
    assert "--game needs a value" in result.stderr
