"""One name, one meaning: no two classes of the package share a name, nor do the functions
that read a TRF or write text (a reader meeting ``Player`` or ``write_text`` finds one)."""

from __future__ import annotations

import ast
from collections import defaultdict
from functools import cache
from pathlib import Path

import xlfuncs

PACKAGE = Path(xlfuncs.__file__).parent


@cache
def _defined() -> dict[str, list[tuple[str, str]]]:
    """Every top-level class and function name: (kind, file) of each definition."""
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                found[node.name].append(("class", str(path.relative_to(PACKAGE))))
            elif isinstance(node, ast.FunctionDef):
                found[node.name].append(("function", str(path.relative_to(PACKAGE))))
    return dict(found)


def test_no_two_classes_share_a_name() -> None:
    twice = {
        name: places
        for name, places in _defined().items()
        if sum(kind == "class" for kind, _ in places) > 1
    }
    assert twice == {}


def test_the_trf_reader_and_the_text_writer_are_one_each() -> None:
    defined = _defined()
    assert defined["read_trf"] == [("function", "trf/parser.py")]
    assert defined["write_text"] == [("function", "templates/common.py")]


EVENTS = {
    "AnalysedEvent": "event/analyse.py",
    "Event": "templates/event.py",
    "EventGames": "core/period.py",
    "EventOptions": "event/options.py",
    "EventPart": "core/rating_calendar.py",
    "EventRead": "period/read.py",
    "EventShare": "period/rows.py",
    "EventType": "core/norm_event.py",
    "FilledEvent": "filled_chart.py",
    "NormEvent": "core/norm_event.py",
}
"""The classes named after an event: an event, its options, its type or a player's share of
one. A part of an event is named for what it is (``TimeControl``, ``RateReading``,
``Standings``, ``ListExtract``), so a new ``*Event*`` class joins this list only as an event."""


def test_a_class_named_event_is_an_event() -> None:
    named = {
        name: places[0][1]
        for name, places in _defined().items()
        if "event" in name.lower() and any(kind == "class" for kind, _ in places)
    }
    assert named == EVENTS


RETIRED = {
    "CrosstableError": "none (the crosstable raises its reader's and writer's errors)",
    "EventList": "ListExtract (a rating list's players of one event)",
    "EventRate": "RateReading (the rate of play a TRF says)",
    "EventStandings": "Standings",
    "EventTime": "TimeControl (core.eligibility)",
    "PlannedEvent": "FieldPlan",
    "_Event": "_TiebreakView (core.tiebreaks)",
    "check_templates": "compare_templates (templates --check)",
    "rate_period": "period_rating ('rate' is a rate of play)",
    "write_crosstable": "write_chart",
}
"""Names that said two things, and what says each now."""


@cache
def _every_name() -> set[str]:
    """Every class, function and method name defined in the package."""
    names: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
                names.add(node.name)
    return names


def test_retired_names_stay_retired() -> None:
    assert _every_name() & set(RETIRED) == set()


def test_check_is_the_pre_upload_check() -> None:
    """The word "check" names the ``xlfuncs check`` command and the file's consistency checks; what
    raises on something a template cannot hold is ``validate``, and ``templates --check``
    compares (:func:`~xlfuncs.commands.templates.compare_templates`)."""
    assert "check" not in _every_name()
    assert "validate" in _every_name()


def test_crosstable_is_the_model_and_the_command() -> None:
    """``Crosstable`` is core's model and ``crosstable`` the command; the module writing the
    command's workbook is :mod:`xlfuncs.filled_chart`."""
    modules = sorted(
        str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if p.stem == "crosstable"
    )
    assert modules == ["commands/crosstable.py"]
    assert _defined()["Crosstable"] == [("class", "core/tournament.py")]
