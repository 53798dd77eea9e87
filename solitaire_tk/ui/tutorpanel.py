"""The tutor panel beside the table: what just happened (or why a move is not
allowed, next to the rule in the lesson), the Show moves switch, Hint, the
game's lesson, and the replay controls."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable

from ..engine import Game
from ..lessons import Lesson, load_lesson
from .colours import RESULT_COLOURS
from .helpview import HelpView
from .keys import key_for
from .replayview import ReplayView
from .scrollarea import ScrollArea
from .sizes import scaled
from .tooltip import Tooltip, add_tooltips

MIN_WIDTH, MAX_WIDTH = 240, 400
PADDING = 8
HEADINGS = {"illegal": "Not allowed", "done": "Last move", "hint": "Hint", "over": "Game over",
            "won": "You won!", "lost": "Game over", "info": "Tutor", "replay": "Replay",
            "notice": "About your files", "lost_move": "A losing move",
            "kept": "Your last game"}
COLOURS = {"illegal": "#a00000", "notice": "#a00000", "hint": "#0040a0",
           "lost_move": RESULT_COLOURS["lost"], **RESULT_COLOURS}


def panel_width(window_width: int, factor: float = 1.0) -> int:
    """About a quarter of the window, so the table keeps most of a small screen;
    wider by the screen's scaling `factor` (`sizes.scale_factor`), as its words are."""
    return max(round(MIN_WIDTH * factor), min(round(MAX_WIDTH * factor), window_width // 4))


class TutorPanel(ttk.Frame):
    def __init__(self, master: tk.Misc, show_moves: tk.BooleanVar, on_hint: Callable[[], None],
                 on_step: Callable[[int], None], on_play_from_here: Callable[[], None],
                 on_close_replay: Callable[[], None]) -> None:
        super().__init__(master, padding=PADDING)
        self.configure(width=scaled(self, MAX_WIDTH))
        self.pack_propagate(False)  # the app sets the width; the text wraps inside it
        self.lessons: dict[str, Lesson] = {}
        self.title = ttk.Label(self, font=("DejaVu Sans", 13, "bold"))
        self.title.pack(anchor="w")
        self.tools = tools = ttk.Frame(self)
        tools.pack(fill="x", pady=(4, 4))
        self.show_moves = ttk.Checkbutton(tools, text="Show moves", variable=show_moves)
        self.show_moves.pack(side="left")
        self.hint_button = ttk.Button(tools, text="Hint", command=on_hint)
        self.hint_button.pack(side="right")
        self.tips = add_tooltips([
            (self.show_moves, "Outline the cards that can move, and light up where a\n"
                              "picked-up card may go"),
            (self.hint_button, "Show a good move and why.\nPress again for the next one.")])
        # The sentence and the buttons under it scroll in the room the tabs
        # leave them (`_fit_sentence`): at 150% in a small window a long one
        # pushed the tabs and the lesson out of sight.
        self.said = ScrollArea(self)
        self.said.pack(fill="x")
        self.heading = ttk.Label(self.said.inner, font=("DejaVu Sans", 11, "bold"))
        self.heading.pack(anchor="w")
        self.message = ttk.Label(self.said.inner, wraplength=300, justify="left",
                                 font=("DejaVu Sans", 11))
        self.message.pack(anchor="w", fill="x")
        self.rule_link = ttk.Button(self.said.inner, text="Read this rule",
                                    command=self._show_rule)
        self._rule: str | None = None
        # Under a move that lost the game:
        self.undo_button = ttk.Button(self.said.inner, text="Undo", command=self._undo)
        self._on_undo: Callable[[], None] | None = None
        self.undo_tip = Tooltip(self.undo_button, "Take that move back")
        self.told: tuple[str, str] = ("", "info")  # the sentence shown and its kind
        self._tallest = 0   # the sentence's height to keep (`_keep_tabs_still`)
        self._fit_job: str | None = None
        self.book = ttk.Notebook(self)
        self.book.pack(fill="both", expand=True, pady=(8, 0))
        self.help = HelpView(self.book)
        # The replay controls are made when first wanted (the window opens sooner).
        self._replay_actions = (on_step, on_play_from_here, on_close_replay)
        self._replay: ReplayView | None = None
        self.replay_area: ScrollArea | None = None   # the Replay tab's scrolling area, with it
        self.replay_tab = ttk.Frame(self.book)
        self.book.add(self.help, text="How to play")
        self.book.add(self.replay_tab, text="Replay")
        self.book.bind("<<NotebookTabChanged>>", self._on_tab, add="+")
        self.bind("<Configure>", self._wrap)
        # A title on more lines (a lesson's), or a sentence wrapped anew: fitted again.
        for widget in (self.title, self.said.inner):
            widget.bind("<Configure>", self._fit_soon, add="+")
        self.said.inner.bind("<Configure>", self._wrap_sentence, add="+")
        self.bind("<Destroy>", self._on_destroy, add="+")
        # Tab goes round the panel (F6 goes back to the table): past its last
        # widget, Tab went on to the table, where Tab only moves the ring, and
        # Show moves and Hint were out of the keys' reach.
        window = self.winfo_toplevel()
        window.bind("<<NextWindow>>", lambda e: self._tab_round(1), add="+")
        window.bind("<<PrevWindow>>", lambda e: self._tab_round(-1), add="+")

    def _holds(self, widget: tk.Misc | None) -> bool:
        return widget is not None and str(widget).startswith(f"{self}.")

    def _tab_round(self, step: int) -> str | None:
        """Tab from the panel's last widget goes to its first (Shift+Tab, the other
        way round); anywhere else Tk's own Tab goes on."""
        here = self.focus_get()
        if not self._holds(here):
            return None
        assert here is not None
        after = here.tk_focusNext() if step > 0 else here.tk_focusPrev()
        if self._holds(after):
            return None
        stops = self._stops()
        if stops:
            stops[0 if step > 0 else -1].focus_set()
        return "break"

    def _stops(self) -> list[tk.Misc]:
        """The panel's widgets that Tab rests on, in Tab's order."""
        out: list[tk.Misc] = []
        widget = self.tk_focusNext()
        while self._holds(widget) and widget not in out:
            assert widget is not None
            out.append(widget)
            widget = widget.tk_focusNext()
        return out

    @property
    def replay(self) -> ReplayView:
        """The replay controls, in the Replay tab (made now if not yet)."""
        return self._replay or self._make_replay()

    def _make_replay(self) -> ReplayView:
        # In a scrolling area: on a small screen, or under a long sentence,
        # the controls and the list of steps are then never out of reach;
        # Play from here and Close replay stay in sight below it (Find
        # mistakes' long sentences pushed them out of sight).
        actions = ttk.Frame(self.replay_tab)
        actions.pack(side="bottom", fill="x")
        self.replay_area = ScrollArea(self.replay_tab, room_for_bar=True)
        self.replay_area.pack(fill="both", expand=True)
        self._replay = ReplayView(self.replay_area.inner, *self._replay_actions,
                                  actions_in=actions)
        self._replay.pack(fill="both", expand=True)
        return self._replay

    def _on_tab(self, event: tk.Event) -> None:
        if self._replay is None and self.book.select() == str(self.replay_tab):
            self._make_replay()

    def _wrap(self, event: tk.Event) -> None:
        width = max(160, event.width - 20)
        for label in (self.title, self.message):
            label.configure(wraplength=width)
        self._tallest = 0   # other lines now: measured again
        self._keep_tabs_still()
        self._fit_soon()

    def _wrap_sentence(self, event: tk.Event) -> None:
        """While the sentence scrolls, it wraps short of the scroll bar."""
        width = max(160, event.width - 4)
        if 1 < event.width and width != int(str(self.message.cget("wraplength"))):
            self.message.configure(wraplength=width)
            self._keep_tabs_still()

    def _fit_soon(self, event: tk.Event | None = None) -> None:
        if self._fit_job is None:
            self._fit_job = self.after_idle(self._fit_sentence)

    def _on_destroy(self, event: tk.Event) -> None:
        if event.widget is self and self._fit_job is not None:
            self.after_cancel(self._fit_job)
            self._fit_job = None

    def _fit_sentence(self) -> None:
        """The sentence's area as tall as the sentence, but leaving the tabs
        and four lines of the lesson their room below it; beyond, it scrolls."""
        self._fit_job = None
        # Measured once the window has settled: measured while it was still
        # growing (at start-up at 150%), a stale height hid the sentence.
        self.update_idletasks()
        height = self.winfo_height()
        if height <= 1:
            self.said.fit_content(10_000)   # not on the screen yet: all of it
            return
        pages = [self.nametowidget(name) for name in self.book.tabs()]
        tabs = self.book.winfo_reqheight() - max(page.winfo_reqheight() for page in pages)
        below = tabs + self.help.winfo_reqheight() + _packed_pady(self.book)
        above = sum(widget.winfo_reqheight() + _packed_pady(widget)
                    for widget in (self.title, self.tools))
        room = max(0, height - above - below - 2 * PADDING)
        if room < self.said.inner.winfo_reqheight():
            # Scrolling: the heading and whole lines of the sentence (a line cut
            # in half across the foot read as a mistake).
            line = int(self.tk.call("font", "metrics", self.message.cget("font"),
                                    "-linespace"))
            heading = self.heading.winfo_reqheight()
            room = heading + max(1, (room - heading) // line) * line if room > heading else room
        self.said.fit_content(room)

    def _keep_tabs_still(self) -> None:
        """Keep the tabs below in place while the sentences change (from two to
        four lines after each move, the help a pupil was reading jumped): the
        sentence takes the room of the tallest one so far, up to four lines."""
        self.message.configure(padding=0)
        own = self.message.winfo_reqheight()
        line = int(self.tk.call("font", "metrics", self.message.cget("font"), "-linespace"))
        edges = own - own // line * line   # the label's own border, beside its lines
        self._tallest = max(self._tallest, min(own, 4 * line + edges))
        self.message.configure(padding=(0, 0, 0, max(0, self._tallest - own)))

    def show_game(self, game: Game, replay: bool = False) -> None:
        """The game's title, lesson and how it stands; a replay shows the replayed
        game's own (the sentence for each step is in the replay controls)."""
        self.title.configure(text=f"Tutor: {game.title}" + (" (replay)" if replay else ""))
        self.tips[1].text = (f"Show a good move and why ({key_for(game, 'hint')}).\n"
                             "Press again for the next one.")
        self.undo_tip.text = f"Take that move back ({key_for(game, 'undo')})."
        lesson = self.lessons.get(game.game_id)
        if lesson is None:
            try:
                lesson = load_lesson(game.game_id)
            except (OSError, ValueError) as error:
                self.tell(f"The lesson for {game.title} could not be read ({error}).", "illegal")
                return
            self.lessons[game.game_id] = lesson
        if self.help.lesson is not lesson:
            self.help.show_lesson(lesson)
        if replay:
            self.tell(f"A saved game of {game.title}, step by step. Your own game waits: "
                      "Close replay brings it back.", "replay")
            return
        self.tell(game.outcome() if game.is_over() else
                  f"Try a move, or press Hint ({key_for(game, 'hint')}). Cards that can "
                  "move have an outline "
                  "when Show moves is on.", "info")

    def tell(self, text: str, kind: str, rule: str | None = None,
             undo: Callable[[], None] | None = None) -> None:
        """Show a sentence; with `rule`, offer (and open) that lesson section;
        with `undo`, an Undo button under it (a move that lost the game)."""
        self.heading.configure(text=HEADINGS.get(kind, "Tutor"),
                               foreground=COLOURS.get(kind, "#1a1a1a"))
        self.message.configure(text=text)
        self._keep_tabs_still()
        self.told = (text, kind)
        self._rule = rule
        self._on_undo = undo
        for button in (self.rule_link, self.undo_button):
            button.pack_forget()
        if rule is not None:
            self.rule_link.pack(anchor="w", pady=(2, 0))
            self.show_help(rule)
        if undo is not None:
            self.undo_button.pack(anchor="w", pady=(2, 0))
        self.said.to_top()   # a new sentence is read from its start
        self._fit_soon()

    def _undo(self) -> None:
        if self._on_undo is not None:
            self._on_undo()

    def _show_rule(self) -> None:
        if self._rule:
            self.show_help(self._rule)

    def show_help(self, section: str | None = None) -> None:
        self.book.select(self.help)
        if section is not None:
            self.help.show_section(section)

    def show_replay(self) -> None:
        if self._replay is None:
            self._make_replay()
        self.book.add(self.replay_tab)   # back in its place if a page had it step aside
        self.book.select(self.replay_tab)

    def open_page(self, page: tk.Widget, text: str) -> None:
        """A page of its own beside How to play (the Lesson), shown at once.  The
        Replay tab steps aside while it is open: three tabs do not fit a narrow
        panel ("Lessor"), and a replay shows it again (`show_replay`)."""
        self.book.add(page, text=text)
        self.book.hide(self.replay_tab)
        self.book.select(page)

    def close_page(self, page: tk.Widget) -> None:
        """Take away a page `open_page` showed; Replay is back, How to play chosen."""
        self.book.forget(page)
        self.book.add(self.replay_tab)
        self.show_help()


def _packed_pady(widget: tk.Widget) -> int:
    """The room `pack` keeps above and below `widget`."""
    pady = widget.pack_info().get("pady", 0)
    sides = [int(widget.winfo_pixels(str(side)))
             for side in (pady if isinstance(pady, tuple) else (pady,))]
    return 2 * sides[0] if len(sides) == 1 else sum(sides)
