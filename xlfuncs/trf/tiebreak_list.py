"""Which tie-breaks rank an event: ``--tiebreaks``, else the file's own list (TRF-2026 record
``202``, else ``212``), else the defaults of a Swiss or a round robin. How the records are
read (split at commas and blanks, as FIDE's reader does; a leading ``PTS`` left out, which
``212`` must start with): ``docs/trf.md``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.tiebreak_editions import TiebreakEdition
from ..core.tiebreaks import (
    Descriptor,
    TiebreakError,
    check_edition,
    default_tiebreaks,
    parse_descriptor,
)
from ..findings import Finding
from .columns import columns_named, columns_text
from .parser import ExtraRecord, Tournament, TrfError

__all__ = [
    "DEFAULT_SOURCE",
    "DETECTED_SOURCE",
    "RECORDS",
    "TiebreakList",
    "event_tiebreaks",
    "file_record",
    "option_tiebreaks",
    "record_codes",
    "split_codes",
    "team_only_tiebreaks",
]

RECORDS = ("202", "212")
"""The TRF-2026 records that list an event's tie-breaks, the preferred one first."""

DEFAULT_SOURCE = "default for"
"""How :attr:`TiebreakList.source` begins for the defaults (no list given, none in the
file)."""

DETECTED_SOURCE = "detected:"
"""How :attr:`TiebreakList.source` begins for a list found to give the file's ranks
(:func:`~xlfuncs.trf.standings.detect_tiebreaks`)."""

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
    return next((r for code in RECORDS for r in t.extra_records if r.code == code), None)


def record_codes(record: ExtraRecord) -> list[tuple[str, int, int]]:
    """The codes of a ``202``/``212`` line, each with its first and last column (1-based),
    the list read from column 5 and split at commas and blanks.

    >>> from xlfuncs.trf import ExtraRecord
    >>> record_codes(ExtraRecord(3, "202", "202 BH/C1, BH,SB"))
    [('BH/C1', 5, 9), ('BH', 12, 13), ('SB', 15, 16)]
    """
    return [(m[0], m.start() + 1, m.end()) for m in _CODE.finditer(record.text, 4)]


def read_record(
    t: Tournament, record: ExtraRecord, edition: TiebreakEdition | None = None
) -> tuple[str, ...]:
    """The descriptors of a ``202``/``212`` *record* of *t*, as C.07 writes them, without
    the points. Raises :class:`TrfError` naming the place for one that is not a tie-break
    we know or that the C.07 *edition* does not have (``None``: not checked), and for a
    list without any."""
    codes = record_codes(record)

    def error(first: int, last: int, expected: str, found: str) -> TrfError:
        field = f"record {record.code} tie-breaks"
        return TrfError(t.source, record.line_no, columns_text(first, last), field, expected, found)

    if record.code == "212" and (not codes or codes[0][0].upper() != POINTS_CODE):
        first, last = (codes[0][1], codes[0][2]) if codes else (5, 5)
        expected = f"{POINTS_CODE} first (standings by points, then the tie-breaks)"
        raise error(first, last, expected, repr(codes[0][0]) if codes else "nothing")
    if codes and codes[0][0].upper() == POINTS_CODE:
        codes = codes[1:]
    if not codes:
        raise error(5, 5, "a comma-separated list of C.07 tie-breaks (BH/C1,BH,SB)", "nothing")
    out: list[str] = []
    for code, first, last in codes:
        try:
            d = _descriptor(code)
            if edition is not None:
                check_edition([d], edition)
        except TiebreakError as exc:
            found = str(exc).removeprefix("tie-break ")
            raise error(first, last, "a C.07 tie-break", found) from None
        out.append(d.text)
    return tuple(out)


def _descriptor(code: str) -> Descriptor:
    """*code* read by :func:`~xlfuncs.core.tiebreaks.parse_descriptor`, the points refused
    (they come first, before the list)."""
    d = parse_descriptor(code)
    if d.code == POINTS_CODE:
        raise TiebreakError(f"tie-break {code!r}: points (PTS) can only come first")
    return d


