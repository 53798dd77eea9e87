"""The solver in a process of its own, so the window never freezes while it thinks.

A thread would hold Python's lock and stop the window from drawing; a second
process does not.  The app asks with the saved-game record (SPEC 4: the
record travels between processes, a `Game` would not) and calls `poll()`
now and then from its event loop; the verdict of the latest question goes
to its callback.  A new question cancels the one before it: the worker's
search looks at the number of the latest question every few hundred
positions (about a hundredth of a second), so it stops well within a tenth
of a second.  The "spawn" start method is used everywhere, as on Windows.

Besides a verdict the worker runs any other job (`run`): a function that
can be imported by name (a module's top-level function), called with
picklable arguments and `should_stop`, whose result comes back the same way.
The hints ask it for their better hint (`tutor/sampling.py`).
"""

from __future__ import annotations

import queue
from typing import Any, Callable

from .moves import JsonDict
from .solver import UNKNOWN, Verdict

Callback = Callable[[Verdict], None]
# A job for the worker: called as job(*args, should_stop=...), its result returned.
Job = Callable[..., Any]


def _serve(questions: Any, answers: Any, latest: Any) -> None:
    """The worker: answer questions until told to stop (None); skip stale ones."""
    from .savefile import load_game
    from .solver import solve
    while True:
        question = questions.get()
        if question is None:
            return
        number, job, args = question
        if latest.value != number:
            continue   # a newer question is already waiting

        def stale(number: int = number) -> bool:
            return bool(latest.value != number)
        if job is None:
            record, seconds = args
            try:
                answer: Any = solve(load_game(record), seconds, should_stop=stale)
            except Exception:   # a record that does not load: nothing to say about it
                answer = Verdict(UNKNOWN)
        else:
            try:
                answer = job(*args, should_stop=stale)
            except Exception:   # a job that fails has nothing to say
                answer = None
        answers.put((number, answer))


class SolverProcess:
    """Ask the solver about a game without waiting for it (see the module's words)."""

    def __init__(self) -> None:
        # Made with the worker, at the first question: loading multiprocessing
        # and its shared number (which starts a helper process of its own)
        # would slow the window's opening, and many windows never ask.
        self._context: Any = None
        self._latest: Any = None
        self._questions: Any = None
        self._answers: Any = None
        self._worker: Any = None
        self._asked = 0
        self._callback: Callable[[Any], None] | None = None

    def ask(self, record: JsonDict, callback: Callback, seconds: float = 2.0) -> None:
        """Solve the game of `record`; `callback` gets the verdict from a later `poll()`.

        Whatever was asked before is cancelled, and its callback is never called.
        """
        self._put(None, (record, seconds), callback)

    def run(self, job: Job, args: tuple[Any, ...], callback: Callable[[Any], None]) -> None:
        """Call `job(*args, should_stop=...)` in the worker; `callback` gets its result
        (None if it raised) from a later `poll()`.

        `job` must be importable by name and `args` picklable.  Like `ask`, it
        cancels whatever was asked before; `should_stop()` turns True when the
        job is cancelled, and a job should then return soon.
        """
        self._put(job, args, callback)

    def _put(self, job: Job | None, args: tuple[Any, ...],
             callback: Callable[[Any], None]) -> None:
        self._start()
        self._asked += 1
        self._latest.value = self._asked
        self._callback = callback
        self._questions.put((self._asked, job, args))

    def cancel(self) -> None:
        """Stop the search running now (if any); no callback is called for it."""
        self._asked += 1
        if self._latest is not None:
            self._latest.value = self._asked
        self._callback = None

    def busy(self) -> bool:
        """Whether a question is waiting for its verdict."""
        return self._callback is not None

    def poll(self) -> bool:
        """Hand the latest verdict to its callback if it has come; True if it did."""
        if self._answers is None:
            return False
        while True:
            try:
                number, answer = self._answers.get_nowait()
            except queue.Empty:
                return False
            if number == self._asked and self._callback is not None:
                callback, self._callback = self._callback, None
                callback(answer)
                return True

    def close(self) -> None:
        """Stop the worker (the app calls this when it closes)."""
        if self._worker is None:
            return
        self.cancel()
        self._questions.put(None)
        self._worker.join(timeout=1.0)
        if self._worker.is_alive():
            self._worker.terminate()
            self._worker.join(timeout=1.0)
        self._worker = None

    def _start(self) -> None:
        if self._worker is not None and self._worker.is_alive():
            return
        if self._context is None:
            import multiprocessing
            self._context = multiprocessing.get_context("spawn")
            self._latest = self._context.Value("q", self._asked)
        self._questions = self._context.Queue()
        self._answers = self._context.Queue()
        self._worker = self._context.Process(
            target=_serve, args=(self._questions, self._answers, self._latest),
            name="solitaire-solver", daemon=True)
        self._worker.start()
