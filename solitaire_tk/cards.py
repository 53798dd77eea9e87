"""Cards, decks and deal numbers (SPEC section 1).

A `Card` is immutable; turning a card over gives another `Card`.  Keeping
cards immutable lets a whole position be saved as tuples of cards, which is
what makes undo and replay exact and cheap.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterable, Sequence

from .records import field, record

RANKS = "A23456789TJQK"
SUITS = "CDHS"
RED_SUITS = frozenset("DH")

RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10",
              "Jack", "Queen", "King")
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SUIT_SINGULAR = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}

MAX_SEED = 2**31 - 1


class DeckError(ValueError):
    """A deck given as text or as a list is not a proper deck."""


@record(frozen=True, slots=True)
class Card:
    """One playing card: `rank` is its value 1 (Ace) to 13 (King)."""

    rank: int
    suit: str
    face_up: bool = True
    # The same card the other side up, once asked for (see `turned`).
    _other_side: Card | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def code(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    @property
    def colour(self) -> str:
        return "red" if self.is_red else "black"

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank - 1]

    @property
    def suit_name(self) -> str:
        return SUIT_NAMES[self.suit]

    @property
    def name(self) -> str:
        """'the 7 of hearts', ready to go inside a sentence."""
        return f"the {self.rank_name} of {self.suit_name}"

    def turned(self, face_up: bool) -> Card:
        if self.face_up == face_up:
            return self
        # Each card and its other side point at each other: turning cards over
        # is what long games do most, and a new card each time costs time and memory.
        other = self._other_side
        if other is None:
            other = Card(self.rank, self.suit, face_up)
            object.__setattr__(self, "_other_side", other)
            object.__setattr__(other, "_other_side", self)
        return other

    def __repr__(self) -> str:
        return self.code if self.face_up else f"[{self.code}]"


def rank_value(text: str) -> int:
    """The value of a rank written as in a card code ('A', 'T', '10', 'K')."""
    text = text.upper()
    if text == "10":
        text = "T"
    if len(text) != 1 or text not in RANKS:
        raise DeckError(f"'{text}' is not a card rank (use A, 2-10, J, Q or K).")
    return RANKS.index(text) + 1


def parse_card(code: str, face_up: bool = True) -> Card:
    """A card from its code: 'QH', 'TD', '10D', 'as' (case does not matter)."""
    text = code.strip().upper()
    if len(text) < 2 or text[-1] not in SUITS:
        raise DeckError(f"'{code}' is not a card: write a rank and a suit, like QH or 10D.")
    return Card(rank_value(text[:-1]), text[-1], face_up)


def new_deck_order(decks: int = 1) -> list[Card]:
    """Clubs, diamonds, hearts, spades, each Ace to King; twice for two decks."""
    one = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    return one * decks


def check_seed(seed: object) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= MAX_SEED:
        raise ValueError(f"A deal number must be a whole number from 1 to {MAX_SEED}, not {seed!r}.")
    return seed


def shuffled_deck(seed: int, decks: int = 1) -> tuple[Card, ...]:
    """The deck of a deal number, the same on every platform (SPEC 1)."""
    cards = new_deck_order(decks)
    rng = random.Random(check_seed(seed))
    for i in range(len(cards) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def parse_deck(deck: str | Iterable[str] | Iterable[Card], decks: int = 1) -> tuple[Card, ...]:
    """Read a deck ('KS QH 5C ...' or a list of codes) and check it is whole.

    A proper deck holds every card exactly `decks` times; anything else is
    refused with a message that says what is missing or doubled.
    """
    items: Sequence[str | Card] = deck.split() if isinstance(deck, str) else list(deck)
    cards = tuple(item.turned(True) if isinstance(item, Card) else parse_card(str(item))
                  for item in items)
    check_deck(cards, decks)
    return cards


def check_deck(cards: Sequence[Card], decks: int = 1) -> None:
    counts = Counter(card.code for card in cards)
    need = 52 * decks
    extra = sorted(code for code, n in counts.items() if n > decks)
    missing = [c.code for c in new_deck_order(1) if counts[c.code] < decks]
    copies = "once" if decks == 1 else "twice"
    if len(cards) != need or extra or missing:
        details = []
        if extra:
            details.append("too many of " + ", ".join(extra))
        if missing:
            details.append("missing " + ", ".join(missing))
        detail = f" ({'; '.join(details)})" if details else ""
        raise DeckError(f"A deck for this game must have {need} cards, each card {copies}; "
                        f"this one has {len(cards)} cards{detail}.")


def deck_text(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards)
