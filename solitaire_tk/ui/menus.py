"""The menu bar and the keys of every game (each seed's commands have a
menu entry or a key; accelerators are shown in the menus).

Keys that a game's own help gives a meaning (Thirteen's H is Help, its N is
New hand) are bound for that game only; the rest work in every game.
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Callable

from ..registry import GAME_IDS, game_class

if TYPE_CHECKING:
    from .app import TutorApp

TABLE_COLOURS = (("Green baize", "#1f6f43"), ("Blue", "#1d4f7a"), ("Burgundy", "#6d1f2c"),
                 ("Grey", "#4a4f55"))
BORDER_COLOURS = (("Dark green", "#0d3b22"), ("Navy", "#0b2440"), ("Wood", "#5a3a1a"),
                  ("Black", "#111111"))
UNDO_LABEL_CHARS = 48
VARIANT_NAMES = {"draw1": "Klondike: draw one", "draw3": "Klondike: draw three",
                 "draw1-single": "Klondike: one pass only"}
# Thirteen's own single keys (its help's keyboard shortcuts).
THIRTEEN_KEYS = {"a": "about", "b": "pause", "d": "deal", "h": "help", "n": "new", "o": "options",
                 "p": "players", "q": "quit", "s": "same", "question": "help",
                 "F10": "quit_unsaved"}
# Single keys in the other games.
COMMON_KEYS = {"d": "deal", "h": "hint"}


@dataclass
class MenuChoices:
    """The menus' radio and check variables, kept in step with the settings."""

    game: tk.StringVar
    back: tk.StringVar
    colour: tk.StringVar
    border: tk.StringVar
    options_menu: tk.Menu
    options: dict[str, tk.BooleanVar] = field(default_factory=dict)
    control_menu: tk.Menu | None = None
    undo_entry: int | None = None

    def show_undo(self, label: str | None) -> None:
        """Name what Undo would take back ("Undo: move the 6 of spades ...")."""
        if self.control_menu is None or self.undo_entry is None:
            return
        if label is None:  # still clickable: it says why nothing can be taken back
            self.control_menu.entryconfigure(self.undo_entry, label="Undo (nothing to take back)")
            return
        text = label[:1].lower() + label[1:].rstrip(".")
        if len(text) > UNDO_LABEL_CHARS:
            text = text[:UNDO_LABEL_CHARS - 3].rstrip() + "..."
        self.control_menu.entryconfigure(self.undo_entry, label=f"Undo: {text}")

    def reload(self, settings: object) -> None:
        """After a change of player: show that player's choices."""
        self.back.set(getattr(settings, "card_back"))
        self.colour.set(getattr(settings, "table_colour"))
        self.border.set(getattr(settings, "border_colour"))
        for name, var in self.options.items():
            var.set(bool(getattr(settings, name)))


