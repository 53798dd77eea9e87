"""What the window says and shows, in real windows under Xvfb: keys named in
sentences, hints after an undo, place numbers, the empty deck's note, the
game-over dialog, Help > Keys, the Options menu and Thirteen's move alert."""

from __future__ import annotations

import re

from solitaire_tk import new_game
from solitaire_tk.ui.keys import SHARED_KEYS

from .gui import Driver


def better_hint_settled(d: Driver) -> None:
    """Wait until the better hint asked of the solver's process has come (or none was asked)."""
    import time
    asking = d.app.hinting._process
    end = time.monotonic() + 60
    while asking is not None and asking.busy() and time.monotonic() < end:
        d.pump(50)
    d.pump()


def press(d: Driver, label: str) -> None:
    """Press the key a sentence names ("Ctrl+H", "H", "F2") in the window."""
    if label.startswith("Ctrl+"):
        d.key(label[5:].lower(), state=0x4)
    else:
        d.key(label.lower() if len(label) == 1 else label)
    d.pump()


def named_key(text: str) -> str:
    found = re.search(r"[Pp]ress (\S+) again", text)
    assert found, text
    return found.group(1)


# -- 1. keys named in sentences are the game's own keys ------------------------------------
def test_thirteen_hint_names_ctrl_h_and_that_key_gives_the_next_hint(driver_for) -> None:
    d = driver_for(new_game("thirteen", seed=5))
    assert "Press H for help" in d.status(), "in Thirteen H is Help"
    assert "press Hint (Ctrl+H)" in str(d.app.panel.message.cget("text"))
    press(d, "Ctrl+H")
    first = d.status()
    key = named_key(first)
    assert key == "Ctrl+H", first
    press(d, key)
    assert "hint 2 of" in d.status(), "the key the sentence named gave the next hint"
    hint_entry = d.app.choices.control_menu.index("Hint")
    assert d.app.choices.control_menu.entrycget(hint_entry, "accelerator") == "Ctrl+H"


