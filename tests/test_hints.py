"""The tutor's hints: the obvious move comes first, every hint is legal and says
which card it is about, and following the hints plays whole games."""

from __future__ import annotations

import random
import re

import pytest

from solitaire_tk import GAME_IDS, Move, load_game, new_game
from solitaire_tk.engine import Game
from solitaire_tk.tutor.hints import STOCK_ACTIONS, Hint, follow_hints, rank_hints, strategy_for

from .helpers import arrange

ALL_GAMES = [("klondike", "draw1"), ("klondike", "draw3"), ("klondike", "draw1-single"),
             ("cruel", None), ("thirteen", None), ("double", None), ("dammit", None)]


def blank(game_id: str, variant: str | None = None, **extra: object) -> Game:
    """A game with every pile empty, ready for `arrange`."""
    game = new_game(game_id, variant, seed=1)
    return arrange(game, {pid: "" for pid in game.pile_ids}, **extra)


def first(game: Game) -> Hint:
    hints = rank_hints(game)
    check_hints(game, hints)
    return hints[0]


def check_hints(game: Game, hints: list[Hint]) -> None:
    """Every legal move once; each legal, each one sentence naming the cards it moves."""
    legal = game.legal_moves()
    assert sorted(map(repr, (h.move for h in hints))) == sorted(map(repr, legal))
    assert [h.score for h in hints] == sorted((h.score for h in hints), reverse=True)
    for hint in hints:
        assert hint.move is not None and game.is_legal(hint.move)
        assert hint.why.endswith(".") and hint.why[0].isupper()
        assert hint.why.count(".") == 1, hint.why
        if hint.move.action in STOCK_ACTIONS or hint.move.action == "pickup":
            continue  # these act on a place, not on a card
        for pid, index in game.touches(hint.move):
            assert index is not None
            assert game.piles[pid][index].name in hint.why, hint.why


# -- the obvious move comes first ----------------------------------------------
def test_klondike_ace_goes_home_before_a_flip() -> None:
    game = arrange(blank("klondike", "draw1"), {
        "stock": "[9D] [4C]", "tableau1": "[5C] AH", "tableau2": "KS", "tableau3": "[2D] 7C"})
    hint = first(game)
    assert hint.move is not None
    assert (hint.move.action, hint.move.src) == ("move", "tableau1")
    assert hint.move.dst is not None and hint.move.dst.startswith("foundation")
    assert hint.why.startswith("Move the Ace of hearts home")


def test_klondike_uncovers_the_pile_with_most_face_down_cards() -> None:
    game = arrange(blank("klondike", "draw1"), {
        "stock": "[9D]", "tableau1": "8S", "tableau2": "[3C] 7H", "tableau3": "8C",
        "tableau4": "[2D] [5S] [QC] 7D"})
    hint = first(game)
    assert hint.move == Move("move", "tableau4", "tableau1") or \
        hint.move == Move("move", "tableau4", "tableau3")
    assert "7 of diamonds" in hint.why and "face-down" in hint.why


def test_klondike_no_back_and_forth() -> None:
    # The 6 of hearts could hop from the 7 of clubs to the 7 of spades: that changes nothing.
    game = arrange(blank("klondike", "draw1"), {
        "stock": "[9D]", "tableau1": "[KD] 7C 6H", "tableau2": "7S"})
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move == Move("flip")
    assert "change nothing" in hints[-1].why


def test_klondike_a_run_that_leaves_a_card_free_to_go_home_is_no_back_and_forth() -> None:
    # The 3 of diamonds and the 2 of spades may leave the 4 of clubs for the
    # 4 of spades: both black 4s, but the 4 of clubs can then go home.
    game = arrange(blank("klondike", "draw1-single"), {
        "stock": "[9D]", "foundation1": "AC 2C 3C", "tableau1": "[KD] 4C 3D 2S",
        "tableau2": "[KC] 4S"})
    hints = rank_hints(game)
    check_hints(game, hints)
    run = Move("move", "tableau1", "tableau2", 2)
    assert hints[0].move == run
    assert "change nothing" not in hints[0].why and "4 of clubs" in hints[0].why


