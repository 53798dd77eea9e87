"""A process of our own that answers questions, the newest cancelling those before it.

The solver's process (`solverprocess`) and the finder of winnable deals
(`winnabledeals`) are each one of these: a thread would hold Python's lock
and stop the window from drawing, a second process does not.  Each question
gets a number; the number of the latest is shared with the process, which
skips (or stops working on) any question that is no longer the latest.  The
"spawn" start method is used everywhere, as on Windows, and multiprocessing
is loaded only at the first question: many windows never ask one.
"""

from __future__ import annotations

import queue
from typing import Any, Callable, Iterator

# serve(questions, answers, latest): the process's own loop.  It takes
# (number, *question) from `questions` until it gets None, puts its answers in
# `answers`, and `latest.value` is the number of the newest question.
Serve = Callable[[Any, Any, Any], None]


class Worker:
    """One process serving questions (see the module's words)."""

    def __init__(self, serve: Serve, name: str) -> None:
        self._serve = serve
        self._name = name
        self._context: Any = None
        self._latest: Any = None
        self._questions: Any = None
        self._answers: Any = None
        self.process: Any = None   # the multiprocessing.Process, once started
        self.asked = 0             # the number of the latest question

    def ask(self, *question: Any) -> int:
        """Send a question (starting the process if it is not running); its number.

        Where the process cannot be started (a locked-down PC may refuse it),
        the question goes unanswered, as if the process had been ended: the
        callers already give up on an answer that never comes."""
        self.asked += 1
        if not self._start():
            return self.asked
        self._latest.value = self.asked
        self._questions.put((self.asked, *question))
        return self.asked

    def cancel(self) -> None:
        """Make every question asked so far out of date."""
        self.asked += 1
        if self._latest is not None:
            self._latest.value = self.asked

    def answers(self) -> Iterator[Any]:
        """The answers that have come, without waiting for more."""
        while self._answers is not None:
            try:
                yield self._answers.get_nowait()
            except queue.Empty:
                return

    def alive(self) -> bool:
        return self.process is not None and self.process.is_alive()

    def close(self) -> None:
        """Stop the process: asked to, then ended if it does not within a second."""
        if self.process is None:
            return
        self.cancel()
        self._questions.put(None)
        self.process.join(timeout=1.0)
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=1.0)
        self.process = None

    def _start(self) -> bool:
        """Start the process unless it is running; False if it could not be started."""
        if self.alive():
            return True
        try:
            if self._context is None:
                import multiprocessing
                context = multiprocessing.get_context("spawn")
                self._latest = context.Value("q", self.asked)
                self._context = context
            self._questions = self._context.Queue()
            self._answers = self._context.Queue()
            self.process = self._context.Process(
                target=self._serve, args=(self._questions, self._answers, self._latest),
                name=self._name, daemon=True)
            self.process.start()
        except Exception:   # no process to be had (refused, out of resources): none asked
            self.process = None
            return False
        return True
