"""Klondike's dead end of a place two cards fight over (`klondike_fought`):
a hand-made position, and random ones where the search with it and
without it must agree (each "lost" also that of a plain search of every
move, each winning line replayed)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_tk import new_game, solve
from solitaire_tk.engine import Game
from solitaire_tk.games import klondike_search
from solitaire_tk.games.klondike import TABLEAUS
from solitaire_tk.games.klondike_cards import PARENT_BITS
from solitaire_tk.games.klondike_deadends import EMPTY_STACK
from solitaire_tk.solver import search

from .test_klondike_deadends import RANKS, _layout
from .test_search_drift_klondike import _plain_answer, _rule_keeps_every_verdict


def _without_the_fight(game: Game) -> Any:
    state = game.search_state()
    state._fought_too = False
    return state


def _two_queens_one_king(king_of_spades_home: bool) -> Game:
    """Both red Queens on face-down cards (the 10 of their suit and the
    other Queen's Jack), the King of clubs alone in a stack; the Queen of
    clubs, both red Kings and (unless home) the King of spades in the deck."""
    game = new_game("klondike", "draw3", seed=1)
    home = {"C": 11, "D": 9, "H": 9, "S": 13 if king_of_spades_home else 12}
    stacks = {"tableau1": "[TD] [JH] QD", "tableau2": "[TH] [JD] QH", "tableau3": "KC"}
    deck = ["QC", "KH", "KD"] + ([] if king_of_spades_home else ["KS"])
    return _layout(game, home, stacks, deck)


@pytest.mark.parametrize("king_of_spades_home", [True, False])
def test_two_queens_that_need_the_same_king_are_a_dead_end(king_of_spades_home: bool) -> None:
    # With the King of spades home, each red Queen can go only onto the King
    # of clubs: the first one there stays for good (its Jack lies under the
    # other Queen), and the other then has no place, with its 10 under it.
    # No card is stuck yet (each Queen may still go onto the King), so only
    # the place fought over says so at once.  With the King of spades in the
    # deck, each Queen has a King: the game is won.
    game = _two_queens_one_king(king_of_spades_home)
    assert game.search_state().is_dead() == king_of_spades_home
    assert not _without_the_fight(game).is_dead()
    verdict = solve(game, seconds=30.0)
    assert verdict.status == ("lost" if king_of_spades_home else "winnable")
    assert search(_without_the_fight(game), 60.0).status == verdict.status
    assert _plain_answer(game, 20000) is (not king_of_spades_home)
    for move in verdict.line:
        game.play(move)
    assert game.is_won() != king_of_spades_home


def _random_game(rng: random.Random) -> Game:
    """Three at a time, 4-9 cards of each suit home, and the rest dealt at
    random: two fifths of them in the deck, the others face down in the
    stacks under one face-up card each."""
    game = new_game("klondike", "draw3", seed=1)
    home = {suit: rng.randint(4, 9) for suit in "CDHS"}
    out = [f"{r}{suit}" for suit in "CDHS" for r in RANKS[home[suit]:]]
    rng.shuffle(out)
    in_deck = len(out) * 2 // 5
    stacks: list[list[str]] = [[] for _ in TABLEAUS]
    for card in out[in_deck:]:
        stacks[rng.randrange(7)].append(card)
    return _layout(game, home, {pid: " ".join([f"[{card}]" for card in cards[:-1]] + cards[-1:])
                                for pid, cards in zip(TABLEAUS, stacks)}, out[:in_deck])


def test_a_place_fought_over_cuts_no_win() -> None:
    # Three at a time, small random games: the verdicts stay those of the
    # search without the test, each "lost" that of a plain search of every
    # move, and each line wins.
    rng = random.Random("fought-3")
    _rule_keeps_every_verdict((_random_game(rng) for _ in range(200)),
                              lambda game: game.search_state(), _without_the_fight)


def test_only_a_long_search_asks_about_a_place_fought_over(monkeypatch: pytest.MonkeyPatch) -> None:
    # The test is slow: in a hint's short searches (4,000 positions each) it
    # doubled a hint's time, so only searches allowed many positions ask it.
    from solitaire_tk.games import klondike_search
    asked: list[int] = []
    real = klondike_search._fought.fought_over_here

    def counted(*args: Any) -> bool:
        asked.append(1)
        return real(*args)
    monkeypatch.setattr(klondike_search._fought, "fought_over_here", counted)
    game = _two_queens_one_king(king_of_spades_home=True)
    short = solve(game, seconds=30.0, max_positions=4_000)
    assert not asked and short.positions > 1
    assert solve(game, seconds=30.0).status == "lost" and asked


# -- the test itself, against a straightforward fixpoint -------------------------
# (Written out plainly, apart from the module's: each round works out again
# from scratch what the cards left hold and block.  The module's test, and
# any quicker way of working it out, must give the very same answers.)

def _reference_held_and_blocked(waits: list[Any], home: int, empty: bool,
                                bottoms: int) -> tuple[int, int]:
    held = stays = fixed = 0
    for wait in waits:
        held |= wait[0]
        stays |= wait[3]
        if not wait[4]:
            fixed |= wait[0]
    blocked = home | held | stays
    if not empty and not bottoms & ~fixed:
        blocked |= EMPTY_STACK
    return held, blocked


def _reference_stuck(waits: list[Any], home: int, empty: bool, bottoms: int,
                     blocked_too: int, one_free: bool = False) -> list[Any]:
    while True:
        held, blocked = _reference_held_and_blocked(waits, home, empty, bottoms)
        free = ~(blocked | blocked_too)
        keep = [wait for wait in waits if wait[1] & held
                and (not (wait[2] & free) & (wait[2] & free) - 1 if one_free
                     else not wait[2] & free)]
        if len(keep) == len(waits):
            return keep
        waits = keep


def _reference_fought_over(waits: list[Any], home: int, empty: bool, bottoms: int,
                           place: int) -> bool:
    stuck = _reference_stuck(waits, home, empty, bottoms, place)
    users = {wait[1] for wait in stuck if wait[2] & place}
    if len(users) < 2:
        return False
    for lower in users:
        card = lower.bit_length()
        moved = (place, lower, PARENT_BITS[card] & ~place, 0, True)
        if not _reference_stuck([w for w in stuck if w[1] != lower] + [moved], home, empty,
                                bottoms, 0):
            return False
    return True


def _reference_place(waits: list[Any], home: int, empty: bool, bottoms: int) -> int:
    """The old `place_fought_over`: > 0 for a place fought over, -1 for a set stuck, else 0."""
    widest = _reference_stuck(waits, home, empty, bottoms, 0, one_free=True)
    if not widest:
        return 0
    blocked = _reference_held_and_blocked(widest, home, empty, bottoms)[1]
    rounds, singles = [widest], {}
    while True:
        held, now_blocked = _reference_held_and_blocked(rounds[-1], home, empty, bottoms)
        keep = []
        for wait in rounds[-1]:
            if wait[1] & held:
                free = wait[2] & ~now_blocked
                if not free:
                    keep.append(wait)
                elif not free & (free - 1) and free != EMPTY_STACK and free not in singles:
                    singles[free] = len(rounds) - 1
        if len(keep) == len(rounds[-1]):
            break
        rounds.append(keep)
    if keep:
        return -1
    needed: dict[int, set[int]] = {}
    for wait in widest:
        for place in range(64):
            if wait[2] >> place & 1:
                needed.setdefault(1 << place, set()).add(wait[1])
    for place, first in singles.items():
        if len(needed.get(place, ())) < 2 or place & home:
            continue
        start = [wait for wait in rounds[first] if not wait[2] & ~blocked & ~place]
        if _reference_fought_over(start, home, empty, bottoms, place):
            return place
    return 0


def _searched_waits(seeds: range, positions: int) -> list[Any]:
    """The waits (with the cards home, whether a stack is empty, the stacks'
    bottom cards) of every position where draw three searches of these deals
    ask about a place fought over, and random parts of each (fewer cards
    that may be stuck: other positions' answers)."""
    from solitaire_tk.games import klondike_fought
    asked: list[Any] = []
    real = klondike_fought.fought_place

    def recorded(*args: Any) -> Any:
        asked.append(args)
        return real(*args)
    rng = random.Random("fought-waits")
    klondike_fought.fought_place = recorded     # type: ignore[assignment]
    try:
        for seed in seeds:
            state = new_game("klondike", "draw3", seed=seed).search_state()
            state.expect_positions = lambda most: None     # (asked however short the search)
            search(state, 60.0, max_positions=positions)
    finally:
        klondike_fought.fought_place = real     # type: ignore[assignment]
    parts = [([wait for wait in waits if rng.random() < 0.8], home, empty, bottoms)
             for waits, home, empty, bottoms in asked]
    # And as if the only stacks were those with cards face down under a card
    # that may be stuck, none empty: an empty stack is then blocked at first.
    held_in_place = []
    for waits, home, _empty, bottoms in asked:
        fixed = 0
        for wait in waits:
            if not wait[4]:
                fixed |= wait[0]
        held_in_place.append((waits, home, False, bottoms & fixed))
    return asked + parts + held_in_place


def test_the_test_answers_as_the_straightforward_fixpoint() -> None:
    # Positions from real searches (deal 40 is lost, 74 hard), and parts of
    # them: the place found (or the stuck set, or none) is the old one's.
    from solitaire_tk.games.klondike_fought import _fought_over, _stuck, fought_place
    inputs = _searched_waits(range(39, 42), 3000) + _searched_waits(range(74, 75), 6000)
    answers = {"place": 0, "stuck": 0, "none": 0}
    for waits, home, empty, bottoms in inputs:
        place, found = fought_place(waits, home, empty, bottoms)
        proof = set(found)
        assert place == _reference_place(waits, home, empty, bottoms)
        answers["place" if place > 0 else "stuck" if place else "none"] += 1
        # The waits it gives as proof prove it on their own (what the memo counts on).
        if place > 0:
            assert set(_fought_over(list(proof), home, empty, bottoms, place)) == proof
            assert _reference_fought_over(list(proof), home, empty, bottoms, place)
        elif place < 0:
            assert set(_reference_stuck(list(proof), home, empty, bottoms, 0)) == proof
            assert set(_stuck(waits, home, empty, bottoms, 0)) == proof
    assert min(answers.values()) >= 30, answers


def test_a_proof_holds_only_where_its_waits_all_are(monkeypatch: pytest.MonkeyPatch) -> None:
    # In a real search, each of the last proofs found is said to hold in a
    # position only where every one of its waits is among the position's
    # waits and the cards it needs home are home (what makes it dead too).
    from solitaire_tk.games import klondike_fought
    from solitaire_tk.games.klondike_proof import home_of, proved_here
    waits_of: dict[Any, frozenset[Any]] = {}
    real_proof_of = klondike_fought.proof_of

    def recorded(state: Any, waste: bool, waits: list[Any], home: int) -> Any:
        proof = real_proof_of(state, waste, waits, home)
        waits_of[proof] = frozenset(waits)
        return proof
    monkeypatch.setattr(klondike_fought, "proof_of", recorded)
    said = {True: 0, False: 0}
    real_here = klondike_fought.fought_over_here

    def checked(state: Any, waste: bool, memo_key: Any) -> bool:
        home = home_of(state)
        waits = set(klondike_fought._all_waits(state, waste)[0])
        for proof in list(waits_of)[-30:]:
            holds = proved_here(state, waste, home, [proof])
            said[holds] += 1
            if holds:
                assert waits_of[proof] <= waits and not proof[0] & ~home
        return real_here(state, waste, memo_key)
    monkeypatch.setattr(klondike_search._fought, "fought_over_here", checked)
    state = new_game("klondike", "draw3", seed=74).search_state()
    state.expect_positions = lambda most: None     # (asked however short the search)
    search(state, 60.0, max_positions=8000)
    assert said[True] >= 50 and said[False] >= 50, said


def test_a_search_where_the_test_finds_nothing_tests_fewer_keys(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Draw three deal 36: its first thousands of positions have almost no
    # place fought over, so after a few tests in a row found nothing only
    # one new key in many is tested, and the search's answer does not change.
    from solitaire_tk.games import klondike_fought
    tested: list[int] = []
    real = klondike_fought.fought_place

    def counted(*args: Any) -> Any:
        answer = real(*args)
        tested.append(answer[0])
        return answer
    monkeypatch.setattr(klondike_fought, "fought_place", counted)

    def long_search() -> tuple[str, int]:
        tested.clear()
        state = new_game("klondike", "draw3", seed=36).search_state()
        state.expect_positions = lambda most: None     # (asked however short the search)
        return search(state, 60.0, max_positions=6000).status, len(tested)
    status, spared = long_search()
    assert tested.count(0) >= 0.9 * len(tested)
    monkeypatch.setattr(klondike_fought, "SPARE_AFTER", 10**9)
    status_without, every = long_search()
    assert status == status_without and spared < 0.7 * every, (spared, every)


def test_a_key_where_nothing_was_found_is_tested_again_with_another_deck(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Draw three deal 40 is lost with few cards ever home: its search meets
    # few keys (cards face down, home, at the front of the deck), each with
    # many decks.  Testing such a key again with another deck, at most once
    # in `RETEST_EVERY` asks, proves it lost within 60,000 positions.
    from solitaire_tk.games import klondike_fought
    tests: list[int] = []
    real = klondike_fought.fought_place

    def counted(*args: Any) -> Any:
        tests.append(1)
        return real(*args)
    monkeypatch.setattr(klondike_fought, "fought_place", counted)
    state = new_game("klondike", "draw3", seed=40).search_state()
    verdict = search(state, 60.0, max_positions=60_000)
    memo = state._fought_memo
    assert verdict.status == "lost", verdict.positions
    assert 0 < memo.retests <= memo.asked // klondike_fought.RETEST_EVERY + 1
    assert len(tests) > memo.retests
