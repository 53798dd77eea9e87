"""The game chooser shown on a first run: the five games in a sentence each."""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from functools import partial
from typing import Any

from ..engine import Game
from ..session import new_game_for

GAMES = (
    ("cruel", "Cruel", "Twelve stacks of four. Build up each suit from the Ace; "
     "when you are stuck, deal the stacks again."),
    ("klondike", "Klondike", "The classic: seven stacks, red on black, Kings into gaps, "
     "and four home stacks from Ace to King."),
    ("thirteen", "Thirteen", "Take away pairs that add up to 13, and Kings on their own."),
    ("double", "Double Solitaire", "Two decks and 23 numbered places: build up from Aces "
     "and down from Kings."),
    ("dammit", "Dammit!", "Fill a 4 by 4 grid: Kings in the corners, Queens and Jacks on "
     "the edges, and take away tens."),
)
KLONDIKE_VARIANTS = (("draw1", "Turn one card (three times through)"),
                     ("draw3", "Turn three cards (as often as you like)"),
                     ("draw1-single", "Turn one card (once through)"))


def _choose_on_key(chosen: tk.StringVar, game_id: str, event: tk.Event) -> None:
    chosen.set(game_id)


def choose_game(root: tk.Tk, store: Any) -> Game | None:
    """Show the chooser in `root` and wait; None if the window was closed."""
    root.title("Solitaire Tutor: choose a game")
    frame = ttk.Frame(root, padding=24)
    frame.pack(fill="both", expand=True)
    ttk.Label(frame, text="Which game would you like to learn?",
              font=("DejaVu Sans", 16, "bold")).pack(anchor="w", pady=(0, 12))
    chosen = tk.StringVar()
    variant = tk.StringVar(value="draw1")
    buttons = []
    for game_id, title, blurb in GAMES:
        row = ttk.Frame(frame)
        row.pack(fill="x", pady=4)
        button = ttk.Button(row, text=title, width=18, command=partial(chosen.set, game_id))
        button.pack(side="left")
        button.bind("<Return>", partial(_choose_on_key, chosen, game_id))
        buttons.append(button)
        ttk.Label(row, text=blurb, wraplength=520, justify="left").pack(side="left", padx=12)
        if game_id == "klondike":
            choices = ttk.Frame(frame)
            choices.pack(anchor="w", padx=(160, 0))
            for value, label in KLONDIKE_VARIANTS:
                ttk.Radiobutton(choices, text=label, value=value, variable=variant).pack(anchor="w")
    ttk.Label(frame, text="Use the mouse, or Tab and Enter. You can change game any time "
              "from the Game menu.", foreground="#555555").pack(anchor="w", pady=(16, 0))
    root.protocol("WM_DELETE_WINDOW", lambda: chosen.set("-"))
    buttons[0].focus_set()
    root.wait_variable(chosen)
    if chosen.get() == "-" or not root.winfo_exists():
        return None
    frame.destroy()
    game_id = chosen.get()
    chosen_variant = variant.get() if game_id == "klondike" else None
    return new_game_for(store, game_id, chosen_variant)
