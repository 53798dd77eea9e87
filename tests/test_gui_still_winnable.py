"""Still winnable? in the real window under Xvfb: the options in the Options
menu, the marker in the status bar after a losing move (a real drag), its
tooltip, and the tutor panel's word on the losing move with its Undo button."""

from __future__ import annotations

import time
from typing import Any

from solitaire_tk.ui.statusbar import WINNABLE_SIGNS
from solitaire_tk.winnable import LOST, TIP, WINNABLE, WORDS

from .gui import Driver, click_middle
from .test_winnable import LOSING_MOVE, cruel_3_before_the_losing_move


def marker(d: Driver) -> str | None:
    """The marker's words as shown, or None when it is not on the status bar."""
    label = d.app.status.winnable
    if not (label.winfo_manager() and label.winfo_ismapped()):
        return None
    return str(label.cget("text")).removeprefix(WINNABLE_SIGNS[WINNABLE]).removeprefix(
        WINNABLE_SIGNS[LOST])


def wait_for_verdict(d: Driver, seconds: float = 60.0) -> str | None:
    """Let the window poll the solver until it has said (a generous limit for a busy machine)."""
    end = time.monotonic() + seconds
    d.pump(20)
    while marker(d) == WORDS["thinking"] and time.monotonic() < end:
        d.pump(50)
    return marker(d)


def option_entry(d: Driver, starts: str) -> int:
    options = d.app.choices.options_menu
    return next(i for i in range(int(options.index("end") or 0) + 1)
                if options.type(i) == "checkbutton"
                and str(options.entrycget(i, "label")).startswith(starts))


click = click_middle


def test_the_marker_is_off_at_first_and_the_options_menu_turns_it_on(driver_for) -> None:
    d = driver_for(cruel_3_before_the_losing_move())
    d.pump(100)
    assert marker(d) is None and not d.app.used_hints
    options = d.app.choices.options_menu
    options.invoke(option_entry(d, "Still winnable"))   # as a click on the entry does
    assert d.store.settings.winnable_marker and d.app.used_hints
    assert d.status() == ("After each move the tutor says if this game can still be won. It "
                          "knows where the hidden cards are, so if you win this game now, it "
                          "counts as won with help.")
    assert wait_for_verdict(d) == "Can still be won"
    assert not d.store.settings.lost_move_note
    options.invoke(option_entry(d, "Still winnable"))
    d.pump()
    assert marker(d) is None and not d.store.settings.winnable_marker
    assert d.app.used_hints    # it was on during this game: it stays a helped game


def test_a_losing_move_changes_the_marker_and_the_tutor_offers_undo(driver_for) -> None:
    d = driver_for(cruel_3_before_the_losing_move(), winnable_marker=True, lost_move_note=True,
                   geometry="900x700+0+0")
    assert wait_for_verdict(d) == "Can still be won"

    tip = d.app.status.winnable_tip
    label = d.app.status.winnable
    label.event_generate("<Enter>", x=4, y=4)
    d.pump(700)
    assert tip.shown and tip.label is not None and tip.label.cget("text") == TIP
    shown = tip.label.winfo_toplevel()
    assert shown.winfo_rooty() + shown.winfo_height() <= label.winfo_rooty()   # over it
    assert "knows where every hidden card is" in TIP
    label.event_generate("<Leave>", x=4, y=4)
    d.pump()

    d.drag(d.card_point(str(LOSING_MOVE.src)), d.place_point(str(LOSING_MOVE.dst)))
    assert d.game.log[-1]["src"] == LOSING_MOVE.src and d.game.log[-1]["dst"] == LOSING_MOVE.dst
    assert wait_for_verdict(d) == "Can no longer be won"
    # A sign besides the colour: the same to a red-green colour-blind pupil.
    assert label.cget("text") == "\u2717 Can no longer be won"
    panel = d.app.panel
    d.pump(20)
    assert panel.message.cget("text") == ("That move lost the game: from here no way of "
                                          "playing wins any more. Dealing again instead "
                                          "would have kept it winnable. Undo?")
    assert panel.heading.cget("text") == "A losing move"
    d.pump(50)
    bar = d.app.status   # one line: the panel says it all
    assert bar.message.winfo_height() < 2 * bar._font().metrics("linespace")
    assert panel.undo_button.winfo_ismapped()

    click(panel.undo_button)
    d.pump(20)
    assert d.game.position() == cruel_3_before_the_losing_move().position()
    assert wait_for_verdict(d) == "Can still be won"
    assert label.cget("text") == "\u2713 Can still be won"
    assert not panel.undo_button.winfo_ismapped()
    assert panel.message.cget("text").startswith("Undone: ")


