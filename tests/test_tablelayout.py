"""Every game's table fits any window: each pile has a place, no two places
overlap, and even a long fan of cards stays on the canvas (no Tk here)."""

from __future__ import annotations

import itertools

import pytest

from solitaire_tk import GAME_IDS, new_game
from solitaire_tk.cards import parse_card
from solitaire_tk.registry import game_class
from solitaire_tk.tablelayout import (MAX_CARD_W, MAX_NUMBER_SHARE, MIN_NUMBER_SIZE,
                                      SQUEEZED_CARD_W, Rect, card_offsets, number_band)

GAMES = [(game_id, variant) for game_id in GAME_IDS for variant in game_class(game_id).variants]
# From the canvas left at the window's smallest size (640 x 480 less the
# tutor panel) to a large screen, and long thin shapes.
SIZES = [(390, 420), (640, 480), (1000, 700), (1400, 900), (2560, 1400), (1600, 420), (420, 1000)]
LONG_FAN = 24
# The canvas of a maximised window on a 1920x1080 screen (a classroom's
# projector) beside the tutor panel, and of an 800x600 one.
PROJECTOR, SMALL_SCREEN = (1508, 1010), (548, 530)
# The least size of a place number on an ordinary screen, and at 150% scaling.
NUMBER_SIZES = [MIN_NUMBER_SIZE, round(MIN_NUMBER_SIZE * 1.5)]


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.x + b.w and b.x < a.x + a.w and a.y < b.y + b.h and b.y < a.y + a.h


def _inside(rect: Rect, width: float, height: float) -> bool:
    return rect.x >= 0 and rect.y >= 0 and rect.x + rect.w <= width + 0.5 and rect.y + rect.h <= height + 0.5


@pytest.mark.parametrize("game_id, variant", GAMES)
@pytest.mark.parametrize("width, height", SIZES)
def test_every_pile_has_its_own_place_on_the_canvas(game_id: str, variant: str,
                                                    width: int, height: int) -> None:
    game = new_game(game_id, variant, seed=1)
    layout = game.table_layout(width, height)
    assert set(layout.spots) == set(game.pile_ids)
    assert 0 < layout.card_w <= MAX_CARD_W and layout.card_h > layout.card_w
    places = {pile_id: layout.slot(pile_id) for pile_id in layout.spots} | layout.buttons
    for name, rect in places.items():
        assert _inside(rect, width, height), (name, rect)
    for (one, a), (other, b) in itertools.combinations(places.items(), 2):
        assert not _overlap(a, b), (one, other)


@pytest.mark.parametrize("game_id, variant", GAMES)
@pytest.mark.parametrize("width, height", SIZES)
def test_a_long_fan_squeezes_to_stay_on_the_canvas(game_id: str, variant: str,
                                                   width: int, height: int) -> None:
    layout = new_game(game_id, variant, seed=1).table_layout(width, height)
    face_down = [parse_card("KS", face_up=False)] * 6
    face_up = [parse_card("KS")] * (LONG_FAN - 6)
    for pile_id, spot in layout.spots.items():
        for x, y in card_offsets(spot, [*face_down, *face_up]):
            card = Rect(x, y, layout.card_w, layout.card_h)
            assert _inside(card, width, height), (pile_id, card)


@pytest.mark.parametrize("game_id, variant", GAMES)
def test_cards_grow_with_the_window_up_to_a_limit(game_id: str, variant: str) -> None:
    game = new_game(game_id, variant, seed=1)
    widths = [game.table_layout(w, w * 0.7).card_w for w in (400, 800, 1600, 4000)]
    assert widths == sorted(widths) and widths[0] < widths[-1]
    assert widths[-1] == MAX_CARD_W


