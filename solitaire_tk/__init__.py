"""Solitaire Tutor: five patience games, a rules engine and a tutor.

The headless API (SPEC section 2); importing it never imports tkinter or PIL.
"""

from .cards import Card, DeckError
from .engine import Game
from .moves import IllegalMove, Move
from .registry import GAME_IDS, new_game
from .savefile import GameFileError, Replay, load_game
from .solver import Verdict, solve

__all__ = ["GAME_IDS", "Card", "DeckError", "Game", "GameFileError", "IllegalMove", "Move",
           "Replay", "Verdict", "load_game", "new_game", "solve"]
__version__ = "0.1.0"
