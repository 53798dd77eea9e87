"""The feel of a good card game, in the real window: cards that go home by
themselves, Finish, slides into place and the win celebration."""

from __future__ import annotations

import pytest

from solitaire_tk import new_game
from solitaire_tk.ui import animation

from .helpers import arrange


def test_a_move_that_frees_an_ace_sends_it_home_with_auto_move_on(driver_for) -> None:
    # Deal 6: moving the top card of stack 4 onto stack 6 turns up the Ace of hearts.
    d = driver_for(new_game("klondike", "draw1", seed=6), auto_move=True)
    d.click(*d.card_point("tableau4"))
    assert [e["action"] for e in d.game.log] == ["move", "move"]
    assert d.game.log[-1]["src"] == "tableau4" and d.game.log[-1]["dst"].startswith("foundation")
    assert d.game.score() == 1 and "By itself" in d.status()
    d.key("z", state=0x4)  # Ctrl+Z takes back the automatic move alone
    assert d.game.score() == 0 and d.game.top("tableau4").code == "AH"
    assert len(d.game.piles["tableau6"]) == 7, "the pupil's own move stays"
    assert d.game.safe_home_moves(), "the Ace waits: undo does not send it home again"


def test_with_auto_move_off_the_freed_ace_stays(driver_for) -> None:
    d = driver_for(new_game("klondike", "draw1", seed=6), auto_move=False)
    d.click(*d.card_point("tableau4"))
    assert len(d.game.log) == 1 and d.game.score() == 0
    assert d.game.top("tableau4").code == "AH"


def test_auto_move_is_an_option_and_never_acts_in_a_replay(driver_for) -> None:
    d = driver_for(new_game("klondike", "draw1", seed=6), auto_move=True)
    assert d.app.choices.options["auto_move"].get()
    d.app.choices.options["auto_move"].set(False)
    options = d.app.choices.options_menu
    labels = [options.entrycget(i, "label") for i in range(options.index("end") + 1)
              if options.type(i) == "checkbutton"]
    entry = next(i for i in range(options.index("end") + 1)
                 if options.type(i) == "checkbutton"
                 and options.entrycget(i, "label").startswith("Auto-move"))
    assert any(label.startswith("Animations") for label in labels)
    options.invoke(entry)  # back on, as a click on the menu entry does
    assert d.store.settings.auto_move
    d.click(*d.card_point("tableau4"))
    assert len(d.game.log) == 2
    d.key("e", state=0x4)  # Ctrl+E: replay this game
    assert d.app.replaying
    d.key("Right")
    assert d.table.game.score() == 0 and len(d.table.game.log) == 1, "the replay shows each step"
    d.key("Right")
    assert d.table.game.score() == 1 and len(d.game.log) == 2, "and nothing moves by itself"


def klondike_ending(**changes: str):
    """Every card but 37 at home; they lie face up, so Finish can send them all home.
    No card goes home by itself at first: only the 5 of hearts can, and a
    black 4 might still want it."""
    game = new_game("klondike", "draw1", seed=1)
    layout = {pid: "" for pid in game.pile_ids}
    layout.update({"foundation1": "AC 2C 3C", "foundation2": "AS 2S 3S 4S",
                   "foundation3": "AH 2H 3H 4H", "foundation4": "AD 2D 3D 4D",
                   "tableau1": "5S 5D 4C 5H", "tableau2": "KC QH JC TH 9C 8H 7C 6H",
                   "tableau3": "KH QC JH TC 9H 8C 7H 6C 5C",
                   "tableau4": "KS QD JS TD 9S 8D 7S 6D",
                   "tableau5": "KD QS JD TS 9D 8S 7D 6S", **changes})
    return arrange(game, layout)


def test_finish_is_offered_and_sends_every_card_home_one_move_each(driver_for) -> None:
    d = driver_for(klondike_ending(), auto_move=True)
    d.drag(d.card_point("tableau3"), d.place_point("tableau2"))  # the 5 of clubs onto the 6 of hearts
    assert len(d.game.log) == 1, "nothing was safe to send home by itself"
    assert "Ctrl+F" in d.status()
    d.key("f", state=0x4)
    assert d.game.is_won() and len(d.game.log) == 1 + 37
    assert all(entry["action"] == "move" for entry in d.game.log)
    d.app.game_over_dialog.close()
    d.key("z", state=0x4)
    assert d.game.score() == 51, "undo takes back the last card alone"


def test_finish_waits_while_a_card_is_face_down(driver_for) -> None:
    d = driver_for(klondike_ending(tableau1="[5S] 5D 4C 5H"))
    d.key("f", state=0x4)
    assert not d.game.log and "Finish works once" in d.status()
    assert d.game.score() == 15


# -- slides ---------------------------------------------------------------------------
@pytest.fixture
def slow_slides(monkeypatch: pytest.MonkeyPatch):
    """Slides that last a minute, so a slow test machine never sees one end early."""
    monkeypatch.setattr(animation, "SLIDE_MS", 60_000)
    return monkeypatch


