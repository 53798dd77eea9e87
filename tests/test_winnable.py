"""Still winnable? without a window: the marker's verdict after each move, the
losing move and why, and that a game played with it counts as helped.
Real games, the real solver in its own process, a real DataStore."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path
from typing import Iterator

import pytest

from solitaire_tk import new_game, solve
from solitaire_tk.engine import Game
from solitaire_tk.moves import Move
from solitaire_tk.savefile import load_game
from solitaire_tk.session import Session
from solitaire_tk.solverprocess import SolverProcess
from solitaire_tk.userdata import DataStore
from solitaire_tk.wording import doing, sentence
from solitaire_tk.winnable import (LOST, NO_WAY_LEFT, THINKING, UNKNOWN, WINNABLE, WON_WORDS,
                                   WORDS, LostMove, WinnableWatch, lost_reason)

# Cruel, deal 3: the solver wins from here, and pile 11 onto pile 6 loses it.
CRUEL_3_WINNABLE = [
    ("pile7", "foundation1"), ("pile5", "pile3"), ("pile5", "foundation4"), ("pile1", "pile10"),
    ("pile2", "pile5"), ("pile4", "pile2"), ("pile6", "pile9"), ("pile7", "pile1"),
    ("pile7", "pile10"), ("pile8", "pile9"), ("redeal", None), ("pile5", "pile6"),
    ("pile7", "pile5"), ("pile10", "pile4"), ("pile9", "pile10"), ("pile9", "foundation4"),
    ("pile9", "pile6")]
LOSING_MOVE = Move("move", "pile11", "pile6")


def cruel_3_before_the_losing_move() -> Game:
    game = new_game("cruel", seed=3, player="Player 1")
    for src, dst in CRUEL_3_WINNABLE:
        game.play(Move("redeal") if src == "redeal" else Move("move", src, dst))
    return game


@pytest.fixture
def solver() -> Iterator[SolverProcess]:
    process = SolverProcess()
    yield process
    process.close()


def wait(watch: WinnableWatch, seconds: float = 60.0) -> None:
    """Poll as the window does until the verdict has come (a generous limit: the
    machine may be busy; these deals are decided in a few positions)."""
    end = time.monotonic() + seconds
    while watch.busy() and time.monotonic() < end:
        watch.poll()
        time.sleep(0.02)


def test_the_deal_is_what_the_tests_say_it_is() -> None:
    game = cruel_3_before_the_losing_move()
    assert solve(game).status == WINNABLE
    game.play(LOSING_MOVE)
    assert solve(game).status == LOST and not game.is_over()


def test_the_marker_goes_from_winnable_to_lost_after_a_losing_move_and_back_on_undo(
        tmp_path: Path, solver: SolverProcess) -> None:
    store = DataStore(tmp_path)
    session = Session(store, cruel_3_before_the_losing_move())
    watch = WinnableWatch(solver, session)
    assert watch.words is None            # off: nothing said, nothing asked
    watch.set_options(marker=True, warn=True)
    assert watch.status == THINKING and watch.words == WORDS[THINKING]
    wait(watch)
    assert watch.words == "Can still be won" and watch.lost_move is None

    session.game.play(LOSING_MOVE)
    watch.position_changed(LOSING_MOVE)
    watch.ask()
    assert watch.words == "Thinking…"
    wait(watch)
    assert watch.words == "Can no longer be won"
    better = solve(cruel_3_before_the_losing_move()).line[0]
    better_words = cruel_3_before_the_losing_move().describe(better)
    assert watch.lost_move == LostMove(LOSING_MOVE, NO_WAY_LEFT, better_words)
    # What would have kept it winnable, as Find mistakes says it.
    assert watch.lost_move.text == ("That move lost the game: from here no way of playing "
                                    f"wins any more. {sentence(doing(better_words))} instead "
                                    "would have kept it winnable. Undo?")

    session.undo()
    watch.position_changed(None)
    watch.ask()                           # a position proved before: no new search
    assert not watch.busy()
    assert watch.words == "Can still be won" and watch.lost_move is None


def test_a_lost_game_stays_lost_and_no_later_move_is_blamed(
        tmp_path: Path, solver: SolverProcess) -> None:
    game = cruel_3_before_the_losing_move()
    game.play(LOSING_MOVE)
    session = Session(DataStore(tmp_path), game)
    watch = WinnableWatch(solver, session)
    watch.set_options(marker=True, warn=True)
    wait(watch)
    assert watch.status == LOST
    move = game.legal_moves()[0]
    game.play(move)
    watch.position_changed(move)
    watch.ask()
    wait(watch)
    assert watch.status == LOST and watch.lost_move is None


def play_and_ask(watch: WinnableWatch, game: Game, move: Move) -> None:
    game.play(move)
    watch.position_changed(move)
    watch.ask()


def test_after_a_lost_position_each_move_is_known_lost_at_once(
        tmp_path: Path, solver: SolverProcess) -> None:
    """No way from a lost position wins, so no position after it can: the
    marker says so at once, with no new search ("Too hard to tell" after
    "Can no longer be won" would only puzzle a pupil), and blames no move."""
    game = cruel_3_before_the_losing_move()
    game.play(LOSING_MOVE)
    session = Session(DataStore(tmp_path), game)
    watch = WinnableWatch(solver, session)
    watch.set_options(marker=True, warn=True)
    wait(watch)
    assert watch.words == "Can no longer be won"
    for action in ("redeal", "move"):    # all Cruel lets this position do (then it is over)
        play_and_ask(watch, game, next(m for m in game.legal_moves() if m.action == action))
        assert not watch.busy() and watch.words == "Can no longer be won"
        assert watch.lost_move is None
    session.undo()
    watch.position_changed(None)
    watch.ask()                             # known from a moment ago
    assert not watch.busy() and watch.words == "Can no longer be won"


def test_moves_along_the_solvers_winning_line_are_known_winnable_at_once(
        tmp_path: Path, solver: SolverProcess) -> None:
    """The solver's "can still be won" comes with a way to win: while the
    pupil's moves follow it (as a pupil following the hints does), each
    position on it is known winnable with no new search; a move off it is
    asked about."""
    game = new_game("cruel", seed=3, player="Player 1")
    session = Session(DataStore(tmp_path), game)
    watch = WinnableWatch(solver, session)
    watch.set_options(marker=True, warn=False)
    wait(watch)
    assert watch.status == WINNABLE
    line = solve(game).line
    assert len(line) > 6
    for move in line[:5]:
        play_and_ask(watch, game, move)
        assert not watch.busy() and watch.words == "Can still be won"
    off = next(move for move in game.legal_moves() if move != line[5])
    play_and_ask(watch, game, off)
    assert watch.busy() and watch.words == "Thinking…"
    wait(watch)
    assert watch.status in (WINNABLE, LOST)


def test_a_move_blamed_only_when_the_position_before_it_was_proved_winnable(
        tmp_path: Path, solver: SolverProcess) -> None:
    """Two turns quicker than the solver: the first question is cancelled, so it is
    not known which of the two moves lost the game, and neither is blamed."""
    game = new_game("cruel", seed=3, player="Player 1")
    session = Session(DataStore(tmp_path), game)
    watch = WinnableWatch(solver, session)
    watch.set_options(marker=False, warn=True)
    wait(watch)
    assert watch.status == WINNABLE and watch.words is None   # the marker itself is off
    for src, dst in CRUEL_3_WINNABLE:
        move = Move("redeal") if src == "redeal" else Move("move", src, dst)
        game.play(move)
        watch.position_changed(move)
        watch.ask()
    game.play(LOSING_MOVE)
    watch.position_changed(LOSING_MOVE)
    watch.ask()
    wait(watch)
    assert watch.status == LOST and watch.lost_move is None


def test_either_option_counts_the_game_as_helped_and_won_with_help(
        tmp_path: Path, solver: SolverProcess) -> None:
    store = DataStore(tmp_path)
    game = cruel_3_before_the_losing_move()
    session = Session(store, game)
    watch = WinnableWatch(solver, session)
    watch.set_options(marker=False, warn=False)
    assert not session.used_hints
    watch.set_options(marker=True, warn=False)
    assert session.used_hints
    watch.set_options(marker=False, warn=False)   # turned off again: still helped
    assert session.used_hints
    for move in solve(game).line:
        game.play(move)
    assert game.is_won()
    session.finish()
    stats = store.stats("cruel")
    assert (stats.won, stats.won_with_hints) == (0, 1)


def test_a_new_game_with_the_option_on_is_helped_from_the_start(
        tmp_path: Path, solver: SolverProcess) -> None:
    store = DataStore(tmp_path)
    session = Session(store, new_game("thirteen", seed=15))
    watch = WinnableWatch(solver, session)
    watch.set_options(marker=False, warn=True)
    session.start(new_game("dammit", seed=3))
    assert not session.used_hints          # the session starts every game unhelped
    watch.game_changed()
    assert session.used_hints


def test_without_the_options_a_won_game_is_won_without_help(
        tmp_path: Path, solver: SolverProcess) -> None:
    store = DataStore(tmp_path)
    game = cruel_3_before_the_losing_move()
    session = Session(store, game)
    watch = WinnableWatch(solver, session)
    watch.game_changed()
    for move in solve(game).line:
        game.play(move)
        watch.position_changed(move)
        watch.ask()
    assert not solver.busy() and watch.status is None
    session.finish()
    stats = store.stats("cruel")
    assert (stats.won, stats.won_with_hints) == (1, 0)


def test_a_game_over_says_why_it_is_lost() -> None:
    game = new_game("cruel", seed=1)
    game.play(solve(game).line[0])
    game.play(Move("redeal"))
    assert game.is_over() and not game.is_won()
    reason = lost_reason(game)
    assert reason != NO_WAY_LEFT and not reason.endswith(".")
    assert reason == str(game.loss_reason()).strip().rstrip(".")


def test_a_search_past_its_time_says_too_hard_to_tell(tmp_path: Path,
                                                      solver: SolverProcess) -> None:
    session = Session(DataStore(tmp_path), new_game("cruel", seed=9))  # hours of search
    watch = WinnableWatch(solver, session, seconds=0.05)
    watch.set_options(marker=True, warn=False)
    wait(watch)
    assert watch.status == UNKNOWN and watch.words == "Too hard to tell"


class SilentSolver(SolverProcess):
    """A solver's process that has stopped: questions go nowhere."""

    def ask(self, record: dict[str, object], callback: object, seconds: float = 2.0) -> None:
        self._callback = callback   # type: ignore[assignment]


