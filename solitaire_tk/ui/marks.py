"""The tutor's marks on the table: outlines on the cards that can move
(Show moves), thicker ones on the places a held card may go, and arrows for a hint
or for the next step of a replay.  What to mark comes from tutor.guide."""

from __future__ import annotations

from ..engine import Game
from ..moves import Move
from ..tablelayout import Rect
from ..tutor.guide import move_map, targets
from .table import TARGET_COLOUR, Table

MOVABLE_COLOUR = "#3ddc84"
HINT_COLOUR = "#ffb000"
NEXT_COLOUR = "#4fc3ff"


class TutorMarks:
    def __init__(self, table: Table) -> None:
        self.table = table
        self.movable: list[tuple[str, int | None]] = []  # what is outlined now (tests read it)

    def place_rect(self, pile: str, index: int | None) -> Rect:
        if index is None or not self.table.game or index >= len(self.table.game.piles[pile]):
            return self.table.target_rect(pile)
        return self.table.visible_rect(pile, index)

    def show_moves(self, game: Game, on: bool) -> None:
        """Outline every card that can move; the stock or Deal button when only it is left."""
        self.table.clear_mark("movable")
        self.movable = []
        if not on or game.is_over() or self.table.layout is None:
            return  # (not laid out yet: the table asks again once it is)
        found = move_map(game)
        places: list[tuple[str, int | None]] = sorted(found.cards, key=str)
        if found.stock_only and game.stock_pile is not None:
            size = len(game.piles[game.stock_pile])
            places.append((game.stock_pile, size - 1 if size else None))
        self.movable = places
        rects = [self.place_rect(pile, index) for pile, index in places]
        if found.stock_only and found.deal_button and self.table.layout:
            rects.append(self.table.layout.buttons["deal"])
        self.table.mark("movable", rects, MOVABLE_COLOUR, width=3)

    def show_targets(self, game: Game, held: tuple[str, int] | None, on: bool) -> list[str]:
        """Light up every place the held card may go; the places are returned.
        While a card is held, the outlines of the cards that can move step back:
        only where it may go is lit (the two look alike to a red-green
        colour-blind pupil, and a held card asks only where it goes)."""
        self.table.clear_mark("targets")
        self.table.show_mark("movable", held is None)
        if held is None or not on or self.table.layout is None:
            return []
        places = sorted(targets(game, *held))
        rects = [self.table.target_rect(pile) for pile in places if pile]
        self.table.mark("targets", rects, TARGET_COLOUR, width=5)
        return places

    def point_at(self, kind: str, game: Game, move: Move | None) -> None:
        """An arrow for `move` (a hint, or a replay's next step); nothing for None."""
        self.table.clear_mark(kind)
        if move is None or self.table.layout is None:
            return
        colour = HINT_COLOUR if kind == "hint" else NEXT_COLOUR
        touched = game.touches(move)
        if move.action == "redeal":
            self.table.mark(kind, [self.table.layout.buttons["deal"]], colour, width=5)
            return
        if not touched:
            return
        start = self.place_rect(*touched[0])
        if move.dst is not None:
            end = self.table.target_rect(move.dst)
        elif len(touched) > 1:
            end = self.place_rect(*touched[1])
        elif move.piles and "discard" in game.piles:
            end = self.table.target_rect("discard")
        else:  # turning the deck, a reserve click: ring the pile itself
            self.table.mark(kind, [start], colour, width=5)
            return
        self.table.arrow(kind, start, end, colour)

    def clear(self, *kinds: str) -> None:
        for kind in kinds:
            self.table.clear_mark(kind)
