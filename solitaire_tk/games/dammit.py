"""Dammit! (King's Corner): fill a 4 by 4 grid, face cards round the edge (SPEC 3, Dammit!).

The card to play goes into an empty box: Kings only in the corners, Queens
only in the middles of the top and bottom rows, Jacks only in the middles
of the left and right sides, Ace to 10 anywhere.  When the grid is full,
every 10 and every pair adding up to ten must be taken away before the
next card can be placed.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, Iterable, Mapping, cast

from ..cards import Card
from ..engine import Game
from ..moves import Move, as_move
from ..searchstate import SearchState
from ..tablelayout import (MIN_NUMBER_SIZE, Spot, TableLayout, centred_left, fitted_card_size,
                           label_size)
from ..wording import a_rank, pair_needed, pile_number, sentence

# Boxes in rows from the top left: box1-box4 is the top row.
BOXES = tuple(f"box{n}" for n in range(1, 17))
KING_BOXES = ("box1", "box4", "box13", "box16")
QUEEN_BOXES = ("box2", "box3", "box14", "box15")
JACK_BOXES = ("box5", "box8", "box9", "box12")
# rank -> (its boxes, "can only go in a ...", "every ... is full")
HOMES: dict[int, tuple[tuple[str, ...], str, str]] = {
    13: (KING_BOXES, "corner box", "corner box"),
    12: (QUEEN_BOXES, "middle box of the top or bottom row",
         "middle box of the top and bottom rows"),
    11: (JACK_BOXES, "middle box of the left or right side",
         "middle box of the left and right sides"),
}
NO_PAIR_LEFT = "the grid is full and no 10 or pair adding up to ten is left to take away."


def _box_list(boxes: Iterable[str]) -> str:
    """'1, 4, 13 or 16'."""
    numbers = [str(pile_number(box)) for box in boxes]
    return ", ".join(numbers[:-1]) + " or " + numbers[-1]


class Dammit(Game):
    game_id = "dammit"
    title = "Dammit!"
    variants = ("standard",)
    blurb = ("Fill a 4 by 4 grid: Kings in the corners, Queens and Jacks on "
             "the edges; take away 10s, and pairs that make 10.")
    score_note = "The score is how many cards you placed: the more, the better."
    won_words = "Every card of the deck has found a box."

    def lost_comfort(self) -> str:
        # Without seeing the deck, about 1 deal in 10 can be won (README, hints).
        return ("Without seeing the deck, most deals of Dammit! are lost however well they "
                "are played: about 1 in 10 can be won. Try another!")
    score_words = "Placed: {score} of {cards}"
    # A card picked up in the grid goes away with a partner (`hold_prompt_for`).
    hold_prompt = "Now pick a card that makes ten with it"
    actions = frozenset({"place", "remove"})
    pile_ids = ("stock", *BOXES, "discard")
    stock_pile = "stock"
    extra_state = ("clearing",)

    # True from the place that fills the grid until nothing is left to take away.
    clearing = False

    # -- dealing -----------------------------------------------------------
    def _deal(self, deck: list[Card]) -> None:
        # deck[0] is the first card shown, so it lies on top of the stock.
        stock = [card.turned(False) for card in reversed(deck)]
        stock[-1] = stock[-1].turned(True)
        self._piles["stock"] = stock
        self.clearing = False

    @staticmethod
    def allowed_boxes(card: Card) -> tuple[str, ...]:
        """The boxes a card's kind may use (all 16 for Ace to 10)."""
        home = HOMES.get(card.rank)
        return home[0] if home else BOXES

    def removable(self) -> bool:
        """Whether the grid holds a 10 or two cards adding up to ten."""
        ranks = Counter(top.rank for top in map(self.top, BOXES) if top is not None)
        if ranks[10]:
            return True
        return ranks[5] >= 2 or any(ranks[r] and ranks[10 - r] for r in range(1, 5))

    def empty_boxes(self) -> int:
        return sum(1 for box in BOXES if not self._piles[box])

    def card_to_play(self) -> Card | None:
        """The stock's top card if it is shown (hidden while a full grid is cleared)."""
        card = self.top("stock")
        return card if card is not None and card.face_up else None

    def where_card_may_go(self) -> str:
        """One sentence on where the card to play may go (the table shows it too)."""
        card = self.card_to_play()
        if card is None:
            if self.clearing and not self.removable():
                return "Nothing in the full grid can be taken away, so no new card will be shown."
            if self.clearing:
                return ("The next card is shown once every 10 and every pair "
                        "that adds up to ten is taken away.")
            return "Every card has been placed."
        home = HOMES.get(card.rank)
        if home is None:
            if self.empty_boxes():
                return f"{sentence(card.name)} to play can go in any empty box."
            return f"{sentence(card.name)} to play can go in any empty box, but none is empty."
        boxes, where, _ = home
        text = f"{sentence(card.name)} to play can only go in a {where}: {_box_list(boxes)}"
        free = [box for box in boxes if not self._piles[box]]
        if not free:
            return f"{text}, and they are all full."
        if len(free) == len(boxes):
            return f"{text}."
        if len(free) == 1:
            return f"{text}, and only {self.place(free[0])} is still empty."
        return f"{text}, and boxes {_box_list(free).replace(' or ', ' and ')} are still empty."

    # -- the rules ------------------------------------------------------------
    def _candidates(self) -> Iterable[Move]:
        if not self.clearing:
            for box in BOXES:
                yield Move("place", dst=box)
            return
        full = [box for box in BOXES if self._piles[box]]
        for box in full:
            yield Move("remove", piles=(box,))
        for first, second in combinations(full, 2):
            yield Move("remove", piles=(first, second))

    def _normalize(self, move: Move) -> Move:
        # The card to play always comes from the stock, so saying so changes nothing.
        if move.action == "place" and move.src == "stock":
            return Move("place", None, move.dst, move.count, move.index, move.piles)
        # A pair is recorded in box order, whichever card was picked first.
        if move.action == "remove" and move.piles and all(p in BOXES for p in move.piles):
            return Move("remove", move.src, move.dst, move.count, move.index,
                        tuple(sorted(move.piles, key=BOXES.index)))
        return move

    def _check(self, move: Move) -> str | None:
        if not self._piles["stock"]:
            return "Every card has been placed, so the game is over."
        if move.action == "place":
            return self._check_place(move)
        return self._check_remove(move)

    def _check_place(self, move: Move) -> str | None:
        if self.clearing:
            return "The grid was full, so first take away every 10 and every pair that adds up to ten."
        dst = move.dst
        if dst is None:
            return "Say which box the card to play goes in."
        if dst not in BOXES:
            return f"The card to play goes into one of the 16 boxes, not {self.place(dst)}."
        card = self._piles["stock"][-1]
        if dst not in self.allowed_boxes(card):
            boxes, where, _ = HOMES[card.rank]
            return f"{sentence(card.name)} can only go in a {where}: {_box_list(boxes)}."
        there = self.top(dst)
        if there is not None:
            return f"{sentence(self.place(dst))} already has {there.name} in it."
        return None

    def _check_remove(self, move: Move) -> str | None:
        if not self.clearing:
            # Taking away is only part of clearing a full grid; at any other
            # time the pupil is trying to move a placed card.
            return f"Cards in the grid never move. {self.where_card_may_go()}"
        piles = move.piles or ()
        if not piles:
            return "Say which box or boxes to take cards away from."
        if len(piles) > 2:
            return (f"Take away one 10, or two cards that add up to ten: "
                    f"not {len(piles)} cards at once.")
        for pid in piles:
            if pid not in BOXES:
                return f"Only cards in the boxes can be taken away, and {self.place(pid)} is not a box."
        if len(piles) == 2 and piles[0] == piles[1]:
            return "A pair is two cards in two different boxes."
        cards: list[Card] = []
        for pid in piles:
            card = self.top(pid)
            if card is None:
                return f"{sentence(self.place(pid))} is empty."
            cards.append(card)
        for card in cards:
            if card.rank > 10:
                return f"Face cards stay in the grid: {card.name} can't be taken away."
        if len(cards) == 1:
            if cards[0].rank != 10:
                # (Dragged to the discard pile alone: say how a pair goes.)
                partner = 10 - cards[0].rank
                there = any(box != piles[0] and (top := self.top(box)) is not None
                            and top.rank == partner for box in BOXES)
                where = f"{a_rank(partner)} in another box" if there else None
                return pair_needed(cards[0], 10, partner, "ten", where, "in another box")
            return None
        for card in cards:
            if card.rank == 10:
                return f"{sentence(card.name)} is taken away by itself, not in a pair."
        total = cards[0].rank + cards[1].rank
        if total != 10:
            return f"{sentence(cards[0].name)} and {cards[1].name} add up to {total}, not 10."
        return None

    def _apply(self, move: Move) -> None:
        if move.action == "place":
            assert move.dst is not None
            stock = self._piles["stock"]
            self._piles[move.dst].append(stock.pop().turned(True))
            if stock:
                # A full grid stops play until the 10s and pairs are gone, and
                # the next card stays face down until then (as in the original).
                self.clearing = self.empty_boxes() == 0
                if not self.clearing:
                    stock[-1] = stock[-1].turned(True)
        else:
            assert move.piles is not None
            for pid in move.piles:
                self._piles["discard"].append(self._piles[pid].pop().turned(True))
            if not self.removable():
                self.clearing = False
                stock = self._piles["stock"]
                stock[-1] = stock[-1].turned(True)

    # -- the table --------------------------------------------------------------
    def table_layout(self, width: float, height: float,
                     min_number_size: int = MIN_NUMBER_SIZE) -> TableLayout:
        cw, ch, gap, room = fitted_card_size(width, height, 5.5, 4, numbered_rows=4,
                                             min_number_size=min_number_size)
        x0 = centred_left(width, 5.5 * cw + 5 * gap, gap)
        marks = {1: "K", 4: "K", 13: "K", 16: "K", 2: "Q", 3: "Q", 14: "Q", 15: "Q",
                 5: "J", 9: "J", 8: "J", 12: "J"}
        spots = {}
        for n in range(1, 17):
            row, col = divmod(n - 1, 4)
            spots[f"box{n}"] = Spot(f"box{n}", x0 + col * (cw + gap), room + row * (ch + room),
                                    mark=marks.get(n, ""))
        side = x0 + 4 * (cw + gap) + cw * 0.5
        spots["stock"] = Spot("stock", side, room, label="Card to play")
        spots["discard"] = Spot("discard", side, room + 2 * (ch + room), label="Discard")
        return TableLayout(cw, ch, spots, label_size=label_size(room, cw, min_number_size))

    # -- words --------------------------------------------------------------
    def lesson_section(self, move: Move | None) -> str:
        if move is None:
            return "playing"
        # While a full grid is cleared the next card is hidden: the rule is
        # the clearing one, and naming the picture-card rule would give it away.
        if move.action == "remove" or self.clearing:
            return "rule-remove"
        card = self.card_to_play()
        if card is not None and card.rank > 10:
            return "rule-faces"
        return "rule-place"

    def place(self, pile_id: str) -> str:
        if pile_id == "stock":
            return "the card to play"
        if pile_id == "discard":
            return "the discard pile"
        return f"box {pile_number(pile_id)}"

    def hold_prompt_for(self, pile_id: str, index: int) -> str:
        # The card to play is placed; in the grid a 10 goes away alone, the
        # rest with a card that makes ten.
        if pile_id == "stock":
            return "Now choose the box it goes in"
        pile = self._piles.get(pile_id, [])
        if 0 <= index < len(pile) and pile[index].rank == 10:
            return "Now choose the discard pile to take it away"
        return self.hold_prompt

    def drag_move(self, src: str, index: int, dst: str) -> Move:
        # The card to play goes into a box; a box card dropped on the discard
        # pile (a 10) or on its partner (adding up to ten) is taken away.
        if src == "stock":
            return Move("place", dst=dst)
        if dst == "discard":
            return Move("remove", piles=(src,))
        return Move("remove", piles=(src, dst))

    def describe(self, move: Move | Mapping[str, Any]) -> str:
        move = self._normalize(as_move(move))
        if move.action == "place":
            # Never name the next card while it is still face down.
            card = self.card_to_play()
            what = card.name if card else "the card to play"
            where = self.place(move.dst) if move.dst else "a box"
            return f"Put {what} in {where}."
        named = [(pid, self.top(pid) if pid in self._piles else None) for pid in move.piles or ()]
        if len(named) == 1:
            pid, card = named[0]
            return f"Take away {card.name if card else 'the card'} from {self.place(pid)}."
        parts = [f"{card.name if card else 'the card'} ({self.place(pid)})" for pid, card in named]
        return f"Take away {' and '.join(parts)}: together they make ten."

    def _told_with(self, said: str, move: Move, shown: list[Card]) -> str:
        return f"{said} The next card to play is {shown[-1].name}."   # the deck's top shows

    # -- the end ------------------------------------------------------------
    def is_won(self) -> bool:
        return not self._piles["stock"]

    def score(self) -> int:
        """Cards placed so far."""
        return 52 - len(self._piles["stock"])

    def _no_move_reason(self) -> str:
        # Placing always brings a card home and clearing always ends in a new
        # card, so a lost game never has a legal move left.
        if self.clearing:
            return NO_PAIR_LEFT
        card = self._piles["stock"][-1]
        if card.rank in HOMES:
            return f"{card.name} is next, and every {HOMES[card.rank][2]} is full."
        return NO_PAIR_LEFT

    def _search_moves(self) -> Iterable[Move]:
        stock = self._piles["stock"]
        if not stock:
            return
        if not self.clearing:
            for box in self.allowed_boxes(stock[-1]):
                if not self._piles[box]:
                    yield Move("place", dst=box)
            return
        tens: list[str] = []
        numbers: list[tuple[str, int]] = []
        for box in BOXES:
            top = self.top(box)
            if top is not None and top.rank == 10:
                tens.append(box)
            elif top is not None and top.rank < 10:
                numbers.append((box, top.rank))
        for box in tens:
            yield Move("remove", piles=(box,))
        for (first, one), (second, two) in combinations(numbers, 2):
            if one + two == 10:
                yield Move("remove", piles=(first, second))

    def search_state(self) -> SearchState:
        from .dammit_search import DammitSearch
        # Its moves are ints (the protocol says any hashable): the solver only
        # ever hands a state back the moves it made.
        return cast(SearchState, DammitSearch(self))
