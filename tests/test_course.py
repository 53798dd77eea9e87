"""The courses (lessons/courses/*.toml) played through the engine, step by step."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from solitaire_tk.course import (ANSWER_AFTER, NUDGE_AFTER, CourseError, StepTry, build_deck,
                                 load_course, parse_course, start_step)
from solitaire_tk.moves import Move
from solitaire_tk.registry import GAME_IDS, game_class, new_game
from solitaire_tk.savefile import load_game

COURSES = ("thirteen", "cruel", "klondike", "dammit", "double")  # games whose course must be complete

def _courses() -> list[str]:
    found = []
    for game_id in GAME_IDS:
        try:
            load_course(game_id)
        except CourseError:
            continue
        found.append(game_id)
    return found


def _steps() -> list[tuple[str, str, int]]:
    return [(game_id, lesson.id, n) for game_id in _courses()
            for lesson in load_course(game_id).lessons for n in range(len(lesson.steps))]


def _layout(game) -> dict[str, list[str]]:
    return {pid: [card.code for card in pile] for pid, pile in game.piles.items()}


def _wrong_move(trying: StepTry) -> Move:
    """A legal move that is not right if there is one, else an illegal move."""
    game = trying.game
    for move in game.legal_moves():
        if not trying.is_right(move):
            return move
    cls = type(game)
    tries = [Move("move", a, b) for a in cls.pile_ids for b in cls.pile_ids if a != b]
    tries += [Move("remove", piles=(a,)) for a in cls.pile_ids]
    tries += [Move("place", dst=a) for a in cls.pile_ids] + [Move("pickup", src=a) for a in cls.pile_ids]
    for move in tries:
        if move.action in cls.actions and game.why_illegal(move) is not None:
            return move
    raise AssertionError("no wrong move found")


@pytest.mark.parametrize("game_id", COURSES)
def test_full_courses_have_five_to_eight_lessons_of_three_to_eight_steps(game_id: str) -> None:
    course = load_course(game_id)
    assert 5 <= len(course.lessons) <= 8
    for lesson in course.lessons:
        assert 3 <= len(lesson.steps) <= 8, lesson.id


@pytest.mark.parametrize("game_id,lesson_id,n", _steps())
def test_every_step_plays_with_its_right_moves(game_id: str, lesson_id: str, n: int) -> None:
    course = load_course(game_id)
    lesson = course.lesson(lesson_id)
    assert lesson is not None
    step = lesson.steps[n]
    trying = StepTry(game_id, step)
    game = trying.game
    for pid, codes in {**step.piles, **step.expect}.items():
        if pid in step.expect or not step.setup:
            assert [card.code for card in game.piles[pid]][-len(codes):] == list(codes)
    for right in step.right:
        again = StepTry(game_id, step)
        verdict = again.attempt(right)
        assert verdict.kind == "right" and verdict.text == step.done
        assert again.closed and again.game.log[-1]["action"] == right.action
    # A wrong try is refused with a sentence and nothing changes.
    before, log = game.position(), list(game.log)
    wrong = _wrong_move(trying)
    verdict = trying.attempt(wrong)
    assert verdict.kind in ("wrong", "illegal") and verdict.text.endswith(".")
    assert len(verdict.text.split()) >= 4
    assert game.position() == before and game.log == log and not trying.closed


def test_wrong_tries_light_the_card_then_show_the_answer() -> None:
    step = load_course("thirteen").lessons[0].steps[0]      # take away the King in pile 1
    trying = StepTry("thirteen", step)
    first = trying.attempt({"action": "remove", "piles": ["pile2"]})
    assert first.kind == "illegal" and "Only a King goes away by itself" in first.text
    assert not first.nudge
    second = trying.attempt({"action": "deal"})
    assert second.kind == "wrong" and step.task in second.text
    assert second.nudge == (("pile1", 0),) and second.answer is None
    pair = StepTry("thirteen", load_course("thirteen").lessons[1].steps[0])  # Queen and Ace
    pair.attempt({"action": "deal"})
    assert pair.attempt({"action": "deal"}).nudge == (("pile1", 0),), "only the first card"
    assert pair.attempt({"action": "deal"}).nudge == (("pile1", 0), ("pile3", 0))
    third = trying.attempt({"action": "deal"})
    assert third.answer == step.right[0] and "answer" in third.text
    assert trying.wrong_tries == ANSWER_AFTER > NUDGE_AFTER
    assert trying.attempt(step.right[0]).kind == "right"


def test_a_step_is_a_normal_game_that_saves_and_replays(tmp_path: Path) -> None:
    step = load_course("thirteen").lesson("empty-piles").steps[1]  # type: ignore[union-attr]
    game = start_step("thirteen", step, player="Ann")
    trying = StepTry("thirteen", step, game=game)
    assert trying.attempt(step.right[0]).kind == "right"
    path = tmp_path / "step.json"
    path.write_text(json.dumps(game.to_json()), encoding="utf-8")
    again = load_game(path)
    assert again.position() == game.position() and again.player == "Ann"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_deck_for_layout_runs_the_deal_backwards(game_id: str) -> None:
    cls = game_class(game_id)
    for seed in (1, 2, 77, 9999, 123456):
        dealt = new_game(game_id, seed=seed)
        deck = cls.deck_for_layout(dealt.piles)
        assert _layout(cls(deck)) == _layout(dealt)


def test_deck_for_layout_refuses_a_layout_no_deal_makes() -> None:
    for game_id in GAME_IDS:
        cls = game_class(game_id)
        layout = {pid: list(pile) for pid, pile in new_game(game_id, seed=5).piles.items()}
        moved = next(pid for pid in cls.pile_ids if layout[pid])
        layout[cls.pile_ids[-1] if moved != cls.pile_ids[-1] else cls.pile_ids[0]].append(
            layout[moved].pop())
        with pytest.raises(ValueError):
            cls.deck_for_layout(layout)


def test_build_deck_puts_the_wanted_cards_on_top() -> None:
    course = parse_course('[[lesson]]\nid = "a"\ntitle = "A"\n[[lesson.step]]\n'
                          'piles = { pile3 = ["KS"], stock = ["2C", "QH"] }\ntask = "Go."\n'
                          'right = [{ action = "remove", piles = ["pile3"] }]\ndone = "Done."\n',
                          "thirteen")
    step = course.lessons[0].steps[0]
    game = new_game("thirteen", deck=build_deck(game_class("thirteen"), step))
    assert game.piles["pile3"][-1].code == "KS"
    assert [card.code for card in game.piles["stock"][-2:]] == ["2C", "QH"]


@pytest.mark.parametrize("text,words", [
    ("lesson = 3", "list of tables"),
    ("[[lesson]]\nid = 'a'\ntitle = 'A'\n", "has no steps"),
    ("[[lesson]]\nid = 'a'\ntitle = 'A'\n[[lesson.step]]\ntask = 'x'\ndone = 'y'\n",
     "no right move"),
    ("[[lesson]\n", "not written right"),
])
def test_a_bad_course_file_gets_a_sentence(text: str, words: str) -> None:
    with pytest.raises(CourseError, match=words):
        parse_course(text, "thirteen")


@pytest.mark.parametrize("game_id", _courses())
def test_courses_are_in_our_own_words(game_id: str) -> None:
    from tests.test_lessons import SHARED_RUN, _seed_texts, _words
    runs = set()
    for text in _seed_texts().values():
        words = _words(text)
        runs.update(tuple(words[i:i + SHARED_RUN]) for i in range(len(words) - SHARED_RUN + 1))
    course = load_course(game_id)
    copied = []
    for lesson in course.lessons:
        for step in lesson.steps:
            for text in (step.task, step.done, step.not_this):
                words = _words(text)
                copied += [run for i in range(len(words) - SHARED_RUN + 1)
                           if (run := tuple(words[i:i + SHARED_RUN])) in runs]
    assert not copied, copied


def test_lessons_done_is_kept_per_player_and_a_bad_list_falls_back(tmp_path: Path) -> None:
    from solitaire_tk.userdata import DataStore, check_setting
    store = DataStore(tmp_path)
    store.add_player("Ana")
    store.switch_player("Ana")
    store.update_settings(lessons_done=["thirteen/goal", "cruel/goal", "thirteen/goal"])
    again = DataStore(tmp_path)
    again.switch_player("Ana")
    assert again.settings.lessons_done == ["thirteen/goal", "cruel/goal"]
    for bad in ("thirteen/goal", ["poker/goal"], ["thirteen/Goal!"], [3]):
        with pytest.raises(ValueError, match="lesson"):
            check_setting("lessons_done", bad)
    path = tmp_path / "settings.json"
    data = json.loads(path.read_text())
    for player in data["players"]:
        player["settings"]["lessons_done"] = "all of them"
    path.write_text(json.dumps(data))
    third = DataStore(tmp_path)
    notices = " ".join(third.take_notices())
    assert "'lessons done' (the lessons done must be a list" in notices
    third.switch_player("Ana")
    assert third.settings.lessons_done == []


def _lands(game, move: Move) -> tuple[str, tuple[str, ...]] | None:
    """Where a move of cards puts them and which cards (by face) land there."""
    if move.action != "move":
        return None
    after = game.copy()
    before = len(after.piles[move.dst])
    after.play(move)
    return move.dst, tuple(card.code for card in after.piles[move.dst][before:])


@pytest.mark.parametrize("game_id,lesson_id,n", _steps())
def test_a_twin_of_a_named_card_does_what_the_step_asks(game_id: str, lesson_id: str,
                                                        n: int) -> None:
    """Double Solitaire has two of each card: "Put the Ace of hearts on an up pile"
    with one Ace of hearts in pile 3 and another in pile 8 is done with either
    (the one in pile 8 was refused: "...not the one this step asks for").  Every
    legal move that puts the same cards where a right move puts them is right,
    unless the step is about choosing one of the two (`this_copy_only`, which
    then says why with `not_this`)."""
    step = load_course(game_id).lesson(lesson_id).steps[n]  # type: ignore[union-attr]
    trying = StepTry(game_id, step)
    game = trying.game
    right_landings = {_lands(game, move) for move in step.right} - {None}
    twins = [move for move in game.legal_moves()
             if _lands(game, move) in right_landings and not any(
                 _same_end(game, move, right) for right in step.right)]
    if step.this_copy_only:
        assert twins, "this_copy_only where no twin of a right move is on the table"
        assert step.not_this
        for move in twins:
            verdict = StepTry(game_id, step).attempt(move)
            assert verdict.kind == "wrong" and verdict.text.startswith(step.not_this)
    for move in twins if not step.this_copy_only else ():
        again = StepTry(game_id, step)
        assert again.attempt(move).kind == "right", game.describe(move)
        assert again.closed


def _same_end(game, move: Move, right: Move) -> bool:
    one, other = game.copy(), game.copy()
    one.play(move)
    other.play(right)
    return one.position() == other.position()


def test_double_s_first_step_takes_either_ace_of_hearts() -> None:
    step = load_course("double").lessons[0].steps[0]
    game = StepTry("double", step).game
    aces = [pid for pid in game.pile_ids if game.piles[pid] and game.piles[pid][-1].code == "AH"]
    assert aces == ["pile3", "pile8"]
    for pile in aces:
        assert StepTry("double", step).attempt(Move("move", pile, "pile15")).kind == "right"


def test_a_place_to_find_lights_up_and_the_words_say_so() -> None:
    """Dammit!: the card to play is the only one that can go, so after two wrong
    tries it is the box to put it in (the answer's) that lights up, and the
    words say a box lights up (they said a card did, and the card lit up)."""
    step = load_course("dammit").lessons[0].steps[0]      # the 5 of hearts in box 6
    trying = StepTry("dammit", step)
    trying.attempt({"action": "place", "dst": "box1"})
    second = trying.attempt({"action": "place", "dst": "box2"})
    assert second.nudge == (("box6", None),)
    assert second.text.endswith("Look at the box that lights up.")
