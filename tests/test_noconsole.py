"""The built Windows program has no console (sys.stdout and sys.stderr are
None): what `report` and `analyse` print, and why an argument is refused,
are shown in a window instead of being lost (analyse failed outright)."""

from __future__ import annotations

import sys
import tkinter as tk
from pathlib import Path

import pytest

from solitaire_tk import new_game
from solitaire_tk.__main__ import main
from solitaire_tk.storage import save_game
from solitaire_tk.ui import noconsole
from solitaire_tk.userdata import DataStore

from .helpers import won_thirteen


class NoConsole:
    """Runs `main` with no console, as the windowed program does (set at the
    call: pytest puts its own streams back between a test's set-up and its
    body); `shown` has the texts shown in a window."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.shown: list[str] = []
        monkeypatch.setattr(noconsole, "show_text", lambda title, text: self.shown.append(text))

    def main(self, argv: list[str]) -> int:
        streams = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = None
        try:
            code = main(argv)
            assert sys.stdout is None and sys.stderr is None, "the streams are as they were"
            return code
        finally:
            sys.stdout, sys.stderr = streams


@pytest.fixture
def no_console(monkeypatch: pytest.MonkeyPatch) -> NoConsole:
    return NoConsole(monkeypatch)


def test_the_report_is_shown_in_a_window(no_console: NoConsole, tmp_path: Path) -> None:
    store = DataStore(tmp_path / "class")
    store.add_player("Ana")
    store.switch_player("Ana")
    store.record_game(won_thirteen(), used_hints=False)
    assert no_console.main(["report", "--data-dir", str(tmp_path / "class")]) == 0
    [text] = no_console.shown
    assert any(line.startswith("Ana") and "Thirteen" in line for line in text.splitlines())


def test_analyse_and_a_bad_file_are_shown_in_a_window(no_console: NoConsole,
                                                       tmp_path: Path) -> None:
    game = new_game("cruel", seed=3)
    game.play(game.legal_moves()[0])
    save_game(game, tmp_path / "cruel.json")
    assert no_console.main(["analyse", str(tmp_path / "cruel.json"), "--seconds", "0.2"]) == 0
    assert "step" in no_console.shown[-1].lower()
    (tmp_path / "bad.json").write_text("{not json")
    assert no_console.main(["analyse", str(tmp_path / "bad.json")]) == 2
    assert "cannot open that saved game" in no_console.shown[-1]


def test_a_refused_argument_is_shown_in_a_window(no_console: NoConsole) -> None:
    assert no_console.main(["klondike", "--seed", "many"]) == 2
    assert "a deal number is a whole number" in no_console.shown[-1]


def test_the_window_shows_the_whole_text_to_select_and_copy(display: str,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, str] = {}

    def look_and_close(root: tk.Tk) -> None:
        root.update()
        box = next(w for w in root.winfo_children()[0].winfo_children()
                   if isinstance(w, tk.Text))
        seen["text"] = box.get("1.0", "end-1c")
        box.focus_force()
        root.update()
        box.event_generate("<Key-x>")   # typing changes nothing
        box.event_generate("<Key-Down>")
        root.update()
        seen["cursor"] = box.index("insert")   # but the arrows move about
        seen["after"] = box.get("1.0", "end-1c")
        root.destroy()

    monkeypatch.setattr(tk.Tk, "mainloop", look_and_close)
    table = "Player  Game\n" + "\n".join(f"Pupil {n}  Cruel" for n in range(60))
    noconsole.show_text("Solitaire Tutor", table)
    assert seen["text"] == table + "\n" and seen["after"] == seen["text"]
    assert seen["cursor"] == "2.0"
