"""Klondike's twin rules (`klondike_twins`): which of two twins (the 8 of
clubs and the 8 of spades) a run lies on.  Hand-made positions, random
ones where a position and its mirror (what lies on the twins exchanged)
are won or lost alike, and random ones where the search with the rules and
without them must agree (each "lost" also that of a plain search of every
move, each winning line replayed)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_tk import new_game, solve
from solitaire_tk.engine import Game
from solitaire_tk.games import klondike_twins
from solitaire_tk.games.klondike import TABLEAUS
from solitaire_tk.solver import search

from .test_klondike_deadends import RANKS, _layout
from .test_search_drift_klondike import _plain_answer, _rule_keeps_every_verdict


# Where the twin rules are used (`KlondikeSearch.expect_positions`).
TWIN_VARIANTS = ["draw3", "draw1-single"]
# How many cards of each suit `_random_game` puts home (one pass: more, so
# that its searches, and the plain searches that check them, stay small).
HOME_RANGE = {"draw3": (2, 7), "draw1-single": (3, 7)}


def _without_twins(game: Game) -> Any:
    """The game's search state, never told that its search is long (so the
    twin rules stay off; the other rules are as in a long search)."""
    state = game.search_state()
    state.expect_positions = lambda most: None
    return state


def _twins(stacks: dict[str, str], home: dict[str, int]) -> Game:
    """These stacks and cards home, every other card in the deck."""
    game = new_game("klondike", "draw3", seed=1)
    rest = [f"{r}{suit}" for suit in "CDHS" for r in RANKS[home[suit]:]]
    placed = {card.strip("[]") for text in stacks.values() for card in text.split()}
    return _layout(game, home, stacks, [card for card in rest if card not in placed])


def _long_state(game: Game) -> Any:
    state = game.search_state()
    state.expect_positions(10**6)
    return state


def test_a_run_goes_only_onto_the_lower_twin_when_both_are_free() -> None:
    # The 7 of diamonds may go onto either black 8, both free: the search
    # puts it only onto the 8 of clubs (the other way is its mirror).
    game = _twins({"tableau1": "[9D] [KS] 8C", "tableau2": "[9H] [KC] 8S",
                   "tableau3": "QD", "tableau4": "QH", "tableau5": "[TC] 7D"},
                  {"C": 5, "D": 5, "H": 5, "S": 5})
    state = _long_state(game)
    assert {move[3] for move in state.moves() if move[:2] == (1, 4)} == {0}
    assert {move[3] for move in _without_twins(game).moves() if move[:2] == (1, 4)} == {0, 1}


def test_a_run_left_on_the_higher_twin_moves_onto_the_lower_one() -> None:
    # The 7 of diamonds goes home (safe), leaving the 8 of clubs free while
    # the 7 of hearts lies on the 8 of spades: the forced swap puts it onto
    # the 8 of clubs, and then nothing more is forced.
    game = _twins({"tableau1": "[9D] [KS] 8C 7D", "tableau2": "[9H] [KC] 8S 7H",
                   "tableau3": "QD", "tableau4": "QH"},
                  {"C": 5, "D": 6, "H": 5, "S": 5})
    state = _long_state(game)
    assert state.forced_move() == (0, 0)
    state.push((0, 0))
    assert state.forced_move() == (1, 1, 1, 0)
    state.push((1, 1, 1, 0))
    assert state.tab[0][-2:] == bytes((0x08, 0x27)) and state.tab[1][-1] == 0x38
    assert state.forced_move() is None
    # Not when a twin is the next card of its suit (which one is free then
    # matters at once).
    game = _twins({"tableau1": "[9D] [KS] 8C 7D", "tableau2": "[9H] [KC] 8S 7H",
                   "tableau3": "QD", "tableau4": "QH"},
                  {"C": 7, "D": 6, "H": 5, "S": 5})
    state = _long_state(game)
    state.push((0, 0))
    assert state.forced_move() != (1, 1, 1, 0)


def _random_game(rng: random.Random, variant: str = "draw3") -> Game:
    """In `variant`: 2-7 cards of each suit home (`HOME_RANGE`); of the rest, a quarter
    in the deck and the others in the seven stacks, half of them face down
    (the lower cards the more often) under runs of face-up cards built at
    random, each run's first card mostly the twin of a card face up already
    (so twins lie face up, with cards on them or free)."""
    game = new_game("klondike", variant, seed=1)
    home = {suit: rng.randint(*HOME_RANGE[variant]) for suit in "CDHS"}
    out = [f"{r}{suit}" for suit in "CDHS" for r in RANKS[home[suit]:]]
    rng.shuffle(out)
    deck, left = out[:len(out) // 4], out[len(out) // 4:]
    down: list[list[str]] = [[] for _ in TABLEAUS]
    # (Low cards face down the more often: more of these games are lost.)
    left.sort(key=lambda card: RANKS.index(card[0]) + rng.randrange(4))
    for card in left[:len(left) // 2]:
        down[rng.randrange(7)].append(card)
    left = left[len(left) // 2:]
    rng.shuffle(left)
    up: list[list[str]] = [[] for _ in TABLEAUS]
    twin = {"C": "S", "S": "C", "D": "H", "H": "D"}
    for stack in rng.sample(range(7), 6):
        if not left:
            break
        # (Mostly the twin of a card already face up, when it is left.)
        twins = [card[0] + twin[card[1]] for run in up for card in run
                 if card[0] + twin[card[1]] in left]
        run = [twins[0] if twins and rng.random() < 0.7 else left[-1]]
        left.remove(run[0])
        while rng.random() < 0.8:
            top = run[-1]
            rank = RANKS.index(top[0])
            fits = [card for card in left if RANKS.index(card[0]) == rank - 1
                    and (card[1] in "DH") != (top[1] in "DH")]
            if not fits:
                break
            card = rng.choice(fits)
            left.remove(card)
            run.append(card)
        up[stack] = run
    deck += left
    stacks = {}
    for pid, hidden, run in zip(TABLEAUS, down, up):
        if hidden and not run:
            hidden, run = hidden[:-1], hidden[-1:]
        stacks[pid] = " ".join([f"[{card}]" for card in hidden] + run)
    rng.shuffle(deck)
    return _layout(game, home, stacks, deck)


def _mirror(game: Game) -> Game | None:
    """The game with what lies on two twins (both face up in the stacks)
    exchanged, or None when it has no such twins."""
    where = {}
    for pid in TABLEAUS:
        for depth, card in enumerate(game.piles[pid]):
            if card.face_up:
                where[card.code] = (pid, depth)
    twin = {"C": "S", "S": "C", "D": "H", "H": "D"}
    for code, (pid, depth) in where.items():
        other = code[0] + twin[code[1]]
        if other in where and code < other:
            other_pid, other_depth = where[other]
            mirror = game.copy()
            mine = mirror._piles[pid][depth + 1:]
            theirs = mirror._piles[other_pid][other_depth + 1:]
            if not mine and not theirs:
                continue
            mirror._piles[pid][depth + 1:] = theirs
            mirror._piles[other_pid][other_depth + 1:] = mine
            return mirror
    return None


def test_a_swap_is_forced_after_a_move_that_turns_over_the_lower_twin() -> None:
    # Nothing is forced at the start.  The 8 of diamonds goes onto the 9 of
    # spades and turns over the 7 of clubs, while the 6 of hearts lies on the
    # 7 of spades: the swap is forced.  (The solver asks `forced_move` after
    # every push; after a move that brought no card home it looks only at
    # what that move showed, and this is one of the things it shows.)
    game = _twins({"tableau1": "[KS] [7C] 8D", "tableau2": "[TD] [KC] 7S 6H",
                   "tableau3": "9S", "tableau4": "QH"},
                  {"C": 3, "D": 3, "H": 3, "S": 3})
    state = _long_state(game)
    assert state.forced_move() is None
    state.push((1, 0, 1, 2))
    assert state.tab[0][-1] == 0x07
    assert state.forced_move() == (1, 1, 1, 0)


@pytest.mark.parametrize("variant", TWIN_VARIANTS)
def test_a_position_and_its_mirror_are_won_or_lost_alike(variant: str) -> None:
    # The lemma of `klondike_twins`, on random positions: with what lies on
    # two twins exchanged, the search without the twin rules says the same.
    rng = random.Random(f"twins-mirror-{variant}")
    answers = {"winnable": 0, "lost": 0}
    for _ in range(300):
        game = _random_game(rng, variant)
        mirror = _mirror(game)
        if mirror is None:
            continue
        expected = search(_without_twins(game), 60.0).status
        if expected == "unknown":
            continue   # (one pass: a few such positions take more than the search's budget)
        assert search(_without_twins(mirror), 60.0).status == expected, str(game)
        answers[expected] += 1
    assert answers["winnable"] >= 50 and answers["lost"] >= 10, answers


@pytest.mark.parametrize("variant", TWIN_VARIANTS)
def test_the_twin_rules_cut_no_win(variant: str) -> None:
    # Random positions with many face-up twins: the verdicts stay those of
    # the search without the rules, each "lost" that of a plain search of
    # every move, and each line wins.
    rng = random.Random(f"twins-cut-no-win-{variant}")
    # (One pass: few lost ones are small enough for the plain search's check,
    # so more positions are tried, and two such checks are enough.)
    games, lost_needed = (200, 3) if variant == "draw3" else (400, 2)
    _rule_keeps_every_verdict((_random_game(rng, variant) for _ in range(games)), _long_state,
                              _without_twins, lost_needed=lost_needed)


def test_the_twin_rules_are_used_only_where_nothing_is_cut_by_the_deck() -> None:
    # Draw1's three passes: positions met again with the deck further on are
    # cut (`is_dominated`), by a proof that counts every move; no twin rules there.
    for variant, used in (("draw3", True), ("draw1-single", True), ("draw1", False)):
        assert _long_state(new_game("klondike", variant, seed=1))._twins_too is used, variant


def test_only_a_long_search_uses_the_twin_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    # A hint's short searches (4,000 positions each) follow their line move
    # by move: no forced swap in it.
    asked: list[int] = []
    real = klondike_twins.twin_swap

    def counted(state: Any) -> Any:
        asked.append(1)
        return real(state)
    monkeypatch.setattr(klondike_twins, "twin_swap", counted)
    game = new_game("klondike", "draw3", seed=27)
    assert solve(game, seconds=30.0, max_positions=4_000).positions > 1 and not asked
    search(game.search_state(), 30.0, max_positions=60_000)
    assert asked
