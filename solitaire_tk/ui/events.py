"""A small event hub: views subscribe to named events instead of calling
each other (as Thonny's workbench does).  Events in use:

- "game_changed" (game): a new game is on the table (new, loaded, resumed).
- "position_changed" (game, move, undone): a move was played or taken back.
- "message" (text, kind): a short sentence for the status bar ("info",
  "illegal", "hint", "done").
- "selection_changed" (selection): a card was picked up or put down.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Callable

Handler = Callable[..., None]


class EventHub:
    def __init__(self) -> None:
        self._handlers: dict[str, list[Handler]] = defaultdict(list)

    def subscribe(self, name: str, handler: Handler) -> None:
        self._handlers[name].append(handler)

    def publish(self, name: str, **details: Any) -> None:
        for handler in list(self._handlers[name]):
            handler(**details)
