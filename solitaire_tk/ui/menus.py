"""The menu bar and the keys of every game (each seed's commands have a
menu entry or a key; accelerators are shown in the menus).

Keys that a game's own help gives a meaning (Thirteen's H is Help, its N is
New hand) are bound for that game only; the rest work in every game.
"""

from __future__ import annotations

import sys
import tkinter as tk
from functools import partial
from typing import TYPE_CHECKING, Callable

from ..records import field, record
from ..registry import GAME_IDS, game_class
from .courseview import games_with_a_course
from .dealfinding import kind_title
from .keys import SHARED_KEYS, key_for, keys_text
from .statusbar import option_title

if TYPE_CHECKING:
    from .app import TutorApp

TABLE_COLOURS = (("Green baize", "#1f6f43"), ("Blue", "#1d4f7a"), ("Burgundy", "#6d1f2c"),
                 ("Grey", "#4a4f55"))
BORDER_COLOURS = (("Dark green", "#0d3b22"), ("Navy", "#0b2440"), ("Wood", "#5a3a1a"),
                  ("Black", "#111111"))
UNDO_LABEL_CHARS = 48
# Ctrl (0x4) and Alt, whose bit differs: 0x20000 on Windows (where 0x8 is
# Num Lock, often on), Option and Command on macOS, Mod1 on X11.  A game's
# single keys leave these alone: Alt+H opens the Help menu, not a hint.
ALT = {"win32": 0x20000, "darwin": 0x10 | 0x8}.get(sys.platform, 0x8)
MODIFIERS = 0x4 | ALT


@record
class MenuChoices:
    """The menus' radio and check variables, kept in step with the settings."""

    game: tk.StringVar
    back: tk.StringVar
    colour: tk.StringVar
    border: tk.StringVar
    options_menu: tk.Menu
    options: dict[str, tk.BooleanVar] = field(default_factory=dict)
    # Check entries whose value is read from the app (not a setting of that name).
    read_options: list[tuple[tk.BooleanVar, Callable[[], bool]]] = field(default_factory=list)
    control_menu: tk.Menu | None = None
    undo_entry: int | None = None
    redo_entry: int | None = None

    def show_undo(self, label: str | None) -> None:
        """Name what Undo would take back ("Undo: move the 6 of spades ...")."""
        if self.control_menu is None or self.undo_entry is None:
            return
        if label is None:  # still clickable: it says why nothing can be taken back
            self.control_menu.entryconfigure(self.undo_entry, label="Undo (nothing to take back)")
            return
        self.control_menu.entryconfigure(self.undo_entry, label=f"Undo: {_entry_text(label)}")

    def show_redo(self, label: str | None) -> None:
        """Name what Redo would play again; greyed out when nothing was taken back."""
        if self.control_menu is None or self.redo_entry is None:
            return
        if label is None:
            self.control_menu.entryconfigure(self.redo_entry, state="disabled",
                                             label="Redo (only after Undo)")
            return
        self.control_menu.entryconfigure(self.redo_entry, state="normal",
                                         label=f"Redo: {_entry_text(label)}")

    def reload(self, settings: object) -> None:
        """After a change of player: show that player's choices."""
        self.back.set(getattr(settings, "card_back"))
        self.colour.set(getattr(settings, "table_colour"))
        self.border.set(getattr(settings, "border_colour"))
        for name, var in self.options.items():
            var.set(bool(getattr(settings, name)))
        for var, read in self.read_options:
            var.set(read())


def _entry_text(label: str) -> str:
    """A move's sentence made short enough for a menu entry."""
    text = label[:1].lower() + label[1:].rstrip(".")
    if len(text) > UNDO_LABEL_CHARS:
        text = text[:UNDO_LABEL_CHARS - 3].rstrip() + "..."
    return text


