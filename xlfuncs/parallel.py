"""Work done by other processes, through the standard library's :mod:`concurrent.futures`.

:class:`Pool` is a :class:`~concurrent.futures.ProcessPoolExecutor` whose workers are forked
where the platform forks (so that a worker starts with what this process holds), else started
as the platform starts them. :func:`in_child` hands one computation to a forked worker while
this process goes on, and :class:`Answer` gives its result back.

Only pure computations are handed to :func:`in_child` (their answer depends on what the
process held when the worker was forked, nothing else), so the answer is the same as
computing it here; where no worker can be forked (no ``fork``: Windows, Pyodide; a process
with other threads, where a forked worker could deadlock) or the worker fails, the work is
done here when its answer is asked for, and an error it raises is raised here.

A worker ends at once and in silence on Ctrl-C or SIGTERM
(:func:`~xlfuncs.interruption.worker_signals`), and when the command is interrupted every
worker still running is stopped (:func:`~xlfuncs.interruption.on_interruption`), so none
outlives it.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any, Generic, TypeVar

from .interruption import on_interruption, quiet_children, worker_signals

__all__ = ["Answer", "Pool", "can_fork", "in_child", "stop_workers"]

T = TypeVar("T")

_FORKS = "fork" in multiprocessing.get_all_start_methods()
"""Whether the platform starts processes by forking (else a pool's workers start as it
starts them)."""


def can_fork() -> bool:
    """Whether a worker can be forked here: the platform forks and this process runs one
    thread."""
    return (
        hasattr(os, "fork")
        and sys.platform not in ("emscripten", "wasi")
        and threading.active_count() == 1
    )


def _began(start: Callable[..., object] | None, start_args: tuple[object, ...]) -> None:
    """A worker's first step: the signals end it, then *start* (``*start_args``) if any."""
    worker_signals()
    if start is not None:
        start(*start_args)


class Pool:
    """*workers* processes (forked where the platform forks), each ending at once and in
    silence on Ctrl-C or SIGTERM, *start* run in each before its first task. Used as a
    context manager: on leaving the block the pool is shut down and waited for, or, when the
    block raised (an interruption, a worker lost), its workers are stopped first."""

    def __init__(
        self, workers: int, start: Callable[..., object] | None = None, *start_args: object
    ) -> None:
        self._executor = ProcessPoolExecutor(
            max_workers=workers,
            mp_context=multiprocessing.get_context("fork") if _FORKS else None,
            initializer=_began,
            initargs=(start, start_args),
        )
        self._workers: set[multiprocessing.process.BaseProcess] = set()
        _LIVE.add(self)

    def submit(self, fn: Callable[..., T], /, *args: object) -> Future[T]:
        """*fn* (``*args``) run by a worker; the workers it starts begin with the signals
        held (:func:`~xlfuncs.interruption.quiet_children`)."""
        before = set(multiprocessing.active_children())
        with quiet_children():
            future = self._executor.submit(fn, *args)
        self._workers.update(p for p in multiprocessing.active_children() if p not in before)
        return future

    def close(self) -> None:
        """Shut the pool down once its work is done, and wait for its workers to end."""
        self._executor.shutdown(wait=True)
        _LIVE.discard(self)

    def stop(self) -> None:
        """Stop the workers at once (their work is no longer wanted) and reap them."""
        for worker in self._workers:
            with contextlib.suppress(OSError, ValueError):
                worker.kill()
        self._executor.shutdown(wait=True, cancel_futures=True)
        _LIVE.discard(self)

    def __enter__(self) -> Pool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        if kind is None:
            self.close()
        else:
            self.stop()


_LIVE: set[Pool] = set()
"""The pools started and not yet shut down."""


def stop_workers() -> None:
    """Stop every worker still running (the command is interrupted)."""
    for pool in list(_LIVE):
        pool.stop()


on_interruption(stop_workers)


_HANDED: list[Callable[[], Any]] = []
"""In a worker of :func:`in_child`: the work it was forked with."""


def _keep(work: Callable[[], Any]) -> None:
    _HANDED.append(work)


def _do_handed() -> Any:
    return _HANDED[-1]()


class Answer(Generic[T]):
    """The answer of some work: computed by a forked worker, or here when it is asked for.
    Call it exactly once (it shuts the worker down), or :meth:`discard` it."""

    def __init__(
        self, work: Callable[[], T], pool: Pool | None = None, future: Future[T] | None = None
    ) -> None:
        self._work, self._pool, self._future = work, pool, future

    def __call__(self) -> T:
        pool, future, self._pool, self._future = self._pool, self._future, None, None
        if pool is None or future is None:
            return self._work()
        try:
            found = future.result()
        except Exception:
            pool.stop()
            return self._work()  # the worker failed: the same work here (an error is raised here)
        except BaseException:
            pool.stop()
            raise
        pool.close()
        return found

    def discard(self) -> None:
        """The answer no longer wanted: the worker (if any) stopped and reaped."""
        pool, self._pool, self._future = self._pool, None, None
        if pool is not None:
            pool.stop()


def in_child(work: Callable[[], T]) -> Answer[T]:
    """Start *work* in a forked worker (it need not be picklable: the worker holds what this
    process held, *work* with it; only its answer is pickled back); returns its
    :class:`Answer`."""
    if not can_fork():
        return Answer(work)
    pool = Pool(1, _keep, work)
    try:
        future: Future[T] = pool.submit(_do_handed)
    except OSError:  # no process could be started
        pool.stop()
        return Answer(work)
    return Answer(work, pool, future)
