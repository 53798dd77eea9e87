"""The five games by id, and `new_game`."""

from __future__ import annotations

import importlib
import random
from typing import Any, Iterable, Mapping

from .cards import MAX_SEED, Card, check_seed, parse_deck, shuffled_deck
from .engine import Game

GAME_IDS = ("cruel", "klondike", "thirteen", "double", "dammit")
# Module and class of each game, imported when first asked for.
_GAME_MODULES = {
    "cruel": ("cruel", "Cruel"),
    "klondike": ("klondike", "Klondike"),
    "thirteen": ("thirteen", "Thirteen"),
    "double": ("double", "DoubleSolitaire"),
    "dammit": ("dammit", "Dammit"),
}


def game_class(game_id: str) -> type[Game]:
    """The class of a game id; a ValueError names the choices for a wrong id."""
    if game_id not in _GAME_MODULES:
        raise ValueError(f"There is no game called '{game_id}'; "
                         f"choose one of {', '.join(GAME_IDS)}.")
    module_name, class_name = _GAME_MODULES[game_id]
    module = importlib.import_module(f".games.{module_name}", __package__)
    cls: type[Game] = getattr(module, class_name)
    return cls


def new_game(game_id: str, variant: str | None = None, *, seed: int | None = None,
             deck: str | Iterable[str] | Iterable[Card] | None = None,
             options: Mapping[str, Any] | None = None, player: str = "") -> Game:
    """Deal a new game from a deal number, an explicit deck, or a random deal."""
    cls = game_class(game_id)
    if deck is not None:
        cards = parse_deck(deck, cls.decks)
        if seed is not None:
            check_seed(seed)
    else:
        if seed is None:
            seed = random.SystemRandom().randint(1, MAX_SEED)
        cards = shuffled_deck(check_seed(seed), cls.decks)
    return cls(cards, variant=variant, seed=seed, options=options, player=player)
