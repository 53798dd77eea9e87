"""Double Solitaire's rules, on hand-made positions and real deals."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solitaire_tk import IllegalMove, Move, load_game, new_game
from solitaire_tk.cards import new_deck_order, shuffled_deck
from solitaire_tk.engine import Game

from .helpers import arrange, codes

FOUNDATIONS = [f"pile{n}" for n in range(14, 22)]
ALL_CODES = [card.code for card in new_deck_order(2)]


def empty_double() -> Game:
    game = new_game("double", seed=1)
    return arrange(game, {pid: "" for pid in game.pile_ids}, spread_from=None)


def reason(game: Game, move: Move | dict[str, object]) -> str:
    text = game.why_illegal(move)
    assert text is not None, f"{move} should be illegal"
    return text


def deck_starting_with(prefix: str) -> list[str]:
    """A whole two-deck deck that begins with these cards."""
    first = prefix.split()
    rest = Counter(ALL_CODES)
    rest.subtract(first)
    return first + [code for code in dict.fromkeys(ALL_CODES) for _ in range(rest[code])]


# -- the deal ------------------------------------------------------------------
def test_deal_card_by_card() -> None:
    deck = deck_starting_with(
        "AS 2H 3H "        # Ace on pile 1: the next two go to pile 22
        "2C 4H "           # a 2 on pile 2: one goes to pile 22
        "9D 5C 6C 8C "     # piles 3-6: nothing
        "7D 9H TH "        # a 7 on pile 7: two (pile 7, and its own number)
        "8S JH "           # an 8 on pile 8: one
        "3C "              # pile 9: nothing
        "4C QH "           # pile 10: one
        "JD KH "           # a Jack on pile 11: one
        "2D "              # pile 12: nothing
        "KS AH 5H "        # a King on pile 13: two
        "TD 3D 4D 5D 7S 5S 6H 8D "   # piles 1-7: pile 7 sends one
        "9S 2S TC 7H 8H "  # piles 8, 9; a 10 on pile 10 sends two
        "QC QD KD "        # piles 11, 12; a Queen on pile 12 sends one
        "7C AC")           # pile 13 sends one
    game = new_game("double", deck=" ".join(deck))
    pile = codes(game)
    expected_piles = {
        1: ["AS", "TD"], 2: ["2C", "3D"], 3: ["9D", "4D"], 4: ["5C", "5D"], 5: ["6C", "7S"],
        6: ["8C", "5S"], 7: ["7D", "6H"], 8: ["8S", "9S"], 9: ["3C", "2S"], 10: ["4C", "TC"],
        11: ["JD", "QC"], 12: ["2D", "QD"], 13: ["KS", "7C"],
    }
    for number, start in expected_piles.items():
        assert pile[f"pile{number}"][:2] == start, number
    assert pile["pile22"][:15] == ["[2H]", "[3H]", "[4H]", "[9H]", "[TH]", "[JH]", "[QH]", "[KH]",
                                   "[AH]", "[5H]", "[8D]", "[7H]", "[8H]", "[KD]", "[AC]"]
    # 41 cards so far; the third round starts again on pile 1.
    assert pile["pile1"][2] == deck[41]
    assert all(c.face_up for pid in pile if pid != "pile22" for c in game.piles[pid])
    assert all(not c.face_up for c in game.piles["pile22"])
    assert game.piles["pile23"] == [] and game.spread_from is None  # type: ignore[attr-defined]


def reference_deal(deck: list[str]) -> dict[str, list[str]]:
    """The SPEC's deal, written out plainly, to compare whole deals with."""
    piles: dict[str, list[str]] = {f"pile{n}": [] for n in range(1, 24)}
    queue = list(deck)
    number = 0
    while queue:
        number = number % 13 + 1
        code = queue.pop(0)
        piles[f"pile{number}"].append(code)
        rank = "A23456789TJQK".index(code[0]) + 1
        count = 0
        if number in (7, 10, 13):
            count += 1
        if rank == number:
            count += 2 if rank == 1 else 1
        for _ in range(count):
            if queue:
                piles["pile22"].append("[" + queue.pop(0) + "]")
    return piles


