"""Cards that move by themselves: a short slide to where a move puts them,
and a few cards bouncing across the table when a game is won.

Both only move canvas items.  The game, and the table's idea of where each
card is (`Table.card_rect`, used for every click), are final before a slide
starts, so the slide never holds up the next move: a click goes where the
card is going, and any press or key first puts every sliding card where it
lands.
"""

from __future__ import annotations

import random
import time
import tkinter as tk
from typing import Callable, Sequence

from ..records import field, record

# The tag of a card on the move (dragged, or sliding into place): drawn over
# everything, the table's marks and place numbers too (`Table.raise_marks`).
MOVING = "moving"

SLIDE_MS = 120          # the whole slide, whatever the number of frames
FRAME_MS = 16
CELEBRATE_MS = 1500
CELEBRATE_FRAME_MS = 25
GRAVITY = 2.2           # pixels a frame, added to a bouncing card's fall each frame
TRAIL = 30              # pictures a card leaves behind it (older ones are taken away)
BOUNCE = 0.7            # how much of its speed a card keeps when it hits the bottom

Point = tuple[float, float]
# Where a card was drawn: (pile, index, card code, top-left corner).
Placed = tuple[str, int, str, Point]


def first_on_input(widget: tk.Misc, name: str, handler: Callable[[tk.Event], str | None]) -> None:
    """Call `handler` on every press and key in `widget`, before its own bindings.

    A binding tag of our own, put first, sees each event even where the
    widget binds a more exact sequence (Tk runs only the best match per tag).
    """
    widget.bind_class(name, "<ButtonPress>", handler)
    widget.bind_class(name, "<KeyPress>", handler)
    tags = widget.bindtags()
    if name not in tags:
        widget.bindtags((name, *tags))


def pair_cards(before: Sequence[Placed], after: Sequence[tuple[str, int, str]]
               ) -> list[tuple[tuple[str, int], Point]]:
    """Where each card drawn now was drawn before: ((pile, index) now, old corner).

    A card is matched in its own pile first (it stayed there), then in any
    other pile (it moved); two decks' twins are told apart by their order.
    """
    unused: dict[str, list[Placed]] = {}
    for placed in before:
        unused.setdefault(placed[2], []).append(placed)
    out: list[tuple[tuple[str, int], Point]] = []
    rest: list[tuple[str, int, str]] = []
    for pid, index, code in after:
        same = next((p for p in unused.get(code, []) if p[0] == pid), None)
        if same is None:
            rest.append((pid, index, code))
            continue
        unused[code].remove(same)
        out.append(((pid, index), same[3]))
    for pid, index, code in rest:
        if unused.get(code):
            out.append(((pid, index), unused[code].pop(0)[3]))
    return out


@record
class _Slide:
    item: int
    start: Point
    end: Point
    begun: float


class Slides:
    """Canvas items gliding from where they were to where they now belong."""

    def __init__(self, canvas: tk.Canvas, on_top: Callable[[], None]) -> None:
        """`on_top`: puts what is drawn over the cards back over them (the
        table's marks and place numbers), after the sliding cards are raised."""
        self.canvas = canvas
        self.on_top = on_top
        self.wanted: Callable[[], bool] = lambda: True  # the Animations option
        self._slides: list[_Slide] = []
        self._done: list[Callable[[], None]] = []
        self._job: str | None = None
        first_on_input(canvas, f"SlidesFinish{id(self)}", self._on_input)
        canvas.bind("<Destroy>", self._on_destroy, add="+")

    @property
    def running(self) -> bool:
        return self._job is not None

    def start(self, moves: Sequence[tuple[int, Point, Point]],
              done: Callable[[], None] | None = None) -> None:
        """Slide each (item, from, to); `done` runs when they are all in place.

        Items already sliding carry on; items that are gone are forgotten.
        """
        canvas = self.canvas
        moving = [(item, start, end) for item, start, end in moves
                  if abs(start[0] - end[0]) + abs(start[1] - end[1]) > 1]
        if not moving or not self.wanted():
            if done is not None:
                done()
            return
        self._slides = [s for s in self._slides if canvas.type(s.item)]
        now = time.monotonic()
        for item, start, end in moving:
            canvas.coords(item, *start)
            canvas.addtag_withtag(MOVING, item)
            canvas.tag_raise(item)
            self._slides.append(_Slide(item, start, end, now))
        self.on_top()
        if done is not None:
            self._done.append(done)
        if self._job is None:
            self._job = canvas.after(FRAME_MS, self._frame)

    def finish(self) -> None:
        """Put every sliding card where it lands, at once."""
        if self._job is not None:
            self.canvas.after_cancel(self._job)
            self._job = None
        slides, self._slides = self._slides, []
        for slide in slides:
            self.canvas.coords(slide.item, *slide.end)
        self.canvas.dtag(MOVING, MOVING)
        done, self._done = self._done, []
        for action in done:
            action()

    def _frame(self) -> None:
        self._job = None
        now = time.monotonic()
        going = []
        for slide in self._slides:
            part = (now - slide.begun) * 1000 / SLIDE_MS
            if part >= 1:
                self.canvas.coords(slide.item, *slide.end)
                continue
            eased = 1 - (1 - part) ** 2  # fast at first, settling gently
            (x0, y0), (x1, y1) = slide.start, slide.end
            self.canvas.coords(slide.item, x0 + (x1 - x0) * eased, y0 + (y1 - y0) * eased)
            going.append(slide)
        self._slides = going
        if going:
            self._job = self.canvas.after(FRAME_MS, self._frame)
        else:
            self.finish()

    def _on_input(self, event: tk.Event) -> None:
        if self._job is not None:
            self.finish()

    def _on_destroy(self, event: tk.Event) -> None:
        if event.widget is self.canvas and self._job is not None:
            self.canvas.after_cancel(self._job)
            self._job = None


