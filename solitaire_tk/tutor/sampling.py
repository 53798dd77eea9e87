"""Hints that win without peeking: the solver, asked about the cards the pupil can see.

The solver knows every card; a hint must not.  So where cards are hidden a
hint never asks about the real game.  It asks about copies of it in which
the unseen cards lie another way, chosen at random but agreeing with
everything the pupil has seen (`Game.with_unseen_shuffled`): "if the
hidden cards lay like this, would this move still win?"  Each candidate
move is tried against the same arrangements, each searched with a small
budget of positions (not seconds, so that a hint is the same on a slow PC
and a fast one), and the move that wins in the most of them is suggested,
with how sure the tutor is.  Moves that come to the same position (a card
into one empty place or another just like it) are tried once.  Where the
two best come out close, a game may race them (`_race`): more
arrangements, for those two moves only (or the best three,
`Sampling.race_moves`), until one leads clearly.  Where moves win as often,
the one whose wins hold with one plan (the same moves in every arrangement
up to the next card turned up: `Sampling.plan_tie_break`), then the quick
hint's order decides, or where asked (`Sampling.ease_tie_break`,
`Sampling.reveal_tie_break`, `Sampling.playout_tie_break`) the move whose
wins took the solver the fewest positions to find, one that shows a card
not seen yet, or the one that brings the most cards home when each is
played on to the end as a pupil would play, by the game's rule of thumb
that reads only face-up cards.

Where nothing is hidden (Cruel, or a Klondike game with every card seen)
the position is searched as it is: when the solver finds a way to win,
the hint is its first move, and the whole line comes back too, so that a
pupil who follows the hints goes on along it (`KnownLines`).

A game's strategy may know a move to be as good as any however the hidden
cards lie (`hints.sure_move`: Klondike's first look through a deck it may go
through as often as it likes); then that is the hint, with no tries.

When nothing is found (every search ran out of positions, or no
arrangement is won) there is no better hint: the caller keeps the quick
one of `hints.rank_hints`.  No tkinter here; the app runs `better_hint`
in the solver's own process (`solverprocess`).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping, Sequence

from ..engine import Game, Position
from ..moves import JsonDict, Move
from ..records import record, replace
from ..solver import LOST, UNKNOWN, WINNABLE, Verdict, solve
from ..wording import doing_short, sentence
from .hints import (Hint, PlayedOut, Playout, goes_round, own_better_hint, play_on_for,
                    playout_for, rank_hints, sure_move)

# Budgets are counted in positions, never seconds: the same hint everywhere.
NEVER = 1e9   # the solver's clock is not the limit


@record(frozen=True)
class Sampling:
    """How hard a better hint looks: arrangements tried, and positions a search."""

    samples: int = 10
    # Positions each search of one arrangement may file.  Klondike draw 3,
    # deals 1-50: 2,000 won 30% of them, 4,000 won 36% (at 1.5 times the work).
    budget: int = 4_000
    # Where the searches are quick (a few positions each), more arrangements
    # are tried, up to `most_samples`, while the searches so far have filed
    # fewer than `sample_positions`: a small count of wins says little.
    most_samples: int = 60
    sample_positions: int = 4_000
    # The quick hint stays unless another move wins in at least this many
    # more arrangements: one win more out of ten is only luck of the draw.
    margin: int = 2
    exact_budget: int = 20_000   # positions for a game with nothing hidden
    # What a search that ran out of positions is worth at most (a win is 1):
    # this part of the share of the cards left that it brought home.
    partial: float = 0.5
    # A close call between the two best moves is tried on more arrangements
    # (for those two only), `race_batch` at a time, up to `race_samples` in
    # all, until one leads by `race_lead` wins (or by more where they differ
    # in many tries); only in a game that races (`Game.hint_races_close_calls`).
    # `race_samples` at `samples` or below: no race.
    # Klondike draw 3, deals 1-50: no race 32%, up to 40 with a lead of 2
    # 38%, up to 60 with a lead of 3 40% (20% more work than 40).  Up to 100
    # with a lead of 4 won 4 of deals 1-5, 51 and 52, against 5 (too few to tell).
    race_samples: int = 60
    race_batch: int = 10
    race_lead: float = 3.0
    # How many of the best moves a race may try at once (the best and the next
    # ones close to it).  Klondike draw 3: three played the same moves as two
    # on deals 1-4, 51 and 52 (the third best is seldom close), at more work.
    race_moves: int = 2
    # Where moves win in as many arrangements (the solver knows each one's
    # cards, so it wins after almost any move), the one whose wins took the
    # fewest positions to find: a move after which many ways win is the safer
    # bet for a pupil who cannot see the cards.  Off: Klondike draw 3 won 6 of
    # the 10 deals 1-6 and 51-54 with it, 7 without (too few to tell).
    ease_tie_break: bool = False
    # Where moves win as often, one that shows the pupil a card not seen yet
    # (a face-down card turned, the deck turned on its first way through):
    # the solver knows every card, so it never counts what a look is worth.
    # Off: Klondike draw 3 won 15 of deals 1-23 and 51-71 with it, 16 without
    # (they differ in 9 deals, 4 one way and 5 the other).
    reveal_tie_break: bool = False
    # Where the game plays on instead of asking the solver (`hints.playout_for`:
    # Klondike's one pass): the ways the hidden cards could lie that each move
    # is played on in, how many of the best quick moves are tried, and how
    # clearly (in standard errors of the paired differences) another must beat
    # the quick hint's move to replace it.
    playouts: int = 20
    playout_moves: int = 4
    playout_lead: float = 2.0
    # A won play-on counts as this many more cards brought home.
    playout_win_worth: float = 30.0
    # Where moves win in as many arrangements, each is played on to the end,
    # in `playouts` ways the hidden cards could lie, by the game's rule of
    # thumb (`hints.play_on_for`), which plays as a pupil who cannot see
    # them, and the one that does best is chosen (`_tie_played_out`): the
    # solver, shown each way's cards, wins after almost any move, so its
    # tries cannot tell such moves apart.  Off: Klondike draw 3 won 18 of
    # deals 1-50 with it against 16, but 14 of deals 51-100 against 17 (32%
    # of deals 1-100 against 33%), at twice the work (3 December 2026).
    playout_tie_break: bool = False
    # Where moves win in as many arrangements, the one whose wins hold with
    # one plan (`_tie_planned`): the solver, shown each arrangement's cards,
    # may win each in a way of its own, but a pupil who cannot see them makes
    # the same moves in all of them until the next card turns up.  A move is
    # worth the most arrangements in which one plan wins after it: the
    # moves up to the next card shown of the solver's line in one
    # arrangement, tried in the others (the `plan_tries` plans most often
    # found).  Klondike draw 3, deals 1-100: 43 won against 38 without it (9
    # won besides, 4 lost), at 1.8 times the work (4 December 2026).  Only in
    # a game that plans its ties (`Game.hint_plans_ties`): in Thirteen, where
    # a win is rare, a tie is mostly one or two wins each, and the plan
    # picked by luck of the draw lost more deals than it won.
    plan_tie_break: bool = True
    plan_tries: int = 3
    seed: int = 0


@record(frozen=True)
class BetterHint:
    """A hint the solver found: the move, its sentence, and how sure.

    `wins` of `tried` arrangements of the hidden cards were won after the
    move (`tried` is 0 where nothing is hidden).  `line` is the whole
    winning line from here when nothing is hidden, else ().
    """

    move: Move
    why: str
    wins: int = 0
    tried: int = 0
    line: tuple[Move, ...] = ()


StopAsked = Callable[[], bool]

# Words with which a quick hint warns against its move ("..., but a middle box
# is better"): where sampling chose that move anyway, its sentence leaves them out.
# So are words that compare it with the other moves ("the moves on the table
# would not help yet"): the tries, which chose it over the quick hint's move,
# found otherwise.
WARNINGS = (" but ", "only if you must", "would not help")


def better_hint(game: Game, ranked: Sequence[Hint] | None = None,
                sampling: Sampling = Sampling(),
                should_stop: StopAsked | None = None) -> BetterHint | None:
    """The move that wins most often, or None when nothing better than `ranked` is known.

    `ranked` is the quick hint list (`rank_hints`, with the line of play so
    that moves going round in a circle are at its end); it gives the
    candidates, breaks ties and lends its reasons.  The game is not changed.
    """
    if game.is_over():
        return None
    ranked = list(ranked) if ranked is not None else rank_hints(game)
    candidates = [hint for hint in ranked if hint.move is not None and not goes_round(hint)]
    if not candidates:
        return None
    own = own_better_hint(game.game_id)
    if own is not None:
        found = own(game)
        return BetterHint(*found) if found is not None else None
    if not game.unseen_places():
        return _exact_hint(game, ranked, sampling, should_stop)
    sure = sure_move(game.game_id)
    found = sure(game) if sure is not None else None
    if found is not None and any(hint.move == found[0] for hint in candidates):
        return BetterHint(*found)
    safe = set(game.safe_home_moves())
    for hint in candidates:
        if hint.move in safe:
            assert hint.move is not None
            return BetterHint(hint.move, _joined(
                hint.why, "Cards that go home safely never spoil a game, whatever "
                          "the hidden cards are."))
    play_on = playout(game) if (playout := playout_for(game.game_id)) is not None else None
    if play_on is not None:
        return _played_out_hint(game, candidates, play_on, sampling, should_stop)
    return _sampled_hint(game, candidates, sampling, should_stop)


def _played_out_hint(game: Game, candidates: list[Hint], play_on: Playout,
                     sampling: Sampling, should_stop: StopAsked | None) -> BetterHint | None:
    """Try the best quick moves by playing on after each in ways the hidden cards
    could lie (the same ways for every move), by the game's quick playout, which
    never reads a hidden card; the quick hint's move stays unless another does
    clearly better (`Sampling.playout_lead`).  None where it stays.

    The solver is not asked: knowing each way's cards, it wins after almost
    any move in the ways that can be won at all (Klondike with one pass
    through the deck), so it cannot tell the moves apart; a playout plays as
    a pupil who cannot see the cards would."""
    rng = random.Random(f"{sampling.seed}/{len(game.log)}")
    first = game.with_unseen_shuffled(rng)
    moves = distinct_moves(first, candidates)[:sampling.playout_moves]
    if len(moves) < 2:
        return None
    ends: dict[Move, list[PlayedOut]] = {move: [] for move in moves}
    for count in range(sampling.playouts):
        arrangement = first if not count else game.with_unseen_shuffled(rng)
        for move in moves:
            twin = arrangement.copy()
            twin.play(move)
            ends[move].append(play_on(twin))
        if should_stop is not None and should_stop():
            return None

    def worth(move: Move) -> list[float]:
        return [end.progress + sampling.playout_win_worth * end.won for end in ends[move]]

    quick, best, lead = moves[0], moves[0], 0.0
    for move in moves[1:]:
        gain, error = _paired_gain(worth(move), worth(quick))
        if gain > max(lead, sampling.playout_lead * error):
            best, lead = move, gain
    return BetterHint(best, _played_out_sentence(game, candidates, best, quick, ends),
                      sum(end.won for end in ends[best]), sampling.playouts)


def _paired_gain(values: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """How much more `values` came to than `base`, on average over the same tries,
    and the standard error of that average."""
    diffs = [value - other for value, other in zip(values, base)]
    mean = sum(diffs) / len(diffs)
    spread = sum((diff - mean) ** 2 for diff in diffs) / max(1, len(diffs) - 1)
    return mean, math.sqrt(spread / len(diffs))


def _played_out_sentence(game: Game, candidates: list[Hint], best: Move, quick: Move,
                         ends: Mapping[Move, Sequence[PlayedOut]]) -> str:
    """Why (the quick hint's reason), and how playing on after it went (beside the
    quick hint's move where it is another)."""
    reason = next(hint.why for hint in candidates if hint.move == best)
    if best != quick and any(word in reason for word in WARNINGS):
        reason = game.describe(best)   # its quick words warn against it; the tries say otherwise

    def home(move: Move) -> int:
        return round(sum(end.progress for end in ends[move]) / len(ends[move]))

    tries = len(ends[best])
    wins = sum(end.won for end in ends[best])
    played = (f"The tutor played the game on {tries} times from here, with the hidden cards "
              "lying a different way each time (it does not peek)")
    won = f" and won {wins} of them" if wins else ""
    if best == quick:
        return _joined(reason, f"{played}: after this move it got about {home(best)} cards "
                               f"home on average{won}, and no other move did clearly better.")
    other = game.describe(quick).rstrip(".")
    other = other[0].lower() + other[1:]
    cards = (f"about {home(best)} cards home on average, against about {home(quick)}"
             if home(best) > home(quick) else "a few more cards home on average than")
    return _joined(reason, f"{played}, and this move did best{won}: {cards} if you {other}.")


def _exact_hint(game: Game, ranked: Sequence[Hint], sampling: Sampling,
                should_stop: StopAsked | None) -> BetterHint | None:
    """Nothing is hidden: the first move of a winning line, if one is found."""
    verdict = solve(game, NEVER, should_stop, max_positions=sampling.exact_budget,
                    share_positions=True)
    if verdict.status != WINNABLE or not verdict.line:
        return None
    move = verdict.line[0]
    reason = next((hint.why for hint in ranked if hint.move == move), game.describe(move))
    return BetterHint(move, _joined(
        reason, "The tutor has found a way to win from here: follow the hints and you "
                "will win."), line=verdict.line)


def _sampled_hint(game: Game, candidates: list[Hint], sampling: Sampling,
                  should_stop: StopAsked | None) -> BetterHint | None:
    """Try the candidates against arrangements of the unseen cards; the most wins.

    Each search is worth 1 when it wins, 0 when it proves the game lost, and
    when it runs out of positions, in a game that counts such searches
    (`Game.hint_counts_unfinished_searches`), a part of `sampling.partial` by
    how many more cards it brought home (`Verdict.best`): where nothing is
    decided, the move that gets furthest is still the better bet.
    """
    rng = random.Random(f"{sampling.seed}/{len(game.log)}")
    first = game.with_unseen_shuffled(rng)
    moves = distinct_moves(first, candidates)
    if len(moves) < 2:
        return None   # every move comes to the same: the quick hint is as good
    partial = sampling.partial if game.hint_counts_unfinished_searches else 0.0
    # What each game measured to pay off in its own hints (see `Game`).
    sampling = replace(sampling,
                       race_samples=sampling.race_samples if game.hint_races_close_calls else 0,
                       plan_tie_break=sampling.plan_tie_break and game.hint_plans_ties)
    tally = _Tally(moves, _Worth(game, partial), sampling, should_stop)
    searched = 0
    for count in range(sampling.most_samples):
        if count >= sampling.samples and searched >= sampling.sample_positions:
            break
        searched += tally.add(first if not count else game.with_unseen_shuffled(rng))
        if tally.stopped():
            return None
    # The solver's favourites first, then the quick order; a move is searched
    # only while it could still catch up with the best so far.  The quick
    # hint's move is counted in full: another must beat it clearly.
    quick = moves[0]
    wins = tally.wins
    order = [quick, *sorted(moves[1:], key=lambda move: (-wins[move], moves.index(move)))]
    best = quick
    # Where a close call is raced (see `_race`), a move is searched on while it
    # could still come close; with a tie-break (ease, a look, a play-on), while it
    # could still tie.
    close = sampling.race_lead if sampling.race_samples > sampling.samples else 0.0
    play_on = play_on_for(game.game_id) if sampling.playout_tie_break else None
    if (sampling.ease_tie_break or sampling.reveal_tie_break or sampling.plan_tie_break
            or play_on is not None):
        close = max(close, sampling.margin)
    for move in order:
        if not tally.try_move(move, None if move == quick else
                              lambda: _needed(best, quick, wins, sampling) - close):
            return None
        if move != quick and wins[move] >= _needed(best, quick, wins, sampling):
            best = move
    raced = _race(game, rng, tally, best, quick, sampling)
    if raced is None:
        return None
    best = raced
    played_on = planned = False
    if sampling.plan_tie_break:
        chosen = _tie_planned(tally, best, sampling)
        if chosen is None:
            return None
        planned, best = chosen != best, chosen
    if play_on is not None:
        chosen = _tie_played_out(game, rng, tally, best, play_on, sampling)
        if chosen is None:
            return None
        played_on, best = chosen != best, chosen
    if sampling.ease_tie_break:
        best = tally.easiest(best)
    if sampling.reveal_tie_break and not _reveals(first, best):
        best = next((move for move in tally.tied(best) if _reveals(first, move)), best)
    found, won_in = tally.found, tally.won_in
    if not any(known.get(best, 0.0) > 0.0 for known in found):
        return None   # no arrangement got anywhere: nothing better than the quick hint
    won = sum((count, best) in won_in for count in range(len(found)))
    tried = sum(best in known for count, known in enumerate(found)
                if count not in tally.left_out)
    rival = None
    if quick != best:
        counted = all(quick in known for known in found)
        rival = (quick, sum((count, quick) in won_in for count in range(len(found)))
                 if counted else None)
    return BetterHint(best, _sampled_sentence(game, candidates, best, won, tried, rival,
                                              played_on, planned), won, tried)


def _race(game: Game, rng: random.Random, tally: _Tally, best: Move, quick: Move,
          sampling: Sampling) -> Move | None:
    """Where the best move and the next best (up to `sampling.race_moves` in
    all) came out close, more arrangements for those only, a batch at a time,
    until one leads the others clearly or `sampling.race_samples`
    arrangements have been tried: a close call on ten tries is mostly the
    luck of the draw.  The move that leads then, or None when the caller
    asked to stop."""
    field = _still_close(tally, best, tally.runners_up(best)[:sampling.race_moves - 1],
                         sampling)
    while len(field) > 1 and len(tally.found) < sampling.race_samples:
        for _ in range(sampling.race_batch):
            tally.add(game.with_unseen_shuffled(rng), field)
            if tally.stopped():
                return None
        for move in field:
            if not tally.try_move(move, None):
                return None
        # The quick hint's move is the one to beat: another must lead it by the margin.
        best = quick if quick in field else best
        for move in field:
            if move != best and tally.lead(move, best)[0] >= (
                    sampling.margin if best == quick else 0.5):
                best = move
        field = _still_close(tally, best, [move for move in field if move != best], sampling)
    return best


def _tie_played_out(game: Game, rng: random.Random, tally: _Tally, best: Move,
                    play_on: Playout, sampling: Sampling) -> Move | None:
    """Of `best` and the moves that win as often (`_Tally.tied`), the one that
    brings the most cards home (a win counts `sampling.playout_win_worth`
    more) when each is played on by `play_on` in the same `sampling.playouts`
    new ways the hidden cards could lie; `best` where none does more.  None
    when the caller asked to stop.

    A play-on never reads a hidden card: it plays on as a pupil would, who
    sees each card only when it turns up, so it counts what the solver's
    tries cannot (they know every card of the way they try): which move
    leaves a pupil better off.  Draw three: deals 1-50, 18 won (6, 13 and
    43 besides, 38 lost) against 16 without it; deals 51-100, 14 against 17
    (75, 90 and 98 besides; 53, 68, 76, 78, 91 and 97 lost): a rule of thumb
    that wins 17% of deals on its own tells such moves apart no better than
    the quick hint's order, so it is off (`Sampling.playout_tie_break`)."""
    tied = [best, *tally.tied(best)]
    if len(tied) < 2:
        return best
    worth = {move: 0.0 for move in tied}
    for _ in range(sampling.playouts):
        arrangement = game.with_unseen_shuffled(rng)
        for move in tied:
            twin = arrangement.copy()
            twin.play(move)
            end = play_on(twin)
            worth[move] += end.progress + sampling.playout_win_worth * end.won
        if tally.stopped():
            return None
    return max(tied, key=lambda move: worth[move])   # (the first of equals: `best`)


def _tie_planned(tally: _Tally, best: Move, sampling: Sampling) -> Move | None:
    """Of `best` and the moves that win as often (`_Tally.tied`), the one whose
    wins hold best with one plan (`_plan_holds`); `best` where none holds
    better.  None when the caller asked to stop."""
    tied = [best, *tally.tied(best)]
    if len(tied) < 2:
        return best
    held: dict[Move, int] = {}
    for move in tied:
        count = _plan_holds(tally, move, sampling)
        if count is None:
            return None
        held[move] = count
    return max(tied, key=lambda move: held[move])   # (the first of equals: `best`)


def _plan_holds(tally: _Tally, move: Move, sampling: Sampling) -> int | None:
    """In how many of the arrangements won after `move` one plan wins: the same
    moves after it up to the next card shown (`_plan`), taken from the
    solver's line in one arrangement and tried in the others.  A move that
    shows a card itself needs no plan: all its wins count.  None when the
    caller asked to stop."""
    won = [count for count in range(len(tally.found)) if (count, move) in tally.won_in]
    plans: dict[tuple[Move, ...], list[int]] = {}
    for count in won:
        plan = _plan(tally.arrangements[count], move, tally.lines.get((count, move), ()))
        if plan is None:
            return len(won)
        plans.setdefault(plan, []).append(count)
    most = 0
    common = sorted(plans.items(), key=lambda item: -len(item[1]))[:sampling.plan_tries]
    for plan, holders in common:
        others = [count for count in won if count not in holders]
        held = len(holders)
        for done, count in enumerate(others):
            if held + len(others) - done <= most:
                break   # it cannot beat a plan tried before
            verdict = _after_moves(tally.arrangements[count], (move, *plan),
                                   sampling.budget, tally.should_stop)
            held += verdict.status == WINNABLE
            if tally.stopped():
                return None
        most = max(most, held)
    return most


def _plan(arrangement: Game, move: Move, line: Sequence[Move]) -> tuple[Move, ...] | None:
    """The moves of `line` (a win after `move`) up to and including the first
    that shows a card not seen before, or all of it where none does; None
    when `move` itself shows one.  Every move of it before the last reads
    only cards the pupil sees, so it can be played in every arrangement."""
    point, log = arrangement.checkpoint(), arrangement.log
    unseen = len(arrangement.unseen_places())
    try:
        arrangement.play(move)
        if len(arrangement.unseen_places()) < unseen:
            return None
        plan: list[Move] = []
        for step in line:
            arrangement.play(step)
            plan.append(step)
            if len(arrangement.unseen_places()) < unseen:
                break
        return tuple(plan)
    finally:
        arrangement.restore_checkpoint(point, log)


def _still_close(tally: _Tally, best: Move, rivals: Sequence[Move],
                 sampling: Sampling) -> list[Move]:
    """`best` and those of `rivals` it does not lead clearly yet (and that win in
    other arrangements than it does): the moves still worth racing."""
    field = [best]
    for rival in rivals:
        lead, differ = tally.lead(best, rival)
        if differ and abs(lead) < max(sampling.race_lead, 1.5 * differ ** 0.5):
            field.append(rival)
    return field


class _Tally:
    """What the searches found, by arrangement and move: the worth of each try
    (`_Worth`), the arrangements whose search from here ran out (left out),
    and which tries won."""

    def __init__(self, moves: Sequence[Move], worth: _Worth, sampling: Sampling,
                 should_stop: StopAsked | None) -> None:
        self.moves = list(moves)
        self.worth = worth
        self.sampling = sampling
        self.should_stop = should_stop
        self.arrangements: list[Game] = []
        self.found: list[dict[Move, float]] = []
        self.wins = {move: 0.0 for move in moves}
        self.left_out: set[int] = set()
        self.won_in: set[tuple[int, Move]] = set()
        # The solver's winning line after each move in each arrangement, for plans.
        self.lines: dict[tuple[int, Move], tuple[Move, ...]] = {}
        # For each move, how easily its wins were found: log(budget / positions) a win.
        self.ease = {move: 0.0 for move in moves}

    def stopped(self) -> bool:
        return self.should_stop is not None and self.should_stop()

    def add(self, arrangement: Game, only: Sequence[Move] | None = None) -> int:
        """Search `arrangement` from here (for the moves `only`, else all); the
        positions it took.

        Lost here: every move loses.  Won: the solver's own first move wins
        without another search (unless it is no candidate: going round).
        Undecided: each move is searched on its own, as after a win, where
        how far a search got counts; else a search after a move would most
        likely run out too, and the arrangement is left out."""
        count = len(self.found)
        moves = self.moves if only is None else list(only)
        verdict = solve(arrangement, NEVER, self.should_stop,
                        max_positions=self.sampling.budget)
        if verdict.status == UNKNOWN and (verdict.best < 0 or not self.worth.partial):
            self.left_out.add(count)
        known: dict[Move, float] = {} if verdict.status == WINNABLE else {
            move: 0.0 for move in moves if verdict.status == LOST or count in self.left_out}
        if verdict.status == WINNABLE and verdict.line and verdict.line[0] in moves:
            self._count(count, known, verdict.line[0], verdict)
            self.lines[(count, verdict.line[0])] = verdict.line[1:]
        self.arrangements.append(arrangement)
        self.found.append(known)
        return verdict.positions

    def _count(self, count: int, known: dict[Move, float], move: Move,
               verdict: Verdict) -> None:
        known[move] = self.worth(verdict)
        self.wins[move] += known[move]
        if verdict.status == WINNABLE:
            self.won_in.add((count, move))
            self.ease[move] += math.log(self.sampling.budget / max(1, verdict.positions))

    def try_move(self, move: Move, needed: Callable[[], float] | None) -> bool:
        """Search after `move` in every arrangement not yet known for it, while
        it could still reach `needed()` (None: in all); False when asked to stop."""
        left = [(count, arrangement, known) for count, (arrangement, known)
                in enumerate(zip(self.arrangements, self.found)) if move not in known]
        for done, (count, arrangement, known) in enumerate(left):
            if needed is not None and self.wins[move] + len(left) - done < needed():
                break
            verdict = _after(arrangement, move, self.sampling.budget, self.should_stop)
            self._count(count, known, move, verdict)
            if verdict.status == WINNABLE:
                self.lines[(count, move)] = verdict.line
            if self.stopped():
                return False
        return True

    def tied(self, best: Move) -> list[Move]:
        """The other moves tried in every arrangement that win at least as often
        as `best`, in the quick order."""
        return [move for move in self.moves if move != best
                and self.wins[move] >= self.wins[best]
                and all(move in known for known in self.found)]

    def easiest(self, best: Move) -> Move:
        """Of `best` and the moves that win at least as often (`tied`), the one
        whose wins took the fewest positions to find."""
        return max([best, *self.tied(best)], key=lambda move: self.ease[move])

    def runners_up(self, best: Move) -> list[Move]:
        """The moves other than `best`, most wins first, of those tried in every
        arrangement (one left off early could not catch up)."""
        full = [move for move in self.moves if move != best
                and all(move in known for known in self.found)]
        return sorted(full, key=lambda move: -self.wins[move])

    def lead(self, first: Move, second: Move) -> tuple[float, int]:
        """How far `first` is ahead of `second` where both were tried, and in how
        many arrangements they differ."""
        both = [known for known in self.found if first in known and second in known]
        lead = sum(known[first] - known[second] for known in both)
        return lead, sum(known[first] != known[second] for known in both)


class _Worth:
    """What one search after a move is worth: 1 for a win, 0 for a loss, and for
    one that ran out of positions a part of `partial` by the share of the cards
    not yet home that it brought home in some position."""

    def __init__(self, game: Game, partial: float) -> None:
        self.home = game.progress()
        self.cards = sum(len(pile) for pile in game.piles.values())
        self.partial = partial

    def __call__(self, verdict: Verdict) -> float:
        if verdict.status == WINNABLE:
            return 1.0
        if verdict.status == LOST or verdict.best < 0:
            return 0.0
        gained = max(0, verdict.best - self.home) / max(1, self.cards - self.home)
        return self.partial * min(1.0, gained)


def _needed(best: Move, quick: Move, wins: dict[Move, float], sampling: Sampling) -> float:
    """The count another move must reach to take over from `best`."""
    return wins[best] + (sampling.margin if best == quick else 0.5)


def distinct_moves(arrangement: Game, candidates: Sequence[Hint]) -> list[Move]:
    """The candidates' moves, best first, leaving out each that comes to the same
    position as a better one (a number card into one middle box or another).
    Asked of an arrangement, so never of where the hidden cards really lie."""
    moves: list[Move] = []
    keys: set[object] = set()
    point, log = arrangement.checkpoint(), arrangement.log
    for hint in candidates:
        assert hint.move is not None
        try:
            arrangement.play(hint.move)
            key = _search_key(arrangement)
        finally:
            arrangement.restore_checkpoint(point, log)
        if key is None or key not in keys:
            moves.append(hint.move)
            if key is not None:
                keys.add(key)
    return moves


def _reveals(arrangement: Game, move: Move) -> bool:
    """Whether `move` shows the pupil a card not seen before.  Asked of an
    arrangement: which places are unseen never depends on the hidden cards."""
    point, log = arrangement.checkpoint(), arrangement.log
    unseen = len(arrangement.unseen_places())
    try:
        arrangement.play(move)
        return len(arrangement.unseen_places()) < unseen
    finally:
        arrangement.restore_checkpoint(point, log)


def _search_key(game: Game) -> object:
    """The solver's key of the position (the same for positions with the same
    future), or None for a game the solver cannot search."""
    try:
        return game.search_state().key()
    except NotImplementedError:
        return None


def _after(arrangement: Game, move: Move, budget: int,
           should_stop: StopAsked | None) -> Verdict:
    """What the solver finds in `arrangement` after `move`."""
    return _after_moves(arrangement, (move,), budget, should_stop)


def _after_moves(arrangement: Game, moves: Sequence[Move], budget: int,
                 should_stop: StopAsked | None) -> Verdict:
    """What the solver finds in `arrangement` after `moves` (the arrangement
    is left as it was).  A plan's moves read only cards every arrangement
    shows alike (`_plan`), so they are legal in each."""
    point, log = arrangement.checkpoint(), arrangement.log
    try:
        for move in moves:
            arrangement.play(move)
        return solve(arrangement, NEVER, should_stop, max_positions=budget)
    finally:
        arrangement.restore_checkpoint(point, log)


def _sampled_sentence(game: Game, candidates: list[Hint], best: Move, wins: int,
                      tried: int, rival: tuple[Move, int | None] | None,
                      played_on: bool = False, planned: bool = False) -> str:
    """Why (the quick hint's reason), how sure, and what it beats: `rival` is the
    quick hint's move and its wins (None when it was left off once it could not
    catch up); `played_on`: chosen among moves that win as often by playing
    each on (`_tie_played_out`); `planned`: by one plan (`_tie_planned`)."""
    reason = next(hint.why for hint in candidates if hint.move == best)
    if rival is not None and any(word in reason for word in WARNINGS):
        # The quick hint's words warn against this move; the tries say otherwise.
        reason = game.describe(best)
    if not wins:
        sure = (f"The tutor could not work out a win in any of the {tried} ways the hidden "
                "cards could lie that it tried (it does not peek), but after this move it "
                "got the most cards home.")
        return _joined(reason, sure)
    if wins >= tried:
        # (Not "however they lie": only these ways were tried.)
        ways = f"in all {tried} ways" if tried > 1 else "in the one way"
        sure = (f"It won {ways} of laying out the hidden cards that the tutor tried "
                "(it does not peek at them).")
    elif wins * 10 < tried * 3:
        # A hard deal: said as such, not as a poor move (a first hint of "1 of
        # 10" put a pupil off the game).
        sure = (f"This deal is hard: even this move wins in only {_about(wins, tried)} ways "
                "the hidden cards could lie (the tutor does not peek).")
    else:
        sure = (f"It wins in {_about(wins, tried)} ways the hidden cards could lie "
                "(the tutor does not peek).")
    if rival is not None:
        # The quick hint's move, named short (the pupil saw it in full a moment ago).
        other = sentence(doing_short(game.describe(rival[0])))
        if played_on and rival[1] is not None and rival[1] >= wins:
            sure += (f" {other} wins as often, but played on to the end, this move brought "
                     "more cards home.")
        elif planned and rival[1] is not None and rival[1] >= wins:
            sure += f" {other} wins as often only for someone who can see the hidden cards."
        elif rival[1] is not None and (rival[1] >= wins
                                       or _about(rival[1], tried) == _about(wins, tried)):
            # As often, to the nearest tenth (what is ahead is how far the
            # undecided tries got): no "only about 6 of 10" beside "about 6 of 10".
            sure += f" {other} came out a little worse in the same tries."
        elif rival[1] is not None:
            sure += f" {other} wins in {'only ' if rival[1] else ''}{_about(rival[1], tried)}."
        else:
            sure += f" {other} wins less often."
        cost = game.hidden_cost(rival[0])
        if cost:
            sure += " " + cost
    return _joined(reason, sure)


def _about(wins: int, tried: int) -> str:
    """How often, scaled to ten: 'about 7 of 10', 'none of them'."""
    if wins <= 0:
        return "none of them"
    return f"about {max(1, min(9, round(wins * 10 / tried)))} of 10"


def _joined(first: str, second: str) -> str:
    first = first.strip()
    return f"{first} {second}" if first.endswith((".", "!", "?")) else f"{first}. {second}"


class KnownLines:
    """Winning lines already found where nothing is hidden, by position.

    Following a line the solver found wins for sure; searching again from
    the next position might run out of positions.  So each position along a
    line keeps the move that comes next in it.
    """

    def __init__(self) -> None:
        self._next: dict[Position, Move] = {}

    def remember(self, game: Game, line: Sequence[Move]) -> None:
        """Keep `line` (a win from `game`'s position; the game is not changed)."""
        if len(self._next) > 100_000:
            self._next.clear()   # a bound on memory; the lines are found again
        walker = game.copy()
        for move in line:
            self._next[walker.position()] = move
            walker.play(move)

    def next_move(self, game: Game) -> Move | None:
        """The next move of a known winning line from here, or None."""
        return self._next.get(game.position())

    def hint(self, game: Game, ranked: Sequence[Hint] | None = None) -> BetterHint | None:
        """A `BetterHint` for the next move of a known line, or None."""
        move = self.next_move(game)
        if move is None:
            return None
        reason = next((hint.why for hint in ranked or () if hint.move == move),
                      game.describe(move))
        return BetterHint(move, _joined(reason, "It is the next move of the tutor's way to "
                                                "win: keep following the hints."))


def follow_better_hints(game_id: str, variant: str | None, seed: int,
                        sampling: Sampling = Sampling(), max_moves: int = 2000,
                        options: Mapping[str, bool] | None = None) -> Game:
    """Play deal `seed` as a pupil who always takes the first hint, the better one
    where there is one: like `hints.follow_hints`, never seeing a hidden card."""
    from ..registry import new_game
    from .hints import loop_key
    game = new_game(game_id, variant, seed=seed, options=options)
    seen: set[Position] = {loop_key(game)}
    lines = KnownLines()
    for _ in range(max_moves):
        move = lines.next_move(game)
        if move is None:
            ranked = rank_hints(game, seen)
            if ranked[0].move is None or goes_round(ranked[0]):
                break  # over, or every move goes round in a circle
            better = better_hint(game, ranked, sampling)
            if better is not None and better.line:
                lines.remember(game, better.line)
            move = better.move if better is not None else ranked[0].move
        game.play(move)
        seen.add(loop_key(game))
    return game


def better_hint_of(record: JsonDict, ranked: Sequence[Hint], sampling: Sampling = Sampling(),
                   should_stop: StopAsked | None = None) -> BetterHint | None:
    """`better_hint` for the game of a saved-game record: the job the app sends to
    the solver's process (`SolverProcess.run`), where a `Game` could not travel."""
    from ..savefile import load_game
    return better_hint(load_game(record), ranked, sampling, should_stop)
