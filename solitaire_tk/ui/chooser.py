"""The game chooser shown on a first run: the five games in a sentence each."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from functools import partial
from typing import Any

from ..engine import Game
from ..registry import GAME_IDS, game_class
from ..session import new_game_for
from .sizes import wrap_width

def _play_choice(chosen: tk.StringVar, game_id: str, variant: tk.StringVar, value: str,
                 event: tk.Event) -> str:
    variant.set(value)
    chosen.set(game_id)
    return "break"


def choose_game(root: tk.Tk, store: Any) -> Game | None:
    """Show the chooser in `root` and wait; None if the window was closed."""
    root.title("Solitaire Tutor: choose a game")
    # In the middle of the window (on a projector's big first window it sat in
    # the top left corner of a grey expanse), on the theme's own grey.
    page = ttk.Frame(root)
    page.pack(fill="both", expand=True)
    frame = ttk.Frame(page, padding=24)
    frame.pack(expand=True)
    ttk.Label(frame, text="Which game would you like to learn?",
              font=("DejaVu Sans", 16, "bold")).pack(anchor="w", pady=(0, 12))
    chosen = tk.StringVar()
    variants = {}   # the variant picked, for each game that has several
    buttons = []
    for game_id in GAME_IDS:
        game = game_class(game_id)
        row = ttk.Frame(frame)
        row.pack(fill="x", pady=4)
        button = ttk.Button(row, text=game.title, width=18, command=partial(chosen.set, game_id))
        button.pack(side="left")
        buttons.append(button)
        # Beside its button: the room the screen leaves there (at 150% on an
        # 800x600 screen a sentence wrapped as if alone ran off the edge).
        room = root.winfo_screenwidth() - button.winfo_reqwidth() - 2 * 24 - 12 - 40
        ttk.Label(row, text=game.blurb, wraplength=min(wrap_width(root, 520), room),
                  justify="left").pack(side="left", padx=12)
        if len(game.variants) > 1:
            variants[game_id] = variant = tk.StringVar(value=game.variants[0])
            choices = ttk.Frame(frame)
            choices.pack(anchor="w", padx=(160, 0))
            for value in game.variants:
                label = game.variant_descriptions.get(value, game.variant_names.get(value, value))
                choice = ttk.Radiobutton(choices, text=label, value=value, variable=variant)
                choice.pack(anchor="w")
                # "Tab and Enter": Enter on a choice plays it (Space only ticks it).
                for key in ("<Return>", "<KP_Enter>"):
                    choice.bind(key, partial(_play_choice, chosen, game_id, variant, value))
    ttk.Label(frame, text="Use the mouse, or Tab and Enter. You can change game any time "
              "from the Game menu.", foreground="#555555").pack(anchor="w", pady=(16, 0))
    root.protocol("WM_DELETE_WINDOW", lambda: chosen.set("-"))
    buttons[0].focus_set()
    root.wait_variable(chosen)
    if chosen.get() == "-" or not root.winfo_exists():
        return None
    page.destroy()
    game_id = chosen.get()
    chosen_variant = variants[game_id].get() if game_id in variants else None
    from .launch import winnable_deals
    return new_game_for(store, game_id, chosen_variant, deals=winnable_deals(store))