@pytest.mark.parametrize("variant", ["draw1-single", "draw1", "draw3"])
def test_klondike_puts_the_waste_card_on_a_stack_before_home(variant: str) -> None:
    # The 5 of hearts goes onto the 6 of spades, where it can hold a black 4
    # and still go home later.
    layout = {"stock": "[9D]", "waste": "5H", "foundation1": "AH 2H 3H 4H",
              "tableau1": "[KD] 6S", "tableau2": "[QC] [JD] 4C"}
    game = arrange(blank("klondike", variant), layout)
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move == Move("move", "waste", "tableau1")
    assert hints[0].why == ("Move the 5 of hearts onto the 6 of spades: from there it can "
                            "still go home later, and until then a black 4 can go onto it.")
    home = next(hint for hint in hints if hint.move == Move("move", "waste", "foundation1"))
    assert "but on the 6 of spades it could still go home later" in home.why


@pytest.mark.parametrize("variant", ["draw1-single", "draw1", "draw3"])
def test_klondike_empties_a_stack_only_for_a_king_that_is_ready(variant: str) -> None:
    # The 5 of hearts is a whole stack: moved onto the 6 of spades it leaves an
    # empty place that only a King can fill.  With no King ready the deck comes
    # first; with a King waiting on face-down cards, or on the waste pile, the move does.
    from solitaire_tk.tutor import strategy_klondike
    layout = {"stock": "[9D] [2C]", "tableau1": "5H", "tableau2": "[KC] 6S",
              "tableau3": "[3C] 8C", "tableau4": "[4C] 8S", "tableau5": "[2D] 3S",
              "tableau6": "[2H] JC", "tableau7": "[AS] JS"}
    empty = Move("move", "tableau1", "tableau2")
    game = arrange(blank("klondike", variant), layout)
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move == Move("flip")
    why = next(hint.why for hint in hints if hint.move == empty)
    assert "no King is ready" in why and "can wait until one comes" in why
    assert strategy_klondike._play_on_score(game, empty, set()) == 0.0
    waiting = arrange(blank("klondike", variant), {**layout, "tableau7": "[AS] KS"})
    assert rank_hints(waiting)[0].move == empty
    assert strategy_klondike._play_on_score(waiting, empty, set()) > 0.0
    on_waste = arrange(blank("klondike", variant), {**layout, "waste": "KH"})
    first_hint = rank_hints(on_waste)[0]
    assert first_hint.move == empty
    assert "for the King of hearts on the waste pile" in first_hint.why


def test_cruel_suit_stack_move_comes_first() -> None:
    game = arrange(blank("cruel"), {
        "foundation1": "AC", "foundation2": "AD", "foundation3": "AH", "foundation4": "AS",
        "pile1": "5C 9D 2H", "pile2": "7S 3H", "pile3": "KD 8S", "pile4": "4S 9S"},
        moved_since_deal=True)
    hint = first(game)
    assert hint.move == Move("move", "pile1", "foundation3")
    assert hint.why.startswith("Move the 2 of hearts up to the hearts suit stack")
    assert "for good" not in hint.why and "stays there" in hint.why


def test_cruel_a_run_is_said_to_stay_in_order_not_together() -> None:
    """A deal keeps a run in order but may split it over two stacks."""
    game = arrange(blank("cruel"), {
        "foundation1": "AC", "foundation2": "AD", "foundation3": "AH", "foundation4": "AS",
        "pile1": "5C 9D 7C", "pile2": "QS 8C", "pile3": "KD 2H", "pile4": "4S 9S"},
        moved_since_deal=True)
    whys = [hint.why for hint in rank_hints(game)]
    run = next(why for why in whys if why.startswith("Move the 7 of clubs onto the 8 of clubs"))
    assert run.endswith("it builds a run of clubs, which stays in order when you deal again."), run
    assert not any("together" in why for why in whys), whys