def test_the_losing_move_note_alone_says_nothing_in_the_status_bar_marker(driver_for) -> None:
    d = driver_for(cruel_3_before_the_losing_move(), lost_move_note=True)
    assert d.app.used_hints
    watch = d.app.winnable.watch
    end = time.monotonic() + 60
    while watch.status != "winnable" and time.monotonic() < end:   # the move before is
        d.pump(50)                                                 # known to keep it winnable
    assert marker(d) is None
    d.drag(d.card_point(str(LOSING_MOVE.src)), d.place_point(str(LOSING_MOVE.dst)))
    end = time.monotonic() + 60
    while d.app.panel.heading.cget("text") != "A losing move" and time.monotonic() < end:
        d.pump(50)
    assert d.app.panel.undo_button.winfo_ismapped()
    assert marker(d) is None


def test_in_a_small_window_the_marker_moves_under_the_message_and_is_never_cut_off(
        driver_for) -> None:
    from solitaire_tk import new_game
    for geometry, own_line in (("640x480+0+0", True), ("1300x800+0+0", False)):
        d = driver_for(new_game("klondike", "draw3", seed=3), geometry, winnable_marker=True)
        d.pump(100)
        label, status = d.app.status.winnable, d.app.status
        assert marker(d) in (WORDS["thinking"], "Can still be won", WORDS["unknown"])
        assert (int(label.grid_info()["row"]) != 0) == own_line, geometry
        assert label.winfo_x() + label.winfo_width() <= status.winfo_width()
        assert label.winfo_y() + label.winfo_height() <= status.winfo_height()
        d.close()


def test_each_player_has_their_own_still_winnable_option(driver_for, data_dir) -> None:
    from solitaire_tk.userdata import DataStore
    DataStore(data_dir).add_player("Ana")
    d = driver_for(cruel_3_before_the_losing_move())
    assert d.store.current_player == "Player 1"
    d.store.update_settings(winnable_marker=True)
    d.app.winnable.settings_changed()   # as the Options menu does after a change
    assert wait_for_verdict(d) == "Can still be won"
    d.key("Next", state=0x4)            # Ctrl+Page Down: Ana plays, her option is off
    assert d.store.current_player == "Ana"
    d.pump(50)
    assert marker(d) is None and not d.app.choices.options["winnable_marker"].get()
    d.key("Prior", state=0x4)           # back to Player 1: theirs is on
    assert d.store.current_player == "Player 1"
    assert d.app.choices.options["winnable_marker"].get()
    assert wait_for_verdict(d) == "Can still be won"


def test_the_marker_speaks_of_the_game_in_play_so_a_replay_hides_it(driver_for) -> None:
    d = driver_for(cruel_3_before_the_losing_move(), winnable_marker=True)
    assert wait_for_verdict(d) == "Can still be won"
    d.key("e", state=0x4)               # Ctrl+E: replay this game
    d.pump(50)
    assert d.app.replaying and marker(d) is None
    d.app.panel.replay.close_button.invoke()   # Close replay
    d.pump(50)
    assert not d.app.replaying and marker(d) == "Can still be won"


def test_a_losing_move_followed_by_moves_made_by_themselves_is_still_named(driver_for) -> None:
    """With Auto-move on, the pupil's move and the cards that go home by
    themselves after it are one turn: the solver is asked once, about where
    the turn ends, and the pupil's move is the one that lost the game."""
    from solitaire_tk.savefile import load_game
    from .test_winnable import POSITIONS
    game = load_game(POSITIONS / "klondike-draw1-5-before-a-losing-move.json")
    d = driver_for(game, auto_move=True, winnable_marker=True, lost_move_note=True)
    assert wait_for_verdict(d) == "Can still be won"
    moves_before = len(d.game.log)
    d.drag(d.card_point("tableau1"), d.place_point("foundation2"))
    assert d.game.log[moves_before]["src"] == "tableau1"
    assert len(d.game.log) > moves_before + 1, "a card went home by itself after it"
    assert wait_for_verdict(d) == "Can no longer be won"
    d.pump(20)
    said = d.app.panel.message.cget("text")
    assert said.startswith(
        "That move lost the game: the 2 of diamonds and the 3 of diamonds can never move "
        "again: each one needs the other to move first. ")
    assert said.endswith(" instead would have kept it winnable. Undo?")