def install(app: TutorApp) -> MenuChoices:
    root = app.root
    bar = tk.Menu(root)
    root.configure(menu=bar)
    commands = _commands(app)
    settings = app.settings
    options = tk.Menu(bar, tearoff=False)
    choices = MenuChoices(tk.StringVar(value=_choice_key(app)),
                          tk.StringVar(value=settings.card_back),
                          tk.StringVar(value=settings.table_colour),
                          tk.StringVar(value=settings.border_colour), options)

    game = tk.Menu(bar, tearoff=False)
    bar.add_cascade(label="Game", menu=game, underline=0)
    game.add_command(label="New game", accelerator="F2", command=commands["new"], underline=0)
    game.add_command(label="Same deal again", accelerator="Ctrl+R", command=commands["same"],
                     underline=0)
    game.add_command(label="Choose deal number...", accelerator="Ctrl+G",
                     command=commands["choose"], underline=7)
    game.add_separator()
    choose = tk.Menu(game, tearoff=False)
    game.add_cascade(label="Play another game", menu=choose, underline=0)
    for game_id in GAME_IDS:
        cls = game_class(game_id)
        for variant in cls.variants:
            label = VARIANT_NAMES.get(variant, cls.title)
            choose.add_radiobutton(label=label, variable=choices.game,
                                   value=f"{game_id}/{variant}",
                                   command=partial(app.new_game, game_id, variant))
    game.add_separator()
    game.add_command(label="Open saved game to replay...", accelerator="Ctrl+O",
                     command=app.open_file, underline=0)
    game.add_command(label="Replay this game", accelerator="Ctrl+E",
                     command=app.replay_current, underline=0)
    game.add_command(label="Save game as...", accelerator="Ctrl+S", command=app.save_as,
                     underline=0)
    game.add_separator()
    game.add_command(label="Statistics (Record)...", command=app.show_stats, underline=1)
    game.add_command(label="Players...", accelerator="P in Thirteen", command=app.show_players,
                     underline=0)
    game.add_separator()
    game.add_command(label="Exit", accelerator="Ctrl+Q", command=app.quit, underline=1)

    control = tk.Menu(bar, tearoff=False)
    bar.add_cascade(label="Control", menu=control, underline=0)
    control.add_command(label="Undo (Backup)", accelerator="Ctrl+Z", command=app.undo,
                        underline=0)
    choices.control_menu, choices.undo_entry = control, control.index("end")
    control.add_command(label="Hint", accelerator="H", command=app.hint, underline=0)
    hint_entry = control.index("end")
    control.add_command(label="Deal / turn the deck", accelerator="D", command=app.deal_key,
                        underline=0)
    control.add_separator()
    control.add_command(label="Pause (blank the table)", accelerator="Ctrl+P",
                        command=app.pause, underline=0)
    control.add_command(label="Resume", command=app.resume, underline=0)

    bar.add_cascade(label="Options", menu=options, underline=0)
    _option_menu(app, choices)
    _feel_entries(app, choices, control)

    help_menu = tk.Menu(bar, tearoff=False)
    bar.add_cascade(label="Help", menu=help_menu, underline=0)
    help_menu.add_command(label="How to play", accelerator="F1", command=app.show_help,
                          underline=0)
    help_menu.add_command(label="Keys", command=lambda: _show_keys(app), underline=0)
    help_menu.add_command(label="About Solitaire Tutor", command=app.show_about, underline=0)

    _bind_keys(app, commands)

    def game_changed(game: object) -> None:
        choices.game.set(_choice_key(app))
        # In Thirteen H is Help (its own key); Ctrl+H gives a hint in every game.
        key = "Ctrl+H" if app.game.game_id == "thirteen" else "H"
        if hint_entry is not None:
            control.entryconfigure(hint_entry, accelerator=key)

    app.hub.subscribe("game_changed", game_changed)
    game_changed(app.game)
    return choices


def _choice_key(app: TutorApp) -> str:
    return f"{app.game.game_id}/{app.game.variant}"


def _commands(app: TutorApp) -> dict[str, Callable[[], None]]:
    return {
        "new": lambda: app.new_game(), "same": app.same_deal, "choose": app.choose_deal,
        "about": app.show_about, "pause": app.pause, "deal": app.deal_key, "help": app.show_help,
        "hint": app.hint, "options": app.post_options,
        "players": app.show_players,
        "quit": app.quit, "quit_unsaved": lambda: app.quit(record=False),
    }


def _option_menu(app: TutorApp, choices: MenuChoices) -> None:
    settings = app.settings
    options = choices.options_menu
    options.add_command(label="Deck (card back)...", command=app.choose_back, underline=0)
    for title, setting, variable, colours in (
            ("Table colour", "table_colour", choices.colour, TABLE_COLOURS),
            ("Border colour", "border_colour", choices.border, BORDER_COLOURS)):
        submenu = tk.Menu(options, tearoff=False)
        options.add_cascade(label=title, menu=submenu, underline=0)
        for label, colour in colours:
            submenu.add_radiobutton(label=label, value=colour, variable=variable,
                                    command=partial(app.change_setting, setting, colour))
    options.add_checkbutton(label="Show moves (Thirteen: Move alert)", variable=app.show_moves,
                            underline=0)
    for name, label in (("four_colour", "Four-colour deck"),
                        ("tutor_panel", "Show the tutor panel"),
                        ("messages", "Messages: pop up why a move is not allowed (Cruel)"),
                        ("easy_mode", "Easy mode: use the card under the top (Thirteen)"),
                        ("sound", "Sound"),
                        ("show_stats_after_game", "Show statistics after each game")):
        var = tk.BooleanVar(value=bool(getattr(settings, name)))
        choices.options[name] = var
        options.add_checkbutton(label=label, variable=var, command=partial(_toggle, app, name, var))


