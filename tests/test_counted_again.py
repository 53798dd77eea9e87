"""A game that ended, was taken back with Undo (the game-over dialog offers
it) and then ended another way counts once, as it ended last: a loss turned
into a win is a win, in the statistics, in saved/ and when saved/ is counted
again from nothing."""

from __future__ import annotations

import random
from pathlib import Path

from solitaire_tk import load_game, new_game, solve
from solitaire_tk.engine import Game
from solitaire_tk.session import Session
from solitaire_tk.solver import WINNABLE
from solitaire_tk.userdata import DataStore


def lost_then_winnable() -> tuple[Game, int]:
    """Dammit! deal 1 played at random to a loss; how many undos make it winnable."""
    game = new_game("dammit", seed=1)
    rng = random.Random(1)
    while not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    assert not game.is_won()
    probe, undos = game.copy(), 0
    while solve(probe, seconds=5).status != WINNABLE:
        probe.undo()
        undos += 1
    return game, undos


def test_a_loss_taken_back_and_won_counts_as_one_won_game(tmp_path: Path) -> None:
    game, undos = lost_then_winnable()
    store = DataStore(tmp_path)
    session = Session(store, new_game("dammit", seed=1))
    session.start(game)
    session.recorded = False
    lost_file = session.finish()
    assert lost_file is not None and store.stats("dammit").played == 1
    assert store.stats("dammit").won == 0 and store.session_stats("dammit").played == 1
    # The game-over dialog's Undo, then the way to win.
    for _ in range(undos):
        game.undo()
    session.recorded = game.is_over() and session.recorded
    for move in solve(game, seconds=5).line:
        game.play(move)
    assert game.is_won()
    won_file = session.finish()
    assert won_file is not None and won_file != lost_file
    stats = store.stats("dammit")
    assert (stats.played, stats.won) == (1, 1), "one game, won"
    assert (store.session_stats("dammit").played, store.session_stats("dammit").won) == (1, 1)
    kept = sorted((tmp_path / "saved").glob("*.json"))
    assert kept == [won_file] and load_game(won_file).is_won()
    assert [p.name for p in (tmp_path / "removed").iterdir()], "the first file is set aside"
    # Counted again from saved/ alone (the statistics file lost): the same.
    (tmp_path / "stats" / f"{store.player_id}.json").unlink()
    again = DataStore(tmp_path).stats("dammit")
    assert (again.played, again.won) == (1, 1)


def test_a_hint_before_the_first_end_still_counts_as_help(tmp_path: Path) -> None:
    game, undos = lost_then_winnable()
    store = DataStore(tmp_path)
    session = Session(store, game, used_hints=True)
    session.recorded = False
    session.finish()
    for _ in range(undos):
        game.undo()
    session.recorded, session.used_hints = False, False
    for move in solve(game, seconds=5).line:
        game.play(move)
    session.finish()
    stats = store.stats("dammit")
    assert (stats.played, stats.won, stats.won_with_hints) == (1, 0, 1)
