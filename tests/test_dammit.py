"""Dammit!'s rules, on hand-made positions and real deals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solitaire_tk import IllegalMove, Move, new_game
from solitaire_tk.cards import new_deck_order
from solitaire_tk.games.dammit import BOXES, Dammit

from .helpers import arrange, codes, total_cards


def dammit(stock: str, boxes: dict[int, str] | None = None, **extra: object) -> Dammit:
    """A game whose stock (bottom..top) and boxes are given; other boxes empty."""
    game = new_game("dammit", seed=1)
    assert isinstance(game, Dammit)
    layout = {pid: "" for pid in game.pile_ids}
    layout["stock"] = stock
    for number, code in (boxes or {}).items():
        layout[f"box{number}"] = code
    arrange(game, layout, **extra)
    return game


# The edge holds its face cards, box 16 is empty and the centre is 6H 3C / TS 7H.
ALMOST_FULL = {1: "KC", 4: "KD", 13: "KH", 2: "QC", 3: "QD", 14: "QH", 15: "QS",
               5: "JC", 8: "JD", 9: "JH", 12: "JS", 6: "6H", 7: "3C", 10: "TS", 11: "7H"}


def test_deal_stock_shows_deck_0_and_hides_the_rest() -> None:
    deck = [card.code for card in new_deck_order()]
    game = new_game("dammit", deck=" ".join(deck))
    stock = game.piles["stock"]
    assert [c.code for c in stock] == deck[::-1]
    assert stock[-1].face_up and not any(c.face_up for c in stock[:-1])
    assert all(not game.piles[box] for box in BOXES) and not game.piles["discard"]
    assert game.legal_moves() == [Move("place", dst=box) for box in BOXES]
    assert game.describe(Move("place", dst="box6")) == "Put the Ace of clubs in box 6."
    game.play({"action": "place", "dst": "box6"})
    assert codes(game)["box6"] == ["AC"]
    assert repr(game.piles["stock"][-1]) == deck[1], "the next card turns face up"
    assert game.score() == 1 and not game.is_over()


def test_face_cards_only_in_their_boxes() -> None:
    game = dammit("[5C] KC")
    assert Dammit.allowed_boxes(game.piles["stock"][-1]) == ("box1", "box4", "box13", "box16")
    assert [m.dst for m in game.legal_moves()] == ["box1", "box4", "box13", "box16"]
    assert game.why_illegal(Move("place", dst="box6")) == (
        "The King of clubs can only go in a corner box: 1, 4, 13 or 16.")
    arrange(game, {"stock": "QH"})
    assert [m.dst for m in game.legal_moves()] == ["box2", "box3", "box14", "box15"]
    assert game.why_illegal(Move("place", dst="box1")) == (
        "The Queen of hearts can only go in a middle box of the top or bottom row: 2, 3, 14 or 15.")
    arrange(game, {"stock": "JS"})
    assert [m.dst for m in game.legal_moves()] == ["box5", "box8", "box9", "box12"]
    reason = game.why_illegal(Move("place", dst="box7"))
    assert reason is not None and reason.startswith("The Jack of spades") and "5, 8, 9 or 12" in reason
    arrange(game, {"stock": "TD"})
    assert len(game.legal_moves()) == 16, "Ace to 10 go in any empty box, corners too"


def test_a_box_takes_one_card_and_only_boxes_take_cards() -> None:
    game = dammit("[2C] 9H", {6: "4C", 1: "KS"})
    assert game.why_illegal(Move("place", dst="box6")) == "Box 6 already has the 4 of clubs in it."
    assert game.why_illegal(Move("place", dst="box1")) == "Box 1 already has the King of spades in it."
    assert "not the discard pile" in (game.why_illegal(Move("place", dst="discard")) or "")
    assert "Say which box" in (game.why_illegal(Move("place")) or "")
    assert game.why_illegal(Move("place", dst="box7", count=2)) is not None
    assert game.why_illegal(Move("place", src="box6", dst="box7")) is not None
    game.play({"action": "place", "src": "stock", "dst": "box7"})
    assert game.log[-1] == {"action": "place", "dst": "box7", "t": game.log[-1]["t"]}


def test_a_placed_card_never_moves_and_the_reason_says_where_the_card_to_play_goes() -> None:
    game = dammit("[2C] 4H", {6: "TS", 7: "3C", 8: "7D"})
    # What the table asks when a box card is dropped on the discard pile or another box.
    for move in (game.drag_move("box6", 0, "discard"), game.drag_move("box7", 0, "box8"),
                 game.drag_move("box7", 0, "box9")):
        assert game.why_illegal(move) == (
            "Cards in the grid never move. The 4 of hearts to play can go in any empty box.")
    assert all(m.action == "place" for m in game.legal_moves())
    arrange(game, {"stock": "[2C] KH", "box1": "KC", "box4": "KD", "box13": "KS", "box16": "8D"})
    assert game.why_illegal(game.drag_move("box4", 0, "discard")) == (
        "Cards in the grid never move. The King of hearts to play can only go in a corner box: "
        "1, 4, 13 or 16, and they are all full.")
    arrange(game, {"box16": "", "box13": ""})
    assert game.where_card_may_go() == ("The King of hearts to play can only go in a corner box: "
                                        "1, 4, 13 or 16, and boxes 13 and 16 are still empty.")
    arrange(game, {"box16": "8D"})
    assert game.where_card_may_go() == ("The King of hearts to play can only go in a corner box: "
                                        "1, 4, 13 or 16, and only box 13 is still empty.")


def test_the_next_card_stays_face_down_while_a_full_grid_is_cleared() -> None:
    game = dammit("[2D] [4S] KS", ALMOST_FULL)
    game.play(Move("place", dst="box16"))
    assert game.clearing and codes(game)["stock"] == ["[2D]", "[4S]"]
    assert game.card_to_play() is None
    assert "4 of spades" not in game.where_card_may_go()
    assert game.describe(Move("place", dst="box7")) == "Put the card to play in box 7."
    reasons = [game.why_illegal(m) or "" for m in game._candidates()]
    reasons.append(game.why_illegal(Move("place", dst="box7")) or "")
    assert not any("4 of spades" in text for text in reasons)
    game.play(Move("remove", piles=("box7", "box11")))
    assert codes(game)["stock"] == ["[2D]", "[4S]"], "a 10 is still left to take away"
    game.play(Move("remove", piles=("box10",)))
    assert not game.clearing and codes(game)["stock"] == ["[2D]", "4S"]
    assert game.where_card_may_go() == "The 4 of spades to play can go in any empty box."
    game.undo()
    assert codes(game)["stock"] == ["[2D]", "[4S]"]


def test_clearing_phase_begins_and_ends_then_placing_resumes() -> None:
    game = dammit("[2D] [4S] KS", ALMOST_FULL)
    game.play(Move("place", dst="box16"))
    assert game.clearing and codes(game)["stock"] == ["[2D]", "[4S]"]
    assert game.why_illegal(Move("place", dst="box7")) == (
        "The grid was full, so first take away every 10 and every pair that adds up to ten.")
    legal = game.legal_moves()
    assert legal == [Move("remove", piles=("box10",)), Move("remove", piles=("box7", "box11"))]
    assert game.describe(legal[0]) == "Take away the 10 of spades from box 10."
    assert game.describe(legal[1]) == ("Take away the 3 of clubs (box 7) and the 7 of hearts "
                                       "(box 11): together they make ten.")
    # the pair may be picked in either order; the log keeps it in box order
    game.play({"action": "remove", "piles": ["box11", "box7"]})
    assert game.log[-1]["piles"] == ["box7", "box11"]
    assert game.clearing, "the 10 is still there"
    assert game.legal_moves() == [Move("remove", piles=("box10",))]
    game.play(Move("remove", piles=("box10",)))
    assert not game.clearing
    assert codes(game)["discard"] == ["3C", "7H", "TS"]
    assert [m.dst for m in game.legal_moves()] == ["box7", "box10", "box11"]
    game.play(Move("place", dst="box10"))
    assert codes(game)["box10"] == ["4S"] and game.score() == 51  # one card left
    game.undo()
    game.undo()
    assert game.clearing and codes(game)["box10"] == ["TS"]


def test_remove_reasons_name_the_cards() -> None:
    game = dammit("[2D] 4S", {**ALMOST_FULL, 16: "KS"}, clearing=True)
    why = game.why_illegal
    assert why(Move("remove", piles=("box6", "box7"))) == (
        "The 6 of hearts and the 3 of clubs add up to 9, not 10.")
    assert why(Move("remove", piles=("box6",))) == (
        "Only a 10 goes away by itself. The 6 of hearts needs a 4 to make ten, and no 4 is "
        "in another box now.")
    four = dammit("[2D] 4S", {**ALMOST_FULL, 16: "KS", 7: "4C"}, clearing=True)
    assert four.why_illegal(Move("remove", piles=("box6",))) == (
        "Only a 10 goes away by itself. The 6 of hearts needs a 4 to make ten: pick the 6 of "
        "hearts, then a 4 in another box, and they go away together.")
    two = dammit("[2D] 4S", {**ALMOST_FULL, 16: "KS", 6: "2H"}, clearing=True)
    assert (two.why_illegal(Move("remove", piles=("box6",))) or "").startswith(
        "Only a 10 goes away by itself. The 2 of hearts needs an 8 to make ten")
    five = dammit("[2D] 4S", {**ALMOST_FULL, 16: "KS", 6: "5H"}, clearing=True)
    assert five.why_illegal(Move("remove", piles=("box6",))) == (
        "Only a 10 goes away by itself. The 5 of hearts needs a 5 to make ten, and no 5 is "
        "in another box now.")
    assert why(Move("remove", piles=("box1",))) == (
        "Face cards stay in the grid: the King of clubs can't be taken away.")
    assert why(Move("remove", piles=("box2", "box7"))) == (
        "Face cards stay in the grid: the Queen of clubs can't be taken away.")
    assert why(Move("remove", piles=("box6", "box10"))) == (
        "The 10 of spades is taken away by itself, not in a pair.")
    assert why(Move("remove", piles=("box7", "box7"))) == "A pair is two cards in two different boxes."
    assert "discard pile is not a box" in (why(Move("remove", piles=("discard",))) or "")
    assert "not 3 cards" in (why(Move("remove", piles=("box7", "box11", "box10"))) or "")
    assert why(Move("remove")) is not None
    game.play(Move("remove", piles=("box10",)))
    assert why(Move("remove", piles=("box10",))) == "Box 10 is empty."


def test_lost_when_a_face_card_has_no_box_left() -> None:
    game = dammit("[2C] KS", {1: "KC", 4: "5D", 13: "KH", 16: "9S"})
    assert game.is_over() and not game.is_won() and game.legal_moves() == []
    assert game.outcome() == "Game over: the King of spades is next, and every corner box is full."
    arrange(game, {"box4": ""})
    assert not game.is_over()
    game = dammit("[2C] QS", {2: "AC", 3: "2H", 14: "3D", 15: "QD"})
    assert game.outcome() == ("Game over: the Queen of spades is next, and every middle box "
                              "of the top and bottom rows is full.")
    game = dammit("[2C] JD", {5: "AC", 8: "JH", 9: "3D", 12: "JS"})
    assert game.outcome() == ("Game over: the Jack of diamonds is next, and every middle box "
                              "of the left and right sides is full.")


def test_lost_when_the_grid_fills_with_nothing_to_take_away() -> None:
    grid = {**ALMOST_FULL, 6: "AC", 7: "AD", 10: "2C", 11: "2D"}
    game = dammit("[3S] KS", grid)
    assert not game.is_over()
    game.play(Move("place", dst="box16"))
    assert game.clearing and game.legal_moves() == []
    assert codes(game)["stock"] == ["[3S]"], "no new card is shown"
    assert game.where_card_may_go() == (
        "Nothing in the full grid can be taken away, so no new card will be shown.")
    assert game.is_over() and not game.is_won()
    assert game.outcome() == ("Game over: the grid is full and no 10 or pair adding up "
                              "to ten is left to take away.")
    game.undo()
    assert not game.is_over() and not game.clearing


def test_won_when_the_last_card_is_placed() -> None:
    game = dammit("9H", {6: "4C"})
    assert game.score() == 51 and not game.is_won()
    game.play(Move("place", dst="box7"))
    assert game.is_won() and game.is_over() and game.score() == 52
    assert game.outcome().startswith("You won!") and game.legal_moves() == []
    assert "every card has been placed" in (game.why_illegal(Move("place", dst="box8")) or "").lower()
    # even when the last card fills the grid, there is nothing left to clear
    game = dammit("KS", {**ALMOST_FULL})
    game.play(Move("place", dst="box16"))
    assert game.is_won() and not game.clearing and game.legal_moves() == []


def test_undo_is_unlimited() -> None:
    game = new_game("dammit", seed=12)
    start = game.position()
    played = 0
    while game.legal_moves() and played < 40:
        game.play(game.legal_moves()[-1])
        played += 1
    assert played > 5
    for _ in range(played):
        game.undo()
    assert game.position() == start and not game.can_undo()


def _random_move(rng: random.Random, game: Dammit, legal: list[Move]) -> Move:
    """A move record of any shape, some of them legal."""
    if legal and rng.random() < 0.3:
        move = rng.choice(legal)
        if move.piles and rng.random() < 0.5:
            return Move("remove", piles=tuple(reversed(move.piles)))
        return move
    ids = list(game.pile_ids)
    piles = None if rng.random() < 0.3 else tuple(rng.choice(ids) for _ in range(rng.randint(0, 3)))
    return Move(rng.choice(("place", "remove")),
                src=rng.choice((None, None, "stock", "box3")),
                dst=rng.choice((None, *ids)) if rng.random() < 0.8 else None,
                count=rng.choice((1, 1, 1, 2)), index=rng.choice((None, None, 0)),
                piles=piles)


def _takeable(game: Dammit) -> bool:
    """Whether the grid holds a 10 or two cards adding up to ten (worked out afresh)."""
    ranks = [game.piles[box][-1].rank for box in BOXES if game.piles[box]]
    return 10 in ranks or any(a + b == 10 for i, a in enumerate(ranks) for b in ranks[i + 1:])


def _hidden_names(game: Dammit) -> list[str]:
    return [card.name for card in game.piles["stock"] if not card.face_up]


def test_random_play_keeps_every_rule() -> None:
    full = Counter(card.code for card in new_deck_order())
    finished = Counter[str]()
    for seed in range(1, 201):
        rng = random.Random(seed)
        game = new_game("dammit", seed=seed)
        assert isinstance(game, Dammit)
        for _ in range(300):
            assert Counter(card.code for pile in game.piles.values() for card in pile) == full
            assert total_cards(game) == 52
            stock = game.piles["stock"]
            # Only the card to play is face up, and not while a full grid is cleared.
            assert all(card.face_up == (i == len(stock) - 1 and not game.clearing)
                       for i, card in enumerate(stock))
            hidden = _hidden_names(game)
            legal = game.legal_moves()
            assert bool(legal) != game.is_over()
            for _ in range(4):
                move = _random_move(rng, game, legal)
                reason = game.why_illegal(move)
                assert (reason is None) == (game._canonical(move) in legal), (move, reason)
                if reason is not None:
                    assert reason[0].isupper() and reason.endswith(".")
                    assert not any(name in reason for name in hidden)
            for move in game._candidates():
                assert (game._check(move) is None) == (move in legal)
            if not legal:
                finished["won" if game.is_won() else "lost"] += 1
                break
            if game.can_undo() and rng.random() < 0.1:
                game.undo()
                continue
            move = rng.choice(legal)
            text = game.describe(move)
            assert text[0].isupper() and text.endswith(".")
            assert not any(name in text for name in hidden)
            before = game.position()
            game.play(move)
            grid_full = all(game.piles[box] for box in BOXES)
            if move.action == "place":
                assert game.clearing == (grid_full and not game.is_won())
            else:
                assert game.clearing == _takeable(game)
            if rng.random() < 0.1:
                game.undo()
                assert game.position() == before
                game.play(move)
    assert finished["lost"] > 100, finished


def test_a_game_reaches_a_clearing_phase_from_a_real_deal() -> None:
    # Some deal in the first few dozen fills the grid and clears it again.
    for seed in range(1, 60):
        game = new_game("dammit", seed=seed)
        assert isinstance(game, Dammit)
        seen_clearing = False
        while game.legal_moves():
            game.play(game.legal_moves()[0])
            seen_clearing = seen_clearing or game.clearing
            if seen_clearing and not game.clearing:
                assert game.legal_moves() and all(m.action == "place" for m in game.legal_moves())
                return
    pytest.fail("no deal went through a clearing phase")


def test_illegal_play_raises_with_the_reason() -> None:
    game = dammit("[2C] KS")
    with pytest.raises(IllegalMove, match="corner box"):
        game.play(Move("place", dst="box6"))


def test_a_picked_up_card_is_told_what_comes_next() -> None:
    """The card to play is placed; a grid card goes away with a partner, a 10 alone."""
    game = dammit("[2D] [5S]", {**ALMOST_FULL, 16: "KS"}, clearing=True)
    assert game.hold_prompt_for("box6", 0) == "Now pick a card that makes ten with it"
    assert game.hold_prompt_for("box10", 0) == "Now choose the discard pile to take it away"
    placing = dammit("[2D] 5S", {6: "6H"})
    assert placing.hold_prompt_for("stock", 1) == "Now choose the box it goes in"

