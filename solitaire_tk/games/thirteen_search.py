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
        return self._last_deal_stops and bool(self.stock)

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
