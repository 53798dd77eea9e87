"""Where a proof of a Klondike dead end (a stuck set `klondike_stuck` keeps,
or a place fought over, `klondike_fought`) still holds, told from the
position in a few steps.

A set of waits (`klondike_cards.BitWait`) proved a position dead: a set
stuck, or the set stuck while a place is blocked that stays stuck after
whichever of its cards goes onto the place first.  That proof asks only
that each of those waits is there (what the card is and what it lies on)
and that the places they need home are home: so it holds in every
position where they all are, however the other cards lie.  Each kind of
wait is there exactly when:

- a card lying on face-down cards: at least as many of its stack's cards
  are face down as lay under it (they never move, and the card on them
  leaves only when the top one of them turns up);
- a card lying on a face-up card: it still lies on that card;
- a card of the deck or the waste pile: it is still there;
- a card of the waste pile (or the front of the deck) waiting for those
  before it: the pile's cards from the bottom up to it are the same.

An empty stack blocked by the set stays blocked: each of the seven stacks'
bottom cards was under a card of the set lying on face-down cards, so each
stack keeps those cards.  More cards home only block more places.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .klondike_cards import HOME_BITS, PARENT_BITS, BitWait

if TYPE_CHECKING:
    from .klondike_stuck import StuckSets

# The cards home the proof needs; (stack, how many face down) for each card
# lying on face-down cards; (card under, card) for each card lying on a
# face-up card; the cards of the deck and waste (as bits); the waste pile
# (or deck front) from the bottom up to the last card of the set in it.
Proof = tuple[int, tuple[tuple[int, int], ...], tuple[bytes, ...], int, bytes]


def proof_of(state: StuckSets, waste: bool, waits: list[BitWait], home: int) -> Proof:
    """The proof that `waits` (a stuck set, or as `klondike_fought.fought_place` gives them)
    make, in the terms `proved_here` looks at; `waste` as in `is_dead`."""
    stack_of = state._stack_of
    on_down: list[tuple[int, int]] = []
    on_cards: list[bytes] = []
    in_talon = in_order = needs = 0
    for under, lower, places, own, on_run in waits:
        # (The places a card of the set may ever need: its two, also after
        # it goes onto the place fought over.)
        needs |= places | PARENT_BITS[lower.bit_length()]
        if own:
            if under:
                in_order = max(in_order, under.bit_count() + 1)
            else:
                in_talon |= own
        elif on_run:
            # It lies on `under`'s one card; its own card is the one above its lower cards.
            on_cards.append(bytes((under.bit_length() - 1, lower.bit_length())))
        else:
            # Cards face down, all of one stack: any of them says which.
            on_down.append((stack_of[under.bit_length() - 1], under.bit_count()))
    front = (state.talon[:state.pos] if waste else state._deck_front())[:in_order]
    return home & needs, tuple(on_down), tuple(on_cards), in_talon, front


def proved_here(state: StuckSets, waste: bool, home: int, proofs: Iterable[Proof]) -> bool:
    """Whether every wait of one of `proofs` is in this position, with
    `home` the cards home here (so the position is dead for the same
    reason).  (The checks that most often fail come first.)"""
    talon = state.talon
    down = state.down
    in_talon = -1
    stacks = in_order = b""
    for needs, on_down, on_cards, cards, front in proofs:
        if needs & home != needs:
            continue
        if cards:
            if in_talon < 0:
                # (`klondike_deadends` keeps them; else one card or two,
                # the first of the waste pile, are looked for one by one.)
                known = state._talon_waits.get(talon)
                in_talon = 0 if known is None else known[1]
            if in_talon:
                if cards & ~in_talon:
                    continue
            elif not _all_in(cards, talon):
                continue
        if front:
            if not in_order:
                in_order = talon[:state.pos] if waste else state._deck_front()
            if not in_order.startswith(front):
                continue
        for stack, depth in on_down:
            if down[stack] < depth:
                break
        else:
            if not on_cards:
                return True
            if not stacks:
                stacks = b"\xff".join(state.tab)
            for pair in on_cards:
                if stacks.find(pair) < 0:     # (`in` would make and drop an error first)
                    break
            else:
                return True
    return False


def home_of(state: StuckSets) -> int:
    """The cards home, as bits (`klondike_cards.HOME_BITS`)."""
    found = state.found
    return (HOME_BITS[0][found[0]] | HOME_BITS[1][found[1]] | HOME_BITS[2][found[2]]
            | HOME_BITS[3][found[3]])


def _all_in(cards: int, talon: bytes) -> bool:
    """Whether each card of `cards` (as bits) lies in the talon."""
    while cards:
        low = cards & -cards
        if low.bit_length() - 1 not in talon:
            return False
        cards ^= low
    return True
