"""The K file: K by FIDE id, to override the K a TRF's reading assumes.

A CSV with the header ``fide_id,k``; see ``docs/report.md`` (section K) for when to use one.
"""

from __future__ import annotations

import csv
import os
import re
from collections.abc import Collection, Mapping, Sequence

from ..core.editions import RulesSpec, get_edition
from ..core.errors import XlfuncsError
from ..core.rating_change import MAX_K, RULE_KS, check_k, k_note
from ..file_error import FileFieldError
from ..findings import Finding
from .numbers import whole_number
from .parser import csv_lines, decode_error, decode_trf, read_upto
from .short_list import short_list

__all__ = [
    "K_EXPECTED",
    "MAX_K",
    "MAX_K_FILE_BYTES",
    "RULE_KS",
    "KFile",
    "KFileError",
    "edition_notes",
    "parse_k_file",
    "read_k_file",
]


class KFileError(FileFieldError[int | None]):
    """A K file that cannot be read, or a line of one that cannot be used
    (:attr:`KFile.not_used`): ``k.csv, line 1 (header): expected the header line fide_id,k,
    found '99000001,40'``."""

    @property
    def column(self) -> int | None:
        """1-based CSV column (``None``: the line as a whole)."""
        return self.columns


_K_HEADER = ["fide_id", "k"]
_FIDE_ID = re.compile(r"[0-9]{1,11}")
MAX_K_FILE_BYTES = 64 << 20
"""The largest K file read (64 MiB): a bigger or endless one (a device) is refused."""
MAX_LINE = 200
"""The longest line a K file may have: a FIDE id, K and a comment fit many times over."""


class KFile(dict[str, int]):
    """K by FIDE id as a K file gives it (a ``dict``), with the line of each FIDE id, the
    file's name and the lines not used.

    >>> KFile({"7": 20}, source="k.csv", lines={"7": 2})
    {'7': 20}
    """

    def __init__(
        self,
        ks: Mapping[str, int] | None = None,
        *,
        source: str = "<string>",
        lines: Mapping[str, int] | None = None,
    ) -> None:
        super().__init__(ks or {})
        self.source = source
        """The file name (or ``<string>``)."""
        self.lines: dict[str, int] = dict(lines or {})
        """The line that gives each FIDE id's K."""
        self.not_used: tuple[str, ...] = ()
        """The lines not used, each as ``line 4, column 2 (k): expected ..., found '1000'``."""

    @property
    def warnings(self) -> tuple[Finding, ...]:
        """What a command says of the file's lines not used: one warning naming each line
        and the treatment (the player's K is the one the event gives without the file)."""
        if not self.not_used:
            return ()
        n = len(self.not_used)
        said = (
            f"K file {self.source}: {n} line{'s' if n > 1 else ''} not used (each player's K "
            f"is the one the event gives without the file): {_listed(self.not_used)}"
        )
        return (Finding("k_file", "warning", said),)


def edition_notes(
    overrides: Mapping[str, int], ids: Collection[str], rules: RulesSpec
) -> tuple[Finding, ...]:
    """The warning (kind ``k_file``), naming each line, for the K of *ids* (the FIDE ids of
    an event's players) that the edition's K rule does not give: used as given. Raises
    :class:`~xlfuncs.core.errors.XlfuncsError` for a K that only a mapping built by hand, not
    a K file, can hold.

    >>> ks = parse_k_file("fide_id,k\\n7,32\\n8,20\\n", source="k.csv")
    >>> found = edition_notes(ks, ["7", "8"], "2025")
    >>> print(*(f.message for f in found))  # doctest: +NORMALIZE_WHITESPACE
    K file k.csv: line 2 (FIDE id 7): K 32 is not a K the 2025 rules give (40, 20 or 10):
    used as given
    """
    edition = get_edition(rules)
    lines = overrides.lines if isinstance(overrides, KFile) else {}
    notes = []
    for fide_id in sorted(set(ids) & set(overrides), key=lambda i: (lines.get(i, 0), i)):
        note = k_note(check_k(overrides[fide_id], name=f"K file: FIDE id {fide_id}"), rules=edition)
        if note is not None:
            where = f"FIDE id {fide_id}"
            if fide_id in lines:
                where = f"line {lines[fide_id]} ({where})"
            notes.append(f"{where}: {note}")
    if not notes:
        return ()
    prefix = f"K file {overrides.source}" if isinstance(overrides, KFile) else "K file"
    return (Finding("k_file", "warning", f"{prefix}: {_listed(notes)}"),)


def _listed(lines: Sequence[str]) -> str:
    """The first 12 of *lines* (a K file's warning names them), then how many more there are."""
    return short_list(lines, 12, "; ", "; and ")


