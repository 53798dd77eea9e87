"""What Hint shows next, and when Thirteen's move alert speaks (no tkinter).

Hint shows the best move; asked again in the same position it shows the
next best, and so on round the list.  A move or an undo starts again from
the best.  The line of play goes with it, so a hint avoids going round in
circles (`LineOfPlay`).  The window only draws the arrow and says the words.
"""

from __future__ import annotations

from ..engine import Game, Position
from ..moves import Move
from .guide import LineOfPlay, scoring_moves_left
from .hints import Hint, rank_hints


class HintCycle:
    def __init__(self, game: Game) -> None:
        self.shown: tuple[Position, list[Hint], int] | None = None  # position, ranked, shown
        self.line = LineOfPlay(game)  # positions along the line of play (hints avoid circles)
        self._deal_alert: Position | None = None  # position where the move alert last spoke

    def start(self, game: Game) -> None:
        """A new game on the table: its own line of play, and Hint starts at the best."""
        self.shown = None
        self.line = LineOfPlay(game)

    def forget(self) -> None:
        """After a move or an undo, Hint starts again with the best move."""
        self.shown = None

    def next(self, game: Game) -> tuple[Hint, int, int]:
        """The hint to show now, its place in the list (0 is the best), and how many."""
        position = game.position()
        if self.shown is None or self.shown[0] != position:
            self.shown = (position, rank_hints(game, self.line), -1)
        _, ranked, shown = self.shown
        shown = (shown + 1) % len(ranked)
        self.shown = (position, ranked, shown)
        return ranked[shown], shown, len(ranked)

    def deal_alert(self, game: Game) -> Move | None:
        """Before a deal: a move that still takes cards away, once per position."""
        open_moves = scoring_moves_left(game)
        position = game.position()
        if not open_moves or self._deal_alert == position:
            return None
        self._deal_alert = position
        return open_moves[0]

    def put_first(self, game: Game, hint: Hint) -> bool:
        """A better hint found later for this position becomes the one shown (and the
        first of the list); False when the game has moved on since, or the pupil
        has gone on to the next hint."""
        if self.shown is None or self.shown[0] != game.position() or self.shown[2] != 0:
            return False
        position, ranked, _ = self.shown
        self.shown = (position, [hint, *(h for h in ranked if h.move != hint.move)], 0)
        return True
