"""Klondike's rules, on hand-made positions and real deals."""

from __future__ import annotations

import pytest

from solitaire_tk import IllegalMove, Move, new_game
from solitaire_tk.cards import new_deck_order
from solitaire_tk.engine import Game

from solitaire_tk.games.klondike import Klondike

from .helpers import arrange, codes


def empty_klondike(variant: str = "draw1"):
    game = new_game("klondike", variant, seed=1)
    return arrange(game, {pid: "" for pid in game.pile_ids})


def test_deal_goes_in_rows_and_stock_turns_deck_28_first() -> None:
    deck = [card.code for card in new_deck_order()]
    game = new_game("klondike", deck=" ".join(deck))
    # Row one: deck[0..6] to stacks 1-7; row two: deck[7..12] to stacks 2-7 ...
    assert [repr(c) for c in game.piles["tableau1"]] == ["AC"]
    assert [c.code for c in game.piles["tableau2"]] == [deck[1], deck[7]]
    assert [c.code for c in game.piles["tableau7"]] == [deck[6], deck[12], deck[17], deck[21],
                                                       deck[24], deck[26], deck[27]]
    assert all(not c.face_up for c in game.piles["tableau7"][:-1])
    assert game.piles["tableau7"][-1].face_up
    assert game.piles["stock"][-1].code == deck[28]
    game.play(Move("flip"))
    assert [c.code for c in game.piles["waste"]] == [deck[28]]


def test_draw3_turns_three_in_order() -> None:
    game = new_game("klondike", "draw3", seed=5)
    stock = [c.code for c in game.piles["stock"]]
    game.play({"action": "flip"})
    assert [c.code for c in game.piles["waste"]] == [stock[-1], stock[-2], stock[-3]]
    assert all(c.face_up for c in game.piles["waste"])


def test_red_on_black_one_lower() -> None:
    game = arrange(empty_klondike(), {"tableau1": "8S", "tableau2": "[4C] 7H",
                                      "tableau3": "7D", "tableau4": "9S", "tableau5": "8H"})
    game.play(Move("move", "tableau2", "tableau1"))
    assert codes(game)["tableau1"] == ["8S", "7H"]
    assert codes(game)["tableau2"] == ["4C"], "the exposed card is turned face up"
    with pytest.raises(IllegalMove) as error:
        game.play(Move("move", "tableau3", "tableau5"))
    assert "7 of diamonds" in error.value.reason and "8 of hearts" in error.value.reason
    assert "both are red" in error.value.reason
    reason = game.why_illegal(Move("move", "tableau3", "tableau4"))
    assert reason is not None and "one lower, an 8" in reason


def test_a_card_wrong_in_colour_and_number_is_told_the_whole_rule() -> None:
    """Not only "both are black": the card it needs, the other colour and one higher."""
    game = arrange(empty_klondike(), {"tableau1": "5C", "tableau2": "2S", "tableau3": "KC",
                                      "tableau4": "TH", "tableau5": "[4D] 8H"})
    assert game.why_illegal(Move("move", "tableau1", "tableau2")) == (
        "The 5 of clubs can't go onto the 2 of spades: it must go onto a red 6 "
        "(the other colour, one higher).")
    assert game.why_illegal(Move("move", "tableau5", "tableau4")) == (
        "The 8 of hearts can't go onto the 10 of hearts: it must go onto a black 9 "
        "(the other colour, one higher).")
    assert game.why_illegal(Move("move", "tableau3", "tableau2")) == (
        "The King of clubs can't go onto the 2 of spades: a King goes only into an empty stack.")
    # Nothing goes onto an Ace, whatever its colour.
    game = arrange(game, {"tableau6": "AH", "tableau7": "7D"})
    assert game.why_illegal(Move("move", "tableau7", "tableau6")) == (
        "Nothing can go onto the Ace of hearts in the stacks: it is the lowest card.")
    # One fault alone keeps its own sentence.
    assert game.why_illegal(Move("move", "tableau1", "tableau4")) == (
        "The 5 of clubs can't go onto the 10 of hearts: the card on it must be one lower, a 9.")


def test_only_a_king_into_an_empty_stack() -> None:
    game = arrange(empty_klondike(), {"tableau1": "[2C] QH", "tableau2": "[3C] KS QD"})
    reason = game.why_illegal(Move("move", "tableau1", "tableau3"))
    assert reason == "Only a King can go into an empty stack, and the Queen of hearts is not a King."
    game.play(Move("move", "tableau2", "tableau3", count=2))
    assert codes(game)["tableau3"] == ["KS", "QD"]
    # a lone King moving from one empty place to another changes nothing
    assert Move("move", "tableau3", "tableau4", count=2) not in game.legal_moves()


