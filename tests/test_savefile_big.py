"""Long saved games: a replay keeps the whole game only now and then, and undo
keeps the position before a move only on some steps, yet every step of every
game comes back exactly as it was played (positions, log, undo, sentences)."""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path
from typing import Any

import pytest

from solitaire_tk import GAME_IDS, Replay, load_game, new_game
from solitaire_tk.engine import Game, Position
from solitaire_tk.moves import Move
from solitaire_tk.playout import random_step
from solitaire_tk.registry import game_class
from solitaire_tk.savefile import CHECKPOINT_EVERY, GameFileError
from solitaire_tk.session import live_moves
from solitaire_tk.userdata import DataStore

EVERY_VARIANT = [(game_id, variant) for game_id in GAME_IDS
                 for variant in game_class(game_id).variants]


class Played:
    """A game played at random (with undos, some of them in long runs), and
    what each step looked like as it was played, kept the plain way: a whole
    position after every entry and before every move."""

    def __init__(self, game_id: str, variant: str, entries: int, seed: int) -> None:
        rng = random.Random(f"{game_id}-{variant}-{seed}")
        self.game = new_game(game_id, variant, seed=seed)
        self.positions: list[Position] = [self.game.position()]
        self.texts: list[str] = []
        # What undo would bring back after each entry: (its sentence, the position).
        self.undo_tops: list[tuple[str, Position] | None] = [None]
        stack: list[tuple[str, Position]] = []
        taking_back = 0
        while len(self.game.log) < entries:
            legal = list(self.game.legal_moves())
            if taking_back and self.game.can_undo():
                taking_back -= 1
                self._undo(stack)
            elif self.game.can_undo() and (rng.random() < 0.15 or not legal):
                if rng.random() < 0.1:
                    taking_back = rng.randint(10, 60)   # a long run of undos
                self._undo(stack)
            elif legal:
                move = rng.choice(legal)
                text, before = self.game.describe(move), self.game.position()
                face_down = self.game.face_down_cards()
                played = self.game.play(move)
                # The step says what the move turned up too; Undo's label does not.
                self.texts.append(self.game.told(text, played, face_down))
                stack.append((text, before))
                if not self.game.can_undo():   # a move undo never reaches back past
                    stack.clear()
                if self.game.undo_limit is not None:
                    del stack[:-self.game.undo_limit]
            else:
                break
            self.positions.append(self.game.position())
            self.undo_tops.append(stack[-1] if stack else None)

    def _undo(self, stack: list[tuple[str, Position]]) -> None:
        text, before = stack.pop()
        if len(stack) % 3 == 0:   # the Undo menu asks for the sentence first
            assert self.game.undo_label() == text
        assert self.game.undo() == text
        assert self.game.position() == before
        self.texts.append("Took back: " + text[:1].lower() + text[1:])


def check_step(replay: Replay, played: Played, n: int) -> None:
    game = replay.game_at(n)
    assert game.position() == played.positions[n], n
    assert game.log == played.game.log[:n]
    top = played.undo_tops[n]
    assert game.undo_label() == (top[0] if top else None)
    assert game.position() == played.positions[n]   # asking for the label changed nothing
    # Redo keeps the move undo takes back: the last move of the log still standing.
    assert game.undo_move() == (live_moves(game)[-1] if game.can_undo() else None)
    if n:
        assert replay.steps[n - 1] == played.texts[n - 1]
    if top is not None:
        game.undo()
        assert game.position() == top[1]


@pytest.mark.parametrize("game_id, variant", EVERY_VARIANT)
def test_every_step_of_a_long_replay_is_the_position_it_was_played_in(
        game_id: str, variant: str) -> None:
    played = Played(game_id, variant, entries=5 * CHECKPOINT_EVERY + 37, seed=3)
    replay = Replay(played.game.to_json())
    assert len(replay) == len(played.game.log)
    rng = random.Random(game_id + variant)
    edges = [0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, len(replay)]
    for n in edges + [rng.randint(0, len(replay)) for _ in range(40)]:
        check_step(replay, played, min(n, len(replay)))
    assert replay.final.position() == played.game.position()


@pytest.mark.parametrize("game_id, variant", EVERY_VARIANT)
def test_every_step_text_of_a_replay_reads_as_when_it_was_played(game_id: str,
                                                                 variant: str) -> None:
    played = Played(game_id, variant, entries=2 * CHECKPOINT_EVERY + 5, seed=8)
    replay = Replay(played.game.to_json())
    assert list(replay.steps) == played.texts
    assert replay.steps[-1] == played.texts[-1] and replay.steps[2:5] == played.texts[2:5]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_long_game_takes_back_every_move_to_the_deal(game_id: str) -> None:
    """Undo rebuilds most positions from a few kept ones: taking back a few
    hundred moves in a row still passes through every position played."""
    game = new_game(game_id, seed=11)
    rng = random.Random(game_id)
    seen = [game.position()]
    for _ in range(300):
        legal = game.legal_moves()
        if not legal:
            break
        game.play(rng.choice(legal))
        if not game.can_undo():
            seen = []   # a move that cannot be taken back: undo stops here
        seen.append(game.position())
    resumed = load_game(game.to_json())
    for live in (game, resumed):
        positions = list(seen)
        positions.pop()
        while live.can_undo() and positions:
            live.undo()
            assert live.position() == positions.pop()


