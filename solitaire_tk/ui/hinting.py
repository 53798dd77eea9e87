"""Hint (an arrow and a sentence) and Thirteen's move alert, on the table.

Which hint comes next is worked out without Tk in `tutor.hint_cycle`;
this draws the arrow and says the words.  The quick hint shows at once;
the better one (`tutor.sampling`: the solver, never shown a hidden card)
is worked out in the solver's own process and replaces it when it comes,
unless the pupil has moved on (a move cancels it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import Game, Position
from ..moves import Move
from ..solverprocess import SolverProcess
from ..tutor.hint_cycle import HintCycle
from ..tutor.hints import Hint, goes_round
from ..tutor.sampling import BetterHint, KnownLines, Sampling, better_hint_of
from .keys import key_for

if TYPE_CHECKING:
    from .app import TutorApp


# How often the window looks whether the better hint has come.
POLL_MS = 50
# The rank score of a better hint (it goes before every quick one).
BETTER = float("inf")


class Hinting:
    def __init__(self, app: TutorApp, game: Game) -> None:
        self.app = app
        self.cycle = HintCycle(game)
        self.sampling = Sampling()
        self.lines = KnownLines()   # winning lines found where nothing is hidden
        self._process: SolverProcess | None = None   # started at the first hint
        self._poll_job: str | None = None   # one look for the answer waiting, at most
        self._asked: Position | None = None   # the position the better hint is for
        self._bound = False   # whether the arrow is drawn again when the table is
        app.hub.subscribe("position_changed", self._moved_on)
        app.hub.subscribe("game_changed", self._moved_on)
        app.root.bind("<Destroy>", self._closed, add="+")

    def hint(self) -> None:
        """The best move with an arrow and a sentence; again: the next best."""
        app = self.app
        if app.replay.active:
            return
        hint, shown, count = self.cycle.next(app.game)
        if shown == 0 and goes_round(hint):
            app.marks.point_at("hint", app.game, None)
            app.say("Nothing new is left to try: every move only brings back a position you "
                    "have had before. Undo to try another way, or start a new game "
                    f"({key_for(app.game, 'new')}).", "over")
            return
        if hint.move is not None:
            app.used_hints = True
        self._show(hint, shown, count)
        if shown == 0 and hint.move is not None and hint.score != BETTER:
            self._ask_better()

    def _show(self, hint: Hint, shown: int, count: int) -> None:
        app = self.app
        if not self._bound:
            # A longer sentence may make the window lay the table out again,
            # which rubs out the arrow: it is drawn again then.
            app.table.bind("<<TableLaidOut>>", self._laid_out, add="+")
            self._bound = True
        app.marks.point_at("hint", app.game, hint.move)
        more = (f" (hint {shown + 1} of {count}: press {key_for(app.game, 'hint')} "
                "again for the next)") \
            if count > 1 else ""
        if hint.move is None and app.game.is_over():
            app.say_outcome()   # (the hint is how the game ended)
            return
        app.say(hint.why + more, "hint" if hint.move is not None else app.game.result_kind())

    # -- the better hint, from the solver's process ------------------------------
    def _ask_better(self) -> None:
        game = self.app.game
        ranked = self.cycle.shown[1] if self.cycle.shown is not None else []
        known = self.lines.hint(game, ranked)
        if known is not None:
            self._better(known)
            return
        if self._process is None:
            self._process = SolverProcess()
        self._asked = game.position()
        self._process.run(better_hint_of, (game.to_json(), ranked, self.sampling), self._came)
        if self._poll_job is None:
            self._poll_job = self.app.root.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._poll_job = None
        if self._process is not None and self._process.busy():
            self._process.poll()
            if self._process.busy():
                self._poll_job = self.app.root.after(POLL_MS, self._poll)

    def _came(self, better: BetterHint | None) -> None:
        game = self.app.game
        if better is None or self._asked != game.position():
            return
        if better.line:
            self.lines.remember(game, better.line)
        self._better(better)

    def _better(self, better: BetterHint) -> None:
        """Show the better hint in place of the quick one (if it is still shown)."""
        if self.app.replay.active or not self.cycle.put_first(self.app.game, Hint(
                better.move, better.why, BETTER)):
            return
        assert self.cycle.shown is not None
        self._show(self.cycle.shown[1][0], 0, len(self.cycle.shown[1]))

    def _laid_out(self, _event: Any) -> None:
        shown = self.cycle.shown
        if shown is not None and shown[0] == self.app.game.position() \
                and not self.app.replay.active:
            self.app.marks.point_at("hint", self.app.game, shown[1][max(shown[2], 0)].move)

    def _moved_on(self, **_: Any) -> None:
        """A move, an undo or another game: the better hint asked for is of no use now."""
        self._asked = None
        if self._process is not None and self._process.busy():
            self._process.cancel()

    def _closed(self, event: Any) -> None:
        if event.widget is not self.app.root:
            return
        if self._poll_job is not None:   # no look after the window is gone
            self.app.root.after_cancel(self._poll_job)
            self._poll_job = None
        if self._process is not None:
            self._process.close()
            self._process = None

    def move_alert(self, move: Move) -> bool:
        """The move alert (Thirteen's own option): before a deal, say once if a pair
        could still go."""
        game = self.app.game
        if ("move_alert" not in game.own_settings or move.action != "deal"
                or not self.app.settings.move_alert):
            return False
        open_move = self.cycle.deal_alert(game)
        if open_move is None:
            return False
        self.app.marks.point_at("hint", game, open_move)
        self.app.say("Move alert: you can still take cards away before you deal. "
                     f"{game.describe(open_move)} Deal again to deal anyway.", "hint")
        return True