def install(app: TutorApp) -> MenuChoices:
    root = app.root
    bar = tk.Menu(root, tearoff=False)   # (F10, Left, Enter would tear the menu off)
    root.configure(menu=bar)
    commands = _commands(app)
    settings = app.settings
    options = tk.Menu(bar, tearoff=False)
    choices = MenuChoices(tk.StringVar(value=_choice_key(app)),
                          tk.StringVar(value=settings.card_back),
                          tk.StringVar(value=settings.table_colour),
                          tk.StringVar(value=settings.border_colour), options)

    # (menu, entry, command): each entry shows the key of the game in play.
    keyed: list[tuple[tk.Menu, int, str]] = []

    def keyed_command(menu: tk.Menu, command: str, **options: object) -> None:
        menu.add_command(command=commands[command], **options)  # type: ignore[arg-type]
        entry = menu.index("end")
        assert entry is not None
        keyed.append((menu, entry, command))

    game = tk.Menu(bar, tearoff=False)
    bar.add_cascade(label="Game", menu=game, underline=0)
    keyed_command(game, "new", label="New game", underline=0)
    keyed_command(game, "same", label="Same deal again", underline=1)   # (S: Save)
    keyed_command(game, "choose", label="Choose deal number...", underline=7)
    game.add_separator()
    choose = tk.Menu(game, tearoff=False)
    game.add_cascade(label="Play another game", menu=choose, underline=0)
    for game_id in GAME_IDS:
        cls = game_class(game_id)
        for variant in cls.variants:
            name = cls.variant_names.get(variant)
            label = f"{cls.title}: {name}" if name else cls.title
            choose.add_radiobutton(label=label, variable=choices.game,
                                   value=f"{game_id}/{variant}",
                                   command=partial(app.new_game, game_id, variant))
    game.add_separator()
    keyed_command(game, "open", label="Open saved game to replay...", underline=0)
    keyed_command(game, "replay", label="Replay this game", underline=0)
    keyed_command(game, "save", label="Save game as...", underline=0)
    game.add_separator()
    game.add_command(label="Statistics (Record)...", command=app.show_stats, underline=1)
    game.add_command(label="Class statistics...", command=lambda: _show_class(app), underline=0)
    keyed_command(game, "players", label="Players...", underline=3)   # (P: Play another)
    keyed_command(game, "previous_player", label="Previous player")
    keyed_command(game, "next_player", label="Next player")
    game.add_separator()
    keyed_command(game, "quit", label="Exit", underline=1)

    control = tk.Menu(bar, tearoff=False)
    bar.add_cascade(label="Control", menu=control, underline=0)
    keyed_command(control, "undo", label="Undo (Backup)", underline=0)
    choices.control_menu, choices.undo_entry = control, control.index("end")
    keyed_command(control, "redo", label="Redo", underline=0)
    choices.redo_entry = control.index("end")
    keyed_command(control, "hint", label="Hint", underline=0)
    keyed_command(control, "deal", label="Deal / turn the deck", underline=0)
    keyed_command(control, "finish", label="Finish: send every card left where it belongs",
                  underline=0)
    control.add_separator()
    keyed_command(control, "pause", label="Pause (blank the table)", underline=0)
    control.add_command(label="Resume", command=app.resume, underline=2)   # (R: Redo)

    bar.add_cascade(label="Options", menu=options, underline=0)

    help_menu = tk.Menu(bar, tearoff=False)
    bar.add_cascade(label="Help", menu=help_menu, underline=0)
    keyed_command(help_menu, "help", label="How to play", underline=0)
    learn = tk.Menu(help_menu, tearoff=False)
    help_menu.add_cascade(label="Learn a game", menu=learn, underline=0)
    for game_id in games_with_a_course():
        learn.add_command(label=f"Learn {game_class(game_id).title}",
                          command=partial(app.learn, game_id))
    help_menu.add_command(label="Using the tutor", command=lambda: _show_using(app),
                          underline=0)
    help_menu.add_command(label="Keys", command=lambda: _show_keys(app), underline=0)
    help_menu.add_command(label="About Solitaire Tutor", command=app.show_about, underline=0)
    for menu in (game, choose, control, help_menu, learn):
        give_letters(menu)

    _bind_keys(app, commands)

    def game_changed(game: object) -> None:
        choices.game.set(_choice_key(app))
        _option_menu(app, choices)  # the options of the game in play, and the shared ones
        for menu, entry, command in keyed:  # Thirteen's H is Help: its Hint is Ctrl+H
            menu.entryconfigure(entry, accelerator=key_for(app.game, command))

    app.hub.subscribe("game_changed", game_changed)
    game_changed(app.game)
    return choices


def _choice_key(app: TutorApp) -> str:
    return f"{app.game.game_id}/{app.game.variant}"


def _commands(app: TutorApp) -> dict[str, Callable[[], None]]:
    return {
        "new": lambda: app.new_game(), "same": app.same_deal, "choose": app.choose_deal,
        "about": app.show_about, "pause": app.pause, "deal": app.deal_key, "help": app.show_help,
        "hint": app.hint, "options": app.post_options, "finish": app.finish,
        "players": app.show_players, "undo": app.undo, "redo": app.redo, "replay": app.replay_current,
        "open": app.open_file, "save": app.save_as,
        "previous_player": lambda: app.step_player(-1), "next_player": lambda: app.step_player(1),
        "quit": app.quit, "panel": app.switch_keys,
        "quit_unsaved": lambda: app.saving.quit_unsaved(),
    }


