"""Help > Learn under Xvfb: a lesson done with real clicks, one with the
keyboard alone, the tick kept for the player, and the end of a course."""

from __future__ import annotations

import tkinter as tk

from solitaire_tk.course import load_course
from solitaire_tk.moves import Move
from solitaire_tk.registry import new_game
from solitaire_tk.userdata import DataStore

from .gui import Driver, KeyboardPlayer


def learn_from_the_menu(d: Driver, title: str) -> None:
    """Help > Learn a game > Learn TITLE, as the menu itself runs it."""
    bar = d.root.nametowidget(d.root["menu"])
    help_menu = d.root.nametowidget(bar.entrycget(bar.index("Help"), "menu"))
    learn = d.root.nametowidget(help_menu.entrycget(help_menu.index("Learn a game"), "menu"))
    learn.invoke(learn.index(f"Learn {title}"))
    d.pump(50)


def press(d: Driver, button: tk.Widget) -> None:
    """A real click on a button of the Lesson page."""
    d.click_widget(button)


def feedback(d: Driver) -> str:
    return str(d.app.course.view.feedback.cget("text"))


def test_a_lesson_done_with_clicks_is_ticked_for_the_player(driver_for, data_dir) -> None:
    real = new_game("klondike", seed=3)
    d = driver_for(real)
    learn_from_the_menu(d, "Thirteen")
    course = d.app.course
    view = course.view
    assert course.active and d.game is not real and d.game.game_id == "thirteen"
    assert d.app.panel.book.select() == str(course.page)  # its scrolling page
    assert view.count.cget("text") == "Step 1 of 3 (lesson 1 of 6)"
    assert "King of hearts" in view.task.cget("text")
    assert d.app.status.deal_label.cget("text") == "Lesson", "not 'Own deck'"
    # A wrong try: the 5 alone. Refused with the engine's reason; nothing moves.
    before = d.game.position()
    d.click(*d.card_point("pile2"))
    assert feedback(d).startswith("Only a King goes away by itself. The 5 of diamonds needs "
                                  "an 8 to make 13")
    assert d.game.position() == before and not d.table.find_withtag("mark:hint")
    assert str(view.next.cget("state")) == "disabled"
    # A legal move that is not the task's: not played. The second wrong try lights the King.
    d.click(*d.card_point("stock"))
    assert "not the one this step asks for" in feedback(d) and "lights up" in feedback(d)
    assert d.table.find_withtag("mark:hint") and d.game.position() == before
    d.click(*d.card_point("pile3"))
    assert "Here is the answer" in feedback(d) and d.game.position() == before
    d.app.after_change_marks()  # a redraw of the table's marks (a resize, Show moves) keeps it
    assert d.table.find_withtag("mark:hint")
    # The right moves, one step after another, with Next between them.
    d.click(*d.card_point("pile1"))
    assert not d.game.piles["pile1"] and "discard pile" in feedback(d)
    press(d, view.next)
    assert view.count.cget("text") == "Step 2 of 3 (lesson 1 of 6)"
    d.click(*d.card_point("pile2"))
    d.click(*d.card_point("pile4"))
    assert not d.game.piles["pile2"] and not d.game.piles["pile4"]
    press(d, view.next)
    d.click(*d.card_point("stock"))
    assert "Lesson done" in feedback(d)
    assert d.store.settings.lessons_done == ["thirteen/goal"]
    assert view.lessons.get(0).startswith("\u2713")
    assert DataStore(data_dir).settings.lessons_done == ["thirteen/goal"]
    # Next goes on to the second lesson; Leave lesson brings the real game back.
    press(d, view.next)
    assert view.count.cget("text") == "Step 1 of 5 (lesson 2 of 6)"
    press(d, view.leave)
    assert not course.active and d.game is real and d.table.game is real
    assert not real.log, "the game in play was never touched"
    assert d.app.status.deal_label.cget("text") == "Deal 3"
    assert d.app.panel.book.select() == str(d.app.panel.help), "How to play, not Replay"
    assert "Lesson" not in d.status() and "your own game is back" in d.status()


def test_a_lesson_done_with_the_keyboard_alone(driver_for, data_dir) -> None:
    d = driver_for(new_game("thirteen", seed=4))
    d.app.learn("cruel")
    keys = KeyboardPlayer(d)
    lesson = load_course("cruel").lessons[0]
    for n, step in enumerate(lesson.steps):
        assert d.app.course.step_index == n
        keys.play(step.right[0])
        assert d.app.course.trying is not None and d.app.course.trying.closed
        assert d.game.log[-1] == {**step.right[0].to_json(), "t": d.game.log[-1]["t"]}
        if n + 1 < len(lesson.steps):
            view = d.app.course.view
            assert d.root.focus_get() is view.next  # Enter goes on: no mouse needed
            d.key("Return", widget=view.next)
            d.pump()
            assert d.app.course.step_index == n + 1 and d.root.focus_get() is d.table
    assert d.store.settings.lessons_done == ["cruel/goal"]
    assert DataStore(data_dir).settings.lessons_done == ["cruel/goal"]


