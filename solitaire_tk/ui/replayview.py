"""The replay controls in the tutor panel: first, back, play/pause, forward,
last, a slider to any step, the speed, and the list of steps in words."""

from __future__ import annotations

import tkinter as tk
from functools import partial
from tkinter import font, ttk
from typing import Callable

from ..tutor.replaying import ReplaySession
from .buttonrow import ButtonRow
from .tooltip import Tooltip, add_tooltips
from .colours import ERROR_COLOUR, GOING_COLOUR, RESULT_COLOURS
from .mistakeview import MistakeBar
from .statusbar import one_line

SPEEDS = (("Slow", 2000), ("Normal", 1000), ("Fast", 400), ("Very fast", 150))
# How Find mistakes marks a row of the list: the words before its sentence, and its colour.
ROW_MARKS = {"mistake": ("Lost here: ", ERROR_COLOUR), "unknown": ("(?) ", GOING_COLOUR)}


def _run_key(action: Callable[[], None], event: tk.Event) -> str:
    action()
    return "break"


class StepTip(Tooltip):
    """The whole sentence of the step under the pointer, when its row in the
    list is too narrow to show it all (`whole`: a row's whole sentence)."""

    def __init__(self, steps: tk.Listbox, whole: Callable[[int], str]) -> None:
        super().__init__(steps, "", wraplength=360)
        self.steps = steps
        self.whole = whole
        self.row: int | None = None
        steps.bind("<Motion>", self._schedule, add="+")

    def _schedule(self, event: tk.Event) -> None:
        if self.steps.size() == 0:
            return
        row = self.steps.nearest(event.y)
        if row == self.row and (self.shown or self._job is not None):
            return
        self._hide()
        self.row = row
        self.text = self.whole(row) if self.cut_off(row) else ""
        if self.text:
            super()._schedule(event)

    def cut_off(self, row: int) -> bool:
        return str(self.steps.get(row)) != self.whole(row)

    def place(self, tip: tk.Toplevel) -> tuple[int, int]:
        """Just under the row, and kept on the screen (the list is at its right side)."""
        tip.update_idletasks()
        box = self.steps.bbox(self.row or 0)
        row_bottom = box[1] + box[3] if box else 0
        x = min(self.steps.winfo_rootx() + 8,
                self.steps.winfo_screenwidth() - tip.winfo_reqwidth() - 4)
        return max(0, x), self.steps.winfo_rooty() + row_bottom + 2


