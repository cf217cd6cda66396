"""The K file: K by FIDE id, to override the K a TRF's reading assumes.

A CSV with the header ``fide_id,k``; see ``docs/report.md`` (section K) for when to use one.
"""

from __future__ import annotations

import csv
import os
import re
from collections.abc import Collection

from ..core.rating_change import RULE_KS
from ..file_error import FileFieldError
from .parser import decode_error, decode_trf, read_upto

__all__ = ["MAX_K", "MAX_K_FILE_BYTES", "RULE_KS", "KFileError", "parse_k_file", "read_k_file"]

MAX_K = max(RULE_KS)
"""The largest K a K file may give."""


class KFileError(FileFieldError[int | None]):
    """A K file that cannot be read. The message names the file, line, column and field,
    like :class:`~xlfuncs.trf.TrfError`:
    ``k.csv, line 4, column 2 (k): expected a K the rules give (40, 20 or 10), found '30'``."""

    @property
    def column(self) -> int | None:
        """1-based CSV column (``None``: the line as a whole)."""
        return self.columns


_K_HEADER = ["fide_id", "k"]
_FIDE_ID = re.compile(r"[0-9]{1,11}")
_LINE_BREAK = re.compile(r"\r\n|\n|\r")
MAX_K_FILE_BYTES = 64 << 20
"""The largest K file read (64 MiB): a bigger or endless one (a device) is refused."""
MAX_LINE = 200
"""The longest line a K file may have: a FIDE id, K and a comment fit many times over."""


def parse_k_file(
    text: str, *, source: str = "<string>", allowed: Collection[int] = RULE_KS
) -> dict[str, int]:
    """K by FIDE id from the text of a K file.

    The file is CSV: a header line ``fide_id,k`` (either case), then one player a line.
    Blank lines and lines starting with ``#`` are skipped. A FIDE id is 1 to 11 digits; K one
    the rules give (*allowed*: core's :data:`~xlfuncs.core.rating_change.RULE_KS`, 40, 20 or
    10). Raises :class:`KFileError` for anything else, a FIDE id given twice included.

    >>> parse_k_file("# juniors\\nfide_id,k\\n99300010, 40\\n")
    {'99300010': 40}
    """
    text = text.removeprefix("\ufeff")
    out: dict[str, int] = {}
    first_line: dict[str, int] = {}
    header_seen = False
    for line_no, raw in enumerate(_LINE_BREAK.split(text), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if len(raw) > MAX_LINE:
            raise KFileError(
                source,
                line_no,
                None,
                "row",
                f"a line of at most {MAX_LINE} characters",
                f"{len(raw):,} characters: {raw[:20]!r}...",
            )
        try:
            row = [cell.strip() for cell in next(csv.reader([raw]))]
        except csv.Error as exc:
            raise KFileError(
                source, line_no, None, "row", "a CSV line", f"{raw[:40]!r} ({exc})"
            ) from None
        if not header_seen:
            if [cell.lower() for cell in row] != _K_HEADER:
                raise KFileError(
                    source, line_no, None, "header", "the header line fide_id,k", repr(stripped)
                )
            header_seen = True
            continue
        if len(row) != 2:
            raise KFileError(
                source,
                line_no,
                None,
                "row",
                "two fields, a FIDE id and K",
                f"{len(row)} field{'' if len(row) == 1 else 's'}: {stripped!r}",
            )
        fide_id, k_text = row
        if not _FIDE_ID.fullmatch(fide_id):
            found = "a blank" if not fide_id else repr(fide_id)
            raise KFileError(source, line_no, 1, "fide_id", "a FIDE id (1 to 11 digits)", found)
        if fide_id in first_line:
            raise KFileError(
                source,
                line_no,
                1,
                "fide_id",
                f"a FIDE id not given before (line {first_line[fide_id]} gives it)",
                repr(fide_id),
            )
        if not (
            k_text.isascii() and k_text.isdigit() and len(k_text) <= 3 and int(k_text) in allowed
        ):
            found = (
                "a blank" if not k_text else repr(k_text[:20] + ("..." if len(k_text) > 20 else ""))
            )
            raise KFileError(source, line_no, 2, "k", _expected_k(allowed), found)
        first_line[fide_id] = line_no
        out[fide_id] = int(k_text)
    if not header_seen:
        raise KFileError(
            source,
            None,
            None,
            "header",
            "the header line fide_id,k",
            "no header (the file is empty or all comments)",
        )
    return out


def _expected_k(allowed: Collection[int]) -> str:
    """``a K the rules give (40, 20 or 10)``."""
    ks = [str(k) for k in sorted(allowed, reverse=True)]
    listed = ks[0] if len(ks) == 1 else f"{', '.join(ks[:-1])} or {ks[-1]}"
    return f"a K the rules give ({listed})"


def read_k_file(path: str | os.PathLike[str]) -> dict[str, int]:
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
        raise KFileError(
            source,
            err.line_no,
            None,
            "encoding",
            err.expected,
            f"{err.found} (column {err.columns})",
        ) from None
    return parse_k_file(text, source=source)
