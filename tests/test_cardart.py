"""The card faces: every rank's index clears the rounded corner, so each
card at the usual sizes shares the blank face's see-through corners (and is
kept in the quick form, ui/images.py)."""

from __future__ import annotations

import pytest

from solitaire_tk.cards import new_deck_order
from solitaire_tk.ui import cardart
from solitaire_tk.ui.images import _edge_of

USUAL_WIDTHS = (71, 86, 100, 124, 150)   # the card sizes of windows from 800 pixels wide up


@pytest.mark.parametrize("width", USUAL_WIDTHS)
def test_every_face_has_the_blank_faces_corners(width: int) -> None:
    height = int(width * 1.4)
    blank = _edge_of(cardart.blank_face(width, height))
    assert blank[0], "a blank face has see-through corners"
    differ = [card.code for card in new_deck_order()
              if _edge_of(cardart.card_face(card.code, width, height)) != blank]
    assert differ == []


def test_the_ten_is_no_wider_than_a_two_letter_space_allows() -> None:
    # Its ink keeps as far from the card's left edge as a King's does.
    def left_ink(code: str) -> int:
        face = cardart.card_face(code, 100, 140)
        top_left = face.crop((0, 8, 40, 22)).convert("L")
        columns = [x for x in range(top_left.width)
                   if min(top_left.getpixel((x, y)) for y in range(top_left.height)) < 120]
        return columns[0]
    assert left_ink("10S") >= left_ink("KS") - 1


# Red-green colour blindness (about 1 boy in 12), as Machado, Oliveira and
# Fernandes (2009) model it at full severity: a matrix on linear RGB.
COLOUR_BLIND = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def _linear(value: float) -> float:
    value /= 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _lab(linear: tuple[float, ...]) -> tuple[float, float, float]:
    """CIELAB (D65) of a colour in linear RGB, clipped to what a screen shows."""
    r, g, b = (min(1.0, max(0.0, c)) for c in linear)
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    fx, fy, fz = (t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
                  for t in (v / n for v, n in zip(xyz, (0.95047, 1.0, 1.08883))))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def _seen(ink: tuple[int, int, int], matrix: tuple[tuple[float, ...], ...]) -> tuple[float, ...]:
    linear = [_linear(c) for c in ink]
    return tuple(sum(m * c for m, c in zip(row, linear)) for row in matrix)


@pytest.mark.parametrize("kind", sorted(COLOUR_BLIND))
def test_the_four_colour_deck_s_suits_stay_apart_for_red_green_colour_blind_eyes(
        kind: str) -> None:
    """The pupils who choose the four-colour deck are often the colour-blind ones:
    its green clubs and red hearts were the same olive to them (17 to 22 apart,
    in CIELAB's steps; 30 or more is told apart at a glance)."""
    inks = cardart.FOUR_COLOURS
    seen = {suit: _lab(_seen(ink, COLOUR_BLIND[kind])) for suit, ink in inks.items()}
    apart = {a + b: sum((p - q) ** 2 for p, q in zip(seen[a], seen[b])) ** 0.5
             for a in inks for b in inks if a < b}
    assert min(apart.values()) >= 30, apart
