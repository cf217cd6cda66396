"""Property tests of the Excel functions: whatever cells they are given, they answer with a
number, text, an array or an Excel error value, never an exception, and never report an
internal error."""

from __future__ import annotations

import ast
import datetime as dt
import inspect
import math
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlfuncs import excel, udfs

ERRORS = excel.EXCEL_ERRORS

scalar = st.one_of(
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.floats(min_value=0, max_value=3000).map(float.__round__).map(float),
    st.sampled_from([0.0, 0.5, 1.0, 2.0, 2400.0, 1800.0, 2025.0, 2022.0, 45352.0]),
    st.integers(min_value=-10, max_value=5000),
    st.booleans(),
    st.text(max_size=6),
    st.sampled_from(
        [
            "½",
            "=",
            "+",
            "-",
            "1",
            "0",
            "1/2",
            "#N/A",
            "#VALUE!",
            "rr",
            "swiss",
            "GM",
            "IM",
            "2024",
            "2017-07-01",
            "x",
            "H",
            "U",
        ]
    ),
    st.datetimes(min_value=dt.datetime(1990, 1, 1), max_value=dt.datetime(2030, 1, 1)),
)
column = st.lists(st.lists(scalar, min_size=1, max_size=1), min_size=1, max_size=6)
grid = st.integers(min_value=1, max_value=4).flatmap(
    lambda n: st.lists(st.lists(scalar, min_size=n, max_size=n), min_size=1, max_size=4)
)
cell_value = st.one_of(scalar, column, grid)

FUNCTIONS: dict[str, Any] = {**udfs.FUNCTIONS, "EXPLAIN_ERROR": udfs.EXPLAIN_ERROR}


def acceptable(value: Any) -> bool:
    if isinstance(value, list):
        return all(acceptable(v) for v in value)
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return math.isfinite(value)
    return isinstance(value, str)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(FUNCTIONS)), args=st.lists(cell_value, max_size=7))
def test_functions_never_raise(name: str, args: list[Any]) -> None:
    fn = FUNCTIONS[name]
    params = list(inspect.signature(fn).parameters.values())
    args = args[: len(params)]
    required = [p for p in params if p.default is inspect.Parameter.empty]
    while len(args) < len(required):
        args.append(None)
    result = fn(*args)
    assert acceptable(result), (name, args, result)
    if isinstance(result, str) and result in ERRORS:
        reason = excel.last_errors().get(name, "")
        assert "internal error" not in reason, reason


@settings(max_examples=150, deadline=None)
@given(
    ratings=st.lists(st.integers(min_value=1000, max_value=2800), min_size=1, max_size=11),
    data=st.data(),
)
def test_explain_error_names_a_reason_for_every_error(ratings: list[int], data: Any) -> None:
    score = data.draw(st.floats(min_value=-2, max_value=len(ratings) + 2))
    result = udfs.RP_EXACT([[float(r)] for r in ratings], score)
    reason = udfs.EXPLAIN_ERROR("RP_EXACT", [[float(r)] for r in ratings], score)
    if isinstance(result, str):
        assert reason.startswith("RP_EXACT: ") and reason != "OK"
    else:
        assert reason == "OK"


def test_every_argument_has_wizard_help() -> None:
    """Each argument of each Excel function carries a doc for Excel's function wizard."""
    tree = ast.parse(Path(udfs.__file__).read_text(encoding="utf-8"))
    checked = 0
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or node.name not in FUNCTIONS:
            continue
        documented: set[str] = set()
        for deco in node.decorator_list:
            if isinstance(deco, ast.Call) and getattr(deco.func, "attr", "") == "arg":
                first = deco.args[0]
                assert isinstance(first, ast.Constant)
                if any(k.arg == "doc" for k in deco.keywords) or first.value.startswith("arg"):
                    documented.add(first.value)
        names = [a.arg for a in node.args.args]
        missing = [a for a in names if a not in documented]
        assert not missing, (node.name, missing)
        checked += 1
    assert checked == len(FUNCTIONS)
