"""The solver's fast positions for Klondike and Double Solitaire follow the
games' own rules: in thousands of random positions, every fast move spelt as
public moves plays in the engine and leads where the fast position says,
`pop` takes it back exactly, and no legal move of the game is missing."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, Callable, Hashable, Iterable

import pytest

from solitaire_tk import Move, new_game
from solitaire_tk.engine import Game
from solitaire_tk.games.klondike import FOUNDATIONS, TABLEAUS
from solitaire_tk.playout import random_step
from solitaire_tk.solver import search, solve

from .helpers import arrange

PLAYS = [("klondike", "draw1"), ("klondike", "draw3"), ("klondike", "draw1-single"),
         ("double", "standard")]
# Moves that only turn Klondike's deck: the fast position folds them into
# the waste move they lead to.
TURNS = frozenset({"flip", "recycle"})
GOLDEN = Path(__file__).parent / "golden"


def _lines(state: Any, move: Hashable) -> list[Move]:
    return list(state.public_moves(move))


def _key_after(game: Game, moves: list[Move]) -> Hashable:
    """The fast key of the position after playing `moves` (the game is put back)."""
    for move in moves:
        game.play(move)
    key = game.search_state().key()
    for _ in moves:
        game.undo()
    return key


def _check_position(game: Game, turning_too: bool) -> int:
    """Check one position; returns how many fast moves were checked."""
    state = game.search_state()
    start = state.key()
    scratch = game.copy()
    fast = list(state.moves())
    assert len(set(fast)) == len(fast)
    forced = state.forced_move()
    assert forced is None or forced in fast
    reached: dict[Hashable, Hashable] = {}   # key after -> the fast move
    direct: set[Move] = set()
    for move in fast:
        public = _lines(state, move)
        state.push(move)
        after = state.key()
        assert _key_after(scratch, public) == after, (move, public)
        state.pop()
        assert state.key() == start
        reached[after] = move
        if len(public) == 1:
            direct.add(public[0])
        else:
            assert all(step.action in TURNS for step in public[:-1])
    assert scratch.position() == game.position()
    # Every legal move is a fast one, or leads where one does (a King into
    # another empty stack, an Ace onto another empty home pile), or is a run
    # taken off part of a run leaving a card that can't go home (left out).
    for move in game.legal_moves():
        if move.action in TURNS or move in direct:
            continue
        if _key_after(scratch, [move]) not in reached:
            assert _only_swaps(scratch, move) or _empties_with_no_king_ready(scratch, move), move
    if turning_too:
        _check_turning(scratch, reached)
    return len(fast)


def _only_swaps(game: Game, move: Move) -> bool:
    """A run moved off a face-up card of the stacks that then can't go home."""
    if game.game_id != "klondike" or move.src not in TABLEAUS or move.dst not in TABLEAUS:
        return False
    pile = game.piles[move.src]
    if len(pile) <= move.count or not pile[-move.count - 1].face_up:
        return False
    game.play(move)
    goes_home = any(game.is_legal(Move("move", move.src, dst)) for dst in FOUNDATIONS)
    game.undo()
    return not goes_home


def _empties_with_no_king_ready(game: Game, move: Move) -> bool:
    """A whole stack moved, face-down cards none, when no King can go into
    the place it leaves now: none lies face up on a face-down card, and
    turning the deck (with the passes left) brings none up."""
    if game.game_id != "klondike" or move.src not in TABLEAUS or move.dst not in TABLEAUS:
        return False
    pile = game.piles[move.src]
    if len(pile) != move.count or not pile[0].face_up:
        return False
    for pid in TABLEAUS:
        cards = game.piles[pid]
        lowest = next((n for n, card in enumerate(cards) if card.face_up), 0)
        if lowest and cards[lowest].rank == 13:
            return False
    turned = 0
    king = False
    while not king and turned < 100:
        waste = game.piles["waste"]
        king = bool(waste) and waste[-1].rank == 13
        step = next((m for m in (Move("flip"), Move("recycle")) if game.is_legal(m)), None)
        if step is None:
            break
        game.play(step)
        turned += 1
    for _ in range(turned):
        game.undo()
    return not king


