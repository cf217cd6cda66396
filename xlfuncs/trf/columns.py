"""Where the fields of a ``001`` line are (:data:`PLAYER_COLUMNS`, which the national-rating
lines of TRF-2026 share up to the birth date), and how the TRF reader names a place on a
line: its columns (``49-52``, ``97``) and what it found there, as
:class:`~xlfuncs.trf.TrfError` and the findings say them.

>>> columns_text(49, 52), columns_text(97, 97)
('49-52', '97')
>>> columns_named("49-52"), columns_named("97")
('columns 49-52', 'column 97')
>>> found_text("001    1", 5, 8), found_text("001     ", 5, 8), found_text("001", 5, 8)
("'1'", 'a blank', 'the end of the line')
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["PLAYER_COLUMNS", "columns_named", "columns_text", "field_text", "found_text"]

PLAYER_COLUMNS: Mapping[str, tuple[int, int]] = MappingProxyType(
    {
        "starting rank": (5, 8),
        "sex": (10, 10),
        "title": (11, 13),
        "name": (15, 47),
        "rating": (49, 52),
        "federation": (54, 56),
        "FIDE id": (58, 68),
        "birth date": (70, 79),
        "points": (81, 84),
        "rank": (86, 89),
    }
)
"""First and last column (1-based, inclusive) of each fixed field of a ``001`` line."""


def field_text(line: str, name: str) -> str:
    """The text of the field *name* (:data:`PLAYER_COLUMNS`) of *line*, without the blanks
    around it (empty where the line ends before it)."""
    return line[_SLICES[name]].strip()


_SLICES = {name: slice(first - 1, last) for name, (first, last) in PLAYER_COLUMNS.items()}


def columns_text(first: int, last: int) -> str:
    """Columns *first* to *last* (1-based, inclusive): ``49-52``, or ``97`` for one."""
    return str(first) if first == last else f"{first}-{last}"


def columns_named(columns: str) -> str:
    """*columns* (:func:`columns_text`) as a message names them: ``columns 49-52``, or
    ``column 97`` for one."""
    return f"{'columns' if '-' in columns else 'column'} {columns}"


def found_text(line: str, first: int, last: int) -> str:
    """What columns *first* to *last* of *line* hold, as an error says it: ``the end of the
    line`` where the line ends before them, ``a blank``, else the text without its blanks,
    quoted."""
    if len(line) < first:
        return "the end of the line"
    raw = line[first - 1 : last].strip()
    return repr(raw) if raw else "a blank"
