"""More proved dead ends for Klondike's search (`klondike_search`): the
stuck sets of `klondike_stuck`'s `_stuck_in_runs` with two more kinds of card
that may be one of them.

- Every card of the deck and the waste pile (`_talon_waits`).  Wherever it
  lies there, no card can go onto it (cards go only onto cards in the
  stacks), and it leaves only home or onto one of its places, like a card
  of a stack that covers nothing.  So it is one of a stuck set as such a
  card would be, and while it is, it is no free place for another card.
  (`_stuck_in_runs` counts every card of the deck past `_deck_front` as a
  free place, as it may come out.)  Draw three deal 100 is lost this way
  from its first position: the 7 of spades lies face down on the 2 of
  diamonds and both black 9s, and neither red 8 ever comes out of the deck
  to take it: each goes only onto a black 9 or home after its 2 (the 2 of
  hearts is the deck's first card, which shows only after the 8 of hearts
  is taken, `_deck_front`).
- A King lying on face-down cards (`_king_waits`, `EMPTY_STACK`).

The proof is `is_dead`'s, word for word: take the first card of the set
ever to leave where it is.  Until then none of the others has left, so
the lower card of its suit held under one of them (in a stack, or before
it at the front of the deck) is not home, and each of its places is home, under one of them, or in the deck
or the waste pile as one of them; so it cannot leave.  No card of the set
ever leaves, and the cards under them never come home: the game is lost.

`stuck_in_runs` is asked where `_stuck_in_runs` is asked on its own three
at a time (where the cards face down, home or at the front of the deck are
new; one at a time `_stuck_in_runs` stays as it is).  Asked after every
move it decides one more of draw three deals 1-200 within 60,000 positions
(deal 40, lost) but halves the positions searched a second.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .klondike_cards import (DOWN, FACE, HOME_BITS, KING, LOWER_BITS, PARENT_BITS, RANK, BitWait,
                             bit_waits, bits, pile_summary)

if TYPE_CHECKING:
    from .klondike_search import KlondikeSearch


def stuck_in_runs(state: KlondikeSearch, waste: bool) -> bool:
    """`_stuck_in_runs` on its own (`alone`), with the cards of the deck and
    the waste pile (where `state._talon_waits_too`) and the Kings lying on
    face-down cards (where `state._kings_too`) too; `waste` as there.  A
    stuck set found is kept (`_keep_stuck_set`): `is_dead` looks for the
    last ones first.
    """
    waits, held, stays, home, empty, bottoms = gathered_waits(state, waste)
    # The cards held in place: under a card that lies on face-down cards
    # (or in the waste pile), not only under one lying on a face-up card
    # (that one may move on with it).
    fixed = 0
    for wait in waits:
        if not wait[4]:
            fixed |= wait[0]
    while True:
        blocked = home | held | stays
        if not empty and not bottoms & ~fixed:
            blocked |= EMPTY_STACK
        free = ~blocked
        keep = []
        now_held = now_stays = now_fixed = 0
        for wait in waits:
            under, lower, places, own, on_run = wait
            if lower & held and not places & free:
                keep.append(wait)
                now_held |= under
                now_stays |= own
                if not on_run:
                    now_fixed |= under
        if len(keep) == len(waits):
            if keep:
                state._keep_stuck_set(waste, keep, home)
                return True
            return False
        waits, held, stays, fixed = keep, now_held, now_stays, now_fixed


# A King lying on face-down cards leaves them only home or into an empty
# stack: its one "place" is this bit (no card's).  No stack is empty while
# each stack's bottom card stays, and a stack's bottom card under a card of
# a stuck set that lies on face-down cards stays (the card never leaves, and
# the face-down cards under it never turn up; a card lying on a face-up
# card may move on with it, so that one does not count).  So while no stack
# is empty and every bottom card is held so, that place is not free: then a
# King can be one of a stuck set as any other card (the proof in `is_dead`).
EMPTY_STACK = 1 << 62


def gathered_waits(state: KlondikeSearch, waste: bool
                   ) -> tuple[list[BitWait], int, int, int, bool, int]:
    """Every card that may be one of a stuck set here (the stacks' runs, and
    as `stuck_in_runs` says, the Kings on face-down cards and the cards of
    the deck and the waste pile), with the memos of `state`; and the cards
    they hold under them, the cards kept where they are, the cards home,
    whether a stack is empty, and the stacks' bottom cards."""
    memo, kings = state._run_waits, state._king_waits
    if len(memo) > 50_000:   # bounded memos (the first shared with `_stuck_in_runs`)
        memo.clear()
    if len(kings) > 50_000:
        kings.clear()
    held = bottoms = 0
    waits: list[BitWait] = []
    empty = False
    for pile in state.tab:
        if not pile:
            empty = True
            continue
        mine = memo.get(pile)
        if mine is None:
            mine = memo[pile] = pile_summary(bit_waits(pile))
        waits += mine[0]
        held |= mine[1]
        bottoms |= 1 << (pile[0] & FACE)
        king = kings.get(pile) if state._kings_too else ()
        if king is None:
            king = kings[pile] = _king_waits(pile)
        if king:
            waits += king
            for wait in king:
                held |= wait[0]
    stays = 0
    in_order = state.talon[:state.pos] if waste else state._deck_front()
    if in_order:
        extra = state._bit_waits_in(in_order)
        waits += extra[0]
        held |= extra[1]
        stays = extra[2]
    talon = state.talon
    if talon and state._talon_waits_too:
        in_talon = state._talon_waits.get(talon)
        if in_talon is None:
            if len(state._talon_waits) > 50_000:
                state._talon_waits.clear()
            in_talon = state._talon_waits[talon] = _talon_waits(talon)
        waits += in_talon[0]
        stays |= in_talon[1]
    found = state.found
    home = (HOME_BITS[0][found[0]] | HOME_BITS[1][found[1]] | HOME_BITS[2][found[2]]
            | HOME_BITS[3][found[3]])
    return waits, held, stays, home, empty, bottoms

def _talon_waits(talon: bytes) -> tuple[list[BitWait], int]:
    """Each card of the deck and the waste pile as one of a stuck set
    (`stuck_in_runs`), and their bits.  Wherever it lies there, no card can
    go onto it, and it leaves only home or onto a place (a King: into an
    empty stack, `EMPTY_STACK`), like a card of a stack that covers
    nothing: so it is one of a stuck set as such a card would be (the proof
    in `is_dead`), and while it is, it is no free place for another."""
    waits: list[BitWait] = []
    bits = 0
    for card in talon:
        if RANK[card]:
            waits.append((0, LOWER_BITS[card],
                          EMPTY_STACK if RANK[card] == KING else PARENT_BITS[card], 1 << card, False))
            bits |= 1 << card
    return waits, bits


def _king_waits(pile: bytes) -> list[BitWait]:
    """A stack's Kings lying on face-down cards, for `stuck_in_runs`."""
    return [(bits(pile[:depth]), LOWER_BITS[pile[depth] & FACE], EMPTY_STACK, 0, False)
            for depth in range(1, len(pile))
            if RANK[pile[depth] & FACE] == KING and pile[depth - 1] >= DOWN]
