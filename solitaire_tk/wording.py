"""Small helpers for the sentences the games say to a pupil."""

from __future__ import annotations

import re
from datetime import datetime

from .cards import RANK_NAMES, Card


def sentence(text: str) -> str:
    """Capitalise the first letter (card names start with 'the')."""
    return text[:1].upper() + text[1:]


def led_by(lead: str, text: str) -> str:
    """'Took back: ' and 'Move the 7 of hearts ...' make 'Took back: move the 7 of hearts ...'."""
    return lead + text[:1].lower() + text[1:]


def cards_phrase(cards: list[Card] | tuple[Card, ...]) -> str:
    """'the 7 of hearts', or 'the 7 of hearts and the 2 cards on it'."""
    first = cards[0].name
    rest = len(cards) - 1
    if rest == 0:
        return first
    return f"{first} and the {'card' if rest == 1 else f'{rest} cards'} on it"


# The verbs the games' move sentences start with (and start a clause with,
# after ", and " or ", then "): how they read once the move is made, and
# inside another sentence ("At step 12, moving the 9 of spades ... lost").
PAST = {"Move": "moved", "Turn": "turned", "Take": "took", "Deal": "dealt", "Put": "put",
        "Pick": "picked", "Send": "sent"}
DOING = {"Move": "moving", "Put": "putting", "Turn": "turning", "Deal": "dealing",
         "Take": "taking", "Pick": "picking", "Send": "sending"}
_CLAUSE = re.compile(r"^\w+|(?<=, and )\w+|(?<=, then )\w+")


def with_verbs(text: str, forms: dict[str, str]) -> str:
    """`text` with the verb that starts each of its clauses in another form
    (`PAST`, `DOING`), a capital kept where there was one."""
    def swap(found: re.Match[str]) -> str:
        word = found.group(0)
        form = forms.get(word.capitalize())
        if form is None:
            return word
        return form.capitalize() if word[:1].isupper() else form
    return _CLAUSE.sub(swap, text)


def in_past(text: str) -> str:
    """A move's sentence once it is made: "Move the 7 ..., and turn over the card
    under it." reads "Moved the 7 ..., and turned over the card under it."
    (under the heading "Last move" an order read as if it were still to do)."""
    return with_verbs(text, PAST)


def doing(move_text: str) -> str:
    """'Move the 9 of spades onto the 10 of hearts.' -> 'moving the 9 of spades
    onto the 10 of hearts'; a sentence that does not start that simply is
    quoted whole: 'the move "Put the spread back, then pick up pile 1."'.
    A phrase with a comma in it ends with one, to be read as one part of the
    sentence it goes in ("dealing four cards, one onto each pile, lost ...")."""
    clause = move_text.split(":", 1)[0].rstrip(". ")
    if clause.partition(" ")[0] not in DOING or ", then" in clause:
        return f'the move "{move_text}"'
    phrase = with_verbs(clause, DOING)   # ", and turn over ..." too: ", and turning over"
    phrase = phrase[:1].lower() + phrase[1:]
    return phrase + "," if "," in phrase else phrase


_FROM = re.compile(r" from (the )?[\w ]+?(?= (up )?(onto|to|into|in|on) )")


def doing_short(move_text: str) -> str:
    """`doing` without where the cards come from and what follows the move
    ("moving the 7 of hearts onto the 8 of spades in stack 3"): a move the
    pupil was shown in full a moment ago, named again beside another (where
    it goes stays: the two may move one card to two places)."""
    phrase = doing(move_text)
    if phrase.startswith('the move "'):
        return phrase
    return _FROM.sub("", phrase, count=1).split(", ")[0].rstrip(",")


def and_list(words: list[str]) -> str:
    """'Ana', 'Ana and Ben', 'Ana, Ben and Cy'."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def pile_number(pile_id: str) -> int:
    """The number at the end of a pile id: 'tableau3' -> 3."""
    digits = pile_id.lstrip("abcdefghijklmnopqrstuvwxyz")
    return int(digits)


def a_rank(rank: int) -> str:
    """'a 7', 'an 8', 'an Ace', 'a King'."""
    name = RANK_NAMES[rank - 1]
    return f"{'an' if name in ('Ace', '8') else 'a'} {name}"


def pair_needed(card: Card, alone: int, partner: int, total: str, where: str | None,
                nowhere: str) -> str:
    """Why `card` can't go away by itself, and how it can: "Only a King goes
    away by itself. The 6 of clubs needs a 7 to make 13: pick the 6 of clubs,
    then a 7 on top of another pile, and they go away together."  With no
    partner to pick (`where` None): "... needs a 7 to make 13, and no 7 is on
    top of another pile now." (`nowhere` is "on top of another pile")."""
    start = (f"Only {a_rank(alone)} goes away by itself. {sentence(card.name)} needs "
             f"{a_rank(partner)} to make {total}")
    if where is None:
        return f"{start}, and no {RANK_NAMES[partner - 1]} is {nowhere} now."
    return f"{start}: pick {card.name}, then {where}, and they go away together."


def when_text(date: str) -> str:
    """"2025-05-03T12:05:00Z" -> "3 May 2025, 13:05" (local time); anything odd as it is."""
    try:
        when = datetime.fromisoformat(date).astimezone()
    except ValueError:
        return date
    return f"{when.day} {when:%b %Y, %H:%M}"
