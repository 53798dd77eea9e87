"""The solver's fast positions (`Game.search_state`) must follow exactly the
rules `_check` gives `legal_moves()`, in every position a game can reach.

Random play (with undos) reaches positions of every kind; in each, the
search state's moves turned into public moves are the legal moves, each
move pushed gives the key of a fresh state built after `play`ing it, and pop
brings the key and the moves back.  Every game with a search state is
checked, so a new one is covered the day it gets one.
"""

from __future__ import annotations

import random
from typing import Any, Hashable

import pytest

from solitaire_tk import GAME_IDS, Move, new_game
from solitaire_tk.engine import Game
from solitaire_tk.playout import random_step
from solitaire_tk.registry import game_class
from solitaire_tk.searchstate import SearchState

from .helpers import push_and_pop_walk

PLAYS: list[tuple[str, str, dict[str, bool]]] = [
    (gid, variant, {}) for gid in GAME_IDS for variant in game_class(gid).variants]
PLAYS.append(("thirteen", "standard", {"easy_mode": True}))
POSITIONS = 1500


def has_search_state(game_id: str) -> bool:
    try:
        new_game(game_id, seed=1).search_state()
    except NotImplementedError:
        return False
    return True


SEARCHED = [play for play in PLAYS if has_search_state(play[0])]
# The states whose every fast move is one public move; a state with
# `public_moves` (a fast move standing for several) has its own drift test.
ONE_FOR_ONE = [play for play in SEARCHED
               if not hasattr(new_game(play[0], seed=1).search_state(), "public_moves")]


def fresh_key(game: Game) -> Hashable:
    return game.search_state().key()


def play_and_back(game: Game, move: Move) -> tuple[Hashable, bool]:
    """The fresh state's key and whether it is won after `move`; the game is put back."""
    point, log = game.checkpoint(), list(game.log)
    game.play(move)
    after = game.search_state()
    answer = after.key(), after.is_won()
    game.restore_checkpoint(point, log)
    return answer


def check_position(game: Game, state: SearchState) -> None:
    """Everything the drift test asks of one position (see the module's words)."""
    key = state.key()
    assert key == fresh_key(game)
    assert state.is_won() == game.is_won()
    fast = list(state.moves())
    public = [state.public_move(move) for move in fast]
    assert len(set(public)) == len(public), public
    legal = game.legal_moves()
    assert set(public) <= set(legal), set(public) - set(legal)
    for left_out in set(legal) - set(public):
        # SPEC 2: a move that changes nothing may be left out.
        assert play_and_back(game, left_out)[0] == key, left_out
    forced = state.forced_move()
    assert forced is None or forced in fast
    for move, spelled in zip(fast, public):
        state.push(move)
        assert (state.key(), state.is_won()) == play_and_back(game, spelled), spelled
        state.pop()
        assert state.key() == key
    assert list(state.moves()) == fast


@pytest.mark.parametrize(("game_id", "variant", "options"), ONE_FOR_ONE)
def test_search_state_follows_the_rules_in_random_positions(
        game_id: str, variant: str, options: dict[str, Any]) -> None:
    rng = random.Random(f"drift-{game_id}-{variant}-{options}")
    checked = 0
    while checked < POSITIONS:
        game = new_game(game_id, variant, seed=rng.randint(1, 10**6), options=options)
        for _ in range(rng.randint(10, 200)):
            check_position(game, game.search_state())
            checked += 1
            if not random_step(game, rng):
                break
    assert checked >= POSITIONS


@pytest.mark.parametrize(("game_id", "variant", "options"), ONE_FOR_ONE)
def test_long_runs_of_push_and_pop_keep_in_step_with_the_game(
        game_id: str, variant: str, options: dict[str, Any]) -> None:
    """One state pushed and popped along a whole random game, never rebuilt."""
    rng = random.Random(f"walk-{game_id}-{variant}-{options}")
    for _ in range(15):
        game = new_game(game_id, variant, seed=rng.randint(1, 10**6), options=options)
        state = game.search_state()
        for _ in push_and_pop_walk(game, state, rng, 300, forward=0.8):
            assert state.key() == fresh_key(game)
            assert state.is_won() == game.is_won()
            assert {state.public_move(m) for m in state.moves()} <= set(game.legal_moves())


@pytest.mark.parametrize(("game_id", "options"), [
    ("cruel", {}), ("thirteen", {}), ("thirteen", {"easy_mode": True})])
def test_no_position_along_a_winning_line_is_called_a_dead_end(
        game_id: str, options: dict[str, Any]) -> None:
    """The dead-end tests never cut a position a win is known to pass through."""
    from solitaire_tk import solve
    lines = 0
    for seed in range(1, 120):
        game = new_game(game_id, seed=seed, options=options)
        verdict = solve(game, seconds=0.5)
        if verdict.status != "winnable":
            continue
        lines += 1
        for move in verdict.line:
            assert not game.search_state().is_dead(), (seed, str(game))
            game.play(move)
        assert game.is_won()
        if lines >= 8:
            break
    assert lines >= 2, lines
