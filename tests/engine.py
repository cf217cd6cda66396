"""Evaluate ``.xlsx`` workbooks in pure Python, with our UDFs plugged in.

This is a test-support module: it recalculates a workbook with the
``formulas`` package (no Excel needed) and lets Python functions stand in
for the xlwings user-defined functions.  Each plugged-in function is wrapped
so that it receives its arguments the way classic (desktop) xlwings hands
them to a UDF, and so that what it returns is placed the way Excel would
place a UDF result.

Argument conversion (see :func:`to_cell_values`):

* a 1x1 range or a scalar -> a scalar; any bigger range/array -> a list of
  row lists (row-major, always 2-D; a 1-D literal array is one row);
* numbers -> ``float``; booleans -> ``bool``; text -> ``str``;
* blank cells and empty text (``""``) -> ``None``;
* Excel errors -> their text (``"#N/A"``), or ``None`` with
  ``err_to_str=False`` (classic xlwings' default);
* an argument left empty between commas (``=F(A1,,3)``) -> the Python
  default of that parameter (``None`` if it has none), as xlwings does.
  Trailing arguments that are left out are simply not passed.

Return conversion (see :func:`from_cell_values`): scalars stay scalars
(``None`` and NaN become ``""``, as xlwings writes them); a list of lists
(or a 1-D list, taken as one row, or a numpy array) becomes an array
result.  An array result fills the range of a legacy array formula
(``{=F(...)}`` over ``C1:D2``) or of a "dynamic array" formula as written
by XlsxWriter, but ``formulas`` never spills: only the range recorded in the
file is filled.  A result no bigger than that range is padded with
``#N/A``; one that is bigger in a dimension is reflowed row-major (unlike
Excel), so give array formula ranges exactly the result's shape.  In an
ordinary single-cell formula only the top-left value is kept.

Caveats of ``formulas`` 1.3.x (checked against Excel semantics):

* sheet names containing an apostrophe break references to them (#REF!);
* only workbook-level defined names are loaded (sheet-scoped ones are not);
* missing built-ins evaluate to ``#NAME?`` (e.g. SUBTOTAL, OFFSET, SEQUENCE);
* ``--x`` does not coerce booleans to numbers (use ``(x)*1``); TEXT rounds
  halves to even; ROUND can differ from Excel on ``x.xx5`` ties;
  ``COUNTIF(r, "<>")`` is wrong; NORMSDIST is broken (NORM.S.DIST works).

The function registry of ``formulas`` is process-global, so the plugged-in
functions are installed only for the duration of :func:`evaluate` and the
previous entries restored afterwards; do not call :func:`evaluate` from
several threads at once.

Compiling the formulas is most of the cost of loading a workbook (parsing each
one, then building its function), and the tests recalculate the same
templates many times with different inputs. So each formula cell, once
compiled, is kept (see :func:`_compiled_cells`) under everything its
compilation depends on: the cell, the formula's text, the sheet, the defined
names, the functions plugged in (by identity, a wrapper that sets ``__wrapped__`` as the
function it wraps) and the conversion options. The
workbook is read under one fixed file name, so that the same template filled
differently shares its compiled formulas. Plugged-in functions are reached
through one stable stand-in per name, which calls the current call's wrapper,
so a kept formula reports its failures to the current call. Constant cells
are read from each file afresh; blank cells (most of a chart's cells: formatted input
cells, the cells of an array formula's range), to which ``formulas`` adds nothing, all
compile to one stand-in without their addresses being parsed.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import math
import shutil
import tempfile
import types
from collections.abc import Callable, Hashable, Iterator, Mapping
from pathlib import Path
from typing import Any, Literal

import cell_runner
import formulas
import formulas.excel
import numpy as np
import schedula as sh
import tqdm
from formulas.excel import BOOK, ExcelModel
from formulas.functions import Array
from formulas.ranges import Ranges
from formulas.tokens.operand import Empty, XlError
from openpyxl.utils import get_column_letter

__all__ = [
    "CellValue",
    "UDFError",
    "evaluate",
    "forget_compiled",
    "from_cell_values",
    "to_cell_values",
    "wrap_udf",
]

#: What a single cell holds after conversion to plain Python.
CellValue = float | str | bool | None

#: The ``#VALUE!`` error as ``formulas`` represents it.
_VALUE_ERROR = XlError("#VALUE!")


class UDFError(RuntimeError):
    """A plugged-in function raised; the original exception is ``__cause__``."""


class _Omitted(int):
    """Stand-in that ``formulas`` compiles for an argument left empty (``F(A1,,3)``).

    It is an ``int`` equal to 0, which is what ``formulas`` itself uses, so
    built-in functions are unaffected; the UDF wrapper recognises it and
    substitutes the parameter's default instead.
    """

    def __repr__(self) -> str:
        return "<omitted>"


_OMITTED = _Omitted(0)


def _scalar(value: Any, err_to_str: bool, empty_text: str | None = None) -> CellValue:
    """Convert one value as ``formulas`` holds it to an xlwings-style scalar.

    Empty text becomes ``empty_text`` (``None`` for UDF arguments, as in
    xlwings; ``""`` in :func:`evaluate` results, to tell it from a blank).
    """
    if value is sh.EMPTY or value is None:
        return None
    if isinstance(value, XlError):
        return str(value) if err_to_str else None
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        return float(value)
    if isinstance(value, str):
        text = str(value)
        return text if text else empty_text
    if isinstance(value, np.ndarray) and value.size == 1:
        return _scalar(value.reshape(-1)[0], err_to_str, empty_text)
    raise TypeError(f"cannot convert {value!r} ({type(value).__name__}) to a cell value")


def to_cell_values(arg: Any, *, err_to_str: bool = True) -> CellValue | list[list[CellValue]]:
    """Convert an argument as ``formulas`` passes it into what xlwings would pass.

    ``formulas`` hands a function :class:`formulas.ranges.Ranges` for cell
    references, numpy arrays for computed arrays and plain scalars (or an
    ``XlError``) otherwise.  The result is a scalar for a scalar or a 1x1
    range, and a list of row lists for anything bigger.

    >>> to_cell_values(3)
    3.0
    >>> to_cell_values(np.array([[1, sh.EMPTY], ["a", XlError("#N/A")]], object))
    [[1.0, None], ['a', '#N/A']]
    """
    if isinstance(arg, Ranges):
        arg = arg.value
    if isinstance(arg, np.ndarray):
        if arg.size == 1:
            return _scalar(arg.reshape(-1)[0], err_to_str)
        rows = arg if arg.ndim == 2 else np.asarray(arg, object).reshape(1, -1)
        return [[_scalar(v, err_to_str) for v in row] for row in rows]
    return _scalar(arg, err_to_str)


def _result_scalar(value: Any) -> Any:
    """Convert one returned value to what ``formulas`` stores in a cell."""
    if value is None:
        return ""
    if isinstance(value, XlError):
        return value
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, (int, float, np.integer, np.floating)):
        number = float(value)
        return "" if math.isnan(number) else number
    if isinstance(value, str):
        return str(value)
    raise TypeError(f"a UDF returned an unsupported value {value!r}")


def from_cell_values(value: Any) -> Any:
    """Convert a UDF's return value into a ``formulas`` result.

    Scalars stay scalars (``None``/NaN become ``""``, numbers ``float``); a
    list of lists, a 1-D list (one row) or a numpy array becomes a 2-D
    ``formulas`` array, padded with ``#N/A`` where it is smaller than the
    target range of an array formula.

    >>> from_cell_values(2)
    2.0
    >>> from_cell_values([[1, None], [True, "x"]]).tolist()
    [[1.0, ''], [True, 'x']]
    """
    if isinstance(value, (list, tuple, np.ndarray)):
        rows = [list(r) if isinstance(r, (list, tuple, np.ndarray)) else [r] for r in value]
        if isinstance(value, (list, tuple)) and not any(
            isinstance(r, (list, tuple, np.ndarray)) for r in value
        ):
            rows = [list(value)]  # a flat list is written as one row
        if isinstance(value, np.ndarray) and value.ndim == 1:
            rows = [list(value)]
        width = len(rows[0]) if rows else 0
        if not rows or width == 0 or any(len(r) != width for r in rows):
            raise ValueError(f"a UDF returned a ragged or empty array {value!r}")
        out = np.empty((len(rows), width), dtype=object)
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                out[i, j] = _result_scalar(v)
        return out.view(Array)
    return _result_scalar(value)


def _defaults(func: Callable[..., Any]) -> list[Any]:
    """Default of each positional parameter (``None`` where there is none)."""
    try:
        params = inspect.signature(func).parameters.values()
    except (TypeError, ValueError):
        return []
    out: list[Any] = []
    for p in params:
        if p.kind not in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            break
        out.append(None if p.default is p.empty else p.default)
    return out


def wrap_udf(
    name: str,
    func: Callable[..., Any],
    *,
    err_to_str: bool = True,
    on_error: Literal["raise", "#VALUE!"] = "raise",
    failures: list[UDFError] | None = None,
) -> Callable[..., Any]:
    """Wrap ``func`` so ``formulas`` can call it as the worksheet function ``name``.

    Arguments are converted with :func:`to_cell_values`, empty arguments get
    the parameter default, and the result goes through
    :func:`from_cell_values`.  If ``func`` raises, ``on_error="raise"``
    raises :class:`UDFError` out of :func:`evaluate`; ``on_error="#VALUE!"``
    shows ``#VALUE!`` in the cell, as Excel does.  Raised errors are also
    appended to ``failures``: ``formulas`` only propagates exceptions raised
    while loading (constant arguments are evaluated then), and merely logs
    those raised while calculating.
    """
    defaults = _defaults(func)

    @functools.wraps(func)
    def wrapper(*args: Any) -> Any:
        values: list[Any] = []
        for i, arg in enumerate(args):
            if isinstance(arg, _Omitted):
                values.append(defaults[i] if i < len(defaults) else None)
            else:
                values.append(to_cell_values(arg, err_to_str=err_to_str))
        try:
            result = func(*values)
        except Exception as exc:
            if on_error == "#VALUE!":
                return _VALUE_ERROR
            error = UDFError(f"{name}{tuple(values)!r} raised {exc!r}")
            error.__cause__ = exc
            if failures is not None:
                failures.append(error)
            raise error from exc
        return from_cell_values(result)

    return wrapper


@contextlib.contextmanager
def _installed(
    functions: Mapping[str, Callable[..., Any]], key: Hashable = None, plain_calls: bool = True
) -> Iterator[None]:
    """Temporarily register ``functions`` with ``formulas`` (and quieten it), through the
    stand-ins of :func:`_stand_in`; with a *key*, keep compiled formula cells under it (their
    pipes run as plain calls with *plain_calls*: :mod:`cell_runner`)."""
    registry = formulas.get_functions()
    missing = object()
    saved = {name: registry.get(name, missing) for name in functions}
    saved_compile = Empty.__dict__["compile"]
    saved_compile_cell = ExcelModel.__dict__["_compile_cell"]
    saved_tqdm = formulas.excel.tqdm
    _CURRENT.clear()
    _CURRENT.update(functions)
    registry.update({name: _stand_in(name) for name in functions})
    Empty.compile = staticmethod(lambda: _OMITTED)
    if key is not None:
        ExcelModel._compile_cell = staticmethod(_compiled_cells(key, plain_calls))
    formulas.excel.tqdm = types.SimpleNamespace(tqdm=functools.partial(tqdm.tqdm, disable=True))
    try:
        yield
    finally:
        formulas.excel.tqdm = saved_tqdm
        ExcelModel._compile_cell = saved_compile_cell
        Empty.compile = saved_compile
        _CURRENT.clear()
        for name, previous in saved.items():
            if previous is missing:
                registry.pop(name, None)
            else:
                registry[name] = previous


_CURRENT: dict[str, Callable[..., Any]] = {}
"""The wrappers of the :func:`evaluate` call under way, by function name."""

_STAND_INS: dict[str, Callable[..., Any]] = {}
"""One stand-in per function name, the same for every call (kept formulas hold it)."""

_COMPILED: dict[Hashable, Any] = {}
"""Compiled formula cells, by everything their compilation depends on."""

_KEPT_ALIVE: dict[Hashable, Mapping[str, Callable[..., Any]]] = {}
"""The plugged-in functions of each key of :data:`_COMPILED`, kept so that their identities
(part of the key) are never reused by other objects."""

BOOK_NAME = "workbook.xlsx"
"""The file name every workbook is read under (formulas name cells after their file)."""


def forget_compiled() -> None:
    """Drop the kept compiled formulas: the next :func:`evaluate` compiles everything again
    (a benchmark measures that)."""
    _COMPILED.clear()
    _KEPT_ALIVE.clear()


def _stand_in(name: str) -> Callable[..., Any]:
    """The stable stand-in registered for function *name*: calls the current wrapper."""
    if name not in _STAND_INS:

        def stand_in(*args: Any) -> Any:
            return _CURRENT[name](*args)

        stand_in.__name__ = stand_in.__qualname__ = name
        _STAND_INS[name] = stand_in
    return _STAND_INS[name]


class _Blank:
    """What a blank cell compiles to: ``formulas`` adds no node for a cell without a value
    or formula (``Cell.add`` returns no nodes), so one stand-in serves every blank cell and
    spares parsing its address (most cells of the charts are blank input cells)."""

    output = None
    value = sh.EMPTY
    inputs = None

    def add(self, dsp: Any, context: Any = None) -> set[Any]:
        return set()


_BLANK = _Blank()

_NO_NAMES: dict[str, Any] = {}
"""The defined names of a compilation given none."""


def _compiled_cells(key: Hashable, plain_calls: bool) -> Callable[..., Any]:
    """``ExcelModel._compile_cell`` that keeps each compiled formula cell under *key* (the
    functions and options) and what the cell's compilation reads; with *plain_calls*, each
    one's pipe is run by :class:`cell_runner.FastPipe`."""
    compile_cell = ExcelModel.__dict__["_compile_cell"].__func__
    contexts: dict[int, tuple[Mapping[str, Any], Hashable]] = {}

    def context_key(context: Mapping[str, Any]) -> Hashable:
        # one sheet's cells share one context dict and one dict of defined names: each one's
        # key is worked out once (the dict is kept, so that its id is not reused by another)
        kept = contexts.get(id(context))
        if kept is None or kept[0] is not context:
            kept = contexts[id(context)] = (
                context,
                tuple(sorted((k, repr(v)) for k, v in context.items())),
            )
        return kept[1]

    def cached(
        crd: str, val: Any, context: Mapping[str, Any], check_formula: bool, references: Any
    ) -> Any:
        if val is None:  # a blank cell (formatted, or in an array's range) adds nothing
            return _BLANK
        if not (check_formula and isinstance(val, str) and val.startswith("=")):
            return compile_cell(crd, val, context, check_formula, references)
        cell_key = (
            key,
            crd,
            val,
            context_key(context),
            context_key(references or _NO_NAMES),
        )
        if cell_key not in _COMPILED:
            cell = compile_cell(crd, val, context, check_formula, references)
            _COMPILED[cell_key] = cell_runner.fast(cell) if plain_calls else cell
        return _COMPILED[cell_key]

    return cached