def out_of_place(d) -> list[tuple[str, int]]:
    """The cards whose picture is not (yet) where the table says they are."""
    table, out = d.table, []
    for pid in table.game.pile_ids:
        for index in range(len(table.game.piles[pid])):
            items = table.find_withtag(f"c:{pid}:{index}")
            if items:
                x, y = table.coords(items[0])
                rect = table.card_rect(pid, index)
                if abs(x - rect.x) + abs(y - rect.y) > 0.5:
                    out.append((pid, index))
    return out


def test_a_click_move_slides_and_a_quick_second_click_still_acts(driver_for, slow_slides) -> None:
    d = driver_for(new_game("klondike", "draw1", seed=6), animations=True)
    d.click(*d.card_point("tableau4"))  # the Jack of spades onto the Queen of hearts
    assert len(d.game.log) == 1, "the move is made at once"
    assert d.table.slides.running and out_of_place(d) == [("tableau6", 6)]
    d.click(*d.card_point("stock"))     # at once, while the Jack still slides
    assert len(d.game.log) == 2 and len(d.game.piles["waste"]) == 1
    assert out_of_place(d) == [("waste", 0)], "the Jack jumped to its place for the new move"
    slow_slides.setattr(animation, "SLIDE_MS", 120)
    d.pump(300)
    assert not d.table.slides.running and out_of_place(d) == []


def test_with_animations_off_nothing_slides(driver_for) -> None:
    d = driver_for(new_game("klondike", "draw1", seed=6), animations=False)
    d.click(*d.card_point("tableau4"))
    assert len(d.game.log) == 1
    assert not d.table.slides.running and out_of_place(d) == []
    d.app.choices.options["animations"].set(True)
    options = d.app.choices.options_menu
    entry = next(i for i in range(options.index("end") + 1)
                 if options.type(i) == "checkbutton"
                 and options.entrycget(i, "label").startswith("Animations"))
    options.invoke(entry)
    assert not d.store.settings.animations
    d.click(*d.card_point("stock"))
    assert not d.table.slides.running and out_of_place(d) == []


def test_undo_and_replay_steps_slide_too(driver_for, slow_slides) -> None:
    d = driver_for(new_game("klondike", "draw1", seed=6), animations=True)
    d.click(*d.card_point("tableau4"))
    d.key("z", state=0x4)
    assert d.table.slides.running and out_of_place(d) == [("tableau4", 3)]
    d.key("e", state=0x4)
    d.key("Home")
    d.key("Right")  # the replay's first step: the Jack goes across again
    assert d.table.slides.running and out_of_place(d) == [("tableau6", 6)]


# -- the win celebration ----------------------------------------------------------
def win_by_finishing(d) -> None:
    d.key("f", state=0x4)
    assert d.game.is_won()


def test_a_won_game_is_celebrated_then_the_dialog_comes(driver_for, monkeypatch) -> None:
    monkeypatch.setattr(animation, "CELEBRATE_MS", 60_000)  # still going when we look
    d = driver_for(klondike_ending(), celebrate=True)
    win_by_finishing(d)
    assert d.app.celebration.running and d.app.game_over_dialog is None
    assert d.store.stats("klondike/draw1").played == 1, "the win is counted at once"
    d.pump(200)
    assert d.table.find_withtag("celebration"), "cards are bouncing"
    d.key("space")  # any key ends the show, and does nothing else
    assert not d.app.celebration.running and not d.table.find_withtag("celebration")
    assert d.app.game_over_dialog is not None and len(d.game.log) == 37


def test_the_celebration_ends_by_itself_and_a_click_ends_it_early(driver_for, monkeypatch) -> None:
    monkeypatch.setattr(animation, "CELEBRATE_MS", 200)
    d = driver_for(klondike_ending(), celebrate=True)
    win_by_finishing(d)
    assert d.app.celebration.running
    d.pump(600)
    assert not d.app.celebration.running and d.app.game_over_dialog is not None
    assert not d.table.find_withtag("celebration")
    monkeypatch.setattr(animation, "CELEBRATE_MS", 60_000)
    d.app.game_over_dialog.close()
    d.app.game_over_dialog = None
    d.key("z", state=0x4)
    d.key("f", state=0x4)
    assert d.app.celebration.running
    d.click(*d.place_point("tableau3"))
    assert not d.app.celebration.running and d.app.game_over_dialog is not None


def test_with_celebrate_off_the_dialog_comes_at_once(driver_for) -> None:
    d = driver_for(klondike_ending(), celebrate=False)
    win_by_finishing(d)
    assert not d.app.celebration.running and d.app.game_over_dialog is not None
    assert not d.table.find_withtag("celebration")


def test_slides_tell_a_card_that_stayed_from_its_twin_that_moved() -> None:
    # Double Solitaire: the 7 of hearts in pile 1 stays; its twin goes from pile 2 to 14.
    before = [("pile1", 0, "7H", (10.0, 10.0)), ("pile2", 0, "7H", (50.0, 10.0)),
              ("pile2", 1, "3C", (50.0, 30.0))]
    after = [("pile1", 0, "7H"), ("pile14", 6, "7H"), ("pile2", 0, "3C")]
    assert animation.pair_cards(before, after) == [
        (("pile1", 0), (10.0, 10.0)), (("pile2", 0), (50.0, 30.0)), (("pile14", 6), (50.0, 10.0))]
