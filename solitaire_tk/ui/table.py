"""The table: a canvas that draws a game's piles and answers "what is here?".

It knows the game but never judges a move: input goes through
`controls.TableControls`, which asks the engine.  `refresh()` redraws only
the piles whose cards changed, so a move costs a few canvas items.
"""

from __future__ import annotations

import tkinter as tk
from typing import Any, Sequence

from ..cards import Card
from ..engine import Game
from ..tablelayout import MARK_CARD_W, MIN_NUMBER_SIZE, Rect, TableLayout, card_offsets
from .animation import MOVING, Placed, Slides, pair_cards
from .images import CardImages
from .sizes import scaled
from ..records import record


@record
class Look:
    """How the table looks: the player's choices from the Options menu."""

    table_colour: str = "#1f6f43"
    border_colour: str = "#0d3b22"
    card_back: str = "blue"
    four_colour: bool = False


@record(frozen=True)
class Hit:
    """What is under the pointer: a card (index), a pile's place (index None), or a button."""

    pile: str | None
    index: int | None = None
    button: str | None = None


SLOT_OUTLINE = "#d8e8d0"
FOCUS_COLOUR = "#ffd400"
SELECT_COLOUR = "#36a3ff"
TARGET_COLOUR = "#7dff7d"
# Every mark is a bright line on a dark casing, so it shows on the felt and on a
# white card alike; marks grow with the cards (a projector at the back of a room).
CASING_COLOUR = "#202020"
CASING = 2            # pixels of casing each side of a mark's line
RESIZE_PAUSE_MS = 60
# The cards a deal does not show are drawn and kept on disk after start-up (see
# images.CardImages.keep_one_more), one at a time so the window never waits.
KEEP_CARDS_AFTER_MS = 2500
KEEP_CARDS_GAP_MS = 40
# The keys' marks, each line over its casing, drawn over the tutor's (Show
# moves outlined a card again after each move, over the ring of a pupil who
# plays with the keys).
KEY_MARKS = ("casing:focus", "mark:focus", "casing:held", "mark:held")
NUMBER_SHADOW = "#0b2a12"   # under a place number, so it reads over a yellow ring too