def _check_turning(game: Game, reached: dict[Hashable, Hashable]) -> None:
    """Klondike: every waste move the deck can be turned to is a fast move
    (reached with as many passes left, or more)."""
    turned: list[Move] = []
    for _ in range(80):
        for dst in (*FOUNDATIONS, *TABLEAUS):
            move = Move("move", "waste", dst)
            if game.is_legal(move):
                key = _key_after(game, [move])
                assert key in reached or any(
                    old[:3] == key[:3] and old[3] <= key[3]   # type: ignore[index]
                    for old in reached if len(old) == 4), (turned, move)  # type: ignore[arg-type]
        step = next((m for m in (Move("flip"), Move("recycle")) if game.is_legal(m)), None)
        if step is None:
            break
        game.play(step)
        turned.append(step)
    for _ in turned:
        game.undo()


@pytest.mark.parametrize(("game_id", "variant"), PLAYS)
def test_fast_moves_agree_with_the_game_in_random_positions(game_id: str, variant: str) -> None:
    rng = random.Random(f"drift-{game_id}-{variant}")
    positions = moves = 0
    while positions < 1500:
        game = new_game(game_id, variant, seed=rng.randint(1, 10**6))
        for _ in range(rng.randint(20, 200)):
            moves += _check_position(game, game_id == "klondike" and positions % 8 == 0)
            positions += 1
            if not random_step(game, rng):
                break
    assert moves > 2 * positions


def _search(state: Any, cap: int) -> list[Hashable] | None:
    """A plain depth-first search (the solver's own is in solver.py): a winning
    line of fast moves, or None (lost, or more than `cap` positions)."""
    seen: set[Hashable] = set()
    line: list[Hashable] = []

    def win() -> bool:
        if state.is_won():
            return True
        key = state.key()
        if key in seen or len(seen) > cap or state.is_dead():
            return False
        seen.add(key)
        forced = state.forced_move()
        for move in [forced] if forced is not None else state.moves():
            state.push(move)
            line.append(move)
            if win():
                return True
            line.pop()
            state.pop()
        return False

    return line if win() else None


def _play_line(game: Game, line: list[Hashable]) -> None:
    state = game.search_state()
    for move in line:
        for step in _lines(state, move):
            game.play(step)
        state.push(move)


@pytest.mark.parametrize(("game_id", "variant", "seeds"), [
    ("klondike", "draw1", (2, 3, 5)), ("klondike", "draw3", (2, 4, 8)),
    ("klondike", "draw1-single", (21,)), ("double", "standard", (1, 2, 3))])
def test_a_winning_line_plays_to_a_win(game_id: str, variant: str, seeds: tuple[int, ...]) -> None:
    for seed in seeds:
        game = new_game(game_id, variant, seed=seed)
        line = _search(game.search_state(), 20000)
        assert line is not None, seed
        _play_line(game, line)
        assert game.is_won()


@pytest.mark.parametrize("name", ["klondike-draw1", "klondike-draw3", "double-standard"])
def test_a_won_golden_game_never_looks_dead_and_its_forced_moves_are_legal(name: str) -> None:
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    assert record["result"]["won"]
    game = new_game(record["game"], record["variant"], deck=record["deck"])
    for entry in record["log"]:
        state = game.search_state()
        assert not state.is_dead()
        forced = state.forced_move()
        if forced is not None:
            for step in _lines(state, forced):
                assert game.is_legal(step)
        if entry["action"] == "undo":
            game.undo()
        else:
            game.play(entry)
    assert game.is_won() and game.search_state().is_won()


@pytest.mark.parametrize("name", ["klondike-draw1", "klondike-draw3"])
def test_the_solver_never_calls_a_position_of_a_won_golden_game_lost(name: str) -> None:
    # Every cut the search makes (dead ends, positions met again with the
    # deck further on) is checked here against a game a player won.
    record = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    game = new_game(record["game"], record["variant"], deck=record["deck"])
    for step, entry in enumerate(record["log"]):
        if step % 12 == 0:
            verdict = solve(game, seconds=0.5, max_positions=20_000)
            assert verdict.status != "lost", step
        if entry["action"] == "undo":
            game.undo()
        else:
            game.play(entry)
    assert game.is_won()