@record
class _Bouncer:
    image: str
    x: float
    y: float
    vx: float
    vy: float
    launch: int  # the frame it sets off on
    trail: list[int] = field(default_factory=list)


class Celebration:
    """A won game's show: cards leap from their piles and bounce across the
    table, leaving a trail, for about a second and a half.  Any key or
    click ends it early; either way `done` runs once, then the table is
    as it was."""

    TAG = "celebration"

    def __init__(self, canvas: tk.Canvas) -> None:
        self.canvas = canvas
        self._bouncers: list[_Bouncer] = []
        self._done: Callable[[], None] | None = None
        self._job: str | None = None
        self._frame_number = 0
        self._began = 0.0
        first_on_input(canvas, f"CelebrationStop{id(self)}", self._on_input)
        canvas.bind("<Destroy>", self._on_destroy, add="+")

    @property
    def running(self) -> bool:
        return self._done is not None

    def start(self, cards: Sequence[tuple[str, Point]], done: Callable[[], None],
              seed: int = 0) -> None:
        """Bounce these card pictures (image name, top-left corner), then `done`."""
        self.stop()
        if not cards:
            done()
            return
        chance = random.Random(seed)
        width = max(1, self.canvas.winfo_width())
        # At least four cards fly, so one card left on the table still makes a show.
        chosen = list(cards) * (4 // len(cards) + 1)
        self._bouncers = []
        for n, (image, (x, y)) in enumerate(chosen[:8]):
            leftward = x > width / 2  # each card flies across the open table
            speed = chance.uniform(9, 18) * (-1 if leftward else 1)
            self._bouncers.append(_Bouncer(image, x, y, speed, -chance.uniform(4, 14), 4 * n))
        self._done = done
        self._frame_number = 0
        self._began = time.monotonic()
        self._job = self.canvas.after(CELEBRATE_FRAME_MS, self._frame)

    def stop(self) -> None:
        """End the show now: its cards go, and `done` runs."""
        if self._job is not None:
            self.canvas.after_cancel(self._job)
            self._job = None
        self.canvas.delete(self.TAG)
        self._bouncers = []
        done, self._done = self._done, None
        if done is not None:
            done()

    def _frame(self) -> None:
        self._job = None
        if (time.monotonic() - self._began) * 1000 >= CELEBRATE_MS:
            self.stop()
            return
        canvas = self.canvas
        width, height = canvas.winfo_width(), canvas.winfo_height()
        self._frame_number += 1
        for card in self._bouncers:
            if self._frame_number < card.launch:
                continue
            card.vy += GRAVITY
            card.x += card.vx
            card.y += card.vy
            card_h = int(canvas.tk.call("image", "height", card.image))
            if card.y + card_h > height:  # it hits the bottom edge and bounces up
                card.y = height - card_h
                card.vy = -card.vy * BOUNCE
            if -200 < card.x < width + 200:
                card.trail.append(canvas.create_image(card.x, card.y, image=card.image,
                                                      anchor="nw", tags=(self.TAG,)))
            if len(card.trail) > TRAIL or (card.trail and not -200 < card.x < width + 200):
                canvas.delete(card.trail.pop(0))
        self._job = canvas.after(CELEBRATE_FRAME_MS, self._frame)

    def _on_input(self, event: tk.Event) -> str | None:
        if not self.running:
            return None
        self.stop()
        return "break"  # the key or click only ends the show

    def _on_destroy(self, event: tk.Event) -> None:
        if event.widget is self.canvas and self._job is not None:
            self.canvas.after_cancel(self._job)
            self._job = None
