"""The fast position the solver searches (SPEC section 5), one kind per game.

The public `Game` writes a pupil's sentence for every refused move and keeps
a logged, timed undo; a search needs none of that.  Each game module offers
`Game.search_state()`, a `SearchState` built from the game's position: cards
as small ints, moves generated legal (never filtered), unchecked `push`/`pop`
and a hashable canonical `key()`.  The rules it follows are the game's own:
a drift test plays thousands of random positions per game and checks that
`SearchState.moves()` turned into public moves equals `Game.legal_moves()`
(up to the moves SPEC section 2 allows to be left out).

`solitaire_tk.solver.solve` runs a depth-first search over any `SearchState`.
A state may also offer several move orders (`orderings` and
`use_ordering(n)`, see `solver.search`), tried in turn; narrow searches to
try first (`narrow_first`, see `solver.search`); `new_search()`, called as
each search starts, to forget what a search before filed; and `dead_reason()
-> str | None`: why `is_dead` said so, in a pupil's words and naming only
cards the pupil can see (`winnable.lost_reason` tells it after a losing move).
A state may say how many cards are home and unseen (`cards_home()`,
`cards_unseen()`): `Game.is_over` then searches the same state
(`oversearch`), and the solver reports the most cards home any position it
searched reached (`Verdict.best`), so that sampling can rank searches that
ran out.
"""

from __future__ import annotations

from typing import Hashable, Protocol, Sequence

from .cards import SUITS, Card
from .moves import Move

# A move in a search state: whatever small, hashable value the game finds fastest
# (an int, a tuple of ints).  Only the state that made it can read it.
FastMove = Hashable

# A card as a small int: its rank (1-13) in the low four bits, its suit's
# place in SUITS (C D H S) above them; so the next card up of a suit is +1.
SUIT_SHIFT = 4
RANK_MASK = 15


def small_card(card: Card) -> int:
    """The small int a search state keeps for a card (face up or down alike)."""
    return card.rank | SUITS.index(card.suit) << SUIT_SHIFT


class SearchState(Protocol):
    """One game's position for the solver; changed in place by push and pop."""

    def moves(self) -> Sequence[FastMove]:
        """Every legal move here, best first by the game's hint strategy.

        Moves that change nothing (a whole pile from one empty place to
        another, which SPEC section 2 allows to leave out) may be left out.
        """
        ...

    def forced_move(self) -> FastMove | None:
        """A move that can be made without branching (a provably safe move
        home), or None.  The solver plays it and searches on."""
        ...

    def push(self, move: FastMove) -> None:
        """Make a move returned by `moves()` or `forced_move()` (no checks)."""
        ...

    def pop(self) -> None:
        """Take back the last `push` exactly."""
        ...

    def key(self) -> Hashable:
        """The position, canonical where piles are interchangeable, for the
        transposition table.  Equal keys = the same future."""
        ...

    def is_won(self) -> bool:
        ...

    def is_dead(self) -> bool:
        """True when this position provably cannot be won (a cheap dead-end
        test; False when unsure)."""
        ...

    def public_move(self, move: FastMove) -> Move:
        """The SPEC move record for a move made from the current position
        (call before `push`ing it)."""
        ...


def public_moves(state: SearchState, move: FastMove) -> list[Move]:
    """The SPEC moves a fast move stands for, made from the current position.

    Most fast moves are one public move (`public_move`).  A state may offer
    `public_moves(move) -> list[Move]` for a fast move that stands for
    several: Klondike's waste move is the turns of the deck (and turning the
    waste over) that bring its card up, then the move itself.
    """
    many = getattr(state, "public_moves", None)
    return list(many(move)) if many is not None else [state.public_move(move)]
