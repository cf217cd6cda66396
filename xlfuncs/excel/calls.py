"""A function called from a cell: every failure becomes an Excel error value, never an
exception, and the reason of each function's last error is kept for ``EXPLAIN_ERROR``
(:func:`explain`) and the command line (:func:`last_errors`).

Every call goes through :func:`_run`: an argument no cell holds is refused by name, an
answer past Excel's grid is ``#NUM!``, and every error value an answer holds has its reason,
so that ``EXPLAIN_ERROR`` never says ``OK`` of an error value.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar, cast

from ..core.errors import OutOfRangeError
from .cells import number
from .errors import (
    EXCEL_ERRORS,
    ExcelErrorInput,
    argument_names,
    check_errors,
    code_of,
    error_in,
    first_error,
    foreign_in,
    parameters_of,
    reason_of,
    reasons_in,
    shorten,
    shown,
    to_excel,
)
from .ranges import Cell, fit_grid, flatten

__all__ = [
    "answers_first_error",
    "arity",
    "cell_result",
    "excel_function",
    "explain",
    "explain_error",
    "last_errors",
    "note_row_errors",
]

_last: dict[str, str] = {}
"""Function name -> reason of its last error, for :func:`explain` and the command line."""

F = TypeVar("F", bound=Callable[..., Any])


def last_errors() -> dict[str, str]:
    """A copy of the reason of each function's last error, by function name."""
    return dict(_last)


def _signature(fn: Callable[..., Any]) -> str:
    params = parameters_of(fn)
    shown_params = [
        p.name if p.default is inspect.Parameter.empty else f"[{p.name}]" for p in params
    ]
    return f"{fn.__name__.upper()}({', '.join(shown_params)})"


def arity(fn: Callable[..., Any], given: int) -> str | None:
    """What is wrong with the number of arguments of a call of *fn* with *given* of them, or
    ``None`` when it is right.

    >>> arity(_demo_sqrt, 0)
    'x is missing (omitted, or a blank cell): _DEMO_SQRT(x)'
    >>> arity(_demo_sqrt, 2)
    '2 arguments given, but it takes 1 argument: _DEMO_SQRT(x)'
    """
    raw = getattr(fn, "__wrapped__", fn)
    params = parameters_of(raw)
    required = [p for p in params if p.default is inspect.Parameter.empty]
    if given < len(required):
        return f"{required[given].name} is missing (omitted, or a blank cell): {_signature(raw)}"
    if given > len(params):
        takes = (
            f"{len(params)} argument{'s' if len(params) != 1 else ''}"
            if len(required) == len(params)
            else f"{len(required)} to {len(params)} arguments"
        )
        return f"{given} arguments given, but it takes {takes}: {_signature(raw)}"
    return None


def _failure(fn: Callable[..., Any], args: Sequence[Cell], exc: BaseException) -> tuple[str, str]:
    """The error value and reason of a call of *fn* on *args* that raised *exc*: a wrong
    number of arguments, else the first error value among the arguments, else *exc*'s."""
    if isinstance(exc, TypeError):
        wrong = arity(fn, len(args))
        if wrong is not None:
            return "#VALUE!", wrong
    shown_error = first_error(fn, args) or exc
    return code_of(shown_error), reason_of(shown_error)


def _check_arguments(fn: Callable[..., Any], args: Sequence[Cell]) -> None:
    """Raise the error of the first argument of a call of *fn* holding what no cell holds
    (:func:`~.errors.foreign_in`); a call with too many arguments is left to fail as such."""
    names = argument_names(fn)
    if len(args) > len(names):
        return
    for value, name in zip(args, names):
        found = foreign_in(value, name)
        if found is not None:
            raise found


def _run(fn: Callable[..., Any], args: Sequence[Cell], **kwargs: Any) -> tuple[Any, list[str]]:
    """*fn* on *args* (and *kwargs*) as a cell shows it, and the reasons of the error values
    in it: a failure's, the rows' noted (:func:`note_row_errors`), else those the values
    carry; an error value without one is an internal error."""
    name = getattr(fn, "__name__", "").upper()
    _row_reasons.pop(name, None)
    try:
        _check_arguments(fn, args)
        answer = fn(*args, **kwargs)
        fit_grid(answer)
        value = to_excel(answer)
    except Exception as exc:  # a cell shows an error value, never a traceback
        code, reason = _failure(fn, args, exc)
        return code, [reason]
    found = _error_cell(value)
    if found is None:
        return value, []
    reasons = _row_reasons.get(name) or reasons_in(answer)
    if not reasons:
        where = str(found).removesuffix(f": the cell holds the error {found.code}")
        reasons = [
            f"internal error ({where} shows {found.code} without its reason); please report it"
        ]
    return value, reasons


