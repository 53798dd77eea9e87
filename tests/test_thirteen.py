"""Thirteen's rules, on hand-made positions and real deals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solitaire_tk import IllegalMove, Move, new_game
from solitaire_tk.cards import new_deck_order
from solitaire_tk.games.thirteen import Thirteen

from .helpers import arrange, codes

PILES = ("pile1", "pile2", "pile3", "pile4")


def empty_thirteen(easy: bool = False) -> Thirteen:
    game = new_game("thirteen", seed=1, options={"easy_mode": easy})
    assert isinstance(game, Thirteen)
    arrange(game, {pid: "" for pid in game.pile_ids})
    return game


def remove(*piles: str) -> Move:
    return Move("remove", piles=piles)


def test_deal_card_by_card() -> None:
    deck = [card.code for card in new_deck_order()]
    random.Random(4).shuffle(deck)
    game = new_game("thirteen", deck=" ".join(deck))
    for n, pid in enumerate(PILES):
        assert codes(game)[pid] == [deck[n]], "one face-up card on each pile"
    assert len(game.piles["stock"]) == 48 and not game.piles["discard"]
    assert all(not card.face_up for card in game.piles["stock"])
    assert game.piles["stock"][-1].code == deck[4], "deck[4] is on top of the stock"
    assert [c.code for c in reversed(game.piles["stock"])] == deck[4:]
    game.play(Move("deal"))
    for n, pid in enumerate(PILES):
        assert codes(game)[pid] == [deck[n], deck[4 + n]], "deck[4..7] onto piles 1-4 in order"
    assert len(game.piles["stock"]) == 44


def test_twelve_deals_empty_the_stock() -> None:
    game = new_game("thirteen", seed=77)
    deck = game.deck
    for n in range(12):
        assert game.describe(Move("deal")) == (
            "Deal the last four cards from the deck, one onto each pile." if n == 11
            else "Deal four more cards from the deck, one onto each pile.")
        game.play(Move("deal"))
    assert not game.piles["stock"]
    for column, pid in enumerate(PILES):
        assert [c.code for c in game.piles[pid]] == list(deck[column::4])
        assert all(c.face_up for c in game.piles[pid])
    assert game.why_illegal(Move("deal")) == "The deck is empty, so there are no more cards to deal."
    with pytest.raises(IllegalMove):
        game.play({"action": "deal"})


def test_a_card_alone_is_told_which_card_takes_it_away() -> None:
    """Not an error about Kings: the partner that makes 13, and whether one is on top now."""
    game = arrange(empty_thirteen(), {"pile1": "6C", "pile2": "9D 7H", "pile3": "7S 5D"})
    assert game.why_illegal(remove("pile1")) == (
        "Only a King goes away by itself. The 6 of clubs needs a 7 to make 13: pick the 6 of "
        "clubs, then a 7 on top of another pile, and they go away together.")
    game = arrange(game, {"pile2": "7H 9D"})   # the 7s are under other cards now
    assert game.why_illegal(remove("pile1")) == (
        "Only a King goes away by itself. The 6 of clubs needs a 7 to make 13, and no 7 is "
        "on top of another pile now.")
    easy = arrange(empty_thirteen(easy=True), {"pile1": "7D 6C", "pile2": "9D"})
    assert easy.why_illegal(remove("pile1")) == (
        "Only a King goes away by itself. The 6 of clubs needs a 7 to make 13: pick the 6 of "
        "clubs, then the 7 of diamonds under it, and they go away together.")
    assert easy.why_illegal(remove("pile2")) == (
        "Only a King goes away by itself. The 9 of diamonds needs a 4 to make 13, and no 4 is "
        "on top of another pile or under it now.")


def test_king_alone() -> None:
    game = arrange(empty_thirteen(), {"pile1": "KC", "pile2": "5D QS", "pile3": "KH 8C"})
    assert game.describe(remove("pile1")) == "Take away the King of clubs from pile 1."
    assert game.why_illegal(remove("pile2")) == (
        "Only a King goes away by itself. The Queen of spades needs an Ace to make 13, "
        "and no Ace is on top of another pile now.")
    assert game.why_illegal(remove("pile4")) == "Pile 4 is empty, so there is no card to take away."
    reason = game.why_illegal(remove("pile3"))
    assert reason is not None and "8 of clubs" in reason, "a King under the top is not free"
    game.play(remove("pile1"))
    assert codes(game)["pile1"] == [] and codes(game)["discard"] == ["KC"]
    assert game.score() == 1


def test_pairs_of_top_cards_make_13() -> None:
    game = arrange(empty_thirteen(), {"pile1": "9C", "pile2": "3H", "pile3": "4H", "pile4": "QD"})
    assert game.why_illegal(remove("pile1", "pile2")) == (
        "The 9 of clubs and the 3 of hearts add up to 12, not 13.")
    assert game.describe(remove("pile3", "pile1")) == (
        "Take away the 9 of clubs (pile 1) and the 4 of hearts (pile 3): together they make 13.")
    assert game.play(remove("pile3", "pile1")) == remove("pile1", "pile3")
    assert game.log[-1]["piles"] == ["pile1", "pile3"], "the pair is logged in pile order"
    assert codes(game)["discard"] == ["9C", "4H"]
    assert game.why_illegal(remove("pile2", "pile3")) == (
        "Pile 3 is empty, so there is no card to take away.")


def test_every_pair_that_makes_13() -> None:
    for low in range(1, 7):
        high = 13 - low
        game = arrange(empty_thirteen(), {"pile2": "A23456789TJQ"[high - 1] + "S",
                                          "pile4": "A23456789TJQ"[low - 1] + "D"})
        assert game.scoring_moves_open() == [remove("pile2", "pile4")]


def test_a_king_is_never_paired_and_no_more_than_two() -> None:
    game = arrange(empty_thirteen(), {"pile1": "KS", "pile2": "AC", "pile3": "2D", "pile4": "JH"})
    reason = game.why_illegal(remove("pile1", "pile2"))
    assert reason is not None and reason.startswith("The King of spades is worth 13 by itself")
    reason = game.why_illegal(remove("pile2", "pile3", "pile4"))
    assert reason is not None and "never more" in reason
    assert game.why_illegal(remove()) is not None
    assert game.why_illegal({"action": "remove"}) is not None
    assert "face down" in (game.why_illegal(remove("stock")) or "")
    assert "already been taken away" in (game.why_illegal(remove("discard", "pile1")) or "")
    assert set(game.scoring_moves_open()) == {remove("pile1"), remove("pile3", "pile4")}


def test_easy_mode_lets_the_card_under_the_top_pair() -> None:
    layout = {"pile3": "2S 7H 6C", "pile1": "5D", "pile2": "8D"}
    hard = arrange(empty_thirteen(), layout)
    assert hard.why_illegal(remove("pile3", "pile3")) == (
        "The card under the top one can only be used when Easy mode is on.")
    assert remove("pile3", "pile3") not in hard.legal_moves()
    easy = arrange(empty_thirteen(easy=True), layout)
    assert remove("pile3", "pile3") in easy.legal_moves()
    assert easy.describe(remove("pile3", "pile3")) == (
        "Take away the 6 of clubs and the 7 of hearts under it from pile 3: together they make 13.")
    easy.play(remove("pile3", "pile3"))
    assert codes(easy)["pile3"] == ["2S"] and codes(easy)["discard"] == ["6C", "7H"]
    assert easy.log[-1]["piles"] == ["pile3", "pile3"]
    assert easy.why_illegal(remove("pile3", "pile3")) == (
        "Pile 3 has only one card, so there is no card under the top one.")
    assert easy.why_illegal(remove("pile1", "pile1")) == (
        "Pile 1 has only one card, so there is no card under the top one.")
    arrange(easy, {"pile4": "9C 2H"})
    assert easy.why_illegal(remove("pile4", "pile4")) == (
        "The 2 of hearts and the 9 of clubs under it add up to 11, not 13.")
    # Easy mode never reaches across piles below the top.
    arrange(easy, {"pile1": "5D 3C", "pile2": "8D"})
    assert remove("pile1", "pile2") not in easy.legal_moves()


def test_move_only_into_an_empty_pile() -> None:
    game = arrange(empty_thirteen(), {"pile1": "8H", "pile2": "JC 5S", "pile3": "9D 4D"})
    move = Move("move", "pile2", "pile4")
    assert game.describe(move) == "Move the 5 of spades from pile 2 into the empty pile 4."
    assert game.why_illegal(Move("move", "pile2", "pile1")) == (
        "The 5 of spades can't go onto the 8 of hearts: cards never go from one pile onto "
        "another, only into an empty pile.")
    assert game.why_illegal(Move("move", "pile1", "pile4")) == (
        "The 8 of hearts is alone in pile 1: moving it into another empty pile would change nothing.")
    assert game.why_illegal(Move("move", "pile4", "pile1")) == (
        "Pile 4 is empty, so there is no card to move.")
    assert game.why_illegal(Move("move", "pile2", "pile4", count=2)) == (
        "Only the top card of a pile can move, one card at a time.")
    assert "face down" in (game.why_illegal(Move("move", "stock", "pile4")) or "")
    assert game.why_illegal(Move("move", "pile2", "discard")) is not None
    assert game.why_illegal(Move("move", "pile2", "pile2")) is not None
    assert {m for m in game.legal_moves() if m.action == "move"} == {
        move, Move("move", "pile3", "pile4")}
    game.play(move)
    assert codes(game)["pile2"] == ["JC"] and codes(game)["pile4"] == ["5S"]
    assert game.scoring_moves_open() == [remove("pile1", "pile4")]


def test_deal_is_allowed_with_a_scoring_move_open() -> None:
    game = arrange(empty_thirteen(), {"pile1": "KD", "stock": "[2C] [3C] [4C] [5C]"})
    assert Move("deal") in game.legal_moves()
    assert game.scoring_moves_open() == [remove("pile1")]
    game.play(Move("deal"))
    assert codes(game)["pile1"] == ["KD", "5C"], "the top of the stock goes onto pile 1"
    assert codes(game)["pile4"] == ["2C"]
    assert game.scoring_moves_open() == []


def test_undo_reaches_five_moves_back_and_no_more() -> None:
    game = new_game("thirteen", seed=31)
    positions = [game.position()]
    for _ in range(7):
        game.play(Move("deal"))
        positions.append(game.position())
    for back in range(1, 6):
        game.undo()
        assert game.position() == positions[-1 - back]
    assert not game.can_undo()
    with pytest.raises(IllegalMove, match="last 5 moves"):
        game.undo()
    assert game.position() == positions[2]
    game.play(Move("deal"))
    game.undo()
    assert game.position() == positions[2]


def test_after_four_deals_and_four_undos_there_is_nothing_to_take_back() -> None:
    game = new_game("thirteen", seed=31)
    for _ in range(4):
        game.play(Move("deal"))
    for _ in range(4):
        game.undo()
    assert not game.can_undo()
    assert game.why_no_undo() == "There is no move left to take back."
    with pytest.raises(IllegalMove, match="no move left to take back"):
        game.undo()
    assert new_game("thirteen", seed=31).why_no_undo() == "There is no move to take back yet."


def test_the_win() -> None:
    game = empty_thirteen()
    rest = " ".join(c.code for c in new_deck_order() if c.code not in ("6C", "7D", "KH"))
    arrange(game, {"discard": rest, "pile1": "6C", "pile3": "KH 7D"})
    assert not game.is_over()
    game.play(remove("pile1", "pile3"))
    assert not game.is_won() and not game.is_over()
    game.play(remove("pile3"))
    assert game.is_won() and game.is_over() and game.score() == 52
    assert game.outcome() == "You won! Every card has been taken away.", "in its own words"
    # Under a heading that says "You won!", the rest alone.
    assert game.outcome_detail() == "Every card has been taken away."
    assert game.to_json()["result"] == {"over": True, "won": True, "score": 52}


def test_the_loss_and_the_hard_cases() -> None:
    layout = {"pile1": "2C 9H", "pile2": "5D", "pile3": "4S 6S", "pile4": "8S QD"}
    game = arrange(empty_thirteen(), layout)
    assert game.legal_moves() == []
    assert game.is_over() and not game.is_won()
    assert game.outcome() == "Game over: the deck is empty and no cards can be taken away."
    assert game.outcome_detail() == "The deck is empty and no cards can be taken away."
    # Cards left in the deck: dealing is still possible, so not over.
    arrange(game, {"stock": "[3D] [3H] [7C] [7S]"})
    assert not game.is_over() and game.legal_moves() == [Move("deal")]
    # The 9 of hearts and the 4 under it make 13: over in normal mode, not in easy mode.
    arrange(game, {"stock": "", "pile1": "4C 9H"})
    assert game.is_over()
    easy = arrange(empty_thirteen(easy=True), {**layout, "pile1": "4C 9H"})
    assert not easy.is_over() and easy.scoring_moves_open() == [remove("pile1", "pile1")]
    # An empty pile lets a card move and uncover a pair: not over yet.
    game = arrange(empty_thirteen(), {"pile1": "2C 9H", "pile2": "AH 5D", "pile3": "", "pile4": "8S QD"})
    assert game.scoring_moves_open() == [] and not game.is_over()
    game.play(Move("move", "pile2", "pile3"))
    assert game.scoring_moves_open() == [remove("pile2", "pile4")]


def test_stray_fields_and_unknown_things() -> None:
    game = arrange(empty_thirteen(), {"pile1": "KC", "stock": "[2C] [3C] [4C] [5C]"})
    assert game.play({"action": "deal", "src": "stock"}) == Move("deal")
    assert game.log[-1] == {"action": "deal", "t": game.log[-1]["t"]}
    assert game.why_illegal({"action": "flip"}) is not None
    assert game.why_illegal({"action": "remove", "piles": ["pile9"]}) is not None
    # _check itself refuses stray fields, so it agrees with legal_moves exactly.
    assert game._check(Move("deal", src="pile1")) is not None
    assert game._check(Move("remove", src="pile2", piles=("pile1",))) is not None
    assert game._check(Move("move", "pile1", "pile2", index=0)) is not None


def random_record(rng: random.Random, game: Thirteen) -> dict[str, object]:
    places = list(game.pile_ids)
    record: dict[str, object] = {"action": rng.choice(["remove", "remove", "move", "deal"])}
    for key in ("src", "dst"):
        if rng.random() < 0.6:
            record[key] = rng.choice(places)
    if rng.random() < 0.15:
        record["count"] = rng.randint(1, 3)
    if rng.random() < 0.1:
        record["index"] = rng.randint(0, 2)
    if rng.random() < 0.7:
        record["piles"] = [rng.choice(places) for _ in range(rng.choice([0, 1, 2, 2, 2, 3]))]
    return record


def check_consistency(game: Thirteen, rng: random.Random) -> None:
    every = Counter(c.code for pile in game.piles.values() for c in pile)
    assert len(every) == 52 and set(every.values()) == {1}
    assert all(c.face_up for pid in (*PILES, "discard") for c in game.piles[pid])
    assert all(not c.face_up for c in game.piles["stock"])
    legal_list = game.legal_moves()
    legal = set(legal_list)
    assert len(legal) == len(legal_list)
    candidates = list(game._candidates())
    for move in candidates:
        assert (game._check(move) is None) == (move in legal)
    for move in legal:
        text = game.describe(move)
        assert text[0].isupper() and text.endswith(".")
        assert Move.from_json(move.to_json()) == move
    for _ in range(4):
        move = game._canonical(Move.from_json(random_record(rng, game)))
        reason = game._check_shape(move) or game._check(move)
        assert (reason is None) == (move in legal), move
        if reason is not None:
            assert reason[0].isupper() and reason.endswith("."), reason
    if game.piles["stock"]:
        assert not game.is_over(), "never over while the deck has cards"
    elif not legal:
        assert game.is_over()
    assert game.scoring_moves_open() == [m for m in legal_list if m.action == "remove"]


def test_random_play_keeps_every_card_and_undo_exact() -> None:
    rng = random.Random(2024)
    best = 0
    for seed in range(1, 201):
        game = new_game("thirteen", seed=seed, options={"easy_mode": seed % 3 == 0})
        assert isinstance(game, Thirteen)
        history = [game.position()]
        for _ in range(300):
            check_consistency(game, rng)
            if game.can_undo() and rng.random() < 0.15:
                game.undo()
                history.pop()
                assert game.position() == history[-1]
                continue
            legal = game.legal_moves()
            if not legal:
                break
            # Prefer removals so that some games get far.
            removals = [m for m in legal if m.action == "remove"]
            move = rng.choice(removals if removals and rng.random() < 0.8 else legal)
            before = game.score()
            game.play(move)
            history.append(game.position())
            assert game.score() == before + (len(move.piles or ()) if move.action == "remove" else 0)
        best = max(best, game.score())
        assert game.score() == len(game.piles["discard"])
    assert best >= 30, "random play with removals first should get some games far"


def test_a_picked_up_king_is_told_it_goes_away_alone() -> None:
    game = arrange(empty_thirteen(), {"pile1": "KC", "pile2": "5D 6S"})
    assert game.hold_prompt_for("pile1", 0) == (
        "Now choose the discard pile to take it away, or an empty pile")
    assert game.hold_prompt_for("pile2", 1) == Thirteen.hold_prompt

