"""Who plays in this window: the words for a player who is playing in another
window, and "<" ">" to the previous or next player (no tkinter: tests drive it).

The store is a `userdata.DataStore`: it holds the lock on the current
player's game in play (`playerlock`) and refuses a switch to a player who is
playing in another window (`PlayingElsewhere`); `step_player` goes on past
such players, round the list, and says whom it went past.
"""

from __future__ import annotations

from typing import Any

from .playerlock import already_playing
from .records import record
from .storage import SaveError
from .userdata import PlayingElsewhere
from .wording import and_list

__all__ = ["ONLY_ONE_PLAYER", "Step", "already_playing", "read_only_note", "start_question",
           "step_player"]

ONLY_ONE_PLAYER = ("There is only one player so far. To add one, choose Players... in the "
                   "Game menu.")


def start_question(name: str) -> str:
    """What a window started on a player who is playing in another window asks."""
    return (f"{already_playing(name)}\n\nYou can switch to another player, or open this "
            f"window read-only: you can play here and games you finish still count, but "
            f"{name}'s unfinished game stays with the other window.")


def read_only_note(store: Any) -> str:
    """Why this window is read-only, for the title and the status bar ("" if it is not)."""
    if not store.read_only:
        return ""
    return f"read-only: {store.current_player} is playing in another window"


@record(frozen=True)
class Step:
    """Where "<" or ">" went: the player who plays now (None: nobody else could),
    and what to tell the pupil about the players it went past."""

    name: str | None
    words: str = ""


def step_player(store: Any, by: int) -> Step:
    """Switch to the previous (-1) or next (+1) player round the list, past those
    playing in another window (`store.switch_player` says who is)."""
    store.catch_up_players()   # with the players another window added
    players: list[str] = store.players()
    if len(players) < 2:
        return Step(None, ONLY_ONE_PLAYER)
    here = players.index(store.current_player)
    skipped: list[str] = []
    for distance in range(1, len(players)):
        name = players[(here + by * distance) % len(players)]
        try:
            store.switch_player(name)
        except PlayingElsewhere:
            skipped.append(name)
            continue
        except SaveError as error:   # switched in memory; the file is written later
            return Step(store.current_player, _went_past(skipped) + str(error))
        return Step(store.current_player, _went_past(skipped))
    return Step(None, f"Nobody else can play here now: {_playing_elsewhere(skipped)}.")


def _went_past(skipped: list[str]) -> str:
    """ "Ben was skipped: Ben is playing in another window. " """
    if not skipped:
        return ""
    who = skipped[0] if len(skipped) == 1 else "they"
    return f"{and_list(skipped)} {'was' if len(skipped) == 1 else 'were'} skipped: " \
           f"{_playing_elsewhere(skipped, who)}. "


def _playing_elsewhere(names: list[str], who: str = "") -> str:
    if len(names) == 1:
        return f"{who or names[0]} is playing in another window"
    return f"{who or and_list(names)} are playing in other windows"
