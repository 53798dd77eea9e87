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
from solitaire_tk.games.klondike import TABLEAUS
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