# -- the deck's passes, exactly -------------------------------------------------
def _one_card_short(variant: str, waste: str, stock: str, recycles: int) -> Game:
    """Klondike with everything home but the hearts from `low` up: the hearts
    left lie in the deck, so only turning it can finish the game."""
    game = new_game("klondike", variant, seed=1)
    hearts = [f"{r}H" for r in "A23456789TJQK"]
    layout = {pid: "" for pid in TABLEAUS}
    layout.update({"foundation1": " ".join(f"{r}C" for r in "A23456789TJQK"),
                   "foundation2": " ".join(f"{r}D" for r in "A23456789TJQK"),
                   "foundation4": " ".join(f"{r}S" for r in "A23456789TJQK"),
                   "waste": waste, "stock": stock})
    left = set(waste.split()) | {word.strip("[]") for word in stock.split()}
    home = [code for code in hearts if code not in left]
    layout["foundation3"] = " ".join(home)
    return arrange(game, layout, recycles=recycles)


@pytest.mark.parametrize(("variant", "recycles", "winnable"), [
    ("draw1-single", 0, False), ("draw1", 2, False), ("draw1", 1, True), ("draw3", 9, False)])
def test_the_passes_left_decide_the_game(variant: str, recycles: int, winnable: bool) -> None:
    # The 9 of hearts lies under the 10 in the waste: the deck must be gone
    # through again to take the 9 first.  Three at a time, the 9 always
    # stays under the 10 and the Jack, however often the deck goes round.
    game = _one_card_short(variant, "9H TH", "[KH] [QH] [JH]", recycles)
    state = game.search_state()
    line = _search(state, 10000)
    assert (line is not None) == winnable
    if line is not None:
        _play_line(game, line)
        assert game.is_won()


def test_a_card_locked_under_its_own_suit_is_dead() -> None:
    # The 5 of spades lies right on the face-down 3 of spades; the two red 6s
    # it could go onto are home (hearts) or under the 3 (diamonds): the 3 can
    # never come out.
    game = new_game("klondike", "draw1", seed=1)
    arrange(game, {"tableau1": "[6D] [3S] 5S", "foundation1": "AH 2H 3H 4H 5H 6H",
                   "foundation2": "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC"})
    assert game.search_state().is_dead()
    # With the 6 of hearts still out, the 5 can go onto it.
    arrange(game, {"foundation1": "AH 2H 3H 4H 5H"})
    assert not game.search_state().is_dead()


# -- through the solver ---------------------------------------------------------
def test_solve_proves_double_deals_winnable_with_a_line_that_plays() -> None:
    for seed in (1, 2, 3):
        game = new_game("double", seed=seed)
        verdict = solve(game, seconds=30.0)
        assert verdict.status == "winnable"
        for move in verdict.line:
            game.play(move)
        assert game.is_won()


@pytest.mark.parametrize(("variant", "seed", "status"), [
    ("draw3", 2, "winnable"), ("draw3", 4, "winnable"), ("draw3", 9, "winnable"),
    ("draw3", 12, "lost"), ("draw3", 17, "lost"), ("draw1", 2, "winnable"),
    ("draw1", 3, "winnable"), ("draw1", 5, "winnable"), ("draw1-single", 21, "winnable"),
    ("draw1-single", 12, "lost")])
def test_solve_decides_klondike_deals(variant: str, seed: int, status: str) -> None:
    # Deal 17 (draw3) is lost from the start: after the Ace of clubs goes home
    # no card of the table can move and the deck's every third card fits nowhere.
    game = new_game("klondike", variant, seed=seed)
    before = game.position()
    verdict = solve(game, seconds=30.0)
    assert verdict.status == status
    assert game.position() == before
    for move in verdict.line:   # the turns of the deck are spelt out
        game.play(move)
    assert game.is_won() == (status == "winnable")


@pytest.mark.parametrize(("variant", "recycles", "status"), [
    ("draw1-single", 0, "lost"), ("draw1", 2, "lost"), ("draw1", 1, "winnable")])
def test_solve_keeps_the_passes_left(variant: str, recycles: int, status: str) -> None:
    game = _one_card_short(variant, "9H TH", "[KH] [QH] [JH]", recycles)
    verdict = solve(game, seconds=30.0)
    assert verdict.status == status
    for move in verdict.line:
        game.play(move)
    assert game.is_won() == (status == "winnable")


