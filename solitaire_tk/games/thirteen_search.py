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
DEALT = 1 << 12     # a deal's entry for pop: this times the cards it dealt
TARGET = 13
# The moves (never changed: the solver only reads them) for four tops with
# no pile empty, not in Easy mode, by the tops and whether the stock is empty.
TOPS_MOVES: dict[int, list[int]] = {}
# The same in Easy mode or with a pile empty, where the moves depend on the
# card under each top too (see `ThirteenSearch._find_moves`); a bounded memo.
TOPS_UNDER_MOVES: dict[tuple[int, ...], list[int]] = {}
MEMO_LIMIT = 200_000


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
        # Every card of the game, to count those taken away (`cards_home`).
        self._cards = sum(self.left) + len(game.piles["discard"])
        self._undo: list[int] = []       # each move, as `pop` needs it (see `push`)
        self._moves: list[int] | None = None
        # Decided once: cards only ever leave, so it stays true for every later
        # position while that last deal is still to come.
        self._last_deal_stops = self._last_deal_leaves_nothing_to_do()
        # The stock only ever loses its top cards, so what is to come is known
        # for every size it will have.
        self._coming: dict[int, tuple[list[list[int]], list[int]]] = {}

    def moves(self) -> list[int]:
        """Kings first, then pairs, then a card into an empty pile; dealing last.

        Kept until the next push or pop: `forced_move` asks for them first.
        """
        if self._moves is None:
            self._moves = self._find_moves()
        return self._moves

    def _find_moves(self) -> list[int]:
        piles = self.piles
        one, two, three, four = piles
        if one and two and three and four and not self.easy:
            # No pile empty: the moves depend on the tops alone (and whether
            # the stock has cards), so each set of them is found once.
            tops_key = (one[-1] | two[-1] << 4 | three[-1] << 8 | four[-1] << 12
                        | (not self.stock) << 16)
            found = TOPS_MOVES.get(tops_key)
            if found is None:
                found = TOPS_MOVES[tops_key] = self._moves_from_tops(
                    [one[-1], two[-1], three[-1], four[-1]])
            return found
        # Else the moves depend on the tops, on each card under a top (Easy
        # mode pairs them) or just whether there is one (then the top may
        # move into an empty pile), on the mode and on whether the stock is
        # empty: all of it goes into the key.
        # (0 parts the piles: no card is 0.)
        tops_under = (self.easy, not self.stock, *one[-2:], 0, *two[-2:], 0, *three[-2:], 0,
                      *four[-2:])
        found = TOPS_UNDER_MOVES.get(tops_under)
        if found is None:
            if len(TOPS_UNDER_MOVES) >= MEMO_LIMIT:
                TOPS_UNDER_MOVES.clear()
            found = TOPS_UNDER_MOVES[tops_under] = self._moves_from_tops(
                [pile[-1] if pile else 0 for pile in piles])
        return found

    def _moves_from_tops(self, tops: list[int]) -> list[int]:
        piles = self.piles
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
        moves = self.moves()
        if not self.stock and moves:
            # With the stock gone the piles are interchangeable, and a King
            # only ever stands in the way: taking it away at once loses nothing.
            # (While cards are still to come it decides where they land, so it
            # is not safe.)  Kings come first among the moves.
            first = moves[0]
            if KING <= first < UNDER:
                return first
            # Likewise a pair of tops that are the last cards of their two ranks
            # left: they can only ever go together, so going now loses nothing.
            # And in Easy mode a top with the card under it, the same way.
            # Proof: nothing is ever put onto either card (the stock is
            # empty, and a card only goes into an empty pile), and they can
            # go only with each other, so a winning line that takes them
            # later makes every other move the same with them gone (each
            # card on top, or on the card it lies on, is so there too), only
            # never moving them, and still wins.
            left, piles = self.left, self.piles
            for move in moves:
                if PAIR <= move < SHIFT:
                    if left[piles[(move - PAIR) >> 2][-1]] == 1 \
                            and left[piles[(move - PAIR) & 3][-1]] == 1:
                        return move
                elif UNDER <= move < PAIR:
                    pile = piles[move - UNDER]
                    if left[pile[-1]] == left[pile[-2]] == 1:
                        return move
        # The only move there is can be made without branching: the position
        # is worth what it leads to.  (Every move takes a card away, deals or
        # fills an empty pile, so a run of them always ends.)
        return moves[0] if len(moves) == 1 else None

    # What `pop` needs to take a move back is kept in one int: the move, and
    # for a pair the rank of its first card (the other makes 13 with it)
    # above the bits; a deal is DEALT times the cards it dealt.
    def push(self, move: int) -> None:
        piles = self.piles
        self._moves = None
        if move >= SHIFT:
            self._undo.append(move)
            piles[move & 3].append(piles[move >> 2 & 3].pop())
            return
        left = self.left
        if move >= PAIR:
            one = piles[(move - PAIR) >> 2].pop()
            piles[(move - PAIR) & 3].pop()
        elif move >= UNDER:
            pile = piles[move - UNDER]
            one = pile.pop()
            pile.pop()
        elif move >= KING:
            piles[move - KING].pop()
            self._undo.append(move)
            left[TARGET] -= 1
            return
        else:
            stock = self.stock
            if len(stock) >= 4:
                first, second, third, fourth = piles
                first.append(stock.pop())
                second.append(stock.pop())
                third.append(stock.pop())
                fourth.append(stock.pop())
                self._undo.append(4 * DEALT)
                return
            dealt = len(stock)
            for n in range(dealt):
                piles[n].append(stock.pop())
            self._undo.append(dealt * DEALT)
            return
        self._undo.append(move | one << 8)
        left[one] -= 1
        left[TARGET - one] -= 1

    def pop(self) -> None:
        move = self._undo.pop()
        piles = self.piles
        self._moves = None
        if move >= DEALT:
            stock = self.stock
            if move == 4 * DEALT:
                first, second, third, fourth = piles
                stock.append(fourth.pop())
                stock.append(third.pop())
                stock.append(second.pop())
                stock.append(first.pop())
                return
            for n in range(move // DEALT - 1, -1, -1):
                stock.append(piles[n].pop())
            return
        if SHIFT <= move < 256:
            piles[move >> 2 & 3].append(piles[move & 3].pop())
            return
        left = self.left
        if move < UNDER:
            left[TARGET] += 1
            piles[move - KING].append(TARGET)
            return
        one = move >> 8
        two = TARGET - one
        move &= 255
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
        # A position with no move leads nowhere anyway: no need to dig.  Nor,
        # as it turns out, does digging pay after a King is taken away or a
        # card moved (the position before was dug already, and it is almost
        # never a dead end after them): leaving a test out is always safe.
        undo = self._undo
        if undo and (KING <= undo[-1] < UNDER or SHIFT <= undo[-1] < 256):
            return False
        return bool(self.moves()) and self._no_pile_can_be_cleared()

    def _no_pile_can_be_cleared(self) -> bool:
        """Whether, deal after deal, no pile can ever be cleared: then the game is lost.

        Cards only leave a pile from the top (or go into an empty pile, which
        needs a pile cleared first: after a deal every pile has a card), so
        while no pile has been cleared, each pile is a stack that the deals
        add to.  Picture each pile as it will be, the cards still to come on
        top of it in deal order, and dig it from the top, one time between
        two deals after another.  A card can be dug (it may be gone by then)
        when it is a King, or when a card it pairs with is dug or uncovered
        on another pile and enough partners are left for it (below); cards
        dug before are dug again at once.

        Enough partners: every card above it must go first, each card of its
        rank with a partner of its own, and a card goes once; so that many
        partners must have gone, and one more for this card.  A partner that
        has gone from another pile was dug (or is the one uncovered there
        now).

        Every card taken away in play is a dug card: by then every card
        above it had gone, its partner was uncovered, and that many partners
        had gone (so each step only adds what play could take).  When no
        time lets a whole pile be dug, no pile is ever cleared, so the last
        cards are never all taken away.  (When a pile may be cleared before
        the end, cards may then go into it and the picture no longer holds,
        so the answer is "not sure".)  Not in Easy mode, where a card may also
        go with the one under it: the search is faster there without it.
        """
        one, two, three, four = self.piles
        if not (one and two and three and four) or self.easy:
            return False
        count = len(self.stock)
        coming = self._coming.get(count)
        if coming is None:
            coming = self._coming[count] = self._cards_to_come(count)
        more, deals = coming
        stacks = [one + more[0], two + more[1], three + more[2], four + more[3]]
        gone = [bytearray(len(stacks[0])), bytearray(len(stacks[1])),
                bytearray(len(stacks[2])), bytearray(len(stacks[3]))]
        heights = [len(one), len(two), len(three), len(four)]
        # How many cards of each rank each pile (and all four) have had dug.
        counts = [[0] * 14, [0] * 14, [0] * 14, [0] * 14]
        total = [0] * 14
        for dealt in deals:
            if dealt == 4 or dealt < 0:
                heights[0] += 1
                heights[1] += 1
                heights[2] += 1
                heights[3] += 1
                if dealt < 0:
                    continue       # a deal that lets nothing be dug: only the piles grow
            elif dealt:
                for i in range(dealt):
                    heights[i] += 1
            # One time between deals: every pile uncovered down to its first card
            # not dug before, then dug as far as its partners allow.
            shown = [0] * 14           # how many piles have each rank uncovered
            if dealt == 4 or not dealt:
                # Every pile shows its top card, never dug before (it is new,
                # or nothing is dug yet): written out, as it is the usual case.
                first, second, third, fourth = (heights[0] - 1, heights[1] - 1,
                                                heights[2] - 1, heights[3] - 1)
                tops = [first, second, third, fourth]    # each pile's uncovered card
                first, second, third, fourth = (stacks[0][first], stacks[1][second],
                                                stacks[2][third], stacks[3][fourth])
                # The ranks dug or uncovered in each pile, as bits.
                seen = [1 << first, 1 << second, 1 << third, 1 << fourth]
                # The partner each uncovered card needs (0: a King).
                wants = [TARGET - first, TARGET - second, TARGET - third, TARGET - fourth]
                shown[first] += 1
                shown[second] += 1
                shown[third] += 1
                shown[fourth] += 1
            else:
                tops = [0, 0, 0, 0]
                seen = [0, 0, 0, 0]
                wants = [0, 0, 0, 0]
                for i in range(4):
                    stack, dug = stacks[i], gone[i]
                    at = heights[i] - 1
                    card = stack[at]
                    ranks = 1 << card
                    while dug[at]:
                        at -= 1
                        if at < 0:
                            return False
                        card = stack[at]
                        ranks |= 1 << card
                    tops[i] = at
                    seen[i] = ranks
                    shown[card] += 1
                    wants[i] = TARGET - card
            every = seen[0] | seen[1] | seen[2] | seen[3]
            changed = True
            last = -1          # the pile that changed last
            while changed:
                changed = False
                for i in (0, 1, 2, 3):
                    if i == last:
                        break  # every other pile looked at since, and none changed
                    want = wants[i]
                    if want and not every >> want & 1:
                        continue       # the usual case: this pile is stuck for now
                    others = seen[i - 1] | seen[i - 2] | seen[i - 3]
                    if want and not others >> want & 1:
                        continue
                    stack, at = stacks[i], tops[i]
                    card = stack[at]
                    dug, mine, height = gone[i], counts[i], heights[i]
                    mark = at
                    ranks = 0          # the ranks uncovered here now
                    while True:
                        if card != TARGET:
                            if not others >> want & 1:
                                break
                            have = total[want] - mine[want] + shown[want]
                            # (The cards above it, all dug: mostly none.)
                            if have <= 0 or (at + 1 < height
                                             and stack[at + 1:height].count(card) >= have):
                                break
                        dug[at] = 1
                        mine[card] += 1
                        total[card] += 1
                        shown[card] -= 1
                        at -= 1
                        if at < 0:
                            return False
                        card = stack[at]
                        ranks |= 1 << card
                        while dug[at]:
                            at -= 1
                            if at < 0:
                                return False
                            card = stack[at]
                            ranks |= 1 << card
                        shown[card] += 1
                        want = TARGET - card
                    if at != mark:
                        seen[i] |= ranks
                        every |= ranks
                        changed = True
                        last = i
                        tops[i] = at
                        wants[i] = want
        return True

    def _cards_to_come(self, count: int) -> tuple[list[list[int]], list[int]]:
        """For a stock of `count` cards (the bottom ones of this one): the cards
        each pile will get, in deal order, and for now and after each deal
        how many cards it dealt (0 for now), or -1 for a deal that lets
        nothing be dug (four cards with no King and no pair among them: each
        pile's uncovered card is then its new one, and none of them can go)."""
        stock = self.stock[:count]
        coming: list[list[int]] = [[], [], [], []]
        for n in range(count):
            coming[n & 3].append(stock[-1 - n])
        deals = [0]
        for start in range(0, count, 4):
            cards = [stock[-1 - n] for n in range(start, min(start + 4, count))]
            idle = (len(cards) == 4 and TARGET not in cards
                    and not any(TARGET - card in cards for card in cards))
            deals.append(-1 if idle else len(cards))
        return coming, deals

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

    # -- the game-over search (`oversearch`): `moves()` leaves no legal move
    # out but moving a pile's only card into an empty pile.  That changes
    # nothing once the stock is empty (the piles are alike then), and while
    # it has cards, dealing turns up new ones anyway.
    def cards_home(self) -> int:
        return self._cards - sum(self.left)     # taken away, as `Thirteen.score`

    def cards_unseen(self) -> int:
        return len(self.stock)