def test_whole_deals_match_the_spec() -> None:
    for seed in range(1, 40):
        deck = [card.code for card in shuffled_deck(seed, 2)]
        game = new_game("double", seed=seed)
        assert codes(game) == reference_deal(deck)
        assert sum(len(p) for p in game.piles.values()) == 104
    game = new_game("double", deck=" ".join(ALL_CODES))
    assert codes(game) == reference_deal(ALL_CODES)
    assert codes(game)["pile22"][:3] == ["[2C]", "[3C]", "[TC]"]


def test_a_one_deck_deck_is_refused() -> None:
    with pytest.raises(ValueError, match="104 cards"):
        new_game("double", deck=" ".join(ALL_CODES[:52]))


# -- moving up -------------------------------------------------------------------
def test_aces_start_up_piles_and_kings_start_down_piles() -> None:
    game = arrange(empty_double(), {"pile1": "5H AH", "pile2": "KC", "pile3": "4S",
                                    "pile14": "AS", "pile18": "KH"})
    legal = game.legal_moves()
    # every empty up pile takes the Ace of hearts, every empty down pile the King of clubs
    assert [m.dst for m in legal if m.src == "pile1" and m.action == "move"] == ["pile15", "pile16", "pile17"]
    assert [m.dst for m in legal if m.src == "pile2" and m.action == "move"] == ["pile19", "pile20", "pile21"]
    assert reason(game, Move("move", "pile3", "pile15")) == (
        "Only an Ace can start an empty up pile, and the 4 of spades is not an Ace.")
    assert reason(game, Move("move", "pile1", "pile19")) == (
        "Only a King can start an empty down pile, and the Ace of hearts is not a King.")
    game.play(Move("move", "pile1", "pile16"))
    assert codes(game)["pile16"] == ["AH"] and codes(game)["pile1"] == ["5H"]


def test_a_suit_gets_one_up_pile_and_one_down_pile() -> None:
    game = arrange(empty_double(), {"pile1": "AS", "pile2": "KH", "pile14": "AS 2S",
                                    "pile18": "KH QH"})
    text = reason(game, Move("move", "pile1", "pile15"))
    assert "spades already have up pile 14" in text and "Ace of spades" in text
    text = reason(game, Move("move", "pile2", "pile20"))
    assert "hearts already have down pile 18" in text and "King of hearts" in text


def test_same_suit_one_higher_up_one_lower_down() -> None:
    game = arrange(empty_double(), {"pile1": "3S", "pile2": "JH", "pile3": "4C", "pile4": "5S",
                                    "pile5": "TH", "pile6": "3C", "pile14": "AS 2S",
                                    "pile18": "KH QH"})
    assert game.is_legal(Move("move", "pile1", "pile14"))
    assert game.is_legal(Move("move", "pile2", "pile18"))
    assert reason(game, Move("move", "pile6", "pile14")) == (
        "The 3 of clubs can't go onto the 2 of spades: up pile 14 keeps to one suit, spades here.")
    # Wrong in suit and number: the whole rule, with the card the pile needs.
    assert reason(game, Move("move", "pile3", "pile14")) == (
        "The 4 of clubs can't go onto the 2 of spades: up pile 14 keeps to the spades and goes "
        "up one card at a time, so the 3 of spades comes next.")
    assert reason(game, Move("move", "pile5", "pile14")).endswith(
        "keeps to the spades and goes up one card at a time, so the 3 of spades comes next.")
    assert reason(game, Move("move", "pile4", "pile14")) == (
        "The 5 of spades can't go onto the 2 of spades: up pile 14 goes up one card at a time, "
        "so the 3 of spades comes next.")
    assert reason(game, Move("move", "pile5", "pile18")) == (
        "The 10 of hearts can't go onto the Queen of hearts: down pile 18 goes down one card at a "
        "time, so the Jack of hearts comes next.")
    # the 3 of spades cannot go down onto nothing-of-its-suit either
    assert "Only a King" in reason(game, Move("move", "pile1", "pile19"))
    game.play(Move("move", "pile1", "pile14"))
    game.play(Move("move", "pile2", "pile18"))
    assert game.score() == 6


