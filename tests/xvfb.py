"""A virtual X screen of our own, for the GUI tests and the scripts that need a
window (scripts/screens.py, scripts/benchmark.py) where no DISPLAY is set."""

from __future__ import annotations

import os
import shutil
import subprocess
import time


def start_xvfb(screen: str = "1920x1080x24") -> subprocess.Popen[bytes] | None:
    """Start Xvfb on a free display and name it in DISPLAY; None if there is no
    Xvfb or it did not start.  Xvfb picks the number itself (-displayfd), so
    several runs at once never take the same display."""
    if shutil.which("Xvfb") is None:
        return None
    read_fd, write_fd = os.pipe()
    process = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", screen,
                                "-nolisten", "tcp"], pass_fds=(write_fd,),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as pipe:
        number = pipe.readline().strip()
    if not number:
        process.kill()
        return None
    os.environ["DISPLAY"] = f":{number}"
    time.sleep(0.1)   # let it take its first clients
    return process
