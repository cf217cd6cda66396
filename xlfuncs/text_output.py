"""How every command writes figures, tables and JSON as text.

Points are written as TRF16 writes them and the report's table prints them: at least one
decimal (``6.0``, ``5.5``), more where the value needs them (``20.25``), in every command's
text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from typing import TypeAlias

__all__ = [
    "JsonScalar",
    "JsonValue",
    "change_text",
    "counted",
    "json_fraction",
    "json_text",
    "listed",
    "new_rating_text",
    "or_dash",
    "points_text",
    "table_lines",
    "underlined",
    "without_argument",
]


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """*n* and *noun*, in the plural (*plural*, else *noun* with ``s``) unless *n* is 1.

    >>> counted(1, "round"), counted(7, "round"), counted(0, "game"), counted(2, "match", "matches")
    ('1 round', '7 rounds', '0 games', '2 matches')
    """
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def points_text(points: Fraction | Decimal | float | int) -> str:
    """*points* with at least one decimal and as many as the exact value needs; two for a
    value no decimal writes exactly.

    >>> points_text(6), points_text(Fraction(11, 2)), points_text(Decimal("20.25"))
    ('6.0', '5.5', '20.25')
    >>> points_text(Decimal("4.30")), points_text(Fraction(1, 3))
    ('4.3', '0.33')
    """
    q = Fraction(points)
    rest = q.denominator
    for factor in (2, 5):
        while rest % factor == 0:
            rest //= factor
    if rest != 1:  # no finite decimal: 1/3
        return f"{float(q):.2f}"
    text = format(Decimal(q.numerator) / Decimal(q.denominator), "f")  # exact: a finite decimal
    return text if "." in text else f"{text}.0"


def change_text(change: int | None) -> str:
    """A rounded rating change with its sign (``+12``, ``-5``, ``0``); ``-`` for none.

    >>> change_text(12), change_text(-5), change_text(0), change_text(None)
    ('+12', '-5', '0', '-')
    """
    if change is None:
        return "-"
    return f"{change:+d}" if change else "0"


def or_dash(value: object) -> str:
    """*value* as text; ``-`` for ``None``.

    >>> or_dash(1500), or_dash(0), or_dash(None)
    ('1500', '0', '-')
    """
    return "-" if value is None else str(value)


def new_rating_text(rating: int | None, note: str | None) -> str:
    """A new rating (``-`` for none) with ``!`` after it whenever a *note* (the floor's) goes
    with it.

    >>> new_rating_text(1412, None), new_rating_text(1398, "below 1400"), new_rating_text(None, "")
    ('1412', '1398!', '-')
    """
    return or_dash(rating) + ("!" if note else "")


def table_lines(rows: Sequence[Sequence[str]], left: Collection[int] = ()) -> list[str]:
    """*rows* (the header first) as aligned text: the header, a rule of dashes, then each
    row; columns two blanks apart, the columns numbered in *left* (from 0) aligned left, the
    others right; no blanks at the end of a line.

    >>> rows = [["Name", "Pts"], ["Carlsen", "6.0"], ["Ding", "10.5"]]
    >>> print("\\n".join(table_lines(rows, left={0})))
    Name      Pts
    -------  ----
    Carlsen   6.0
    Ding     10.5
    """
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))
        ).rstrip()

    return [line(rows[0]), line(["-" * w for w in widths])] + [line(r) for r in rows[1:]]


def underlined(title: str, rule: str = "=") -> list[str]:
    """A heading of a text report: *title*, and under it a line of *rule* as long.

    >>> underlined("Notes", "-")
    ['Notes', '-----']
    """
    return [title, rule * len(title)]


def listed(title: str, items: Iterable[object]) -> list[str]:
    """A section of a text report: a blank line, *title*, then one ``- item`` line per item
    (``- none`` when there is none).

    >>> listed("Warnings", ["late file"]), listed("Warnings", [])
    (['', 'Warnings', '- late file'], ['', 'Warnings', '- none'])
    """
    return ["", title, *([f"- {item}" for item in items] or ["- none"])]


_ARGUMENT = re.compile(r"^[a-z_]+: ")
"""The argument name the core puts before its messages (``opponent_ratings: ...``)."""


def without_argument(message: str) -> str:
    """A core message without the name of the argument it concerns (which means something
    in a cell, not in a report).

    >>> without_argument("opponent_ratings: no game against a rated opponent")
    'no game against a rated opponent'
    """
    return _ARGUMENT.sub("", message)


def json_fraction(x: Fraction | int | None) -> int | float | None:
    """*x* as JSON writes it: a whole number as one, else a float; ``None`` as ``null``.

    >>> json_fraction(Fraction(5, 2)), json_fraction(Fraction(4)), json_fraction(None)
    (2.5, 4, None)
    """
    return None if x is None else int(x) if x.denominator == 1 else float(x)


JsonScalar: TypeAlias = str | int | float | bool | None
"""A plain JSON value: a string, a number, true or false, null."""
JsonValue: TypeAlias = JsonScalar | Sequence["JsonValue"] | Mapping[str, "JsonValue"]
"""Any JSON value as a command builds it: plain, a list (any sequence) or an object (any
mapping with string keys)."""


_JSON_CONTROLS = re.compile("[\x7f-\x9f]")
"""DEL and the C1 controls, which JSON may hold as they are (it escapes only C0)."""


def json_text(value: JsonValue) -> str:
    r"""*value* as indented JSON, UTF-8 but for the control characters (C0 by JSON itself, DEL
    and C1 here), which would drive a terminal; no final newline.

    >>> print(json_text({"name": "Ash\x1b\x9b, Ødön"}))
    {
      "name": "Ash\u001b\u009b, Ødön"
    }
    """
    text = json.dumps(value, indent=2, ensure_ascii=False)
    return _JSON_CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
