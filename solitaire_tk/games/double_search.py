"""Double Solitaire's fast position for the solver (see `searchstate`).

Cards are small ints (`small_card`); the two decks'
copies of a card are the same int, as the rules never tell them apart.
Piles 1-13 and the spread (pile 23) are tuples, so a move swaps a tuple or
two and `pop` puts the old ones back.  Pile 22 never changes order, so it is
the dealt row and how many of its cards are left.

Each suit has one up pile and one down pile, wherever they lie on the table:
the key keeps how far each suit's up and down piles have got, not which of
piles 14-21 they are, so positions that differ only in that are one.
"""

from __future__ import annotations

from typing import Any, Hashable, Sequence

from ..cards import SUITS
from ..moves import Move
from ..searchstate import RANK_MASK, SUIT_SHIFT, small_card
from .double import DOWNS, RESERVE, SPREAD, TABLEAU, UPS, DoubleSolitaire

# Tables by small card (`small_card`; the places between cards are never looked at).
CARDS = range(64)
SUIT = tuple(card >> SUIT_SHIFT for card in CARDS)
RANK = tuple((card & RANK_MASK) - 1 for card in CARDS)          # 0 = Ace, 12 = King

# Fast moves: (FROM_PILE, pile, way) the top card of piles 1-13 up (way 0:
# onto its suit's up pile, 1: its down pile); (FROM_SPREAD, index, way);
# (RESERVE_CARD,) clicking pile 22; (PICKUP, pile).
FROM_PILE, FROM_SPREAD, RESERVE_CARD, PICKUP = 0, 1, 2, 3
RESERVE_MOVE = Move("reserve")


