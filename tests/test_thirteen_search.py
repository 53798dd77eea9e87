"""Thirteen's dead-end test in the solver (`ThirteenSearch._no_pile_can_be_cleared`):
it may only cut positions that cannot be won.  Checked on hand-made positions
and on many random ones against the plain search (the same solver with the
test turned off).  In Easy mode the search goes faster without it."""

from __future__ import annotations

import random
from typing import Any, cast

from solitaire_tk import new_game, solve
from solitaire_tk.engine import Game
from solitaire_tk.games.thirteen_search import ThirteenSearch
from solitaire_tk.searchstate import SearchState
from solitaire_tk.solver import search

from .helpers import arrange
from .test_solver import plays_to_a_win, slow_answer

RANKS = "A23456789TJQK"


def position(piles: list[list[int]], stock: list[int], easy: bool = False) -> Game:
    """A Thirteen position from ranks (piles bottom to top, the stock bottom to
    top); suits are given in turn and every other card is on the discard pile."""
    free = [f"{rank}{suit}" for suit in "CDHS" for rank in RANKS]

    def take(rank: int) -> str:
        code = next(code for code in free if code[0] == RANKS[rank - 1])
        free.remove(code)
        return code

    layout = {f"pile{n + 1}": " ".join(take(rank) for rank in pile) for n, pile in enumerate(piles)}
    layout["stock"] = " ".join(f"[{take(rank)}]" for rank in stock)
    layout["discard"] = " ".join(free)
    return arrange(new_game("thirteen", seed=1, options={"easy_mode": easy}), layout)


def state_of(game: Game) -> ThirteenSearch:
    state = game.search_state()
    assert isinstance(state, ThirteenSearch)
    return state


def plain_status(game: Game, seconds: float = 30.0) -> str:
    """The solver's answer with the dead-end test turned off."""
    state = state_of(game)
    state._no_pile_can_be_cleared = lambda: False  # type: ignore[method-assign]
    return search(cast(SearchState, state), seconds).status


def test_tens_waiting_for_one_three_each_make_a_dead_end() -> None:
    # Met while solving deal 54.  Pile 1 is 3 9 9 10 10 (10 on top) and only
    # one 3 (on pile 4) is anywhere else, so one 10 must stay on pile 1; the
    # last three deals never let another pile be cleared either.
    game = position([[3, 9, 9, 10, 10], [6, 1, 7, 12], [4, 5], [12, 2, 5, 3]],
                    [9, 8, 2, 11, 8, 5, 8, 13, 4, 1, 11, 4])
    state = state_of(game)
    assert not state._last_deal_stops
    assert state.is_dead()
    assert slow_answer(game, cap=20_000) is False
    verdict = solve(game)
    assert (verdict.status, verdict.positions) == ("lost", 1)


def test_two_tens_with_a_three_each_on_other_piles_are_not_a_dead_end() -> None:
    # 10 and 3, 10 and 3, then the 5s with the 8s: each 10 has its own 3.
    game = position([[5, 10, 10], [8, 3], [5, 3], [8]], [])
    assert not state_of(game).is_dead()
    verdict = solve(game)
    assert verdict.status == "winnable" and plays_to_a_win(game, verdict.line)


def test_easy_mode_is_not_judged() -> None:
    # Easy mode lets a card go with the one under it, which the digging does
    # not picture: the same dead end as above is not judged there.
    game = position([[3, 9, 9, 10, 10], [6, 1, 7, 12], [4, 5], [12, 2, 5, 3]],
                    [9, 8, 2, 11, 8, 5, 8, 13, 4, 1, 11, 4], easy=True)
    assert not state_of(game)._no_pile_can_be_cleared()


def test_a_pile_that_may_be_cleared_before_the_end_is_not_judged() -> None:
    # Once a pile can be cleared, cards may go into it: the test says "not sure",
    # and this one is won by moving the 10 into the empty pile.
    game = position([[3, 10, 10], [5, 3], [8, 5], [8]], [])
    assert not state_of(game).is_dead()
    verdict = solve(game)
    assert verdict.status == "winnable" and plays_to_a_win(game, verdict.line)
    assert any(move.action == "move" for move in verdict.line)


