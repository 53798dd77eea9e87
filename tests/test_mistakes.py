"""Finding the move where a saved game was lost, on saved games with a known
mistake (made by scripts/make_mistake_games.py with the solver), headless
and through `solitaire-tk analyse FILE` in a real process."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire_tk import Replay, solve
from solitaire_tk.mistakerun import BackgroundAnalysis
from solitaire_tk.mistakes import Analysis, analyse
from solitaire_tk.solver import LOST, UNKNOWN, WINNABLE, Verdict

ROOT = Path(__file__).resolve().parent.parent
MISTAKES = Path(__file__).parent / "data" / "mistakes"
EXPECTED: dict[str, int] = json.loads((MISTAKES / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_analysis_finds_the_losing_step_and_a_move_that_keeps_the_game_winnable(
        name: str) -> None:
    replay = Replay(MISTAKES / name)
    analysis = analyse(replay, seconds=2.0)
    assert analysis.finished and UNKNOWN not in analysis.verdicts
    (mistake,) = analysis.mistakes
    assert mistake.step == EXPECTED[name]
    assert analysis.verdicts[mistake.step - 1] == WINNABLE
    assert analysis.verdicts[mistake.step] == LOST
    # The move offered instead is legal there and keeps the game winnable.
    before = replay.game_at(mistake.before)
    before.play(mistake.better)
    assert solve(before, 5.0).status == WINNABLE
    assert mistake.better != replay.moves[mistake.step - 1]
    # Said in words: which step, what was played, what to play instead.
    words = mistake.sentence
    assert words.startswith(f"At step {mistake.step}, ") and "lost the game" in words
    assert "instead would have kept it winnable." in words
    assert f"step {mistake.step}." in analysis.summary()
    # The replay panel marks that row and says the same, with where Try from here starts.
    assert analysis.marks() == {mistake.step: "mistake"}
    assert analysis.report() == f"{words} The tutor looked at every card, the hidden ones too."


def test_only_the_positions_that_do_not_come_free_are_searched() -> None:
    """The deal, the mistake (not the move of the winning line) and the undo
    after it; every other step follows the winning line found before."""
    replay = Replay(MISTAKES / "dammit-mistake-undone.json")
    analysis = Analysis(replay, seconds=2.0)
    asked = []
    while (position := analysis.next_position()) is not None:
        asked.append(position)
        analysis.add(solve(analysis.game_at(position), 2.0))
    assert asked == [0, 26, 27]
    assert analysis.verdicts == [WINNABLE] * 26 + [LOST] + [WINNABLE] * (len(replay) - 26)
    texts = [change.text for change in analysis.changes()]
    assert texts[2] == ("Step 27: Took back: put the 8 of spades in box 2. "
                        "The game can be won again.")
    assert replay.final.is_won()


def test_a_step_the_solver_could_not_decide_is_never_guessed() -> None:
    """Between a proved "winnable" and a proved "lost" with an undecided step in
    the middle, no move is blamed: the lines say the game was lost somewhere there."""
    replay = Replay(MISTAKES / "thirteen-mistake.json")
    mistake = EXPECTED["thirteen-mistake.json"]
    analysis = Analysis(replay, seconds=2.0)
    while (position := analysis.next_position()) is not None:
        undecided = position == mistake   # as if the time had run out there
        analysis.add(Verdict(UNKNOWN) if undecided else solve(analysis.game_at(position), 2.0))
    assert analysis.verdicts[mistake] == UNKNOWN and analysis.verdicts[mistake + 1] == LOST
    assert analysis.mistakes == [] and analysis.unknown_steps == [mistake]
    texts = [change.text for change in analysis.changes()]
    assert texts[1].startswith(f"Step {mistake}: ")
    assert texts[1].endswith("The tutor could not tell in time whether the game can still be won.")
    assert texts[2].endswith(f"It was lost at one of steps {mistake} to {mistake + 1}, but the "
                             "tutor could not tell which in time.")
    # The end says the same, never "no move lost it" after a step that says lost.
    lost_between = (f"From step {mistake + 1} on the game could no longer be won. It was lost at "
                    f"one of steps {mistake} to {mistake + 1}, but the tutor could not tell "
                    "which in time.")
    assert analysis.summary() == (f"{lost_between} The tutor could not decide 1 step in time "
                                  "(2 seconds each).")
    assert analysis.marks() == {mistake: "unknown"}
    assert analysis.report() == (f"{lost_between} The steps marked (?) were too hard to decide "
                                 "in time. The tutor looked at every card, the hidden ones too.")


def test_a_game_lost_after_steps_never_decided_says_so() -> None:
    """Every step undecided until one proved lost (as draw three deal 36 at a
    second a step): no step was proved winnable, so no range can be named."""
    replay = Replay(MISTAKES / "thirteen-mistake.json")
    mistake = EXPECTED["thirteen-mistake.json"]
    analysis = Analysis(replay, seconds=2.0)
    while (position := analysis.next_position()) is not None:
        analysis.add(Verdict(UNKNOWN) if position <= mistake
                     else solve(analysis.game_at(position), 2.0))
    assert analysis.verdicts[mistake + 1] == LOST and analysis.mistakes == []
    said = (f"From step {mistake + 1} on the game could no longer be won. The tutor could not "
            f"tell in time whether it could be won before step {mistake + 1}.")
    assert analysis.summary().startswith(said)
    lost = next(c for c in analysis.changes() if c.status == LOST)
    assert lost.text.endswith("The game can no longer be won. The tutor could not tell in time "
                              f"whether it could be won before step {mistake + 1}.")
    assert "No move was found" not in analysis.report()


def test_the_analysis_stops_when_asked_and_reports_its_progress() -> None:
    replay = Replay(MISTAKES / "thirteen-mistake.json")
    seen: list[tuple[int, int]] = []
    analysis = analyse(replay, 2.0, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (len(replay) + 1, len(replay) + 1)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)

    stopped = analyse(replay, 2.0, should_stop=lambda: True)
    assert not stopped.finished and stopped.mistakes == []
    assert stopped.summary() == f"Stopped after 0 of {len(replay) + 1} steps."


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "solitaire_tk", *args], capture_output=True,
                          text=True, env=env, timeout=300, cwd=ROOT)


def test_the_command_prints_the_steps_that_changed_the_verdict_and_exits_0() -> None:
    done = run_cli("analyse", str(MISTAKES / "dammit-mistake-undone.json"), "--seconds", "2")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "The deal: The game can be won."
    assert lines[1] == ("Step 26: putting the 8 of spades in box 2 lost the game: after it, "
                        "no way of playing on could win. Putting the 8 of spades in box 6 "
                        "instead would have kept it winnable.")
    assert lines[2].startswith("Step 27: Took back:")
    assert lines[3].startswith("One move lost the game: step 26.")
    assert len(lines) == 4 and done.stderr == ""


def test_the_command_refuses_a_bad_file_with_exit_2_and_says_why(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "solitaire-tk-game", "version": 99}', encoding="utf-8")
    done = run_cli("analyse", str(broken))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip() == ("solitaire-tk: cannot open that saved game: This game was "
                                   "saved by a newer Solitaire Tutor (file version 99); update "
                                   "the app to open it.")
    missing = run_cli("analyse", str(tmp_path / "none.json"))
    assert missing.returncode == 2 and "There is no file called" in missing.stderr
    wrong_time = run_cli("analyse", str(broken), "--seconds", "soon")
    assert wrong_time.returncode == 2 and "the seconds are a number" in wrong_time.stderr


def test_the_help_names_the_analyse_command() -> None:
    done = run_cli("--help")
    assert done.returncode == 0
    words = " ".join(done.stdout.split())
    assert "'analyse' followed by a saved game file to print the steps where it was lost" in words
    assert "--seconds SECONDS analyse: how long the tutor may think about each step" in words


def test_the_check_beside_the_window_finds_the_same_in_the_solvers_own_process() -> None:
    name = "thirteen-mistake.json"
    run = BackgroundAnalysis(Replay(MISTAKES / name), seconds=2.0)
    run.start()
    end = time.monotonic() + 120
    while run.poll():
        assert time.monotonic() < end
        time.sleep(0.01)
    assert run.analysis.finished and not run.cancelled
    assert [m.step for m in run.analysis.mistakes] == [EXPECTED[name]]
    assert not multiprocessing.active_children()   # its process stopped with it

    stopped = BackgroundAnalysis(Replay(MISTAKES / name), seconds=2.0)
    stopped.start()
    stopped.cancel()
    assert stopped.cancelled and not stopped.running and not stopped.poll()
    assert not multiprocessing.active_children()


def test_a_move_s_words_inside_the_mistake_s_sentence_keep_one_grammar() -> None:
    """"Moving the 7 ..., and turn over the card under it, instead would have
    kept it winnable" mixed two forms of the verb."""
    from solitaire_tk.wording import doing
    assert doing("Move the 7 of spades from stack 6 onto the 8 of hearts in stack 3, and "
                 "turn over the card under it.") == (
        "moving the 7 of spades from stack 6 onto the 8 of hearts in stack 3, and turning "
        "over the card under it,")
    assert doing("Take away the King of hearts from pile 3.") == (
        "taking away the King of hearts from pile 3")
