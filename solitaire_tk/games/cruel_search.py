"""Cruel's position for the solver (see `searchstate`): the rules of `cruel.py`, fast.

Cards are small ints (`small_card`), so the next card up of a suit is the
card + 1.  A move is an int: source pile * 16 + destination pile (0-11), or
+ `HOME` for the card's suit stack; `REDEAL` deals again.  The twelve piles
are not interchangeable (a new deal fills them in order), so the key keeps
them in order.

The dead-end tests look at the front of the row (all the cards, pile 1
first, as a new deal gathers them): its first four cards are dealt back into
pile 1 by every deal, and so are the first piles of four while none of
their cards can move, so a card stuck there stays stuck (`front_is_stuck`,
`front_is_frozen`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move
from ..cards import SUITS
from ..searchstate import RANK_MASK, SUIT_SHIFT, small_card

if TYPE_CHECKING:
    from .cruel import Cruel

HOME = 12
REDEAL = 255
DEAL_SIZE = 4


class CruelSearch:
    """Twelve piles of small ints, the four suit stacks' top ranks, and whether
    a card moved since the last deal."""

    def __init__(self, game: Cruel) -> None:
        from .cruel import PILES, SUIT_FOUNDATION
        self._pile_ids = PILES
        # The suit stack of each suit, by the suit's place in SUITS.
        self._home_ids = tuple(SUIT_FOUNDATION[suit] for suit in SUITS)
        self.piles = [[small_card(card) for card in game.piles[pid]] for pid in PILES]
        self.home = [len(game.piles[pid]) for pid in self._home_ids]
        self.moved = game.moved_since_deal
        self.left = sum(len(pile) for pile in self.piles)
        # What pop needs: a card move and the flag before it, or the piles before a deal.
        self._undo: list[tuple[int | list[list[int]], bool]] = []

    def moves(self) -> list[int]:
        """Suit-stack moves first (lowest card first), then a card move that frees
        a card for its suit stack, then a new deal, then the other card moves
        (in the other orders the new deal may come last, and the moves that
        free nothing the other way round)."""
        piles, home = self.piles, self.home
        tops: dict[int, int] = {}
        out: list[int] = []
        for n, pile in enumerate(piles):
            if pile:
                card = pile[-1]
                tops[card] = n
                if home[card >> SUIT_SHIFT] == (card & RANK_MASK) - 1:
                    out.append(n << 4 | HOME)
        if len(out) > 1:
            out.sort(key=lambda move: piles[move >> 4][-1] & RANK_MASK)
        later: list[int] = []
        for card, n in tops.items():
            # One higher of the same suit is simply card + 1 (a King's + 1 is no card).
            dst = tops.get(card + 1)
            if dst is not None:
                # As the hint strategy has it: first a move that frees a card
                # which can then go up to its suit stack.
                pile = piles[n]
                under = pile[-2] if len(pile) > 1 else 0
                if under and home[under >> SUIT_SHIFT] == (under & RANK_MASK) - 1:
                    out.append(n << 4 | dst)
                else:
                    later.append(n << 4 | dst)
        if self.reverse_later:
            later.reverse()
        if self.moved and tops:
            # A new deal before the moves that free nothing (runs built in
            # the stacks stay together through it, and it often frees more),
            # or, in the second order, after them.
            if self.redeal_last:
                later.append(REDEAL)
            else:
                out.append(REDEAL)
        return out + later

    # The solver's four move orders (see `solver.search`): a deal found
    # winnable in one only after a long search is often found at once in
    # another.  They differ in where the new deal goes and in which way
    # round the moves that free nothing are tried.
    orderings = 4
    redeal_last = False
    reverse_later = False

    def use_ordering(self, number: int) -> None:
        self.redeal_last = bool(number & 1)
        self.reverse_later = bool(number & 2)

    def forced_move(self) -> int | None:
        # Even a card going up to its suit stack changes how the next deal
        # falls, which may help or spoil it: no move is safe without looking.
        return None

    def push(self, move: int) -> None:
        if move == REDEAL:
            piles = self.piles
            self._undo.append((piles, self.moved))
            row = [card for pile in piles for card in pile]
            self.piles = [row[start:start + DEAL_SIZE] for start in range(0, 48, DEAL_SIZE)]
            self.moved = False
            return
        card = self.piles[move >> 4].pop()
        dst = move & 15
        if dst == HOME:
            self.home[card >> SUIT_SHIFT] += 1
            self.left -= 1
            # The card rides along above the move's bits, for pop to put back.
            self._undo.append((card << 8 | move, self.moved))
        else:
            self.piles[dst].append(card)
            self._undo.append((move, self.moved))
        self.moved = True

    def pop(self) -> None:
        move, self.moved = self._undo.pop()
        if isinstance(move, list):
            self.piles = move
            return
        dst = move & 15
        if dst == HOME:
            card = move >> 8
            self.home[card >> SUIT_SHIFT] -= 1
            self.left += 1
            self.piles[move >> 4 & 15].append(card)
            return
        self.piles[move >> 4].append(self.piles[dst].pop())

    def key(self) -> bytes:
        return bytes((self.moved,)) + b"\0".join(map(bytes, self.piles))

    def is_won(self) -> bool:
        return self.left == 0

    def is_dead(self) -> bool:
        return front_is_stuck(self.piles) or front_is_frozen(self.piles, self.home)

    def public_move(self, move: int) -> Move:
        if move == REDEAL:
            return Move("redeal")
        src = self.piles[move >> 4]
        dst = move & 15
        if dst == HOME:
            return Move("move", self._pile_ids[move >> 4],
                        self._home_ids[src[-1] >> SUIT_SHIFT])
        return Move("move", self._pile_ids[move >> 4], self._pile_ids[dst])

    # -- the game-over search (`oversearch`): `moves()` leaves no legal move out.
    def cards_home(self) -> int:
        return 52 - self.left     # as `Cruel.progress`

    def cards_unseen(self) -> int:
        return 0                  # every card lies face up


def front_is_stuck(piles: list[list[int]]) -> bool:
    """Whether the first cards of the row can never all leave (so the game is lost).

    The bottom four cards of the first pile that has cards are the first
    cards of the row, and every deal puts them back together in pile 1: they
    leave it only from the top down.  A card there with a lower card of its
    own suit beneath it can't go up to its suit stack first, so it must move
    onto the next card up of its suit in another pile; when that card is a
    King (nothing is higher) or lies beneath it too, it never can.
    """
    for pile in piles:
        if pile:
            front = pile[:DEAL_SIZE]
            break
    else:
        return False
    for place, card in enumerate(front):
        below = front[:place]
        if card + 1 in below or card & RANK_MASK == 13:
            if any(other >> SUIT_SHIFT == card >> SUIT_SHIFT and other < card for other in below):
                return True
    return False


def front_is_frozen(piles: list[list[int]], home: list[int]) -> bool:
    """Whether the first cards of the row can never change (so the game is lost).

    While the first m piles with cards hold four each (the last pile with
    cards may hold fewer), every deal gives them back the same cards.  They
    stay as they are for good when no top card of theirs can ever move: it
    can't go up, because a lower card of its suit lies in those piles; it
    can't move onto its next card up, because it is a King, or that card lies
    in those piles under another one; and nothing can come onto it (its next
    card down lies in those piles too), except onto the m-th pile: a card
    put there goes to pile m + 1 at the next deal.  When a top fails, only
    the piles before it (or up to it, when only a card coming onto it was in
    doubt) can be the frozen ones, so m is looked for from the longest run down.
    """
    chunks = [pile for pile in piles if pile]
    if not chunks:
        return False
    # The first pile's top is checked first, cheaply: most often it can move.
    first = chunks[0][-1]
    if home[first >> SUIT_SHIFT] == (first & RANK_MASK) - 1:
        return False
    if any(pile[-1] == first + 1 for pile in chunks):
        return False
    for place, pile in enumerate(chunks):
        if len(pile) != DEAL_SIZE and (len(pile) > DEAL_SIZE or place + 1 < len(chunks)):
            del chunks[place:]
            break
    count = len(chunks)
    while count:
        held = {card for pile in chunks[:count] for card in pile}
        tops = {pile[-1] for pile in chunks[:count]}
        lowest = [99, 99, 99, 99]
        for card in held:
            suit = card >> SUIT_SHIFT
            if card < lowest[suit]:
                lowest[suit] = card
        for place in range(count):
            top = chunks[place][-1]
            if not (lowest[top >> SUIT_SHIFT] < top
                    and (top & RANK_MASK == 13 or (top + 1 in held and (
                        top + 1 not in tops or _stays_in_the_row(chunks, place, top))))):
                count = place   # the piles from this one on can't all be frozen
                break
            if place + 1 < count and top - 1 not in held:
                # A card may come onto it; perhaps the piles up to this one are frozen.
                count = place + 1
                break
        else:
            return True
    return False


def _stays_in_the_row(chunks: list[list[int]], place: int, top: int) -> bool:
    """Whether moving `top` onto its next card up leaves the row as it is: it
    is alone in the last pile, and that card tops the pile before."""
    return (len(chunks[place]) == 1 and place + 1 == len(chunks) and place > 0
            and chunks[place - 1][-1] == top + 1)
