"""The command line under bad input (issue 8, items 2, 3, 6, 7, 9, 10 and 13): every file is
read, or refused with a message naming the file, line, columns and field, exit 1, and never
a traceback. Each file is built by the test.

The last test mutates the project's real and hand-made TRF files and checks that no line is
lost without a word.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re
import tempfile
import zipfile
from pathlib import Path

import pytest
from budget import examples
from cli_support import run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from xlfuncs.cli import main
from xlfuncs.trf import decode_trf, ignored_record, parse_trf_bytes
from xlfuncs.trf.parser import TrfError

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"

# A round robin of 3 in May 2023: R1 1-2 (3 has the bye), R2 2-3, R3 3-1.
HEAD = "012 Tiny Round Robin\n042 2023/05/10\n052 2023/05/12\n"
P1 = (
    "001    1 m    Ash, Ada                          2100 ENG    99000001 1980/01/01  1.5    1"
    "     2 w 1  0000 - -     3 b ="
)
P2 = (
    "001    2 m    Box, Bo                           2000 ENG    99000002 1980/01/01  1.0    2"
    "     1 b 0     3 w 1  0000 - -"
)
P3 = (
    "001    3 w    Çay, Cem                          1900 TUR    99000003 1980/01/01  0.5    3"
    "  0000 - -     2 b 0     1 w ="
)
EVENT = HEAD + "\n".join((P1, P2, P3)) + "\n"


def write(tmp_path: Path, name: str, data: str | bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return str(path)


# --------------------------------------------------------------------------- item 2


@pytest.mark.parametrize(
    ("data", "found"),
    [
        (b"", "the file is empty"),
        (b"\n  \r\n", "the file holds only blanks"),
        (random.Random(8).randbytes(400), "not a text file"),
        (b"\x7fELF\x02\x01\x01\x00\x00\x00" * 20, "binary data (NUL bytes), not a text file"),
        (EVENT.encode("utf-16-le"), "UTF-16 text without a byte-order mark (save it as UTF-8)"),
        (HEAD.encode(), "3 lines, with event records 012, 042, 052 only"),
        (b"hello\nworld\n", "2 lines, none a TRF record (line 1: 'hello')"),
    ],
)
def test_not_a_trf_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, data: bytes, found: str
) -> None:
    """Old: ``players: 0`` and exit 0. New: exit 1, saying what the file holds."""
    path = write(tmp_path, "x.trf", data)
    code, out, err = run(capsys, "report", path)
    assert code == 1 and out == ""
    assert err.startswith("xlfuncs: error: x.trf: not a tournament report file: ")
    assert "no player record (001): " in err and found in err
    code, out, err = run(capsys, "crosstable", path, "-o", str(tmp_path / "x.xlsx"))
    assert code == 1 and "no player record (001)" in err
    assert not (tmp_path / "x.xlsx").exists()  # no empty workbook


def test_xlsx_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("[Content_Types].xml", "<Types/>")
    path = write(tmp_path, "book.xlsx", buf.getvalue())
    code, _, err = run(capsys, "report", path)
    assert code == 1
    assert err == (
        "xlfuncs: error: book.xlsx: not a tournament report file: no player record (001): "
        "a ZIP archive (an .xlsx workbook?), not a text file\n"
    )


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32"])
def test_utf16_with_bom_is_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, encoding: str
) -> None:
    data = (EVENT + "122 90'+30\"\n092 Round robin\n").encode(encoding)  # no warning
    if encoding == "utf-16-be":
        data = b"\xfe\xff" + data
    code, out, err = run(capsys, "report", "--format", "json", write(tmp_path, "u.trf", data))
    assert (code, err) == (0, "")
    assert [p["name"] for p in json.loads(out)] == ["Ash, Ada", "Box, Bo", "Çay, Cem"]


# --------------------------------------------------------------------------- item 3


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            " " + P2,
            "x.trf, line 5, columns 1-4 (record code): expected the record code 001 in "
            "columns 1-3 (a player line cannot be shifted), found ' 001'",
        ),
        (
            "0O1" + P2[3:],
            "x.trf, line 5, columns 1-3 (record code): expected the record code 001 in "
            "digits, found '0O1'",
        ),
        (
            "\x1a" + P2,
            "x.trf, line 5, columns 1-4 (record code): expected the record code 001 in "
            "columns 1-3 (a player line cannot be shifted), found '\\x1a001'",
        ),
        (
            "002" + P2[3:],
            "x.trf, line 5, columns 1-3 (record code): expected 001 (the line has a "
            "player's columns: starting rank and name), found '002'",
        ),
    ],
)
def test_damaged_player_line_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: str, message: str
) -> None:
    """Old: the line vanished and only "opponent 2 is not in the file" hinted at it."""
    path = write(tmp_path, "x.trf", HEAD + "\n".join((P1, line, P3)) + "\n")
    code, out, err = run(capsys, "report", path)
    assert (code, out, err) == (1, "", f"xlfuncs: error: {message}\n")


def test_unknown_records_are_named_known_ones_ignored(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ignored = ["013 Team A                              1    2", "XXR 3", "BBW  1.0", "182 x"]
    unknown = ["ABC something", "12"]
    text = HEAD + "\n".join([*ignored, *unknown, P1, P2, P3]) + "\n"
    assert all(ignored_record(line[:3]) for line in ignored)
    code, out, _ = run(capsys, "report", write(tmp_path, "x.trf", text))
    assert code == 0
    assert "- 2 lines of no known record type not read: lines 8 ('ABC'), 9 ('12')" in out
    assert "line 4" not in out and "'XXR'" not in out


# --------------------------------------------------------------------------- item 6


def test_rules_invalid_date(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Old: ``unknown edition '2024-02-30'``. 2024 is a leap year: February has 29 days."""
    path = write(tmp_path, "x.trf", EVENT)
    code, out, err = run(capsys, "report", "--rules", "2024-02-30", path)
    assert (code, out) == (2, "")
    assert err == (
        "xlfuncs: error: --rules: invalid date '2024-02-30' (no such day); give a real date "
        "(YYYY-MM-DD) or one of 2017, 2022, 2024, 2025\n"
    )
    code, _, err = run(capsys, "report", "--rules", "2023-02-29", path)  # not a leap year
    assert code == 2 and "invalid date '2023-02-29'" in err
    code, _, err = run(capsys, "report", "--rules", "1999", path)
    assert code == 2 and "unknown edition '1999'" in err