def test_finished_piles_take_nothing() -> None:
    up = " ".join(f"{r}S" for r in "A23456789TJQK")
    down = " ".join(f"{r}S" for r in reversed("A23456789TJQK"))
    game = arrange(empty_double(), {"pile1": "KS", "pile2": "AS", "pile14": up, "pile18": down})
    assert reason(game, Move("move", "pile1", "pile14")) == (
        "Up pile 14 is finished: it has reached the King of spades.")
    assert reason(game, Move("move", "pile2", "pile18")) == (
        "Down pile 18 is finished: it has reached the Ace of spades.")


def test_cards_never_leave_piles_14_to_21_and_go_nowhere_else() -> None:
    game = arrange(empty_double(), {"pile1": "2S", "pile14": "AS", "pile22": "[4C]"})
    assert reason(game, Move("move", "pile14", "pile2")) == (
        "Cards never leave piles 14 to 21 once they are there.")
    assert reason(game, Move("move", "pile14", "pile15")).startswith("Cards never leave")
    assert "face down" in reason(game, Move("move", "pile22", "pile14"))
    assert "4 of clubs" not in reason(game, Move("move", "pile22", "pile14"))
    assert reason(game, Move("move", "pile1", "pile5")) == (
        "Cards can't be put onto pile 5: they only go onto piles 14 to 21.")
    assert "only go onto piles 14 to 21" in reason(game, Move("move", "pile1", "pile23"))
    assert "only go onto piles 14 to 21" in reason(game, Move("move", "pile1", "pile1"))
    assert "one at a time" in reason(game, Move("move", "pile1", "pile14", count=2))
    assert "needs a card" in reason(game, Move("move", "pile1"))
    assert "does not take 'piles'" in reason(game, Move("move", "pile1", "pile14", piles=("pile1",)))
    assert reason(game, Move("move", "pile3", "pile14")) == (
        "Pile 3 is empty, so there is no card to move.")


def test_only_the_top_card_of_piles_1_to_13_and_its_index_is_dropped() -> None:
    game = arrange(empty_double(), {"pile1": "AS 7D 2S", "pile14": "AS"})
    assert reason(game, Move("move", "pile1", "pile15", index=0)) == (
        "Only the top card of pile 1, the 2 of spades, can move: the Ace of spades is under it.")
    assert reason(game, Move("move", "pile1", "pile14", index=5)) == "Pile 1 has only 3 cards."
    played = game.play({"action": "move", "src": "pile1", "dst": "pile14", "index": 2})
    assert played == Move("move", "pile1", "pile14")
    assert game.log[-1].keys() == {"action", "src", "dst", "t"}


def test_any_card_of_the_spread_with_index() -> None:
    game = arrange(empty_double(), {"pile23": "5D 6C 3H", "pile15": "AC 2C 3C 4C 5C"},
                   spread_from="pile4")
    assert reason(game, Move("move", "pile23", "pile15")) == (
        "Say which card of the spread at 23 to move (its 'index', 0 for the bottom card).")
    assert reason(game, Move("move", "pile23", "pile15", index=3)) == (
        "The spread at 23 has only 3 cards.")
    assert "5 of diamonds" in reason(game, Move("move", "pile23", "pile15", index=0))
    assert game.legal_moves() == [Move("move", "pile23", "pile15", index=1)]
    assert game.describe(game.legal_moves()[0]) == (
        "Move the 6 of clubs from the spread at 23 onto up pile 15.")
    game.play(Move("move", "pile23", "pile15", index=1))
    assert codes(game)["pile23"] == ["5D", "3H"]
    assert game.spread_from == "pile4"  # type: ignore[attr-defined]
    # the picked-up pile itself is empty while it is spread
    assert "take its cards from the spread at 23" in reason(game, Move("move", "pile4", "pile14"))


