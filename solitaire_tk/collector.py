"""Python's cycle collector, paused while code makes many small objects that
refer to each other in no circle (they are freed as soon as they are dropped,
without the collector): checking a long saved game, a solver's search.  The
collector would otherwise look through them again and again for nothing."""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def collector_paused(count_as_old: bool = False) -> Iterator[None]:
    """The collector off inside the block (as it was, after).

    `count_as_old`: what was made meanwhile and is kept is counted as old at
    once (freeze, then unfreeze, puts every object among the old ones), so it
    is looked through once, not first as young objects and then as
    middle-aged ones in the seconds after (a long replay, while its window is
    being drawn)."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if count_as_old:
            gc.freeze()
            gc.unfreeze()
        if paused:
            gc.enable()