def positions_met(rng: random.Random, options: dict[str, Any], count: int) -> list[Game]:
    """Positions late in random games (often along a winning line, so that
    winnable ones are met too), each with at most three deals to come."""
    games: list[Game] = []
    while len(games) < count:
        game = new_game("thirteen", seed=rng.randint(1, 10**6), options=options)
        line = list(solve(game, seconds=0.3).line)
        if not line and rng.random() < 0.8:
            continue     # most deals are lost: look mostly at winnable ones
        while len(game.piles["stock"]) > 12 and not game.is_over():
            if line and rng.random() < 0.97:
                game.play(line.pop(0))
                continue
            line = []    # once off the line, at random (taking cards away first)
            moves = game.legal_moves()
            removals = [move for move in moves if move.action == "remove"]
            game.play(rng.choice(removals or moves))
        for _ in range(rng.randint(0, 8)):
            if game.is_over():
                break
            games.append(game.copy())
            game.play(rng.choice(game.legal_moves()))
        games.append(game)
    return games


def test_the_dead_end_test_never_cuts_a_position_the_plain_search_wins() -> None:
    rng = random.Random("thirteen-dead")
    cut = won = 0
    for game in positions_met(rng, {}, 300):
        if state_of(game)._no_pile_can_be_cleared():
            assert plain_status(game) == "lost", str(game)
            cut += 1
        elif plain_status(game) == "winnable":
            won += 1
    # Both kinds must have been met, or the test proves little.
    assert cut >= 20 and won >= 10, (cut, won)


def fully_plain_status(game: Game, seconds: float = 30.0) -> str:
    """The solver's answer with no forced move and no dead-end test at all."""
    state = state_of(game)
    state.forced_move = lambda: None  # type: ignore[method-assign]
    state.is_dead = lambda: False  # type: ignore[method-assign]
    return search(cast(SearchState, state), seconds).status


def test_in_easy_mode_the_last_two_of_a_pair_of_ranks_go_at_once() -> None:
    # The stock is empty; the 8 under the 5 on pile 1 are the last 8 and 5.
    game = position([[8, 5], [9, 4], [3, 11, 10], [2]], [], easy=True)
    state = state_of(game)
    assert state.forced_move() == 5 + 0         # UNDER + pile 1
    assert fully_plain_status(game) == "winnable"
    verdict = solve(game)
    assert verdict.status == "winnable" and plays_to_a_win(game, verdict.line)
    # With another 8, 5, 9 and 4 on pile 4, which go with which is a choice.
    game = position([[8, 5], [9, 4], [2, 11, 10], [3, 8, 5, 4, 9]], [], easy=True)
    assert state_of(game).forced_move() is None


def test_moves_are_right_where_positions_share_their_tops_and_the_cards_under_them() -> None:
    # The moves are kept by the tops and the cards under them: positions
    # that differ deeper down must still get their own legal moves.
    for easy in (False, True):
        for piles in ([[1, 8, 5], [12], [], [6, 7]], [[8, 5], [4, 12], [], [7]],
                      [[2, 3, 8, 5], [9, 12], [], [1, 6, 7]]):
            game = position(piles, [], easy=easy)
            state = state_of(game)
            public = [state.public_move(move) for move in state.moves()]
            assert set(public) == set(game.legal_moves()), (easy, piles)


def test_the_forced_moves_never_change_the_answer_of_the_plain_search() -> None:
    rng = random.Random("thirteen-forced")
    compared = {"winnable": 0, "lost": 0}
    for game in positions_met(rng, {"easy_mode": True}, 150):
        status = search(cast(SearchState, state_of(game)), 30.0).status
        assert status == fully_plain_status(game), str(game)
        compared[status] += 1
    assert compared["winnable"] >= 10 and compared["lost"] >= 10, compared
