"""A big chart's stored values are computed by two processes (``figures`` in
``xlfuncs/templates/chart.py``: some columns by a forked worker, :mod:`xlfuncs.parallel`):
the values are the same as computed by this process alone, on a real Swiss of 284 players
and a round robin."""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from xlfuncs import parallel
from xlfuncs.filled_chart import event_from_trf
from xlfuncs.templates import chart, round_robin, swiss
from xlfuncs.trf import read_trf

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(
    "name",
    [
        "real/karl-mala-2005.trf",
        "real/crete-friendship-cup-2024-rapid.trf",
        "trf/round_robin_6.trf",
    ],
)
def test_the_figures_are_the_same_in_two_processes(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    filled = event_from_trf(read_trf(DATA / name))
    event = filled.event
    if filled.round_robin:
        layout = replace(round_robin.LAYOUT, cycles=event.cycles)
    else:
        layout = swiss.layout_of(event)
    layout = replace(layout, tiebreaks=len(chart.tiebreaks_of(layout, event)))
    data = chart.inputs(layout, event)
    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    # forked even where an earlier test left a thread running (the child only computes)
    monkeypatch.setattr(parallel, "can_fork", lambda: True)
    monkeypatch.setattr(chart, "FORK_FROM", 0)
    children: list[object] = []
    start = parallel.in_child

    def counted(work: object) -> object:
        children.append(work)
        return start(work)  # type: ignore[arg-type]

    monkeypatch.setattr(chart, "in_child", counted)
    early: list[dict[str, list[object]]] = []
    two = chart.figures(layout, data, meanwhile=lambda known: early.append(dict(known)))
    assert len(children) == 1
    monkeypatch.setattr(parallel, "can_fork", lambda: False)
    one = chart.figures(layout, data)
    assert list(two) == list(one)
    assert two == one
    # the columns known before the child's answer (their row formulas are stored then) are
    # the ones this process computed, with their final values
    (known,) = early
    assert {"k", "points", "games", "ra", "rp_fide", "rp_exact", "first"} <= set(known)
    assert not {"tb1", "change", "norm", "rank", "new"} & set(known)
    assert all(known[name] == one[name] for name in known)


def test_a_failure_meanwhile_stops_the_child(monkeypatch: pytest.MonkeyPatch) -> None:
    """The work done while the child computes (the rows' input cells) fails: the error is
    raised, and the child is stopped and reaped, not left running."""
    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    filled = event_from_trf(read_trf(DATA / "trf/swiss_12.trf"))
    layout = swiss.layout_of(filled.event)
    layout = replace(layout, tiebreaks=len(chart.tiebreaks_of(layout, filled.event)))
    data = chart.inputs(layout, filled.event)
    monkeypatch.setattr(parallel, "can_fork", lambda: True)
    monkeypatch.setattr(chart, "FORK_FROM", 0)
    before = set(multiprocessing.active_children())
    answers: list[parallel.Answer[object]] = []

    def kept(work: object) -> parallel.Answer[object]:
        answers.append(parallel.in_child(work))  # type: ignore[arg-type]
        return answers[-1]

    monkeypatch.setattr(chart, "in_child", kept)

    def fails(known: object) -> None:
        raise RuntimeError("meanwhile")

    with pytest.raises(RuntimeError, match="meanwhile"):
        chart.figures(layout, data, meanwhile=fails)
    assert len(answers) == 1
    assert [p for p in multiprocessing.active_children() if p not in before] == []  # reaped


def test_the_row_formulas_stored_early_give_the_same_workbook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The row formulas of the columns known before the child's answer are stored while
    the child computes (``_PlayerRows.formulas``): the workbook is byte for byte the one
    whose row formulas are all stored after every value is known."""
    from xlfuncs.filled_chart import write_chart

    if not hasattr(os, "fork"):
        pytest.skip("no fork here")
    monkeypatch.setattr(parallel, "can_fork", lambda: True)
    monkeypatch.setattr(chart, "FORK_FROM", 0)
    filled = event_from_trf(read_trf(DATA / "real/karl-mala-2005.trf"))
    early = write_chart(filled, tmp_path / "early.xlsx", form="classic")
    figures = chart.figures

    def none_known(layout: Any, data: Any, progress: Any, meanwhile: Any) -> Any:
        return figures(layout, data, progress, lambda known: meanwhile({}))

    monkeypatch.setattr(chart, "figures", none_known)
    late = write_chart(filled, tmp_path / "late.xlsx", form="classic")
    assert early.read_bytes() == late.read_bytes()