def test_emptying_the_spread_forgets_where_it_came_from() -> None:
    game = arrange(empty_double(), {"pile23": "AD"}, spread_from="pile9")
    game.play(Move("move", "pile23", "pile17", index=0))
    assert game.spread_from is None  # type: ignore[attr-defined]
    assert reason(game, Move("move", "pile23", "pile14", index=0)) == "Nothing is spread at 23 now."


# -- the reserve and picking up ----------------------------------------------------
def test_reserve_card_goes_under_its_pile_which_is_then_spread() -> None:
    game = arrange(empty_double(), {"pile5": "9C 4D", "pile22": "[QS] [5H]", "pile12": "2C"})
    text = game.describe(Move("reserve"))
    assert text == ("Turn up the top card of pile 22: it goes under the pile of its own "
                    "number, and that pile is picked up and spread at 23.")
    assert game.why_illegal(Move("pickup", "pile5")) == (
        "You can pick up a pile only once pile 22 is used up, and it still has 2 cards. "
        "Click pile 22 instead.")
    face_down = game.face_down_cards()
    played = game.play({"action": "reserve", "src": "pile22"})
    assert played == Move("reserve") and game.log[-1].keys() == {"action", "t"}
    assert game.told(text, played, face_down) == (
        "Turn up the top card of pile 22, the 5 of hearts: it goes under pile 5, and pile 5 "
        "is picked up and spread at 23."), "after the move, which card it was"
    assert codes(game)["pile23"] == ["5H", "9C", "4D"]
    assert codes(game)["pile5"] == []
    assert game.spread_from == "pile5"  # type: ignore[attr-defined]
    # the next one: the spread goes back to pile 5, the Queen goes under pile 12
    game.play(Move("reserve"))
    assert codes(game)["pile5"] == ["5H", "9C", "4D"]
    assert codes(game)["pile23"] == ["QS", "2C"]
    assert codes(game)["pile12"] == [] and codes(game)["pile22"] == []
    assert game.spread_from == "pile12"  # type: ignore[attr-defined]
    assert reason(game, Move("reserve")) == (
        "Pile 22 is used up. Now you can pick up any pile from 1 to 13 instead.")


def test_reserve_card_of_the_spread_pile_goes_under_the_spread() -> None:
    game = arrange(empty_double(), {"pile23": "JS 3D", "pile22": "[8H] [JC]"},
                   spread_from="pile11")
    game.play(Move("reserve"))
    assert codes(game)["pile23"] == ["JC", "JS", "3D"]
    assert codes(game)["pile11"] == []
    game.play(Move("reserve"))  # an 8 lands under the empty pile 8
    assert codes(game)["pile11"] == ["JC", "JS", "3D"]
    assert codes(game)["pile23"] == ["8H"] and game.spread_from == "pile8"  # type: ignore[attr-defined]


def test_reserve_move_records_that_say_more_are_read_as_the_click() -> None:
    game = arrange(empty_double(), {"pile22": "[8H]"})
    assert reason(game, Move("move", "pile22", "pile14")) is not None
    assert "8 of hearts" not in reason(game, Move("move", "pile22", "pile14"))
    # Pile 22 always gives its top card, so extra fields change nothing.
    assert game.play({"action": "reserve", "src": "pile3", "count": 2}) == Move("reserve")
    assert game.log[-1]["action"] == "reserve" and set(game.log[-1]) == {"action", "t"}


