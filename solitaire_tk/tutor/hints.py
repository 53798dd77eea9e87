"""Hints: every legal move, best first, each with one sentence a pupil can follow.

`rank_hints(game)` asks the game for its legal moves and orders them with a
small strategy for each patience; pressing Hint again in the app shows the
next one in the list.  `follow_hints` plays a whole deal by always taking the
first hint, which is how the benchmark measures the strategies.

No rule is written again here.  Whether a move is legal, and what it leads
to, is asked of the game itself: `legal_moves()`, and `play` on a scratch
copy.  A hint never peeks: what a move would turn face up, or which card the
deck hides, is never used to rank it (Double Solitaire's piles 1-13 are face
up, so the cards in them count as seen).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from ..cards import Card
from ..engine import Game, Position
from ..games import cruel as cruel_rules
from ..games import dammit as dammit_rules
from ..games import double as double_rules
from ..games import klondike as klondike_rules
from ..games.cruel import Cruel
from ..games.dammit import Dammit
from ..games.double import DoubleSolitaire
from ..games.klondike import Klondike
from ..games.thirteen import Thirteen
from ..moves import Move
from ..registry import new_game
from ..wording import cards_phrase, plural, sentence

# Moves that only turn, deal or gather cards, rather than play a card.
STOCK_ACTIONS = frozenset({"flip", "recycle", "deal", "reserve", "redeal"})
# How far a move that brings back an earlier position is pushed down.
REPEAT_PENALTY = 1_000_000.0

History = Collection[Position]


@dataclass(frozen=True)
class Hint:
    """One suggestion: the move (None when the game is over), why, and its rank score."""

    move: Move | None
    why: str
    score: float


@dataclass
class _Scored:
    move: Move
    score: float
    why: str


class _Scratch:
    """A private copy of the game to try moves on; the real game is never touched."""

    def __init__(self, game: Game) -> None:
        self.game = game.copy()

    @contextmanager
    def trying(self, *moves: Move) -> Iterator[Game]:
        """The scratch game after `moves` (more may be played on it); put back afterwards."""
        point = self.game.checkpoint()
        try:
            for move in moves:
                self.game.play(move)
            yield self.game
        finally:
            self.game.restore_checkpoint(point, ())


def _say(what: str, why: str) -> str:
    """'Move the 4 of spades home' + 'it frees ...' -> one sentence."""
    return f"{sentence(what.rstrip('.'))}: {why.rstrip('.')}."


# -- the public API -------------------------------------------------------------
def rank_hints(game: Game, history: History | None = None) -> list[Hint]:
    """Every legal move, best first, each with its sentence.

    `history` holds positions already seen: a move that goes back to one of
    them is put at the end.  When the game is over the list is one hint with
    no move, saying how the game ended.
    """
    moves = game.legal_moves()
    if not moves or game.is_over():
        return [Hint(None, game.outcome(), 0.0)]
    ranker = _RANKERS.get(game.game_id)
    scratch = _Scratch(game)
    scored = ranker(game, moves, scratch) if ranker else [
        _Scored(move, 0.0, _say(game.describe(move), "it is a legal move")) for move in moves]
    if history:
        for item in scored:
            with scratch.trying(item.move) as after:
                if after.position() in history or _loop_key(after) in history:
                    item.score -= REPEAT_PENALTY
                    item.why = _say(game.describe(item.move),
                                    "but it only brings back a position you have already had")
    order = sorted(range(len(scored)), key=lambda i: -scored[i].score)
    return [Hint(scored[i].move, scored[i].why, scored[i].score) for i in order]


def follow_hints(game_id: str, variant: str | None, seed: int, max_moves: int = 2000) -> Game:
    """Play deal `seed` by always taking the first hint that does not go round in a circle.

    Returns the game once it is over, once every move would bring back a
    position already seen, or after `max_moves` moves.
    """
    game = new_game(game_id, variant, seed=seed)
    seen: set[Position] = {_loop_key(game)}
    for _ in range(max_moves):
        first = rank_hints(game, seen)[0]
        if first.move is None or first.score <= -REPEAT_PENALTY / 2:
            break  # over, or every move goes round in a circle
        game.play(first.move)
        seen.add(_loop_key(game))
    return game


def _loop_key(game: Game) -> Position:
    """The position, leaving out a count that only ever grows (unlimited trips through
    Klondike's deck), so that going round in a circle is seen as coming back."""
    if isinstance(game, Klondike) and game.recycles_left is None:
        return game.position()[0], ()
    return game.position()


# -- Klondike -------------------------------------------------------------------
def _klondike(game: Game, moves: list[Move], scratch: _Scratch) -> list[_Scored]:
    """Safe home moves, then moves that turn a card over, then the waste card; the deck last."""
    assert isinstance(game, Klondike)
    stock_only = all(move.action in STOCK_ACTIONS for move in moves)
    openings = _kl_openings(game, moves)
    out: list[_Scored] = []
    for move in moves:
        if move.action == "flip":
            turning = min(game.draw_count, len(game.piles["stock"]))
            what = ("Turn over the next card of the deck" if turning == 1
                    else f"Turn over the next {turning} cards of the deck")
            why = ("no card on the table can move" if stock_only
                   else "the moves on the table would not help yet")
            out.append(_Scored(move, 100.0, _say(what, why)))
        elif move.action == "recycle":
            left = game.recycles_left
            why = ("no card on the table can move, so go through the deck again" if stock_only
                   else "the moves on the table would not help yet, so go through the deck again")
            if left == 1:
                why += " for the last time"
            what = "Turn the waste pile over to make the deck again"
            out.append(_Scored(move, 90.0, _say(what, why)))
        else:
            out.append(_kl_card_move(game, move, openings, scratch))
    return out


def _kl_card_move(game: Klondike, move: Move, openings: set[tuple[str, bool]],
                  scratch: _Scratch) -> _Scored:
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
    if home and _kl_safe_home(game, card):
        if reveals:
            return _Scored(move, 1100.0 + hidden, _say(what, frees))
        why = ("an Ace always starts a home stack" if card.rank == 1 else
               "it is safe there, because no card left in the stacks needs it")
        return _Scored(move, 1000.0 + (5 if from_table else 0), _say(what, why))
    if reveals:
        return _Scored(move, 800.0 + 10 * hidden - dst_hidden, _say(what, frees))
    # Nothing is turned face up, so the position after the move shows no card not seen before.
    with scratch.trying(move) as after:
        gain, opened = _kl_gain(after, openings, card)
    then = f", and then {opened}" if opened else ""
    if home:
        base = 500.0 if move.src == "waste" else 300.0
        return _Scored(move, base + 20 * gain, _say(what, "it brings one more card home" + then))
    king = _kl_waiting_king(game)
    if move.src == "waste":
        if top is None and king is not None:
            return _Scored(move, 200.0 + 20 * gain, _say(
                what, f"but the empty stack would do more for {king.name}, "
                      "which sits on face-down cards"))
        return _Scored(move, 400.0 + 20 * gain - dst_hidden,
                       _say(what, "it brings a card from the waste pile into play" + then))
    if under is None:
        if king is not None:
            return _Scored(move, 300.0 + 20 * gain, _say(
                what, f"it empties {game.place(move.src)} for {king.name}, "
                      "which sits on face-down cards"))
        empties = f"it empties {game.place(move.src)}"
        return _Scored(move, 150.0 + 20 * gain, _say(
            what, empties + (then or ", and only a King can fill it")))
    if top is not None and under.rank == top.rank and under.is_red == top.is_red:
        return _Scored(move, -50.0, _say(
            what, "it would change nothing, as the card left behind is just like the one "
                  "they go onto"))
    if gain > 0:
        return _Scored(move, 250.0 + 20 * gain, _say(what, "it uncovers " + under.name + then))
    return _Scored(move, -30.0, _say(what, "it does not open up anything new"))


def _kl_suit_home(game: Klondike) -> dict[str, int]:
    """How far each suit has got on the home stacks (0 when its Ace is not home)."""
    out = {suit: 0 for suit in "CDHS"}
    for pid in klondike_rules.FOUNDATIONS:
        pile = game.piles[pid]
        if pile:
            out[pile[0].suit] = len(pile)
    return out


def _kl_safe_home(game: Klondike, card: Card) -> bool:
    """A card may go home safely when no card of the other colour could still need it."""
    if card.rank <= 2:
        return True
    homes = _kl_suit_home(game)
    other = "CS" if card.is_red else "DH"
    return all(homes[suit] >= card.rank - 1 for suit in other)


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


# -- Cruel ----------------------------------------------------------------------
# Cruel hides nothing, so a move can be judged by playing the game on from it.
ROLLOUT_STEPS = 60


def _cruel(game: Game, moves: list[Move], scratch: _Scratch) -> list[_Scored]:
    """Suit-stack moves first; the rest by how far a plain way of playing on gets after them."""
    assert isinstance(game, Cruel)
    stock_only = all(move.action == "redeal" for move in moves)
    homeward = any(move.dst in cruel_rules.FOUNDATIONS for move in moves)
    out: list[_Scored] = []
    for move in moves:
        if move.action == "redeal":
            why = ("no card can move" if stock_only
                   else "the moves left would not help, and the runs you built stay together")
            score = -1.0 if homeward else _cruel_rollout(scratch, move) - 0.5
            out.append(_Scored(move, score, _say("Deal again", why)))
            continue
        assert move.src is not None and move.dst is not None
        card = game.top(move.src)
        assert card is not None
        pile = game.piles[move.src]
        under = pile[-2] if len(pile) >= 2 else None
        with scratch.trying(move) as after:
            frees = under is not None and bool(after.legal_moves(src=move.src))
            # Ties go to the move that frees a card, then to the one that buries least.
            tie = (0.3 if frees else 0.0) - 0.01 * _cruel_buried(after)
        if move.dst in cruel_rules.FOUNDATIONS:
            what = f"Move {card.name} up to {game.place(move.dst)}"
            if under is not None and frees:
                why = f"it is there for good, and then {under.name} can move too"
            else:
                why = "a card on its suit stack is there for good"
            out.append(_Scored(move, 10_000.0 - card.rank + (1 if frees else 0), _say(what, why)))
            continue
        top = game.top(move.dst)
        assert top is not None
        what = f"Move {card.name} onto {top.name}"
        if under is not None and frees:
            why = f"it frees {under.name}, which can then move"
        elif under is None:
            why = f"it builds a run of {card.suit_name} and empties {game.place(move.src)}"
        else:
            why = f"it builds a run of {card.suit_name}, which stays together when you deal again"
        score = tie + (0.0 if homeward else _cruel_rollout(scratch, move))
        out.append(_Scored(move, score, _say(what, why)))
    return out


def _cruel_buried(game: Game) -> int:
    """How many times a card lies on a lower card of its own suit (which must wait for it)."""
    buried = 0
    for pid in cruel_rules.PILES:
        pile = game.piles[pid]
        for i, card in enumerate(pile):
            buried += sum(1 for lower in pile[:i]
                          if lower.suit == card.suit and lower.rank < card.rank)
    return buried


def _cruel_rollout(scratch: _Scratch, first: Move) -> float:
    """Cards home after `first` and then a plain greedy way of playing (100 more for a win)."""
    with scratch.trying(first) as game:
        seen = {game.position()}
        for _ in range(ROLLOUT_STEPS):
            move = _cruel_greedy(game, seen)
            if move is None:
                break
            game.play(move)
            position = game.position()
            if position in seen:
                break
            seen.add(position)
        return game.progress() + (100.0 if game.is_won() else 0.0)


def _cruel_greedy(game: Game, seen: set[Position]) -> Move | None:
    """A suit-stack move; else the card move that buries least; else a new deal."""
    moves = game.legal_moves()
    for move in moves:
        if move.dst in cruel_rules.FOUNDATIONS:
            return move
    now = _cruel_buried(game)
    best: tuple[int, Move] | None = None
    for move in moves:
        if move.action != "move":
            continue
        point = game.checkpoint()
        game.play(move)
        buried, repeat = _cruel_buried(game), game.position() in seen
        game.restore_checkpoint(point, ())
        if not repeat and buried <= now and (best is None or buried < best[0]):
            best = (buried, move)
    if best is not None:
        return best[1]
    return next((move for move in moves if move.action == "redeal"), None)


# -- Thirteen -------------------------------------------------------------------
def _thirteen(game: Game, moves: list[Move], scratch: _Scratch) -> list[_Scored]:
    assert isinstance(game, Thirteen)
    out: list[_Scored] = []
    stock_only = all(move.action == "deal" for move in moves)
    open_before = _thirteen_open(game)
    for move in moves:
        if move.action == "deal":
            text = game.describe(move).rstrip(".")
            open_now = game.scoring_moves_open()
            if stock_only:
                why = _say(text, "no cards on the table can be taken away")
            elif open_now:
                why = _say(text + ", but only when nothing more can go",
                           _thirteen_still_open(game, open_now[0]))
            else:
                why = _say(text + ", but only after using the empty pile",
                           "a card moved there now can uncover the one under it")
            out.append(_Scored(move, 0.0, why))
            continue
        with scratch.trying(move) as after:
            reach = _thirteen_reach(after, 3, [30])
            assert isinstance(after, Thirteen)
            opened = sorted((_thirteen_words(taken, move.action == "remove")
                             for taken in _thirteen_open(after) if taken not in open_before))
            then = opened[0] if opened else ""
        if move.action == "remove":
            piles = move.piles or ()
            deep = sum(len(game.piles[pid]) for pid in piles)
            if len(piles) == 1:
                card = game.top(piles[0])
                assert card is not None
                what = f"Take away {card.name}"
                why = "a King makes 13 all by itself"
                score = 1000.0
            else:
                first, second = _thirteen_pair(game, piles)
                what = f"Take away {first.name} and {second.name}"
                why = "together they make 13"
                score = 500.0
            if then:
                why += ", and then " + then
            out.append(_Scored(move, score + 20 * reach + 0.1 * deep, _say(what, why)))
            continue
        assert move.src is not None and move.dst is not None
        card = game.top(move.src)
        assert card is not None
        what = f"Move {card.name} into the empty {game.place(move.dst)}"
        if then:
            why = "then " + then
            score = 400.0 + 20 * reach
        else:
            why = "spreading the cards out leaves fewer of them buried"
            score = 150.0 + len(game.piles[move.src])
        out.append(_Scored(move, score, _say(what, why)))
    return out


def _thirteen_open(game: Thirteen) -> set[frozenset[Card]]:
    """The cards each removal open now would take away."""
    return {frozenset(game.piles[pid][index] for pid, index in game.touches(move)
                      if index is not None)
            for move in game.scoring_moves_open()}


def _thirteen_words(taken: frozenset[Card], too: bool) -> str:
    """'the King of spades can go' / 'the 9 of clubs and the 4 of hearts make 13' (+ ' too')."""
    cards = sorted(taken, key=lambda card: (-card.rank, card.suit))
    also = " too" if too else ""
    if len(cards) == 1:
        return f"{cards[0].name} can go{also}"
    return f"{cards[0].name} and {cards[1].name} make 13{also}"


def _thirteen_still_open(game: Thirteen, move: Move) -> str:
    """'the 9 of clubs and the 4 of hearts still make 13' for an open removal."""
    piles = move.piles or ()
    if len(piles) == 1:
        king = game.top(piles[0])
        return f"{king.name if king else 'a King'} can still be taken away"
    first, second = _thirteen_pair(game, piles)
    return f"{first.name} and {second.name} still make 13"


def _thirteen_pair(game: Thirteen, piles: Sequence[str]) -> tuple[Card, Card]:
    if piles[0] == piles[1]:
        pile = game.piles[piles[0]]
        return pile[-1], pile[-2]
    first, second = game.top(piles[0]), game.top(piles[1])
    assert first is not None and second is not None
    return first, second


def _thirteen_reach(game: Game, depth: int, budget: list[int]) -> int:
    """The most cards that can still be taken away in `depth` moves, without dealing."""
    if depth <= 0 or budget[0] <= 0:
        return 0
    best = 0
    for move in game.legal_moves():
        if move.action == "deal" or budget[0] <= 0:
            continue
        budget[0] -= 1
        point = game.checkpoint()
        game.play(move)
        taken = len(move.piles or ())
        best = max(best, taken + _thirteen_reach(game, depth - 1, budget))
        game.restore_checkpoint(point, ())
    return best


# -- Double Solitaire -----------------------------------------------------------
def _double(game: Game, moves: list[Move], scratch: _Scratch) -> list[_Scored]:
    assert isinstance(game, DoubleSolitaire)
    out: list[_Scored] = []
    card_moves = [move for move in moves if move.action == "move"]
    for move in moves:
        if move.action == "reserve":
            why = ("no card can go up onto piles 14 to 21, so bring a new pile into play"
                   if not card_moves else "but first move up the cards that can go")
            out.append(_Scored(move, 100.0, _say("Click pile 22", why)))
            continue
        if move.action == "pickup":
            assert move.src is not None
            with scratch.trying(move) as after:
                gain = _double_run(after)
            what = f"Pick up {game.place(move.src)} and spread it at 23"
            if gain:
                why = f"then {plural(gain, 'card')} from it can go up"
            else:
                why = "but none of its cards can go up yet"
            score = 200.0 + 10 * gain if gain else 20.0 - len(game.piles[move.src])
            out.append(_Scored(move, score, _say(what, why)))
            continue
        assert move.src is not None and move.dst is not None
        pile = game.piles[move.src]
        card = pile[-1 if move.index is None else move.index]
        what = f"Move {card.name} up onto {game.place(move.dst)}"
        with scratch.trying(move) as after:
            next_moves = [m for m in after.legal_moves() if m.action == "move"]
        freed = [m for m in next_moves if m.src == move.src and move.src != double_rules.SPREAD]
        score = 500.0 + 5 * len(next_moves)
        if move.src == double_rules.SPREAD:
            score += 100
            why = "play the spread cards while you can, because they go back into their pile later"
        elif freed:
            under = pile[-2]
            score += 50
            why = f"that uncovers {under.name}, which can go up too"
        else:
            why = "every card you bring up is one more done"
        out.append(_Scored(move, score, _say(what, why)))
    return out


def _double_run(game: Game) -> int:
    """How many cards go up one after another from here (played on the scratch game)."""
    played = 0
    while played < 60:
        moves = [m for m in game.legal_moves() if m.action == "move"]
        if not moves:
            break
        game.play(moves[0])
        played += 1
    return played


# -- Dammit! --------------------------------------------------------------------
FACE_NAMES = {13: "King", 12: "Queen", 11: "Jack"}


def _dammit(game: Game, moves: list[Move], scratch: _Scratch) -> list[_Scored]:
    assert isinstance(game, Dammit)
    placed = Counter(card.rank for box in dammit_rules.BOXES for card in game.piles[box])
    out: list[_Scored] = []
    for move in moves:
        if move.action == "place":
            out.append(_dammit_place(game, move, placed))
        else:
            out.append(_dammit_remove(game, move, placed))
    return out


def _box_kind(box: str) -> int | None:
    """The face card whose edge box this is (None for the four middle boxes)."""
    for rank, (boxes, _, _) in dammit_rules.HOMES.items():
        if box in boxes:
            return rank
    return None


def _dammit_place(game: Dammit, move: Move, placed: Counter[int]) -> _Scored:
    assert move.dst is not None
    card = game.top("stock")
    assert card is not None
    what = f"Put {card.name} in {game.place(move.dst)}"
    if card.rank in FACE_NAMES:
        where = dammit_rules.HOMES[card.rank][1]
        name = FACE_NAMES[card.rank]
        return _Scored(move, 500.0, _say(what, f"a {name} can only go in a {where}"))
    kind = _box_kind(move.dst)
    if kind is None:
        return _Scored(move, 400.0, _say(
            what, "keep the corner and edge boxes free for Kings, Queens and Jacks"))
    name = FACE_NAMES[kind]
    to_come = 4 - placed[kind]
    free = sum(1 for box in dammit_rules.HOMES[kind][0] if not game.piles[box])
    if to_come == 0:
        return _Scored(move, 390.0, _say(
            what, f"all four {name}s are already placed, so that box only takes number cards now"))
    if free <= 1:
        return _Scored(move, -100.0 * to_come, _say(
            what, f"only if you must, because it takes the last free box a {name} could use"))
    score = 300.0 - 100.0 * to_come / free - to_come
    if any(not game.piles[box] and _box_kind(box) is None for box in dammit_rules.BOXES):
        why = f"but a middle box is better, because a {name} may still need this one"
    elif placed[kind]:
        are = "is" if placed[kind] == 1 else "are"
        why = f"{plural(placed[kind], name)} {are} already placed, so only {to_come} more can come"
    else:
        why = f"no middle box is free, and this is one of {free} boxes still free for a {name}"
    return _Scored(move, score, _say(what, why))


def _box_value(game: Dammit, box: str, placed: Counter[int]) -> float:
    """How much a face card still to come would like this box to be free."""
    kind = _box_kind(box)
    if kind is None:
        return 0.0
    to_come = 4 - placed[kind]
    free = sum(1 for b in dammit_rules.HOMES[kind][0] if not game.piles[b])
    return to_come * (3.0 if free == 0 else 2.0 if free == 1 else 1.0)


def _dammit_remove(game: Dammit, move: Move, placed: Counter[int]) -> _Scored:
    piles = move.piles or ()
    cards = [game.top(pid) for pid in piles]
    assert all(card is not None for card in cards)
    named = [card.name for card in cards if card is not None]
    value = sum(_box_value(game, pid, placed) for pid in piles)
    kinds = sorted(FACE_NAMES[kind] for pid in piles if _box_value(game, pid, placed) > 0
                   for kind in [_box_kind(pid)] if kind is not None)
    edge = ""
    if len(kinds) == 1:
        edge = f", and that frees a box a {kinds[0]} can use"
    elif kinds:
        both = "two boxes" if kinds[0] == kinds[1] else "boxes"
        edge = f", and that frees {both} a {' and a '.join(dict.fromkeys(kinds))} can use"
    if len(named) == 1:
        return _Scored(move, 1000.0 + value, _say(
            f"Take away {named[0]}", "a 10 always goes by itself" + edge))
    return _Scored(move, 500.0 + value, _say(
        f"Take away {named[0]} and {named[1]}", "together they make ten" + edge))


_RANKERS: dict[str, Callable[[Game, list[Move], _Scratch], list[_Scored]]] = {
    "klondike": _klondike,
    "cruel": _cruel,
    "thirteen": _thirteen,
    "double": _double,
    "dammit": _dammit,
}
