"""A computed cell described once: an expression tree that gives both the formula text a
workbook stores and the value Excel shows for it (the cached value stored beside it).

A call of one of our functions is evaluated by calling that very function
(:mod:`xlfuncs.excel.functions`); the Excel builtins the templates use, by
:data:`BUILTINS`, following Excel's documented behaviour. Values are as Excel passes them
(:data:`Value`); our functions return their errors as text, which Excel keeps as text.
A :class:`Sheet` holds a sheet's cells and evaluates each formula on demand, once.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from .common import cell

__all__ = [
    "Area",
    "BUILTINS",
    "Call",
    "Const",
    "Expr",
    "Name",
    "Op",
    "Paren",
    "Ref",
    "Sheet",
    "Value",
    "XlError",
    "blank_or",
    "call",
    "concat",
    "excel_round",
    "excel_value",
    "if_",
    "lit",
    "op",
    "text_of",
]

Value = Any
"""A cell value as Excel passes it: ``float``, ``str``, ``bool``, ``None`` (blank) or an
:class:`XlError`."""


class XlError(str):
    """An error value (``#VALUE!``, ``#N/A`` ...), as opposed to text that reads like one."""


Grid = list[list[Value]]
"""A range's values, row by row."""


class Expr:
    """A formula, or a part of one."""

    def formula(self) -> str:
        """The formula text (without the leading ``=``)."""
        raise NotImplementedError

    def value(self, sheet: Sheet) -> Value:
        """What Excel computes for it on *sheet*."""
        raise NotImplementedError


@dataclass(frozen=True)
class Const(Expr):
    """A number, a text (quoted) or a logical value."""

    constant: float | str | bool

    def formula(self) -> str:
        c = self.constant
        if isinstance(c, bool):
            return "TRUE" if c else "FALSE"
        if isinstance(c, str):
            return '"' + c.replace('"', '""') + '"'
        return text_of(float(c))

    def value(self, sheet: Sheet) -> Value:
        return excel_value(self.constant)


@dataclass(frozen=True)
class Ref(Expr):
    """One cell (zero-based row and column)."""

    row: int
    col: int
    absolute: bool = False

    def formula(self) -> str:
        return cell(self.row, self.col, absolute=self.absolute)

    def value(self, sheet: Sheet) -> Value:
        return sheet.value(self.row, self.col)


@dataclass(frozen=True)
class Area(Expr):
    """A rectangle of cells; its value is its values row by row. *absolute*: ``$`` in both
    corners' references, or in the first only when *last_absolute* is ``False``."""

    first_row: int
    first_col: int
    last_row: int
    last_col: int
    absolute: bool = False
    last_absolute: bool | None = None

    def formula(self) -> str:
        last_absolute = self.absolute if self.last_absolute is None else self.last_absolute
        first = cell(self.first_row, self.first_col, absolute=self.absolute)
        return f"{first}:{cell(self.last_row, self.last_col, absolute=last_absolute)}"

    def value(self, sheet: Sheet) -> Grid:
        return [
            [sheet.value(r, c) for c in range(self.first_col, self.last_col + 1)]
            for r in range(self.first_row, self.last_row + 1)
        ]


@dataclass(frozen=True)
class Name(Expr):
    """A defined name: of one cell (``Rating``, ``Rules``) or a range of the sheet, or of a
    table of constants on another sheet (:attr:`Sheet.tables`)."""

    name: str

    def formula(self) -> str:
        return self.name

    def value(self, sheet: Sheet) -> Value:
        if self.name in sheet.tables:
            return sheet.tables[self.name]
        target = sheet.names[self.name]
        return target.value(sheet) if isinstance(target, Area) else sheet.value(*target)


@dataclass(frozen=True)
class Paren(Expr):
    """An expression in parentheses."""

    inner: Expr

    def formula(self) -> str:
        return f"({self.inner.formula()})"

    def value(self, sheet: Sheet) -> Value:
        return self.inner.value(sheet)


@dataclass(frozen=True)
class Op(Expr):
    """Operands joined by one of Excel's operators (``&``, ``+``, ``-``, ``*``, ``/``, ``=``,
    ``<>``, ``<``, ``>``, ``<=``, ``>=``), left to right."""

    symbol: str
    operands: tuple[Expr, ...]

    def formula(self) -> str:
        return self.symbol.join(o.formula() for o in self.operands)

    def value(self, sheet: Sheet) -> Value:
        values = [o.value(sheet) for o in self.operands]
        result = values[0]
        for v in values[1:]:
            result = _OPERATORS[self.symbol](result, v)
        return result


@dataclass(frozen=True)
class Call(Expr):
    """A function call: an Excel builtin of :data:`BUILTINS`, or one of our functions."""

    name: str
    args: tuple[Expr, ...]

    def formula(self) -> str:
        return f"{self.name}({','.join(a.formula() for a in self.args)})"

    def value(self, sheet: Sheet) -> Value:
        if self.name == "IF":  # only the branch chosen is computed
            test = _truth(self.args[0].value(sheet))
            if isinstance(test, XlError):
                return test
            branch = self.args[1] if test else self.args[2] if len(self.args) > 2 else None
            return False if branch is None else branch.value(sheet)
        values = [a.value(sheet) for a in self.args]
        if self.name in BUILTINS:
            if self.name in _RANGE_ARGUMENTS:  # a reference read as a range of one cell
                where = _RANGE_ARGUMENTS[self.name]
                values = [
                    [[v]] if isinstance(a, Ref) and (where is None or i in where) else v
                    for i, (a, v) in enumerate(zip(self.args, values))
                ]
            return BUILTINS[self.name](*values)
        from ..excel import functions as excel_functions

        function = getattr(excel_functions, self.name)
        return excel_value(function(*(_argument(v) for v in values)))


def _argument(value: Value) -> Value:
    """A value as xlwings hands it to our functions: an empty text as a blank."""
    if isinstance(value, list):
        return [[_argument(v) for v in row] for row in value]
    return None if value == "" else value


def lit(x: Expr | float | str | bool) -> Expr:
    """*x* as an expression (a number, text or logical value as a constant)."""
    return x if isinstance(x, Expr) else Const(x)


def op(symbol: str, *operands: Expr | float | str | bool) -> Op:
    """``a<symbol>b<symbol>...``."""
    return Op(symbol, tuple(lit(o) for o in operands))


def concat(*parts: Expr | float | str | bool) -> Op:
    """``a&b&...``."""
    return op("&", *parts)


def call(name: str, *args: Expr | float | str | bool) -> Call:
    """``NAME(args)``."""
    return Call(name, tuple(lit(a) for a in args))


def if_(test: Expr, then: Expr | float | str | bool, otherwise: Expr | float | str | bool) -> Call:
    """``IF(test,then,otherwise)``."""
    return call("IF", test, then, otherwise)


def blank_or(ref: Expr, then: Expr | float | str | bool) -> Call:
    """``IF(ref="","",then)``: blank while *ref* is."""
    return if_(op("=", ref, ""), "", then)


# ------------------------------------------------------------------------------- values


def excel_value(x: Any) -> Value:
    """A Python value as a cell holds it: numbers (``int``, ``Fraction``, ``Decimal``) as
    ``float``, a date as its serial number, an empty text as a blank; lists element-wise."""
    if isinstance(x, (list, tuple)):
        return [excel_value(v) for v in x]
    if x is None or isinstance(x, (bool, str)):
        return None if x == "" and type(x) is str else x
    if isinstance(x, (int, float, Fraction, Decimal)):
        return float(x)
    if isinstance(x, _dt.date):
        return float((x - _dt.date(1899, 12, 30)).days)
    return x


def text_of(value: Value) -> str:
    """A value as Excel's ``&`` turns it into text: a whole number without a decimal point,
    a blank as ``""``, a logical value as ``TRUE`` or ``FALSE``."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return "" if value is None else str(value)


def excel_round(x: float, digits: int = 0) -> float:
    """Excel's ROUND: half away from zero, on the float's exact value."""
    scale = 10**digits
    magnitude = float(Decimal(abs(x * scale)).quantize(Decimal(0), rounding=ROUND_HALF_UP))
    v: float = magnitude / scale
    return -v if x < 0 else v


def _error(*values: Value) -> XlError | None:
    return next((v for v in values if isinstance(v, XlError)), None)


def _number(value: Value) -> float | XlError:
    """A value as arithmetic reads it: a blank as 0, a logical value as 1 or 0, text that
    is a number as that number, other text ``#VALUE!``."""
    if isinstance(value, XlError):
        return value
    if value is None:
        return 0.0
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return XlError("#VALUE!")
    return float(value)


def _truth(value: Value) -> bool | XlError:
    """A value as ``IF``, ``AND`` and ``OR`` read it."""
    if isinstance(value, XlError):
        return value
    if isinstance(value, str):
        upper = value.upper()
        return upper == "TRUE" if upper in ("TRUE", "FALSE") else XlError("#VALUE!")
    return bool(value)


def _arithmetic(compute: Callable[[float, float], float]) -> Callable[[Value, Value], Value]:
    def arithmetic(a: Value, b: Value) -> Value:
        x, y = _number(a), _number(b)
        error = _error(x, y)
        if error is not None:
            return error
        try:
            return compute(float(x), float(y))
        except ZeroDivisionError:
            return XlError("#DIV/0!")

    return arithmetic


def _rank(value: Value) -> tuple[int, Any]:
    """Excel's order of values of different kinds: numbers, then text (ignoring case),
    then logical values; a blank compares as 0 with a number, as "" with text."""
    if isinstance(value, bool):
        return (2, value)
    if isinstance(value, str):
        return (1, value.upper())
    return (0, float(value))


def _compare(a: Value, b: Value) -> int | XlError:
    error = _error(a, b)
    if error is not None:
        return error
    if a is None:
        a = "" if isinstance(b, str) else False if isinstance(b, bool) else 0.0
    if b is None:
        b = "" if isinstance(a, str) else False if isinstance(a, bool) else 0.0
    x, y = _rank(a), _rank(b)
    return (x > y) - (x < y)


def _comparison(test: Callable[[int], bool]) -> Callable[[Value, Value], Value]:
    def compare(a: Value, b: Value) -> Value:
        c = _compare(a, b)
        return c if isinstance(c, XlError) else test(c)

    return compare


def _concat(a: Value, b: Value) -> Value:
    return _error(a, b) or text_of(a) + text_of(b)


_OPERATORS: Mapping[str, Callable[[Value, Value], Value]] = {
    "&": _concat,
    "+": _arithmetic(lambda x, y: x + y),
    "-": _arithmetic(lambda x, y: x - y),
    "*": _arithmetic(lambda x, y: x * y),
    "/": _arithmetic(lambda x, y: x / y),
    "=": _comparison(lambda c: c == 0),
    "<>": _comparison(lambda c: c != 0),
    "<": _comparison(lambda c: c < 0),
    ">": _comparison(lambda c: c > 0),
    "<=": _comparison(lambda c: c <= 0),
    ">=": _comparison(lambda c: c >= 0),
}


def _cells(values: Sequence[Value]) -> Iterator[tuple[Value, bool]]:
    """Every value of the arguments (a range's cells one by one), each with whether it came
    from a range."""
    for v in values:
        if isinstance(v, list):
            yield from ((x, True) for row in v for x in row)
        else:
            yield v, False


def _logical(combine: Callable[[list[bool]], bool]) -> Callable[..., Value]:
    def logical(*values: Value) -> Value:
        tests: list[bool] = []
        for v, in_range in _cells(values):
            if in_range and (v is None or (isinstance(v, str) and not isinstance(v, XlError))):
                continue  # a range's blanks and text are ignored
            t = _truth(v)
            if isinstance(t, XlError):
                return t
            tests.append(t)
        return combine(tests) if tests else XlError("#VALUE!")

    return logical


def _round(x: Value, digits: Value) -> Value:
    n, d = _number(x), _number(digits)
    return _error(n, d) or excel_round(float(n), int(d))


def _countif(area: Grid, criterion: Value) -> Value:
    """``COUNTIF`` with a criterion that is a value (equality, text ignoring case)."""
    return float(sum(1 for v, _ in _cells([area]) if v is not None and _compare(v, criterion) == 0))


def _index(area: Grid, row: Value, col: Value = 1.0) -> Value:
    r, c = _number(row), _number(col)
    error = _error(r, c)
    if error is not None:
        return error
    i, j = int(r) - 1, int(c) - 1
    if not (0 <= i < len(area) and 0 <= j < len(area[0])):
        return XlError("#REF!")
    return area[i][j]


def _sumif(area: Grid, criterion: Value, sum_area: Grid) -> Value:
    """``SUMIF`` with a criterion that is a value: the numbers of *sum_area* beside the
    cells of *area* equal to it."""
    total = 0.0
    for row, sums in zip(area, sum_area):
        for v, s in zip(row, sums):
            if v is not None and _compare(v, criterion) == 0 and isinstance(s, float):
                total += s
    return total


def _vlookup(key: Value, table: Grid, col: Value, approximate: Value = True) -> Value:
    """``VLOOKUP`` by exact match (*approximate* ``FALSE``, as the templates call it)."""
    n = _number(col)
    error = _error(key, n)
    if error is not None:
        return error
    for row in table:
        if row[0] is not None and _compare(row[0], key) == 0:
            return row[int(n) - 1]
    return XlError("#N/A")


def _trim(value: Value) -> Value:
    """``TRIM``: spaces at either end removed, runs of spaces inside made one."""
    return _error(value) or " ".join(w for w in text_of(value).split(" ") if w)


def _numbers(values: Sequence[Value]) -> list[float] | XlError:
    """The numbers of the arguments, for ``SUM`` and ``MIN``: a range's text, blanks and
    logical values ignored; the first error."""
    found: list[float] = []
    for v, in_range in _cells(values):
        if isinstance(v, XlError):
            return v
        if isinstance(v, float) or (not in_range and v is not None):
            n = _number(v)
            if isinstance(n, XlError):
                return n
            found.append(n)
    return found


def _aggregate(combine: Callable[[list[float]], float]) -> Callable[..., Value]:
    def aggregate(*values: Value) -> Value:
        found = _numbers(values)
        return found if isinstance(found, XlError) else combine(found)

    return aggregate


def _count(*values: Value) -> Value:
    """``COUNT``: how many numbers."""
    return float(sum(1 for v, _ in _cells(values) if isinstance(v, float)))


def _match(key: Value, area: Grid, kind: Value = 1.0) -> Value:
    """``MATCH`` by exact match (*kind* 0, as the templates call it): the position, from 1."""
    if isinstance(key, XlError):
        return key
    for i, (v, _) in enumerate(_cells([area])):
        if v is not None and _compare(v, key) == 0:
            return float(i + 1)
    return XlError("#N/A")


def _not(value: Value) -> Value:
    t = _truth(value)
    return t if isinstance(t, XlError) else not t


def _left(value: Value, count: Value = 1.0) -> Value:
    n = _number(count)
    return _error(value, n) or text_of(value)[: int(n)]


BUILTINS: Mapping[str, Callable[..., Value]] = {
    "AND": _logical(all),
    "OR": _logical(any),
    "SUM": _aggregate(lambda found: float(sum(found))),
    "ROUND": _round,
    "COUNTIF": _countif,
    "SUMIF": _sumif,
    "VLOOKUP": _vlookup,
    "TRIM": _trim,
    "INDEX": _index,
    "IFERROR": lambda value, fallback: fallback if isinstance(value, XlError) else value,
    "LEFT": _left,
    "ISNUMBER": lambda value: isinstance(value, float),
    "ISLOGICAL": lambda value: isinstance(value, bool),
    "MIN": _aggregate(lambda found: min(found, default=0.0)),
    "COUNT": _count,
    "MATCH": _match,
    "UPPER": lambda value: _error(value) or text_of(value).upper(),
    "NOT": _not,
}
"""The Excel builtins the templates use (``IF`` aside: only its chosen branch is
computed), each evaluated on the values of its arguments (a range as a list of rows)."""

_RANGE_ARGUMENTS: Mapping[str, frozenset[int] | None] = {
    "AND": None,
    "OR": None,
    "SUM": None,
    "MIN": None,
    "COUNT": None,
    "COUNTIF": frozenset({0}),
    "SUMIF": frozenset({0, 2}),
    "INDEX": frozenset({0}),
    "MATCH": frozenset({1}),
}
"""Builtins that read a reference as a range (text and blanks in it ignored): in which
argument (``None``: in every one)."""


# ------------------------------------------------------------------------------- a sheet


@dataclass(frozen=True)
class _ArrayPart:
    """A cell of an array formula: the formula's top-left cell and the cell's offset."""

    top: tuple[int, int]
    row: int
    col: int


@dataclass
class Sheet:
    """A sheet's cells: values, formulas and array formulas, and its defined names; each
    formula evaluated once, when its value is first asked for."""

    names: dict[str, tuple[int, int] | Area] = field(default_factory=dict)
    """The sheet's defined names: a cell (row, column) or a range."""
    tables: dict[str, Grid] = field(default_factory=dict)
    """Names of ranges of constants on other sheets of the workbook, with their values."""
    _cells: dict[tuple[int, int], Any] = field(default_factory=dict)
    _values: dict[tuple[int, int], Value] = field(default_factory=dict)
    _pending: set[tuple[int, int]] = field(default_factory=set)
    _arrays: dict[tuple[int, int], Expr] = field(default_factory=dict)
    _results: dict[tuple[int, int], Value] = field(default_factory=dict)

    def put(self, row: int, col: int, content: Any) -> None:
        """Place a value (as :func:`excel_value` reads it) or a formula (an :class:`Expr`)."""
        self._values.pop((row, col), None)
        value = content if isinstance(content, Expr) else excel_value(content)
        self._cells[(row, col)] = value

    def put_array(
        self, first_row: int, first_col: int, last_row: int, last_col: int, e: Expr
    ) -> None:
        """Place an array formula over a rectangle: its result fills the rectangle, a single
        value in every cell, missing cells ``#N/A``."""
        top = (first_row, first_col)
        for r in range(first_row, last_row + 1):
            for c in range(first_col, last_col + 1):
                self._cells[(r, c)] = _ArrayPart(top, r - first_row, c - first_col)
                self._values.pop((r, c), None)
        self._arrays[top] = e
        self._results.pop(top, None)

    def value(self, row: int, col: int) -> Value:
        """The value Excel shows in the cell (a blank where nothing was placed)."""
        key = (row, col)
        if key in self._values:
            return self._values[key]
        content = self._cells.get(key)
        if key in self._pending:
            raise ValueError(f"circular reference at {cell(row, col)}")
        self._pending.add(key)
        try:
            if isinstance(content, Expr):
                v = content.value(self)
            elif isinstance(content, _ArrayPart):
                v = self._array_value(content)
            else:
                v = content
        finally:
            self._pending.discard(key)
        self._values[key] = v
        return v

    def _array_value(self, part: _ArrayPart) -> Value:
        if part.top not in self._results:
            self._results[part.top] = self._arrays[part.top].value(self)
        result = self._results[part.top]
        if not isinstance(result, list):
            return result
        rows = [r if isinstance(r, list) else [r] for r in result]
        if part.row < len(rows) and part.col < len(rows[part.row]):
            return rows[part.row][part.col]
        return XlError("#N/A")
