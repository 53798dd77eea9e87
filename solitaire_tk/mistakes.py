"""Find the move where a saved game was lost (the replay's "Find mistakes"
and `solitaire-tk analyse FILE`).

The solver is asked about the position before every step, in order: the
deal, then the position after each log entry.  A mistake is a move whose
position before was proved "winnable" and whose position after was proved
"lost"; where the solver ran out of time ("unknown") nothing is guessed.

Two verdicts come free, without a search: a move from a lost position leaves
it lost (a win after the move would be a win from before it), and the move
that starts the winning line found before leaves a winnable position whose
winning line is the rest.  So a game played well is checked quickly.

`Analysis` keeps the verdicts and says which position to ask about next, so
the same logic runs here in one process (`analyse`) and beside the window,
one question at a time in the solver's process (`mistakerun`).
"""

from __future__ import annotations

from typing import Callable

from .engine import Game
from .moves import Move
from .records import record
from .savefile import Replay
from .solver import LOST, UNKNOWN, WINNABLE, Verdict, solve, verdict_after
from .wording import and_list, doing, plural, sentence

Progress = Callable[[int, int], None]

# The solver knows the hidden cards (SPEC 5): whatever it finds says so.
SEEN_ALL = "The tutor looked at every card, the hidden ones too."


@record(frozen=True, slots=True)
class Mistake:
    """The move of log entry `step` lost the game; `better` (the first move of
    a winning line from the position before it) would have kept it winnable."""

    step: int
    played: str
    better: Move
    better_text: str

    @property
    def before(self) -> int:
        """The step whose position the mistake was made in (Try from here opens it)."""
        return self.step - 1

    @property
    def sentence(self) -> str:
        """'At step 12, moving the 9 of spades ... lost the game: ... Moving the
        4 of clubs home instead would have kept it winnable.'"""
        return f"At step {self.step}, {self.what_happened}"

    @property
    def what_happened(self) -> str:
        better = sentence(doing(self.better_text))
        return (f"{doing(self.played)} lost the game: after it, no way of playing on could "
                f"win. {better} instead would have kept it winnable.")


@record(frozen=True, slots=True)
class Change:
    """The verdict at step `step` (0 = the deal) differs from the one before."""

    step: int
    status: str
    text: str


