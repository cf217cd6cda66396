"""Work handed to a forked child (:mod:`xlfuncs.templates.forked`): its answer is the one
computed here, an answer no longer wanted stops its child, and the Lite code gathered ahead
by ``crosstable`` (:func:`xlfuncs.filled_chart.lite_code_ahead`) comes from a child."""

from __future__ import annotations

import os
import time

import pytest

from xlfuncs.filled_chart import lite_code_ahead
from xlfuncs.templates import forked


@pytest.fixture
def forking(monkeypatch: pytest.MonkeyPatch) -> None:
    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    # forked even where an earlier test left a thread running (the child only computes)
    monkeypatch.setattr(forked, "can_fork", lambda: True)


def test_the_answer_is_the_childs(forking: None) -> None:
    answer = forked.in_child(lambda: (os.getpid(), [1.5, "x", None]))
    pid, value = answer()
    assert pid != os.getpid()  # computed by the child
    assert value == [1.5, "x", None]


def test_a_discarded_answer_stops_its_child(forking: None) -> None:
    answer = forked.in_child(lambda: time.sleep(60))
    child = answer._pid
    started = time.monotonic()
    answer.discard()
    assert time.monotonic() - started < 10
    assert child is not None
    with pytest.raises(ChildProcessError):  # reaped
        os.waitpid(child, os.WNOHANG)
    answer.discard()  # twice: nothing more to do


def test_without_fork_the_work_is_done_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(forked, "can_fork", lambda: False)
    answer = forked.in_child(os.getpid)
    assert answer() == os.getpid()


def test_the_lite_code_is_gathered_ahead_by_a_child(
    forking: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``lite_code_ahead`` hands back what ``lite_package(lite_form=True)`` gives, gathered
    by the child (a stand-in package here: the real one takes a second to gather)."""
    from xlfuncs.templates import registry
    from xlfuncs.templates.common import LitePackage

    def gathered(*, lite_form: bool) -> LitePackage:
        return LitePackage({"main.py": f"# {os.getpid()}"}, ("RP_FIDE",) if lite_form else None)

    monkeypatch.setattr(registry, "lite_package", gathered)
    found = lite_code_ahead()()
    assert found.functions == ("RP_FIDE",)
    assert found.settings["main.py"] != f"# {os.getpid()}"  # gathered by the child