def test_thirteen_takes_the_king_first() -> None:
    game = arrange(blank("thirteen"), {
        "stock": "[5D] [6D] [7D] [8D]", "pile1": "3C QH", "pile2": "AC", "pile3": "9D KS",
        "pile4": "2H"})
    hint = first(game)
    assert hint.move == Move("remove", piles=("pile3",))
    assert hint.why == "Take away the King of spades: a King makes 13 all by itself."
    pair = rank_hints(game)[1]
    assert pair.move == Move("remove", piles=("pile1", "pile2"))
    assert "Queen of hearts" in pair.why and "Ace of clubs" in pair.why and "13" in pair.why


def test_thirteen_prefers_the_pair_that_uncovers_another() -> None:
    # Both 4s make 13 with the 9; only taking the 4 from pile 2 uncovers the Queen for the Ace.
    game = arrange(blank("thirteen"), {
        "stock": "[5D] [6D] [7D] [8D]", "pile1": "9C", "pile2": "QH 4S", "pile3": "4D",
        "pile4": "AC"})
    hint = first(game)
    assert hint.move == Move("remove", piles=("pile1", "pile2"))
    assert "4 of spades" in hint.why


def test_thirteen_deal_says_a_pair_is_still_open() -> None:
    game = arrange(blank("thirteen"), {
        "stock": "[5D] [6D] [7D] [8D]", "pile1": "9C", "pile2": "4S", "pile3": "2D",
        "pile4": "3H"})
    hints = rank_hints(game)
    deal = next(h for h in hints if h.move == Move("deal"))
    assert hints[-1] is deal
    assert "the 9 of clubs and the 4 of spades still make 13" in deal.why


def test_double_foundation_move_before_a_reserve_click() -> None:
    game = arrange(blank("double", spread_from=None), {
        "pile22": "[5H] [9C]", "pile1": "AS", "pile3": "7D", "pile5": "2S QC"})
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move is not None and hints[0].move.action == "move"
    assert hints[0].move.src == "pile1" and "Ace of spades" in hints[0].why
    assert hints[-1].move == Move("reserve")


def test_double_hints_name_up_and_down_piles() -> None:
    """A King goes onto a down pile: the hint must not say "up onto pile 18"."""
    game = arrange(blank("double", spread_from=None), {
        "pile22": "[5H] [9C]", "pile1": "KD", "pile3": "4D", "pile18": "", "pile14": "AD 2D 3D"})
    whys = [hint.why for hint in rank_hints(game)]
    assert any(why.startswith("Move the King of diamonds onto down pile 1") for why in whys), whys
    assert any(why.startswith("Move the 4 of diamonds onto up pile 14") for why in whys), whys
    assert not any(" up onto " in why for why in whys), whys


def test_double_pickup_of_the_most_useful_pile() -> None:
    game = arrange(blank("double", spread_from=None), {
        "pile14": "AS", "pile2": "3S 2S 9D", "pile4": "4H 6C", "pile6": "2S JD"})
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move == Move("pickup", "pile2")
    assert "2 cards" in hints[0].why


def full_dammit_grid(boxes: dict[int, str], stock: str) -> Game:
    """A Dammit! game with every box filled (box number -> card code), being cleared."""
    layout = {"stock": stock} | {f"box{n}": code for n, code in boxes.items()}
    return arrange(blank("dammit"), layout, clearing=True)


def test_dammit_ten_is_removed_first() -> None:
    boxes = {1: "KC", 4: "KD", 13: "KH", 16: "KS", 2: "QC", 3: "QD", 14: "QH", 15: "QS",
             5: "JC", 8: "JD", 9: "JH", 12: "JS", 6: "6H", 7: "3C", 10: "TS", 11: "7H"}
    game = full_dammit_grid(boxes, stock="2C 5D")
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move == Move("remove", piles=("box10",))
    assert hints[0].why.startswith("Take away the 10 of spades")
    assert hints[1].move == Move("remove", piles=("box7", "box11"))


def test_dammit_number_card_goes_to_the_middle() -> None:
    game = arrange(blank("dammit"), {"stock": "2C 6H"})
    hint = first(game)
    assert hint.move is not None and hint.move.dst in ("box6", "box7", "box10", "box11")
    assert hint.why.startswith("Put the 6 of hearts in box")


