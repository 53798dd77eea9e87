"""The table under Xvfb: real drags, clicks, double-clicks, keys and resizes,
checked against the engine's state and the canvas items."""

from __future__ import annotations

from solitaire_tk import new_game
from solitaire_tk.ui.menus import ALT
from solitaire_tk.ui.statsdialog import ConfirmDialog

NUM_LOCK = 0x10   # Mod2 on X11 (0x8 on Windows, where Alt is 0x20000)

from .gui import Driver
from .helpers import arrange, codes


def card_item_at(driver: Driver, pile: str, index: int) -> tuple[float, float]:
    items = driver.table.find_withtag(f"c:{pile}:{index}")
    assert len(items) == 1
    x, y = driver.table.coords(items[0])
    return x, y


def test_drag_onto_a_legal_pile_plays_the_move(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    assert codes(d.game)["tableau1"] == ["6S"] and codes(d.game)["tableau2"][-1] == "7D"
    d.drag(d.card_point("tableau1"), d.place_point("tableau2"))
    assert codes(d.game)["tableau2"][-2:] == ["7D", "6S"]
    assert d.game.log[-1]["src"] == "tableau1"
    # The canvas shows the 6 of spades fanned below the 7 of diamonds.
    x, y = card_item_at(d, "tableau2", 2)
    rect = d.table.card_rect("tableau2", 2)
    assert (x, y) == (rect.x, rect.y) and y > card_item_at(d, "tableau2", 1)[1]
    assert "6 of spades" in d.status()


def test_drag_onto_an_illegal_pile_slides_back_and_says_why(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    before = d.game.position()
    start = card_item_at(d, "tableau3", 2)
    d.drag(d.card_point("tableau3"), d.place_point("tableau4"))
    assert d.game.position() == before
    assert d.status() == ("The King of clubs can't go onto the 5 of spades: a King goes only "
                          "into an empty stack.")
    d.pump(250)  # the slide back
    assert card_item_at(d, "tableau3", 2) == start
    assert "a King goes only" in d.app.panel.message.cget("text")
    assert d.app.panel.help.shown_section() == "rule-stacks", "the rule it broke is shown"


def test_a_click_on_a_face_down_card_says_how_it_comes_up(driver_for) -> None:
    """Not 'There is no move for that face-down card right now': Klondike's rule."""
    from solitaire_tk.games.klondike import Klondike
    d = driver_for(new_game("klondike", seed=42))
    before = d.game.position()
    d.click(*d.card_point("tableau7", 0))
    assert d.status() == ("That card is face down. It turns over by itself when the cards on "
                          "it have moved away.") == Klondike.face_down_words
    assert d.game.position() == before


def test_a_long_reason_takes_one_line_of_the_status_bar_while_the_panel_shows_it(driver_for) -> None:
    from tkinter import font
    d = driver_for(new_game("klondike", seed=42), geometry="600x520")
    d.pump(300)
    table_height = d.table.winfo_height()
    d.drag(d.card_point("tableau4"), d.place_point("tableau1"))
    d.pump(300)
    whole = d.status()
    assert "both are black" in whole and whole == d.app.panel.message.cget("text")
    shown = d.status_shown()
    assert shown.endswith("\u2026") and whole.startswith(shown[:-1])
    line = font.nametofont("TkDefaultFont").metrics("linespace")
    assert d.app.status.message.winfo_height() < 2 * line
    assert d.table.winfo_height() >= table_height, "the table was not squeezed"
    # Errors about files: the bar keeps them whole, the panel heads them as such.
    d.app.say("The saved game could not be written: the disk is full. " * 3, "notice")
    d.pump(100)
    assert not d.status_shown().endswith("\u2026")
    assert d.app.panel.heading.cget("text") == "About your files"
    # Any other sentence replaces the panel's (a click on a card with no move,
    # beside an older "Not allowed" in the panel, read as two answers).
    d.drag(d.card_point("tableau3"), d.place_point("tableau4"))
    d.pump(300)
    d.click(*d.card_point("tableau4", 0))
    assert "face" in d.status()
    assert d.app.panel.message.cget("text") == d.status()


def test_click_sends_a_card_to_its_best_place_and_the_deck_turns(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    d.click(*d.card_point("tableau7"))
    assert codes(d.game)["foundation1"] == ["AH"], "the Ace goes home, not elsewhere"
    assert codes(d.game)["tableau7"][-1] == "7S", "the card under it was turned over"
    d.click(*d.card_point("stock"))
    assert len(d.game.piles["waste"]) == 1 and len(d.game.piles["stock"]) == 23


def test_cruel_double_click_deal_button_and_backup(driver_for) -> None:
    game = arrange(new_game("cruel", seed=3), {
        "foundation1": "AC", "pile1": "5D 2C", "pile2": "9H 8H", "pile3": "KS 7H"})
    d = driver_for(game)
    d.double_click(*d.card_point("pile1"))
    assert codes(d.game)["foundation1"] == ["AC", "2C"]
    assert codes(d.game)["pile1"] == ["5D"]
    assert d.game.log[-1] == {"action": "move", "src": "pile1", "dst": "foundation1",
                              "t": d.game.log[-1]["t"]}
    d.key("BackSpace")
    assert codes(d.game)["pile1"] == ["5D", "2C"]
    d.drag(d.card_point("pile3"), d.place_point("pile2"))
    assert codes(d.game)["pile2"] == ["9H", "8H", "7H"]
    deal = d.table.layout.buttons["deal"]
    d.click(int(deal.x + deal.w / 2), int(deal.y + deal.h / 2))
    assert d.game.log[-1]["action"] == "redeal"
    d.key("BackSpace")
    assert "last deal" in d.status()
    d.key("F2")
    d.answer(yes=True)  # the game had moves: the window asked first
    assert d.game.log == [] and d.game.game_id == "cruel"


def test_cruel_messages_option_pops_up_the_reason(driver_for, monkeypatch) -> None:
    shown: list[str] = []
    monkeypatch.setattr("tkinter.messagebox.showinfo",
                        lambda title, text, parent=None: shown.append(text))
    d = driver_for(arrange(new_game("cruel", seed=3), {"pile1": "5D 2C", "pile2": "9H 8H"}))
    d.app.change_setting("messages", True)
    d.drag(d.card_point("pile1"), d.place_point("pile2"))
    assert shown and "2 of clubs" in shown[0]
    # A click on a card that has no move is refused the same way (it said so
    # only in the status bar).
    d.click(*d.card_point("pile2"))
    assert len(shown) == 2 and shown[1] == "There is no move for the 8 of hearts right now."


def test_thirteen_keys(driver_for) -> None:
    d = driver_for(new_game("thirteen", seed=5))
    deal_before = len(d.game.piles["stock"])
    open_pairs = d.game.scoring_moves_open()
    d.key("d")
    if open_pairs:  # the move alert speaks first; a second D deals anyway
        assert "Move alert" in d.status() and len(d.game.piles["stock"]) == deal_before
        d.key("d")
    assert len(d.game.piles["stock"]) == deal_before - 4
    seed = d.game.seed
    d.key("s")
    d.answer(yes=True)  # a deal was made: the window asked first
    assert d.game.seed == seed and d.game.log == [], "S deals the same hand again"
    d.key("n")
    assert d.game.log == [] and d.game.seed != seed
    d.key("b")
    assert d.app.paused
    d.key("x", widget=d.app._paused)
    assert not d.app.paused
    d.key("h")
    assert d.app.panel.winfo_ismapped()
    d.key("a")
    assert any(w.title() == "About Solitaire Tutor" for w in d.root.winfo_children()
               if hasattr(w, "title"))


def test_thirteen_pairs_and_kings_by_clicking(driver_for) -> None:
    game = arrange(new_game("thirteen", seed=5), {"pile1": "9C", "pile2": "4H", "pile3": "KS",
                                                 "pile4": "3D"})
    d = driver_for(game)
    d.click(*d.card_point("pile3"))
    assert codes(d.game)["pile3"] == [] and codes(d.game)["discard"] == ["KS"]
    d.click(*d.card_point("pile1"))
    d.click(*d.card_point("pile4"))
    assert "add up to 12, not 13" in d.status()
    assert codes(d.game)["pile1"] == ["9C"]
    d.click(*d.card_point("pile1"))
    d.click(*d.card_point("pile2"))
    assert codes(d.game)["pile1"] == [] and codes(d.game)["pile2"] == []


def test_double_solitaire_reserve_count_and_pickup(driver_for) -> None:
    d = driver_for(new_game("double", seed=9))
    reserve = len(d.game.piles["pile22"])
    d.click(*d.card_point("pile22"))
    assert len(d.game.piles["pile22"]) == reserve - 1 and d.game.piles["pile23"]
    d.click(*d.card_point("pile5"), state=0x1)  # Shift+click
    assert d.status() == f"Pile 5 has {len(d.game.piles['pile5'])} cards."
    arrange(d.game, {"pile22": ""}, spread_from=None)
    arrange(d.game, {"pile23": ""})
    d.table.refresh()
    d.click(*d.card_point("pile4"), state=0x8)  # Alt+click
    assert d.game.log[-1]["action"] == "pickup" and d.game.log[-1]["src"] == "pile4"


def test_dammit_place_by_drag_and_by_click(driver_for) -> None:
    game = new_game("dammit", deck=" ".join(
        "5C 5D TH AS 9S".split() + [c for c in new_game("cruel", seed=1).deck
                                    if c not in ("5C", "5D", "TH", "AS", "9S")]))
    d = driver_for(game)
    d.drag(d.card_point("stock"), d.place_point("box6"))
    assert codes(d.game)["box6"] == ["5C"]
    d.click(*d.card_point("box7"))  # an empty box takes the card to play
    assert codes(d.game)["box7"] == ["5D"]
    d.click(*d.card_point("stock"))  # hold the card to play...
    d.click(*d.card_point("box10"))  # ...and put it in a box
    assert codes(d.game)["box10"] == ["TH"]


def test_resizing_relays_the_table_and_keeps_piles_on_it(driver_for) -> None:
    d = driver_for(new_game("double", seed=2), geometry="800x600+0+0")
    small = d.table.layout.card_w
    d.root.geometry("1800x1000+0+0")
    for _ in range(50):   # a busy machine may take a while to pass the new size on
        d.pump(100)
        if d.table.layout.card_w > small:
            break
    d.pump(200)   # and to draw every pile at it
    big = d.table.layout.card_w
    assert big > small
    width, height = d.table.winfo_width(), d.table.winfo_height()
    for item in d.table.find_withtag("card"):
        x1, y1, x2, y2 = d.table.bbox(item)
        assert 0 <= x1 and x2 <= width + 1 and 0 <= y1 and y2 <= height + 1


def test_keyboard_pick_up_put_down_and_escape(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    keys = d.app.controls
    d.key("Tab")
    assert keys.focus.pile == "stock", "the first Tab shows the ring on the first pile"
    d.key("Down")
    assert keys.focus.pile == "tableau1"
    d.key("Return")
    assert keys.held == ("tableau1", 0)
    # The blue outline of the card picked up shows outside the keys' dashed ring.
    held, = d.table.find_withtag("mark:held")
    ring, = d.table.find_withtag("mark:focus")
    (hx1, hy1, hx2, hy2), (rx1, ry1, rx2, ry2) = d.table.bbox(held), d.table.bbox(ring)
    assert hx1 < rx1 - 2 and hy1 < ry1 - 2 and hx2 > rx2 + 2 and hy2 > ry2 + 2
    d.key("Escape")
    assert keys.held is None and d.game.log == []
    d.key("Return")
    d.key("Right")
    assert keys.focus.pile == "tableau2"
    d.key("Return")
    assert codes(d.game)["tableau2"][-1] == "6S"
    d.key("z", state=0x4)  # Ctrl+Z
    assert codes(d.game)["tableau1"] == ["6S"]


def test_game_over_is_told_with_new_same_and_undo(driver_for) -> None:
    game = arrange(new_game("dammit", seed=4), {
        "stock": "[2C] [KH] 7C", **{f"box{n}": "" for n in range(1, 17)},
        "box1": "KC", "box4": "KD", "box13": "KS"})
    d = driver_for(game)
    d.drag(d.card_point("stock"), d.place_point("box16"))
    dialog = d.app.game_over_dialog
    assert dialog.winfo_exists() and set(dialog.buttons) >= {"New game", "Same deal", "Undo"}
    assert "King of hearts" in d.status() and "corner" in d.status()
    dialog.buttons["Same deal"].invoke()
    d.pump()
    assert d.game.log == [] and d.game.seed == 4


def test_cruel_deal_button_is_grey_until_a_card_moves(driver_for) -> None:
    game = arrange(new_game("cruel", seed=3), {"foundation1": "AC", "pile1": "5D 2C"})
    d = driver_for(game)
    face = next(i for i in d.table.find_withtag("button:deal") if "face" in d.table.gettags(i))
    assert d.table.itemcget(face, "fill") == "#b8b8b0"
    d.click(*d.card_point("pile1"))
    assert d.table.itemcget(face, "fill") == "#f4e9c8"


def test_undo_menu_names_what_it_takes_back(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    menu, entry = d.app.choices.control_menu, d.app.choices.undo_entry
    assert menu.entrycget(entry, "label") == "Undo (nothing to take back)"
    d.drag(d.card_point("tableau1"), d.place_point("tableau2"))
    assert menu.entrycget(entry, "label").startswith("Undo: move the 6 of spades")
    menu.invoke(entry)
    d.pump()
    assert d.game.log[-1]["action"] == "undo"
    assert menu.entrycget(entry, "label") == "Undo (nothing to take back)"
    menu.invoke(entry)
    d.pump()
    assert d.status() == "There is no move left to take back."


def open_dialog_titles(d: Driver) -> list[str]:
    return [w.title() for w in d.root.winfo_children() if hasattr(w, "title")
            and w.winfo_exists() and str(w.winfo_class()) == "Toplevel"]


def menus_of(menu) -> list:
    """`menu` and every menu under it."""
    found = [menu]
    for index in range((menu.index("end") or -1) + 1):
        if menu.type(index) == "cascade":
            found += menus_of(menu.nametowidget(menu.entrycget(index, "menu")))
    return found


def test_the_menus_have_no_tear_off_line_and_no_letter_twice(driver_for) -> None:
    """F10, Left, Enter tore the menu bar off into a window of its own; two
    entries underlined at one letter (P: Play another game, Players) made the
    letter open the first, never the second."""
    d = driver_for(new_game("thirteen", seed=5))
    bar, = [w for w in d.root.winfo_children() if w.winfo_class() == "Menu"]
    for menu in menus_of(bar):
        assert not int(menu.cget("tearoff")), menu
        letters = [str(menu.entrycget(i, "label"))[int(menu.entrycget(i, "underline"))].lower()
                   for i in range((menu.index("end") or -1) + 1)
                   if menu.type(i) not in ("separator", "tearoff")
                   and int(menu.entrycget(i, "underline")) >= 0]
        assert len(letters) == len(set(letters)), (menu, letters)


def test_alt_with_a_letter_is_left_to_the_menus(driver_for) -> None:
    """Alt+H opens the Help menu (Tk's menu bar does that); it is no hint."""
    d = driver_for(new_game("klondike", seed=42))
    for alt in (ALT, ALT | 0x10):   # Alt, and Alt with Num Lock on (Mod2 on X11)
        for letter in "hd":
            d.table.focus_force()
            d.table.event_generate(f"<KeyPress-{letter}>", state=alt)
            d.pump()
            d.root.tk.call("tk::MenuUnpost", "")   # (Tk may have opened a menu)
            d.pump()
        assert not d.table.find_withtag("mark:hint") and d.game.log == []
    d.key("h", state=NUM_LOCK)
    assert d.table.find_withtag("mark:hint"), "H alone still asks for a hint, Num Lock on"


def test_keys_every_game_shares(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))
    d.key("d")
    assert len(d.game.piles["waste"]) == 1, "D turns the deck"
    d.key("h")
    assert d.app.panel.heading.cget("text") == "Hint" and d.table.find_withtag("mark:hint")
    d.key("r", state=0x4)  # Ctrl+R: the same deal again
    d.answer(yes=True)  # the deck was turned: the window asked first
    assert d.game.log == [] and d.game.seed == 42
    d.key("g", state=0x4)  # Ctrl+G: choose a deal number
    assert "Choose a deal number" in open_dialog_titles(d)
    dialog = next(w for w in d.root.winfo_children() if getattr(w, "title", lambda: "")()
                  == "Choose a deal number")
    dialog.value.set("not a number")
    dialog.accept()
    assert "whole number" in dialog.error.cget("text") and dialog.winfo_exists()
    dialog.value.set("77")
    dialog.accept()
    d.pump()
    assert d.game.seed == 77
    d.key("p", state=0x4)  # Ctrl+P: pause
    assert d.app.paused
    d.key("space", widget=d.app._paused)
    assert not d.app.paused
    d.key("F1")
    assert d.app.panel.help.shown_section() == "goal"


def test_thirteen_players_help_and_quit_keys(driver_for) -> None:
    d = driver_for(new_game("thirteen", seed=5))
    d.key("p")
    assert "Players" in " ".join(open_dialog_titles(d))
    for window in d.root.winfo_children():
        if str(window.winfo_class()) == "Toplevel":
            window.destroy()
    d.key("question")
    assert d.app.panel.help.shown_section() == "goal"
    d.app.try_move(d.game.legal_moves()[0])
    d.pump(400)  # the game in play is saved
    current = list((d.store.folder / "current").glob("*.json"))
    assert current, "the unfinished game is kept"
    # F10 throws the game away, but only when the pupil says so: in most programs
    # it opens the menus, and a pupil who meant that would lose the game.
    d.key("F10")
    question = next(w for w in d.root.winfo_children() if isinstance(w, ConfirmDialog))
    d.pump(100)
    assert question.title() == "Throw this game away?" and question.focus_get() is question.no
    question.no.event_generate("<Escape>")
    d.pump(100)
    assert not question.winfo_exists() and d.root.winfo_exists()
    assert list((d.store.folder / "current").glob("*.json")), "No keeps the game"
    assert d.root.focus_get() is d.app.table
    d.key("F10")
    question = next(w for w in d.root.winfo_children() if isinstance(w, ConfirmDialog))
    d.pump(100)
    question.yes.invoke()   # quit: this game is thrown away and not counted
    assert not list((d.store.folder / "current").glob("*.json"))
    assert d.store.stats("thirteen").played == 0


def test_dammit_removes_tens_and_pairs_by_clicking(driver_for) -> None:
    grid = {f"box{n}": code for n, code in zip(range(1, 17), (
        "KC 2C 3C KD JC 6C 7C JD JH TS 4D JS KH 4H 6H KS").split())}
    game = arrange(new_game("dammit", seed=4), {"stock": "[2D] 9D", **grid}, clearing=True)
    d = driver_for(game)
    d.click(*d.card_point("box10"))  # a 10 alone goes at once
    assert codes(d.game)["box10"] == [] and codes(d.game)["discard"] == ["TS"]
    d.click(*d.card_point("box3"))   # the 3 of clubs...
    d.click(*d.card_point("box7"))   # ...and the 7 of clubs make ten
    assert codes(d.game)["box3"] == [] and codes(d.game)["box7"] == []
    d.click(*d.card_point("box6"))
    d.click(*d.card_point("box2"))   # 6 and 2 make 8, not 10
    assert "not 10" in d.status() and codes(d.game)["box6"] == ["6C"]


def test_pointer_is_a_hand_only_over_cards_that_can_move(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=42))

    def hover(point: tuple[int, int]) -> str:
        d.table.event_generate("<Motion>", x=point[0], y=point[1])
        d.pump()
        return str(d.table.cget("cursor"))
    assert hover(d.card_point("tableau1")) == "hand2"   # the 6 of spades can move
    assert hover(d.card_point("tableau3")) == ""        # the King of clubs cannot
    d.drag(d.card_point("tableau1"), d.place_point("tableau2"))
    assert hover(d.card_point("tableau2")) == ""        # the 6 has nowhere else to go
    assert hover(d.card_point("stock")) == "hand2"      # the deck can be turned
    assert hover(d.card_point("tableau3")) == "hand2"   # the King can go to the gap now


def test_num_lock_on_windows_is_no_alt(monkeypatch) -> None:
    """On Windows 0x8 is Num Lock (on at many a school PC): single keys still work."""
    import importlib

    from solitaire_tk.ui import menus
    try:
        monkeypatch.setattr("sys.platform", "win32")
        windows = importlib.reload(menus)
        assert windows.ALT == 0x20000 and not windows.MODIFIERS & 0x8
    finally:
        monkeypatch.undo()
        importlib.reload(menus)
    assert menus.ALT == 0x8, "Mod1 on X11"


def test_without_the_panel_the_table_keeps_its_size_as_messages_change(driver_for) -> None:
    """With the tutor panel hidden, a two-line hint then a one-line move shrank
    and grew every card each time: the bar keeps room for two lines."""
    from tkinter import font
    d = driver_for(new_game("cruel", seed=3), geometry="1024x700+0+0")
    d.app.change_setting("tutor_panel", False)   # as Options > Show the tutor panel does
    d.app.panel_shown.set(False)
    d.app._place_panel()
    d.pump(300)
    line = font.nametofont("TkDefaultFont").metrics("linespace")
    heights, lines = set(), set()
    for text in ("Short.", "A long sentence that says a great deal about the game. " * 3,
                 "Short again."):
        d.app.say(text, "info")
        d.pump(200)
        heights.add(d.table.winfo_height())
        lines.add(d.app.status.message.winfo_reqheight() // line)
    assert lines == {1, 2}, "the long sentence takes two lines"
    assert len(heights) == 1, heights


def test_the_panel_s_tabs_stay_in_place_as_the_sentences_change(driver_for) -> None:
    """A move's sentence on two lines, a refusal on four: the help a pupil was
    reading jumped up and down after every move."""
    d = driver_for(new_game("cruel", seed=3), geometry="1100x740+0+0")
    d.pump(300)
    tops = set()
    for text in ("A sentence of three or four lines about what the last move did, which "
                 "cards it turned up, and what the tutor would do next.",
                 "Short.",
                 "Another sentence, of two lines, about the game on the table."):
        d.app.say(text, "info")
        d.pump(100)
        tops.add(d.app.panel.book.winfo_rooty())
    assert len(tops) == 1, tops


# -- the place numbers above the piles ---------------------------------------------------
RING = 4   # how far a focus ring or highlight round a card reaches past it


def drawn_numbers(d: Driver) -> dict[str, tuple[int, int, int, int]]:
    """Each numbered place's number on the canvas, and the box it is drawn in."""
    out = {}
    for item in d.table.find_withtag("label"):
        tag = next((t for t in d.table.gettags(item) if t.startswith("number:")), None)
        if tag is not None:
            out[tag.split(":", 1)[1]] = d.table.bbox(item)
    return out


def number_clashes(d: Driver) -> list[str]:
    """Where a place number is covered: by a card of another pile (or the ring
    round it), by its own place, by another number, or off the canvas."""
    numbers = drawn_numbers(d)
    assert numbers, "numbered places show their numbers"
    boxes = list(numbers.items())
    clashes = [f"{one} and {other}" for i, (one, a) in enumerate(boxes)
               for other, b in boxes[i + 1:] if _boxes_meet(a, b)]
    for pid, box in numbers.items():
        slot = d.table.layout.slot(pid)
        if box[3] > slot.y or box[1] < 0:
            clashes.append(f"{pid}'s own place, or the canvas's top")
        for item in d.table.find_withtag("card"):
            if f"p:{pid}" not in d.table.gettags(item):
                x1, y1, x2, y2 = d.table.bbox(item)
                if _boxes_meet(box, (x1 - RING, y1 - RING, x2 + RING, y2 + RING)):
                    clashes.append(f"{pid} and {d.table.gettags(item)}")
    return clashes


def _boxes_meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_place_numbers_are_clear_of_the_cards_on_a_small_screen(driver_for) -> None:
    for game_id in ("cruel", "thirteen", "double", "dammit", "klondike"):
        d = driver_for(new_game(game_id, seed=3), geometry="800x600+0+0")
        assert number_clashes(d) == [], game_id
        d.close()


def test_place_numbers_grow_with_the_cards_on_a_big_screen(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=3), geometry="1900x1000+0+0")
    assert d.table.layout.card_w > 150, "cards grow past 150 pixels on a big screen"
    heights = {box[3] - box[1] for box in drawn_numbers(d).values()}
    assert min(heights) >= 0.14 * d.table.layout.card_w, "not 14 pixels whatever the cards"
    assert number_clashes(d) == []


def test_place_numbers_grow_with_the_screen_s_scaling(driver_for) -> None:
    """At 150% a number is as readable as the menus' words (it stayed 12
    pixels), and still clear of the cards in the smallest window."""
    from solitaire_tk.tablelayout import MIN_NUMBER_SIZE
    d = driver_for(new_game("cruel", seed=3), geometry="800x600+0+0")
    ordinary = d.table.layout.label_size
    before = d.root.tk.call("tk", "scaling")   # (kept by the X display: every later Tk has it)
    d.root.tk.call("tk", "scaling", 2.0)   # 144 dots an inch: Windows at 150%
    try:
        d.root.geometry("810x600")   # a new size: the table is laid out again
        for _ in range(50):
            d.pump(100)
            if d.table.layout.label_size != ordinary:
                break
        assert d.table.layout.label_size >= MIN_NUMBER_SIZE * 1.5 > ordinary
        heights = {box[3] - box[1] for box in drawn_numbers(d).values()}
        assert min(heights) >= MIN_NUMBER_SIZE * 1.5
        assert number_clashes(d) == []
    finally:
        d.root.tk.call("tk", "scaling", before)
