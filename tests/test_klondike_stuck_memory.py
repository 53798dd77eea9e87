"""Klondike's search keeps the last stuck sets it found and looks for them
first (`KlondikeSearch._kept_stuck_set_here`): where it finds one, the
whole stuck-set test must find a stuck set too, so the solver's verdicts
and counts never change.  (Three at a time the whole test is
`klondike_deadends.stuck_in_runs`, with the deck's cards and the Kings.)"""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_tk import new_game
from solitaire_tk.games import klondike_deadends
from solitaire_tk.solver import search

VARIANTS = ["draw1", "draw1-single", "draw3"]


def _whole_test(state: Any, waste: bool) -> bool:
    """The stuck-set test `is_dead` asks where its memo is new (it keeps
    what it finds, as in the search)."""
    if state._runs_too:
        return bool(state._stuck_in_runs(waste, alone=True))
    return klondike_deadends.stuck_in_runs(state, waste)


def _walk(state: Any, rng: random.Random, steps: int) -> Any:
    """Random moves as the solver makes them (a move, then the forced moves
    after it), backing out of dead ends a few moves; yields after each move."""
    depth = 0
    for _ in range(steps):
        moves = list(state.moves())
        if not moves or depth > 80:
            return
        state.push(rng.choice(moves))
        depth += 1
        while (forced := state.forced_move()) is not None:
            state.push(forced)
            depth += 1
        yield
        if state.is_dead():
            for _ in range(min(depth, rng.randint(1, 4))):
                state.pop()
                depth -= 1


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_remembered_stuck_set_is_found_by_the_whole_test_too(variant: str) -> None:
    rng = random.Random(f"stuck-memory-{variant}")
    found = missed = 0
    for seed in range(1, 41):
        state = new_game("klondike", variant, seed=seed).search_state()
        for _ in _walk(state, rng, 300):
            waste = state._waste_stays()
            remembered = state._kept_stuck_set_here(waste)
            whole = _whole_test(state, waste)
            assert whole or not remembered, (seed, state.tab, state.talon, state.pos)
            found += remembered
            missed += whole and not remembered
    # Both happen often: the memory is used, and it is not always right.
    assert found >= 300 and missed >= 20, (found, missed)


def test_a_stuck_set_is_no_longer_found_once_one_of_its_cards_moved() -> None:
    """The memory looks at where each card of the set lies: a hand-made case
    for each kind (a card on face-down cards, on a face-up card, in the waste)."""
    state = new_game("klondike", "draw1-single", seed=3).search_state()
    rng = random.Random("stuck-memory-moves")
    kinds: set[str] = set()
    for _ in _walk(state, rng, 3000):
        waste = state._waste_stays()
        if not state._stuck_in_runs(waste, alone=True):
            continue
        _needs, on_down, on_cards, _in_talon, in_waste = state._stuck_proofs[0]
        assert state._kept_stuck_set_here(waste)
        saved = state._stuck_proofs[:]
        state._stuck_proofs[:] = saved[:1]
        if on_down:
            stack, depth = on_down[0]
            state.down[stack] -= 1     # as if the card above them had turned up
            if state.down[stack] < depth:
                assert not state._kept_stuck_set_here(waste)
                kinds.add("down")
            state.down[stack] += 1
        if on_cards:
            tab = state.tab[:]
            state.tab[:] = [pile.replace(on_cards[0], on_cards[0][:1]) for pile in tab]
            assert not state._kept_stuck_set_here(waste)
            state.tab[:] = tab
            kinds.add("on a card")
        if in_waste:
            pos = state.pos
            state.pos = len(in_waste) - 1
            assert not state._kept_stuck_set_here(waste)
            state.pos = pos
            kinds.add("waste")
        state._stuck_proofs[:] = saved
        if len(kinds) == 3:
            break
    assert kinds == {"down", "on a card", "waste"}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_memory_changes_no_verdict_and_no_count(variant: str) -> None:
    decided = 0
    for seed in (3, 8, 12, 13, 28, 30, 31, 36, 45):
        game = new_game("klondike", variant, seed=seed)
        fast = search(game.search_state(), 3600.0, max_positions=6000, share_positions=True)
        whole = game.search_state()
        whole.STUCK_SETS_KEPT = 0     # nothing remembered: the whole test every time
        slow = search(whole, 3600.0, max_positions=6000, share_positions=True)
        assert not whole._stuck_proofs
        assert (fast.status, fast.positions, fast.line) == (slow.status, slow.positions, slow.line)
        decided += fast.status != "unknown"
    assert decided >= 2
