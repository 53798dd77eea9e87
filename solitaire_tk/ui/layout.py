"""Where each pile sits on the table, for any window size (no Tk here).

`table_layout(game_id, variant, width, height)` gives the card size and a
`Spot` per pile; `card_offsets` places a pile's cards, squeezing a fan that
would run past its room so that no pile ever leaves the canvas.
"""

from __future__ import annotations

from typing import Sequence

from ..cards import Card
from ..records import field, record

RATIO = 1.4          # card height / width
GAP = 0.16           # gap between piles, in card widths
MAX_CARD_W = 150     # beyond this, cards stop growing and the table is centred
MIN_CARD_W = 30


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


def _card_width(width: float, height: float, columns: float, rows: float) -> int:
    """The widest card for which `columns` x `rows` cards (plus gaps) fit."""
    by_width = width / (columns + (columns + 1) * GAP)
    by_height = height / (rows * RATIO + (rows + 1) * GAP)
    return int(max(MIN_CARD_W, min(by_width, by_height, MAX_CARD_W)))


def table_layout(game_id: str, variant: str, width: float, height: float) -> TableLayout:
    builders = {"klondike": _klondike, "cruel": _cruel, "thirteen": _thirteen,
                "double": _double, "dammit": _dammit}
    return builders[game_id](variant, width, height)


def _size(cw: int) -> tuple[int, int, float]:
    return cw, int(cw * RATIO), max(4.0, cw * GAP)


def _label_size(room: float) -> int:
    """A place number's font size that fits in `room` pixels above the place."""
    return max(8, min(14, int(room * 0.75)))  # a line of text is about 1.2 sizes high


def _left(width: float, used: float, gap: float) -> float:
    """Centre a table that is narrower than the canvas."""
    return max(gap, (width - used) / 2)


def _klondike(variant: str, width: float, height: float) -> TableLayout:
    cw, ch, gap = _size(_card_width(width, height, 7, 2.6))
    x0 = _left(width, 7 * cw + 6 * gap, gap)
    column = [x0 + i * (cw + gap) for i in range(7)]
    top = gap
    spots = {"stock": Spot("stock", column[0], top)}
    fan = cw * 0.28 if variant == "draw3" else 0.0
    spots["waste"] = Spot("waste", column[1], top, step=(fan, 0), down_step=(fan, 0),
                          room=(cw * 0.6, 0), shown=3 if variant == "draw3" else 1)
    for n in range(1, 5):
        spots[f"foundation{n}"] = Spot(f"foundation{n}", column[2 + n], top, mark="A")
    row = top + ch + gap
    room = height - row - ch - gap
    for n in range(1, 8):
        spots[f"tableau{n}"] = Spot(f"tableau{n}", column[n - 1], row, step=(0, ch * 0.26),
                                    down_step=(0, ch * 0.11), room=(0, max(room, 0)), mark="K")
    return TableLayout(cw, ch, spots, label_size=_label_size(gap))


def _cruel(variant: str, width: float, height: float) -> TableLayout:
    # The suit stacks and the Deal button on top; two rows of six stacks
    # below, fanned downwards so every card's corner shows.
    cw, ch, gap = _size(_card_width(width, height, 6, 1 + 2 * 1.7))
    x0 = _left(width, 6 * cw + 5 * gap, gap)
    column = [x0 + i * (cw + gap) for i in range(6)]
    spots = {}
    for n in range(1, 5):
        spots[f"foundation{n}"] = Spot(f"foundation{n}", column[n - 1], gap)
    deal = Rect(column[5], gap + ch * 0.3, cw, ch * 0.4)
    first_row = gap + ch + gap
    row_height = max(ch, (height - first_row - gap) / 2)
    for n in range(1, 13):
        row, col = divmod(n - 1, 6)
        y = first_row + row * row_height
        spots[f"pile{n}"] = Spot(f"pile{n}", column[col], y, step=(0, ch * 0.22),
                                 room=(0, max(0.0, row_height - ch - gap)))
    return TableLayout(cw, ch, spots, {"deal": deal}, label_size=_label_size(gap))


def _thirteen(variant: str, width: float, height: float) -> TableLayout:
    cw, ch, gap = _size(_card_width(width, height, 6.4, 3))
    x0 = _left(width, 6 * cw + 5 * gap + cw * 0.4, gap)
    top = gap
    spots = {"stock": Spot("stock", x0, top)}
    room = height - top - ch - gap
    for n in range(1, 5):
        x = x0 + cw * 0.2 + n * (cw + gap)
        spots[f"pile{n}"] = Spot(f"pile{n}", x, top, step=(0, ch * 0.25), room=(0, max(room, 0)))
    spots["discard"] = Spot("discard", x0 + cw * 0.4 + 5 * (cw + gap), top)
    return TableLayout(cw, ch, spots, label_size=_label_size(gap))


def _double(variant: str, width: float, height: float) -> TableLayout:
    label_band = 0.22  # room above each row for the pile numbers, in card heights
    rows = 4 + 4 * label_band
    cw, ch, gap = _size(_card_width(width, height, 7, rows))
    band = ch * label_band
    x0 = _left(width, 7 * cw + 6 * gap, gap)
    column = [x0 + i * (cw + gap) for i in range(7)]
    order = [[14, 15, 16, 17, 18, 19, 20], [1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 21, 11, 12, 13]]
    spots = {}
    for r, numbers in enumerate(order):
        y = gap + band + r * (ch + band + gap)
        for c, number in enumerate(numbers):
            mark = "A" if 14 <= number <= 17 else ("K" if 18 <= number <= 21 else "")
            # Piles 1-13 are squared up, with a hint of their thickness.
            thick = (cw * 0.012, ch * 0.01) if number <= 13 else (0.0, 0.0)
            spots[f"pile{number}"] = Spot(f"pile{number}", column[c], y, step=thick,
                                          down_step=thick, room=(cw * 0.12, ch * 0.1),
                                          mark=mark)
    y = gap + band + 3 * (ch + band + gap)
    spots["pile22"] = Spot("pile22", column[0], y, down_step=(cw * 0.012, ch * 0.01),
                           room=(cw * 0.12, ch * 0.1))
    spread_room = column[6] - column[1]
    spots["pile23"] = Spot("pile23", column[1], y, step=(cw * 0.34, 0), room=(spread_room, 0))
    return TableLayout(cw, ch, spots, label_size=_label_size(band + gap))


def _dammit(variant: str, width: float, height: float) -> TableLayout:
    cw, ch, gap = _size(_card_width(width, height, 5.5, 4))
    x0 = _left(width, 5.5 * cw + 5 * gap, gap)
    marks = {1: "K", 4: "K", 13: "K", 16: "K", 2: "Q", 3: "Q", 14: "Q", 15: "Q",
             5: "J", 9: "J", 8: "J", 12: "J"}
    spots = {}
    for n in range(1, 17):
        row, col = divmod(n - 1, 4)
        spots[f"box{n}"] = Spot(f"box{n}", x0 + col * (cw + gap), gap + row * (ch + gap),
                                mark=marks.get(n, ""))
    side = x0 + 4 * (cw + gap) + cw * 0.5
    spots["stock"] = Spot("stock", side, gap, label="Card to play")
    spots["discard"] = Spot("discard", side, gap + 2 * (ch + gap), label="Discard")
    return TableLayout(cw, ch, spots, label_size=_label_size(gap))
