"""Dammit!'s position for the solver (see `searchstate`): the rules of `dammit.py`, fast.

The solver knows the order of the stock.  Only ranks matter to the rules,
so a box holds a rank (0 when empty).  A move is an int: `b` places the
card to play in box b (0-15); `TEN + b` takes away the 10 in box b; `PAIR +
16a + b` takes away the pair in boxes a < b.  Boxes of one kind (corners,
top and bottom middles, side middles, the four centre boxes) take the same
cards, so the key sorts each kind's boxes.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING

from ..moves import Move

if TYPE_CHECKING:
    from .dammit import Dammit

TEN, PAIR = 16, 32
KINDS = ((0, 3, 12, 15), (1, 2, 13, 14), (4, 7, 8, 11), (5, 6, 9, 10))
CENTRE = KINDS[3]
# The boxes each rank may go in, best first as the hint strategy has it: a
# number card in a centre box before an edge box a face card may need.
BOXES_FOR = {13: KINDS[0], 12: KINDS[1], 11: KINDS[2]}
NUMBER_BOXES = CENTRE + tuple(b for b in range(16) if b not in CENTRE)
KIND_OF = {box: kind for kind, boxes in enumerate(KINDS) for box in boxes}
FACE_OF_KIND = (13, 12, 11)
FACE_BOXES = tuple(BOXES_FOR.items())


def removable(grid: list[int]) -> bool:
    """Whether the grid holds a 10 or two cards adding up to ten."""
    seen = [False] * 11
    for rank in grid:
        if 0 < rank <= 10:
            if rank == 10 or seen[10 - rank]:
                return True
            seen[rank] = True
    return False


def after_clearing(counts: list[int]) -> None:
    """The ranks left in a full grid once it is cleared (`counts` by rank, changed).

    Clearing goes on while a 10 or a pair adding up to ten is left, so
    however the pairs are chosen, every 10 goes, the smaller count of each
    pair of ranks goes with as many of the other, and the 5s go two by two.
    """
    counts[10] = 0
    for rank in range(1, 5):
        gone = min(counts[rank], counts[10 - rank])
        counts[rank] -= gone
        counts[10 - rank] -= gone
    counts[5] &= 1


def doomed_ahead(grid: list[int], deck: list[int], clearing: bool) -> bool:
    """Whether the game is lost whatever boxes the cards go in.

    Which ranks are left after each clearing does not depend on any choice
    (`after_clearing`), so neither do the cards that fill the grid each
    time.  It is lost when a full grid with cards still to come has nothing
    to take away, or when the face cards that come while the grid fills
    are more than the face boxes free: the number cards kept beyond the
    four centre boxes must sit in face boxes.
    """
    counts = [0] * 14
    for rank in grid:
        counts[rank] += 1
    counts[0] = 0
    if clearing:
        after_clearing(counts)
    place = 0
    while place < len(deck):
        faces = counts[11] + counts[12] + counts[13]
        kept = sum(counts[1:11])
        empty = 16 - faces - kept
        coming = deck[place:place + empty]
        for rank in coming:
            counts[rank] += 1
        place += empty
        new_faces = counts[11] + counts[12] + counts[13] - faces
        if new_faces > 12 - faces - max(0, kept - 4):
            return True
        if place < len(deck):
            if not removable([rank for rank in range(1, 11) for _ in range(counts[rank])]):
                return True
            after_clearing(counts)
    return False


# The key keeps, for each kind of box, how many cards of each rank it holds
# (three bits a rank: at most four), one kind after another in one int.
KIND_BITS = 42
BOX_KIND = [KIND_OF[box] for box in range(16)]
WEIGHT = [[1 << (KIND_BITS * BOX_KIND[box] + 3 * rank) for rank in range(14)]
          for box in range(16)]
CLEARING_BIT = 1 << (KIND_BITS * 4)
NEXT_SHIFT = KIND_BITS * 4 + 1
NEVER_NEEDED, CENTRE_NEEDED = 1 << 19, 1 << 20


def removable_counts(count: list[int]) -> bool:
    """`removable` for a grid given as how many cards of each rank it holds."""
    return bool(count[10] or count[5] > 1 or (count[1] and count[9]) or (count[2] and count[8])
                or (count[3] and count[7]) or (count[4] and count[6]))


class DammitSearch:
    """The 16 boxes (ranks), the ranks still to place (next first), and whether
    a full grid is being cleared.

    Push and pop keep up to date what the hot loop asks most, so that it
    seldom walks the grid: how many cards of each rank the grid holds
    (`count`, the empty boxes as rank 0) and the key as one int (`code`).
    """

    def __init__(self, game: Dammit) -> None:
        from .dammit import BOXES
        self._box_ids = BOXES
        self.grid = [pile[-1].rank if pile else 0 for pile in map(game.piles.__getitem__, BOXES)]
        self.deck = deck = [card.rank for card in reversed(game.piles["stock"])]
        self.end = len(deck)
        self.next = 0
        self.clearing = game.clearing
        # How many of each rank are still to be placed.
        self.still = [0] * 14
        for rank in deck:
            self.still[rank] += 1
        self.count = [0] * 14
        self.code = 0
        for box, rank in enumerate(self.grid):
            self.count[rank] += 1
            if rank:
                self.code += WEIGHT[box][rank]
        # Each move; a pair with the rank of its first card above the bits.
        self._undo: list[int] = []
        # Where each rank comes in the deck (its places in `deck`, in order);
        # for each place how many of each rank come before it, and where each
        # rank comes next from there (past the end when it never does).
        self.places: list[list[int]] = [[] for _ in range(14)]
        for place, rank in enumerate(deck):
            self.places[rank].append(place)
        self.before: list[list[int]] = []
        seen = [0] * 14
        for rank in deck:
            self.before.append(list(seen))
            seen[rank] += 1
        self.before.append(seen)
        self.comes_next = [[self.end + 1] * (self.end + 1) for _ in range(14)]
        for place in range(self.end - 1, -1, -1):
            for rank in range(14):
                self.comes_next[rank][place] = self.comes_next[rank][place + 1]
            self.comes_next[deck[place]][place] = place
        # Decided once for the position and everything that follows it (see
        # `doomed_ahead`: the timeline it checks is the same for all of them).
        self._doomed = doomed_ahead(self.grid, deck, self.clearing)

    def moves(self) -> list[int]:
        grid = self.grid
        if self.next == self.end:
            return []
        if not self.clearing:
            rank = self.deck[self.next]
            if rank > 10:
                return [box for box in BOXES_FOR[rank] if not grid[box]]
            free = [box for box in NUMBER_BOXES if not grid[box]]
            if len(free) > 1:
                # A number card in a face card's box must go again before that
                # box is needed: try first the kinds whose face cards need
                # their free boxes latest (the centre needs none).
                needed = [self._kind_needed_at(kind) for kind in range(3)]
                needed.append(CENTRE_NEEDED)
                free.sort(key=lambda box: needed[BOX_KIND[box]], reverse=not self.centre_last)
            return free
        count = self.count
        out = [TEN + box for box in range(16) if grid[box] == 10] if count[10] else []
        for first in range(16):
            rank = grid[first]
            if 0 < rank < 10 and count[10 - rank] > (rank == 5):
                want = 10 - rank
                out.extend(PAIR + 16 * first + second for second in range(first + 1, 16)
                           if grid[second] == want)
        return out

    # The solver's two move orders (see `solver.search`): number cards where
    # face cards need the box latest first, or soonest first.
    orderings = 2
    centre_last = False

    def use_ordering(self, number: int) -> None:
        self.centre_last = number == 1

    def _kind_needed_at(self, kind: int) -> int:
        """When the face cards of a kind will need one of its boxes, if a number
        card takes it now: the place in the deck of the face card that then
        finds every box of its kind taken (`NEVER_NEEDED` when none will)."""
        grid = self.grid
        one, two, three, four = KINDS[kind]
        free = (not grid[one]) + (not grid[two]) + (not grid[three]) + (not grid[four])
        if not free:
            return NEVER_NEEDED    # no box of the kind to sort
        face = FACE_OF_KIND[kind]
        at = self.before[self.next][face] + free - 1
        faces = self.places[face]
        return faces[at] if at < len(faces) else NEVER_NEEDED

    def forced_move(self) -> int | None:
        # Clearing goes on while a 10 is left, so every 10 goes in the end, and
        # taking one away changes no other choice: first is as good as later.
        if self.clearing and self.count[10]:
            return TEN + self.grid.index(10)
        return None

    def push(self, move: int) -> None:
        grid, count = self.grid, self.count
        if move < TEN:
            self._undo.append(move)
            rank = grid[move] = self.deck[self.next]
            self.still[rank] -= 1
            count[rank] += 1
            count[0] -= 1
            self.code += WEIGHT[move][rank]
            self.next += 1
            if self.next < self.end:
                self.clearing = not count[0]
            return
        if move < PAIR:
            box = move - TEN
            self._undo.append(move)
            grid[box] = 0
            count[10] -= 1
            count[0] += 1
            self.code -= WEIGHT[box][10]
        else:
            first, second = (move - PAIR) >> 4, (move - PAIR) & 15
            one, two = grid[first], grid[second]
            self._undo.append(move | one << 9)
            grid[first] = grid[second] = 0
            count[one] -= 1
            count[two] -= 1
            count[0] += 2
            self.code -= WEIGHT[first][one] + WEIGHT[second][two]
        self.clearing = removable_counts(count)

    def pop(self) -> None:
        # A card is placed only while the grid is not being cleared, and
        # taken away only while it is: so the move says what `clearing` was.
        move = self._undo.pop()
        grid, count = self.grid, self.count
        if move < TEN:
            self.next -= 1
            rank = grid[move]
            self.still[rank] += 1
            count[rank] -= 1
            count[0] += 1
            self.code -= WEIGHT[move][rank]
            grid[move] = 0
            self.clearing = False
            return
        self.clearing = True
        if move < PAIR:
            box = move - TEN
            grid[box] = 10
            count[10] += 1
            count[0] -= 1
            self.code += WEIGHT[box][10]
            return
        one = move >> 9
        two = 10 - one
        move &= 511
        first, second = (move - PAIR) >> 4, (move - PAIR) & 15
        grid[first], grid[second] = one, two
        count[one] += 1
        count[two] += 1
        count[0] -= 2
        self.code += WEIGHT[first][one] + WEIGHT[second][two]

    def key(self) -> int:
        # Boxes of one kind take the same cards, so only how many of each
        # rank a kind holds matters (the code), with the cards still to
        # place and whether the grid is being cleared.
        return (self.code + ((self.end - self.next) << NEXT_SHIFT)
                + (CLEARING_BIT if self.clearing else 0))

    def is_won(self) -> bool:
        return self.next == self.end

    def is_dead(self) -> bool:
        """A face card still to come that will find no box, or a full grid with
        nothing to take away ahead.

        Face cards never leave the grid, so the four boxes of their kind must
        in the end hold all four of them.  A number card in one of those boxes
        that has no partner left anywhere (in the grid or still to come; a 10
        always goes alone) is there for good, and the last card of that kind
        will find no box.
        """
        if self._doomed:
            return True
        grid, still, count = self.grid, self.still, self.count
        start = self.next
        if not self.clearing:
            # Nothing leaves the grid until it is full: the face cards among
            # the cards that will fill it must each find a box of their kind now.
            end = min(start + count[0], self.end)
            now, then = self.before[start], self.before[end]
            for face, (one, two, three, four) in FACE_BOXES:
                if then[face] - now[face] > ((not grid[one]) + (not grid[two])
                                             + (not grid[three]) + (not grid[four])):
                    return True
            # Wherever they go, these cards fill the grid: with cards still to
            # come after them, something in it must then be taken away.
            if end < self.end and not removable_counts(
                    [count[rank] + then[rank] - now[rank] for rank in range(11)]):
                return True
        for face, boxes in FACE_BOXES:
            if still[face] and self._face_boxes_stay_blocked(face, boxes):
                return True
        return False

    def _face_boxes_stay_blocked(self, face: int, boxes: tuple[int, ...]) -> bool:
        """Whether some face card still to come provably finds no box of its kind.

        Every box of the kind must end with one of its face cards, so each
        number card in one must be taken away, and the first face card to
        come after the free boxes are used needs one gone before it is
        placed, the next one two, and so on.  A number card can only go with
        its partner in the grid at the same time: already there, or placed
        before that face card comes (a 10 goes alone).  So with the times
        the number cards can first go in order, the n-th must come before
        the face card that needs n gone.
        """
        grid, count, start = self.grid, self.count, self.next
        free = 0
        can_go_at: list[int] = []
        for box in boxes:
            rank = grid[box]
            if not rank:
                free += 1
            elif rank <= 10:
                want = 10 - rank
                can_go_at.append(-1 if not want or count[want] > (want == rank)
                                 else self.comes_next[want][start])
        if not can_go_at:
            return False
        can_go_at.sort()
        faces = self.places[face]
        first = self.before[start][face] + free
        for need, at in enumerate(can_go_at):
            if at >= faces[first + need]:
                return True
        return False

    def public_move(self, move: int) -> Move:
        ids = self._box_ids
        if move < TEN:
            return Move("place", dst=ids[move])
        if move < PAIR:
            return Move("remove", piles=(ids[move - TEN],))
        return Move("remove", piles=(ids[(move - PAIR) >> 4], ids[(move - PAIR) & 15]))

    # -- the game-over search (`oversearch`): `moves()` leaves no legal move out.
    def cards_home(self) -> int:
        return 52 - (self.end - self.next)      # cards placed, as `Dammit.score`

    def cards_unseen(self) -> int:
        # The stock's cards lie face down, but for the card to play, which
        # is shown except while a full grid is cleared (`Dammit._apply`).
        left = self.end - self.next
        return left - 1 if left and not self.clearing else left
