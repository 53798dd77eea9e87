"""The replay session (headless): a replay speaks of its own game and of how
that game stands at each step, whatever game is in play."""

from __future__ import annotations

from solitaire_tk import Replay, new_game
from solitaire_tk.tutor.replaying import ReplaySession

from .helpers import play, won_thirteen


def test_a_session_names_the_replayed_game_and_its_loss_at_the_end() -> None:
    lost = play(new_game("dammit", seed=1))
    session = ReplaySession(Replay(lost.to_json()), "dammit-lost.json")
    assert session.game_title == "Dammit!"
    assert session.result_kind == "going" and session.result_text() == "The game is still going."
    session.go(len(session))
    assert session.result_kind == "lost"
    assert session.result_text() == lost.outcome() and lost.outcome().startswith("Game over")


def test_a_won_game_is_won_only_at_its_last_step() -> None:
    won = won_thirteen()
    session = ReplaySession(Replay(won.to_json()))
    assert session.game_title == "Thirteen"
    session.go(len(session) - 1)
    assert session.result_kind == "going"
    session.forward()
    assert session.result_kind == "won" and session.result_text().startswith("You won!")


def test_a_game_saved_before_its_end_says_so_at_the_last_step() -> None:
    unfinished = play(new_game("double", seed=5), moves=3)
    session = ReplaySession(Replay(unfinished.to_json()))
    session.go(len(session))
    assert session.result_kind == "going"
    assert "not finished" in session.result_text()


def test_a_session_says_which_deal_who_played_it_and_when(monkeypatch) -> None:
    """A teacher opening a pupil's saved game sees whose it is and when it was
    played, not only a file name."""
    monkeypatch.setenv("TZ", "UTC")
    import time
    time.tzset()
    game = new_game("cruel", seed=8, player="Zoë")
    game.started = "2026-12-04T23:36:04Z"
    game.play(game.legal_moves()[0])
    session = ReplaySession(Replay(game.to_json()), "cruel-deal-8.json")
    assert session.about == "Cruel, deal 8, played by Zoë, started 4 Dec 2026, 23:36."
    record = game.to_json()
    record.pop("player", None)
    assert ReplaySession(Replay(record)).about == "Cruel, deal 8, started 4 Dec 2026, 23:36."
    record.pop("started", None)   # (a game made without it starts now: not said)
    assert ReplaySession(Replay(record)).about == "Cruel, deal 8."
    own = new_game("cruel", deck=" ".join(game.deck))
    own_record = own.to_json()
    own_record.pop("started", None)
    assert ReplaySession(Replay(own_record)).about == "Cruel."


def test_a_session_names_the_variant_of_its_deal() -> None:
    game = new_game("klondike", variant="draw1-single", seed=4)
    session = ReplaySession(Replay(game.to_json()))
    assert session.about.startswith("Klondike (one pass only), deal 4")
