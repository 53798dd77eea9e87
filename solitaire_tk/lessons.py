"""The lessons: one small Markdown file per game, parsed into plain data.

The files are `lessons/<game id>.md` (see `lessons/README.md` for the exact
subset).  This module reads them without any Tk, so the tutor panel, the
help window and the tests share one parser:

    lesson = load_lesson("klondike")
    lesson.title                      # "Klondike"
    lesson.section("rule-empty")      # Section(id, title, blocks) or None
    lesson.plain_text()               # everything, for searching

The subset is tiny: `# Title`, `## Section {#id}`, paragraphs, `- ` bullet
lists, `1. ` numbered lists and `**bold**`.  Nothing in a file can make the
parser fail: a line it does not know is kept as plain text, and a `**`
without a partner is kept as the two stars it is.
"""

from __future__ import annotations

import re
from typing import TypeAlias

from .records import field, record
from .registry import GAME_IDS
from .resources import read_resource

__all__ = ["Block", "BulletList", "Lesson", "NumberedList", "Paragraph", "REQUIRED_SECTIONS",
           "RULE_PREFIX", "Section", "Span", "load_lesson", "parse_lesson", "parse_spans"]

# The sections every lesson has, in this order (rule sections may sit between them).
REQUIRED_SECTIONS: tuple[str, ...] = ("goal", "layout", "rules", "playing", "scoring",
                                      "options", "tips")

# A section that explains one rule a move can break has an id that starts
# with this ("rule-deck"): the tutor links an illegal move's reason to it.
# The lesson file says which sections those are, so no list of them per game
# is kept here.
RULE_PREFIX = "rule-"

# The id given to text that comes before the first `## ` heading.
INTRO_ID = "intro"

_TITLE = re.compile(r"#[ \t]+(\S.*)")
_HEADING = re.compile(r"##[ \t]+(\S.*)")
_HEADING_ID = re.compile(r"^(.*?)[ \t]*\{#([a-z0-9][a-z0-9-]*)\}$")
_BULLET = re.compile(r"-[ \t]+(\S.*)")
_NUMBERED = re.compile(r"(\d{1,9})\.[ \t]+(\S.*)")
_SLUG_DROP = re.compile(r"[^a-z0-9]+")


# -- the structure ------------------------------------------------------------------
@record
class Span:
    """A run of text, bold or not."""

    text: str
    bold: bool = False


@record
class Paragraph:
    spans: list[Span]

    def plain_text(self) -> str:
        return _join(self.spans)


@record
class BulletList:
    items: list[list[Span]]

    def plain_text(self) -> str:
        return "\n".join("- " + _join(item) for item in self.items)


@record
class NumberedList:
    """A numbered list; `start` is the number written on its first item."""

    items: list[list[Span]]
    start: int = 1

    def plain_text(self) -> str:
        return "\n".join(f"{self.start + n}. {_join(item)}" for n, item in enumerate(self.items))


Block: TypeAlias = Paragraph | BulletList | NumberedList


@record
class Section:
    id: str
    title: str
    blocks: list[Block] = field(default_factory=list)

    def plain_text(self) -> str:
        parts = [self.title] if self.title else []
        parts.extend(block.plain_text() for block in self.blocks)
        return "\n".join(parts)


@record
class Lesson:
    game_id: str
    title: str
    sections: list[Section] = field(default_factory=list)

    def section(self, section_id: str) -> Section | None:
        """The section with this id (the first, if a file repeats one), or None."""
        for section in self.sections:
            if section.id == section_id:
                return section
        return None

    def section_ids(self) -> list[str]:
        return [section.id for section in self.sections]

    def rule_sections(self) -> list[Section]:
        """The sections that explain one rule each, in the lesson's order."""
        return [section for section in self.sections if section.id.startswith(RULE_PREFIX)]

    def plain_text(self) -> str:
        """The whole lesson as plain text (no stars), for searching."""
        return "\n\n".join([self.title, *(section.plain_text() for section in self.sections)])


# -- loading ------------------------------------------------------------------------
def load_lesson(game_id: str) -> Lesson:
    """Read and parse `lessons/<game_id>.md`.

    Raises ValueError for a game with no lesson, and FileNotFoundError if the
    file is missing; bytes that are not UTF-8 are replaced, never fatal.
    """
    if game_id not in GAME_IDS:
        raise ValueError(f"There is no lesson for a game called '{game_id}'.")
    data = read_resource("lessons", f"{game_id}.md")
    return parse_lesson(data.decode("utf-8", errors="replace"), game_id)


