"""Thirteen's position for the solver (see `searchstate`): the rules of `thirteen.py`, fast.

The solver knows the stock's order.  Only ranks matter to the rules, so a
card is its rank: positions that differ only in the suits are one.
A move is an int: `DEAL`; `KING + p` takes away the King on pile p; `UNDER
+ p` the top card of pile p with the card under it (Easy mode); `PAIR + 4i
+ j` the tops of piles i < j; `SHIFT + 4s + d` moves the top of pile s into
the empty pile d.  While the stock has cards a deal fills the piles in
order, so they are not interchangeable; once it is empty they are, and the
key sorts them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move

if TYPE_CHECKING:
    from .thirteen import Thirteen

DEAL, KING, UNDER, PAIR, SHIFT = 0, 1, 5, 16, 32
TARGET = 13


class ThirteenSearch:
    """Four piles and the stock (top last) of small ints, and the cards taken away."""

    def __init__(self, game: Thirteen) -> None:
        from .thirteen import PILES
        self._pile_ids = PILES
        self.piles = [[card.rank for card in game.piles[pid]] for pid in PILES]
        self.stock = [card.rank for card in game.piles["stock"]]
        self.easy = game.easy_mode
        # How many cards of each rank are left in the piles and the stock.
        self.left = [0] * (TARGET + 1)
        for card in self.stock + [card for pile in self.piles for card in pile]:
            self.left[card] += 1
        self._taken: list[int] = []      # the cards taken away, for pop to put back
        self._undo: list[int] = []       # each move, a deal with its count above the bits
        self._moves: list[int] | None = None
        # Decided once: cards only ever leave, so it stays true for every later
        # position while that last deal is still to come.
        self._last_deal_stops = self._last_deal_leaves_nothing_to_do()
        # The stock only ever loses its top cards, so what is to come is known
        # for every size it will have.
        self._coming = {count: self._cards_to_come(count)
                        for count in range(len(self.stock) + 1)}

    def moves(self) -> list[int]:
        """Kings first, then pairs, then a card into an empty pile; dealing last.

        Kept until the next push or pop: `forced_move` asks for them first.
        """
        if self._moves is None:
            self._moves = self._find_moves()
        return self._moves

    def _find_moves(self) -> list[int]:
        piles = self.piles
        tops = [pile[-1] if pile else 0 for pile in piles]
        out = [KING + i for i in range(4) if tops[i] == TARGET]
        for i in range(4):
            top = tops[i]
            if not top or top == TARGET:
                continue
            if self.easy:
                pile = piles[i]
                if len(pile) >= 2 and top + pile[-2] == TARGET:
                    out.append(UNDER + i)
            want = TARGET - top
            for j in range(i + 1, 4):
                if tops[j] == want:
                    out.append(PAIR + 4 * i + j)
        if 0 in tops:
            empty = [n for n in range(4) if not tops[n]]
            for i in range(4):
                if len(piles[i]) >= 2:
                    out.extend(SHIFT + 4 * i + dst for dst in empty)
        if self.stock:
            out.append(DEAL)
        return out

    def forced_move(self) -> int | None:
        # With the stock gone the piles are interchangeable, and a King only
        # ever stands in the way: taking it away at once loses nothing.  (While
        # cards are still to come it decides where they land, so it is not safe.)
        if not self.stock:
            move = self._safe_end_move()
            if move is not None:
                return move
        # The only move there is can be made without branching: the position
        # is worth what it leads to.  (Every move takes a card away, deals or
        # fills an empty pile, so a run of them always ends.)
        moves = self.moves()
        return moves[0] if len(moves) == 1 else None

    def _safe_end_move(self) -> int | None:
        tops = [pile[-1] if pile else 0 for pile in self.piles]
        if TARGET in tops:
            return KING + tops.index(TARGET)
        # Likewise a pair of tops that are the last cards of their two ranks
        # left: they can only ever go together, so going now loses nothing.
        left = self.left
        for i in range(4):
            top = tops[i]
            if top and left[top] == 1 and left[TARGET - top] == 1:
                want = TARGET - top
                for j in range(i + 1, 4):
                    if tops[j] == want:
                        return PAIR + 4 * i + j
        return None

    def push(self, move: int) -> None:
        piles = self.piles
        self._moves = None
        self._undo.append(move)
        if move >= SHIFT:
            move -= SHIFT
            piles[move & 3].append(piles[move >> 2].pop())
            return
        taken, left = self._taken, self.left
        if move >= PAIR:
            one = piles[(move - PAIR) >> 2].pop()
            two = piles[(move - PAIR) & 3].pop()
        elif move >= UNDER:
            pile = piles[move - UNDER]
            one = pile.pop()
            two = pile.pop()
        elif move >= KING:
            card = piles[move - KING].pop()
            taken.append(card)
            left[card] -= 1
            return
        else:
            stock = self.stock
            dealt = min(4, len(stock))
            for n in range(dealt):
                piles[n].append(stock.pop())
            self._undo[-1] = dealt << 8
            return
        taken.append(one)
        taken.append(two)
        left[one] -= 1
        left[two] -= 1

    def pop(self) -> None:
        move = self._undo.pop()
        piles = self.piles
        self._moves = None
        if move >= 256:
            stock = self.stock
            for n in range((move >> 8) - 1, -1, -1):
                stock.append(piles[n].pop())
            return
        if move >= SHIFT:
            move -= SHIFT
            piles[move >> 2].append(piles[move & 3].pop())
            return
        taken, left = self._taken, self.left
        if move < UNDER:
            card = taken.pop()
            left[card] += 1
            piles[move - KING].append(card)
            return
        two = taken.pop()
        one = taken.pop()
        left[one] += 1
        left[two] += 1
        if move >= PAIR:
            piles[(move - PAIR) & 3].append(two)
            piles[(move - PAIR) >> 2].append(one)
        else:
            pile = piles[move - UNDER]
            pile.append(two)
            pile.append(one)

    def key(self) -> bytes:
        if self.stock:
            return bytes((len(self.stock),)) + b"\0".join(map(bytes, self.piles))
        return b"\0" + b"\0".join(sorted(map(bytes, self.piles)))

    def is_won(self) -> bool:
        return not self.stock and not any(self.piles)

    def is_dead(self) -> bool:
        if self.stock and self._last_deal_stops:
            return True
        return self._no_pile_can_be_cleared()

    def _no_pile_can_be_cleared(self) -> bool:
        """Whether, deal after deal, no pile can ever be cleared: then the game is lost.

        Cards only leave a pile from the top (or go into an empty pile, which
        needs a pile cleared first: after a deal every pile has a card), so
        while no pile has been cleared, each pile is a stack that the deals
        add to.  Picture each pile as it will be, the cards still to come
        on top of it in deal order, and dig it from the top, one time
        between two deals after another.  A card can be dug (it may be gone
        by then) when it is a King, or when a card it pairs with is dug or
        uncovered on another pile (in Easy mode also on its own pile, just
        above it or just under it), and cards dug before are dug again at
        once.  Every card taken away is a dug card, as by then every card
        above it had gone and its partner was uncovered (so each step
        only adds what play could take).  When no time lets a whole pile be
        dug, no pile is ever cleared, so the last cards are never all taken
        away.  (When a pile may be cleared before the end, cards may then go
        into it and the picture no longer holds, so the answer is "not sure".)
        """
        piles = self.piles
        if not (piles[0] and piles[1] and piles[2] and piles[3]):
            return False
        coming, idle = self._coming[len(self.stock)]
        stacks = [piles[0] + coming[0], piles[1] + coming[1],
                  piles[2] + coming[2], piles[3] + coming[3]]
        gone = [bytearray(len(stack)) for stack in stacks]
        # How many cards of each rank each pile has had dug.
        counts = [[0] * (TARGET + 1) for _ in range(4)]
        heights = [len(piles[0]), len(piles[1]), len(piles[2]), len(piles[3])]
        easy = self.easy
        for deal in range(len(idle) + 1):
            if deal:
                for i in range(min(4, len(self.stock) - 4 * (deal - 1))):
                    heights[i] += 1
                if idle[deal - 1]:
                    continue
            # One time between deals: every pile uncovered down to its first card
            # not dug before, then dug as far as its partners allow.
            tops = [0, 0, 0, 0]    # the index of each pile's uncovered card
            seen = [0, 0, 0, 0]    # the ranks dug or uncovered in each pile, as bits
            for i in range(4):
                stack, dug = stacks[i], gone[i]
                at = heights[i] - 1
                ranks = 1 << stack[at]
                while dug[at]:
                    at -= 1
                    if at < 0:
                        return False
                    ranks |= 1 << stack[at]
                tops[i] = at
                seen[i] = ranks
            changed = True
            while changed:
                changed = False
                for i in range(4):
                    stack, dug, at = stacks[i], gone[i], tops[i]
                    others = seen[i - 1] | seen[i - 2] | seen[i - 3]
                    while True:
                        card = stack[at]
                        if card != TARGET and not (
                                others >> (TARGET - card) & 1 and (easy or self._partners_enough(
                                    stacks, gone, tops, heights, i, at, counts))
                                or easy and self._pairs_in_own_pile(stack, dug, at, seen[i])):
                            break
                        dug[at] = 1
                        counts[i][card] += 1
                        at -= 1
                        if at < 0:
                            return False
                        ranks = 1 << stack[at]
                        while dug[at]:
                            at -= 1
                            if at < 0:
                                return False
                            ranks |= 1 << stack[at]
                        seen[i] |= ranks
                        changed = True
                    tops[i] = at
        return True

    @staticmethod
    def _partners_enough(stacks: list[list[int]], gone: list[bytearray], tops: list[int],
                         heights: list[int], pile: int, at: int, counts: list[list[int]]) -> bool:
        """Whether enough partners can have gone from the other piles for the
        card at `at` of `pile` to go too (not in Easy mode).

        Every card above it must go first (no card can move while no pile is
        cleared), each card of its rank with a partner from another pile,
        and a card goes once: so the other piles must have lost that many
        partners, and one more for this card.  Whatever has gone from them
        was dug, or is the partner uncovered now.
        """
        card = stacks[pile][at]
        want = TARGET - card
        have = 0
        for other in range(4):
            if other != pile:
                have += counts[other][want] + (stacks[other][tops[other]] == want)
        return stacks[pile][at + 1:heights[pile]].count(card) < have

    @staticmethod
    def _pairs_in_own_pile(stack: list[int], dug: bytearray, at: int, seen: int) -> bool:
        """Easy mode: whether the uncovered card at `at` may go with a card of its
        own pile: one above it (dug, so perhaps the one just above it then),
        or one under it with nothing but dug cards between."""
        want = TARGET - stack[at]
        if seen >> want & 1:
            return True
        at -= 1
        while at >= 0:
            if stack[at] == want:
                return True
            if not dug[at]:
                return False
            at -= 1
        return False

    def _cards_to_come(self, count: int) -> tuple[list[list[int]], list[bool]]:
        """For a stock of `count` cards (the bottom ones of this one): the cards
        each pile will get, in deal order, and for each deal whether it can
        let nothing be dug (four cards with no King and no pair among them:
        each pile's uncovered card is then its new one, and none can go)."""
        stock = self.stock[:count]
        coming: list[list[int]] = [[], [], [], []]
        for n in range(count):
            coming[n & 3].append(stock[-1 - n])
        idle = []
        for start in range(0, count, 4):
            cards = [stock[-1 - n] for n in range(start, min(start + 4, count))]
            idle.append(len(cards) == 4 and not self.easy and TARGET not in cards
                        and not any(TARGET - card in cards for card in cards))
        return coming, idle

    def _last_deal_leaves_nothing_to_do(self) -> bool:
        """Whether the last deal, when it comes, ends the game.

        Every card must be dealt before the game is won.  The last deal puts
        the bottom four cards of the stock on the four piles (when the stock
        holds a multiple of four: else fewer, and they are not all tops), so then no pile
        is empty (no card can move) and they are the tops: with no King and
        no pair among them, nothing can be taken away ever again.  (In Easy
        mode a top may also go with the card under it, so there no other
        card left may be a partner of one of them.)
        """
        if not self.stock or len(self.stock) % 4:
            return False
        last = [card for card in self.stock[:4]]
        if TARGET in last or any(TARGET - rank in last for rank in last):
            return False
        if self.easy:
            others = [card for card in self.stock[4:]]
            for pile in self.piles:
                others.extend(card for card in pile)
            if any(TARGET - rank in others for rank in last):
                return False
        return True

    def public_move(self, move: int) -> Move:
        ids = self._pile_ids
        if move >= SHIFT:
            return Move("move", ids[(move - SHIFT) >> 2], ids[(move - SHIFT) & 3])
        if move >= PAIR:
            return Move("remove", piles=(ids[(move - PAIR) >> 2], ids[(move - PAIR) & 3]))
        if move >= UNDER:
            return Move("remove", piles=(ids[move - UNDER],) * 2)
        if move >= KING:
            return Move("remove", piles=(ids[move - KING],))
        return Move("deal")
