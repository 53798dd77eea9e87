"""Mouse and keyboard on the table, turned into moves the engine judges.

A drag asks the engine what dropping that card on that pile means
(`Game.drag_move`); a click picks the move that touches the clicked card
(`Game.touches`), preferring one that brings cards home.  A card that needs
a partner (Thirteen, Dammit!) or a place (Dammit!'s card to play) is held
until the next click or Enter.  The keyboard moves a focus ring and does
with Enter what the mouse does with a click.
"""

from __future__ import annotations

import time
import tkinter as tk
from functools import partial
from typing import Callable, Protocol

from ..engine import STOCK_ACTIONS, Game
from ..moves import Move
from ..tablelayout import Rect
from ..records import record
from ..wording import plural, sentence
from .animation import MOVING
from .table import FOCUS_COLOUR, SELECT_COLOUR, Hit, Table

# The pointer over a card that can move: the open hand the games' help speaks
# of where Tk has one (macOS), else the hand Tk has everywhere.
OPEN_HAND = {"aqua": "openhand"}
HAND = "hand2"

DRAG_START = 4          # pixels the pointer must travel before a press becomes a drag
DOUBLE_CLICK = 0.5      # seconds within which a second click at one spot makes a double-click
SLIDE_STEPS = 6         # frames of the slide back after an illegal drop
# The keys' ring goes just outside Show moves' green outline (2 pixels out):
# on the same line, the ring vanished on the very cards that can move.
FOCUS_MARGIN = 5


@record
class _Drag:
    """Cards on their way across the table."""

    pile: str
    index: int
    items: list[int]
    start_x: float
    start_y: float
    last_x: float
    last_y: float


class TablePlayer(Protocol):
    """What the controls need from the app."""

    game: Game

    @property
    def replaying(self) -> bool: ...

    def try_move(self, move: Move) -> bool: ...

    def refuse(self, reason: str, move: Move | None = None) -> None: ...

    def replay_key(self, keysym: str) -> bool: ...

    def press_lesson_next(self) -> bool: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def press_button(self, name: str) -> None: ...