def split_codes(text: str) -> list[str]:
    """The codes of a list, split at commas and blanks alike (as FIDE's reader splits a
    ``202`` record).

    >>> split_codes("BH/C1, BH SB")
    ['BH/C1', 'BH', 'SB']
    """
    return _CODE.findall(text)


def option_tiebreaks(text: str) -> tuple[str, ...]:
    """The descriptors of a ``--tiebreaks`` value (``"BH/C1,BH,SB"``; commas or blanks
    between them; a leading ``PTS`` left out), as C.07 writes them. Raises
    :class:`~xlfuncs.core.tiebreaks.TiebreakError` naming the bad descriptor.

    >>> option_tiebreaks("bh/c1, BH SB")
    ('BH/C1', 'BH', 'SB')
    """
    codes = split_codes(text)
    if codes and codes[0].upper() == POINTS_CODE:
        codes = codes[1:]
    if not codes:
        raise TiebreakError(f"no tie-break in {text!r}; give a list such as BH/C1,BH,SB")
    return tuple(_descriptor(code).text for code in codes)


def team_only_tiebreaks(codes: Sequence[str]) -> list[str]:
    """Those of *codes* that are no player's tie-break (``BH:GP``, ``EDE`` ...: a team
    event's, which ``--tiebreaks`` accepts for ``report --teams``).

    >>> team_only_tiebreaks(["BH/C1", "BH:GP", "EDE"])
    ['BH:GP', 'EDE']
    """
    out: list[str] = []
    for code in codes:
        try:
            parse_descriptor(code)
        except TiebreakError:
            out.append(code)
    return out


def event_tiebreaks(
    t: Tournament,
    *,
    given: Sequence[str] | None = None,
    round_robin: bool,
    warnings: list[Finding] | None = None,
    edition: TiebreakEdition | None = None,
) -> TiebreakList:
    """The tie-breaks of *t*: *given* (``--tiebreaks``) when not ``None``, else the file's
    record (:func:`read_record`), else core's defaults for a round robin or a Swiss.

    A bad file record is a value, not a structure: named in *warnings*, the players getting
    the defaults; without *warnings* it raises :class:`TrfError`. A file list that *given*
    replaces is named in *warnings*. *given* naming one that *edition* does not have raises
    :class:`~xlfuncs.core.tiebreaks.TiebreakError`.
    """
    record = file_record(t)
    where = "" if record is None else f"record {record.code} (line {record.line_no})"
    if given is not None:
        if record is not None and warnings is not None:
            try:
                listed = read_record(t, record, edition)
            except TrfError as exc:
                warnings.append(
                    Finding("tiebreaks", "warning", f"{exc}; not used: --tiebreaks given")
                )
            else:
                if listed != tuple(given):
                    said = (
                        f"the file's {where} lists {', '.join(listed)}; used --tiebreaks "
                        f"{', '.join(given)}"
                    )
                    warnings.append(Finding("tiebreaks", "warning", said))
        if edition is not None:
            try:
                check_edition([parse_descriptor(d) for d in given], edition)
            except TiebreakError as exc:
                raise TiebreakError(f"--tiebreaks: {exc} (--tiebreak-rules)") from None
        return TiebreakList(tuple(given), "--tiebreaks")
    kind = "a round robin" if round_robin else "a Swiss"
    if record is not None:
        try:
            return TiebreakList(read_record(t, record, edition), where)
        except TrfError as exc:
            if warnings is None:
                raise
            if t.is_team_event:  # a team event's list is the teams' (xlfuncs.trf.teams)
                said = (
                    f"{exc}: in a team event the list is the teams'; the players are ranked "
                    f"by the default for {kind}"
                )
                warnings.append(Finding("tiebreaks", "warning", said))
            else:
                said = (
                    f"record {record.code}, line {record.line_no}, {columns_named(exc.columns)}: "
                    f"expected {exc.expected}, found {exc.found}: the list is not used; the "
                    f"players are ranked by the default for {kind} (give --tiebreaks to "
                    "choose)"
                )
                warnings.append(Finding("tiebreaks", "warning", said, line=record.line_no))
    return TiebreakList(default_tiebreaks(round_robin), f"{DEFAULT_SOURCE} {kind}")
