"""The tutor's headless logic: what it points at and which lesson section
explains a move."""

from __future__ import annotations

import random

from solitaire_tk import GAME_IDS, Move, Replay, new_game
from solitaire_tk.lessons import load_lesson
from solitaire_tk.tutor.guide import move_map, rule_section, scoring_moves_left, targets
from solitaire_tk.tutor.replaying import ReplaySession

from .helpers import arrange


def test_rule_sections_for_illegal_klondike_moves() -> None:
    game = arrange(new_game("klondike", seed=1), {"tableau1": "QH", "tableau2": "", "tableau3": "8D",
                                                  "tableau4": "7D", "foundation1": ""})
    cases = {
        Move("move", "tableau1", "tableau2"): "rule-empty",
        Move("move", "tableau4", "tableau3"): "rule-stacks",
        Move("move", "tableau3", "foundation1"): "rule-home",
        Move("recycle"): "rule-deck",
    }
    for move, section in cases.items():
        assert game.why_illegal(move) is not None
        assert rule_section(game, move) == section


def test_every_refused_move_points_at_a_section_its_lesson_has() -> None:
    rng = random.Random(3)
    for game_id in GAME_IDS:
        lesson_ids = set(load_lesson(game_id).section_ids())
        game = new_game(game_id, seed=11)
        for _ in range(40):
            pile_ids = list(game.pile_ids)
            for action in sorted(game.actions):
                move = Move(action, rng.choice(pile_ids), rng.choice(pile_ids),
                            piles=(rng.choice(pile_ids),) if action == "remove" else None)
                if action == "remove":
                    move = Move(action, piles=move.piles)
                elif action == "place":
                    move = Move(action, dst=move.dst)
                elif action == "pickup":
                    move = Move(action, move.src)
                assert rule_section(game, move) in lesson_ids, (game_id, move)
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        assert rule_section(game, None) in lesson_ids


def test_move_map_is_the_engine_s_movable_cards() -> None:
    game = new_game("klondike", seed=42)
    found = move_map(game)
    assert found.cards == {("tableau1", 0), ("tableau7", 6)}
    assert not found.stock_only
    stuck = arrange(new_game("klondike", seed=1), {pid: "" for pid in game.pile_ids})
    arrange(stuck, {"stock": "[2S]", "tableau1": "9H"})
    assert move_map(stuck).stock_only and move_map(stuck).cards == frozenset()


def test_targets_are_where_a_held_card_may_go() -> None:
    game = arrange(new_game("klondike", seed=1), {"tableau1": "[2C] 7H", "tableau2": "8S",
                                                  "tableau3": "8C", "tableau4": "9D"})
    assert targets(game, "tableau1", 1) == {"tableau2", "tableau3"}
    thirteen = arrange(new_game("thirteen", seed=1), {"pile1": "9C", "pile2": "4H",
                                                      "pile3": "4S", "pile4": "KD"})
    assert targets(thirteen, "pile1", 0) == {"pile2", "pile3"}
    assert targets(thirteen, "pile4", 0) == {"discard"}


def test_scoring_moves_left_before_a_deal() -> None:
    game = arrange(new_game("thirteen", seed=1), {"pile1": "9C", "pile2": "4H", "pile3": "2S",
                                                  "pile4": "5D"})
    assert [m.piles for m in scoring_moves_left(game)] == [("pile1", "pile2")]
    arrange(game, {"pile2": "3H"})
    assert scoring_moves_left(game) == []


def test_replay_session_steps_and_says_what_comes_next() -> None:
    game = new_game("klondike", seed=42)
    game.play(Move("move", "tableau1", "tableau2"))
    game.play(Move("flip"))
    game.undo()
    session = ReplaySession(Replay(game), "test")
    assert len(session) == 3 and session.step == 0
    assert session.next_step_text().startswith("Next, step 1: Move the 6 of spades")
    assert session.next_move() == Move("move", "tableau1", "tableau2")
    session.forward()
    assert session.game().piles["tableau2"][-1].code == "6S"
    session.go(99)
    assert session.at_end and session.step == 3 and session.next_move() is None
    assert session.last_step_text() == "Step 3 of 3: Took back: turn over the next card of " \
        "the deck onto the waste pile."
    session.back()
    assert len(session.game().piles["waste"]) == 1


def test_the_line_of_play_forgets_an_undone_position() -> None:
    from solitaire_tk.tutor.guide import LineOfPlay
    from solitaire_tk.tutor.hints import rank_hints
    game = new_game("klondike", seed=42)
    line = LineOfPlay(game)
    best = rank_hints(game, line)[0]
    game.play(best.move)
    line.moved(game)
    after = game.position()
    assert after in line
    game.undo()
    line.undone(game)
    assert after not in line and game.position() in line
    again = rank_hints(game, line)[0]
    assert again.move == best.move and "already had" not in again.why
    # Going back and forth for real is still a repeat: the way back is ranked last.
    game.play(Move("flip"))
    line.moved(game)
    assert len(line) == 2


def test_the_rule_shown_while_a_full_grid_is_cleared_does_not_give_the_hidden_card_away() -> None:
    from solitaire_tk.games.dammit import Dammit
    for seed in range(1, 40):
        game = new_game("dammit", seed=seed)
        assert isinstance(game, Dammit)
        while not game.is_over() and not game.clearing:
            game.play(game.legal_moves()[0])
        if game.clearing and game.top("stock") is not None and game.top("stock").rank > 10:
            break
    else:
        raise AssertionError("no deal hides a picture card while clearing")
    # A click on the hidden card means placing it: the rule shown is the clearing one.
    move = Move("place", dst="box1")
    assert rule_section(game, move) == "rule-remove"
