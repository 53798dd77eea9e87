"""The exact solver (SPEC section 5): can this position still be won?

`solve(game)` searches depth first over the game's `SearchState` (see
`searchstate`): moves in the order the state gives them, a forced move played
without branching, a transposition table of the positions already searched
(each one is searched once: what it leads to never changes), and the state's
dead-end test to cut a branch short.  The search is a loop over an explicit
stack, so no line is too long for it.

"lost" is only said when every position reachable was searched, so it is a
proof; when the time (or a caller's stop) comes first the answer is
"unknown".
"""

from __future__ import annotations

import time
from typing import Callable, Hashable, Iterator, Sequence

from .collector import collector_paused
from .engine import Game
from .moves import Move
from .records import record
from .searchstate import FastMove, SearchState, public_moves

WINNABLE, LOST, UNKNOWN = "winnable", "lost", "unknown"
# How many moves are tried between two looks at the clock (and at the stop
# request): at 30,000 positions a second well under a hundredth of a second.
CHECK_EVERY = 256
# The most positions one search files (a few hundred bytes each): beyond this
# it says "unknown" rather than fill an old school PC's memory.
MAX_POSITIONS = 2_000_000


@record(frozen=True, slots=True)
class Verdict:
    """What the solver found: `status`, a winning `line` for "winnable", and
    how many distinct positions it searched (added up over the searches it
    made: the narrow ones first and the move orders, when the state has them).
    `best` is the most cards home (the state's `cards_home()`) in any position
    searched, -1 when the state does not say: for an "unknown", how far the
    search got, so that searches nobody finished can still be compared."""

    status: str
    line: tuple[Move, ...] = ()
    positions: int = 0
    best: int = -1


def verdict_after(verdict: Verdict, moves: Sequence[Move]) -> Verdict | None:
    """What `verdict` says, with no search, of the position after `moves` are
    made from the position it is about; None when it says nothing.

    Every move from a lost position leads to a lost one (a way to win from
    there would be one from the position before), and a position on the
    winning line found is winnable, with the rest of the line."""
    if verdict.status == LOST:
        return verdict
    if verdict.status == WINNABLE and tuple(moves) == verdict.line[:len(moves)]:
        return Verdict(WINNABLE, verdict.line[len(moves):])
    return None


def solve(game: Game, seconds: float = 2.0,
          should_stop: Callable[[], bool] | None = None,
          max_positions: int = MAX_POSITIONS, share_positions: bool = False) -> Verdict:
    """Search from the game's position for at most `seconds` (the game is not changed).

    `should_stop` is asked every few hundred positions; when it says True the
    search gives up at once ("unknown").  A game whose rules the solver cannot
    search yet (no `search_state`) is "unknown" too, and so is a search that
    files `max_positions` positions: `solve` never raises for a legal position.
    With `share_positions` the state's move orders share `max_positions` as
    they share the time (see `search`): a budget of positions then finds what
    a budget of time would, the same on every PC.
    """
    if game.is_won():
        return Verdict(WINNABLE)
    try:
        state = game.search_state()
    except NotImplementedError:
        return Verdict(UNKNOWN)
    return search(state, seconds, should_stop, max_positions, share_positions)


def search(state: SearchState, seconds: float = 2.0,
           should_stop: Callable[[], bool] | None = None,
           max_positions: int = MAX_POSITIONS, share_positions: bool = False) -> Verdict:
    """The depth-first search itself; `state` is left as it was given.

    A state may offer several move orders (`orderings`, a count, and
    `use_ordering(n)`): where a win is found either at once or only after a
    very long search, depending on the order, trying each in turn for an
    equal share of the time finds more.  Every order searches the same
    positions, so any one that ends proves "lost".

    A state told the most positions it may file (`expect_positions`, if it
    has it) may leave out dead-end tests that pay only in long searches.

    A state may also ask for narrow searches first (`narrow_first`: pairs
    of a width and a share of the time and positions): each tries only the
    first `width` moves of every position, best first, which often finds a
    win the full search would reach only after a long way round.  A narrow
    search that ends without a win proves nothing (it left moves out), so
    the full search follows with the time and positions left.

    Python's cycle collector is paused meanwhile (`collector_paused`): the
    search makes small objects by the million and none in a circle.
    """
    with collector_paused():
        return _narrow_then_all(state, seconds, should_stop, max_positions, share_positions)


def _narrow_then_all(state: SearchState, seconds: float, should_stop: Callable[[], bool] | None,
                     max_positions: int, share_positions: bool) -> Verdict:
    """`search` itself: the narrow searches, then the full one in each move order."""
    start = time.monotonic()
    stopped: list[bool] = []
    expect = getattr(state, "expect_positions", None)
    if expect is not None:
        expect(max_positions)   # a state may leave out tests that pay only in long searches

    def stop_asked() -> bool:
        if should_stop is not None and should_stop():
            stopped.append(True)
        return bool(stopped)

    searched = 0        # positions searched by the narrow searches
    best = -1
    for width, share in getattr(state, "narrow_first", ()):
        verdict = _search(state, seconds * share, stop_asked,
                          max(1, int(max_positions * share)), width)
        searched += verdict.positions
        best = max(best, verdict.best)
        if verdict.status == WINNABLE or stopped:
            return Verdict(verdict.status if verdict.status == WINNABLE else UNKNOWN,
                           verdict.line, searched, best)
    left = seconds - (time.monotonic() - start)
    verdict = _all_orders(state, left, stop_asked, lambda: bool(stopped),
                          max(1, max_positions - searched), share_positions)
    return Verdict(verdict.status, verdict.line, searched + verdict.positions,
                   max(best, verdict.best))


