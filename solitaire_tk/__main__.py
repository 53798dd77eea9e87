"""Start Solitaire Tutor: `solitaire-tk [GAME] [--variant V] [--seed N] [--data-dir DIR]`
or `solitaire-tk replay FILE`, or `solitaire-tk report [--data-dir DIR] [--csv FILE]` (the
class table, `classreport`: nothing in DIR is changed), or `solitaire-tk analyse FILE
[--seconds S]` (the steps where a saved game was lost, `mistakes`).  A bad argument
prints a clear message and exits 2.

Without GAME the player's unfinished game comes back.  With GAME over an
unfinished game, the window opens on the unfinished game and asks, as F2 does,
before the new one is dealt; asked for that very deal, it plays on with it
(`ui.launch.open_app`)."""

from __future__ import annotations

import argparse
import gc
import sys
from typing import Sequence

from .cards import MAX_SEED
from .registry import GAME_IDS, game_class


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="solitaire-tk",
        description="Solitaire Tutor: play and learn Cruel, Klondike, Thirteen, "
                    "Double Solitaire and Dammit!")
    parser.add_argument("game", nargs="?", help=f"the game to open: {', '.join(GAME_IDS)}, "
                        "or 'replay' followed by a saved game file (over a game you have "
                        "not finished, the window asks first), or 'report' for the table of "
                        "every player's games in --data-dir (or this computer's folder), or 'analyse' followed by a "
                        "saved game file to print the steps where it was lost")
    parser.add_argument("file", nargs="?", help=argparse.SUPPRESS)
    parser.add_argument("--variant", help="Klondike: draw1, draw3 or draw1-single "
                        "(without it, the one played last)")
    parser.add_argument("--seed", type=_seed, help=f"deal number, 1 to {MAX_SEED}")
    parser.add_argument("--data-dir", help="folder for players, statistics and saved games")
    parser.add_argument("--csv", help="report: also write the table to this CSV file")
    parser.add_argument("--seconds", type=_seconds,
                        help="analyse: how long the tutor may think about each step "
                             "(default 1)")
    parser.add_argument("--selftest", action="store_true",
                        help="open and play every game in a window, then say whether all works")
    args = parser.parse_args(argv)
    if args.csv and args.game != "report":
        parser.error("--csv goes with report: solitaire-tk report --data-dir FOLDER --csv FILE")
    if args.seconds is not None and args.game != "analyse":
        parser.error("--seconds goes with analyse: solitaire-tk analyse FILE --seconds 2")
    if args.game == "analyse":
        if not args.file:
            parser.error("analyse needs a saved game file: solitaire-tk analyse FILE")
        if args.variant or args.seed or args.data_dir or args.selftest:
            parser.error("analyse takes only a saved game file and --seconds")
    elif args.game == "replay":
        if not args.file:
            parser.error("replay needs a saved game file: solitaire-tk replay FILE")
        if args.variant or args.seed:
            parser.error("--variant and --seed do not go with replay")
    elif args.game == "report":
        if args.file or args.variant or args.seed or args.selftest:
            parser.error("report takes only --data-dir and --csv (without --data-dir, "
                         "the folder this computer uses): solitaire-tk report "
                         "[--data-dir FOLDER] [--csv FILE]")
    elif args.file:
        parser.error(f"unexpected argument '{args.file}'")
    elif args.game is not None:
        if args.game not in GAME_IDS:
            parser.error(f"there is no game called '{args.game}'; choose one of "
                         f"{', '.join(GAME_IDS)}")
        variants = game_class(args.game).variants
        if args.variant is not None and args.variant not in variants:
            parser.error(f"{args.game} has no variant '{args.variant}'; choose one of "
                         f"{', '.join(variants)}")
    elif args.variant or args.seed:
        parser.error("--variant and --seed need a game, for example: solitaire-tk klondike "
                     "--variant draw3 --seed 42")
    return args


def _seed(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"a deal number is a whole number from 1 to {MAX_SEED}, "
                                         f"not '{text}'")
    return int(text)


def _seconds(text: str) -> float:
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 0.01 <= seconds <= 3600:
        raise argparse.ArgumentTypeError(f"the seconds are a number from 0.01 to 3600, "
                                         f"not '{text}'")
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    if getattr(sys, "frozen", False):
        # A built program starts itself again for the solver's process (spawn):
        # that copy must run the solver, not open another window.
        import multiprocessing
        multiprocessing.freeze_support()
    if sys.stdout is None or sys.stderr is None:   # the built Windows program: no console
        from .ui.noconsole import run_without_console
        return run_without_console(_run, argv)
    return _run(argv)


def _run(argv: Sequence[str] | None) -> int:
    args = parse_args(argv)
    if args.game == "report":
        from .classreport import run_report
        if args.data_dir:
            return run_report(args.data_dir, args.csv)
        from .datafiles import default_data_dir
        here = default_data_dir()
        if not here.is_dir():   # (not "check the name": the teacher typed none)
            print(f"No games have been played by this user on this computer yet (there is no "
                  f"folder '{here}'). For a class folder: solitaire-tk report --data-dir "
                  "FOLDER", file=sys.stderr)
            return 2
        return run_report(str(here), args.csv)
    if args.game == "analyse":
        from .mistakes import run_analyse
        return run_analyse(args.file, args.seconds or 1.0)
    if args.selftest:
        from .ui.selftest import run_selftest
        return run_selftest()
    # Opening the window makes thousands of objects that live as long as it does:
    # looking for garbage among them (Python's cyclic collector) is put off until
    # the window is up (ui/launch.py turns it back on).
    gc.disable()
    from .ui.launch import launch  # Tk is imported only now: the checks above stay fast
    return launch(args)


if __name__ == "__main__":
    sys.exit(main())
