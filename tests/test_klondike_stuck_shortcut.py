"""Klondike's stuck-set test ends early after a move from a position with no
stuck set (`KlondikeSearch._new_wait`): it must give the same answer as the
whole test everywhere, so the solver's verdicts and counts never change."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_tk import new_game
from solitaire_tk.solver import search


def _full_test(state: Any) -> None:
    """Make `state` ask the whole stuck-set test every time."""
    state._new_wait = lambda: None


@pytest.mark.parametrize("variant", ["draw1", "draw1-single"])
def test_the_early_end_agrees_with_the_whole_test_along_random_lines(variant: str) -> None:
    rng = random.Random(f"stuck-shortcut-{variant}")
    checked = stuck = 0
    for seed in range(1, 13):
        state = new_game("klondike", variant, seed=seed).search_state()
        depth = 0
        for _ in range(400):
            # As the solver does: a move, the forced moves after it, then is_dead.
            moves = list(state.moves())
            if not moves or depth > 60:
                break
            state.push(rng.choice(moves))
            depth += 1
            while (forced := state.forced_move()) is not None:
                state.push(forced)
                depth += 1
            must = state._new_wait()
            if must is not None:
                waste = state._waste_stays()
                for alone in (True, False):
                    answer = state._stuck_in_runs(waste, alone=alone)
                    assert state._stuck_in_runs(waste, alone=alone, must=must) == answer
                    stuck += answer
                checked += 1
            if state.is_dead():
                # Back a few moves, as the search backs out of a dead end.
                for _ in range(min(depth, rng.randint(1, 4))):
                    state.pop()
                    depth -= 1
    assert checked >= 300 and stuck >= 10, (checked, stuck)


@pytest.mark.parametrize("variant", ["draw1", "draw1-single"])
def test_the_early_end_changes_no_verdict_and_no_count(variant: str) -> None:
    decided = 0
    for seed in (8, 12, 13, 28, 30, 31):
        game = new_game("klondike", variant, seed=seed)
        fast = search(game.search_state(), 3600.0, max_positions=6000, share_positions=True)
        whole = game.search_state()
        _full_test(whole)
        slow = search(whole, 3600.0, max_positions=6000, share_positions=True)
        assert (fast.status, fast.positions, fast.line) == (slow.status, slow.positions, slow.line)
        decided += fast.status != "unknown"
    assert decided >= 2
