"""What the tutor points at: the cards that can move, where a picked-up card
may go, and the lesson section that explains a move (or why it is refused).

Everything here asks the engine (`legal_moves`, `touches`, `drag_move`):
no rule is written again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator

from ..engine import DECK_ACTIONS, Game, Position
from ..moves import Move
from .hints import loop_key
from ..records import record

Place = tuple[str, int | None]


@record(frozen=True)
class MoveMap:
    """The legal moves seen from the table."""

    cards: frozenset[Place]       # every card some legal move (not a deal) picks up
    stock_only: bool               # only turning the deck / dealing is left
    deal_button: bool              # Cruel: dealing again is possible


def move_map(game: Game) -> MoveMap:
    moves = game.legal_moves()
    cards: set[Place] = set()
    for move in moves:
        if move.action not in DECK_ACTIONS:
            cards.update(place for place in game.touches(move) if place[1] is not None)
    stock_only = bool(moves) and all(m.action in DECK_ACTIONS for m in moves)
    return MoveMap(frozenset(cards), stock_only, any(m.action == "redeal" for m in moves))


def targets(game: Game, pile: str, index: int) -> set[str]:
    """The piles where the card at (pile, index) may be put now.

    For a card that is taken away with a partner (Thirteen, Dammit!), the
    piles of the partners; for a card that goes away alone, where it goes.
    """
    out: set[str] = set()
    for move in game.legal_moves():
        touched = game.touches(move)
        if not touched or touched[0] != (pile, index) and (pile, index) not in touched:
            continue
        if move.dst is not None:
            out.add(move.dst)
        elif move.piles is not None:
            partners = [p for p, i in touched if (p, i) != (pile, index)]
            out.update(partners or [_discard(game)])
    return out


def _discard(game: Game) -> str:
    return "discard" if "discard" in game.pile_ids else ""


def rule_section(game: Game, move: Move | None) -> str:
    """The lesson section (see lessons/README.md) that explains `move`.

    Used after an illegal attempt, to show the rule it broke; None (an undo)
    gives the undo rule where the game has one.  The game knows its sections.
    """
    return game.lesson_section(move)


def scoring_moves_left(game: Game) -> list[Move]:
    """Moves that take cards away or bring them home right now (Thirteen's move
    alert: said when the pupil is about to deal)."""
    before = game.progress()
    out = []
    for move in game.legal_moves():
        if move.action in DECK_ACTIONS:
            continue
        trial = game.copy()
        trial.play(move)
        if trial.progress() > before:
            out.append(move)
    return out


class LineOfPlay(Collection[Position]):
    """The positions along the line of play now on the table, for the hints.

    A move adds the position it leads to; an undo takes the last one away,
    so a position that was undone is not a repeat (the hint may suggest the
    move again).  Positions are `loop_key`s, as `rank_hints` compares them.
    """

    def __init__(self, game: Game) -> None:
        self._line: list[Position] = []
        self._count: Counter[Position] = Counter()
        self._start(game)

    def _start(self, game: Game) -> None:
        self._line = [loop_key(game)]
        self._count = Counter(self._line)

    def moved(self, game: Game) -> None:
        key = loop_key(game)
        self._line.append(key)
        self._count[key] += 1

    def undone(self, game: Game) -> None:
        if len(self._line) > 1:
            key = self._line.pop()
            self._count[key] -= 1
            if not self._count[key]:
                del self._count[key]
        if self._line[-1] != loop_key(game):  # undone past where the line began (a resumed game)
            self._start(game)

    def __contains__(self, position: object) -> bool:
        return position in self._count

    def __iter__(self) -> Iterator[Position]:
        return iter(self._count)

    def __len__(self) -> int:
        return len(self._count)