# -- parsing ------------------------------------------------------------------------
def parse_lesson(text: str, game_id: str = "") -> Lesson:
    """Parse lesson markup; never raises, whatever `text` holds."""
    parser = _Parser()
    for line in text.lstrip("\ufeff").splitlines():
        parser.feed(line)
    parser.finish()
    title = parser.title if parser.title is not None else game_id
    return Lesson(game_id, title, parser.sections)


def parse_spans(text: str) -> list[Span]:
    """Split a line of text into plain and bold spans.

    `**words**` is bold; a `**` with no partner (or with nothing but spaces
    before its partner) stays in the text as written.
    """
    spans: list[Span] = []
    plain = ""
    pos = 0
    while True:
        start = text.find("**", pos)
        end = -1 if start < 0 else text.find("**", start + 2)
        if end < 0:
            plain += text[pos:]
            break
        inner = text[start + 2:end]
        if not inner.strip():
            # "****" or "** **": the first pair is plain text, the second may open.
            plain += text[pos:end]
            pos = end
            continue
        plain += text[pos:start]
        if plain:
            spans.append(Span(plain))
            plain = ""
        spans.append(Span(inner, True))
        pos = end + 2
    if plain:
        spans.append(Span(plain))
    return _merge(spans)


def _merge(spans: list[Span]) -> list[Span]:
    out: list[Span] = []
    for span in spans:
        if out and out[-1].bold == span.bold:
            out[-1] = Span(out[-1].text + span.text, span.bold)
        else:
            out.append(span)
    return out


def _join(spans: list[Span]) -> str:
    return "".join(span.text for span in spans)


def _slug(title: str) -> str:
    return _SLUG_DROP.sub("-", title.lower()).strip("-") or "section"


class _Parser:
    """A line-by-line state machine: the open section, paragraph and list."""

    def __init__(self) -> None:
        self.title: str | None = None
        self.sections: list[Section] = []
        self.lines: list[str] = []                 # the open paragraph
        self.list_kind: str | None = None          # "bullet" or "numbered"
        self.list_start = 1
        self.items: list[list[str]] = []           # the open list's items, as lines
        self.item_open = False                     # whether indented lines continue an item

    # -- the parts being built ----------------------------------------------------
    def _section(self) -> Section:
        if not self.sections:
            self.sections.append(Section(INTRO_ID, ""))
        return self.sections[-1]

    def _close_paragraph(self) -> None:
        if self.lines:
            self._section().blocks.append(Paragraph(parse_spans(" ".join(self.lines))))
            self.lines = []

    def _close_list(self) -> None:
        if self.list_kind is not None:
            items = [parse_spans(" ".join(lines)) for lines in self.items]
            block: Block = (BulletList(items) if self.list_kind == "bullet"
                            else NumberedList(items, self.list_start))
            self._section().blocks.append(block)
        self.list_kind = None
        self.items = []
        self.item_open = False

    def _close_all(self) -> None:
        self._close_paragraph()
        self._close_list()

    def _start_item(self, kind: str, text: str, number: int = 1) -> None:
        self._close_paragraph()
        if self.list_kind != kind:
            self._close_list()
            self.list_kind = kind
            self.list_start = number
        self.items.append([text])
        self.item_open = True

    def _heading(self, raw: str) -> None:
        self._close_all()
        match = _HEADING_ID.match(raw)
        title, section_id = (match.group(1), match.group(2)) if match else (raw, _slug(raw))
        title = " ".join(title.split()) or section_id
        taken = {section.id for section in self.sections}
        unique, n = section_id, 1
        while unique in taken:
            n += 1
            unique = f"{section_id}-{n}"
        self.sections.append(Section(unique, title))

    # -- one line ---------------------------------------------------------------
    def feed(self, line: str) -> None:
        text = " ".join(line.split())
        if not text:
            self._close_paragraph()
            self.item_open = False
            return
        indented = line[:1] in (" ", "\t")
        if indented and self.list_kind is not None and self.items and self.item_open:
            self.items[-1].append(text)
            return
        heading = _HEADING.fullmatch(text)
        if heading:
            self._heading(heading.group(1))
            return
        title = _TITLE.fullmatch(text)
        if (title and self.title is None and not self.sections and not self.lines
                and self.list_kind is None):
            self.title = title.group(1)
            return
        bullet = _BULLET.fullmatch(text)
        if bullet:
            self._start_item("bullet", bullet.group(1))
            return
        numbered = _NUMBERED.fullmatch(text)
        if numbered:
            self._start_item("numbered", numbered.group(2), int(numbered.group(1)))
            return
        # Anything else is a line of a paragraph, kept as it is written; a
        # heading the subset does not know ("### ...") is a paragraph of its own.
        self._close_list()
        if text.startswith("#"):
            self._close_paragraph()
            self.lines.append(text)
            self._close_paragraph()
            return
        self.lines.append(text)

    def finish(self) -> None:
        self._close_all()
