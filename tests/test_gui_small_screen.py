"""Nothing out of reach on a small screen: a dialog taller than the screen
scrolls with Close in sight, and the replay controls in a small window
keep every button whole and scroll to the ones below."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire_tk import new_game
from solitaire_tk.course import load_course
from solitaire_tk.ui.dialogs import TextDialog

from .gui import KeyboardPlayer

GOLDEN = Path(__file__).parent / "golden"


def fully_inside(widget, outer) -> bool:
    """Whether `widget` lies wholly within `outer` on the screen."""
    left, top = widget.winfo_rootx(), widget.winfo_rooty()
    return (outer.winfo_rootx() <= left
            and left + widget.winfo_width() <= outer.winfo_rootx() + outer.winfo_width()
            and outer.winfo_rooty() <= top
            and top + widget.winfo_height() <= outer.winfo_rooty() + outer.winfo_height())


def top_line_inside(label, outer) -> bool:
    """Whether the first line of a label's words is in sight within `outer`."""
    from tkinter.font import Font
    line = Font(font=label.cget("font")).metrics("linespace")
    top = label.winfo_rooty()
    return outer.winfo_rooty() <= top and top + line <= outer.winfo_rooty() + outer.winfo_height()


def apart(one, other) -> bool:
    """Whether two widgets do not overlap on the screen."""
    return (one.winfo_rootx() + one.winfo_width() <= other.winfo_rootx()
            or other.winfo_rootx() + other.winfo_width() <= one.winfo_rootx()
            or one.winfo_rooty() + one.winfo_height() <= other.winfo_rooty()
            or other.winfo_rooty() + other.winfo_height() <= one.winfo_rooty())


def text_fits(button) -> bool:
    """Whether a button is wide enough for its words (ttk buttons ask for more)."""
    from tkinter.font import nametofont
    return button.winfo_width() >= nametofont("TkDefaultFont").measure(button.cget("text")) + 8


def test_a_dialog_taller_than_the_screen_scrolls_and_close_stays_on_it(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=2))
    lines = "\n".join(f"Line {n}: a sentence about a key." for n in range(1, 301))
    dialog = TextDialog(d.root, "Keys", lines)
    d.pump(100)
    close = next(w for w in dialog.body.winfo_children() if w.winfo_class() == "TButton")
    assert dialog.area.scrolls, "300 lines do not fit any screen"
    assert close.winfo_rooty() + close.winfo_height() <= d.root.winfo_screenheight()
    assert dialog.winfo_height() < d.root.winfo_screenheight()
    canvas = dialog.area.canvas
    assert canvas.yview()[0] == 0.0
    dialog.event_generate("<Next>")
    d.pump()
    assert canvas.yview()[0] > 0.0, "Page Down scrolls the text"
    dialog.event_generate("<Prior>")
    d.pump()
    assert canvas.yview()[0] == 0.0
    dialog.close()


def test_a_short_dialog_does_not_scroll(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=2))
    dialog = TextDialog(d.root, "About", "One short paragraph.")
    d.pump(100)
    assert not dialog.area.scrolls
    label = dialog.area.inner.winfo_children()[0]
    assert fully_inside(label, dialog.area)
    dialog.close()


def replay_in(driver_for, geometry: str):
    """A window of `geometry` replaying a saved game: the driver, the replay
    controls and the area they scroll in."""
    d = driver_for(new_game("cruel", seed=3), geometry=geometry)
    d.app.open_file(str(GOLDEN / "double-standard.json"))
    d.pump(200)
    return d, d.app.panel.replay, d.app.panel.replay_area


def test_the_replay_controls_fit_a_small_window_and_scroll_to_the_rest(driver_for) -> None:
    d, view, area = replay_in(driver_for, "800x520+0+0")
    # Every step button whole, side by side, inside the panel.
    buttons = list(view.buttons.values())
    for button in buttons:
        assert fully_inside(button, d.app.panel), button.cget("text")
    for left, right in zip(buttons, buttons[1:]):
        assert left.winfo_rootx() + left.winfo_width() <= right.winfo_rootx()
    # Play from here and Close replay are in sight below the scrolling area,
    # with their words whole ("Play from her" was cut): one beside or under the
    # other as the room allows; the controls above them scroll.
    for button in (view.take_over, view.close_button):
        assert fully_inside(button, d.app.panel) and not fully_inside(button, area)
        assert text_fits(button), button.cget("text")
    assert apart(view.take_over, view.close_button)
    assert area.scrolls
    view.close_button.invoke()
    d.pump()
    assert not d.app.replaying


