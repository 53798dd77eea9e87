"""Bringing back a removed player: a pupil removed by mischief or mistake comes
back under the same file name, with every saved game counted again and their
game in play, on real files (nothing of ours is mocked)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from solitaire_tk import new_game
from solitaire_tk.engine import Game
from solitaire_tk.userdata import MAX_PLAYERS, DataStore

from .helpers import play, won_thirteen


def as_played_by(game: Game, name: str) -> Game:
    game.player = name   # as the app's session does for the player at the table
    return game


def ana_with_games(folder: Path, won: int = 2, lost: int = 1, in_play: bool = True,
                   name: str = "Ana") -> DataStore:
    """Player 1 and Ana; Ana has won and lost games kept, a game in play, a red
    card back and a lesson done."""
    store = DataStore(folder)
    store.add_player(name)
    store.switch_player(name)
    store.update_settings(card_back="red", lessons_done=["cruel/goal"])
    for _ in range(won):
        store.record_game(as_played_by(won_thirteen(), name), used_hints=False)
    for seed in range(lost):
        store.record_game(as_played_by(play(new_game("cruel", seed=seed + 1), moves=2), name),
                          used_hints=False)
    if in_play:
        store.autosave(as_played_by(play(new_game("klondike", seed=8), moves=3), name))
    store.switch_player("Player 1")
    return store


def test_a_removed_player_is_brought_back_with_their_games_and_game_in_play(
        tmp_path: Path) -> None:
    store = ana_with_games(tmp_path)
    game_before = (tmp_path / "current" / "ana.json").read_bytes()
    assert store.removed_players() == []
    store.remove_player("Ana")
    assert store.players() == ["Player 1"]

    [removed] = store.removed_players()
    assert (removed.id, removed.name, removed.saved_games) == ("ana", "Ana", 3)
    assert removed.last_played[:4].isdigit() and removed.description.startswith(
        "3 saved games, last played ")
    assert DataStore(tmp_path).removed_players() == [removed], "found from the files alone"

    back = store.bring_back("ana")
    assert back.words == ("Ana is back, with 3 saved games: the statistics count them "
                          "again. Ana's unfinished game is back too.")
    assert store.players() == ["Ana", "Player 1"] and store.removed_players() == []
    ids = [p["id"] for p in json.loads((tmp_path / "settings.json").read_text())["players"]]
    assert ids == ["player-1", "ana"], "the same file name as before"
    assert (tmp_path / "current" / "ana.json").read_bytes() == game_before
    assert (tmp_path / "stats" / "ana.json").exists(), "counted and written at once"

    again = DataStore(tmp_path)   # another window, later: all of it is Ana's again
    again.switch_player("Ana")
    assert again.stats("thirteen").played == 2 and again.stats("thirteen").won == 2
    assert again.stats("cruel").played == 1
    resumed = again.resume()
    assert resumed is not None and resumed.game_id == "klondike" and len(resumed.log) == 3
    assert again.settings.card_back == "red" and again.settings.lessons_done == ["cruel/goal"]
    with pytest.raises(ValueError, match="Ana is on the list of players already"):
        again.bring_back("ana")


def test_a_player_an_older_app_removed_is_found_from_the_saved_games(tmp_path: Path) -> None:
    """Before removed/ kept the game in play, only the saved games were left."""
    ana_with_games(tmp_path).remove_player("Ana")
    for path in (tmp_path / "removed").iterdir():
        path.unlink()
    (tmp_path / "saved" / "my-copy--ana.json").write_text('{"saved": "by hand"}')
    store = DataStore(tmp_path)
    [removed] = store.removed_players()
    assert (removed.name, removed.saved_games) == ("Ana", 4), "a file by hand is a file kept"
    back = store.bring_back("ana")
    assert back.words == "Ana is back, with 4 saved games: the statistics count them again."
    store.switch_player("Ana")
    assert store.stats("thirteen").won == 2 and store.resume() is None
    assert store.settings.card_back == "blue", "no preferences kept: a new player's"


def test_files_named_like_a_players_but_saved_by_hand_are_no_removed_player(
        tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    (tmp_path / "saved").mkdir()
    (tmp_path / "saved" / "klondike--mine.json").write_text(json.dumps(new_game(
        "klondike", seed=3).to_json()))
    (tmp_path / "saved" / "notes--con.json").write_text("{}")
    assert store.removed_players() == []
    with pytest.raises(ValueError, match="no saved games here to bring back"):
        store.bring_back("mine")


def test_a_name_taken_since_keeps_both_players_apart(tmp_path: Path) -> None:
    """Someone removed Ana and added a new "Ana": the new one keeps her name and
    her own (empty) statistics; the one brought back gets a name of her own."""
    store = ana_with_games(tmp_path)
    store.remove_player("Ana")
    store.add_player("ana")
    store.switch_player("ana")
    assert store.stats("thirteen").played == 0, "a new pupil inherits nothing"
    store.switch_player("Player 1")

    back = store.bring_back("ana")
    assert back.name == "Ana (brought back)"
    assert back.words == ("Ana is back, with 3 saved games: the statistics count them "
                          "again. Ana's unfinished game is back too. Another player is called "
                          "Ana now, so this one is called 'Ana (brought back)' (you can "
                          "rename either of them).")
    assert store.players() == ["ana", "Ana (brought back)", "Player 1"]
    store.switch_player("Ana (brought back)")
    assert store.stats("thirteen").won == 2
    store.switch_player("ana")
    assert store.stats("thirteen").played == 0 and store.resume() is None


def test_a_long_name_taken_since_is_cut_short_to_make_room(tmp_path: Path) -> None:
    long = "Anastasia Wilhelmina Smithson"
    store = ana_with_games(tmp_path, name=long)
    store.remove_player(long)
    store.add_player(long)
    assert store.bring_back("anastasia-wilhelmina").name == "Anastasia Wilhe (brought back)"


def test_a_player_removed_in_another_window_is_brought_back_there_and_kept_here(
        tmp_path: Path) -> None:
    here = ana_with_games(tmp_path)
    there = DataStore(tmp_path)   # another window on the class folder, open all along
    assert there.players() == ["Ana", "Player 1"]
    there.switch_player("Ana")    # (it has read her statistics then)
    there.switch_player("Player 1")
    here.switch_player("Ana")
    here.record_game(as_played_by(won_thirteen(), "Ana"), used_hints=False)
    here.switch_player("Player 1")
    here.remove_player("Ana")
    assert [p.name for p in there.removed_players()] == ["Ana"], "seen in the other window"
    assert there.players() == ["Player 1"]
    there.bring_back("ana")
    assert json.loads((tmp_path / "stats" / "ana.json").read_text())["games"]["thirteen"][
        "won"] == 3, "every game counted, the one kept since it last read them too"

    here.add_player("Ben")   # this window writes the list: Ana stays on it
    assert here.players() == ["Ana", "Ben", "Player 1"]
    assert DataStore(tmp_path).players() == ["Ana", "Ben", "Player 1"]
    with pytest.raises(ValueError, match="Ana is on the list of players already"):
        here.bring_back("ana")
    here.switch_player("Ana")
    assert here.stats("thirteen").won == 3 and here.resume() is not None


def test_a_game_in_play_already_there_is_not_written_over(tmp_path: Path) -> None:
    store = ana_with_games(tmp_path)
    store.remove_player("Ana")
    (tmp_path / "current" / "ana.json").write_text("someone's")
    back = store.bring_back("ana")
    assert not back.game_in_play and "unfinished" not in back.words
    assert (tmp_path / "current" / "ana.json").read_text() == "someone's"
    assert len(list((tmp_path / "removed").glob("current-ana-*.json"))) == 1, "still kept"


def test_the_newest_game_in_play_comes_back(tmp_path: Path) -> None:
    store = ana_with_games(tmp_path)
    store.remove_player("Ana")
    store.bring_back("ana")
    store.switch_player("Ana")
    store.autosave(as_played_by(play(new_game("cruel", seed=7), moves=1), "Ana"))
    store.switch_player("Player 1")
    older = next((tmp_path / "removed").glob("current-ana-*.json"), None)
    assert older is None
    (tmp_path / "removed").mkdir(exist_ok=True)
    (tmp_path / "removed" / "current-ana-20200101-090000.json").write_text("{}")
    store.remove_player("Ana")
    store.bring_back("ana")
    store.switch_player("Ana")
    resumed = store.resume()
    assert resumed is not None and resumed.game_id == "cruel"


def test_a_full_list_refuses_in_a_sentence(tmp_path: Path) -> None:
    store = ana_with_games(tmp_path, won=1, lost=0)
    store.remove_player("Ana")
    for number in range(2, MAX_PLAYERS + 1):
        store.add_player(f"Pupil {number}")
    with pytest.raises(ValueError, match="There can be at most 40 players. Remove one before "
                                         "bringing one back."):
        store.bring_back("ana")
    assert "Ana" not in DataStore(tmp_path).players()


def test_the_last_played_day_is_when_the_newest_game_ended(tmp_path: Path) -> None:
    store = ana_with_games(tmp_path, won=1, lost=0, in_play=False)
    store.remove_player("Ana")
    [kept] = (tmp_path / "saved").glob("*--ana.json")
    record = json.loads(kept.read_text())
    record["counted_for"]["ended"] = "2025-05-03T12:05:00.000000Z"
    kept.write_text(json.dumps(record))
    os.utime(kept, (0, 0))
    [removed] = store.removed_players()
    assert removed.last_played.startswith("2025-05-03T12:05")
    assert store.bring_back("ana").words == ("Ana is back, with 1 saved game: the statistics "
                                             "count it again.")


def test_a_player_renamed_after_their_last_game_is_listed_by_their_last_name(
        tmp_path: Path) -> None:
    """Their saved games say "Ana"; they were "Anna" when removed."""
    store = ana_with_games(tmp_path, in_play=False)
    store.rename_player("Ana", "Anna")
    store.remove_player("Anna")
    [removed] = store.removed_players()
    assert removed.name == "Anna"
    assert store.bring_back(removed.id).name == "Anna"
    assert "Anna" in store.players()


def test_a_player_brought_back_keeps_what_clear_statistics_cleared(tmp_path: Path) -> None:
    """The teacher had cleared Ana's Thirteen figures; bringing her back counted
    her two old wins again (her statistics file in removed/ was not read)."""
    store = ana_with_games(tmp_path, in_play=False)
    store.switch_player("Ana")
    store.clear_stats("thirteen")
    assert store.stats("thirteen").played == 0
    store.switch_player("Player 1")
    store.remove_player("Ana")
    store.bring_back("ana")
    again = DataStore(tmp_path)
    again.switch_player("Ana")
    assert again.stats("thirteen").played == 0, "cleared stays cleared"
    assert again.stats("cruel").played == 1, "the rest counted as before"


def test_a_damaged_game_in_play_is_not_said_to_be_back(tmp_path: Path) -> None:
    store = ana_with_games(tmp_path)
    store.remove_player("Ana")
    [kept] = (tmp_path / "removed").glob("current-ana-*.json")
    kept.write_text("{ not a game")
    back = store.bring_back("ana")
    assert not back.game_in_play and "unfinished game" not in back.words
    assert kept.exists() and not (tmp_path / "current" / "ana.json").exists()
