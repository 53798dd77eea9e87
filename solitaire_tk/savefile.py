"""Saved games (SPEC section 4): reading, checking and replaying a move log.

Nothing in a file is trusted: every field is type-checked, the deck must be
a proper deck, and every log entry is replayed through the rules.  The
first bad entry stops the load with its number and the reason.
"""

from __future__ import annotations

import math
import os
from dataclasses import replace
from pathlib import Path
from typing import Any, Mapping

from .cards import DeckError, check_seed, parse_deck
from .engine import SAVE_FORMAT, SAVE_VERSION, Checkpoint, Game
from .moves import JsonDict, Move, MoveFormatError
from .registry import GAME_IDS, game_class
from .storage import MAX_FILE_BYTES, UnusableFile, read_json
from .wording import led_by

MAX_TEXT = 200  # longest player name or start time kept from a file

Source = Mapping[str, Any] | str | os.PathLike[str]


class GameFileError(ValueError):
    """A saved game that cannot be opened; the message says why (and where)."""

    def __init__(self, message: str, entry: int | None = None) -> None:
        super().__init__(message)
        self.entry = entry


def read_record(source: Source) -> JsonDict:
    """The JSON object of a saved game, from a dict or a file path."""
    if isinstance(source, Mapping):
        return dict(source)
    path = Path(source)
    try:
        record = read_json(path, MAX_FILE_BYTES)
    except UnusableFile as error:
        raise GameFileError(f"'{path.name}' is not a saved game: it {error.reason}.") from None
    except FileNotFoundError:
        raise GameFileError(f"There is no file called '{path}'.") from None
    except PermissionError:
        raise GameFileError(f"You are not allowed to open '{path}'.") from None
    except OSError as error:
        raise GameFileError(f"'{path}' could not be read: {error.strerror or error}.") from None
    if not isinstance(record, dict):
        raise GameFileError(f"'{path.name}' is not a saved game.")
    return record


def new_game_from_record(record: Mapping[str, Any]) -> Game:
    """The game a record starts from (its deal), with every header field checked."""
    if record.get("format") != SAVE_FORMAT:
        raise GameFileError("This file is not a Solitaire Tutor saved game.")
    version = record.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise GameFileError("This saved game has no proper version number.")
    if version > SAVE_VERSION:
        raise GameFileError(f"This game was saved by a newer Solitaire Tutor (file version "
                            f"{version}); update the app to open it.")
    game_id = record.get("game")
    if game_id not in GAME_IDS:
        raise GameFileError(f"This saved game is for a game we do not know: {game_id!r}.")
    cls = game_class(str(game_id))
    deck_text = record.get("deck")
    if not isinstance(deck_text, str):
        raise GameFileError("This saved game has no deck.")
    try:
        deck = parse_deck(deck_text, cls.decks)
    except DeckError as error:
        raise GameFileError(f"The deck in this saved game is not a proper deck. {error}") from None
    seed = record.get("seed")
    if seed is not None:
        try:
            check_seed(seed)
        except ValueError as error:
            raise GameFileError(f"The deal number in this saved game is wrong. {error}") from None
    variant = record.get("variant")
    options = record.get("options", {})
    if variant is not None and not isinstance(variant, str):
        raise GameFileError("The variant in this saved game is not a name.")
    if not isinstance(options, dict):
        raise GameFileError("The options in this saved game are not a list of settings.")
    player = _text_field(record, "player", "")
    started = _text_field(record, "started", None)
    try:
        return cls(deck, variant=variant, seed=seed, options=options,
                   player=player or "", started=started)
    except ValueError as error:
        raise GameFileError(f"This saved game cannot be set up: {error}") from None


def _text_field(record: Mapping[str, Any], key: str, default: str | None) -> str | None:
    value = record.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str) or len(value) > MAX_TEXT:
        raise GameFileError(f"The '{key}' of this saved game is not a short text.")
    return value


class Replay:
    """A saved game checked entry by entry, with the position after each one.

    `game_at(n)` is the game after the first n log entries (0 = the deal),
    with its history and undo stack, ready to be continued.
    """

    def __init__(self, source: Source | Game) -> None:
        record = source.to_json() if isinstance(source, Game) else read_record(source)
        game = new_game_from_record(record)
        log = record.get("log", [])
        if not isinstance(log, list):
            raise GameFileError("The move list of this saved game is damaged.")
        self._start = game.copy()
        self._checkpoints: list[Checkpoint] = [replace(game.checkpoint(), elapsed=0.0)]
        self.moves: list[Move | None] = []   # each entry's move; None for an undo
        self.steps: list[str] = []           # each entry in a sentence
        for number, entry in enumerate(log, start=1):
            self._replay_entry(game, number, entry)
        self.log: list[JsonDict] = game.log
        self.game_id = game.game_id
        self.final = self.game_at(len(self))

    def _replay_entry(self, game: Game, number: int, entry: Any) -> None:
        if not isinstance(entry, dict):
            raise GameFileError(f"Entry {number} of the move list is not a move.", number)
        t = entry.get("t")
        if t is not None and (isinstance(t, bool) or not isinstance(t, (int, float))
                              or not math.isfinite(t) or t < 0):
            raise GameFileError(f"Entry {number} has a time that is not a number of seconds.", number)
        if entry.get("action") == "undo":
            if not game.can_undo():
                raise GameFileError(f"Entry {number} takes back a move, but there is no move "
                                    "it could take back there.", number)
            label = game.undo()
            self.moves.append(None)
            self.steps.append(led_by("Took back: ", label))
        else:
            try:
                move = Move.from_json(entry)
            except MoveFormatError as error:
                raise GameFileError(f"Entry {number} is not a proper move: {error}", number) from None
            reason = game.why_illegal(move)
            if reason is not None:
                raise GameFileError(f"Entry {number} is a move the rules do not allow: {reason}",
                                    number)
            self.steps.append(game.describe(move))
            self.moves.append(game.play(move))
        stamp = float(t) if t is not None else self._checkpoints[-1].elapsed
        game.log[-1] = {key: value for key, value in game.log[-1].items() if key != "t"}
        if t is not None:
            game.log[-1]["t"] = t
        self._checkpoints.append(replace(game.checkpoint(), elapsed=stamp))

    def __len__(self) -> int:
        return len(self._checkpoints) - 1

    def game_at(self, n: int) -> Game:
        """The game after the first `n` entries (n from 0 to len(self))."""
        if not 0 <= n <= len(self):
            raise IndexError(f"This game has steps 0 to {len(self)}, not {n}.")
        game = self._start.copy()
        game.restore_checkpoint(self._checkpoints[n], self.log)
        return game

    def position_at(self, n: int) -> Any:
        """The `Game.position()` after `n` entries, without building a game."""
        return self._checkpoints[n].position


def load_game(source: Source) -> Game:
    """Rebuild a saved game by replaying and checking every entry of its log."""
    return Replay(source).final