def test_invalid_start_date_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Old: silently today's date and the rules in force today."""
    text = "012 X\n042 31.02.2024\n" + "\n".join((P1, P2, P3)) + "\n"
    code, out, _ = run(capsys, "report", write(tmp_path, "x.trf", text))
    assert code == 0
    assert "- the start date (042) '31.02.2024' is an invalid date (no such day)" in out
    assert "used today" in out
    assert re.search(r"- rules: the 20\d\d rules, in force on \d{4}-\d\d-\d\d \(the date used", out)
    # an invalid end date beside a good start date is named too
    text = "012 X\n042 2023/05/10\n052 2023/05/32\n" + "\n".join((P1, P2, P3)) + "\n"
    code, out, _ = run(capsys, "report", write(tmp_path, "y.trf", text))
    assert "- the end date (052) '2023/05/32' is an invalid date (no such day): not used" in out


# --------------------------------------------------------------------------- item 7


def test_name_padding_is_trimmed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Old: ``" sherwin--tiu"``. Columns 15-47: a blank before the name is padding."""
    p1 = P1[:14] + " sherwin--tiu".ljust(33) + P1[47:]
    text = HEAD + "\n".join((p1, P2, P3)) + "\n"
    code, out, _ = run(capsys, "report", "--format", "json", write(tmp_path, "x.trf", text))
    assert code == 0
    assert json.loads(out)[0]["name"] == "sherwin--tiu"


# --------------------------------------------------------------------------- item 9


def stdin_of(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_report_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin_of(monkeypatch, EVENT.encode("cp1252"))
    code, out, err = run(capsys, "report", "-")
    assert (code, err) == (0, "")
    assert "file:    <stdin>" in out and "Çay, Cem" in out  # Windows-1252 bytes, decoded


def test_report_stdin_errors_name_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin_of(monkeypatch, b"")
    code, _, err = run(capsys, "report", "-")
    assert code == 1
    assert err == (
        "xlfuncs: error: <stdin>: not a tournament report file: no player record (001): "
        "the file is empty\n"
    )


def test_crosstable_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    stdin_of(monkeypatch, EVENT.encode())
    out_path = tmp_path / "x.xlsx"
    code, out, _ = run(capsys, "crosstable", "-", "-o", str(out_path))
    assert code == 0 and out_path.stat().st_size > 0
    assert out.startswith(f"wrote {out_path} (") and "3 players" in out


# --------------------------------------------------------------------------- item 10


def test_crosstable_of_inconsistent_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Old: ``ValueError: player 1, round 3: opponent 1 is not another player`` (the file
    pairs player 1 against themself in round 3; the report names it, the chart leaves the
    opponent out)."""
    out_path = tmp_path / "x.xlsx"
    code, out, _ = run(
        capsys, "crosstable", str(DATA / "trf" / "inconsistent.trf"), "-o", str(out_path)
    )
    assert code == 0 and out_path.exists()
    assert out.startswith(f"wrote {out_path}")