# The check options, in menu order.  One a game names in its `own_settings`
# shows only while that game is played; the others show in every game.
OPTION_LABELS = {
    "four_colour": "Four-colour deck",
    "tutor_panel": "Show the tutor panel",
    "messages": "Messages: pop up why a move is not allowed",
    "easy_mode": "Easy mode: a top card may pair with the card under it",
    "move_alert": "Move alert: warn me before a deal if a pair could still go",
    "sound": "Sound",
    "show_stats_after_game": "Show statistics after each game",
    "auto_move": "Auto-move: safe cards go where they belong by themselves",
    "animations": "Animations: cards slide into place",
    "celebrate": "Celebrate a won game",
    "winnable_marker": "Still winnable: the tutor says if the game can still be won "
                       "(counts as help)",
    "lost_move_note": "Losing move: the tutor says when a move loses the game (counts as help)",
}


def _option_menu(app: TutorApp, choices: MenuChoices) -> None:
    """Fill the Options menu for the game in play (again each time the game changes)."""
    settings = app.settings
    options = choices.options_menu
    options.delete(0, "end")
    for child in options.winfo_children():
        child.destroy()
    options.add_command(label="Deck (card back)...", command=app.choose_back, underline=0)
    for title, setting, variable, colours in (
            ("Table colour", "table_colour", choices.colour, TABLE_COLOURS),
            ("Border colour", "border_colour", choices.border, BORDER_COLOURS)):
        submenu = tk.Menu(options, tearoff=False)
        options.add_cascade(label=title, menu=submenu, underline=0)
        for label, colour in colours:
            submenu.add_radiobutton(label=label, value=colour, variable=variable,
                                    command=partial(app.change_setting, setting, colour))
    options.add_checkbutton(label="Show moves", variable=app.show_moves, underline=0)
    owned = {name for game_id in GAME_IDS for name in game_class(game_id).own_settings}
    for name, label in OPTION_LABELS.items():
        if name in owned and name not in app.game.own_settings:
            continue  # another game's option
        var = choices.options.get(name)
        if var is None:
            var = choices.options[name] = tk.BooleanVar(value=bool(getattr(settings, name)))
        options.add_checkbutton(label=label, variable=var, command=partial(_toggle, app, name, var))
    winnable = tk.BooleanVar(value=app.dealing.wanted())
    choices.read_options = [(winnable, app.dealing.wanted)]
    options.add_checkbutton(label=f"Only deals that can be won ({kind_title(app.session.game)})",
                            variable=winnable, command=lambda: app.dealing.set_wanted(winnable.get()))
    for menu in (options, *options.winfo_children()):
        if isinstance(menu, tk.Menu):
            give_letters(menu)


def give_letters(menu: tk.Menu) -> None:
    """An underlined letter for each entry of `menu` that has none, so that the
    keys reach it (Alt+O, then the letter): the first letter of a word not
    taken by another entry, else any letter not taken."""
    last = menu.index("end")
    entries = [n for n in range(last + 1 if last is not None else 0)
               if menu.type(n) not in ("separator", "tearoff")]
    taken = {str(menu.entrycget(n, "label"))[int(menu.entrycget(n, "underline"))].lower()
             for n in entries if int(menu.entrycget(n, "underline")) >= 0}
    # First letters first ("Double Solitaire" gets its D before "Klondike: draw
    # three" takes a D from a later word), then other words' first letters, then
    # any; a word every entry starts with ("Learn Cruel", "Learn Dammit!") is
    # passed over, so the letters name what differs.
    labels = [str(menu.entrycget(n, "label")) for n in entries]
    common = _shared_first_word(labels)
    for first_only in (True, False):
        for n in entries:
            if int(menu.entrycget(n, "underline")) >= 0:
                continue
            label = str(menu.entrycget(n, "label"))
            starts = [i for i, char in enumerate(label)
                      if char.isalnum() and (i == 0 or not label[i - 1].isalnum())
                      and not (common and i == 0)]
            others = [i for i, char in enumerate(label) if char.isalnum() and i not in starts]
            tries = starts[:1] if first_only else starts + others
            free = next((i for i in tries if label[i].lower() not in taken), None)
            if free is not None:
                taken.add(label[free].lower())
                menu.entryconfigure(n, underline=free)


