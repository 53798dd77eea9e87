"""Game > Class statistics: every player's games in one table, for the teacher.

The table (`classreport.read_class`, read from a copy of the data folder)
can be sorted by a click on a column's heading (again: the other way
round), and exported with "Export CSV...".  Under it a small chart shows
the chosen row's score of every game, oldest first (`DataStore.score_history`),
or its games played and won where no game is listed (figures an older app
counted).

Keys: Up/Down choose the row (the chart follows), Left/Right scroll a table
wider than the window; Tab moves to Export, "Sort by" (Left/Right: sort by
the column before or after) and Close; Enter presses the button with the
focus, Escape closes.
"""

from __future__ import annotations

import tkinter as tk
from datetime import date
from functools import partial
from pathlib import Path
from tkinter import filedialog, ttk
from tkinter.font import nametofont
from typing import Any

from ..classreport import (COLUMNS, REMOVED_WORDS, UNFINISHED_WORDS, ReportError, ReportRow,
                           local_day, read_class, write_csv)
from ..wording import and_list
from ..registry import game_class
from ..storage import SaveError
from .colours import ERROR_COLOUR, WON_COLOUR
from .dialogs import ModalDialog

__all__ = ["ClassDialog"]

LINE_COLOUR = "#1d4f7a"
BEST_COLOUR = "#d08a00"   # the chart's dots of the row's best score, named in its sentence
BAR_COLOURS = ("#8aa9c8", "#1d4f7a", "#1d6e3a")
NUMBER_COLUMNS = frozenset({"Played", "Won", "Won without help", "Best score", "Lessons done"})
CHART_HEIGHT = 190


def sorted_rows(rows: list[ReportRow], column: str, reverse: bool) -> list[ReportRow]:
    """`rows` sorted by `column`: numbers as numbers, words as words; a cell with
    nothing known ("no best score yet", "no date kept") always at the end."""
    index = COLUMNS.index(column)

    def value(row: ReportRow) -> Any:
        cell = row.cells("")[index]
        return int(cell) if column in NUMBER_COLUMNS else cell.casefold()

    known = [row for row in rows if row.cells("")[index] != ""]
    unknown = [row for row in rows if row.cells("")[index] == ""]
    return sorted(known, key=value, reverse=reverse) + unknown


