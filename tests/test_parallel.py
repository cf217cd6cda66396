"""Work handed to other processes (:mod:`xlfuncs.parallel`): a forked worker's answer is the
one computed here, an answer no longer wanted stops its worker, a pool's workers are stopped
when its block fails, and the Lite code gathered ahead by ``crosstable``
(:func:`xlfuncs.filled_chart.lite_code_ahead`) comes from a worker."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time

import pytest

from xlfuncs import parallel
from xlfuncs.filled_chart import lite_code_ahead


@pytest.fixture
def forking(monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    # forked even where an earlier test left a thread running (the worker only computes)
    monkeypatch.setattr(parallel, "can_fork", lambda: True)


def _ours(before: set[multiprocessing.process.BaseProcess]) -> list[int | None]:
    """The worker processes started since *before* and still running (finished ones are
    reaped by the asking)."""
    return [p.pid for p in multiprocessing.active_children() if p not in before]


def test_the_answer_is_the_workers(forking: None) -> None:
    before = set(multiprocessing.active_children())
    unpicklable = threading.Lock()  # work that could not be pickled: the worker holds it
    answer = parallel.in_child(lambda: (os.getpid(), [1.5, "x", None], unpicklable is not None))
    pid, value, held = answer()
    assert pid != os.getpid()  # computed by the worker
    assert value == [1.5, "x", None]
    assert held
    assert _ours(before) == []  # the worker ended and was reaped


def test_a_discarded_answer_stops_its_worker(forking: None) -> None:
    before = set(multiprocessing.active_children())
    answer = parallel.in_child(lambda: time.sleep(60))
    assert len(_ours(before)) == 1
    started = time.monotonic()
    answer.discard()
    assert time.monotonic() - started < 10
    assert _ours(before) == []  # stopped and reaped
    answer.discard()  # twice: nothing more to do


def test_an_answer_that_cannot_come_back_is_computed_here(forking: None) -> None:
    # a lock cannot be pickled back from the worker: the same work is done here
    answer = parallel.in_child(lambda: (os.getpid(), threading.Lock()))
    pid, lock = answer()
    assert pid == os.getpid()
    assert lock.acquire(blocking=False)


def test_a_worker_error_is_raised_here(forking: None) -> None:
    def fails() -> int:
        raise ValueError(f"failed in {os.getpid()}")

    answer = parallel.in_child(fails)
    with pytest.raises(ValueError, match=f"failed in {os.getpid()}$"):  # raised by this one
        answer()


def test_without_fork_the_work_is_done_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "can_fork", lambda: False)
    answer = parallel.in_child(os.getpid)
    assert answer() == os.getpid()


def _square(x: int) -> tuple[int, int]:
    return os.getpid(), x * x


def test_a_pool_works_in_other_processes() -> None:
    with parallel.Pool(2) as pool:
        found = [f.result() for f in [pool.submit(_square, x) for x in range(5)]]
    assert [v for _, v in found] == [0, 1, 4, 9, 16]
    assert os.getpid() not in {pid for pid, _ in found}


def test_a_pool_whose_block_fails_stops_its_workers() -> None:
    before = set(multiprocessing.active_children())
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="stop"), parallel.Pool(2) as pool:
        pool.submit(time.sleep, 60)
        pool.submit(time.sleep, 60)
        raise RuntimeError("stop")
    assert time.monotonic() - started < 10  # the workers stopped, not waited for
    assert _ours(before) == []


def test_the_lite_code_is_gathered_ahead_by_a_worker(
    forking: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``lite_code_ahead`` hands back what ``lite_package(lite_form=True)`` gives, gathered
    by the worker (a stand-in package here: the real one takes a second to gather)."""
    from xlfuncs.templates import registry
    from xlfuncs.templates.common import LitePackage

    def gathered(*, lite_form: bool) -> LitePackage:
        return LitePackage({"main.py": f"# {os.getpid()}"}, ("RP_FIDE",) if lite_form else None)

    monkeypatch.setattr(registry, "lite_package", gathered)
    found = lite_code_ahead()()
    assert found.functions == ("RP_FIDE",)
    assert found.settings["main.py"] != f"# {os.getpid()}"  # gathered by the worker
