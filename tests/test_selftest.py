"""`solitaire-tk --selftest` in a real process with a real window: it passes
on a whole copy of the app, and names what is missing from a broken one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from solitaire_tk.registry import GAME_IDS, game_class

ROOT = Path(__file__).resolve().parent.parent
ALL_VARIANTS = sum(len(game_class(game_id).variants) for game_id in GAME_IDS)


def selftest(app_folder: Path, display: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "solitaire_tk", "--selftest"],
                          cwd=app_folder, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(app_folder), "DISPLAY": display})


def test_selftest_plays_every_game_and_variant_and_exits_0(display: str) -> None:
    result = selftest(ROOT, display)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Self-test passed: {ALL_VARIANTS} games and variants" in result.stdout
    assert "the solver answered from its own process" in result.stdout
    assert "FAILED" not in result.stdout and result.stderr == ""


def test_selftest_says_so_when_the_solvers_process_never_answers(monkeypatch) -> None:
    from solitaire_tk.solverprocess import SolverProcess
    from solitaire_tk.ui import selftest as module
    monkeypatch.setattr(SolverProcess, "ask", lambda self, record, callback, seconds=2.0: None)
    monkeypatch.setattr(module, "SOLVER_WAIT_SECONDS", 0.2)
    failures = module.Failures()
    module.check_solver_process(failures)
    assert failures.lines == ["solver: the solver's own process never answered"]


def test_selftest_names_a_missing_lesson_and_exits_1(display: str, tmp_path: Path) -> None:
    # A copy of the app with one lesson left out, as a build that forgot a file.
    ignore = shutil.ignore_patterns("__pycache__", "screens")
    for folder in ("solitaire_tk", "images", "lessons"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=ignore)
    (tmp_path / "lessons" / "thirteen.md").unlink()
    result = selftest(tmp_path, display)
    assert result.returncode == 1
    failed = [line for line in result.stdout.splitlines() if line.startswith("FAILED")]
    assert "FAILED files: The app's file lessons/thirteen.md is missing; please reinstall " \
           "Solitaire Tutor." in failed
    assert "FAILED thirteen standard: the help did not show the game's lesson" in failed
    assert all("thirteen" in line for line in failed), failed  # the other games all passed
    assert result.stdout.splitlines()[-1] == f"Self-test failed: {len(failed)} problem(s)."
