"""Dammit!'s odds (tutor/dammit_odds.py): the chance that the grid fills up with
every King, Queen and Jack finding a box, worked out from what the pupil sees."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from solitaire_tk import new_game
from solitaire_tk.tutor import dammit_odds as odds

from .helpers import arrange


def to_come(kings: int = 0, queens: int = 0, jacks: int = 0, numbers: int = 0) -> list[int]:
    """Cards still to come by rank: the number cards as 2s (their rank does not matter here)."""
    counts = [0] * 14
    counts[13], counts[12], counts[11], counts[2] = kings, queens, jacks, numbers
    return counts


def by_hand(free: list[int], cards: list[int]) -> Fraction:
    """Every next card in turn, each number card tried in every kind of free box:
    the same odds written the slow and plain way (cards: 0-2 a face card's kind, 3 a number)."""
    if not any(free) or not cards:
        return Fraction(1)
    total = Fraction(0)
    for index, card in enumerate(cards):
        rest = cards[:index] + cards[index + 1:]
        if card < 3:
            if free[card]:
                total += by_hand([n - (kind == card) for kind, n in enumerate(free)], rest)
        else:
            total += max(by_hand([n - (kind == box) for kind, n in enumerate(free)], rest)
                         for box in range(4) if free[box])
    return total / len(cards)


def test_two_boxes_three_cards_worked_out_by_hand() -> None:
    """One King box and one Queen box free; a King, a Queen and a number card to
    come.  Only a number card first can go wrong: wherever it goes, the face
    card of that box comes next half the time.  1/3 + 1/3 + 1/3 * 1/2 = 5/6."""
    assert odds.fill_odds((1, 1, 0, 0), to_come(1, 1, 0, 1)) == pytest.approx(5 / 6)


@pytest.mark.parametrize("seed", range(6))
def test_fill_odds_agree_with_trying_every_order(seed: int) -> None:
    rng = random.Random(seed)
    free = [rng.randint(0, 2) for _ in range(4)]
    faces = [rng.randint(0, 2) for _ in range(3)]
    numbers = rng.randint(0, 7 - sum(faces))   # at most 7 cards: 5,040 orders
    cards = [kind for kind in range(3) for _ in range(faces[kind])] + [3] * numbers
    assert odds.fill_odds((free[0], free[1], free[2], free[3]),
                          to_come(*faces, numbers)) == pytest.approx(float(by_hand(free, cards)))


def test_a_number_card_in_the_middle_keeps_the_best_odds() -> None:
    free = (2, 2, 2, 1)
    left = to_come(3, 2, 1, 10)
    middle = odds.odds_after_number(free, odds.MIDDLE, left)
    edges = [odds.odds_after_number(free, kind, left) for kind in (odds.KING, odds.QUEEN, odds.JACK)]
    assert middle >= max(edges)
    # With a box to spare, the kind with the fewest face cards still to come is safest.
    assert edges[2] > edges[1] > edges[0]


def test_which_cards_stay_after_the_grid_is_cleared() -> None:
    grid = [0] * 14
    grid[3], grid[7], grid[10] = 1, 2, 1
    nothing = [0] * 14
    assert odds.chance_left_over(10, grid, nothing, 0) == 0.0     # a 10 always goes
    assert odds.chance_left_over(3, grid, nothing, 0) == 0.0      # a 7 is there for it
    assert odds.chance_left_over(7, grid, nothing, 0) == 1.0      # two 7s, one 3
    # One more card to come, and it is a 3 or something else, half and half.
    half = [0] * 14
    half[3], half[9] = 1, 1
    assert odds.chance_left_over(7, grid, half, 1) == pytest.approx(0.5)


def test_the_cards_to_come_are_what_the_pupil_has_not_seen() -> None:
    game = new_game("dammit", seed=4)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    left = odds.cards_to_come(game)
    assert sum(left) == 52 - 6          # five placed, one shown
    shown = game.card_to_play()
    assert shown is not None
    twin = game.with_unseen_shuffled(random.Random(3))
    assert odds.cards_to_come(twin) == left


def test_the_cleared_grid_keeps_the_card_left_over_in_a_middle_box() -> None:
    """Two 3s and one 7: one 3 stays.  The one in the middle box blocks no face card."""
    game = new_game("dammit", seed=1)
    layout = {pid: "" for pid in game.pile_ids} | {"stock": "[2C]", "box6": "3C", "box1": "3D",
                                                   "box2": "7H"}
    arrange(game, layout)
    grid = {box: (game.piles[box][-1].rank if game.piles[box] else 0) for box in odds.rules.BOXES}
    assert odds.best_keeping(grid, odds.cards_to_come(game)) == {"box6": 3}
