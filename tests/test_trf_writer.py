"""The TRF writer (:mod:`xlfuncs.trf.writer`): every TRF of the repository read and written
back is the same bytes; line breaks, byte-order marks and encodings are kept; an edit changes
only its columns."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from xlfuncs.trf.writer import Edit, read_lines

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
LICHESS = DATA / "real" / "lichess-swiss-2021-03.trf"

TRF_FILES = sorted(DATA.rglob("*.trf")) + sorted((ROOT / "xlfuncs" / "data").glob("*.trf"))


@pytest.mark.parametrize("path", TRF_FILES, ids=lambda p: p.name)
def test_every_file_is_written_back_byte_for_byte(path: Path) -> None:
    data = path.read_bytes()
    assert read_lines(data).to_bytes() == data


@pytest.mark.parametrize(
    "encode",
    [
        lambda text: text.replace("\n", "\r\n").encode("utf-8"),
        lambda text: text.replace("\n", "\r").encode("utf-8"),
        lambda text: text.rstrip("\n").encode("utf-8"),  # no break after the last line
        lambda text: text.replace("\n", "\n\n  \n", 3).encode("utf-8"),  # blank lines
        lambda text: ("\ufeff" + text).encode("utf-8"),
        lambda text: "\ufeff".encode("utf-16-le") + text.encode("utf-16-le"),
        lambda text: text.replace("mattderkuerschner", "Müller, Jörg").encode("cp1252"),
        lambda text: text.replace("hansimpech", "Ødegaard").encode("latin-1") + b"\x81",
    ],
    ids=["crlf", "cr", "no-final-break", "blank-lines", "utf8-bom", "utf16", "cp1252", "latin1"],
)
def test_line_breaks_marks_and_encodings_are_kept(encode: Callable[[str], bytes]) -> None:
    data = encode(LICHESS.read_text(encoding="utf-8"))
    assert read_lines(data).to_bytes() == data


def test_an_edit_changes_only_its_columns() -> None:
    data = b"012 X\r\n" + b"001    1      Ann".ljust(80) + b" 1.0\r\nXXR 1"
    edited = read_lines(data).with_edits([Edit(2, 81, 84, " 0.5")]).to_bytes()
    assert edited == data.replace(b" 1.0\r\n", b" 0.5\r\n")


@pytest.mark.parametrize("bom", [b"", b"\xef\xbb\xbf"])
def test_a_byte_that_is_not_utf8_is_written_back_as_it_was(bom: bytes) -> None:
    """UTF-8 text with one Latin-1 byte (0xE9), which the reader reads as U+FFFD with a
    warning: the byte is kept (one character, so the columns after it stay the reader's) and
    an edit elsewhere writes it back unchanged."""
    data = bom + "012 4° Open\n022 Caf\xe9\n001 x\n".encode().replace(b"\xc3\xa9", b"\xe9")
    lines = read_lines(data)
    assert lines.line(2) == "022 Caf\udce9" and lines.to_bytes() == data
    assert lines.with_edits([Edit(3, 5, 5, "y")]).to_bytes() == data.replace(b"x", b"y")
