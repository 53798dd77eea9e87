"""Cruel: lift every card onto four suit stacks that start with the Aces (SPEC 3, Cruel).

The twelve stacks are all face up.  A top card goes up to its own suit
stack, or onto the next higher card of its suit in another stack.  When
stuck, the player deals again: the cards left are gathered in order and
dealt back out in fours.  Undo (the original's "Backup") never reaches
back past a new deal.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence, cast

from ..cards import SUIT_NAMES, Card, check_deck
from ..engine import Game
from ..moves import Move, as_move
from ..searchstate import SearchState
from ..tablelayout import (MIN_NUMBER_SIZE, Rect, Spot, TableLayout, centred_left,
                           fitted_card_size, label_size)
from ..wording import a_rank, pile_number, sentence

FOUNDATIONS = tuple(f"foundation{n}" for n in range(1, 5))
PILES = tuple(f"pile{n}" for n in range(1, 13))
# Each suit stack keeps to one suit, fixed by where its Ace starts.
FOUNDATION_SUIT = dict(zip(FOUNDATIONS, "CDHS"))
SUIT_FOUNDATION = {suit: pid for pid, suit in FOUNDATION_SUIT.items()}
DEAL_SIZE = 4


class Cruel(Game):
    game_id = "cruel"
    title = "Cruel"
    variants = ("standard",)
    blurb = ("Twelve stacks of four. Build up each suit from the Ace; "
             "when you are stuck, deal the stacks again.")
    score_note = "In Cruel the score is how many cards are left at the end: the fewer, the better."
    score_words = "Cards left: {score}"
    lower_score_is_better = True
    lists_every_score = True
    actions = frozenset({"move", "redeal"})
    pile_ids = (*FOUNDATIONS, *PILES)
    extra_state = ("moved_since_deal",)
    # Messages is its help's option (pop up why a move is refused); Auto-move offers Finish.
    own_settings = ("messages", "auto_move")

    # Dealing again is only allowed once a card has moved; without a move
    # the new deal would be exactly the old one.
    moved_since_deal = False

    # -- dealing -----------------------------------------------------------
    def _deal(self, deck: list[Card]) -> None:
        rest: list[Card] = []
        for card in deck:
            if card.rank == 1:
                self._piles[SUIT_FOUNDATION[card.suit]].append(card)
            else:
                rest.append(card)
        self._deal_in_fours(rest)
        self.moved_since_deal = False

    @classmethod
    def deck_for_layout(cls, layout: Mapping[str, Sequence[Card]]) -> list[Card]:
        """The aces first (they go up wherever they lie), then the piles in order."""
        rest: list[Card] = []
        for pid in PILES:
            pile = list(layout.get(pid, ()))
            if len(pile) != DEAL_SIZE or any(card.rank == 1 for card in pile):
                raise ValueError(f"{pid} must hold {DEAL_SIZE} cards, none an Ace, "
                                 "when Cruel is dealt.")
            rest.extend(pile)
        aces = [Card(1, FOUNDATION_SUIT[pid]) for pid in FOUNDATIONS]
        deck = [card.turned(True) for card in aces + rest]
        check_deck(deck)
        return deck

    def _deal_in_fours(self, row: list[Card]) -> None:
        """Pile 1 gets the first four (the fourth on top), pile 2 the next four..."""
        for n, pid in enumerate(PILES):
            self._piles[pid] = row[n * DEAL_SIZE:(n + 1) * DEAL_SIZE]

    # -- the rules ------------------------------------------------------------
    def _candidates(self) -> Iterable[Move]:
        yield Move("redeal")
        tops = [(pid, pile[-1]) for pid, pile in self._piles.items() if pid in PILES and pile]
        for src, card in tops:
            # Only cards of its own suit can ever take it: asking about the
            # others would only build reasons nobody reads.
            yield Move("move", src, SUIT_FOUNDATION[card.suit])
            for dst, top in tops:
                if dst != src and top.suit == card.suit:
                    yield Move("move", src, dst)

    def _check(self, move: Move) -> str | None:
        if move.action == "redeal":
            return self._check_redeal()
        return self._check_move(move)

    def _check_redeal(self) -> str | None:
        if not any(self._piles[pid] for pid in PILES):
            return "Every card is up on the suit stacks, so there is nothing left to deal."
        if not self.moved_since_deal:
            if not any(entry["action"] == "redeal" for entry in self.log):
                # The pupil has not dealt yet: "since the last deal" would puzzle them.
                if not any(True for _ in self._search_moves()):
                    return "No card can move, so dealing again would change nothing."
                return "Move a card first; then you can deal again."
            return ("Dealing again would change nothing, because no card has moved "
                    "since the last deal.")
        return None

    def _check_move(self, move: Move) -> str | None:
        src, dst = move.src, move.dst
        if src is None or dst is None:
            return "A move needs a place to take the card from and a place to put it."
        if src in FOUNDATIONS:
            return "Cards never leave a suit stack once they are there."
        card = self.top(src)
        if card is None:
            return f"{sentence(self.place(src))} is empty, so there is no card to move."
        if src == dst:
            return f"{sentence(card.name)} is already in {self.place(src)}."
        if move.count != 1 or move.index is not None:
            return (f"In Cruel cards move one at a time, and only the top card of a stack: "
                    f"here that is {card.name}.")
        if dst in FOUNDATIONS:
            return self._check_suit_stack(card, dst)
        return self._check_stack(card, dst)

    def _check_suit_stack(self, card: Card, dst: str) -> str | None:
        if FOUNDATION_SUIT[dst] != card.suit:
            return (f"{sentence(card.name)} belongs on {self.place(SUIT_FOUNDATION[card.suit])}, "
                    f"not on {self.place(dst)}.")
        top = self.top(dst)
        have = top.rank if top else 0
        if have == 13:
            return f"{sentence(self.place(dst))} is already finished with its King."
        if card.rank != have + 1:
            wanted = Card(have + 1, card.suit)
            return (f"{sentence(card.name)} can't go up yet: suit stacks go up one card "
                    f"at a time, so {self.place(dst)} needs {wanted.name} next.")
        return None

    def _check_stack(self, card: Card, dst: str) -> str | None:
        top = self.top(dst)
        if top is None:
            return f"{sentence(self.place(dst))} is empty, and in Cruel an empty stack stays empty."
        if top.rank == 1:
            return f"Nothing can go onto {top.name} in the stacks: it is the lowest card."
        if top.suit != card.suit and card.rank != top.rank - 1:
            # Wrong twice: the whole rule, with the card it would need.
            if card.rank == 13:
                return (f"{sentence(card.name)} can't go onto {top.name}: no card is higher "
                        "than a King, so it can only go up to its suit stack.")
            return (f"{sentence(card.name)} can't go onto {top.name}: it must go onto "
                    f"{Card(card.rank + 1, card.suit).name} (the same suit, one higher).")
        if top.suit != card.suit:
            return (f"{sentence(card.name)} can't go onto {top.name}: in the stacks a card "
                    f"goes only onto a card of its own suit, {card.suit_name} here.")
        if card.rank != top.rank - 1:
            return (f"{sentence(card.name)} can't go onto {top.name}: the card on it must be "
                    f"one lower, {a_rank(top.rank - 1)}.")
        return None

    def _apply(self, move: Move) -> None:
        if move.action == "redeal":
            # Gathering pile by pile, bottom to top, keeps every run in order.
            row = [card for pid in PILES for card in self._piles[pid]]
            self._deal_in_fours(row)
            self.moved_since_deal = False
            return
        assert move.src is not None and move.dst is not None
        self._piles[move.dst].append(self._piles[move.src].pop())
        self.moved_since_deal = True

    def _clears_undo(self, move: Move) -> bool:
        return move.action == "redeal"

    def _no_undo_reason(self) -> str:
        # The engine's general sentence would hide why: a deal can't be backed up.
        if any(entry["action"] == "redeal" for entry in self.log):
            return ("You can only back up as far as the last deal: "
                    "dealing again can't be taken back.")
        return super()._no_undo_reason()

    # -- the table --------------------------------------------------------------
    def table_layout(self, width: float, height: float,
                     min_number_size: int = MIN_NUMBER_SIZE) -> TableLayout:
        # The suit stacks and the Deal button on top; two rows of six stacks
        # below, fanned downwards so every card's corner shows (big cards leave
        # a stack of seven room for that; small ones squeeze it).
        cw, ch, gap, room = fitted_card_size(width, height, 6, 1 + 2 * 1.7, numbered_rows=2,
                                             min_number_size=min_number_size,
                                             roomy_rows=1 + 2 * (1 + 6 * 0.22))
        x0 = centred_left(width, 6 * cw + 5 * gap, gap)
        column = [x0 + i * (cw + gap) for i in range(6)]
        spots = {}
        for n in range(1, 5):
            spots[f"foundation{n}"] = Spot(f"foundation{n}", column[n - 1], gap)
        deal = Rect(column[5], gap + ch * 0.3, cw, ch * 0.4)
        first_row = gap + ch + room
        row_height = max(ch + room, (height - first_row - gap) / 2)
        for n in range(1, 13):
            row, col = divmod(n - 1, 6)
            y = first_row + row * row_height
            spots[f"pile{n}"] = Spot(f"pile{n}", column[col], y, step=(0, ch * 0.22),
                                     room=(0, max(0.0, row_height - ch - room)))
        return TableLayout(cw, ch, spots, {"deal": deal},
                           label_size=label_size(room, cw, min_number_size))

    # -- words --------------------------------------------------------------
    def lesson_section(self, move: Move | None) -> str:
        if move is None:
            return "rule-backup"
        if move.action == "redeal":
            return "rule-deal"
        return "rule-suit-stack" if move.dst in FOUNDATIONS else "rule-stacks"

    waiting_words = "The suit stacks wait for"

    def waiting_cards(self) -> list[Card]:
        return [Card(len(self._piles[pid]) + 1, suit) for pid, suit in FOUNDATION_SUIT.items()
                if len(self._piles[pid]) < 13]

    def place(self, pile_id: str) -> str:
        if pile_id in FOUNDATIONS:
            return f"the {SUIT_NAMES[FOUNDATION_SUIT[pile_id]]} suit stack"
        return f"stack {pile_number(pile_id)}"

    def describe(self, move: Move | Mapping[str, Any]) -> str:
        move = as_move(move)
        if move.action == "redeal":
            return ("Deal again: the cards left in the stacks are gathered up and dealt back "
                    "out in fours.")
        if move.src is None or move.dst is None:
            return "Move a card."
        card = self.top(move.src)
        what = card.name if card else "the top card"
        where = f" from {self.place(move.src)}"
        if move.dst in FOUNDATIONS:
            return f"Move {what}{where} up to {self.place(move.dst)}."
        top = self.top(move.dst)
        if top is None:
            return f"Move {what}{where} into the empty {self.place(move.dst)}."
        return f"Move {what}{where} onto {top.name} in {self.place(move.dst)}."

    # -- cards that go home by themselves ----------------------------------------
    # No card goes home by itself in Cruel: taking one more card out of the
    # stacks changes how the next deal falls, which may help or hurt, so the
    # pupil decides (the engine's `safe_home_moves` gives none).

    def can_finish(self) -> bool:
        # Every card is face up, so trying the home moves shows nothing new.
        return self._home_moves_to_win() is not None

    # -- the end ------------------------------------------------------------
    def is_won(self) -> bool:
        return sum(len(self._piles[pid]) for pid in FOUNDATIONS) == 52

    def score(self) -> int:
        """Cards still in the twelve stacks: lower is better, 0 is a win."""
        return sum(len(self._piles[pid]) for pid in PILES)

    def progress(self) -> int:
        return 52 - self.score()

    over_with_moves = "you can still move cards, but no card can ever reach a suit stack again."

    def _no_move_reason(self) -> str:
        # No legal move means no redeal either, so no card moved since the deal.
        return "no card can move, and dealing again would change nothing."

    def _search_moves(self) -> Iterable[Move]:
        tops = [(pid, self._piles[pid][-1]) for pid in PILES if self._piles[pid]]
        if self.moved_since_deal and tops:
            yield Move("redeal")
        for src, card in tops:
            home = SUIT_FOUNDATION[card.suit]
            stack = self._piles[home]
            if (stack[-1].rank if stack else 0) == card.rank - 1:
                yield Move("move", src, home)
            for dst, top in tops:
                if top.suit == card.suit and top.rank == card.rank + 1:
                    yield Move("move", src, dst)

    def search_state(self) -> SearchState:
        from .cruel_search import CruelSearch
        # Its moves are ints (the protocol says any hashable): the solver only
        # ever hands a state back the moves it made.
        return cast(SearchState, CruelSearch(self))