def _unwrap_udf_error(exc: BaseException) -> UDFError | None:
    """Find a :class:`UDFError` inside the exception chain schedula builds."""
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if isinstance(e, UDFError):
            return e
        todo.extend([getattr(e, "ex", None), e.__cause__, e.__context__])
    return None


def evaluate(
    path: str | Path,
    functions: Mapping[str, Callable[..., Any]],
    *,
    err_to_str: bool = True,
    on_error: Literal["raise", "#VALUE!"] = "raise",
    plain_calls: bool = True,
) -> dict[tuple[str, str], CellValue]:
    """Recalculate the workbook at ``path`` with ``functions`` as UDFs.

    ``functions`` maps worksheet function names (any case; also reachable
    with Excel's ``_xludf.`` prefix) to plain Python callables, which are
    wrapped with :func:`wrap_udf`.  Returns ``{(sheet, "B3"): value}`` for
    every cell ``formulas`` knows (constants, formulas and referenced
    blanks; cells absent from the result are blank), with the sheet name
    spelt as in the workbook.  Values are ``float``, ``str``, ``bool`` or
    ``None`` (blank; ``""`` is text, e.g. a UDF that returned ``None``);
    Excel errors are their text, e.g. ``"#NAME?"`` for an unknown function.
    ``err_to_str`` and ``on_error`` are passed to :func:`wrap_udf`. With ``plain_calls``
    each formula's compiled pipe is run as a plain sequence of calls (:mod:`cell_runner`:
    the same values, a fraction of schedula's cost); ``False`` runs schedula's own.
    """
    wrapped: dict[str, Callable[..., Any]] = {}
    failures: list[UDFError] = []
    for name, func in functions.items():
        upper = name.upper()
        w = wrap_udf(upper, func, err_to_str=err_to_str, on_error=on_error, failures=failures)
        wrapped[upper] = wrapped[f"_XLUDF.{upper}"] = w
    # a counting wrapper (``__wrapped__``) compiles like the function it counts
    plain = {n.upper(): inspect.unwrap(f) for n, f in functions.items()}
    key = (tuple(sorted((n, id(f)) for n, f in plain.items())), err_to_str, on_error, plain_calls)
    _KEPT_ALIVE.setdefault(key, plain)

    with (
        _installed(wrapped, key, plain_calls),
        tempfile.TemporaryDirectory(prefix="engine-") as tmp,
    ):
        book = Path(tmp) / BOOK_NAME
        shutil.copyfile(path, book)
        try:
            model = formulas.ExcelModel().loads(str(book)).finish()
            solution = model.calculate()
        except Exception as exc:
            udf_error = _unwrap_udf_error(exc)
            if udf_error is not None:
                raise udf_error from exc
            raise
        if failures:
            raise failures[0]

    sheet_names: dict[str, str] = {}
    for data in model.books.values():
        for title in data[BOOK].sheetnames:
            sheet_names[title.upper()] = title

    single: dict[tuple[str, str], CellValue] = {}
    multi: dict[tuple[str, str], CellValue] = {}
    for key, ranges in solution.items():
        if not isinstance(ranges, Ranges) or len(ranges.ranges) != 1:
            continue
        rng = ranges.ranges[0]
        if "sheet" not in rng or rng.get("name") != key:
            continue  # "#REF!" placeholder or a defined name (an alias of cells)
        sheet = sheet_names.get(rng["sheet"], rng["sheet"])
        values = np.asarray(ranges.value, dtype=object)
        if values.ndim != 2:
            values = values.reshape(1, -1)
        n_rows = min(values.shape[0], int(rng["r2"]) - int(rng["r1"]) + 1)
        n_cols = min(values.shape[1], int(rng["n2"]) - int(rng["n1"]) + 1)
        target = single if n_rows == n_cols == 1 else multi
        for i in range(n_rows):
            for j in range(n_cols):
                address = f"{get_column_letter(int(rng['n1']) + j)}{int(rng['r1']) + i}"
                target[(sheet, address)] = _scalar(values[i, j], True, "")
    multi.update(single)  # a cell's own node wins over ranges containing it
    return multi
