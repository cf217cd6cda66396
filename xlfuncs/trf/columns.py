"""How the TRF reader names a place on a line: its columns (``49-52``, ``97``) and what it
found there, as :class:`~xlfuncs.trf.TrfError` and the findings say them.

>>> columns_text(49, 52), columns_text(97, 97)
('49-52', '97')
>>> columns_named("49-52"), columns_named("97")
('columns 49-52', 'column 97')
>>> found_text("001    1", 5, 8), found_text("001     ", 5, 8), found_text("001", 5, 8)
("'1'", 'a blank', 'the end of the line')
"""

from __future__ import annotations

__all__ = ["columns_named", "columns_text", "found_text"]


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
