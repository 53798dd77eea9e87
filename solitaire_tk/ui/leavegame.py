"""Leaving the game on the table for another one: new game, same deal, a deal
number, Play from here.  All go through `replace_game`, the one way every
command changes it, and the "Start a new game?" question it may ask first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..engine import Game
from ..keptgames import how_to_find
from ..registry import new_game
from ..session import new_game_for
from ..storage import SaveError
from .statusbar import variant_title

if TYPE_CHECKING:
    from .app import TutorApp
    from .statsdialog import ConfirmDialog

def abandon_question(game: Game) -> str:
    """The "Start a new game?" question, naming the game that would be left."""
    return (f"Start a new game? This game of {variant_title(game)} counts as not won.\n\n"
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
        The game in play is the session's, not a lesson's on the table (the
        question and the kept file's words named the lesson's deck).
        """
        app = self.app
        in_play = app.session.game

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
                app.choices.game.set(f"{in_play.game_id}/{in_play.variant}")
                app.say("The lesson goes on." if app.course.active else "Your game goes on.",
                        "info")
                go_on()
                return
            try:
                kept = app.session.abandon()
            except SaveError as error:
                kept = None
                app.say(str(error), "notice")
            app.start(make_game(), played_on=played_on)
            if kept is not None:
                # In the panel too (the bar shows it on one line), with what the
                # tutor said of the new deal, which this would hide.
                app.say(f"The last game of {in_play.title} counts as not won. It is kept with your "
                        f"saved games ({how_to_find(in_play)}): open it with Game > Open saved "
                        f"game to watch it again. {app.dealing.note}".rstrip(), "kept")
            go_on()

        from .statsdialog import ConfirmDialog  # the dialogs load when first needed
        self.question = ConfirmDialog(app.root, "Start a new game?",
                                      abandon_question(in_play), answer)
        self.question.lift()
        self.question.no.focus_force()


def start_new_game(app: TutorApp, game_id: str | None = None, variant: str | None = None,
                   seed: int | None = None) -> None:
    game_id = game_id or app.game.game_id
    if variant is None:
        variant = (app.game.variant if game_id == app.game.game_id
                   else app.settings.last_variant.get(game_id))
    app.replace_game(lambda: new_game_for(app.store, game_id, variant, seed=seed,
                                          deals=app.dealing.deals))


def same_deal(app: TutorApp) -> None:
    game = app.session.game   # the game in play (in a lesson, not the lesson's deck)
    if game.seed is not None:
        app.new_game(game.game_id, game.variant, seed=game.seed)
    else:
        app.replace_game(lambda: new_game(game.game_id, game.variant, deck=game.deck,
                                          options=game.options,
                                          player=app.store.current_player))


def choose_deal(app: TutorApp) -> None:
    from .dialogs import DealNumberDialog
    DealNumberDialog(app.root, app.game.seed, lambda seed: app.new_game(seed=seed))


def play_on(app: TutorApp, game: Game, step: int, note: str = "") -> None:
    """The replay's Play from here: `game` (at that step) becomes the game in play
    (`note`: a sentence more for the pupil, as Try from here's move to try)."""
    def told() -> None:
        if app.game is game:
            where = f"step {step}" if step else "the deal, before its first move"
            app.say(f"You are playing on from {where}. The saved game itself is not "
                    "changed. This game counts as played with help: the replay showed "
                    f"how it goes. {note}".rstrip(), "info")
    app.replace_game(lambda: game, played_on=True, then=told)