def test_an_answer_that_never_comes_is_given_up_as_too_hard_to_tell(tmp_path: Path) -> None:
    session = Session(DataStore(tmp_path), cruel_3_before_the_losing_move())
    watch = WinnableWatch(SilentSolver(), session, seconds=0.0, grace=0.2)
    watch.set_options(marker=True, warn=True)
    assert watch.words == "Thinking…"
    wait(watch)
    assert watch.words == "Too hard to tell" and not watch.busy()


POSITIONS = Path(__file__).parent / "positions"


def test_a_klondike_losing_move_says_which_card_is_buried_for_good(
        tmp_path: Path, solver: SolverProcess) -> None:
    game = load_game(POSITIONS / "klondike-draw1-21-before-a-losing-move.json")
    session = Session(DataStore(tmp_path), game)
    watch = WinnableWatch(solver, session)
    watch.set_options(marker=True, warn=True)
    wait(watch)
    assert watch.status == WINNABLE
    move = Move("move", "tableau1", "foundation3")   # the 7 of spades home: the 6 of hearts
    game.play(move)                                  # has nowhere to go
    watch.position_changed(move)
    watch.ask()
    wait(watch)
    assert watch.status == LOST and watch.lost_move is not None
    assert watch.lost_move.text == ("That move lost the game: the 5 of hearts is under the "
                                    "6 of hearts for good. Moving the 6 of hearts onto the 7 "
                                    "of spades in stack 1 instead would have kept it winnable. "
                                    "Undo?")