def test_bom_then_latin1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The file says UTF-8 (its BOM), then é is written as the Latin-1 byte 0xE9 at line 1,
    column 8 (the BOM is not a column): read as UTF-8, the byte as U+FFFD, with a warning
    naming the place and the choice. A K file, a few lines the user writes, is refused."""
    data = b"\xef\xbb\xbf012 Caf\xe9 Open\n" + "\n".join((P1, P2)).encode()
    path = write(tmp_path, "x.trf", data)
    message = (
        "record 012, line 1, column 8: the byte 0xE9 is not UTF-8: read as \ufffd (U+FFFD); "
        "the file is read as UTF-8, as it starts with UTF-8's byte-order mark (in "
        "Windows-1252, 0xE9 is 'é'); correct the character in the file"
    )
    code, out, err = run(capsys, "report", path, "--format", "json")
    assert (code, json.loads(out)[0]["start_no"]) == (0, 1)
    assert f"xlfuncs: warning: {message}\n" in err
    k_path = write(tmp_path, "k.csv", b"\xef\xbb\xbffide_id,k\n99000001,40 # J\xfcrgen\n")
    code, _, err = run(capsys, "report", write(tmp_path, "ok.trf", EVENT), "--k-file", k_path)
    assert (code, err) == (
        1,
        "xlfuncs: error: k.csv, line 2 (encoding): expected UTF-8 text (the file starts "
        "with its byte-order mark), found the byte 0xFC (column 16)\n",
    )


@pytest.mark.parametrize(
    ("k_line", "message"),
    [
        (
            "99000001," + "4" * 5000,
            "line 2 (row): expected a line of at most 200 characters, found 5,009 "
            "characters: '99000001,44444444444'...",
        ),
        (
            "99000001," + "4" * 150,
            "line 2, column 2 (k): expected a K, a whole number from 1 to 40 (FIDE's K rule "
            "gives 40, 20 or 10), found '44444444444444444444...'",
        ),
        (
            '99000001,"' + "x" * 131_072,
            "line 2 (row): expected a line of at most 200 characters, found 131,082 "
            "characters: '99000001,\"xxxxxxxxxx'...",
        ),
    ],
)
def test_k_file_huge_fields(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, k_line: str, message: str
) -> None:
    """Old: ``ValueError`` (int of 5,000 digits) and ``_csv.Error`` (field larger than
    131,072). A value never refuses the file: the line is named in a warning and not used."""
    k_path = write(tmp_path, "k.csv", "fide_id,k\n" + k_line + "\n")
    code, out, _ = run(capsys, "report", write(tmp_path, "x.trf", EVENT), "--k-file", k_path)
    assert code == 0
    assert (
        "- K file k.csv: 1 line not used (each player's K is the one the event gives without "
        f"the file): {message}"
    ) in out


# --------------------------------------------------------------------------- item 13


def test_absurd_round_count_refused_before_allocating(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Old: a line padded to round 10,000 took 25 s and 775 MB. Round r starts at column
    92 + 10 (r - 1): round 10,000 at 100,082, its result at 100,089."""
    p1 = P1.ljust(100_081) + "   2 w 1"
    path = write(tmp_path, "x.trf", HEAD + "\n".join((p1, P2, P3)) + "\n")
    code, out, err = run(capsys, "report", path)
    assert (code, out) == (1, "")
    assert err == (
        "xlfuncs: error: x.trf, line 4, column 100089 (round 10000): expected at most 999 "
        "rounds on a line (the text ends at column 100089), found '1'\n"
    )


