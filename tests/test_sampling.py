"""Hints that win without peeking (issue 11, part 1): the unseen cards of a game
are rearranged in ways that agree with what the pupil has seen, and the
sampled hint only ever depends on what the pupil has seen."""

from __future__ import annotations

import random

import pytest

from solitaire_tk import new_game, solve
from solitaire_tk.engine import Game
from solitaire_tk.moves import Move
from solitaire_tk.playout import random_step
from solitaire_tk.records import replace
from solitaire_tk.solver import search
from solitaire_tk.tutor.hints import PlayedOut, rank_hints
from solitaire_tk.tutor.sampling import (BetterHint, KnownLines, Sampling, better_hint,
                                         follow_better_hints)

ALL_GAMES = [("klondike", "draw1"), ("klondike", "draw3"), ("klondike", "draw1-single"),
             ("cruel", None), ("thirteen", None), ("double", None), ("dammit", None)]
HIDDEN_GAMES = [pair for pair in ALL_GAMES if pair[0] != "cruel"]
SMALL = Sampling(samples=4, budget=400, seed=7, race_samples=0)
# As small, with close calls raced on more arrangements (`Sampling.race_samples`).
SMALL_RACE = Sampling(samples=4, budget=400, seed=7, race_samples=12, race_batch=4)
# As small, with ties broken by how easily the wins were found (`Sampling.ease_tie_break`),
# and with races of the best three moves (`Sampling.race_moves`) and ties broken
# by what a move shows (`Sampling.reveal_tie_break`).
SMALL_EASE = Sampling(samples=4, budget=400, seed=7, race_samples=0, ease_tie_break=True)
SMALL_RACE3 = Sampling(samples=4, budget=400, seed=7, race_samples=12, race_batch=4,
                       race_moves=3, reveal_tie_break=True)


