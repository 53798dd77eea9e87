"""Another player takes the window: their look and options, and their own
unfinished game if they have one."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import TutorApp


def player_changed(app: TutorApp, name: str) -> None:
    """Another player: their look, options, and their own unfinished game if they
    have one; if not, the game on the table stays and goes on as theirs (the
    player before keeps their copy: it was saved under their name)."""
    app.table.set_look(app._look())
    app.choices.reload(app.settings)
    app.show_moves.set(bool(app.settings.show_moves))
    app.panel_shown.set(bool(app.settings.tutor_panel))
    app._place_panel()
    if app.session.belongs_to_current_player():  # renamed, not another player
        app.game.player = name
        return
    game = app.store.resume()
    if game is not None:
        app.start(game, used_hints=app.store.resumed_with_hints)
        app.say(f"Hello, {name}! Here is your game, as you left it.", "info")
        return
    app.session.hand_over()
    app.after_change_marks()
    app.say(f"Hello, {name}! The game on the table is yours now.", "info")