def _all_orders(state: SearchState, seconds: float, should_stop: Callable[[], bool],
                stopped: Callable[[], bool], max_positions: int,
                share_positions: bool = False) -> Verdict:
    """The full search, in each of the state's move orders in turn (see
    `search`); `stopped` says whether `should_stop` has said True.  Each
    order has an equal share of the time left, and with `share_positions`
    of the positions left too (else each may file `max_positions`)."""
    orderings = getattr(state, "orderings", 1)
    if orderings <= 1:
        return _search(state, seconds, should_stop, max_positions)
    start = time.monotonic()
    verdict = Verdict(UNKNOWN)
    searched = 0        # positions searched by all the orders tried
    best = -1
    for n in range(orderings):
        state.use_ordering(n)  # type: ignore[attr-defined]
        share = (seconds - (time.monotonic() - start)) / (orderings - n)
        positions = (max(1, (max_positions - searched) // (orderings - n)) if share_positions
                     else max_positions)
        verdict = _search(state, share, should_stop, positions)
        searched += verdict.positions
        best = max(best, verdict.best)
        if verdict.status != UNKNOWN or stopped() or (
                not share_positions and verdict.positions >= max_positions):
            break
    state.use_ordering(0)  # type: ignore[attr-defined]
    return Verdict(verdict.status, verdict.line, searched, best)


def _search(state: SearchState, seconds: float,
            should_stop: Callable[[], bool] | None, max_positions: int,
            width: int = 0) -> Verdict:
    """One depth-first search; `width`: try only the first `width` moves of
    each position (then a "lost" only means that none of those won)."""
    deadline = time.monotonic() + seconds
    # What a state remembers of the positions one search met (to cut those
    # met again) is wrong for the next: that one may never search them.
    forget = getattr(state, "new_search", None)
    if forget is not None:
        forget()
    path: list[FastMove] = []      # every move pushed, forced ones included
    push, pop = state.push, state.pop
    forced, key_of, is_dead, is_won = (state.forced_move, state.key, state.is_dead,
                                       state.is_won)
    moves_of = state.moves
    # How far the search got (see `Verdict.best`): asked of each new position
    # only where the state can say, so other searches pay nothing for it.
    progress = getattr(state, "cards_home", None)
    best = progress() if progress is not None else -1
    if width:
        def moves_of() -> Sequence[FastMove]:
            return state.moves()[:width]

    def enter() -> int | None:
        """Play the forced moves here; how many were played, or None when they win."""
        played = 0
        while not is_won():
            move = forced()
            if move is None:
                return played
            push(move)
            path.append(move)
            played += 1
        return None

    pushed = enter()
    if pushed is None:
        return Verdict(WINNABLE, _line(state, path), 1, best)
    seen: set[Hashable] = {key_of()}
    if progress is not None:
        best = max(best, progress())
    if is_dead():
        _undo(state, path, pushed)
        return Verdict(LOST, (), 1, best)
    # One entry a position on the path: what is left of its moves (an
    # iterator), and how many pushes led into it (its move and the forced
    # ones after it).
    levels: list[tuple[Iterator[FastMove], int]] = [(iter(moves_of()), pushed)]
    until_check = CHECK_EVERY
    pop, add_seen, append_path = state.pop, seen.add, path.append
    while levels:
        # The moves left here, tried in turn; a new position that is not a
        # dead end is searched first (its level goes on top), then this
        # loop takes up the moves left here where it stopped.
        for move in levels[-1][0]:
            # Counted by moves tried, not positions filed: a run of positions
            # already seen or dead takes time too.
            until_check -= 1
            if not until_check:
                until_check = CHECK_EVERY
                if (time.monotonic() >= deadline or len(seen) >= max_positions
                        or (should_stop is not None and should_stop())):
                    _undo(state, path, len(path))
                    return Verdict(UNKNOWN, (), len(seen), best)
            # `enter` written out here (this is the hot loop): the move, then
            # the forced moves after it.
            push(move)
            append_path(move)
            pushed = 1
            while True:
                if is_won():
                    return Verdict(WINNABLE, _line(state, path), len(seen) + 1, best)
                move = forced()
                if move is None:
                    break
                push(move)
                append_path(move)
                pushed += 1
            key = key_of()
            if key not in seen:
                add_seen(key)
                if progress is not None:
                    score = progress()
                    if score > best:
                        best = score
                if not is_dead():
                    levels.append((iter(moves_of()), pushed))
                    break
            for _ in range(pushed):
                pop()
            del path[-pushed:]
        else:
            # Every move here tried: back to the position before.
            for _ in range(levels.pop()[1]):
                pop()
                path.pop()
    return Verdict(LOST, (), len(seen), best)


def _undo(state: SearchState, path: list[FastMove], count: int) -> None:
    for _ in range(count):
        state.pop()
        path.pop()


def _line(state: SearchState, path: list[FastMove]) -> tuple[Move, ...]:
    """The public moves of `path`, which ends in a win; the state is put back to the start."""
    moves = list(path)
    _undo(state, path, len(path))
    line: list[Move] = []
    for move in moves:
        line.extend(public_moves(state, move))
        state.push(move)
    for _ in moves:
        state.pop()
    return tuple(line)