def played(game_id: str, variant: str | None, seed: int, steps: int) -> Game:
    """Deal `seed` after `steps` seeded random moves (and undos), stopping where it ends."""
    game = new_game(game_id, variant, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over() or not random_step(game, rng):
            break
    return game


def seen_by_pupil(game: Game) -> list[tuple[str, int, object]]:
    """Every card the pupil can know: (pile, index, card), hidden places as None."""
    hidden = set(game.unseen_places())
    return [(pid, index, None if (pid, index) in hidden else card)
            for pid in game.pile_ids for index, card in enumerate(game.piles[pid])]


def unseen_cards(game: Game) -> list[tuple[int, str]]:
    return sorted((game.piles[pid][index].rank, game.piles[pid][index].suit)
                  for pid, index in game.unseen_places())


def looked(game: Game) -> Game:
    """`game` (Klondike) after going once through its deck and turning it back,
    as the first hints of draw three do: the deck is seen, the table as dealt."""
    while game.piles["stock"]:
        game.play({"action": "flip"})
    game.play({"action": "recycle"})
    return game


@pytest.fixture
def no_first_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hints without draw three's first look through the deck, for the tests
    of ties and races set on a deal's first moves."""
    from solitaire_tk.tutor import strategy_klondike
    monkeypatch.setattr(strategy_klondike, "_first_look", lambda game: None)


@pytest.mark.parametrize("game_id,variant", ALL_GAMES)
def test_shuffling_keeps_what_the_pupil_sees_and_moves_only_unseen_cards(
        game_id: str, variant: str | None) -> None:
    moved_somewhere = False
    for seed, steps in ((1, 0), (2, 15), (3, 60)):
        game = played(game_id, variant, seed, steps)
        before = game.position()
        for k in range(5):
            twin = game.with_unseen_shuffled(random.Random(k))
            assert game.position() == before                  # the real game is untouched
            assert seen_by_pupil(twin) == seen_by_pupil(game)
            assert twin.position()[1] == before[1]            # flags (passes, deals) too
            assert unseen_cards(twin) == unseen_cards(game)   # the same cards, elsewhere
            assert [card.face_up for pid in twin.pile_ids for card in twin.piles[pid]] == \
                [card.face_up for pid in game.pile_ids for card in game.piles[pid]]
            assert twin.legal_moves() == game.legal_moves()
            moved_somewhere |= twin.position() != before
    if game_id != "cruel":
        assert moved_somewhere
    else:
        assert not game.unseen_places()   # every card of Cruel is face up


def test_klondike_deck_counts_as_seen_once_gone_through() -> None:
    game = new_game("klondike", "draw3", seed=4)
    assert ("stock", 0) in game.unseen_places()
    while game.piles["stock"]:
        game.play({"action": "flip"})
    game.play({"action": "recycle"})
    assert not any(pid in ("stock", "waste") for pid, _ in game.unseen_places())
    twin = game.with_unseen_shuffled(random.Random(1))
    assert twin.piles["stock"] == game.piles["stock"]   # its order is known now


@pytest.mark.parametrize("sampling", [SMALL, SMALL_RACE, SMALL_EASE, SMALL_RACE3],
                         ids=["plain", "raced", "ease", "raced3-reveal"])
@pytest.mark.parametrize("game_id,variant", HIDDEN_GAMES)
def test_sampled_hint_never_reads_a_hidden_card(game_id: str, variant: str | None,
                                                sampling: Sampling) -> None:
    """The real hidden cards shuffled another way: the same hint, word for word."""
    hints = 0
    for seed, steps in ((5, 0), (6, 12)):
        game = played(game_id, variant, seed, steps)
        if game.is_over():
            continue
        first = better_hint(game, sampling=sampling)
        for k in (11, 12):
            other = game.with_unseen_shuffled(random.Random(k))
            assert better_hint(other, sampling=sampling) == first
        hints += first is not None
        if first is not None:
            assert game.is_legal(first.move)
    assert hints   # the check compared real hints, not only "no better hint"


@pytest.mark.parametrize("game_id,variant", HIDDEN_GAMES)
def test_quick_hint_never_reads_a_hidden_card(game_id: str, variant: str | None) -> None:
    """The quick hints (and Dammit's odds behind them) are the same, word for
    word, however the hidden cards really lie."""
    from solitaire_tk.tutor.hints import rank_hints
    for seed, steps in ((5, 0), (6, 12), (7, 40)):
        game = played(game_id, variant, seed, steps)
        first = rank_hints(game)
        for k in (11, 12):
            assert rank_hints(game.with_unseen_shuffled(random.Random(k))) == first


def test_sampled_hint_says_how_sure_it_is() -> None:
    game = looked(new_game("klondike", "draw3", seed=2))
    sampling = Sampling(samples=10, budget=2000)
    hint = better_hint(game, sampling=sampling)
    assert isinstance(hint, BetterHint) and game.is_legal(hint.move)
    assert 0 < hint.wins <= hint.tried <= sampling.race_samples
    assert "does not peek" in hint.why
    assert hint.line == ()   # nothing certain while cards are hidden


def test_a_different_seed_may_sample_other_arrangements() -> None:
    game = new_game("klondike", "draw1", seed=9)
    twins = {game.with_unseen_shuffled(random.Random(k)).position() for k in range(4)}
    assert len(twins) == 4


def test_cruel_hint_is_the_solvers_next_move() -> None:
    game = new_game("cruel", seed=2)
    verdict = solve(game, 1e9, max_positions=20_000)
    assert verdict.status == "winnable"
    hint = better_hint(game)
    assert hint is not None and hint.move == verdict.line[0] and hint.line == verdict.line
    assert "way to win" in hint.why


@pytest.mark.parametrize("seed", [1, 2, 5, 12, 40])
def test_following_cruel_hints_from_a_winnable_deal_wins(seed: int) -> None:
    """Deals 12 and 40 are won only in the solver's later move orders: the
    hint's budget of positions is shared by them, as `solve`'s time is."""
    assert solve(new_game("cruel", seed=seed), 1e9, max_positions=100_000,
                 share_positions=True).status == "winnable"
    game = follow_better_hints("cruel", None, seed)
    assert game.is_won()


def test_a_shared_budget_of_positions_tries_every_move_order() -> None:
    """Cruel's deal 40: its first move order runs out, its fourth wins at once."""
    game = new_game("cruel", seed=40)
    assert solve(game, 1e9, max_positions=20_000).status == "unknown"
    shared = solve(game, 1e9, max_positions=20_000, share_positions=True)
    assert shared.status == "winnable" and shared.positions <= 20_000
    replay = game.copy()
    for move in shared.line:
        replay.play(move)
    assert replay.is_won()


def test_known_lines_carry_on_along_a_found_win() -> None:
    game = new_game("cruel", seed=1)
    hint = better_hint(game)
    assert hint is not None
    lines = KnownLines()
    lines.remember(game, hint.line)
    for move in hint.line:
        assert lines.next_move(game) == move
        game.play(move)
    assert game.is_won() and lines.next_move(game) is None


def test_the_solver_process_runs_the_hint_job_and_gives_the_same_hint() -> None:
    """The app's way: the record goes to the solver's own process (a real one)."""
    import time

    from solitaire_tk.solverprocess import SolverProcess
    from solitaire_tk.tutor.hints import rank_hints
    from solitaire_tk.tutor.sampling import better_hint_of
    game = played("klondike", "draw1", 3, 6)   # two moves to choose from
    ranked = rank_hints(game)
    process = SolverProcess()
    got: list[object] = []
    try:
        process.run(better_hint_of, (game.to_json(), ranked, SMALL), got.append)
        end = time.monotonic() + 60
        while not got and time.monotonic() < end:
            process.poll()
            time.sleep(0.02)
    finally:
        process.close()
    assert got == [better_hint(game, ranked, SMALL)] and got[0] is not None


def test_moves_that_come_to_the_same_are_tried_once() -> None:
    """Dammit's 9 of spades may go in any of 16 boxes, but only the kind of box
    matters (a middle box, or a King's, Queen's or Jack's edge box): four
    moves to try against the arrangements, the best-ranked one of each kind."""
    from solitaire_tk.tutor.hints import rank_hints
    from solitaire_tk.tutor.sampling import distinct_moves
    game = new_game("dammit", seed=1)
    ranked = rank_hints(game)
    assert len(ranked) == 16
    moves = distinct_moves(game.with_unseen_shuffled(random.Random(1)), ranked)
    assert [move.dst for move in moves] == ["box6", "box1", "box2", "box5"]
    assert all(any(hint.move == move for hint in ranked) for move in moves)


def test_no_better_hint_where_every_move_comes_to_the_same() -> None:
    """A King in an empty grid: all four corners are alike, so there is nothing
    to sample and the quick hint stays (and it costs no search)."""
    game = new_game("dammit", seed=22)
    card = game.card_to_play()
    assert card is not None and card.rank == 13
    assert len(game.legal_moves()) == 4
    assert better_hint(game, sampling=Sampling(samples=50, most_samples=50)) is None


def test_an_undecided_search_says_how_far_it_got() -> None:
    """Cruel's deal 40 runs out in its first move order; the verdict still tells
    the most cards any position searched had on the suit stacks."""
    game = new_game("cruel", seed=40)
    verdict = solve(game, 1e9, max_positions=2_000)
    assert verdict.status == "unknown"
    assert game.progress() < verdict.best < 52
    played_on = game.copy()
    played_on.play(next(move for move in played_on.legal_moves() if move.action != "redeal"))
    assert solve(played_on, 1e9, max_positions=2_000).best >= played_on.progress()


def test_a_search_state_that_does_not_count_cards_home_says_so() -> None:
    """The hook is optional: a state without `cards_home` gives -1."""
    class Uncounted:
        def __init__(self, state: object) -> None:
            self._state = state

        def __getattr__(self, name: str) -> object:
            if name == "cards_home":
                raise AttributeError(name)
            return getattr(self._state, name)

    game = new_game("thirteen", seed=3)
    assert search(game.search_state(), 1e9, max_positions=500).best >= 0
    assert search(Uncounted(game.search_state()), 1e9, max_positions=500).best == -1  # type: ignore[arg-type]


def test_a_sampled_hint_against_the_quick_hints_advice_says_so_plainly() -> None:
    """Thirteen deal 19, after 16 quick hints: the quick hint says to deal only
    when nothing more can go; the tries find dealing now a little better.  The
    sentence names the move without the warning, and does not say "only about
    1 of 10" beside "about 1 of 10"."""
    from solitaire_tk.tutor.hints import rank_hints
    game = new_game("thirteen", seed=19)
    for _ in range(16):
        game.play(rank_hints(game)[0].move)
    ranked = rank_hints(game)
    assert "but only when nothing more can go" in next(
        hint.why for hint in ranked if hint.move is not None and hint.move.action == "deal")
    hint = better_hint(game, ranked, Sampling(samples=6, budget=500, sample_positions=2_000))
    assert hint is not None and hint.move != ranked[0].move and hint.move.action == "deal"
    assert hint.why.startswith("Deal four more cards from the deck, one onto each pile.")
    assert "but only" not in hint.why and "does not peek" in hint.why
    rival = hint.why.split("(the tutor does not peek).")[1]
    assert "came out a little worse" in rival and "only about" not in rival
    # A deal this hard is said to be hard, not the move to be poor.
    assert "This deal is hard: even this move wins in only about 1 of 10 ways" in hint.why


def test_dammits_better_hint_is_worked_out_from_the_odds_without_the_solver(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The solver's tries know each arrangement's order, so in Dammit! they favour
    plans a pupil could not follow: its better hint is the quick hint's move,
    with how likely the grid is to fill up safely, and no search at all."""
    from solitaire_tk.tutor import sampling
    from solitaire_tk.tutor.hints import rank_hints

    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("the solver was asked")
    monkeypatch.setattr(sampling, "solve", no_search)
    game = new_game("dammit", seed=5)
    hint = better_hint(game)
    assert hint is not None and hint.move == rank_hints(game)[0].move
    assert hint.why.startswith(rank_hints(game)[0].why)
    assert "In about 8 of 10 ways the rest of the deck could come, every King" in hint.why
    assert "does not peek" in hint.why and hint.line == ()


# Deal 5 of Klondike draw 3 after these ten moves: the quick hint puts the King of
# hearts into the empty stack 1, and that loses the real game; turning the deck
# keeps it winnable.  On ten arrangements the two come out close.
CLOSE_CALL = [{"action": "move", "src": "tableau5", "dst": "tableau3"},
              {"action": "move", "src": "tableau3", "dst": "tableau7", "count": 2},
              {"action": "flip"}, {"action": "move", "src": "waste", "dst": "tableau7"},
              {"action": "flip"}, {"action": "flip"},
              {"action": "move", "src": "waste", "dst": "tableau4"},
              {"action": "move", "src": "waste", "dst": "foundation1"},
              {"action": "move", "src": "waste", "dst": "tableau4"},
              {"action": "move", "src": "tableau1", "dst": "tableau4"}]
RACE = Sampling()   # Klondike races its close calls (`Game.hint_races_close_calls`)


def close_call() -> Game:
    game = new_game("klondike", "draw3", seed=5)
    for move in CLOSE_CALL:
        game.play(move)
    return game


def test_a_close_call_is_tried_on_more_arrangements_and_the_better_move_found() -> None:
    from solitaire_tk.tutor.hints import rank_hints
    game = close_call()
    ranked = rank_hints(game)
    king, flip = ranked[0].move, Move("flip")
    assert king is not None and king.dst == "tableau1" and game.is_legal(flip)
    # The tutor may know the real cards in a test: the King's move loses.
    for move, status in ((king, "lost"), (flip, "winnable")):
        after = game.copy()
        after.play(move)
        assert solve(after, 1e9, max_positions=50_000, share_positions=True).status == status
    # (Without the race, nor the tie-breaks by a play-on or a plan, which try more moves.)
    plain = better_hint(game, ranked, Sampling(race_samples=0, playout_tie_break=False,
                                               plan_tie_break=False))
    assert plain is not None and plain.move == king and plain.tried <= 10
    # Breaking the tie by one plan finds the turn too, in the first ten tries.
    planned = better_hint(game, ranked, Sampling(race_samples=0, playout_tie_break=False))
    assert planned is not None and planned.move == flip and planned.tried <= 10
    raced = better_hint(game, ranked, RACE)
    assert raced is not None and raced.move == flip
    assert 10 < raced.tried <= RACE.race_samples
    assert "Moving the King of hearts" in raced.why and "That is better" not in raced.why
    assert " from " not in raced.why.split("Moving the King of hearts")[1], "named short"
    # The race too never reads a hidden card.
    twin = game.with_unseen_shuffled(random.Random(3))
    assert better_hint(twin, ranked, RACE) == raced


def test_a_race_tries_only_the_two_best_moves_on_its_arrangements() -> None:
    """The arrangements drawn once the first round is searched are searched for
    the two moves raced only, and no more are drawn than `race_samples`."""
    from solitaire_tk.tutor import sampling
    game = close_call()
    events: list[tuple[str, int, Move | None]] = []
    real_after, real_shuffle = sampling._after, Game.with_unseen_shuffled

    def counting_after(arrangement: Game, move: Move, budget: int, stop: object) -> object:
        events.append(("search", id(arrangement), move))
        return real_after(arrangement, move, budget, stop)  # type: ignore[arg-type]

    def counting_shuffle(self: Game, rng: random.Random) -> Game:
        twin = real_shuffle(self, rng)
        events.append(("drawn", id(twin), None))
        return twin

    patch = pytest.MonkeyPatch()
    patch.setattr(sampling, "_after", counting_after)
    patch.setattr(Game, "with_unseen_shuffled", counting_shuffle)
    try:
        hint = better_hint(game, sampling=RACE)
    finally:
        patch.undo()
    assert hint is not None
    first_search = next(i for i, event in enumerate(events) if event[0] == "search")
    first_round = {key for kind, key, _ in events[:first_search] if kind == "drawn"}
    raced = {key for kind, key, _ in events[first_search:] if kind == "drawn"}
    assert len(first_round) >= 10 and raced
    assert len(first_round) + len(raced) <= RACE.race_samples
    pair = {move for kind, key, move in events if kind == "search" and key in raced}
    assert pair == {hint.move, Move("move", "waste", "tableau1")}


def test_a_game_that_does_not_race_keeps_its_first_round(monkeypatch: pytest.MonkeyPatch) -> None:
    """The race is the game's choice (`Game.hint_races_close_calls`): off, the
    close call above stays with the quick hint's move, as with no race at all."""
    from solitaire_tk.games.klondike import Klondike
    monkeypatch.setattr(Klondike, "hint_races_close_calls", False)
    game = close_call()
    no_tie_break = replace(RACE, playout_tie_break=False,   # (they try more moves)
                           plan_tie_break=False)
    hint = better_hint(game, sampling=no_tie_break)
    assert hint is not None and hint == better_hint(
        game, sampling=replace(no_tie_break, race_samples=0))
    assert hint.move.dst == "tableau1" and hint.tried <= 10


def test_where_moves_win_as_often_the_one_with_the_easier_wins_is_chosen(
        monkeypatch: pytest.MonkeyPatch, no_first_look: None) -> None:
    """The solver knows each arrangement's cards, so it wins after almost any
    move: the counts tie, and how many positions the wins took to find tells
    the moves apart.  A stand-in solver wins every arrangement, but after
    turning the deck in only 20 positions (500 after any other move): with
    the tie-break the hint turns the deck, without it the quick hint stays."""
    from solitaire_tk import solver
    from solitaire_tk.tutor import sampling
    from solitaire_tk.tutor.hints import rank_hints
    game = new_game("klondike", "draw3", seed=5)
    ranked = rank_hints(game)
    flip = Move("flip")
    assert ranked[0].move != flip and any(hint.move == flip for hint in ranked)
    start = len(game.log)

    def wins_everywhere(arrangement: Game, *_: object, **__: object) -> solver.Verdict:
        moved = [Move.from_json(entry) for entry in arrangement.log[start:]]
        line = () if moved else (ranked[0].move,)
        positions = 20 if moved == [flip] else 500
        return solver.Verdict(solver.WINNABLE, line, positions)  # type: ignore[arg-type]
    monkeypatch.setattr(sampling, "solve", wins_everywhere)
    tie = Sampling(samples=10, most_samples=10, race_samples=0, playout_tie_break=False)
    plain = better_hint(game, ranked, tie)
    assert plain is not None and plain.move == ranked[0].move
    easier = better_hint(game, ranked, replace(tie, ease_tie_break=True))
    assert easier is not None and easier.move == flip
    assert easier.wins == easier.tried == 10
    assert "came out a little worse in the same tries" in easier.why


@pytest.mark.parametrize("race_moves", [2, 3])
def test_a_race_may_try_the_three_best_moves(monkeypatch: pytest.MonkeyPatch,
                                             race_moves: int, no_first_look: None) -> None:
    """A stand-in solver wins after each of the three moves of Klondike deal 5
    in about half the arrangements, by a coin of its own (the same in every
    run): the three may come out close, and the arrangements drawn for the race
    are searched for as many of them as `Sampling.race_moves` lets race
    (in some of the draws: in others one move leads at once)."""
    import zlib

    from solitaire_tk import solver
    from solitaire_tk.tutor import sampling
    game = new_game("klondike", "draw3", seed=5)
    assert len(game.legal_moves()) == 3
    start = len(game.log)
    drawn: list[int] = []
    searched: dict[int, set[str]] = {}

    def coin(arrangement: Game, *_: object, **__: object) -> solver.Verdict:
        key = id(arrangement)
        if len(arrangement.log) == start:   # the search from here: no first move told
            drawn.append(key)
            return solver.Verdict(solver.WINNABLE, (), 5_000)
        move = str(Move.from_json(arrangement.log[start]))
        searched.setdefault(key, set()).add(move)
        cards = "".join(card.code for card in arrangement.piles["stock"])
        won = zlib.crc32(f"{cards}{move}".encode()) % 2
        return solver.Verdict(solver.WINNABLE if won else solver.LOST, (), 5_000)
    monkeypatch.setattr(sampling, "solve", coin)
    most = 0
    for seed in range(3, 9):   # other draws of the arrangements: some race, some not
        drawn.clear()
        searched.clear()
        race = Sampling(samples=10, race_samples=60, race_moves=race_moves, seed=seed)
        hint = better_hint(game, sampling=race)
        assert hint is not None and hint.tried <= 60
        most = max([most, *(len(searched.get(key, ())) for key in drawn[10:])])
    assert most == race_moves


def test_where_moves_win_as_often_one_that_shows_a_card_is_chosen(
        monkeypatch: pytest.MonkeyPatch, no_first_look: None) -> None:
    """Klondike draw 3, deal 1 after three quick hints: the quick hint plays the
    waste card onto stack 7, which shows nothing new; turning the deck (not yet
    gone through) shows three cards.  A stand-in solver wins everywhere, as a
    solver that knows the cards mostly does: with the tie-break the hint turns
    the deck, without it the quick hint stays."""
    from solitaire_tk import solver
    from solitaire_tk.tutor import sampling
    from solitaire_tk.tutor.hints import rank_hints
    game = new_game("klondike", "draw3", seed=1)
    for _ in range(3):
        game.play(rank_hints(game)[0].move)
    ranked = rank_hints(game)
    first = ranked[0].move
    assert first is not None and first.src == "waste" and first.dst == "tableau7"
    assert [hint.move for hint in ranked[1:]] == [Move("flip")]

    def wins_everywhere(arrangement: Game, *_: object, **__: object) -> solver.Verdict:
        return solver.Verdict(solver.WINNABLE, (first,), 100)
    monkeypatch.setattr(sampling, "solve", wins_everywhere)
    tie = Sampling(samples=10, most_samples=10, race_samples=0, playout_tie_break=False)
    plain = better_hint(game, ranked, tie)
    assert plain is not None and plain.move == first
    looking = better_hint(game, ranked, replace(tie, reveal_tie_break=True))
    assert looking is not None and looking.move == Move("flip")
    assert looking.wins == looking.tried == 10


def test_draw_three_hints_go_once_through_the_deck_first(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the deck may be gone through as often as you like, going through it
    once and playing nothing from it costs nothing and shows 24 cards: the
    first hints (quick and better alike, with no tries of the hidden cards)
    do that, and then the game goes on from the deal with the deck seen."""
    from solitaire_tk.tutor import sampling
    from solitaire_tk.tutor.hints import goes_round, loop_key, rank_hints

    def no_search(*_: object, **__: object) -> None:
        raise AssertionError("the solver was asked")
    game = new_game("klondike", "draw3", seed=2)
    dealt = game.position()[0]
    seen = {loop_key(game)}
    with monkeypatch.context() as patch:
        patch.setattr(sampling, "solve", no_search)
        while game.recycles == 0:
            quick = rank_hints(game, seen)[0]
            assert quick.move is not None and not goes_round(quick)
            assert quick.move.action in ("flip", "recycle")
            assert "costs nothing" in quick.why or "seen every card of the deck" in quick.why
            better = better_hint(game, rank_hints(game, seen))
            assert better is not None and (better.move, better.why) == (quick.move, quick.why)
            game.play(quick.move)
            seen.add(loop_key(game))
    assert game.position()[0] == dealt and not any(
        pid == "stock" for pid, _ in game.unseen_places())
    # Then the hints play on: the first look is not taken again.
    after = rank_hints(game, seen)[0]
    assert after.move is not None and after.move.action == "move" and not goes_round(after)
    hint = better_hint(game, rank_hints(game, seen), SMALL)
    assert hint is not None and "does not peek" in hint.why


def test_a_card_that_goes_home_safely_from_the_stacks_comes_before_the_look() -> None:
    """Deal 3 of draw three has the Ace of hearts free in a stack: it goes home
    first (the deck is left as it was), then the look through the deck begins."""
    from solitaire_tk.tutor.hints import rank_hints
    game = new_game("klondike", "draw3", seed=3)
    safe = [move for move in game.safe_home_moves() if move.src != "waste"]
    assert safe, "deal 3 starts with a card free to go home"
    hint = rank_hints(game)[0]
    assert hint.move in safe and "home" in hint.why
    better = better_hint(game, rank_hints(game), SMALL)
    assert better is not None and better.move in safe
    while True:
        safe = [move for move in game.safe_home_moves() if move.src != "waste"]
        if not safe:
            break
        game.play(safe[0])
    look = rank_hints(game)[0]
    assert look.move == Move("flip") and "costs nothing" in look.why


def test_no_first_look_where_it_would_cost_something() -> None:
    """Draw one may go through its deck only three times; and once a card has
    been played from the waste, turning the deck back would not give the deck
    of the deal again: then the deck is not looked through first."""
    from solitaire_tk.tutor.hints import rank_hints
    draw1 = new_game("klondike", "draw1", seed=2)
    assert all("costs nothing" not in hint.why for hint in rank_hints(draw1))
    game = new_game("klondike", "draw3", seed=2)
    while not any(move.src == "waste" for move in game.legal_moves()):
        game.play({"action": "flip"})
    game.play(next(move for move in game.legal_moves() if move.src == "waste"))
    assert game.recycles == 0 and game.piles["stock"]
    assert all("costs nothing" not in hint.why for hint in rank_hints(game))


# -- one pass through the deck: playing on, never the solver ---------------------------
def test_one_pass_better_hint_plays_on_and_never_asks_the_solver(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the deck goes through once, the better hint tries the moves by playing
    on as a pupil would (the solver, knowing each way's cards, wins after almost
    any move); where the deck comes round again, by asking the solver."""
    from solitaire_tk.tutor import sampling as sampling_module
    from solitaire_tk.tutor.hints import playout_for

    def no_solver(*args: object, **kwargs: object) -> None:
        raise AssertionError("the solver was asked")
    monkeypatch.setattr(sampling_module, "solve", no_solver)
    game = new_game("klondike", "draw1-single", seed=5)
    hint = better_hint(game, sampling=Sampling(playouts=6))
    assert hint is not None and game.is_legal(hint.move)
    assert "played the game on 6 times" in hint.why and "does not peek" in hint.why
    assert hint.tried == 6 and hint.line == ()
    playout = playout_for("klondike")
    assert playout is not None
    assert playout(new_game("klondike", "draw1", seed=5)) is None
    assert playout(new_game("klondike", "draw3", seed=5)) is None


def test_a_played_out_move_replaces_the_quick_one_only_when_clearly_better(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Turning the deck over is made to do better in every try (a stand-in
    playout): it replaces the quick hint's move, and the sentence says by how
    much; where it does no better, the quick hint's move stays; where it wins
    every try with no more cards home, it replaces it too, and says so."""
    from solitaire_tk.tutor import sampling as sampling_module
    game = new_game("klondike", "draw1-single", seed=5)
    quick = rank_hints(game)[0].move
    assert quick is not None and quick.action != "flip"
    lead = {"cards": 4, "won": False}

    def playout(position: Game) -> PlayedOut:
        # The deck turned once (the flip) is worth `lead` more; a little noise
        # from the hidden cards, as a real playout has.
        noise = position.piles["tableau7"][0].rank % 3
        flipped = len(position.piles["waste"]) == 1
        return PlayedOut(bool(lead["won"]) and flipped,
                         noise + (int(lead["cards"]) if flipped else 0))
    monkeypatch.setattr(sampling_module, "playout_for", lambda game_id: lambda game: playout)
    hint = better_hint(game, sampling=Sampling(playouts=10))
    assert hint is not None and hint.move == Move("flip")
    assert "this move did best" in hint.why and "against about" in hint.why
    assert "won" not in hint.why and hint.wins == 0
    lead["cards"] = 0
    hint = better_hint(game, sampling=Sampling(playouts=10))
    assert hint is not None and hint.move == quick
    assert "no other move did clearly better" in hint.why
    lead["won"] = True
    hint = better_hint(game, sampling=Sampling(playouts=10))
    assert hint is not None and hint.move == Move("flip") and hint.wins == 10
    assert "won 10 of them" in hint.why


def test_where_moves_win_as_often_the_one_that_plays_on_best_is_chosen(
        monkeypatch: pytest.MonkeyPatch, no_first_look: None) -> None:
    """A stand-in solver wins every arrangement after any move (as one shown
    the cards mostly does), so the tries tie; a stand-in play-on brings 5
    more cards home after turning the deck.  With the tie-break the hint
    turns the deck and says why; without it (the default) the quick hint's
    move stays; where the play-on favours nothing, the quick one stays too."""
    from solitaire_tk import solver
    from solitaire_tk.tutor import sampling as sampling_module
    game = new_game("klondike", "draw3", seed=5)
    ranked = rank_hints(game)
    flip = Move("flip")
    quick = ranked[0].move
    assert quick != flip and any(hint.move == flip for hint in ranked)

    def wins_everywhere(arrangement: Game, *_: object, **__: object) -> solver.Verdict:
        return solver.Verdict(solver.WINNABLE, (quick,), 100)  # type: ignore[arg-type]
    monkeypatch.setattr(sampling_module, "solve", wins_everywhere)
    favoured = {"lead": 5}
    played_on: list[int] = []

    def play_on(position: Game) -> PlayedOut:
        played_on.append(1)
        turned = len(position.piles["waste"]) > 0
        return PlayedOut(False, 3 + (favoured["lead"] if turned else 0))
    monkeypatch.setattr(sampling_module, "play_on_for", lambda game_id: play_on)
    tie = Sampling(samples=10, most_samples=10, race_samples=0, playouts=6,
                   playout_tie_break=True)
    hint = better_hint(game, ranked, tie)
    assert hint is not None and hint.move == flip
    assert hint.wins == hint.tried == 10
    assert "wins as often" in hint.why and "brought more cards home" in hint.why
    assert len(played_on) % 6 == 0 and len(played_on) >= 12   # each tied move, 6 ways
    plain = better_hint(game, ranked, Sampling(samples=10, most_samples=10, race_samples=0))
    assert plain is not None and plain.move == quick
    favoured["lead"] = 0
    even = better_hint(game, ranked, tie)
    assert even is not None and even.move == quick


def test_klondike_play_on_comes_round_the_deck_where_it_may_and_always_ends() -> None:
    """The rule of thumb the tie-break plays on with turns the deck over again
    in draw three (once something besides turning was played since), never
    where the deck goes through once, and every play-on ends."""
    from solitaire_tk.games.klondike import Klondike
    from solitaire_tk.tutor.hints import play_on_for
    play_on = play_on_for("klondike")
    assert play_on is not None
    came_round = 0
    for seed in range(1, 21):
        game = new_game("klondike", "draw3", seed=seed)
        assert isinstance(game, Klondike)
        end = play_on(game)
        assert end.progress == game.progress()
        assert end.won or not game.piles["stock"]   # it went through the deck
        came_round += game.recycles > 0
        single = new_game("klondike", "draw1-single", seed=seed)
        assert isinstance(single, Klondike)
        play_on(single)
        assert single.recycles == 0
    assert came_round > 0


# Draw three deal 14 as the better hints played it to move 19: the Ace of
# spades lies on the waste pile with 18 cards of the deck still to turn.
ACE_ON_THE_WASTE = [
    {"action": "move", "src": "tableau5", "dst": "foundation1"}, *[{"action": "flip"}] * 8,
    {"action": "recycle"}, {"action": "move", "src": "tableau2", "dst": "tableau4"},
    {"action": "move", "src": "tableau5", "dst": "tableau2"},
    {"action": "move", "src": "tableau7", "dst": "tableau5"},
    {"action": "move", "src": "tableau7", "dst": "tableau3"},
    {"action": "move", "src": "tableau2", "dst": "tableau3", "count": 2},
    {"action": "move", "src": "tableau7", "dst": "tableau2"}, {"action": "flip"},
    {"action": "flip"}, {"action": "move", "src": "waste", "dst": "tableau3"}]


def test_an_ace_taken_from_the_waste_in_draw_three_is_not_hinted_as_safe() -> None:
    """Taking the Ace home moves every card after it in the deck one place on,
    and here that loses the game (the tutor may know the real cards in a
    test); the better hint no longer takes it as a move that can never spoil
    a game, and tries it against the hidden cards like any other."""
    game = new_game("klondike", "draw3", seed=14)
    for move in ACE_ON_THE_WASTE:
        game.play(move)
    ace_home = Move("move", "waste", "foundation2")
    assert game.piles["waste"][-1].code == "AS" and game.piles["stock"]
    assert game.is_legal(ace_home) and ace_home not in game.safe_home_moves()
    for move, status in ((ace_home, "lost"), (Move("flip"), "winnable")):
        after = game.copy()
        after.play(move)
        assert solve(after, 1e9, max_positions=50_000, share_positions=True).status == status
    hint = better_hint(game)
    assert hint is not None and hint.move != ace_home
    assert "never spoil" not in hint.why
    # It says what the Ace's move changes that is easy to miss.
    assert "the Ace of spades" in hint.why
    assert "moves the cards after it along" in hint.why
    assert game.hidden_cost(hint.move) is None


def test_where_moves_win_as_often_the_one_whose_wins_hold_with_one_plan_is_chosen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Klondike draw 3, deal 3, its deck once gone through (so turning it shows
    nothing new): turning the deck wins in every arrangement, but in each
    only by turning it a different number of times (one, two or three, by
    where the hidden cards lie), which a pupil who cannot see them cannot
    know; moving the 9 of stack 5 turns a card up, and wins everywhere.  A
    stand-in solver says so.  Without the tie-break the quick hint's turn
    stays; with it the move that shows a card is chosen, and the sentence
    says why."""
    from solitaire_tk import solver
    from solitaire_tk.tutor import sampling
    game = looked(new_game("klondike", "draw3", seed=3))
    flip = Move("flip")
    ranked = rank_hints(game)
    shows = next(hint for hint in ranked if hint.move is not None
                 and hint.move.src == "tableau5" and hint.move.dst == "tableau7")
    quick = [next(hint for hint in ranked if hint.move == flip), shows]
    start = len(game.log)
    ways: dict[tuple[str, ...], int] = {}

    def turns_wanted(arrangement: Game) -> int:
        """One, two or three turns, by where this arrangement's hidden cards lie."""
        hidden = tuple(str(arrangement.piles[pid][index])
                       for pid, index in arrangement.unseen_places())
        return 1 + ways.setdefault(hidden, len(ways)) % 3

    def stand_in(arrangement: Game, *_: object, **__: object) -> solver.Verdict:
        moved = [Move.from_json(entry) for entry in arrangement.log[start:]]
        if moved and moved[0] == flip:
            wanted = turns_wanted(arrangement)
            if len(moved) == 1:
                return solver.Verdict(solver.WINNABLE, (flip,) * wanted, 100)
            won = moved == [flip] * (1 + wanted)
            return solver.Verdict(solver.WINNABLE if won else solver.LOST, (), 100)
        turns_wanted(arrangement)
        return solver.Verdict(solver.WINNABLE, (), 100)   # (at the start: tries each move)
    monkeypatch.setattr(sampling, "solve", stand_in)
    tie = Sampling(samples=9, most_samples=9, race_samples=0, playout_tie_break=False,
                   plan_tie_break=False)
    plain = better_hint(game, quick, tie)
    assert plain is not None and plain.move == flip
    planned = better_hint(game, quick, replace(tie, plan_tie_break=True))
    assert planned is not None and planned.move == shows.move
    assert planned.wins == planned.tried == 9
    assert "wins as often only for someone who can see the hidden cards" in planned.why
    # Where every arrangement wants the same turns, the turn holds with one plan: it stays.
    monkeypatch.setattr(sampling, "solve", lambda arrangement, *_, **__: solver.Verdict(
        solver.WINNABLE, (flip,) if arrangement.log[start:] == [flip.to_json()] else (), 100))
    steady = better_hint(game, quick, replace(tie, plan_tie_break=True))
    assert steady is not None and steady.move == flip


def test_only_a_game_that_plans_its_ties_asks_for_a_plan(monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan tie-break is the game's choice (`Game.hint_plans_ties`): Klondike's
    sampled hint looks for a plan among its tied moves, Thirteen's never does
    (there a tie is mostly a win or two each, and a plan picked by luck lost
    more deals than it won), unless the game is switched over."""
    from solitaire_tk.games.thirteen import Thirteen
    from solitaire_tk.tutor import sampling
    asked: list[str] = []
    real = sampling._tie_planned

    def recorded(tally: object, best: Move, how: Sampling) -> Move | None:
        asked.append(best.action)
        return real(tally, best, how)   # type: ignore[arg-type]
    monkeypatch.setattr(sampling, "_tie_planned", recorded)
    thirteen = new_game("thirteen", "standard", seed=1)
    hint = better_hint(thirteen, rank_hints(thirteen))
    assert hint is not None and hint.tried >= 10 and not asked
    monkeypatch.setattr(Thirteen, "hint_plans_ties", True)
    assert better_hint(thirteen, rank_hints(thirteen)) is not None and asked == ["remove"]
    asked.clear()
    klondike = close_call()
    assert better_hint(klondike, rank_hints(klondike)) is not None and asked


def test_a_move_that_won_every_try_says_only_the_tries_not_every_way() -> None:
    from solitaire_tk.tutor.hints import Hint
    from solitaire_tk.tutor.sampling import _sampled_sentence
    game = new_game("klondike", "draw3", seed=2)
    move = game.legal_moves()[0]
    candidates = [Hint(move, game.describe(move), 1.0)]
    many = _sampled_sentence(game, candidates, move, wins=10, tried=10, rival=None)
    assert "It won in all 10 ways of laying out the hidden cards that the tutor tried" in many
    assert "however" not in many and "does not peek" in many
    one = _sampled_sentence(game, candidates, move, wins=1, tried=1, rival=None)
    assert "It won in the one way of laying out the hidden cards" in one
