"""The session rules without a window: what a new, an abandoned and a finished
game does to the pupil's files and statistics, a change of player, and redo.
Real games through the engine, a real DataStore in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from solitaire_tk import Replay, new_game
from solitaire_tk.engine import Game
from solitaire_tk.moves import Move
from solitaire_tk.session import Session, live_moves, new_game_for, unfinished_game
from solitaire_tk.userdata import DataStore

from .helpers import play, won_thirteen


def klondike_with_moves(moves: int = 3, seed: int = 3) -> Game:
    return play(new_game("klondike", seed=seed, player="Player 1"), moves=moves)


def saved_files(store: DataStore) -> list[Path]:
    return sorted(store.saved_games_dir().glob("*.json"))


def test_a_game_with_no_move_is_dropped_without_a_question(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    session = Session(store, new_game("klondike", seed=3))
    assert not session.abandon_needed()
    assert session.abandon() is None
    assert store.stats("klondike/draw1").played == 0 and saved_files(store) == []


def test_an_abandoned_game_counts_as_not_won_and_is_kept_for_replay(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = klondike_with_moves()
    session = Session(store, game)
    session.autosave()
    assert session.abandon_needed(), "a game with moves, not finished: ask first"
    kept = session.abandon()
    assert kept is not None and kept.parent == store.saved_games_dir()
    assert "not-finished" in kept.name
    assert Replay(kept).game_at(len(game.log)).position() == game.position()
    stats = store.stats("klondike/draw1")
    assert (stats.played, stats.won, stats.won_with_hints, stats.lost) == (1, 0, 0, 1)
    assert store.resume() is None, "the abandoned game is no longer the game in play"
    assert not session.abandon_needed() and session.abandon() is None, "counted once"
    assert DataStore(tmp_path).stats("klondike/draw1").played == 1, "kept on disk"


def test_a_game_whose_moves_were_all_taken_back_still_counts(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = klondike_with_moves(moves=1)
    game.undo()
    session = Session(store, game)
    assert session.abandon_needed(), "a move was made (and taken back): the game was played"
    session.abandon()
    assert store.stats("klondike/draw1").played == 1


def test_a_finished_game_is_counted_once_and_kept(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    session = Session(store, new_game("thirteen", seed=1))
    won = won_thirteen()
    session.start(won)
    assert session.recorded, "a game over when it comes to the table is not counted again"
    fresh = new_game("thirteen", deck=won.deck, seed=won.seed)
    session.start(fresh)
    for entry in won.log:
        fresh.play(Move.from_json(entry))
    assert not session.abandon_needed(), "a finished game is not abandoned"
    kept = session.finish()
    assert kept is not None and session.finished_file == kept and kept.exists()
    assert session.finish() is None
    stats = store.stats("thirteen")
    assert (stats.played, stats.won) == (1, 1)


def test_playing_on_from_a_replay_asks_only_after_a_move_and_counts_apart(
        tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    original = klondike_with_moves(moves=4)
    session = Session(store, original)
    session.abandon()                                   # the original is counted: 1
    replay = Replay(original)
    on = replay.game_at(2).copy()
    session.start(on, played_on=True)
    assert on.player == store.current_player
    assert not session.abandon_needed(), "the replayed moves were not made now"
    on.play(on.legal_moves()[0])
    assert session.abandon_needed()
    session.abandon()
    assert store.stats("klondike/draw1").played == 2, "a game of its own, not the original"


def test_switching_player_hands_the_table_over_and_each_keeps_their_game(
        tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.add_player("Ben")
    ana_game = klondike_with_moves()
    session = Session(store, ana_game)
    session.autosave()                                  # before the Players dialog opens
    store.switch_player("Ben")
    assert not session.belongs_to_current_player()
    assert not session.used_hints
    assert session.hand_over() == "Player 1", "whose moves are on the table"
    assert session.game is ana_game and ana_game.player == "Ben"
    assert not session.abandon_needed(), "Ben made no move yet"
    assert session.used_hints, "played on from another's moves: with help"
    ben_moved = ana_game.legal_moves()[0]
    ana_game.play(ben_moved)
    assert session.abandon_needed()
    session.autosave()
    store.switch_player("Player 1")
    theirs = store.resume()
    assert theirs is not None and len(theirs.log) == len(ana_game.log) - 1, \
        "Player 1's game is as they left it"
    assert store.stats("klondike/draw1").played == 0, "switching counts nothing as lost"
    store.switch_player("Ben")
    assert store.stats("klondike/draw1").played == 0
    ben = store.resume()
    assert ben is not None and ben.position() == ana_game.position()


def test_redo_plays_the_undone_move_again_until_a_new_move(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    game = new_game("klondike", seed=3)
    session = Session(store, game)
    assert session.redo_move() is None and session.redo_label() is None
    with pytest.raises(ValueError, match="nothing to redo"):
        session.redo()
    first, second = Move("flip"), None
    game.play(first)
    after_first = game.position()
    second = game.legal_moves()[0]
    game.play(second)
    after_second = game.position()
    session.undo()
    session.undo()
    assert session.redo_move() == first
    assert session.redo_label() == game.describe(first)
    session.redo()
    assert game.position() == after_first and session.redo_move() == second
    session.redo()
    assert game.position() == after_second and session.redo_move() is None
    assert [e["action"] for e in game.log] == ["flip", second.action, "undo", "undo", "flip",
                                              second.action], "a redo is logged as a move"
    assert live_moves(game) == [first, second]
    session.undo()
    other = next(m for m in game.legal_moves() if m != second)
    game.play(other)
    session.moved()
    assert session.redo_move() is None, "a new move ends redo"


def test_redo_is_dropped_when_the_game_changed_some_other_way(tmp_path: Path) -> None:
    session = Session(DataStore(tmp_path), new_game("klondike", seed=3))
    game = session.game
    game.play(Move("flip"))
    session.undo()
    other = next(m for m in game.legal_moves() if m != Move("flip"))
    game.play(other)                                   # played without telling the session
    assert session.redo_move() is None


def test_command_line_sees_the_unfinished_game_to_ask_about(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    assert unfinished_game(store) is None
    store.autosave(new_game("cruel", seed=8))
    assert unfinished_game(DataStore(tmp_path)) is None, "no move made: nothing to ask"
    game = play(new_game("cruel", seed=8), moves=2)
    store.autosave(game)
    waiting = unfinished_game(DataStore(tmp_path))
    assert waiting is not None and waiting.position() == game.position()


def test_new_games_follow_the_player_s_game_options(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.update_settings(easy_mode=True)
    assert new_game_for(store, "thirteen", seed=4).options["easy_mode"] is True
    assert new_game_for(store, "cruel", seed=4).options == {}
    assert new_game_for(store, "cruel").player == "Player 1"


def test_session_figures_put_this_session_beside_the_time_before(tmp_path: Path) -> None:
    DataStore(tmp_path).record_game(won_thirteen(), used_hints=False)   # before: 52
    store = DataStore(tmp_path)
    assert store.session_stats("thirteen").average_score is None
    left = play(new_game("thirteen", seed=11), moves=3, prefer="remove")
    Session(store, left).abandon()
    store.record_game(won_thirteen(), used_hints=False)
    now = store.session_stats("thirteen")
    assert (now.played, now.won) == (2, 1)
    assert now.average_score == pytest.approx((left.score() + 52) / 2)
    assert now.average_before == pytest.approx(52)


def _play_to_the_end(session: Session) -> Game:
    """A game of Thirteen put on the table, then won move by move (the window's way)."""
    won = won_thirteen()
    game = new_game("thirteen", deck=won.deck, seed=won.seed)
    session.start(game)
    for entry in won.log:
        game.play(Move.from_json(entry))
    return game


def test_games_finished_on_a_full_disk_are_kept_and_written_once_there_is_room(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno
    import os

    from solitaire_tk import storage
    from solitaire_tk.storage import SaveError
    store = DataStore(tmp_path)
    store.autosave(klondike_with_moves())        # the folders and settings exist
    session = Session(store, klondike_with_moves())
    real_replace = os.replace

    def disk_full(source: str, target: str) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(storage.os, "replace", disk_full)
    in_play = tmp_path / "current" / "player-1.json"
    _play_to_the_end(session)
    with pytest.raises(SaveError) as told:
        session.finish()
    assert "The disk is full" in str(told.value)
    assert "1 game that is over is kept in memory" in str(told.value)
    for _ in range(2):
        _play_to_the_end(session)
        assert session.finish() is None, "said once: nothing is raised again"
        session.autosave()                       # a game over keeps its file: nothing written
    assert len(session.unwritten) == 3
    assert "3 games that are over" in session.unwritten_words()
    assert str(tmp_path) in session.unwritten_words(), "says where to free space"
    assert saved_files(store) == [] and in_play.exists(), "the game in play is not deleted"
    with pytest.raises(SaveError):               # at quit: still full, so the window warns
        session.write_unwritten()

    monkeypatch.setattr(storage.os, "replace", real_replace)   # room again
    session.write_unwritten()
    session.autosave()
    assert session.unwritten == [] and len(saved_files(store)) == 3
    assert not in_play.exists(), "cleared once the games are written down"
    assert DataStore(tmp_path).stats("thirteen").played == 3


def test_a_game_handed_over_with_no_move_is_the_new_players_own(tmp_path: Path) -> None:
    store = DataStore(tmp_path)
    store.add_player("Ben")
    session = Session(store, new_game("cruel", seed=4))
    store.switch_player("Ben")
    assert session.hand_over() is None and not session.used_hints


def test_a_game_won_after_it_was_handed_over_counts_as_won_with_help(tmp_path: Path) -> None:
    from solitaire_tk.solver import solve
    store = DataStore(tmp_path)
    store.add_player("Ben")
    game = new_game("cruel", seed=4)
    result = solve(game, 5.0)
    assert result.status == "winnable" and result.line
    session = Session(store, game)
    game.play(result.line[0])
    session.autosave()
    store.switch_player("Ben")
    session.hand_over()
    for move in result.line[1:]:
        game.play(move)
    assert game.is_won()
    session.finish()
    stats = store.stats("cruel")
    assert (stats.played, stats.won, stats.won_with_hints) == (1, 0, 1)