def test_home_stacks_ace_then_same_suit_up() -> None:
    game = arrange(empty_klondike(), {"tableau1": "2H", "tableau2": "AH", "tableau3": "3S"})
    assert "only an Ace" in (game.why_illegal(Move("move", "tableau1", "foundation1")) or "").replace("Only", "only")
    game.play(Move("move", "tableau2", "foundation1"))
    reason = game.why_illegal(Move("move", "tableau3", "foundation1"))
    assert reason is not None and "3 of spades" in reason and "one suit" in reason
    game.play(Move("move", "tableau1", "foundation1"))
    assert game.score() == 2
    with pytest.raises(IllegalMove, match="never leave"):
        game.play(Move("move", "foundation1", "tableau1"))


def test_recycle_limits_per_variant() -> None:
    for variant, passes in (("draw1", 3), ("draw1-single", 1)):
        game = new_game("klondike", variant, seed=11)
        for _ in range(passes):
            while game.piles["stock"]:
                game.play(Move("flip"))
            if game.is_legal(Move("recycle")):
                game.play(Move("recycle"))
        assert not game.piles["stock"]
        assert not game.is_legal(Move("recycle"))
    game = new_game("klondike", "draw3", seed=11)
    for _ in range(10):
        while game.piles["stock"]:
            game.play(Move("flip"))
        game.play(Move("recycle"))
    assert game.recycles == 10


def _through_the_deck(game: Game) -> None:
    while game.piles["stock"]:
        game.play(Move("flip"))


def test_recycle_says_how_many_turns_are_left_after_it() -> None:
    game = new_game("klondike", "draw1", seed=3)
    _through_the_deck(game)
    assert game.describe(Move("recycle")) == (
        "Turn the waste pile over to make the deck again. You can do this once more after this.")
    game.play(Move("recycle"))
    _through_the_deck(game)
    assert game.describe(Move("recycle")) == (
        "Turn the waste pile over to make the deck again. This is the last time.")
    game.play(Move("recycle"))
    _through_the_deck(game)
    limit = "You have already gone through the deck three times, which is all this game allows."
    assert game.why_illegal(Move("recycle")) == limit
    assert game.why_illegal(Move("flip")) == f"The deck is empty. {limit}"
    single = new_game("klondike", "draw1-single", seed=3)
    _through_the_deck(single)
    assert single.why_illegal(Move("recycle")) == "In this game you go through the deck only once."
    draw3 = new_game("klondike", "draw3", seed=3)
    _through_the_deck(draw3)
    assert draw3.describe(Move("recycle")) == "Turn the waste pile over to make the deck again."


def test_recycle_keeps_the_original_order() -> None:
    game = new_game("klondike", "draw1", seed=3)
    before = [c.code for c in game.piles["stock"]]
    while game.piles["stock"]:
        game.play(Move("flip"))
    game.play(Move("recycle"))
    assert [c.code for c in game.piles["stock"]] == before


def test_over_when_turning_the_deck_cannot_help() -> None:
    # Unlimited recycling, the deck already seen, but no deck card can ever be played.
    game = arrange(empty_klondike("draw3"), {
        "tableau1": "[KC] 9H", "stock": "[2S] [3S] [4S]", "waste": "5S",
        "foundation1": "AD", "foundation2": "AH"}, recycles=1)
    assert [m.action for m in game.legal_moves()] == ["flip"]
    assert game.is_over() and not game.is_won()
    assert "no card can ever reach a home stack again" in game.outcome()
    # ...but a deck card that can go home keeps the game going.
    arrange(game, {"stock": "[2S] [AS] [4S]"})
    assert not game.is_over()


def test_undo_is_unlimited_and_logged() -> None:
    game = new_game("klondike", seed=8)
    start = game.position()
    for _ in range(30):
        game.play(game.legal_moves()[0])
    for _ in range(30):
        game.undo()
    assert game.position() == start
    assert [e["action"] for e in game.log].count("undo") == 30
    assert not game.can_undo()


def test_the_empty_deck_says_how_often_it_can_still_be_turned_over() -> None:
    def empty_the_deck(game: Klondike) -> None:
        while game.piles["stock"]:
            game.play(Move("flip"))

    game = new_game("klondike", "draw1", seed=7)
    assert game.stock_note() is None, "a deck with cards has nothing to say"
    notes = []
    for _ in range(3):
        empty_the_deck(game)
        notes.append(game.stock_note())
        if game.is_legal(Move("recycle")):
            game.play(Move("recycle"))
    assert notes == ["Turn over: 2 more times", "Turn over: 1 more time", "No more turns"]
    draw3 = new_game("klondike", "draw3", seed=7)
    for _ in range(4):
        empty_the_deck(draw3)
        assert draw3.stock_note() == "Turn over: as often as you like"
        draw3.play(Move("recycle"))
    single = new_game("klondike", "draw1-single", seed=7)
    empty_the_deck(single)
    assert single.stock_note() == "No more turns"
    assert new_game("cruel", seed=7).stock_note() is None
