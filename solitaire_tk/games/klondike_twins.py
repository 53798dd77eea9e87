"""Which of two twins a run lies on, for Klondike's search: two rules that
let it meet once positions that differ only so (`KlondikeSearch.moves`
and `forced_move` ask them in long searches, see below).

Twins are the two cards of one rank and colour (the 8 of clubs and the 8 of
spades): a card that fits one fits the other.  Say twins y and b lie face
up in the stacks, and exchange what lies on them (the run on each, either
may be none): the *mirror* position.  The two are won or lost alike:
- Every move has a mirror move that keeps the two positions so exchanged:
  a move of cards lying above y or b moves the same cards; a move onto
  such a card goes onto the same card; a move onto y itself (nothing lies
  on it) goes onto b, on which nothing lies in the mirror; a move of y (or
  b) with what lies on it moves the same card with what lies on it there
  (where it goes is no card above y or b: it is one rank higher).  The
  deck, the cards home, the face-down cards and the other cards stay the
  same in both.
- Until y or b goes home: then nothing lies on it, so in the mirror
  nothing lies on its twin, and moving what lies on it onto the twin (its
  first card fits there) makes the two positions the same.
So a winning line from one position, mirrored, wins from the other with at
most one more move, a *swap* (a run moved off a card onto its twin).

The rules (never where y or b is the next card of its suit to go home:
which of them is free then matters at once):
- Cards that may go onto either of two twins, both free on top of a stack,
  go only onto the one of the lower suit (clubs, diamonds), as the other
  move leads to the mirror (`lower_twin_only`).
- A run on a twin of the higher suit (spades, hearts) whose twin lies free
  moves onto the twin, as a forced move: after it the position is the
  mirror of the one before (`twin_swap`).

The search still finds a win wherever there is one.  Count a winning
line's moves that are not swaps.  A position and its mirror need as many
(the one more move is a swap), and so do a position and the one after a
swap (it can be swapped back); the safe moves home (`is_safe_home`) need
no more (the line that takes the card home first drops the card's own
moves, and takes home instead the card it put onto it, which never moves
again).  Of the winning lines with the fewest such moves, one makes each
swap just before the move that takes home the card it frees (as `moves`
proves, a swap can always wait until then), and no such line starts with
a move `moves` leaves out (its proofs put off or drop a move, and need no
more moves that are not swaps), so its first move is one the search makes: a
move that is no swap, after which fewer such moves are left (the mirror's,
where `lower_twin_only` chose the other twin), or a swap (kept, as the
card it frees can go home), after which as many are left and the next is
a move home.  The forced moves after it keep that: the forced swaps never
undo such a swap (the card it freed goes home next), and a move home of y
or b, the one move whose mirror may need a swap first, is not next.  So
from each position searched that can be won, a move searched leads to one
that can be won with fewer moves that are not swaps, or with as many and a
move that is not a swap next; and the position searched with the fewest
(then with a move that is not a swap next) would have led to one with
fewer: none of them is lost by the search.

Only where the search cuts no position met with the deck further on
(`KlondikeSearch.is_dominated`, whose proof counts every move: draw one
with three passes), so three at a time with no limit on passes and one
at a time with one pass; and only in long searches, as `klondike_fought`:
a hint's line then has no forced swap in it.  Deals 1-200 of draw three
within 60,000 positions each: deal 82 is proved winnable (in 9,463
positions; it took 169,139 without), and of the deals lost, 187 is proved
so in 91,999 positions (115,727 without), 40 in 174,403 (249,357) and 45
in 194,482 (247,390), at about a sixth more work a position (positions
that differ only so are cheap to search).  One pass, deals 1-200 within
60,000 positions each: 10 more deals proved lost (21 left undecided, 31
before), no verdict changed, 19% fewer positions and 7% less processor
time in all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..searchstate import SUIT_SHIFT
from .klondike_cards import RUN, TO_HOME

if TYPE_CHECKING:
    from .klondike_search import KlondikeSearch

# A card's twin is `card ^ TWIN` (clubs with spades, diamonds with hearts:
# suits 0 and 3, 1 and 2); the higher suits have the bit HIGHER.
TWIN = 3 << SUIT_SHIFT
HIGHER = 2 << SUIT_SHIFT
# How many of the last moves `twin_swap` looks at, at most.
LOOK_BACK = 4


def twin_swap(state: KlondikeSearch) -> tuple[int, int, int, int] | None:
    """The swap to play here (see the module), or None: a run on a face-up
    card of the higher suits moved onto its twin, free on top of a stack,
    where neither is the next card of its suit.

    Looked for only where the last moves left a card free on top of the
    stack they took cards from: the search puts no card onto the higher
    twin while the lower one is free (`lower_twin_only`), nor does a swap,
    and the cards home changing never makes a pair to swap (a card stops
    being the next of its suit only by going home).  So it looks at the
    last move, and past it while that was a move home or a swap (the
    forced moves after a move: a card safe home may be taken first).  A
    pair it misses (as in the position a search starts from) is only
    searched twice."""
    undo = state._undo
    look = len(undo)
    stop = max(0, look - LOOK_BACK)
    while look > stop:
        look -= 1
        last = undo[look]
        kind = last[0]
        if kind != RUN and kind != TO_HOME:
            return None
        pile = state.tab[last[1]]
        if pile:
            top = pile[-1]
            if not top & HIGHER and top not in state.nexts:
                swap = _swap_onto(state, top)
                if swap is not None:
                    return swap
        # (A swap took a run off the twin of the card it put it onto.)
        if kind == RUN and (not last[5] or last[5][-1] ^ TWIN not in last[2]):
            return None
    return None


def _swap_onto(state: KlondikeSearch, free: int) -> tuple[int, int, int, int] | None:
    """The swap onto `free` (a card of a lower suit free on top of a stack)
    from its twin, if something lies on that one."""
    card = free ^ TWIN
    # (A face-down card carries `DOWN`, so it is never this one.)
    if card in state.nexts or card not in b"".join(state.tab):
        return None
    tab, down = state.tab, state.down
    src = dst = -1
    count = 0
    for index, pile in enumerate(tab):
        if pile:
            if pile[-1] == free:
                dst = index
            else:
                depth = pile.find(card, down[index], len(pile) - 1)
                if depth >= 0:
                    src, count = index, len(pile) - depth - 1
    return (RUN, src, count, dst) if src >= 0 and dst >= 0 else None


def lower_twin_only(tab: list[bytes], onto: list[int], stack: int, nexts: set[int]) -> bool:
    """For `KlondikeSearch.moves`: `stack`'s top card and that of `onto`'s
    one stack are twins, both free.  Unless one of them is the next card of
    its suit, `onto` keeps the stack of the twin of the lower suit alone
    (cards put onto the other lead to the mirror position, see the module)
    and True is returned; else False (both stay)."""
    top, other = tab[stack][-1], tab[onto[0]][-1]
    if top in nexts or other in nexts:
        return False
    if not top & HIGHER:
        onto[0] = stack
    return True
