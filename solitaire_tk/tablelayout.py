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
MAX_CARD_W = 150     # beyond this, cards stop growing and the table is centred
MIN_CARD_W = 30
# The least room above a row of numbered places, in pixels: a place number of
# the smallest size (8) and the focus ring or a highlight round the card above,
# which reaches about 4 pixels past it.  In a small window the gap between
# piles is less than this, and the number would hide behind that card.
NUMBER_ROOM = 16.0


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
    # Font size of the place numbers drawn just above each numbered place,
    # in the gap between rows, where no card ever covers them.
    label_size: int = 10

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
                     numbered_rows: int) -> tuple[int, int, float, float]:
    """`card_size` for a table `columns` x `rows` cards big, `numbered_rows` of
    whose rows have place numbers above them; and the room above each of
    those (`number_room`).  Where the numbers need more than the gap, the
    cards are made a little smaller so that the table still fits."""
    cw, ch, gap = card_size(card_width(width, height, columns, rows))
    for _ in range(2):   # a smaller card has a smaller gap: a second look fits it
        extra = numbered_rows * (number_room(gap) - gap)
        if extra <= 0:
            break
        cw, ch, gap = card_size(card_width(width, height - extra, columns, rows))
    return cw, ch, gap, number_room(gap)


def number_room(gap: float) -> float:
    """The room above a row of numbered places: the gap between piles, or
    `NUMBER_ROOM` where that is more."""
    return max(gap, NUMBER_ROOM)


def label_size(room: float) -> int:
    """A place number's font size that fits in `room` pixels above the place."""
    return max(8, min(14, int(room * 0.75)))  # a line of text is about 1.2 sizes high


def centred_left(width: float, used: float, gap: float) -> float:
    """Centre a table that is narrower than the canvas."""
    return max(gap, (width - used) / 2)
