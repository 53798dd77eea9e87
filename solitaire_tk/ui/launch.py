"""Open the window: make Windows draw it sharply, load the player's data,
and put the right game on the table (the one asked for, the unfinished one,
or the chooser on a first run)."""

from __future__ import annotations

import argparse
import gc
import re
import sys
import tkinter as tk
from functools import partial
from typing import TYPE_CHECKING, Callable

from ..engine import Game
from ..registry import new_game
from ..resources import resource, resource_files
from ..savefile import GameFileError, Replay
from ..session import new_game_for, same_deal, unfinished_game
from ..userdata import DataStore

if TYPE_CHECKING:
    from ..winnabledeals import WinnableDeals
    from .app import TutorApp


def make_dpi_aware() -> None:
    """Before the first Tk(): without it Windows blurs the window on a scaled screen."""
    if sys.platform != "win32":
        return
    try:
        import ctypes
        ctypes.windll.shcore.SetProcessDpiAwareness(1)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        pass


def load_shipped_fonts() -> None:
    """On Windows, let Tk's own text use the DejaVu fonts the app ships (for this
    process only, nothing is installed), so menus and help look as on Linux."""
    if sys.platform != "win32":
        return
    try:
        import ctypes
        private = 0x10  # FR_PRIVATE
        for name in resource_files("images", "fonts"):
            if name.endswith(".ttf"):
                path = resource("images", "fonts", name)
                ctypes.windll.gdi32.AddFontResourceExW(str(path), private, 0)  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        pass  # Tk falls back to the system font


def first_game(args: argparse.Namespace, store: DataStore) -> Game | None:
    """The game to open, or None to show the chooser (a replay opens over it)."""
    if args.game == "replay":
        replay = Replay(args.file)  # checked before any window opens
        args.checked_replay = replay  # opened as it is: a long file is not checked twice
        return store.resume() or new_game(replay.game_id, replay.final.variant,
                                          player=store.current_player)
    if args.game:
        variant = args.variant or store.settings.last_variant.get(args.game)
        return new_game_for(store, args.game, variant, seed=args.seed,
                            deals=None if args.seed else winnable_deals(store))
    resumed = store.resume()
    if resumed is not None:
        return resumed
    if store.has_played or store.read_only:  # read-only: ask that before the chooser
        game_id = store.settings.last_game
        return new_game_for(store, game_id, store.settings.last_variant.get(game_id),
                            deals=winnable_deals(store))
    return None


def winnable_deals(store: DataStore) -> WinnableDeals:
    """The lists of winnable deals, for a first game dealt as New game deals one
    (the window says "This deal can be won" only of deals it took itself)."""
    from ..winnabledeals import WinnableDeals
    return WinnableDeals(store.folder)


DEFAULT_SIZE = "1100x720"   # the first window (no saved size), on an ordinary screen
# On a large screen (a classroom's projector) the first window takes this
# share of it each way, so the cards can be read from the back of the room.
SCREEN_SHARE = 0.8
TASKBAR_ROOM = 80   # pixels kept free at the bottom for a taskbar and the window's title bar
EDGE_SLACK = 16     # may hang off the left or top (Windows puts maximised windows at -8)
_GEOMETRY = re.compile(r"(?:(\d+)x(\d+))?(?:([+-])(-?\d+)([+-])(-?\d+))?")


def fit_to_screen(geometry: str, screen_width: int, screen_height: int) -> str:
    """A saved window size and place that fits this screen: kept as it is when
    it fits, otherwise made smaller and moved so all of it can be seen and
    reached (a size saved on a big screen opened partly off a small one)."""
    found = _GEOMETRY.fullmatch(geometry.strip())
    if not geometry.strip() or found is None:
        return geometry
    width_text, height_text, x_sign, x_text, y_sign, y_text = found.groups()
    room = screen_height - TASKBAR_ROOM
    # Without a size the window opens at its usual size: keep that much on the screen.
    width, height = ((int(width_text), int(height_text)) if width_text
                     else map(int, DEFAULT_SIZE.split("x")))
    width, height = min(width, screen_width), min(height, room)
    size = f"{width}x{height}" if width_text else ""
    if x_sign is None:
        return size
    # "-10" counts from the right (or bottom) edge; "+-10" is just off the left (top).
    x = int(x_text) if x_sign == "+" else screen_width - width - int(x_text)
    y = int(y_text) if y_sign == "+" else screen_height - height - int(y_text)
    x = max(-EDGE_SLACK, min(x, screen_width - width))
    y = max(-EDGE_SLACK, min(y, room - height))
    return f"{size}+{x}+{y}"


def first_size(screen_width: int, screen_height: int) -> str:
    """The size of the first window (no size saved): `DEFAULT_SIZE`, or
    `SCREEN_SHARE` of a screen where that is more (1920x1080: 1536x864)."""
    width, height = map(int, DEFAULT_SIZE.split("x"))
    return (f"{max(width, round(screen_width * SCREEN_SHARE))}"
            f"x{max(height, round(screen_height * SCREEN_SHARE))}")