def test_the_replay_controls_do_not_scroll_where_there_is_room(driver_for) -> None:
    d, view, area = replay_in(driver_for, "1200x860+0+0")
    assert not area.scrolls
    assert fully_inside(view.close_button, d.app.panel)
    assert view.steps.winfo_height() > 100, "the list of steps takes the room left"


def test_a_place_s_words_stay_inside_it_so_a_card_on_it_hides_them(driver_for) -> None:
    """Dammit!'s "Card to play" under the card to play, in a small window."""
    d = driver_for(new_game("dammit", seed=5), geometry="800x520+0+0")
    table = d.app.table
    spot = table.layout.spots["stock"]
    words = [item for item in table.find_withtag("slot:stock")
             if table.type(item) == "text" and table.itemcget(item, "text") == "Card to play"]
    assert len(words) == 1
    left, top, right, bottom = table.bbox(words[0])
    assert spot.x <= left and right <= spot.x + table.layout.card_w
    assert spot.y <= top and bottom <= spot.y + table.layout.card_h


@pytest.mark.parametrize("geometry", ["800x520+0+0", "800x600+0+0"])
def test_a_lesson_s_buttons_stay_in_sight_and_in_one_place(driver_for, geometry: str) -> None:
    """At 800x600 Next was below the fold after a right move, a new task started
    mid-sentence (the page kept its scroll), Leave lesson was cut even scrolled
    to the bottom, and Next moved from step to step under the pointer."""
    d = driver_for(new_game("klondike", seed=3), geometry=geometry)
    d.app.learn("dammit")   # long titles, tasks and sentences
    d.pump(200)
    mode = d.app.course
    view, page = mode.view, mode.page
    assert d.app.panel.book.select() == str(page)
    keys = KeyboardPlayer(d)
    places = set()
    for lesson in (0, 1):
        mode.start_lesson(lesson)
        for n, step in enumerate(load_course("dammit").lessons[lesson].steps):
            d.pump()
            # A new step is read from the top of the page.
            assert view.area.canvas.canvasy(0) == 0 and top_line_inside(view.task, view.area)
            keys.play(step.right[0])
            d.pump()
            # The right move's sentence, Next and Leave lesson are all in sight, whole.
            assert fully_inside(view.feedback, view.area), (lesson, n)
            for button in (view.next, view.show_me, view.leave):
                assert fully_inside(button, page) and not fully_inside(button, view.area)
                assert text_fits(button), button.cget("text")
            places.add((view.next.winfo_rootx(), view.next.winfo_rooty(), view.next.winfo_width()))
            view.area.canvas.yview_moveto(1.0)   # the pupil scrolls down to read the list
            d.pump()
            if n + 1 < len(load_course("dammit").lessons[lesson].steps):
                d.click_widget(view.next)
                assert mode.step_index == n + 1
    assert len(places) == 1, f"Next moved: {places}"
    d.click_widget(view.leave)
    assert not mode.active


def shown_tabs(book) -> list[str]:
    return [book.tab(tab, "text") for tab in book.tabs() if book.tab(tab, "state") != "hidden"]


def test_a_lesson_s_tab_has_room_in_a_narrow_panel(driver_for) -> None:
    """At 800 wide three tabs read "How to pla", "Replay", "Lessor": the Replay
    tab steps aside during a lesson, and is back for a replay and after it."""
    d = driver_for(new_game("klondike", seed=3), geometry="800x520+0+0")
    book = d.app.panel.book
    d.app.course.open("klondike")
    d.pump(200)
    assert shown_tabs(book) == ["How to play", "Lesson"]
    assert book.winfo_reqwidth() <= book.winfo_width(), "every tab's words whole"
    d.app.open_file(str(GOLDEN / "double-standard.json"))   # a replay in the lesson
    d.pump(100)
    assert "Replay" in shown_tabs(book) and book.select() == str(d.app.panel.replay_tab)
    d.app.replay.close()
    d.app.course.view.leave.invoke()
    d.pump()
    assert shown_tabs(book) == ["How to play", "Replay"]
    assert book.select() == str(d.app.panel.help)


