"""The solver in a process of its own, so the window never freezes while it thinks.

It is a `worker.Worker`: a thread would hold Python's lock and stop the
window from drawing; a second process does not.  The app asks with the
saved-game record (SPEC 4: the record travels between processes, a `Game`
would not) and calls `poll()` now and then from its event loop; the verdict
of the latest question goes to its callback.  A new question cancels the
one before it: the worker's search looks at the number of the latest
question every few hundred positions (about a hundredth of a second), so it
stops well within a tenth of a second.

Besides a verdict the worker runs any other job (`run`): a function that
can be imported by name (a module's top-level function), called with
picklable arguments and `should_stop`, whose result comes back the same way.
The hints ask it for their better hint (`tutor/sampling.py`).
"""

from __future__ import annotations

from typing import Any, Callable

from .moves import JsonDict
from .solver import UNKNOWN, Verdict
from .worker import Worker

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
        self._worker = Worker(_serve, "solitaire-solver")
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
        self._worker.ask(job, args)
        self._callback = callback

    def cancel(self) -> None:
        """Stop the search running now (if any); no callback is called for it."""
        self._worker.cancel()
        self._callback = None

    def busy(self) -> bool:
        """Whether a question is waiting for its verdict."""
        return self._callback is not None

    def poll(self) -> bool:
        """Hand the latest verdict to its callback if it has come; True if it did."""
        for number, answer in self._worker.answers():
            if number == self._worker.asked and self._callback is not None:
                callback, self._callback = self._callback, None
                callback(answer)
                return True
        return False

    def close(self) -> None:
        """Stop the worker (the app calls this when it closes)."""
        self._callback = None
        self._worker.close()
