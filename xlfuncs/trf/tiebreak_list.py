"""Which tie-breaks rank an event: ``--tiebreaks``, else the file's own list (TRF-2026 record
``202``, or ``212``), else the defaults of a Swiss or a round robin.

TRF-2026 (FIDE's Tournament Report File, version 2026; FIDE Council, 12 May 2025) has two
records for the list, each a code, a blank, then the descriptors from column 5:

* ``202`` "FIDE Tie-Breaks used to break ties": a comma-separated list of C.07 codes
  (``202 BH/C1,BH,SB``); the points come first by definition and are not written;
* ``212`` "FIDE Tie-Breaks used to define standings": the same with the points' code
  ``PTS`` (``212 PTS,BH/C1,BH,SB``).

FIDE's reference reader (TieBreakServer's ``trf2json``, the code of the ``gacrux`` checker)
splits the list at commas and at blanks alike, as :func:`record_codes` does. Our standings
always rank by points first: a ``212`` list is read without its leading ``PTS``, and one that
does not start with ``PTS`` is refused. When a file has both records, ``202`` is used.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .parser import ExtraRecord, Tournament, TrfError

__all__ = [
    "DEFAULT_ROUND_ROBIN",
    "DEFAULT_SWISS",
    "RECORDS",
    "TiebreakList",
    "event_tiebreaks",
    "file_record",
    "record_codes",
]

RECORDS = ("202", "212")
"""The TRF-2026 records that list an event's tie-breaks, the preferred one first."""

DEFAULT_SWISS: tuple[str, ...] = ("BH/C1", "BH", "SB")
"""The tie-breaks of a Swiss whose file names none (issue 10: what arbiters publish)."""

DEFAULT_ROUND_ROBIN: tuple[str, ...] = ("DE", "WIN", "SB", "KS")
"""The tie-breaks of a round robin whose file names none."""

POINTS_CODE = "PTS"
"""The points' code, which a ``212`` list starts with."""

_CODE = re.compile(r"[^,\s]+")
"""One code of a list: the text between commas and blanks."""


@dataclass(frozen=True)
class TiebreakList:
    """The tie-breaks an event is ranked by, after the points, and where they come from."""

    descriptors: tuple[str, ...]
    """The descriptors' texts, in order (``("BH/C1", "BH", "SB")``)."""
    source: str
    """Where they come from, for the report: ``--tiebreaks``, ``record 202 (line 14)``,
    ``default for a Swiss``, ``default for a round robin``."""


def file_record(t: Tournament) -> ExtraRecord | None:
    """The file's tie-break record: the first ``202``, else the first ``212``; ``None``
    when it has neither."""
    for code in RECORDS:
        for record in t.extra_records:
            if record.code == code:
                return record
    return None


def record_codes(record: ExtraRecord) -> list[tuple[str, int, int]]:
    """The codes of a ``202``/``212`` line, each with its first and last column (1-based),
    the list read from column 5 and split at commas and blanks.

    >>> from xlfuncs.trf import ExtraRecord
    >>> record_codes(ExtraRecord(3, "202", "202 BH/C1, BH,SB"))
    [('BH/C1', 5, 9), ('BH', 12, 13), ('SB', 15, 16)]
    """
    return [(m[0], m.start() + 1, m.end()) for m in _CODE.finditer(record.text, 4)]


def _read_record(
    t: Tournament, record: ExtraRecord, check: Callable[[str], str]
) -> tuple[str, ...]:
    """The descriptors of *record*, each passed through *check* (which returns the canonical
    text or raises ``ValueError`` naming the problem). Raises :class:`TrfError` naming the
    file, line, columns and the bad descriptor."""
    codes = record_codes(record)
    field = f"record {record.code} tie-breaks"
    if record.code == "212":
        if not codes or codes[0][0].upper() != POINTS_CODE:
            first, last = (codes[0][1], codes[0][2]) if codes else (5, 5)
            raise TrfError(
                t.source,
                record.line_no,
                f"{first}-{last}" if last > first else str(first),
                field,
                f"{POINTS_CODE} first (standings by points, then the tie-breaks)",
                repr(codes[0][0]) if codes else "nothing",
            )
        codes = codes[1:]
    if not codes:
        raise TrfError(
            t.source,
            record.line_no,
            "5",
            field,
            "a comma-separated list of C.07 tie-breaks (BH/C1,BH,SB)",
            "nothing",
        )
    out: list[str] = []
    for code, first, last in codes:
        try:
            out.append(check(code))
        except ValueError as exc:
            raise TrfError(
                t.source,
                record.line_no,
                f"{first}-{last}" if last > first else str(first),
                field,
                f"a C.07 tie-break ({exc})",
                repr(code),
            ) from None
    return tuple(out)


def event_tiebreaks(
    t: Tournament,
    *,
    given: Sequence[str] | None = None,
    round_robin: bool,
    check: Callable[[str], str],
    warnings: list[str] | None = None,
) -> TiebreakList:
    """The tie-breaks of *t*: *given* (``--tiebreaks``) when not ``None``, else the file's
    record (``202``, else ``212``), else :data:`DEFAULT_ROUND_ROBIN` or
    :data:`DEFAULT_SWISS`. *check* validates one descriptor (see :func:`_read_record`).

    A bad file record raises :class:`TrfError` when it would be used; when *given*
    overrides it, it is only named in *warnings* (as is a file list that *given* replaces).
    """
    record = file_record(t)
    if given is not None:
        if record is not None and warnings is not None:
            where = f"record {record.code} (line {record.line_no})"
            try:
                listed = _read_record(t, record, check)
            except TrfError as exc:
                warnings.append(f"{exc}; not used: --tiebreaks given")
            else:
                if listed != tuple(given):
                    warnings.append(
                        f"the file's {where} lists {', '.join(listed)}; used --tiebreaks "
                        f"{', '.join(given)}"
                    )
        return TiebreakList(tuple(given), "--tiebreaks")
    if record is not None:
        return TiebreakList(
            _read_record(t, record, check), f"record {record.code} (line {record.line_no})"
        )
    if round_robin:
        return TiebreakList(DEFAULT_ROUND_ROBIN, "default for a round robin")
    return TiebreakList(DEFAULT_SWISS, "default for a Swiss")
