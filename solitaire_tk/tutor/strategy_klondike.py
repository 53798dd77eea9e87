"""Klondike's hint strategy: safe home moves, then moves that turn a card over,
then the waste card; the deck last.  But where the deck may be gone through
as often as you like (draw three), the first hints go through it once, playing
nothing from it: that leaves the game as it was, with every card of the deck
seen, so the tutor's tries of the hidden cards have 24 fewer to guess.

A hint never peeks: what a move would turn face up, or which card the deck
hides, is never used to rank it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..cards import RANK_NAMES, Card
from ..engine import Game
from ..games import klondike as klondike_rules
from ..games.klondike import Klondike
from ..moves import Move
from ..wording import cards_phrase
from .scoring import STOCK_ACTIONS, PlayedOut, Scored, Scratch, say


def rank_klondike(game: Game, moves: list[Move], scratch: Scratch) -> list[Scored]:
    """Safe home moves, then moves that turn a card over, then the waste card; the deck last."""
    assert isinstance(game, Klondike)
    stock_only = all(move.action in STOCK_ACTIONS for move in moves)
    openings = _kl_openings(game, moves)
    out: list[Scored] = []
    look = _first_look(game)
    for move in moves:
        if look is not None and move.action == look.action:
            out.append(Scored(move, 2000.0, _look_sentence(game, move)))
        elif move.action == "flip":
            turning = min(game.draw_count, len(game.piles["stock"]))
            what = ("Turn over the next card of the deck" if turning == 1
                    else f"Turn over the next {turning} cards of the deck")
            why = ("no card on the table can move" if stock_only
                   else "the moves on the table would not help yet")
            out.append(Scored(move, 100.0, say(what, why)))
        elif move.action == "recycle":
            left = game.recycles_left
            why = ("no card on the table can move, so go through the deck again" if stock_only
                   else "the moves on the table would not help yet, so go through the deck again")
            if left == 1:
                why += " for the last time"
            what = "Turn the waste pile over to make the deck again"
            out.append(Scored(move, 90.0, say(what, why)))
        else:
            out.append(_kl_card_move(game, move, openings, scratch))
    return out


# Why the deck comes first where it may be gone through as often as you like.
LOOK_WHY = ("go through the whole deck once before you play from it, and you will know "
            "every card in it, which costs nothing because you may go through the deck as often "
            "as you like")
LOOKED_WHY = ("now you have seen every card of the deck, and it lies just as it did at the start, "
              "so you can plan with all of them")


def _first_look(game: Klondike) -> Move | None:
    """Where the deck may be gone through as often as you like and has not been
    yet, nor any card played from it: the move that goes on through it
    (turning it, then turning it back).  Playing nothing from it on the way
    leaves the game just as it was, but with every card of the deck seen.
    None once it has been gone through."""
    if game.recycles_left is not None or game.recycles > 0 or not _deck_untouched(game):
        return None
    # A card that can go home safely from the stacks goes first: it leaves the
    # deck as it was, and a pupil would wonder why the hint turned the deck instead.
    if any(move.src in klondike_rules.TABLEAUS for move in game.safe_home_moves()):
        return None
    if game.piles["stock"]:
        return Move("flip")
    return Move("recycle") if game.piles["waste"] else None


def _deck_untouched(game: Klondike) -> bool:
    """Whether the deck and waste hold every card the deal left there (none
    played from the waste yet): then turning it back gives the same deck."""
    columns = len(klondike_rules.TABLEAUS)
    dealt = sum(len(pile) for pile in game.piles.values()) - columns * (columns + 1) // 2
    return len(game.piles["stock"]) + len(game.piles["waste"]) == dealt


def sure_klondike(game: Game) -> tuple[Move, str] | None:
    """A move that is as good as any whatever the hidden cards are, with its
    sentence (the hint needs no tries of the hidden cards), or None: the first
    look through a deck that may be gone through as often as you like."""
    assert isinstance(game, Klondike)
    look = _first_look(game)
    if look is None or look not in game.legal_moves():
        return None
    return look, _look_sentence(game, look)


def _look_sentence(game: Klondike, look: Move) -> str:
    return say(game.describe(look).rstrip("."),
               LOOKED_WHY if look.action == "recycle" else LOOK_WHY)


def _kl_card_move(game: Klondike, move: Move, openings: set[tuple[str, bool]],
                  scratch: Scratch) -> Scored:
    assert move.src is not None and move.dst is not None
    pile = game.piles[move.src]
    run = list(pile[-move.count:])
    card = run[0]
    under = pile[-move.count - 1] if len(pile) > move.count else None
    from_table = move.src in klondike_rules.TABLEAUS
    hidden = sum(1 for c in pile if not c.face_up)
    reveals = from_table and under is not None and not under.face_up
    home = move.dst in klondike_rules.FOUNDATIONS
    top = game.top(move.dst)
    dst_hidden = sum(1 for c in game.piles[move.dst] if not c.face_up)
    if home:
        what = f"Move {card.name} home"
    elif top is None:
        what = f"Move {cards_phrase(run)} into the empty {game.place(move.dst)}"
    else:
        what = f"Move {cards_phrase(run)} onto {top.name}"
    frees = ("it frees the face-down card under it" if hidden == 1 else
             f"it frees one of the {hidden} face-down cards in {game.place(move.src)}")
    if home and game.is_safe_home(card):
        if reveals:
            return Scored(move, 1100.0 + hidden, say(what, frees))
        why = ("an Ace always starts a home stack" if card.rank == 1 else
               "it is safe there, because no card left in the stacks needs it")
        return Scored(move, 1000.0 + (5 if from_table else 0), say(what, why))
    if reveals:
        return Scored(move, 800.0 + 10 * hidden - dst_hidden, say(what, frees))
    # Nothing is turned face up, so the position after the move shows no card not seen before.
    with scratch.trying(move) as after:
        gain, opened = _kl_gain(after, openings, card)
    then = f", and then {opened}" if opened else ""
    if home:
        base = 500.0 if move.src == "waste" else 300.0
        stack = _kl_stack_for(game, card) if move.src == "waste" else ""
        if stack:
            return Scored(move, base + 20 * gain, say(
                what, f"it brings one more card home, but on {stack} it could still go "
                      f"home later and hold {_kl_lower_pair(card)} until then"))
        return Scored(move, base + 20 * gain, say(what, "it brings one more card home" + then))
    king = _kl_waiting_king(game)
    if move.src == "waste":
        if top is None and king is not None:
            return Scored(move, 200.0 + 20 * gain, say(
                what, f"but the empty stack would do more for {king.name}, "
                      "which sits on face-down cards"))
        if game.goes_home_next(card):
            # Home it holds no card; on a stack it holds one of the next lower
            # pair, and it can still go home later.  Following the quick hint:
            # draw1-single, deals 1-2000, 3.45% won with this, 3.05% with home
            # first; draw3, deals 1-2000, 15.2% against 14.1%; draw1, deals
            # 1-1000, 47.3% against 44.2% (33 deals won that were lost, 2 the other way).
            return Scored(move, 600.0 + 20 * gain - dst_hidden, say(
                what, f"from there it can still go home later, and until then "
                      f"{_kl_lower_pair(card)} can go onto it"))
        return Scored(move, 400.0 + 20 * gain - dst_hidden,
                      say(what, "it brings a card from the waste pile into play" + then))
    if under is None:
        if king is not None:
            return Scored(move, 300.0 + 20 * gain, say(
                what, f"it empties {game.place(move.src)} for {king.name}, "
                      "which sits on face-down cards"))
        waste_king = _kl_waste_king(game)
        if waste_king is None:
            # Only a King can go into the place, and the move can wait until
            # one comes; until then the cards moved cover the card they go onto.
            # Following the quick hint: draw1-single, deals 1-2000, 3.75% won
            # with this, 3.45% without (`play_on_klondike`, deals 1-7000: 4.2% against
            # 3.8%); draw3, deals 1-1000, 13.6% against 12.6%.
            return Scored(move, 50.0 + 20 * gain, say(
                what, f"but it empties {game.place(move.src)} while no King is ready to go "
                      "there, and only a King can fill it, so this move can wait until one comes"))
        return Scored(move, 150.0 + 20 * gain, say(
            what, f"it empties {game.place(move.src)} for {waste_king.name} "
                  "on the waste pile"))
    # A card left behind that can go home (or anywhere new) is not "just like" the
    # one the run goes onto, though it looks so for stacking.
    if gain > 0:
        return Scored(move, 250.0 + 20 * gain, say(what, "it uncovers " + under.name + then))
    if top is not None and under.rank == top.rank and under.is_red == top.is_red:
        return Scored(move, -50.0, say(
            what, "it would change nothing, as the card left behind is just like the one "
                  "they go onto"))
    return Scored(move, -30.0, say(what, "it does not open up anything new"))


def _kl_one_pass(game: Klondike) -> bool:
    """Whether the deck is gone through only once, its cards unseen until turned:
    a card left in the waste pile comes back only when every card on it is played."""
    return game.recycles_left == 0 and game.recycles == 0


def _kl_stack_for(game: Klondike, card: Card) -> str:
    """The top card of a stack `card` could go onto, in words ('the 6 of spades'), or ''."""
    for pid in klondike_rules.TABLEAUS:
        top = game.top(pid)
        if top is not None and top.face_up and game.builds_on(card, top):
            return top.name
    return ""


def _kl_lower_pair(card: Card) -> str:
    """The cards that go onto `card` in a stack, in words: 'a black 4'."""
    colour = "black" if card.is_red else "red"
    return f"a {colour} {RANK_NAMES[card.rank - 2]}"   # (the name of rank r is RANK_NAMES[r - 1])


def _kl_waste_king(game: Klondike) -> Card | None:
    """The King on top of the waste pile (it could go into an empty stack), or None."""
    top = game.top("waste")
    return top if top is not None and top.rank == 13 else None


def _kl_waiting_king(game: Klondike) -> Card | None:
    """A King at the head of a run that lies on face-down cards (it wants an empty stack)."""
    for pid in klondike_rules.TABLEAUS:
        pile = game.piles[pid]
        for below, card in zip(pile, pile[1:]):
            if card.face_up and not below.face_up and card.rank == 13:
                return card
    return None


def _kl_opening(game: Klondike, move: Move) -> tuple[str, bool] | None:
    """For a move that turns a card over, goes home or plays the waste card:
    the card it moves and whether it goes home.  None for any other move."""
    if move.action != "move" or move.src is None:
        return None
    pile = game.piles[move.src]
    card = pile[-move.count]
    home = move.dst in klondike_rules.FOUNDATIONS
    reveals = len(pile) > move.count and not pile[-move.count - 1].face_up
    if home or move.src == "waste" or reveals:
        return card.code, home
    return None


def _kl_openings(game: Klondike, moves: Sequence[Move]) -> set[tuple[str, bool]]:
    return {opening for move in moves if (opening := _kl_opening(game, move)) is not None}


def _kl_gain(after: Game, before: set[tuple[str, bool]], moved: Card) -> tuple[int, str]:
    """How many good moves a move opens (less those it spoils), and the first new one in words."""
    assert isinstance(after, Klondike)
    now = _kl_openings(after, after.legal_moves())
    new = sorted(now - before)
    lost = {opening for opening in before - now if opening[0] != moved.code}
    opened = ""
    if new:
        code, home = new[0]
        name = next(card.name for pile in after.piles.values() for card in pile
                    if card.code == code)
        opened = f"{name} can go home" if home else f"{name} can move"
    return len(new) - len(lost), opened


# -- playing on without peeking (the better hint where the deck goes through once) ----
def playout_klondike(game: Game) -> Callable[[Game], PlayedOut] | None:
    """Where the deck goes through only once and its cards are unseen: a quick way
    to play a scratch game on to its end (`play_on_klondike`), so that the better hint
    can try each move against ways the hidden cards could lie by playing on as
    a pupil would, never by a search that knows each way's cards.  None where
    the deck comes round again: the solver's sampled tries do better there.

    Why not the solver here: with one pass, in the ways the hidden cards could
    lie that can be won at all, the solver wins after almost any move, because
    it knows when each card of the deck will come; a pupil does not."""
    assert isinstance(game, Klondike)
    return play_on_klondike if _kl_one_pass(game) else None


def play_on_klondike(game: Game) -> PlayedOut:
    """Play `game` (a scratch copy) to its end by a fast rule of thumb that reads
    only face-up cards; whether it was won, and the cards brought home.  (Also
    the better hint's tie-break in every variant: `hints.play_on_for`.)

    The rule of thumb: safe cards home, then turn a face-down card over (the
    stack with the most first), the waste card onto a stack, then home, a card
    home from a stack, a run moved off a card that the waste card can then go
    onto or that can then go home, a stack emptied for a King that is ready
    to go there, and the deck last.  Every move it makes is one that cannot
    be taken back, but for the runs, each moved once at most, and the deck is
    turned over again only after a move besides turning: so it always ends.
    Draw1-single deals 1-5000: 4.5% won (4.1% when it emptied a stack with no
    King ready), as following the quick hint, 50 times faster; deals 1-300:
    draw3 17%, draw1 50%, in 3-6 ms a game."""
    assert isinstance(game, Klondike)
    moved: set[tuple[str, str, Card]] = set()
    played_since_round = False   # a move besides turning since the deck last came round
    while True:
        best: Move | None = None
        score = 0.0
        # (`legal_moves` writes a reason for every move it leaves out: a
        # play-on makes hundreds of moves a hint.)
        for move in game.quick_legal_moves():
            value = _play_on_score(game, move, moved, played_since_round)
            if value > score:
                best, score = move, value
        if best is None:
            break
        if best.src in klondike_rules.TABLEAUS and best.dst in klondike_rules.TABLEAUS:
            moved.add((best.src, best.dst, game.piles[best.src][-best.count]))
        if best.action == "recycle":
            played_since_round = False
        elif best.action != "flip":
            played_since_round = True
        game.play(best)
    return PlayedOut(game.is_won() or game.can_finish(), game.progress())


def _play_on_score(game: Klondike, move: Move, moved: set[tuple[str, str, Card]],
                   played_since_round: bool = False) -> float:
    """How much `play_on_klondike` wants `move` (0 or less: not at all); the
    deck is turned over again only after a move besides turning."""
    if move.action == "flip":
        return 1.0
    if move.action == "recycle":
        return 0.5 if played_since_round else 0.0
    if move.action != "move" or move.src is None or move.dst is None:
        return 0.0
    pile = game.piles[move.src]
    card = pile[-move.count]
    under = pile[-move.count - 1] if len(pile) > move.count else None
    home = move.dst in klondike_rules.FOUNDATIONS
    if home and game.is_safe_home(card):
        return 100.0
    if move.src != "waste" and under is not None and not under.face_up:
        return 80.0 + sum(1 for c in pile if not c.face_up)
    if move.src == "waste":
        return 70.0 if home else 81.0   # onto a stack first: see `_kl_card_move`
    if home:
        return 30.0
    if (move.src, move.dst, card) in moved:
        return 0.0
    if under is not None:
        waste = game.top("waste")
        takes_waste = waste is not None and game.builds_on(waste, under)
        return 50.0 if takes_waste or game.goes_home_next(under) else 0.0
    # The whole stack moves: it is left empty, only worth it for a King that
    # is ready to go there (as in `_kl_card_move`).
    ready = _kl_waiting_king(game) is not None or _kl_waste_king(game) is not None
    return 20.0 if ready else 0.0
