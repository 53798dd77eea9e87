"""Double Solitaire: two decks built up and down by suit (SPEC 3, Double Solitaire).

Piles 1-13 are dealt face up; 14-17 build up from Ace to King and 18-21
build down from King to Ace, one suit each; 22 is the face-down reserve;
23 is where a picked-up pile is spread, so that any of its cards can play.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Mapping, Sequence

from ..cards import Card, check_deck
from ..engine import Game
from ..moves import Move, as_move
from ..records import replace
from ..searchstate import SearchState
from ..tablelayout import (MIN_NUMBER_SIZE, Spot, TableLayout, centred_left, fitted_card_size,
                           label_size)
from ..wording import a_rank, pile_number, plural, sentence

TABLEAU = tuple(f"pile{n}" for n in range(1, 14))
UPS = tuple(f"pile{n}" for n in range(14, 18))
DOWNS = tuple(f"pile{n}" for n in range(18, 22))
FOUNDATIONS = (*UPS, *DOWNS)
RESERVE = "pile22"
SPREAD = "pile23"
# After a card lands on one of these piles, the next card goes to the reserve.
RESERVE_AFTER = frozenset({7, 10, 13})


class DoubleSolitaire(Game):
    game_id = "double"
    title = "Double Solitaire"
    variants = ("standard",)
    blurb = ("Two decks and 23 numbered places: build up from Aces "
             "and down from Kings.")
    score_note = ("The score is how many cards you put on piles 14 to 21: the more, "
                  "the better.")
    # Not "Up on ...": half of piles 14-21 build down.
    score_words = "On piles 14-21: {score} of {cards}"
    decks = 2
    actions = frozenset({"move", "reserve", "pickup"})
    pile_ids = tuple(f"pile{n}" for n in range(1, 24))
    extra_state = ("spread_from",)
    stock_pile = RESERVE
    own_settings = ("auto_move",)  # a card whose twin is up goes up by itself
    hint_counts_unfinished_searches = True   # its searches mostly end: ties are broken

    # The pile whose cards are spread on pile 23; None when nothing is spread.
    spread_from: str | None = None

    # -- dealing -----------------------------------------------------------
    def _deal(self, deck: list[Card]) -> None:
        at = 0
        number = 0
        while at < len(deck):
            number = number % 13 + 1
            card = deck[at]
            at += 1
            self._piles[f"pile{number}"].append(card.turned(True))
            # Both reasons can apply at once; an Ace on pile 1 also sends two.
            hidden = (number in RESERVE_AFTER) + (card.rank == number) + (card.rank == number == 1)
            for down in deck[at:at + hidden]:
                self._piles[RESERVE].append(down.turned(False))
            at += hidden
        self.spread_from = None

    @classmethod
    def deck_for_layout(cls, layout: Mapping[str, Sequence[Card]]) -> list[Card]:
        """The deal run backwards: go round piles 1 to 13 as the deal does,
        taking each pile's next card, then as many reserve cards as that card
        sends to pile 22."""
        piles = {pid: list(layout.get(pid, ())) for pid in TABLEAU}
        reserve = list(layout.get(RESERVE, ()))
        taken = {pid: 0 for pid in TABLEAU}
        deck: list[Card] = []
        used_reserve = 0
        number = 0
        while any(taken[pid] < len(piles[pid]) for pid in TABLEAU):
            number = number % 13 + 1
            pid = f"pile{number}"
            if taken[pid] >= len(piles[pid]):
                raise ValueError(f"{pid} runs out of cards before the deal is over.")
            card = piles[pid][taken[pid]]
            taken[pid] += 1
            deck.append(card)
            hidden = (number in RESERVE_AFTER) + (card.rank == number) + (card.rank == number == 1)
            sent = reserve[used_reserve:used_reserve + hidden]
            deck.extend(sent)
            used_reserve += len(sent)  # the deck may run out while it sends them
        if used_reserve != len(reserve) or any(layout.get(pid) for pid in (*FOUNDATIONS, SPREAD)):
            raise ValueError("That layout is not one the deal of Double Solitaire can make.")
        deck = [card.turned(True) for card in deck]
        check_deck(deck, cls.decks)
        return deck

    # -- the rules ------------------------------------------------------------
    def _candidates(self) -> Iterable[Move]:
        yield Move("reserve")
        wants = self._wants()
        for src in TABLEAU:
            yield Move("pickup", src)
            if self._piles[src]:
                for dst in self._may_take(self._piles[src][-1], wants):
                    yield Move("move", src, dst)
        for index, card in enumerate(self._piles[SPREAD]):
            for dst in self._may_take(card, wants):
                yield Move("move", SPREAD, dst, index=index)

    def _wants(self) -> list[tuple[str, int | None, str | None]]:
        """Each foundation with the rank it takes next and its suit (None: empty)."""
        return [(dst, self._next_rank(dst), self._piles[dst][0].suit if self._piles[dst] else None)
                for dst in FOUNDATIONS]

    @staticmethod
    def _may_take(card: Card, wants: list[tuple[str, int | None, str | None]]) -> list[str]:
        """The foundations worth asking `_check` about for `card`: a cheap first
        look that keeps every legal one and spares building most reasons."""
        return [dst for dst, rank, suit in wants
                if rank == card.rank and (suit is None or suit == card.suit)]

    def _next_rank(self, dst: str) -> int | None:
        """The rank foundation `dst` takes next, or None once it is finished."""
        top = self.top(dst)
        if top is None:
            return 1 if dst in UPS else 13
        rank = top.rank + (1 if dst in UPS else -1)
        return rank if 1 <= rank <= 13 else None

    def _normalize(self, move: Move) -> Move:
        # One spelling per move in the log: no index for the top card of piles 1-13.
        if (move.action == "move" and move.src in TABLEAU and move.index is not None
                and move.index == len(self._piles[move.src]) - 1):
            return replace(move, index=None)
        return move

    def _check(self, move: Move) -> str | None:
        if move.action == "reserve":
            return self._check_reserve(move)
        if move.action == "pickup":
            return self._check_pickup(move)
        return self._check_move(move)

    def _check_reserve(self, move: Move) -> str | None:
        if not self._piles[RESERVE]:
            return "Pile 22 is used up. Now you can pick up any pile from 1 to 13 instead."
        return None

    def _check_pickup(self, move: Move) -> str | None:
        src = move.src
        if src is None:
            return "Say which pile to pick up."
        if src not in TABLEAU:
            return f"Only piles 1 to 13 can be picked up, and {self.place(src)} is not one of them."
        left = len(self._piles[RESERVE])
        if left:
            return (f"You can pick up a pile only once pile 22 is used up, and it still has "
                    f"{plural(left, 'card')}. Click pile 22 instead.")
        if src == self.spread_from:
            return f"{sentence(self.place(src))} is already picked up and spread at 23."
        if not self._piles[src]:
            return f"{sentence(self.place(src))} is empty, so there is nothing to pick up."
        return None

    def _check_move(self, move: Move) -> str | None:
        src, dst = move.src, move.dst
        if src is None or dst is None:
            return "A move needs a card to take and a pile to put it on."
        if src in FOUNDATIONS:
            return "Cards never leave piles 14 to 21 once they are there."
        if src == RESERVE:
            return "The cards in pile 22 are face down. Click pile 22 to bring its top card into play."
        if dst not in FOUNDATIONS:
            return f"Cards can't be put onto {self.place(dst)}: they only go onto piles 14 to 21."
        if move.count != 1:
            return "Cards go onto piles 14 to 21 one at a time."
        pile = self._piles[src]
        if src == SPREAD:
            if not pile:
                return "Nothing is spread at 23 now."
            if move.index is None:
                return "Say which card of the spread at 23 to move (its 'index', 0 for the bottom card)."
        elif not pile:
            if src == self.spread_from:
                return f"{sentence(self.place(src))} is picked up: take its cards from the spread at 23."
            return f"{sentence(self.place(src))} is empty, so there is no card to move."
        if move.index is not None and move.index >= len(pile):
            where = "The spread at 23" if src == SPREAD else sentence(self.place(src))
            return f"{where} has only {plural(len(pile), 'card')}."
        if src != SPREAD and move.index is not None:
            return (f"Only the top card of {self.place(src)}, {pile[-1].name}, can move: "
                    f"{pile[move.index].name} is under it.")
        card = pile[-1 if move.index is None else move.index]
        return self._check_onto(card, dst)

    def _check_onto(self, card: Card, dst: str) -> str | None:
        """Why `card` can't go onto foundation `dst` now (None if it can)."""
        up = dst in UPS
        kind = "up" if up else "down"
        top = self.top(dst)
        wanted = self._next_rank(dst)
        if top is None:
            assert wanted is not None
            if card.rank != wanted:
                return (f"Only {a_rank(wanted)} can start an empty {kind} pile, "
                        f"and {card.name} is not {a_rank(wanted)}.")
            for other in (UPS if up else DOWNS):
                bottom = self._piles[other][:1]
                if bottom and bottom[0].suit == card.suit:
                    return (f"The {card.suit_name} already have {self.place(other)}, "
                            f"so {card.name} can't start another {kind} pile.")
            return None
        if wanted is None:
            return f"{sentence(self.place(dst))} is finished: it has reached {top.name}."
        if top.suit != card.suit and card.rank != wanted:
            # Wrong twice: the whole rule, with the card the pile needs.
            return (f"{sentence(card.name)} can't go onto {top.name}: {self.place(dst)} "
                    f"keeps to the {top.suit_name} and goes {kind} one card at a time, "
                    f"so {Card(wanted, top.suit).name} comes next.")
        if top.suit != card.suit:
            return (f"{sentence(card.name)} can't go onto {top.name}: "
                    f"{self.place(dst)} keeps to one suit, {top.suit_name} here.")
        if card.rank != wanted:
            return (f"{sentence(card.name)} can't go onto {top.name}: {self.place(dst)} goes "
                    f"{kind} one card at a time, so {Card(wanted, top.suit).name} comes next.")
        return None

    def _apply(self, move: Move) -> None:
        if move.action == "move":
            assert move.src is not None and move.dst is not None
            src = self._piles[move.src]
            self._piles[move.dst].append(src.pop(-1 if move.index is None else move.index))
            if move.src == SPREAD and not src:
                self.spread_from = None
            return
        if move.action == "reserve":
            card = self._piles[RESERVE].pop().turned(True)
            chosen = f"pile{card.rank}"
            self._piles[chosen].insert(0, card)
        else:
            assert move.src is not None
            chosen = move.src
        # The spread goes home first: if it came from `chosen`, the reserve
        # card must end up under it.
        if self.spread_from is not None:
            self._piles[self.spread_from].extend(self._piles[SPREAD])
        self._piles[SPREAD] = self._piles[chosen]
        self._piles[chosen] = []
        self.spread_from = chosen

    # -- the table --------------------------------------------------------------
    def table_layout(self, width: float, height: float,
                     min_number_size: int = MIN_NUMBER_SIZE) -> TableLayout:
        label_band = 0.22  # room above each row for the pile numbers, in card heights
        reach = 0.1  # piles 1-13 show their thickness down to a tenth of a card into it
        cw, ch, gap, room = fitted_card_size(width, height, 7, 4 + 4 * label_band, numbered_rows=4,
                                             min_number_size=min_number_size, band=label_band,
                                             reach=reach)
        x0 = centred_left(width, 7 * cw + 6 * gap, gap)
        column = [x0 + i * (cw + gap) for i in range(7)]
        order = [[14, 15, 16, 17, 18, 19, 20], [1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 21, 11, 12, 13]]
        spots = {}
        for r, numbers in enumerate(order):
            y = room + r * (ch + room)
            for c, number in enumerate(numbers):
                mark = "A" if 14 <= number <= 17 else ("K" if 18 <= number <= 21 else "")
                # Piles 1-13 are squared up, with a hint of their thickness.
                thick = (cw * 0.012, ch * 0.01) if number <= 13 else (0.0, 0.0)
                spots[f"pile{number}"] = Spot(f"pile{number}", column[c], y, step=thick,
                                              down_step=thick, room=(cw * 0.12, ch * reach),
                                              mark=mark)
        y = room + 3 * (ch + room)
        spots["pile22"] = Spot("pile22", column[0], y, down_step=(cw * 0.012, ch * 0.01),
                               room=(cw * 0.12, ch * reach))
        spread_room = column[6] - column[1]
        spots["pile23"] = Spot("pile23", column[1], y, step=(cw * 0.34, 0), room=(spread_room, 0))
        return TableLayout(cw, ch, spots,
                           label_size=label_size(room, cw, min_number_size, reach=ch * reach))

    # -- words --------------------------------------------------------------
    def lesson_section(self, move: Move | None) -> str:
        if move is None:
            return "playing"
        if move.action in ("reserve", "pickup"):
            return f"rule-{move.action}"
        if move.src in FOUNDATIONS:
            return "rule-never-back"
        return "rule-down" if move.dst in DOWNS else "rule-up"

    def place(self, pile_id: str) -> str:
        # Piles 14-21 say which way they build: "Move the 4 onto up pile 14".
        kind = "up " if pile_id in UPS else "down " if pile_id in DOWNS else ""
        return f"{kind}pile {pile_number(pile_id)}"

    def _told_with(self, said: str, move: Move, shown: list[Card]) -> str:
        if move.action == "reserve" and len(shown) == 1:   # which card, and so which pile
            pile = self.place(f"pile{shown[0].rank}")
            return (f"Turn up the top card of pile 22, {shown[0].name}: it goes under "
                    f"{pile}, and {pile} is picked up and spread at 23.")
        return super()._told_with(said, move, shown)

    def drag_move(self, src: str, index: int, dst: str) -> Move:
        # A card is dragged up by itself (the top one is normalized); a pile
        # dragged to 23 is picked up; the reserve is only ever clicked.
        if src == RESERVE:
            return Move("reserve")
        if dst == SPREAD and src in TABLEAU:
            return Move("pickup", src)
        return self._normalize(Move("move", src, dst, index=index))

    def describe(self, move: Move | Mapping[str, Any]) -> str:
        move = self._normalize(as_move(move))
        if move.action == "reserve":
            return ("Turn up the top card of pile 22: it goes under the pile of its own "
                    "number, and that pile is picked up and spread at 23.")
        if move.action == "pickup":
            assert move.src is not None
            text = f"pick up {self.place(move.src)} and spread it at 23."
            if self.spread_from is None:
                return sentence(text)
            return f"Put the spread at 23 back on {self.place(self.spread_from)}, then {text}"
        assert move.src is not None and move.dst is not None
        pile = self._piles[move.src]
        at = -1 if move.index is None else move.index
        what = pile[at].name if -len(pile) <= at < len(pile) else "the top card"
        where = "the spread at 23" if move.src == SPREAD else self.place(move.src)
        empty = "" if self._piles[move.dst] else "the empty "
        return f"Move {what} from {where} onto {empty}{self.place(move.dst)}."

    # -- cards that go home by themselves ----------------------------------------
    def safe_home_moves(self) -> list[Move]:
        """A card goes up by itself only when its twin (the same card of the
        other deck) is up already.  Then only one pile will ever take it, and
        taking it off its pile only frees the card under it: nothing is
        decided for the pupil.  While both twins are out, which of them goes
        up and which waits for the other pile is the pupil's choice."""
        home = Counter(card.code for pid in FOUNDATIONS for card in self._piles[pid])
        out = []
        for move in self.legal_moves():
            if move.action != "move" or move.src is None:
                continue
            pile = self._piles[move.src]
            card = pile[-1 if move.index is None else move.index]
            if home[card.code]:  # then this is the only pile that takes it
                out.append(move)
        return out

    def can_finish(self) -> bool:
        # Once pile 22 is used up every card is face up, so trying the home
        # moves shows nothing new.
        return not self._piles[RESERVE] and self._home_moves_to_win() is not None

    # -- the end ------------------------------------------------------------
    def search_state(self) -> SearchState:
        from .double_search import DoubleSearch   # it builds on this module
        return DoubleSearch(self)

    def is_won(self) -> bool:
        return self.score() == 104

    def score(self) -> int:
        return sum(len(self._piles[pid]) for pid in FOUNDATIONS)

    over_with_moves = "you can still pick up piles, but no card can ever go onto piles 14 to 21 again."

    def _no_move_reason(self) -> str:
        return "the reserve (pile 22) is used up and no card in any pile can go onto piles 14 to 21."

    def _unseen(self) -> int:
        return len(self._piles[RESERVE])  # the only face-down cards

    def _search_moves(self) -> Iterable[Move]:
        piles = self._piles
        if piles[RESERVE]:
            yield Move("reserve")
        else:
            for src in TABLEAU:
                if piles[src] and src != self.spread_from:
                    yield Move("pickup", src)
        # (rank, suit) -> the foundations that take that card next.
        takes: dict[tuple[int, str], list[str]] = {}
        for group in (UPS, DOWNS):
            started = {piles[dst][0].suit for dst in group if piles[dst]}
            for dst in group:
                pile = piles[dst]
                if pile:
                    rank = self._next_rank(dst)
                    if rank is not None:
                        takes.setdefault((rank, pile[-1].suit), []).append(dst)
                else:
                    rank = 1 if group is UPS else 13
                    for suit in "CDHS":
                        if suit not in started:
                            takes.setdefault((rank, suit), []).append(dst)
        for src in TABLEAU:
            if piles[src]:
                card = piles[src][-1]
                for dst in takes.get((card.rank, card.suit), ()):
                    yield Move("move", src, dst)
        for index, card in enumerate(piles[SPREAD]):
            for dst in takes.get((card.rank, card.suit), ()):
                yield Move("move", SPREAD, dst, index=index)
