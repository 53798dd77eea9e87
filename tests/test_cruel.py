"""Cruel's rules, on hand-made positions and real deals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solitaire_tk import IllegalMove, Move, new_game
from solitaire_tk.cards import new_deck_order
from solitaire_tk.engine import Game

from .helpers import arrange, codes

FOUNDATIONS = tuple(f"foundation{n}" for n in range(1, 5))
PILES = tuple(f"pile{n}" for n in range(1, 13))
FULL = {suit: " ".join(r + suit for r in "A23456789TJQK") for suit in "CDHS"}


def empty_cruel(**extra: object) -> Game:
    """Only the four Aces on their suit stacks, every stack empty."""
    game = new_game("cruel", seed=1)
    layout = {pid: "" for pid in PILES}
    layout.update({"foundation1": "AC", "foundation2": "AD", "foundation3": "AH", "foundation4": "AS"})
    return arrange(game, layout, **extra)


def reason(game: Game, move: Move) -> str:
    text = game.why_illegal(move)
    assert text is not None, f"{move} should be illegal"
    return text


# -- the deal -----------------------------------------------------------------
def test_deal_from_new_deck_order_card_by_card() -> None:
    deck = [card.code for card in new_deck_order()]
    game = new_game("cruel", deck=" ".join(deck))
    assert [codes(game)[pid] for pid in FOUNDATIONS] == [["AC"], ["AD"], ["AH"], ["AS"]]
    rest = [code for code in deck if code[0] != "A"]
    for n, pid in enumerate(PILES):
        assert codes(game)[pid] == rest[4 * n:4 * n + 4], pid
    assert codes(game)["pile1"] == ["2C", "3C", "4C", "5C"]  # the fourth card on top
    assert codes(game)["pile12"] == ["TS", "JS", "QS", "KS"]
    assert all(card.face_up for pile in game.piles.values() for card in pile)
    assert game.score() == 48 and not game.moved_since_deal


def test_deal_from_a_shuffled_deck_puts_aces_in_suit_order() -> None:
    game = new_game("cruel", seed=2024)
    assert [codes(game)[pid] for pid in FOUNDATIONS] == [["AC"], ["AD"], ["AH"], ["AS"]]
    rest = [code for code in game.deck if code[0] != "A"]
    assert [code for pid in PILES for code in codes(game)[pid]] == rest
    assert all(len(game.piles[pid]) == 4 for pid in PILES)


# -- moving cards ---------------------------------------------------------------
def test_up_to_its_own_suit_stack_one_higher() -> None:
    game = arrange(empty_cruel(), {"foundation4": "AS 2S 3S 4S", "pile3": "9D 5S",
                                   "pile4": "2H", "pile5": "7S"})
    move = Move("move", "pile3", "foundation4")
    assert game.describe(move) == "Move the 5 of spades from stack 3 up to the spades suit stack."
    game.play(move)
    assert codes(game)["foundation4"][-1] == "5S" and codes(game)["pile3"] == ["9D"]
    assert game.moved_since_deal
    assert reason(game, Move("move", "pile4", "foundation1")) == (
        "The 2 of hearts belongs on the hearts suit stack, not on the clubs suit stack.")
    text = reason(game, Move("move", "pile5", "foundation4"))
    assert "7 of spades" in text and "6 of spades next" in text


def test_onto_the_same_suit_one_higher() -> None:
    game = arrange(empty_cruel(), {"pile2": "3C JH", "pile7": "5D QH", "pile8": "KS",
                                   "pile9": "TH", "pile10": "AH"})
    move = Move("move", "pile2", "pile7")
    assert game.describe(move) == "Move the Jack of hearts from stack 2 onto the Queen of hearts in stack 7."
    assert move in game.legal_moves()
    text = reason(game, Move("move", "pile7", "pile8"))
    assert text.startswith("The Queen of hearts can't go onto the King of spades") and "own suit" in text
    text = reason(game, Move("move", "pile9", "pile7"))
    assert "10 of hearts" in text and "Queen of hearts" in text and "one lower, a Jack" in text
    assert "lowest card" in reason(game, Move("move", "pile9", "pile10"))
    game.play(move)
    assert codes(game)["pile7"] == ["5D", "QH", "JH"] and codes(game)["pile2"] == ["3C"]
    game.play(Move("move", "pile9", "pile7"))
    assert codes(game)["pile7"][-1] == "TH"


def test_a_card_wrong_in_suit_and_number_is_told_the_whole_rule() -> None:
    """Not only "its own suit" (which lets the pupil think any club will do):
    the card it needs, the same suit and one higher."""
    game = arrange(empty_cruel(), {"pile1": "5D QS", "pile2": "9H 2C", "pile3": "KH",
                                   "pile4": "3D JC"})
    assert reason(game, Move("move", "pile1", "pile2")) == (
        "The Queen of spades can't go onto the 2 of clubs: it must go onto the King of "
        "spades (the same suit, one higher).")
    assert reason(game, Move("move", "pile3", "pile2")) == (
        "The King of hearts can't go onto the 2 of clubs: no card is higher than a King, "
        "so it can only go up to its suit stack.")
    # One fault alone keeps its own sentence.
    assert reason(game, Move("move", "pile4", "pile2")) == (
        "The Jack of clubs can't go onto the 2 of clubs: the card on it must be one lower, "
        "an Ace.")
    assert reason(game, Move("move", "pile1", "pile3")) == (
        "The Queen of spades can't go onto the King of hearts: in the stacks a card goes "
        "only onto a card of its own suit, spades here.")


def test_an_emptied_stack_stays_empty() -> None:
    game = arrange(empty_cruel(), {"pile1": "2C", "pile2": "KH", "pile4": "9S"})
    game.play(Move("move", "pile1", "foundation1"))
    assert reason(game, Move("move", "pile2", "pile5")) == (
        "Stack 5 is empty, and in Cruel an empty stack stays empty.")
    assert reason(game, Move("move", "pile2", "pile1")).startswith("Stack 1 is empty, and")
    assert reason(game, Move("move", "pile1", "pile2")) == "Stack 1 is empty, so there is no card to move."


def test_one_card_at_a_time_and_never_from_a_suit_stack() -> None:
    game = arrange(empty_cruel(), {"pile1": "9H 7H", "pile2": "8H", "foundation2": "AD 2D"})
    text = reason(game, Move("move", "pile1", "pile2", count=2))
    assert "one at a time" in text and "7 of hearts" in text and "9 of hearts" not in text
    assert "one at a time" in reason(game, Move("move", "pile1", "pile2", index=0))
    assert Move("move", "pile1", "pile2", count=1) in game.legal_moves()
    assert "never leave a suit stack" in reason(game, Move("move", "foundation2", "pile1"))
    assert "already in stack 1" in reason(game, Move("move", "pile1", "pile1"))
    assert "needs a place" in reason(game, Move("move", "pile1"))
    with pytest.raises(IllegalMove):
        game.play({"action": "flip"})


def test_a_finished_suit_stack_takes_nothing_more() -> None:
    game = arrange(empty_cruel(), {"foundation1": FULL["C"], "pile1": "KC"})
    assert "already finished" in reason(game, Move("move", "pile1", "foundation1"))


# -- dealing again -------------------------------------------------------------
def test_redeal_needs_a_move_since_the_last_deal() -> None:
    game = new_game("cruel", seed=7)
    # At the start the pupil has never dealt: no "since the last deal".
    assert reason(game, Move("redeal")) == "Move a card first; then you can deal again."
    first = next(m for m in game.legal_moves() if m.action == "move")
    game.play(first)
    assert Move("redeal") in game.legal_moves()
    assert game.describe(Move("redeal")) == (
        "Deal again: the cards left in the stacks are gathered up and dealt back out in fours.")
    game.undo()  # taking the move back brings the flag back too
    assert reason(game, Move("redeal")) == "Move a card first; then you can deal again."
    game.play(first)
    game.play(Move("redeal"))
    assert reason(game, Move("redeal")) == (
        "Dealing again would change nothing, because no card has moved since the last deal.")
    stuck = arrange(empty_cruel(), {"pile1": "QC JC", "pile2": "TC KC 9C"})
    assert stuck.legal_moves() == []
    assert reason(stuck, Move("redeal")) == (
        "No card can move, so dealing again would change nothing.")


def test_redeal_keeps_the_order_and_deals_fours_from_the_front() -> None:
    game = arrange(empty_cruel(moved_since_deal=True), {
        "pile1": "2C 3C", "pile2": "", "pile3": "4D 5D 6D 7D 8D", "pile4": "KH", "pile5": "9S TS"})
    game.play(Move("redeal"))
    assert codes(game)["pile1"] == ["2C", "3C", "4D", "5D"]
    assert codes(game)["pile2"] == ["6D", "7D", "8D", "KH"]
    assert codes(game)["pile3"] == ["9S", "TS"]
    assert all(not game.piles[pid] for pid in PILES[3:])
    assert not game.moved_since_deal


def _position_with(count: int) -> Game:
    """A real-looking position with `count` cards left in the stacks, in a known row."""
    game = new_game("cruel", deck=" ".join(card.code for card in new_deck_order()))
    row = [code for code in game.deck if code[0] != "A"][:count]
    # Spread them unevenly so the redeal has real work to do.
    sizes = [5, 1, 7, 0, 3, 6, 2, 9, 4, 0, 8, 10]
    layout, start = {}, 0
    for pid, size in zip(PILES, sizes):
        layout[pid] = " ".join(row[start:start + size])
        start += size
    layout["pile12"] += " " + " ".join(row[start:])
    return arrange(game, layout, moved_since_deal=True)


@pytest.mark.parametrize("count, sizes", [
    (47, [4] * 11 + [3]),
    (43, [4] * 10 + [3, 0]),
    (9, [4, 4, 1] + [0] * 9),
])
def test_redeal_with_fewer_cards_leaves_the_last_stacks_short(count: int, sizes: list[int]) -> None:
    game = _position_with(count)
    row = [code for pid in PILES for code in codes(game)[pid]]
    assert len(row) == count
    game.play(Move("redeal"))
    assert [len(game.piles[pid]) for pid in PILES] == sizes
    assert [code for pid in PILES for code in codes(game)[pid]] == row


# -- backing up -----------------------------------------------------------------
def test_undo_reaches_back_only_to_the_last_redeal() -> None:
    game = arrange(empty_cruel(), {"pile1": "3C 2C", "pile2": "4C", "pile3": "9H"})
    with pytest.raises(IllegalMove, match="no move to take back yet"):
        game.undo()
    game.play(Move("move", "pile1", "foundation1"))
    assert game.undo_label() == "Move the 2 of clubs from stack 1 up to the clubs suit stack."
    game.play(Move("redeal"))
    assert not game.can_undo()
    with pytest.raises(IllegalMove) as error:
        game.undo()
    assert "last deal" in error.value.reason
    assert codes(game)["pile1"] == ["3C", "4C", "9H"]
    assert codes(game)["foundation1"] == ["AC", "2C"]


def test_moves_after_a_redeal_can_be_backed_up_to_it() -> None:
    game = arrange(empty_cruel(moved_since_deal=True), {"pile1": "4C 3C", "pile2": "2C"})
    game.play(Move("redeal"))
    after_deal = game.position()
    game.play(Move("move", "pile1", "foundation1"))
    game.play(Move("move", "pile1", "foundation1"))
    game.undo()
    game.undo()
    assert game.position() == after_deal
    with pytest.raises(IllegalMove, match="as far as the last deal"):
        game.undo()


# -- the end --------------------------------------------------------------------
def test_won_with_all_52_up() -> None:
    game = arrange(empty_cruel(), {"foundation1": " ".join(FULL["C"].split()[:-1]),
                                   "foundation2": FULL["D"], "foundation3": FULL["H"],
                                   "foundation4": FULL["S"], "pile6": "KC"})
    assert not game.is_over() and game.score() == 1
    game.play(Move("move", "pile6", "foundation1"))
    assert game.is_won() and game.is_over() and game.score() == 0
    assert game.outcome().startswith("You won")
    assert game.legal_moves() == [] and "nothing left to deal" in reason(game, Move("redeal"))


def test_stuck_right_after_a_redeal_is_over() -> None:
    game = arrange(empty_cruel(), {"foundation1": "AC 2C 3C 4C 5C 6C 7C 8C",
                                   "foundation2": FULL["D"], "foundation3": FULL["H"],
                                   "foundation4": FULL["S"],
                                   "pile1": "QC JC", "pile2": "TC KC 9C"})
    assert game.legal_moves() == [Move("move", "pile2", "foundation1")]
    game.play(Move("move", "pile2", "foundation1"))
    # The Jack and King of clubs are on top: only dealing again is left, and
    # it brings no card home (SPEC 2), so the game is already over.
    assert game.legal_moves() == [Move("redeal")]
    assert game.is_over() and game.moves_left_when_over()
    assert game.outcome() == ("Game over: you can still move cards, but no card can ever "
                              "reach a suit stack again. The suit stacks wait for the 10 of "
                              "clubs (under the King of clubs in stack 2).")
    game.play(Move("redeal"))
    assert codes(game)["pile1"] == ["QC", "JC", "TC", "KC"]
    assert game.legal_moves() == []
    assert game.is_over() and not game.is_won() and game.score() == 4
    assert game.outcome() == ("Game over: no card can move, and dealing again would change "
                              "nothing. The suit stacks wait for the 10 of clubs (under the "
                              "King of clubs in stack 1).")


def test_stuck_from_the_first_deal_is_over() -> None:
    game = arrange(empty_cruel(), {"pile1": "3C KD", "pile2": "QH", "pile3": "5S"})
    assert game.legal_moves() == [] and game.is_over()
    arrange(game, {"pile3": "2C QD"})
    assert not game.is_over(), "the Queen of diamonds can go onto the King and free the 2 of clubs"


# -- random play ----------------------------------------------------------------
def _random_move(rng: random.Random, game: Game) -> Move:
    pids = game.pile_ids
    if rng.random() < 0.1:
        return Move("redeal")
    return Move("move", rng.choice(pids), rng.choice(pids), count=rng.choice((1, 1, 1, 2)),
                index=rng.choice((None, None, None, 0, 3)))


def _check_cards(game: Game) -> None:
    counts = Counter(card.code for pile in game.piles.values() for card in pile)
    assert len(counts) == 52 and set(counts.values()) == {1}
    assert all(card.face_up for pile in game.piles.values() for card in pile)
    for pid, suit in zip(FOUNDATIONS, "CDHS"):
        assert [(c.rank, c.suit) for c in game.piles[pid]] == [
            (r, suit) for r in range(1, len(game.piles[pid]) + 1)]


def test_random_play_keeps_every_card_and_undo_exact() -> None:
    rng = random.Random(99)
    for seed in range(1, 201):
        game = new_game("cruel", seed=seed)
        history: list[tuple[object, ...]] = []
        for _ in range(300):
            _check_cards(game)
            legal = game.legal_moves()
            for _ in range(3):
                move = _random_move(rng, game)
                assert (game.why_illegal(move) is None) == (move in legal), move
            assert all(game._check(m) is None for m in legal)
            for m in legal:
                assert game.describe(m).endswith(".") and game.describe(m)[0].isupper()
            if not legal:
                assert game.is_over()
            assert game.moves_left_when_over() == (game.is_over() and bool(legal))
            if not legal:
                break
            if game.can_undo() and rng.random() < 0.1:
                game.undo()
                assert game.position() == history.pop()
                continue
            move = rng.choice(legal)
            before = game.position()
            game.play(move)
            if move.action == "redeal":
                history.clear()
                assert not game.can_undo()
            else:
                history.append(before)
                assert game.moved_since_deal
        _check_cards(game)
        assert game.score() == sum(len(game.piles[pid]) for pid in PILES)
