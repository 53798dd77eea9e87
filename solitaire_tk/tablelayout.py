"""Where each pile sits on the table, for any window size (no Tk here).

Each game lays out its own table (`Game.table_layout(width, height)`, in
the game's module) from the pieces here: a `Spot` per pile and the card
size.  `card_offsets` places a pile's cards, squeezing a fan that would run
past its room so that no pile ever leaves the canvas.
"""

from __future__ import annotations

from typing import Sequence

from .cards import Card
from .records import field, record

RATIO = 1.4          # card height / width
GAP = 0.16           # gap between piles, in card widths
# Beyond this, cards stop growing and the table is centred.  A maximised
# window on a 1920x1080 projector gives cards of up to about 200 pixels,
# big enough to be read from the back of a classroom.
MAX_CARD_W = 240
# Up to this width a game's long fans are squeezed to make the cards bigger
# (a small window); beyond it, cards grow only while the fans keep their room
# too (`fitted_card_size`'s `roomy_rows`): bigger cards whose fans hide their
# corners would show less.
SQUEEZED_CARD_W = 150
MIN_CARD_W = 30
# The place numbers drawn above numbered places grow with the cards (a share
# of their width), from a least size that the window grows with the screen's
# scaling (`Game.table_layout`'s `min_number_size`): a pupil told "pile 7"
# must find it, on a projector as on a scaled screen.
NUMBER_SHARE = 0.14
MIN_NUMBER_SIZE = 12
# ...but never more than this share of a card's width (at 150% in a small
# window, 18-pixel numbers over 37-pixel cards took the room the cards needed).
MAX_NUMBER_SHARE = 0.3
# The room a number of size s takes above its place: a line of DejaVu Sans is
# at most 1.2 s + 1 pixels high (Tk's line space), drawn 1 pixel above the
# place; the focus ring or a highlight round the card above reaches about 4
# pixels past that card.
LINE_HEIGHT, LINE_EXTRA, NUMBER_MARGIN = 1.2, 1.0, 5.0
# Marks on the table (outlines, the keys' ring) grow with cards wider than this
# (`Table.mark_width`); the place numbers are drawn over them, so a mark that
# reaches into a number's room never hides it.
MARK_CARD_W = 90


