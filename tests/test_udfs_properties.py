"""Property tests of the Excel functions: whatever cells they are given, they answer with a
number, text, an array or an Excel error value, never an exception, and never report an
internal error; an Excel error value given in an argument comes back (issue 8, item 12)."""

from __future__ import annotations

import datetime as dt
import inspect
import math
from typing import Any

from budget import examples
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
    st.sampled_from(sorted(excel.EXCEL_ERRORS)),
    st.sampled_from(
        [
            "9" * 5000,  # beyond what Python reads as a whole number (4,300 digits)
            "-" + "9" * 400,  # beyond floats
            "1" + "0" * 308 + ".5",
            "2" + "0" * 308,  # 2E+308: 309 digits, still beyond floats
            "0." + "0" * 5000 + "1",
            "0" * 5000 + "2",
            "9" * 400 + " 1/2",
            "x" * 5000,
        ]
    ),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308]),
    st.datetimes(min_value=dt.datetime(1990, 1, 1), max_value=dt.datetime(2030, 1, 1)),
)
column = st.lists(st.lists(scalar, min_size=1, max_size=1), min_size=1, max_size=6)
grid = st.integers(min_value=1, max_value=4).flatmap(
    lambda n: st.lists(st.lists(scalar, min_size=n, max_size=n), min_size=1, max_size=4)
)
cell_value = st.one_of(scalar, column, grid)

FUNCTIONS: dict[str, Any] = {**udfs.FUNCTIONS, "EXPLAIN_ERROR": udfs.EXPLAIN_ERROR}

ARRAY_FORMS = {
    "ELO_DETAIL",
    "NORM_RATINGS",
    "NORM_FIGURES",
    "NORM_TITLED",
    "NORM_MIX",
    "UNRATED_AGAIN",  # a column of ratings and changes gives a column
} | {name for name in udfs.FUNCTIONS if name.endswith("_ALL")}
"""The functions whose answer is an array: an error may show in some of its cells only."""


def acceptable(value: Any) -> bool:
    if isinstance(value, list):
        return all(acceptable(v) for v in value)
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return math.isfinite(value)
    return isinstance(value, str)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
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


@settings(max_examples=examples(150), deadline=None)
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
    """Each argument of each Excel function carries a doc for Excel's function wizard, the
    arguments registered in the order of the parameters."""
    assert set(udfs.ARGUMENTS) == {*FUNCTIONS, "EXPLAIN_ERROR"}
    for name, arguments in udfs.ARGUMENTS.items():
        assert list(arguments) == list(inspect.signature(getattr(udfs, name)).parameters)
        assert all(a.doc for a in arguments.values()), name


def errors_in(value: Any) -> list[str]:
    """The Excel error values in a cell or a range, in reading order."""
    if isinstance(value, list):
        return [e for v in value for e in errors_in(v)]
    if isinstance(value, str) and value.strip().upper() in ERRORS:
        return [value.strip().upper()]
    return []


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(udfs.FUNCTIONS)),
    args=st.lists(cell_value, max_size=7),
    error=st.sampled_from(sorted(ERRORS)),
    data=st.data(),
)
def test_an_incoming_error_comes_back(name: str, args: list[Any], error: str, data: Any) -> None:
    """An error value in any argument (a cell of its own, or a cell of a range) is the
    answer: the first one in argument order for a single value; for an array, in the cells
    it reaches (at least one), never replaced by #VALUE!."""
    fn = udfs.FUNCTIONS[name]
    params = list(inspect.signature(fn).parameters.values())
    args = args[: len(params)]
    required = [p for p in params if p.default is inspect.Parameter.empty]
    while len(args) < max(len(required), 1):
        args.append(None)
    where = data.draw(st.integers(min_value=0, max_value=len(args) - 1))
    target = args[where]
    if isinstance(target, list) and data.draw(st.booleans()):
        rows = [list(r) if isinstance(r, list) else [r] for r in target]
        r = data.draw(st.integers(min_value=0, max_value=len(rows) - 1))
        c = data.draw(st.integers(min_value=0, max_value=len(rows[r]) - 1))
        rows[r][c] = error
        args[where] = rows
    else:
        args[where] = error
    incoming = [e for a in args for e in errors_in(a)]
    result = fn(*args)
    if isinstance(result, str) and result in ERRORS:
        assert result == incoming[0], (name, args, result, excel.last_errors().get(name))
        assert "internal error" not in excel.last_errors().get(name, "")
        return
    assert name in ARRAY_FORMS, (name, args, result)  # a single value: never computed
    assert set(errors_in(result)) & set(incoming), (name, args, result)


@settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(udfs.FUNCTIONS)),
    args=st.lists(cell_value, max_size=6),
    count=st.integers(min_value=0, max_value=6),
)
def test_explain_error_never_an_internal_error(name: str, args: list[Any], count: int) -> None:
    """Whatever arguments, and however many (too few, too many), the reason is a real one;
    a wrong number of arguments is named from the function's signature."""
    params = list(inspect.signature(udfs.FUNCTIONS[name]).parameters.values())
    required = sum(p.default is inspect.Parameter.empty for p in params)
    given_args = (args + [1.0] * 7)[:count]
    if given_args and given_args[-1] is None:
        given_args[-1] = 1.0  # a blank last argument is an omitted one
    reason = udfs.EXPLAIN_ERROR(name, *given_args)
    assert "internal error" not in reason, (name, given_args, reason)
    assert reason == "OK" or reason.startswith(f"{name}: "), reason
    if count > len(params):
        assert f"{count} arguments given, but it takes" in reason, reason
    elif count < required:
        assert f"{params[count].name} is missing" in reason or reason == "OK", reason
