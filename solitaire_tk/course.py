"""The courses: short lessons that teach a game by playing it (headless).

A course is `lessons/courses/<game id>.toml` (see `lessons/README.md`): a
list of lessons, each a title and a few steps.  A step is a position, one
sentence of task, the moves that count as right and a closing sentence.

The position is a normal game: the deck comes from the game's own
`deck_for_layout` (the deal run backwards), so it can be saved and
replayed like any other.  A step names only the cards that matter, as the
top cards of their piles; the rest of the deal is filled in from a fixed
shuffle (`seed`).  Then the step's `setup` moves are played.

    course = load_course("thirteen")
    trying = StepTry(course.game_id, course.lessons[0].steps[0])
    answer = trying.attempt({"action": "remove", "piles": ["pile1"]})
    answer.kind            # "right", "illegal" or "wrong"
    answer.text            # the sentence to show
    answer.nudge           # after two wrong tries: the cards to look at
    answer.answer          # after three: the right move
"""

from __future__ import annotations

import tomllib
from typing import Any, Mapping, Sequence

from .cards import Card, parse_card, shuffled_deck
from .engine import Game
from .moves import Move, MoveFormatError, as_move
from .records import field, record
from .registry import game_class, new_game
from .resources import read_resource

__all__ = ["Course", "CourseError", "CourseLesson", "NUDGE_AFTER", "ANSWER_AFTER", "Step",
           "StepTry", "Verdict", "build_deck", "lesson_key", "load_course", "parse_course",
           "start_step"]

# After this many wrong tries the card to look at (or its place) lights up;
# after ANSWER_AFTER the answer is shown.
NUDGE_AFTER = 2
ANSWER_AFTER = 3


class CourseError(ValueError):
    """A course file that cannot be used; the message says which file and where."""


@record(frozen=True)
class Step:
    task: str
    right: tuple[Move, ...]
    done: str
    piles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # wanted top cards
    setup: tuple[Move, ...] = ()
    expect: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # tops after setup
    seed: int = 1
    variant: str | None = None
    options: Mapping[str, bool] = field(default_factory=dict)
    not_this: str = ""  # why a legal move that is not the right one is not the task's
    # Two decks hold two of each card: moving the twin of a named card does what
    # the words ask, unless the step is about choosing one of the two.
    this_copy_only: bool = False


@record(frozen=True)
class CourseLesson:
    id: str
    title: str
    steps: tuple[Step, ...]


@record(frozen=True)
class Course:
    game_id: str
    title: str
    lessons: tuple[CourseLesson, ...]
    end: str  # said when the last lesson is done

    def lesson(self, lesson_id: str) -> CourseLesson | None:
        return next((lesson for lesson in self.lessons if lesson.id == lesson_id), None)


def lesson_key(game_id: str, lesson_id: str) -> str:
    """How a finished lesson is written in a player's `lessons_done`."""
    return f"{game_id}/{lesson_id}"


# -- reading ---------------------------------------------------------------------
def load_course(game_id: str) -> Course:
    """Read `lessons/courses/<game_id>.toml`; CourseError says what is wrong."""
    cls = game_class(game_id)
    try:
        data = read_resource("lessons", "courses", f"{game_id}.toml")
    except FileNotFoundError:
        raise CourseError(f"There is no course for {cls.title} yet.") from None
    return parse_course(data.decode("utf-8", errors="replace"), game_id)


def parse_course(text: str, game_id: str) -> Course:
    name = f"lessons/courses/{game_id}.toml"
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CourseError(f"The course file {name} is not written right: {error}.") from None
    lessons = []
    seen: set[str] = set()
    for n, raw in enumerate(_list(data, "lesson", name), 1):
        where = f"{name}, lesson {n}"
        lesson_id = _text(raw, "id", where)
        if lesson_id in seen or "/" in lesson_id:
            raise CourseError(f"{where}: the id '{lesson_id}' is used twice or has a '/'.")
        seen.add(lesson_id)
        steps = tuple(_step(step, f"{where}, step {k}")
                      for k, step in enumerate(_list(raw, "step", where), 1))
        if not steps:
            raise CourseError(f"{where} has no steps.")
        lessons.append(CourseLesson(lesson_id, _text(raw, "title", where), steps))
    if not lessons:
        raise CourseError(f"The course file {name} has no lessons.")
    title = data.get("title", game_class(game_id).title)
    end = data.get("end", "You have done every lesson. Now play a real game!")
    return Course(game_id, str(title), tuple(lessons), str(end))


