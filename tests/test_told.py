"""After a move, its sentence names the cards it turned face up (`Game.told`):
the pupil's "Last move" and a replay's steps say what came up, not only that
something did.  Undo's label stays the sentence said before the move."""

from __future__ import annotations

import random
import re

from solitaire_tk import GAME_IDS, Replay, new_game
from solitaire_tk.engine import Game
from solitaire_tk.moves import Move
from solitaire_tk.registry import game_class
from solitaire_tk.tutor.replaying import ReplaySession
from solitaire_tk.wording import PAST, in_past


def play_told(game: Game, move: Move) -> str:
    said, face_down = game.describe(move), game.face_down_cards()
    played = game.play(move)
    return game.told(said, played, face_down)


def test_klondike_names_the_card_turned_from_the_deck_and_in_a_stack() -> None:
    game = new_game("klondike", variant="draw1", seed=4)
    first = game.piles["stock"][-1]
    assert play_told(game, Move("flip")) == (
        f"Turn over the next card of the deck onto the waste pile: {first.name}.")
    assert game.undo_label() == "Turn over the next card of the deck onto the waste pile."
    king = Move("move", "tableau5", "tableau1")   # deal 4: the King of hearts, stack 1 emptied
    game = new_game("klondike", variant="draw1", seed=4)
    game.play(Move("move", "tableau1", "foundation1"))
    under = game.piles["tableau5"][-2]
    assert not under.face_up
    assert play_told(game, king) == (
        "Move the King of hearts from stack 5 into the empty stack 1, and turn over the card "
        f"under it: {under.name}.")


def test_klondike_draw_three_says_which_card_is_on_top() -> None:
    game = new_game("klondike", variant="draw3", seed=4)
    coming = [card.name for card in reversed(game.piles["stock"][-3:])]
    assert play_told(game, Move("flip")) == (
        f"Turn over the next 3 cards of the deck onto the waste pile: {coming[0]} and "
        f"{coming[1]} and, on top, {coming[2]}.")
    assert game.piles["waste"][-1].name == coming[2]


def test_thirteen_names_the_four_cards_dealt_and_a_removal_adds_nothing() -> None:
    game = new_game("thirteen", seed=4)
    coming = [card.name for card in reversed(game.piles["stock"][-4:])]
    assert play_told(game, Move("deal")) == (
        "Deal four more cards from the deck, one onto each pile: "
        f"{coming[0]}, {coming[1]}, {coming[2]} and {coming[3]}.")
    cruel = new_game("cruel", seed=4)
    move = cruel.legal_moves()[0]
    assert play_told(cruel, move) == new_game("cruel", seed=4).describe(move), \
        "nothing was hidden, nothing is added"


def test_dammit_names_the_next_card_to_play() -> None:
    game = new_game("dammit", seed=4)
    move = next(move for move in game.legal_moves() if move.action == "place")
    said = game.describe(move)
    following = game.piles["stock"][-2]
    assert play_told(game, move) == f"{said} The next card to play is {following.name}."


def test_a_replay_step_names_what_came_up() -> None:
    game = new_game("klondike", variant="draw1", seed=4)
    first = game.piles["stock"][-1]
    game.play(Move("flip"))
    game.undo()
    replay = Replay(game.to_json())
    assert list(replay.steps) == [
        f"Turn over the next card of the deck onto the waste pile: {first.name}.",
        "Took back: turn over the next card of the deck onto the waste pile."]


def test_a_replay_names_a_card_once_it_is_up_not_in_the_step_coming() -> None:
    game = new_game("klondike", variant="draw1", seed=4)
    first = game.piles["stock"][-1]
    game.play(Move("flip"))
    session = ReplaySession(Replay(game.to_json()), "a test")
    assert session.next_step_text() == (
        "Next, step 1: Turn over the next card of the deck onto the waste pile.")
    session.go(1)
    assert session.last_step_text() == (
        f"Step 1 of 1: Turn over the next card of the deck onto the waste pile: {first.name}.")


def test_every_move_sentence_reads_as_done_once_it_is_made() -> None:
    """`in_past` turns each game's move sentence into what was done: no clause
    of it starts with an order any more, and nothing else changes."""
    orders = {verb.lower() for verb, done in PAST.items() if done != verb.lower()}
    for game_id in GAME_IDS:
        for variant in game_class(game_id).variants:
            game, rng = new_game(game_id, variant=variant, seed=2), random.Random(game_id)
            for _ in range(120):
                moves = game.legal_moves()
                if not moves or game.is_over():
                    break
                move = rng.choice(moves)
                said = play_told(game, move)
                done = in_past(said)
                clauses = re.split(r"^|, and |, then ", done)
                assert not [c for c in clauses if c.split(" ", 1)[0].lower() in orders], done
                assert done.split(" ", 1)[1:] == said.split(" ", 1)[1:] or ", " in said, done


def test_the_pupil_reads_what_was_done_and_redo_what_it_plays_again(driver_for) -> None:
    d = driver_for(new_game("klondike", variant="draw1", seed=4))
    first = d.game.piles["stock"][-1]
    d.key("d")
    assert d.status() == ("Turned over the next card of the deck onto the waste pile: "
                          f"{first.name}.")
    assert str(d.app.panel.heading.cget("text")) == "Last move"
    d.key("z", state=0x4)
    assert d.status() == "Undone: turned over the next card of the deck onto the waste pile."
    d.key("y", state=0x4)
    assert d.status() == ("Played again: turned over the next card of the deck onto the waste "
                          f"pile: {first.name}.")