def _error_cell(value: Any) -> ExcelErrorInput | None:
    """The first error value in an answer as a cell shows it, named by its cell; ``None`` if
    there is none."""
    try:
        if EXCEL_ERRORS.isdisjoint(flatten(value) if type(value) is list else (value,)):
            return None
    except TypeError:  # a cell that is no value (a list in a row): read one by one below
        pass
    return error_in(value, "the answer")


def cell_result(
    fn: Callable[..., Any], args: Sequence[Cell], name: str, **kwargs: Any
) -> tuple[Any, str | None]:
    """*fn* on *args* (and *kwargs*) as a cell shows it, and the first reason of an error
    value in it (``"NAME: reason"``, *name* the function's Excel name), else ``None``."""
    value, reasons = _run(fn, args, **kwargs)
    return value, (f"{name}: {reasons[0]}" if reasons else None)


def excel_function(fn: F) -> F:
    """Make *fn* safe for a cell (:func:`cell_result`), its reason kept for :func:`explain`."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        value, reason = cell_result(fn, args, fn.__name__.upper(), **kwargs)
        if reason is not None:
            _last[fn.__name__.upper()] = reason
        return value

    # xlwings reads annotations as converters (a return type of Fraction or a union breaks
    # it): the cell-facing function has none; the wrapped one keeps its own for the reader.
    wrapper.__annotations__ = {}
    return cast(F, wrapper)


def answers_first_error(fn: F) -> F:
    """*fn* for a function with one answer that reads every cell it is given (``TIEBREAK``):
    the first Excel error value among its arguments is the answer, before it runs (a call
    with arguments *fn* does not take runs as it is, to fail as such)."""
    signature = inspect.signature(fn)

    @functools.wraps(fn)
    def checked(*args: Any, **kwargs: Any) -> Any:
        try:
            given = signature.bind(*args, **kwargs).arguments
        except TypeError:
            return fn(*args, **kwargs)
        check_errors([(value, name) for name, value in given.items()])
        return fn(*args, **kwargs)

    return cast(F, checked)


def explain(fn: Callable[..., Any], *args: Any) -> str:
    """Run *fn* (made by :func:`excel_function`) on *args* and say why it fails (the reasons
    of the first five error values it answers), or ``"OK"``; omitted trailing arguments
    (``None``) take their defaults.

    >>> explain(_demo_sqrt, -4.0)
    '_DEMO_SQRT: x: -4 has no square root'
    >>> explain(_demo_sqrt)
    '_DEMO_SQRT: x is missing (omitted, or a blank cell): _DEMO_SQRT(x)'
    """
    raw = getattr(fn, "__wrapped__", fn)
    given = list(args)
    while given and given[-1] is None:  # omitted trailing arguments take their defaults
        given.pop()
    name = raw.__name__.upper()
    params = parameters_of(raw)
    wrong = arity(raw, len(given))
    if wrong is not None and len(given) > len(params):
        return f"{name}: {wrong}"
    run = given
    if wrong is not None:  # a required argument omitted or blank: run it as a blank cell
        required = sum(p.default is inspect.Parameter.empty for p in params)
        run = given + [None] * (required - len(given))
    _, reasons = _run(raw, run)
    if not reasons:
        return "OK"
    if wrong is not None:
        return f"{name}: {wrong}"
    more = f" (and {len(reasons) - 5} more)" if len(reasons) > 5 else ""
    return shorten(f"{name}: " + "; ".join(reasons[:5]) + more)


def explain_error(
    functions: Mapping[str, Callable[..., Any]], function_name: Cell, *args: Any
) -> str:
    """``EXPLAIN_ERROR``: :func:`explain` of the function *function_name* names (any case,
    with or without Excel's ``XLWINGS.`` prefix), or which names there are."""
    named = function_name if isinstance(function_name, str) else ""
    fn = functions.get(named.strip().upper().removeprefix("XLWINGS."))
    if fn is None:
        return (
            f"EXPLAIN_ERROR: unknown function {shown(function_name)}; one of {', '.join(functions)}"
        )
    return explain(fn, *args)


_row_reasons: dict[str, list[str]] = {}
"""Function name -> reasons of the rows that show an error in its last array result."""


def note_row_errors(function: str, reasons: list[str]) -> None:
    """Keep the reasons of the rows in error of an array result, for :func:`explain`."""
    if reasons:
        _row_reasons[function.upper()] = reasons
        _last[function.upper()] = f"{function.upper()}: {reasons[0]}"
    else:
        _row_reasons.pop(function.upper(), None)


@excel_function
def _demo_sqrt(x: Cell) -> float:
    value = number(x, "x")
    if value < 0:
        raise OutOfRangeError(f"x: {value:g} has no square root")
    return math.sqrt(value)
