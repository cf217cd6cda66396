"""What was read from a chart's columns, found again by the cells' values (a recalculation
calls eight whole-column functions on the same values): :func:`value_key`, equal exactly
for the same plain cell values, :class:`Memo`, the last answers by such a key, and
:class:`PerValue`, each distinct cell value of a block read once.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import marshal
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from itertools import chain
from typing import Any, Generic, TypeVar

from .ranges import Cell

__all__ = ["Memo", "PerValue", "one_call", "value_key"]

_PLAIN = frozenset({type(None), bool, int, float, str, _dt.datetime, _dt.date, _dt.time})
"""The types whose ``repr`` tells every two values apart, with their type."""

_SEQUENCES = frozenset({list, tuple})

T = TypeVar("T")

_KEYED = frozenset({type(None), bool, int, float, str})
"""The cell types :class:`PerValue` keeps an answer for, by (type, value)."""


def _plain(value: Cell) -> bool:
    """Whether *value* is a plain cell value, a row of them, or rows of them."""
    kind = type(value)
    if kind is not list and kind is not tuple:
        return kind in _PLAIN
    kinds = set(map(type, value))
    if kinds <= _PLAIN:
        return True
    if kinds <= _SEQUENCES:  # rows
        return _PLAIN.issuperset(map(type, chain.from_iterable(value)))
    return False


_MARSHAL_FORMAT = 2
"""The :mod:`marshal` format of the keys: format 2 writes a value in full each time it occurs
(later ones write a shared or interned value otherwise), so equal values write equal bytes."""


_known: dict[int, tuple[Cell, bytes | str | None]] | None = None
"""Within :func:`one_call`: each argument's key part so far, by identity (the argument kept
beside it, so that its identity cannot be another's)."""


@contextlib.contextmanager
def one_call() -> Iterator[None]:
    """Within this block, :func:`value_key` works out each argument's part of a key once,
    by identity: for one call of a function (Lite's ``main.py`` opens it around each).

    >>> block = [[1]]
    >>> with one_call():
    ...     first = value_key(block)
    ...     block[0][0] = 2  # not done within a call: the key found is the first one's
    ...     value_key(block) == first
    True
    >>> value_key(block) == first
    False
    """
    global _known
    outer = _known
    _known = {} if outer is None else outer
    try:
        yield
    finally:
        _known = outer


def _value_part(value: Cell) -> bytes | str | None:
    """One argument's part of a key (:func:`value_key`)."""
    if _known is not None:
        found = _known.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
    part: bytes | str | None = None
    if _plain(value):
        try:  # each type its own code, floats in binary: equal bytes for equal values only
            part = marshal.dumps(value, _MARSHAL_FORMAT)
        except ValueError:  # a date or time, which marshal does not write
            part = repr(value)
    if _known is not None:
        _known[id(value)] = (value, part)
    return part


def value_key(*values: Cell) -> tuple[bytes | str, ...] | None:
    """A key for *values* (a function's arguments): the values written by :mod:`marshal`
    (dates and times: their ``repr``); ``None`` when one of them is not plain.

    >>> value_key([[1, "½"], [None, 2.5]]) == value_key([[1, "½"], [None, 2.5]])
    True
    >>> len({value_key([[1]]), value_key([[1.0]]), value_key([[True]]), value_key([["1"]])})
    4
    >>> value_key([[object()]]) is None
    True
    >>> def rook():
    ...     return "".join(["rook "] * 3)
    >>> x = rook()
    >>> value_key([[x, x]]) == value_key([[rook(), rook()]])  # one object twice, or two
    True
    >>> value_key([[0.0]]) == value_key([[-0.0]])
    False
    >>> value_key([[_dt.date(2026, 1, 2)]])
    ('[[datetime.date(2026, 1, 2)]]',)
    """
    parts = []
    for value in values:
        part = _value_part(value)
        if part is None:
            return None
        parts.append(part)
    return tuple(parts)


class Memo(Generic[T]):
    """The last *size* answers, by key (the least recently used one goes first)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._found: OrderedDict[Hashable, T] = OrderedDict()

    def get(self, key: Hashable | None, compute: Callable[[], T]) -> T:
        """The answer kept for *key*, else ``compute()``, kept for *key*; without a key
        (``None``) always ``compute()``, kept for nothing."""
        if key is None:
            return compute()
        if key in self._found:
            self._found.move_to_end(key)
            return self._found[key]
        found = compute()
        self._found[key] = found
        if len(self._found) > self._size:
            self._found.popitem(last=False)
        return found

    def clear(self) -> None:
        """Forget every answer."""
        self._found.clear()


class PerValue(Generic[T]):
    """*read* (a cell's value and its name) of each distinct plain cell value once;
    ``name(where)`` words the cell's name only when a value must be read. An error is not
    kept: each cell that holds the value raises it with its own name.

    >>> seen = []
    >>> def read(value, name):
    ...     seen.append(value)
    ...     return str(value)
    >>> once = PerValue(read, lambda where: f"cell {where}")
    >>> [once(v, 0) for v in (1, 1, 1.0, "1", 1)]
    ['1', '1', '1.0', '1', '1']
    >>> seen
    [1, 1.0, '1']
    """

    def __init__(self, read: Callable[[Cell, str], T], name: Callable[[Any], str]) -> None:
        self._read = read
        self._name = name
        self._known: dict[tuple[type, Cell], T] = {}

    def __call__(self, value: Cell, where: Any) -> T:
        """The answer for *value*, the cell at *where*."""
        try:
            return self._known[type(value), value]
        except (KeyError, TypeError):  # not read yet, or a value that cannot be a key
            found = self._read(value, self._name(where))
            if type(value) in _KEYED:
                self._known[type(value), value] = found
            return found