class PointerOnTheMenuBar:
    """Tk as the widget asks it, but with the pointer on the window's menu bar:
    `winfo containing` names its clone, `.#!menu`, which tkinter cannot look up."""

    def __init__(self, tk_app) -> None:
        self.tk_app = tk_app

    def call(self, *words):
        if len(words) == 1 and isinstance(words[0], tuple):
            words = words[0]   # (tkinter's own calls pass one tuple)
        if words[:2] == ("winfo", "containing"):
            return ".#!menu"
        return self.tk_app.call(*words)

    def __getattr__(self, name):
        return getattr(self.tk_app, name)


def test_the_pointer_leaving_a_scroll_area_for_the_menu_bar_is_no_error(driver_for) -> None:
    d, _view, area = replay_in(driver_for, "800x520+0+0")
    area._wheel_on(None)
    assert area._wheel_bound
    area.tk = PointerOnTheMenuBar(area.tk)
    try:
        area._wheel_off(None)   # raised KeyError: '#!menu' before
    finally:
        area.tk = area.tk.tk_app
    assert not area._wheel_bound


def test_the_statistics_dialog_taller_than_the_screen_keeps_its_buttons_on_it(
        driver_for, monkeypatch) -> None:
    """Cruel's statistics (with the list of every score) ran off an 800x600
    screen with Clear statistics and Close: the dialog is cut to the screen and
    the list gives way."""
    import tkinter as tk

    from solitaire_tk.ui.statsdialog import StatsDialog
    d = driver_for(new_game("cruel", seed=3))
    for seed in (4, 5):
        game = new_game("cruel", seed=seed)
        game.play(game.legal_moves()[0])
        d.store.record_game(game, used_hints=False)
    monkeypatch.setattr(tk.Misc, "winfo_screenheight", lambda self: 600)
    dialog = StatsDialog(d.root, d.store, "cruel")
    d.pump(200)
    assert dialog.winfo_rooty() + dialog.winfo_height() <= 600
    for button in (dialog.close_button, dialog.clear_button):
        assert button.winfo_viewable() and fully_inside(button, dialog), button.cget("text")
    # The tables and the list scroll instead of being cut off: Page Down and
    # Tab onto the list bring the list of every score into sight, whole.
    assert dialog.area.scrolls
    assert not fully_inside(dialog.scores, dialog.area.canvas)
    dialog.event_generate("<Next>")
    d.pump(100)
    assert dialog.area.canvas.yview()[0] > 0.0
    dialog.area.canvas.yview_moveto(0)
    dialog.scores.focus_set()
    d.pump(150)
    assert fully_inside(dialog.scores_frame, dialog.area.canvas)
    assert len(dialog.shown_scores()) == 2
    dialog.close()


def test_the_statistics_dialog_on_a_tall_screen_shows_everything_without_scrolling(
        driver_for, monkeypatch) -> None:
    import tkinter as tk

    from solitaire_tk.ui.statsdialog import StatsDialog
    d = driver_for(new_game("cruel", seed=3))
    monkeypatch.setattr(tk.Misc, "winfo_screenheight", lambda self: 1000)
    dialog = StatsDialog(d.root, d.store, "cruel")
    d.pump(200)
    assert not dialog.area.scrolls
    assert fully_inside(dialog.scores_frame, dialog.area.canvas)
    dialog.close()