def parse_k_file(text: str, *, source: str = "<string>") -> KFile:
    """K by FIDE id from the text of a K file.

    The file is CSV: a header line ``fide_id,k`` (either case), then one player a line (a
    FIDE id of 1 to 11 digits, K by core's :func:`~xlfuncs.core.rating_change.check_k`);
    blank lines and ``#`` comments skipped. Raises :class:`KFileError` only for a file
    without the header; a line that cannot be used is left out and named in
    :attr:`KFile.not_used`, the first line giving a FIDE id kept.

    >>> ks = parse_k_file("# juniors\\nfide_id,k\\n99300010, 40\\n99300011,1000\\n")
    >>> ks, ks.lines, ks.not_used
    ({'99300010': 40}, {'99300010': 3}, ("line 4, column 2 (k): expected a K, a whole number \
from 1 to 40 (FIDE's K rule gives 40, 20 or 10), found '1000'",))
    """
    out = KFile(source=source)
    not_used: list[str] = []

    header_seen = False
    line_no = 0

    def skip(column: int | None, field: str, expected: str, found: str) -> None:
        """The line named in :attr:`KFile.not_used`; before the header, the file refused."""
        if not header_seen:
            raise KFileError(source, line_no, None, "header", _HEADER, found) from None
        message = str(KFileError(source, line_no, column, field, expected, found))
        not_used.append(message.removeprefix(f"{source}, "))

    for line_no, raw in csv_lines(text):
        if len(raw) > MAX_LINE:
            found = f"{len(raw):,} characters: {raw[:20]!r}..."
            skip(None, "row", f"a line of at most {MAX_LINE} characters", found)
            continue
        try:
            row = [cell.strip() for cell in next(csv.reader([raw]))]
        except csv.Error as exc:
            skip(None, "row", "a CSV line", f"{raw[:40]!r} ({exc})")
            continue
        if not header_seen:
            if [cell.lower() for cell in row] != _K_HEADER:
                raise KFileError(source, line_no, None, "header", _HEADER, repr(raw.strip()))
            header_seen = True
            continue
        if len(row) != 2:
            found = f"{len(row)} field{'' if len(row) == 1 else 's'}: {raw.strip()!r}"
            skip(None, "row", "two fields, a FIDE id and K", found)
            continue
        fide_id, k_text = row
        if not _FIDE_ID.fullmatch(fide_id):
            found = "a blank" if not fide_id else repr(fide_id)
            skip(1, "fide_id", "a FIDE id (1 to 11 digits)", found)
            continue
        if fide_id in out.lines:
            given = f"a FIDE id not given before (line {out.lines[fide_id]} gives it, and is used)"
            skip(1, "fide_id", given, repr(fide_id))
            continue
        k = _k_of(k_text)
        if k is None:
            found = (
                "a blank" if not k_text else repr(k_text[:20] + ("..." if len(k_text) > 20 else ""))
            )
            skip(2, "k", K_EXPECTED, found)
            continue
        out.lines[fide_id] = line_no
        out[fide_id] = k
    if not header_seen:
        found = "no header (the file is empty or all comments)"
        raise KFileError(source, None, None, "header", _HEADER, found)
    out.not_used = tuple(not_used)
    return out


_HEADER = "the header line fide_id,k"

K_EXPECTED = (
    f"a K, a whole number from 1 to {MAX_K} (FIDE's K rule gives "
    f"{', '.join(map(str, RULE_KS[:-1]))} or {RULE_KS[-1]})"
)
"""What a K file's K may be: core's :func:`~xlfuncs.core.rating_change.check_k`'s rule."""


def _k_of(text: str) -> int | None:
    """The K *text* gives, by :func:`~xlfuncs.core.rating_change.check_k`; ``None`` for
    anything it refuses (and text that is no whole number)."""
    number = whole_number(text) if len(text.strip()) <= 3 else None
    if number is None:
        return None
    try:
        return check_k(number)
    except XlfuncsError:
        return None


def read_k_file(path: str | os.PathLike[str]) -> KFile:
    """:func:`parse_k_file` on a file (UTF-8, else Windows-1252, as a TRF); messages name
    the file by its base name. ``OSError`` when it cannot be read."""
    source = os.path.basename(os.fspath(path))
    with open(path, "rb") as fh:
        data = read_upto(fh, MAX_K_FILE_BYTES)
    if len(data) > MAX_K_FILE_BYTES:
        raise KFileError(
            source,
            None,
            None,
            "size",
            f"a K file of at most {MAX_K_FILE_BYTES >> 20} MiB (every player of FIDE's list, "
            "one a line, takes about 16 MB)",
            f"more than {MAX_K_FILE_BYTES:,} bytes",
        )
    try:
        text, _ = decode_trf(data)
    except UnicodeDecodeError as exc:
        err = decode_error(data, exc, source)
        found = f"{err.found} (column {err.columns})"
        raise KFileError(source, err.line_no, None, "encoding", err.expected, found) from None
    return parse_k_file(text, source=source)
