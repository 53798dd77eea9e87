"""Which cards may go home by themselves (auto-move), and when the rest can be
sent home at once (Finish): the games' own hooks, on hand-made positions."""

from __future__ import annotations

from solitaire_tk import Move, new_game
from solitaire_tk.engine import Game

from .helpers import arrange


def empty(game_id: str, **extra: object) -> Game:
    game = new_game(game_id, seed=1)
    return arrange(game, {pid: "" for pid in game.pile_ids}, **extra)


def sources(moves: list[Move]) -> list[str | None]:
    return [move.src for move in moves]


# -- Klondike ----------------------------------------------------------------------
def test_klondike_aces_and_twos_always_go_home() -> None:
    game = arrange(empty("klondike"), {"tableau1": "[5C] AH", "tableau2": "9C",
                                       "waste": "2H", "foundation1": ""})
    assert sources(game.safe_home_moves()) == ["tableau1"], "the 2 needs its Ace home first"
    game.play(game.safe_home_moves()[0])
    assert sources(game.safe_home_moves()) == ["waste"], "then the 2 of hearts is safe"


def test_klondike_draw_three_leaves_a_waste_card_while_the_deck_has_cards_to_turn() -> None:
    """Turning three at a time, a waste card taken home moves every card after
    it one place on (other cards come up in the rounds to come), so it is not
    safe to send home by itself; with the deck used up it is the last card of
    the round, and in draw one each turn shows the next card anyway."""
    layout = {"waste": "9C AH", "stock": "[5D] [6D] [7D]", "foundation1": "",
              "tableau1": "AS"}
    draw3 = new_game("klondike", "draw3", seed=1)
    draw3 = arrange(draw3, {**{pid: "" for pid in draw3.pile_ids}, **layout})
    assert sources(draw3.safe_home_moves()) == ["tableau1"]
    used_up = arrange(draw3.copy(), {**layout, "stock": ""})
    assert sources(used_up.safe_home_moves()) == ["waste", "tableau1"]
    draw1 = arrange(empty("klondike"), layout)
    assert sources(draw1.safe_home_moves()) == ["waste", "tableau1"]
    # What the hints say of such a move (see test_sampling): only where it holds.
    ace = Move("move", "waste", "foundation1")
    cost = draw3.hidden_cost(ace)
    assert cost is not None and "moves the cards after it along" in cost
    assert used_up.hidden_cost(ace) is None and draw1.hidden_cost(ace) is None
    assert draw3.hidden_cost(Move("move", "tableau1", "foundation1")) is None


def test_klondike_a_card_stays_while_a_card_of_the_other_colour_could_need_it() -> None:
    # The 5 of hearts could still hold the 4 of clubs, which is not home yet.
    game = arrange(empty("klondike"), {"foundation1": "AH 2H 3H 4H", "foundation2": "AS 2S 3S 4S",
                                       "foundation3": "AC 2C 3C", "foundation4": "AD 2D 3D", "tableau1": "5H",
                                       "tableau2": "4C"})
    assert game.is_legal(Move("move", "tableau1", "foundation1"))
    assert sources(game.safe_home_moves()) == ["tableau2"], "only the 4 of clubs is safe"
    game.play(Move("move", "tableau2", "foundation3"))
    assert sources(game.safe_home_moves()) == ["tableau1"], "now both black 4s are home"


def test_klondike_face_down_and_buried_cards_never_move_by_themselves() -> None:
    game = arrange(empty("klondike"), {"tableau1": "AH 9S", "tableau2": "[AC]"})
    assert game.safe_home_moves() == []


def test_klondike_finish_needs_the_deck_used_up_and_every_card_face_up() -> None:
    won = {f"foundation{n}": " ".join(f"{r}{s}" for r in "A23456789TJQK")
           for n, s in enumerate("CDHS", start=1)}
    layout = {**won, "foundation1": "AC 2C 3C 4C 5C 6C 7C 8C 9C",
              "foundation2": "AD 2D 3D 4D 5D 6D 7D 8D 9D TD",
              "tableau1": "KC QD JC", "tableau2": "KD QC JD TC"}
    game = arrange(empty("klondike"), layout)
    assert game.can_finish()
    moves = game.finish_moves()
    for move in moves:
        game.play(move)
    assert game.is_won() and len(moves) == 7
    hidden = arrange(empty("klondike"), {**layout, "tableau2": "KD QC JD [TC]"})
    assert not hidden.can_finish() and hidden.finish_moves() == []
    deck_left = arrange(empty("klondike"), {**layout, "stock": "[TC]", "tableau2": "KD QC JD"})
    assert not deck_left.can_finish()


