"""scripts/benchmark.py answers --help and a mistyped option at once, instead
of starting its long default run."""

from __future__ import annotations

import json
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


def test_hints_with_an_option_play_only_the_games_that_have_it_with_it_on() -> None:
    """`--option easy_mode`: Thirteen's Easy mode alone (one deal, to be quick)."""
    result = run("--hints", "--option", "easy_mode", "--hints-deals", "1", "--first", "12",
                 "--workers", "1", "--no-ceiling")
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()
            if line.split()[:1] and line.split()[0] in ("cruel", "klondike", "thirteen",
                                                         "double", "dammit")]
    assert [row[:4] for row in rows] == [["thirteen", "standard", "easy_mode", "1"]]
    # Deal 12 is won in Easy mode by following the quick hints (and not without it).
    assert rows[0][4] == "100%"


def test_the_solver_without_its_dead_end_tests_searches_more_to_decide_less(
        tmp_path: Path) -> None:
    """`--no-dead-ends`: the search alone, every dead-end test left out.  Within
    the same budget of positions it decides fewer of Klondike draw 1's one-pass
    deals than with them (the tests are what decide lost deals), and the JSON
    file says which it was."""
    decided = {}
    for flags in ((), ("--no-dead-ends",)):
        out = tmp_path / f"solver{len(flags)}.json"
        result = run("--solver", "--game", "klondike", "--variant", "draw1-single", "--quick",
                     "--positions", "3000", "--workers", "1", "--json", str(out), *flags)
        assert result.returncode == 0, result.stderr
        assert ("dead-end tests left out" in result.stdout) == bool(flags)
        data = json.loads(out.read_text(encoding="utf-8"))
        assert data["dead_end_tests"] is not bool(flags)
        row = data["rows"][0]
        decided[bool(flags)] = row["winnable"] + row["lost"]
        # The deals left undecided are named, in the file and under the row.
        undecided = row["unknown_deals"]
        assert len(undecided) == round(row["unknown"] * 20)
        assert set(undecided) <= set(range(1, 21))
        if undecided:
            assert f"  undecided: {' '.join(map(str, undecided))}" in result.stdout
    assert decided[True] < decided[False], decided
