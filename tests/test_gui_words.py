"""What the window says and shows, in real windows under Xvfb: keys named in
sentences, hints after an undo, place numbers, the empty deck's note, the
game-over dialog, Help > Keys, the Options menu and Thirteen's move alert."""

from __future__ import annotations

import re

from solitaire_tk import new_game
from solitaire_tk.ui.keys import SHARED_KEYS

from .gui import Driver


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
    first = d.status()
    hint = d.app._hints[1][0]
    KeyboardPlayer(d).play(hint.move)
    assert d.game.log[-1]["action"] == hint.move.action
    d.key("BackSpace")
    d.pump()
    assert d.status().startswith("Took back")
    press(d, "H")
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
