"""The end of a game: the win's celebration first (the Celebrate option),
then the game-over dialog; a game that is over is counted once and kept."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..stats import game_key
from ..storage import SaveError
from .statusbar import score_text

if TYPE_CHECKING:
    from .app import TutorApp
    from .dialogs import GameOverDialog


class EndGame:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self.dialog: GameOverDialog | None = None

    def celebrate_then_check_over(self) -> None:
        """A won game first gets its show (the Celebrate option), which any key
        or click ends early; then the game-over dialog."""
        app = self.app
        if not (app.game.is_won() and app.settings.celebrate):
            self.check_over()
            return
        self.record_if_needed()  # counted at once, even if the window is closed during the show
        app.table.slides.finish()
        app.celebration.start(app.table.top_card_pictures(), self.check_over,
                              seed=app.game.seed or 0)

    def check_over(self) -> None:
        app = self.app
        game = app.game
        if not game.is_over():
            return
        self.record_if_needed()
        won = game.is_won()
        # Over with moves left: cards still move, but none can ever reach home again.
        headline = "You won!" if won else (
            "Game over" if game.moves_left_when_over() else "No more moves")
        # The headline says "You won!" or "Game over": the detail says the rest.
        detail = f"{game.outcome_detail()}\n\n{score_text(game)}."
        if not won and game.lost_comfort():
            detail += f"\n\n{game.lost_comfort()}"
        if app.finished_file is not None:
            detail += ("\n\nThe game is kept in your saved games: open it with "
                       "Game > Open saved game to watch it again.")
        elif app.session.unwritten:
            detail += "\n\nThis game could not be written down yet. " + app.session.unwritten_words()
        if app.settings.show_stats_after_game:
            from .statsdialog import stats_summary  # the dialogs load when first needed
            detail += "\n\n" + stats_summary(app.store, game_key(game))
        app.say_outcome()
        actions = [("New game", app.new_game), ("Same deal", app.same_deal)]
        if game.can_undo() and not won:
            actions.append(("Undo", app.undo))
        actions.append(("Replay it", app.replay_current))
        actions.append(("Statistics", app.show_stats))
        actions.append(("Close", lambda: None))
        from .dialogs import GameOverDialog
        self.dialog = GameOverDialog(app.root, headline, detail, actions, won=won)

    def record_if_needed(self) -> None:
        """A game that is over is counted once and kept in saved/ (`finished_file`)."""
        try:
            self.app.session.finish()
        except SaveError as error:
            self.app.say(str(error), "notice")
