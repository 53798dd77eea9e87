"""Game > Save as and Game > Open saved game: the file dialogs."""

from __future__ import annotations

from pathlib import Path
from tkinter import filedialog, messagebox
from typing import TYPE_CHECKING

from ..keptgames import deal_stem
from ..storage import SaveError, save_game

if TYPE_CHECKING:
    from .app import TutorApp


def save_as(app: TutorApp) -> None:
    path = filedialog.asksaveasfilename(
        parent=app.root, title="Save this game", defaultextension=".json",
        initialdir=str(app.store.saved_games_dir()),
        initialfile=f"{deal_stem(app.game)}.json",
        filetypes=[("Saved games", "*.json"), ("All files", "*")])
    if not path:
        return
    try:
        save_game(app.game, path)
    except SaveError as error:
        messagebox.showerror("Not saved", str(error), parent=app.root)
        return
    app.say(f"Saved the game in {path}.", "info")


def open_file(app: TutorApp, path: str | None = None) -> None:
    """Open a saved game for replay, step by step from its deal."""
    if path is None:
        path = filedialog.askopenfilename(
            parent=app.root, title="Open a saved game to replay",
            initialdir=str(app.store.saved_games_dir()),
            filetypes=[("Saved games", "*.json"), ("All files", "*")])
        if not path:
            return
    if not app.replay.open(path, Path(path).name):
        messagebox.showerror("Cannot open this game", app.panel.message.cget("text"),
                             parent=app.root)
