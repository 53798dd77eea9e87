"""Klondike's fast position for the solver (see `searchstate`), all three variants.

Cards are small ints (`small_card`), a face-down card in a stack carries
`DOWN` as well.  A stack is a `bytes` of them (bottom first), so a move
only swaps a stack or two and `pop` puts the old ones back, and the key of a
position hashes fast (a `bytes` keeps its hash once worked out).

The deck and the waste pile are one row, the *talon*: the waste from bottom
to top, then the deck in the order it is turned.  `pos` cards of it lie on
the waste.  Turning the deck alone changes nothing but `pos`, and a turn
never helps unless a card of the waste is played next (a turn and a move in
the stacks can trade places, and an idle turn only uses up the deck), so
the search never turns for its own sake.  Its waste move is "play the card
the waste shows after turning k times", found among the cards turning can
reach from here:
- within this pass: the card on top now, and each card a turn further on
  (one by one in draw1, every third and the last in draw3);
- after turning the waste over once more (when the variant still allows
  it): the cards the same way from the start of the row.
The passes used are part of the position (`recycles`), and a card is taken
in the first pass that reaches it (a later one reaches a position with
fewer passes left and nothing else different), so draw1's three passes
and draw1-single's one pass are exact.  `public_moves` spells such a move
as the turns and the turning over it stands for, then the move itself.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Hashable, Sequence

from ..cards import SUITS
from ..moves import Move
from ..searchstate import SUIT_SHIFT, small_card
from . import klondike_deadends as _deadends
from . import klondike_fought as _fought
from . import klondike_twins as _twins
from .klondike import FOUNDATIONS, RECYCLES, TABLEAUS, Klondike
from .klondike_cards import (DOWN, FACE, FITS, KING, OTHER_COLOUR, RANK, RUN, SAME_OTHER, SUIT,
                             TO_HOME, WANTS, WASTE_HOME, WASTE_RUN, BitWait, WaitSummary)
from .klondike_proof import Proof
from .klondike_stuck import StuckSets, Wait

FLIP, RECYCLE = Move("flip"), Move("recycle")
HOME_FROM = tuple((TO_HOME, src) for src in range(7))
ONE = tuple(bytes((card,)) for card in range(128))     # a card as a stack of one
# The fewest positions a search must be allowed for the test of a place
# fought over to be asked (see `KlondikeSearch.expect_positions`).
FOUGHT_FROM = 50_000


def is_safe_home(card: int, found: Sequence[int]) -> bool:
    """Whether taking `card` home (it goes on next) can never spoil a win.

    A card is only ever wanted in the stacks to hold a card of the other
    colour one lower.  Rule 1: both of those are home.  Rule 2: both are at
    least playable home (their own suits reached two below the card) and
    nothing can ever lie on them (both cards two lower of the card's colour
    are home: its own suit is, as the card goes on next, and the other suit
    must be).  Then any winning line that puts one of them onto the card can
    put it home instead, so a line that takes the card home first still wins.
    """
    rank = RANK[card]
    low, high = OTHER_COLOUR[SUIT[card]]
    lowest = min(found[low], found[high])
    return lowest >= rank or (lowest >= rank - 1 and found[SAME_OTHER[SUIT[card]]] >= rank - 1)


class KlondikeSearch(StuckSets):
    """One Klondike position for the solver; changed in place by push and pop
    (its dead-end tests: `klondike_stuck`)."""

    def __init__(self, game: Klondike) -> None:
        piles = game.piles
        self.draw = game.draw_count
        self.limit = RECYCLES[game.variant]   # None: unlimited
        self.tab: list[bytes] = []
        self.down: list[int] = []
        for pid in TABLEAUS:
            pile = bytes(small_card(c) + (0 if c.face_up else DOWN) for c in piles[pid])
            self.tab.append(pile)
            self.down.append(sum(1 for c in piles[pid] if not c.face_up))
        # Each stack's first n cards (face down) with the top one turned
        # face up, for `push`: the same bytes every time (its hash kept).
        self._turned = [[pile[:n - 1] + ONE[pile[n - 1] & FACE] if n else b""
                         for n in range(hidden + 1)]
                        for pile, hidden in zip(self.tab, self.down)]
        self.found = [0, 0, 0, 0]
        self.fpile = [-1, -1, -1, -1]        # which home stack each suit is on
        for index, pid in enumerate(FOUNDATIONS):
            if piles[pid]:
                suit = SUITS.index(piles[pid][0].suit)
                self.found[suit] = len(piles[pid])
                self.fpile[suit] = index
        waste = [small_card(c) for c in piles["waste"]]
        stock = [small_card(c) for c in reversed(piles["stock"])]
        self.talon = bytes(waste + stock)
        self.pos = len(waste)
        self.recycles = game.recycles
        self.home = sum(self.found)
        # The card each suit takes home next (a King's "next" is no card).
        self.nexts = {suit << SUIT_SHIFT | self.found[suit] + 1 for suit in range(4)}
        self._undo: list[tuple[Any, ...]] = []
        # The positions on the line searched that have no stuck set (see `_new_wait`).
        self._clean: list[tuple[int, tuple[Any, ...] | None]] = []
        # The last stuck sets the tests found, newest first, as proofs
        # (`_kept_stuck_set_here` looks for them).
        self._stuck_proofs: list[Proof] = []
        # The stack each card face down at the start lies in.
        self._stack_of = [0] * 64
        for index, pile in enumerate(self.tab):
            for card in pile[:self.down[index]]:
                self._stack_of[card & FACE] = index
        self._reach: dict[tuple[int, int, bool], list[tuple[int, int]]] = {}
        self._views: dict[tuple[bytes, int, bool], TalonView] = {}
        self._locks = self._find_locks()
        # A stack is emptied only when a King is ready to go in (see `moves`).
        self._empty_for_a_king = True
        self._waste_waits: dict[bytes, list[Wait]] = {}
        self._run_waits: dict[bytes, WaitSummary] = {}
        # The dead-end test with the runs too (see `_stuck_in_runs`): only
        # where passes are counted.
        self._runs_too = self.limit is not None
        # Else it is asked only where the test without the runs is asked
        # anew (see `is_dead`).
        self._runs_when_new = True
        # There, with the cards of the deck and the Kings too (see
        # `klondike_deadends`), each a memo by stack or deck.
        self._talon_waits_too = self._kings_too = True
        self._king_waits: dict[bytes, list[BitWait]] = {}
        self._talon_waits: dict[bytes, tuple[list[BitWait], int]] = {}
        # Three at a time, the first cards of the deck wait in order (see
        # `_deck_front`).
        self._front_too = self.draw == 3
        self._waste_bits: dict[bytes, WaitSummary] = {}
        # Three at a time, a place two cards fight over too (`klondike_fought`).
        self._fought_too = self.draw == 3
        self._fought_memo = _fought.FoughtMemo()
        # In long searches only, and not with draw1's three passes: which
        # of two twins a run lies on (`klondike_twins`; see `expect_positions`).
        self._twins_too = False
        self._searches = 0      # begun on this state (see `klondike_fought.fought_over_here`)
        # Whether `forced_move` found none before the last push (see there).
        self._none_forced_before = False
        self._dead_memo: dict[Hashable, bool] = {}
        # The places in the deck (waste size and passes used) filed for each
        # position of the cards searched: see `is_dominated`.  Only where
        # passes are counted: three at a time with no limit it cuts too few
        # positions (under 1%) to pay for itself, and with one pass none.
        self._filed: dict[Hashable, list[tuple[int, int]]] | None = {} if self.limit else None

    # A search of only the first two moves of every position first (see
    # `solver.search`): it often finds a win far sooner than the full search.
    narrow_first = ((2, 0.4),)

    def new_search(self) -> None:
        """Forget the positions filed by a search before (see `is_dominated`)."""
        if self._filed is not None:
            self._filed = {}
        self._searches += 1
        self._none_forced_before = False

    # -- the protocol ------------------------------------------------------
    def key(self) -> Hashable:
        # Stacks are interchangeable, so they are sorted; the home stacks
        # follow from the cards left (every card not elsewhere is home).
        order = tuple(sorted(self.tab))
        if self.limit is None:
            # Round and round without limit, three at a time: from a waste of
            # 3, 6, 9... cards, or with the deck used up, turning reaches
            # the same cards as from the start of the row (every third and
            # the last), so these are one position.
            pos = self.pos
            if self.draw == 3 and (pos % 3 == 0 or pos == len(self.talon)):
                pos = 0
            return order, self.talon, pos
        # With the deck and waste used up, the passes left change nothing.
        return order, self.talon, self.pos, self.recycles if self.talon else 0

    def is_won(self) -> bool:
        return self.home == 52

    def moves(self) -> Sequence[Hashable]:
        """The legal moves worth searching, in the hint strategy's order: home
        moves that turn a card over, runs that turn one over (most face-down
        cards first), the waste card home, other home moves, the waste card
        into the stacks, runs that empty a stack, and the other runs last.

        Left out: a run taken off part of another run, so that a face-up card
        y stays, when y can't go home now.  Such a run can only go onto b,
        the other card of y's rank and colour, so the move only swaps which
        of the two lies free.  A winning line that makes it can instead make
        every later move with the two swapped (what goes onto y goes onto b,
        a run headed at or under y moves with what lies on y, ...) up to
        the move that takes y or b home, and make the swap just before that
        (a move kept here, as the card it frees goes home).  Of the winning
        lines, take one shortest, and of those one whose first move kept
        here comes soonest: were its first move one left out, the line
        swapped would be no longer and reach a kept move sooner.

        Left out too: a whole stack (no face-down card under it) moved onto
        another when no King can go into the place it leaves now (none lies
        face up on a face-down card, and turning the deck brings none up).
        The place only takes a King, and the move only covers the card it
        goes onto, so a winning line that makes it can leave the stack where
        it was and make every later move the same way (where the covered
        card moves on with the stack on it: the covered card first, then the
        stack onto it again), putting the stack onto that card only just
        before a King goes into the place, when a King is ready (a move kept
        here), or never, when none does.  That line is no longer, and no
        move in it is left out where the first line's was kept (a move of
        the stack off the covered card becomes one from the old place, and
        the line is then shorter), so its first move kept here comes sooner.
        So, as above, a shortest winning line whose first move kept here
        comes soonest never starts with a move left out: leaving these out
        never loses a win.
        """
        tab, down, nexts = self.tab, self.down, self.nexts
        takes: dict[int, list[int]] = {}   # `FITS` of a card -> the stacks it may go onto
        empty = -1
        for i, pile in enumerate(tab):
            if pile:
                wanted = WANTS[pile[-1]]
                if wanted >= 0:
                    if wanted in takes:
                        # (Two twins free: `klondike_twins.lower_twin_only`.)
                        if not (self._twins_too
                                and _twins.lower_twin_only(tab, takes[wanted], i, nexts)):
                            takes[wanted].append(i)
                    else:
                        takes[wanted] = [i]
            elif empty < 0:
                empty = i
        turn_home: list[Hashable] = []
        turn_run: list[tuple[int, Hashable]] = []
        waste_home: list[tuple[int, Hashable]] = []    # (the order turning reaches them, move)
        home: list[Hashable] = []
        waste_run: list[tuple[int, Hashable]] = []
        emptying: list[Hashable] = []
        other: list[Hashable] = []
        king_ready: bool | None = None     # worked out when first needed
        # The cards turning can reach (asked once: `_king_ready` needs them too).
        view = self._talon_view() if self.talon else None
        for src, pile in enumerate(tab):
            if not pile:
                continue
            hidden = down[src]
            size = len(pile)
            top = pile[-1]
            if top in nexts:
                (turn_home if hidden and hidden == size - 1 else home).append(HOME_FROM[src])
            if takes:
                # The face-up cards are a run, so only its lowest card and the
                # cards on a card that goes home next are worth moving.
                onto = takes.get(FITS[pile[hidden]])
                if onto is not None:
                    if hidden:
                        for dst in onto:
                            turn_run.append((-hidden, (RUN, src, size - hidden, dst)))
                    else:
                        if king_ready is None:
                            king_ready = not self._empty_for_a_king or self._king_ready(view)
                        if king_ready:
                            for dst in onto:
                                emptying.append((RUN, src, size, dst))
                # (Seldom is one there: looked for all at once first.)
                run = size - hidden
                if run > 2 and not nexts.isdisjoint(pile[hidden:size - 1]) or (
                        run == 2 and pile[hidden] in nexts):
                    for i in range(hidden, size - 1):
                        if pile[i] in nexts:
                            onto = takes.get(FITS[pile[i + 1]])
                            if onto is not None:
                                for dst in onto:
                                    other.append((RUN, src, size - i - 1, dst))
            # A King at the bottom of its stack would only change places.
            if hidden and empty >= 0 and RANK[pile[hidden]] == KING:
                turn_run.append((-hidden, (RUN, src, size - hidden, empty)))
        if view is not None:
            by_fits, by_card, kings = view
            for card in nexts:
                reach = by_card.get(card)
                if reach is not None:
                    waste_home.append(reach)
            if len(waste_home) > 1:
                waste_home.sort(key=_first)
            for wanted, onto in takes.items():
                reaches = by_fits.get(wanted)
                if reaches is not None:
                    for order, j, recycles in reaches:
                        for dst in onto:
                            waste_run.append((order, (WASTE_RUN, j, recycles, dst)))
            if empty >= 0:
                for order, j, recycles in kings:
                    waste_run.append((order, (WASTE_RUN, j, recycles, empty)))
            if len(waste_run) > 1:
                waste_run.sort(key=_first)
        # (Each list is added only when it has moves: a list comprehension
        # costs a call even on an empty list.)
        if turn_run:
            if len(turn_run) > 1:
                turn_run.sort(key=_first)
            turn_home += [move for _, move in turn_run]
        if waste_home:
            turn_home += [move for _, move in waste_home]
        if home:
            turn_home += home
        if waste_run:
            turn_home += [move for _, move in waste_run]
        if emptying:
            turn_home += emptying
        if other:
            turn_home += other
        return turn_home

    def _king_ready(self, view: TalonView | None) -> bool:
        """Whether a King can go into an empty stack now: one lies face up on
        a face-down card, or turning the deck can bring one up (`view`: the
        `_talon_view`, None when the deck and waste are used up)."""
        for pile, hidden in zip(self.tab, self.down):
            if hidden and RANK[pile[hidden]] == KING:
                return True
        return view is not None and bool(view[2])

    def forced_move(self) -> Hashable | None:
        """A card that is safe home (`is_safe_home`) from the top of a stack,
        or in draw1 from the top of the waste pile.  (In draw3 taking a waste
        card moves every card after it in the deck one place on, which can
        spoil which cards the turns of three reach, so it is never forced.)

        Asked as the solver asks it: after each push of a move made where no
        forced move was left (a search starts with `new_search`, and then
        every card is looked at).  So after a move of cards that brought none
        home, the cards home are as they were, and only a card that shows
        now can be safe home: the one left on top of the stack the cards
        came from, or a waste card now on a stack and the waste card it
        leaves on top."""
        found, nexts = self.found, self.nexts
        if self._none_forced_before:
            last = self._undo[-1]
            kind = last[0]
            if kind == RUN:
                pile = self.tab[last[1]]
                if pile and pile[-1] in nexts and is_safe_home(pile[-1], found):
                    return HOME_FROM[last[1]]
                return self._swap_forced()
            if kind == WASTE_RUN:
                card = self.tab[last[4]][-1]
                if card in nexts and is_safe_home(card, found):
                    return HOME_FROM[last[4]]
                # (No swap of twins follows a waste move: `twin_swap` looks
                # only past moves in the stacks.)
                return self._waste_home_forced()
        src = 0
        for pile in self.tab:
            if pile and pile[-1] in nexts and is_safe_home(pile[-1], found):
                self._none_forced_before = False
                return HOME_FROM[src]
            src += 1
        move = self._waste_forced()
        self._none_forced_before = move is None
        return move

    def _waste_forced(self) -> Hashable | None:
        """`_waste_home_forced`, else a forced swap of twins."""
        move = self._waste_home_forced()
        return self._swap_forced() if move is None else move

    def _waste_home_forced(self) -> Hashable | None:
        """One at a time, the top card of the waste pile when it is safe home."""
        if self.draw == 1 and self.pos:
            card = self.talon[self.pos - 1]
            if card in self.nexts and is_safe_home(card, self.found):
                return (WASTE_HOME, self.pos - 1, 0)
        return None

    def _swap_forced(self) -> Hashable | None:
        """In long searches of draw three, a run moved off a twin of the higher
        suit onto its free twin (`klondike_twins.twin_swap`), else None."""
        return _twins.twin_swap(self) if self._twins_too else None

    def push(self, move: Any) -> None:   # one of our tuples (no check: it is hot)
        kind = move[0]
        tab = self.tab
        if kind == TO_HOME or kind == RUN:
            src = move[1]
            pile = tab[src]
            left = len(pile) - (1 if kind == TO_HOME else move[2])
            hidden = self.down[src]
            # Only face-up cards move, so the card under turns face up just
            # when no face-up card is left: the stack is then its face-down
            # cards (which never move), the top one turned (made once, see
            # `__init__`).
            if hidden and left == hidden:
                tab[src] = self._turned[src][hidden]
                self.down[src] = hidden - 1
            else:
                tab[src] = pile[:left]
            if kind == RUN:
                dst = move[3]
                target = tab[dst]
                self._undo.append((kind, src, pile, hidden, dst, target))
                tab[dst] = target + pile[left:]
            else:
                card = pile[left]
                self._undo.append((kind, src, pile, hidden, SUIT[card], self._go_home(card)))
            return
        j, recycles = move[1], move[2]
        talon = self.talon
        card = talon[j]
        undo: tuple[Any, ...] = (kind, talon, self.pos, self.recycles)
        self.talon = talon[:j] + talon[j + 1:]
        self.pos = j
        self.recycles += recycles
        if kind == WASTE_RUN:
            dst = move[3]
            undo += (dst, tab[dst])
            tab[dst] = tab[dst] + ONE[card]
        else:
            undo += (SUIT[card], self._go_home(card))
        self._undo.append(undo)

    def pop(self) -> None:
        undo = self._undo.pop()
        kind = undo[0]
        if kind == TO_HOME or kind == RUN:
            src = undo[1]
            self.tab[src] = undo[2]
            self.down[src] = undo[3]
        else:
            self.talon = undo[1]
            self.pos = undo[2]
            self.recycles = undo[3]
        if kind == RUN or kind == WASTE_RUN:
            self.tab[undo[4]] = undo[5]
        else:
            suit = undo[4]
            self.found[suit] -= 1
            self.nexts.remove(suit << SUIT_SHIFT | self.found[suit] + 2)
            self.nexts.add(suit << SUIT_SHIFT | self.found[suit] + 1)
            self.home -= 1
            if undo[5]:
                self.fpile[suit] = -1

    def expect_positions(self, most: int) -> None:
        """Told by the solver: this search files at most `most` positions.  The
        test of a place fought over is left out of short searches (a hint's,
        4,000 positions each): there it doubled the time of a hint, and it
        pays only in long searches of deals that are lost.  The twin rules
        (`klondike_twins`) too, so that a hint's line has no forced swap;
        they are used where no position met with the deck further on is cut
        (`is_dominated`: its proof counts every move)."""
        if most < FOUGHT_FROM:
            self._fought_too = False
        else:
            self._twins_too = self._filed is None

    def is_dead(self) -> bool:
        """Cards that are stuck for good, so that the cards under them never
        come out.  A card W (no King) can only leave
        - from a stack, when W is face down or the lowest face-up card: it
          then leads whatever moves with it, and the cards under it wait;
        - from the waste pile, when the deck can't be turned over again:
          only its top card is ever taken, and the cards under it wait;
        - from the first cards of the deck three at a time, which wait in
          the same way (`_deck_front`);
        and only home (after every lower card of its suit) or onto one of
        the two cards it may go onto, its *places*.  A set of such cards is
        stuck when each of them has a lower card of its suit under one of
        them (so it can't go home first) and each of its places is home,
        under one of them or one of them in the waste pile or the deck
        (cards only go onto cards in the stacks): none of them can be the
        first to leave.
        (Until one leaves, they and the cards under them stay where they
        are: none of those goes home, and no place is free.)  (One W
        on a lower card of its suit, or two in two stacks each covering a
        place of the other, and so on.)"""
        if self._filed is not None and self.is_dominated():
            return True
        # The answer depends only on these, which change far less often than
        # the rest: the cards face down stay where they are, and so does the
        # lowest face-up card of a stack (were it gone, the card under it
        # would have turned up), so the number face down says which they are.
        waste = self._waste_stays()
        memo_key = (tuple(self.down), tuple(self.found),
                    self.talon[:self.pos] if waste else self._deck_front())
        dead = self._dead_memo.get(memo_key)
        if dead is None:
            if len(self._dead_memo) > 200_000:   # a bounded memo
                self._dead_memo.clear()
            # A stuck set found a move or two ago is often still one here
            # (after the next card of the deck instead), and far quicker to
            # look for.  (Seldom so where the memo knows the cards face
            # down, home and in the waste pile: not looked for there.)
            # Three at a time, deals 45 and 109 within 12,000 positions:
            # 28% fewer processor instructions, the same positions.
            if self._kept_stuck_set_here(waste):
                return True
            if self._runs_too or self._runs_when_new:
                # The test with the runs finds every stuck set the test
                # without finds (its cards include theirs, its rule is the
                # same), so asked on its own it answers for both, and a
                # "no" is the test without the runs' answer too.  It is
                # asked only here (where the cards face down,
                # home or at the front of the deck are new, or the runs
                # found a stuck set the last time): asking it everywhere
                # costs more than it cuts.  Any stuck set it finds stays
                # stuck in every position after (none of its cards ever
                # moves), so a position it misses leads on only to
                # positions where the set is still stuck.
                # (`_new_wait` only here: where the memo knew the answer,
                # no test is asked that could use it.)
                if (self._stuck_in_runs(waste, alone=True, must=self._new_wait())
                        if self._runs_too else _deadends.stuck_in_runs(self, waste)):
                    return True
                self._dead_memo[memo_key] = False
                if self._fought_too and _fought.fought_over_here(self, waste, memo_key):
                    return True
                self._note_clean()
                return False
            dead = self._dead_memo[memo_key] = self._stuck(waste)
        if dead:
            return True
        # Where the memo knew the answer, the test with the runs is not asked
        # again, with passes counted too: asked after every move it cost more
        # than it cut.  Deals 1-200 within 2 s each, both versions side by
        # side on a busy machine: draw1 11.5% left undecided against 12.5%,
        # at 23% more positions a second; draw1-single 19.0% against 21.0%,
        # 12% more.  Nor is the position filed as one with no stuck set
        # (`_note_clean`), so the next test there looks for them all.
        return self._fought_too and _fought.fought_over_here(self, waste, memo_key)

    def public_moves(self, move: Hashable) -> list[Move]:
        """The SPEC moves a fast move stands for, made from the current
        position: the turns of the deck (and turning the waste over) that a
        waste move needs first, then the move itself."""
        assert isinstance(move, tuple)
        kind = move[0]
        if kind == TO_HOME:
            card = self.tab[move[1]][-1]
            return [Move("move", TABLEAUS[move[1]], self._home_id(card))]
        if kind == RUN:
            return [Move("move", TABLEAUS[move[1]], TABLEAUS[move[3]], move[2])]
        j, recycles = move[1], move[2]
        size, pos = len(self.talon), self.pos
        if recycles:
            turns = [FLIP] * self._flips(pos, size, size) + [RECYCLE]
            turns += [FLIP] * self._flips(0, j + 1, size)
        else:
            turns = [FLIP] * self._flips(pos, j + 1, size)
        dst = self._home_id(self.talon[j]) if kind == WASTE_HOME else TABLEAUS[move[3]]
        return [*turns, Move("move", "waste", dst)]

    def public_move(self, move: Hashable) -> Move:
        """The last of `public_moves` (the move itself, without the turns before it)."""
        return self.public_moves(move)[-1]

    # -- helpers -------------------------------------------------------------
    def _go_home(self, card: int) -> bool:
        """Put `card` home; True when it starts a home stack."""
        suit = SUIT[card]
        self.found[suit] += 1
        self.nexts.remove(card)
        self.nexts.add(card + 1)
        self.home += 1
        if self.fpile[suit] < 0:
            self.fpile[suit] = min(set(range(4)) - set(self.fpile))
            return True
        return False

    def _home_id(self, card: int) -> str:
        suit = SUIT[card]
        index = self.fpile[suit]
        if index < 0:
            index = min(set(range(4)) - set(self.fpile))
        return FOUNDATIONS[index]

    def _flips(self, start: int, goal: int, size: int) -> int:
        """How many turns bring the waste from `start` cards to `goal` cards."""
        if self.draw == 1:
            return goal - start
        return -(-(goal - start) // 3)   # the last turn may take fewer than three

    def _talon_view(self) -> TalonView:
        """The cards turning can reach (`_reachable`) sorted for `moves`: by
        `FITS` (for the stacks), each card's own waste move home, and the
        Kings; each with its place in the order turning reaches them."""
        again = self.limit is None or self.recycles < self.limit
        memo_key = (self.talon, self.pos, again)
        view = self._views.get(memo_key)
        if view is not None:
            return view
        if len(self._views) > 50_000:   # a bounded memo
            self._views.clear()
        talon = self.talon
        by_fits: dict[int, list[tuple[int, int, int]]] = {}
        by_card: dict[int, tuple[int, Hashable]] = {}
        kings: list[tuple[int, int, int]] = []
        for order, (j, recycles) in enumerate(self._reachable()):
            card = talon[j]
            by_card[card] = (order, (WASTE_HOME, j, recycles))
            if RANK[card] == KING:
                kings.append((order, j, recycles))
            else:
                by_fits.setdefault(FITS[card], []).append((order, j, recycles))
        view = self._views[memo_key] = (by_fits, by_card, kings)
        return view

    def _reachable(self) -> list[tuple[int, int]]:
        """The talon cards turning can bring to the top of the waste, each with
        the fewest times the waste must be turned over first (0 or 1)."""
        size, pos = len(self.talon), self.pos
        again = self.limit is None or self.recycles < self.limit
        cached = self._reach.get((size, pos, again))
        if cached is not None:
            return cached
        out: list[tuple[int, int]] = []
        seen: set[int] = set()

        def add(top: int, recycles: int) -> None:
            if top >= 1 and top not in seen:
                seen.add(top)
                out.append((top - 1, recycles))

        step = self.draw
        add(pos, 0)
        for top in range(pos + step, size, step):
            add(top, 0)
        add(size, 0)
        if again:
            for top in range(step, size, step):
                add(top, 1)
            add(size, 1)
        self._reach[(size, pos, again)] = out
        return out

    # -- the game-over search (`oversearch`) ---------------------------------
    def cards_home(self) -> int:
        return self.home

    def cards_unseen(self) -> int:
        # As `Klondike.unseen_places`: the stacks' face-down cards, and the
        # deck until the waste has been turned over once.
        return sum(self.down) + (len(self.talon) - self.pos if self.recycles == 0 else 0)

    def something_new_at_once(self) -> bool:
        """Turning a deck not gone through yet turns up an unseen card (the
        search's moves never turn for their own sake)."""
        return self.recycles == 0 and self.pos < len(self.talon)

    def use_for_over(self) -> None:
        """Let stacks be emptied with no King ready (see `moves`): leaving
        that out is proved for a win only.

        The runs `moves` leaves out that are taken off part of another run
        are left out of the over search too, which is exact.  Say such a
        move takes what lies on y onto b (y's twin, b on top) and a shortest
        line of moves from here to something new starts with it.  If b could
        go home, that alone would be a shorter line; so neither y nor b is
        the next card of its suit, and neither goes home anywhere on the
        line (another card of its suit would have to go first, and the
        line ends at the first card home).  Then
        every move after the first can be made from here with what lies on
        y and on b the other way round (a move onto, from or of y is the
        same one with b, and back): the same new things happen, one move
        sooner, so the line was not the shortest.  So a shortest line starts
        with a move `moves` gives (a move doing something new always is
        one), and so does the one after it, and so on.  Turning the deck
        alone is never needed once it has been seen
        (`something_new_at_once`): the waste moves take every card turning
        can reach, in the fewest passes."""
        self._empty_for_a_king = False


# The cards turning can reach, for `KlondikeSearch.moves`: (by `FITS`: [(order,
# talon place, recycles)], by card: (order, its waste move home), the Kings).
TalonView = tuple[dict[int, list[tuple[int, int, int]]], dict[int, tuple[int, Hashable]],
                  list[tuple[int, int, int]]]

# The order a reach is made in (the first of a pair), for `moves`' sorts:
# the standard library's getter sorts without a call into Python per item.
_first = itemgetter(0)
