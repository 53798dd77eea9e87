"""Klondike's stuck sets for the solver: the tests behind `KlondikeSearch.is_dead`.

A set of cards is stuck when none of them can ever be the first to move
(the proof is in `KlondikeSearch.is_dead`); the game is then lost.  The
tests here find such sets among the cards face down and the lowest face-up
card of each stack, the waste pile that can't be turned over again, the
first cards of a deck turned three at a time, and (`_stuck_in_runs`) the
face-up runs too, keep the last sets found to look for them again at once,
and cut a position met before with the deck further on (`is_dominated`).

`StuckSets` is a base of `KlondikeSearch`, which owns the position and its
memos; they are named below so that each test reads them directly (these
run at almost every position searched).  `klondike_deadends` and
`klondike_fought` hold the tests asked in some variants only.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from ..cards import SUITS, Card
from ..searchstate import RANK_MASK
from .klondike_cards import (DOWN, FACE, HOME_BITS, KING, LOWER_BITS, NO_WAIT, PARENT_BITS,
                             PARENTS, RANK, RUN, SUIT, WASTE_RUN, BitWait, WaitSummary,
                             bit_waits, pile_summary, pile_waits)
from .klondike_proof import Proof, home_of, proof_of, proved_here

# A card that may be stuck (`KlondikeSearch.is_dead`): its places not under
# it, the cards under it, and the lower cards of its suit.
Wait = tuple[tuple[int, ...], frozenset[int], tuple[int, ...]]


# A wait whose lower cards of its suit are none, so it is never stuck.
NEVER_STUCK: Wait = ((), frozenset(), ())


def _wait(card: int, under: Sequence[int]) -> Wait:
    below = frozenset(under)
    return (tuple(c for c in PARENTS[card] if c not in below), below,
            tuple(range(card - RANK[card], card)))


class StuckSets:
    """The stuck-set tests of `KlondikeSearch` (its base: see the module)."""

    # The position (`KlondikeSearch`).
    tab: list[bytes]
    down: list[int]
    found: list[int]
    talon: bytes
    pos: int
    recycles: int
    limit: int | None
    draw: int
    _undo: list[tuple[Any, ...]]
    # What the tests keep and which of them are asked (`KlondikeSearch.__init__`).
    _clean: list[tuple[int, tuple[Any, ...] | None]]
    _stuck_proofs: list[Proof]
    _talon_waits: dict[bytes, tuple[list[BitWait], int]]
    _stack_of: list[int]
    _locks: list[list[Wait]]
    _waste_waits: dict[bytes, list[Wait]]
    _run_waits: dict[bytes, WaitSummary]
    _waste_bits: dict[bytes, WaitSummary]
    _runs_too: bool
    _front_too: bool
    _filed: dict[Hashable, list[tuple[int, int]]] | None
    # How many stuck sets `_kept_stuck_set_here` looks for: of the sets
    # found by draw three's test in deals 36, 45, 49 and 109 within 35,000
    # positions each, 77% were one of the last two, 83% of the last three,
    # 86% of the last four, 89% of the last six; looking costs more the more
    # there are, and most in the positions where none is.  (With passes
    # counted eight find few more.)
    STUCK_SETS_KEPT: ClassVar[int] = 4

    def _note_clean(self) -> None:
        """File this position as one where no set of cards is stuck (see
        `_new_wait`): by how many moves it lies from the start and the move
        into it, which no other position on a later line shares."""
        if self._runs_too:
            undo, clean = self._undo, self._clean
            depth = len(undo)
            while clean and clean[-1][0] >= depth:
                clean.pop()
            clean.append((depth, undo[-1] if undo else None))

    def _new_wait(self) -> BitWait | None:
        """Where the move into this position was a run or a waste card onto
        a stack from a position filed by `_note_clean`: the one wait
        (`_stuck_in_runs`) a stuck set here must have, else None.

        Where passes are counted, no position the search goes on from has a
        stuck set at all: `is_dead` found none, and one without a card on a
        face-up card would have been found where its memo entry was made
        (those cards and their waits depend only on the memo's key).  Such
        a move takes away the wait of the card it moves and gives that card
        its wait on the card it now covers, and changes no other wait, nor
        the cards home; nor the waste pile's waits, but for one fewer where
        its top card is taken.  So a stuck set without the new wait would
        have been stuck before the move.  A King into an empty stack gets
        no wait: `NO_WAIT` (it is never stuck)."""
        undo, clean = self._undo, self._clean
        depth = len(undo)
        while clean and clean[-1][0] >= depth:
            clean.pop()
        if not clean or clean[-1][0] != depth - 1 or (depth > 1 and clean[-1][1] is not undo[-2]):
            return None
        last = undo[-1]
        kind = last[0]
        if kind == RUN:
            card = last[2][len(self.tab[last[1]])]
        elif kind == WASTE_RUN:
            # The waste pile's waits: none while the deck can be turned
            # over again; else those before the move's or fewer.
            if self._waste_stays() and not (
                    self.limit is not None and last[3] >= self.limit and last[2] >= 2
                    and self.pos <= last[2]):
                return None
            card = last[1][self.pos]
        else:
            return None
        onto = last[5]
        if not onto:
            return NO_WAIT
        under = 1 << onto[-1]
        return (under, LOWER_BITS[card], PARENT_BITS[card] & ~under, 0, True)

    def _stuck_in_runs(self, waste: bool, alone: bool = False,
                       must: BitWait | None = None) -> bool:
        """`is_dead`'s test with the face-up cards of the stacks too.

        A face-up card C lying on a face-up card U leaves it only home or,
        leading whatever lies on it, onto its other place (U's twin: the
        card of U's rank and colour): U being under C changes nothing else,
        as U moves on with C when U moves.  So C can be one of a stuck set
        as a face-down or lowest face-up card can, with U as the one card
        it covers.  None of the set can be the first to leave (the proof in
        `is_dead`, word for word).  It changes with every move, so no memo
        helps (one on the stacks, home and waste made it slower).  Asked
        after every move it costs more than it cuts within 2 s a deal (draw3
        deal 40 is lost within 51,293 positions, and not within 200,000
        without it, but it halves the positions a second, and of deals
        1-200 two fewer were decided within 2 s of processor time each; with
        passes counted, see `is_dead`), so `is_dead` asks it only where its
        memo is new.  `waste`: the deck can't be turned over again, so the waste pile's
        cards stay in order; else three at a time `_deck_front`'s do.
        `alone`: the test without the runs was not asked (else it found no
        stuck set, and that shortens this one).  `must`: a wait any stuck
        set here has (`_new_wait`): none is, once it is not kept.
        """
        if must is not None and not must[1]:
            return False        # `NO_WAIT`
        in_order = self.talon[:self.pos] if waste else self._deck_front()
        memo = self._run_waits
        if len(memo) > 50_000:   # a bounded memo
            memo.clear()
        held = new_places = 0
        waits: list[BitWait] = []
        for pile in self.tab:
            mine = memo.get(pile)
            if mine is None:
                mine = memo[pile] = pile_summary(bit_waits(pile))
            waits += mine[0]
            held |= mine[1]
            new_places |= mine[3]
        stays_in_waste = 0
        if in_order:
            extra = self._bit_waits_in(in_order)
            waits += extra[0]
            held |= extra[1]
            stays_in_waste = extra[2]
        found = self.found
        home = (HOME_BITS[0][found[0]] | HOME_BITS[1][found[1]] | HOME_BITS[2][found[2]]
                | HOME_BITS[3][found[3]])
        # A stuck set with no card on a face-up card is one the test
        # without the runs finds: it found none.  Such a card stays in a
        # stuck set only while its place is home, covered or in the waste.
        if not alone and not new_places & (home | held | stays_in_waste):
            return False
        # The cards that may still be stuck, fewer each round until none
        # goes; one pass a round also works out what those kept cover.
        while True:
            blocked = home | held | stays_in_waste
            if must is not None and not (must[1] & held and must[2] & blocked == must[2]):
                return False
            keep = []
            now_held = now_in_waste = 0
            for wait in waits:
                under, lower, places, in_waste, _ = wait
                if lower & held and places & blocked == places:
                    keep.append(wait)
                    now_held |= under
                    now_in_waste |= in_waste
            if len(keep) == len(waits):
                if keep:
                    self._keep_stuck_set(waste, keep, home)
                    return True
                return False
            if not keep:
                return False
            if not alone:
                # Else none kept lies on a face-up card (looked for here,
                # not in the loop above: one is mostly among the first).
                for wait in keep:
                    if wait[4]:
                        break
                else:
                    return False
            waits, held, stays_in_waste = keep, now_held, now_in_waste

    def _keep_stuck_set(self, waste: bool, stuck: list[BitWait], home: int) -> None:
        """Keep a stuck set a test found, as the proof `_kept_stuck_set_here`
        looks for (`klondike_proof`: where each of its cards lies, and the
        cards home it needs); `waste` as in `is_dead`."""
        kept = self._stuck_proofs
        kept.insert(0, proof_of(self, waste, stuck, home))
        del kept[self.STUCK_SETS_KEPT:]

    def _kept_stuck_set_here(self, waste: bool) -> bool:
        """Whether one of the last stuck sets found is still one here.

        A set stuck stays stuck wherever each of its cards lies as it did
        and the cards home include those it needs (`klondike_proof`), and
        most positions asked are a move or two from one where a set was
        found (after the next card of the deck instead, say).  Then the
        whole test finds that set (or a greater one) too: the same answer,
        in a few steps."""
        kept = self._stuck_proofs
        return bool(kept) and proved_here(self, waste, home_of(self), kept)

    def _bit_waits_in(self, waste: bytes) -> WaitSummary:
        """The cards of the waste pile (or `_deck_front`) for `_stuck_in_runs`,
        as `_waits_in` (a bounded memo)."""
        waits = self._waste_bits.get(waste)
        if waits is None:
            if len(self._waste_bits) > 100_000:
                self._waste_bits.clear()
            waits = self._waste_bits[waste] = pile_summary(pile_waits(waste))
        return waits

    def _deck_front(self) -> bytes:
        """Three at a time: the first cards of the row that wait in order,
        each for the one after it, like the cards of a stack (bottom first).

        The waste shows the card at place p of the row (0 first) when p + 1
        cards lie on it.  Turning makes that 3, 6, 9... from the start of the
        row (or all of it), and taking the top card makes it one fewer, so it
        is 2 only just after the card at place 2 is taken (or when the row
        has 2 cards), and 1 only just after the one at place 1 is taken (or
        the row has 1).  No card lies before them to move them on.  So the
        card at place 0 comes out only after the one at place 1 left, and
        that one after the one at place 2, whatever happens, and none of them
        is ever a place for a card (cards go only onto cards in the stacks).
        Unless one of them shows now: with 2 cards on the waste only the
        first two wait so; with 1, the rule says nothing.  (One at a time,
        turning reaches every card of the deck: no card waits so.)  So for
        `is_dead` they are cards that stay in order as those of a waste pile
        that can't be turned over again do."""
        pos = self.pos
        if pos == 1 or not self._front_too:
            return b""
        return self.talon[:2 if pos == 2 else 3]

    def _waste_stays(self) -> bool:
        """Whether the deck can't be turned over again (the waste's cards stay in order)."""
        return not (self.limit is None or self.recycles < self.limit or self.pos < 2)

    def _stuck(self, waste: bool) -> bool:
        """`is_dead` itself; `waste`: the deck can't be turned over again."""
        return bool(self._stuck_cards(waste))

    def _stuck_cards(self, waste: bool) -> list[Wait]:
        """The cards stuck together for good (see `is_dead`), or [] if none are."""
        stuck: list[Wait] = []
        for waits, hidden in zip(self._locks, self.down):
            if hidden:
                stuck += waits[:hidden]
        in_waste = self.talon[:self.pos] if waste else self._deck_front()
        if in_waste:
            stuck += self._waits_in(in_waste)
        found = self.found
        while stuck:
            covered: set[int] = set().union(*[wait[1] for wait in stuck])
            # A card of the set that stays in the waste pile never gets into
            # the stacks, so no card can go onto it.  Those under the top one
            # of them are covered already; the top one is the set's last.
            blocked = covered
            if in_waste:
                lowers = stuck[-1][2]
                if lowers and lowers[-1] + 1 in in_waste:
                    blocked = covered | {lowers[-1] + 1}
            keep = []
            for wait in stuck:
                for c in wait[0]:
                    if c not in blocked and found[SUIT[c]] <= RANK[c]:
                        break       # a place it may still go onto
                else:
                    if not covered.isdisjoint(wait[2]):
                        keep.append(wait)
            if len(keep) == len(stuck):
                return stuck
            stuck = keep
        return []

    def dead_reason(self) -> str | None:
        """Why `is_dead` finds this position lost, in a pupil's words, naming
        only cards the pupil can see; None when it cannot say it so."""
        stuck = self._stuck_cards(self._waste_stays())
        seen = {c for pile in self.tab for c in pile if not c & DOWN}
        seen.update(self.talon[:self.pos])
        cards = [wait[2][-1] + 1 for wait in stuck]   # each wait's own card
        if not stuck or not seen.issuperset(cards):
            return None
        if len(stuck) > 1:
            names = [_card_name(card) for card in cards]
            # Not which cards they wait for: those may lie face down.
            other = "the other" if len(names) == 2 else "another of them"
            return (f"{', '.join(names[:-1])} and {names[-1]} can never move again: each "
                    f"one needs {other} to move first")
        card, (_, below, lowers) = cards[0], stuck[0]
        lower = next((c for c in reversed(lowers) if c in below and c in seen), None)
        if lower is None:
            return (f"{_card_name(card)} can never move again, so the cards under it "
                    "never come out")
        return f"{_card_name(lower)} is under {_card_name(card)} for good"

    def _waits_in(self, waste: bytes) -> list[Wait]:
        """The waste pile's cards for `is_dead` (see `_wait`), built on those
        of the waste without its top card (a bounded memo)."""
        waits = self._waste_waits.get(waste)
        if waits is None:
            if len(self._waste_waits) > 100_000:
                self._waste_waits.clear()
            waits = []
            if len(waste) > 1:
                under = waste[:-1]
                waits = self._waits_in(under)
                if RANK[waste[-1]] < KING:
                    waits = [*waits, _wait(waste[-1], under)]
            self._waste_waits[waste] = waits
        return waits

    def is_dominated(self) -> bool:
        """True when this search already came to the same cards in the same
        places with the deck at a place from which turning it (and turning
        the waste over, when passes are left) reaches the place it is at now;
        files this position otherwise.

        From there every line from here can be played too, with as many
        passes left (a waste move here is one there, after the same turns or
        fewer), so this position can only win where that one does.  That one
        was filed first, so the search searches it (or it is on the line
        being searched): of the winnable positions filed, one with the most
        cards home and then the shortest win is never cut short this way,
        and "lost" stays a proof.  A position is filed when `is_dead` is
        first asked about it, as the solver does for each new position.
        """
        filed, talon = self._filed, self.talon
        if filed is None or not talon:
            return False
        size, pos, used = len(talon), self.pos, self.recycles
        if self.limit is None:
            used = 0        # not counted (as in `key`)
            if self.draw == 3 and (pos % 3 == 0 or pos == size):
                pos = 0
        base = (tuple(sorted(self.tab)), talon)
        before = filed.get(base)
        if before is None:
            filed[base] = [(pos, used)]
            return False
        for old_pos, old_used in before:
            if (old_pos != pos or old_used != used) and self._turns_to(old_pos, old_used, pos, used):
                return True
        before.append((pos, used))
        return False

    def _turns_to(self, pos: int, used: int, goal: int, goal_used: int) -> bool:
        """Whether turning the deck from `pos` cards on the waste, with `used`
        passes used, brings it to `goal` cards with at most `goal_used` used."""
        size, step = len(self.talon), self.draw

        def this_pass(start: int) -> bool:
            return goal == size or (goal >= start and (goal - start) % step == 0)

        if used <= goal_used and this_pass(pos):
            return True
        return (self.limit is None or used < goal_used) and this_pass(0)

    def _find_locks(self) -> list[list[Wait]]:
        """The stacks' cards for `is_dead`: for each stack, the `_wait` of
        each card face down or the lowest face up that has cards under it,
        from the second card up.  While a stack has n cards face down, its
        first n of these are still where they were (see `is_dead`)."""
        locks = []
        for index, pile in enumerate(self.tab):
            waits = []
            for depth in range(1, min(self.down[index], len(pile) - 1) + 1):
                card = pile[depth] & FACE
                # A King never waits (it goes onto nothing); its place in the
                # list is kept by a wait that can never be stuck.
                waits.append(_wait(card, [c & FACE for c in pile[:depth]])
                             if RANK[card] < KING else NEVER_STUCK)
            locks.append(waits)
        return locks


def _card_name(card: int) -> str:
    """A small card's name inside a sentence: "the 4 of clubs"."""
    return Card(card & RANK_MASK, SUITS[SUIT[card]]).name
