"""The one reader of the numbers a TRF writes: every field of every record that holds a
number is read here.

TRF16 and TRF-2026 write numbers in ASCII digits (``0``-``9``). Python's ``str.isdigit``
also takes superscripts (``²``), which ``int`` refuses, and ``re``'s ``\\d`` and ``int`` take
the digits of other scripts (``٣``): neither is a TRF's number. A field whose text is not
ASCII digits is no number here, and the caller reads it by its documented treatment
(``docs/trf.md``, "Values and structure").

>>> whole_number(" 12 "), whole_number("1²"), whole_number("٣"), whole_number("")
(12, None, None, None)
>>> decimal_number("2.5"), decimal_number("-1.0"), decimal_number("2,5")
(Fraction(5, 2), Fraction(-1, 1), None)
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..core.validate import MAX_DIGITS, digits_number

__all__ = [
    "DIGITS",
    "DECIMAL",
    "MAX_ROUNDS",
    "POINTS",
    "decimal_number",
    "rounds_number",
    "whole_number",
]

DIGITS = re.compile(r"[0-9]+", re.ASCII)
"""A whole number as a TRF writes it: ASCII digits only."""

POINTS = re.compile(r"[0-9]+(?:\.[0-9]+)?", re.ASCII)
"""A player's points as a ``001`` line writes them (columns 81-84): no sign."""

DECIMAL = re.compile(r"-?[0-9]+(?:\.[0-9]+)?", re.ASCII)
"""A number of points as a TRF writes it (``1.0``, ``-0.5``)."""


MAX_ROUNDS = 999
"""The most rounds an event may have here (on a ``001`` line; ``142``, ``XXR``,
``--rounds``): no real event comes near."""


def rounds_number(text: str) -> int | None:
    """*text* as a number of rounds: a whole number from 1 to :data:`MAX_ROUNDS`; ``None``
    for anything else.

    >>> rounds_number("9"), rounds_number("0"), rounds_number("30000"), rounds_number("-5")
    (9, None, None, None)
    """
    number = whole_number(text)
    return number if number is not None and 1 <= number <= MAX_ROUNDS else None


def whole_number(text: str) -> int | None:
    """*text* (the blanks around it left out) as a whole number; ``None`` when it is not
    ASCII digits (a blank, a sign, a superscript, another script's digits) or has more than
    :data:`~xlfuncs.core.validate.MAX_DIGITS` of them (leading zeros aside:
    :func:`~xlfuncs.core.validate.digits_number`).

    >>> whole_number("0" * 5000 + "7"), whole_number("9" * 19), whole_number("9" * 5000)
    (7, None, None)
    """
    return digits_number(text.strip())


def decimal_number(text: str) -> Fraction | None:
    """*text* (the blanks around it left out) as an exact number of points (:data:`DECIMAL`);
    ``None`` for anything else, or more than :data:`~xlfuncs.core.validate.MAX_DIGITS`
    significant digits.

    >>> decimal_number("-" + "0" * 5000 + "1.5" + "0" * 5000), decimal_number("9" * 5000)
    (Fraction(-3, 2), None)
    """
    t = text.strip()
    if not DECIMAL.fullmatch(t):
        return None
    whole, _, part = t.removeprefix("-").partition(".")
    whole, part = whole.lstrip("0"), part.rstrip("0")
    if len(whole) + len(part) > MAX_DIGITS:
        return None
    return Fraction(f"{'-' if t[0] == '-' else ''}{whole or '0'}{'.' if part else ''}{part}")
