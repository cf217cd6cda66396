"""Work done by other processes (:mod:`multiprocessing`): each worker joined to this one by a
``Pipe``, waited for on its pipe and on its ``sentinel`` (ready when the worker ends, however
it ends). :func:`in_child` hands one computation to a forked worker while this process goes
on; :func:`in_workers` has several workers run a function over many argument sets, the
results given in order.

Only pure computations are handed over, so the answer is the same as computing it here.
Where no process can be started (Pyodide, WASI; inside a worker) the work is done here; where
a worker cannot be forked (Windows; a process with other threads), :func:`in_child`'s work is
done here when its answer is asked for and :func:`in_workers`'s workers are started as the
platform starts processes. When a worker fails (its work raised, its answer could not be
pickled, it was killed), its work is done here, and an error it raises is raised here.

Nothing here waits on a worker that might never answer: a wait ends when the answer comes or
the worker ends, and a worker no longer wanted is killed (``SIGKILL``) and reaped. A worker
ends at once and in silence on Ctrl-C or SIGTERM, every worker still running is stopped when
the command is interrupted, and a forked worker closes its copies of this process's ends of
the pipes, so that it sees its pipe closed and ends when this process ends.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .interruption import on_interruption, quiet_children, worker_signals

if TYPE_CHECKING:  # multiprocessing itself imported where processes can be started
    from multiprocessing.connection import Connection
    from multiprocessing.context import BaseContext
    from multiprocessing.process import BaseProcess

__all__ = ["Answer", "can_fork", "can_start", "in_child", "in_workers", "stop_workers"]

T = TypeVar("T")

AHEAD = 2
"""Argument sets :func:`in_workers` has each worker hold at most: the next is there when a
worker finishes one, except at the end, where each goes to the first worker that is free."""


def can_start() -> bool:
    """Whether worker processes can be started here: the platform starts processes (not
    emscripten or WASI) and this process is not itself a worker."""
    if sys.platform in ("emscripten", "wasi"):
        return False
    import multiprocessing

    return not multiprocessing.current_process().daemon


def can_fork() -> bool:
    """Whether a worker can be forked here: processes can be started, the platform forks
    and this process runs one thread."""
    if not (can_start() and hasattr(os, "fork") and threading.active_count() == 1):
        return False
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods()


_OURS: list[Connection] = []
"""This process's ends of the pipes of its workers still running: a worker forked from it
closes its copies of them."""


def _serve(pipe: Connection, work: Callable[..., Any], argsets: Sequence[tuple[Any, ...]]) -> None:
    """A worker: for each index read from *pipe*, ``work(*argsets[index])`` answered with
    ``("done", value)``, or ``("failed",)`` when *work* raised or its answer cannot be
    pickled; ends when the pipe is closed, without the cleanup of the process it was forked
    from (its buffered output, its exit handlers)."""
    worker_signals()
    for theirs in _OURS:
        theirs.close()
    _OURS.clear()
    try:
        while True:
            try:
                index = pipe.recv()
            except (EOFError, OSError):
                break
            try:
                message: tuple[Any, ...] = ("done", work(*argsets[index]))
                pipe.send(message)
            except (EOFError, OSError):
                break
            except Exception:
                pipe.send(("failed",))
    finally:
        os._exit(0)


class _WorkerProcess:
    """A worker process running :func:`_serve` with *work* and *argsets* (given once, when
    it starts: only an index crosses the pipe for each, so that handing work never waits),
    and this process's end of its pipe."""

    def __init__(
        self,
        context: BaseContext,
        work: Callable[..., Any],
        argsets: Sequence[tuple[Any, ...]],
    ) -> None:
        self.pipe, theirs = context.Pipe()
        with quiet_children():  # the worker starts with the signals held, then lets them end it
            self.process: BaseProcess = context.Process(  # type: ignore[attr-defined]
                target=_serve, args=(theirs, work, argsets), daemon=True
            )
            _OURS.append(self.pipe)
            try:
                self.process.start()
            except BaseException:
                _OURS.remove(self.pipe)
                self.pipe.close()
                raise
            finally:
                theirs.close()
            _LIVE.add(self)

    def send(self, index: int) -> bool:
        """The argument set *index* handed to the worker; ``False`` when it is gone."""
        try:
            self.pipe.send(index)
        except (OSError, ValueError):
            return False
        return True

    def answer(self) -> tuple[Any, ...]:
        """The worker's next message, ``("done", value)`` or ``("failed",)``, or ``("lost",)``
        when it ended without one (killed) or the message cannot be read."""
        from multiprocessing.connection import wait

        if self.pipe in wait([self.pipe, self.process.sentinel]):
            with contextlib.suppress(Exception):
                message: tuple[Any, ...] = self.pipe.recv()
                return message
        return ("lost",)

    def stop(self) -> None:
        """The worker killed (if still running) and reaped, its pipe closed."""
        _LIVE.discard(self)
        with contextlib.suppress(ValueError):
            _OURS.remove(self.pipe)
        self.pipe.close()
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
        with contextlib.suppress(OSError, ValueError):
            self.process.join()


