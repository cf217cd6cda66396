"""Tests of the K file (:mod:`xlfuncs.trf.k_file`): ``fide_id,k`` lines, K by FIDE id.

Every expected message is the one the module's documentation promises (file, line, column,
field, what was expected, what was found).
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from xlfuncs.trf.k_file import KFileError, parse_k_file, read_k_file


def test_parse_k_file() -> None:
    text = "# K for this event\n\nFIDE_ID, K\n99000001,40\n  # a comment\n99000002 , 10\n"
    assert parse_k_file(text) == {"99000001": 40, "99000002": 10}
    assert parse_k_file("\ufefffide_id,k\r\n1,20\r\n") == {"1": 20}


@pytest.mark.parametrize("k", ["30", "17", "15", "5"])
def test_a_k_the_rules_never_give(k: str) -> None:
    """Issue 11: K = 30 was accepted. Standard play's K is 40, 20 or 10 (Rating Regulations
    8.3.3); K x n <= 700 lowers it in the computation (K 20 over 39 games: 17), so a file
    that gave 17 would be lowered twice."""
    with pytest.raises(KFileError) as info:
        parse_k_file(f"fide_id,k\n99000001,{k}\n", source="k.csv")
    assert str(info.value) == (
        f"k.csv, line 2, column 2 (k): expected a K the rules give (40, 20 or 10), found '{k}'"
    )


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
        (
            "fide_id,k\n99000001,abc\n",
            "k.csv, line 2, column 2 (k): expected a K the rules give (40, 20 or 10), found 'abc'",
        ),
        (
            "fide_id,k\n\n# c\n99000001,0\n",
            "k.csv, line 4, column 2 (k): expected a K the rules give (40, 20 or 10), found '0'",
        ),
        (
            "fide_id,k\n99000001,41\n",
            "k.csv, line 2, column 2 (k): expected a K the rules give (40, 20 or 10), found '41'",
        ),
        (
            "fide_id,k\n99000001,20.5\n",
            "k.csv, line 2, column 2 (k): expected a K the rules give (40, 20 or 10), found '20.5'",
        ),
        (
            "fide_id,k\n99000001,\n",
            "k.csv, line 2, column 2 (k): expected a K the rules give (40, 20 or 10), found "
            "a blank",
        ),
        (
            "fide_id,k\nX123,20\n",
            "k.csv, line 2, column 1 (fide_id): expected a FIDE id (1 to 11 digits), found 'X123'",
        ),
        (
            "fide_id,k\n123,20\n123,40\n",
            "k.csv, line 3, column 1 (fide_id): expected a FIDE id not given before (line 2 gives "
            "it), found '123'",
        ),
        (
            "fide_id,k\n123,20,x\n",
            "k.csv, line 2 (row): expected two fields, a FIDE id and K, found 3 fields: '123,20,x'",
        ),
        (
            "fide_id,k\n123\n",
            "k.csv, line 2 (row): expected two fields, a FIDE id and K, found 1 field: '123'",
        ),
    ],
)
def test_k_file_errors(text: str, message: str) -> None:
    with pytest.raises(KFileError) as info:
        parse_k_file(text, source="k.csv")
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)
    again = pickle.loads(pickle.dumps(info.value))
    assert str(again) == message


def test_read_k_file(tmp_path: Path) -> None:
    path = tmp_path / "ks.csv"
    path.write_text("fide_id,k\n5,10\n6,x\n", encoding="utf-8")
    with pytest.raises(KFileError, match=r"^ks\.csv, line 3, column 2 \(k\)"):
        read_k_file(path)
    path.write_text("fide_id,k\n5,10\n", encoding="utf-8")
    assert read_k_file(path) == {"5": 10}
    with pytest.raises(FileNotFoundError):
        read_k_file(tmp_path / "missing.csv")


def test_huge_lines_and_fields_are_refused(tmp_path: Path) -> None:
    """Issue 8, item 10: a K of 5,000 digits was a ``ValueError`` (int of more than 4,300
    digits), a field of 131,072+ characters a ``_csv.Error``."""
    with pytest.raises(KFileError) as caught:
        parse_k_file("fide_id,k\n1," + "4" * 150, source="k.csv")
    assert str(caught.value) == (
        "k.csv, line 2, column 2 (k): expected a K the rules give (40, 20 or 10), found "
        "'44444444444444444444...'"
    )
    for field in ("4" * 5000, '"' + "x" * 131_072):
        with pytest.raises(KFileError) as caught:
            parse_k_file("fide_id,k\n1," + field, source="k.csv")
        assert (caught.value.line_no, caught.value.field) == (2, "row")
        assert caught.value.expected == "a line of at most 200 characters"


def test_bytes_not_utf8_after_a_bom(tmp_path: Path) -> None:
    path = tmp_path / "k.csv"
    path.write_bytes(b"\xef\xbb\xbffide_id,k\n1,40 # J\xfcrgen\n")
    with pytest.raises(KFileError) as caught:
        read_k_file(path)
    assert str(caught.value) == (
        "k.csv, line 2 (encoding): expected UTF-8 text (the file starts with its byte-order "
        "mark), found the byte 0xFC (column 9)"
    )