class Table(tk.Canvas):
    def __init__(self, master: tk.Misc, look: Look | None = None) -> None:
        self.look = look or Look()
        super().__init__(master, background=self.look.table_colour, width=480, height=320,
                         takefocus=True, highlightthickness=0)
        self.game: Game | None = None
        self.layout: TableLayout | None = None
        self.images = CardImages(self)
        self._drawn: dict[str, tuple[Card, ...]] = {}
        self._offsets: dict[str, list[tuple[float, float]]] = {}
        self._size = (0, 0)
        self._word_sizes: dict[tuple[str, int, int], int] = {}   # see `_word_size`
        self._resize_job: str | None = None
        self._keep_job: str | None = None
        self.slides = Slides(self, self.raise_marks)
        self.bind("<Configure>", self._on_resize)
        self.bind("<Destroy>", self._on_destroy, add="+")

    # -- showing a game -----------------------------------------------------
    def show(self, game: Game, slide: bool = False) -> None:
        """Put `game` on the table; the same kind of game only redraws what differs."""
        same_kind = (self.game is not None and self.layout is not None
                     and (self.game.game_id, self.game.variant) == (game.game_id, game.variant))
        self.game = game
        if same_kind:
            self.refresh(slide)
            # Marks that follow the cards (the keys' ring) are drawn again for them.
            self.event_generate("<<TableShown>>", when="tail")
        else:
            self.layout = None  # the old game's places mean nothing for this one
            self.delete("all")
            self._drawn.clear()
            self._relayout(force=True)

    def set_look(self, look: Look) -> None:
        self.look = look
        self.configure(background=look.table_colour)
        self.master.configure(background=look.border_colour)  # type: ignore[call-arg]
        self._relayout(force=True)

    def refresh(self, slide: bool = False) -> None:
        """Redraw the piles whose cards changed since the last drawing;
        with `slide`, the cards that moved glide there from where they were."""
        if self.game is None or self.layout is None:
            return
        changed = [pid for pid in self.game.pile_ids
                   if self._drawn.get(pid) != tuple(self.game.piles[pid])]
        before = self._drawn_places(changed) if slide and self.slides.wanted() else []
        for pid in changed:
            self._draw_pile(pid, tuple(self.game.piles[pid]))
        if before:
            self._slide_from(before, changed)
        self.raise_marks()

    # -- the slide hook: where the cards of these piles were, and gliding from there
    def _drawn_places(self, pids: Sequence[str]) -> list[Placed]:
        out: list[Placed] = []
        for pid in pids:
            offsets = self._offsets.get(pid, [])
            for index, card in enumerate(self._drawn.get(pid, ())):
                items = self.find_withtag(f"c:{pid}:{index}")
                corner = self.coords(items[0]) if items else offsets[index]
                out.append((pid, index, card.code, (corner[0], corner[1])))
        return out

    def _slide_from(self, before: list[Placed], pids: Sequence[str]) -> None:
        after = [(pid, index, card.code) for pid in pids
                 for index, card in enumerate(self._drawn[pid])]
        moves = []
        for (pid, index), start in pair_cards(before, after):
            items = self.find_withtag(f"c:{pid}:{index}")
            if items:
                end = self._offsets[pid][index]
                moves.append((items[0], start, (end[0], end[1])))
        self.slides.start(moves, done=lambda: self._restack(pids))

    def top_card_pictures(self) -> list[tuple[str, tuple[float, float]]]:
        """The picture and corner of each pile's top card (a won game's show uses them)."""
        out = []
        for pid, cards in self._drawn.items():
            items = self.find_withtag(f"c:{pid}:{len(cards) - 1}") if cards else ()
            if items:
                x, y = self.coords(items[0])[:2]
                out.append((str(self.itemcget(items[0], "image")), (x, y)))
        return out

    def _restack(self, pids: Sequence[str]) -> None:
        """Each pile's cards back in their order, under the marks (after a slide)."""
        for pid in pids:
            for index in range(len(self._drawn.get(pid, ()))):
                self.tag_raise(f"c:{pid}:{index}")
        self.raise_marks()

    def redraw(self, pid: str) -> None:
        """Draw one pile afresh (cards put back exactly after a slide)."""
        if self.game is not None and self.layout is not None:
            self._draw_pile(pid, tuple(self.game.piles[pid]))
            self.raise_marks()

    def _on_resize(self, event: tk.Event) -> None:
        # Dragging a window edge sends many sizes: draw the cards for the last one.
        if self.layout is None:
            self._relayout()
            return
        if self._resize_job is not None:
            self.after_cancel(self._resize_job)
        self._resize_job = self.after(RESIZE_PAUSE_MS, self._resized)

    def _resized(self) -> None:
        self._resize_job = None
        self._relayout()

    def _relayout(self, force: bool = False) -> None:
        width, height = self.winfo_width(), self.winfo_height()
        if width < 20 or height < 20:
            return  # not on screen yet: its first <Configure> lays it out, once
        if self.game is None or (not force and (width, height) == self._size):
            return
        self._size = (width, height)
        # Place numbers at least as readable as the menus' words (150% scaling).
        self.layout = self.game.table_layout(width, height, scaled(self, MIN_NUMBER_SIZE))
        self.images.set_size(self.layout.card_w, self.layout.card_h)
        self.delete("all")
        self._drawn.clear()
        self._draw_places()
        self.refresh()
        self.event_generate("<<TableLaidOut>>", when="tail")
        self._keep_cards_later(KEEP_CARDS_AFTER_MS)

    # -- the rest of the deck kept on disk, a card at a time ------------------
    def _keep_cards_later(self, delay_ms: int) -> None:
        if self._keep_job is not None:
            self.after_cancel(self._keep_job)
        self._keep_job = self.after(delay_ms, self._keep_next_card)

    def _keep_next_card(self) -> None:
        self._keep_job = None
        if self.slides.running:   # a card gliding would stutter: later
            self._keep_cards_later(KEEP_CARDS_AFTER_MS)
        elif self.images.keep_one_more(self.look.four_colour, self.look.card_back):
            self._keep_cards_later(KEEP_CARDS_GAP_MS)

    def cards_all_kept(self) -> bool:
        """Whether every card of the deck is kept on disk at this size (or cannot be)."""
        return self._keep_job is None and self.layout is not None

    def _on_destroy(self, event: tk.Event) -> None:
        if event.widget is self and self._keep_job is not None:
            self.after_cancel(self._keep_job)
            self._keep_job = None

    # -- drawing --------------------------------------------------------------
    def _draw_places(self) -> None:
        assert self.layout is not None
        layout = self.layout
        cw, ch = layout.card_w, layout.card_h
        label_font = ("DejaVu Sans", -layout.label_size, "bold")
        for spot in layout.spots.values():
            tag = ("slot", f"slot:{spot.pile_id}")
            self._rounded(spot.x, spot.y, spot.x + cw, spot.y + ch, outline=SLOT_OUTLINE,
                          width=2, dash=(4, 3), tags=tag)
            if spot.mark:
                self.create_text(spot.x + cw / 2, spot.y + ch / 2, text=spot.mark,
                                 fill=SLOT_OUTLINE, font=("DejaVu Sans", -int(ch * 0.3), "bold"),
                                 tags=tag)
            number = self.game.place_number(spot.pile_id) if self.game else None
            if number is not None:  # above the place, in the gap no card covers
                # On a dark shadow, and drawn over the marks (`raise_marks`): the
                # keys' ring or a held card's outline round the card at the foot
                # of the number, or above it, reaches into its room.
                x, y = spot.x + cw / 2, spot.y - 1
                for dx, fill, kind in ((1, NUMBER_SHADOW, "shadow"), (0, "white", "number")):
                    self.create_text(x + dx, y + dx, text=str(number), anchor="s",
                                     fill=fill, font=label_font,
                                     tags=("slot", "label", "numbers",
                                           f"{kind}:{spot.pile_id}"))
            if spot.label:  # kept within the place (wrapped), so a card hides it all
                size = self._word_size(spot.label, cw - 8, layout.label_size)
                self.create_text(spot.x + cw / 2, spot.y + ch - 4, text=spot.label, anchor="s",
                                 fill=SLOT_OUTLINE, font=("DejaVu Sans", -size, "bold"),
                                 tags=tag, width=max(1, cw - 8), justify="center")
        for name, rect in layout.buttons.items():
            self._rounded(rect.x, rect.y, rect.x + rect.w, rect.y + rect.h, fill="#f4e9c8",
                          outline="#5a4a1a", width=2, tags=("button", f"button:{name}", "face"))
            self.create_text(rect.x + rect.w / 2, rect.y + rect.h / 2, text=name.capitalize(),
                             font=("DejaVu Sans", -int(rect.h * 0.45), "bold"), fill="#3a2a00",
                             tags=("button", f"button:{name}", "label"))

    def enable_button(self, name: str, enabled: bool) -> None:
        """Grey a table button out while pressing it would do nothing (Cruel's Deal)."""
        for item in self.find_withtag(f"button:{name}"):
            tags = self.gettags(item)
            if "face" in tags:
                self.itemconfigure(item, fill="#f4e9c8" if enabled else "#b8b8b0")
            elif "label" in tags:
                self.itemconfigure(item, fill="#3a2a00" if enabled else "#6a6a66")

    def _draw_pile(self, pid: str, cards: Sequence[Card]) -> None:
        assert self.layout is not None and self.game is not None
        self.delete(f"p:{pid}")
        offsets = card_offsets(self.layout.spots[pid], cards)
        self._offsets[pid] = offsets
        fanned_from = 0
        spot = self.layout.spots[pid]
        if spot.shown is not None:
            fanned_from = max(0, len(cards) - spot.shown - 1)
        for index, (card, (x, y)) in enumerate(zip(cards, offsets)):
            if index < fanned_from or offsets[index + 1:index + 3] == [(x, y), (x, y)]:
                continue  # hidden under the squared-up part of the pile (one is kept under
                # the top card, to show while the top card is dragged)
            image = (self.images.face(card.code, self.look.four_colour) if card.face_up
                     else self.images.back(self.look.card_back))
            self.create_image(x, y, image=image, anchor="nw",
                              tags=("card", f"p:{pid}", f"c:{pid}:{index}"))
        self._drawn[pid] = tuple(cards)
        if pid == self.game.stock_pile and not cards:
            self._draw_stock_note(pid)

    def _draw_stock_note(self, pid: str) -> None:
        """On the empty deck, whether it can be turned over again (Klondike's turns left)."""
        assert self.layout is not None and self.game is not None
        note = self.game.stock_note()
        if note is None:
            return
        slot, size = self.layout.slot(pid), max(8, int(self.layout.card_h * 0.09))
        self.create_text(slot.x + slot.w / 2, slot.y + slot.h / 2, text=note, width=slot.w - 8,
                         justify="center", fill=SLOT_OUTLINE, font=("DejaVu Sans", -size, "bold"),
                         tags=("stock_note", f"p:{pid}"))

    def _word_size(self, text: str, room: float, size: int) -> int:
        """The label's font size in pixels, smaller where its longest word would
        not fit `room` (small cards at 640x480 broke "Discard" as "Discar/d")."""
        key = (text, int(room), size)
        if key not in self._word_sizes:
            longest = max(text.split(), key=len)
            while size > 6 and int(self.tk.call("font", "measure",
                                                 ("DejaVu Sans", -size, "bold"), longest)) > room:
                size -= 1
            self._word_sizes[key] = size
        return self._word_sizes[key]

    def _rounded(self, x1: float, y1: float, x2: float, y2: float, **options: Any) -> int:
        r = max(3.0, min(x2 - x1, y2 - y1) / 12)
        points = [x1 + r, y1, x2 - r, y1, x2, y1, x2, y1 + r, x2, y2 - r, x2, y2,
                  x2 - r, y2, x1 + r, y2, x1, y2, x1, y2 - r, x1, y1 + r, x1, y1]
        options.setdefault("fill", "")
        return self.create_polygon(points, smooth=True, **options)

    # -- geometry -------------------------------------------------------------
    def card_rect(self, pid: str, index: int) -> Rect:
        assert self.layout is not None
        x, y = self._offsets[pid][index]
        return Rect(x, y, self.layout.card_w, self.layout.card_h)

    def place_rect(self, pid: str) -> Rect:
        """The pile's whole area: its empty place and every card of its fan."""
        assert self.layout is not None
        slot = self.layout.slot(pid)
        x2, y2 = slot.x + slot.w, slot.y + slot.h
        for x, y in self._offsets.get(pid, []):
            x2 = max(x2, x + slot.w)
            y2 = max(y2, y + slot.h)
        return Rect(slot.x, slot.y, x2 - slot.x, y2 - slot.y)

    def visible_rect(self, pid: str, index: int) -> Rect:
        """The part of a card that shows (a fanned card is covered by the next one)."""
        rect = self.card_rect(pid, index)
        offsets = self._offsets[pid]
        if index + 1 < len(offsets):
            nx, ny = offsets[index + 1]
            if ny - rect.y > 2:
                return Rect(rect.x, rect.y, rect.w, ny - rect.y)
            if nx - rect.x > 2:
                return Rect(rect.x, rect.y, nx - rect.x, rect.h)
        return rect

    def arrow(self, kind: str, start: Rect, end: Rect, colour: str) -> None:
        """An arrow from the middle of one place to another (hints, replay)."""
        self.clear_mark(kind)
        x1, y1 = start.x + start.w / 2, start.y + min(start.h / 2, 20)
        x2, y2 = end.x + end.w / 2, end.y + end.h / 2
        width = self.mark_width(5)
        head = (18 * width / 5, 22 * width / 5, 8 * width / 5)
        for line, fill in ((width + 2 * CASING, CASING_COLOUR), (width, colour)):
            self.create_line(x1, y1, x2, y2, width=line, fill=fill, arrow="last",
                             arrowshape=head, capstyle="round",
                             tags=("mark", f"mark:{kind}"))
        self.raise_marks()

    def target_rect(self, pid: str) -> Rect:
        """Where the pile's top card is (or its place, when empty)."""
        offsets = self._offsets.get(pid)
        if offsets:
            return self.card_rect(pid, len(offsets) - 1)
        assert self.layout is not None
        return self.layout.slot(pid)

    def hit(self, x: float, y: float) -> Hit | None:
        if self.layout is None:
            return None
        for name, rect in self.layout.buttons.items():
            if rect.contains(x, y):
                return Hit(None, button=name)
        for pid in self.layout.spots:
            offsets = self._offsets.get(pid, [])
            for index in range(len(offsets) - 1, -1, -1):
                if self.card_rect(pid, index).contains(x, y):
                    return Hit(pid, index)
            if self.layout.slot(pid).contains(x, y):
                return Hit(pid, None)
        return None

    def drop_target(self, moving: Rect, exclude: str) -> str | None:
        """The pile the dragged cards overlap most (not the one they came from)."""
        if self.layout is None:
            return None
        best, best_area = None, 0.0
        for pid in self.layout.spots:
            if pid == exclude:
                continue
            area = _overlap(moving, self.place_rect(pid))
            if area > best_area:
                best, best_area = pid, area
        return best

    def items_from(self, pid: str, index: int, count: int) -> list[int]:
        """Canvas items of `count` cards from `index` upwards in pile `pid`."""
        items: list[int] = []
        for i in range(index, index + count):
            items.extend(self.find_withtag(f"c:{pid}:{i}"))
        return items

    # -- marks: focus ring, selection, targets ------------------------------
    def raise_marks(self) -> None:
        """The marks over the cards (the keys' own over the tutor's, each line
        over its casing), and the place numbers over the marks: a ring or a
        held card's outline reaching into a number's room never hides it."""
        self.tag_raise("mark")
        for tag in KEY_MARKS:
            self.tag_raise(tag)
        self.tag_raise("numbers")
        self.tag_raise(MOVING)   # a card dragged or sliding passes over them all

    def mark_width(self, width: int) -> int:
        """A mark's line `width` for the cards on the table: wider on big cards."""
        card_w = self.layout.card_w if self.layout else MARK_CARD_W
        return max(width, round(width * card_w / MARK_CARD_W))

    def mark(self, kind: str, rects: Sequence[Rect], colour: str, width: int = 3,
             dash: tuple[int, ...] = (), margin: int = 2) -> None:
        """Outline each of `rects`, `margin` pixels outside it (both grow with the
        cards), in `colour` on a solid dark casing (a dashed line's gaps show it)."""
        self.clear_mark(kind)
        line, margin = self.mark_width(width), self.mark_width(margin)
        dash = tuple(self.mark_width(part) for part in dash)
        for rect in rects:
            box = (rect.x - margin, rect.y - margin, rect.x + rect.w + margin,
                   rect.y + rect.h + margin)
            self._rounded(*box, outline=CASING_COLOUR, width=line + 2 * CASING,
                          tags=("mark", f"casing:{kind}"))
            self._rounded(*box, outline=colour, width=line, dash=dash,
                          tags=("mark", f"mark:{kind}"))
        self.raise_marks()

    def show_mark(self, kind: str, shown: bool) -> None:
        """Hide a mark for a while (or show it again) without forgetting it."""
        for tag in (f"casing:{kind}", f"mark:{kind}"):
            self.itemconfigure(tag, state="normal" if shown else "hidden")

    def clear_mark(self, kind: str) -> None:
        self.delete(f"mark:{kind}")
        self.delete(f"casing:{kind}")


def _overlap(a: Rect, b: Rect) -> float:
    width = min(a.x + a.w, b.x + b.w) - max(a.x, b.x)
    height = min(a.y + a.h, b.y + b.h) - max(a.y, b.y)
    return width * height if width > 0 and height > 0 else 0.0
