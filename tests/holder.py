"""Another copy of the app in its own process, holding the data folder's lock on
a player (tests of one window per player)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parent.parent

# A window in another process: a DataStore on the folder, as the app makes one at
# start; each line of input calls one of its methods ("switch_player|Ana",
# "update_settings|card_back=red", "release_player" as Quit does); the end of
# the input quits.
HOLDER = """
import sys
from solitaire_tk.userdata import DataStore
store = DataStore(sys.argv[1])
print(store.lock_state, flush=True)
for line in sys.stdin:
    method, *args = line.rstrip("\\n").split("|")
    named = dict(arg.split("=", 1) for arg in args if "=" in arg)
    getattr(store, method)(*[arg for arg in args if "=" not in arg], **named)
    print("done", flush=True)
"""


class Holder:
    """Another copy of the app, in its own process."""

    def __init__(self, folder: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        self.process = subprocess.Popen([sys.executable, "-c", HOLDER, str(folder)], env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.state = self.process.stdout.readline().strip()

    def tell(self, line: str) -> None:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        assert self.process.stdout.readline().strip() == "done"

    def kill_9(self) -> None:
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def quit(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=10) == 0


@pytest.fixture
def holders() -> Iterator[list[Holder]]:
    made: list[Holder] = []
    yield made
    for holder in made:
        if holder.process.poll() is None:
            holder.kill_9()