def test_klondike_hint_names_h_and_that_key_gives_the_next_hint(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    assert "Press F1 for help" in d.status()
    assert "press Hint (H)" in str(d.app.panel.message.cget("text"))
    press(d, "H")
    key = named_key(d.status())
    assert key == "H"
    press(d, key)
    assert "hint 2 of" in d.status()


# -- 2. hint after an undo ------------------------------------------------------------------
def test_hint_after_an_undo_suggests_the_undone_move_again(driver_for) -> None:
    from .gui import KeyboardPlayer
    d = driver_for(new_game("klondike", seed=42))
    press(d, "H")
    better_hint_settled(d)   # the better hint replaces the quick one when it comes
    first = d.status()
    hint = d.app._hints[1][0]
    KeyboardPlayer(d).play(hint.move)
    assert d.game.log[-1]["action"] == hint.move.action
    d.key("BackSpace")
    d.pump()
    assert d.status().startswith("Undone: ")
    press(d, "H")
    better_hint_settled(d)
    assert d.status() == first, "the same hint as before the move, not 'already had'"
    assert "already had" not in d.status()


# -- 3. every place's number is shown ------------------------------------------------------------
FULL_PILE = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS"


def card_items_over(d: Driver, item: int) -> list[int]:
    x1, y1, x2, y2 = d.table.bbox(item)  # Tk pads a bbox by a pixel: touching is not covering
    return [i for i in d.table.find_overlapping(x1 + 1, y1 + 1, x2 - 1, y2 - 1)
            if "card" in d.table.gettags(i)]


def test_every_numbered_place_shows_its_number_even_under_a_full_pile(driver_for) -> None:
    from .helpers import arrange
    expected = {"cruel": 12, "klondike": 11, "thirteen": 4, "double": 23, "dammit": 16}
    for game_id, count in expected.items():
        game = new_game(game_id, seed=3)
        numbered = [pid for pid in game.pile_ids if game.place_number(pid) is not None]
        assert len(numbered) == count, (game_id, numbered)
        # The fullest a pile can get, in every numbered place at once.
        arrange(game, {pid: FULL_PILE for pid in numbered})
        d = driver_for(game)
        for pid in numbered:
            items = d.table.find_withtag(f"number:{pid}")
            assert len(items) == 1, (game_id, pid)
            assert d.table.itemcget(items[0], "text") == str(game.place_number(pid))
            assert d.table.itemcget(items[0], "state") != "hidden"
            assert card_items_over(d, items[0]) == [], f"{game_id} {pid}: a card covers it"
        d.close()
    # The numbers are the ones the game's words use.
    assert new_game("cruel", seed=3).place("pile12") == "stack 12"


# -- 4. the empty deck says whether it can be turned over again -------------------------------
def stock_note_on_table(d: Driver) -> str | None:
    items = d.table.find_withtag("stock_note")
    return d.table.itemcget(items[0], "text") if items else None


def test_the_empty_deck_shows_its_turns_left_and_they_count_down(driver_for) -> None:
    d = driver_for(new_game("klondike", "draw1", seed=7))
    assert stock_note_on_table(d) is None
    seen = []
    for _ in range(3):
        while d.game.piles["stock"]:
            d.key("d")
        d.pump()
        seen.append(stock_note_on_table(d))
        d.click(*d.card_point("stock"))  # turn the waste over, while allowed
    assert seen == ["Turn over: 2 more times", "Turn over: 1 more time", "No more turns"]
    d.key("BackSpace")  # takes back the last card turned: the deck is no longer empty
    d.pump()
    assert len(d.game.piles["stock"]) == 1 and stock_note_on_table(d) is None
    d.key("d")
    d.pump()
    assert stock_note_on_table(d) == "No more turns"


# -- 5. the game-over dialog --------------------------------------------------------------------
def test_games_played_and_won_are_said_in_plain_words() -> None:
    from solitaire_tk.ui.statsdialog import record_text
    assert record_text(1, 0, 1) == "1 game played, won with help"
    assert record_text(1, 1, 0) == "1 game played, won"
    assert record_text(1, 0, 0) == "1 game played, not won"
    assert record_text(3, 1, 1) == "3 games played, 2 won (67%), 1 of them with help"
    assert record_text(3, 0, 0) == "3 games played, none won yet"
    assert record_text(4, 2, 0) == "4 games played, 2 won (50%)"
    assert record_text(2, 0, 2) == "2 games played, 2 won (100%), all with help"


def test_a_lost_game_with_moves_left_says_game_over_in_the_lost_colour(driver_for) -> None:
    from solitaire_tk.ui.dialogs import LOST_COLOUR
    from .helpers import arrange
    # Draw three: the deck can be turned round for ever, but once 7S goes onto
    # 8D and turns up the 2 of hearts, no card can ever go home or be turned up
    # again (the waste's QD and JD are already seen).
    game = arrange(new_game("klondike", "draw3", seed=3), {
        "stock": "", "waste": "QD JD", **{f"foundation{n}": "" for n in range(1, 5)},
        "tableau1": "5S", "tableau2": "5C", "tableau3": "JS", "tableau4": "JC",
        "tableau5": "3S", "tableau6": "8D", "tableau7": "[2H] 7S"}, recycles=1)
    d = driver_for(game)
    assert not d.game.is_over()
    d.drag(d.card_point("tableau7"), d.place_point("tableau6"))
    assert d.game.is_over() and d.game.legal_moves(), "over, with the deck still turning"
    dialog = d.app.game_over_dialog
    assert dialog is not None and dialog.winfo_exists()
    assert dialog.headline.cget("text") == "Game over", "not 'No more moves': moves are left"
    assert str(dialog.headline.cget("foreground")) == LOST_COLOUR
    detail = dialog.detail.cget("text")
    assert detail.startswith("You can still move cards, but no card can ever"), detail
    assert "Game over" not in detail, "the headline says it once"
    assert d.app.panel.message.cget("text").startswith("You can still move cards"), \
        "under the panel's 'Game over' heading too"
    panel = d.app.panel.heading
    assert panel.cget("text") == "Game over"
    assert str(panel.cget("foreground")) == LOST_COLOUR, "a loss is not coloured as a win"
    assert "Undo" in dialog.buttons
    assert "however well they are played" not in detail, "most deals of draw three can be won"
    dialog.buttons["Undo"].invoke()
    d.pump()
    assert not d.game.is_over() and d.game.piles["tableau7"]


def test_a_loss_where_most_deals_are_lost_says_so_kindly(driver_for) -> None:
    """A pupil who followed every hint and lost at Thirteen is told that most
    deals cannot be won, not left to think it was their fault."""
    from .helpers import play
    game = play(new_game("thirteen", seed=5))
    assert game.is_over() and not game.is_won()
    last = game.log[-1]
    game.undo()
    d = driver_for(game)
    d.app.try_move(next(m for m in d.game.legal_moves() if m.to_json() == {
        k: v for k, v in last.items() if k != "t"}))
    dialog = d.app.game_over_dialog
    assert dialog is not None
    assert "Most deals of Thirteen cannot be won, however well they are played" in \
        dialog.detail.cget("text")


def test_a_won_game_has_a_won_heading_and_a_plain_record_line(driver_for) -> None:
    from solitaire_tk.ui.dialogs import LOST_COLOUR, WON_COLOUR
    from .helpers import arrange
    suits = "HSDC"
    ranks = "A23456789TJQK"
    layout = {f"foundation{n}": " ".join(r + s for r in ranks) for n, s in enumerate(suits, 1)}
    layout["foundation4"] = " ".join(r + "C" for r in ranks[:-1])
    layout.update({"stock": "", "waste": "", "tableau1": "KC",
                   **{f"tableau{n}": "" for n in range(2, 8)}})
    d = driver_for(arrange(new_game("klondike", "draw1", seed=3), layout))
    d.app.used_hints = True
    d.drag(d.card_point("tableau1"), d.place_point("foundation4"))
    assert d.game.is_won()
    dialog = d.app.game_over_dialog
    assert dialog.headline.cget("text") == "You won!"
    colour = str(dialog.headline.cget("foreground"))
    assert colour == WON_COLOUR != LOST_COLOUR
    assert "1 game played, won with help" in dialog.detail.cget("text")
    # "You won!" is said once: the headline; the words under it say the rest.
    assert dialog.detail.cget("text").startswith("Every card is where it belongs.\n\n")
    assert "You won" not in dialog.detail.cget("text")
    assert d.app.panel.heading.cget("text") == "You won!"
    assert d.app.panel.message.cget("text") == "Every card is where it belongs."
    assert d.status() == "You won! Every card is where it belongs.", "the bar has no heading"
    dialog.close()
    d.app.panel.tell("", "info")
    d.app.hint()   # a hint when the game is won says how it ended, the same way
    d.pump()
    assert d.app.panel.heading.cget("text") == "You won!"
    assert d.app.panel.message.cget("text") == "Every card is where it belongs."
    assert str(d.app.panel.heading.cget("foreground")) == WON_COLOUR



def contrast(widget, foreground: str, background: str) -> float:
    """The WCAG contrast ratio of two colours as this screen shows them."""
    def luminance(colour: str) -> float:
        channels = [value / 65535 for value in widget.winfo_rgb(colour)]
        r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_coloured_sentence_can_be_read_on_the_window_s_grey(driver_for) -> None:
    """A dim screen or a projector: each colour a sentence is said in (won, lost, not
    allowed, a hint...) stands out 4.5 to 1 from the grey behind it (WCAG AA);
    the green of "You won!" was 3.9 to 1."""
    from tkinter import ttk
    from solitaire_tk.ui.courseview import FEEDBACK_COLOURS
    from solitaire_tk.ui.statusbar import MESSAGE_COLOURS, WINNABLE_COLOURS
    from solitaire_tk.ui.tutorpanel import COLOURS
    d = driver_for(new_game("klondike", seed=3))
    label = d.app.panel.heading
    grey = str(ttk.Style(label).lookup(label.winfo_class(), "background"))
    colours = {**COLOURS, **MESSAGE_COLOURS, **FEEDBACK_COLOURS,
               **{f"winnable {k}": v for k, v in WINNABLE_COLOURS.items()}}
    weak = {kind: round(contrast(label, colour, grey), 2) for kind, colour in colours.items()
            if contrast(label, colour, grey) < 4.5}
    assert not weak, f"below 4.5:1 on {grey}: {weak}"


# -- 6. Help > Keys and the Options menu ---------------------------------------------------------
def menu_labels(menu) -> list[str]:
    end = menu.index("end")
    return [str(menu.entrycget(i, "label")) for i in range(end + 1)
            if menu.type(i) != "separator"]


def menu_named(d: Driver, name: str):
    bar = d.root.nametowidget(d.root.cget("menu"))
    for i in range(bar.index("end") + 1):
        if bar.type(i) == "cascade" and bar.entrycget(i, "label") == name:
            return d.root.nametowidget(bar.entrycget(i, "menu"))
    raise AssertionError(name)


def test_help_keys_lists_every_key_the_window_binds(driver_for) -> None:
    from solitaire_tk.registry import GAME_IDS, game_class
    from solitaire_tk.ui.dialogs import TextDialog
    from solitaire_tk.ui.keys import key_label
    d = driver_for(new_game("dammit", seed=3))
    help_menu = menu_named(d, "Help")
    help_menu.invoke(menu_labels(help_menu).index("Keys"))
    d.pump()
    dialog = next(w for w in d.root.winfo_children() if isinstance(w, TextDialog))
    text = "\n".join(str(child.cget("text")) for child in dialog.area.inner.winfo_children()
                     if child.winfo_class() == "TLabel")
    assert "Ctrl+E" in text
    for key in SHARED_KEYS:
        assert f"{key.label}" in text, key
        assert d.root.bind(key.sequence) or d.table.bind(key.sequence), "and it is bound"
    for game_id in GAME_IDS:
        for sym in game_class(game_id).letter_keys:
            assert f"  {key_label(sym)}: " in text, (game_id, sym)
    dialog.close()


def test_options_menu_shows_the_game_in_play_s_options_only(driver_for) -> None:
    d = driver_for(new_game("dammit", seed=3))
    options = menu_named(d, "Options")
    shared = ["Deck (card back)...", "Table colour", "Border colour", "Show moves",
              "Four-colour deck", "Show the tutor panel", "Sound",
              "Show statistics after each game",
              "Animations: cards slide into place", "Celebrate a won game",
              "Still winnable: the tutor says if the game can still be won (counts as help)",
              "Losing move: the tutor says when a move loses the game (counts as help)"]
    assert menu_labels(options) == shared + ["Only deals that can be won (Dammit!)"], \
        "Dammit! never moves a card by itself: no Auto-move"
    d.app.new_game("thirteen")
    d.pump()
    labels = menu_labels(options)
    assert any(label.startswith("Easy mode") for label in labels)
    assert any(label.startswith("Move alert") for label in labels)
    assert not any(label.startswith(("Messages", "Auto-move")) for label in labels)
    d.app.new_game("cruel")
    d.pump()
    labels = menu_labels(options)
    assert any(label.startswith("Messages") for label in labels)
    assert any(label.startswith("Auto-move") for label in labels)
    assert [label for label in labels
            if not label.startswith(("Messages", "Auto-move"))] == shared + [
                "Only deals that can be won (Cruel)"]


# -- 7. Thirteen's move alert is its own option -----------------------------------------------------
def thirteen_with_a_pair_open() -> object:
    from .helpers import arrange
    return arrange(new_game("thirteen", seed=5), {"pile1": "6C", "pile2": "7D", "pile3": "2S",
                                                  "pile4": "3H"})


def toggle_option(d: Driver, starts_with: str) -> None:
    options = menu_named(d, "Options")
    options.invoke(next(i for i, label in enumerate(menu_labels(options))
                        if label.startswith(starts_with)))
    d.pump()


def test_the_move_alert_follows_its_own_option_not_show_moves(driver_for) -> None:
    d = driver_for(thirteen_with_a_pair_open())
    stock = len(d.game.piles["stock"])
    toggle_option(d, "Show moves")  # off: the alert still speaks
    assert not d.app.show_moves.get()
    d.key("d")
    d.pump()
    assert "Move alert" in d.status() and len(d.game.piles["stock"]) == stock
    d.key("d")  # a second D deals anyway
    d.pump()
    assert len(d.game.piles["stock"]) == stock - 4
    d.key("BackSpace")
    d.pump()
    toggle_option(d, "Show moves")
    toggle_option(d, "Move alert")  # off: D deals at once, though Show moves is on
    assert d.app.show_moves.get() and not d.store.settings.move_alert
    d.key("d")
    d.pump()
    assert len(d.game.piles["stock"]) == stock - 4 and "Move alert" not in d.status()


# -- 8. easy mode shows in the status bar ----------------------------------------------------------
def test_easy_mode_shows_in_the_status_bar(driver_for) -> None:
    d = driver_for(new_game("thirteen", seed=5, options={"easy_mode": True}))
    assert d.app.status.options_label.cget("text") == "Easy mode"
    d.app.new_game("thirteen")  # the setting is off: a new hand without it
    d.pump()
    assert d.app.status.options_label.cget("text") == ""
    toggle_option(d, "Easy mode")
    assert "from your next game (N for a new game" in d.status()
    d.key("n")  # Thirteen's N: a new hand, now in easy mode
    d.pump()
    assert d.game.options["easy_mode"] and d.app.status.options_label.cget("text") == "Easy mode"


def test_the_hint_button_tooltip_names_the_hint_key_of_the_game_in_play(driver_for) -> None:
    d = driver_for(new_game("thirteen", seed=5))
    assert "(Ctrl+H)" in d.app.panel.tips[1].text
    d.app.new_game("klondike", "draw1")
    d.pump()
    assert "(H)" in d.app.panel.tips[1].text


def test_help_using_the_tutor_says_what_each_part_does(driver_for) -> None:
    """The seeds' "Using Help": a page on the panel, hints, lessons and replays."""
    from solitaire_tk.ui.dialogs import TextDialog
    d = driver_for(new_game("cruel", seed=3))
    help_menu = menu_named(d, "Help")
    labels = menu_labels(help_menu)
    entry = labels.index("Using the tutor")
    assert help_menu.entrycget(entry, "underline") == 0
    help_menu.invoke(entry)
    d.pump()
    dialog = next(w for w in d.root.winfo_children() if isinstance(w, TextDialog))
    assert dialog.title() == "Using the tutor"
    text = "\n".join(str(child.cget("text")) for child in dialog.area.inner.winfo_children()
                     if child.winfo_class() == "TLabel")
    for part in ("Show moves", "Hint", "Not allowed", "Learn a game", "Replay",
                 "Find mistakes", "Still winnable?", "F6"):
        assert part in text, part
    assert "\n\n" in text and "  " not in text, "paragraphs, each on its own"
    dialog.close()
