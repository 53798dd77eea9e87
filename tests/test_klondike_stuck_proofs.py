"""Three at a time, Klondike's stuck-set test looks first for the last stuck
sets it found (`klondike_deadends.stuck_in_runs`, kept as proofs): it must
give the whole test's answer everywhere, so no verdict or count changes."""

from __future__ import annotations

import random

import pytest

from solitaire_tk import new_game
from solitaire_tk.games import klondike_deadends
from solitaire_tk.games.klondike_proof import home_of, proved_here
from solitaire_tk.solver import search


def test_a_kept_stuck_set_gives_the_whole_tests_answer_along_random_lines() -> None:
    rng = random.Random("kept-stuck-sets")
    asked = kept_said_stuck = stuck = 0
    for seed in range(1, 41):
        state = new_game("klondike", "draw3", seed=seed).search_state()
        depth = 0
        for _ in range(300):
            # As the solver does: a move, the forced moves after it, then the test.
            moves = list(state.moves())
            if not moves or depth > 60:
                break
            state.push(rng.choice(moves))
            depth += 1
            while (forced := state.forced_move()) is not None:
                state.push(forced)
                depth += 1
            waste = state._waste_stays()
            kept = list(state._stuck_proofs)
            from_kept = bool(kept) and proved_here(state, waste, home_of(state), kept)
            # The whole test, with no set kept to look for first ...
            state._stuck_proofs.clear()
            whole = klondike_deadends.stuck_in_runs(state, waste)
            # ... and the test as the search asks it, with the sets kept.
            state._stuck_proofs[:] = kept
            assert klondike_deadends.stuck_in_runs(state, waste) == whole
            assert not from_kept or whole
            asked += 1
            stuck += whole
            kept_said_stuck += from_kept
            if whole:
                # Back a few moves, as the search backs out of a dead end.
                for _ in range(min(depth, rng.randint(1, 4))):
                    state.pop()
                    depth -= 1
    assert asked >= 300 and kept_said_stuck >= 30 and stuck > kept_said_stuck, (
        asked, stuck, kept_said_stuck)


@pytest.mark.parametrize("seed", [36, 45, 109])
def test_the_kept_stuck_sets_change_no_verdict_and_no_count(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    game = new_game("klondike", "draw3", seed=seed)
    fast = search(game.search_state(), 3600.0, max_positions=6000, share_positions=True)
    monkeypatch.setattr(klondike_deadends, "STUCK_PROOFS_KEPT", 0)
    slow = search(game.search_state(), 3600.0, max_positions=6000, share_positions=True)
    assert (fast.status, fast.positions, fast.line) == (slow.status, slow.positions, slow.line)
