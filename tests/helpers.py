"""Shared test helpers: build positions by hand and compare games."""

from __future__ import annotations

import itertools
import random
from typing import Any, Iterator

from solitaire_tk import new_game
from solitaire_tk.cards import parse_card
from solitaire_tk.engine import Game
from solitaire_tk.searchstate import public_moves

# A Thirteen deck that is won by taking away Kings, then pairs, as they come.
WINNING_THIRTEEN = " ".join(
    ["KC", "KD", "KH", "KS"]
    + [f"{rank}{suit}" for pair in ("QAJ2", "T394", "8576") for suit in "CDHS" for rank in pair])
_DEAL_NUMBERS = itertools.count(1000)


def cards(text: str) -> list[Any]:
    """'KS [QH] 5C' -> cards bottom to top; brackets mean face down."""
    out = []
    for word in text.split():
        face_up = not word.startswith("[")
        out.append(parse_card(word.strip("[]"), face_up))
    return out


def arrange(game: Game, layout: dict[str, str], **extra: Any) -> Game:
    """Put `game` in a hand-made position: the named piles get these cards.

    Piles not named keep what they have; `extra` sets position flags such as
    `recycles`.  Only for rule tests: a real game never gets here this way.
    """
    for pile_id, text in layout.items():
        assert pile_id in game.pile_ids, pile_id
        game._piles[pile_id] = cards(text)
    for name, value in extra.items():
        assert name in game.extra_state, name
        setattr(game, name, value)
    game._undo = None
    return game


def codes(game: Game) -> dict[str, list[str]]:
    """Every pile as a list of codes, face-down cards in brackets."""
    return {pid: [repr(card) for card in pile] for pid, pile in game.piles.items()}


def total_cards(game: Game) -> int:
    return sum(len(pile) for pile in game.piles.values())


def play(game: Game, moves: int | None = None, prefer: str = "") -> Game:
    """Play legal moves (the first of kind `prefer` if any) until over or `moves` made."""
    made = 0
    while not game.is_over() and (moves is None or made < moves):
        legal = game.legal_moves()
        game.play(next((m for m in legal if m.action == prefer), legal[0]))
        made += 1
    return game


def won_thirteen() -> Game:
    """A won game of Thirteen, a different one each time (the deal number differs)."""
    game = play(new_game("thirteen", deck=WINNING_THIRTEEN, seed=next(_DEAL_NUMBERS)),
                prefer="remove")
    assert game.is_won()
    return game


def removed_with_a_won_game(store: Any, name: str, stays: str) -> None:
    """`name` wins a game of Thirteen, kept with their games, and is then removed
    by `stays` (as a classmate's mischief would)."""
    store.switch_player(name)
    game = won_thirteen()
    game.player = name   # as the app names the player of each game
    store.record_game(game, used_hints=False)
    store.switch_player(stays)
    store.remove_player(name)


def push_and_pop_walk(game: Game, state: Any, rng: random.Random, steps: int,
                      forward: float) -> Iterator[None]:
    """A random walk of a search state and its game side by side: a move
    pushed (and played) with chance `forward`, else the last one popped (and
    taken back); yields after each step, for the caller to compare them."""
    back: list[tuple[Any, list[Any]]] = []
    for _ in range(steps):
        moves = list(state.moves())
        if moves and (not back or rng.random() < forward):
            move = rng.choice(moves)
            back.append((game.checkpoint(), list(game.log)))
            for public in public_moves(state, move):   # Klondike's waste moves turn the deck first
                game.play(public)
            state.push(move)
        elif back:
            point, log = back.pop()
            game.restore_checkpoint(point, log)
            state.pop()
        else:
            return
        yield