def test_dammit_never_takes_the_last_box_a_face_card_needs() -> None:
    # Middles full, two Queens still to come and one Queen box free: use a Jack box instead.
    layout = {"stock": "2C 5D", "box6": "2H", "box7": "3H", "box10": "4H", "box11": "5H",
              "box2": "QC", "box3": "QD", "box14": "8C", "box1": "KC", "box4": "KD",
              "box13": "KH", "box16": "KS", "box5": "JC", "box8": "JD"}
    game = arrange(blank("dammit"), layout)
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move is not None and hints[0].move.dst in ("box9", "box12")
    assert hints[-1].move == Move("place", dst="box15")
    assert "last free box a Queen" in hints[-1].why


def test_dammit_ten_uses_an_edge_box_and_keeps_the_middle_for_cards_that_may_stay() -> None:
    """A 10 is always taken away when the grid is full, so it may borrow an edge
    box for a while; the middle boxes are kept for cards that may stay."""
    game = arrange(blank("dammit"), {"stock": "2C TH"})
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move is not None and hints[0].move.dst not in ("box6", "box7", "box10", "box11")
    assert "will go away when the grid fills up" in hints[0].why
    assert re.search(r"wait in a (King|Queen|Jack)'s box", hints[0].why)
    middle = next(hint for hint in hints if hint.move == Move("place", dst="box6"))
    assert "could borrow an edge box instead" in middle.why


def test_dammit_clearing_leaves_the_card_that_stays_in_a_middle_box() -> None:
    """Two 3s and one 7 in a full grid: one 3 stays.  Take away the 3 in the
    corner, not the one in the middle box, which blocks no face card."""
    boxes = {1: "3D", 4: "KD", 13: "KH", 16: "KS", 2: "7C", 3: "QD", 14: "QH", 15: "QS",
             5: "JC", 8: "JD", 9: "JH", 12: "JS", 6: "3C", 7: "2C", 10: "4S", 11: "AH"}
    game = full_dammit_grid(boxes, stock="[2S] [5D]")
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move == Move("remove", piles=("box1", "box2"))
    middle = next(hint for hint in hints if hint.move == Move("remove", piles=("box2", "box6")))
    assert "take away another pair first" in middle.why


@pytest.mark.parametrize("seed", [1, 11, 22])
def test_following_dammit_hints_wins_deals_the_odds_save(seed: int) -> None:
    """Deals 1, 11 and 22 are won by always taking the quick hint, which plays
    the odds of the cards still to come; the rule of thumb before it (a middle
    box first, then the edge box with the most room) lost all three."""
    game = follow_hints("dammit", None, seed)
    assert game.is_won()
    assert load_game(game.to_json()).is_won()   # every entry is replayed through the rules


# -- only the stock left, or nothing at all ----------------------------------------
def test_only_the_stock_left_says_so() -> None:
    klondike = arrange(blank("klondike", "draw1"), {
        "stock": "[9D] [AC]", "tableau1": "[5C] 7H", "tableau2": "KS"})
    assert [h.why for h in rank_hints(klondike)] == [
        "Turn over the next card of the deck: no card on the table can move."]
    thirteen = arrange(blank("thirteen"), {
        "stock": "[5D] [6D] [7D] [8D]", "pile1": "9C", "pile2": "5S", "pile3": "2D", "pile4": "3H"})
    hints = rank_hints(thirteen)
    assert [h.move for h in hints] == [Move("deal")]
    assert "no cards on the table can be taken away" in hints[0].why
    double = arrange(blank("double", spread_from=None), {"pile22": "[5H]", "pile1": "7S"})
    hints = rank_hints(double)
    assert [h.move for h in hints] == [Move("reserve")]
    assert "no card can go onto piles 14 to 21" in hints[0].why
    cruel = arrange(blank("cruel"), {
        "foundation1": "AC", "foundation2": "AD", "foundation3": "AH", "foundation4": "AS",
        "pile1": "5C 9D 3H", "pile2": "2H 7S"}, moved_since_deal=True)
    hints = rank_hints(cruel)
    assert [h.move for h in hints] == [Move("redeal")]
    assert hints[0].why == "Deal again: no card can move."