@pytest.mark.parametrize("game_id, variant", GAMES)
@pytest.mark.parametrize("width, height", SIZES)
@pytest.mark.parametrize("least", NUMBER_SIZES)
def test_a_place_number_has_room_above_its_place_however_small_the_window(
        game_id: str, variant: str, width: int, height: int, least: int) -> None:
    """The band above a numbered place, where its number is drawn (with the
    focus ring of the card above reaching into it), is on the canvas and no
    card of another pile covers it, even at the end of a long fan; and the
    number is never smaller than the least size asked for."""
    game = new_game(game_id, variant, seed=1)
    layout = game.table_layout(width, height, least)
    # (at most a share of the card's width: tiny cards need the room themselves)
    assert layout.label_size >= min(least, max(8, round(layout.card_w * MAX_NUMBER_SHARE)))
    assert layout.label_size <= max(8, round(layout.card_w * MAX_NUMBER_SHARE))
    cards = [parse_card("KS", face_up=False)] * 6 + [parse_card("KS")] * (LONG_FAN - 6)
    covered = {pile_id: [Rect(x, y, layout.card_w, layout.card_h)
                         for x, y in card_offsets(spot, cards)]
               for pile_id, spot in layout.spots.items()}
    numbered = [pile_id for pile_id in layout.spots if game.place_number(pile_id) is not None]
    assert numbered
    room = number_band(layout.label_size)
    for pile_id in numbered:
        spot = layout.spots[pile_id]
        band = Rect(spot.x, spot.y - room + 0.5, layout.card_w, room - 0.5)
        assert _inside(band, width, height), (pile_id, band)
        for other, rects in covered.items():
            if other != pile_id:
                assert not any(_overlap(band, rect) for rect in rects), (pile_id, other)


@pytest.mark.parametrize("game_id, variant", GAMES)
def test_place_numbers_grow_with_the_cards(game_id: str, variant: str) -> None:
    """On a projector a pupil told "pile 7" must find it from the back of the
    room: the numbers are a good share of the card, not 14 pixels at most."""
    game = new_game(game_id, variant, seed=1)
    small, big = game.table_layout(*SMALL_SCREEN), game.table_layout(*PROJECTOR)
    assert big.card_w > small.card_w and big.label_size > small.label_size
    assert big.label_size >= 0.13 * big.card_w


@pytest.mark.parametrize("game_id, variant", GAMES)
def test_a_projector_window_grows_the_cards_as_far_as_they_fit(game_id: str,
                                                               variant: str) -> None:
    """A maximised window on a 1920x1080 screen (the tutor panel hidden, or
    beside) is not held to 150-pixel cards: they grow until the table is full
    (a wider window gives wider cards, a taller one taller)."""
    game = new_game(game_id, variant, seed=1)
    for width, height in (PROJECTOR, (1900, 1000)):
        card_w = game.table_layout(width, height).card_w
        assert (game.table_layout(width * 1.2, height).card_w > card_w
                or game.table_layout(width, height * 1.2).card_w > card_w), (width, height)


@pytest.mark.parametrize("game_id, variant", GAMES)
@pytest.mark.parametrize("width, height", [PROJECTOR, (1900, 1000), (2560, 1400)])
def test_cards_grown_past_the_usual_size_keep_a_long_fan_readable(
        game_id: str, variant: str, width: int, height: int) -> None:
    """Cards wider than they are in a small window never squeeze a pile of six
    face-down and seven face-up cards so hard that a card's corner is hidden
    (Klondike's stacks showed slivers of the biggest cards)."""
    layout = new_game(game_id, variant, seed=1).table_layout(width, height)
    if layout.card_w <= SQUEEZED_CARD_W:
        return
    pile = [parse_card("KS", face_up=False)] * 6 + [parse_card("KS")] * 7
    for pile_id, spot in layout.spots.items():
        if spot.step[1] > 0.1 * layout.card_h:   # a fan (not Double Solitaire's thickness)
            tops = [y for x, y in card_offsets(spot, pile)][6:]
            shown = min(below - above for above, below in zip(tops, tops[1:]))
            assert shown >= 0.2 * layout.card_h, pile_id
