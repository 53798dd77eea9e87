"""Learn a game: the course beside the table (Help > Learn).

While a lesson is open the table shows the step's own game (the game in
play waits untouched, as during a replay) and every move the pupil tries
goes to `course.StepTry`: a right move is played, any other is not and
the tutor says why.  The "Lesson" page of the tutor panel shows the task,
"Step 2 of 5" and Next; the cards to look at light up with the hint marks.
A finished lesson is ticked in the player's `lessons_done` preference.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import TYPE_CHECKING, Callable

from ..engine import Game
from ..moves import Move
from ..registry import GAME_IDS, game_class
from ..resources import resource_files
from .marks import HINT_COLOUR
from .buttonrow import ButtonRow
from .scrollarea import ScrollArea
from .wraplist import WrappingList

if TYPE_CHECKING:
    from ..course import Course, StepTry, Verdict
    from .statsdialog import ConfirmDialog
    from .app import TutorApp

TICK = "\u2713"
FEEDBACK_COLOURS = {"right": "#006400", "wrong": "#a00000", "illegal": "#a00000", "info": "#1a1a1a"}
# The tutor panel's sentence during a lesson (the Lesson page says the rest).
PANEL_WORDS = ("Do what the Lesson page asks. A wrong move is not played: "
               "the tutor tells you why.")


def games_with_a_course() -> list[str]:
    """The game ids that have a course file, in the games' order."""
    files = set(resource_files("lessons", "courses"))
    return [game_id for game_id in GAME_IDS if f"{game_id}.toml" in files]


class CourseView(ttk.Frame):
    """The Lesson page: the step, its task and the lessons (ticked when done)
    scroll; Next, Show me and Leave lesson stay below them, always in sight
    and in one place (a longer task moved Next under the pointer, and on a
    small screen pushed it out of sight)."""

    def __init__(self, master: tk.Misc, mode: CourseMode) -> None:
        super().__init__(master)
        self.mode = mode
        actions = ttk.Frame(self, padding=(6, 4, 6, 6))
        actions.pack(side="bottom", fill="x")
        # Next and Show me share a row, or stand one under the other if it is too
        # narrow; at the end of the course the same place offers a real game.
        self.go_on = ButtonRow(actions)
        self.go_on.pack(fill="x")
        # (No wide least width: they fit side by side in a narrow panel.)
        self.next = ttk.Button(self.go_on, text="Next", width=-5, command=mode.next)
        self.show_me = ttk.Button(self.go_on, text="Show me", width=-5, command=mode.show_answer)
        self.real_game = ttk.Button(self.go_on, text="Now play a real game",
                                    command=mode.play_real_game)
        self.go_on.show([self.next, self.show_me])
        self.leave = ttk.Button(actions, text="Leave lesson", command=mode.close)
        self.leave.pack(anchor="e", pady=(4, 0))
        self.area = ScrollArea(self)
        self.area.pack(fill="both", expand=True)
        inside = ttk.Frame(self.area.inner, padding=(6, 6, 6, 0))
        inside.pack(fill="both", expand=True)
        self.heading = ttk.Label(inside, font=("DejaVu Sans", 12, "bold"))
        self.heading.pack(anchor="w")
        self.count = ttk.Label(inside, font=("DejaVu Sans", 10))
        self.count.pack(anchor="w")
        self.task = ttk.Label(inside, font=("DejaVu Sans", 12), justify="left")
        self.task.pack(anchor="w", fill="x", pady=(6, 4))
        self.feedback = ttk.Label(inside, font=("DejaVu Sans", 11), justify="left")
        self.feedback.pack(anchor="w", fill="x")
        self.list_label = ttk.Label(inside, text="Lessons (double-click to start one):",
                                    justify="left")
        self.list_label.pack(anchor="w", pady=(6, 0))
        # (Four rows asked for: the list takes whatever room is left.)
        self.lessons = WrappingList(inside, height=4, activestyle="dotbox",
                                    exportselection=False)
        self.lessons.pack(fill="both", expand=True)
        self.lessons.bind("<Double-Button-1>", lambda e: self._pick())
        self.lessons.bind("<Return>", lambda e: self._pick())
        inside.bind("<Configure>", self._wrap)
        # Tab in reading order: the lesson list, then the buttons under it
        # (made first, so that they keep their place at the foot).
        actions.lift()

    def _wrap(self, event: tk.Event) -> None:
        for label in (self.heading, self.task, self.feedback, self.list_label):
            label.configure(wraplength=max(140, event.width - 16))

    def _pick(self) -> None:
        chosen = self.lessons.chosen()
        if chosen is not None:
            self.mode.start_lesson(chosen)

    def show_lessons(self, course: Course, done: list[str], current: int) -> None:
        from ..course import lesson_key
        self.lessons.set_items(
            [f"{TICK if lesson_key(course.game_id, lesson.id) in done else ' '} {lesson.title}"
             for lesson in course.lessons], current)

    def show_step(self, course: Course, lesson_index: int, step_index: int) -> None:
        lesson = course.lessons[lesson_index]
        # (The panel's title names the game: the lesson's whole title is enough here.)
        self.heading.configure(text=lesson.title)
        self.count.configure(text=f"Step {step_index + 1} of {len(lesson.steps)} "
                                  f"(lesson {lesson_index + 1} of {len(course.lessons)})")
        self.task.configure(text=lesson.steps[step_index].task)
        self.say("Make the move on the table.", "info")
        self.next.configure(state="disabled")
        self.show_me.configure(state="normal")
        self.go_on.show([self.next, self.show_me])
        self.area.to_top()   # a new task is read from its start, not mid-sentence

    def say(self, text: str, kind: str) -> None:
        self.feedback.configure(text=text, foreground=FEEDBACK_COLOURS.get(kind, "#1a1a1a"))
        self.area.see(self.feedback)

    def step_closed(self, last_of_course: bool) -> None:
        self.next.configure(state="disabled" if last_of_course else "normal")
        self.show_me.configure(state="disabled")
        if last_of_course:
            self.go_on.show([self.real_game])
            self.real_game.focus_set()
        else:
            self.next.focus_set()  # Enter or Space goes on: the keyboard needs no mouse

    @property
    def next_offered(self) -> bool:
        return self.next.winfo_ismapped() and str(self.next.cget("state")) == "normal"


