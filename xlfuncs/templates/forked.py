"""Work done on a second core: a forked child process computes a value while this one goes
on, and hands it back pickled through a pipe.

Only pure computations are handed over (their answer depends on what the process held when
it forked, nothing else), so the answer is the same as computing it here; where no child can
be started (no ``fork``: Windows, Pyodide; a process with other threads, where a forked child
could deadlock) or the child fails, the work is done here when its answer is asked for,
and an error it raises is raised here.

A child ends at once and in silence on Ctrl-C or SIGTERM, and when the command is interrupted
every child still running is stopped (:func:`xlfuncs.interruption.on_interruption`), so
none outlives it.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import signal
import sys
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

from ..interruption import on_interruption, quiet_children, worker_signals

__all__ = ["Answer", "can_fork", "in_child", "stop_children"]

T = TypeVar("T")


def can_fork() -> bool:
    """Whether a child can be forked here: the platform forks and this process runs one
    thread."""
    return (
        hasattr(os, "fork")
        and sys.platform not in ("emscripten", "wasi")
        and threading.active_count() == 1
    )


class Answer(Generic[T]):
    """The answer of some work: computed by a forked child, or here when it is asked for.
    Call it exactly once (it reaps the child), or :meth:`discard` it."""

    def __init__(self, work: Callable[[], T], pid: int | None = None, read: int = -1) -> None:
        self._work, self._pid, self._read = work, pid, read

    def __call__(self) -> T:
        pid, self._pid = self._pid, None
        if pid is None:
            return self._work()
        with os.fdopen(self._read, "rb") as given:
            data = given.read()
        _, status = os.waitpid(pid, 0)
        _LIVE.discard(pid)
        if status == 0 and data:
            found: T = pickle.loads(data)
            return found
        return self._work()  # the child failed: the same work here (an error is raised here)

    def discard(self) -> None:
        """The answer no longer wanted: the child (if any) stopped and reaped."""
        pid, self._pid = self._pid, None
        if pid is None:
            return
        os.close(self._read)
        _stop(pid)


_LIVE: set[int] = set()
"""The children started and not yet reaped."""


def _stop(pid: int) -> None:
    """Stop the child *pid* and reap it."""
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)
    with contextlib.suppress(OSError):
        os.waitpid(pid, 0)
    _LIVE.discard(pid)


def stop_children() -> None:
    """Stop and reap every child still running (the command is interrupted)."""
    for pid in list(_LIVE):
        _stop(pid)


on_interruption(stop_children)


def in_child(work: Callable[[], T]) -> Answer[T]:
    """Start *work* in a forked child; returns its :class:`Answer`."""
    if not can_fork():
        return Answer(work)
    read, write = os.pipe()
    try:
        with quiet_children():  # held until the child lets a signal end it in silence
            pid = os.fork()
            if pid == 0:
                worker_signals()
            else:
                _LIVE.add(pid)
    except OSError:
        os.close(read)
        os.close(write)
        return Answer(work)
    if pid == 0:  # the child: the answer, pickled, then out without the parent's cleanup
        code = 1
        try:
            os.close(read)
            data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(write, "wb") as out:
                out.write(data)
            code = 0
        finally:
            os._exit(code)
    os.close(write)
    return Answer(work, pid, read)
