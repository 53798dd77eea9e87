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
    """Play deal `seed` by always taking the first hint; the game when it ends (or after max_moves)."""
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


import os, json
_K = {"home_waste": 500.0, "home_table": 300.0}
_K.update(json.loads(os.environ.get("KNOBS", "{}")))
# -- Klondike -------------------------------------------------------------------
def _klondike(game: Game, moves: list[Move], scratch: _Scratch) -> list[_Scored]:
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
            out.append(_Scored(move, 90.0, _say("Turn the waste pile over to make the deck again", why)))
        else:
            out.append(_kl_card_move(game, move, openings, scratch))
    return out


def _kl_card_move(game: Klondike, move: Move, openings: int, scratch: _Scratch) -> _Scored:
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
    frees = f"it frees the face-down card under it ({game.place(move.src)} has {hidden} face-down)"
    if hidden == 1:
        frees = "it frees the face-down card under it"
    if home and _kl_safe_home(game, card):
        if reveals:
            return _Scored(move, 1100.0 + hidden, _say(what, frees))
        why = ("an Ace always starts a home stack" if card.rank == 1 else
               "it is safe there, because no card left in the stacks needs it")
        return _Scored(move, 1000.0 + (5 if from_table else 0), _say(what, why))
    if reveals:
        return _Scored(move, 800.0 + 10 * hidden - dst_hidden, _say(what, frees))
    # Nothing is turned face up, so the position after the move shows no new card.
    with scratch.trying(move) as after:
        gain, opened = _kl_gain(after, openings, move)
    then = f", and then {opened}" if opened else ""
    if home:
        base = _K["home_waste"] if move.src == "waste" else _K["home_table"]
        return _Scored(move, base + 20 * gain, _say(what, "it brings one more card home" + then))
    if move.src == "waste":
        if top is None and _kl_king_waiting(game):
            return _Scored(move, 200.0 + 20 * gain, _say(
                what, "it uses the empty stack, which a King sitting on face-down cards needs more"))
        return _Scored(move, _K.get("w2t", 400.0) + 20 * gain - dst_hidden,
                       _say(what, "it brings a card from the waste pile into play" + then))
    if under is None:
        if _kl_king_waiting(game):
            return _Scored(move, 300.0 + 20 * gain, _say(
                what, f"it empties {game.place(move.src)} for a King that sits on face-down cards"))
        return _Scored(move, 150.0 + 20 * gain, _say(
            what, f"it empties {game.place(move.src)}, and only a King can fill it" + then))
    if top is not None and under.rank == top.rank and under.is_red == top.is_red:
        return _Scored(move, -50.0, _say(
            what, "it only moves cards between two places that are just the same"))
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


def _kl_king_waiting(game: Klondike) -> bool:
    """A King heads a run lying on face-down cards, or shows on the waste pile."""
    waste = game.top("waste")
    if waste is not None and waste.rank == 13:
        return True
    for pid in klondike_rules.TABLEAUS:
        pile = game.piles[pid]
        for below, card in zip(pile, pile[1:]):
            if card.face_up and not below.face_up and card.rank == 13:
                return True
    return False


def _kl_good(game: Klondike, move: Move) -> bool:
    """A move that turns a card over, goes home, or plays the waste card."""
    if move.action != "move" or move.src is None:
        return False
    if move.dst in klondike_rules.FOUNDATIONS or move.src == "waste":
        return True
    pile = game.piles[move.src]
    return len(pile) > move.count and not pile[-move.count - 1].face_up


def _kl_openings(game: Klondike, moves: Sequence[Move]) -> int:
    return sum(1 for move in moves if _kl_good(game, move))


