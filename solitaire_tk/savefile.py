"""Saved games (SPEC section 4): reading, checking and replaying a move log.

Nothing in a file is trusted: every field is type-checked, the deck must be
a proper deck, and every log entry is replayed through the rules.  The
first bad entry stops the load with its number and the reason.
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any, Mapping, Sequence, overload

from .cards import DeckError, check_seed, parse_deck
from .collector import collector_paused
from .engine import SAVE_FORMAT, SAVE_VERSION, Checkpoint, Game
from .moves import IllegalMove, JsonDict, Move, MoveFormatError
from .records import replace
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


# A replay keeps the whole game only every so many entries: any other step is
# rebuilt from the nearest one before it by making the entries between again
# (a long game would otherwise hold one table per entry).
CHECKPOINT_EVERY = 128
# A game has a few hundred different moves; a file with more spellings than
# this is not kept whole in the read-once cache (see Replay._move_of).
READ_MOVES_KEPT = 4096


class Replay:
    """A saved game checked entry by entry.

    `game_at(n)` is the game after the first n log entries (0 = the deal),
    with its history and undo stack, ready to be continued.  `steps` says
    each entry in a sentence, made only when it is asked for.
    """

    def __init__(self, source: Source | Game) -> None:
        record = source.to_json() if isinstance(source, Game) else read_record(source)
        game = new_game_from_record(record)
        log = record.get("log", [])
        if not isinstance(log, list):
            raise GameFileError("The move list of this saved game is damaged.")
        self._start = game.copy()
        # When the game was started, if the file says (a game made without one starts now).
        self.started: str | None = game.started if "started" in record else None
        self._checkpoints: list[Checkpoint] = [replace(game.checkpoint(), elapsed=0.0)]
        self.moves: list[Move | None] = []   # each entry's move; None for an undo
        self._read_moves: dict[tuple[Any, ...], tuple[Move, bool]] = {}
        stamp = 0.0
        # Hundreds of thousands of small objects with no circle among them: see
        # `collector_paused`; kept as old ones, the replay's are looked through once.
        with collector_paused(count_as_old=True):
            for number, entry in enumerate(log, start=1):
                stamp = self._replay_entry(game, number, entry, stamp)
                if number % CHECKPOINT_EVERY == 0:
                    self._checkpoints.append(replace(game.checkpoint(), elapsed=stamp))
        self._read_moves.clear()   # only needed while checking
        self.log: list[JsonDict] = game.log
        self.game_id = game.game_id
        self._rebuild = Rebuild(self._start, self._checkpoints, self.moves, self.log)
        self.steps: Sequence[str] = StepTexts(self._rebuild)
        self.final = self.game_at(len(self))

    def _replay_entry(self, game: Game, number: int, entry: Any, stamp: float) -> float:
        """Check and make one entry; the game's clock after it is returned."""
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
            game._take_back()
            self.moves.append(None)
            logged: JsonDict = {"action": "undo"}
        else:
            try:
                read, as_written = self._move_of(entry)
                move = game._checked(read)
            except MoveFormatError as error:
                raise GameFileError(f"Entry {number} is not a proper move: {error}", number) from None
            except IllegalMove as error:
                raise GameFileError(f"Entry {number} is a move the rules do not allow: "
                                    f"{error.reason}", number) from None
            game._make(move)
            self.moves.append(move)
            if as_written and (move is read or move == read):
                # The file's own entry says exactly what the log would: one copy
                # of a long log in memory, not two.
                game.log.append(entry)
                return float(t) if t is not None else stamp
            logged = move.to_json()
        if t is not None:
            logged["t"] = t
        game.log.append(entry if entry == logged else logged)
        return float(t) if t is not None else stamp

    def _move_of(self, entry: JsonDict) -> tuple[Move, bool]:
        """`Move.from_json(entry)`, read once for all the entries that say the
        same; and whether the entry (but for its time) is that move's own record."""
        if "piles" in entry:   # a list: no key of it
            move = Move.from_json(entry)
            return move, False
        count, index = entry.get("count"), entry.get("index")
        # The types count too: True and 1.0 are equal to 1 but are no proper count.
        key = (tuple(entry), entry.get("action"), entry.get("src"), entry.get("dst"),
               count, type(count), index, type(index))
        try:
            known = self._read_moves.get(key)
        except TypeError:   # a list or an object where a name or number belongs
            return Move.from_json(entry), False
        if known is None:
            move = Move.from_json(entry)
            plain = {name: value for name, value in entry.items() if name != "t"}
            known = (move, plain == move.to_json())
            if len(self._read_moves) < READ_MOVES_KEPT:
                self._read_moves[key] = known
        return known

    def __len__(self) -> int:
        return len(self.moves)

    def game_at(self, n: int) -> Game:
        """The game after the first `n` entries (n from 0 to len(self))."""
        if not 0 <= n <= len(self):
            raise IndexError(f"This game has steps 0 to {len(self)}, not {n}.")
        game, stamp = self._rebuild.position_game(n)
        game.restore_checkpoint(replace(game.checkpoint(), log_length=n, elapsed=stamp), self.log)
        return game

    def position_at(self, n: int) -> Any:
        """The `Game.position()` after `n` entries."""
        return self.game_at(n).position()


class Rebuild:
    """Any step of a checked log, rebuilt from the checkpoint before it.

    (Apart from the `Replay`, so that the step sentences can use it without
    a reference circle: a replay of a long game is freed the moment it is
    no longer used, not when Python next looks for circles.)
    """

    def __init__(self, start: Game, checkpoints: Sequence[Checkpoint],
                 moves: Sequence[Move | None], log: Sequence[JsonDict]) -> None:
        self.start, self.checkpoints, self.moves, self.log = start, checkpoints, moves, log

    def position_game(self, n: int) -> tuple[Game, float]:
        """A game in the position after `n` entries, with its undo stack but an
        empty log; and the game's clock there."""
        first = n // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        point = self.checkpoints[first // CHECKPOINT_EVERY]
        game = self.start.copy()
        game.restore_checkpoint(point, ())
        stamp = point.elapsed
        # The entries were checked when the replay was made: they are only made again.
        for move, entry in zip(self.moves[first:n], self.log[first:n]):
            if move is None:
                game._take_back()
            else:
                game._make(move)
            t = entry.get("t")
            if t is not None:
                stamp = float(t)
        return game, stamp

    def texts_from(self, first: int) -> list[str]:
        """The sentences of the entries from number `first` + 1 up to the next checkpoint."""
        game = self.position_game(first)[0]
        texts = []
        for move in self.moves[first:first + CHECKPOINT_EVERY]:
            if move is None:
                # Said in the position before the move taken back, as when it was made.
                label = game.describe(game._take_back().move)
                texts.append(led_by("Took back: ", label))
            else:
                text, before = game.describe(move), game.face_down_cards()
                game._make(move)
                texts.append(game.told(text, move, before))
        return texts


class StepTexts(Sequence[str]):
    """Each entry of a replay in a sentence, made when first asked for (all
    the entries between two checkpoints at once)."""

    def __init__(self, rebuild: Rebuild) -> None:
        self._rebuild = rebuild
        self._made: dict[int, list[str]] = {}

    def __len__(self) -> int:
        return len(self._rebuild.moves)

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [self[number] for number in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(f"This game has {len(self)} steps.")
        first = index // CHECKPOINT_EVERY * CHECKPOINT_EVERY
        if first not in self._made:
            self._made[first] = self._rebuild.texts_from(first)
        return self._made[first][index - first]


def load_game(source: Source) -> Game:
    """Rebuild a saved game by replaying and checking every entry of its log."""
    return Replay(source).final
