"""When a game is over (SPEC 2): no sequence of legal moves can bring another
card home or turn up a card the player has not seen yet."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from solitaire_tk import GAME_IDS, Move, new_game
from solitaire_tk.engine import Game
from solitaire_tk.playout import random_step
from solitaire_tk.registry import game_class
from solitaire_tk.tutor.hints import follow_hints

from .helpers import arrange

# Every game and variant, and Thirteen once more with Easy mode on.
PLAYS = [(gid, variant, {}) for gid in GAME_IDS for variant in game_class(gid).variants]
PLAYS.append(("thirteen", "standard", {"easy_mode": True}))


def _random_positions(game_id: str, variant: str, options: dict[str, bool],
                      count: int, seed: int = 7, late: int = 400) -> list[Game]:
    """Copies of the games met along seeded random playouts with undos (with
    `late`, only the last `late` positions of each playout)."""
    rng = random.Random(f"{game_id}-{variant}-{options}-{seed}")
    out: list[Game] = []
    while len(out) < count:
        game = new_game(game_id, variant, seed=rng.randint(1, 10**6), options=options)
        steps = rng.randint(20, 300)
        for step in range(steps):
            if step >= steps - late:
                out.append(game.copy())
            if len(out) >= count:
                break
            if not random_step(game, rng):
                break
    return out


def _state(game: Game) -> tuple[object, ...]:
    """Everything the search must leave alone: position, log, undo and its sentences."""
    return (game.position(), [dict(entry) for entry in game.log], game._undo, game.undo_label(),
            game.can_undo())


@pytest.mark.parametrize(("game_id", "variant", "options"), PLAYS)
def test_the_fast_move_finder_agrees_with_legal_moves(game_id: str, variant: str,
                                                      options: dict[str, bool]) -> None:
    rng = random.Random(f"{game_id}-{variant}-{options}")
    checked = 0
    for seed in range(1, 200):
        game = new_game(game_id, variant, seed=seed, options=options)
        for _ in range(400):
            legal = game.legal_moves()
            found = game.quick_legal_moves()
            assert Counter(found) == Counter(legal), (seed, game.log[-3:])
            checked += 1
            if not random_step(game, rng, legal):
                break
        if checked >= 3000:
            break
    assert checked >= 3000


@pytest.mark.parametrize(("game_id", "variant", "options"), PLAYS)
def test_is_over_leaves_the_game_exactly_as_it_was(game_id: str, variant: str,
                                                   options: dict[str, bool]) -> None:
    over = Counter[bool]()
    for game in _random_positions(game_id, variant, options, 150):
        before = _state(game)
        copy = game.copy()
        over[game.is_over()] += 1
        assert _state(game) == before
        assert copy.is_over() == game.is_over()  # a fresh game (no cached answer) agrees
        if game.is_over() and not game.is_won():
            assert game.outcome().startswith("Game over: ")
            assert game.moves_left_when_over() == bool(game.legal_moves())
        elif not game.is_won():
            assert game.outcome() == "The game is still going."
            assert not game.moves_left_when_over()
        assert _state(game) == before
    assert over[False], over


def _plainly_over(game: Game, cap: int) -> bool | None:
    """The SPEC 2 answer by the plainest search (every legal move of every
    position, on copies); None when more than `cap` positions are reachable."""
    home, unseen = game.progress(), game._unseen()
    seen = {game.loop_key()}
    todo = [game.copy()]
    while todo:
        here = todo.pop()
        for move in here.legal_moves():
            there = here.copy()
            there.play(move)
            if there.progress() > home or there._unseen() < unseen:
                return False
            if there.loop_key() not in seen:
                if len(seen) >= cap:
                    return None
                seen.add(there.loop_key())
                todo.append(there)
    return True


@pytest.mark.parametrize(("game_id", "variant", "options"), PLAYS)
def test_the_search_agrees_with_the_plainest_search(game_id: str, variant: str,
                                                    options: dict[str, bool]) -> None:
    # The game's own search skips what turning the deck leads to anyway; a
    # plain search over every position must come to the same answer.
    compared = Counter[bool]()
    for game in _random_positions(game_id, variant, options, 120, seed=11, late=3):
        plain = _plainly_over(game, 300)
        if plain is None:
            continue
        game.over_search_budget = 10**6  # type: ignore[misc]
        assert game.is_over() == (plain or game.is_won()), str(game)
        compared[plain] += 1
    # (Random play never ends a game of Double Solitaire: pile 22 lasts too long.)
    assert compared[False] and (compared[True] or game_id == "double"), compared


def test_klondike_single_deal_1_following_the_hints_ends_in_a_loop_that_is_over() -> None:
    game = follow_hints("klondike", "draw1-single", 1)
    assert game.is_over() and not game.is_won() and game.score() == 6
    assert game.legal_moves(), "runs can still go back and forth between the stacks"
    assert game.moves_left_when_over()
    # ... and which cards the home stacks wait for, and where they are stuck
    # (a face-down card's place is not given away: the pupil has not seen it).
    assert game.outcome() == (
        "Game over: you can still move cards, but no card can ever reach a home stack again. "
        "The home stacks wait for the 3 of clubs (face down under other cards), the Ace of "
        "diamonds (face down under other cards), the 3 of hearts (under the 4 of spades in "
        "the waste pile) and "
        "the 3 of spades (under the 2 of diamonds in stack 2).")
    # Where the hints used to end: the Queen of hearts and Jack of spades hop
    # between the two black Kings, and that is over too.
    game.play(Move("move", "tableau2", "tableau6", 9))
    assert [repr(card) for card in game.piles["tableau2"]] == ["KS", "QH", "JS"]
    assert [repr(card) for card in game.piles["tableau3"]] == ["KC"]
    game.play(Move("move", "tableau2", "tableau3", 2))
    assert game.is_over()
    game.play(Move("move", "tableau3", "tableau2", 2))
    assert game.is_over()


def empty_game(game_id: str, variant: str | None = None) -> Game:
    game = new_game(game_id, variant, seed=1)
    return arrange(game, {pid: "" for pid in game.pile_ids})


def test_a_run_hopping_between_two_equal_kings_is_over() -> None:
    game = arrange(empty_game("klondike", "draw1-single"), {
        "tableau1": "KS QH JS", "tableau2": "KC", "tableau3": "[5C] 9H", "foundation1": "AD"})
    assert game.legal_moves() == [Move("move", "tableau1", "tableau2", 2)]
    assert game.is_over() and game.moves_left_when_over()
    # ...but a face-down card under the King keeps the game going: the King
    # and its run can go into an empty stack and turn it up.
    arrange(game, {"tableau1": "[8D] KS QH JS"})
    assert not game.is_over()


def test_klondike_is_never_over_while_the_deck_holds_unseen_cards() -> None:
    for variant in ("draw1", "draw3", "draw1-single"):
        game = arrange(empty_game("klondike", variant), {
            "tableau1": "[KC] 9H", "stock": "[2S] [3S] [4S]", "waste": "5S",
            "foundation1": "AD", "foundation2": "AH"})
        assert not game.is_over(), variant  # never turned over yet: the deck is unseen
        arrange(game, {}, recycles=1)
        if variant == "draw1-single":
            continue
        # Once turned over, the deck is seen: nothing in it fits, so the game is over.
        assert game.is_over(), variant
        assert game.outcome() == ("Game over: you can still move cards, but no card can "
                                  "ever reach a home stack again.")
        arrange(game, {"stock": "[2S] [AS] [4S]"})
        assert not game.is_over(), "the Ace of spades in the deck can go home"


def test_klondike_with_no_move_left_keeps_its_reasons() -> None:
    game = arrange(empty_game("klondike", "draw1"), {"tableau1": "[KC] 9H", "foundation1": "AD"})
    assert game.legal_moves() == [] and game.is_over() and not game.moves_left_when_over()
    assert game.outcome() == "Game over: no card can move, and the deck is used up."
    arrange(game, {"waste": "5S 4S"}, recycles=2)
    assert game.outcome() == "Game over: no card can move, and the deck can't be turned over again."


def test_a_cruel_redeal_that_brings_the_same_layout_back_is_over() -> None:
    # Stacks 1-11 hold four cards each and stack 12 only the 4 of spades, which
    # can go onto the 5 of spades on top of stack 11: dealing again after that
    # gives exactly the same layout.
    tops = ["KC", "KD", "KH", "KS", "JC", "JD", "JH", "JS", "9C", "9D", "5S"]
    buried = ["5C", "2D", "2H", "6C", "3D", "3H", "7C", "4D", "4H", "8C", "5D", "5H",
              "TC", "6D", "6H", "QC", "7D", "7H", "2S", "8D", "8H", "3S", "TD", "9H",
              "6S", "QD", "TH", "7S", "8S", "QH", "9S", "TS", "QS"]
    layout = {"foundation1": "AC 2C 3C 4C", "foundation2": "AD", "foundation3": "AH",
              "foundation4": "AS", "pile12": "4S"}
    for n, top in enumerate(tops):
        layout[f"pile{n + 1}"] = " ".join([*buried[n * 3:n * 3 + 3], top])
    game = arrange(empty_game("cruel"), layout)
    start = game.position()
    assert game.legal_moves() == [Move("move", "pile12", "pile11")]
    assert game.is_over() and game.moves_left_when_over()
    assert game.outcome() == (
        "Game over: you can still move cards, but no card can ever reach a suit stack again. "
        "The suit stacks wait for the 5 of clubs (under the 2 of diamonds in stack 1), the 2 "
        "of diamonds (under the 2 of hearts in stack 1), the 2 of hearts (under the King of "
        "clubs in stack 1) and the 2 of spades (under the 8 of diamonds in stack 7).")
    game.play(Move("move", "pile12", "pile11"))
    assert game.is_over()
    game.play(Move("redeal"))
    assert game.position() == start, "the same layout is back"
    assert game.is_over()


def test_a_lost_cruel_game_with_a_card_still_movable_is_over() -> None:
    game = arrange(empty_game("cruel"), {
        "foundation1": "AC", "foundation2": "AD", "foundation3": "AH", "foundation4": "AS",
        "pile1": "3C 9S", "pile2": "TS"})
    assert game.legal_moves() == [Move("move", "pile1", "pile2")]
    assert game.is_over() and game.moves_left_when_over()
    game.play(Move("move", "pile1", "pile2"))
    assert game.legal_moves() == [Move("redeal")] and game.is_over()
    game.play(Move("redeal"))
    assert game.legal_moves() == [] and game.is_over() and not game.is_won()
    assert game.outcome() == "Game over: no card can move, and dealing again would change nothing."


def test_a_cruel_game_whose_next_deal_brings_a_card_home_is_not_over() -> None:
    game = arrange(empty_game("cruel"), {
        "foundation1": "AC", "foundation2": "AD", "foundation3": "AH", "foundation4": "AS",
        "pile1": "4D 5D 6D", "pile2": "2C 9S", "pile3": "8H", "pile4": "9H"})
    assert game.legal_moves() == [Move("move", "pile3", "pile4")]
    # Moving the 8 of hearts and dealing again puts the 2 of clubs on top of stack 1.
    assert not game.is_over()


def test_thirteen_is_never_over_while_the_deck_has_cards() -> None:
    game = arrange(empty_game("thirteen"), {"pile1": "5C", "pile2": "6D", "pile3": "9H",
                                            "pile4": "9S", "stock": "[2C]"})
    assert not game.is_over()
    game.play(Move("deal"))
    assert game.is_over() and not game.moves_left_when_over()
    assert game.outcome() == "Game over: the deck is empty and no cards can be taken away."


def test_thirteen_over_with_cards_that_can_only_move_into_an_empty_pile() -> None:
    game = arrange(empty_game("thirteen"), {"pile1": "5C 6D", "pile2": "TH", "pile3": "9S"})
    assert game.legal_moves() == [Move("move", "pile1", "pile4")]
    assert game.is_over() and game.moves_left_when_over()
    assert game.outcome() == ("Game over: you can still move cards into empty piles, but no "
                              "card can ever reach the discard pile again.")
    arrange(game, {"pile3": "8S"})
    assert not game.is_over(), "moving the 6 of diamonds away uncovers the 5 for the 8"


def test_double_is_never_over_while_pile_22_has_cards() -> None:
    game = arrange(empty_game("double"), {"pile1": "9C 5H", "pile2": "QS", "pile22": "[7S]"})
    assert not game.is_over()
    game.play(Move("reserve"))
    assert game.is_over() and game.moves_left_when_over()
    assert game.outcome() == ("Game over: you can still pick up piles, but no card can ever "
                              "go onto piles 14 to 21 again.")


def test_a_won_game_is_over() -> None:
    game = arrange(empty_game("klondike"), {
        f"foundation{n}": " ".join(f"{r}{suit}" for r in "A23456789TJQK")
        for n, suit in enumerate("CDHS", start=1)})
    assert game.is_won() and game.is_over() and not game.moves_left_when_over()
    assert game.outcome().startswith("You won")


def test_the_search_gives_up_and_says_the_game_goes_on() -> None:
    # Over (the 5 of hearts and 4 of spades can only go onto the 6 of
    # spades and stay there), but that takes a second position to see.
    game = arrange(empty_game("klondike", "draw1-single"), {
        "tableau1": "5H 4S", "tableau2": "6S", "tableau3": "[3C] 9D", "foundation1": "AD"})
    assert game.copy().is_over()
    game.over_search_budget = 1  # type: ignore[misc]
    assert not game.is_over(), "a game that might go on is never ended"


def test_a_loss_is_told_kindly_only_where_most_deals_are_lost() -> None:
    from solitaire_tk import new_game as deal
    comforted = {(game_id, variant, easy): bool(deal(game_id, variant=variant, seed=3,
                                                     options={"easy_mode": easy}
                                                     if game_id == "thirteen" else None)
                                                .lost_comfort())
                 for game_id, variant, easy in (
                     ("thirteen", None, False), ("thirteen", None, True),
                     ("klondike", "draw1-single", False), ("klondike", "draw1", False),
                     ("klondike", "draw3", False), ("cruel", None, False),
                     ("double", None, False), ("dammit", None, False))}
    assert [key for key, said in comforted.items() if said] == [
        ("thirteen", None, False), ("klondike", "draw1-single", False), ("dammit", None, False)]