class ClassDialog(ModalDialog):
    """The class table of the data folder `folder`, with Export CSV and a chart."""

    def __init__(self, master: tk.Misc, folder: Path) -> None:
        super().__init__(master, "Class statistics")
        self.resizable(True, True)
        self.folder = folder
        self.rows: list[ReportRow] = []
        self.sorted_by: tuple[str, bool] | None = None   # (column, highest first)
        notes: list[str] = []
        try:
            report = read_class(folder)
            self.rows, notes = list(report.rows), report.notes
            if report.unfinished:   # a game in play is not in the table until it ends
                notes = [*notes, f"{UNFINISHED_WORDS}: {and_list(report.unfinished)}."]
            if report.removed:   # nor the games of a player removed (by mistake?)
                notes = [*notes, f"{REMOVED_WORDS}: {and_list(report.removed)}."]
        except ReportError as error:
            notes = [str(error)]
        body = self.body
        font, heading_font = nametofont("TkDefaultFont"), nametofont("TkHeadingFont")
        self.line_height = font.metrics("linespace")

        intro = ttk.Label(body, text=f"Every player's games in '{folder}'. Click a heading "
                          "to sort.", wraplength=720, justify="left")
        intro.pack(anchor="w")
        style = ttk.Style(self)
        style.configure("Class.Treeview", rowheight=self.line_height + 6)
        table = ttk.Frame(body)
        table.pack(fill="both", expand=True, pady=(8, 0))
        # Fewer rows at a time on a short screen (800x600): the chart below then
        # keeps room to be read (it was cut to one line), and the table scrolls.
        most_rows = 10 if self.winfo_screenheight() >= 760 else 5
        self.tree = ttk.Treeview(table, columns=COLUMNS, show="headings", selectmode="browse",
                                 height=min(max(len(self.rows), 3), most_rows),
                                 style="Class.Treeview")
        for index, column in enumerate(COLUMNS):   # as wide as the widest cell, no wider
            width = max([heading_font.measure(column + " \u25bc") + 12,
                         *(font.measure(row.cells()[index]) + 16 for row in self.rows)])
            self.tree.heading(column, text=column, command=partial(self.sort_by, column))
            self.tree.column(column, width=width, minwidth=font.measure("00") + 8,
                             anchor="e" if column in NUMBER_COLUMNS else "w",
                             stretch=False)   # a narrow window scrolls: no name is cut
        down = ttk.Scrollbar(table, orient="vertical", command=self.tree.yview)
        across = ttk.Scrollbar(table, orient="horizontal", command=self.tree.xview)
        self.tree.configure(yscrollcommand=down.set, xscrollcommand=across.set)
        self.tree.grid(row=0, column=0, sticky="nsew")
        down.grid(row=0, column=1, sticky="ns")
        across.grid(row=1, column=0, sticky="ew")
        table.rowconfigure(0, weight=1)
        table.columnconfigure(0, weight=1)
        self.tree.bind("<<TreeviewSelect>>", lambda e: self.draw_chart())
        for key, way in (("<Left>", -4), ("<Right>", 4)):   # a table too wide for the window
            self.tree.bind(key, partial(self._scroll_across, way))

        self.chart_frame = ttk.LabelFrame(body, text="Scores over time", padding=(8, 4))
        self.chart_frame.pack(fill="both", expand=True, pady=(10, 0))
        self.chart = tk.Canvas(self.chart_frame, height=CHART_HEIGHT, width=640,
                               background="white", highlightthickness=0, takefocus=False)
        self.chart.pack(fill="both", expand=True)
        self.chart.bind("<Configure>", lambda e: self.draw_chart())
        self.chart_words = ""   # what the chart says, for tests and screen readers' sake

        self.notes = ttk.Label(body, text="\n".join(notes), wraplength=720, justify="left")
        self.message = ttk.Label(body, wraplength=720, justify="left")
        buttons = ttk.Frame(body)
        # Packed from the bottom up, before the table and the chart: when the
        # dialog is made to fit a small screen, those two give up the room and
        # the buttons stay in sight.
        buttons.pack(side="bottom", fill="x", pady=(4, 0), before=intro)
        self.message.pack(side="bottom", anchor="w", pady=(6, 0), before=intro)
        if notes:
            self.notes.pack(side="bottom", anchor="w", pady=(8, 0), before=intro)
        self.export_button = ttk.Button(buttons, text="Export CSV...", command=self.export,
                                        underline=0)
        self.export_button.pack(side="left")
        ttk.Label(buttons, text="Sort by:").pack(side="left", padx=(16, 4))
        self.sort_chooser = ttk.Combobox(buttons, state="readonly", values=COLUMNS,
                                         width=max(len(column) for column in COLUMNS))
        self.sort_chooser.pack(side="left")
        self.sort_chooser.bind("<<ComboboxSelected>>", self._on_sort_chosen)
        self.sort_chooser.bind("<Left>", partial(self._step_sort, -1))
        self.sort_chooser.bind("<Right>", partial(self._step_sort, 1))
        self.close_button = ttk.Button(buttons, text="Close", command=self.close)
        self.close_button.pack(side="right")
        self.bind("<Alt-e>", lambda e: self.export())

        self.sort_by("Player")   # as `read_class` gives them: "Sort by" says so
        self._fit_screen()
        self.show(self.tree)

    def _fit_screen(self) -> None:
        """On a small screen the dialog is made to fit; the table then scrolls sideways."""
        self.update_idletasks()
        width = min(self.winfo_reqwidth(), self.winfo_screenwidth() - 40)
        height = min(self.winfo_reqheight(), self.winfo_screenheight() - 80)
        if (width, height) != (self.winfo_reqwidth(), self.winfo_reqheight()):
            self.fitted = (width, height)
            self.geometry(f"{width}x{height}")

    # -- the table --------------------------------------------------------------------
    def _scroll_across(self, way: int, _event: object = None) -> str:
        self.tree.xview_scroll(way, "units")
        return "break"

    def fill(self, chosen: ReportRow | None = None) -> None:
        """Show `self.rows` in their order, with `chosen` (or the first row) chosen."""
        self.tree.delete(*self.tree.get_children())
        for number, row in enumerate(self.rows):
            self.tree.insert("", "end", iid=str(number), values=row.cells())
        if self.rows:
            item = str(self.rows.index(chosen)) if chosen in self.rows else "0"
            self.tree.selection_set(item)
            self.tree.focus(item)
            self.tree.see(item)
        self.draw_chart()

    def shown_rows(self) -> list[list[str]]:
        """The rows as shown, top to bottom."""
        return [[str(value) for value in self.tree.item(item, "values")]
                for item in self.tree.get_children()]

    def chosen_row(self) -> ReportRow | None:
        chosen = self.tree.selection()
        if not chosen:
            return None
        index = int(chosen[0])
        return self.rows[index] if index < len(self.rows) else None

    def sort_by(self, column: str) -> None:
        """Sort by `column`: numbers highest first, words A to Z; again, the other way."""
        first_way = column in NUMBER_COLUMNS or column == "Last played"
        way = (not self.sorted_by[1]) if self.sorted_by and self.sorted_by[0] == column \
            else first_way
        chosen = self.chosen_row()
        self.rows = sorted_rows(self.rows, column, way)
        self.sorted_by = (column, way)
        self.sort_chooser.current(COLUMNS.index(column))
        for name in COLUMNS:
            mark = (" \u25bc" if way else " \u25b2") if name == column else ""
            self.tree.heading(name, text=name + mark)
        self.fill(chosen)

    def _on_sort_chosen(self, _event: object = None) -> None:
        index = self.sort_chooser.current()
        if 0 <= index < len(COLUMNS):
            self.sort_by(COLUMNS[index])

    def _step_sort(self, by: int, _event: object = None) -> str:
        """Left/Right in "Sort by": sort by the column before or after (the keyboard's
        click on a heading)."""
        index = (self.sort_chooser.current() + by) % len(COLUMNS)
        self.sort_chooser.current(index)
        self.sort_by(COLUMNS[index])
        return "break"

    # -- the chart --------------------------------------------------------------------
    def draw_chart(self) -> None:
        canvas, row = self.chart, self.chosen_row()
        canvas.delete("all")
        if row is None:
            self.chart_frame.configure(text="Scores over time")
            self._say("No games have been played yet.")
            return
        self.chart_frame.configure(text=f"{row.player}: {row.game}")
        if not row.played:
            self._say(f"{row.player} has not played a game yet.")
        elif row.scores:
            self._score_line(row)
        else:
            self._bars(row)

    def _say(self, words: str, y: int | None = None) -> int:
        """Write `words` at the top of the chart; returns where they end (the
        lines they wrap to depend on the chart's width)."""
        self.chart_words = words
        width = max(self.chart.winfo_width(), 200)
        item = self.chart.create_text(10, y if y is not None else 10, anchor="nw", text=words,
                                      width=width - 20, font="TkDefaultFont", fill="#222222",
                                      tags=("words",))
        box = self.chart.bbox(item)
        return box[3] if box else 10 + self.line_height

    def _area(self, words_end: int) -> tuple[int, int, int, int]:
        """Where the chart itself goes under words that end at `words_end`: left,
        top, right, bottom."""
        width = max(self.chart.winfo_width(), 200)
        height = max(self.chart.winfo_height(), CHART_HEIGHT)
        left = 10 + nametofont("TkDefaultFont").measure("000") + 8
        # (the top value's label is centred on the top line: half a line more)
        return left, words_end + self.line_height // 2 + 4, width - 16, \
            height - self.line_height - 12

    def _score_line(self, row: ReportRow) -> None:
        scores = [record["score"] for record in row.scores]
        # The game's own words for what its score counts ("cards got out" puzzled).
        note = game_class(row.key.partition("/")[0]).score_note
        words_end = self._say(f"The score of each game, oldest on the left; the best in "
                              f"orange. {note}")
        canvas = self.chart
        left, top, right, bottom = self._area(words_end)
        highest = max([row.cards_per_game, *scores, 1])
        canvas.create_line([(left, top), (left, bottom), (right, bottom)], fill="#666666")
        for value in (0, highest):
            y = bottom - (bottom - top) * value / highest
            canvas.create_text(left - 6, y, anchor="e", text=str(value), font="TkDefaultFont")
            canvas.create_line(left, y, right, y, fill="#dddddd")
        step = (right - left) / max(len(scores) - 1, 1)
        points = [(left + step * number if len(scores) > 1 else (left + right) / 2,
                   bottom - (bottom - top) * score / highest)
                  for number, score in enumerate(scores)]
        if len(points) > 1:
            canvas.create_line(points, fill=LINE_COLOUR, width=2)
        radius = 4
        for (x, y), score in zip(points, scores):
            best = score == row.best_score
            canvas.create_oval(x - radius, y - radius, x + radius, y + radius,
                               fill=BEST_COLOUR if best else LINE_COLOUR, outline="",
                               tags=("game", "best") if best else ("game",))
        first, last = local_day(row.scores[0]["date"]), local_day(row.scores[-1]["date"])
        canvas.create_text(left, bottom + 4, anchor="nw", text=first, font="TkDefaultFont")
        if len(scores) > 1:
            canvas.create_text(right, bottom + 4, anchor="ne", text=last, font="TkDefaultFont")

    def _bars(self, row: ReportRow) -> None:
        """No game listed with its score (figures an older Solitaire Tutor counted):
        the games played and won, as bars."""
        words_end = self._say(
            f"These games were counted by an older Solitaire Tutor, which kept no list of "
            f"scores with their days, so there is no line of scores over time (best score: "
            f"{row.best_score}). These are the games played and won.")
        canvas = self.chart
        left, top, right, bottom = self._area(words_end)
        bars = (("Played", row.played), ("Won", row.won),
                ("Won without help", row.won_without_help))
        label_width = max(nametofont("TkDefaultFont").measure(name) for name, _ in bars) + 12
        height = (bottom - top) / len(bars)
        for number, ((name, value), colour) in enumerate(zip(bars, BAR_COLOURS)):
            y = top + number * height
            canvas.create_text(10, y + height / 2, anchor="w", text=name, font="TkDefaultFont")
            length = (right - 10 - label_width - 40) * value / max(row.played, 1)
            canvas.create_rectangle(10 + label_width, y + 3, 10 + label_width + length,
                                    y + height - 3, fill=colour, outline="", tags=("bar",))
            canvas.create_text(10 + label_width + length + 6, y + height / 2, anchor="w",
                               text=str(value), font="TkDefaultFont")

    # -- export -----------------------------------------------------------------------
    def export(self, path: str | None = None) -> None:
        """Ask where (`path` given: there), then write the table as shown to a CSV file."""
        if path is None:
            documents = Path.home() / "Documents"
            path = filedialog.asksaveasfilename(
                parent=self, title="Export the class table", defaultextension=".csv",
                initialdir=str(documents if documents.is_dir() else Path.home()),
                initialfile=f"class-report-{date.today().isoformat()}.csv",
                filetypes=[("CSV files (Excel)", "*.csv"), ("All files", "*")])
            if not path:
                return
        try:
            write_csv(self.rows, path)
        except SaveError as error:
            self.message.configure(text=str(error), foreground=ERROR_COLOUR)
            return
        self.message.configure(text=f"The table was saved in '{path}'.",
                               foreground=WON_COLOUR)
