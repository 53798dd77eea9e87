"""Still winnable?  After each move the solver says whether the game on the
table can still be won (issue 11, part 2).  No tkinter: tests drive it.

`WinnableWatch` keeps the verdict of the position in play and the words for
it.  It asks a solver in its own process (`solverprocess.SolverProcess`, or
anything with the same `ask`/`poll`/`cancel`/`busy`/`close`) with the game's
saved-game record; the window asks once a turn (a pupil's move and the
moves made by themselves after it) and polls now and then.  A new question
cancels the one before it.

Two options of the player's use it, both off at first: the marker in the
status bar ("Can still be won"), and a word in the tutor panel when a move
turns a winnable game into a lost one ("That move lost the game: ...").
The solver knows where the hidden cards are, so either one is help, like a
hint: a game played with one of them on (at any time) counts as won with
help.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

from .engine import Game, Position
from .moves import JsonDict, Move
from .records import record
from .solver import LOST, UNKNOWN, WINNABLE, Verdict, verdict_after
from .solverprocess import Callback
from .stats import has_moves
from .wording import doing, sentence

THINKING = "thinking"
SECONDS = 3.0   # each position's search; "too hard to tell" after that
# How long past its time an answer is waited for (the solver's process starts
# slowly on an old PC) before the marker says "too hard to tell" anyway.
GRACE = 20.0

WORDS = {
    THINKING: "Thinking…",
    WINNABLE: "Can still be won",
    LOST: "Can no longer be won",
    UNKNOWN: "Too hard to tell",
}
WON_WORDS = "Won"                              # the game is won: nothing left to tell
DEAL_LOST_WORDS = "This deal cannot be won"    # lost before any move: not "no longer"
EVERY_WORDS = (*WORDS.values(), WON_WORDS, DEAL_LOST_WORDS)
TIP = ("The tutor knows where every hidden card is (the cards face down and the order "
       "of the stock), so it can tell whether this game can still be won.\n"
       "\"Too hard to tell\": it could not find out in a few seconds.\n"
       "Using this counts as help, like a hint.")
# When the position itself says nothing: the whole search found no way.
NO_WAY_LEFT = "from here no way of playing wins any more"


class Asker(Protocol):
    """What the watch needs of the solver's process (`SolverProcess`)."""

    def ask(self, record: JsonDict, callback: Callback, seconds: float = 2.0) -> None: ...

    def cancel(self) -> None: ...

    def busy(self) -> bool: ...

    def poll(self) -> bool: ...

    def close(self) -> None: ...


class Played(Protocol):
    """What the watch needs of the game in play (`session.Session`)."""

    game: Game
    used_hints: bool


@record(frozen=True)
class LostMove:
    """A move that turned a winnable game into a lost one, and why it is lost."""

    move: Move
    reason: str    # a plain sentence's body, without the full stop
    better: str = ""   # the sentence of a move that would have kept it winnable

    @property
    def text(self) -> str:
        instead = (f" {sentence(doing(self.better))} instead would have kept it winnable."
                   if self.better else "")
        return f"That move lost the game: {self.reason}.{instead} Undo?"


def lost_reason(game: Game) -> str:
    """Why a position the solver proved lost cannot be won, in a pupil's words.

    A game that is over says why itself.  Otherwise the game's search state
    may say which dead end it saw (`dead_reason()`, naming only cards the
    pupil can see); else the reason is the search as a whole.
    """
    reason = game.loss_reason()
    if reason is None:
        try:
            state: Any = game.search_state()
        except NotImplementedError:
            return NO_WAY_LEFT
        dead_reason = getattr(state, "dead_reason", None)
        if dead_reason is not None and state.is_dead():
            reason = dead_reason()
    if not reason:
        return NO_WAY_LEFT
    return reason.strip().rstrip(".")