def test_pickup_once_the_reserve_is_used_up() -> None:
    game = arrange(empty_double(), {"pile2": "KD 4S", "pile8": "7C", "pile23": "6H QC"},
                   spread_from="pile3")
    assert game.describe(Move("pickup", "pile8")) == (
        "Put the spread at 23 back on pile 3, then pick up pile 8 and spread it at 23.")
    game.play(Move("pickup", "pile8"))
    assert codes(game)["pile3"] == ["6H", "QC"] and codes(game)["pile23"] == ["7C"]
    assert reason(game, Move("pickup", "pile8")) == "Pile 8 is already picked up and spread at 23."
    assert reason(game, Move("pickup", "pile9")) == "Pile 9 is empty, so there is nothing to pick up."
    assert reason(game, Move("pickup", "pile15")) == (
        "Only piles 1 to 13 can be picked up, and up pile 15 is not one of them.")
    assert "and pile 23 is not one of them" in reason(game, Move("pickup", "pile23"))
    assert reason(game, Move("pickup")) == "Say which pile to pick up."
    assert "does not take 'dst'" in reason(game, Move("pickup", "pile2", "pile14"))
    assert "does not take 'index'" in reason(game, Move("pickup", "pile2", index=0))
    pickups = [m.src for m in game.legal_moves() if m.action == "pickup"]
    assert pickups == ["pile2", "pile3"]
    arrange(game, {"pile23": ""}, spread_from=None)
    assert game.describe(Move("pickup", "pile2")) == "Pick up pile 2 and spread it at 23."


def test_describe_names_cards_and_places_like_the_help() -> None:
    game = arrange(empty_double(), {"pile3": "5H", "pile4": "AD", "pile15": "AH 2H 3H 4H"})
    assert game.describe(Move("move", "pile3", "pile15")) == (
        "Move the 5 of hearts from pile 3 onto up pile 15.")
    assert game.describe(Move("move", "pile4", "pile16")) == (
        "Move the Ace of diamonds from pile 4 onto the empty up pile 16.")


def test_drags_and_touches() -> None:
    game = arrange(empty_double(), {"pile3": "9C 5H", "pile23": "2D AD", "pile22": "[4S]"},
                   spread_from="pile7")
    assert game.drag_move("pile3", 1, "pile15") == Move("move", "pile3", "pile15")
    assert "Only the top card of pile 3" in reason(game, game.drag_move("pile3", 0, "pile15"))
    assert game.drag_move("pile23", 1, "pile16") == Move("move", "pile23", "pile16", index=1)
    assert game.is_legal(game.drag_move("pile23", 1, "pile16"))
    assert game.drag_move("pile3", 0, "pile23") == Move("pickup", "pile3")
    assert game.drag_move("pile22", 0, "pile5") == Move("reserve")
    assert game.touches(Move("reserve")) == [("pile22", 0)]
    assert game.touches(Move("move", "pile23", "pile16", index=1)) == [("pile23", 1)]
    assert game.touches(Move("move", "pile3", "pile15")) == [("pile3", 1)]


# -- undo, winning and losing -------------------------------------------------------
def test_undo_is_unlimited() -> None:
    game = new_game("double", seed=12)
    start = game.position()
    for _ in range(40):
        game.play(game.legal_moves()[-1])
    for _ in range(40):
        game.undo()
    assert game.position() == start and not game.can_undo()


def test_won_with_all_104_on_piles_14_to_21() -> None:
    game = empty_double()
    for n, suit in enumerate("CDHS"):
        arrange(game, {f"pile{14 + n}": " ".join(f"{r}{suit}" for r in "A23456789TJQK"),
                       f"pile{18 + n}": " ".join(f"{r}{suit}" for r in "KQJT98765432A")})
    arrange(game, {"pile18": "KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C", "pile6": "AC"})
    assert not game.is_won() and not game.is_over()
    game.play(Move("move", "pile6", "pile18"))
    assert game.is_won() and game.is_over() and game.score() == 104
    assert game.outcome().startswith("You won")


