"""A game's lesson rendered in a Text widget: headings, bold words, bullet and
numbered lists (never raw markup), with a section chooser."""

from __future__ import annotations

import tkinter as tk
from functools import partial
from tkinter import ttk

from ..lessons import BulletList, Lesson, NumberedList, Paragraph, Span

FONT = "DejaVu Sans"


class HelpView(ttk.Frame):
    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master)
        self.lesson: Lesson | None = None
        self.section_ids: list[str] = []
        self.chooser = ttk.Combobox(self, state="readonly")
        self.chooser.pack(fill="x", pady=(0, 4))
        self.chooser.bind("<<ComboboxSelected>>", self._on_choose)
        body = ttk.Frame(self)
        body.pack(fill="both", expand=True)
        self.text = tk.Text(body, wrap="word", width=10, height=4, relief="flat",
                            font=(FONT, 11), background="#fbfaf4", padx=10, pady=8,
                            spacing1=2, spacing3=2, cursor="arrow", takefocus=True)
        scroll = ttk.Scrollbar(body, orient="vertical", command=self.text.yview)
        self.text.configure(yscrollcommand=scroll.set)
        scroll.pack(side="right", fill="y")
        self.text.pack(side="left", fill="both", expand=True)
        self.text.tag_configure("h1", font=(FONT, 15, "bold"), spacing3=6)
        self.text.tag_configure("h2", font=(FONT, 12, "bold"), spacing1=12, spacing3=4,
                                foreground="#20442c")
        self.text.tag_configure("bold", font=(FONT, 11, "bold"))
        self.text.tag_configure("item", lmargin1=12, lmargin2=28)
        self.text.tag_configure("para", spacing3=6)
        self.text.tag_configure("current", background="#fff2b0")
        for key, amount in (("Up", -1), ("Down", 1), ("Prior", -10), ("Next", 10)):
            self.text.bind(f"<{key}>", partial(self._scroll, amount))

    def _scroll(self, amount: int, event: tk.Event) -> str:
        self.text.yview_scroll(amount, "units")
        return "break"

    def show_lesson(self, lesson: Lesson) -> None:
        self.lesson = lesson
        text = self.text
        text.configure(state="normal")
        text.delete("1.0", "end")
        text.insert("end", lesson.title + "\n", "h1")
        self.section_ids = []
        titles = []
        for section in lesson.sections:
            if section.id == "intro" and not section.blocks:
                continue
            text.mark_set(f"sec:{section.id}", "end-1c")
            text.mark_gravity(f"sec:{section.id}", "left")
            if section.title:
                text.insert("end", section.title + "\n", ("h2", f"in:{section.id}"))
            for block in section.blocks:
                self._insert_block(block, section.id)
            self.section_ids.append(section.id)
            titles.append(section.title or lesson.title)
            text.mark_set(f"end:{section.id}", "end-1c")
        text.configure(state="disabled")
        self.chooser.configure(values=titles)
        if titles:
            self.chooser.current(0)
        text.yview_moveto(0)

    def _insert_block(self, block: object, section_id: str) -> None:
        tag = f"in:{section_id}"
        if isinstance(block, Paragraph):
            self._insert_spans(block.spans, ("para", tag))
            self.text.insert("end", "\n", ("para", tag))
        elif isinstance(block, (BulletList, NumberedList)):
            start = block.start if isinstance(block, NumberedList) else 1
            for number, item in enumerate(block.items, start=start):
                marker = f"{number}. " if isinstance(block, NumberedList) else "\u2022 "
                self.text.insert("end", marker, ("item", tag))
                self._insert_spans(item, ("item", tag))
                self.text.insert("end", "\n", ("item", tag))
            self.text.insert("end", "\n", tag)

    def _insert_spans(self, spans: list[Span], tags: tuple[str, ...]) -> None:
        for span in spans:
            self.text.insert("end", span.text, (*tags, "bold") if span.bold else tags)

    def show_section(self, section_id: str, highlight: bool = True) -> bool:
        """Scroll so that the section is at the top; mark it while it is read."""
        if section_id not in self.section_ids:
            return False
        self.text.tag_remove("current", "1.0", "end")
        if highlight:
            self.text.tag_add("current", f"sec:{section_id}", f"end:{section_id}")
        self.text.yview(f"sec:{section_id}")
        self.chooser.current(self.section_ids.index(section_id))
        return True

    def shown_section(self) -> str | None:
        """The section at the top of the view (for tests and for coming back)."""
        top = self.text.index("@0,0")
        current = None
        for section_id in self.section_ids:
            if self.text.compare(f"sec:{section_id}", "<=", top):
                current = section_id
        return current

    def _on_choose(self, event: tk.Event) -> None:
        index = self.chooser.current()
        if 0 <= index < len(self.section_ids):
            self.show_section(self.section_ids[index], highlight=False)
            self.text.focus_set()
