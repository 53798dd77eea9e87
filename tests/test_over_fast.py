"""`is_over` searches the solver's fast position (solitaire_tk/oversearch.py);
it must give exactly the answers of the plain search over the game's own
moves (`Game._search_for_something_new`, kept for games without a search
state), which tests/test_over.py checks against the rule itself."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any
from pathlib import Path

import pytest

from solitaire_tk import Move, Replay, new_game
from solitaire_tk.cards import new_deck_order
from solitaire_tk.engine import Game
from solitaire_tk.games.klondike import Klondike
from solitaire_tk.games.klondike_search import RUN
from solitaire_tk.oversearch import GAVE_UP, OVER, SOMETHING_NEW, search_for_something_new
from solitaire_tk.playout import random_step

from .helpers import arrange, push_and_pop_walk
from .test_over import PLAYS, empty_game

GOLDEN = Path(__file__).parent / "golden"
# Enough that neither search ever runs out in these positions.
NO_LIMIT = 10**6


def over_by_public_moves(game: Game) -> bool:
    """The answer of the search over `_search_moves` with no budget."""
    if game.is_won():
        return True
    game.over_search_budget = NO_LIMIT  # type: ignore[misc]
    try:
        return game._search_for_something_new() is not None
    finally:
        del game.over_search_budget


def over_by_search_state(game: Game, budget: int = NO_LIMIT) -> str:
    return OVER if game.is_won() else search_for_something_new(game.search_state(), budget)


def positions_of(game_id: str, variant: str, options: dict[str, bool], count: int) -> list[Game]:
    """Copies of games met along seeded random playouts with undos, early and late."""
    rng = random.Random(f"fast-over-{game_id}-{variant}-{options}")
    out: list[Game] = []
    while len(out) < count:
        game = new_game(game_id, variant, seed=rng.randint(1, 10**6), options=options)
        for _ in range(rng.randint(20, 400)):
            if not random_step(game, rng):
                break
            if rng.random() < 0.3:
                out.append(game.copy())
    return out


@pytest.mark.parametrize(("game_id", "variant", "options"), PLAYS)
def test_the_fast_search_agrees_with_the_search_over_the_games_moves(
        game_id: str, variant: str, options: dict[str, bool]) -> None:
    answers = Counter[bool]()
    for game in positions_of(game_id, variant, options, 1000):
        plain = over_by_public_moves(game)
        assert (over_by_search_state(game) == OVER) == plain, str(game)
        game._over_cache.clear()
        assert game.is_over() == plain, str(game)   # with its budget: none ran out here
        answers[plain] += 1
    # (Random play never ends a game of Double Solitaire: pile 22 lasts too long.)
    assert answers[False] and (answers[True] or game_id == "double"), answers


@pytest.mark.parametrize("name", sorted(path.stem for path in GOLDEN.glob("*.json")
                                        if not path.stem.endswith(".final")))
def test_the_fast_search_agrees_at_every_step_of_the_golden_games(name: str) -> None:
    replay = Replay(GOLDEN / f"{name}.json")
    answers = Counter[bool]()
    for step in range(len(replay) + 1):
        game = replay.game_at(step)
        plain = over_by_public_moves(game)
        assert game.is_over() == plain, (name, step)
        answers[plain] += 1
    assert answers[False], answers


@pytest.mark.parametrize(("game_id", "variant", "options"), PLAYS)
def test_the_search_state_counts_cards_home_and_unseen_as_the_game_does(
        game_id: str, variant: str, options: dict[str, bool]) -> None:
    rng = random.Random(f"counts-{game_id}-{variant}-{options}")
    checked = 0
    for _ in range(6):
        game = new_game(game_id, variant, seed=rng.randint(1, 10**6), options=options)
        state = game.search_state()
        for _ in push_and_pop_walk(game, state, rng, 250, forward=0.8):
            assert state.cards_home() == game.progress()  # type: ignore[attr-defined]
            assert state.cards_unseen() == game._unseen()  # type: ignore[attr-defined]
            checked += 1
    assert checked > 600


def test_a_deck_not_gone_through_yet_is_something_new_though_no_card_of_it_fits() -> None:
    # The search's own moves never turn the deck for its own sake: only
    # `something_new_at_once` knows that turning it shows unseen cards.
    game = arrange(empty_game("klondike", "draw1"), {
        "tableau1": "[KC] 9H", "stock": "[2S] [3S] [4S]", "foundation1": "AD"})
    assert over_by_search_state(game) == SOMETHING_NEW
    arrange(game, {}, recycles=1)
    assert over_by_search_state(game) == OVER


def test_a_run_that_only_swaps_which_six_lies_free_is_over() -> None:
    # The only legal moves take the 5 of hearts and the 4 of spades from the
    # 6 of clubs to the 6 of spades and back.  The fast search never tries
    # them (they only swap which six lies free, see KlondikeSearch.use_for_over)
    # and rightly finds the game over.
    game = arrange(empty_game("klondike", "draw3"), {
        "tableau1": "[2C] 7H 6C 5H 4S", "tableau2": "6S", "foundation1": "AD"}, recycles=1)
    assert game.legal_moves() == [Move("move", "tableau1", "tableau2", 2)]
    assert game.search_state().moves() == []
    assert over_by_search_state(game) == OVER and over_by_public_moves(game)
    # With the spades home up to the 5, the 6 of spades goes home.
    arrange(game, {"foundation2": "AS 2S 3S 4S 5S"})
    assert over_by_search_state(game) == SOMETHING_NEW


def test_the_over_search_empties_a_stack_with_no_king_ready() -> None:
    # The solver leaves out moving a whole stack when no King can go into
    # the place it leaves; the over search does not rely on that.
    game = arrange(empty_game("klondike", "draw3"), {
        "tableau1": "5H 4S", "tableau2": "6S", "tableau3": "[3C] 9D", "foundation1": "AD"},
        recycles=1)
    state = game.search_state()
    emptying = (RUN, 0, 2, 1)     # the whole of tableau1 onto tableau2
    assert emptying not in state.moves()
    state.use_for_over()  # type: ignore[attr-defined]
    assert emptying in state.moves()
    assert over_by_search_state(game) == OVER and over_by_public_moves(game)


def test_a_search_that_runs_out_says_so_and_the_game_goes_on() -> None:
    game = arrange(empty_game("klondike", "draw1-single"), {
        "tableau1": "5H 4S", "tableau2": "6S", "tableau3": "[3C] 9D", "foundation1": "AD"})
    assert over_by_search_state(game) == OVER
    assert over_by_search_state(game, budget=2) == OVER
    assert over_by_search_state(game, budget=1) == GAVE_UP
    game.over_search_budget = 1  # type: ignore[misc]
    assert not game.is_over()


def test_a_game_with_no_search_state_is_judged_by_its_own_moves() -> None:
    class Unsearched(Klondike):
        def search_state(self) -> Any:
            raise NotImplementedError

    for tableau, over in (("KS QH JS", True), ("[8D] KS QH JS", False)):
        game = Unsearched(new_deck_order(), variant="draw1-single")
        arrange(game, {pid: "" for pid in game.pile_ids})
        arrange(game, {"tableau1": tableau, "tableau2": "KC", "tableau3": "[5C] 9H",
                       "foundation1": "AD"})
        assert game.is_over() == over