def test_klondike_hint_calls_the_same_moves_safe() -> None:
    from solitaire_tk.tutor.hints import rank_hints
    game = arrange(empty("klondike"), {"foundation1": "AH 2H 3H 4H", "foundation2": "AS 2S 3S 4S",
                                       "foundation3": "AC 2C 3C", "foundation4": "AD 2D 3D", "tableau1": "5H",
                                       "tableau2": "4C", "tableau3": "[9D] 9C"})
    best = rank_hints(game, set())[0]
    assert best.move in game.safe_home_moves() and "safe" in best.why


# -- Double Solitaire -------------------------------------------------------------
def test_double_a_card_goes_up_by_itself_only_once_its_twin_is_up() -> None:
    game = arrange(empty("double", spread_from=None),
                   {"pile1": "7H", "pile14": "AH 2H 3H 4H 5H 6H", "pile22": "[4C]"})
    assert game.is_legal(Move("move", "pile1", "pile14"))
    assert game.safe_home_moves() == [], "the other 7 of hearts may yet be wanted for the up pile"
    twin_up = arrange(empty("double", spread_from=None),
                      {"pile1": "7H", "pile14": "AH 2H 3H 4H 5H 6H",
                       "pile18": "KH QH JH TH 9H 8H 7H", "pile22": "[4C]"})
    assert twin_up.safe_home_moves() == [Move("move", "pile1", "pile14")]


def test_double_finish_once_pile_22_is_used_up() -> None:
    up = " ".join(f"{r}H" for r in "A23456789TJQ")
    down = " ".join(f"{r}H" for r in "KQJT98765432")
    full = {f"pile{n}": " ".join(f"{r}{s}" for r in "A23456789TJQK")
            for n, s in zip(range(14, 17), "CDS")}
    full.update({f"pile{n}": " ".join(f"{r}{s}" for r in "KQJT98765432A")
                 for n, s in zip(range(18, 21), "CDS")})
    layout = {**full, "pile17": up, "pile21": down, "pile1": "AH", "pile2": "KH"}
    game = arrange(empty("double", spread_from=None), layout)
    assert game.can_finish()
    for move in game.finish_moves():
        game.play(move)
    assert game.is_won()
    still_reserve = arrange(empty("double", spread_from=None),
                            {**layout, "pile1": "", "pile22": "[AH]"})
    assert not still_reserve.can_finish()


# -- Cruel --------------------------------------------------------------------------
def cruel_ending(piles: dict[str, str]) -> Game:
    """Every card home but the clubs from the Queen up, which lie in `piles`."""
    full = {f"foundation{n}": " ".join(f"{r}{s}" for r in "A23456789TJQK")
            for n, s in enumerate("CDHS", start=1)}
    full["foundation1"] = " ".join(f"{r}C" for r in "A23456789TJ")
    return arrange(empty("cruel"), {**full, **piles})


def test_cruel_never_sends_a_card_home_by_itself() -> None:
    game = arrange(empty("cruel"), {"foundation1": "AC", "foundation2": "AD", "foundation3": "AH",
                                    "foundation4": "AS", "pile1": "3C 2C", "pile2": "2D"})
    assert game.is_legal(Move("move", "pile2", "foundation2"))
    assert game.safe_home_moves() == [], "a card taken home changes how the next deal falls"


def test_cruel_finish_when_the_home_moves_alone_win() -> None:
    game = cruel_ending({"pile1": "KC", "pile2": "QC"})
    assert game.can_finish()
    for move in game.finish_moves():
        game.play(move)
    assert game.is_won()
    stuck = cruel_ending({"pile1": "QC KC"})
    assert not stuck.can_finish(), "the Queen of clubs lies under its King"
    assert stuck.finish_moves() == []