class DoubleSearch:
    """One Double Solitaire position for the solver; changed in place by push and pop."""

    def __init__(self, game: DoubleSolitaire) -> None:
        piles = game.piles
        self.tab = [tuple(small_card(c) for c in piles[pid]) for pid in TABLEAU]
        self.spread = tuple(small_card(c) for c in piles[SPREAD])
        self.spread_from = -1 if game.spread_from is None else TABLEAU.index(game.spread_from)
        self.reserve = tuple(small_card(c) for c in piles[RESERVE])
        self.left = len(self.reserve)
        # How many cards each suit has up (next: that rank) and down (next: King minus that).
        self.up = [0, 0, 0, 0]
        self.down = [0, 0, 0, 0]
        # Which of piles 14-17 / 18-21 each suit is on (-1: not started).
        self.up_pile = [-1, -1, -1, -1]
        self.down_pile = [-1, -1, -1, -1]
        for group, heights, where in ((UPS, self.up, self.up_pile),
                                      (DOWNS, self.down, self.down_pile)):
            for index, pid in enumerate(group):
                if piles[pid]:
                    suit = SUITS.index(piles[pid][0].suit)
                    heights[suit] = len(piles[pid])
                    where[suit] = index
        self.home = sum(self.up) + sum(self.down)
        self._undo: list[tuple[Any, ...]] = []

    # -- the protocol ------------------------------------------------------
    def key(self) -> Hashable:
        return (tuple(self.tab), self.spread, self.spread_from, self.left,
                tuple(self.up), tuple(self.down))

    def is_won(self) -> bool:
        return self.home == 104

    def _ways(self, card: int) -> tuple[int, ...]:
        """Where `card` may go up now: 0 its suit's up pile, 1 its down pile."""
        suit, rank = SUIT[card], RANK[card]
        if self.up[suit] == rank:
            return (0, 1) if self.down[suit] == 12 - rank else (0,)
        return (1,) if self.down[suit] == 12 - rank else ()

    def moves(self) -> Sequence[Hashable]:
        """The spread's cards up first, then the piles' top cards, then picking
        up a pile (the bigger first) or clicking pile 22 (the hint order)."""
        up, down = self.up, self.down
        out: list[Hashable] = []
        for index, card in enumerate(self.spread):
            suit, rank = SUIT[card], RANK[card]
            if up[suit] == rank:
                out.append((FROM_SPREAD, index, 0))
            if down[suit] == 12 - rank:
                out.append((FROM_SPREAD, index, 1))
        tab = self.tab
        for pile in range(13):
            cards = tab[pile]
            if cards:
                card = cards[-1]
                suit, rank = SUIT[card], RANK[card]
                if up[suit] == rank:
                    out.append((FROM_PILE, pile, 0))
                if down[suit] == 12 - rank:
                    out.append((FROM_PILE, pile, 1))
        if self.left:
            out.append((RESERVE_CARD,))
        else:
            pickups = [pile for pile in range(13) if tab[pile] and pile != self.spread_from]
            pickups.sort(key=lambda pile: -len(tab[pile]))
            out.extend((PICKUP, pile) for pile in pickups)
        return out

    def forced_move(self) -> Hashable | None:
        """A card that can go up where its twin (the other deck's copy) can't
        go any more: only that pile will ever take it, and taking a card off
        a pile only frees the card under it (cards only ever go up), so
        any line that wins still wins after it."""
        up, down = self.up, self.down
        for index, card in enumerate(self.spread):
            suit, rank = SUIT[card], RANK[card]
            if up[suit] == rank and down[suit] > 12 - rank:
                return (FROM_SPREAD, index, 0)
            if down[suit] == 12 - rank and up[suit] > rank:
                return (FROM_SPREAD, index, 1)
        for pile, cards in enumerate(self.tab):
            if cards:
                card = cards[-1]
                suit, rank = SUIT[card], RANK[card]
                if up[suit] == rank and down[suit] > 12 - rank:
                    return (FROM_PILE, pile, 0)
                if down[suit] == 12 - rank and up[suit] > rank:
                    return (FROM_PILE, pile, 1)
        return None

    def push(self, move: Any) -> None:   # one of our tuples (no check: it is hot)
        kind = move[0]
        tab = self.tab
        if kind == FROM_PILE:
            pile = move[1]
            cards = tab[pile]
            tab[pile] = cards[:-1]
            self._undo.append((kind, pile, cards, *self._go_up(cards[-1], move[2])))
            return
        if kind == FROM_SPREAD:
            index = move[1]
            spread = self.spread
            self.spread = spread[:index] + spread[index + 1:]
            undo = (kind, spread, self.spread_from, *self._go_up(spread[index], move[2]))
            if not self.spread:
                self.spread_from = -1
            self._undo.append(undo)
            return
        came_from = self.spread_from
        undo_gather: tuple[Any, ...] = (came_from, tab[came_from] if came_from >= 0 else ())
        if kind == RESERVE_CARD:
            self.left -= 1
            card = self.reserve[self.left]
            chosen = RANK[card]
            before = tab[chosen]
            tab[chosen] = (card,) + before
        else:
            chosen = move[1]
            before = tab[chosen]
        self._undo.append((kind, chosen, before, self.spread, *undo_gather))
        if came_from >= 0:
            tab[came_from] = tab[came_from] + self.spread
        self.spread = tab[chosen]
        tab[chosen] = ()
        self.spread_from = chosen

    def pop(self) -> None:
        undo = self._undo.pop()
        kind = undo[0]
        if kind == FROM_PILE:
            self.tab[undo[1]] = undo[2]
            self._come_down(undo[3], undo[4], undo[5])
        elif kind == FROM_SPREAD:
            self.spread = undo[1]
            self.spread_from = undo[2]
            self._come_down(undo[3], undo[4], undo[5])
        else:
            chosen, before, spread, came_from, gathered = undo[1:]
            assert isinstance(chosen, int) and isinstance(came_from, int)
            if came_from >= 0:
                self.tab[came_from] = gathered
            self.tab[chosen] = before
            self.spread = spread
            self.spread_from = came_from
            if kind == RESERVE_CARD:
                self.left += 1

    def is_dead(self) -> bool:
        """Never sure: every card can be reached by picking up its pile once
        pile 22 is used up, and each card has a place up and one down."""
        return False

    def public_moves(self, move: Hashable) -> list[Move]:
        return [self.public_move(move)]

    def public_move(self, move: Hashable) -> Move:
        assert isinstance(move, tuple)
        kind = move[0]
        if kind == RESERVE_CARD:
            return RESERVE_MOVE
        if kind == PICKUP:
            return Move("pickup", TABLEAU[move[1]])
        if kind == FROM_PILE:
            return Move("move", TABLEAU[move[1]], self._home_id(self.tab[move[1]][-1], move[2]))
        return Move("move", SPREAD, self._home_id(self.spread[move[1]], move[2]), index=move[1])

    # -- the game-over search (`oversearch`): `moves()` leaves no legal move out.
    def cards_home(self) -> int:
        return self.home

    def cards_unseen(self) -> int:
        return self.left          # pile 22's cards, the only face-down ones

    # -- helpers -------------------------------------------------------------
    def _go_up(self, card: int, way: int) -> tuple[int, int, bool]:
        """Put `card` onto its suit's up (way 0) or down pile; returns what
        `_come_down` needs: (suit, way, whether it started that pile)."""
        suit = SUIT[card]
        heights, where = (self.up, self.up_pile) if way == 0 else (self.down, self.down_pile)
        heights[suit] += 1
        self.home += 1
        if where[suit] < 0:
            where[suit] = min(set(range(4)) - set(where))
            return suit, way, True
        return suit, way, False

    def _come_down(self, suit: int, way: int, started: bool) -> None:
        heights, where = (self.up, self.up_pile) if way == 0 else (self.down, self.down_pile)
        heights[suit] -= 1
        self.home -= 1
        if started:
            where[suit] = -1

    def _home_id(self, card: int, way: int) -> str:
        suit = SUIT[card]
        group, where = (UPS, self.up_pile) if way == 0 else (DOWNS, self.down_pile)
        index = where[suit]
        if index < 0:
            index = min(set(range(4)) - set(where))
        return group[index]