_LIVE: set[_WorkerProcess] = set()
"""The workers started and not yet stopped."""


def stop_workers() -> None:
    """Stop every worker still running (the command is interrupted)."""
    for worker in list(_LIVE):
        worker.stop()


on_interruption(stop_workers)


def _started(
    context: BaseContext, work: Callable[..., Any], argsets: Sequence[tuple[Any, ...]]
) -> _WorkerProcess | None:
    """A worker started for *work* and *argsets*, or ``None`` when the system refuses one."""
    try:
        return _WorkerProcess(context, work, argsets)
    except OSError:
        return None


class Answer(Generic[T]):
    """The answer of some work: computed by a forked worker, or here when it is asked for.
    Call it exactly once (it stops the worker), or :meth:`discard` it."""

    def __init__(self, work: Callable[[], T], worker: _WorkerProcess | None = None) -> None:
        self._work, self._worker = work, worker

    def __call__(self) -> T:
        worker, self._worker = self._worker, None
        if worker is None:
            return self._work()
        try:
            message = worker.answer()
        finally:
            worker.stop()
        if message[0] == "done":
            found: T = message[1]
            return found
        return self._work()  # the worker failed: the same work here (an error is raised here)

    def discard(self) -> None:
        """The answer no longer wanted: the worker (if any) stopped and reaped."""
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.stop()


def in_child(work: Callable[[], T]) -> Answer[T]:
    """Start *work* in a forked worker (it need not be picklable: the worker holds what this
    process held; only its answer is pickled back); returns its :class:`Answer`."""
    if not can_fork():
        return Answer(work)
    import multiprocessing

    worker = _started(multiprocessing.get_context("fork"), work, [()])
    if worker is None or not worker.send(0):
        if worker is not None:
            worker.stop()
        return Answer(work)
    return Answer(work, worker)


def in_workers(
    work: Callable[..., T], argsets: Sequence[tuple[Any, ...]], workers: int
) -> Generator[T, None, None]:
    """``work(*args)`` for each of *argsets*, in their order, computed by up to *workers*
    processes (where they cannot be forked, *work* and the argument sets must be picklable;
    here where none can be started, or *workers* is 1 or less). Use it in a ``with
    contextlib.closing(...)`` block, so that leaving the block early stops the workers."""
    if workers <= 1 or not argsets or not can_start():
        for args in argsets:
            yield work(*args)
        return
    import multiprocessing

    context = multiprocessing.get_context("fork" if can_fork() else None)
    pool: list[_WorkerProcess] = []
    try:
        for _ in range(min(workers, len(argsets))):
            worker = _started(context, work, argsets)
            if worker is not None:
                pool.append(worker)
        yield from _in_order(work, argsets, pool)
    finally:
        for worker in pool:
            worker.stop()


def _in_order(
    work: Callable[..., T], argsets: Sequence[tuple[Any, ...]], pool: list[_WorkerProcess]
) -> Iterator[T]:
    """:func:`in_workers`'s results from the started workers *pool*: each argument set
    whose worker failed, or was lost with it, done here."""
    from multiprocessing.connection import wait

    following = 0  # the next argument set to hand out
    handed: dict[_WorkerProcess, list[int]] = {worker: [] for worker in pool}
    found: dict[int, tuple[Any, ...]] = {}

    def hand(worker: _WorkerProcess) -> bool:
        """The next argument set handed to *worker*, if it is to have one more."""
        nonlocal following
        left = len(argsets) - following
        # one queued behind the worker's own only while there is one for each worker: at
        # the end, the next goes to the first worker that is free
        if not left or len(handed[worker]) >= AHEAD or (handed[worker] and left < len(pool)):
            return False
        following += 1
        if worker.send(following - 1):
            handed[worker].append(following - 1)
            return True
        found[following - 1] = ("lost",)  # the worker is gone: this one here
        return False

    for _ in range(AHEAD):
        for worker in pool:
            hand(worker)
    for given, args in enumerate(argsets):
        while given not in found:
            busy = [w for w in pool if handed[w]]
            if not busy:  # no worker left to ask: the next argument set here
                following += 1
                found[following - 1] = ("lost",)
                continue
            ready = set(wait([w.pipe for w in busy] + [w.process.sentinel for w in busy]))
            for worker in busy:
                if worker.pipe not in ready and worker.process.sentinel not in ready:
                    continue
                message = worker.answer()
                if message[0] == "lost":  # its argument sets here, the worker stopped
                    found.update((index, message) for index in handed.pop(worker))
                    pool.remove(worker)
                    worker.stop()
                else:
                    found[handed[worker].pop(0)] = message
                    while hand(worker):
                        pass
        message = found.pop(given)
        yield message[1] if message[0] == "done" else work(*args)
