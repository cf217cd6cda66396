"""The column layout of FIDE's downloadable rating lists in TXT, one table for reading and
writing, so that the two cannot disagree.

Columns are zero-based, end exclusive (Python slices). Checked against real lines of FIDE's
lists (``tests/data/ratinglist/SOURCE``): every field starts where the header line puts its
name, and every value is written from the field's first column, except the combined list's
flag, which FIDE writes from column 158 (under ``Flag`` in the header) in a field read from
156.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = [
    "COMBINED",
    "COMBINED_HEADER",
    "COMBINED_WIDTH",
    "Column",
    "SINGLE",
    "SINGLE_WIDTH",
]


@dataclass(frozen=True)
class Column:
    """One fixed field of a list line."""

    start: int
    """First column, zero-based."""
    end: int
    """One past the last column."""
    header: str
    """The field's name in FIDE's header line, written from :attr:`start`; ``""`` where the
    header names it otherwise (a single list's rating column is headed by the list's month,
    ``SEP26``)."""
    write_at: int | None = None
    """Where the writer starts the value, when not at :attr:`start`."""

    @property
    def span(self) -> slice:
        """The field's columns, as a slice of a line."""
        return slice(self.start, self.end)


COMBINED: Mapping[str, Column] = MappingProxyType(
    {
        "fide_id": Column(0, 15, "ID"),  # digits (header ``ID Number``)
        "name": Column(15, 76, "Name"),  # ``Surname, Given names``
        "federation": Column(76, 79, "Fed"),  # three letters (``FID``: FIDE's own players)
        "sex": Column(80, 81, "Sex"),
        "title": Column(84, 89, "Tit"),
        "w_title": Column(89, 94, "WTit"),  # a woman's title held beside it
        "o_title": Column(94, 109, "OTit"),  # other titles, comma-separated (``FA,IA``)
        "foa_title": Column(109, 113, "FOA"),  # the FIDE Online Arena title
        "standard_rating": Column(113, 119, "SRtng"),  # blank when unrated
        "standard_games": Column(119, 123, "SGm"),  # rated in the list's last period
        "standard_k": Column(123, 126, "SK"),
        "rapid_rating": Column(126, 132, "RRtng"),
        "rapid_games": Column(132, 136, "RGm"),
        "rapid_k": Column(136, 139, "Rk"),
        "blitz_rating": Column(139, 145, "BRtng"),
        "blitz_games": Column(145, 149, "BGm"),
        "blitz_k": Column(149, 152, "BK"),
        "birth_year": Column(152, 156, "B-day"),  # the year alone; blank or ``0000``: not known
        "flag": Column(156, 162, "", write_at=158),  # ``i``, ``w``, ``wi``; under ``Flag``
    }
)
"""The combined list (``players_list_foa.txt``, the three rates of play in one line), field by
field (what each holds: ``docs/rating-list.md``). The blanks between fields (column 79,
columns 81-84) belong to no field and must stay blank: a character there means a shifted line.
"""

COMBINED_WIDTH = 162
"""The length of a combined-list line (FIDE pads every line with blanks to it)."""

SINGLE: Mapping[str, Column] = MappingProxyType(
    {
        **{key: COMBINED[key] for key in list(COMBINED)[:8]},
        "rating": Column(113, 119, ""),  # the header has the list's month: ``SEP26``
        "games": Column(119, 123, "Gms"),
        "k": Column(123, 126, "K"),
        "birth_year": Column(126, 132, "B-day"),
        "flag": Column(132, 136, "Flag"),  # ``i``: inactive at this rate of play
    }
)
"""A single list (``standard_rating_list.txt``, ``rapid_rating_list.txt``,
``blitz_rating_list.txt``): the fields of :data:`COMBINED` up to ``foa_title`` (columns 0-113),
then one rate's rating, games and K, the birth year and the flag. The file's name says the rate.
"""

SINGLE_WIDTH = 136
"""The length of a single-list line."""

COMBINED_HEADER = (
    "ID Number      Name"
    + " " * 57
    + "Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk BRtng BGm BK B-day Flag"
)
"""The first line of the combined list, as FIDE writes it; the writer writes it, and the
reader finds each field's name at its :attr:`Column.start`."""


def _check_header() -> None:
    """The header's names sit where the table says (a guard on the table itself)."""
    for key, col in COMBINED.items():
        if col.header:
            assert COMBINED_HEADER[col.start : col.start + len(col.header)] == col.header, key
    flag = COMBINED["flag"].write_at
    assert flag is not None and COMBINED_HEADER[flag:] == "Flag"


_check_header()
