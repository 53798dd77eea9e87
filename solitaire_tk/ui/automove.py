"""Moves the app makes for the pupil: Auto-move's safe cards home after the
pupil's move, and Control > Finish.  Each is logged and undone like any other."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move
from .keys import key_for

if TYPE_CHECKING:
    from .app import TutorApp


class AutoMove:
    def __init__(self, app: TutorApp) -> None:
        self.app = app

    def after_pupil_move(self) -> None:
        """With Auto-move on, cards that are safe go home by themselves and
        Finish is offered once every card left can go home; then is it over?"""
        app = self.app
        if app.settings.auto_move:
            # Each move brings a card home, so this ends within a deck of moves.
            for _ in range(len(app.game.deck)):
                moves = app.game.safe_home_moves()
                if not moves:
                    break
                self.play_by_itself(moves[0])
            if not app.game.is_over() and app.game.can_finish():
                app.say("Every card left can now go where it belongs: press "
                        f"{key_for(app.game, 'finish')} (Control > Finish) to send them all.",
                        "hint")
        app.endgame.celebrate_then_check_over()

    def play_by_itself(self, move: Move) -> None:
        """A move the app makes for the pupil: logged like any other, undone alone."""
        self.app.play(move, "By itself: ")

    def finish(self) -> None:
        """Control > Finish: every card left goes home, each a move of its own."""
        app = self.app
        if app.replay.active or app.game.is_won():
            return
        moves = app.game.finish_moves()
        if not moves:
            app.say("Finish works once every card left can go where it belongs, one after "
                    "another, with no card still face down.", "illegal")
            return
        app.controls.drop_hold()
        for move in moves:
            self.play_by_itself(move)
        app.endgame.celebrate_then_check_over()
