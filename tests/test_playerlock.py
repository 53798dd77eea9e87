"""One window per data folder and player holds the game in play: real processes
hold the lock, are killed, quit or let go, and a DataStore here tries to claim it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from solitaire_tk import new_game
from solitaire_tk.playerlock import BUSY, HELD, NO_LOCKING, PlayerLock, lock_path
from solitaire_tk.userdata import DataStore, PlayingElsewhere
from solitaire_tk.whoplays import read_only_note, start_question, step_player

from .helpers import play, won_thirteen
from .holder import Holder, holders  # noqa: F401  (a fixture)

def game_in_play(folder: Path) -> tuple[Path, bytes]:
    """Player 1 has an unfinished game on disk: its file and what is in it."""
    store = DataStore(folder)
    store.autosave(play(new_game("klondike", seed=5), moves=3))
    store.release_player()
    path = folder / "current" / f"{store.player_id}.json"
    return path, path.read_bytes()


def test_a_second_window_on_a_playing_player_is_read_only(tmp_path: Path,
                                                          holders: list[Holder]) -> None:
    path, before = game_in_play(tmp_path)
    holders.append(holder := Holder(tmp_path))
    assert holder.state == HELD

    store = DataStore(tmp_path)
    assert store.lock_state == BUSY and store.read_only
    assert read_only_note(store) == "read-only: Player 1 is playing in another window"
    assert start_question("Player 1").startswith(
        "Player 1 is already playing in another window.")
    assert store.resume() is None, "the other window's game is not opened here"
    game = play(new_game("cruel", seed=2), moves=4)
    store.autosave(game)
    store.clear_current()
    assert path.read_bytes() == before, "the game in play of the other window is untouched"
    store.record_game(won_thirteen(), used_hints=False)
    assert store.stats("thirteen").won == 1, "a game finished here still counts"


def test_after_kill_9_of_the_holder_the_lock_is_free(tmp_path: Path,
                                                     holders: list[Holder]) -> None:
    path, _ = game_in_play(tmp_path)
    holders.append(holder := Holder(tmp_path))
    assert DataStore(tmp_path).read_only
    holder.kill_9()
    assert lock_path(tmp_path, "player-1").exists(), "the lock file stays on disk..."
    store = DataStore(tmp_path)
    assert store.lock_state == HELD and not store.read_only, "...and blocks nothing"
    resumed = store.resume()
    assert resumed is not None and resumed.game_id == "klondike"


def test_after_the_holder_quits_or_lets_go_the_lock_is_free(tmp_path: Path,
                                                            holders: list[Holder]) -> None:
    holders.append(holder := Holder(tmp_path))
    assert DataStore(tmp_path).read_only
    holder.tell("release_player")   # as Quit does, before the process ends
    mine = DataStore(tmp_path)
    assert mine.lock_state == HELD
    mine.release_player()

    holders.append(second := Holder(tmp_path))
    assert second.state == HELD
    second.quit()
    assert DataStore(tmp_path).lock_state == HELD


def test_switching_to_a_player_playing_elsewhere_is_refused_and_steps_go_past(
        tmp_path: Path, holders: list[Holder]) -> None:
    setup = DataStore(tmp_path)
    for name in ("Ana", "Ben", "Cy"):
        setup.add_player(name)
    setup.release_player()
    holders.append(holder := Holder(tmp_path))
    holder.tell("switch_player|Ana")   # the other window plays as Ana, and let go of Player 1

    store = DataStore(tmp_path)   # starts on the player the other window chose last
    assert store.current_player == "Ana" and store.read_only
    store.switch_player("Player 1")
    assert store.current_player == "Player 1" and not store.read_only
    assert store.playing_elsewhere("Ana") and not store.playing_elsewhere("Ben")
    with pytest.raises(PlayingElsewhere, match="^Ana is already playing in another window. "):
        store.switch_player("Ana")
    assert store.current_player == "Player 1" and store.lock_state == HELD
    with pytest.raises(PlayingElsewhere, match="Ana can be removed once that window is closed"):
        store.remove_player("Ana")
    assert "Ana" in store.players()

    step = step_player(store, -1)   # "<" round the list to the last player
    assert step.name == "Cy" and store.current_player == "Cy" and step.words == ""
    step = step_player(store, 1)
    assert step.name == "Player 1" and step.words == ""
    step = step_player(store, 1)    # ">" goes past Ana to Ben
    assert step.name == "Ben" and store.current_player == "Ben"
    assert step.words == "Ana was skipped: Ana is playing in another window. "
    # Player 1's lock was let go when this window switched away: another can take it.
    left = PlayerLock(tmp_path, "player-1")
    assert left.claim() == HELD
    left.release()

    store.switch_player("Cy")   # and two more windows take Ben and Player 1
    for name in ("Ben", "Player 1"):
        holders.append(other := Holder(tmp_path))
        other.tell(f"switch_player|{name}")
    step = step_player(store, 1)
    assert step.name is None and store.current_player == "Cy"
    assert step.words == ("Nobody else can play here now: Player 1, Ana and Ben are playing "
                          "in other windows.")


def test_a_read_only_window_can_play_as_another_and_back_when_free(
        tmp_path: Path, holders: list[Holder]) -> None:
    path, before = game_in_play(tmp_path)
    setup = DataStore(tmp_path)
    setup.add_player("Ana")
    setup.release_player()
    holders.append(holder := Holder(tmp_path))
    store = DataStore(tmp_path)
    assert store.read_only
    store.switch_player("Ana")
    assert not store.read_only and store.lock_state == HELD
    store.autosave(play(new_game("cruel", seed=3), moves=2))
    assert (tmp_path / "current" / f"{store.player_id}.json").exists()
    holder.quit()
    store.switch_player("Player 1")   # free now: this window holds Player 1's game
    assert not store.read_only
    assert store.resume() is not None
    store.autosave(play(new_game("cruel", seed=4), moves=1))
    assert path.read_bytes() != before


def test_players_added_renamed_or_removed_in_another_window_are_never_lost(
        tmp_path: Path, holders: list[Holder]) -> None:
    setup = DataStore(tmp_path)
    setup.add_player("Ana")
    setup.release_player()
    store = DataStore(tmp_path)
    store.switch_player("Ana")              # this window plays as Ana
    holders.append(holder := Holder(tmp_path))
    holder.tell("switch_player|Player 1")   # the other window plays as Player 1...
    holder.tell("add_player|Dan")           # ...and adds Dan, and later Eve
    store.add_player("Cy")                  # while this window adds Cy
    store.update_settings(card_back="red")
    assert store.players() == ["Ana", "Cy", "Dan", "Player 1"]
    holder.tell("add_player|Eve")
    holder.tell("update_settings|card_back=green")
    assert DataStore(tmp_path).players() == ["Ana", "Cy", "Dan", "Eve", "Player 1"]
    holder.tell("rename_player|Dan|Daniel")
    holder.tell("remove_player|Eve")
    store.update_settings(four_colour=True)
    assert store.players() == ["Ana", "Cy", "Daniel", "Player 1"]
    again = DataStore(tmp_path)
    assert again.players() == ["Ana", "Cy", "Daniel", "Player 1"], "nobody lost or back"
    assert again.current_player == "Ana" and again.settings.card_back == "red"
    # A player removed here and added again there (the same file name) is kept.
    store.remove_player("Cy")
    holder.tell("add_player|Cy")
    store.update_settings(card_back="blue")
    assert store.players() == ["Ana", "Cy", "Daniel", "Player 1"]
    holder.quit()
    again.switch_player("Player 1")
    assert again.settings.card_back == "green", "the other window's player keeps theirs"


@pytest.mark.parametrize("spoil", ["a file where the locks folder goes", "a pipe as the lock"])
def test_a_folder_that_cannot_lock_does_not_stop_the_app(tmp_path: Path, spoil: str) -> None:
    if spoil.startswith("a file"):
        (tmp_path / "locks").write_text("not a folder")
    else:
        (tmp_path / "locks").mkdir()
        os.mkfifo(lock_path(tmp_path, "player-1"))
    store = DataStore(tmp_path)   # (a pipe opened to read would wait for ever)
    assert store.lock_state == NO_LOCKING and not store.read_only and store.notice is None
    store.autosave(play(new_game("cruel", seed=2), moves=1))
    assert store.resume() is not None
