"""The solver (SPEC 5): "winnable" comes with a line that wins through `play`,
"lost" is a proof (checked here against a slow search through the public
rules), and the time limit gives "unknown" instead of hanging."""

from __future__ import annotations

import random
from typing import Any, Hashable

import pytest

from solitaire_tk import Move, new_game, solve
from solitaire_tk.cards import SUITS, shuffled_deck
from solitaire_tk.engine import Game, Position
from solitaire_tk.games.cruel import Cruel
from solitaire_tk.games.cruel_search import front_is_stuck
from solitaire_tk.playout import random_step
from solitaire_tk.searchstate import SearchState

from .helpers import WINNING_THIRTEEN, arrange
from .test_search_drift import SEARCHED

SEARCHED_IDS = sorted({game_id for game_id, _, _ in SEARCHED})


def plays_to_a_win(game: Game, line: tuple[Move, ...]) -> bool:
    for move in line:
        game.play(move)
    return game.is_won()


def slow_answer(game: Game, cap: int = 5_000) -> bool | None:
    """Whether the game can be won, by trying every legal move (`legal_moves`,
    the rules with their reasons) from every position; None past `cap` positions."""
    start = game.position()
    seen: set[Position] = {start}
    todo = [start]
    try:
        while todo:
            here = todo.pop()
            game._restore(here)
            if game.is_won():
                return True
            for move in game.legal_moves():
                game._apply(move)
                there = game.position()
                if there not in seen:
                    if len(seen) >= cap:
                        return None
                    seen.add(there)
                    todo.append(there)
                game._restore(here)
        return False
    finally:
        game._restore(start)


# -- hand-made positions ------------------------------------------------------
def cruel_deck(order: str) -> str:
    """A Cruel deck: the four Aces, then each suit's other cards in `order` of ranks."""
    return " ".join([f"A{s}" for s in SUITS] + [f"{r}{s}" for s in SUITS for r in order])


def test_a_won_game_is_winnable_with_nothing_left_to_do() -> None:
    game = new_game("thirteen", deck=WINNING_THIRTEEN)
    line = solve(game).line
    assert plays_to_a_win(game, line)
    verdict = solve(game)
    assert (verdict.status, verdict.line) == ("winnable", ())


def test_cruel_with_each_suit_running_down_is_won_without_a_new_deal() -> None:
    game = new_game("cruel", deck=cruel_deck("KQJT98765432"))
    verdict = solve(game)
    assert verdict.status == "winnable"
    assert all(move.action == "move" for move in verdict.line)
    assert plays_to_a_win(game, verdict.line)


def test_cruel_with_each_suit_running_up_is_lost_at_once() -> None:
    # Every top card waits for one buried under it, and nothing can move.
    game = new_game("cruel", deck=cruel_deck("23456789TJQK"))
    before = game.position()
    verdict = solve(game)
    assert (verdict.status, verdict.line) == ("lost", ())
    assert game.position() == before and game.log == []


def test_thirteen_winning_deck_is_winnable_and_the_line_wins() -> None:
    game = new_game("thirteen", deck=WINNING_THIRTEEN)
    verdict = solve(game)
    assert verdict.status == "winnable" and verdict.positions >= 1
    assert plays_to_a_win(game, verdict.line)


def test_a_game_the_solver_cannot_search_is_unknown() -> None:
    class Unsearched(Cruel):
        """Cruel as a game would be before it has a search state."""

        def search_state(self) -> SearchState:
            return Game.search_state(self)

    game = Unsearched(shuffled_deck(3, 1), seed=3)
    verdict = solve(game)
    assert (verdict.status, verdict.line, verdict.positions) == ("unknown", (), 0)


# -- deals and random positions ---------------------------------------------------
@pytest.mark.parametrize("game_id", SEARCHED_IDS)
def test_winnable_deals_come_with_a_line_that_wins(game_id: str) -> None:
    won = 0
    for _, variant, options in [play for play in SEARCHED if play[0] == game_id]:
        for seed in range(1, 13):
            game = new_game(game_id, variant, seed=seed, options=options)
            verdict = solve(game, seconds=1.0)
            assert verdict.status in ("winnable", "lost", "unknown")
            if verdict.status == "winnable":
                won += 1
                assert plays_to_a_win(game, verdict.line), seed
            else:
                assert verdict.line == ()
    assert won, "some of these deals are winnable (Thirteen's with Easy mode)"


