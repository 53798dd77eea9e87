"""The built Windows program has no console (PyInstaller's --windowed): its
`sys.stdout` and `sys.stderr` are None, so `SolitaireTutor.exe report`,
`analyse` and a mistyped argument printed nothing (and `analyse` failed on
the missing stream).  Here what a command prints is kept and then shown in
a window a teacher can read, scroll and copy from."""

from __future__ import annotations

import io
import sys
import tkinter as tk
from tkinter import ttk
from typing import Callable, Sequence

# Commands whose whole point is what they print (the app itself opens a window).
PRINTING_COMMANDS = ("report", "analyse")
# Keys that move about the text without changing it.
MOVING_KEYS = {"Up", "Down", "Left", "Right", "Prior", "Next", "Home", "End"}


def run_without_console(main: Callable[[Sequence[str] | None], int],
                        argv: Sequence[str] | None) -> int:
    """Run `main(argv)` with its printing kept; show it in a window if the
    command was one that prints, or if the arguments were refused."""
    words = list(sys.argv[1:] if argv is None else argv)
    kept = io.StringIO()
    old = sys.stdout, sys.stderr
    sys.stdout = sys.stdout or kept
    sys.stderr = sys.stderr or kept
    refused = False
    try:
        code = main(argv)
    except SystemExit as stop:   # argparse: a refused argument, or --help
        refused = True
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 2)
    finally:
        sys.stdout, sys.stderr = old
    text = kept.getvalue().strip()
    if text and (refused or any(word in PRINTING_COMMANDS for word in words[:1])):
        show_text("Solitaire Tutor", text)
    return code


def show_text(title: str, text: str) -> None:
    """A window with `text` in a fixed-width font (the report is a table),
    scroll bars, and Close; the text can be selected and copied."""
    try:
        root = tk.Tk()
    except tk.TclError:
        return   # no screen at all: the exit code still tells
    root.title(title)
    frame = ttk.Frame(root, padding=8)
    frame.pack(fill="both", expand=True)
    lines = text.splitlines() or [""]
    # A table's rows (columns set apart by spaces) keep their lines; sentences wrap.
    rows = [line for line in lines if "  " in line.strip()] or lines
    box = tk.Text(frame, wrap="none", font="TkFixedFont",
                  width=min(130, max(60, max(map(len, rows)) + 2)), height=min(30, len(lines) + 2))
    down = ttk.Scrollbar(frame, orient="vertical", command=box.yview)
    across = ttk.Scrollbar(frame, orient="horizontal", command=box.xview)
    box.configure(yscrollcommand=down.set, xscrollcommand=across.set)
    close = ttk.Button(frame, text="Close", command=root.destroy)
    close.grid(row=2, column=0, columnspan=2, sticky="e", pady=(8, 0))
    box.grid(row=0, column=0, sticky="nsew")
    down.grid(row=0, column=1, sticky="ns")
    across.grid(row=1, column=0, sticky="ew")
    frame.rowconfigure(0, weight=1)
    frame.columnconfigure(0, weight=1)
    for line in lines:
        box.insert("end", line + "\n", () if "  " in line.strip() else ("sentence",))
    box.tag_configure("sentence", wrap="word")
    box.mark_set("insert", "1.0")   # reading starts at the top
    # Read-only, but still selectable and copyable (a disabled Text cannot be selected).
    box.bind("<Key>", _only_reading)
    root.bind("<Escape>", lambda e: root.destroy())
    close.focus_set()
    root.mainloop()


def _only_reading(event: tk.Event) -> str | None:
    """Keys that change the text do nothing; Ctrl+C (copy) and moving about work."""
    control = isinstance(event.state, int) and event.state & 0x4
    return None if control or event.keysym in MOVING_KEYS else "break"