class Analysis:
    """The verdicts of a replay's positions, found one after the other.

    Ask `next_position()` which position the solver must decide next (the
    free ones are filled in first), solve `game_at()` it, and hand the verdict
    to `add()`.  `verdicts[n]` is the verdict after n log entries."""

    def __init__(self, replay: Replay, seconds: float = 1.0) -> None:
        self.replay = replay
        self.seconds = seconds
        self.verdicts: list[str] = []
        self.mistakes: list[Mistake] = []
        self._line: tuple[Move, ...] = ()   # the winning line from the last position decided

    @property
    def total(self) -> int:
        """How many positions there are to decide: the deal and one per step."""
        return len(self.replay) + 1

    @property
    def done(self) -> int:
        return len(self.verdicts)

    @property
    def finished(self) -> bool:
        return self.done >= self.total

    def next_position(self) -> int | None:
        """The position to solve next (after those that come free), or None when all are decided."""
        while not self.finished:
            step = self.done
            move = self.replay.moves[step - 1] if step else None
            free = (verdict_after(Verdict(self.verdicts[-1], self._line), (move,))
                    if move is not None else None)
            if free is None:
                return step
            self._record(free)
        return None

    def game_at(self, position: int) -> Game:
        return self.replay.game_at(position)

    def add(self, verdict: Verdict) -> None:
        """The solver's verdict on the position `next_position()` gave."""
        if self.finished:
            raise ValueError("Every position of this game has its verdict already.")
        self._record(verdict)

    def _record(self, verdict: Verdict) -> None:
        step = self.done
        move = self.replay.moves[step - 1] if step else None
        if (move is not None and verdict.status == LOST and self.verdicts[-1] == WINNABLE
                and self._line):
            better = self._line[0]
            before = self.replay.game_at(step - 1)
            # The move's own sentence (a step's may name the cards it turned up too).
            self.mistakes.append(Mistake(step, before.describe(move), better,
                                         before.describe(better)))
        self.verdicts.append(verdict.status)
        self._line = verdict.line if verdict.status == WINNABLE else ()

    # -- what was found, in words ----------------------------------------------------
    @property
    def unknown_steps(self) -> list[int]:
        return [step for step, status in enumerate(self.verdicts) if status == UNKNOWN]

    def mistake_at(self, step: int) -> Mistake | None:
        return next((m for m in self.mistakes if m.step == step), None)

    def changes(self) -> list[Change]:
        """Every step whose verdict differs from the step before (the deal always)."""
        found: list[Change] = []
        last_winnable = -1   # the last step proved winnable
        for step, status in enumerate(self.verdicts):
            before = self.verdicts[step - 1] if step else None
            if status != before:
                found.append(Change(step, status, self._change_text(step, before, last_winnable)))
            if status == WINNABLE:
                last_winnable = step
        return found

    def _change_text(self, step: int, before: str | None, last_winnable: int) -> str:
        status = self.verdicts[step]
        mistake = self.mistake_at(step)
        if mistake is not None:
            return f"Step {step}: {mistake.what_happened}"
        where = "The deal:" if step == 0 else f"Step {step}: {self.replay.steps[step - 1]}"
        if status == UNKNOWN:
            return (f"{where} The tutor could not tell in time whether the game "
                    f"{'can' if step == 0 else 'can still'} be won.")
        if status == WINNABLE:
            return f"{where} The game can be won{' again' if before == LOST else ''}."
        if step == 0:
            return f"{where} This deal cannot be won, whatever the moves."
        return f"{where} The game can no longer be won. {self._lost_between(last_winnable, step)}"

    @staticmethod
    def _lost_between(last_winnable: int, step: int) -> str:
        """Where a game lost at `step`, by no one move found, was lost."""
        if last_winnable >= 0:
            return (f"It was lost at one of steps {last_winnable + 1} to {step}, but the "
                    "tutor could not tell which in time.")
        return f"The tutor could not tell in time whether it could be won before step {step}."

    def summary(self) -> str:
        """One sentence for the end: which moves lost the game, or why none did."""
        if not self.finished:
            return f"Stopped after {self.done} of {self.total} steps."
        text = self._outcome()
        unknown = len(self.unknown_steps)
        if unknown:
            text += (f" The tutor could not decide {plural(unknown, 'step')} in time "
                     f"({self.seconds:g} second{'' if self.seconds == 1 else 's'} each).")
        return text

    def _outcome(self) -> str:
        if self.mistakes:
            steps = [str(m.step) for m in self.mistakes]
            return ("One move lost the game: step " if len(steps) == 1 else
                    f"{len(steps)} moves lost the game: steps ") + and_list(steps) + "."
        if self.verdicts[0] == LOST:
            return "This deal could not be won from the start, so no move lost it."
        if set(self.verdicts) == {WINNABLE}:
            return ("The game was won: no move lost it." if self.replay.final.is_won() else
                    "No move lost the game: it could still be won at the last step.")
        lost = next((step for step, status in enumerate(self.verdicts) if status == LOST), None)
        if lost is not None:   # lost somewhere among steps the tutor could not decide
            last_winnable = max((step for step in range(lost) if self.verdicts[step] == WINNABLE),
                                default=-1)
            return f"From step {lost} on the game could no longer be won. " + \
                self._lost_between(last_winnable, lost)
        return "No move was found that lost the game for sure."

    # -- for the replay panel ---------------------------------------------------------
    def marks(self, first: int = 0) -> dict[int, str]:
        """The rows of the replay's list to mark, from step `first` on: step ->
        "mistake" or "unknown" (a step's mark never changes once it is decided)."""
        found = {step: UNKNOWN for step in range(first, self.done)
                 if self.verdicts[step] == UNKNOWN}
        found.update((mistake.step, "mistake") for mistake in self.mistakes
                     if mistake.step >= first)
        return found

    def report(self) -> str:
        """What the replay panel says once the analysis is over (or stopped)."""
        if not self.finished:
            return (f"Stopped after {self.done} of {self.total} steps. Press Find mistakes "
                    "to start again.")
        parts = [] if len(self.mistakes) == 1 else [self._outcome()]
        if self.mistakes:   # Try from here (its tooltip says so) plays on from before the first
            parts.append(self.mistakes[0].sentence)
        if self.unknown_steps:
            parts.append("The steps marked (?) were too hard to decide in time.")
        return " ".join([*parts, SEEN_ALL])


def analyse(replay: Replay, seconds: float = 1.0,
            should_stop: Callable[[], bool] | None = None,
            progress: Progress | None = None) -> Analysis:
    """Decide every position of `replay` here, `seconds` at most each.

    `progress(done, total)` is called after each position decided; when
    `should_stop()` says True the search stops at once and the analysis so
    far is returned (its `finished` is False)."""
    analysis = Analysis(replay, seconds)
    while True:
        position = analysis.next_position()
        if progress is not None:
            progress(analysis.done, analysis.total)
        if position is None or (should_stop is not None and should_stop()):
            return analysis
        verdict = solve(analysis.game_at(position), seconds, should_stop)
        if should_stop is not None and should_stop():
            return analysis   # that "unknown" was the stop, not the clock
        analysis.add(verdict)


def run_analyse(path: str, seconds: float = 1.0) -> int:
    """`solitaire-tk analyse FILE`: a line for each step that changed the
    verdict, then the summary; 2 for a file that is not a proper saved game."""
    import sys

    from .savefile import GameFileError
    try:
        replay = Replay(path)
    except GameFileError as error:
        print(f"solitaire-tk: cannot open that saved game: {error}", file=sys.stderr)
        return 2

    def show_progress(done: int, total: int) -> None:
        if sys.stderr.isatty():   # a teacher at a terminal sees it move; a file gets none of it
            print(f"\rChecked {done} of {total} steps...", end="", file=sys.stderr, flush=True)

    analysis = analyse(replay, seconds, progress=show_progress)
    if sys.stderr.isatty():
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr, flush=True)
    for change in analysis.changes():
        print(change.text)
    print(f"{analysis.summary()} {SEEN_ALL}")
    return 0