class CourseMode:
    def __init__(self, app: TutorApp) -> None:
        self.app = app
        self.course: Course | None = None
        self.trying: StepTry | None = None
        self.lesson_index = 0
        self.step_index = 0
        self._view: CourseView | None = None   # the Lesson page, while open
        # What the tutor lit up for this step (the nudge, or the answer): drawn again
        # whenever the table redraws its marks.
        self._lit: Verdict | None = None
        self.question: ConfirmDialog | None = None  # the first lesson offered to a new player

    @property
    def active(self) -> bool:
        return self.trying is not None

    @property
    def game(self) -> Game:
        assert self.trying is not None
        return self.trying.game

    @property
    def view(self) -> CourseView:
        if self._view is None:
            self._view = CourseView(self.app.panel.book, self)
            self.app.panel.open_page(self._view, "Lesson")
        return self._view

    @property
    def page(self) -> CourseView | None:
        """The Lesson page of the tutor panel, if open."""
        return self._view

    def done_list(self) -> list[str]:
        return list(self.app.settings.lessons_done)

    # -- opening and going on ------------------------------------------------------
    def open(self, game_id: str) -> None:
        """Start the course at the first lesson this player has not done."""
        from ..course import CourseError, lesson_key, load_course   # when first used: a fast start
        try:
            course = load_course(game_id)
        except CourseError as error:
            self.app.refuse(str(error))
            return
        self.course = course
        done = self.done_list()
        first = next((n for n, lesson in enumerate(course.lessons)
                      if lesson_key(game_id, lesson.id) not in done), 0)
        self.start_lesson(first)

    def start_lesson(self, index: int) -> None:
        if self.course is None:
            return
        self.lesson_index = index
        self.start_step(0)

    def start_step(self, index: int) -> None:
        from ..course import CourseError, StepTry
        course, app = self.course, self.app
        assert course is not None
        step = course.lessons[self.lesson_index].steps[index]
        try:
            trying = StepTry(course.game_id, step, player=app.store.current_player)
        except CourseError as error:
            app.refuse(f"This lesson step cannot be set out: {error}")
            return
        if app.replay.active:
            app.replay.close()
        self.step_index = index
        self.trying = trying
        self._lit = None
        app.controls.drop_hold()
        app.marks.clear("hint", "next")
        app.table.show(trying.game)
        app.status.show_game(trying.game, deal="Lesson")
        app.show_title(trying.game)
        app.show_panel()
        app.panel.title.configure(text=f"Lesson: {trying.game.title}")
        app.panel.tell(PANEL_WORDS, "info")
        view = self.view
        view.show_lessons(course, self.done_list(), self.lesson_index)
        view.show_step(course, self.lesson_index, index)
        app.panel.book.select(view)
        app.after_change_marks()
        # One line in the status bar (the Lesson page has the whole sentence): a bar
        # growing to three lines squeezed the page and moved Next up and down.
        app.status.say(step.task, "info", in_panel_too=True)
        app.table.focus_set()

    def next(self) -> None:
        course, trying = self.course, self.trying
        if course is None or trying is None or not trying.closed:
            return
        lesson = course.lessons[self.lesson_index]
        if self.step_index + 1 < len(lesson.steps):
            self.start_step(self.step_index + 1)
        elif self.lesson_index + 1 < len(course.lessons):
            self.start_lesson(self.lesson_index + 1)

    def press_next(self) -> bool:
        """Enter or Space on the table once a step is done: Next, if it is offered."""
        if self._view is None or not self.active or not self._view.next_offered:
            return False
        self._view.next.invoke()
        return True

    # -- a try -----------------------------------------------------------------
    def try_move(self, move: Move) -> bool:
        trying, app = self.trying, self.app
        assert trying is not None
        if trying.closed:
            self.view.say("This step is done. Press Next to go on.", "info")
            return False
        verdict = trying.attempt(move)
        if verdict.kind == "right":
            self._lit = None
            app.table.refresh(slide=True)
            app.controls.after_change()
            app.status.show_game(trying.game, deal="Lesson")
            app.after_change_marks()
            self._closed(verdict)
            return True
        self._refused(verdict)
        return False

    def _closed(self, verdict: Verdict) -> None:
        from ..course import lesson_key
        course = self.course
        assert course is not None
        lesson = course.lessons[self.lesson_index]
        text = verdict.text
        last_step = self.step_index + 1 == len(lesson.steps)
        last_of_course = last_step and self.lesson_index + 1 == len(course.lessons)
        if last_step:
            self._tick(lesson_key(course.game_id, lesson.id))
            text += f" {TICK} Lesson done!"
            if last_of_course:
                text += " " + course.end
        self.view.say(text, "right")
        self.app.panel.tell(PANEL_WORDS, "info")   # not "You picked up ..." any more
        self.view.step_closed(last_of_course)  # first: the list's size may change
        self.view.show_lessons(course, self.done_list(), self.lesson_index)
        self.app.status.say(text, "done", in_panel_too=True)

    def _tick(self, key: str) -> None:
        done = self.done_list()
        if key not in done:
            self.app.change_setting("lessons_done", [*done, key])

    def _refused(self, verdict: Verdict) -> None:
        app = self.app
        self.view.say(verdict.text, verdict.kind)
        app.status.say(verdict.text, "illegal", in_panel_too=True)
        if app.settings.sound:
            app.root.bell()
        app.controls.drop_hold()
        app.panel.tell(PANEL_WORDS, "info")   # not "You picked up ..." any more
        if verdict.answer is not None or verdict.nudge:
            self._lit = verdict
        app.after_change_marks()

    def redraw_marks(self) -> None:
        """The nudge (the card to look at) or the answer's arrow, if one is shown."""
        lit, app = self._lit, self.app
        if not self.active or lit is None:
            return
        if lit.answer is not None:
            app.marks.point_at("hint", self.game, lit.answer)
        elif lit.nudge:
            rects = [app.marks.place_rect(pile, index) for pile, index in lit.nudge]
            app.table.mark("hint", rects, HINT_COLOUR, width=5)

    def show_answer(self) -> None:
        """Show me (and Hint, in a lesson): the arrow for the right move."""
        from ..course import Verdict
        trying = self.trying
        if trying is None or trying.closed:
            return
        right = trying.step.right[0]
        self.view.say(f"Here is the answer: {self.game.describe(right)}", "info")
        self._lit = Verdict("wrong", "", tuple(self.game.touches(right)), right)
        self.redraw_marks()

    def offer(self, game_id: str) -> ConfirmDialog | None:
        """A new player picked a game: offer its first lesson (not if one is done)."""
        if game_id not in games_with_a_course():
            return None
        if any(key.startswith(f"{game_id}/") for key in self.done_list()):
            return None
        title = game_class(game_id).title
        from .statsdialog import ConfirmDialog   # loaded when needed: start-up stays fast
        self.question = ConfirmDialog(
            self.app.root, f"Learn {title}?",
            f"Would you like a short lesson first? It shows you how {title} is played, one "
            "move at a time. (Later: Help, then Learn a game.)",
            self._answered_offer(game_id), yes="Start the lesson", no="Just play",
            yes_first=True)   # a newcomer pressing Enter gets the lesson; Escape just plays
        return self.question

    def _answered_offer(self, game_id: str) -> Callable[[bool], None]:
        def answered(yes: bool) -> None:
            if yes:
                self.open(game_id)
            else:   # "Just play": the keys go to the table (on a first run nothing had them)
                self.app.table.focus_set()
        return answered

    # -- leaving -----------------------------------------------------------------
    def close(self, show_game: bool = True) -> None:
        """Back to the game in play (`show_game` False: a new game is coming)."""
        if self.trying is None:
            return
        self.trying = None
        app = self.app
        app.marks.clear("hint")
        if self._view is not None:
            app.panel.close_page(self._view)
            self._view.destroy()
            self._view = None
        if show_game:
            app.controls.drop_hold()
            app.show_game_in_play("lesson")
            app.after_change_marks()
            app.table.focus_set()

    def play_real_game(self) -> None:
        """The end of a course: a new game of it, with Show moves on."""
        course = self.course
        if course is None:
            return
        self.close()
        self.app.show_moves.set(True)
        self.app.new_game(course.game_id)
        self.app.table.focus_set()