def test_lost_only_when_the_reserve_is_gone_and_no_card_anywhere_fits() -> None:
    game = arrange(empty_double(), {"pile1": "9C 5H", "pile2": "QS", "pile14": "AC 2C",
                                    "pile18": "KD"})
    assert game.is_over() and not game.is_won()
    assert game.outcome() == ("Game over: you can still pick up piles, but no card can ever "
                              "go onto piles 14 to 21 again.")
    assert game.legal_moves() == [Move("pickup", "pile1"), Move("pickup", "pile2")]
    # with a card still in the reserve the game goes on, even though nothing fits now
    arrange(game, {"pile22": "[7S]"})
    assert not game.is_over()
    # a card deep inside a pile that fits keeps the game going (pick the pile up)
    arrange(game, {"pile22": "", "pile1": "3C 9C 5H"})
    assert not game.is_over() and not game.is_legal(Move("move", "pile1", "pile14"))
    # ...and so does a card in the spread
    arrange(game, {"pile1": "9C 5H", "pile23": "QS 2H QD"}, spread_from="pile5")
    assert not game.is_over()
    arrange(game, {"pile23": "QS 2H 3S"})
    assert game.is_over()


def test_saved_game_replays() -> None:
    game = new_game("double", seed=77)
    rng = random.Random(3)
    for _ in range(60):
        game.play(rng.choice(game.legal_moves()))
    game.undo()
    loaded = load_game(game.to_json())
    assert loaded.position() == game.position()


# -- random play ----------------------------------------------------------------------
def random_record(rng: random.Random, game: Game) -> dict[str, object]:
    record: dict[str, object] = {"action": rng.choice(["move", "reserve", "pickup"])}
    if rng.random() < 0.8:
        record["src"] = rng.choice(game.pile_ids)
    if rng.random() < 0.6:
        record["dst"] = rng.choice(game.pile_ids)
    if rng.random() < 0.4:
        record["index"] = rng.randrange(0, 12)
    if rng.random() < 0.1:
        record["count"] = rng.randrange(1, 3)
    return record


def every_move(game: Game) -> list[Move]:
    """Every move with a card that exists, whatever `_candidates` thinks of it."""
    moves = [Move("reserve")] + [Move("pickup", pid) for pid in game.pile_ids]
    for dst in game.pile_ids:
        moves += [Move("move", src, dst) for src in game.pile_ids]
        moves += [Move("move", "pile23", dst, index=i) for i in range(len(game.piles["pile23"]))]
    return moves


def check_cards(game: Game) -> None:
    counts = Counter(card.code for pile in game.piles.values() for card in pile)
    assert len(counts) == 52 and set(counts.values()) == {2}
    assert (game.spread_from is None) == (not game.piles["pile23"])  # type: ignore[attr-defined]


def test_random_play_keeps_every_card_twice_and_undo_exact() -> None:
    for seed in range(1, 201):
        rng = random.Random(seed)
        game = new_game("double", seed=seed)
        full_check = seed <= 5  # ask about every possible move in a few games
        for _ in range(300):
            check_cards(game)
            legal = game.legal_moves()
            legal_set = set(legal)
            if full_check:
                for move in every_move(game):
                    assert (game.why_illegal(move) is None) == (move in legal_set), move
                    if move in legal_set:
                        assert game.describe(move).endswith(".")
            for _ in range(3):
                record = random_record(rng, game)
                if game.why_illegal(record) is None:
                    assert game._canonical(Move.from_json(record)) in legal_set, record
            if game.is_over():
                # Once the reserve is used up every card can be reached, and
                # each suit always has a next card left, so real games are won.
                assert game.is_won() and not any(m.action == "move" for m in legal)
                break
            # favour real moves so that games get somewhere
            moves = [m for m in legal if m.action == "move"]
            move = rng.choice(moves if moves and rng.random() < 0.7 else legal)
            before = game.position()
            game.play(move)
            if rng.random() < 0.1:
                game.undo()
                assert game.position() == before
        check_cards(game)


def test_illegal_play_raises_with_the_reason() -> None:
    game = arrange(empty_double(), {"pile1": "4S", "pile14": "AS 2S"})
    with pytest.raises(IllegalMove) as error:
        game.play(Move("move", "pile1", "pile14"))
    assert "3 of spades comes next" in error.value.reason
