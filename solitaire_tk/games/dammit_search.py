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


class DammitSearch:
    """The 16 boxes (ranks), the ranks still to place (next first), and whether
    a full grid is being cleared."""

    def __init__(self, game: Dammit) -> None:
        from .dammit import BOXES
        self._box_ids = BOXES
        self.grid = [pile[-1].rank if pile else 0 for pile in map(game.piles.__getitem__, BOXES)]
        self.deck = [card.rank for card in reversed(game.piles["stock"])]
        self.next = 0
        self.clearing = game.clearing
        # How many of each rank are still to be placed.
        self.still = [0] * 14
        for rank in self.deck:
            self.still[rank] += 1
        self._undo: list[tuple[int, bool, int, int]] = []
        # Where each rank comes in the deck (its places in `deck`, in order).
        self.places: list[list[int]] = [[] for _ in range(14)]
        for place, rank in enumerate(self.deck):
            self.places[rank].append(place)
        # Decided once for the position and everything that follows it (see
        # `doomed_ahead`: the timeline it checks is the same for all of them).
        self._doomed = doomed_ahead(self.grid, self.deck[self.next:], self.clearing)

    def moves(self) -> list[int]:
        grid = self.grid
        if self.next == len(self.deck):
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
                free.sort(key=self._box_needed_at, reverse=not self.centre_last)
            return free
        out = [TEN + box for box in range(16) if grid[box] == 10]
        for first in range(16):
            rank = grid[first]
            if 0 < rank < 10:
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

    def _box_needed_at(self, box: int) -> int:
        """When the face cards of this box's kind will need it, if a number card
        takes it now: the place in the deck of the face card that then finds
        every box of its kind taken (past the end when none will)."""
        if box in CENTRE:
            return 1 << 20
        kind = KIND_OF[box]
        free = sum(1 for other in KINDS[kind] if not self.grid[other])
        faces = self.places[FACE_OF_KIND[kind]]
        at = bisect_left(faces, self.next) + free - 1
        return faces[at] if at < len(faces) else 1 << 19

    def forced_move(self) -> int | None:
        # Clearing goes on while a 10 is left, so every 10 goes in the end, and
        # taking one away changes no other choice: first is as good as later.
        if self.clearing:
            for box in range(16):
                if self.grid[box] == 10:
                    return TEN + box
        return None

    def push(self, move: int) -> None:
        grid = self.grid
        if move < TEN:
            self._undo.append((move, self.clearing, 0, 0))
            rank = grid[move] = self.deck[self.next]
            self.still[rank] -= 1
            self.next += 1
            if self.next < len(self.deck):
                self.clearing = 0 not in grid
            return
        if move < PAIR:
            box = move - TEN
            self._undo.append((move, self.clearing, 10, 0))
            grid[box] = 0
        else:
            first, second = (move - PAIR) >> 4, (move - PAIR) & 15
            self._undo.append((move, self.clearing, grid[first], grid[second]))
            grid[first] = grid[second] = 0
        self.clearing = removable(grid)

    def pop(self) -> None:
        move, self.clearing, one, two = self._undo.pop()
        if move < TEN:
            self.next -= 1
            self.still[self.grid[move]] += 1
            self.grid[move] = 0
        elif move < PAIR:
            self.grid[move - TEN] = one
        else:
            self.grid[(move - PAIR) >> 4] = one
            self.grid[(move - PAIR) & 15] = two

    def key(self) -> bytes:
        grid = self.grid
        return bytes((len(self.deck) - self.next, self.clearing,
                      *sorted((grid[0], grid[3], grid[12], grid[15])),
                      *sorted((grid[1], grid[2], grid[13], grid[14])),
                      *sorted((grid[4], grid[7], grid[8], grid[11])),
                      *sorted((grid[5], grid[6], grid[9], grid[10]))))

    def is_won(self) -> bool:
        return self.next == len(self.deck)

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
        grid, still = self.grid, self.still
        if not self.clearing:
            # Nothing leaves the grid until it is full: the face cards among
            # the cards that will fill it must each find a box of their kind now.
            empty = grid.count(0)
            coming = self.deck[self.next:self.next + empty]
            for face, boxes in BOXES_FOR.items():
                if still[face]:
                    free = sum(1 for box in boxes if not grid[box])
                    if coming.count(face) > free:
                        return True
            # Wherever they go, these cards fill the grid: with cards still to
            # come after them, something in it must then be taken away.
            if self.next + empty < len(self.deck) and not removable(grid + coming):
                return True
        for face, boxes in BOXES_FOR.items():
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
        before that face card comes (a 10 goes alone).
        """
        grid, places, start = self.grid, self.places, self.next
        blocked = [grid[box] for box in boxes if 0 < grid[box] <= 10]
        if not blocked:
            return False
        free = sum(1 for box in boxes if not grid[box])
        faces = places[face]
        first = bisect_left(faces, start)
        for need in range(1, len(blocked) + 1):
            # The face card that needs `need` boxes freed (one is always to come).
            before = faces[first + free + need - 1]
            can_go = 0
            for rank in blocked:
                want = 10 - rank
                if not want or grid.count(want) > (want == rank):
                    can_go += 1
                    continue
                want_places = places[want]
                at = bisect_left(want_places, start)
                if at < len(want_places) and want_places[at] < before:
                    can_go += 1
            if can_go < need:
                return True
        return False

    def public_move(self, move: int) -> Move:
        ids = self._box_ids
        if move < TEN:
            return Move("place", dst=ids[move])
        if move < PAIR:
            return Move("remove", piles=(ids[move - TEN],))
        return Move("remove", piles=(ids[(move - PAIR) >> 4], ids[(move - PAIR) & 15]))