def test_the_end_of_a_course_opens_a_real_game_with_show_moves(driver_for) -> None:
    d = driver_for(new_game("cruel", seed=2), show_moves=False)
    course = load_course("klondike")
    d.app.learn("klondike")
    mode = d.app.course
    mode.start_lesson(len(course.lessons) - 1)
    last = course.lessons[-1]
    for n, step in enumerate(last.steps):
        mode.start_step(n)
        assert d.app.try_move(step.right[0])
    view = mode.view
    d.pump()
    assert view.real_game.winfo_ismapped() and str(view.next.cget("state")) == "disabled"
    assert d.root.focus_get() is view.real_game
    d.key("Return", widget=view.real_game)
    d.pump()
    assert not mode.active and d.game.game_id == "klondike" and not d.game.log
    assert d.app.show_moves.get() and d.store.settings.show_moves


def test_undo_in_a_lesson_takes_nothing_back(driver_for) -> None:
    real = new_game("thirteen", seed=4)
    real.play(Move("deal"))
    d = driver_for(real)
    d.app.learn("thirteen")
    d.key("BackSpace")
    assert "nothing to take back" in d.status() and len(real.log) == 1


def test_every_step_of_every_course_can_be_done_with_the_keyboard(driver_for) -> None:
    from solitaire_tk.ui.courseview import games_with_a_course
    d = driver_for(new_game("klondike", seed=5))
    keys = KeyboardPlayer(d)
    for game_id in games_with_a_course():
        d.app.learn(game_id)
        mode = d.app.course
        for n, lesson in enumerate(load_course(game_id).lessons):
            mode.start_lesson(n)
            for k, step in enumerate(lesson.steps):
                mode.start_step(k)
                keys.play(step.right[0])
                assert mode.trying is not None and mode.trying.closed, (game_id, lesson.id, k)
        mode.close()


def test_just_play_gives_the_table_the_keys(driver_for) -> None:
    """After "Just play" (or Escape) the arrow keys move on the table at once."""
    d = driver_for(new_game("cruel", seed=7))
    d.root.focus_force()   # as on a first run, where the chooser had the keys
    d.pump()
    question = d.app.course.offer("cruel")
    d.pump(100)
    question.no.focus_force()
    question.no.event_generate("<Escape>")
    d.pump(100)
    assert not question.winfo_exists() and not d.app.course.active
    assert d.root.focus_get() is d.app.table


def test_a_new_player_is_offered_the_first_lesson(driver_for) -> None:
    d = driver_for(new_game("cruel", seed=7))
    question = d.app.course.offer("cruel")
    assert question is not None
    d.pump(100)
    assert question.focus_get() is question.yes, "Enter takes the lesson a newcomer is offered"
    question.yes.event_generate("<Return>")
    d.pump()
    mode = d.app.course
    assert mode.active and mode.lesson_index == 0 and mode.step_index == 0
    assert d.game.game_id == "cruel"
    d.app.course._tick("thirteen/goal")
    assert d.app.course.offer("thirteen") is None, "a lesson of it is done: no offer"


def test_either_ace_of_hearts_does_double_s_first_step(driver_for) -> None:
    """Two decks: "Put the Ace of hearts on one of them" with an Ace of hearts on
    pile 3 and another on pile 8. The one on pile 8 was refused ("...not the one
    this step asks for")."""
    d = driver_for(new_game("klondike", seed=3))
    learn_from_the_menu(d, "Double Solitaire")
    view = d.app.course.view
    assert d.game.piles["pile3"][-1].code == d.game.piles["pile8"][-1].code == "AH"
    d.drag(d.card_point("pile8"), d.place_point("pile15"))
    assert [card.code for card in d.game.piles["pile15"]] == ["AH"]
    assert d.game.piles["pile3"][-1].code == "AH", "the other Ace stays where it was"
    assert "An up pile climbs" in feedback(d) and str(view.next.cget("state")) == "normal"


