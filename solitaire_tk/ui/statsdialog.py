"""The Statistics dialog, a one-line summary for the game-over dialog, and a
small Yes/No question that can be answered with the keyboard alone.

`StatsDialog` shows, for the game chosen at the top (every game and variant,
`stats.all_keys()`), the current player's overall numbers, the numbers of
this session, and for Cruel the list of every game's score (fewest cards
left first).  "Clear statistics..." asks first, then sets that game's
numbers back to zero.

Keys: Left/Right (or the list opened with Down) choose the game, Tab moves
between the parts, Enter presses the button with the focus (or closes),
Escape closes.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from tkinter.font import nametofont
from typing import Any, Callable

from ..registry import game_class
from ..stats import GameStats, SessionStats, all_keys, game_title
from ..storage import SaveError
from ..wording import when_text
from .dialogs import ModalDialog
from .scrollarea import ScrollArea
from .colours import ERROR_COLOUR
from .sizes import wrap_width

__all__ = ["ConfirmDialog", "StatsDialog", "game_title", "percent_text", "record_text",
           "score_rows", "stats_summary"]

NOTHING = "\u2013"   # an en dash: "no number yet"

# The rows of the two tables: (name, label).  Tests and the lead read
# `StatsDialog.values[name]` to see what is shown.
OVERALL_ROWS = (
    ("played", "Games played"),
    ("won", "Won without help"),
    ("won_with_hints", "Won with help (a hint, Still winnable?, a replay)"),
    ("lost", "Games not won"),
    ("average", "Average score"),
    ("best", "Best score"),
    ("streak", "Wins in a row now"),
    ("best_streak", "Most wins in a row"),
    ("cards", "Cards removed vs. cards played"),
)
SESSION_ROWS = (
    ("session_played", "Games played"),
    ("session_won", "Won without help"),
    ("session_won_with_hints", "Won with help"),
    ("session_average", "Average score"),
    ("session_before", "Your average before this session"),
)


# -- words and numbers ------------------------------------------------------------------------
def percent_text(value: float) -> str:
    """A percentage rounded the way a pupil expects (41.67 -> "42%", 12.5 -> "13%")."""
    return f"{int(value + 0.5)}%"


def _number(value: float | None) -> str:
    if value is None:
        return NOTHING
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def _with_percent(count: int, percent: float, played: int) -> str:
    return f"{count} ({percent_text(percent)})" if played else str(count)


def stats_summary(store: Any, game_key: str) -> str:
    """One line about the current player and a game, for the game-over dialog:
    "Klondike (draw one): 12 games played, 5 won (42%), 1 of them with help"."""
    stats: GameStats = store.stats(game_key)
    title = game_title(game_key)
    if not stats.played:
        return f"{title}: no games played yet"
    return f"{title}: {record_text(stats.played, stats.won, stats.won_with_hints)}"


def record_text(played: int, won: int, won_with_hints: int) -> str:
    """Games played and won in plain words ("1 game played, won with help";
    "3 games played, 2 won (67%), 1 of them with help").  `won` counts the
    games won without help (a hint, Still winnable?, a replay played on), as
    the statistics keep them."""
    games = f"{played} game played" if played == 1 else f"{played} games played"
    total = won + won_with_hints
    if played == 1:
        if not total:
            return f"{games}, not won"
        return f"{games}, won with help" if won_with_hints else f"{games}, won"
    if not total:
        return f"{games}, none won yet"
    line = f"{games}, {total} won ({percent_text(100 * total / played)})"
    if won_with_hints == total:
        return line + (", with help" if total == 1 else ", all with help")
    if won_with_hints:
        return line + f", {won_with_hints} of them with help"
    return line


def score_rows(stats: GameStats) -> list[tuple[str, str, str, str]]:
    """Cruel's record as rows (score, date, deal number, "best" or ""), the best first."""
    better_first = sorted(stats.scores, key=lambda record: (
        record["score"] if stats.lower_is_better else -record["score"], record["date"]))
    rows = []
    for record in better_first:
        rows.append((str(record["score"]), when_text(record["date"]),
                     NOTHING if record["seed"] is None else str(record["seed"]),
                     "best" if record["score"] == stats.best_score else ""))
    return rows


# -- a question with Yes and No -----------------------------------------------------------------
class ConfirmDialog(ModalDialog):
    """"Are you sure?" with Yes and No; No has the focus, Escape means No.

    `on_answer(True/False)` is called once, after the question has closed;
    the dialog that asked gets its grab and focus back.
    """

    def __init__(self, master: tk.Misc, title: str, question: str,
                 on_answer: Callable[[bool], None], yes: str = "Yes", no: str = "No",
                 yes_first: bool = False) -> None:
        """The keys start on `no` (a question that throws something away), or on
        `yes` with `yes_first` (an offer, such as a lesson for a newcomer)."""
        super().__init__(master, title)
        self._on_answer = on_answer
        self._answered = False
        ttk.Label(self.body, text=question, wraplength=wrap_width(self, 360),
                  justify="left").pack(anchor="w")
        row = ttk.Frame(self.body)
        row.pack(anchor="e", pady=(14, 0))
        self.yes = ttk.Button(row, text=yes, command=lambda: self.answer(True))
        self.yes.pack(side="left", padx=4)
        self.no = ttk.Button(row, text=no, command=lambda: self.answer(False))
        self.no.pack(side="left")
        for button in (self.yes, self.no):
            button.bind("<Left>", self._other)
            button.bind("<Right>", self._other)
        self.show(self.yes if yes_first else self.no)

    def _other(self, event: tk.Event[Any]) -> str:
        (self.no if event.widget is self.yes else self.yes).focus_set()
        return "break"

    def answer(self, yes: bool) -> None:
        if self._answered:
            return
        self._answered = True
        self.close_to_asker()
        self._on_answer(yes)

    def close(self) -> None:   # Escape and the window's close box
        self.answer(False)


