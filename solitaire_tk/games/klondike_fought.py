"""A dead end for Klondike's search beyond the stuck sets of
`klondike_deadends`: a place two cards fight over.

A stuck set (see `KlondikeSearch.is_dead`) is a set of cards none of which
can ever be the first to leave: each has a lower card of its suit held
under one of them, and each of its places (the two cards it may go onto)
is home, under one of them, or one of them in the deck.  Here one place P
may be free.  Take the set S that is stuck as long as P is not (the
greatest such set, `_stuck`).  The first card W of S ever to leave then
goes onto P: it cannot go home (its lower card is held) nor onto another
place.  Just after, the others of S are where they were and W lies on P,
face up, leaving it only home or onto its other place.  So if, for every
card W of S that may go onto P, the set "S without W, and W lying on P" has
a stuck set in it, the game is lost whatever W goes first: from then on,
that set is stuck (the proof of `is_dead`, with fewer cards home than
there will be, and P now under W).  Two red Queens that both need the King
of clubs (the King of spades is home), each lying on the 10 of its suit
and the Jack the other needs home first, are so: the first onto the King
holds it for good, and the other has no place left.  (Asked where `fought_over_here`
asks it, it finds draw three deal 27's win within 25,789 positions, and
not within 200,000 without it: the cuts leave the search less to go
round.)  Nothing in this proof asks where the other cards lie: S, and the
set stuck after each W, are there wherever their cards lie as they did
(`klondike_proof`).

Cards that cover nothing and lie in the deck leave the set as others do;
the cards W covered are then no longer held; the Kings (whose place is an
empty stack, `klondike_deadends.EMPTY_STACK`) never fight over a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

from .klondike_cards import PARENT_BITS, BitWait
from .klondike_deadends import EMPTY_STACK, gathered_waits
from .klondike_proof import Proof, home_of, proof_of, proved_here

if TYPE_CHECKING:
    from .klondike_search import KlondikeSearch


class FoughtMemo(dict[Hashable, "list[tuple[int, Proof]] | int"]):
    """What `fought_over_here` keeps for a key: the places found and the
    proofs that those positions were dead (`klondike_proof`), or 0 for
    none; the last proofs found under any key (`recent`); how many tests
    in a row found nothing (`misses`) and the new keys met since
    (`spared`); how many times it was asked (`asked`) and how many tests
    were of a key tested before (`retests`)."""

    def __init__(self) -> None:
        super().__init__()
        self.recent: list[Proof] = []
        self.misses = self.spared = 0
        self.asked = self.retests = 0


def fought_over_here(state: KlondikeSearch, waste: bool, memo_key: Hashable) -> bool:
    """`place_fought_over` where `is_dead` asks it (`memo_key` is its memo's
    key: the cards face down, home and at the front of the deck; `waste`
    as there).

    The test costs as much as searching a few dozen positions, so it is
    asked once for each such key where it finds no place fought over (the
    other positions with the same key differ in the runs of face-up cards
    and the deck), and again wherever it found one; such a key is tested
    again with another deck now and then (`RETEST_EVERY`).  But each dead end it
    finds is kept as a proof (`klondike_proof`) that holds wherever its
    cards lie as they did, which takes a few steps to see: the proofs found
    under this key (the last three), and the last four found under any key,
    are looked at first, in every position it is asked (the last four also
    where the test itself is not asked again: that finds draw three deal
    74's win within 43,744 positions, not within 60,000 without).  A
    position it misses leads on only to positions where the cards it would
    have found still fight over the place (or one of them is stuck on it),
    so only the cut comes later.  Asked more often it cuts more (draw three
    deal 40 is lost within 19,354 positions when it is asked once for each
    key and set of cards in the deck) but costs more than it saves within
    2 s; asked less often (at most once in 4 positions) it misses the cuts
    that find deal 27's win.  Not asked in the narrow searches before the
    full one (`KlondikeSearch.narrow_first`): they only look for a win,
    and with it they find fewer in their share of the time."""
    if not state._runs_when_new:
        return False        # (it counts the cards on face-up cards: only with those)
    if 0 < state._searches <= len(state.narrow_first):
        return False        # a narrow search (`solver.search`): see above
    memo = state._fought_memo
    memo.asked += 1
    entry = memo.get(memo_key)
    retest = False
    if entry == 0:
        # Tested, nothing found: with the deck as it is here, as often as
        # `RETEST_EVERY` lets it (its own entry, as a key of its own).
        memo_key = (memo_key, state.talon)
        entry = memo.get(memo_key)
        if entry is None:
            retest = memo.retests * RETEST_EVERY <= memo.asked
            if not retest:
                entry = 0       # (not now: not marked, asked again later)
    found = None if isinstance(entry, int) else entry
    home = home_of(state)
    if found is not None and proved_here(state, waste, home, (proof for _place, proof in found)):
        return True
    recent = memo.recent
    if proved_here(state, waste, home, recent):
        return True
    if entry == 0:
        return False
    if found is not None:
        waits, home, empty, bottoms = _all_waits(state, waste)
        # The place found last, for all the cards here (the test below may
        # not try it: it tries only the places the cards left there).
        place = found[0][0]
        if place > 0:
            stuck = _fought_over(waits, home, empty, bottoms, place)
            if stuck:
                proof = proof_of(state, waste, stuck, home)
                found[0] = (place, proof)
                _keep_recent(recent, proof)
                return True
    if len(memo) > 200_000:   # a bounded memo
        memo.clear()
    if found is None and memo.misses >= SPARE_AFTER:
        # A search where the test finds nothing (most of draw three deal
        # 36's): only one new key in `SPARED_EVERY` until it finds one.
        memo.spared += 1
        if memo.spared % SPARED_EVERY:
            return False
    if retest:
        memo.retests += 1
    if found is None:
        # (Gathered only now, past the spared ones; with a place found, above.)
        waits, home, empty, bottoms = _all_waits(state, waste)
    place, stuck = fought_place(waits, home, empty, bottoms)
    if not place:
        memo[memo_key] = 0
        memo.misses += 1
        return False
    memo.misses = 0
    proof = proof_of(state, waste, stuck, home)
    _keep_recent(recent, proof)
    if found is None:
        memo[memo_key] = [(place, proof)]
    else:
        found.insert(0, (place, proof))
        del found[PROOFS_KEPT:]
    return True


# How many proofs `fought_over_here` keeps for a key (positions with the
# same key take turns: one stuck, the next with a place fought over), and
# how many it keeps of the last found under any key.
PROOFS_KEPT = 3
RECENT_KEPT = 4
# After this many tests in a row found nothing, only one new key in
# SPARED_EVERY is tested (the others are left untested, not marked), until
# one finds a dead end: a search of draw three deal 36 then tests 653
# positions where it tested 1,997 within 60,000 positions (and 1,065 with
# 20 and 16), and of deals 1-200 the same 188 are decided within 60,000
# positions (deal 31 within 9,427 instead of 9,300, the others within as
# many or fewer).
SPARE_AFTER = 10
SPARED_EVERY = 32
# A key whose test found nothing is tested again with another deck (the
# cards of the deck are cards of a stuck set, so a place may be fought
# over with some of them and not others), at most once in RETEST_EVERY
# times the test is asked: draw three deal 40 (few cards ever home, so
# few keys, each met with many decks) is lost within 32,079 positions so,
# and not within 60,000 without; at most one more test in 30 positions
# costs deals 45, 154 and 187 a tenth more time at 60,000 positions.
# (Testing again with every new deck: deal 40 within 18,776 positions,
# but deals 45, 154 and 187 a third more time; at most 3 times a key, or
# until 4 to 16 tests of a key in a row found nothing: deal 40 not within
# 60,000 positions, or within 35,490 at the cost of testing every deck.)
RETEST_EVERY = 30


def _keep_recent(recent: list[Proof], proof: Proof) -> None:
    recent.insert(0, proof)
    del recent[RECENT_KEPT:]


def place_fought_over(state: KlondikeSearch, waste: bool) -> int:
    """Whether the position is lost by a place fought over (see the module):
    the place (its card's bit), -1 for a stuck set with no place fought
    over, else 0; `waste`: the deck can't be turned over again (as in
    `is_dead`)."""
    return fought_place(*_all_waits(state, waste))[0]


def fought_place(waits: list[BitWait], home: int, empty: bool, bottoms: int
                 ) -> tuple[int, list[BitWait]]:
    """`place_fought_over` for these waits (`_all_waits`), with the waits
    that prove it: the set stuck while the place is blocked, or the set
    stuck (for -1).  A position that has all those waits, with these cards
    home or more, is dead for the same reason (all the proof asks is that
    those waits are there: what each card is, what it lies on, and the
    cards home)."""
    # The cards of any set stuck, or stuck while one place is blocked, have
    # at most one free place each (that one) even among all such cards.
    widest, blocked = _one_free(waits, home, empty, bottoms)
    if not widest:
        return 0, []
    rounds, singles = _peel(widest, home, empty, bottoms)
    if not singles:
        return (-1, rounds[-1]) if rounds[-1] else (0, [])
    # A place is worth blocking only where both cards that may go onto it
    # are among those (a place these cards block may be free of those stuck
    # while it is not), and it was the one free place of a card as the
    # stuck set above was worked out: with it blocked, the same cards leave
    # in the same rounds until then, so the search starts from there.
    once = twice = cards = 0
    for wait in widest:
        card = 1 << wait[1].bit_length()    # its lower cards of its suit name it
        if not cards & card:
            cards |= card
            twice |= once & wait[2]
            once |= wait[2]
    free = ~blocked
    for place, first in singles.items():
        if not place & twice or place & home:
            continue
        others = free & ~place
        stuck = _fought_over([wait for wait in rounds[first] if not wait[2] & others], home,
                             empty, bottoms, place)
        if stuck:
            return place, stuck
    return 0, []


def _fought_over(waits: list[BitWait], home: int, empty: bool, bottoms: int,
                 place: int) -> list[BitWait]:
    """The cards stuck while `place` is blocked, where they stay stuck after
    whichever of them goes onto it first (see the module), else none."""
    # (None when fewer than two of them may go onto it: one card alone
    # that needs the place is not asked.)
    stuck = _stuck(waits, home, empty, bottoms, place, needed=place)
    tried = 0
    for wait in stuck:
        if not wait[2] & place:
            continue
        lower = wait[1]     # the card's lower cards of its suit: they name it
        card = lower.bit_length()
        if tried & 1 << card:
            continue        # (a card of the deck front is two waits: one test)
        tried |= 1 << card
        moved: BitWait = (place, lower, PARENT_BITS[card] & ~place, 0, True)
        if not _stuck([w for w in stuck if w[1] != lower] + [moved], home, empty, bottoms, 0):
            return []
    return stuck


def _one_free(waits: list[BitWait], home: int, empty: bool,
              bottoms: int) -> tuple[list[BitWait], int]:
    """As `_stuck`, but a card may keep one free place: the greatest such
    set (every set stuck while one place is blocked is in it) and the
    places it blocks."""
    held, blocked = _held_and_blocked(waits, home, empty, bottoms)
    while True:
        keep = []
        now_held = stays = fixed = 0
        for wait in waits:
            under, lower, places, own, on_run = wait
            if lower & held:
                free = places & ~blocked
                if not free & (free - 1):
                    keep.append(wait)
                    now_held |= under
                    stays |= own
                    if not on_run:
                        fixed |= under
        if len(keep) == len(waits):
            return keep, blocked
        waits, held, blocked = keep, now_held, _blocked(home, now_held, stays, fixed, empty,
                                                        bottoms)


def _peel(waits: list[BitWait], home: int, empty: bool,
          bottoms: int) -> tuple[list[list[BitWait]], dict[int, int]]:
    """`_stuck` with nothing more blocked, round by round (the last is the
    stuck set), and the places that were the one free place of a card
    left out (with a lower card of its suit held), each with the round it
    was first so (none when the set is stuck)."""
    rounds = [waits]
    singles: dict[int, int] = {}
    held, blocked = _held_and_blocked(waits, home, empty, bottoms)
    while True:
        keep = []
        now_held = stays = fixed = 0
        for wait in waits:
            under, lower, places, own, on_run = wait
            if lower & held:
                free = places & ~blocked
                if not free:
                    keep.append(wait)
                    now_held |= under
                    stays |= own
                    if not on_run:
                        fixed |= under
                elif not free & (free - 1) and free != EMPTY_STACK and free not in singles:
                    singles[free] = len(rounds) - 1
        if len(keep) == len(waits):
            return rounds, ({} if keep else singles)
        waits, held, blocked = keep, now_held, _blocked(home, now_held, stays, fixed, empty,
                                                        bottoms)
        rounds.append(keep)


def _stuck(waits: list[BitWait], home: int, empty: bool, bottoms: int,
           blocked_too: int, needed: int = 0) -> list[BitWait]:
    """The greatest stuck set among `waits` (as `klondike_deadends.stuck_in_runs`
    works it out) with the places in `blocked_too` taken as blocked; with
    `needed` (a place), none as soon as fewer than two of the cards left
    may go onto it (the set only shrinks).  (Each round works out what the
    cards it keeps hold and block, for the next.)"""
    held, blocked = _held_and_blocked(waits, home, empty, bottoms)
    while True:
        free = ~(blocked | blocked_too)
        keep = []
        now_held = stays = fixed = users = 0
        for wait in waits:
            under, lower, places, own, on_run = wait
            if lower & held and not places & free:
                keep.append(wait)
                now_held |= under
                stays |= own
                if not on_run:
                    fixed |= under
                if places & needed:
                    users |= 1 << lower.bit_length()
        if needed and not users & (users - 1):
            return []
        if len(keep) == len(waits):
            return keep
        waits, held, blocked = keep, now_held, _blocked(home, now_held, stays, fixed, empty,
                                                        bottoms)


def _held_and_blocked(waits: list[BitWait], home: int, empty: bool,
                      bottoms: int) -> tuple[int, int]:
    """The cards `waits` hold under them, and the places blocked while they
    all stay (`_blocked`)."""
    held = stays = fixed = 0
    for wait in waits:
        held |= wait[0]
        stays |= wait[3]
        if not wait[4]:
            fixed |= wait[0]
    return held, _blocked(home, held, stays, fixed, empty, bottoms)


def _blocked(home: int, held: int, stays: int, fixed: int, empty: bool, bottoms: int) -> int:
    """The places blocked while a set of waits all stay: home, held or
    kept, and an empty stack when none can be emptied (every stack's bottom
    card is one of those that never moves: `fixed`, held under a card
    that does not lie on a face-up card)."""
    blocked = home | held | stays
    if not empty and not bottoms & ~fixed:
        blocked |= EMPTY_STACK
    return blocked


def _all_waits(state: KlondikeSearch, waste: bool) -> tuple[list[BitWait], int, bool, int]:
    """Every card that may be one of a stuck set here (`klondike_deadends.gathered_waits`,
    with the same memos and switches), the cards home, whether a stack is
    empty, and the stacks' bottom cards."""
    waits, _held, _stays, home, empty, bottoms = gathered_waits(state, waste)
    return waits, home, empty, bottoms
