"""Klondike's cards as the solver sees them: tables by small card, and the waits.

A card is a small int (`searchstate.small_card`), with `DOWN` added while it
lies face down.  The tables here answer in one lookup what the search asks
at every position (a card's rank, colour, the two cards it may go onto);
the waits are what the stuck-set tests (`klondike_stuck`'s `_stuck_in_runs` and
`klondike_deadends`) read from a pile.  Both modules import them from here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..searchstate import RANK_MASK, SUIT_SHIFT

# The search's moves (`KlondikeSearch`), as kept in its undo list too:
# (TO_HOME, src) / (RUN, src, count, dst) a run of the stacks;
# (WASTE_HOME, j, recycles) / (WASTE_RUN, j, recycles, dst) talon card j,
# reached after turning the waste over `recycles` more times.
TO_HOME, RUN, WASTE_HOME, WASTE_RUN = 0, 1, 2, 3

DOWN = 64          # added to a face-down card
FACE = 63          # masks DOWN off
# Tables by small card (`small_card`; the places between cards are never looked at).
CARDS = range(64)
SUIT = tuple(card >> SUIT_SHIFT for card in CARDS)
RANK = tuple((card & RANK_MASK) - 1 for card in CARDS)          # 0 = Ace, 12 = King
RED = tuple(SUIT[card] in (1, 2) for card in CARDS)
KING = 12
# The two suits of the other colour, and the other suit of the same colour.
OTHER_COLOUR = ((1, 2), (0, 3), (0, 3), (1, 2))
SAME_OTHER = (3, 2, 1, 0)
# The two cards of the other colour one higher: where a card may go in the stacks.
PARENTS = tuple(tuple(card + 1 + ((suit - SUIT[card]) << SUIT_SHIFT)
                      for suit in OTHER_COLOUR[SUIT[card]])
                if 0 <= RANK[card] < KING else () for card in CARDS)

# A card's rank and colour as one int, and the one a card at the top of a
# stack takes (-1 for an Ace): a card fits where FITS[card] == WANTS[top].
FITS = tuple(RANK[card] * 2 + RED[card] for card in CARDS)
WANTS = tuple((RANK[card] - 1) * 2 + (not RED[card]) if RANK[card] > 0 else -1 for card in CARDS)


# The stuck-set tests' cards (`klondike_stuck`'s `_stuck_in_runs`,
# `klondike_deadends`) as bits of an int (a card's bit: 1 << its small
# card): a card's lower cards of its suit, its places, and the first n cards
# of each suit (those home when n are).
LOWER_BITS = tuple(sum(1 << low for low in range(card - RANK[card], card)) if RANK[card] >= 0
                   else 0 for card in CARDS)
PARENT_BITS = tuple(sum(1 << parent for parent in PARENTS[card]) for card in CARDS)
HOME_BITS = tuple(tuple(sum(1 << (suit << SUIT_SHIFT | rank) for rank in range(1, n + 1))
                        for n in range(14)) for suit in range(4))

# A card that may be stuck, for `_stuck_in_runs`: the cards it covers, the
# lower cards of its suit, its places not under it, its own bit when it lies
# in the waste pile or the deck (no card can go onto it there) else 0, and
# whether it lies on a face-up card.
BitWait = tuple[int, int, int, int, bool]


def bits(cards: Sequence[int]) -> int:
    out = 0
    for card in cards:
        out |= 1 << (card & FACE)
    return out


def bit_waits(pile: bytes) -> list[BitWait]:
    """A stack's cards for `_stuck_in_runs`: each card face down or the
    lowest face up with cards under it (they wait for it, as in `_wait`),
    and each face-up card on a face-up card (which alone waits for it).
    No King: it can go into an empty stack; no Ace: no card of its suit is lower."""
    waits: list[BitWait] = []
    for depth in range(1, len(pile)):
        card = pile[depth] & FACE
        if not 0 < RANK[card] < KING:
            continue
        if pile[depth - 1] >= DOWN:     # the cards under it are face down
            under = bits(pile[:depth])
            waits.append((under, LOWER_BITS[card], PARENT_BITS[card] & ~under, 0, False))
        else:
            under = 1 << pile[depth - 1]
            waits.append((under, LOWER_BITS[card], PARENT_BITS[card] & ~under, 0, True))
    return waits


def pile_waits(pile: bytes) -> list[BitWait]:
    """Cards lying in order in the waste pile or the deck, each waiting for
    the ones on it (`_stuck_in_runs`): from the second card up, no King or Ace."""
    waits: list[BitWait] = []
    for depth in range(1, len(pile)):
        card = pile[depth]
        if 0 < RANK[card] < KING:
            waits.append((bits(pile[:depth]), LOWER_BITS[card], PARENT_BITS[card], 1 << card,
                          False))
    return waits


# A pile's `BitWait`s with what `_stuck_in_runs` first looks at: all the
# cards they cover, their own bits in the waste pile or the deck, and the
# places of those that lie on a face-up card.
WaitSummary = tuple[list[BitWait], int, int, int]

# A `BitWait` with no lower card of its suit, so it is never stuck (`_new_wait`).
NO_WAIT: BitWait = (0, 0, 0, 0, True)


def pile_summary(waits: list[BitWait]) -> WaitSummary:
    held = stays = new_places = 0
    for wait in waits:
        held |= wait[0]
        stays |= wait[3]
        if wait[4]:
            new_places |= wait[2]
    return waits, held, stays, new_places