# -- the statistics dialog ------------------------------------------------------------------------
class StatsDialog(ModalDialog):
    """The current player's statistics, one game at a time."""

    def __init__(self, master: tk.Misc, store: Any, game_key: str) -> None:
        super().__init__(master, f"Statistics for {store.current_player}")
        self.store = store
        store.refresh_stats()   # the games another window kept meanwhile
        self.game_keys: tuple[str, ...] = all_keys()
        self.key = game_key if game_key in self.game_keys else self.game_keys[0]
        self.confirm: ConfirmDialog | None = None
        body = self.body

        top = ttk.Frame(body)
        top.pack(fill="x")
        ttk.Label(top, text="Game:").pack(side="left")
        self.chooser = ttk.Combobox(top, state="readonly", width=28,
                                    values=[game_title(key) for key in self.game_keys])
        self.chooser.pack(side="left", padx=(6, 0))
        self.chooser.bind("<<ComboboxSelected>>", self._on_chosen)
        self.chooser.bind("<Left>", lambda e: self._step(-1))
        self.chooser.bind("<Right>", lambda e: self._step(1))

        # The tables and the list of scores scroll on a screen too short for
        # them; the game chooser above and the buttons below stay in sight.
        self.area = ScrollArea(body)
        self.area.pack(fill="both", expand=True, pady=(12, 0))
        tables = self.area.inner

        self.values: dict[str, ttk.Label] = {}
        self._row_labels: dict[str, ttk.Label] = {}
        self.overall = ttk.LabelFrame(tables, text="All your games", padding=(10, 6))
        self.overall.pack(fill="x")
        self._table(self.overall, OVERALL_ROWS)
        self.note = ttk.Label(self.overall, wraplength=wrap_width(self, 380), justify="left",
                              foreground="#444444")
        self.note.grid(row=len(OVERALL_ROWS), column=0, columnspan=2, sticky="w", pady=(6, 0))

        self.session = ttk.LabelFrame(tables, text="This session (since the app started or "
                                      "the player changed)", padding=(10, 6))
        self.session.pack(fill="x", pady=(10, 0))
        self._table(self.session, SESSION_ROWS)

        self.scores_frame = ttk.LabelFrame(tables, text="Every game of Cruel, fewest cards "
                                           "left first", padding=(10, 6))
        inner = ttk.Frame(self.scores_frame)
        inner.pack(fill="both", expand=True)
        self.scores = ttk.Treeview(inner, columns=("score", "date", "deal", "best"),
                                   show="headings", height=6, selectmode="browse")
        for column, heading, width in (("score", "Cards left", 90), ("date", "Date", 180),
                                       ("deal", "Deal number", 100), ("best", "", 50)):
            self.scores.heading(column, text=heading)
            width = max(width, nametofont("TkHeadingFont").measure(heading) + 20)   # whole
            # Never narrower (in the scrolling area the list was squeezed: "Deal numbe").
            self.scores.column(column, width=width, minwidth=width, stretch=column == "date",
                               anchor="center" if column != "date" else "w")
        scroll = ttk.Scrollbar(inner, orient="vertical", command=self.scores.yview)
        self.scores.configure(yscrollcommand=scroll.set)
        self.scores.pack(side="left", fill="both", expand=True)
        scroll.pack(side="left", fill="y")
        # Tab onto the list of scores brings it into sight where the area scrolls.
        self.scores.bind("<FocusIn>", lambda e: self.area.see(self.scores_frame), add="+")
        self.scores_empty = ttk.Label(self.scores_frame, text="No games of Cruel yet.")

        self.buttons = ttk.Frame(body)
        self.buttons.pack(side="bottom", fill="x", pady=(4, 0), before=top)
        self.message = ttk.Label(body, foreground=ERROR_COLOUR, wraplength=wrap_width(self, 380),
                                 justify="left")
        self.message.pack(side="bottom", anchor="w", pady=(8, 0), before=top)
        self.clear_button = ttk.Button(self.buttons, text="Clear statistics...",
                                       command=self.ask_clear)
        self.clear_button.pack(side="left")
        self.close_button = ttk.Button(self.buttons, text="Close", command=self.close)
        self.close_button.pack(side="right")
        self.bind("<Return>", self._on_return)
        self.bind("<KP_Enter>", self._on_return)
        self.scroll_by_keys(self.area, lines=False)   # Up and Down are the lists'

        self.show_game(self.key)
        self.show(self.chooser)

    def _table(self, frame: ttk.LabelFrame, rows: tuple[tuple[str, str], ...]) -> None:
        for number, (name, label) in enumerate(rows):
            title = ttk.Label(frame, text=label + ":")
            title.grid(row=number, column=0, sticky="w", padx=(0, 16))
            value = ttk.Label(frame, text=NOTHING, font=("DejaVu Sans", 10, "bold"))
            value.grid(row=number, column=1, sticky="w")
            self.values[name] = value
            self._row_labels[name] = title
        frame.columnconfigure(1, weight=1)

    # -- choosing the game --------------------------------------------------------------
    def _on_chosen(self, _event: object = None) -> None:
        index = self.chooser.current()
        if 0 <= index < len(self.game_keys):
            self.show_game(self.game_keys[index])

    def _step(self, by: int) -> str:
        index = (self.game_keys.index(self.key) + by) % len(self.game_keys)
        self.show_game(self.game_keys[index])
        return "break"

    def show_game(self, key: str) -> None:
        """Show the statistics of `key` (one of `stats.all_keys()`)."""
        self.key = key if key in self.game_keys else self.game_keys[0]
        self.chooser.current(self.game_keys.index(self.key))
        self.refresh()

    # -- the numbers --------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the numbers again from the store and show them."""
        key, game_id = self.key, self.key.split("/")[0]
        stats: GameStats = self.store.stats(key)
        session: SessionStats = self.store.session_stats(key)
        title = game_title(key)
        self.overall.configure(text=f"All your games of {title}")
        played = stats.played
        shown = {
            "played": str(played),
            "won": _with_percent(stats.won, stats.won_percent, played),
            "won_with_hints": _with_percent(stats.won_with_hints, stats.won_with_hints_percent,
                                            played),
            "lost": str(stats.lost),
            "average": _number(stats.average_score),
            "best": _number(stats.best_score),
            "streak": str(stats.streak),
            "best_streak": str(stats.best_streak),
            "cards": percent_text(stats.cards_percent) if stats.cards_dealt else NOTHING,
            "session_played": str(session.played),
            "session_won": str(session.won),
            "session_won_with_hints": str(session.won_with_hints),
            # Side by side, not "better" or "worse": a session with a win and a
            # game left unfinished must not read as worse just after the win.
            "session_average": _number(session.average_score),
            "session_before": _number(session.average_before),
        }
        for name, text in shown.items():
            self.values[name].configure(text=text)
        game = game_class(game_id)
        self._show_row("cards", game.counts_cards_played)
        self.note.configure(text=game.score_note)
        self._show_scores(stats, game.lists_every_score)
        self.fit_area(self.area)

    def _show_row(self, name: str, shown: bool) -> None:
        for widget in (self._row_labels[name], self.values[name]):
            if shown:
                widget.grid()
            else:
                widget.grid_remove()

    def _show_scores(self, stats: GameStats, shown: bool) -> None:
        self.scores.delete(*self.scores.get_children())
        if not shown:
            self.scores_frame.pack_forget()
            return
        self.scores_frame.pack(fill="both", expand=True, pady=(10, 0), after=self.session)
        rows = score_rows(stats)
        for row in rows:
            self.scores.insert("", "end", values=row, tags=("best",) if row[3] else ())
        self.scores.tag_configure("best", font=("DejaVu Sans", 10, "bold"))
        if rows:
            self.scores_empty.pack_forget()
            first = self.scores.get_children()[0]
            self.scores.focus(first)
            self.scores.selection_set(first)
            self.scores.configure(takefocus=True)
        else:
            self.scores_empty.pack(anchor="w", pady=(4, 0))
            self.scores.configure(takefocus=False)

    def shown_scores(self) -> list[tuple[str, ...]]:
        """The rows of Cruel's list as shown, top to bottom."""
        return [tuple(str(v) for v in self.scores.item(item, "values"))
                for item in self.scores.get_children()]

    # -- buttons --------------------------------------------------------------------------
    def _on_return(self, _event: object = None) -> str:
        """Enter closes (on a button, Enter presses it: `window.prepare_root`)."""
        self.close()
        return "break"

    def ask_clear(self) -> None:
        """Ask "Clear the statistics of Thirteen for Ana?"; Yes clears and shows zeros."""
        question = (f"Clear the statistics of {game_title(self.key)} for "
                    f"{self.store.current_player}?\n\nAll the numbers of this game go back to "
                    "zero, in your teacher's Class statistics too. This cannot be undone. "
                    "The games kept in your saved games stay there.")
        self.confirm = ConfirmDialog(self, "Clear statistics", question, self._answered_clear)

    def _answered_clear(self, yes: bool) -> None:
        self.confirm = None
        if not yes:
            self.clear_button.focus_set()
            return
        self.message.configure(text="")
        try:
            self.store.clear_stats(self.key)
        except SaveError as error:
            self.message.configure(text=str(error))
        self.refresh()
        self.close_button.focus_set()
