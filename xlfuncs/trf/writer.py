"""A TRF file's text kept line by line, as written, and written back with some fields changed:
what ``xlfuncs check --fix`` writes. :func:`read_lines` splits the bytes as the reader does,
keeping what the reader drops (the byte-order mark, each line's break, blank lines, trailing
blanks); :meth:`TrfLines.to_bytes` writes them back byte for byte, but the columns each
:class:`Edit` changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from ..findings import Edit
from .parser import WIDE_BOMS, decode_trf, decode_utf8_escaped

__all__ = ["Edit", "TrfLines", "read_lines"]

_BREAK = re.compile(r"(\r\n|\n|\r)")
"""A line break, kept (the reader's ``_LINE_BREAK``, captured)."""

_WIDE_BOMS = {encoding: bom for bom, encoding in WIDE_BOMS}
"""The byte-order marks :func:`~xlfuncs.trf.decode_trf` removes before decoding with these
encodings (UTF-8's is the ``utf-8-sig`` codec's own), by encoding."""


@dataclass(frozen=True)
class TrfLines:
    """A TRF file as written: its lines (without their breaks), each line's break (``""``
    for a last line without one), and how its bytes are encoded."""

    lines: tuple[str, ...]
    breaks: tuple[str, ...]
    encoding: str
    """The codec the text was decoded with (``utf-8-sig`` writes UTF-8's byte-order mark)."""
    bom: bytes = b""
    """The byte-order mark written before the text for UTF-16 and UTF-32."""

    def line(self, line_no: int) -> str:
        """Line *line_no* (from 1) as written."""
        return self.lines[line_no - 1]

    def to_bytes(self) -> bytes:
        """The file's bytes: each line and its break, encoded as read."""
        text = "".join(line + brk for line, brk in zip(self.lines, self.breaks, strict=True))
        return self.bom + text.encode(self.encoding, "surrogateescape")

    def with_edits(self, edits: Iterable[Edit]) -> TrfLines:
        """The file with *edits* made, in order, each on the line it names."""
        lines = list(self.lines)
        for edit in edits:
            lines[edit.line_no - 1] = edit.apply(lines[edit.line_no - 1])
        return TrfLines(tuple(lines), self.breaks, self.encoding, self.bom)

    def first_line(self, code: str) -> int | None:
        """The number of the first line whose record code is *code* (``None``: none)."""
        return next((i for i, line in enumerate(self.lines, start=1) if line[:3] == code), None)


def read_lines(data: bytes, encoding: str | None = None) -> TrfLines:
    """*data* (a TRF file's bytes) as :class:`TrfLines`, decoded as the reader decodes them
    (*encoding* to force one), a byte that is not UTF-8 in UTF-8 text kept as it is
    (``surrogateescape``). Raises ``UnicodeDecodeError`` where the reader raises."""
    try:
        text, used = decode_trf(data, encoding)
    except UnicodeDecodeError as exc:
        if exc.encoding != "utf-8" or encoding not in (None, "utf-8", "utf-8-sig"):
            raise
        text, used = decode_utf8_escaped(data)
    bom = _WIDE_BOMS.get(used, b"")
    if used == "utf-8" and text.startswith("\ufeff"):  # a mark the codec keeps
        used = "utf-8-sig"
        text = text[1:]
    parts = _BREAK.split(text)
    lines = tuple(parts[0::2])
    breaks = (*parts[1::2], "")
    if len(lines) > 1 and lines[-1] == "":  # the file ends with a line break
        lines, breaks = lines[:-1], breaks[:-1]
    return TrfLines(lines, tuple(breaks), used, bom)
