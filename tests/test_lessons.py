"""The lessons: the parser of their Markdown subset, their sections, that
every rule of SPEC section 3 is in the right section, and that they are
written in the project's own words (no run of eight words shared with an
original help document)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from solitaire_tk import GAME_IDS
from solitaire_tk.lessons import (REQUIRED_SECTIONS, RULE_PREFIX, BulletList, Lesson,
                                  NumberedList, Paragraph, Section, Span, load_lesson,
                                  parse_lesson, parse_spans)
from solitaire_tk.registry import game_class, new_game
from solitaire_tk.resources import resource

SEED_DIRS = (Path(__file__).resolve().parents[2] / "shared" / "seeds",
             Path(__file__).resolve().parents[1] / "seeds")
SHARED_RUN = 8   # words in a row that may not be shared with an original help text


def _text(lesson: Lesson, section_id: str) -> str:
    section = lesson.section(section_id)
    assert section is not None, f"{lesson.game_id}: no section {section_id!r}"
    return " ".join(section.plain_text().lower().split())


# -- the rules of SPEC section 3, each as (section, what, alternative patterns) ---------
Fact = tuple[str, str, tuple[str, ...]]

RULE_FACTS: dict[str, list[Fact]] = {
    "cruel": [
        ("layout", "the four Aces start on the suit stacks, C D H S",
         (r"aces? of clubs, diamonds, hearts and spades", r"aces of clubs, diamonds, hearts, spades")),
        ("layout", "twelve stacks of four", (r"stacks 1 to 12", r"twelve stacks")),
        ("layout", "each stack starts with four cards", (r"four cards",)),
        ("layout", "all cards face up", (r"face up",)),
        ("rule-suit-stack", "a suit stack keeps to one suit", (r"one suit", r"own suit")),
        ("rule-suit-stack", "a suit stack takes the card one higher", (r"one higher",)),
        ("rule-suit-stack", "cards never leave a suit stack",
         (r"never come back", r"never leave", r"stay(s)? there")),
        ("rule-stacks", "same suit", (r"own suit", r"same suit")),
        ("rule-stacks", "one lower", (r"one lower",)),
        ("rule-stacks", "7 of hearts onto 8 of hearts", (r"7 of hearts can go onto the 8 of hearts",)),
        ("rule-stacks", "one card at a time", (r"one card at a time",)),
        ("rule-stacks", "an empty stack stays empty and takes nothing",
         (r"empty stack stays empty",)),
        ("rule-stacks", "not even a King fills an empty stack", (r"not even a king",)),
        ("rule-deal", "gathered pile 1 bottom to top, then pile 2...",
         (r"stack 1 from (its )?bottom( card)? to (its )?top( card)?, then stack 2",)),
        ("rule-deal", "dealt back in fours", (r"in fours",)),
        ("rule-deal", "pile 1 gets the first four, pile 2 the next four",
         (r"first four cards to stack 1, the next four to stack 2",)),
        ("rule-deal", "the last pile may get fewer than four", (r"fewer than four",)),
        ("rule-deal", "the piles after it stay empty", (r"after it stay empty",)),
        ("rule-deal", "unlimited redeals", (r"as often as you like", r"as many times as you like")),
        ("rule-deal", "a redeal needs a card moved since the last deal",
         (r"after a card has moved since the last deal", r"at least one card has moved")),
        ("rule-deal", "the Deal button or D", (r"deal\*?\*? button", r"\bd\b")),
        ("rule-backup", "undo is called Backup", (r"backup",)),
        ("rule-backup", "only back to the last deal", (r"as far as the last deal",)),
        ("rule-backup", "Backspace", (r"backspace",)),
        ("rules", "over: all cards up, or no legal move",
         (r"every card is on the suit stacks.*no card can move",)),
        ("scoring", "score: cards left in the twelve stacks", (r"cards left in the twelve stacks",)),
        ("scoring", "lower is better, 0 is a win", (r"lower score is better",)),
        ("scoring", "0 is a win", (r"0 means you won",)),
        ("scoring", "every finished game's score is kept",
         (r"keeps the score of every game you finish",)),
    ],
    "klondike": [
        ("layout", "seven stacks of 1 to 7 cards", (r"stack 1 has one card.*seven in stack 7",)),
        ("layout", "the top card of each stack face up", (r"only the top card of each is face up",)),
        ("layout", "dealt in rows as people deal",
         (r"dealt in rows.*1 to 7, then a row from 2 to 7",)),
        ("layout", "24 cards form the deck", (r"24 cards",)),
        ("layout", "the waste pile", (r"waste pile",)),
        ("rule-stacks", "one lower / one higher", (r"one higher", r"one lower")),
        ("rule-stacks", "other colour", (r"other colour", r"red on black")),
        ("rule-stacks", "a face-up run moves together", (r"run.*moves together",)),
        ("rule-stacks", "the waste's top card plays the same way", (r"top card of the waste",)),
        ("rule-stacks", "exposed face-down cards turn over with the move",
         (r"uncovers a face-down card, it turns over",)),
        ("rule-empty", "only a King into an empty stack", (r"only a \*?\*?king\*?\*? can go into an empty stack",)),
        ("rule-empty", "or a run starting with a King", (r"run that starts with a king",)),
        ("rule-home", "an Ace starts an empty home stack", (r"empty home stack takes only an \*?\*?ace",)),
        ("rule-home", "same suit, one higher", (r"same suit, one higher",)),
        ("rule-home", "one card at a time", (r"one at a time",)),
        ("rule-home", "cards never leave a home stack", (r"never leave a home stack",)),
        ("rule-deck", "draw one: one card, two recycles (three passes)",
         (r"draw one:.*one card at a time.*two times.*three times",)),
        ("rule-deck", "draw three: three cards, unlimited recycling",
         (r"draw three:.*three cards at a time.*as often as you like",)),
        ("rule-deck", "one pass: one card, no recycling",
         (r"one pass only:.*one card at a time.*never made again",)),
        ("rule-deck", "the waste comes back in the same order", (r"same order",)),
        ("rules", "over when all home or turning never helps",
         (r"all cards are home.*turning the deck will never help",)),
        ("scoring", "score: cards on the home stacks, 0 to 52",
         (r"one point for each card.*52",)),
        ("scoring", "score in the status bar", (r"status bar",)),
    ],
    "thirteen": [
        ("layout", "four piles, one card each face up", (r"four piles.*one card, face up",)),
        ("layout", "the discard pile", (r"discard pile",)),
        ("layout", "values: Ace 1, Jack 11, Queen 12, King 13",
         (r"ace is 1.*jack is 11.*queen 12.*king 13",)),
        ("rule-pairs", "Q-A", (r"queen and ace", r"ace and queen")),
        ("rule-pairs", "J-2", (r"jack and 2",)),
        ("rule-pairs", "10-3", (r"10 and 3",)),
        ("rule-pairs", "9-4", (r"9 and 4",)),
        ("rule-pairs", "8-5", (r"8 and 5",)),
        ("rule-pairs", "7-6", (r"7 and 6",)),
        ("rule-pairs", "a King goes alone", (r"king is 13 all by itself",)),
        ("rule-pairs", "top cards of different piles", (r"top cards of two different piles",)),
        ("rule-pairs", "removed cards go to the discard pile", (r"go to the discard pile",)),
        ("rule-easy", "easy mode: the top card and the card directly under it",
         (r"right under it in the same pile",)),
        ("rule-easy", "easy mode is an option", (r"options menu",)),
        ("rule-empty", "a top card only into an empty pile", (r"into the space",)),
        ("rule-empty", "from a pile of two or more", (r"at least two cards",)),
        ("rule-empty", "no other moves between piles", (r"never\*?\*? put a card onto another card",)),
        ("rule-deal", "one card face up onto each pile, 1 to 4 in order",
         (r"one card goes face up onto each pile, from pile 1 to pile 4",)),
        ("rule-deal", "dealing allowed at any time", (r"at any time",)),
        ("rule-deal", "the move alert says when a scoring move was open", (r"move alert",)),
        ("rule-undo", "undo: five moves at most", (r"five moves",)),
        ("rules", "won when all 52 are removed; lost when the stock is empty and no move left",
         (r"win when all 52 cards are gone.*lose when the deck is empty",)),
        ("scoring", "score: cards removed, 0 to 52", (r"cards taken away, from 0 to 52",)),
    ],
    "double": [
        ("goal", "two decks, 104 cards", (r"two whole decks.*104 cards",)),
        ("layout", "top row 14-20", (r"14, 15, 16, 17.*18, 19, 20",)),
        ("layout", "middle row 1-7", (r"piles 1 to 7",)),
        ("layout", "third row 8 9 10 21 11 12 13", (r"8, 9, 10, then \*?\*?21\*?\*?.*11, 12, 13",)),
        ("layout", "pile 22 face-down reserve", (r"22\*?\*? on the left, face down",)),
        ("layout", "place 23 spreads a picked-up pile", (r"23\*?\*?, where a picked-up pile is spread",)),
        ("layout", "dealt face up onto piles 1 to 13 in turn",
         (r"face up onto piles 1, 2, 3 and on to 13, then round again",)),
        ("layout", "after pile 7, 10 or 13 the next card goes face down to pile 22",
         (r"7, 10 or 13\*?\*?, the next card goes face down onto pile 22",)),
        ("layout", "after a card on its own number the next goes to pile 22",
         (r"own number\*?\*? \(an ace on pile 1.*king on 13\), the next card also goes",)),
        ("layout", "both at once (7 on 7, 10 on 10, King on 13): two cards",
         (r"a 7 on pile 7, a 10 on pile 10, a king on pile 13\), \*?\*?two\*?\*? cards go to pile 22",)),
        ("layout", "an Ace on pile 1 sends two", (r"ace on pile 1\*?\*? sends two",)),
        ("layout", "the deal goes on with the next pile until the deck is used up",
         (r"carries on with the next pile, until all 104 cards are out",)),
        ("rule-up", "piles 14-17 build up from the Ace", (r"up pile \(14 to 17\) takes an \*?\*?ace",)),
        ("rule-up", "one up pile per suit", (r"suit that has no up pile yet",)),
        ("rule-up", "same suit, one higher", (r"same suit, one higher",)),
        ("rule-down", "piles 18-21 build down from the King", (r"down pile \(18 to 21\) takes a \*?\*?king",)),
        ("rule-down", "one down pile per suit", (r"suit that has no down pile yet",)),
        ("rule-down", "same suit, one lower", (r"same suit, one lower",)),
        ("rule-reserve", "pile 22's top card goes under the pile of its own number",
         (r"under the bottom\*?\*? of the pile with its own number",)),
        ("rule-reserve", "a 5 under pile 5, a King under pile 13", (r"5 under pile 5.*king under pile 13",)),
        ("rule-reserve", "the old spread goes back in order onto its pile",
         (r"go back onto the pile they came from, in the same order",)),
        ("rule-reserve", "the pile is picked up and spread on 23", (r"picked up and spread at 23",)),
        ("rule-reserve", "any card of the spread can play", (r"any\*?\*? of its cards",)),
        ("rule-pickup", "pickup only once pile 22 is empty", (r"pile 22 is \*?\*?empty",)),
        ("rule-pickup", "Alt+click picks up", (r"alt\+click",)),
        ("rule-never-back", "cards never leave piles 14-21", (r"stays there for good",)),
        ("rule-never-back", "only undo takes a card back", (r"only \*?\*?undo",)),
        ("rule-never-back", "from piles 1-13 only up to 14-21",
         (r"only way out is to the top row, piles 14 to 21",)),
        ("playing", "undo unlimited", (r"as many moves back as you like",)),
        ("scoring", "score: cards on piles 14-21, 0 to 104", (r"piles 14 to 21, from 0 to 104",)),
        ("scoring", "a game can always be won with patience", (r"can be won.*patience",)),
    ],
    "dammit": [
        ("layout", "boxes 1-4 are the top row", (r"1 to 4 on the top row",)),
        ("layout", "the card to play is the stock's top card, face up",
         (r"card to play.*top card is shown face up",)),
        ("layout", "the discard pile", (r"discard",)),
        ("rule-faces", "Kings only in corners 1 4 13 16",
         (r"kings\*?\*? go only in the four corners: boxes \*?\*?1, 4, 13 and 16",)),
        ("rule-faces", "Queens only in 2 3 14 15",
         (r"queens\*?\*? go only in the middles of the top and bottom rows: boxes \*?\*?2, 3, 14 and 15",)),
        ("rule-faces", "Jacks only in 5 9 8 12",
         (r"jacks\*?\*? go only in the middles of the left and right sides: boxes \*?\*?5, 9\*?\*? \(left\) "
          r"and \*?\*?8, 12\*?\*? \(right\)",)),
        ("rule-place", "Ace to 10 in any empty box", (r"ace or any card from 2 to 10 may go in \*?\*?any empty box",)),
        ("rule-remove", "only when all 16 boxes are full", (r"only when \*?\*?all 16 boxes are full",)),
        ("rule-remove", "a 10 alone", (r"10\*?\*? is taken away on its own",)),
        ("rule-remove", "A-9", (r"ace and 9",)),
        ("rule-remove", "2-8", (r"2 and 8",)),
        ("rule-remove", "3-7", (r"3 and 7",)),
        ("rule-remove", "4-6", (r"4 and 6",)),
        ("rule-remove", "5-5", (r"5 and 5",)),
        ("rule-remove", "remove until nothing can be removed", (r"until nothing more can be taken away",)),
        ("rule-remove", "then placing resumes", (r"placing starts again",)),
        ("rule-end", "won when every card is placed", (r"win\*?\*? when every card has been placed",)),
        ("rule-end", "lost: a face card with no empty box of its kind",
         (r"king, queen or jack, and all of its boxes are already full",)),
        ("rule-end", "lost: grid full and nothing to remove",
         (r"grid is full and there is no 10 and no pair",)),
        ("rule-end", "two ways to lose", (r"two ways to lose",)),
        ("scoring", "score: cards placed, 0 to 52", (r"cards you have placed, from 0 to 52",)),
        ("playing", "undo unlimited", (r"as far back as you like",)),
    ],
}

# What the original help documents (and the app's menus) cover, beyond the rules.
FEATURE_FACTS: dict[str, list[Fact]] = {
    "cruel": [
        ("layout", "the Deal button", (r"deal button",)),
        ("playing", "drag and drop", (r"drag",)),
        ("playing", "click or double-click sends a card home", (r"double-click",)),
        ("playing", "D deals", (r"d\*?\*? deals",)),
        ("playing", "F2 new game", (r"f2",)),
        ("playing", "Backspace backs up", (r"backspace",)),
        ("playing", "keyboard play", (r"arrow keys",)),
        ("options", "the Deck option (card back)", (r"card back \(deck\)",)),
        ("options", "the Messages option", (r"messages",)),
        ("rules", "rank order", (r"ace is the lowest card",)),
        ("tips", "hint", (r"hint",)),
    ],
    "klondike": [
        ("rule-deck", "the three variants", (r"draw one.*draw three.*one pass only",)),
        ("playing", "the hand pointer", (r"pointer turns into a (\*\*)?hand",)),
        ("playing", "Control > Hint", (r"control\*?\*?, then \*?\*?hint",)),
        ("playing", "drag and drop", (r"drag",)),
        ("playing", "click to move", (r"click",)),
        ("playing", "choosing a variant", (r"play another game",)),
        ("scoring", "the score in the status bar", (r"status bar",)),
    ],
    "thirteen": [
        ("playing", "A about", (r"\ba\*?\*? about",)),
        ("playing", "B blank", (r"\bb\*?\*? blank",)),
        ("playing", "D deal", (r"\bd\*?\*? deal",)),
        ("playing", "H ? F1 help", (r"h\*?\*?, \*?\*?\?\*?\*? or \*?\*?f1\*?\*? help",)),
        ("playing", "N new hand", (r"\bn\*?\*? new hand",)),
        ("playing", "O options", (r"\bo\*?\*? options",)),
        ("playing", "P change player", (r"\bp\*?\*? change player",)),
        ("playing", "Q quit", (r"\bq\*?\*? quit",)),
        ("playing", "S same hand", (r"\bs\*?\*? same hand",)),
        ("playing", "F10 quit without counting", (r"f10",)),
        ("scoring", "many players (a class)", (r"40 players",)),
        ("scoring", "games played, won and percent won", (r"games played.*games won.*percentage",)),
        ("scoring", "average score", (r"average score",)),
        ("scoring", "cards removed vs cards played", (r"cards removed vs\. cards played",)),
        ("scoring", "session statistics and change in score",
         (r"session statistics.*average\s+score in this session next to your average",)),
        ("scoring", "clearing the statistics", (r"clear your statistics",)),
        ("options", "sound", (r"sound",)),
        ("options", "statistics", (r"statistics",)),
        ("options", "easy mode", (r"easy mode",)),
        ("options", "move alert", (r"move alert",)),
        ("options", "colours", (r"table colour",)),
        ("options", "card back", (r"card back",)),
    ],
    "double": [
        ("playing", "Shift+click shows the count", (r"shift\+click.*how many cards",)),
        ("playing", "Alt+click picks up", (r"alt\+click",)),
        ("playing", "clicking pile 22", (r"pile 22",)),
        ("layout", "the numbered layout", (r"every place has a number",)),
    ],
    "dammit": [
        ("goal", "also known as King's Corner", (r"king's corner",)),
        ("playing", "drag the card to a box", (r"drag",)),
        ("playing", "Restart", (r"restart",)),
        ("playing", "Resume", (r"resume",)),
        ("playing", "Exit", (r"exit",)),
        ("playing", "About and Help", (r"about.*help|help.*about",)),
        ("tips", "fill the middle boxes first", (r"middle boxes",)),
        ("tips", "play the odds: count the face cards", (r"count the picture cards",)),
        ("tips", "a hunch", (r"feeling",)),
    ],
}

# Things a lesson must not say.
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "double": (r"very rare", r"rarely won", r"almost never"),
}


# -- loading and sections ---------------------------------------------------------
def _rule_ids(game_id: str) -> list[str]:
    return [section.id for section in load_lesson(game_id).rule_sections()]


def test_every_game_has_rule_sections() -> None:
    assert all(_rule_ids(game_id) for game_id in GAME_IDS)
    assert tuple(RULE_FACTS) == GAME_IDS
    assert tuple(FEATURE_FACTS) == GAME_IDS


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_lesson_loads_with_its_title(game_id: str) -> None:
    lesson = load_lesson(game_id)
    assert lesson.game_id == game_id
    assert lesson.title == game_class(game_id).title
    assert all(section.blocks for section in lesson.sections), "a section is empty"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_required_sections_in_order(game_id: str) -> None:
    ids = load_lesson(game_id).section_ids()
    assert len(ids) == len(set(ids)), ids
    assert "intro" not in ids, "text before the first section"
    required = [i for i in ids if i in REQUIRED_SECTIONS]
    assert required == list(REQUIRED_SECTIONS)
    rules = _rule_ids(game_id)
    # The rule sections come straight after "rules".
    start = ids.index("rules") + 1
    assert ids[start:start + len(rules)] == list(rules)
    assert set(ids) == set(REQUIRED_SECTIONS) | set(rules)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rule_sections_are_the_sections_named_for_a_rule(game_id: str) -> None:
    lesson = load_lesson(game_id)
    named = [s.id for s in lesson.sections if s.id.startswith(RULE_PREFIX)]
    assert [s.id for s in lesson.rule_sections()] == named
    assert set(named) == {s.id for s in lesson.sections} - set(REQUIRED_SECTIONS)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_section_a_move_is_sent_to_is_in_the_lesson(game_id: str) -> None:
    # Random play, asking for the section of every move the game lists as a
    # candidate (legal or not): the tutor shows that section, so it must exist.
    ids = set(load_lesson(game_id).section_ids())
    asked = {new_game(game_id, seed=1).lesson_section(None)}
    for seed in range(1, 6):
        game = new_game(game_id, seed=seed)
        rng = random.Random(seed)
        for _ in range(60):
            asked.update(game.lesson_section(move) for move in game._candidates())
            legal = game.legal_moves()
            if not legal:
                break
            game.play(rng.choice(legal))
    assert asked <= ids, asked - ids
    assert any(section.startswith(RULE_PREFIX) for section in asked)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_lesson_uses_only_the_subset(game_id: str) -> None:
    raw = resource("lessons", f"{game_id}.md").read_text(encoding="utf-8")
    lines = raw.splitlines()
    assert lines[0].startswith("# ")
    for number, line in enumerate(lines[1:], start=2):
        where = f"{game_id}.md line {number}: {line!r}"
        assert line == line.rstrip(), where + " has trailing spaces"
        if line.startswith("#"):
            assert re.fullmatch(r"## \S.* \{#[a-z0-9][a-z0-9-]*\}", line), where
        # No links, HTML, star bullets, quotes, tables, code or "1)" lists.
        assert not re.search(r"\]\(|<[a-zA-Z/]|^\s*(\*(?!\*)|[>|])|`|^\s*\d+\)", line), where
        # A wrapped item's next line must not look like a new (nested) item.
        assert not re.match(r"\s+(\d+\.|[-+*])(\s|$)", line), where
    lesson = load_lesson(game_id)
    for section in lesson.sections:
        assert "**" not in section.title
        for block in section.blocks:
            items = [block.spans] if isinstance(block, Paragraph) else block.items
            for item in items:
                for span in item:
                    assert "**" not in span.text, f"unbalanced ** in {game_id}: {span.text!r}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_lesson_length(game_id: str) -> None:
    words = len(load_lesson(game_id).plain_text().split())
    assert 500 <= words <= 1000, words


# -- the rules are all there -----------------------------------------------------------
def _facts(table: dict[str, list[Fact]]) -> list[tuple[str, str, str, tuple[str, ...]]]:
    return [(game, section, what, patterns)
            for game, facts in table.items() for section, what, patterns in facts]


@pytest.mark.parametrize("game_id,section_id,what,patterns", _facts(RULE_FACTS),
                         ids=lambda value: value if isinstance(value, str) else "")
def test_spec_rule_is_in_its_section(game_id: str, section_id: str, what: str,
                                     patterns: tuple[str, ...]) -> None:
    text = _text(load_lesson(game_id), section_id)
    assert any(re.search(p, text) for p in patterns), f"{game_id}/{section_id}: {what}"


@pytest.mark.parametrize("game_id,section_id,what,patterns", _facts(FEATURE_FACTS),
                         ids=lambda value: value if isinstance(value, str) else "")
def test_help_feature_is_covered(game_id: str, section_id: str, what: str,
                                 patterns: tuple[str, ...]) -> None:
    text = _text(load_lesson(game_id), section_id)
    assert any(re.search(p, text) for p in patterns), f"{game_id}/{section_id}: {what}"


@pytest.mark.parametrize("game_id", sorted(FORBIDDEN))
def test_lesson_does_not_say(game_id: str) -> None:
    text = " ".join(load_lesson(game_id).plain_text().lower().split())
    for pattern in FORBIDDEN[game_id]:
        assert not re.search(pattern, text), pattern


def test_every_rule_section_mentions_its_rule_words() -> None:
    # Each rule section has at least one fact checked in it.
    for game_id in GAME_IDS:
        rules = _rule_ids(game_id)
        checked = {section for section, _, _ in RULE_FACTS[game_id]}
        assert set(rules) <= checked, (game_id, set(rules) - checked)


# -- own words ------------------------------------------------------------------------
def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _seed_texts() -> dict[str, str]:
    for folder in SEED_DIRS:
        files = sorted(folder.glob("*.txt")) if folder.is_dir() else []
        if files:
            return {path.name: path.read_text(encoding="utf-8", errors="replace") for path in files}
    pytest.skip("the original help documents (shared/seeds) are not here")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_run_of_words_copied_from_a_seed(game_id: str) -> None:
    runs: dict[tuple[str, ...], str] = {}
    for name, text in _seed_texts().items():
        words = _words(text)
        for i in range(len(words) - SHARED_RUN + 1):
            runs.setdefault(tuple(words[i:i + SHARED_RUN]), name)
    raw = resource("lessons", f"{game_id}.md").read_text(encoding="utf-8")
    copied = []
    # Line by line, and across the whole text (a sentence may wrap over lines).
    for text in [*raw.splitlines(), raw]:
        words = _words(text)
        for i in range(len(words) - SHARED_RUN + 1):
            run = tuple(words[i:i + SHARED_RUN])
            if run in runs:
                copied.append(f"{' '.join(run)!r} (from {runs[run]})")
    assert not copied, copied


# -- the parser ------------------------------------------------------------------------
def test_title_headings_and_ids() -> None:
    lesson = parse_lesson("# My game\n\n## The goal {#goal}\nWin.\n\n## Mouse and keys\nClick.\n",
                          "x")
    assert lesson.title == "My game"
    assert lesson.game_id == "x"
    assert lesson.section_ids() == ["goal", "mouse-and-keys"]
    goal = lesson.section("goal")
    assert goal == Section("goal", "The goal", [Paragraph([Span("Win.")])])
    assert lesson.section("nothing") is None


def test_text_before_the_first_section_and_missing_title() -> None:
    lesson = parse_lesson("Hello there.\n## A {#a}\nx\n", "cruel")
    assert lesson.title == "cruel"
    assert lesson.section_ids() == ["intro", "a"]
    assert lesson.sections[0].plain_text() == "Hello there."


def test_repeated_ids_and_bad_ids_are_kept() -> None:
    lesson = parse_lesson("## One {#a}\nx\n## Two {#a}\ny\n## Three {#Not An Id}\nz\n")
    assert lesson.section_ids() == ["a", "a-2", "three-not-an-id"]
    assert lesson.section("a") is lesson.sections[0]
    assert lesson.sections[2].title == "Three {#Not An Id}"


def test_paragraph_lines_join() -> None:
    lesson = parse_lesson("## S {#s}\nfirst line\n  second   line\n\nnew paragraph\n")
    blocks = lesson.sections[0].blocks
    assert blocks == [Paragraph([Span("first line second line")]),
                      Paragraph([Span("new paragraph")])]


def test_bullets_with_continuation_lines() -> None:
    text = "## S {#s}\n- one\n  more of one\n- **two**\n\n- three\nafter\n"
    blocks = parse_lesson(text).sections[0].blocks
    assert blocks == [BulletList([[Span("one more of one")], [Span("two", True)],
                                  [Span("three")]]),
                      Paragraph([Span("after")])]


def test_numbered_list_and_its_start() -> None:
    text = "## S {#s}\nIntro:\n3. three\n4. four\n   still four\n- a bullet\n"
    blocks = parse_lesson(text).sections[0].blocks
    assert blocks[0] == Paragraph([Span("Intro:")])
    assert blocks[1] == NumberedList([[Span("three")], [Span("four still four")]], start=3)
    assert blocks[2] == BulletList([[Span("a bullet")]])
    assert blocks[1].plain_text() == "3. three\n4. four still four"


def test_bold_spans() -> None:
    assert parse_spans("a **b** c **d**") == [Span("a "), Span("b", True), Span(" c "),
                                                Span("d", True)]
    assert parse_spans("**all**") == [Span("all", True)]
    assert parse_spans("") == []


def test_unbalanced_bold_is_kept_as_text() -> None:
    assert parse_spans("2 ** 3 is eight") == [Span("2 ** 3 is eight")]
    assert parse_spans("**b** and ** alone") == [Span("b", True), Span(" and ** alone")]
    assert parse_spans("**** x") == [Span("**** x")]
    assert parse_spans("** **b**") == [Span("** "), Span("b", True)]
    lesson = parse_lesson("## S {#s}\n- **open\n")
    assert lesson.sections[0].blocks == [BulletList([[Span("**open")]])]


def test_unknown_markup_is_plain_text() -> None:
    text = ("# T\n## S {#s}\n### Small heading\n* star bullet\n> quote\n"
            "[a link](http://x) <b>html</b> | table |\n# Second title\n")
    lesson = parse_lesson(text)
    assert lesson.title == "T"
    plain = lesson.section("s")
    assert plain is not None
    assert plain.blocks[0] == Paragraph([Span("### Small heading")])
    assert "* star bullet > quote [a link](http://x) <b>html</b> | table |" in plain.plain_text()
    assert plain.blocks[-1] == Paragraph([Span("# Second title")])


def test_odd_input_never_fails() -> None:
    for text in ("", "\n\n", "#", "##", "## ", "## {#x}", "-", "- ", "1.", "1. ", "**", "\ufeff# T",
                 "a\r\nb\r\n", "\t- x", "99999999999. big", "## **bold {#b}", "\x00\x1c\u2028"):
        lesson = parse_lesson(text, "g")
        assert isinstance(lesson.plain_text(), str)
    assert parse_lesson("\ufeff# Title\r\n## A {#a}\r\nx\r\n").title == "Title"
    assert parse_lesson("## {#x}\ny").sections[0].id == "x"


def test_plain_text_has_everything() -> None:
    lesson = parse_lesson("# T\n## Goal {#goal}\nSome **bold** words.\n- item\n1. step\n")
    assert lesson.plain_text() == "T\n\nGoal\nSome bold words.\n- item\n1. step"


def test_unknown_game_has_no_lesson() -> None:
    for bad in ("chess", "../README", "cruel/../klondike", ""):
        with pytest.raises(ValueError):
            load_lesson(bad)


def test_random_text_never_fails() -> None:
    pieces = list("ab #*-1.{}\n\t ") + ["**", "## ", "- ", "1. ", "{#x}", "\r\n", "\ufeff", "   "]
    rng = random.Random(13)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randrange(60)))
        plain = parse_lesson(text, "g").plain_text()
        # Only markup is ever dropped: every letter survives, once.
        assert plain.count("a") == text.count("a"), repr(text)
        assert plain.count("b") == text.count("b"), repr(text)


# About one boy in twelve cannot tell red from green: a colour word alone means
# nothing to him, so the words name a mark by its shape too ("a dashed yellow ring").
COLOUR_ALONE = re.compile(r"(?<!dashed )\b(?:green|blue|yellow|orange|red) (?:outline|arrow|ring)")


def test_the_help_never_tells_a_mark_by_its_colour_alone() -> None:
    texts = {"using-the-tutor.txt": resource("lessons", "using-the-tutor.txt").read_text("utf-8")}
    texts.update({f"{game_id}.md": resource("lessons", f"{game_id}.md").read_text("utf-8")
                  for game_id in GAME_IDS})
    for name, text in texts.items():
        assert not COLOUR_ALONE.findall(" ".join(text.split())), name
