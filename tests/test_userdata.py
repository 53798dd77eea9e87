"""The pupil's files: settings, players, statistics and the game in play.

Every test works on real files in a fresh folder; nothing of ours is mocked.
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from solitaire_tk import datafiles, new_game, stats
from solitaire_tk.engine import Game
from solitaire_tk.stats import game_key
from solitaire_tk.storage import SaveError
from solitaire_tk.userdata import (
    CARD_BACKS,
    DataStore,
    Settings,
    clean_name,
    data_dir,
    data_dir_notice,
    register_converter,
)

from .helpers import play, won_thirteen

# Thirteen, dealt so that taking pairs as soon as they show wins: four Kings,
# then rows of two pairs each (Q-A J-2, T-3 9-4, 8-5 7-6), one row per suit.




def read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))






def thirteen_after(removes: int, seed: int = 11) -> Game:
    """A Thirteen game abandoned after a few moves; its score is what was removed."""
    return play(new_game("thirteen", seed=seed), moves=removes, prefer="remove")


# -- the folder ----------------------------------------------------------------------
def test_data_dir_override_is_created(tmp_path: Path) -> None:
    folder = data_dir(tmp_path / "pupil" / "data")
    assert folder == tmp_path / "pupil" / "data" and folder.is_dir()
    assert data_dir_notice() is None


def test_unwritable_folder_falls_back_to_temp_with_a_notice(tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    folder = data_dir(blocked / "data")
    assert folder.parent == tmp_path / "temp" and folder.is_dir()
    notice = data_dir_notice()
    assert notice is not None and str(blocked / "data") in notice and "teacher" in notice
    assert "puts them back there by itself" in notice
    store = DataStore(blocked / "data")
    assert store.folder == folder
    assert store.notice is not None and "for now" in store.notice
    store.add_player("Ana")
    assert (folder / "settings.json").exists()


def test_games_played_while_the_folder_was_missing_go_there_once_it_is_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A network drive not connected at start: the pupil plays in a stand-in,
    and the next start with the drive back puts all of it there."""
    from .helpers import won_thirteen
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "temp"))
    (tmp_path / "temp").mkdir()
    drive = tmp_path / "H"
    drive.write_text("not connected")
    store = DataStore(drive / "Solitaire")
    stand_in = store.folder
    assert stand_in.parent == tmp_path / "temp"
    store.add_player("Ana")
    store.switch_player("Ana")
    store.record_game(won_thirteen(), used_hints=False)
    store.autosave(play_some(new_game("cruel", seed=5)))
    assert DataStore(drive / "Solitaire").folder == stand_in, "still not there: the same stand-in"

    drive.unlink()
    drive.mkdir()   # the drive is back
    back = DataStore(drive / "Solitaire")
    assert back.folder == drive / "Solitaire"
    [said] = back.take_notices()
    assert "Now that it can be written, they are back in your folder" in said
    assert back.players() == ["Ana", "Player 1"] and back.current_player == "Ana"
    assert back.stats("thirteen").won == 1
    assert len(list((drive / "Solitaire" / "saved").glob("*.json"))) == 1
    resumed = back.resume()
    assert resumed is not None and resumed.game_id == "cruel" and len(resumed.log) == 1
    assert not stand_in.exists(), "all of it is back: the stand-in is removed"


def play_some(game):
    game.play(game.legal_moves()[0])
    return game