def test_a_finished_game_gives_one_hint_without_a_move() -> None:
    won = arrange(blank("klondike", "draw1"), {
        f"foundation{n}": " ".join(r + suit for r in "A23456789TJQK")
        for n, suit in enumerate("CDHS", start=1)})
    assert rank_hints(won) == [Hint(None, won.outcome(), 0.0)]
    assert won.outcome().startswith("You won")
    lost = arrange(blank("dammit"), {"stock": "2C KD", "box1": "KC", "box4": "KS",
                                     "box13": "KH", "box16": "5D"})
    assert lost.is_over()
    hints = rank_hints(lost)
    assert len(hints) == 1 and hints[0].move is None
    assert hints[0].why == lost.outcome() and "corner" in hints[0].why


def test_history_pushes_a_repeated_position_down() -> None:
    game = arrange(blank("klondike", "draw1"), {
        "stock": "[9D]", "tableau1": "[KD] 7C 6H", "tableau2": "7S", "tableau3": "[2C] 8D"})
    best = rank_hints(game)[0]
    assert best.move is not None
    twin = game.copy()
    twin.play(best.move)
    hints = rank_hints(game, {twin.position()})
    assert hints[-1].move == best.move and hints[0].move != best.move
    assert "already had" in hints[-1].why


# -- real deals -------------------------------------------------------------------
@pytest.mark.parametrize("game_id, variant", ALL_GAMES)
def test_hints_on_real_positions_are_legal_and_name_their_cards(game_id: str,
                                                                 variant: str | None) -> None:
    rng = random.Random(game_id + str(variant))
    game = new_game(game_id, variant, seed=rng.randint(1, 10**6))
    for _ in range(40):
        hints = rank_hints(game)
        if hints[0].move is None:
            assert len(hints) == 1 and game.is_over()
            break
        check_hints(game, hints)
        move = hints[0].move if rng.random() < 0.7 else rng.choice(hints).move
        assert move is not None
        game.play(move)


def test_following_hints_wins_easy_klondike_and_double_deals() -> None:
    klondike = [follow_hints("klondike", "draw1", seed) for seed in (2, 3, 5)]
    assert any(game.is_won() for game in klondike)
    double = follow_hints("double", None, 7)
    assert double.is_won()
    for game in [*klondike, double]:
        again = load_game(game.to_json())  # every entry is replayed through the rules
        assert again.position() == game.position()


@pytest.mark.parametrize("game_id, variant", [("klondike", "draw3"), ("cruel", None),
                                              ("thirteen", None), ("dammit", None)])
def test_following_hints_plays_a_whole_game_legally(game_id: str, variant: str | None) -> None:
    game = follow_hints(game_id, variant, 3)
    again = load_game(game.to_json())
    assert again.position() == game.position()
    assert game.is_over() or rank_hints(game)[0].move is not None
    capped = follow_hints(game_id, variant, 3, max_moves=5)
    assert len(capped.log) <= 5


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_game_has_its_own_quick_hint_strategy(game_id: str) -> None:
    # Found by name (strategy_<id>.rank_<id>): a renamed one would leave the
    # game with the plain list of legal moves.
    ranker = strategy_for(game_id)
    assert ranker is not None and ranker.__name__ == f"rank_{game_id}"


def test_a_game_without_a_strategy_has_none() -> None:
    assert strategy_for("no_such_game") is None


def test_dammit_says_which_face_card_least_needs_a_box_without_scary_counts() -> None:
    """Middle boxes full: the hint names the face card least likely to need the
    box, not "4 Queens still to come and 2 boxes free" (a pupil read a disaster)."""
    layout = {"stock": "2C 5D", "box6": "2H", "box7": "3H", "box10": "4H", "box11": "5H"}
    game = arrange(blank("dammit"), layout)
    hints = rank_hints(game)
    check_hints(game, hints)
    assert hints[0].move is not None and hints[0].move.dst not in ("box6", "box7", "box10", "box11")
    assert "of the Kings, Queens and Jacks still to come" in hints[0].why
    assert "still to come and" not in hints[0].why
