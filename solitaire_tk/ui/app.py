"""The main window and what it is responsible for.

`TutorApp` owns the game on the table.  It is the only place that plays a
move (`try_move`), takes one back (`undo`) or starts a game, and after each
it refreshes the table, the status bar and the tutor panel, saves the game
so nothing is lost, and tells the player when the game is over.  Views hear
about changes through the event hub; menus and keys live in `menus.py`,
the replay in `replaymode.py`, the tutor's marks in `marks.py`.

The rest is in small modules of its own, each handed the app: Hint and the
move alert (`hinting.py`), Auto-move and Finish (`automove.py`), the end of
a game (`endgame.py`), leaving a game for another (`leavegame.py`), saving
(`autosaving.py`, `gamefiles.py`), a change of player (`playerswitch.py`)
and the pause cover (`pausecover.py`).
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import messagebox, ttk
from typing import TYPE_CHECKING, Any, Callable

from ..cards import Card
from ..engine import STOCK_ACTIONS, Game
from ..moves import Move
from ..session import NOTHING_TO_REDO, Session
from ..stats import game_key
from ..storage import SaveError
from ..tutor.guide import rule_section
from ..tutor.hints import Hint
from ..whoplays import read_only_note
from ..wording import in_past, led_by
from . import leavegame, menus, playerswitch
from .animation import Celebration
from .automove import AutoMove
from .autosaving import AutoSave
from .controls import TableControls
from .courseview import CourseMode
from .dealfinding import DealFinding
from .endgame import EndGame
from .events import EventHub
from .hinting import Hinting
from .images import card_cache_dir
from .keys import key_for
from .leavegame import LeaveGame
from .marks import TutorMarks
from .pausecover import PauseCover
from .playerbar import PlayerBar
from .replaymode import ReplayMode
from .statusbar import StatusBar
from .table import Look, Table
from .sizes import scale_factor, scaled
from .tutorpanel import TutorPanel, panel_width
from .window import prepare_root
from .winnablemarker import OPTIONS as WINNABLE_OPTIONS, WinnableMarker

if TYPE_CHECKING:
    from .dialogs import GameOverDialog
    from .statsdialog import ConfirmDialog

# The dialogs, the file choosers and Pillow (for the card backs dialog) are
# imported when first opened: the window opens sooner without them.


LESSON_NO_UNDO = "In a lesson a wrong move is never played, so there is nothing to take back."


class TutorApp:
    def __init__(self, root: tk.Tk, store: Any, game: Game) -> None:
        self.root = root
        self.store = store
        self.hub = EventHub()
        self.session = Session(store, game)  # the game, its hints, whether it is counted
        self.course = CourseMode(self)  # Help > Learn: while a lesson is open, its game is shown
        self.leaving = LeaveGame(self)  # "Start a new game?" before a game is left
        self.saving = AutoSave(self)  # saved a moment after each change, and on the way out
        self.hinting = Hinting(self, game)  # Hint and Thirteen's move alert
        self.endgame = EndGame(self)  # the celebration, the game-over dialog, the counting
        self.automove = AutoMove(self)  # Auto-move and Finish
        root.title("Solitaire Tutor")
        # Grown with the screen's scaling (at 150% the status bar and the player
        # button fell off a 640x480 window), but never more than the screen.
        root.minsize(min(scaled(root, 640), root.winfo_screenwidth() - 40),
                     min(scaled(root, 480), root.winfo_screenheight() - 80))
        prepare_root(root)
        self.body = ttk.Frame(root)
        self.body.pack(fill="both", expand=True)
        # The table sits in a frame of the border colour (Thirteen's border option).
        self.border = tk.Frame(self.body, background=self.settings.border_colour)
        self.border.grid(row=0, column=0, sticky="nsew")
        self.table = Table(self.border, self._look())
        self.table.images.cache_dir = card_cache_dir(store.folder)  # cards drawn once, then read
        self.table.pack(fill="both", expand=True, padx=6, pady=6)
        self.table.slides.wanted = lambda: bool(self.settings.animations)
        self.celebration = Celebration(self.table)
        self.show_moves = tk.BooleanVar(value=bool(self.settings.show_moves))
        self.show_moves.trace_add("write", lambda *a: self._on_show_moves())
        self.replay = ReplayMode(self)
        self.panel = TutorPanel(self.body, self.show_moves, self.hint, self.replay.show,
                                self.replay.play_from_here, self.replay.close)
        self.panel_shown = tk.BooleanVar(value=bool(self.settings.tutor_panel))
        self.status = StatusBar(self.body)
        self.status.grid(row=1, column=0, columnspan=2, sticky="we")
        self.player_bar = PlayerBar(self.status, self)  # the name, with "<" and ">"
        self.player_bar.place_in_status_bar()
        self.player_bar.show()
        self.body.columnconfigure(0, weight=1)
        self.body.rowconfigure(0, weight=1)
        self._place_panel()
        root.bind("<Configure>", self._on_window_resize, add="+")
        self.marks = TutorMarks(self.table)
        self.pause_cover = PauseCover(root, self.table)
        self.controls = TableControls(self.table, self, on_hold=self._on_hold)
        self.table.bind("<<TableLaidOut>>", lambda e: self.after_change_marks(), add="+")
        self.hub.subscribe("message", self._on_message)
        self.hub.subscribe("game_changed", lambda game: self.celebration.stop())
        self.dealing = DealFinding(self)  # winnable deals only: the finder and its words
        self.choices = menus.install(self)
        root.protocol("WM_DELETE_WINDOW", self.quit)
        self.start(game)
        self.winnable = WinnableMarker(self)  # Still winnable? (its options are off at first)
        self.table.focus_set()
        # A notice (a damaged file put aside...) is shown when it happens, once what
        # caused it (a switch of player, say) has said its own words.
        store.on_notice = lambda text: root.after_idle(self.show_notice, text)

    # -- the game in play (the session keeps it) --------------------------------
    @property
    def game(self) -> Game:
        return self.course.game if self.course.active else self.session.game

    @game.setter
    def game(self, game: Game) -> None:  # a new game goes through `start`
        self.start(game)

    @property
    def used_hints(self) -> bool:
        return self.session.used_hints

    @used_hints.setter
    def used_hints(self, value: bool) -> None:
        self.session.used_hints = value

    @property
    def recorded(self) -> bool:
        return self.session.recorded

    @recorded.setter
    def recorded(self, value: bool) -> None:
        self.session.recorded = value

    @property
    def finished_file(self) -> Path | None:
        """Where the last finished game was kept in saved/."""
        return self.session.finished_file

    # -- settings ---------------------------------------------------------------
    @property
    def settings(self) -> Any:
        return self.store.settings

    def _look(self) -> Look:
        s = self.settings
        return Look(table_colour=s.table_colour, border_colour=s.border_colour,
                    card_back=s.card_back, four_colour=s.four_colour)

    def change_setting(self, name: str, value: Any) -> None:
        setattr(self.settings, name, value)
        self._save_settings()
        if name in ("table_colour", "border_colour", "card_back", "four_colour"):
            self.table.set_look(self._look())
            self.after_change_marks()
        if name == "tutor_panel":
            self._place_panel()
        if name in WINNABLE_OPTIONS:
            self.winnable.settings_changed(tell=True)

    def _save_settings(self) -> None:
        try:
            self.store.save_settings()
        except (SaveError, ValueError) as error:
            self.say(str(error), "notice")

    def _on_show_moves(self) -> None:
        if bool(self.settings.show_moves) != self.show_moves.get():
            self.change_setting("show_moves", self.show_moves.get())
        self.after_change_marks()

    def _on_window_resize(self, event: tk.Event) -> None:
        if event.widget is self.root:
            width = panel_width(event.width, scale_factor(self.root))
            if int(self.panel.cget("width")) != width:
                self.panel.configure(width=width)

    def _place_panel(self) -> None:
        self.status.panel_beside(self.panel_shown.get())
        if self.panel_shown.get():
            self.panel.grid(row=0, column=1, sticky="ns")
        else:
            self.panel.grid_remove()

    # -- games ------------------------------------------------------------------
    def start(self, game: Game, used_hints: bool = False, played_on: bool = False) -> None:
        """Put `game` on the table (the one there must be dealt with first:
        `replace_game` does that for every command)."""
        self.replay.close()
        self.course.close(show_game=False)
        self.session.start(game, used_hints=used_hints, played_on=played_on)
        self.hinting.cycle.start(game)
        self.controls.held = None
        if (self.settings.last_game, self.settings.last_variant.get(game.game_id)) != (
                game.game_id, game.variant):  # the same game as last time: nothing to write
            self.settings.last_game = game.game_id
            self.settings.last_variant[game.game_id] = game.variant
            self._save_settings()
        self.table.show(game)
        self.status.show_game(game)
        self.panel.show_game(game)
        self.after_change_marks()
        self.show_title(game)
        self.hub.publish("game_changed", game=game)
        can_win = self.dealing.started(game)
        self.status.say(f"{game.title}, deal {game.seed}. {can_win}Press {key_for(game, 'help')} "
                        "for help, or just try a move: the tutor tells you if a rule stops it.",
                        "info")
        self._schedule_autosave()

    def replace_game(self, make_game: Callable[[], Game], played_on: bool = False,
                     then: Callable[[], None] | None = None) -> None:
        self.leaving.replace_game(make_game, played_on, then)

    @property
    def abandon_question(self) -> ConfirmDialog | None:
        return self.leaving.question

    def new_game(self, game_id: str | None = None, variant: str | None = None,
                 seed: int | None = None) -> None:
        leavegame.start_new_game(self, game_id, variant, seed)

    def same_deal(self) -> None:
        leavegame.same_deal(self)

    def choose_deal(self) -> None:
        leavegame.choose_deal(self)

    def play_on(self, game: Game, step: int, note: str = "") -> None:
        leavegame.play_on(self, game, step, note)

    # -- moves ------------------------------------------------------------------
    def try_move(self, move: Move) -> bool:
        """Play `move` if the rules allow it; otherwise say why and change nothing."""
        if self.replay.active:
            self.say("This is a replay. Press Play from here to take over, or Close replay "
                     "(Escape).", "info")
            return False
        if self.course.active:
            return self.course.try_move(move)
        reason = self.game.why_illegal(move)
        if reason is not None:
            self.refuse(reason, move)
            return False
        if self.hinting.move_alert(move):
            return False
        self.play(move)
        self.automove.after_pupil_move()
        return True

    def play(self, move: Move, prefix: str = "") -> None:
        """Play a legal move as a new one: what was taken back cannot be redone now."""
        said = self.game.describe(move)
        before = self.game.face_down_cards()
        played = self.game.play(move)
        self.session.moved()
        self._show_move(played, said, before, prefix)

    def _show_move(self, played: Move, said: str, before: tuple[Card, ...],
                   lead: str = "") -> None:
        """After a move (the pupil's, one made by itself, or Redo's): what it did
        (`said` before it, told as done now: "Moved the 7 ..."), and what it
        turned up (`before`: the cards face down before it)."""
        text = in_past(self.game.told(said, played, before))
        text = led_by(lead, text) if lead else text
        self.hinting.cycle.line.moved(self.game)
        self._after_change(text, "done")
        self.hub.publish("position_changed", game=self.game, move=played, undone=False)

    def hint(self) -> None:
        if self.course.active:
            self.course.show_answer()
            return
        self.hinting.hint()

    def learn(self, game_id: str) -> None:
        """Help > Learn: open the game's course beside the table."""
        self.course.open(game_id)

    def finish(self) -> None:
        self.automove.finish()

    @property
    def game_over_dialog(self) -> GameOverDialog | None:
        return self.endgame.dialog

    @game_over_dialog.setter
    def game_over_dialog(self, dialog: GameOverDialog | None) -> None:
        self.endgame.dialog = dialog

    @property
    def _hints(self) -> tuple[Any, list[Hint], int] | None:
        return self.hinting.cycle.shown

    def refuse(self, reason: str, move: Move | None = None, undo: bool = False) -> None:
        """Say why not (status bar, tutor panel beside the rule it breaks); change nothing."""
        rule = rule_section(self.game, None if undo else move) if (move or undo) else None
        # The panel says it in full, so while it is beside the table the bar keeps to one line.
        self.status.say(reason, "illegal", in_panel_too=True)
        self.panel.tell(reason, "illegal", rule=rule)
        if self.settings.sound:
            self.root.bell()
        if "messages" in self.game.own_settings and self.settings.messages:
            messagebox.showinfo(self.game.title, reason, parent=self.root)

    def undo(self) -> None:
        if self.replay.active:
            self.replay.key("Left")
            return
        if self.course.active:
            self.say(LESSON_NO_UNDO, "info")
            return
        self.controls.drop_hold()
        reason = self.game.why_no_undo()
        if reason is not None:
            self.refuse(reason, undo=True)
            return
        label = self.session.undo()
        self.hinting.cycle.line.undone(self.game)  # an undone position is not a repeat
        self.recorded = self.game.is_over() and self.recorded
        self._after_change(led_by("Undone: ", in_past(label)), "done")
        self.hub.publish("position_changed", game=self.game, move=None, undone=True)

    def redo(self) -> None:
        """Ctrl+Y: play again the move Undo took back (until a new move is made)."""
        if self.replay.active:
            self.replay.key("Right")
            return
        if self.course.active:
            self.say(LESSON_NO_UNDO, "info")
            return
        self.controls.drop_hold()
        if self.session.redo_move() is None:
            self.refuse(NOTHING_TO_REDO)
            return
        text = self.session.redo_label() or ""
        before = self.game.face_down_cards()
        self._show_move(self.session.redo(), text, before, "Played again: ")
        self.endgame.celebrate_then_check_over()

    def deal_key(self) -> None:
        """D: deal, turn the deck, or click pile 22: whatever the stock does in this game."""
        if "redeal" in self.game.actions:
            self.try_move(Move("redeal"))
            return
        for action in STOCK_ACTIONS:
            if action in self.game.actions and self.game.is_legal(Move(action)):
                self.try_move(Move(action))
                return
        self.controls.say_stock_reason()

    def press_button(self, name: str) -> None:
        if name == "deal":
            self.try_move(Move("redeal"))

    def _after_change(self, text: str, kind: str) -> None:
        self.hinting.cycle.forget()  # after a move or an undo, Hint starts again at the best
        self.table.refresh(slide=True)
        self.controls.after_change()
        self.status.show_game(self.game)
        self.after_change_marks()
        self.say(text, kind)
        self._schedule_autosave()

    def after_change_marks(self) -> None:
        if self.replay.active:
            return
        self.marks.clear("hint")
        self.choices.show_undo(self.game.undo_label())
        self.choices.show_redo(self.session.redo_label())
        if "redeal" in self.game.actions:
            self.table.enable_button("deal", self.game.is_legal(Move("redeal")))
        self.marks.show_moves(self.game, self.show_moves.get())
        self.marks.show_targets(self.game, self.controls.held, self.show_moves.get())
        self.course.redraw_marks()

    def _on_hold(self, held: tuple[str, int] | None) -> None:
        self.marks.show_targets(self.game, held, self.show_moves.get())

    # -- players, statistics, card backs ----------------------------------------
    def show_stats(self) -> None:
        from .statsdialog import StatsDialog
        StatsDialog(self.root, self.store, game_key(self.game))

    def show_players(self) -> None:
        self.autosave()  # the game in play stays with the player who played it
        from .playersdialog import PlayersDialog
        dialog = PlayersDialog(self.root, self.store, on_switch=self.player_changed)
        dialog.bind("<Destroy>", lambda e: self.player_bar.show() if e.widget is dialog else None)

    def step_player(self, by: int) -> None:
        """"<" (-1) or ">" (+1): play as the previous or next player."""
        playerswitch.step(self, by)

    def choose_back(self) -> None:
        def use(back: str) -> None:
            self.choices.back.set(back)
            self.change_setting("card_back", back)
        from .deckdialog import DeckDialog
        DeckDialog(self.root, self.settings.card_back, use)

    def player_changed(self, name: str) -> None:
        playerswitch.player_changed(self, name)

    # -- replay -------------------------------------------------------------------
    def replay_current(self) -> None:
        if not self.game.log:
            self.say("Make a move first: there is nothing to replay yet.", "info")
            return
        self.replay.open(self.game, "this game")

    def show_game_in_play(self, closed: str) -> None:
        """The game in play back on the table, bar, title and panel, after a
        replay or a lesson shown over it (`closed`: "replay", "lesson"); the
        bar says so, or it would still speak of the closed one's step."""
        self.table.show(self.game)
        self.status.show_game(self.game)
        self.status.say(f"The {closed} is closed: your own game is back, as you left it.",
                        "info")
        self.show_title(self.game)
        self.panel.show_game(self.game)

    def show_title(self, game: Game, replay: bool = False) -> None:
        """The window's title names the game shown: a replay's own while it is open."""
        note = read_only_note(self.store)  # another window plays as this player
        self.root.title(f"Solitaire Tutor: {game.title}" + (" (replay)" if replay else "")
                        + (f" ({note})" if note else ""))

    def replay_key(self, keysym: str) -> bool:
        return self.replay.key(keysym)

    def press_lesson_next(self) -> bool:
        """Enter or Space on the table once a lesson's step is done: its Next."""
        return self.course.active and self.course.press_next()

    @property
    def replaying(self) -> bool:
        return self.replay.active

    # -- saving -------------------------------------------------------------------
    def _schedule_autosave(self) -> None:
        self.saving.schedule()

    def autosave(self) -> None:
        self.saving.autosave()

    def save_as(self) -> None:
        from . import gamefiles
        gamefiles.save_as(self)

    def open_file(self, path: str | None = None) -> None:
        from . import gamefiles
        gamefiles.open_file(self, path)

    # -- messages, pause, quit ---------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        self.hub.publish("message", text=text, kind=kind)

    def say_outcome(self) -> None:
        """How the game ended: the status bar says it whole ("You won! Every
        card ..."); the tutor panel, whose heading already says "You won!" or
        "Game over", says only the rest."""
        game = self.game
        kind = game.result_kind()
        self.status.say(game.outcome(), kind, in_panel_too=True)
        self.panel.tell(game.outcome_detail(), kind)

    def show_notice(self, text: str) -> None:
        """Something the pupil must know about their files: in the status bar and the panel."""
        self.status.say(text, "illegal")
        self.panel.tell(text, "notice")

    def _on_message(self, text: str, kind: str) -> None:
        if kind == "notice":   # about the pupil's files: whole in the bar too
            self.show_notice(text)
            return
        # Everything the tutor says goes in the panel too (an old "Not allowed"
        # there beside a newer sentence in the bar read as two answers), and so
        # the bar keeps to one line and the table never jumps; only where the
        # keyboard's ring is stays in the bar, as it moves on with every key.
        in_panel = kind != "focus"
        self.status.say(text, kind, in_panel_too=in_panel)
        if in_panel:
            self.panel.tell(text, kind)

    def post_options(self) -> None:
        menus.post_options(self)

    def show_about(self) -> None:
        from .dialogs import ABOUT_TEXT, TextDialog
        TextDialog(self.root, "About Solitaire Tutor", ABOUT_TEXT)

    def show_panel(self) -> None:
        """Put the tutor panel beside the table (and keep it there next time)."""
        if not self.panel_shown.get():
            self.panel_shown.set(True)
            self.change_setting("tutor_panel", True)

    def show_help(self) -> None:
        """F1: show the tutor panel on the help page."""
        self.show_panel()
        self.panel.show_help("goal")

    def switch_keys(self) -> None:
        """F6: the keys go from the table to the tutor panel's tabs (Tab then goes
        round the panel: the help text, the replay's buttons, the lesson's), or
        back to the table."""
        try:
            focused = str(self.root.focus_get() or "")
        except KeyError:   # a menu's clone has the focus
            focused = ""
        if focused.startswith(str(self.panel)):
            self.table.focus_set()
            return
        self.show_panel()
        self.panel.book.focus_set()

    def pause(self) -> None:
        self.pause_cover.pause()

    @property
    def paused(self) -> bool:
        return self.pause_cover.cover is not None

    @property
    def _paused(self) -> tk.Frame | None:
        return self.pause_cover.cover

    def resume(self) -> None:
        self.pause_cover.resume()

    def quit(self, record: bool = True) -> None:
        self.saving.quit(record)