@record(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h


@record(frozen=True)
class Spot:
    """One pile's place: first card at (x, y); each card after it steps.

    `step` is the (dx, dy) for a card on a face-up card, `down_step` on a
    face-down card; `room` is how far the fan may reach (dx, dy) before it
    squeezes; `shown` fans only the top few cards (Klondike's waste).
    """

    pile_id: str
    x: float
    y: float
    step: tuple[float, float] = (0.0, 0.0)
    down_step: tuple[float, float] = (0.0, 0.0)
    room: tuple[float, float] = (0.0, 0.0)
    shown: int | None = None
    label: str = ""  # words shown in the empty place ("Discard"); numbers come from the game
    mark: str = ""   # a letter shown in the empty place (Dammit's K, Q, J)


@record(frozen=True)
class TableLayout:
    card_w: int
    card_h: int
    spots: dict[str, Spot]
    buttons: dict[str, Rect] = field(default_factory=dict)
    # Font size (pixels) of the place numbers drawn just above each numbered
    # place, in the room between rows, where no card ever covers them.
    label_size: int = MIN_NUMBER_SIZE

    def slot(self, pile_id: str) -> Rect:
        spot = self.spots[pile_id]
        return Rect(spot.x, spot.y, self.card_w, self.card_h)


def card_offsets(spot: Spot, pile: Sequence[Card]) -> list[tuple[float, float]]:
    """The top-left corner of each card of `pile` (bottom first)."""
    count = len(pile)
    if count == 0:
        return []
    fanned_from = 0 if spot.shown is None else max(0, count - spot.shown)
    steps: list[tuple[float, float]] = []
    for below in pile[fanned_from:-1]:
        steps.append(spot.step if below.face_up else spot.down_step)
    squeeze = 1.0
    for axis in (0, 1):
        reach = sum(step[axis] for step in steps)
        if reach > spot.room[axis] > 0:
            squeeze = min(squeeze, spot.room[axis] / reach)
    out = [(spot.x, spot.y)] * (fanned_from + 1)
    x, y = spot.x, spot.y
    for dx, dy in steps:
        x += dx * squeeze
        y += dy * squeeze
        out.append((x, y))
    return out


def card_width(width: float, height: float, columns: float, rows: float) -> int:
    """The widest card for which `columns` x `rows` cards (plus gaps) fit."""
    by_width = width / (columns + (columns + 1) * GAP)
    by_height = height / (rows * RATIO + (rows + 1) * GAP)
    return int(max(MIN_CARD_W, min(by_width, by_height, MAX_CARD_W)))


def card_size(cw: int) -> tuple[int, int, float]:
    """A card's width and height, and the gap between piles, for card width `cw`."""
    return cw, int(cw * RATIO), max(4.0, cw * GAP)


def fitted_card_size(width: float, height: float, columns: float, rows: float,
                     numbered_rows: int, min_number_size: int = MIN_NUMBER_SIZE,
                     band: float = 0.0, reach: float = 0.0,
                     roomy_rows: float | None = None) -> tuple[int, int, float, float]:
    """`card_size` for a table `columns` x `rows` cards big, `numbered_rows` of
    whose rows have place numbers above them; and the room above each of
    those (`number_room`).  Where the numbers need more than the gap, the
    cards are made a little smaller so that the table still fits.

    `band` is room (in card heights) that `rows` already counts above each
    numbered row, besides the gap; `reach`, how far (in card heights) the
    cards of the row above reach into that room (Double Solitaire's piles
    show their thickness there).  `roomy_rows` is the table's height in
    cards with its fans unsqueezed: cards wider than `SQUEEZED_CARD_W` need
    that much (Klondike's long stacks)."""
    def widest(height: float) -> int:
        squeezed = min(card_width(width, height, columns, rows), SQUEEZED_CARD_W)
        return max(squeezed, card_width(width, height, columns, roomy_rows or rows))

    def extra(cw: int) -> float:   # the height the numbers need beyond what `rows` counts
        _, ch, gap = card_size(cw)
        room = number_room(gap + band * ch, number_size(cw, min_number_size), reach * ch)
        return numbered_rows * (room - gap - band * ch)

    cw = widest(height)
    while cw > MIN_CARD_W and widest(height - extra(cw)) < cw:
        cw -= 1   # (a smaller card's numbers may need more room than its gap: step by step)
    cw, ch, gap = card_size(cw)
    return cw, ch, gap, number_room(gap + band * ch, number_size(cw, min_number_size), reach * ch)


def number_size(card_w: int, min_number_size: int = MIN_NUMBER_SIZE) -> int:
    """The font size (pixels) of place numbers above cards `card_w` wide."""
    return min(max(min_number_size, round(card_w * NUMBER_SHARE)),
               max(8, round(card_w * MAX_NUMBER_SHARE)))


def number_band(size: float) -> float:
    """The room a place number of font size `size` needs above its place."""
    return size * LINE_HEIGHT + LINE_EXTRA + NUMBER_MARGIN


def number_room(gap: float, size: int, reach: float = 0.0) -> float:
    """The room above a row of numbered places: the gap between the rows, or
    what a number of `size` needs (below the cards above, reaching `reach`
    into it), where that is more."""
    return max(gap, number_band(size) + reach)


def label_size(room: float, card_w: int, min_number_size: int = MIN_NUMBER_SIZE,
               reach: float = 0.0) -> int:
    """The place numbers' font size: `number_size`, or smaller where `room`
    pixels above the place (less the `reach` of the cards above) hold no more."""
    fits = int((room - reach - LINE_EXTRA - NUMBER_MARGIN) / LINE_HEIGHT + 1e-9)  # (rounding)
    return max(1, min(number_size(card_w, min_number_size), fits))


def centred_left(width: float, used: float, gap: float) -> float:
    """Centre a table that is narrower than the canvas."""
    return max(gap, (width - used) / 2)
