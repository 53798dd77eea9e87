"""The status bar: game, deal number, score as the game counts it, cards
left, whether the game can still be won (an option), and a short message
(the engine's reason after an illegal move).

A message the tutor panel shows too (a hint, a finished game) takes one
line here, cut short with "...", while the panel is beside the table: the
whole sentence is there, and a bar growing to three lines and back would
squeeze the table and lay it out again at every hint."""

from __future__ import annotations

import tkinter as tk
from tkinter import font, ttk

from ..engine import Game
from ..winnable import EVERY_WORDS, LOST, TIP, WINNABLE
from .colours import GOING_COLOUR, LOST_COLOUR, RESULT_COLOURS, WON_COLOUR
from .tooltip import Tooltip

MESSAGE_COLOURS = {"illegal": "#a00000", "done": "#1a1a1a", "info": "#1a1a1a",
                   "hint": "#0040a0", "focus": "#1a1a1a", **RESULT_COLOURS}
# The Still winnable? marker: the verdict's colour; thinking and too hard to tell are grey.
WINNABLE_COLOURS = {WINNABLE: WON_COLOUR, LOST: LOST_COLOUR}
# A sign before the words, so "still" and "no longer" differ by more than a
# colour (the same to a red-green colour-blind pupil) and a word.
WINNABLE_SIGNS = {WINNABLE: "\u2713 ", LOST: "\u2717 "}
MARKER_COLUMN = 5   # after the game's own words on the first line
EDGE = 16           # dots kept free at the bar's right edge
ELLIPSIS = "\u2026"


def score_text(game: Game) -> str:
    """The score in the words of each game's own help."""
    return game.score_words.format(score=game.score(), cards=len(game.deck))


def stock_text(game: Game) -> str:
    if game.stock_pile is None:
        return ""
    left = len(game.piles[game.stock_pile])
    name = game.place(game.stock_pile)
    return f"{name[:1].upper()}{name[1:]}: {left} left"


def options_text(game: Game) -> str:
    """The game's options that are on ("Easy mode"): a changed rule is always in sight."""
    return ", ".join(option_title(name) for name, on in game.options.items() if on)


def option_title(name: str) -> str:
    """A game option's name as the menus and the status bar say it: "Easy mode"."""
    return name.replace("_", " ").capitalize()


def variant_title(game: Game) -> str:
    name = game.variant_names.get(game.variant)
    return f"{game.title} ({name})" if name else game.title


class TipAbove(Tooltip):
    """A tooltip over its widget: the status bar is at the bottom of the
    window, often of the screen, where a tip under it would not be seen."""

    def place(self, tip: tk.Toplevel) -> tuple[int, int]:
        tip.update_idletasks()
        return (self.widget.winfo_rootx() + 8,
                max(0, self.widget.winfo_rooty() - tip.winfo_reqheight() - 4))