def _step(raw: Mapping[str, Any], where: str) -> Step:
    right = _moves(raw, "right", where)
    if not right:
        raise CourseError(f"{where} has no right move.")
    options = raw.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, bool) for v in options.values()):
        raise CourseError(f"{where}: 'options' must be names set to true or false.")
    seed = raw.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CourseError(f"{where}: 'seed' must be a whole number.")
    variant = raw.get("variant")
    this_copy_only = raw.get("this_copy_only", False)
    if not isinstance(this_copy_only, bool):
        raise CourseError(f"{where}: 'this_copy_only' must be true or false.")
    return Step(task=_text(raw, "task", where), right=right, done=_text(raw, "done", where),
                piles=_layout(raw, "piles", where), setup=_moves(raw, "setup", where),
                expect=_layout(raw, "expect", where), seed=seed,
                variant=None if variant is None else str(variant), options=dict(options),
                not_this=str(raw.get("not_this", "")), this_copy_only=this_copy_only)


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Mapping[str, Any]]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        raise CourseError(f"{where}: '{key}' must be a list of tables ([[{key}]]).")
    return value


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not value.strip():
        raise CourseError(f"{where} needs '{key}', a line of text.")
    return " ".join(value.split())


def _moves(data: Mapping[str, Any], key: str, where: str) -> tuple[Move, ...]:
    try:
        return tuple(as_move(move) for move in data.get(key, []))
    except (MoveFormatError, TypeError) as error:
        raise CourseError(f"{where}: a move in '{key}' is not a move ({error}).") from None


def _layout(data: Mapping[str, Any], key: str, where: str) -> dict[str, tuple[str, ...]]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise CourseError(f"{where}: '{key}' must name piles and their top cards.")
    out: dict[str, tuple[str, ...]] = {}
    for pid, cards in value.items():
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise CourseError(f"{where}: '{key}.{pid}' must be a list of cards like \"KH\".")
        try:
            out[pid] = tuple(parse_card(code).code for code in cards)
        except ValueError as error:
            raise CourseError(f"{where}: {error}") from None
    return out


# -- the position -------------------------------------------------------------
def build_deck(cls: type[Game], step: Step) -> list[Card]:
    """The deck that deals the step's wanted top cards.

    A deal from the step's seed is the start; each wanted card is swapped
    into its place; the game's `deck_for_layout` turns that layout back into
    a deck, which is dealt again to check every wanted card is where asked.
    """
    base = cls(shuffled_deck(step.seed, cls.decks), variant=step.variant)
    layout = {pid: list(pile) for pid, pile in base.piles.items()}
    fixed: set[tuple[str, int]] = set()
    for pid, wanted in step.piles.items():
        pile = layout.get(pid)
        if pile is None or len(wanted) > len(pile):
            raise CourseError(f"{cls.title}: {pid} cannot have {len(wanted)} cards at the deal.")
        for offset, code in enumerate(wanted):
            place = (pid, len(pile) - len(wanted) + offset)
            found = next(((other, i) for other, cards in layout.items()
                          for i, card in enumerate(cards)
                          if card.code == code and (other, i) not in fixed), None)
            if found is None:
                raise CourseError(f"{cls.title}: the card {code} is asked for too often.")
            a, b = layout[place[0]], layout[found[0]]
            a[place[1]], b[found[1]] = b[found[1]], a[place[1]]
            fixed.add(place)
    try:
        deck = cls.deck_for_layout(layout)
    except ValueError as error:
        raise CourseError(f"{cls.title}: that layout cannot be dealt ({error}).") from None
    dealt = cls(deck, variant=step.variant)
    if not _tops_match(dealt, step.piles):
        raise CourseError(f"{cls.title}: the deal does not put the wanted cards on top.")
    return deck


