"""The functions in a real LibreOffice Calc: the add-in ``xlfuncs libreoffice`` writes,
installed with ``unopkg`` into a private profile, every call typed into a new sheet as a
person types it (numbers, texts, ``TRUE()``, error values, blank cells, arguments left out),
recalculated in full, and the answers read back.

The cases are the Excel routes' own (``tests/test_xlwings_routes.py``: their expected values
come from FIDE's tables and hand calculation) and each function's valid call of
``tests/cell_calls.py``, whose answer must be the one the Excel routes' function gives.
Calc differs from Excel in two ways the add-in cannot undo (``docs/libreoffice.md``): it
reads a blank single cell as 0 before the add-in sees it, and answers ``Err:504`` for a call
whose range holds an error value; the cases that meet them say what Calc answers instead,
worked out by hand below.
"""

from __future__ import annotations

import datetime as dt
import math
import time
from typing import Any

import pytest
from calc_office import Office, needs_office, office_version

from tests import cell_calls
from tests.test_xlwings_routes import CASES, ERROR_TYPES, TEXT_CASES
from xlfuncs import udfs
from xlfuncs.libreoffice.functions import addin_functions

pytestmark = needs_office

ERROR_NAMES = {kind: code for code, kind in ERROR_TYPES.items()}
EXCEL_EPOCH = dt.datetime(1899, 12, 30)


def _cell(value: Any) -> Any:
    """A cell of an Excel-route argument as the client types it."""
    if isinstance(value, bool):
        return {"bool": value}
    if isinstance(value, dict):
        return {"error": value["basicValue"]}
    if isinstance(value, (dt.datetime, dt.date)):
        day = value if isinstance(value, dt.datetime) else dt.datetime(*value.timetuple()[:3])
        return (day - EXCEL_EPOCH).total_seconds() / 86400
    return value


def _argument(value: Any) -> Any:
    if value is None:
        return None
    if not isinstance(value, list):
        value = [[value]]
    return [[_cell(c) for c in row] for row in value]


def _expected(value: Any) -> Any:
    """An Excel route's answer as the client reads Calc's: an error as ``{"error": ...}``."""
    if isinstance(value, dict):
        return {"error": ERROR_NAMES[value["errorType"]]}
    if isinstance(value, list):
        return [_expected(v) for v in value]
    return value


def _case(name: str, args: list[Any], rows: int, cols: int) -> dict[str, Any]:
    return {"name": name, "args": [_argument(a) for a in args], "rows": rows, "cols": cols}


def _same(got: Any, expected: Any) -> bool:
    if isinstance(expected, list):
        return (
            isinstance(got, list)
            and len(got) == len(expected)
            and all(_same(g, e) for g, e in zip(got, expected))
        )
    if isinstance(expected, float) and isinstance(got, float):
        return math.isclose(got, expected, rel_tol=1e-9, abs_tol=1e-9)
    return bool(got == expected)


BLANK_IS_ZERO: dict[str, Any] = {
    # p = 0 -> dp -800 (table 8.1(a)), where Excel has nothing to compute (#N/A)
    "DP_LOOKUP": [[-800]],
    # an own rating of 0 is unrated, as a blank is: #N/A either way
    "EXPECTED_SCORE": [[{"error": "#N/A"}]],
}
"""What Calc answers to the cases with a blank single cell, which it reads as 0, worked out
by hand from the same FIDE tables as the Excel routes' expected values."""


def _one_cell(arg: Any) -> bool:
    return isinstance(arg, list) and len(arg) == 1 and len(arg[0]) == 1


def _calc_answer(name: str, args: list[Any], expected: Any) -> Any:
    """What Calc answers to a case of the Excel routes: theirs, but ``Err:504`` in every
    cell where a range of two or more cells holds an error value (Calc does not call the
    function), and :data:`BLANK_IS_ZERO`'s answer where a single cell is blank."""
    if any(
        isinstance(a, list) and not _one_cell(a) and any(isinstance(c, dict) for r in a for c in r)
        for a in args
    ):
        return [[{"error": "Err:504"}] * len(expected[0])] * len(expected)
    if any(_one_cell(a) and a[0][0] is None for a in args):
        assert name in BLANK_IS_ZERO, f"{name}: work out by hand what Calc answers to a 0"
        return BLANK_IS_ZERO[name]
    return _expected(expected)


@pytest.fixture(scope="module")
def answers(office: Office) -> dict[str, Any]:
    """Every case's answer in Calc, from one sheet recalculated once, and the time taken."""
    cases = [_case(n, a, len(e), len(e[0])) for n, a, e in CASES]
    cases += [_case(n, a, 1, 1) for n, a, _ in TEXT_CASES]
    valid = []
    for name, args in cell_calls.CALLS:
        excel = udfs.FUNCTIONS[name](*args)
        shape = excel if isinstance(excel, list) else [[excel]]
        valid.append((name, args, shape))
        cases.append(_case(name, args, len(shape), len(shape[0])))
    started = time.perf_counter()
    got = office.cases(cases)
    seconds = time.perf_counter() - started
    print(f"\n{office_version()}: {len(cases)} calls in {seconds:.1f} s")
    return {"got": got, "valid": valid, "seconds": seconds}


def test_every_function_is_an_addin_function() -> None:
    names = [f.name for f in addin_functions()]
    assert set(names) == set(udfs.FUNCTIONS) | {"EXPLAIN_ERROR"}
    assert {n for n, _ in cell_calls.CALLS} == set(udfs.FUNCTIONS)


@pytest.mark.parametrize(
    "index", range(len(CASES)), ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_calc_call(answers: dict[str, Any], index: int) -> None:
    name, args, expected = CASES[index]
    want = _calc_answer(name, args, expected)
    got = answers["got"][index]
    assert _same(got, want), (name, args, got, want)


def test_calc_text_answers(answers: dict[str, Any]) -> None:
    for (name, _, words), got in zip(TEXT_CASES, answers["got"][len(CASES) :]):
        text = got[0][0]
        assert isinstance(text, str) and all(w in text for w in words), (name, text)


def test_calc_valid_calls_give_the_excel_routes_answers(answers: dict[str, Any]) -> None:
    """Each function's valid call: the answer Calc shows is the one the Excel routes'
    function gives (an error value's text as Calc's error)."""
    start = len(CASES) + len(TEXT_CASES)
    differing = []
    cells = 0
    for (name, _, excel), got in zip(answers["valid"], answers["got"][start:]):
        want = [
            [{"error": c} if isinstance(c, str) and c.startswith("#") else c for c in row]
            for row in excel
        ]
        want = [["" if c is None else c for c in row] for row in want]
        cells += sum(map(len, want))
        if not _same(got, want):
            differing.append((name, got, want))
    assert cells > 100
    assert differing == []
