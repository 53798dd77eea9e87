"""Thirteen: take away pairs of top cards that make 13, and Kings alone (SPEC 3, Thirteen).

Option `easy_mode` also lets the top card of a pile pair with the card
directly under it.  Undo reaches back five moves, as in the original game.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Iterable, Mapping, cast

from ..cards import Card
from ..engine import Game
from ..moves import Move, as_move
from ..searchstate import SearchState
from ..tablelayout import (MIN_NUMBER_SIZE, Spot, TableLayout, centred_left, fitted_card_size,
                           label_size)
from ..wording import a_rank, pair_needed, pile_number, plural, sentence

PILES = tuple(f"pile{n}" for n in range(1, 5))
TARGET = 13
KING = 13
COUNT_WORDS = ("no", "one", "two", "three", "four")


class Thirteen(Game):
    game_id = "thirteen"
    title = "Thirteen"
    variants = ("standard",)
    blurb = "Take away pairs that add up to 13, and Kings on their own."
    score_note = "The score is how many cards you removed: the more, the better."
    won_words = "Every card has been taken away."
    score_words = "Removed: {score} of {cards}"
    hold_prompt = "Now choose the card that adds up to 13 with it, or an empty pile"
    counts_cards_played = True   # its help: "cards removed vs. cards played"
    option_defaults = MappingProxyType({"easy_mode": False})
    actions = frozenset({"remove", "move", "deal"})
    pile_ids = ("stock", *PILES, "discard")
    stock_pile = "stock"
    undo_limit = 5
    # Thirteen's own help gives these single keys (H is Help here: Ctrl+H is Hint).
    letter_keys = MappingProxyType({"a": "about", "b": "pause", "d": "deal", "h": "help",
                                    "n": "new", "o": "options", "p": "players", "q": "quit",
                                    "s": "same", "question": "help", "F10": "quit_unsaved"})
    own_settings = ("easy_mode", "move_alert")

    # -- dealing -----------------------------------------------------------
    def _deal(self, deck: list[Card]) -> None:
        for pid, card in zip(PILES, deck):
            self._piles[pid].append(card.turned(True))
        # The stock's top is the end of the list, so deck[4] goes last.
        self._piles["stock"] = [card.turned(False) for card in reversed(deck[len(PILES):])]

    def lost_comfort(self) -> str:
        # The solver, seeing the deck, wins about 1 deal in 20 (3 in 4 in Easy mode).
        if self.easy_mode:
            return ""
        return ("Most deals of Thirteen cannot be won, however well they are played: even "
                "a player who could see the whole deck wins only about 1 in 20. Try another!")

    @property
    def easy_mode(self) -> bool:
        return self.options["easy_mode"]

    def scoring_moves_open(self) -> list[Move]:
        """The removals legal now: the tutor's move alert uses these when the pupil deals."""
        return [move for move in self.legal_moves() if move.action == "remove"]

    # -- the rules ------------------------------------------------------------
    def _normalize(self, move: Move) -> Move:
        # A deal and a removal carry nothing but the piles, so the log has one
        # spelling for each; a pair of piles is written in pile order.
        if move.action == "deal":
            return Move("deal")
        if move.action == "remove":
            piles = move.piles
            if (piles is not None and len(piles) == 2 and piles[0] != piles[1]
                    and all(pid in self.pile_ids for pid in piles)):
                piles = tuple(sorted(piles, key=self.pile_ids.index))
            return Move("remove", piles=piles)
        return move

    def _candidates(self) -> Iterable[Move]:
        yield Move("deal")
        for i, first in enumerate(PILES):
            yield Move("remove", piles=(first,))
            yield Move("remove", piles=(first, first))
            for second in PILES[i + 1:]:
                yield Move("remove", piles=(first, second))
        for src in PILES:
            for dst in PILES:
                if dst != src:
                    yield Move("move", src, dst)

    def _check(self, move: Move) -> str | None:
        if move.action == "deal":
            return self._check_deal(move)
        if move.action == "remove":
            return self._check_remove(move)
        return self._check_move(move)

    def _check_deal(self, move: Move) -> str | None:
        if not self._piles["stock"]:
            return "The deck is empty, so there are no more cards to deal."
        return None

    def _check_remove(self, move: Move) -> str | None:
        piles = move.piles or ()
        if _has_pile_fields(move) or not piles:
            return "To take cards away, name their piles: one pile for a King, two for a pair."
        if len(piles) > 2:
            return "Take away one King on its own, or two cards together: never more at a time."
        for pid in piles:
            reason = self._not_a_tableau(pid, "taken away")
            if reason:
                return reason
        if len(piles) == 2 and piles[0] == piles[1]:
            return self._check_stacked(piles[0])
        tops: list[Card] = []
        for pid in piles:
            top = self.top(pid)
            if top is None:
                return f"{sentence(self.place(pid))} is empty, so there is no card to take away."
            tops.append(top)
        if len(tops) == 1:
            if tops[0].rank != KING:
                return self._alone_refused(piles[0], tops[0])
            return None
        return self._check_pair(tops[0], tops[1], "")

    def _alone_refused(self, pid: str, card: Card) -> str:
        """Why a card other than a King can't go away by itself, and which card
        takes it away (clicked or dragged to the discard pile alone)."""
        partner = TARGET - card.rank
        if any(other != pid and (top := self.top(other)) is not None and top.rank == partner
               for other in PILES):
            where: str | None = f"{a_rank(partner)} on top of another pile"
        else:
            pile = self._piles[pid]
            under = pile[-2] if self.easy_mode and len(pile) >= 2 else None
            where = f"{under.name} under it" if under and under.rank == partner else None
        nowhere = ("on top of another pile or under it" if self.easy_mode
                   else "on top of another pile")
        return pair_needed(card, KING, partner, str(TARGET), where, nowhere)

    def _check_stacked(self, pid: str) -> str | None:
        """The top card of a pile with the card just under it (easy mode)."""
        if not self.easy_mode:
            return "The card under the top one can only be used when Easy mode is on."
        pile = self._piles[pid]
        if len(pile) < 2:
            has = "is empty" if not pile else "has only one card"
            return f"{sentence(self.place(pid))} {has}, so there is no card under the top one."
        return self._check_pair(pile[-1], pile[-2], " under it")

    def _check_pair(self, first: Card, second: Card, under: str) -> str | None:
        for card in (first, second):
            if card.rank == KING:
                return (f"{sentence(card.name)} is worth 13 by itself: "
                        "take it away on its own, not with another card.")
        total = first.rank + second.rank
        if total != TARGET:
            return (f"{sentence(first.name)} and {second.name}{under} add up to "
                    f"{total}, not {TARGET}.")
        return None

    def _check_move(self, move: Move) -> str | None:
        src, dst = move.src, move.dst
        if src is None or dst is None:
            return "A move needs a pile to take the card from and an empty pile to put it in."
        if move.piles is not None or move.index is not None:
            return "A move names only the pile the card leaves and the pile it goes to."
        reason = self._not_a_tableau(src, "moved") or self._not_a_tableau(dst, "moved there")
        if reason:
            return reason
        if src == dst:
            return "The card is already there."
        pile = self._piles[src]
        if not pile:
            return f"{sentence(self.place(src))} is empty, so there is no card to move."
        card = pile[-1]
        if move.count > 1:
            return "Only the top card of a pile can move, one card at a time."
        top = self.top(dst)
        if top is not None:
            return (f"{sentence(card.name)} can't go onto {top.name}: cards never go from one "
                    f"pile onto another, only into an empty pile.")
        if len(pile) == 1:
            return (f"{sentence(card.name)} is alone in {self.place(src)}: moving it into "
                    "another empty pile would change nothing.")
        return None

    def _not_a_tableau(self, pid: str, doing: str) -> str | None:
        """The reason a place other than the four piles can't be used."""
        if pid == "stock":
            if doing == "moved there":
                return "Cards can't be put back on the deck."
            return "The cards in the deck are face down: click the deck to deal them onto the piles."
        if pid == "discard":
            if doing == "moved there":
                return "Cards reach the discard pile only by being taken away."
            return "The cards on the discard pile have already been taken away."
        return None

    def _apply(self, move: Move) -> None:
        if move.action == "deal":
            stock = self._piles["stock"]
            for pid in PILES:
                if stock:
                    self._piles[pid].append(stock.pop().turned(True))
        elif move.action == "remove":
            assert move.piles is not None
            for pid in move.piles:
                self._piles["discard"].append(self._piles[pid].pop().turned(True))
        else:
            assert move.src is not None and move.dst is not None
            self._piles[move.dst].append(self._piles[move.src].pop())

    # -- the table --------------------------------------------------------------
    def table_layout(self, width: float, height: float,
                     min_number_size: int = MIN_NUMBER_SIZE) -> TableLayout:
        cw, ch, gap, room = fitted_card_size(width, height, 6.4, 3, numbered_rows=1,
                                             min_number_size=min_number_size)
        x0 = centred_left(width, 6 * cw + 5 * gap + cw * 0.4, gap)
        top = room
        spots = {"stock": Spot("stock", x0, top)}
        fan_room = height - top - ch - gap
        for n in range(1, 5):
            x = x0 + cw * 0.2 + n * (cw + gap)
            spots[f"pile{n}"] = Spot(f"pile{n}", x, top, step=(0, ch * 0.25), room=(0, max(fan_room, 0)))
        spots["discard"] = Spot("discard", x0 + cw * 0.4 + 5 * (cw + gap), top)
        return TableLayout(cw, ch, spots, label_size=label_size(room, cw, min_number_size))

    # -- words --------------------------------------------------------------
    def lesson_section(self, move: Move | None) -> str:
        if move is None:
            return "rule-undo"
        if move.action == "deal":
            return "rule-deal"
        if move.action == "move":
            return "rule-empty"
        piles = move.piles or ()
        if len(piles) == 2 and piles[0] == piles[1]:
            return "rule-easy"
        return "rule-pairs"

    def place(self, pile_id: str) -> str:
        if pile_id == "stock":
            return "the deck"
        if pile_id == "discard":
            return "the discard pile"
        return f"pile {pile_number(pile_id)}"

    def hold_prompt_for(self, pile_id: str, index: int) -> str:
        # A King needs no partner: it goes away alone (or into an empty pile).
        pile = self._piles.get(pile_id, [])
        if 0 <= index < len(pile) and pile[index].rank == KING:
            return "Now choose the discard pile to take it away, or an empty pile"
        return self.hold_prompt

    def drag_move(self, src: str, index: int, dst: str) -> Move:
        # Dropping a card on its partner takes both away; on the discard pile,
        # a King alone; into an empty pile, it moves there.
        if dst == "discard":
            return Move("remove", piles=(src,))
        if dst in PILES and self._piles[dst]:
            return Move("remove", piles=(src, dst))
        return Move("move", src, dst)

    def describe(self, move: Move | Mapping[str, Any]) -> str:
        move = self._normalize(as_move(move))
        if move.action == "deal":
            left = len(self._piles["stock"])
            if left >= len(PILES):
                last = "the last four" if left == len(PILES) else "four more"
                return f"Deal {last} cards from the deck, one onto each pile."
            return (f"Deal the last {plural(left, 'card')} from the deck onto the first "
                    f"{COUNT_WORDS[left]} piles.")
        if move.action == "remove":
            return self._describe_remove(move.piles or ())
        assert move.src is not None and move.dst is not None
        top = self.top(move.src)
        what = top.name if top else "the top card"
        return f"Move {what} from {self.place(move.src)} into the empty {self.place(move.dst)}."

    def _describe_remove(self, piles: tuple[str, ...]) -> str:
        if len(piles) == 1:
            top = self.top(piles[0])
            what = top.name if top else "the King"
            return f"Take away {what} from {self.place(piles[0])}."
        first, second = piles[0], piles[-1]
        if first == second:
            pile = self._piles[first]
            if len(pile) >= 2:
                return (f"Take away {pile[-1].name} and {pile[-2].name} under it "
                        f"from {self.place(first)}: together they make 13.")
            return f"Take away the top two cards of {self.place(first)}."
        one, two = self.top(first), self.top(second)
        if one is None or two is None:
            return f"Take away the top cards of {self.place(first)} and {self.place(second)}."
        return (f"Take away {one.name} ({self.place(first)}) and {two.name} "
                f"({self.place(second)}): together they make 13.")

    # -- the end ------------------------------------------------------------
    def is_won(self) -> bool:
        return self.score() == 52

    def score(self) -> int:
        return len(self._piles["discard"])

    over_with_moves = ("you can still move cards into empty piles, but no card can ever "
                       "reach the discard pile again.")

    def _no_move_reason(self) -> str:
        return "the deck is empty and no cards can be taken away."

    def _search_moves(self) -> Iterable[Move]:
        piles = [(pid, self._piles[pid]) for pid in PILES]
        if self._piles["stock"]:
            yield Move("deal")
        for i, (first, pile) in enumerate(piles):
            if not pile:
                continue
            top = pile[-1]
            if top.rank == KING:
                yield Move("remove", piles=(first,))
                continue
            if (self.easy_mode and len(pile) >= 2 and pile[-2].rank != KING
                    and top.rank + pile[-2].rank == TARGET):
                yield Move("remove", piles=(first, first))
            for second, other in piles[i + 1:]:
                if other and other[-1].rank + top.rank == TARGET:
                    yield Move("remove", piles=(first, second))
        empty = [pid for pid, pile in piles if not pile]
        for src, pile in piles:
            if len(pile) >= 2:
                for dst in empty:
                    yield Move("move", src, dst)

    def search_state(self) -> SearchState:
        from .thirteen_search import ThirteenSearch
        # Its moves are ints (the protocol says any hashable): the solver only
        # ever hands a state back the moves it made.
        return cast(SearchState, ThirteenSearch(self))


def _has_pile_fields(move: Move) -> bool:
    """Whether a move record carries the fields of a card move (src, dst...)."""
    return move.src is not None or move.dst is not None or move.count != 1 or move.index is not None
