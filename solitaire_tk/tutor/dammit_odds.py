"""Dammit!'s odds, worked out from what the pupil sees (the hint strategy's arithmetic).

A Dammit! game is lost by choice in one way only: a King, Queen or Jack
comes while every box of its kind is taken.  (Which ranks are left after
each clearing, and so whether a full grid has a pair, follows from the
order of the cards alone: no choice changes it.)  So while the grid fills
up, what matters is how many boxes of each kind are free and how many
face cards of each kind, and number cards, are still to come.

`fill_odds` is the chance to fill the grid with every face card finding a
box, when each number card goes where the odds are best: an exact sum over
every order the cards still to come could lie in.  The cards still to come
are the 52 less every card the pupil has seen (`cards_to_come`), never the
stock's face-down cards themselves, so the odds never give a hidden card away.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from math import comb

from ..engine import Game
from ..games import dammit as rules
from ..games.dammit_search import after_clearing

KING, QUEEN, JACK, MIDDLE = 0, 1, 2, 3
FACES = (13, 12, 11)                  # the face card of kinds KING, QUEEN, JACK
KIND_BOXES = (rules.KING_BOXES, rules.QUEEN_BOXES, rules.JACK_BOXES,
              tuple(box for box in rules.BOXES if all(box not in rules.HOMES[face][0]
                                                       for face in FACES)))
KIND_OF = {box: kind for kind, boxes in enumerate(KIND_BOXES) for box in boxes}
Free = tuple[int, int, int, int]       # free boxes of each kind


def kind_of(box: str) -> int:
    return KIND_OF[box]


def cards_to_come(game: Game) -> list[int]:
    """How many cards of each rank (index 1-13) the pupil has not seen yet."""
    left = [0] + [4 * game.decks] * 13
    seen = [card for box in rules.BOXES for card in game.piles[box]]
    seen += game.piles["discard"]
    seen += [card for card in game.piles["stock"] if card.face_up]
    for card in seen:
        left[card.rank] -= 1
    return left


def free_boxes(grid: dict[str, int]) -> Free:
    """Empty boxes of each kind in a grid of ranks (0 for an empty box)."""
    free = [0, 0, 0, 0]
    for box, rank in grid.items():
        if not rank:
            free[KIND_OF[box]] += 1
    return free[0], free[1], free[2], free[3]


def fill_odds(free: Free, to_come: list[int]) -> float:
    """The chance that the grid fills up with every face card finding a box."""
    numbers = sum(to_come[1:11])
    return _odds(free, to_come[13], to_come[12], to_come[11], numbers)


def odds_after_number(free: Free, kind: int, to_come: list[int]) -> float:
    """`fill_odds` once the number card shown goes in a box of `kind` (it is not in `to_come`)."""
    after = list(free)
    after[kind] -= 1
    return fill_odds((after[0], after[1], after[2], after[3]), to_come)


def _odds(free: Free, kings: int, queens: int, jacks: int, numbers: int) -> float:
    # The three kinds of face boxes are alike but for their counts: sorted,
    # the positions that are the same but for the names share one answer.
    faces = sorted(((free[KING], kings), (free[QUEEN], queens), (free[JACK], jacks)))
    return _sorted_odds(tuple(faces), free[MIDDLE], numbers)


@lru_cache(maxsize=200_000)
def _sorted_odds(faces: tuple[tuple[int, int], ...], middle: int, numbers: int) -> float:
    """`_odds` with each face kind as (free boxes, cards to come), sorted."""
    if not middle and not any(free for free, _ in faces):
        return 1.0
    total = numbers + sum(count for _, count in faces)
    if not total:
        return 1.0
    odds = 0.0
    best = 0.0
    for kind, (free, count) in enumerate(faces):
        if not free:
            continue
        if count:
            came = faces[:kind] + ((free - 1, count - 1),) + faces[kind + 1:]
            odds += count / total * _odds_of(came, middle, numbers)
        if numbers:
            used = faces[:kind] + ((free - 1, count),) + faces[kind + 1:]
            best = max(best, _odds_of(used, middle, numbers - 1))
    if numbers:
        if middle:
            best = max(best, _sorted_odds(faces, middle - 1, numbers - 1))
        odds += numbers / total * best
    return odds


def _odds_of(faces: tuple[tuple[int, int], ...], middle: int, numbers: int) -> float:
    return _sorted_odds(tuple(sorted(faces)), middle, numbers)


def chance_left_over(rank: int, in_grid: list[int], to_come: list[int], draws: int) -> float:
    """The chance that a card of `rank` stays after the grid is next cleared.

    `in_grid` counts the ranks in the grid (this card included); `draws`
    more cards fill it.  A 10 always goes; a number stays when more of its
    rank than of its partner (the one that makes ten) are there, a 5 when an
    odd count of 5s is.
    """
    if rank == 10:
        return 0.0
    total = sum(to_come[1:])
    draws = max(0, min(draws, total))
    mine = in_grid[rank]
    if rank == 5:
        return sum(_draw_odds(to_come[5], 0, total, draws, own, 0)
                   for own in range(draws + 1) if (mine + own) % 2)
    partner = 10 - rank
    return sum(_draw_odds(to_come[rank], to_come[partner], total, draws, own, theirs)
               for own in range(draws + 1) for theirs in range(draws + 1 - own)
               if mine + own > in_grid[partner] + theirs)


def _draw_odds(mine: int, theirs: int, total: int, draws: int, own: int, got: int) -> float:
    """Of `draws` cards from `total`, the chance of `own` of the `mine` and `got` of the `theirs`."""
    rest = total - mine - theirs
    if own > mine or got > theirs or draws - own - got > rest or draws - own - got < 0:
        return 0.0
    return comb(mine, own) * comb(theirs, got) * comb(rest, draws - own - got) / comb(total, draws)


def ranks_left(in_grid: list[int]) -> list[int]:
    """The ranks a full grid keeps once cleared (by rank): the same whatever is taken first."""
    left = list(in_grid)
    after_clearing(left)   # the rule lives once, beside the solver's own use of it
    for face in FACES:
        left[face] = 0
    return left


def best_keeping(grid: dict[str, int], to_come: list[int]) -> dict[str, int]:
    """Which boxes should keep their number card once a full grid is cleared
    (box -> rank): of every way to choose the cards left, the one that gives
    the next filling of the grid the best odds (a middle box first on a tie)."""
    in_grid = [0] * 14
    for rank in grid.values():
        in_grid[rank] += 1
    left = ranks_left(in_grid)
    choices = []
    for rank in range(1, 10):
        if left[rank]:
            holders = [box for box, there in grid.items() if there == rank]
            # Boxes of one kind are alike: one choice a set of kinds.
            ways = {tuple(sorted(kinds)): boxes for boxes in combinations(holders, left[rank])
                    for kinds in [[KIND_OF[box] for box in boxes]]}
            choices.append([(rank, boxes) for boxes in ways.values()])
    best: dict[str, int] = {}
    best_odds = -1.0
    for choice in product(*choices):
        kept = {box: rank for rank, boxes in choice for box in boxes}
        after = {box: rank if rank > 10 or box in kept else 0 for box, rank in grid.items()}
        odds = fill_odds(free_boxes(after), to_come)
        middles = sum(KIND_OF[box] == MIDDLE for box in kept)
        if odds > best_odds + 1e-9 or (abs(odds - best_odds) <= 1e-9
                                      and middles > sum(KIND_OF[b] == MIDDLE for b in best)):
            best, best_odds = kept, odds
    return best