def test_the_nudge_lights_the_box_the_words_speak_of(driver_for) -> None:
    """Dammit!: after two wrong tries the words said "Look at the card that lights
    up" and the card to play lit up, though box 6 was what the pupil had to find."""
    d = driver_for(new_game("klondike", seed=3))
    d.app.learn("dammit")
    for box in ("box1", "box2"):   # the card to play, then a box the task does not ask for
        d.click(*d.card_point("stock"))
        d.click(*d.place_point(box))
    assert d.game.piles["box1"] == [] and feedback(d).endswith("Look at the box that lights up.")
    left, top, right, bottom = d.table.bbox("mark:hint")
    box = d.table.target_rect("box6")
    assert left <= box.x + box.w / 2 <= right and top <= box.y + box.h / 2 <= bottom
    card = d.table.card_rect("stock", len(d.game.piles["stock"]) - 1)
    assert not left <= card.x + card.w / 2 <= right, "the card to play is not lit"


def test_thirteen_s_first_step_says_how_and_dragging_the_king_away_works(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=3))
    d.app.learn("thirteen")
    assert "Click it, or drag it to the discard pile." in d.app.course.view.task.cget("text")
    d.drag(d.card_point("pile1"), d.place_point("discard"))
    assert not d.game.piles["pile1"] and "discard pile" in feedback(d)
    assert d.game.piles["discard"][-1].code == "KH"


def test_enter_on_the_table_goes_on_once_a_step_is_done(driver_for) -> None:
    """A pupil who clicks the table again after the right move (the keys go to
    the table) still goes on with Enter, or Space."""
    d = driver_for(new_game("klondike", seed=3))
    d.app.learn("thirteen")
    mode = d.app.course
    d.click(*d.card_point("pile1"))   # the King: right
    assert mode.trying is not None and mode.trying.closed
    d.click(*d.card_point("pile2"))   # the keys are the table's again
    assert d.root.focus_get() is d.table
    d.key("Return")
    d.pump()
    assert mode.step_index == 1 and not mode.trying.closed
    d.key("Return")   # before the step is done, Enter is the table's own
    d.pump()
    assert mode.step_index == 1 and d.app.controls.focus is not None
    mode.try_move(mode.trying.step.right[0])
    d.table.focus_force()
    d.key("space")
    d.pump()
    assert mode.step_index == 2


def test_f6_takes_the_keys_to_the_lesson_s_buttons_and_back(driver_for) -> None:
    d = driver_for(new_game("klondike", seed=3), geometry="800x600+0+0")
    d.app.learn("cruel")
    mode = d.app.course
    KeyboardPlayer(d).play(mode.trying.step.right[0])
    view = mode.view
    d.table.focus_force()
    d.key("F6")
    d.pump()
    assert d.root.focus_get() is d.app.panel.book
    seen = []
    for _ in range(30):   # Tab goes round the panel: the Lesson page's buttons too
        d.root.focus_get().event_generate("<Tab>")
        d.pump()
        seen.append(d.root.focus_get())
    assert view.next in seen and view.leave in seen and view.lessons in seen
    view.next.focus_set()
    d.pump()
    d.key("Return", widget=view.next)
    d.pump()
    assert mode.step_index == 1
    view.lessons.focus_set()
    d.key("F6", widget=view.lessons)
    assert d.root.focus_get() is d.table


def test_a_new_game_asked_for_in_a_lesson_keeps_the_game_in_play_and_names_it(
        driver_for) -> None:
    """F2 during a Klondike lesson, with a Thirteen game half played: the question
    and the sentence after it named the lesson's deck ("Klondike", "own-deck"),
    while the game counted as not won and kept was the Thirteen one."""
    d = driver_for(new_game("thirteen", seed=5))
    assert any(d.app.try_move(move) for move in d.game.legal_moves()) and d.game.log
    d.app.learn("klondike")
    d.pump()
    assert d.app.course.active and d.game.game_id == "klondike"
    d.key("F2")
    question = d.app.abandon_question
    assert question is not None
    words = " ".join(str(label.cget("text")) for label in question.body.winfo_children()
                     if label.winfo_class() == "TLabel")
    assert "This game of Thirteen counts as not won" in words
    d.answer(True)
    d.pump()
    assert not d.app.course.active and d.game.game_id == "klondike" and not d.game.log
    kept = [path.name for path in (d.store.folder / "saved").iterdir()]
    assert len(kept) == 1 and kept[0].startswith("thirteen-deal-5-not-finished-")
    said = d.app.panel.told[0]
    assert said.startswith("The last game of Thirteen counts as not won.")
    assert "the deal number, 5," in said and "own-deck" not in said


def test_same_deal_again_in_a_lesson_deals_the_game_in_play_again(driver_for) -> None:
    """Ctrl+R in a lesson dealt the lesson's deck as a game of its own."""
    d = driver_for(new_game("thirteen", seed=5))
    d.app.learn("klondike")
    d.pump()
    assert d.app.course.active
    d.key("r", state=0x4)   # Ctrl+R
    d.pump()
    assert not d.app.course.active
    assert (d.game.game_id, d.game.seed) == ("thirteen", 5) and not d.game.log
