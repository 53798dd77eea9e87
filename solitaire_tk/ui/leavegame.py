"""Leaving the game on the table for another one: the one way every command
changes it, and the "Start a new game?" question it may ask first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..engine import Game
from ..storage import SaveError
from .statsdialog import ConfirmDialog

if TYPE_CHECKING:
    from .app import TutorApp

ABANDON_QUESTION = ("Start a new game? This one counts as not won.\n\n"
                    "It is kept in your saved games, so you can watch it again.")


class LeaveGame:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self.question: ConfirmDialog | None = None  # "Start a new game?" while it is open

    def replace_game(self, make_game: Callable[[], Game], played_on: bool = False,
                     then: Callable[[], None] | None = None) -> None:
        """The one way every command changes the game on the table.

        A game with a move in it that is not finished asks first: Yes counts it
        as not won and keeps it in saved/; No keeps playing it.  A game with no
        move is dropped without a question.  `then` runs after either answer.
        """
        app = self.app

        def go_on() -> None:
            if then is not None:
                then()

        if not app.session.abandon_needed():
            app.start(make_game(), played_on=played_on)
            go_on()
            return
        if self.question is not None:  # already asking: bring the question to the front
            self.question.lift()
            self.question.no.focus_force()
            return

        def answer(yes: bool) -> None:
            self.question = None
            app.table.focus_set()
            if not yes:
                app.choices.game.set(f"{app.game.game_id}/{app.game.variant}")
                app.say("Your game goes on.", "info")
                go_on()
                return
            try:
                kept = app.session.abandon()
            except SaveError as error:
                kept = None
                app.say(str(error), "illegal")
            left = app.game.title
            app.start(make_game(), played_on=played_on)
            if kept is not None:
                app.say(f"The last game of {left} counts as not won. It is kept as {kept.name}: "
                        "open it with Game > Open saved game to watch it again.", "info")
            go_on()

        self.question = ConfirmDialog(app.root, "Start a new game?", ABANDON_QUESTION, answer)
        self.question.lift()
        self.question.no.focus_force()