# -- settings --------------------------------------------------------------------------
def test_first_run_has_one_player_and_default_settings(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    assert store.players() == ["Player 1"] and store.current_player == "Player 1"
    assert store.settings == Settings()
    assert store.settings.last_variant["klondike"] == "draw1" and store.settings.show_moves
    assert store.notice is None and not store.has_played


def test_settings_round_trip(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.update_settings(card_back="red", four_colour=True, replay_speed=2,
                          last_game="thirteen", last_variant={"klondike": "draw3"},
                          window_geometry="1024x700+-8+-8", easy_mode=True)
    again = DataStore(tmp_path)
    s = again.settings
    assert (s.card_back, s.four_colour, s.replay_speed, s.last_game) == ("red", True, 2.0, "thirteen")
    assert s.last_variant["klondike"] == "draw3" and s.last_variant["cruel"] == "standard"
    assert s.window_geometry == "1024x700+-8+-8" and s.easy_mode and not s.sound
    data = read(tmp_path / "settings.json")
    assert data["format"] == "solitaire-tk-settings" and data["version"] == 1


def test_settings_changed_in_place_then_saved(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.settings.table_colour = "#000000"
    store.settings.last_variant["klondike"] = "draw1-single"
    store.save_settings()
    assert DataStore(tmp_path).settings.last_variant["klondike"] == "draw1-single"
    before = (tmp_path / "settings.json").read_bytes()
    store.settings.card_back = "pink"
    with pytest.raises(ValueError, match="card back"):
        store.save_settings()
    assert (tmp_path / "settings.json").read_bytes() == before, "a bad value is never written"


@pytest.mark.parametrize("changes, words", [
    ({"card_back": "pink"}, "The card back can be blue, red, green, purple"),
    ({"sound": "yes"}, "can only be on or off"),
    ({"table_colour": "green"}, "A colour is written like #1f6f43"),
    ({"last_game": "poker"}, "There is no game called 'poker'"),
    ({"last_variant": {"klondike": "draw7"}}, "no variant 'draw7'"),
    ({"replay_speed": 0}, "replay speed"),
    ({"window_geometry": "big"}, "not a window size"),
    ({"colour": "#ffffff"}, "There is no setting called 'colour'"),
])
def test_bad_settings_are_refused_and_nothing_changes(tmp_path: Path, changes: dict[str, Any],
                                                      words: str) -> None:
    store = DataStore(tmp_path)
    with pytest.raises(ValueError, match=words):
        store.update_settings(four_colour=True, **changes)
    assert store.settings.four_colour is False, "all changes or none"
    assert set(CARD_BACKS) == {"blue", "red", "green", "purple"}


def test_bad_values_in_the_file_fall_back_one_by_one(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({
        "format": "solitaire-tk-settings", "version": 1, "current_player": "ana",
        "players": [{"id": "ana", "name": "Ana",
                     "settings": {"card_back": "green", "sound": "loud", "replay_speed": -3,
                                  "table_colour": "#123456", "surprise": 1}},
                    {"id": "../../evil", "name": "Eve"}, {"id": "bo", "name": "ANA"},
                    {"id": "cy", "name": "x" * 31}]}))
    before = (tmp_path / "settings.json").read_bytes()
    store = DataStore(tmp_path)
    assert store.players() == ["Ana", "bo", "x" * 30], "a bad id is left out, bad names replaced"
    s = store.settings
    assert (s.card_back, s.sound, s.replay_speed, s.table_colour) == ("green", False, 1.0, "#123456")
    [aside] = (tmp_path / "damaged").iterdir()
    assert aside.read_bytes() == before, "the file as it was, whole"
    assert store.take_notices() == [
        "The settings file had something wrong in it (player 2 has no proper file name, and "
        f"more), so it was put aside as 'damaged/{aside.name}'. These players are kept: Ana, bo "
        f"and {'x' * 30}.",
        "In the settings file ('settings.json'), some of Ana's settings could not be used, so "
        "they are back to how a new player starts: 'sound' (the setting 'sound' can only be on "
        "or off); 'replay speed' (the replay speed must be a number from 0.1 to 20); 'surprise' "
        "(there is no setting called 'surprise'). The other settings are kept."]
    again = DataStore(tmp_path)
    assert again.players() == store.players() and again.notice is None


BAD_PREFERENCES = {   # one of each check a preference can fail, and the words for it
    "not on or off": ("sound", "yes", "'sound' (the setting 'sound' can only be on or off)"),
    "a replay speed too slow": ("replay_speed", 0, "'replay speed' (the replay speed must be"),
    "a replay speed that is a word": ("replay_speed", "fast", "'replay speed' (the replay speed"),
    "a number for a word": ("card_back", 3, "'card back' (the setting 'card_back' must be a "
                                            "word)"),
    "an unknown game": ("last_game", "poker", "'last game' (there is no game called 'poker')"),
    "an unknown card back": ("card_back", "pink", "'card back' (the card back can be blue, red"),
    "not a colour": ("border_colour", "green", "'border colour' (a colour is written like #0d3b22"),
    "not a window place": ("window_geometry", "big", "'window geometry' ('big' is not a window"),
    "a window bigger than any screen": ("window_geometry", "99999x99999+0+0",
                                        "'window geometry' ('99999x99999+0+0' is bigger than"),
    "variants not a table": ("last_variant", "draw3", "'last variant' (the last variants must "
                                                      "be a table"),
    "a variant of an unknown game": ("last_variant", {"poker": "holdem"},
                                     "'last variant' (there is no game called 'poker')"),
    "an unknown variant": ("last_variant", {"klondike": "draw7"},
                           "'last variant' (there is no variant 'draw7' of klondike)"),
    "an unknown setting": ("colour", "#ffffff", "'colour' (there is no setting called 'colour')"),
}


@pytest.mark.parametrize("kind", BAD_PREFERENCES)
def test_a_bad_preference_is_reset_with_a_notice_and_the_rest_is_kept(tmp_path: Path,
                                                                      kind: str) -> None:
    name, value, words = BAD_PREFERENCES[kind]
    store = DataStore(tmp_path)
    store.update_settings(card_back="red", four_colour=True)
    store.add_player("Ana")
    store.switch_player("Ana")
    store.update_settings(sound=True, card_back="purple", last_variant={"cruel": "standard",
                                                                        "klondike": "draw3"})
    store.record_game(won_thirteen(), used_hints=False)
    path = tmp_path / "settings.json"
    data = read(path)
    data["players"][1]["settings"][name] = value
    path.write_text(json.dumps(data))
    before = path.read_bytes()

    again = DataStore(tmp_path)
    [said] = again.take_notices()
    [aside] = (tmp_path / "damaged").iterdir()
    assert said.startswith("In the settings file ('settings.json'), Ana's setting " + words)
    assert said.endswith(") could not be used, so it is back to how a new player starts. The "
                         "other settings are kept. The whole file was put aside as "
                         f"'damaged/{aside.name}'."), said
    assert aside.read_bytes() == before, "the file as it was, whole"
    kept = again.settings
    if name in ("card_back", "last_variant", "sound"):
        assert getattr(kept, name) == getattr(Settings(), name), "back to the default"
    if name != "card_back":
        assert kept.card_back == "purple"
    if name != "sound":
        assert kept.sound is True
    if name != "last_variant":
        assert kept.last_variant["klondike"] == "draw3"
    assert again.current_player == "Ana" and again.stats("thirteen").won == 1
    again.switch_player("Player 1")
    assert again.settings.card_back == "red" and again.settings.four_colour
    third = DataStore(tmp_path)
    assert third.notice is None and third.players() == ["Ana", "Player 1"]


def test_preferences_that_are_not_a_table_start_again_with_a_notice(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.add_player("Ana")
    path = tmp_path / "settings.json"
    data = read(path)
    data["players"][1]["settings"] = ["sound"]
    path.write_text(json.dumps(data))
    again = DataStore(tmp_path)
    [said] = again.take_notices()
    [aside] = (tmp_path / "damaged").iterdir()
    assert said == ("In the settings file ('settings.json'), Ana's settings were not a list of "
                    "settings, so all of them are back to how a new player starts. The whole "
                    f"file was put aside as 'damaged/{aside.name}'.")
    assert again.players() == ["Ana", "Player 1"]


# -- players ------------------------------------------------------------------------------
def test_each_player_has_their_own_preferences(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    assert store.add_player("  Ana  ") == "Ana"
    store.switch_player("ana")
    store.update_settings(card_back="purple", show_moves=False)
    store.switch_player("Player 1")
    assert store.settings.card_back == "blue" and store.settings.show_moves
    store.switch_player("Ana")
    again = DataStore(tmp_path)
    assert again.players() == ["Ana", "Player 1"] and again.current_player == "Ana"
    assert again.settings.card_back == "purple" and not again.settings.show_moves
    again.switch_player("Player 1")
    assert again.settings == Settings()


def test_at_most_forty_players_a_class(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    for n in range(2, 41):
        store.add_player(f"Pupil {n}")
    assert len(DataStore(tmp_path).players()) == 40
    with pytest.raises(ValueError, match="There can be at most 40 players. Remove one before "
                                         "adding another."):
        store.add_player("Forty-one")
    assert len(store.players()) == 40 and len(DataStore(tmp_path).players()) == 40


@pytest.mark.parametrize("name, message", [
    ("", "Please type a name."),
    ("    ", "Please type a name."),
    ("x" * 31, "A name can be at most 30 letters long."),
    ("Ana\nBen", "A name cannot have tabs, line breaks or other hidden characters in it."),
    ("player 1", "There is already a player called 'Player 1'."),
])
def test_name_rules_have_plain_messages(tmp_path: Path, name: str, message: str) -> None:
    store = DataStore(tmp_path)
    with pytest.raises(ValueError) as caught:
        store.add_player(name)
    assert str(caught.value) == message
    assert clean_name(" " + "y" * 30 + " ") == "y" * 30


def test_rename_keeps_statistics_and_files(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.record_game(won_thirteen(), used_hints=False)
    assert store.rename_player("player 1", "Zoë") == "Zoë"
    with pytest.raises(ValueError, match="There is no player called 'Nobody'"):
        store.rename_player("Nobody", "Ben")
    store.add_player("Ben")
    with pytest.raises(ValueError, match="already a player called 'Zoë'"):
        store.rename_player("Ben", "ZOË")
    assert store.rename_player("Ben", "BEN") == "BEN", "a player may change the case of a name"
    again = DataStore(tmp_path)
    assert again.players() == ["BEN", "Zoë"] and again.current_player == "Zoë"
    assert again.stats("thirteen").won == 1
    assert read(tmp_path / "stats" / "player-1.json")["player"] == "Zoë"


def test_remove_player_keeps_their_files_aside(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    with pytest.raises(ValueError, match="The last player cannot be removed"):
        store.remove_player("Player 1")
    store.add_player("Ana")
    store.record_game(won_thirteen(), used_hints=False)
    store.autosave(new_game("cruel", seed=4))
    store.remove_player("Player 1")
    assert store.players() == ["Ana"] and store.current_player == "Ana"
    assert store.stats("thirteen").played == 0
    removed = sorted(p.name for p in (tmp_path / "removed").iterdir())
    assert [name.split("-2")[0] for name in removed] == ["current-player-1",
                                                         "settings-player-1", "stats-player-1"]
    store.add_player("Player 1")
    store.switch_player("Player 1")
    assert store.stats("thirteen").played == 0 and store.resume() is None, "a new player starts afresh"


def test_player_file_names_are_safe(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    for name in ("Con", "Zoë", "李", "../etc", "Player-1"):
        store.add_player(name)
    ids = [entry["id"] for entry in read(tmp_path / "settings.json")["players"]]
    assert ids == ["player-1", "player-con", "zoe", "player", "etc", "player-1-2"]


# -- statistics ---------------------------------------------------------------------------
def test_statistics_round_trip(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.record_game(won_thirteen(), used_hints=False)
    store.record_game(thirteen_after(3), used_hints=False)
    first = store.stats("thirteen")
    again = DataStore(tmp_path).stats("thirteen")
    assert again == first
    assert (again.played, again.won, again.lost, again.best_score) == (2, 1, 1, 52)
    assert again.cards_dealt == 104
    assert again.cards_percent == pytest.approx(100 * again.total_score / (52 * 2))
    data = read(tmp_path / "stats" / "player-1.json")
    assert data["format"] == "solitaire-tk-stats" and data["version"] == 2
    assert DataStore(tmp_path).has_played


def test_wins_after_a_hint_are_counted_apart(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.record_game(won_thirteen(), used_hints=False)
    store.record_game(won_thirteen(), used_hints=True)
    store.record_game(won_thirteen(), used_hints=False)
    s = store.stats("thirteen")
    assert (s.played, s.won, s.won_with_hints, s.lost) == (3, 2, 1, 0)
    assert s.won_percent == pytest.approx(200 / 3)
    assert (s.streak, s.best_streak) == (2, 2), "a hint win neither adds to nor breaks a streak"
    store.record_game(thirteen_after(2), used_hints=True)
    s = store.stats("thirteen")
    assert (s.played, s.won, s.won_with_hints, s.lost, s.streak, s.best_streak) == (4, 2, 1, 1, 0, 2)


def test_a_game_is_counted_once_and_only_with_moves(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.record_game(new_game("klondike", seed=3), used_hints=False)
    assert store.stats("klondike/draw1").played == 0, "no moves: not a game played"
    game = won_thirteen()
    store.record_game(game, used_hints=False)
    store.record_game(game, used_hints=True)
    store.autosave(game)
    again = DataStore(tmp_path)
    resumed = again.resume()
    assert resumed is not None
    again.record_game(resumed, used_hints=False)
    assert again.stats("thirteen").played == 1, "the same game, even reloaded, counts once"


def test_an_abandoned_game_counts_as_lost(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = play(new_game("klondike", "draw3", seed=8), moves=5)
    assert not game.is_over()
    store.record_game(game, used_hints=False)
    s = store.stats("klondike/draw3")
    assert (s.played, s.won, s.lost, s.total_score) == (1, 0, 1, game.score())
    assert store.stats("klondike/draw1").played == 0
    with pytest.raises(ValueError, match="There are no statistics called 'klondike'"):
        store.stats("klondike")
    assert list(store.all_stats()) == ["klondike/draw3"]


def test_cruel_keeps_every_score_and_lower_is_better(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(stats, "MAX_SCORES", 3)
    store = DataStore(tmp_path)
    scores = []
    for seed, moves in ((1, 1), (2, 6), (3, 3), (4, 2)):
        game = play(new_game("cruel", seed=seed), moves=moves, prefer="move")
        scores.append(game.score())
        store.record_game(game, used_hints=False)
    assert len(set(scores)) > 1
    s = DataStore(tmp_path).stats("cruel")
    assert s.lower_is_better and s.best_score == min(scores)
    assert s.total_score == sum(scores) and s.played == 4
    assert [(r["score"], r["seed"]) for r in s.scores] == list(zip(scores, (1, 2, 3, 4)))[-3:]
    assert all(r["date"].endswith("Z") for r in s.scores)
    assert store.stats("thirteen").scores == [], "only Cruel lists every score"


def test_session_statistics_and_change_in_score(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.record_game(won_thirteen(), used_hints=False)             # 52 before the session
    session = DataStore(tmp_path)
    assert session.session_stats("thirteen").played == 0
    assert session.session_stats("thirteen").score_change is None
    lost = thirteen_after(2)
    session.record_game(lost, used_hints=False)
    session.record_game(won_thirteen(), used_hints=True)
    now = session.session_stats("thirteen")
    assert (now.played, now.won, now.won_with_hints) == (2, 0, 1)
    average = (52 + lost.score() + 52) / 3
    assert now.score_change == pytest.approx(average - 52)
    session.add_player("Ana")
    session.switch_player("Ana")
    session.switch_player("Player 1")
    assert session.session_stats("thirteen").played == 0, "a change of player starts a session"
    assert session.stats("thirteen").played == 3


def test_clear_statistics(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.record_game(won_thirteen(), used_hints=False)
    store.record_game(play(new_game("cruel", seed=1), moves=2), used_hints=False)
    store.clear_stats("thirteen")
    assert store.stats("thirteen").played == 0 and store.session_stats("thirteen").played == 0
    assert DataStore(tmp_path).stats("cruel").played == 1
    store.clear_stats()
    again = DataStore(tmp_path)
    assert again.stats("cruel").played == 0 and not again.has_played


# -- the game in play ------------------------------------------------------------------
def test_autosave_and_resume_a_real_game(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    assert store.resume() is None
    game = play(new_game("klondike", "draw3", seed=42, player="Player 1"), moves=12)
    game.undo()
    store.autosave(game)
    resumed = DataStore(tmp_path).resume()
    assert resumed is not None
    assert resumed.position() == game.position()
    assert [{k: v for k, v in e.items() if k != "t"} for e in resumed.log] == \
        [{k: v for k, v in e.items() if k != "t"} for e in game.log]
    assert (resumed.variant, resumed.seed, resumed.started) == ("draw3", 42, game.started)
    resumed.play(resumed.legal_moves()[0])
    store.autosave(resumed)
    assert len(read(tmp_path / "current" / "player-1.json")["log"]) == len(game.log) + 1
    store.clear_current()
    store.clear_current()
    assert DataStore(tmp_path).resume() is None


def test_each_player_has_their_own_game_in_play(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.autosave(play(new_game("cruel", seed=9), moves=1))
    store.add_player("Ana")
    store.switch_player("Ana")
    assert store.resume() is None
    store.switch_player("Player 1")
    resumed = store.resume()
    assert resumed is not None and resumed.game_id == "cruel"


@pytest.mark.parametrize("content", [
    '{"format": "solitaire-tk-game", "version": 1, "game": "klondike", "deck": "KS',
    "\x00\x01garbage",
    None,   # a proper file whose log has a move the rules do not allow
])
def test_a_damaged_game_in_play_is_put_aside(tmp_path: Path, content: str | None) -> None:
    store = DataStore(tmp_path)
    path = tmp_path / "current" / "player-1.json"
    path.parent.mkdir()
    if content is None:
        record = new_game("klondike", seed=1).to_json()
        record["log"] = [{"action": "move", "src": "tableau1", "dst": "foundation1"}]
        path.write_text(json.dumps(record))
    else:
        path.write_text(content)
    assert store.resume() is None
    assert not path.exists()
    aside = list((tmp_path / "damaged").iterdir())
    assert len(aside) == 1 and aside[0].name.startswith("current-player-1-")
    assert store.notice is not None and "could not be opened again" in store.notice
    store.autosave(new_game("cruel", seed=2))
    assert DataStore(tmp_path).resume() is not None


def test_a_game_from_a_newer_app_is_kept_not_overwritten(tmp_path: Path) -> None:
    record = play(new_game("cruel", seed=2), moves=1).to_json()
    record["version"] = 7
    path = tmp_path / "current" / "player-1.json"
    path.parent.mkdir()
    path.write_text(json.dumps(record))
    store = DataStore(tmp_path)
    store.autosave(new_game("cruel", seed=3))
    kept = list((tmp_path / "saved").iterdir())
    assert len(kept) == 1 and read(kept[0]) == record
    assert store.notice is not None and "written by a newer Solitaire Tutor" in store.notice
    assert read(path)["seed"] == 3


# -- damaged, newer and older files ------------------------------------------------------
def test_a_damaged_stats_file_is_put_aside(tmp_path: Path) -> None:
    DataStore(tmp_path).record_game(won_thirteen(), used_hints=False)
    path = tmp_path / "stats" / "player-1.json"
    half = path.read_text()[:40]
    path.write_text(half)
    store = DataStore(tmp_path)
    assert store.stats("thirteen").played == 1, "counted again from the game kept in saved/"
    notice = store.notice
    assert notice is not None and "Player 1's statistics file was damaged" in notice
    assert "counted again from the games kept in the saved folder" in notice
    aside = list((tmp_path / "damaged").iterdir())
    assert [p.read_text() for p in aside] == [half]
    store.record_game(won_thirteen(), used_hints=False)
    assert DataStore(tmp_path).stats("thirteen").played == 2


def test_damaged_settings_keep_the_players_from_their_statistics(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.add_player("Ana")
    store.switch_player("Ana")
    store.record_game(won_thirteen(), used_hints=False)
    (tmp_path / "settings.json").write_text("{not json at all")
    again = DataStore(tmp_path)
    assert again.players() == ["Ana"] and again.stats("thirteen").won == 1
    assert again.notice is not None and "The settings file was damaged" in again.notice
    assert len(list((tmp_path / "damaged").iterdir())) == 1


def test_a_newer_settings_file_is_read_but_never_overwritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({
        "format": "solitaire-tk-settings", "version": 2, "current_player": "ana",
        "players": [{"id": "ana", "name": "Ana", "settings": {"card_back": "red"},
                     "avatar": "cat"}], "cloud": True}))
    before = path.read_bytes()
    store = DataStore(tmp_path)
    assert store.players() == ["Ana"] and store.settings.card_back == "red"
    assert store.notice is not None and "was written by a newer Solitaire Tutor" in store.notice
    store.update_settings(card_back="green")
    store.add_player("Ben")
    store.remove_player("Ben")
    assert store.settings.card_back == "green", "the change works for this run"
    assert path.read_bytes() == before


def test_a_newer_stats_file_is_never_overwritten(tmp_path: Path) -> None:
    DataStore(tmp_path).record_game(won_thirteen(), used_hints=False)
    path = tmp_path / "stats" / "player-1.json"
    data = read(path)
    data["version"] = 3
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    store = DataStore(tmp_path)
    store.record_game(won_thirteen(), used_hints=False)
    store.clear_stats("cruel")
    assert store.stats("thirteen").won == 2
    assert path.read_bytes() == before


def test_an_old_version_is_upgraded_step_by_step(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(datafiles, "CONVERTERS", {})

    @register_converter("solitaire-tk-settings", 0)
    def names_to_players(data: dict[str, Any]) -> dict[str, Any]:
        players = [{"id": f"pupil-{n}", "name": name, "settings": {"card_back": data["back"]}}
                   for n, name in enumerate(data["names"], start=1)]
        return {"format": data["format"], "version": 0, "players": players,
                "current_player": "pupil-2"}

    old = {"format": "solitaire-tk-settings", "version": 0, "names": ["Ana", "Ben"], "back": "red"}
    (tmp_path / "settings.json").write_text(json.dumps(old))
    store = DataStore(tmp_path)
    assert store.notice is None
    assert store.players() == ["Ana", "Ben"] and store.current_player == "Ben"
    assert store.settings.card_back == "red"
    assert read(tmp_path / "backups" / "settings-v0.json") == old
    store.update_settings(sound=True)
    assert read(tmp_path / "settings.json")["version"] == 1


def test_an_old_statistics_file_is_upgraded_and_kept_as_it_was(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(datafiles, "CONVERTERS", dict(datafiles.CONVERTERS))   # keep 1 -> 2

    @register_converter("solitaire-tk-stats", 0)
    def flat_to_games(data: dict[str, Any]) -> dict[str, Any]:
        games = {key: {"played": value["plays"], "won": value["wins"]}
                 for key, value in data.items() if isinstance(value, dict)}
        return {"format": data["format"], "version": 0, "player": data["name"], "games": games}

    store = DataStore(tmp_path)
    store.add_player("Ana")
    store.switch_player("Ana")
    old = {"format": "solitaire-tk-stats", "version": 0, "name": "Ana",
           "thirteen": {"plays": 4, "wins": 3}}
    (tmp_path / "stats").mkdir()
    (tmp_path / "stats" / "ana.json").write_text(json.dumps(old))
    again = DataStore(tmp_path)
    s = again.stats("thirteen")
    assert (s.played, s.won) == (4, 3) and again.notice is None
    assert read(tmp_path / "backups" / "ana-v0.json") == old
    assert read(tmp_path / "stats" / "ana.json") == old, "not written until there is news"
    again.record_game(won_thirteen(), used_hints=False)
    data = read(tmp_path / "stats" / "ana.json")
    assert data["version"] == 2 and data["games"]["thirteen"]["won"] == 4
    assert DataStore(tmp_path).stats("thirteen").played == 5


def test_an_upgrade_that_fails_puts_the_file_aside_and_keeps_the_rest(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(datafiles, "CONVERTERS", {})

    @register_converter("solitaire-tk-stats", 0)
    def expects_names(data: dict[str, Any]) -> dict[str, Any]:
        return {**data, "player": data["name"]}

    store = DataStore(tmp_path)
    store.update_settings(sound=True)
    (tmp_path / "stats").mkdir()
    (tmp_path / "stats" / "player-1.json").write_text(
        '{"format": "solitaire-tk-stats", "version": 0}')
    again = DataStore(tmp_path)
    assert again.stats("thirteen").played == 0 and again.settings.sound is True
    [said] = again.take_notices()
    assert said.startswith("Player 1's statistics file was damaged (it is from version 0 and "
                           "could not be brought up to date), so it was put aside as"), said
    assert len(list((tmp_path / "damaged").iterdir())) == 1


def test_an_old_version_nobody_can_upgrade_is_put_aside(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"format": "solitaire-tk-settings", "version": 0}')
    store = DataStore(tmp_path)
    assert store.players() == ["Player 1"]
    assert store.notice is not None and "version 0, which this app cannot read" in store.notice
    assert len(list((tmp_path / "damaged").iterdir())) == 1


def test_a_folder_in_the_place_of_a_file_is_put_aside_whole(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    (tmp_path / "settings.json" / "notes.txt").write_text("mine")
    store = DataStore(tmp_path)
    assert store.notice is not None and "it is a folder, not a file" in store.notice
    store.update_settings(sound=True)
    assert DataStore(tmp_path).settings.sound is True
    [aside] = (tmp_path / "damaged").iterdir()
    assert (aside / "notes.txt").read_text() == "mine"


def test_a_failing_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = DataStore(tmp_path)
    store.record_game(won_thirteen(), used_hints=False)
    store.update_settings(card_back="red")
    settings_before = (tmp_path / "settings.json").read_bytes()
    stats_before = (tmp_path / "stats" / "player-1.json").read_bytes()

    def disk_full(src: Any, dst: Any) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", disk_full)
    with pytest.raises(SaveError, match="The disk is full"):
        store.update_settings(card_back="green")
    with pytest.raises(SaveError, match="The disk is full"):
        store.record_game(won_thirteen(), used_hints=False)
    with pytest.raises(SaveError):
        store.autosave(new_game("cruel", seed=1))
    assert (tmp_path / "settings.json").read_bytes() == settings_before
    assert (tmp_path / "stats" / "player-1.json").read_bytes() == stats_before
    assert store.settings.card_back == "green" and store.stats("thirteen").won == 2
    leftovers = [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]
    assert leftovers == []
    monkeypatch.undo()
    store.update_settings(sound=True)
    store.clear_stats("cruel")
    again = DataStore(tmp_path)
    assert again.settings.card_back == "green" and again.stats("thirteen").won == 2


def test_every_file_written_says_its_format_and_version(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.update_settings(sound=True)
    store.record_game(won_thirteen(), used_hints=False)
    store.autosave(new_game("dammit", seed=1))
    for path in tmp_path.rglob("*.json"):
        data = read(path)
        version = 2 if data["format"] == "solitaire-tk-stats" else 1   # stats 2: a cache
        assert isinstance(data["format"], str) and data["version"] == version, path
    assert store.saved_games_dir() == tmp_path / "saved" and (tmp_path / "saved").is_dir()
    assert game_key(new_game("klondike", "draw1-single", seed=1)) == "klondike/draw1-single"


def test_hints_used_travel_with_the_game_in_play(data_dir: Path) -> None:
    game = new_game("klondike", seed=3)
    game.play(game.legal_moves()[0])
    store = DataStore(data_dir)
    store.autosave(game, used_hints=True)
    again = DataStore(data_dir)
    resumed = again.resume()
    assert resumed is not None and resumed.position() == game.position()
    assert again.resumed_with_hints
    store.autosave(game)
    third = DataStore(data_dir)
    assert third.resume() is not None and not third.resumed_with_hints


def test_a_damaged_saved_game_left_out_of_a_recount_is_told(tmp_path: Path) -> None:
    """Statistics made again from saved/ left a damaged game out and said
    nothing: a teacher read a lower count as the pupil's."""
    from .helpers import won_thirteen
    store = DataStore(tmp_path)
    store.rename_player("Player 1", "Ana")
    for _ in range(3):
        store.record_game(won_thirteen(), used_hints=False)
    store.release_player()
    saved = sorted((tmp_path / "saved").glob("*.json"))
    assert len(saved) == 3
    saved[0].write_text('{"format": "solitaire-tk-game", "log": [')   # cut short
    for path in (tmp_path / "stats").glob("*.json"):
        path.unlink()   # counted again from saved/
    again = DataStore(tmp_path)
    assert again.stats("thirteen").played == 2
    said = " ".join(again.take_notices())
    assert "1 saved game of Ana could not be read, so it is not counted" in said
    assert saved[0].name in said
    again.release_player()
    assert not " ".join(DataStore(tmp_path).take_notices()), "told once, not at every start"
