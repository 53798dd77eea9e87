"""Dammit!'s fast search state (`dammit_search`): what push and pop keep up to
date (the ranks in the grid, the cards still to come, the key as one int)
must always be what a state built afresh from the same position has, so the
dead-end tests and the move order never read a stale count."""

from __future__ import annotations

import random

from solitaire_tk import new_game
from solitaire_tk.games.dammit import Dammit
from solitaire_tk.games.dammit_search import DammitSearch

from .helpers import push_and_pop_walk
from .test_dammit import dammit


def fresh(game: Dammit) -> DammitSearch:
    state = game.search_state()
    assert isinstance(state, DammitSearch)
    return state


def same_position(state: DammitSearch, other: DammitSearch) -> None:
    assert state.grid == other.grid
    assert state.count == other.count
    assert state.still == other.still
    assert state.key() == other.key()
    assert state.clearing == other.clearing
    assert state.forced_move() == other.forced_move()
    assert state.is_dead() == other.is_dead()
    for ordering in range(state.orderings):
        state.use_ordering(ordering)
        other.use_ordering(ordering)
        assert state.moves() == other.moves(), ordering
    state.use_ordering(0)
    other.use_ordering(0)


def test_long_walks_of_push_and_pop_match_a_fresh_state_at_every_step() -> None:
    rng = random.Random("dammit-walk")
    steps = 0
    for _ in range(40):
        game = new_game("dammit", seed=rng.randint(1, 10**6))
        assert isinstance(game, Dammit)
        state = fresh(game)
        for _ in push_and_pop_walk(game, state, rng, 200, forward=0.85):
            same_position(state, fresh(game))
            steps += 1
    assert steps > 3000, steps


def test_boxes_of_one_kind_are_one_key_and_of_two_kinds_are_not() -> None:
    # A 3 in one corner or another is the same position; in a corner or a
    # centre box it is not (a King may still need the corner).
    corner = fresh(dammit("[5C] 4H", {1: "3C", 6: "7D"}))
    other_corner = fresh(dammit("[5C] 4H", {16: "3C", 6: "7D"}))
    centre = fresh(dammit("[5C] 4H", {7: "3C", 6: "7D"}))
    assert corner.key() == other_corner.key()
    assert corner.key() != centre.key()
    # Placing the 4 and taking it back gives the key back.
    before = corner.key()
    corner.push(corner.moves()[0])
    assert corner.key() != before
    corner.pop()
    assert corner.key() == before