def small_cruel(rng: random.Random) -> Game:
    """A Cruel position with only a few cards left in the piles, most of them home."""
    game = new_game("cruel", seed=rng.randint(1, 10**6))
    left = [f"{rank}{suit}" for suit in SUITS
            for rank in "A23456789TJQK"[rng.randint(7, 12):]]
    rng.shuffle(left)
    layout: dict[str, str] = {}
    for n, suit in enumerate(SUITS):
        kept = {card for card in left if card[1] == suit}
        layout[f"foundation{n + 1}"] = " ".join(
            f"{rank}{suit}" for rank in "A23456789TJQK" if f"{rank}{suit}" not in kept)
    for n in range(12):
        layout[f"pile{n + 1}"] = " ".join(left[n * 4:n * 4 + 4])
    # Now and then the piles are uneven, as after moves.
    if rng.random() < 0.5 and len(left) > 2:
        layout["pile12"] = layout["pile1"].split()[-1]
        layout["pile1"] = " ".join(layout["pile1"].split()[:-1])
    return arrange(game, layout, moved_since_deal=rng.random() < 0.7)


def small_thirteen(rng: random.Random, options: dict[str, Any]) -> Game:
    """A Thirteen position with a few pairs and Kings left, some of them still in the stock."""
    game = new_game("thirteen", seed=rng.randint(1, 10**6), options=options)
    deck = [f"{rank}{suit}" for suit in SUITS for rank in "A23456789TJQK"]
    rng.shuffle(deck)
    left: list[str] = []
    for card in deck:
        value = "A23456789TJQK".index(card[0]) + 1
        partner = next((other for other in deck if other not in left and other != card
                        and "A23456789TJQK".index(other[0]) + 1 + value == 13), None)
        if card in left or (value != 13 and partner is None):
            continue
        left += [card] if partner is None else [card, partner]
        if len(left) >= rng.randint(6, 12):
            break
    rng.shuffle(left)
    in_stock = rng.randint(0, len(left) // 2)
    layout = {"stock": " ".join(f"[{card}]" for card in left[:in_stock]),
              "discard": " ".join(card for card in deck if card not in left)}
    for n in range(4):
        layout[f"pile{n + 1}"] = " ".join(left[in_stock + n::4])
    return arrange(game, layout)


def late_position(game_id: str, rng: random.Random, options: dict[str, Any]) -> Game:
    """A position late in a game (few cards still to come): along a winning line
    when the deal has one, with a few random moves at the end to spoil some."""
    game = new_game(game_id, seed=rng.randint(1, 10**6), options=options)
    stock = game.piles[game.stock_pile or "stock"]
    line = list(solve(game, seconds=0.5).line)
    stop = rng.randint(4, 10)
    while len(stock) > stop and not game.is_over():
        # Along the winning line, else at random (taking cards away first).
        moves = game.legal_moves()
        home = [move for move in moves if move.action == "remove"]
        game.play(line.pop(0) if line else rng.choice(home or moves))
    for _ in range(rng.randint(0, 3)):
        moves = game.legal_moves()
        if moves:
            game.play(rng.choice(moves))
    return game


def small_positions(game_id: str, options: dict[str, Any], count: int) -> list[Game]:
    rng = random.Random(f"small-{game_id}-{options}")
    if game_id == "cruel":
        return [small_cruel(rng) for _ in range(count)]
    if game_id == "thirteen":
        return [small_thirteen(rng, options) for _ in range(count)]
    return [late_position(game_id, rng, options) for _ in range(count)]


@pytest.mark.parametrize(("game_id", "options"), [
    ("cruel", {}), ("thirteen", {}), ("thirteen", {"easy_mode": True}), ("dammit", {})])
def test_the_solver_agrees_with_a_slow_search_of_every_move(
        game_id: str, options: dict[str, Any]) -> None:
    answers = {True: 0, False: 0}
    for game in small_positions(game_id, options, 60):
        expected = slow_answer(game)
        if expected is None:
            continue
        verdict = solve(game, seconds=30.0)
        assert verdict.status == ("winnable" if expected else "lost"), str(game)
        if expected:
            assert plays_to_a_win(game, verdict.line)
        answers[expected] += 1
    # Both answers must have been checked, or the test proves little.
    assert answers[True] >= 3 and answers[False] >= 3, answers


# Double Solitaire is never lost: once pile 22 is used up every pile can be
# picked up, so every card can go up in turn.
@pytest.mark.parametrize(("game_id", "variant", "options"),
                         [play for play in SEARCHED if play[0] != "double"])
def test_a_game_that_is_over_and_not_won_is_proved_lost(
        game_id: str, variant: str, options: dict[str, Any]) -> None:
    rng = random.Random(f"over-{game_id}-{variant}")
    over = 0
    for _ in range(40):
        game = new_game(game_id, variant, seed=rng.randint(1, 10**6), options=options)
        while not game.is_over() and random_step(game, rng, undo_chance=0.0):
            pass
        if game.is_won() or not game.is_over():
            continue
        over += 1
        assert solve(game, seconds=30.0).status == "lost", str(game)
    assert over >= 5


def test_the_time_limit_gives_unknown_instead_of_searching_on() -> None:
    # Deal 65 of Cruel takes the solver far longer than a hundredth of a second.
    game = new_game("cruel", seed=65)
    verdict = solve(game, seconds=0.01)
    assert verdict.status == "unknown" and verdict.line == ()
    assert 0 < verdict.positions < 100_000


def test_a_stop_request_ends_the_search_as_unknown() -> None:
    asked = []

    def stop() -> bool:
        asked.append(1)
        return True

    verdict = solve(new_game("cruel", seed=65), seconds=600.0, should_stop=stop)
    assert verdict.status == "unknown" and len(asked) == 1


def test_a_search_that_fills_its_table_stops_as_unknown() -> None:
    verdict = solve(new_game("cruel", seed=65), seconds=600.0, max_positions=1000)
    assert verdict.status == "unknown" and 1000 <= verdict.positions < 1300


# -- the dead-end tests and shortcuts, each checked against the slow search ---------
def positions_along(game: Game, rng: random.Random, steps: int) -> list[Game]:
    """Copies of the positions a random game passes through from `game` on."""
    seen: list[Game] = []
    for _ in range(steps):
        seen.append(game.copy())
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return seen


# (Thirteen's dead-end test in Easy mode almost never fires.)
@pytest.mark.parametrize(("game_id", "options"), [("cruel", {}), ("thirteen", {}), ("dammit", {})])
def test_a_position_called_a_dead_end_is_lost_by_the_slow_search(
        game_id: str, options: dict[str, Any]) -> None:
    rng = random.Random(f"dead-{game_id}-{options}")
    dead = 0
    for start in small_positions(game_id, options, 200 if game_id == "thirteen" else 40):
        for game in positions_along(start, rng, 6):
            if not game.search_state().is_dead():
                continue
            answer = slow_answer(game, cap=20_000)
            assert answer is not True, str(game)
            dead += answer is False
    assert dead >= 3, dead


@pytest.mark.parametrize("options", [{}, {"easy_mode": True}])
def test_thirteen_takes_the_last_pair_of_two_ranks_at_once_and_loses_nothing(
        options: dict[str, Any]) -> None:
    rng = random.Random(f"last-pair-{options}")
    checked = 0
    for _ in range(400):
        game = small_thirteen(rng, options)
        while game.piles["stock"]:
            game.play(Move("deal"))
        forced = game.search_state().forced_move()
        if forced is None or game.search_state().public_move(forced).piles is None:
            continue
        if len(set(game.search_state().public_move(forced).piles or ())) < 2:
            continue
        expected = slow_answer(game)
        if expected is None:
            continue
        assert solve(game).status == ("winnable" if expected else "lost"), str(game)
        checked += 1
        if checked >= 15:
            break
    assert checked >= 15


def test_dammit_lost_whatever_boxes_the_cards_go_in_agrees_with_the_slow_search() -> None:
    from solitaire_tk.games.dammit_search import DammitSearch, doomed_ahead
    rng = random.Random("dammit-doomed")
    doomed = 0
    for start in small_positions("dammit", {}, 40):
        for game in positions_along(start, rng, 6):
            state = game.search_state()
            assert isinstance(state, DammitSearch)
            if not doomed_ahead(state.grid, state.deck[state.next:], state.clearing):
                continue
            answer = slow_answer(game, cap=20_000)
            assert answer is not True, str(game)
            doomed += answer is False
    assert doomed >= 3, doomed


def cruel_end(front: str, others: str, clubs_home: int = 4, spades_home: int = 13) -> Game:
    """A Cruel end with only clubs above `clubs_home` (and spades above
    `spades_home`) left: pile 1 is `front`, the other piles in turn hold
    `others` (split by "/")."""
    game = new_game("cruel", seed=1)
    layout = {f"pile{n}": "" for n in range(1, 13)}
    layout["pile1"] = front
    for n, pile in enumerate(others.split("/")):
        layout[f"pile{n + 2}"] = pile
    for n, (suit, home) in enumerate(zip("CDHS", (clubs_home, 13, 13, spades_home))):
        layout[f"foundation{n + 1}"] = " ".join(f"{rank}{suit}" for rank in "A23456789TJQK"[:home])
    return arrange(game, layout, moved_since_deal=True)


def test_cruel_a_king_over_a_lower_club_in_the_first_pile_is_a_dead_end() -> None:
    # The King of clubs can never leave pile 1 (no card is higher) and every
    # deal keeps it on the 5 of clubs, which must go up first.
    game = cruel_end("5C KC", "7C 6C/TC 9C 8C/QC/JC")
    assert game.search_state().is_dead()
    assert slow_answer(game) is False
    assert solve(game).status == "lost"


def test_cruel_a_queen_over_a_lower_club_in_the_first_pile_is_not_cut() -> None:
    # The Queen can still move onto the King in pile 4, so the 5 comes free.
    game = cruel_end("5C QC", "7C 6C/TC 9C 8C/KC/JC")
    assert not game.search_state().is_dead()
    assert slow_answer(game) is True
    verdict = solve(game)
    assert verdict.status == "winnable" and plays_to_a_win(game, verdict.line)


def test_cruel_a_card_over_its_next_one_up_in_the_first_pile_is_a_dead_end() -> None:
    # The 9 of clubs must leave first, but the 10 it needs is under it.
    game = cruel_end("5C TC 9C", "7C 6C/8C/QC/JC KC")
    assert game.search_state().is_dead()
    assert slow_answer(game) is False


def test_cruel_first_piles_that_every_deal_gives_back_unchanged_are_a_dead_end() -> None:
    # The 7 of clubs waits for the 6 under the King of spades in pile 2, the
    # King for the 9 of spades under the 7; the 8 of clubs the 7 could go onto
    # lies under it, and the 6 (the only card that could come onto it) is held
    # too.  No card of the first two piles can move, so every deal deals them again.
    game = cruel_end("8C 9S TC 7C", "JC 6C TS KS/QS JS 9C QC/KC", clubs_home=5, spades_home=8)
    state = game.search_state()
    assert state.is_dead() and not front_is_stuck(state.piles)  # type: ignore[attr-defined]
    assert slow_answer(game) is False
    assert solve(game).status == "lost"


def test_cruel_first_piles_with_a_top_that_can_still_move_are_not_cut() -> None:
    # The Queen of spades on pile 2 can go onto the King on pile 3: the 6 of clubs comes free.
    game = cruel_end("8C 9S TC 7C", "JC 6C TS QS/JS 9C QC KS/KC", clubs_home=5, spades_home=8)
    assert not game.search_state().is_dead()
    assert slow_answer(game) is True
    verdict = solve(game)
    assert verdict.status == "winnable" and plays_to_a_win(game, verdict.line)


def test_cruel_frozen_first_piles_agree_with_the_slow_search() -> None:
    from solitaire_tk.games.cruel_search import CruelSearch, front_is_frozen
    rng = random.Random("cruel-frozen")
    frozen = 0
    for start in small_positions("cruel", {}, 120):
        for game in positions_along(start, rng, 8):
            state = game.search_state()
            assert isinstance(state, CruelSearch)
            if not front_is_frozen(state.piles, state.home):
                continue
            answer = slow_answer(game, cap=20_000)
            assert answer is not True, str(game)
            frozen += answer is False
    assert frozen >= 20, frozen


class PathState:
    """A made-up game for the solver: a position is the path of moves that led
    to it; the subclasses say which moves there are and which path wins."""

    def __init__(self) -> None:
        self.path: list[int] = []

    def forced_move(self) -> None:
        return None

    def push(self, move: int) -> None:
        self.path.append(move)

    def pop(self) -> None:
        self.path.pop()

    def key(self) -> Hashable:
        return tuple(self.path)

    def is_dead(self) -> bool:
        return False

    def public_move(self, move: int) -> Move:
        return Move("deal")


class TwoOrders(PathState):
    """A made-up game for the solver: in its first move order the search wanders
    down a line of ever new positions; in the second the first move wins."""

    orderings = 2

    def __init__(self) -> None:
        super().__init__()
        self.order = 0

    def use_ordering(self, number: int) -> None:
        self.order = number

    def moves(self) -> list[int]:
        return [1, 0] if self.order == 0 else [0, 1]

    def is_won(self) -> bool:
        return self.path[-1:] == [0]


def test_the_solver_tries_a_states_second_move_order_when_the_first_runs_long() -> None:
    from solitaire_tk.solver import search
    state = TwoOrders()
    verdict = search(state, seconds=0.2)  # type: ignore[arg-type]
    assert verdict.status == "winnable" and verdict.line == (Move("deal"),)
    assert state.order == 0 and state.path == []


class WideOrNarrow(PathState):
    """A made-up game for the solver: up to three moves deep, each position
    has moves 0, 1 and 2; move 2 starts a wander down `wander` ever new
    positions that never wins.  Only the line `winning` wins.  Best first,
    the search goes under move 0 first, and there into the wanders."""

    DEPTH = 3

    def __init__(self, winning: list[int], wander: int = 100_000) -> None:
        super().__init__()
        self.winning = winning
        self.wander = wander
        self.searches = 0

    def new_search(self) -> None:
        self.searches += 1

    def moves(self) -> list[int]:
        if 2 in self.path:
            return [0] if len(self.path) - self.path.index(2) < self.wander else []
        return [0, 1, 2] if len(self.path) < self.DEPTH else []

    def key(self) -> tuple[int, tuple[int, ...]]:
        # A wander is all 0s after its 2: its length says where it is.
        return len(self.path), tuple(self.path[:self.DEPTH + 1])

    def is_won(self) -> bool:
        return self.path == self.winning


def test_a_narrow_search_first_finds_the_win_behind_a_long_wander() -> None:
    from solitaire_tk.solver import search
    state = WideOrNarrow([1])
    verdict = search(state, seconds=60.0, max_positions=20_000)  # type: ignore[arg-type]
    assert verdict.status == "unknown"      # best first, the wander uses everything up
    state = WideOrNarrow([1])
    state.narrow_first = ((2, 0.1),)  # type: ignore[attr-defined]
    verdict = search(state, seconds=60.0, max_positions=20_000)  # type: ignore[arg-type]
    assert verdict.status == "winnable" and len(verdict.line) == 1
    assert state.path == [] and state.searches == 1


def test_a_narrow_search_that_finds_no_win_is_followed_by_the_full_one() -> None:
    from solitaire_tk.solver import search
    # The win takes the third move, which the narrow search leaves out.
    state = WideOrNarrow([1, 2], wander=50)
    state.narrow_first = ((2, 0.5),)  # type: ignore[attr-defined]
    verdict = search(state, seconds=60.0)  # type: ignore[arg-type]
    assert verdict.status == "winnable" and len(verdict.line) == 2
    assert state.searches == 2        # each search started afresh
    # With no win anywhere the narrow search's "none found" is no proof:
    # the full search proves it.
    state = WideOrNarrow([3], wander=50)
    state.narrow_first = ((2, 0.5),)  # type: ignore[attr-defined]
    verdict = search(state, seconds=60.0)  # type: ignore[arg-type]
    assert verdict.status == "lost" and state.searches == 2


def test_the_cycle_collector_is_paused_while_the_solver_searches_and_restored_after() -> None:
    """A search makes small objects by the million and none in a circle: the
    collector looking through them is wasted time.  It is paused while the
    search runs, and left as it was found afterwards (on, or off)."""
    import gc

    from solitaire_tk import solver

    game = new_game("klondike", "draw3", seed=5)
    states_seen: list[bool] = []
    state = game.search_state()
    real_moves = state.moves

    def moves() -> Any:
        states_seen.append(gc.isenabled())
        return real_moves()

    state.moves = moves  # type: ignore[method-assign]
    was = gc.isenabled()
    try:
        for before in (True, False):
            (gc.enable if before else gc.disable)()
            states_seen.clear()
            solver.search(state, 3600.0, max_positions=300)
            assert states_seen and not any(states_seen)
            assert gc.isenabled() == before
    finally:
        (gc.enable if was else gc.disable)()
