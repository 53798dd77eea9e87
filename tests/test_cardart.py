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
