"""The headless contract of SPEC sections 1, 2 and 4, for every game."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from solitaire_tk import (GAME_IDS, DeckError, GameFileError, IllegalMove, Move, Replay,
                          load_game, new_game)
from solitaire_tk.cards import new_deck_order, shuffled_deck
from solitaire_tk.registry import game_class

from .helpers import total_cards

VARIANTS = [(gid, variant) for gid in GAME_IDS for variant in game_class(gid).variants]


def test_game_ids_are_the_five_games() -> None:
    assert GAME_IDS == ("cruel", "klondike", "thirteen", "double", "dammit")


def test_importing_the_engine_does_not_import_tkinter_or_pil() -> None:
    code = ("import sys, solitaire_tk, solitaire_tk.savefile, solitaire_tk.storage\n"
            "from solitaire_tk import new_game, GAME_IDS\n"
            "[new_game(g, seed=3) for g in GAME_IDS]\n"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('tkinter', '_tkinter', 'PIL')]\n"
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_deal_number_follows_the_spec_algorithm() -> None:
    for decks, seed in ((1, 1), (1, 42), (2, 2**31 - 1)):
        cards = [c.code for c in new_deck_order(decks)]
        rng = random.Random(seed)
        for i in range(len(cards) - 1, 0, -1):
            j = int(rng.random() * (i + 1))
            cards[i], cards[j] = cards[j], cards[i]
        assert [c.code for c in shuffled_deck(seed, decks)] == cards
    # Pinned, so a change of algorithm cannot slip through unnoticed.
    assert " ".join(c.code for c in shuffled_deck(1)[:8]) == "9S 9H 2H 4C 3D 8C 7D 2S"


def test_new_game_records_seed_and_deck() -> None:
    game = new_game("klondike", "draw3", seed=42)
    assert (game.game_id, game.variant, game.seed) == ("klondike", "draw3", 42)
    assert game.deck == tuple(c.code for c in shuffled_deck(42))
    random_game = new_game("cruel")
    assert isinstance(random_game.seed, int) and 1 <= random_game.seed <= 2**31 - 1
    assert new_game("cruel", seed=random_game.seed).deck == random_game.deck


def test_deck_text_accepts_10_and_refuses_bad_decks() -> None:
    codes = [c.code for c in new_deck_order()]
    text = " ".join(codes).replace("TD", "10d")
    assert new_game("thirteen", deck=text).deck == tuple(codes)
    with pytest.raises(DeckError, match="52 cards.*51"):
        new_game("thirteen", deck=" ".join(codes[:-1]))
    with pytest.raises(DeckError, match="too many of AC.*missing KS"):
        new_game("thirteen", deck=" ".join(codes[:-1] + ["AC"]))
    with pytest.raises(DeckError, match="'XX' is not a card"):
        new_game("thirteen", deck=" ".join(codes[:-1] + ["XX"]))
    with pytest.raises(DeckError, match="104 cards, each card twice"):
        new_game("double", deck=" ".join(codes))
    assert len(new_game("double", deck=" ".join(codes * 2)).deck) == 104


def test_bad_arguments_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="no game called 'chess'"):
        new_game("chess")
    with pytest.raises(ValueError, match="no variant 'draw5'"):
        new_game("klondike", "draw5")
    with pytest.raises(ValueError, match="no option 'turbo'"):
        new_game("thirteen", options={"turbo": True})
    with pytest.raises(ValueError, match="deal number"):
        new_game("cruel", seed=0)


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_random_play_keeps_every_rule_and_round_trips(game_id: str, variant: str) -> None:
    rng = random.Random(f"{game_id}-{variant}")
    decks = game_class(game_id).decks
    for seed in rng.sample(range(1, 10**6), 12):
        game = new_game(game_id, variant, seed=seed)
        for _ in range(150):
            moves = game.legal_moves()
            assert all(Move.from_json(m.to_json()) == m for m in moves)
            assert bool(moves) or game.is_over()
            if game.can_undo() and rng.random() < 0.15:
                before = game.position()
                game.undo()
                continue
            if not moves:
                break
            move = rng.choice(moves)
            before = game.position()
            game.play(move.to_json())
            assert total_cards(game) == 52 * decks
            assert sorted(c.code for p in game.piles.values() for c in p) == \
                sorted(game.deck)
            if game.can_undo():
                game.undo()
                assert game.position() == before
                game.play(move)
        loaded = load_game(json.loads(json.dumps(game.to_json())))
        assert loaded.position() == game.position()
        assert loaded.score() == game.score() and loaded.is_over() == game.is_over()


def test_illegal_move_raises_with_a_reason_and_changes_nothing() -> None:
    game = new_game("klondike", seed=42)
    before, log = game.position(), list(game.log)
    with pytest.raises(IllegalMove) as error:
        game.play({"action": "move", "src": "foundation1", "dst": "tableau1"})
    assert error.value.reason.endswith(".") and "never" in error.value.reason
    assert game.position() == before and game.log == log
    for nonsense in ({"action": "jump"}, {"action": "move", "src": "moon", "dst": "waste"},
                     {"action": "move", "src": "waste", "dst": "tableau1", "count": "two"}, []):
        with pytest.raises(IllegalMove):
            game.play(nonsense)  # type: ignore[arg-type]
    assert game.position() == before


def test_undo_entries_are_logged_and_replayed() -> None:
    game = new_game("klondike", seed=9)
    game.play(game.legal_moves()[0])
    label = game.undo()
    assert [e["action"] for e in game.log][-1] == "undo"
    replay = Replay(game.to_json())
    assert replay.steps[-1] == "Took back: " + label[0].lower() + label[1:]
    assert replay.moves[-1] is None


def played_game(game_id: str = "klondike", steps: int = 120, seed: int = 77):
    rng = random.Random(seed)
    game = new_game(game_id, seed=seed, player="Ana")
    for _ in range(steps):
        if game.can_undo() and rng.random() < 0.1:
            game.undo()
        elif game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
    return game


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_replay_gives_every_position_of_the_game(game_id: str) -> None:
    rng = random.Random(5)
    game = new_game(game_id, seed=5)
    positions = [game.position()]
    for _ in range(80):
        if game.can_undo() and rng.random() < 0.1:
            game.undo()
        elif game.legal_moves():
            game.play(rng.choice(game.legal_moves()))
        else:
            break
        positions.append(game.position())
    replay = Replay(game.to_json())
    assert len(replay) == len(game.log) == len(positions) - 1
    for n in (*range(len(replay) + 1), *reversed(range(len(replay) + 1))):
        assert replay.game_at(n).position() == positions[n]
    # A game taken from the middle can be played on, with its own history.
    middle = replay.game_at(len(replay) // 2)
    assert len(middle.log) == len(replay) // 2
    if middle.legal_moves():
        middle.play(middle.legal_moves()[0])
        assert len(middle.log) == len(replay) // 2 + 1
    assert replay.game_at(len(replay)).position() == game.position()


def test_saved_file_round_trip(tmp_path) -> None:
    from solitaire_tk.storage import save_game
    game = played_game()
    path = tmp_path / "games" / "ana.json"
    save_game(game, path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "solitaire-tk-game" and record["version"] == 1
    assert record["player"] == "Ana" and record["deck"].split() == list(game.deck)
    assert record["result"] == {"over": game.is_over(), "won": game.is_won(), "score": game.score()}
    assert load_game(path).position() == game.position()
    assert load_game(str(path)).log == game.log


def bad_record(**changes):
    record = played_game(steps=30).to_json()
    record.update(changes)
    return record


@pytest.mark.parametrize("changes,message", [
    ({"format": "something-else"}, "not a Solitaire Tutor saved game"),
    ({"version": 2}, "newer Solitaire Tutor"),
    ({"version": "1"}, "no proper version"),
    ({"game": "poker"}, "game we do not know"),
    ({"variant": "draw9"}, "no variant 'draw9'"),
    ({"deck": "AS AS"}, "not a proper deck"),
    ({"seed": -4}, "deal number"),
    ({"options": {"easy_mode": "yes"}}, "option"),
    ({"log": "all of it"}, "move list"),
    ({"player": ["x"]}, "'player'"),
])
def test_bad_header_is_refused(changes, message) -> None:
    with pytest.raises(GameFileError, match=message):
        load_game(bad_record(**changes))


def test_bad_entry_is_named_with_its_number_and_reason() -> None:
    record = bad_record()
    record["log"][4] = {"action": "move", "src": "foundation2", "dst": "tableau1"}
    with pytest.raises(GameFileError) as error:
        load_game(record)
    assert error.value.entry == 5
    assert str(error.value).startswith("Entry 5 ") and "never leave a home stack" in str(error.value)
    record["log"][4] = {"action": "teleport"}
    with pytest.raises(GameFileError, match="Entry 5 is not a proper move"):
        Replay(record)
    record["log"][4] = {"action": "undo", "t": float("nan")}
    with pytest.raises(GameFileError, match="Entry 5 has a time"):
        Replay(record)
    record["log"] = [{"action": "undo"}]
    with pytest.raises(GameFileError, match="Entry 1 takes back a move"):
        Replay(record)


def test_result_in_the_file_is_recomputed() -> None:
    record = bad_record(result={"over": True, "won": True, "score": 52})
    game = load_game(record)
    assert game.to_json()["result"]["won"] is False


def test_bad_files_are_refused(tmp_path) -> None:
    big = tmp_path / "big.json"
    with open(big, "wb") as handle:
        handle.truncate(5 * 1024 * 1024 + 1)
    with pytest.raises(GameFileError, match="bigger than 5 MB"):
        load_game(big)
    text = tmp_path / "broken.json"
    text.write_text('{"format": "solitaire-tk-game", "log": [', encoding="utf-8")
    with pytest.raises(GameFileError, match="mixed up near line 1"):
        load_game(text)
    binary = tmp_path / "picture.json"
    binary.write_bytes(b"\x89PNG\xff\xfe")
    with pytest.raises(GameFileError, match="not a text file"):
        load_game(binary)
    with pytest.raises(GameFileError, match="no file called"):
        load_game(tmp_path / "missing.json")
    with pytest.raises(GameFileError, match="is a folder"):
        load_game(tmp_path)
    nan = tmp_path / "nan.json"
    nan.write_text('{"a": NaN}', encoding="utf-8")
    with pytest.raises(GameFileError, match="NaN"):
        load_game(nan)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100000 + "]" * 100000, encoding="utf-8")
    with pytest.raises(GameFileError):
        load_game(deep)


def test_failed_save_keeps_the_old_file(tmp_path, monkeypatch) -> None:
    from solitaire_tk import storage
    path = tmp_path / "game.json"
    storage.save_game(played_game(steps=5), path)
    before = path.read_text(encoding="utf-8")

    def full_disk(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(storage.os, "replace", full_disk)
    with pytest.raises(storage.SaveError, match="disk is full"):
        storage.save_game(played_game(steps=50), path)
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"], "no temporary file is left"


def random_record(game, rng: random.Random) -> dict:
    """A move record of the right shape, with any piles, counts and indexes."""
    piles = list(game.pile_ids)
    record: dict = {"action": rng.choice(sorted(game.actions))}
    if rng.random() < 0.8:
        record["src"] = rng.choice(piles)
    if rng.random() < 0.7:
        record["dst"] = rng.choice(piles)
    if rng.random() < 0.3:
        record["count"] = rng.randint(1, 4)
    if rng.random() < 0.2:
        record["index"] = rng.randint(0, 12)
    if rng.random() < 0.4:
        record["piles"] = rng.sample(piles, rng.randint(1, 2))
    return record


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_play_accepts_exactly_the_legal_moves(game_id: str, variant: str) -> None:
    rng = random.Random(f"fuzz-{game_id}-{variant}")
    for seed in range(3):
        game = new_game(game_id, variant, seed=seed + 100)
        for _ in range(60):
            legal = game.legal_moves()
            legal_json = [m.to_json() for m in legal]
            for _ in range(40):
                record = random_record(game, rng)
                reason = game.why_illegal(record)
                if reason is None:
                    trial = game.copy()
                    played = trial.play(record)
                    assert played.to_json() in legal_json, record
                else:
                    assert reason.endswith((".", "!", "?")) and "Traceback" not in reason
                    assert reason[0].isupper(), reason
            if not legal:
                break
            game.play(rng.choice(legal))


@pytest.mark.parametrize("game_id,variant", VARIANTS)
def test_every_legal_move_can_be_made_on_the_table(game_id: str, variant: str) -> None:
    """Each legal move touches real cards, and dragging its lead card means it."""
    rng = random.Random(f"touch-{game_id}")
    game = new_game(game_id, variant, seed=321)
    for _ in range(120):
        legal = game.legal_moves()
        if not legal:
            break
        for move in legal:
            describe = game.describe(move)
            assert describe[0].isupper() and describe.endswith("."), describe
            touched = game.touches(move)
            if move.action == "redeal":
                assert touched == []  # Cruel's Deal button, not a card
                continue
            assert touched, move
            pile, index = touched[0]
            if index is not None:
                assert 0 <= index < len(game.piles[pile])
            target = move.dst or (move.piles[-1] if move.piles and len(move.piles) > 1 else None)
            if index is not None and target is not None and move.action != "place":
                assert game.drag_move(pile, index, target).to_json() == move.to_json() or \
                    game._canonical(game.drag_move(pile, index, target)) == move
        game.play(rng.choice(legal))


def test_a_game_prints_as_a_readable_table() -> None:
    text = str(new_game("klondike", seed=42))
    assert "deal 42" in text and "tableau7" in text and "[8H]" in text


def test_every_game_describes_itself_for_the_chooser_and_the_statistics() -> None:
    """What the chooser and the Statistics dialog say about a game comes from
    its own class, so a new game needs no list elsewhere to be edited."""
    from solitaire_tk.registry import GAME_IDS, game_class
    for game_id in GAME_IDS:
        cls = game_class(game_id)
        assert cls.blurb.endswith(".") and cls.score_note.startswith(("The score", "In ")), game_id
        for variant in cls.variants if len(cls.variants) > 1 else ():
            assert cls.variant_descriptions[variant], (game_id, variant)
    assert game_class("cruel").lower_score_is_better and game_class("cruel").lists_every_score
    assert not game_class("klondike").lower_score_is_better
    assert [g for g in GAME_IDS if game_class(g).counts_cards_played] == ["thirteen"]


def test_the_status_bar_gives_each_games_score_in_its_own_words() -> None:
    from solitaire_tk.ui.statusbar import score_text
    shown = {game_id: score_text(new_game(game_id, seed=1))
             for game_id in ("cruel", "klondike", "thirteen", "double", "dammit")}
    assert shown == {"cruel": "Cards left: 48", "klondike": "Score: 0 of 52 home",
                     "thirteen": "Removed: 0 of 52", "double": "On piles 14-21: 0 of 104",
                     "dammit": "Placed: 0 of 52"}
