"""The game on the table and what it means to end it (no tkinter: tests drive it).

One `Session` per window.  Every command that puts another game on the
table (new game, same deal, another game, a deal number, Play from here,
the command line) follows one rule, written here once:

- a game the pupil made a move in and left unfinished is *abandoned*: the
  window asks first, then it counts as played and not won, and it is kept
  in saved/ so it can be watched again (`abandon_needed`, `abandon`);
- a game with no move made is simply dropped;
- a finished game is counted once and kept in saved/ (`finish`).

Keeping the game in saved/ comes first: that file is the record the
statistics are counted from.  If it cannot be written (a full disk), the
game waits in memory and is tried again after each game and at quit.

A change of player hands the game on the table over (`hand_over`): the old
player's copy stays in their own file, and only moves the new player makes
count for them.

Redo plays a move taken back with Undo again, through the rules like any
other move, so it is logged as a move and a replay needs nothing new.  It
is offered until a new move is made.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Mapping, Protocol

from .engine import Game, Position
from .moves import Move
from .records import record
from .storage import SaveError
from .registry import game_class, new_game
from .stats import has_moves

START_FORMAT = "%Y-%m-%dT%H:%M:%SZ"   # a game's `started` (engine.Game)
NOTHING_TO_REDO = ("There is nothing to redo. Redo plays again a move you took back with "
                   "Undo, until you make a new move.")


class Store(Protocol):
    """What a session needs of the pupil's files (`userdata.DataStore`)."""

    @property
    def settings(self) -> Any: ...

    @property
    def current_player(self) -> str: ...

    @property
    def player_id(self) -> str: ...

    def keep_game(self, game: Game, used_hints: bool,
                  player_id: str | None = None) -> Path | None: ...

    def autosave(self, game: Game, used_hints: bool = False) -> None: ...

    def clear_current(self) -> None: ...

    def save_stats(self) -> None: ...

    def saved_games_dir(self) -> Path: ...

    def name_of(self, player_id: str) -> str | None: ...


class DealSource(Protocol):
    """Where New game may take a deal number from (`winnabledeals.WinnableDeals`)."""

    def take(self, settings: Any, game_id: str, variant: str,
             options: Mapping[str, bool] | None = None) -> int | None: ...


def new_game_for(store: Store, game_id: str, variant: str | None = None,
                 seed: int | None = None, deals: DealSource | None = None) -> Game:
    """A new deal for the current player, with the game options they chose
    (a game option and a preference of the same name, such as Thirteen's easy mode).

    With no deal number, one is taken from `deals` if it has one for this player
    (winnable deals only), else the deal is a random one."""
    settings = store.settings
    cls = game_class(game_id)
    options = {name: bool(getattr(settings, name))
               for name in cls.option_defaults if hasattr(settings, name)}
    if seed is None and deals is not None:
        seed = deals.take(settings, game_id, variant or cls.variants[0], options)
    return new_game(game_id, variant, seed=seed, options=options or None,
                    player=store.current_player)


def unfinished_game(store: Any) -> Game | None:
    """The current player's saved game if leaving it would have to be asked about
    (it has a move and is not over), else None.  `store` is a `userdata.DataStore`."""
    game: Game | None = store.resume()
    if game is None or game.is_over() or not has_moves(game.log):
        return None
    return game


def same_deal(game: Game, other: Game) -> bool:
    """Whether the two are one deal of one game: the same game, variant,
    options and deck (so asking for one while the other waits unfinished
    asks for that game, not a new one)."""
    return (game.game_id, game.variant, game.options, game.deck) == (
        other.game_id, other.variant, other.options, other.deck)


@record(frozen=True)
class _Redo:
    """A move taken back, and the position it can be played again from."""

    move: Move
    position: Position


@record
class _Unwritten:
    """A game that is over but not yet written down (the disk was full, say)."""

    game: Game
    used_hints: bool
    owner: str               # the file name of the player whose game it is
    kept: Path | None = None  # where it was kept in saved/


