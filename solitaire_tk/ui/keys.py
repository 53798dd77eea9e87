"""Every key the window binds, in one table.

The bindings (menus.py), the menus' accelerators, Help > Keys and every
sentence that names a key ("press H again", "Press F1 for help") are made
from this table and from the game's own single keys (`Game.letter_keys`),
so a key named in a sentence is always a key that does it in the game in play.
"""

from __future__ import annotations


from ..engine import Game
from ..records import record
from ..registry import GAME_IDS, game_class


@record(frozen=True)
class Key:
    sequence: str          # Tk's event pattern
    label: str             # the key as a pupil reads it
    command: str           # a name in menus._commands
    on_table: bool = False  # bound on the table only (Backspace edits text in dialogs)


# Keys that work in every game, in the order they are named (the first key
# of a command is the one sentences use, unless the game has a single key).
SHARED_KEYS = (
    Key("<F2>", "F2", "new"), Key("<Control-n>", "Ctrl+N", "new"),
    Key("<Control-r>", "Ctrl+R", "same"), Key("<Control-g>", "Ctrl+G", "choose"),
    Key("<Control-z>", "Ctrl+Z", "undo"), Key("<BackSpace>", "Backspace", "undo", True),
    Key("<Control-y>", "Ctrl+Y", "redo"), Key("<Control-f>", "Ctrl+F", "finish"),
    Key("<Control-h>", "Ctrl+H", "hint"),
    Key("<F1>", "F1", "help"), Key("<F6>", "F6", "panel"),
    Key("<Control-p>", "Ctrl+P", "pause"),
    Key("<Control-e>", "Ctrl+E", "replay"), Key("<Control-o>", "Ctrl+O", "open"),
    Key("<Control-s>", "Ctrl+S", "save"), Key("<Control-q>", "Ctrl+Q", "quit"),
    Key("<Control-Prior>", "Ctrl+Page Up", "previous_player"),
    Key("<Control-Next>", "Ctrl+Page Down", "next_player"),
)

# What each command does, in Help > Keys.
COMMAND_WORDS = {
    "new": "new game", "same": "same deal again", "choose": "choose a deal number",
    "undo": "undo", "redo": "redo (after undo)",
    "finish": "finish: send every card left where it belongs", "hint": "hint", "help": "help", "pause": "pause (blank the table)",
    "replay": "replay this game", "open": "open a saved game", "save": "save the game",
    "quit": "quit", "deal": "deal or turn the deck", "about": "about",
    "options": "options", "players": "change player",
    "previous_player": "play as the previous player", "next_player": "play as the next player",
    "quit_unsaved": "quit and throw this game away, once you say yes (it is not counted)",
    "panel": "keys to the tutor panel and back (there Tab goes round it)",
}


def key_label(keysym: str) -> str:
    """A Tk keysym as it is printed on the key: "h" -> "H", "question" -> "?"."""
    if keysym == "question":
        return "?"
    return keysym.upper() if len(keysym) == 1 else keysym


def keys_for(game: Game, command: str) -> list[str]:
    """Every key that runs `command` in `game`: its own single keys first."""
    own = [key_label(sym) for sym, name in game.letter_keys.items() if name == command]
    return own + [key.label for key in SHARED_KEYS if key.command == command]


def key_for(game: Game, command: str) -> str:
    """The key a sentence names for `command` in `game` ("H", or "Ctrl+H" in Thirteen)."""
    found = keys_for(game, command)
    return found[0] if found else ""


def keys_text(game: Game) -> str:
    """Help > Keys: every binding of the table above and every game's single keys."""
    lines = ["Every game:",
             "  Arrow keys or Tab: move the dashed yellow ring between piles",
             "  Shift + arrow: choose a deeper card of the pile",
             "  Enter or Space: pick up a card, then put it down where the ring is",
             "  Enter twice: send the card to its best place;  Escape: put it back",
             "  Alt+G, Alt+C, Alt+O, Alt+H: open the Game, Control, Options or Help menu"]
    commands = list(dict.fromkeys(key.command for key in SHARED_KEYS))
    for command in commands:
        labels = " or ".join(key.label for key in SHARED_KEYS if key.command == command)
        lines.append(f"  {labels}: {COMMAND_WORDS[command]}")
    groups: dict[tuple[tuple[str, str], ...], list[str]] = {}
    for game_id in GAME_IDS:
        cls = game_class(game_id)
        groups.setdefault(tuple(cls.letter_keys.items()), []).append(cls.title)
    for letters, titles in groups.items():
        here = " (the game in play)" if game.title in titles else ""
        lines.append(f"\nSingle keys in {', '.join(titles)}{here}:")
        lines.extend(f"  {key_label(sym)}: {COMMAND_WORDS[name]}" for sym, name in letters)
    lines.append("\nShift+click, or Shift+Enter on the ring's pile: how many cards a pile has.\n"
                 "\nDouble Solitaire: Alt+click picks up a pile once pile 22 is empty\n"
                 "  (with the keys: pick up its top card and put it down on pile 23).\n"
                 "\nIn a replay: Left and Right step, Home and End go to the deal and the\n"
                 "  last step, Space plays them one after another, Escape closes it.")
    return "\n".join(lines)
