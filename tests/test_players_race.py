"""Two PCs adding players to one class folder at the same moment: every player
added is kept (each window wrote the list as it had read it, and the other's
new players were lost: 17 of 31 kept in a tester's run)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from solitaire_tk.userdata import DataStore

ROOT = Path(__file__).resolve().parent.parent

ADD_PLAYERS = """
import sys, time
from solitaire_tk.userdata import DataStore
store = DataStore(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()   # both start together
for number in range(12):
    store.add_player(f"{sys.argv[2]} {number}")
    time.sleep(0.005)
"""


def test_two_windows_adding_players_at_once_keep_them_all(tmp_path: Path) -> None:
    folder = tmp_path / "class"
    DataStore(folder).save_settings()
    windows = [subprocess.Popen([sys.executable, "-c", ADD_PLAYERS, str(folder), name],
                                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
               for name in ("Ana", "Ben")]
    for window in windows:
        assert window.stdout is not None and window.stdout.readline() == "ready\n"
    for window in windows:
        assert window.stdin is not None
        window.stdin.write("go\n")
        window.stdin.flush()
    for window in windows:
        assert window.wait(timeout=60) == 0
    players = DataStore(folder).players()
    assert len(players) == 25, players
