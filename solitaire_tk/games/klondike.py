"""Klondike: build four home stacks from Ace to King (SPEC 3, Klondike).

Variants: `draw1` turns one card and allows two recycles, `draw3` turns
three with unlimited recycles, `draw1-single` turns one and never recycles.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Iterable, Mapping

from ..cards import RANK_NAMES, Card
from ..engine import Game, Position
from ..moves import Move, as_move
from ..searchstate import SearchState
from ..tablelayout import (MIN_NUMBER_SIZE, Spot, TableLayout, centred_left, fitted_card_size,
                           label_size)
from ..wording import a_rank, and_list, cards_phrase, pile_number, plural, sentence

TABLEAUS = tuple(f"tableau{n}" for n in range(1, 8))
FOUNDATIONS = tuple(f"foundation{n}" for n in range(1, 5))
# How many times the waste may be turned back into the deck; None: no limit.
RECYCLES = {"draw1": 2, "draw3": None, "draw1-single": 0}


class Klondike(Game):
    game_id = "klondike"
    title = "Klondike"
    variants = ("draw1", "draw3", "draw1-single")
    variant_names = MappingProxyType({"draw1": "draw one", "draw3": "draw three",
                                      "draw1-single": "one pass only"})
    # The chooser names each way with the words the status bar and menus use.
    variant_descriptions = MappingProxyType({
        "draw1": "Draw one: turn one card, three times through the deck",
        "draw3": "Draw three: turn three cards, as often as you like",
        "draw1-single": "One pass only: turn one card, once through the deck"})
    blurb = ("The classic: seven stacks, red on black, only a King in an empty stack, "
             "and four home stacks from Ace to King.")
    score_note = "The score is how many cards you put home on the Aces: the more, the better."
    score_words = "Score: {score} of {cards} home"
    actions = frozenset({"move", "flip", "recycle"})
    pile_ids = ("stock", "waste", *FOUNDATIONS, *TABLEAUS)
    stock_pile = "stock"
    own_settings = ("auto_move",)  # safe cards go home by themselves
    face_down_words = ("That card is face down. It turns over by itself when the cards on it "
                       "have moved away.")
    # Draw three, deals 1-50: the hints won more with their close calls raced.
    hint_races_close_calls = True
    # Draw three, deals 1-100: 43 won with ties planned, 38 without.
    hint_plans_ties = True
    extra_state = ("recycles",)

    recycles = 0  # how many times the waste has been turned back

    # -- dealing -----------------------------------------------------------
    def _deal(self, deck: list[Card]) -> None:
        cards = iter(deck)
        for row in range(7):
            for column in range(row, 7):
                self._piles[TABLEAUS[column]].append(next(cards).turned(False))
        for pid in TABLEAUS:
            self._piles[pid][-1] = self._piles[pid][-1].turned(True)
        self._piles["stock"] = [card.turned(False) for card in reversed(list(cards))]
        self.recycles = 0

    @property
    def draw_count(self) -> int:
        return 3 if self.variant == "draw3" else 1

    def lost_comfort(self) -> str:
        # The solver, seeing every card, wins about 1 deal in 4 with one pass.
        if RECYCLES[self.variant] != 0:
            return ""
        return ("With one pass through the deck most deals cannot be won, however well they "
                "are played: about 1 in 4 can. Try another!")

    @property
    def recycles_left(self) -> int | None:
        """Recycles still allowed, or None when there is no limit."""
        limit = RECYCLES[self.variant]
        return None if limit is None else limit - self.recycles

    # -- the rules ------------------------------------------------------------
    def _candidates(self) -> Iterable[Move]:
        yield Move("flip")
        yield Move("recycle")
        for dst in (*FOUNDATIONS, *TABLEAUS):
            yield Move("move", "waste", dst)
        for src in TABLEAUS:
            pile = self._piles[src]
            face_up = sum(1 for card in pile if card.face_up)
            for dst in FOUNDATIONS:
                yield Move("move", src, dst)
            for dst in TABLEAUS:
                if dst != src:
                    for count in range(1, face_up + 1):
                        yield Move("move", src, dst, count)

    def _check(self, move: Move) -> str | None:
        if move.piles is not None or move.index is not None:
            return "In Klondike a move names one pile to take cards from and how many."
        if move.action == "flip":
            return self._check_flip()
        if move.action == "recycle":
            return self._check_recycle()
        return self._check_move(move)

    def _check_flip(self) -> str | None:
        if self._piles["stock"]:
            return None
        if self._check_recycle() is None:
            return "The deck is empty. Click it to turn the waste pile over and go through it again."
        if self._piles["waste"]:
            return f"The deck is empty. {self._no_more_passes()}"
        return "The deck is empty."

    def _check_recycle(self) -> str | None:
        if self._piles["stock"]:
            return "The deck still has cards: turn them over before you go through it again."
        if not self._piles["waste"]:
            return "The waste pile is empty, so there is nothing to turn back into the deck."
        left = self.recycles_left
        if left is not None and left <= 0:
            return self._no_more_passes()
        return None

    def _no_more_passes(self) -> str:
        """Why the deck can't be gone through again (the limit is reached)."""
        limit = RECYCLES[self.variant] or 0
        if limit == 0:
            return "In this game you go through the deck only once."
        times = {1: "twice", 2: "three times"}.get(limit, f"{limit + 1} times")
        return f"You have already gone through the deck {times}, which is all this game allows."

    def _check_move(self, move: Move) -> str | None:
        src, dst = move.src, move.dst
        if src is None or dst is None:
            return "A move needs a place to take the cards from and a place to put them."
        if src in FOUNDATIONS:
            return "Cards never leave a home stack once they are there."
        if src == "stock":
            return "The cards in the deck are face down. Click the deck to turn them over first."
        if dst in ("stock", "waste"):
            return "Cards can't be put back on the deck or the waste pile."
        if src == dst:
            return "The cards are already there."
        pile = self._piles[src]
        if not pile:
            return f"{sentence(self.place(src))} is empty, so there is no card to move."
        if src == "waste" and move.count > 1:
            return "Only the top card of the waste pile can be moved."
        if move.count > len(pile):
            return f"{sentence(self.place(src))} has only {plural(len(pile), 'card')}."
        moving = pile[-move.count:]
        if not moving[0].face_up:
            face_up = sum(1 for card in pile if card.face_up)
            return (f"Only face-up cards can move, and {self.place(src)} has "
                    f"{plural(face_up, 'face-up card')}.")
        for lower, upper in zip(moving, moving[1:]):
            if not self.builds_on(upper, lower):
                return "Those cards are not in order, so they can't move together."
        if dst in FOUNDATIONS:
            return self._check_home(moving, dst)
        return self._check_tableau(src, moving, dst)

    def _check_home(self, moving: list[Card], dst: str) -> str | None:
        card = moving[0]
        if len(moving) > 1:
            return "Cards go onto a home stack one at a time: move only the top card."
        top = self.top(dst)
        if top is None:
            if card.rank != 1:
                return f"Only an Ace can start an empty home stack, and {card.name} is not an Ace."
            return None
        if top.suit != card.suit:
            return (f"{sentence(card.name)} can't go onto {top.name}: "
                    f"a home stack keeps to one suit, {top.suit_name} here.")
        if top.rank == 13:
            return f"The {top.suit_name} home stack is already finished with its King."
        if card.rank != top.rank + 1:
            wanted = Card(top.rank + 1, top.suit)
            return (f"{sentence(card.name)} can't go onto {top.name}: home stacks go up "
                    f"one card at a time, so {wanted.name} comes next.")
        return None

    def _check_tableau(self, src: str, moving: list[Card], dst: str) -> str | None:
        card = moving[0]
        top = self.top(dst)
        if top is None:
            if card.rank != 13:
                return f"Only a King can go into an empty stack, and {card.name} is not a King."
            if src in TABLEAUS and len(moving) == len(self._piles[src]):
                return (f"{sentence(card.name)} is already at the bottom of {self.place(src)}: "
                        "moving it to another empty stack would change nothing.")
            return None
        if top.rank == 1:
            return f"Nothing can go onto {top.name} in the stacks: it is the lowest card."
        if top.is_red == card.is_red and card.rank != top.rank - 1:
            # Wrong twice: the whole rule, with the card it would need.
            if card.rank == 13:
                return (f"{sentence(card.name)} can't go onto {top.name}: a King goes only "
                        "into an empty stack.")
            other = "black" if card.is_red else "red"
            return (f"{sentence(card.name)} can't go onto {top.name}: it must go onto "
                    f"a {other} {RANK_NAMES[card.rank]} (the other colour, one higher).")
        if top.is_red == card.is_red:
            return (f"{sentence(card.name)} can't go onto {top.name}: both are {card.colour}. "
                    "In the stacks, red and black cards take turns.")
        if card.rank != top.rank - 1:
            return (f"{sentence(card.name)} can't go onto {top.name}: the card on it must be "
                    f"one lower, {a_rank(top.rank - 1)}.")
        return None

    def _apply(self, move: Move) -> None:
        if move.action == "flip":
            # The top cards of the deck, one by one, so the last turned lies on top.
            stock, turning = self._piles["stock"], self.draw_count
            self._piles["waste"].extend([card.turned(True) for card in reversed(stock[-turning:])])
            del stock[-turning:]
        elif move.action == "recycle":
            self._piles["stock"] = [card.turned(False) for card in reversed(self._piles["waste"])]
            self._piles["waste"] = []
            self.recycles += 1
        else:
            assert move.src is not None and move.dst is not None
            src = self._piles[move.src]
            moving = src[-move.count:]
            del src[-move.count:]
            self._piles[move.dst].extend(moving)
            if src and not src[-1].face_up:
                src[-1] = src[-1].turned(True)

    # -- the table --------------------------------------------------------------
    def table_layout(self, width: float, height: float,
                     min_number_size: int = MIN_NUMBER_SIZE) -> TableLayout:
        # Both rows have numbers above them: the home stacks and the stacks.
        # Big cards leave a stack of six face-down and seven face-up cards room
        # to show every card's corner (3.6 rows); small ones squeeze it (2.6).
        cw, ch, gap, room = fitted_card_size(width, height, 7, 2.6, numbered_rows=2,
                                             min_number_size=min_number_size, roomy_rows=3.6)
        x0 = centred_left(width, 7 * cw + 6 * gap, gap)
        column = [x0 + i * (cw + gap) for i in range(7)]
        top = room
        spots = {"stock": Spot("stock", column[0], top)}
        fan = cw * 0.28 if self.variant == "draw3" else 0.0
        spots["waste"] = Spot("waste", column[1], top, step=(fan, 0), down_step=(fan, 0),
                              room=(cw * 0.6, 0), shown=3 if self.variant == "draw3" else 1)
        for n in range(1, 5):
            spots[f"foundation{n}"] = Spot(f"foundation{n}", column[2 + n], top, mark="A")
        row = top + ch + room
        fan_room = height - row - ch - gap
        for n in range(1, 8):
            spots[f"tableau{n}"] = Spot(f"tableau{n}", column[n - 1], row, step=(0, ch * 0.26),
                                        down_step=(0, ch * 0.11), room=(0, max(fan_room, 0)),
                                        mark="K")
        return TableLayout(cw, ch, spots, label_size=label_size(room, cw, min_number_size))

    # -- words --------------------------------------------------------------
    def lesson_section(self, move: Move | None) -> str:
        if move is None:
            return "playing"
        if move.action in ("flip", "recycle"):
            return "rule-deck"
        if move.dst in FOUNDATIONS or move.src in FOUNDATIONS:
            return "rule-home"
        if move.dst in TABLEAUS and not self._piles[move.dst]:
            return "rule-empty"
        return "rule-stacks"

    def place(self, pile_id: str) -> str:
        if pile_id == "stock":
            return "the deck"
        if pile_id == "waste":
            return "the waste pile"
        if pile_id in FOUNDATIONS:
            return f"home stack {pile_number(pile_id)}"
        return f"stack {pile_number(pile_id)}"

    def stock_note(self) -> str | None:
        """On the empty deck: can the waste still be turned over, and how often."""
        if self._piles["stock"]:
            return None
        left = self.recycles_left
        if left is None:
            return "Turn over: as often as you like"
        if left <= 0:
            return "No more turns"
        return f"Turn over: {left} more {'time' if left == 1 else 'times'}"

    def describe(self, move: Move | Mapping[str, Any]) -> str:
        move = as_move(move)
        if move.action == "flip":
            turning = min(self.draw_count, len(self._piles["stock"]))
            if turning == 1:
                return "Turn over the next card of the deck onto the waste pile."
            return f"Turn over the next {turning} cards of the deck onto the waste pile."
        if move.action == "recycle":
            # Counted after this one: the first of two leaves one more.
            left = self.recycles_left
            after = "" if left is None or left < 1 else (
                " This is the last time." if left == 1 else
                " You can do this once more after this." if left == 2 else
                f" You can do this {left - 1} more times after this.")
            return "Turn the waste pile over to make the deck again." + after
        assert move.src is not None and move.dst is not None
        pile = self._piles[move.src]
        moving = pile[-move.count:] if pile else []
        what = cards_phrase(moving) if moving else "the top card"
        where = "" if move.src == "waste" else f" from {self.place(move.src)}"
        top = self.top(move.dst)
        if move.dst in FOUNDATIONS:
            onto = f"onto {top.name}" if top else "to an empty home stack"
            text = f"Move {what}{where} home, {onto}." if top else f"Move {what}{where} {onto}."
        elif top is None:
            text = f"Move {what}{where} into the empty {self.place(move.dst)}."
        else:
            text = f"Move {what}{where} onto {top.name} in {self.place(move.dst)}."
        if move.src in TABLEAUS and len(pile) > move.count and not pile[-move.count - 1].face_up:
            text = text[:-1] + ", and turn over the card under it."
        return text

    def _told_with(self, said: str, move: Move, shown: list[Card]) -> str:
        if move.action == "flip" and len(shown) > 1:   # the one on top is the one to play
            return (f"{said.rstrip('.')}: {and_list([card.name for card in shown[:-1]])} "
                    f"and, on top, {shown[-1].name}.")
        return super()._told_with(said, move, shown)

    # -- the rules in a word, for the tutor ------------------------------------------
    @staticmethod
    def builds_on(card: Card, onto: Card) -> bool:
        """Whether `card` may lie on `onto` in a stack: one lower, the other colour."""
        return card.rank == onto.rank - 1 and card.is_red != onto.is_red

    def goes_home_next(self, card: Card) -> bool:
        """Whether `card` is the next card of its suit to go home."""
        return self.suit_heights()[card.suit] == card.rank - 1

    # -- cards that go home by themselves ----------------------------------------
    waiting_words = "The home stacks wait for"

    def waiting_cards(self) -> list[Card]:
        return [Card(height + 1, suit) for suit, height in self.suit_heights().items()
                if height < 13]

    def suit_heights(self) -> dict[str, int]:
        """How far each suit has got on the home stacks (0 while its Ace is not home)."""
        out = {suit: 0 for suit in "CDHS"}
        for pid in FOUNDATIONS:
            pile = self._piles[pid]
            if pile:
                out[pile[0].suit] = len(pile)
        return out

    def is_safe_home(self, card: Card) -> bool:
        """Whether `card` may go home with no chance that the stacks still need it.

        In the stacks a card is only ever wanted as a place for a card of the
        other colour one lower.  So an Ace or a 2 is always safe (a 2 could
        only hold an Ace, and Aces go home), and a higher card is safe once
        both home stacks of the other colour have reached one below it: every
        card that could go onto it is home already.
        """
        if card.rank <= 2:
            return True
        heights = self.suit_heights()
        other = "CS" if card.is_red else "DH"
        return all(heights[suit] >= card.rank - 1 for suit in other)

    def _waste_take_moves_deck(self) -> bool:
        """Whether taking the waste card now changes which cards later turns
        show: turning three at a time with cards left to turn, it moves each
        card after it one place on (see `safe_home_moves`)."""
        return self.draw_count > 1 and bool(self._piles["stock"])

    def hidden_cost(self, move: Move) -> str | None:
        if move.src == "waste" and self._waste_take_moves_deck():
            return ("Remember: taking a card off the waste pile moves the cards after it "
                    "along, so the deck shows other cards next time round.")
        return None

    def safe_home_moves(self) -> list[Move]:
        """The safe cards (`is_safe_home`) on top of a stack, and on the waste
        pile where taking it leaves every other card of the deck where it was
        for the turns to come: in draw one (each turn shows the next card),
        or with the deck used up (the waste card is the last of the round).
        Turning three at a time, a waste card taken moves each card after it
        one place on, so other cards come up in later rounds: draw three deal
        14, played by the hints to move 19, is lost after its Ace of spades
        goes home from the waste (18 cards left to turn), and winnable after
        turning the deck instead."""
        out = []
        for src in TABLEAUS if self._waste_take_moves_deck() else ("waste", *TABLEAUS):
            card = self.top(src)
            if card is None or not card.face_up or not self.is_safe_home(card):
                continue
            for dst in FOUNDATIONS:
                move = Move("move", src, dst)
                if self._check(move) is None:
                    out.append(move)
                    break
        return out

    def can_finish(self) -> bool:
        # With the deck used up and every card face up, each stack runs down
        # from its bottom card, so the lowest card left is always on top of a
        # stack and can go home next: the home moves alone win the game.
        return (not self._piles["stock"] and not self._piles["waste"]
                and all(card.face_up for pid in TABLEAUS for card in self._piles[pid]))

    # -- the end ------------------------------------------------------------
    def search_state(self) -> SearchState:
        from .klondike_search import KlondikeSearch   # it builds on this module
        return KlondikeSearch(self)

    def is_won(self) -> bool:
        return self.score() == 52

    def score(self) -> int:
        return sum(len(self._piles[pid]) for pid in FOUNDATIONS)

    over_with_moves = "you can still move cards, but no card can ever reach a home stack again."

    def _no_move_reason(self) -> str:
        if not self._piles["stock"] and not self._piles["waste"]:
            return "no card can move, and the deck is used up."
        return "no card can move, and the deck can't be turned over again."

    def unseen_places(self) -> list[tuple[str, int]]:
        # The face-down cards of the stacks, and the deck until it has been
        # gone through once (after that its order is known).
        places = [(pid, index) for pid in TABLEAUS
                  for index, card in enumerate(self._piles[pid]) if not card.face_up]
        if self.recycles == 0:
            places.extend(("stock", index) for index in range(len(self._piles["stock"])))
        return places

    def _loop_key_of(self, position: Position) -> Position:
        # With unlimited recycling, how often the deck went round only grows;
        # whether it has gone round at all still counts: after once, its order is known.
        if RECYCLES[self.variant] is None:
            return position[0], (min(1, position[1][0]),)
        return position

    def _search_key(self, position: Position) -> tuple[Any, Any]:
        # The deck and waste are one row of cards; how far it has been turned
        # (and how often) is kept apart, so that the search can tell when
        # turning the deck alone leads from one position to another.
        piles, extras = position
        stock, waste = piles[0], piles[1]
        row = tuple((card.rank, card.suit) for card in (*waste, *reversed(stock)))
        recycles = extras[0] if RECYCLES[self.variant] is not None else 0
        return (row, piles[2:]), (recycles, len(waste), len(row))

    def _deck_reaches(self, start: Any, goal: Any) -> bool:
        (used, turned, size), (goal_used, goal_turned, _) = start, goal
        if RECYCLES[self.variant] is None:
            # Three at a time, round and round: every third card from here
            # or from the start of the row, and the last card.
            return bool(goal_turned == size or goal_turned % 3 == 0
                        or (goal_turned >= turned and (goal_turned - turned) % 3 == 0))
        if goal_used == used:
            return bool(goal_turned >= turned)
        return bool(used < goal_used and size > 0)  # through the rest, turn over, and on

    def _search_moves(self) -> Iterable[Move]:
        return self._find_moves(stacks_too=True)

    def _moves_after_turning(self) -> Iterable[Move]:
        # Turning the deck changes only the waste pile's top card.
        return self._find_moves(stacks_too=False)

    def _find_moves(self, stacks_too: bool) -> Iterable[Move]:
        """The legal moves (for the search): the deck's and the waste pile's,
        and with `stacks_too` those of the stacks as well."""
        piles = self._piles
        if piles["stock"]:
            yield Move("flip")
        elif piles["waste"] and self._check_recycle() is None:
            yield Move("recycle")
        # What each place takes next: a home stack its suit's next card (an
        # empty one an Ace), a stack (rank, red?) one lower of the other colour.
        home: list[tuple[str, str | None, int]] = []
        for dst in FOUNDATIONS:
            top = self.top(dst)
            if top is None:
                home.append((dst, None, 1))
            elif top.rank < 13:
                home.append((dst, top.suit, top.rank + 1))
        empties = [dst for dst in TABLEAUS if not piles[dst]]
        wanted = [(dst, piles[dst][-1].rank - 1, not piles[dst][-1].is_red)
                  for dst in TABLEAUS if piles[dst]]
        waste = piles["waste"]
        if waste:
            yield from self._moves_of("waste", waste[-1], 1, False, home, empties, wanted)
        for src in TABLEAUS if stacks_too else ():
            pile = piles[src]
            count = 0
            above: Card | None = None  # the card lying on `card` in the run
            for card in reversed(pile):
                if not card.face_up or (above is not None and (
                        card.is_red == above.is_red or card.rank != above.rank + 1)):
                    break
                count += 1
                yield from self._moves_of(src, card, count, count == len(pile),
                                          home, empties, wanted)
                above = card

    @staticmethod
    def _moves_of(src: str, card: Card, count: int, whole_pile: bool,
                  home: list[tuple[str, str | None, int]], empties: list[str],
                  wanted: list[tuple[str, int, bool]]) -> Iterable[Move]:
        """The legal moves of the run of `count` cards starting with `card` (for the search)."""
        if count == 1:
            for dst, suit, rank in home:
                if rank == card.rank and suit in (None, card.suit):
                    yield Move("move", src, dst)
        if card.rank == 13 and not whole_pile:
            for dst in empties:
                yield Move("move", src, dst, count)
        for dst, rank, red in wanted:
            if dst != src and rank == card.rank and red == card.is_red:
                yield Move("move", src, dst, count)