@pytest.mark.parametrize("seed", [3, 13, 29, 35])
def test_a_dead_end_reason_names_only_cards_the_pupil_can_see(seed: int) -> None:
    """Random play until Klondike's dead-end test fires; whatever it says names
    no face-down card and no card still in the deck."""
    rng = random.Random(seed)
    game = new_game("klondike", "draw1-single" if seed % 2 else "draw3", seed=seed)
    while not game.search_state().is_dead():
        game.play(rng.choice(game.legal_moves()))
    reason = lost_reason(game)
    seen = {card.name for pid, pile in game.piles.items() if pid != "stock"
            for card in pile if card.face_up}
    named = set(re.findall(r"the (?:\w+) of (?:clubs|diamonds|hearts|spades)", reason))
    assert named <= seen, reason
    if named:
        assert reason != NO_WAY_LEFT and not game.is_over()


def test_a_helped_game_stays_helped_after_a_restart(tmp_path: Path,
                                                   solver: SolverProcess) -> None:
    store = DataStore(tmp_path)
    game = cruel_3_before_the_losing_move()
    session = Session(store, game)
    WinnableWatch(solver, session).set_options(marker=True, warn=False)
    session.autosave()
    again = DataStore(tmp_path)            # the app started again
    resumed = again.resume()
    assert resumed is not None and resumed.position() == game.position()
    assert again.resumed_with_hints


def test_the_marker_says_won_at_the_end_and_not_no_longer_before_a_move(
        tmp_path: Path, solver: SolverProcess) -> None:
    """"Can still be won" stayed after the win; a deal lost as dealt said "Can no
    longer be won" before any move had been made."""
    game = new_game("cruel", seed=3, player="Player 1")
    session = Session(DataStore(tmp_path), game)
    watch = WinnableWatch(solver, session)
    watch.set_options(marker=True, warn=False)
    wait(watch)
    for move in solve(game).line:
        play_and_ask(watch, game, move)
    assert game.is_won() and watch.words == WON_WORDS == "Won"
    lost_deal = next(new_game("dammit", seed=seed) for seed in range(1, 50)
                     if solve(new_game("dammit", seed=seed)).status == LOST)
    watch = WinnableWatch(solver, Session(DataStore(tmp_path), lost_deal))
    watch.set_options(marker=True, warn=False)
    wait(watch)
    assert watch.status == LOST and watch.words == "This deal cannot be won"
    move = lost_deal.legal_moves()[0]
    play_and_ask(watch, lost_deal, move)
    wait(watch)
    assert watch.words == "Can no longer be won"