def _small_klondike(variant: str, rng: random.Random, recycles: int | None = None) -> Game:
    """Klondike with most cards home and the rest dealt at random: some in
    the stacks (face down under one face-up card), the others in the deck
    and on the waste pile."""
    game = new_game("klondike", variant, seed=1)
    ranks = "A23456789TJQK"
    out: list[str] = []
    layout: dict[str, str] = {}
    for n, suit in enumerate("CDHS"):
        height = rng.randint(6, 12)
        layout[f"foundation{n + 1}"] = " ".join(f"{rank}{suit}" for rank in ranks[:height])
        out += [f"{rank}{suit}" for rank in ranks[height:]]
    rng.shuffle(out)
    in_deck, in_waste = rng.randint(0, len(out) // 3), rng.randint(0, len(out) // 3)
    layout["stock"] = " ".join(f"[{card}]" for card in out[:in_deck])
    layout["waste"] = " ".join(out[in_deck:in_deck + in_waste])
    in_deck += in_waste
    stacks: list[list[str]] = [[] for _ in TABLEAUS]
    for card in out[in_deck:]:
        stacks[rng.randrange(7)].append(card)
    for pid, cards in zip(TABLEAUS, stacks):
        layout[pid] = " ".join([f"[{card}]" for card in cards[:-1]] + cards[-1:])
    if recycles is None:
        recycles = rng.randint(1, 2) if variant == "draw1" else 0
    return arrange(game, layout, recycles=recycles)


def _plain_answer(game: Game, cap: int) -> bool | None:
    """Every legal move tried, depth first (no forced moves, no dead ends,
    nothing left out): whether the game can be won; None past `cap` positions."""
    seen: set[object] = set()

    def win() -> bool | None:
        if game.is_won():
            return True
        here = game.position()
        # (Three at a time, how often the deck went round only grows.)
        key = game._loop_key_of(here)
        if key in seen:
            return False
        if len(seen) >= cap:
            return None
        seen.add(key)
        unsure = False
        for move in list(game._search_moves()):
            game._apply(move)
            answer = win()
            game._restore(here)
            if answer:
                return True
            unsure = unsure or answer is None
        return None if unsure else False

    depth = sys.getrecursionlimit()
    sys.setrecursionlimit(max(depth, 20000))   # the plain search goes one call a move
    try:
        return win()
    finally:
        sys.setrecursionlimit(depth)


# (Three at a time, turning the deck round and round makes the plain search too long.)
@pytest.mark.parametrize("variant", ["draw1", "draw1-single"])
def test_solve_agrees_with_a_plain_search_of_every_move(variant: str) -> None:
    rng = random.Random(f"small-klondike-{variant}")
    answers = {True: 0, False: 0}
    expected_answers = [(game, _plain_answer(game, 4000))
                        for game in (_small_klondike(variant, rng) for _ in range(40))]
    for game, expected in expected_answers:
        if expected is None:
            continue
        verdict = solve(game, seconds=30.0)
        assert verdict.status == ("winnable" if expected else "lost"), str(game)
        answers[expected] += 1
    assert answers[True] >= 3 and answers[False] >= 3, answers


def _rule_keeps_every_verdict(games: Iterable[Game], with_rule: Callable[[Game], Any],
                              without_rule: Callable[[Game], Any], cuts: bool = True,
                              lost_needed: int = 3) -> None:
    """The search with a pruning rule and the same search without it agree on every
    game; each "lost" is that of a plain search of every move, each winning line
    wins, and the rule cut something (`cuts`; else it changed how many
    positions were searched) and enough lost games (`lost_needed`) were checked."""
    cut = lost = 0
    changed = False
    for game in games:
        verdict = search(with_rule(game), 60.0)
        plain = search(without_rule(game), 60.0)
        assert plain.status == verdict.status != "unknown"
        cut += plain.positions - verdict.positions
        changed = changed or plain.positions != verdict.positions
        if verdict.status == "lost":
            expected = _plain_answer(game, 4000)
            assert expected is not True, str(game)
            lost += expected is False
        else:
            for move in verdict.line:
                game.play(move)
            assert game.is_won()
    assert (cut > 0 if cuts else changed) and lost >= lost_needed, (cut, lost)


def _state(game: Game, empty_for_a_king: bool = True, deck_rule: bool = True,
           runs_rule: bool = True, front_rule: bool = True) -> Any:
    """The game's search state with some of its pruning rules switched off."""
    state = game.search_state()
    state._empty_for_a_king = empty_for_a_king
    state._runs_too = state._runs_too and runs_rule
    state._runs_when_new = state._runs_when_new and runs_rule
    state._front_too = state._front_too and front_rule
    if not deck_rule:
        state._filed = None
    return state


def test_a_position_met_again_with_the_deck_further_on_is_cut_short_soundly() -> None:
    # Draw one with two passes left: the same cards in the same places may be
    # met again with the deck turned further on or after one more pass; that
    # one is cut short.  The verdicts stay those of the same search without
    # the rule, and each "lost" that of a plain search of every move.
    # This rule alone: a stack emptied only for a King (tested on its own
    # below) leaves too few such positions in these small games.
    rng = random.Random("deck-dominance-draw1")
    _rule_keeps_every_verdict(
        (_small_klondike("draw1", rng, recycles=1) for _ in range(300)),
        lambda game: _state(game, empty_for_a_king=False),
        lambda game: _state(game, empty_for_a_king=False, deck_rule=False))


@pytest.mark.parametrize("variant", ["draw1", "draw1-single"])
def test_a_stack_emptied_only_for_a_king_that_is_ready_loses_no_win(variant: str) -> None:
    # A whole stack is moved off its place only when a King can go in now.
    # The verdicts stay those of the same search moving it whenever it can,
    # each "lost" that of a plain search of every move, and each line wins.
    # (Without the dead-end test of the runs, which cuts most of the same.)
    rng = random.Random(f"empty-for-a-king-{variant}")
    _rule_keeps_every_verdict((_small_klondike(variant, rng) for _ in range(150)),
                              lambda game: _state(game, runs_rule=False),
                              lambda game: _state(game, empty_for_a_king=False, runs_rule=False))


def test_a_card_waiting_for_a_face_down_card_of_its_suit_is_dead() -> None:
    # The 5 of spades leads whatever it moves with (a face-down card is under
    # it), so the face-down 3 of spades two cards down waits for it; both red
    # 6s are home.
    game = new_game("klondike", "draw3", seed=1)
    arrange(game, {"tableau1": "[3S] [9D] 5S", "foundation1": "AH 2H 3H 4H 5H 6H",
                   "foundation2": "AD 2D 3D 4D 5D 6D"})
    assert game.search_state().is_dead()
    arrange(game, {"foundation2": "AD 2D 3D 4D 5D"})
    assert not game.search_state().is_dead()


@pytest.mark.parametrize(("variant", "recycles", "dead"), [
    ("draw1-single", 0, True), ("draw1", 2, True), ("draw1", 1, False), ("draw3", 5, True)])
def test_a_waste_card_under_a_higher_one_of_its_suit_is_dead_without_a_pass_left(
        variant: str, recycles: int, dead: bool) -> None:
    # The 5 of spades can go only home (the red 6s are home) and the 3 of
    # spades lies under it.  Three at a time the deck goes round for ever,
    # but these are its first three cards, which stay in that order.
    game = new_game("klondike", variant, seed=1)
    arrange(game, {"waste": "3S 9C 5S", "stock": "", "foundation1": "AH 2H 3H 4H 5H 6H",
                   "foundation2": "AD 2D 3D 4D 5D 6D"}, recycles=recycles)
    assert game.search_state().is_dead() == dead


def _two_queens(kd_in_the_deck: bool, crossed: bool = False) -> Game:
    """The Queen of spades lies on the face-down Jack of spades, the Queen of
    clubs on the Jack of clubs (`crossed`: each Jack under the other Queen);
    under them the two red Kings they could go onto, one each (or the King
    of diamonds in the deck)."""
    game = new_game("klondike", "draw1", seed=1)
    layout = {pid: "" for pid in TABLEAUS}
    upto = {"S": "T", "C": "T", "D": "Q", "H": "Q"}
    for n, suit in enumerate("SCDH"):
        ranks = "A23456789TJQK"
        layout[f"foundation{n + 1}"] = " ".join(
            f"{rank}{suit}" for rank in ranks[:ranks.index(upto[suit]) + 1])
    spade, club = ("JC", "JS") if crossed else ("JS", "JC")
    layout.update({"tableau1": f"[{spade}] QS" if kd_in_the_deck else f"[KD] [{spade}] QS",
                   "tableau2": f"[KH] [{club}] QC", "waste": "",
                   "stock": "[KS] [KC]" + (" [KD]" if kd_in_the_deck else "")})
    return arrange(game, layout, recycles=0)


@pytest.mark.parametrize("crossed", [False, True])
@pytest.mark.parametrize("kd_in_the_deck", [False, True])
def test_two_cards_each_covering_the_place_of_the_other_are_dead(
        kd_in_the_deck: bool, crossed: bool) -> None:
    # Neither Queen can leave first: each King she could go onto lies under
    # the other one (and the Jack of her suit, under her or under the other
    # Queen, must go home before her).
    game = _two_queens(kd_in_the_deck, crossed)
    state = game.search_state()
    assert state.is_dead() == (not kd_in_the_deck)
    expected = _plain_answer(game, 20000)
    assert expected is kd_in_the_deck
    verdict = solve(game, seconds=30.0)
    assert verdict.status == ("winnable" if kd_in_the_deck else "lost")
    for move in verdict.line:
        game.play(move)
    assert game.is_won() == kd_in_the_deck


def test_a_card_back_on_a_face_up_card_of_its_stack_is_not_stuck() -> None:
    # The 5 of spades lies on the face-down 6 of hearts and 3 of spades.  It
    # goes onto the 6 of diamonds (the 6 of hearts turns up), comes back onto
    # the 6 of hearts, and the 6 of diamonds goes home: now the 6 of hearts
    # can carry the 5 onto the 7 of clubs, so the 3 of spades can come out.
    from solitaire_tk.games.klondike_search import RUN, TO_HOME
    game = new_game("klondike", "draw1", seed=1)
    layout = {pid: "" for pid in TABLEAUS}
    home = {"H": 5, "D": 5, "C": 6, "S": 2}
    ranks = "A23456789TJQK"
    out = []
    for n, suit in enumerate("HDCS"):
        layout[f"foundation{n + 1}"] = " ".join(f"{r}{suit}" for r in ranks[:home[suit]])
        out += [f"{r}{suit}" for r in ranks[home[suit]:]]
    placed = {"3S", "6H", "5S", "6D", "7C"}
    layout.update({"tableau1": "[3S] [6H] 5S", "tableau2": "6D", "tableau3": "7C", "waste": "",
                   "stock": " ".join(f"[{card}]" for card in out if card not in placed)})
    state = arrange(game, layout).search_state()
    for move in [(RUN, 0, 1, 1), (RUN, 1, 1, 0), (TO_HOME, 1)]:
        assert move in state.moves()
        state.push(move)
    assert (RUN, 0, 2, 2) in state.moves()
    assert not state.is_dead()


def test_a_narrow_search_first_finds_a_win_the_full_search_reaches_late() -> None:
    # Deal 5 three at a time: best first, the full search meets some 20,000
    # positions before its win; trying only the two best moves of every
    # position first finds one within a few hundred.
    game = new_game("klondike", "draw3", seed=5)
    verdict = solve(game, seconds=60.0, max_positions=5_000)
    assert verdict.status == "winnable"
    for move in verdict.line:
        game.play(move)
    assert game.is_won()


def _without_narrow(game: Game) -> Any:
    state = game.search_state()
    state.narrow_first = ()
    return state


@pytest.mark.parametrize("variant", ["draw1", "draw1-single"])
def test_a_narrow_search_first_keeps_every_verdict(variant: str) -> None:
    # The narrow search files positions met with the deck at some place; the
    # full search after it must not cut a position short for one of those
    # (it may never search them).  The verdicts stay those of the search
    # without the narrow one, each "lost" that of a plain search.
    rng = random.Random(f"narrow-first-{variant}")
    _rule_keeps_every_verdict(
        (_small_klondike(variant, rng, recycles=1 if variant == "draw1" else 0)
         for _ in range(150)),
        lambda game: game.search_state(), _without_narrow, cuts=False)


def _stuck_on_the_waste(six_of_hearts_home: bool) -> Game:
    """One pass, used: the 5 of spades on top of the waste pile, over the 2
    of spades; the 4 of diamonds in a stack on the face-down 3 and 6 of
    diamonds.  The other cards out of the way lie in the deck."""
    game = new_game("klondike", "draw1-single", seed=1)
    ranks = "A23456789TJQK"
    home = {"H": 6 if six_of_hearts_home else 5, "C": 5, "S": 1, "D": 2}
    layout = {pid: "" for pid in TABLEAUS}
    placed = {"2S", "5S", "6D", "3D", "4D"} | (set() if six_of_hearts_home else {"6H"})
    rest = []
    for n, suit in enumerate("HCSD"):
        layout[f"foundation{n + 1}"] = " ".join(f"{r}{suit}" for r in ranks[:home[suit]])
        rest += [f"{r}{suit}" for r in ranks[home[suit]:] if f"{r}{suit}" not in placed]
    layout.update({"waste": "2S 5S", "stock": " ".join(f"[{card}]" for card in rest),
                   "tableau1": "[6D] [3D] 4D", "tableau2": "" if six_of_hearts_home else "6H"})
    return arrange(game, layout, recycles=0)


@pytest.mark.parametrize("six_of_hearts_home", [True, False])
def test_a_card_whose_place_stays_in_the_waste_for_good_is_dead(six_of_hearts_home: bool) -> None:
    # The 5 of spades can never leave the waste pile: the 2 of spades under
    # it must go home first, and its places are the 6 of hearts (home) and
    # the 6 of diamonds (under the 4).  So the 4 of diamonds can't go onto
    # it, nor onto the 5 of clubs (home), nor home (the 3 is under it): the
    # 3 never comes out.  With the 6 of hearts in a stack the 5 can go onto it.
    game = _stuck_on_the_waste(six_of_hearts_home)
    assert game.search_state().is_dead() == six_of_hearts_home
    if six_of_hearts_home:
        assert solve(game, seconds=30.0).status == "lost"


@pytest.mark.parametrize("variant", ["draw1", "draw1-single"])
def test_cards_stuck_on_face_up_cards_cut_no_win(variant: str) -> None:
    # The dead-end test with a face-up card on a face-up card as one of a
    # stuck set: the verdicts stay those of the search without it, each
    # "lost" that of a plain search of every move, and each line wins.
    rng = random.Random(f"stuck-in-runs-{variant}")
    _rule_keeps_every_verdict((_small_klondike(variant, rng) for _ in range(150)),
                              _state, lambda game: _state(game, runs_rule=False))


def _eight_on_nine(nine_of_diamonds_home: bool, variant: str = "draw1-single") -> Game:
    """The 8 of spades on the 9 of hearts; the 8 of clubs on the face-down 7
    of spades and 2 of clubs; the 9 of diamonds home (or on its own in a
    stack).  The other cards out of the way lie in the deck."""
    game = new_game("klondike", variant, seed=1)
    ranks = "A23456789TJQK"
    home = {"H": 8, "C": 1, "S": 6, "D": 9 if nine_of_diamonds_home else 8}
    layout = {pid: "" for pid in TABLEAUS}
    placed = {"9H", "8S", "2C", "7S", "8C", "9D"}
    rest = []
    for n, suit in enumerate("HCSD"):
        layout[f"foundation{n + 1}"] = " ".join(f"{r}{suit}" for r in ranks[:home[suit]])
        rest += [f"{r}{suit}" for r in ranks[home[suit]:] if f"{r}{suit}" not in placed]
    layout.update({"waste": "", "stock": " ".join(f"[{card}]" for card in rest),
                   "tableau1": "9H 8S", "tableau2": "[2C] [7S] 8C",
                   "tableau3": "" if nine_of_diamonds_home else "9D"})
    return arrange(game, layout, recycles=0)


@pytest.mark.parametrize("variant", ["draw1-single", "draw3"])
@pytest.mark.parametrize("nine_of_diamonds_home", [True, False])
def test_a_card_on_a_face_up_card_can_be_one_of_a_stuck_set(
        nine_of_diamonds_home: bool, variant: str) -> None:
    # The 8 of spades leaves the 9 of hearts only home (after the 7 of
    # spades, under the 8 of clubs) or onto the 9 of diamonds (home); the 8
    # of clubs leaves only home (after the 2 of clubs, under it) or onto a
    # red 9: the 9 of hearts, under the 8 of spades, or the 9 of diamonds.
    # Neither can be first.  Without the runs the 9 of hearts looks free.
    # With the 9 of diamonds in a stack the 8 of spades can go onto it.
    # (Three at a time the test is asked where the cards face down or home
    # are new, as at the start of a search.)
    game = _eight_on_nine(nine_of_diamonds_home, variant)
    assert game.search_state().is_dead() == nine_of_diamonds_home
    assert not _state(game, runs_rule=False).is_dead()
    if nine_of_diamonds_home:
        assert solve(game, seconds=30.0).status == "lost"


# -- three at a time, the first cards of the deck wait in order ------------------
def _clubs_left(variant: str, waste: str, deck: str) -> Game:
    """Everything home but the Jack, Queen and King of clubs, which lie on
    the waste pile and in the deck (`deck` in the order it is turned)."""
    game = new_game("klondike", variant, seed=1)
    layout = {pid: "" for pid in TABLEAUS}
    layout.update({f"foundation{n + 1}": " ".join(f"{r}{suit}" for r in "A23456789TJQK")
                   for n, suit in enumerate("DHS")})
    layout.update({"foundation4": " ".join(f"{r}C" for r in "A23456789T"), "waste": waste,
                   "stock": " ".join(f"[{card}]" for card in reversed(deck.split()))})
    return arrange(game, layout)


@pytest.mark.parametrize(("variant", "waste", "deck", "lost"), [
    ("draw3", "", "JC KC QC", True), ("draw3", "JC", "KC QC", False),
    ("draw3", "", "QC KC JC", False), ("draw1", "", "JC KC QC", False)])
def test_the_first_three_cards_of_the_deck_wait_in_order(
        variant: str, waste: str, deck: str, lost: bool) -> None:
    # Three at a time, the deck's first card shows only once the second is
    # taken, and the second once the third is: the Queen of clubs would
    # have to be taken before the Jack under it, and its places (the red
    # Kings) are home, so the Jack never comes out.  With the Jack showing
    # on the waste already, with the Jack third, or one at a time, the game
    # is won.
    game = _clubs_left(variant, waste, deck)
    assert game.search_state().is_dead() == lost
    assert not _state(game, front_rule=False).is_dead()
    verdict = solve(game, seconds=30.0)
    assert verdict.status == ("lost" if lost else "winnable")
    assert search(_state(game, front_rule=False, runs_rule=False), 30.0).status == verdict.status
    assert _plain_answer(game, 4000) is (not lost)
    for move in verdict.line:
        game.play(move)
    assert game.is_won() != lost


def _with_runs(game: Game) -> Any:
    """The search state with the dead-end test of the runs on, as it is where
    passes are counted (three at a time it is off: it costs more than it cuts)."""
    state = game.search_state()
    state._runs_too = True
    return state


@pytest.mark.parametrize("runs_rule", [False, True])
def test_the_first_cards_of_the_deck_waiting_in_order_cut_no_win(runs_rule: bool) -> None:
    # Three at a time, the first cards of the deck as cards that wait in
    # order (with the dead-end test of the runs too, or without it): the
    # verdicts stay those of the search without the rule, each "lost" that
    # of a plain search of every move, and each line wins.
    rng = random.Random(f"deck-front-{runs_rule}")
    _rule_keeps_every_verdict((_small_klondike("draw3", rng) for _ in range(150)),
                              _with_runs if runs_rule else _state,
                              lambda game: _state(game, runs_rule=False, front_rule=False))


def _forced_by_looking_at_every_card(state: Any) -> Hashable | None:
    """`forced_move` as it was before it looked only at what the last move showed."""
    state._none_forced_before = False
    return state.forced_move()


@pytest.mark.parametrize("variant", ["draw1", "draw3", "draw1-single"])
def test_klondike_forced_move_after_a_move_is_the_one_a_look_at_every_card_finds(
        variant: str) -> None:
    """The solver asks for a forced move after each push, and `forced_move`
    then looks only at the cards the last move showed; along random walks made
    as the solver makes them (a move where no forced move is left, then the
    forced moves), it must answer as a look at every card does."""
    rng = random.Random(f"forced-{variant}")
    compared = found = 0
    for seed in range(1, 31):
        state = new_game("klondike", variant, seed=seed).search_state()
        state.new_search()
        groups = [0]    # pushes a position on the walk took: its move, then the forced ones
        while state.forced_move() is not None:   # the start: every card looked at
            state.push(_forced_by_looking_at_every_card(state))
            groups[0] += 1
        for _ in range(150):
            moves = list(state.moves())
            if not moves or state.is_won() or len(groups) > 60:
                # Back to a position of the walk (no forced move was left there).
                for _ in range(min(len(groups) - 1, rng.randint(1, 6))):
                    for _ in range(groups.pop()):
                        state.pop()
                continue
            state.push(rng.choice(moves))
            groups.append(1)
            while True:
                fast = state.forced_move()
                flag = state._none_forced_before
                slow = _forced_by_looking_at_every_card(state)
                state._none_forced_before = flag
                assert fast == slow, (seed, state.tab, state.talon, state.pos)
                compared += 1
                if fast is None:
                    break
                found += 1
                state.push(fast)
                groups[-1] += 1
        for size in groups:
            for _ in range(size):
                state.pop()
    assert compared > 2000 and found > 100, (compared, found)