def test_padding_in_proportion_to_the_file(tmp_path: Path) -> None:
    """201 players, one line reaching round 999: padding everyone to 999 rounds would need
    200,799 entries for a file writing 1,199 (999 + 200 one-round lines): refused. 20
    players (19,980 entries) are read."""

    def lines(n: int) -> list[str]:
        out = []
        for i in range(1, n + 1):
            line = P2[:4] + f"{i:>4}" + P2[8:91]
            opp = i + 1 if i % 2 else i - 1
            out.append(line + f"{opp:>4} {'w' if i % 2 else 'b'} {'1' if i % 2 else '0'}")
        out[0] = out[0].ljust(91 + 9980) + "   2 w 1"  # round 999 at column 10072
        return out

    t = parse_trf_bytes("\n".join(["012 X", *lines(20)]).encode())
    assert t.num_rounds == 999 and len(t.players) == 20
    with pytest.raises(TrfError) as caught:
        parse_trf_bytes("\n".join(["012 X", *lines(201)]).encode(), source="x.trf")
    assert str(caught.value).startswith(
        "x.trf, line 2, columns 10072-10079 (round 999): expected rounds in proportion to the "
        "file: 201 players padded to this line's 999 rounds would need 200,799 round entries "
        "(at most 200,000); the other lines write 200"
    )


# --------------------------------------------------------------------------- property


SOURCES = sorted((DATA / "real").glob("*.trf")) + sorted((DATA / "trf").glob("*.trf"))
"""The real files and the hand-made ones."""

EVENT_CODES = {f"{n:02}2" for n in range(1, 14)}
"""012 ... 132."""

_CACHE: dict[Path, bytes] = {}


def _original(path: Path) -> bytes:
    if path not in _CACHE:
        _CACHE[path] = path.read_bytes()
    return _CACHE[path]


MUTATION = st.tuples(
    st.sampled_from(
        ["truncate", "shift", "stray", "duplicate", "delete", "line end", "swap", "encoding"]
    ),
    st.integers(0, 10_000),
    st.integers(0, 200),
    st.binary(min_size=1, max_size=2),
)


def mutate(data: bytes, mutations: list[tuple[str, int, int, bytes]]) -> bytes:
    """Apply each mutation to one line (picked by the first integer modulo the number of
    lines), the second integer a column, the bytes what goes in."""
    for kind, which, col, stray in mutations:
        lines = data.split(b"\n")
        i = which % len(lines)
        line = lines[i]
        if kind == "truncate":
            lines[i] = line[: col % (len(line) + 1)]
        elif kind == "shift":
            lines[i] = b" " * (1 + col % 3) + line if col % 2 else line[1:]
        elif kind == "stray":
            at = col % (len(line) + 1)
            lines[i] = line[:at] + stray + line[at:]
        elif kind == "duplicate":
            lines.insert(i, line)
        elif kind == "delete":
            del lines[i]
        elif kind == "line end":
            lines[i] = line.rstrip(b"\r") + (b"\r" if col % 2 else b"\r\r")
        elif kind == "swap":
            j = col % len(lines)
            lines[i], lines[j] = lines[j], lines[i]
        data = b"\n".join(lines)
        if kind == "encoding":
            text, _ = decode_trf(data.removeprefix(b"\xef\xbb\xbf"), "latin-1")
            codecs = ["utf-16", "utf-8-sig", "cp1252", "latin-1", "utf-8"]
            data = text.encode(codecs[col % len(codecs)], errors="replace")
    return data


@settings(
    max_examples=examples(60),
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(source=st.sampled_from(SOURCES), mutations=st.lists(MUTATION, min_size=1, max_size=3))
def test_mutated_files_never_lose_a_line(
    source: Path, mutations: list[tuple[str, int, int, bytes]]
) -> None:
    """No traceback; exit 0 or 1; with exit 0 every non-blank line is read (a player or an
    event record), a record deliberately ignored, or named in the report by its number."""
    data = mutate(_original(source), mutations)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "m.trf"
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["report", str(path)])
    assert code in (0, 1)
    if code == 1:
        assert err.getvalue().startswith("xlfuncs: error: m.trf")
        assert err.getvalue().count("\n") == 1
        return
    text = out.getvalue()
    t = parse_trf_bytes(data, source="m.trf")
    players = {p.line_no for p in t.players}
    extra = {r.line_no: r for r in t.extra_records}
    body, _ = decode_trf(data)
    for line_no, line in enumerate(re.split(r"\r\n|\n|\r", body.removeprefix("\ufeff")), 1):
        if not line.strip() or line_no in players:
            continue
        rec = extra.get(line_no)
        if rec is None:
            assert line[:3] in EVENT_CODES, (line_no, line)  # an event record, read
        elif ignored_record(rec.code) is None:
            named = f"line {line_no}:" in text or f"{line_no} ({rec.code!r})" in text
            assert named, (line_no, line)
