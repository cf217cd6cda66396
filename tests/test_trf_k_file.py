"""Tests of the K file (:mod:`xlfuncs.trf.k_file`): ``fide_id,k`` lines, K by FIDE id.

Every expected message is the one the module's documentation promises (file, line, column,
field, what was expected, what was found).
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from xlfuncs.findings import messages
from xlfuncs.trf.k_file import KFileError, parse_k_file, read_k_file


def test_parse_k_file() -> None:
    text = "# K for this event\n\nFIDE_ID, K\n99000001,40\n  # a comment\n99000002 , 10\n"
    assert parse_k_file(text) == {"99000001": 40, "99000002": 10}
    assert parse_k_file("\ufefffide_id,k\r\n1,20\r\n") == {"1": 20}


@pytest.mark.parametrize("k", ["30", "17", "15", "5", "1", "40"])
def test_any_k_from_1_to_40_is_used_as_given(k: str) -> None:
    """One rule for K in a cell and in a file (core's ``check_k``): a whole number from 1 to
    40. FIDE's K rule gives 40, 20 or 10 (8.3.3), the 2011 rules gave 30 and 15, K x n <= 700
    lowers K to any whole number below 40 (K 20 over 39 games: 17), and a national federation
    may give its own: the file's K is used as given (the event's reading warns, with the
    line, when the edition's rule does not give it: ``test_k_file_in_a_report``)."""
    ks = parse_k_file(f"fide_id,k\n99000001,{k}\n", source="k.csv")
    assert ks == {"99000001": int(k)}
    assert ks.lines == {"99000001": 2}
    assert ks.not_used == () and messages(ks.warnings) == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "99000001,40\n",
            "k.csv, line 1 (header): expected the header line fide_id,k, found '99000001,40'",
        ),
        (
            "fide_id,k,name\n",
            "k.csv, line 1 (header): expected the header line fide_id,k, found 'fide_id,k,name'",
        ),
        (
            "# only a comment\n\n",
            "k.csv (header): expected the header line fide_id,k, found no header (the file is "
            "empty or all comments)",
        ),
    ],
)
def test_a_file_without_its_header_is_refused(text: str, message: str) -> None:
    """Only what leaves the file unreadable as a K file refuses it: no header line."""
    with pytest.raises(KFileError) as info:
        parse_k_file(text, source="k.csv")
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    again = pickle.loads(pickle.dumps(info.value))
    assert str(again) == message


_K = "a K, a whole number from 1 to 40 (FIDE's K rule gives 40, 20 or 10)"


@pytest.mark.parametrize(
    ("text", "not_used"),
    [
        ("fide_id,k\n99000001,abc\n", f"line 2, column 2 (k): expected {_K}, found 'abc'"),
        ("fide_id,k\n\n# c\n99000001,0\n", f"line 4, column 2 (k): expected {_K}, found '0'"),
        ("fide_id,k\n99000001,41\n", f"line 2, column 2 (k): expected {_K}, found '41'"),
        ("fide_id,k\n99000001,1000\n", f"line 2, column 2 (k): expected {_K}, found '1000'"),
        ("fide_id,k\n99000001,20.5\n", f"line 2, column 2 (k): expected {_K}, found '20.5'"),
        ("fide_id,k\n99000001,\n", f"line 2, column 2 (k): expected {_K}, found a blank"),
        (
            "fide_id,k\nX123,20\n",
            "line 2, column 1 (fide_id): expected a FIDE id (1 to 11 digits), found 'X123'",
        ),
        (
            "fide_id,k\n123,20,x\n",
            "line 2 (row): expected two fields, a FIDE id and K, found 3 fields: '123,20,x'",
        ),
        (
            "fide_id,k\n123\n",
            "line 2 (row): expected two fields, a FIDE id and K, found 1 field: '123'",
        ),
    ],
)
def test_a_line_that_cannot_be_used_is_named_and_left_out(text: str, not_used: str) -> None:
    """A value never refuses the file: the line is left out, named with its line, column and
    field, and the warning says the treatment (the player's K as without the file); the
    other lines are read."""
    ks = parse_k_file(text + "99000009,10\n", source="k.csv")
    assert ks == {"99000009": 10}
    assert ks.not_used == (not_used,)
    assert messages(ks.warnings) == (
        "K file k.csv: 1 line not used (each player's K is the one the event gives without "
        f"the file): {not_used}",
    )


def test_a_fide_id_given_twice_keeps_its_first_line() -> None:
    ks = parse_k_file("fide_id,k\n123,20\n123,40\n", source="k.csv")
    assert ks == {"123": 20} and ks.lines == {"123": 2}
    assert ks.not_used == (
        "line 3, column 1 (fide_id): expected a FIDE id not given before (line 2 gives it, "
        "and is used), found '123'",
    )


def test_read_k_file(tmp_path: Path) -> None:
    path = tmp_path / "ks.csv"
    path.write_text("fide_id,k\n5,10\n6,x\n", encoding="utf-8")
    ks = read_k_file(path)
    assert ks == {"5": 10}
    assert messages(ks.warnings)[0].startswith("K file ks.csv: 1 line not used")
    assert ks.not_used == (f"line 3, column 2 (k): expected {_K}, found 'x'",)
    path.write_text("fide_id,k\n5,10\n", encoding="utf-8")
    assert read_k_file(path) == {"5": 10}
    with pytest.raises(FileNotFoundError):
        read_k_file(tmp_path / "missing.csv")


def test_huge_lines_and_fields_are_named_not_read(tmp_path: Path) -> None:
    """A K of 5,000 digits was a ``ValueError`` (int of more than 4,300 digits), a field of
    131,072+ characters a ``_csv.Error``: each line is named and left out."""
    ks = parse_k_file("fide_id,k\n1," + "4" * 150, source="k.csv")
    assert ks == {}
    assert ks.not_used == (f"line 2, column 2 (k): expected {_K}, found '44444444444444444444...'",)
    for field in ("4" * 5000, '"' + "x" * 131_072):
        ks = parse_k_file("fide_id,k\n1," + field, source="k.csv")
        assert ks == {}
        assert ks.not_used[0].startswith("line 2 (row): expected a line of at most 200 characters")


def test_many_lines_not_used_make_one_warning() -> None:
    text = "fide_id,k\n" + "".join(f"{i},1000\n" for i in range(1, 21))
    ks = parse_k_file(text, source="k.csv")
    assert len(ks.not_used) == 20 and len(messages(ks.warnings)) == 1
    assert messages(ks.warnings)[0].startswith("K file k.csv: 20 lines not used")
    assert messages(ks.warnings)[0].endswith("found '1000'; and 8 more")


def test_bytes_not_utf8_after_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "k.csv"
    path.write_bytes(b"\xef\xbb\xbffide_id,k\n1,40 # J\xfcrgen\n")
    with pytest.raises(KFileError) as caught:
        read_k_file(path)
    assert str(caught.value) == (
        "k.csv, line 2 (encoding): expected UTF-8 text (the file starts with its byte-order "
        "mark), found the byte 0xFC (column 9)"
    )
