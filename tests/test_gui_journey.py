"""The pupil's journey from the tutor issue: open Thirteen, read the help,
play with moves shown and hints until the game ends, then open the kept
saved game and step through it move by move."""

from __future__ import annotations

from pathlib import Path

from solitaire_tk import Replay, new_game

from .gui import Driver, KeyboardPlayer


def test_learn_thirteen_lose_and_watch_it_again(display: str, data_dir: Path) -> None:
    d = Driver(new_game("thirteen", seed=12), data_dir)
    try:
        d.key("h")  # Thirteen's own key: Help
        assert d.app.panel.help.shown_section() == "goal"
        assert d.app.show_moves.get() and d.app.marks.movable
        keys = KeyboardPlayer(d)
        for _ in range(200):
            if d.game.is_over():
                break
            d.key("h", state=0x4)  # Ctrl+H: a hint with an arrow and a sentence
            hint = d.app._hints[1][d.app._hints[2]]
            assert hint.move is not None and hint.why in d.status()
            if d.game.game_id == "thirteen" and hint.move.action == "deal":
                keys.play(hint.move)
                if d.game.log and d.game.log[-1].get("action") != "deal":
                    keys.play(hint.move)  # the move alert spoke first
            else:
                keys.play(hint.move)
        assert d.game.is_over() and d.app.used_hints
        kept = d.app.finished_file
        assert kept is not None and kept.exists() and kept.parent == d.store.saved_games_dir()
        d.app.game_over_dialog.close()
        final = d.game.position()
        d.app.open_file(str(kept))
        assert d.app.replaying
        replay = Replay(kept)
        assert replay.game_at(len(replay)).position() == final
        listing = d.app.panel.replay.steps
        for n in range(1, len(replay) + 1):
            d.key("Right")
            assert d.table.game.position() == replay.game_at(n).position()
            assert listing.curselection() == (n,)
            assert replay.steps[n - 1] in d.app.panel.replay.where.cget("text")
        stats = d.store.stats("thirteen")
        assert stats.played == 1 and (stats.won_with_hints == 1 or stats.won == 0)
    finally:
        d.close()