class TableControls:
    def __init__(self, table: Table, player: TablePlayer,
                 on_hold: Callable[[tuple[str, int] | None], None] | None = None) -> None:
        self.table = table
        self.player = player
        self.on_hold = on_hold
        self.held: tuple[str, int] | None = None
        self.focus: Hit | None = None
        self._press: tuple[float, float, Hit | None] | None = None
        self._drag: _Drag | None = None
        self._slide_job: str | None = None
        self._touched: tuple[tuple[int, int], frozenset[tuple[str, int | None]]] | None = None
        # The last click off the deck (when, and where): see `_second_of_double`.
        self._clicked: tuple[float, int, int] | None = None
        self.hand_cursor = OPEN_HAND.get(str(table.tk.call("tk", "windowingsystem")), HAND)
        table.bind("<Destroy>", self._on_destroy, add="+")
        table.bind("<ButtonPress-1>", self._on_press)
        table.bind("<B1-Motion>", self._on_drag)
        table.bind("<ButtonRelease-1>", self._on_release)
        # No <Double-Button-1>: Tk would deliver the second and later presses of
        # a quick series to it instead of <ButtonPress-1>, and those clicks were
        # lost.  Every press is a press; every release that was not a drag is
        # one click, however fast the clicks come (but see `_second_of_double`).
        table.bind("<Shift-Button-1>", self._on_shift_click)
        table.bind("<Alt-Button-1>", self._on_alt_click)
        table.bind("<Motion>", self._on_hover)
        for key in ("Left", "Right", "Up", "Down"):
            table.bind(f"<{key}>", partial(self._on_arrow, key))
            table.bind(f"<Shift-{key}>", partial(self._on_shift_arrow, key))
        table.bind("<Tab>", lambda e: self._cycle(1))
        table.bind("<Shift-Tab>", lambda e: self._cycle(-1))
        table.bind("<ISO_Left_Tab>", lambda e: self._cycle(-1))
        table.bind("<Return>", lambda e: self._activate())
        table.bind("<KP_Enter>", lambda e: self._activate())
        # Shift+Enter: Shift+click's count of the pile, for the ring's pile.
        table.bind("<Shift-Return>", lambda e: self._count_focused())
        table.bind("<Shift-KP_Enter>", lambda e: self._count_focused())
        table.bind("<space>", lambda e: self._replay_or("space", lambda k: self._activate()))
        table.bind("<Home>", lambda e: self._replay_or("Home", lambda k: "break"))
        table.bind("<End>", lambda e: self._replay_or("End", lambda k: "break"))
        table.bind("<Escape>", lambda e: self._cancel())
        table.bind("<<TableLaidOut>>", lambda e: self.redraw_marks())
        # Another deal, a lesson's step or a replay's: the ring goes to its pile's top card.
        table.bind("<<TableShown>>", lambda e: self.after_change())

    @property
    def game(self) -> Game:
        """The game the table shows, which the ring, the highlights and the
        counts read: a replay's step is not the game in play (Tab in a replay
        looked for cards the shown step did not have)."""
        shown = self.table.game
        return shown if shown is not None else self.player.game

    def _on_arrow(self, key: str, event: tk.Event) -> str:
        return self._replay_or(key, self._arrow)

    def _on_shift_arrow(self, key: str, event: tk.Event) -> str:
        return self._within_pile(key)

    def _replay_or(self, keysym: str, action: Callable[[str], str]) -> str:
        """During a replay the arrows, Home, End and Space step through it."""
        if self.player.replaying and self.player.replay_key(keysym):
            return "break"
        return action(keysym)

    # -- what can move ----------------------------------------------------------
    def moves_touching(self, pile: str, index: int | None) -> list[Move]:
        """The legal moves that pick up this card (or act on this empty place)."""
        game = self.game
        return [m for m in game.legal_moves() if (pile, index) in game.touches(m)]

    def best(self, moves: list[Move]) -> Move:
        """The move that brings most cards home; ties keep the engine's order."""
        def gain(move: Move) -> int:
            trial = self.game.copy()
            trial.play(move)
            return trial.progress()
        return max(moves, key=gain)

    # -- clicks ---------------------------------------------------------------
    def click(self, hit: Hit) -> None:
        if hit.button:
            self.drop_hold()
            self.player.press_button(hit.button)
            return
        if hit.pile is None:
            return
        game = self.game
        moves = self.moves_touching(hit.pile, hit.index)
        if self.held is not None:
            src, index = self.held
            self.drop_hold()
            if (src, index) != (hit.pile, hit.index):
                self.player.try_move(game.drag_move(src, index, hit.pile))
            else:  # the held card chosen again: send it to its best place
                singles = [m for m in moves if not m.piles or len(m.piles) == 1]
                if singles and all(m.action != "place" for m in singles):
                    self.player.try_move(self.best(singles))
                else:   # (else "You picked up ..." stayed, with nothing held)
                    self.player.say("Put back.", "info")
            return
        pairs = [m for m in moves if m.piles is not None and len(m.piles) > 1]
        places = [m for m in moves if m.action == "place"]
        singles = [m for m in moves if m not in pairs and m not in places]
        if hit.index is not None and (pairs or (places and not singles)):
            self.hold(hit.pile, hit.index)
        elif singles:
            self.player.try_move(self.best(singles))
        elif hit.index is None:
            if hit.pile == game.stock_pile:
                self.say_stock_reason()
            elif "place" in game.actions:
                # The card to play, put here: played, or the engine says why not.
                self.player.try_move(Move("place", dst=hit.pile))
        elif hit.pile == game.stock_pile:
            self.say_stock_reason()
        elif (meant := self._taking_away(hit.pile, hit.index)) is not None:
            # No legal move takes this card: say why the one the click means is not allowed.
            self.player.try_move(meant)
        else:
            card = game.piles[hit.pile][hit.index]
            # Refused as any move is (Cruel's Messages option shows it in a box too).
            if card.face_up:
                self.player.refuse(f"There is no move for {card.name} right now.")
            else:   # how it comes up is the game's rule
                self.player.refuse(game.face_down_words)

    def _taking_away(self, pile: str, index: int) -> Move | None:
        """In a game that takes cards away, the move that takes this card away
        by itself (or with the one above it), if the card is one a move names."""
        if "remove" not in self.game.actions:
            return None
        for move in (Move("remove", piles=(pile,)), Move("remove", piles=(pile, pile))):
            if (pile, index) in self.game.touches(move):
                return move
        return None

    def _never_picked_up(self, hit: Hit) -> bool:
        """A card that is taken away, not moved, and that no legal move takes now:
        Enter says why, as a click does, instead of picking it up."""
        assert hit.pile is not None and hit.index is not None
        return (self._taking_away(hit.pile, hit.index) is not None
                and not self.moves_touching(hit.pile, hit.index))

    def say_stock_reason(self) -> None:
        """Why clicking the stock does nothing now: the reason of what a click
        there means (turning the deck over, dealing, or playing its card)."""
        game = self.game
        meant = [Move(action) for action in STOCK_ACTIONS if action in game.actions]
        if "place" in game.actions:
            meant.append(Move("place"))
        for move in meant:
            reason = game.why_illegal(move)
            if reason:
                self.player.refuse(reason, move)
                return

    def hold(self, pile: str, index: int) -> None:
        self.held = (pile, index)
        self.redraw_marks()
        card = self.game.piles[pile][index]
        self.player.say(f"You picked up {card.name}. {self.game.hold_prompt_for(pile, index)} "
                        "(Escape puts it back).", "info")
        if self.on_hold:
            self.on_hold(self.held)

    def drop_hold(self) -> None:
        if self.held is not None:
            self.held = None
            self.redraw_marks()
            if self.on_hold:
                self.on_hold(None)

    # -- the mouse ----------------------------------------------------------------
    def _on_press(self, event: tk.Event) -> None:
        self.table.focus_set()
        if self.player.replaying:
            self._press = None
            self.player.say("This is a replay: press Play from here to take over.", "info")
            return
        self._press = (event.x, event.y, self.table.hit(event.x, event.y))

    def _on_drag(self, event: tk.Event) -> None:
        if self._press is None:
            return
        x0, y0, hit = self._press
        if self._drag is None:
            if abs(event.x - x0) + abs(event.y - y0) < DRAG_START:
                return
            if hit is None or hit.pile is None or hit.index is None:
                return
            if not self.game.piles[hit.pile][hit.index].face_up:
                return
            self._start_drag(hit, x0, y0)
        drag = self._drag
        assert drag is not None
        for item in drag.items:
            self.table.move(item, event.x - drag.last_x, event.y - drag.last_y)
        drag.last_x, drag.last_y = event.x, event.y

    def _start_drag(self, hit: Hit, x: float, y: float) -> None:
        assert hit.pile is not None and hit.index is not None
        self.drop_hold()
        probe = self.game.drag_move(hit.pile, hit.index, hit.pile)
        count = probe.count if probe.action == "move" and probe.index is None else 1
        items = self.table.items_from(hit.pile, hit.index, count)
        for item in items:
            self.table.addtag_withtag(MOVING, item)   # over the marks and numbers too
            self.table.tag_raise(item)
        self._drag = _Drag(hit.pile, hit.index, items, x, y, x, y)
        if self.on_hold:
            self.on_hold((hit.pile, hit.index))  # light up where it may go

    def _on_release(self, event: tk.Event) -> None:
        press, drag = self._press, self._drag
        self._press = None
        self._drag = None
        if drag is not None:
            self._drop(drag, event.x, event.y)
            if self._slide_job is None:   # (a card sliding back stays on top until home)
                self.table.dtag(MOVING, MOVING)
            if self.on_hold:
                self.on_hold(self.held)
        elif press is not None and press[2] is not None:
            hit = press[2]
            if self._second_of_double(event.x, event.y):
                return
            on_deck = hit.pile is not None and hit.pile == self.game.stock_pile
            self.click(hit)
            self._clicked = None if on_deck else (time.monotonic(), event.x, event.y)

    def _second_of_double(self, x: int, y: int) -> bool:
        """Whether this click is the second of a double-click: the games' help
        says a double-click sends a card where it belongs, so the second click
        must not play the card the first uncovered (or fill the box it filled,
        or count as a second wrong try in a lesson, or put down the card it
        picked up).  Quick clicks on the deck each still count."""
        first, self._clicked = self._clicked, None
        return (first is not None and time.monotonic() - first[0] <= DOUBLE_CLICK
                and abs(x - first[1]) <= DRAG_START and abs(y - first[2]) <= DRAG_START)

    def _drop(self, drag: _Drag, x: float, y: float) -> None:
        lead = self.table.card_rect(drag.pile, drag.index)
        dx, dy = x - drag.start_x, y - drag.start_y
        moved = Rect(lead.x + dx, lead.y + dy, lead.w, lead.h)
        target = self.table.drop_target(moved, exclude=drag.pile)
        if target is not None and self.player.try_move(
                self.game.drag_move(drag.pile, drag.index, target)):
            return
        self._slide_back(drag.pile, drag.items, dx, dy)

    def _slide_back(self, pile: str, items: list[int], dx: float, dy: float,
                    step: int = 0) -> None:
        self._slide_job = None
        if step >= SLIDE_STEPS:
            self.table.dtag(MOVING, MOVING)
            self.table.redraw(pile)
            self.table.refresh()
            return
        for item in items:
            self.table.move(item, -dx / SLIDE_STEPS, -dy / SLIDE_STEPS)
        self._slide_job = self.table.after(15, self._slide_back, pile, items, dx, dy, step + 1)

    def _on_destroy(self, event: tk.Event) -> None:
        if event.widget is self.table and self._slide_job is not None:
            self.table.after_cancel(self._slide_job)
            self._slide_job = None

    def _on_shift_click(self, event: tk.Event) -> None:
        hit = self.table.hit(event.x, event.y)
        if hit is not None and hit.pile is not None:
            self._tell_count(hit.pile)
        return None

    def _count_focused(self) -> str:
        focus = self._ensure_focus()
        if focus is not None and focus.pile is not None:
            self._tell_count(focus.pile)
        return "break"

    def _tell_count(self, pile: str) -> None:
        """How many cards a pile has (a squared-up pile shows only its top card)."""
        count = len(self.game.piles[pile])
        self.player.say(sentence(f"{self.game.place(pile)} has {plural(count, 'card')}."),
                        "info")

    def _on_alt_click(self, event: tk.Event) -> None:
        hit = self.table.hit(event.x, event.y)
        if hit is None or hit.pile is None:
            return
        if "pickup" in self.game.actions:
            self.player.try_move(Move("pickup", hit.pile))

    def _touched_places(self) -> frozenset[tuple[str, int | None]]:
        """Every card a legal move picks up, worked out once per position.

        The pointer moves far more often than the cards do: asking the engine
        for its legal moves on every <Motion> would be wasted work.
        """
        game = self.game
        key = (id(game), len(game.log))
        if self._touched is None or self._touched[0] != key:
            places = frozenset(place for move in game.legal_moves()
                               for place in game.touches(move))
            self._touched = (key, places)
        return self._touched[1]

    def _on_hover(self, event: tk.Event) -> None:
        hit = self.table.hit(event.x, event.y)
        can = hit is not None and (hit.button is not None or (
            hit.pile is not None and (hit.pile, hit.index) in self._touched_places()))
        cursor = self.hand_cursor if can else ""  # "": the normal arrow
        if self.table.cget("cursor") != cursor:
            self.table.configure(cursor=cursor)

    # -- the keyboard -------------------------------------------------------------
    def stops(self) -> list[Hit]:
        """Every place the focus ring can rest, in reading order."""
        layout = self.table.layout
        if layout is None:
            return []
        out = [Hit(pid, self._top_index(pid)) for pid in layout.spots]
        out += [Hit(None, button=name) for name in layout.buttons]
        return out

    def _top_index(self, pile: str) -> int | None:
        size = len(self.game.piles[pile])
        return size - 1 if size else None

    def _rect(self, hit: Hit) -> Rect:
        layout = self.table.layout
        assert layout is not None
        if hit.button:
            return layout.buttons[hit.button]
        assert hit.pile is not None
        if hit.index is None:
            return layout.slot(hit.pile)
        return self.table.card_rect(hit.pile, hit.index)

    def _ensure_focus(self) -> Hit | None:
        stops = self.stops()
        if not stops:
            return None
        if self.focus is None or (self.focus.pile and self.focus.pile not in self.game.piles):
            # The ring starts on the first card that can move (not on a suit
            # stack's Ace, which never can), else on the first place.
            self.focus = next((hit for hit in stops if hit.pile is not None and hit.index
                               is not None and self.moves_touching(hit.pile, hit.index)),
                              stops[0])
        if self.focus.pile is not None:
            pile = self.game.piles[self.focus.pile]
            # A new game (or a lesson step) may leave the ring on a card that is
            # now inside a face-down pile: only a top card is then a place to rest.
            if (self.focus.index is None or self.focus.index >= len(pile)
                    or not pile[self.focus.index].face_up):
                self.focus = Hit(self.focus.pile, self._top_index(self.focus.pile))
        return self.focus

    def _set_focus(self, hit: Hit) -> str:
        self.focus = hit
        self.redraw_marks()
        self._say_focus()
        return "break"

    def _say_focus(self) -> None:
        hit = self.focus
        if hit is None:
            return
        if hit.button:
            self.player.say(f"The {hit.button.capitalize()} button. Press Enter to use it.", "focus")
            return
        assert hit.pile is not None
        place = self.game.place(hit.pile)
        place = place[:1].upper() + place[1:]
        if hit.index is None:
            self.player.say(f"{place}: empty.", "focus")
            return
        card = self.game.piles[hit.pile][hit.index]
        what = card.name if card.face_up else "a face-down card"
        self.player.say(f"{place}: {what}.", "focus")

    def _cycle(self, step: int) -> str:
        stops = self.stops()
        if self.focus is None and stops:
            return self._set_focus(stops[0])  # the first Tab shows the ring where it starts
        current = self._ensure_focus()
        if current is None:
            return "break"
        keys = [(s.pile, s.button) for s in stops]
        position = keys.index((current.pile, current.button)) if (current.pile, current.button) in keys else 0
        return self._set_focus(stops[(position + step) % len(stops)])

    def _arrow(self, key: str) -> str:
        current = self._ensure_focus()
        if current is None:
            return "break"
        here = self._rect(Hit(current.pile, self._top_index(current.pile)) if current.pile
                          else current)
        cx, cy = here.x + here.w / 2, here.y + here.h / 2
        dx, dy = {"Left": (-1, 0), "Right": (1, 0), "Up": (0, -1), "Down": (0, 1)}[key]
        best, best_cost = None, float("inf")
        for stop in self.stops():
            if (stop.pile, stop.button) == (current.pile, current.button):
                continue
            rect = self._rect(Hit(stop.pile, None) if stop.pile else stop)
            ox, oy = rect.x + rect.w / 2 - cx, rect.y + rect.h / 2 - cy
            along = ox * dx + oy * dy
            if along <= 1:
                continue
            across = abs(ox * dy) + abs(oy * dx)
            cost = along + 2.5 * across
            if cost < best_cost:
                best, best_cost = stop, cost
        if best is not None:
            return self._set_focus(best)
        return "break"

    def _within_pile(self, key: str) -> str:
        """Shift+arrow: choose a deeper card of the focused pile (a run, a spread card)."""
        current = self._ensure_focus()
        if current is None or current.pile is None or current.index is None:
            return "break"
        step = -1 if key in ("Up", "Left") else 1
        index = current.index + step
        pile = self.game.piles[current.pile]
        if 0 <= index < len(pile) and pile[index].face_up:
            return self._set_focus(Hit(current.pile, index))
        return "break"

    def _activate(self) -> str:
        """Enter or Space: use the stock or a button, pick a card up, or put it down
        (or, once a lesson's step is done, go on to the next: the table has the
        keys again after a click on it)."""
        if self.player.replaying or self.player.press_lesson_next():
            return "break"
        if self.focus is None:   # the first key shows the ring, where it is, and does nothing
            if self._ensure_focus() is not None:
                self.redraw_marks()
                self._say_focus()
            return "break"
        current = self._ensure_focus()
        if current is None:
            return "break"
        stock_card_hidden = (current.pile is not None and current.index is not None
                             and current.pile == self.game.stock_pile
                             and not self.game.piles[current.pile][current.index].face_up)
        if (current.button or self.held is not None or current.index is None or stock_card_hidden
                or self._never_picked_up(current)):
            self.click(current)
        else:
            assert current.pile is not None
            self.hold(current.pile, current.index)
        self._ensure_focus()
        self.redraw_marks()
        return "break"

    def _cancel(self) -> str:
        """Escape: put a picked-up card back; else close a replay."""
        if self.held is not None:
            self.drop_hold()
            self.player.say("Put back.", "info")
            return "break"
        return self._replay_or("Escape", lambda key: "break")

    # -- marks ----------------------------------------------------------------------
    def after_change(self) -> None:
        """After a move or an undo the ring goes back to the top of its pile."""
        if self.focus is not None and self.focus.pile is not None:
            self.focus = Hit(self.focus.pile, self._top_index(self.focus.pile))
        self.redraw_marks()

    def redraw_marks(self) -> None:
        if self.table.layout is None:
            return
        if self.held is not None and self.held[1] < len(self.game.piles[self.held[0]]):
            # Outside the keys' dashed ring, so a card picked up with the keys shows both.
            self.table.mark("held", [self.table.card_rect(*self.held)], SELECT_COLOUR, width=4,
                            margin=FOCUS_MARGIN + 4)
        else:
            self.held = None
            self.table.clear_mark("held")
        if self.focus is not None:
            focus = self._ensure_focus()
            assert focus is not None
            self.table.mark("focus", [self._rect(focus)], FOCUS_COLOUR, width=3, dash=(6, 3),
                            margin=FOCUS_MARGIN)
