"""A pupil with only the keyboard (a broken mouse, or a pupil who cannot use
one): the ring shows where the keys are, every button the mouse can press
the keys can press, and Tab never gets lost in the tutor panel."""

from __future__ import annotations

from solitaire_tk import new_game

from .gui import Driver
from .helpers import codes


def _ring_and_outline(d: Driver, pile: str) -> tuple[int, int]:
    """The keys' ring, and the Show moves outline of the same card."""
    ring, = d.table.find_withtag("mark:focus")
    card = d.table.card_rect(pile, len(d.game.piles[pile]) - 1)
    middle = (card.x + card.w / 2, card.y + card.h / 2)
    outlines = [item for item in d.table.find_withtag("mark:movable")
                if _contains(d.table.bbox(item), middle)]
    assert len(outlines) == 1, "the card that can move has its green outline"
    return ring, outlines[0]


def _contains(box: tuple[int, int, int, int], point: tuple[float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def test_the_ring_stays_in_sight_on_a_card_that_can_move(driver_for) -> None:
    # Show moves outlined the card again after each move or undo, on the very
    # line of the keys' ring: the ring vanished on the cards a pupil can play.
    d = driver_for(new_game("klondike", seed=42))
    assert d.app.show_moves.get()
    d.key("Tab")
    d.key("Down")
    d.key("d")   # a move elsewhere: the deck turns a card, the ring stays
    assert d.game.log and d.app.controls.focus.pile == "tableau1"
    assert codes(d.game)["tableau1"] == ["6S"]
    ring, outline = _ring_and_outline(d, "tableau1")
    order = d.table.find_all()   # lowest first
    assert order.index(ring) > order.index(outline), "the ring is drawn over the outline"
    rx1, ry1, rx2, ry2 = d.table.bbox(ring)
    ox1, oy1, ox2, oy2 = d.table.bbox(outline)
    assert rx1 < ox1 and ry1 < oy1 and rx2 > ox2 and ry2 > oy2, "the ring is outside it"


def test_enter_presses_the_button_that_has_the_keys(driver_for) -> None:
    # ttk's buttons know only Space: Enter on the tutor panel's Hint, or on a
    # replay's step buttons, did nothing at all.
    d = driver_for(new_game("klondike", seed=42))
    hint = d.app.panel.hint_button
    d.key("Return", widget=hint)
    d.pump()
    assert d.app.panel.told[1] == "hint", "Enter on Hint gives a hint"
    d.key("d")
    d.key("e", state=0x4)   # Ctrl+E: replay this game
    assert d.app.replaying
    view = d.app.panel.replay
    forward = view.buttons["forward"]
    d.key("KP_Enter", widget=forward)
    assert d.app.replay.session.step == 1, "the keypad's Enter steps forward"
    d.key("Return", widget=view.close_button)
    d.pump()
    assert not d.app.replaying, "Enter on Close replay closes it"


def _tab_round(d: Driver, key: str, times: int) -> list:
    seen = []
    for _ in range(times):
        d.root.focus_get().event_generate(key)
        d.pump()
        seen.append(d.root.focus_get())
    return seen


# Where Tab may rest: widgets that show a ring or a highlight when they have the keys.
SHOWS_FOCUS = {"TButton", "TCheckbutton", "TCombobox", "TNotebook", "Listbox", "Text"}


def test_tab_goes_round_the_tutor_panel_and_never_rests_unseen(driver_for) -> None:
    # Tab left the panel for the table, where Tab only moves the ring: Show
    # moves and Hint were out of reach; in a replay it rested on the replay's
    # frame and its slider, which show no ring.
    d = driver_for(new_game("klondike", seed=42))
    d.key("d")
    d.key("e", state=0x4)   # Ctrl+E: replay this game
    d.key("F6")
    panel = d.app.panel
    assert d.root.focus_get() is panel.book
    for key in ("<Tab>", "<Shift-Tab>"):
        seen = _tab_round(d, key, 30)
        assert d.table not in seen, f"{key} stays in the panel (F6 goes back to the table)"
        assert panel.show_moves in seen and panel.hint_button in seen
        assert panel.replay.buttons["forward"] in seen and panel.replay.steps in seen
        unseen = {widget.winfo_class() for widget in seen} - SHOWS_FOCUS
        assert not unseen, f"{key} rested where no ring shows: {unseen}"


def _ring_fits(d: Driver) -> bool:
    """The keys' ring is round the card (or place) the keys are on now."""
    from solitaire_tk.ui.controls import FOCUS_MARGIN
    ring, = d.table.find_withtag("mark:focus")
    focus = d.app.controls.focus
    pile = d.game.piles[focus.pile]
    rect = (d.table.card_rect(focus.pile, len(pile) - 1) if pile
            else d.table.layout.slot(focus.pile))
    x1, y1, x2, y2 = d.table.bbox(ring)
    # The margin and half the line's width (both grow with the cards), and Tk's rounding.
    edge = d.table.mark_width(FOCUS_MARGIN) + d.table.mark_width(3) / 2 + 2
    return (abs(x1 - rect.x) <= edge and abs(y1 - rect.y) <= edge
            and abs(x2 - rect.x - rect.w) <= edge and abs(y2 - rect.y - rect.h) <= edge)


def test_the_ring_follows_its_pile_when_a_new_deal_or_step_is_shown(driver_for) -> None:
    # A new deal of the same game (or a lesson's next step, or a replay's step)
    # redrew only the cards: the ring stayed where the old top card had been.
    d = driver_for(new_game("klondike", seed=42))
    for key in ("Tab", "Down", "Return", "Right", "Return"):
        d.key(key)
    assert codes(d.game)["tableau2"][-1] == "6S" and d.app.controls.focus.pile == "tableau2"
    assert _ring_fits(d)
    d.key("F2")
    d.answer(True)
    d.pump()
    assert len(d.game.piles["tableau2"]) == 2 and not d.game.log
    assert _ring_fits(d), "the ring is round the new deal's top card of stack 2"


def test_a_lesson_s_card_put_down_with_the_keys_is_no_longer_said_to_be_held(driver_for) -> None:
    # The panel kept "You picked up the Ace of hearts. Now choose where it
    # goes" after Enter had put it home and the step was done.
    from .gui import KeyboardPlayer
    d = driver_for(new_game("klondike", seed=3))
    d.app.learn("klondike")
    mode = d.app.course
    KeyboardPlayer(d).play(mode.trying.step.right[0])
    assert mode.trying.closed
    assert "picked up" not in d.app.panel.told[0]


def test_the_game_s_keys_work_with_the_keys_in_the_tutor_panel(driver_for) -> None:
    # After pressing the panel's Hint with the keys, D (turn the deck) and H
    # (hint) did nothing until F6 brought the keys back to the table.
    d = driver_for(new_game("klondike", seed=42))
    hint = d.app.panel.hint_button
    d.key("Return", widget=hint)
    d.pump()
    assert d.app.panel.told[1] == "hint" and not d.game.log
    d.key("d", widget=hint)
    assert d.game.log and d.game.log[-1]["action"] == "flip"
    help_text = d.app.panel.help.text
    d.key("d", widget=help_text)   # the help text, read-only: its letters are the game's
    assert len(d.game.log) == 2


def test_shift_enter_tells_how_many_cards_the_ring_s_pile_has(driver_for) -> None:
    # Shift+click said how many cards a squared-up pile has; no key did.
    d = driver_for(new_game("double", seed=7))
    d.key("Tab")
    pile = d.app.controls.focus.pile
    d.key("Return", state=0x1)   # Shift+Enter
    count = len(d.game.piles[pile])
    place = d.game.place(pile)
    assert d.status() == f"{place[:1].upper()}{place[1:]} has {count} card{'s' * (count != 1)}."
    assert not d.game.log and d.app.controls.held is None


def test_the_ring_leaves_its_place_s_number_readable(driver_for) -> None:
    # The ring (outside Show moves' outline, on a dark casing), and a held
    # card's outline outside it, covered the foot of the number above a place
    # whose first card they were round ("1" over stack 1), and on a big screen
    # the number of the row below the card too.
    for geometry in ("800x560+0+0", "1900x1000+0+0"):
        d = driver_for(new_game("klondike", seed=42), geometry=geometry)
        d.key("Tab")
        d.key("Down")
        assert d.app.controls.focus.pile == "tableau1" and len(d.game.piles["tableau1"]) == 1
        d.key("Return")   # picked up: its outline goes round the ring
        assert d.app.controls.held is not None
        order = d.table.find_all()   # lowest first
        number, = d.table.find_withtag("number:tableau1")
        shadow, = d.table.find_withtag("shadow:tableau1")
        for kind in ("casing:focus", "mark:focus", "casing:held", "mark:held"):
            for item in d.table.find_withtag(kind):
                assert order.index(item) < order.index(shadow) < order.index(number), kind
        d.close()


def test_every_menu_entry_has_a_letter_of_its_own(driver_for) -> None:
    # "Play another game", "Learn a game" and most Options entries had no
    # underlined letter: the keys could reach them only with the arrows.
    for game in (new_game("klondike", seed=42), new_game("thirteen", seed=5)):
        d = driver_for(game)
        bar = d.root.nametowidget(d.root.cget("menu"))
        menus = [bar]
        seen = 0
        while menus:
            menu = menus.pop()
            letters = []
            last = menu.index("end")
            for n in range(last + 1 if last is not None else 0):
                if menu.type(n) in ("separator", "tearoff"):
                    continue
                label, under = str(menu.entrycget(n, "label")), int(menu.entrycget(n, "underline"))
                assert under >= 0, label
                letters.append(label[under].lower())
                seen += 1
                if menu.type(n) == "cascade":
                    menus.append(d.root.nametowidget(menu.entrycget(n, "menu")))
            assert len(letters) == len(set(letters)), letters
        assert seen > 30
        learn = d.root.nametowidget(d.app.root.nametowidget(bar.entrycget(3, "menu"))
                                    .entrycget(1, "menu"))
        letters = {str(learn.entrycget(n, "label")): str(learn.entrycget(n, "label"))[
            int(learn.entrycget(n, "underline"))] for n in range(int(learn.index("end")) + 1)}
        # The letter names the game, not the word every entry shares.
        assert letters["Learn Cruel"] == "C" and letters["Learn Klondike"] == "K", letters
        d.close()


def test_tab_on_the_lesson_page_goes_down_the_page(driver_for) -> None:
    # Tab visited Next, Show me and Leave lesson before the list above them.
    d = driver_for(new_game("klondike", seed=3))
    d.app.learn("klondike")
    d.pump()
    page = d.app.course._view
    assert page is not None
    order = []
    widget = page.lessons
    for _ in range(4):
        widget = widget.tk_focusNext()
        order.append(widget)
    buttons = [button for button in (page.next, page.show_me, page.leave)
               if button.instate(["!disabled"]) and button.winfo_ismapped()]
    assert len(buttons) >= 2 and order[:len(buttons)] == buttons, order
    assert buttons[0].tk_focusPrev() is page.lessons


def test_the_menu_entry_the_keys_are_on_is_shown_clearly(driver_for) -> None:
    # X11 lit it in a grey hardly darker than the menu itself.
    from solitaire_tk.ui.window import MENU_ACTIVE_BACKGROUND
    d = driver_for(new_game("klondike", seed=3))
    bar = d.root.nametowidget(d.root.cget("menu"))
    game_menu = d.root.nametowidget(bar.entrycget(0, "menu"))
    for menu in (bar, game_menu):
        assert str(menu.cget("activebackground")) == MENU_ACTIVE_BACKGROUND
        assert str(menu.cget("activeforeground")) == "white"


def test_a_dragged_card_passes_over_the_place_numbers(driver_for) -> None:
    # Numbers drawn over the marks were drawn over a card being dragged too.
    d = driver_for(new_game("cruel", seed=3), geometry="1100x720+0+0")
    start = d.card_point("pile7")
    number, = d.table.find_withtag("number:pile2")
    x1, y1, x2, y2 = d.table.bbox(number)
    end = ((x1 + x2) // 2, (y1 + y2) // 2)
    d.table.event_generate("<ButtonPress-1>", x=start[0], y=start[1])
    for step in range(1, 7):
        x = start[0] + (end[0] - start[0]) * step // 6
        y = start[1] + (end[1] - start[1]) * step // 6
        d.table.event_generate("<B1-Motion>", x=x, y=y, state=0x100)
        d.pump()
    order = d.table.find_all()
    dragged = d.table.find_withtag("moving")
    assert dragged and all(order.index(item) > order.index(number) for item in dragged)
    d.table.event_generate("<ButtonRelease-1>", x=end[0], y=end[1], state=0x100)
    # Not a place it may go: it slides back, over the numbers all the way.
    assert not d.game.log and d.app.controls._slide_job is not None
    order = d.table.find_all()
    assert all(order.index(item) > order.index(number) for item in dragged)
    assert set(d.table.find_withtag("moving")) == set(dragged)
    d.pump(400)
    assert d.app.controls._slide_job is None and not d.table.find_withtag("moving")


def test_the_keys_read_the_replay_s_step_on_the_table(driver_for) -> None:
    # In a replay the ring looked for the game in play's cards: Tab raised an
    # error, and Shift+Enter on the deck said 19 cards where the step shows 24.
    d = driver_for(new_game("klondike", "draw1", seed=1158020890))
    for _ in range(5):
        d.key("d")
    assert len(d.game.piles["stock"]) == 19
    d.key("e", state=0x4)   # Ctrl+E: replay this game
    assert d.app.replaying
    d.key("Home")
    shown = d.table.game
    assert shown is not None and len(shown.piles["stock"]) == 24
    errors: list[BaseException] = []
    d.root.report_callback_exception = lambda kind, value, trace: errors.append(value)
    for _ in range(3):
        d.key("Tab")
    assert not errors
    d.app.controls.focus = type(d.app.controls.focus)("stock", None)
    d.key("Return", state=0x1)   # Shift+Enter
    assert d.status() == "The deck has 24 cards."


def test_tab_to_a_widget_scrolled_out_of_sight_brings_it_into_sight(driver_for) -> None:
    # At 800x600 the lesson page scrolls: Tab to the list of lessons gave it
    # the keys out of sight, so nothing seemed to have them.
    d = driver_for(new_game("thirteen", seed=5), geometry="800x560+0+0")
    d.app.learn("thirteen")
    d.pump(100)
    page = d.app.course._view
    assert page is not None and page.area.scrolls
    page.area.canvas.yview_moveto(0)
    d.pump()
    canvas = page.area.canvas
    page.lessons.focus_force()
    d.pump(100)
    top = page.lessons.winfo_rooty()
    assert canvas.winfo_rooty() <= top < canvas.winfo_rooty() + canvas.winfo_height()