class StatusBar(ttk.Frame):
    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master, padding=(6, 2))
        self.game_label = ttk.Label(self, anchor="w")
        self.deal_label = ttk.Label(self, anchor="w")
        self.score_label = ttk.Label(self, anchor="w")
        self.stock_label = ttk.Label(self, anchor="w")
        self.options_label = ttk.Label(self, anchor="w")  # the game's options that are on
        self.winnable = ttk.Label(self, anchor="w")  # Still winnable? (shown when it is on)
        self.winnable_tip = TipAbove(self.winnable, TIP, wraplength=360)
        self._winnable_game: Game | None = None   # the game the marker speaks of
        self._shown_game: Game | None = None
        # The message has a line of its own: reasons are whole sentences.
        self.message = ttk.Label(self, anchor="w", justify="left")
        self.full_message = ""      # the whole sentence (the label may show it cut short)
        self._in_panel_too = False  # whether the panel shows that sentence as well
        self._panel_beside = False
        self._two_lines_height = 0
        for column, widget in enumerate((self.game_label, self.deal_label, self.score_label,
                                         self.stock_label, self.options_label)):
            widget.grid(row=0, column=column, sticky="w", padx=(0, 18))
        self.winnable.grid(row=0, column=MARKER_COLUMN, sticky="w", padx=(0, 18))
        self.winnable.grid_remove()
        self.message.grid(row=1, column=0, columnspan=7, sticky="we")
        self.columnconfigure(6, weight=1)
        self.bind("<Configure>", self._wrap)
        self.bind("<Map>", self._wrap)

    def _wrap(self, event: tk.Event) -> None:
        # Until the window is on the screen the bar is not yet its own width (400
        # pixels at first): wrapping to that made it two lines high, then one, and
        # the table was drawn twice as the window opened.
        if self.winfo_ismapped():
            self._fit_message()
            self._fit_winnable()

    def _room(self) -> int:
        return max(200, self.winfo_width() - 16)

    def _fit_message(self) -> None:
        text = self.full_message
        if self._in_panel_too and self._panel_beside:
            self.message.configure(text=one_line(text, self._room(), self._font()),
                                   wraplength=0)
        else:
            self.message.configure(text=text, wraplength=self._room())
        # Without the panel beside, the bar keeps room for two lines: a hint on
        # two lines, then a move on one, shrank and grew every card each time.
        self.rowconfigure(1, minsize=0 if self._panel_beside else self._two_lines())

    def _two_lines(self) -> int:
        """The message's height on two lines (measured once, padding and all)."""
        if not self._two_lines_height:
            probe = ttk.Label(self, text="A\nA", font=self.message.cget("font"))
            self._two_lines_height = probe.winfo_reqheight()
            probe.destroy()
        return self._two_lines_height

    def _font(self) -> font.Font:
        named = str(self.message.cget("font") or "TkDefaultFont")
        return font.nametofont(named)

    def _fit_winnable(self) -> None:
        """The marker at the end of the first line if its longest words fit there,
        else on the line under the message (so a small window never cuts it off)."""
        if not self.winnable.winfo_manager():
            return
        words = self.grid_bbox(0, 0, MARKER_COLUMN - 1, 0)
        room = self.winfo_width() - (words[2] if words else 0) - EDGE
        longest = max(font.nametofont("TkDefaultFont").measure(sign + text)
                      for text in EVERY_WORDS for sign in ("", *WINNABLE_SIGNS.values()))
        row = 0 if longest <= room else 2
        if int(self.winnable.grid_info().get("row", -1)) != row:
            self.winnable.grid(row=row, column=MARKER_COLUMN if row == 0 else 0,
                               columnspan=1 if row == 0 else MARKER_COLUMN)

    def show_game(self, game: Game, deal: str | None = None) -> None:
        """The game's figures; `deal` says what its deal is where it has no number
        ("Lesson"; else "Own deck")."""
        self._shown_game = game
        self._place_winnable()
        self.game_label.configure(text=variant_title(game))
        self.deal_label.configure(text=f"Deal {game.seed}" if game.seed else deal or "Own deck")
        self.score_label.configure(text=score_text(game))
        self.stock_label.configure(text=stock_text(game))
        self.options_label.configure(text=options_text(game))

    def show_winnable(self, words: str | None, status: str | None = None,
                      game: Game | None = None) -> None:
        """The Still winnable? marker's words ("Can still be won") about `game`, or
        None to hide it.  It is shown only while that game is (not a replay's or
        a lesson's)."""
        self._winnable_game = game if words is not None else None
        if words is not None:
            self.winnable.configure(text=WINNABLE_SIGNS.get(status or "", "") + words,
                                    foreground=WINNABLE_COLOURS.get(status or "", GOING_COLOUR))
        self._place_winnable()

    def _place_winnable(self) -> None:
        if self._winnable_game is None or self._winnable_game is not self._shown_game:
            self.winnable.grid_remove()
            return
        self.winnable.grid()
        if self.winfo_ismapped():
            self._fit_winnable()

    def say(self, text: str, kind: str = "info", in_panel_too: bool = False) -> None:
        """Show `text`; `in_panel_too` when the tutor panel shows it as well."""
        self.full_message = text
        self._in_panel_too = in_panel_too
        self.message.configure(foreground=MESSAGE_COLOURS.get(kind, "#1a1a1a"))
        self._fit_message()

    def panel_beside(self, shown: bool) -> None:
        """Whether the tutor panel is beside the table (so the bar may be short)."""
        self._panel_beside = shown
        self._fit_message()


def one_line(text: str, width: int, face: font.Font) -> str:
    """`text` if it fits in `width` pixels, else as many whole words as fit and "..."."""
    if face.measure(text) <= width:
        return text
    words = text.split()
    low, high = 0, len(words)   # the most words that fit with the ellipsis, found by halving
    while low < high:
        middle = (low + high + 1) // 2
        if face.measure(" ".join(words[:middle]) + ELLIPSIS) <= width:
            low = middle
        else:
            high = middle - 1
    return " ".join(words[:low]).rstrip(",:;") + ELLIPSIS