def _later_start(started: str) -> str:
    """Now, as a game's start time, and at least a second after `started`: a game
    played on from a replay is told apart from the one replayed (`stats` counts
    each game once by its start time)."""
    now = datetime.now(timezone.utc).replace(microsecond=0)
    try:
        before = datetime.strptime(started, START_FORMAT).replace(tzinfo=timezone.utc)
    except ValueError:
        before = now - timedelta(seconds=1)
    return max(now, before + timedelta(seconds=1)).strftime(START_FORMAT)


def live_moves(game: Game) -> list[Move]:
    """The moves of the log that have not been taken back, oldest first."""
    moves: list[Move] = []
    for entry in game.log:
        if entry.get("action") == "undo":
            if moves:
                moves.pop()
        else:
            moves.append(Move.from_json(entry))
    return moves


class Session:
    """The game in play, whether hints were used, and whether it is counted yet."""

    def __init__(self, store: Store, game: Game, used_hints: bool = False) -> None:
        self.store = store
        self.game = game
        self.used_hints = used_hints
        self.recorded = game.is_over()
        self.finished_file: Path | None = None   # where the last finished game was kept
        self.owner = store.player_id             # whose game this is (a rename keeps it)
        self._moves_before = 0                   # log entries that were not this player's
        self._redo: list[_Redo] = []
        # Games over but not yet kept in saved/ (a full disk): kept here and
        # written again after each later game and at quit, so none is lost.
        self.unwritten: list[_Unwritten] = []
        self._told_unwritten = False
        self._told_stats = False

    # -- starting and ending ---------------------------------------------------------
    def start(self, game: Game, used_hints: bool = False, played_on: bool = False) -> None:
        """Put `game` on the table for the current player (the old one must be dealt
        with first: `abandon`, or nothing if `abandon_needed` is False).

        `played_on`: the game goes on from a replay's step; the moves before that
        step were not made now, so they do not make it a game to ask about, and it
        is a new game of its own (it is counted apart from the one replayed).  It
        counts as played with help: the replay showed how the game goes on, the
        hidden cards too (else a won game played on from its last steps, again
        and again, would add a win without help each time).
        """
        if played_on:
            game.player = self.store.current_player
            game.started = _later_start(game.started)
        self.game = game
        self.used_hints = used_hints or played_on
        self.recorded = game.is_over()
        self.finished_file = None
        self.owner = self.store.player_id
        self._moves_before = len(game.log) if played_on else 0
        self._redo = []

    def made_moves(self) -> bool:
        """True once a move (not only undos) was made in this game by this player."""
        return has_moves(self.game.log[self._moves_before:])

    def abandon_needed(self) -> bool:
        """True if leaving this game now must be asked first: it has a move and is
        not finished, so it would count as not won."""
        return not self.recorded and not self.game.is_over() and self.made_moves()

    def abandon(self) -> Path | None:
        """Count the game as played and not won, and keep it in saved/.

        Returns where it was kept, or None if there was nothing to count.  A
        `storage.SaveError` means the file could not be written (it is still counted).
        """
        if not self.abandon_needed():
            return None
        self.recorded = True
        return self._put_away(finished=False)

    def finish(self) -> Path | None:
        """Count a game that is over (once) and keep it in saved/; where it was kept."""
        if self.recorded or not self.game.is_over() or not self.made_moves():
            return None
        self.recorded = True
        self.finished_file = None
        return self._put_away(finished=True)

    def _put_away(self, finished: bool) -> Path | None:
        """Keep the game in saved/ (and so count it), then write the statistics.

        If the game cannot be kept it waits in memory (SaveError the first time,
        in words; then nothing more is said).  If only the statistics cannot be
        written, that is said once: the game is safe in saved/ and is counted
        from there again.
        """
        game = _Unwritten(self.game, self.used_hints, self.owner)
        self.unwritten.append(game)
        try:
            self._keep_unwritten()
        except SaveError as error:
            if self._told_unwritten:
                return None
            self._told_unwritten = True
            raise SaveError(f"{error} {self.unwritten_words()}") from error
        self._told_unwritten = False
        if finished:
            self.finished_file = game.kept
        self.store.clear_current()   # only once the game over is written down
        try:
            self.store.save_stats()
            self._told_stats = False
        except SaveError:
            if self._told_stats:
                return game.kept
            self._told_stats = True
            raise
        return game.kept

    def _keep_unwritten(self) -> None:
        while self.unwritten:
            game = self.unwritten[0]
            game.kept = self.store.keep_game(game.game, game.used_hints, game.owner)
            self.unwritten.pop(0)

    def write_unwritten(self) -> None:
        """Keep in saved/ the games over that wait in memory, then write the statistics.

        SaveError while a game still cannot be kept.  A statistics file that
        cannot be written is no loss (they are counted again from saved/), so
        it does not stop a quit.
        """
        self._keep_unwritten()
        self._told_unwritten = False
        try:
            self.store.save_stats()
        except SaveError:
            pass

    def unwritten_words(self) -> str:
        """What is kept only in memory, and what to do about it."""
        count = len(self.unwritten)
        games = "1 game that is over is" if count == 1 else f"{count} games that are over are"
        return (f"{games} kept in memory for now, and will be written when there is room: "
                "they are tried again after each game and when you quit. Free some space "
                f"on the disk that holds {self.store.saved_games_dir().parent}, or make that "
                "folder one you can write to.")

    def autosave(self) -> None:
        """Keep the game in play in the current player's file (a finished one is cleared)."""
        if self.game.is_over():
            if not self.unwritten:   # a game over not yet written down keeps its file
                self.store.clear_current()
        else:
            self.store.autosave(self.game, used_hints=self.used_hints)

    # -- players ---------------------------------------------------------------------
    def belongs_to_current_player(self) -> bool:
        return self.owner == self.store.player_id

    def hand_over(self) -> str | None:
        """The game on the table goes on for the player who is now current.

        The old player's copy was saved under their name before the switch;
        the moves already made are theirs, so the new player is asked about
        leaving it only once they make a move of their own, and a game they
        play on from another player's moves counts as played with help (it
        was not all theirs: a pupil who only clicked ">" past a classmate's
        nearly won game must not be given a win without help).  Returns the
        name of the player whose moves are on the table, or None if none are.
        """
        before = (self.store.name_of(self.owner) or self.game.player or "another player"
                  if has_moves(self.game.log) else None)
        self.game.player = self.store.current_player
        self.owner = self.store.player_id
        self._moves_before = len(self.game.log)
        self._redo = []
        self.used_hints = self.used_hints or before is not None
        return before

    # -- undo and redo ---------------------------------------------------------------
    def undo(self) -> str:
        """Take back the last move (the game's own undo rule); it can be redone."""
        taken_back = self.game.undo_move()   # (not read from the log: a long one is slow)
        label = self.game.undo()
        if taken_back is not None:
            self._redo.append(_Redo(taken_back, self.game.position()))
        return label

    def moved(self) -> None:
        """A new move was made: what was taken back can no longer be redone."""
        self._redo = []

    def redo_move(self) -> Move | None:
        """The move Redo would play, or None."""
        if not self._redo:
            return None
        top = self._redo[-1]
        if top.position != self.game.position() or not self.game.is_legal(top.move):
            self._redo = []   # the game changed some other way: the old moves do not fit
            return None
        return top.move

    def redo_label(self) -> str | None:
        """The sentence for the move Redo would play ("Move the 6 of spades ...")."""
        move = self.redo_move()
        return None if move is None else self.game.describe(move)

    def redo(self) -> Move:
        """Play the last move taken back again (logged as a move); ValueError if none."""
        move = self.redo_move()
        if move is None:
            raise ValueError(NOTHING_TO_REDO)
        self._redo.pop()
        return self.game.play(move)