def size_window(root: tk.Tk, saved: str) -> None:
    """The window as the player left it (at first, `first_size`), fitted to
    the screen it opens on."""
    screen = root.winfo_screenwidth(), root.winfo_screenheight()
    root.geometry(fit_to_screen(saved or first_size(*screen), *screen))


# When the cyclic garbage collector, off while the window opens, is turned on again.
COLLECT_AFTER_MS = 1500


def collect_garbage_from_now_on() -> None:
    """Collect once, keep what start-up made out of later collections (it lives
    as long as the window: `gc.freeze`), and turn the collector back on."""
    if not gc.isenabled():
        gc.collect()
        gc.freeze()
        gc.enable()


def launch(args: argparse.Namespace) -> int:
    try:
        return _launch(args)
    finally:
        collect_garbage_from_now_on()   # whatever happened, never left off


def _launch(args: argparse.Namespace) -> int:
    try:
        store = DataStore(args.data_dir)
    except OSError as error:
        print(f"solitaire-tk: cannot use the data folder: {error}", file=sys.stderr)
        return 2
    try:
        game = first_game(args, store)
    except GameFileError as error:
        print(f"solitaire-tk: cannot open that saved game: {error}", file=sys.stderr)
        return 2
    make_dpi_aware()
    load_shipped_fonts()
    try:
        root = tk.Tk(className="SolitaireTutor")
    except tk.TclError as error:   # no screen (a remote shell), or no Tk at all
        store.release_player()
        print(f"solitaire-tk: cannot open a window ({error}). Start it on a computer's "
              "desktop, where there is a screen to show it on.", file=sys.stderr)
        return 2
    from .window import prepare_root
    from .chooser import choose_game
    prepare_root(root)
    size_window(root, store.settings.window_geometry)
    chose = game is None
    if game is None:
        game = choose_game(root, store)
        if game is None:
            root.destroy()
            return 0
    app = open_app(root, store, args, game)
    if chose:  # a new player: the first lesson of the game they picked
        app.course.offer(game.game_id)
    from . import startprobe
    if startprobe.wanted():  # scripts/benchmark.py --startup
        startprobe.watch(root, lambda: app.table.layout is not None,
                         (app.table, "<<TableLaidOut>>"), settled=app.table.cards_all_kept)
    root.after(COLLECT_AFTER_MS, collect_garbage_from_now_on)
    root.mainloop()
    store.release_player()  # another window may play as this player now
    return 0


def open_app(root: tk.Tk, store: DataStore, args: argparse.Namespace, game: Game) -> TutorApp:
    """The main window on `game` (the game the command line asked for), with
    what start-up says and asks; returns the `TutorApp`."""
    # A game asked for on the command line over an unfinished one: the unfinished
    # game is shown and the window asks, as F2 does (No plays on with it).
    from .app import TutorApp
    waiting = unfinished_game(store) if args.game not in (None, "replay") else None
    resumed = args.game is None or (waiting is not None and same_deal(waiting, game))
    if resumed and waiting is not None:
        game, waiting = waiting, None   # the very deal asked for: play on with it
    app = TutorApp(root, store, waiting or game)
    if (resumed or waiting is not None) and store.resumed_with_hints:
        app.used_hints = True  # the hints asked for before the restart still count
    if game.log and resumed:
        app.say(f"Welcome back! Here is the game of {game.title} you had not finished.",
                "info")
    if store.notice:
        app.say(store.notice, "notice")
    who = app.show_players if len(store.players()) > 1 else None  # as Thirteen asks at start
    if store.read_only:  # another window plays as this player: switch, or read-only
        from .playerswitch import ask_playing_elsewhere
        who = partial(ask_playing_elsewhere, app)
    if args.game == "replay":
        from pathlib import Path
        app.replay.open(getattr(args, "checked_replay", None) or args.file,
                        Path(args.file).name)
    elif waiting is not None:
        asked_for = game
        app.say(f"Here is your game of {waiting.title}: it is not finished. Yes starts the "
                f"game of {game.title} you asked for; No plays on with this one.", "info")
        _when_shown(root, lambda: app.replace_game(lambda: asked_for, then=who))
    elif who is not None:
        root.after_idle(who)
    return app


def _when_shown(root: tk.Tk, action: Callable[[], None]) -> None:
    """Run `action` once the main window is on the screen, so that a question it
    asks is placed over the window (before that, the window has no place yet)."""
    if root.winfo_ismapped():
        root.after_idle(action)
        return

    waiting = [True]  # (unbinding one handler would remove every <Map> handler of root)

    def mapped(event: tk.Event) -> None:
        if event.widget is root and waiting[0]:
            waiting[0] = False
            root.after_idle(action)

    root.bind("<Map>", mapped, add="+")
