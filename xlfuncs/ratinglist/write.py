"""Writing a rating list in the combined TXT layout (``players_list_foa.txt``), from the same
column table the reader reads (:data:`~xlfuncs.ratinglist.layout.COMBINED`), so that what is
written reads back as it was (``tests/test_ratinglist.py`` checks the round trip)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TextIO

from .layout import COMBINED, COMBINED_HEADER, COMBINED_WIDTH
from .player import RATES, ListPlayer

__all__ = ["combined_line", "write_combined"]


def _fields(p: ListPlayer) -> Mapping[str, str]:
    """Each field's text, by the keys of :data:`COMBINED`."""
    out = {
        "fide_id": p.fide_id,
        "name": p.name,
        "federation": p.federation,
        "sex": p.sex,
        "title": p.title,
        "w_title": p.w_title,
        "o_title": p.o_title,
        "foa_title": p.foa_title,
        "birth_year": "" if p.birth_year is None else f"{p.birth_year:04d}",
        "flag": p.flag,
    }
    for rate in RATES:
        rated = p.at(rate)
        out[f"{rate}_rating"] = "" if rated is None else str(rated.rating)
        out[f"{rate}_games"] = "" if rated is None else str(rated.games)
        out[f"{rate}_k"] = "" if rated is None or rated.k is None else str(rated.k)
    return out


def combined_line(p: ListPlayer) -> str:
    """*p* as one line of the combined list (:data:`~xlfuncs.ratinglist.layout.COMBINED_WIDTH`
    characters, no line break). Raises ``ValueError`` naming the field when a value does not
    fit its columns (nothing is cut short).

    >>> from xlfuncs.ratinglist.player import RateRating
    >>> line = combined_line(ListPlayer("1503014", "Carlsen, Magnus", "NOR", "M", "GM", "",
    ...     "", "", RateRating(2839, 0, 10), None, None, 1990, False, False))
    >>> line[:30], line[113:126], line[152:156]
    ('1503014        Carlsen, Magnus', '2839  0   10 ', '1990')
    """
    chars = [" "] * COMBINED_WIDTH
    for key, text in _fields(p).items():
        col = COMBINED[key]
        start = col.start if col.write_at is None else col.write_at
        if len(text) > col.end - start or "\n" in text or "\r" in text:
            raise ValueError(
                f"{key}: {text!r} does not fit columns {start + 1}-{col.end} of the combined "
                f"list (fide_id {p.fide_id})"
            )
        chars[start : start + len(text)] = text
    return "".join(chars)


def write_combined(players: Iterable[ListPlayer], out: TextIO) -> int:
    """Write FIDE's header line and one :func:`combined_line` per player to *out* (lines end
    with ``\\n``; open the file with ``newline="\\r\\n"`` for CRLF). Returns the number of
    players written."""
    out.write(COMBINED_HEADER + "\n")
    count = 0
    for p in players:
        out.write(combined_line(p) + "\n")
        count += 1
    return count