def _toggle(app: TutorApp, name: str, var: tk.BooleanVar) -> None:
    if name == "tutor_panel":
        app.panel_shown.set(var.get())
    app.change_setting(name, var.get())
    if name in app.game.option_defaults:  # a rule of the deal: it starts with the next one
        state = "on" if var.get() else "off"
        game = app.game
        app.say(f"{option_title(name)} will be {state} from your next game "
                f"({key_for(game, 'new')} for a new game, {key_for(game, 'same')} to play "
                "this deal again).", "info")


def _bind_keys(app: TutorApp, commands: dict[str, Callable[[], None]]) -> None:
    root = app.root

    def run(action: Callable[[], None]) -> Callable[[tk.Event], str]:
        def handler(event: tk.Event) -> str:
            if app.paused:
                app.resume()
                return "break"
            action()
            return "break"
        return handler

    for key in SHARED_KEYS:
        (app.table if key.on_table else root).bind(key.sequence, run(commands[key.command]))

    def letter(event: tk.Event) -> str | None:
        if app.paused:
            app.resume()
            return "break"
        if int(event.state) & MODIFIERS:  # Ctrl+ shortcuts above, Alt+ opens a menu
            return None
        keys = app.game.letter_keys
        name = keys.get(event.keysym) or keys.get(event.keysym.lower())
        if name is None:
            return None
        commands[name]()
        return "break"

    app.table.bind("<Key>", letter, add="+")

    def letter_off_the_table(event: tk.Event) -> str | None:
        # The game's keys work wherever the keys are in the window (a pupil who
        # pressed the panel's Hint with the keys had to press F6 before D or H
        # did anything), except where a key types: a box to write in.
        widget = event.widget
        if widget is app.table or not isinstance(widget, tk.Misc) or _takes_typing(widget):
            return None
        return letter(event)

    root.bind("<Key>", letter_off_the_table, add="+")
    # Function keys among the games' single keys (Thirteen's F10) work anywhere in the window.
    for sym in {sym for game_id in GAME_IDS for sym in game_class(game_id).letter_keys
                if sym[:1] == "F" and sym[1:].isdigit()}:
        root.bind(f"<{sym}>", letter)


def _takes_typing(widget: tk.Misc) -> bool:
    """Whether letters typed in `widget` are text (an entry, or a text that can change)."""
    kind = widget.winfo_class()
    if kind in ("Entry", "TEntry", "Spinbox", "TSpinbox"):
        return True
    if kind == "TCombobox":
        return str(widget.cget("state")) != "readonly"
    return kind == "Text" and str(widget.cget("state")) == "normal"


def _shared_first_word(labels: list[str]) -> bool:
    """Whether every one of several labels starts with the same word."""
    firsts = {label.split(" ", 1)[0] for label in labels}
    return len(labels) > 1 and len(firsts) == 1


def _show_keys(app: TutorApp) -> None:
    from .dialogs import TextDialog
    TextDialog(app.root, "Keys", keys_text(app.game))


def _show_using(app: TutorApp) -> None:
    """Help > Using the tutor: what each part of the tutor does (lessons/using-the-tutor.txt)."""
    from ..resources import read_resource
    from .dialogs import TextDialog
    try:
        text = read_resource("lessons", "using-the-tutor.txt").decode("utf-8", "replace")
    except OSError as error:
        text = f"This help could not be read ({error})."
    TextDialog(app.root, "Using the tutor", "\n\n".join(
        " ".join(part.split()) for part in text.strip().split("\n\n")))


def _show_class(app: TutorApp) -> None:
    """Every player's games in the data folder, for the teacher (`classdialog`)."""
    from .classdialog import ClassDialog
    app.root.configure(cursor="watch")   # a class of forty takes a second to read
    app.root.update_idletasks()
    try:
        ClassDialog(app.root, app.store.folder)
    finally:
        app.root.configure(cursor="")


def post_options(app: TutorApp) -> None:
    """Thirteen's O: open the Options menu where the pupil is looking.

    As a popup menu: it takes the keys and the mouse while it is open, and
    Escape, a choice or a click anywhere else closes it and gives them back
    (a menu merely posted stayed open over everything, dialogs too).
    """
    menu = app.choices.options_menu
    # Tk's own Escape does nothing in a menu that is also in the menu bar.
    menu.bind("<Escape>", lambda event: _close_options(app, menu))
    menu.tk_popup(app.table.winfo_rootx() + 40, app.table.winfo_rooty() + 40)


def _close_options(app: TutorApp, menu: tk.Menu) -> str:
    try:
        menu.tk.call("tk::MenuUnpost", menu)  # Tk's own closing: it forgets the popup
    except tk.TclError:
        menu.unpost()
    menu.grab_release()
    app.table.focus_set()
    return "break"