@pytest.mark.parametrize("geometry", ["1100x760+0+0", "800x600+0+0"])
def test_the_lesson_list_shows_every_title_whole(driver_for, geometry: str) -> None:
    """At 1100 wide the list read "Clever play: why the order is kep": a title too
    long for the list goes on over more rows, which are chosen as one."""
    from tkinter.font import Font
    d = driver_for(new_game("klondike", seed=3), geometry=geometry)
    d.app.learn("cruel")
    d.pump(200)
    view = d.app.course.view
    lessons = view.lessons
    face = Font(font=lessons.cget("font"))
    room = lessons.winfo_width() - 2 * int(lessons.cget("borderwidth"))
    label = view.list_label   # ("Lessons (double-click to sta" at 800 wide)
    assert label.winfo_reqwidth() <= label.winfo_width() and fully_inside(label, view)
    rows = [lessons.get(row) for row in range(lessons.size())]
    assert all(face.measure(row) <= room for row in rows), rows
    titles = [lesson.title for lesson in load_course("cruel").lessons]
    for item, title in enumerate(titles):
        words = " ".join(lessons.get(row) for row in lessons.rows_of(item)).split()
        assert " ".join(words[1:] if words[0] == "\u2713" else words) == title
        # A lesson not done keeps the tick's place, so the titles line up.
        first = lessons.get(lessons.rows_of(item)[0])
        assert first.startswith(("\u2713 ", "  ")), first
    last = len(titles) - 1                       # "Clever play: why the order is kept"
    assert len(lessons.rows_of(last)) > 1
    lessons.see(lessons.rows_of(last)[-1])
    d.pump()
    x, y, _w, h = lessons.bbox(lessons.rows_of(last)[-1])
    lessons.event_generate("<ButtonPress-1>", x=x + 20, y=y + h // 2)
    lessons.event_generate("<ButtonRelease-1>", x=x + 20, y=y + h // 2)
    d.pump()
    assert list(lessons.curselection()) == list(lessons.rows_of(last)), "the whole title"
    lessons.focus_force()
    lessons.event_generate("<Up>")            # the keys go from title to title
    d.pump()
    assert lessons.chosen() == last - 1
    lessons.event_generate("<Down>")
    lessons.event_generate("<Return>")
    d.pump()
    assert d.app.course.lesson_index == last and d.app.course.step_index == 0


def test_a_place_s_label_is_never_broken_inside_a_word(driver_for) -> None:
    """At 640x480 Dammit!'s "Discard" read "Discar / d": the word is made
    smaller until it fits its place."""
    from tkinter.font import Font
    d = driver_for(new_game("dammit", seed=5), geometry="640x480+0+0")
    d.pump(200)
    table = d.app.table
    checked: list[str] = []
    for item in table.find_withtag("slot"):
        if table.type(item) != "text" or not float(table.itemcget(item, "width") or 0):
            continue   # (only the words wrapped within a place)
        text = table.itemcget(item, "text")
        room = float(table.itemcget(item, "width"))
        checked.append(text)
        face = Font(font=table.itemcget(item, "font"))
        for word in text.split():
            assert face.measure(word) <= room, (text, word, room)
    assert "Discard" in checked and "Card to play" in checked
    # Where the word would not fit (smaller cards than this screen gives), it is
    # drawn smaller until it does, and no smaller.
    size = table._word_size("Discard", 40, 16)
    assert size < 16 and Font(font=("DejaVu Sans", -size, "bold")).measure("Discard") <= 40
    assert Font(font=("DejaVu Sans", -(size + 1), "bold")).measure("Discard") > 40
    assert table._word_size("Discard", 200, 12) == 12


# -- the tutor panel in the smallest window, at 150% -------------------------------------
LONG_SENTENCE = ("The tutor has a great deal to say about this move and the cards it "
                 "turned up, and why another would have been better. ") * 5


@pytest.fixture
def at_150_percent(display: str):
    """Windows' 150% scaling from the start (Tk keeps the scaling for the X
    display, so every window opened now has it)."""
    import tkinter as tk
    def set_scaling(scaling: float | None = None) -> float:
        probe = tk.Tk()
        before = float(probe.tk.call("tk", "scaling"))
        if scaling is not None:
            probe.tk.call("tk", "scaling", scaling)
        probe.update()
        probe.destroy()
        return before

    before = set_scaling(2.0)   # 144 dots an inch
    yield
    set_scaling(before)


def smallest_window_saying(driver_for, text: str):
    """The window at the smallest size it allows, its panel telling `text` with
    the rule's button and Undo under it."""
    d = driver_for(new_game("double", seed=2), geometry="640x480+0+0")
    d.app.panel.tell(text, "lost_move", rule="rules", undo=lambda: None)
    d.pump(300)
    least_width, least_height = d.root.minsize()
    assert d.root.winfo_width() <= least_width and d.root.winfo_height() <= least_height
    return d


def shown_inside(widget, outer) -> bool:
    """Whether `widget` is on the screen, wholly within `outer` (a widget its
    master has no room for is taken off the screen, where it was)."""
    return bool(widget.winfo_ismapped()) and fully_inside(widget, outer)


def test_the_panel_s_tabs_and_lesson_stay_in_sight_under_a_long_sentence(
        driver_for, at_150_percent) -> None:
    """At 150% the sentence above the tabs pushed them out of a small window:
    the sentence and its buttons scroll, the tabs and some of the lesson stay."""
    from tkinter.font import Font
    d = smallest_window_saying(driver_for, LONG_SENTENCE)
    panel = d.app.panel
    assert shown_inside(panel.book, panel)
    text = panel.help.text
    lines = Font(font=text.cget("font")).metrics("linespace")
    assert shown_inside(text, panel) and text.winfo_height() >= 3 * lines
    assert panel.said.scrolls, "the sentence scrolls"
    for button in (panel.rule_link, panel.undo_button):
        panel.said.see(button)
        d.pump()
        assert shown_inside(button, panel.said), button.cget("text")
        assert shown_inside(button, panel)
    panel.said.see(panel.heading)
    d.pump()
    assert shown_inside(panel.heading, panel.said)


def test_the_panel_s_sentence_does_not_scroll_where_it_fits(driver_for,
                                                            at_150_percent) -> None:
    """Scrolling only when needed: a usual sentence shows whole, as before."""
    d = smallest_window_saying(driver_for, "That move lost the game: undo it and try "
                                           "another.")
    panel = d.app.panel
    assert not panel.said.scrolls
    for widget in (panel.heading, panel.message, panel.rule_link, panel.undo_button,
                   panel.book):
        assert shown_inside(widget, panel.said if widget is not panel.book else panel)


def test_the_tutor_s_first_sentence_shows_when_the_app_starts_small_at_150_percent(
        display: str, data_dir, monkeypatch) -> None:
    """Started as `solitaire-tk` starts it, on an 800x600 screen at 150%: the
    sentence was measured while the window was still growing, and hidden."""
    import argparse
    import tkinter as tk

    from solitaire_tk.ui.launch import open_app, size_window
    from solitaire_tk.ui.window import prepare_root
    from solitaire_tk.userdata import DataStore
    monkeypatch.setattr(tk.Misc, "winfo_screenwidth", lambda self: 800)
    monkeypatch.setattr(tk.Misc, "winfo_screenheight", lambda self: 600)
    root = tk.Tk(className="SolitaireTutorTest")
    before = root.tk.call("tk", "scaling")
    try:
        root.tk.call("tk", "scaling", 2.0)
        root.withdraw()
        prepare_root(root)
        store = DataStore(data_dir)
        size_window(root, store.settings.window_geometry)
        args = argparse.Namespace(game="double", variant=None, seed=5, file=None)
        app = open_app(root, store, args, new_game("double", seed=5))
        root.deiconify()
        for _ in range(30):
            root.update()
            root.after(20)
        panel = app.panel
        assert panel.message.cget("text")
        shown = panel.said.canvas.winfo_height()
        assert shown > 20
        # Scrolling: the heading and whole lines, none cut across the foot.
        assert shown < panel.said.inner.winfo_reqheight()
        line = int(root.tk.call("font", "metrics", panel.message.cget("font"), "-linespace"))
        assert (shown - panel.heading.winfo_reqheight()) % line == 0
    finally:
        root.tk.call("tk", "scaling", before)
        root.destroy()
