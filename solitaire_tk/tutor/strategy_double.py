"""Double Solitaire's hint strategy: cards up onto piles 14-21 first (the spread
cards before the rest), then picking up a pile whose cards can then go up, then
pile 22; picking up a pile that frees nothing comes last.

Piles 1-13 are face up, so the cards in them count as seen.
"""

from __future__ import annotations

from ..engine import Game
from ..games import double as double_rules
from ..games.double import DoubleSolitaire
from ..moves import Move
from ..wording import plural
from .scoring import Scored, Scratch, say


def rank_double(game: Game, moves: list[Move], scratch: Scratch) -> list[Scored]:
    assert isinstance(game, DoubleSolitaire)
    out: list[Scored] = []
    card_moves = [move for move in moves if move.action == "move"]
    for move in moves:
        if move.action == "reserve":
            why = ("no card can go onto piles 14 to 21, so bring a new pile into play"
                   if not card_moves else "but first move the cards that can go onto piles 14 to 21")
            out.append(Scored(move, 100.0, say("Turn up the top card of pile 22", why)))
            continue
        if move.action == "pickup":
            assert move.src is not None
            with scratch.trying(move) as after:
                gain = _double_run(after)
            what = f"Pick up {game.place(move.src)} and spread it at 23"
            if gain:
                why = f"then {plural(gain, 'card')} from it can go onto piles 14 to 21"
            else:
                why = "but none of its cards can go onto piles 14 to 21 yet"
            score = 200.0 + 10 * gain if gain else 20.0 - len(game.piles[move.src])
            out.append(Scored(move, score, say(what, why)))
            continue
        assert move.src is not None and move.dst is not None
        pile = game.piles[move.src]
        card = pile[-1 if move.index is None else move.index]
        # (the place says which: "up pile 14", "down pile 18")
        what = f"Move {card.name} onto {game.place(move.dst)}"
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
            why = f"that uncovers {under.name}, which can move too"
        else:
            why = "every card on piles 14 to 21 is one more done"
        out.append(Scored(move, score, say(what, why)))
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
