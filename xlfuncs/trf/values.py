"""Values of a TRF that the reader cannot take as written, and what it does with them: a
value never refuses a file; each is read by a defined treatment and recorded as a
:class:`ValueNote`, said once per cause (:func:`value_warnings`). The table of fields,
treatments and refusals: ``docs/trf.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal

from ..findings import Finding
from .short_list import short_list

__all__ = [
    "TREATMENTS",
    "ValueCause",
    "ValueNote",
    "value_warnings",
]

ValueCause = Literal[
    "rating_below_floor",
    "rating_text",
    "sex",
    "title",
    "points",
    "rank",
    "fide_id",
    "birth_date",
    "colour",
    "result",
    "national_rating",
    "record",
]
"""Why a value was not taken as written (one warning each)."""


@dataclass(frozen=True)
class ValueNote:
    """One value the reader did not take as written, and where it is."""

    cause: ValueCause
    line_no: int
    columns: str
    """``"49-52"``, ``"99"``."""
    found: str
    """The value as written (without the blanks around it)."""
    who: str = ""
    """``no. 20 (Morgan, Mícheál)`` for a player's line; ``record 240`` for a record."""
    detail: str = ""
    """What else the message needs (the round, what the record expected)."""

    @property
    def place(self) -> str:
        """``no. 20 (Morgan, Mícheál) 951, line 34`` for messages."""
        what = f"{self.who} " if self.who else ""
        detail = f" ({self.detail})" if self.detail else ""
        return f"{what}{self.found!r}{detail}, line {self.line_no}"


TREATMENTS: Mapping[ValueCause, tuple[str, str]] = MappingProxyType(
    {
        "rating_below_floor": (
            "a rating below 1000, the lowest floor of FIDE's rating list (a national or "
            "online rating, not a FIDE rating)",
            "kept as the file's rating (the tie-breaks, ARO, the standings read it, as FIDE's "
            "engine reads the file's ratings); unrated for FIDE's figures (rating change, K, "
            "Ra, Rp, norms, first rating)",
        ),
        "rating_text": (
            "a rating that is not a number (columns 49-52)",
            "read as unrated, in the file's reading and FIDE's",
        ),
        "sex": (
            "a sex other than m, w, f or a blank (column 10)",
            "read as not given (no woman's title norm)",
        ),
        "title": (
            "a title that is no FIDE title nor its older code (columns 11-13)",
            "read as no title",
        ),
        "points": (
            "points that are not a number (columns 81-84)",
            "read as not given: the results' sum stands for them",
        ),
        "rank": (
            "a rank that is not a whole number (columns 86-89)",
            "read as not given (unranked)",
        ),
        "fide_id": (
            "a FIDE id that is not digits (columns 58-68)",
            "read as no FIDE id: unrated for FIDE's figures",
        ),
        "birth_date": (
            "a birth date that names no day (columns 70-79)",
            "kept as written, no birth year read from it (no junior K 40)",
        ),
        "colour": (
            "a colour other than w, b, - or a blank",
            "read as no colour",
        ),
        "result": (
            "a result code TRF16 does not have",
            "read as a blank: no game, no points",
        ),
        "national_rating": (
            "a national rating that is not a number (columns 49-52)",
            "read as none",
        ),
        "record": (
            "a record whose field is not what the format defines (TRF-2026's, the pairing "
            "programs' XXR), or a national-rating line naming no player of the file",
            "the line is not read",
        ),
    }
)
"""For each cause: what was found, and what the reader does with it (``docs/trf.md``)."""


def value_warnings(notes: Sequence[ValueNote]) -> tuple[Finding, ...]:
    """One warning (kind ``value``) per cause, in :data:`TREATMENTS`' order: what the values
    are, how many, each with its player and line, and the treatment; at the line of the first
    value, and its columns where every value of the cause has the same.

    >>> found = value_warnings([ValueNote("rank", 9, "86-89", "x", "no. 2 (Ash, Ada)")])[0]
    >>> found.line, found.columns
    (9, '86-89')
    >>> text = found.message
    >>> for part in text.split(": "):
    ...     print(part)
    a rank that is not a whole number (columns 86-89), 1 in the file
    no. 2 (Ash, Ada) 'x', line 9
    read as not given (unranked)
    """
    found: list[Finding] = []
    for cause, (what, treatment) in TREATMENTS.items():
        mine = [n for n in notes if n.cause == cause]
        if mine:
            places = short_list([n.place for n in mine], sep="; ")
            text = f"{what}, {len(mine)} in the file: {places}: {treatment}"
            columns = mine[0].columns if all(n.columns == mine[0].columns for n in mine) else ""
            found.append(Finding("value", "warning", text, line=mine[0].line_no, columns=columns))
    return tuple(found)