def _tops_match(game: Game, wanted: Mapping[str, Sequence[str]]) -> bool:
    for pid, codes in wanted.items():
        pile = [card.code for card in game.piles.get(pid, ())]
        # An empty list means the pile is empty; otherwise these are its top cards.
        if (pile[len(pile) - len(codes):] if codes else pile) != list(codes):
            return False
    return True


def start_step(game_id: str, step: Step, player: str = "") -> Game:
    """A new game in the step's position (the deck, then the setup moves)."""
    cls = game_class(game_id)
    game = new_game(game_id, step.variant, deck=build_deck(cls, step),
                    options=dict(step.options), player=player)
    for move in step.setup:
        reason = game.why_illegal(move)
        if reason is not None:
            raise CourseError(f"{cls.title}: a setup move cannot be played: {reason}")
        game.play(move)
    if not _tops_match(game, step.expect):
        raise CourseError(f"{cls.title}: after the setup the table is not the one described.")
    return game


# -- trying a step ---------------------------------------------------------------
@record(frozen=True)
class Verdict:
    kind: str  # "right", "illegal" or "wrong"
    text: str
    nudge: tuple[tuple[str, int | None], ...] = ()  # the cards to look at, lit up
    answer: Move | None = None                        # the right move, once shown


class StepTry:
    """One step being tried: a right move is played; any other is not."""

    def __init__(self, game_id: str, step: Step, player: str = "",
                 game: Game | None = None) -> None:
        self.step = step
        self.game = game if game is not None else start_step(game_id, step, player)
        self.wrong_tries = 0
        self.closed = False
        self._right_after = [self._played(move).position() for move in step.right]
        self._right_landings = (set() if step.this_copy_only else
                                {self._landing(move) for move in step.right} - {None})

    def _played(self, move: Move) -> Game:
        twin = self.game.copy()
        reason = twin.why_illegal(move)
        if reason is not None:
            raise CourseError(f"A right move of the step cannot be played: {reason}")
        twin.play(move)
        return twin

    def _landing(self, move: Move) -> tuple[str, tuple[str, ...]] | None:
        """Where a move of cards puts them, and which cards (by face) land there."""
        if move.action != "move" or move.dst is None:
            return None
        before = len(self.game.piles[move.dst])
        return move.dst, tuple(card.code for card in self._played(move).piles[move.dst][before:])

    def is_right(self, move: Move | Mapping[str, Any]) -> bool:
        """Whether a legal move ends where a right move ends (so either spelling
        counts), or puts the same cards in the same place (a twin from the
        second deck: "the Ace of hearts" is either one)."""
        if not self.game.is_legal(move):
            return False
        move = as_move(move)
        return (self._played(move).position() in self._right_after
                or (bool(self._right_landings) and self._landing(move) in self._right_landings))

    def attempt(self, move: Move | Mapping[str, Any]) -> Verdict:
        if self.closed:
            return Verdict("right", self.step.done)
        reason = self.game.why_illegal(move)
        if reason is None and self.is_right(move):
            self.game.play(move)
            self.closed = True
            return Verdict("right", self.step.done)
        self.wrong_tries += 1
        if reason is None:
            why = self.step.not_this or "That move is allowed, but it is not the one this step asks for."
            text = f"{why} {self.step.task}"
        else:
            text = reason
        return self._helped(Verdict("wrong" if reason is None else "illegal", text))

    def _helped(self, verdict: Verdict) -> Verdict:
        right = self.step.right[0]
        if self.wrong_tries >= ANSWER_AFTER:
            return Verdict(verdict.kind, f"{verdict.text} Here is the answer: "
                           f"{self.game.describe(right)}", tuple(self.game.touches(right)), right)
        if self.wrong_tries >= NUDGE_AFTER:
            if right.action == "place" and right.dst is not None:
                # The card to play is the only one that can go: where it goes is
                # what the pupil is looking for, so that place lights up.
                noun = self.game.place(right.dst).rsplit(" ", 1)[0]
                return Verdict(verdict.kind, f"{verdict.text} Look at the {noun} that lights up.",
                               ((right.dst, None),))
            # Only the card to move: its partner or its place is left for the pupil to find.
            return Verdict(verdict.kind, f"{verdict.text} Look at the card that lights up.",
                           tuple(self.game.touches(right))[:1])
        return verdict