def test_a_game_continued_from_a_replay_step_goes_on_like_the_original() -> None:
    played = Played("klondike", "draw1", entries=3 * CHECKPOINT_EVERY, seed=5)
    replay = Replay(played.game.to_json())
    n = CHECKPOINT_EVERY + 50
    game = replay.game_at(n)
    twin = replay.game_at(n)
    for move in played.game.log[n:]:
        if move["action"] == "undo":
            game.undo()
        else:
            game.play(move)
    assert game.position() == played.game.position()
    assert twin.position() == played.positions[n] and len(twin.log) == n   # untouched


def test_the_time_of_a_step_is_the_last_time_written_before_it() -> None:
    record = long_record(CHECKPOINT_EVERY + 10)
    for number, entry in enumerate(record["log"], start=1):
        entry["t"] = float(number)
        if number > CHECKPOINT_EVERY - 3:
            del entry["t"]   # times are optional: the clock stands still
    replay = Replay(record)
    assert replay.game_at(5).elapsed() == pytest.approx(5.0, abs=0.2)
    assert replay.game_at(CHECKPOINT_EVERY + 4).elapsed() == pytest.approx(
        CHECKPOINT_EVERY - 3, abs=0.2)


def long_record(entries: int) -> dict[str, Any]:
    game = new_game("klondike", seed=4)
    rng = random.Random(4)
    while len(game.log) < entries:
        assert random_step(game, rng)
    return game.to_json()


def test_loading_a_game_makes_no_sentence_and_no_game_over_search(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The sentences of a replay's steps and of undo are made when asked for,
    and whether the game is over is asked once at the end, not at every entry."""
    record = long_record(600)
    asked: list[str] = []
    cls = game_class("klondike")
    for name in ("describe", "is_over", "_nothing_new_left"):
        original = getattr(cls, name)
        monkeypatch.setattr(cls, name, lambda self, *args, _f=original, _n=name:
                            asked.append(_n) or _f(self, *args))
    replay = Replay(record)
    game = load_game(record)
    assert asked == []
    assert replay.steps[10] and game.undo_label()
    assert "describe" in asked


def test_a_long_replay_holds_far_less_than_a_table_per_entry() -> None:
    """A position is a few hundred bytes; a replay of 3,000 entries kept one
    (and an undo position) per entry.  Now it keeps one every so many."""
    record = long_record(3000)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        replay = Replay(record)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(replay) == 3000
    assert held / len(replay) < 400, f"{held / len(replay):.0f} bytes an entry"


def test_a_replay_of_a_game_in_play_shares_nothing_with_it() -> None:
    game = new_game("double", seed=6)
    for _ in range(40):
        game.play(game.legal_moves()[0])
    replay = Replay(game)
    step = replay.game_at(20)
    step.play(step.legal_moves()[0])
    assert len(replay.game_at(20).log) == 20 and replay.game_at(40).log == game.log
    game.play(game.legal_moves()[0])
    assert len(replay.final.log) == 40


def test_a_step_out_of_range_is_refused() -> None:
    replay = Replay(long_record(10))
    with pytest.raises(IndexError):
        replay.game_at(11)
    with pytest.raises(IndexError):
        replay.steps[10]
    assert isinstance(replay.game_at(10), Game)


def test_a_replay_is_freed_as_soon_as_nothing_uses_it() -> None:
    """Loading a game in play builds a replay of it: its checkpoints must go
    at once, not wait for Python's search for reference circles."""
    import gc
    import weakref
    replay = Replay(long_record(300))
    assert replay.steps[5]
    gone = weakref.ref(replay)
    paused = gc.isenabled()
    gc.disable()
    try:
        del replay
        assert gone() is None
    finally:
        if paused:
            gc.enable()


def test_a_long_game_in_play_comes_back_after_a_restart(tmp_path: Path) -> None:
    """A game in play is saved after every move.  Written indented, a long one
    (here 130,000 turns of the deck) grew past the 5 MB a saved game may be,
    so the next start put it aside as damaged: the pupil lost it."""
    store = DataStore(tmp_path)
    game = new_game("klondike", "draw3", seed=2, player=store.current_player)
    flip, recycle = Move("flip"), Move("recycle")
    while len(game.log) < 130_000:
        game.play(flip if game.is_legal(flip) else recycle)
    store.autosave(game)
    back = DataStore(tmp_path).resume()
    assert back is not None and back.position() == game.position()
    assert len(back.log) == len(game.log)


@pytest.mark.parametrize("field, value", [("src", ["t1"]), ("dst", {"pile": "t1"}),
                                          ("count", [2]), ("index", {"at": 0})])
def test_an_entry_with_a_list_or_object_for_a_field_is_refused_in_words(field: str,
                                                                         value: Any) -> None:
    record = long_record(20)
    entry = next(entry for entry in record["log"] if entry["action"] == "move")
    entry[field] = value
    with pytest.raises(GameFileError, match="is not a proper move"):
        Replay(record)
