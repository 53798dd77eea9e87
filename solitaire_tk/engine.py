"""The game object every patience shares (SPEC section 2).

A game module subclasses `Game` and writes each rule once, in `_check`,
which says why a move is not allowed (or None).  `legal_moves` is simply
every candidate move that `_check` lets through, so the list of legal
moves and the moves `play` accepts can never disagree.

A position is a tuple of tuples of immutable cards plus a few plain values
(`extra_state`).  Undo is a stack of the moves made, shared between copies
of a game (a persistent linked list); only every `UNDO_POSITION_EVERY`-th
step keeps the whole position before its move, and the steps between are
rebuilt from it by making their moves again, so that a game of a hundred
thousand moves does not hold a hundred thousand tables.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from datetime import datetime, timezone
from types import MappingProxyType
from typing import Any, ClassVar, Iterable, Mapping, Sequence

from .cards import Card, check_deck, deck_text, new_deck_order
from .moves import IllegalMove, JsonDict, Move, MoveFormatError, as_move
from .records import record
from .oversearch import OVER, can_search_over, search_for_something_new
from .searchstate import SearchState
from .tablelayout import MIN_NUMBER_SIZE, TableLayout
from .wording import and_list, sentence

SAVE_FORMAT = "solitaire-tk-game"
SAVE_VERSION = 1

# Moves that take their card from (or turn) the game's `stock_pile`, in the
# order the table tries them when the deck is clicked.
STOCK_ACTIONS = ("flip", "recycle", "deal", "reserve")
# Turning the deck or dealing again: they always act on the same place, so
# extra fields on them mean nothing (and the tutor keeps them for last).
DECK_ACTIONS = frozenset({*STOCK_ACTIONS, "redeal"})
_DECK_MOVES = {action: Move(action) for action in DECK_ACTIONS}   # moves never change

# The fields each kind of move may carry (SPEC section 2).
ACTION_FIELDS = {"move": frozenset({"src", "dst", "count", "index"}),
                 "remove": frozenset({"piles"}), "place": frozenset({"dst"}),
                 "pickup": frozenset({"src"})}

Position = tuple[tuple[tuple[Card, ...], ...], tuple[Any, ...]]

# How often a step of the undo stack keeps the whole position before its move
# (the steps between are rebuilt by making their moves again from it).
UNDO_POSITION_EVERY = 8


@record(slots=True, eq=False)
class UndoStep:
    """A move undo can take back, and (on some steps) the position before it.

    The sentence for the move is only made when it is asked for (undo_label,
    undo): making one for every move would slow down reading a long game.
    A step is never changed once made (it is not frozen only because a frozen
    one takes three times as long to make, and every move makes one).
    """

    move: Move
    position: Position | None
    below: UndoStep | None
    depth: int


@record(frozen=True, slots=True)
class Checkpoint:
    """Everything needed to rebuild a game at one step of its log."""

    position: Position
    undo: UndoStep | None
    log_length: int
    elapsed: float


class Game:
    """One patience in play.  Subclasses set the class attributes and hooks."""

    game_id: ClassVar[str]
    title: ClassVar[str]
    variants: ClassVar[tuple[str, ...]] = ("standard",)
    # Each variant in a pupil's words, for games that have more than one: a
    # short name (menus, statistics) and how it plays (the game chooser).
    variant_names: ClassVar[Mapping[str, str]] = MappingProxyType({})
    variant_descriptions: ClassVar[Mapping[str, str]] = MappingProxyType({})
    # The game in a sentence, for the chooser a new player sees first.
    blurb: ClassVar[str] = ""
    # The statistics: what the score counts (said under the figures), whether
    # a lower score is better, whether every score is listed, and whether the
    # cards-removed-of-cards-played row is shown (Thirteen's help asks for it).
    score_note: ClassVar[str] = ""
    # What a won game looks like, said with "You won!"; how the game-over
    # sentence names the cards its home piles wait for (`waiting_cards`).
    won_words: ClassVar[str] = "Every card is where it belongs."
    waiting_words: ClassVar[str] = "The home piles wait for"
    # The score in the status bar, in the words of the game's own help
    # ({score}; {cards} is how many cards the game is played with).
    score_words: ClassVar[str] = "Score: {score}"
    # What to do next once a card is picked up, in a pupil's words (see
    # `hold_prompt_for`, which a game whose cards do different things overrides).
    hold_prompt: ClassVar[str] = "Now choose where it goes"
    # Said when a face-down card outside the stock is clicked: how it comes up.
    face_down_words: ClassVar[str] = "That card is face down, so it can't move yet."
    lower_score_is_better: ClassVar[bool] = False
    lists_every_score: ClassVar[bool] = False
    counts_cards_played: ClassVar[bool] = False
    decks: ClassVar[int] = 1
    option_defaults: ClassVar[Mapping[str, bool]] = MappingProxyType({})
    actions: ClassVar[frozenset[str]]
    pile_ids: ClassVar[tuple[str, ...]]
    # Attribute names (plain immutable values) that belong to the position.
    extra_state: ClassVar[tuple[str, ...]] = ()
    # How many moves back undo reaches; None is unlimited.
    undo_limit: ClassVar[int | None] = None
    # The face-down pile that flip, deal, reserve and place take their card from.
    stock_pile: ClassVar[str | None] = None
    # Single keys (Tk keysym -> command) as the game's own help gives them; the
    # window binds them and every sentence that names a key reads them.
    letter_keys: ClassVar[Mapping[str, str]] = MappingProxyType({"d": "deal", "h": "hint"})
    # The player's settings only this game uses (its Options menu shows them
    # while it is played): "messages", "easy_mode", "move_alert".
    own_settings: ClassVar[tuple[str, ...]] = ()
    # Why a lost game is over while legal moves are still left (SPEC 2): each
    # game says where its cards go home.
    over_with_moves: ClassVar[str] = "you can still move cards, but none can ever go home again."
    # How many positions the game-over search may look at (of the search
    # state, see `oversearch`).  When it runs out the game is said to go on:
    # a game that might go on is never ended.
    over_search_budget: ClassVar[int] = 200
    # Whether a sampled hint counts a search that ran out of positions by how
    # many cards it brought home (`Verdict.best`, tutor/sampling.py).  Where
    # most searches run out far from the end (Klondike, Thirteen) the hints
    # benchmark won less with it than by leaving those arrangements out.
    hint_counts_unfinished_searches: ClassVar[bool] = False
    # Whether a sampled hint tries a close call between its two best moves on
    # more arrangements (`Sampling.race_samples`, tutor/sampling.py): measured
    # to win more where it is on, at about twice the work a hint.
    hint_races_close_calls: ClassVar[bool] = False
    # Whether a sampled hint breaks a tie between moves by the one whose wins
    # hold with one plan (`Sampling.plan_tie_break`, tutor/sampling.py): on
    # where it was measured to win more.  (Thirteen, deals 1-2000: 31 won
    # with it, 42 without; the quick hint alone 37.)
    hint_plans_ties: ClassVar[bool] = False

    def __init__(self, deck: Sequence[Card], *, variant: str | None = None,
                 seed: int | None = None, options: Mapping[str, Any] | None = None,
                 player: str = "", started: str | None = None) -> None:
        variant = self.variants[0] if variant is None else variant
        if variant not in self.variants:
            choices = ", ".join(self.variants)
            raise ValueError(f"{self.title} has no variant '{variant}' (choose {choices}).")
        self.variant = variant
        self.options: dict[str, bool] = dict(self.option_defaults)
        for key, value in (options or {}).items():
            if key not in self.option_defaults:
                raise ValueError(f"{self.title} has no option '{key}'.")
            if not isinstance(value, bool):
                raise ValueError(f"The option '{key}' must be true or false.")
            self.options[key] = value
        check_deck(deck, self.decks)
        self._deck = tuple(card.turned(True) for card in deck)
        self.deck: tuple[str, ...] = tuple(card.code for card in deck)
        self.seed = seed
        self.player = player
        self.started = started or datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        self.log: list[JsonDict] = []
        self._undo: UndoStep | None = None
        # Positions before the steps just under the top of undo's stack, made
        # while undoing (see _go_before); and whether the last change was an undo.
        self._rebuilt: list[tuple[UndoStep, Position]] = []
        self._took_back = False
        self._elapsed_before = 0.0
        self._clock_from = time.monotonic()
        self._piles: dict[str, list[Card]] = {pid: [] for pid in self.pile_ids}
        # The game-over search's answers, by position (is_over is asked often).
        self._over_cache: dict[tuple[Position, int], bool] = {}
        self._deal(list(self._deck))

    @classmethod
    def deck_for_layout(cls, layout: Mapping[str, Sequence[Card]]) -> list[Card]:
        """The deck that deals `layout` (each pile as dealt, bottom card first):
        the deal run backwards, so a lesson's position is a normal game.

        This default suits a game that deals by place alone: it deals a deck
        of different cards, sees where each place in the deck lands, and reads
        the layout back in that order.  A game whose deal looks at the cards
        overrides it.  ValueError when the layout is not the shape of a deal.
        """
        probe = cls(new_deck_order(cls.decks))
        landed = {card.code: (pid, index) for pid, pile in probe._piles.items()
                  for index, card in enumerate(pile)}
        if len(landed) != len(probe._deck):
            raise ValueError(f"{cls.title} needs its own deck_for_layout.")
        for pid in cls.pile_ids:
            if len(layout.get(pid, ())) != len(probe._piles[pid]):
                raise ValueError(f"{pid} must hold {len(probe._piles[pid])} cards "
                                 f"when {cls.title} is dealt.")
        deck = [layout[pid][index].turned(True)
                for pid, index in (landed[card.code] for card in probe._deck)]
        check_deck(deck, cls.decks)
        return deck

    # -- hooks for each game ---------------------------------------------
    def _deal(self, deck: list[Card]) -> None:
        raise NotImplementedError

    def _candidates(self) -> Iterable[Move]:
        """Every move worth asking `_check` about (a superset of the legal ones)."""
        raise NotImplementedError

    def _check(self, move: Move) -> str | None:
        """Why `move` breaks a rule, in a pupil's words; None if it is legal."""
        raise NotImplementedError

    def _apply(self, move: Move) -> None:
        raise NotImplementedError

    def _normalize(self, move: Move) -> Move:
        """The one spelling of a move that the log records (pairs in order...)."""
        return move

    def _canonical(self, move: Move) -> Move:
        if move.action in DECK_ACTIONS:
            plain = (move.src is None and move.dst is None and move.count == 1
                     and move.index is None and move.piles is None)
            return move if plain else _DECK_MOVES[move.action]
        return self._normalize(move)

    def _clears_undo(self, move: Move) -> bool:
        """True for a move that undo may never reach back past."""
        return False

    def describe(self, move: Move | Mapping[str, Any]) -> str:
        raise NotImplementedError

    def place(self, pile_id: str) -> str:
        """A pile's name as the game's own help says it ("stack 3", "box 12")."""
        raise NotImplementedError

    def face_down_cards(self) -> tuple[Card, ...]:
        """The face-down cards, pile by pile: taken before a move, so that `told`
        can say what the move turned up."""
        return tuple(card for pile in self._piles.values() for card in pile
                     if not card.face_up)

    def told(self, said: str, move: Move, before: tuple[Card, ...]) -> str:
        """After `move`: its sentence `said` (made before it, as `describe`)
        with the cards it turned face up named in it ("Turn over the next card
        of the deck: the 5 of hearts.").  `before` is `face_down_cards()` from
        before the move.  The pupil, and a replay's step, then read what came
        up, not only that something did; Undo's label stays `said`."""
        after = self.face_down_cards()
        if after == before or not said:   # most moves turn nothing up
            return said
        turned = Counter(before) - Counter(after)   # face down before, not now
        shown = []
        for pid in self.pile_ids:
            for card in self._piles[pid]:
                if card.face_up and turned[card.turned(False)] > 0:
                    turned[card.turned(False)] -= 1
                    shown.append(card)
        return self._told_with(said, move, shown) if shown else said

    def _told_with(self, said: str, move: Move, shown: list[Card]) -> str:
        """`said` with the cards `move` turned up (a game may say it its own way)."""
        return f"{said.rstrip('.')}: {and_list([card.name for card in shown])}."

    def place_number(self, pile_id: str) -> int | None:
        """The number the game's words give a place ("stack 12" -> 12), or None."""
        last = self.place(pile_id).rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else None

    def lesson_section(self, move: Move | None) -> str:
        """The id of the lesson section (lessons/GAME.md) with the rule `move`
        breaks; None is an undo.  Each game names its own sections."""
        return "playing" if move is None else "rules"

    def hold_prompt_for(self, pile_id: str, index: int) -> str:
        """What to do next once the card at (pile_id, index) is picked up, in a
        pupil's words ("Now choose where it goes"): `hold_prompt` unless a game
        says otherwise for some cards (one to place, one to pair...)."""
        return self.hold_prompt

    def stock_note(self) -> str | None:
        """A few words for the empty deck (can it be turned over again?), or None."""
        return None

    def progress(self) -> int:
        """Cards brought home: higher is better in every game (unlike Cruel's score)."""
        return self.score()

    def is_won(self) -> bool:
        raise NotImplementedError

    def score(self) -> int:
        raise NotImplementedError

    def _search_moves(self) -> Iterable[Move]:
        """Exactly the moves `legal_moves()` gives, found fast and without any
        sentence: the game-over search asks for them in thousands of positions.
        (A test keeps the two equal in random positions of every game.)"""
        return self.legal_moves()

    def _unseen(self) -> int:
        """How many cards the player has not seen yet (SPEC 2): here every
        face-down card; a game whose face-down cards were seen says otherwise
        (`unseen_places`)."""
        return len(self.unseen_places())

    def unseen_places(self) -> list[tuple[str, int]]:
        """Where the cards lie that the player has not seen, as (pile, index
        from the bottom): here every face-down card.  A game whose face-down
        cards were seen (a deck already gone through) says otherwise."""
        return [(pid, index) for pid in self.pile_ids
                for index, card in enumerate(self._piles[pid]) if not card.face_up]

    def with_unseen_shuffled(self, rng: random.Random) -> Game:
        """A copy in which the unseen cards (`unseen_places`) lie in another
        order, chosen by `rng`; everything the player has seen stays as it is.

        The cards are put in a fixed order before they are shuffled, so the
        copy depends only on what the player has seen and on `rng`, never on
        where the unseen cards really lie.  The copy is for searching (a
        hint's "what if the hidden cards lay like this?"): its log and undo
        still tell the real game.
        """
        twin = self.copy()
        places = self.unseen_places()
        cards = sorted((self._piles[pid][index] for pid, index in places),
                       key=lambda card: (card.suit, card.rank))
        rng.shuffle(cards)
        for (pid, index), card in zip(places, cards):
            twin._piles[pid][index] = card.turned(self._piles[pid][index].face_up)
        return twin

    def _no_move_reason(self) -> str:
        """Why the game is over when no legal move at all is left."""
        return "no move is left."

    def loop_key(self) -> Position:
        """The position, leaving out what only ever grows (how often an unlimited
        deck was turned over), so that going round in a circle is seen as coming back."""
        return self._loop_key_of(self.position())

    def _loop_key_of(self, position: Position) -> Position:
        """`loop_key` of a given position of this game (hook: by default all of it)."""
        return position

    def _loss_reason(self) -> str | None:
        """Why nothing new can ever be done, or None while the game goes on."""
        if self.is_won() or not self._nothing_new_left():
            return None
        reason = self.over_with_moves if self.moves_left_when_over() else self._no_move_reason()
        return f"{reason} {self._waiting_note()}".rstrip()

    def waiting_cards(self) -> list[Card]:
        """The cards the home piles need next (one a pile), where a game has
        such piles to build up: the game-over sentence says where they are stuck."""
        return []

    def _waiting_note(self) -> str:
        """"The home stacks wait for the 3 of hearts (face down under other cards) and ..."."""
        lying = [(card, self.where_is(card)) for card in self.waiting_cards()]
        where = [f"{card.name} ({place})" for card, place in lying if place]
        return f"{self.waiting_words} {and_list(where)}." if where else ""

    def where_is(self, wanted: Card) -> str:
        """Where a card lies, as a pupil sees it: "under the 9 of clubs in stack 2",
        "on top of stack 3", "face down under other cards", or "not turned up
        yet" in the stock (never which face-down card lies where: the pupil
        has not seen it)."""
        for pid in self.pile_ids:
            pile = self._piles[pid]
            for index, card in enumerate(pile):
                if (card.rank, card.suit) != (wanted.rank, wanted.suit):
                    continue
                if not card.face_up:   # (which card is on it is not given away)
                    return ("not turned up yet" if pid == self.stock_pile
                            else "face down under other cards")
                if index == len(pile) - 1:
                    return f"on top of {self.place(pid)}"
                return f"under {pile[index + 1].name} in {self.place(pid)}"
        return ""   # (a position set out with some cards left out)

    def table_layout(self, width: float, height: float,
                     min_number_size: int = MIN_NUMBER_SIZE) -> TableLayout:
        """Where each pile sits on a table of this size, and the card size
        (`tablelayout`): every pile in `pile_ids` gets a place, and each place
        number room for its font size, at least `min_number_size` pixels."""
        raise NotImplementedError(f"{self.title} has no table layout.")

    def search_state(self) -> SearchState:
        """The solver's fast copy of this position (see `searchstate`); the game
        itself is not changed by searching it."""
        raise NotImplementedError(f"The solver cannot search {self.title} yet.")

    def hidden_cost(self, move: Move) -> str | None:
        """A sentence for a pupil about what `move` changes that is easy to miss
        (said where the better hint turns the move down), or None.  None
        unless a game says so."""
        return None

    def safe_home_moves(self) -> list[Move]:
        """Legal moves that bring a card home and can never spoil the game, so
        the app may make them by itself (auto-move).  None unless a game says so."""
        return []

    def can_finish(self) -> bool:
        """Whether every card left can now go home, one after another, with no
        card left to find (the Finish command).  No unless a game says so."""
        return False

    # -- the public API ----------------------------------------------------
    @property
    def piles(self) -> Mapping[str, Sequence[Card]]:
        return MappingProxyType(self._piles)

    def legal_moves(self, src: str | None = None) -> list[Move]:
        """All legal moves now; with `src`, only those taking cards from it."""
        return [move for move in self._candidates()
                if (src is None or move.src == src) and self._check(move) is None]

    def quick_legal_moves(self) -> list[Move]:
        """The same moves as `legal_moves()`, found without writing a reason for
        each move left out: for code that plays many scratch moves (a playout)."""
        return list(self._search_moves())

    def why_illegal(self, move: Move | Mapping[str, Any]) -> str | None:
        """The reason `move` is not allowed now, or None if it is legal."""
        try:
            checked = self._canonical(as_move(move))
        except MoveFormatError as error:
            return str(error)
        return self._check_shape(checked) or self._check(checked)

    def is_legal(self, move: Move | Mapping[str, Any]) -> bool:
        return self.why_illegal(move) is None

    def play(self, move: Move | Mapping[str, Any]) -> Move:
        """Make a legal move and log it; raise `IllegalMove` with the reason if not."""
        checked = self._checked(move)
        self._make(checked)
        self.log.append({**checked.to_json(), "t": self.elapsed()})
        return checked

    def _checked(self, move: Move | Mapping[str, Any]) -> Move:
        """The one spelling of a legal move; `IllegalMove` with the reason if not legal."""
        try:
            checked = self._canonical(as_move(move))
        except MoveFormatError as error:
            raise IllegalMove(str(error)) from None
        reason = self._check_shape(checked) or self._check(checked)
        if reason is not None:
            raise IllegalMove(reason, checked)
        return checked

    def _make(self, move: Move) -> None:
        """Make a move already checked, keeping undo's stack (but not the log)."""
        self._took_back = False
        if self._rebuilt:
            self._rebuilt = []
        below = self._undo
        depth = below.depth + 1 if below is not None else 1
        limited = self.undo_limit is not None
        before = self.position() if limited or (depth - 1) % UNDO_POSITION_EVERY == 0 else None
        self._apply(move)
        if self._clears_undo(move):
            self._undo = None
        elif limited:
            self._push_undo(move, before)
        else:
            self._undo = UndoStep(move, before, below, depth)

    def can_undo(self) -> bool:
        return self._undo is not None

    def why_no_undo(self) -> str | None:
        """Why undo is not possible now (this game's undo rule), or None if it is."""
        return None if self._undo is not None else self._no_undo_reason()

    def undo_label(self) -> str | None:
        """The sentence for the move that undo would take back."""
        if self._undo is None:
            return None
        now = self.position()
        self._go_before(self._undo, remember=False)
        label = self.describe(self._undo.move)
        self._restore(now)
        return label

    def undo_move(self) -> Move | None:
        """The move that undo would take back, or None."""
        return self._undo.move if self._undo else None

    def undo(self) -> str:
        """Take back the last move (within this game's undo rule); it is logged."""
        if self._undo is None:
            raise IllegalMove(self._no_undo_reason())
        step = self._take_back()
        self.log.append({"action": "undo", "t": self.elapsed()})
        # Said in the position the move was made from, as when it was made.
        return self.describe(step.move)

    def _take_back(self) -> UndoStep:
        """Put the position back to before the top step's move and drop the
        step (but leave the log alone); the step is returned."""
        step = self._undo
        assert step is not None
        # The second undo in a row keeps what it rebuilds for the ones after it.
        self._go_before(step, remember=self._took_back)
        if self._rebuilt and self._rebuilt[-1][0] is step:
            self._rebuilt.pop()   # taken back: no step needs it now
        self._undo = step.below
        self._took_back = True
        return step

    def _go_before(self, step: UndoStep, remember: bool) -> None:
        """Put the game in the position before `step`'s move: kept on the step,
        or rebuilt by making the moves again from the nearest step below that
        kept one (the undo stack is left alone).  With `remember`, the positions
        passed on the way are kept for the steps between, so that a run of
        undos does not rebuild the same positions again and again."""
        if step.position is not None:
            self._restore(step.position)
            return
        if self._rebuilt and self._rebuilt[-1][0] is step:
            self._restore(self._rebuilt[-1][1])
            return
        chain = [step]   # from `step` down to the nearest step that kept its position
        while chain[-1].position is None:
            below = chain[-1].below
            assert below is not None, "the bottom step keeps its position"
            chain.append(below)
        kept = chain[-1].position
        assert kept is not None
        self._restore(kept)
        self._rebuilt = []
        for index in range(len(chain) - 1, 0, -1):
            self._apply(chain[index].move)
            if remember and index > 1:
                self._rebuilt.append((chain[index - 1], self.position()))

    def _no_undo_reason(self) -> str:
        made = sum(1 for entry in self.log if entry["action"] != "undo")
        if not made:
            return "There is no move to take back yet."
        # Each undo takes back one move: only moves still standing can be out
        # of undo's reach.
        if self.undo_limit is not None and made > len(self.log) - made:
            return f"You can only take back your last {self.undo_limit} moves."
        return "There is no move left to take back."

    def home_moves(self) -> list[Move]:
        """The legal moves that bring cards home (or take them away) right now."""
        before, progress = self.position(), self.progress()
        out = []
        for move in self.legal_moves():
            if move.action in DECK_ACTIONS:
                continue
            self._apply(move)
            if self.progress() > progress:
                out.append(move)
            self._restore(before)
        return out

    def finish_moves(self) -> list[Move]:
        """When `can_finish`: the home moves that bring every card left home, in order."""
        if not self.can_finish():
            return []
        return self._home_moves_to_win() or []

    def _home_moves_to_win(self) -> list[Move] | None:
        """Play only home moves, the first one each time, until none is left:
        the moves if that wins the game, None if not.  The game is left as it was."""
        before = self.position()
        played: list[Move] = []
        try:
            while not self.is_won():
                moves = self.home_moves()
                if not moves:
                    return None
                self._apply(moves[0])
                played.append(moves[0])
            return played
        finally:
            self._restore(before)

    def is_over(self) -> bool:
        """Won, or no sequence of legal moves can ever do something new (SPEC 2)."""
        return self.is_won() or self._nothing_new_left()

    def lost_comfort(self) -> str:
        """Said to a pupil who lost, where most deals are lost however well
        they are played (a loss after following every hint read as a failure
        of their own); "" where most deals can be won."""
        return ""

    def moves_left_when_over(self) -> bool:
        """True for a lost game in which legal moves are left (they only go round)."""
        return (not self.is_won() and self._nothing_new_left()
                and any(True for _ in self._search_moves()))

    def result_kind(self) -> str:
        """"won", "lost" or "going": how the views colour what they say of the game."""
        if self.is_won():
            return "won"
        return "lost" if self.is_over() else "going"

    def loss_reason(self) -> str | None:
        """Why the game is lost ("no card can move, ..."), or None while it is not."""
        return None if self.is_won() else self._loss_reason()

    def outcome(self) -> str:
        """One sentence on how the game stands: won, lost and why, or going on."""
        if self.is_won():
            return f"You won! {self.won_words}"
        reason = self._loss_reason()
        if reason is None:
            return "The game is still going."
        return f"Game over: {reason}"

    def outcome_detail(self) -> str:
        """`outcome` for under a heading that already says "You won!" or
        "Game over" (the game-over dialog, the tutor panel): the rest of it
        alone, "Every card is where it belongs.", so nothing is said twice."""
        if self.is_won():
            return self.won_words
        reason = self._loss_reason()
        return "The game is still going." if reason is None else sentence(reason)

    def position(self) -> Position:
        """The whole position as a hashable value (cards of every pile, and flags)."""
        piles = tuple(tuple(self._piles[pid]) for pid in self.pile_ids)
        return piles, tuple(getattr(self, name) for name in self.extra_state)

    def elapsed(self) -> float:
        return round(self._elapsed_before + time.monotonic() - self._clock_from, 1)

    def to_json(self) -> JsonDict:
        """The saved-game record of SPEC section 4."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.game_id,
            "variant": self.variant,
            "options": dict(self.options),
            "seed": self.seed,
            "deck": deck_text(self._deck),
            "player": self.player,
            "started": self.started,
            "log": [dict(entry) for entry in self.log],
            "result": {"over": self.is_over(), "won": self.is_won(), "score": self.score()},
        }

    def checkpoint(self) -> Checkpoint:
        return Checkpoint(self.position(), self._undo, len(self.log), self.elapsed())

    def restore_checkpoint(self, point: Checkpoint, log: Sequence[JsonDict]) -> None:
        """Put the game back at `point`; `log` is the log up to that point."""
        self._restore(point.position)
        self._undo = point.undo
        self._rebuilt, self._took_back = [], False
        # A logged entry is never changed afterwards, so games may share them.
        kept = log[:point.log_length]
        self.log = kept if isinstance(kept, list) else list(kept)
        self._elapsed_before = point.elapsed
        self._clock_from = time.monotonic()

    def copy(self) -> Game:
        """An independent game in the same position, with the same history."""
        twin = type(self)(self._deck, variant=self.variant, seed=self.seed,
                          options=self.options, player=self.player, started=self.started)
        twin.restore_checkpoint(self.checkpoint(), self.log)
        return twin

    def __str__(self) -> str:
        """The table as text, one pile a line (face-down cards in brackets)."""
        lines = [f"{self.title} ({self.variant}), deal {self.seed}: score {self.score()}"]
        width = max(len(pid) for pid in self.pile_ids)
        for pid in self.pile_ids:
            cards = " ".join(repr(card) for card in self._piles[pid])
            lines.append(f"  {pid:<{width}}  {cards or '-'}")
        return "\n".join(lines)

    # -- moves as the table sees them -----------------------------------------
    def touches(self, move: Move | Mapping[str, Any]) -> list[tuple[str, int | None]]:
        """The cards a move picks up, as (pile, index from the bottom).

        The index is None when the move acts on the pile's place rather than
        a card (turning an empty deck over).  The table uses this to light up
        movable cards and to match a click or a drag to a legal move.
        """
        move = as_move(move)
        if move.piles:
            out: list[tuple[str, int | None]] = []
            for pid in move.piles:
                # The same pile named twice means the top card and the one under it.
                depth = sum(1 for taken, _ in out if taken == pid)
                index = len(self._piles.get(pid, ())) - 1 - depth
                out.append((pid, index if index >= 0 else None))
            return out
        if move.src is not None:
            if move.index is not None:
                return [(move.src, move.index)]
            size = len(self._piles.get(move.src, ()))
            index = size - move.count
            return [(move.src, index if 0 <= index < size else None)]
        if self.stock_pile is not None and (move.action in STOCK_ACTIONS
                                            or move.action == "place"):
            size = len(self._piles[self.stock_pile])
            return [(self.stock_pile, size - 1 if size else None)]
        return []

    def drag_move(self, src: str, index: int, dst: str) -> Move:
        """The move a player means by dragging the card at (src, index) onto dst.

        It may be illegal: the table asks `why_illegal` and shows the reason.
        """
        return Move("move", src, dst, count=max(1, len(self._piles.get(src, ())) - index))

    # -- the game-over search (SPEC 2) -----------------------------------------
    def _search_key(self, position: Position) -> tuple[Any, Any]:
        """How the search files a position: (a key, where the deck stands).

        Positions with the same key differ only in how far the deck has been
        turned; `_deck_reaches` says when one of them leads to another by
        turning the deck alone (its `STOCK_ACTIONS`), so the search need not
        go both ways.  By default the deck is part of the key.
        """
        return self._loop_key_of(position), None

    def _deck_reaches(self, start: Any, goal: Any) -> bool:
        """Whether turning the deck alone leads from deck state `start` to `goal`."""
        return bool(start == goal)

    def _moves_after_turning(self) -> Iterable[Move]:
        """The legal moves that may do something else once the deck has been
        turned (hook: by default all of them).  Only these are tried again
        after turning the deck: any other move did the same just before, from
        a position that leads here."""
        return self._search_moves()

    def _nothing_new_left(self) -> bool:
        """Whether no sequence of legal moves brings a card home or turns up an unseen card."""
        key = (self.loop_key(), self._unseen())
        answer = self._over_cache.get(key)
        if answer is None:
            answer = self._over_by_search_state()
            if answer is not None:
                self._over_cache[key] = answer
                return answer
            reached = self._search_for_something_new()
            answer = reached is not None
            # Every position the search went through can reach only what it
            # reached, so each of them is over too.
            for seen in reached or (key[0],):
                self._over_cache[(seen, key[1])] = answer
        return answer

    def _over_by_search_state(self) -> bool | None:
        """`_nothing_new_left` on the solver's fast position (`oversearch`);
        None for a game whose search state cannot say it (then the search
        below, over the public moves, does)."""
        try:
            state = self.search_state()
        except NotImplementedError:
            return None
        if not can_search_over(state):
            return None
        # A search that gives up says the game goes on: one that might is never ended.
        return search_for_something_new(state, self.over_search_budget) == OVER

    def _search_for_something_new(self) -> list[Position] | None:
        """Depth first over the positions reachable by moves that do nothing new,
        on the game itself: for a game whose search state cannot do it
        (`_over_by_search_state`), and the tests' yardstick for those that can.

        Returns None the moment a legal move does something new (or when the
        budget runs out), else the positions (by `loop_key`) it went through.
        The game is played on itself with `_apply` and put back exactly as it
        was: the log and undo are never touched.
        """
        start = self.position()
        home, unseen = self.progress(), self._unseen()
        key, deck = self._search_key(start)
        filed: dict[Any, list[Any]] = {key: [deck]}
        went: list[Position] = [self._loop_key_of(start)]
        todo = [(start, False)]
        budget = self.over_search_budget
        try:
            while todo:
                here, turned = todo.pop()
                self._restore(here)
                fresh: list[tuple[Position, bool]] = []
                for move in list(self._moves_after_turning() if turned else self._search_moves()):
                    self._apply(move)
                    if self.progress() > home or self._unseen() < unseen:
                        return None
                    there = self.position()
                    key, deck = self._search_key(there)
                    decks = filed.setdefault(key, [])
                    # A position that turning the deck leads to from one already
                    # filed is reached from there anyway; but the deck's own
                    # moves are followed one by one, or nothing would be.
                    turning = move.action in STOCK_ACTIONS
                    if (deck not in decks if turning
                            else not any(self._deck_reaches(old, deck) for old in decks)):
                        if len(went) >= budget:
                            return None
                        decks.append(deck)
                        went.append(self._loop_key_of(there))
                        fresh.append((there, turning))
                    self._restore(here)
                # The first move a game lists (turning its deck) is followed first.
                todo.extend(reversed(fresh))
            return went
        finally:
            self._restore(start)

    # -- helpers for the games --------------------------------------------
    def top(self, pile_id: str) -> Card | None:
        pile = self._piles[pile_id]
        return pile[-1] if pile else None

    def _check_shape(self, move: Move) -> str | None:
        if move.action not in self.actions:
            return f"There is no '{move.action}' move in {self.title}."
        if (move.src is None and move.dst is None and move.piles is None
                and move.index is None and move.count == 1):
            return None   # nothing but the action, which is one of the game's
        allowed = ACTION_FIELDS.get(move.action, frozenset())
        # Asked in alphabetical order, so the first stray field is always the same one.
        stray = ("count" if move.count != 1 and "count" not in allowed else
                 "dst" if move.dst is not None and "dst" not in allowed else
                 "index" if move.index is not None and "index" not in allowed else
                 "piles" if move.piles is not None and "piles" not in allowed else
                 "src" if move.src is not None and "src" not in allowed else None)
        if stray is not None:
            return f"A '{move.action}' move does not take '{stray}'."
        for pid in (move.src, move.dst, *(move.piles or ())):
            if pid is not None and pid not in self._piles:
                return f"{self.title} has no place called '{pid}'."
        return None

    def _restore(self, position: Position) -> None:
        piles, extras = position
        for pid, cards in zip(self.pile_ids, piles):
            self._piles[pid] = list(cards)
        for name, value in zip(self.extra_state, extras):
            setattr(self, name, value)

    def _push_undo(self, move: Move, before: Position | None) -> None:
        depth = self._undo.depth + 1 if self._undo else 1
        self._undo = UndoStep(move, before, self._undo, depth)
        if self.undo_limit is not None and depth > self.undo_limit:
            self._undo = _keep_top(self._undo, self.undo_limit)


def _keep_top(step: UndoStep, keep: int) -> UndoStep:
    """The newest `keep` steps of an undo stack, the older ones dropped."""
    newest: list[UndoStep] = []
    node: UndoStep | None = step
    while node is not None and len(newest) < keep:
        newest.append(node)
        node = node.below
    below: UndoStep | None = None
    for depth, old in enumerate(reversed(newest), start=1):
        below = UndoStep(old.move, old.position, below, depth)
    assert below is not None
    return below