class ReplayView(ttk.Frame):
    """Shows a `ReplaySession`; `on_step(n)` asks the app to show step n."""

    def __init__(self, master: tk.Misc, on_step: Callable[[int], None],
                 on_play_from_here: Callable[[], None], on_close: Callable[[], None],
                 actions_in: tk.Misc | None = None) -> None:
        """`actions_in`: where Play from here and Close replay go (below the
        scrolling area, so that they are always in sight); else at its foot."""
        # Not a place for Tab to rest: the frame shows no ring (it has the
        # replay's keys only for the widgets inside it).
        super().__init__(master, padding=(0, 4), takefocus=False)
        self.session: ReplaySession | None = None
        self.on_step = on_step
        self._playing: str | None = None
        self.intro = ttk.Label(self, text="Open a saved game (Game menu) or replay this game "
                               "to watch it again step by step.", wraplength=240, justify="left")
        self.intro.pack(anchor="w", fill="x")
        # The buttons come before the sentences: a sentence of one to four lines
        # must not move them under the pointer between two clicks.
        # In a grid of shares, so that a narrow panel narrows every button a
        # little rather than cutting the last one off.
        buttons = ttk.Frame(self)
        buttons.pack(fill="x", pady=4)
        self.buttons: dict[str, ttk.Button] = {}
        for column, (name, text, command) in enumerate((
                ("first", "|<", lambda: self.go(0)),
                ("back", "<", lambda: self.step_by(-1)),
                ("play", "Play", self.toggle_play),
                ("forward", ">", lambda: self.step_by(1)),
                ("last", ">|", self.go_last))):
            button = ttk.Button(buttons, text=text, width=5 if name == "play" else 3,
                                command=command)
            button.grid(row=0, column=column, sticky="we", padx=1)
            buttons.columnconfigure(column, weight=2 if name == "play" else 1)
            self.buttons[name] = button
        self.tips = add_tooltips([
            (self.buttons["first"], "Go to the deal, before any move (Home)"),
            (self.buttons["back"], "One step back (Left arrow)"),
            (self.buttons["play"], "Play the steps one after another, or pause (Space)"),
            (self.buttons["forward"], "One step forward (Right arrow)"),
            (self.buttons["last"], "Go to the last step (End)")])
        # (Tab passes it by: it shows no ring, and the arrows, Home and End
        # do what it does.)
        self.slider = ttk.Scale(self, orient="horizontal", from_=0, to=1,
                                command=self._on_slide, takefocus=False)
        self.slider.pack(fill="x")
        speed_row = ttk.Frame(self)
        speed_row.pack(fill="x", pady=2)
        ttk.Label(speed_row, text="Speed:").pack(side="left")
        self.speed = tk.StringVar(value="Normal")
        ttk.Combobox(speed_row, textvariable=self.speed, state="readonly", width=10,
                     values=[name for name, _ in SPEEDS]).pack(side="left", padx=4)
        self.mistakes = MistakeBar(self)   # Find mistakes (ReplayMode runs it)
        self.mistakes.pack(fill="x", pady=(4, 0))
        self.row_marks: dict[int, str] = {}   # row -> a kind of ROW_MARKS
        # Play from here and Close replay stay at the bottom; the list of steps
        # between takes whatever room the sentences leave.
        # (Side by side, or one under the other where a narrow panel would cut
        # their words: "Play from her".)
        actions = ButtonRow(actions_in or self)
        actions.pack(side="bottom", fill="x", pady=(4, 0))
        self.take_over = ttk.Button(actions, text="Play from here", width=-5,
                                    command=on_play_from_here)
        self.close_button = ttk.Button(actions, text="Close replay", width=-5, command=on_close)
        actions.show([self.take_over, self.close_button])
        self.where = ttk.Label(self, wraplength=240, justify="left", font=("DejaVu Sans", 10, "bold"))
        self.where.pack(anchor="w", fill="x", pady=(4, 0))
        self.result = ttk.Label(self, wraplength=240, justify="left")
        self.result.pack(anchor="w", fill="x", pady=(2, 0))
        self.next_label = ttk.Label(self, wraplength=240, justify="left", foreground="#0040a0")
        self.next_label.pack(anchor="w", fill="x", pady=(4, 2))
        listing = ttk.Frame(self)
        listing.pack(fill="both", expand=True)
        self.steps = tk.Listbox(listing, height=4, activestyle="dotbox", exportselection=False,
                                font=("DejaVu Sans", 10))
        self.scroll = ttk.Scrollbar(listing, orient="vertical", command=self.steps.yview)
        self.steps.configure(yscrollcommand=self._on_list_view)
        self.scroll.pack(side="right", fill="y")
        # A long game has a quarter of a million steps: a row gets its sentence
        # only when it comes into sight (until then it is empty).
        self._filled = bytearray()
        self._fill_job: str | None = None
        self.steps.pack(side="left", fill="both", expand=True)
        self.steps.bind("<<ListboxSelect>>", self._on_pick)
        self.step_tip = StepTip(self.steps, self._row_text)
        self._row_room = 0   # the pixels a row's words have; rows are cut to it at a word
        # The sentences above take more or fewer lines at each step, and the list
        # gets the room left: keep the current step in sight when it shrinks.
        self.steps.bind("<Configure>", self._on_list_size, add="+")
        self.bind("<Configure>", self._wrap)
        for key, action in (("Left", lambda: self.step_by(-1)), ("Right", lambda: self.step_by(1)),
                            ("Home", lambda: self.go(0)), ("End", self.go_last),
                            ("space", self.toggle_play), ("Escape", on_close)):
            self.bind_all_keys(key, action)
        self._set_enabled(False)

    def bind_all_keys(self, key: str, action: Callable[[], None]) -> None:
        for widget in (self, self.steps, self.slider, *self.buttons.values()):
            widget.bind(f"<{key}>", partial(_run_key, action))

    def _wrap(self, event: tk.Event) -> None:
        width = max(160, event.width - 8)
        for label in (self.intro, self.where, self.result, self.next_label):
            label.configure(wraplength=width)

    def _set_enabled(self, enabled: bool) -> None:
        state = "!disabled" if enabled else "disabled"
        for widget in (*self.buttons.values(), self.slider, self.take_over):
            widget.state([state])
        self.mistakes.set_enabled(enabled)

    # -- showing a session -----------------------------------------------------
    def load(self, session: ReplaySession) -> None:
        self.stop()
        self.session = session
        # Which deal, who and when (the file's long name broke the lines mid-word,
        # and said nothing of who played it; the file is named as it opens).
        self.intro.configure(text=session.about)
        self.steps.delete(0, "end")
        self.row_marks = {}
        self.mistakes.clear()
        # The first row is written first: an empty row is then never the widest,
        # so filling one in never makes Tk measure every row again.
        self.steps.insert("end", self._row_text(0))
        self.steps.insert("end", *[""] * len(session))
        self._filled = bytearray(len(session) + 1)
        self._filled[0] = 1
        self.slider.configure(to=max(1, len(session)))
        self._set_enabled(True)
        self.show_step()

    def unload(self) -> None:
        self.stop()
        self.session = None
        self.steps.delete(0, "end")
        self._filled = bytearray()
        self.row_marks = {}
        self.mistakes.clear()
        self.where.configure(text="")
        self.result.configure(text="")
        self.next_label.configure(text="")
        self.intro.configure(text="Open a saved game (Game menu) or replay this game to watch "
                             "it again step by step.")
        self._set_enabled(False)

    def show_step(self) -> None:
        """Bring the controls in line with the session's current step."""
        session = self.session
        if session is None:
            return
        self.where.configure(text=session.last_step_text())
        # How the game stands at its end (or once over); "still going" at every
        # step on the way only took a line from the list of steps.
        going = session.result_kind == "going" and not session.at_end
        self.result.configure(text="" if going else session.result_text(),
                              foreground=RESULT_COLOURS[session.result_kind])
        if going:
            self.result.pack_forget()
        elif not self.result.winfo_manager():
            self.result.pack(anchor="w", fill="x", pady=(2, 0), after=self.where)
        self.next_label.configure(text=session.next_step_text())
        self._sliding = True
        self.slider.set(session.step)
        self._sliding = False
        self.steps.selection_clear(0, "end")
        self.steps.selection_set(session.step)
        self._keep_step_in_view()

    def _keep_step_in_view(self) -> None:
        if self.session is not None:
            step = self.session.step
            if step < len(self.session):
                self.steps.see(step + 1)   # the next move in sight too, where there is room
            self.steps.see(step)
            self._fill_rows_in_sight()

    # -- the list of steps, filled in as it is seen ------------------------------------
    def _on_list_size(self, event: tk.Event) -> None:
        """A row too long for the list is cut at a word with "…" (its tip shows it
        whole; cut by the list, it ended in the middle of a word): a new width
        fills the rows in sight again."""
        room = event.width - 2 * int(self.steps.cget("borderwidth")) - 4
        if room != self._row_room:
            self._row_room = room
            if self._filled:
                self._filled = bytearray(len(self._filled))
                self._fill_rows_in_sight()
        self._keep_step_in_view()

    def _row_text(self, row: int) -> str:
        assert self.session is not None
        mark = ROW_MARKS[self.row_marks[row]][0] if row in self.row_marks else ""
        return f"0. {mark}The deal" if row == 0 else f"{row}. {mark}{self.session.steps[row - 1]}"

    def mark_rows(self, marks: dict[int, str]) -> None:
        """Mark more rows as Find mistakes finds them (the step that lost the
        game, the steps it could not decide); a row not yet in sight gets its
        mark when it is filled in."""
        self.row_marks.update(marks)
        self._refill(marks)

    def clear_row_marks(self) -> None:
        marked, self.row_marks = self.row_marks, {}
        self._refill(marked)

    def _refill(self, rows: dict[int, str]) -> None:
        for row in sorted(rows):
            if row < len(self._filled) and self._filled[row]:
                self._fill_rows(row, row + 1)

    def _on_list_view(self, first: float | str, last: float | str) -> None:
        """The list was scrolled or resized: move the scrollbar, and fill in the
        rows that came into sight once Tk is idle (a drag of the scrollbar makes
        many of these calls; only the last view needs its sentences)."""
        self.scroll.set(first, last)
        if self._fill_job is None and self.session is not None:
            self._fill_job = self.after_idle(self._fill_rows_in_sight)

    def _fill_rows_in_sight(self) -> None:
        if self._fill_job is not None:
            self.after_cancel(self._fill_job)
            self._fill_job = None
        if self.session is None:
            return
        steps = self.steps
        top = steps.nearest(0)
        bottom = steps.nearest(max(steps.winfo_height(), 1))
        margin = max(bottom - top, 8)   # a page above and below: Page Up/Down shows no gap
        first = max(0, top - margin)
        last = min(len(self._filled), bottom + margin + 1)
        while first < last:
            # Each change of a long list costs Tk about as much as copying it:
            # the empty rows in a run are replaced in one go.
            first = self._filled.find(0, first, last)
            if first < 0:
                break
            end = self._filled.find(1, first, last)
            end = last if end < 0 else end
            self._fill_rows(first, end)
            first = end

    def _fill_rows(self, first: int, end: int) -> None:
        """Give rows `first` to `end` - 1 their sentences, keeping the step
        chosen and the row the arrow keys move from."""
        steps = self.steps
        chosen = steps.curselection()
        active = steps.index("active")
        top = steps.nearest(0)
        steps.delete(first, end - 1)
        face = font.Font(font=steps.cget("font"))
        room = self._row_room
        steps.insert(first, *[self._row_text(row) if room <= 1 else
                              one_line(self._row_text(row), room, face)
                              for row in range(first, end)])
        self._filled[first:end] = b"\x01" * (end - first)
        for row in range(first, end):
            if row in self.row_marks:
                steps.itemconfigure(row, foreground=ROW_MARKS[self.row_marks[row]][1])
        for row in chosen:
            if first <= row < end:
                steps.selection_set(row)
        steps.activate(active)
        if steps.nearest(0) != top:
            steps.yview(top)

    # -- moving through it ---------------------------------------------------------
    def go(self, step: int) -> None:
        if self.session is not None:
            self.session.go(step)
            self.on_step(self.session.step)

    def step_by(self, amount: int) -> None:
        if self.session is not None:
            self.go(self.session.step + amount)

    def go_last(self) -> None:
        if self.session is not None:
            self.go(len(self.session))

    def _on_slide(self, value: str) -> None:
        if getattr(self, "_sliding", False) or self.session is None:
            return
        step = round(float(value))
        if step != self.session.step:
            self.go(step)

    def _on_pick(self, event: tk.Event) -> None:
        chosen = self.steps.curselection()
        if chosen and self.session is not None and chosen[0] != self.session.step:
            self.go(chosen[0])

    @property
    def playing(self) -> bool:
        return self._playing is not None

    def toggle_play(self) -> None:
        if self.playing:
            self.stop()
        elif self.session is not None:
            if self.session.at_end:
                self.go(0)
            self.buttons["play"].configure(text="Pause")
            self._tick()

    def _tick(self) -> None:
        if self.session is None or self.session.at_end:
            self.stop()
            return
        self.step_by(1)
        delay = dict(SPEEDS).get(self.speed.get(), 1000)
        self._playing = self.after(delay, self._tick)

    def stop(self) -> None:
        if self._playing is not None:
            self.after_cancel(self._playing)
            self._playing = None
        self.buttons["play"].configure(text="Play")
