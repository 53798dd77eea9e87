"""Another player takes the window: their look and options, and their own
unfinished game if they have one.  Also "<" and ">" (the previous or next
player), and the question a window asks when it starts on a player who is
playing in another window."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..whoplays import start_question, step_player
from .keys import key_for

if TYPE_CHECKING:
    from .app import TutorApp


def player_changed(app: TutorApp, name: str, note: str = "") -> None:
    """Another player: their look, options, and their own unfinished game if they
    have one; if not, the game on the table stays and goes on as theirs (the
    player before keeps their copy: it was saved under their name).  `note` is
    said after the greeting."""
    app.table.set_look(app._look())
    app.choices.reload(app.settings)
    app.show_moves.set(bool(app.settings.show_moves))
    app.panel_shown.set(bool(app.settings.tutor_panel))
    app._place_panel()
    app.player_bar.show()
    app.winnable.settings_changed()  # this player's Still winnable? options
    if not app.replaying:
        app.show_title(app.game)  # read-only or not, for this player
    if app.session.belongs_to_current_player():  # renamed, not another player
        app.game.player = name
        return
    game = app.store.resume()
    if game is not None:
        app.start(game, used_hints=app.store.resumed_with_hints)
        greet(app, f"Hello, {name}! Here is your game, as you left it. {note}")
        return
    played_by = app.session.hand_over()
    app.after_change_marks()
    new = key_for(app.game, "new")
    if app.game.is_over():
        greet(app, f"Hello, {name}! The game on the table is over: press {new} for a new "
                   f"game. {note}")
    elif played_by is None or played_by == name:
        greet(app, f"Hello, {name}! The game on the table is yours now. {note}")
    else:
        greet(app, f"Hello, {name}! {played_by} was playing this game, and can go on with it "
                   f"later. If you play it on, it counts as played with help. For a deal of "
                   f"your own, press {new}. {note}")


def greet(app: TutorApp, greeting: str) -> None:
    """Say hello; where the games are kept in a stand-in folder, say that again
    too (said at start-up, under the Players dialog, the pupil who then picked
    their name never saw it)."""
    notice = app.store.folder_notice
    if notice:
        app.show_notice(f"{greeting.strip()} {notice}")
    else:
        app.say(greeting.strip(), "info")


def step(app: TutorApp, by: int) -> None:
    """ "<" (-1) or ">" (+1): the next player round the list who is not playing
    in another window; as with the Players menu, the game in play stays with
    the player who played it."""
    app.autosave()
    before = app.store.current_player
    went = step_player(app.store, by)
    if went.name is None or went.name == before:
        if went.words:
            app.say(went.words, "info")
        return
    player_changed(app, went.name, went.words)


def ask_playing_elsewhere(app: TutorApp) -> None:
    """At start, on a player who is playing in another window: switch player (the
    Players dialog), or play on in this window read-only (Escape)."""
    name = app.store.current_player

    def answered(switch: bool) -> None:
        if switch:
            app.show_players()
        else:
            app.say(f"This window is read-only for {name}: games finished here count, but "
                    f"{name}'s unfinished game stays with the other window.", "info")

    from .statsdialog import ConfirmDialog   # loaded when needed: start-up stays fast
    ConfirmDialog(app.root, "Already playing", start_question(name), answered,
                  yes="Switch player", no="Open read-only")
