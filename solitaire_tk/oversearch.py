"""Is the game over (SPEC section 2)?  The search behind `Game.is_over`, on
the solver's fast position (`searchstate`).

A game is over when no sequence of legal moves brings another card home or
turns up a card not seen yet.  That is a search over the positions reachable
without doing anything new, and it stops at the first move that does.  It
runs on the game's `SearchState` (small-int cards, push and pop, int keys),
which knows, beside the solver's protocol:

- `cards_home()` and `cards_unseen()`: what the game counts as home and as
  not seen yet (`Game.progress` and `Game._unseen`), for this position;
- optionally `use_for_over()`, called once before the search: it switches
  off whatever the state leaves out of `moves()` that is only proved right
  for a search for a win (a move a winning line never needs may still be
  the only way to something new).  What `moves()` leaves out then must be
  proved not to matter for something new either (each state says why);
- optionally `something_new_at_once()`: True when a legal move that
  `moves()` leaves out does something new from here (Klondike: turning a
  deck that has not been gone through yet).

The forced moves and the dead-end test are never used: they answer "can it
still be won?", not "can anything new still happen?".
"""

from __future__ import annotations

from typing import Callable, Hashable, Sequence

from .searchstate import FastMove, SearchState

OVER, SOMETHING_NEW, GAVE_UP = "over", "new", "gave up"


def can_search_over(state: SearchState) -> bool:
    """Whether `state` says what is home and what is unseen (see the module)."""
    return hasattr(state, "cards_home") and hasattr(state, "cards_unseen")


def search_for_something_new(state: SearchState, budget: int) -> str:
    """Depth first from `state` over the positions reachable by moves that do
    nothing new: `SOMETHING_NEW` the moment a move does something new,
    `OVER` when none ever can, `GAVE_UP` when more than `budget` positions
    (the first one included) would have to be searched.  The state is
    searched in place and left anywhere: a caller makes one for the search."""
    switch = getattr(state, "use_for_over", None)
    if switch is not None:
        switch()
    at_once: Callable[[], bool] = getattr(state, "something_new_at_once", _never)
    if at_once():
        return SOMETHING_NEW
    home_of: Callable[[], int] = getattr(state, "cards_home")
    unseen_of: Callable[[], int] = getattr(state, "cards_unseen")
    moves_of, push, pop, key_of = state.moves, state.push, state.pop, state.key
    home, unseen = home_of(), unseen_of()
    seen: set[Hashable] = {key_of()}
    # One entry a position on the path: its moves and the next one to try.
    all_moves: list[Sequence[FastMove]] = [moves_of()]
    next_index = [0]
    while all_moves:
        moves = all_moves[-1]
        index = next_index[-1]
        if index >= len(moves):
            all_moves.pop()
            next_index.pop()
            if all_moves:
                pop()
            continue
        next_index[-1] = index + 1
        push(moves[index])
        if home_of() > home or unseen_of() < unseen:
            return SOMETHING_NEW
        key = key_of()
        if key in seen:
            pop()
            continue
        if len(seen) >= budget:
            return GAVE_UP
        if at_once():
            return SOMETHING_NEW
        seen.add(key)
        all_moves.append(moves_of())
        next_index.append(0)
    return OVER


def _never() -> bool:
    return False
