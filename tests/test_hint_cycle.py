"""Which hint comes next and when the move alert speaks, without a window."""

from __future__ import annotations

from solitaire_tk import new_game
from solitaire_tk.tutor.hint_cycle import HintCycle
from solitaire_tk.tutor.hints import rank_hints

from .helpers import arrange


def test_hint_again_shows_the_next_best_then_starts_again_after_a_move() -> None:
    game = new_game("klondike", seed=42)
    cycle = HintCycle(game)
    ranked = rank_hints(game, cycle.line)
    assert len(ranked) > 1
    shown = [cycle.next(game) for _ in range(len(ranked) + 1)]
    assert [hint for hint, _, _ in shown] == ranked + ranked[:1]  # round the list
    assert [(place, count) for _, place, count in shown[:2]] == [(0, len(ranked)), (1, len(ranked))]
    assert ranked[0].move is not None
    game.play(ranked[0].move)
    cycle.line.moved(game)
    cycle.forget()
    hint, place, _ = cycle.next(game)
    assert place == 0 and hint == rank_hints(game, cycle.line)[0]


def test_the_move_alert_speaks_once_for_a_position() -> None:
    game = arrange(new_game("thirteen", seed=1), {"pile1": "9C", "pile2": "4H", "pile3": "2S",
                                                  "pile4": "5D"})
    cycle = HintCycle(game)
    first = cycle.deal_alert(game)
    assert first is not None and first.piles == ("pile1", "pile2")
    assert cycle.deal_alert(game) is None  # said already: the second deal goes ahead
    arrange(game, {"pile2": "3H"})
    assert cycle.deal_alert(game) is None  # no pair left to take away