def _kl_gain(after: Game, openings: int, move: Move) -> tuple[int, str]:
    """How many more good moves there are after `move`, and the first new one in words."""
    assert isinstance(after, Klondike)
    moves = after.legal_moves()
    good = [m for m in moves if _kl_good(after, m)]
    opened = ""
    for m in good:
        if m.src == move.dst:
            continue  # the cards just moved
        assert m.src is not None
        card = after.piles[m.src][-m.count]
        if m.dst in klondike_rules.FOUNDATIONS:
            opened = f"{card.name} can go home"
        else:
            opened = f"{card.name} can move"
        break
    return len(good) - openings + (1 if _kl_good_before(move) else 0), opened


def _kl_good_before(move: Move) -> bool:
    """A home or waste move counted itself among the openings before it was made."""
    return move.dst in klondike_rules.FOUNDATIONS or move.src == "waste"


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
            score = 0.0 if homeward else _cruel_rollout(scratch, move) - 0.5
            out.append(_Scored(move, score, _say("Deal again", why)))
            continue
        assert move.src is not None and move.dst is not None
        card = game.top(move.src)
        assert card is not None
        pile = game.piles[move.src]
        under = pile[-2] if len(pile) >= 2 else None
        with scratch.trying(move) as after:
            frees = under is not None and bool(after.legal_moves(src=move.src))
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
        score = 0.0 if homeward else _cruel_rollout(scratch, move)
        out.append(_Scored(move, score, _say(what, why)))
    return out


def _cruel_buried(game: Game) -> int:
    """How many times a card lies on a lower card of its own suit (which must wait for it)."""
    buried = 0
    for pid in cruel_rules.PILES:
        pile = game.piles[pid]
        for i, card in enumerate(pile):
            buried += sum(1 for lower in pile[:i] if lower.suit == card.suit and lower.rank < card.rank)
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
    for move in moves:
        if move.action == "deal":
            text = game.describe(move)
            if stock_only:
                why = "no cards on the table can be taken away"
            elif game.scoring_moves_open():
                why = "but first take away the cards that make 13, which you still can"
            else:
                why = "but first use the empty pile, which can still help"
            out.append(_Scored(move, 0.0, _say(text, why)))
            continue
        with scratch.trying(move) as after:
            reach = _thirteen_reach(after, 3, [30])
            after_removals = len(after.scoring_moves_open()) if isinstance(after, Thirteen) else 0
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
            if after_removals:
                why += ", and " + ("another pair is ready next" if after_removals == 1
                                   else f"{after_removals} more can go next")
            out.append(_Scored(move, score + 20 * reach + 0.1 * deep, _say(what, why)))
            continue
        assert move.src is not None and move.dst is not None
        card = game.top(move.src)
        assert card is not None
        what = f"Move {card.name} into the empty {game.place(move.dst)}"
        if after_removals > len(game.scoring_moves_open()):
            why = "it uncovers a card you can take away"
            score = 400.0 + 20 * reach
        else:
            why = "spreading the cards out leaves fewer of them buried"
            score = 150.0 + len(game.piles[move.src])
        out.append(_Scored(move, score, _say(what, why)))
    return out


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
            out.append(_Scored(move, 200.0 + 10 * gain if gain else 20.0 - len(game.piles[move.src]),
                               _say(what, why)))
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
CENTRE = ("box6", "box7", "box10", "box11")
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
        return _Scored(move, 500.0, _say(
            what, f"{FACE_NAMES[card.rank]}s can only go in their own boxes round the edge"))
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
    score = 300.0 - 100.0 * to_come / free
    return _Scored(move, score, _say(
        what, f"{plural(placed[kind], name)} already placed, so a {name} is less likely "
              "to come than the other face cards"
        if placed[kind] else f"no middle box is free, and this {name} box is one of {free} still free"))


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
    freed = [pid for pid in piles if _box_value(game, pid, placed) > 0]
    value = sum(_box_value(game, pid, placed) for pid in piles)
    edge = ""
    if freed:
        kinds = sorted({FACE_NAMES[k] for k in map(_box_kind, freed) if k is not None})
        edge = f", and it frees a box for a {' or a '.join(kinds)}"
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
