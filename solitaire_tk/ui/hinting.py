"""Hint (an arrow and a sentence) and Thirteen's move alert, on the table.

Which hint comes next is worked out without Tk in `tutor.hint_cycle`;
this draws the arrow and says the words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import Game
from ..moves import Move
from ..tutor.hint_cycle import HintCycle
from ..tutor.hints import goes_round
from .keys import key_for

if TYPE_CHECKING:
    from .app import TutorApp


class Hinting:
    def __init__(self, app: TutorApp, game: Game) -> None:
        self.app = app
        self.cycle = HintCycle(game)

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
        app.marks.point_at("hint", app.game, hint.move)
        more = (f" (hint {shown + 1} of {count}: press {key_for(app.game, 'hint')} "
                "again for the next)") \
            if count > 1 else ""
        app.say(hint.why + more, "hint" if hint.move is not None else app.game.result_kind())

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