def _feel_entries(app: TutorApp, choices: MenuChoices, control: tk.Menu) -> None:
    """Finish, and the options for cards that move by themselves."""
    control.add_command(label="Finish: send every card left where it belongs", accelerator="Ctrl+F",
                        command=app.finish, underline=0)

    def finish_key(event: tk.Event) -> str:
        if app.paused:
            app.resume()
        else:
            app.finish()
        return "break"

    app.root.bind("<Control-f>", finish_key)
    options = choices.options_menu
    for name, label in (("auto_move", "Auto-move: safe cards go where they belong by themselves"),
                        ("animations", "Animations: cards slide into place"),
                        ("celebrate", "Celebrate a won game")):
        var = tk.BooleanVar(value=bool(getattr(app.settings, name)))
        choices.options[name] = var
        options.add_checkbutton(label=label, variable=var, command=partial(_toggle, app, name, var))


def _toggle(app: TutorApp, name: str, var: tk.BooleanVar) -> None:
    if name == "tutor_panel":
        app.panel_shown.set(var.get())
    app.change_setting(name, var.get())
    if name == "easy_mode" and app.game.game_id == "thirteen":
        state = "on" if var.get() else "off"
        app.say(f"Easy mode will be {state} from your next hand (N for a new hand, "
                "S to play this one again).", "info")


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

    for sequence, name in (("<F2>", "new"), ("<Control-n>", "new"), ("<Control-r>", "same"),
                           ("<Control-g>", "choose"), ("<F1>", "help"), ("<Control-p>", "pause"),
                           ("<Control-q>", "quit")):
        root.bind(sequence, run(commands[name]))
    root.bind("<Control-z>", run(app.undo))
    root.bind("<Control-e>", run(app.replay_current))
    root.bind("<Control-h>", run(app.hint))
    root.bind("<Control-o>", run(app.open_file))
    root.bind("<Control-s>", run(app.save_as))
    app.table.bind("<BackSpace>", run(app.undo))

    def letter(event: tk.Event) -> str | None:
        if app.paused:
            app.resume()
            return "break"
        if int(event.state) & 0x4:  # Control held: those are the Ctrl+ shortcuts above
            return None
        keys = THIRTEEN_KEYS if app.game.game_id == "thirteen" else COMMON_KEYS
        name = keys.get(event.keysym) or keys.get(event.keysym.lower())
        if name is None:
            return None
        commands[name]()
        return "break"

    app.table.bind("<Key>", letter, add="+")
    root.bind("<F10>", letter)


def _show_keys(app: TutorApp) -> None:
    from .dialogs import TextDialog
    text = ("Every game:\n"
            "  Arrow keys or Tab: move the yellow ring between piles\n"
            "  Shift + arrow: choose a deeper card of the pile\n"
            "  Enter or Space: pick up a card, then put it down where the ring is\n"
            "  Enter twice: send the card to its best place;  Escape: put it back\n"
            "  D: deal or turn the deck;  H: hint;  Backspace or Ctrl+Z: undo\n"
            "  F2: new game;  Ctrl+R: same deal;  Ctrl+G: choose a deal number\n"
            "  F1: help;  Ctrl+P: pause;  Ctrl+S: save;  Ctrl+O: open;  Ctrl+Q: quit\n\n"
            "Thirteen, as in its own help:\n"
            "  A about, B blank the screen, D deal, H help, N new hand, O options,\n"
            "  P change player, Q quit, S same hand, ? and F1 help,\n"
            "  F10 quit without saving the game (it is not counted)\n\n"
            "Double Solitaire: Shift+click shows how many cards a pile has;\n"
            "  Alt+click picks up a pile once pile 22 is empty.")
    TextDialog(app.root, "Keys", text)
