"""For `scripts/benchmark.py --startup`: when did the window first wait, drawn?

With the environment variable SOLITAIRE_TK_STARTUP_PROBE set, the app prints
`drawn <time.time()>` at the first idle moment after its window is mapped
and the table drawn, then the app's and Pillow's modules loaded by then
(`loaded a b ...`, for tests/test_startup.py), and exits at once.  With the
value `settled` it runs on until the table has kept the whole deck's pictures,
then says whether Python's garbage collector is on (`collector on`).  (An `after_idle` alone fires before
Tk maps the window, so this waits for `<Map>` and the table first.)

Run as a script, `python3 startprobe.py` does the same for a bare `tk.Tk()`
window of the app's size, so both are measured by the same code.  Only the
standard library here: the bare window must not import the app.
"""

from __future__ import annotations

import gc
import os
import sys
import time
import tkinter as tk
from typing import Callable

PROBE_VARIABLE = "SOLITAIRE_TK_STARTUP_PROBE"


def wanted() -> bool:
    return bool(os.environ.get(PROBE_VARIABLE))


def watch(root: tk.Tk, drawn: Callable[[], bool], drawn_event: tuple[tk.Misc, str] | None = None,
          settled: Callable[[], bool] = lambda: True) -> None:
    """Print the time and exit at the first idle moment once `root` is viewable
    and `drawn()` is true (checked again on `<Map>` and on `drawn_event`)."""
    pending = [False]

    def check(event: object = None) -> None:
        if not pending[0] and root.winfo_viewable() and drawn():
            pending[0] = True
            root.after_idle(finish)

    def finish() -> None:
        root.update_idletasks()  # whatever Tk still has to paint is painted
        print(f"drawn {time.time():.6f}", flush=True)
        loaded = sorted(name for name in sys.modules if name.split(".")[0]
                        in ("solitaire_tk", "PIL", "tkinter"))
        print("loaded", *loaded, flush=True)
        leave()

    def leave() -> None:
        if os.environ.get(PROBE_VARIABLE) == "settled":
            if not settled():
                root.after(100, leave)
                return
            print("collector", "on" if gc.isenabled() else "off", flush=True)
        os._exit(0)  # no goodbyes: the next run starts at once

    root.bind("<Map>", check, add="+")
    if drawn_event is not None:
        widget, sequence = drawn_event
        widget.bind(sequence, check, add="+")
    root.after_idle(check)


def bare_window() -> None:
    """A bare window of the app's first size, watched as the app is."""
    root = tk.Tk()
    root.geometry("1100x720")
    watch(root, lambda: True)
    root.mainloop()


if __name__ == "__main__":
    os.environ[PROBE_VARIABLE] = "1"
    bare_window()
    sys.exit(1)  # the window closed before it was drawn
