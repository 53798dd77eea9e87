"""Klondike's dead ends with the cards of the deck and the Kings lying on
face-down cards as cards of a stuck set (`klondike_deadends`): hand-made
positions, and random ones where the search with them and without them
must agree (each "lost" also that of a plain search of every move)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from solitaire_tk import new_game, solve
from solitaire_tk.engine import Game
from solitaire_tk.games.klondike import TABLEAUS
from solitaire_tk.solver import search

from .helpers import arrange
from .test_search_drift_klondike import _plain_answer, _rule_keeps_every_verdict

RANKS = "A23456789TJQK"


def _without(game: Game, talon: bool = False, kings: bool = False) -> Any:
    """The game's search state with the deck's cards (`talon`) and the Kings
    (`kings`) left out of its stuck sets unless asked for."""
    state = game.search_state()
    state._talon_waits_too = talon
    state._kings_too = kings
    return state


def _layout(game: Game, home: dict[str, int], stacks: dict[str, str], deck: list[str]) -> Game:
    """`home[suit]` cards of each suit home, these stacks, the deck in the
    order it is turned, and no waste pile."""
    layout = {pid: "" for pid in TABLEAUS}
    for n, suit in enumerate("CDHS"):
        layout[f"foundation{n + 1}"] = " ".join(f"{r}{suit}" for r in RANKS[:home[suit]])
    layout.update(stacks)
    layout.update({"waste": "", "stock": " ".join(f"[{card}]" for card in reversed(deck))})
    return arrange(game, layout)


def _chain_in_the_deck(king_of_diamonds_home: bool) -> Game:
    """The 6 of clubs on the face-down 5 of hearts, 5 of clubs and King of
    hearts; every card it could ever go onto lies in the deck."""
    game = new_game("klondike", "draw3", seed=1)
    home = {"C": 4, "D": 13 if king_of_diamonds_home else 12, "H": 4, "S": 12}
    # In the order that brings each card of the chain up just when it is
    # wanted, three at a time: the King of diamonds (when in the deck), the
    # Queen of clubs and Jack of hearts under it, then the 10, 9 and 8, ...
    deck = "JH QC KD 8C 9H TC 6H 8H 7H TH QH 7C 9C JC KC KS".split()
    if king_of_diamonds_home:
        deck.remove("KD")
    return _layout(game, home, {"tableau1": "[KH] [5C] [5H] 6C"}, deck)


@pytest.mark.parametrize("king_of_diamonds_home", [True, False])
def test_cards_that_never_leave_the_deck_keep_a_card_stuck(king_of_diamonds_home: bool) -> None:
    # The 6 of clubs goes home only after the 5 under it, and onto a red 7
    # only: the 7 of diamonds is home, and the 7 of hearts is in the deck.
    # That one comes out only onto a black 8 (the 8 of spades is home, the
    # 8 of clubs in the deck) or home after the 5 of hearts, also under the
    # 6.  And so on up: the 9 of hearts, the 10 of clubs, the Jack of hearts,
    # the Queen of clubs, whose places are the King of hearts (under the 6)
    # and the King of diamonds (home).  None of them can be the first to
    # leave, so the 5s never come out.  With the King of diamonds in the
    # deck, it goes into an empty stack and takes them all: the game is won.
    game = _chain_in_the_deck(king_of_diamonds_home)
    assert game.search_state().is_dead() == king_of_diamonds_home
    assert not _without(game).is_dead()
    verdict = solve(game, seconds=30.0)
    assert verdict.status == ("lost" if king_of_diamonds_home else "winnable")
    assert search(_without(game), 60.0).status == verdict.status
    assert _plain_answer(game, 20000) is (not king_of_diamonds_home)
    for move in verdict.line:
        game.play(move)
    assert game.is_won() != king_of_diamonds_home


def _kings_on_their_aces(seventh_stack: bool) -> Game:
    """Each King on the face-down Ace of its suit; the red Jacks and the 9 of
    diamonds on the black cards they could go onto; every other card in the
    deck; the seventh stack empty unless asked for."""
    game = new_game("klondike", "draw3", seed=1)
    stacks = {"tableau1": "[AC] KC", "tableau2": "[AD] KD", "tableau3": "[AH] KH",
              "tableau4": "[AS] KS", "tableau5": "[QC] JD", "tableau6": "[TS] [QS] JH",
              "tableau7": "[TC] 9D" if seventh_stack else ""}
    placed = {card.strip("[]") for text in stacks.values() for card in text.split()}
    deck = [f"{r}{suit}" for suit in "CDHS" for r in RANKS if f"{r}{suit}" not in placed]
    random.Random("kings-on-their-aces").shuffle(deck)
    return _layout(game, {suit: 0 for suit in "CDHS"}, stacks, deck)


@pytest.mark.parametrize("seventh_stack", [True, False])
def test_kings_with_no_stack_ever_to_empty_are_stuck(seventh_stack: bool) -> None:
    # A King leaves the Ace under it only into an empty stack.  No stack is
    # empty, and none ever gets so: each bottom card lies under a card that
    # can never leave (the Kings themselves; the Jack of diamonds, whose
    # places are the Queen of clubs under it and the Queen of spades under
    # the Jack of hearts, and which goes home only after the Ace under the
    # King of diamonds; the Jack of hearts and the 9 of diamonds alike).
    # Without the Kings in the test the Aces look free.  With the seventh
    # stack empty a King can go into it.
    game = _kings_on_their_aces(seventh_stack)
    assert game.search_state().is_dead() == seventh_stack
    assert not _without(game, talon=True).is_dead()
    if seventh_stack:
        assert solve(game, seconds=30.0).status == "lost"


def _random_game(rng: random.Random) -> Game:
    """Three at a time, a few cards of each suit home and the rest dealt at
    random: most of them in the deck, the others face down in the stacks
    under one face-up card each."""
    game = new_game("klondike", "draw3", seed=1)
    home = {suit: rng.randint(5, 10) for suit in "CDHS"}
    out = [f"{r}{suit}" for suit in "CDHS" for r in RANKS[home[suit]:]]
    rng.shuffle(out)
    in_deck = rng.randint(len(out) // 2, len(out) - 2)
    stacks: list[list[str]] = [[] for _ in TABLEAUS]
    for card in out[in_deck:]:
        stacks[rng.randrange(7)].append(card)
    return _layout(game, home, {pid: " ".join([f"[{card}]" for card in cards[:-1]] + cards[-1:])
                                for pid, cards in zip(TABLEAUS, stacks)}, out[:in_deck])


def test_the_deck_and_the_kings_in_stuck_sets_cut_no_win() -> None:
    # Three at a time, small random games: the verdicts stay those of the
    # search without the new cards of a stuck set, each "lost" that of a
    # plain search of every move, and each line wins.
    rng = random.Random("deck-and-kings-in-stuck-sets")
    _rule_keeps_every_verdict((_random_game(rng) for _ in range(600)),
                              lambda game: game.search_state(), _without)
