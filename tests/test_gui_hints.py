"""Under Xvfb: the quick hint shows at once, the better one (the solver's, worked
out in its own process without looking at hidden cards) replaces it when it
comes, and a move cancels it."""

from __future__ import annotations

import time

from solitaire_tk import Move, new_game, solve
from solitaire_tk.tutor.hints import rank_hints

from .test_gui_tutor import inside


def wait_for_words(d, words: str, seconds: float = 90.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        d.pump(50)
        if words in d.status():
            return True
    return False


def settled(d):
    """The window after its late resize (which draws the table again, arrows gone)."""
    d.pump(600)
    return d


def arrow_points_at(d, move: Move) -> bool:
    line = d.table.find_withtag("mark:hint")
    x1, y1, x2, y2 = d.table.coords(line[-1])
    pile, index = d.game.touches(move)[0]
    return inside((x1, y1), d.table.card_rect(pile, index)) and \
        inside((x2, y2), d.table.target_rect(move.dst))


def looked_draw3(seed: int):
    """Klondike draw three once its deck has been gone through (the first hints
    do that): from here the better hint tries the hidden cards."""
    game = new_game("klondike", "draw3", seed=seed)
    while game.piles["stock"]:
        game.play(Move("flip"))
    game.play(Move("recycle"))
    return game


def test_cruel_quick_hint_then_the_solvers_next_move(driver_for) -> None:
    game = new_game("cruel", seed=2)
    line = solve(game, 1e9, max_positions=20_000).line
    d = settled(driver_for(game))
    quick = rank_hints(d.game)[0]
    d.key("h")
    assert quick.why in d.status()          # at once, before the solver has said anything
    assert wait_for_words(d, "a way to win from here")
    assert "hint 1 of" in d.status() and arrow_points_at(d, line[0])
    # Following it, the next hint goes on along the same winning line at once.
    assert d.app.try_move(line[0])
    d.key("h")
    assert "the next move of the tutor's way to win" in d.status() and arrow_points_at(d, line[1])


def test_klondike_sampled_hint_replaces_the_quick_one(driver_for) -> None:
    d = settled(driver_for(looked_draw3(2)))
    quick = rank_hints(d.game)[0]
    d.key("h")
    assert quick.why in d.status() and "does not peek" not in d.status()
    assert wait_for_words(d, "does not peek")
    shown = d.app.hinting.cycle.shown
    assert shown is not None and shown[2] == 0
    assert arrow_points_at(d, shown[1][0].move)
    # Round the list and back: the better hint is first now, and is not asked again.
    for _ in range(len(shown[1])):
        d.key("h")
    assert "does not peek" in d.status() and "hint 1 of" in d.status()
    assert not d.app.hinting._process.busy()


def test_a_move_cancels_the_better_hint(driver_for) -> None:
    d = settled(driver_for(looked_draw3(2)))
    d.key("h")
    process = d.app.hinting._process
    assert process is not None and process.busy()
    assert d.app.try_move(Move("flip"))
    assert not process.busy()               # the search was called off
    d.pump(3000)
    assert "does not peek" not in d.status()


def _options_entry(d, starts: str) -> int:
    options = d.app.choices.options_menu
    return next(i for i in range(options.index("end") + 1)
                if options.type(i) == "checkbutton"
                and options.entrycget(i, "label").startswith(starts))


def test_a_long_hint_takes_one_line_of_the_status_bar_while_the_panel_shows_it(driver_for) -> None:
    from tkinter import font
    d = settled(driver_for(new_game("dammit", seed=4)))
    table_height = d.table.winfo_height()
    d.key("h")
    assert wait_for_words(d, "does not peek")
    d.pump(300)
    whole = d.status()
    assert whole == d.app.panel.told[0]                 # the panel has the whole sentence
    shown = d.status_shown()
    line = font.nametofont("TkDefaultFont").metrics("linespace")
    assert shown.endswith("\u2026") and whole.startswith(shown[:-1])
    assert d.app.status.message.winfo_height() < 2 * line     # one line, not three
    assert d.table.winfo_height() == table_height              # the table was not squeezed
    # With the panel hidden (Options > Show the tutor panel), the bar says it all.
    d.app.choices.options_menu.invoke(_options_entry(d, "Show the tutor panel"))
    d.pump(300)
    assert not d.app.panel.winfo_ismapped()
    assert d.status_shown() == whole
    assert d.app.status.message.winfo_height() >= 2 * line
    # And back beside the table: short again.
    d.app.choices.options_menu.invoke(_options_entry(d, "Show the tutor panel"))
    d.pump(300)
    assert d.app.panel.winfo_ismapped() and d.status_shown().endswith("\u2026")