class WinnableWatch:
    """The verdict of the position in play, asked of the solver after each turn."""

    def __init__(self, asker: Asker, played: Played, seconds: float = SECONDS,
                 grace: float = GRACE) -> None:
        self.asker = asker
        self.played = played
        self.seconds = seconds
        self.grace = grace
        self._asked_at = 0.0
        self.marker = False      # the status bar says how the game stands
        self.warn = False        # the tutor panel says when a move lost the game
        self.status: str | None = None   # THINKING or a solver status; None: not asked
        self.lost_move: LostMove | None = None
        self._known: dict[Position, str] = {}   # proofs of this deal: winnable or lost
        # The verdict of the last position with one, and the moves since it
        # (None once one was taken back: then no move can be blamed).
        self._before: str | None = None
        self._moves: list[Move] | None = []
        self._turns = 0          # turns asked about since that verdict (one: blame its move)
        # The winning line that came with that verdict (`solver.verdict_after`).
        self._line: tuple[Move, ...] = ()
        self._line_words = ""   # its first move's sentence

    @property
    def on(self) -> bool:
        return self.marker or self.warn

    @property
    def words(self) -> str | None:
        """What the marker says now, or None when it is off (or not asked yet)."""
        if not self.marker or self.status is None:
            return None
        game = self.played.game
        if game.is_won():
            return WON_WORDS
        if self.status == LOST and not has_moves(game.log):
            return DEAL_LOST_WORDS
        return WORDS[self.status]

    def set_options(self, marker: bool, warn: bool) -> None:
        """The player's two options; turning one on counts this game as helped."""
        was_on = self.on
        self.marker, self.warn = marker, warn
        if not self.on:
            self.asker.cancel()
            self.status = None
            self.lost_move = None
            return
        self.played.used_hints = True
        if not was_on:
            self._forget_moves()
            self.ask()

    def game_changed(self) -> None:
        """Another game is on the table: what was known was of the one before."""
        self._known.clear()
        self.lost_move = None
        self._forget_moves()
        self.status = None
        if self.on:
            self.played.used_hints = True
            self.ask()

    def position_changed(self, move: Move | None) -> None:
        """A move was played (`move`) or taken back (None); `ask` follows once a turn."""
        self.lost_move = None
        if move is None:
            self._moves = None
        elif self._moves is not None:
            self._moves.append(move)

    def ask(self) -> None:
        """Ask about the position in play (a proof found before is used again)."""
        if not self.on:
            return
        game = self.played.game
        self.played.used_hints = True
        self._turns += 1
        key = game.position()
        known = self._known.get(key)
        if known is not None:
            self.asker.cancel()
            self._settle(game, Verdict(known))
            return
        # What the last verdict says of the position after the moves since
        # (nothing once a move was taken back: the moves since are not known).
        follows = (verdict_after(Verdict(self._before, self._line), self._moves)
                   if self._before is not None and self._moves is not None else None)
        if follows is not None:
            self.asker.cancel()
            self._known[key] = follows.status
            self._settle(game, follows)
            return
        self.status = THINKING

        def answered(verdict: Verdict) -> None:
            if verdict.status != UNKNOWN:
                self._known[key] = verdict.status
            self._settle(game, verdict)

        self._asked_at = time.monotonic()
        self.asker.ask(game.to_json(), answered, self.seconds)

    def busy(self) -> bool:
        return self.asker.busy()

    def poll(self) -> bool:
        """Take the verdict if it has come; True if the words changed.

        An answer that never comes (the solver's process was stopped) is given
        up after its time and the grace: "too hard to tell", never "thinking" for good.
        """
        if self.asker.poll():
            return True
        if (self.asker.busy() and self.status == THINKING
                and time.monotonic() - self._asked_at > self.seconds + self.grace):
            self.asker.cancel()
            self._settle(self.played.game, Verdict(UNKNOWN))
            return True
        return False

    def close(self) -> None:
        self.asker.close()

    def _settle(self, game: Game, verdict: Verdict) -> None:
        """The position in play has its verdict: was it lost by the move just made?"""
        moves, before, status = self._moves, self._before, verdict.status
        self.status = status
        if (status == LOST and before == WINNABLE and moves and self._turns <= 1
                and self.played.game is game):
            better = self._line_words if self._line[:1] != (moves[0],) else ""
            self.lost_move = LostMove(moves[0], lost_reason(game), better)
        if status != UNKNOWN:
            self._line = verdict.line
            # Said now, in the position it is played from (a pupil's move may follow).
            self._line_words = game.describe(verdict.line[0]) if verdict.line else ""
            self._before = status
            self._moves = []
            self._turns = 0

    def _forget_moves(self) -> None:
        self._before = None
        self._moves = []
        self._turns = 0
        self._line = ()
        self._line_words = ""
