"""``--unrated-rating`` and ``--tiebreak-rules`` (report and crosstable).

The references: ``gacrux`` (FIDE TEC's tie-break checker) run with a rating for unrated
players, an ARO worked out by hand from the TRF lines, and TieBreakServer's published outputs
for its fixture ``swiss_with_many_unplayed_rounds`` under the 2023 and the 2026 text of C.07.
"""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cli_support import run
from gacrux_reference import as_fraction, reference

from xlfuncs.cli import main

DATA = Path(__file__).resolve().parent / "data"
KARL_MALA = DATA / "real" / "karl-mala-2005.trf"
"""284 entries (283 players and no. 284 "spielfrei", the bye's pseudo-player), 138 of them
unrated; started 28 July 2005."""
UNPLAYED = DATA / "tiebreakserver" / "swiss_with_many_unplayed_rounds.trf"
"""TieBreakServer's test tournament (15 players), dated 2026/02/28 (``042``)."""
PUBLISHED = {"2023": "2026-02-28", "2026": "2026-03-01"}
"""The published output of each C.07 edition: the fixture run as starting on that day."""
SB = ("SB", "SB/C1", "SB/C2")
"""The published outputs' tie-breaks, in their order (they rank by PTS, then these)."""


def _json(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> list[Any]:
    code, out, err = run(capsys, "report", str(path), "--format", "json", *options)
    assert code == 0, err
    data: list[Any] = json.loads(out)
    return data


def _usage_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The message of a usage error (exit 2) of ``xlfuncs ARGV``."""
    with pytest.raises(SystemExit) as info:
        main(list(argv))
    assert info.value.code == 2
    return capsys.readouterr().err


# --------------------------------------------------------------------------- --unrated-rating

RATINGS = ("ARO", "ARO/C1", "TPR")


def test_unrated_rating_equals_gacrux(capsys: pytest.CaptureFixture[str]) -> None:
    """Karl-Mala 2005 with ``--unrated-rating 1000``: every ARO, ARO/C1 and TPR, and every
    rank, is gacrux's with ``"unrated": 1000``."""
    data = _json(capsys, KARL_MALA, "--tiebreaks", ",".join(RATINGS), "--unrated-rating", "1000")
    ref = reference(KARL_MALA, RATINGS, start=dt.date(2005, 7, 28), round_robin=False, unrated=1000)
    # gacrux counts no. 284 "spielfrei", the bye's pseudo-player, which the report leaves out
    assert len(data) == len(ref.values) - 1 == 283
    for obj in data:
        no = obj["start_no"]
        ours = [None if v is None else Fraction(v) for v in obj["tiebreaks"].values()]
        assert ours == [as_fraction(v) for v in ref.values[no]], f"no. {no}"
        assert obj["rank"] == ref.ranks[no], f"no. {no}"
    # the comparison means something: values for (nearly) everyone, unrated players included
    defined = [obj for obj in data if obj["tiebreaks"]["ARO"] is not None]
    assert len(defined) > 250 and any(obj["rating"] is None for obj in defined)


def test_unrated_rating_hand_worked(capsys: pytest.CaptureFixture[str]) -> None:
    """No. 59 (Kabir, Razaul) of Karl-Mala 2005, his TRF line::

        001   59      Kabir,Razaul   2113 ... 2.5  209   200 w 1   132 b =   108 w 1
                                                         12 b 0   122 w 0   151 - -   195 - -

    Games over the board against no. 200 (Kutschera, no rating: unrated), 132 (Poetsch,
    1939), 108 (Rafiee, 2006), 12 (Klundt, 2382) and 122 (Nies, 1977); rounds 6 and 7 are
    forfeits (``- -``), not games, so C.07 leaves them out of ARO. With unrated players at
    1000: (1000 + 1939 + 2006 + 2382 + 1977) / 5 = 9304 / 5 = 1860.8, rounded (0.5 up):
    1861. Without a rating for unrated players, ARO is undefined for everyone."""
    given = _json(capsys, KARL_MALA, "--tiebreaks", "ARO", "--unrated-rating", "1000")
    kabir = next(obj for obj in given if obj["start_no"] == 59)
    assert kabir["tiebreaks"] == {"ARO": 1861}
    none = _json(capsys, KARL_MALA, "--tiebreaks", "ARO")
    assert {obj["tiebreaks"]["ARO"] for obj in none} == {None}


def test_unrated_rating_in_the_text_header(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "report", str(KARL_MALA), "--unrated-rating", "1000")
    assert code == 0, err
    head = out.split("\n\n")[0]
    assert "unrated: counted at 1000 in the rating tie-breaks (given)" in head
    code, out, _ = run(capsys, "report", str(KARL_MALA))
    assert "unrated:" not in out.split("\n\n")[0]


@pytest.mark.parametrize(
    "value, said",
    [
        ("0", "0 is not a rating (expected 1..4000)"),
        ("4001", "4001 is not a rating (expected 1..4000)"),
        ("-5", "-5 is not a rating (expected 1..4000)"),
        ("12.5", "expected a rating (a whole number, 1..4000), got '12.5'"),
        ("unrated", "expected a rating (a whole number, 1..4000), got 'unrated'"),
    ],
)
def test_bad_unrated_rating(capsys: pytest.CaptureFixture[str], value: str, said: str) -> None:
    err = _usage_error(capsys, "report", str(UNPLAYED), f"--unrated-rating={value}")
    assert f"xlfuncs report: error: argument --unrated-rating: {said}" in err


def _chart_columns(ws: Any) -> tuple[int, dict[str, int]]:
    """The chart's header row and each header's first column."""
    head = next(r for r in range(1, 20) if ws.cell(r, 1).value == "No.")
    column: dict[str, int] = {}
    for c in range(1, ws.max_column + 1):
        title = ws.cell(head, c).value
        if isinstance(title, str):
            column.setdefault(title, c)
    return head, column


def test_crosstable_honours_unrated_rating(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``crosstable --unrated-rating 1000`` on a Swiss with two unrated players (no. 11 and
    no. 12): the chart's "Unrated rating" cell (``UnratedRating``) holds 1000 and its live
    TIEBREAK_ALL formula reads it; the stored rating tie-breaks and ranks are gacrux's with
    ``"unrated": 1000`` (the chart's ratings are FIDE's: every player here has a FIDE id)."""
    ds = ("ARO", "TPR", "APRO")
    path = DATA / "trf" / "swiss_12.trf"
    out = tmp_path / "chart.xlsx"
    argv = ["crosstable", str(path), "-o", str(out), "--tiebreaks", ",".join(ds)]
    code, _, err = run(capsys, *argv, "--unrated-rating", "1000", "--for", "classic")
    assert code == 0, err
    wb = openpyxl.load_workbook(out, data_only=True)
    ws = wb["Wall chart"]
    ref = wb.defined_names["UnratedRating"].attr_text.split("!")[1].replace("$", "")
    assert ws[ref].value == 1000
    formulas = openpyxl.load_workbook(out)["Wall chart"]
    texts = [getattr(c.value, "text", c.value) for row in formulas.iter_rows() for c in row]
    calls = [t for t in texts if isinstance(t, str) and "TIEBREAK_ALL(" in t]
    # its arguments: ..., colours, unrated, system, ptp_full_score, scoring
    assert len(calls) == 1 and calls[0].endswith(',UnratedRating,"swiss",PtpFullScore,Scoring)'), (
        calls
    )
    theirs = reference(path, ds, start=dt.date(2025, 3, 14), round_robin=False, unrated=1000)
    head, column = _chart_columns(ws)
    for r in range(head + 1, head + 13):
        no = int(ws.cell(r, 1).value)
        stored = [ws.cell(r, column[d]).value for d in ds]
        assert stored == [float(as_fraction(v)) for v in theirs.values[no]], no
        assert ws.cell(r, column["Rank"]).value == theirs.ranks[no], no


# --------------------------------------------------------------------------- --tiebreak-rules


def _published(edition: str) -> dict[int, dict[str, str]]:
    """TieBreakServer's output for the fixture under *edition*: cells by starting rank."""
    name = f"swiss_with_many_unplayed_rounds.{PUBLISHED[edition]}.txt"
    lines = (DATA / "tiebreakserver" / name).read_text().splitlines()
    header = lines[0].split("\t")
    assert header[3:] == list(SB)
    rows = [dict(zip(header, line.split("\t"))) for line in lines[1:]]
    return {int(r["StartNo"]): r for r in rows if not r["StartNo"].startswith("Check")}


def _dated(tmp_path: Path, day: str) -> Path:
    """The fixture with its start date (``042``) replaced by *day*."""
    text = UNPLAYED.read_text(encoding="utf-8").replace("042 2026/02/28", f"042 {day}")
    assert f"042 {day}" in text
    path = tmp_path / f"unplayed-{day.replace('/', '-')}.trf"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("given", ["2023", "2026", "2026-02-28", "2026-03-01"])
@pytest.mark.parametrize("start", ["2026/02/28", "2026/03/01"])
def test_tiebreak_rules_give_the_published_values(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, given: str, start: str
) -> None:
    """Whatever the file's date, the edition given decides: the 2023 text (or a date when it
    was in force) gives the output published for a start on 28 February 2026, the 2026 text
    the one for 1 March (values and ranks)."""
    edition = "2023" if given in ("2023", "2026-02-28") else "2026"
    want = _published(edition)
    path = _dated(tmp_path, start)
    data = _json(capsys, path, "--tiebreaks", ",".join(SB), "--tiebreak-rules", given)
    assert len(data) == len(want) == 15
    for obj in data:
        cells = want[obj["start_no"]]
        assert obj["points"] == float(cells["PTS"])
        assert [Fraction(v) for v in obj["tiebreaks"].values()] == [
            Fraction(cells[d]) for d in SB
        ], obj["start_no"]
        assert obj["rank"] == int(cells["Rank"]), obj["start_no"]


def test_the_two_editions_differ_here() -> None:
    """The test above means something: the published outputs differ (no. 1's SB/C2 is 11.00
    under the 2023 text, 10.50 under the 2026 one: 16.4 caps the dummy opponent)."""
    old, new = _published("2023"), _published("2026")
    assert old[1]["SB/C2"] == "11.00" and new[1]["SB/C2"] != "11.00"


def test_tiebreak_rules_in_the_text_header(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "report", str(UNPLAYED), "--tiebreak-rules", "2026")
    assert code == 0, err
    assert "C.07:    tie-breaks of the 2026 text (given)" in out
    code, out, _ = run(capsys, "report", str(UNPLAYED), "--tiebreak-rules", "2026-03-05")
    assert "C.07:    tie-breaks of the 2026 text (the date given, 2026-03-05)" in out
    code, out, _ = run(capsys, "report", str(UNPLAYED))
    assert "C.07:    tie-breaks of the 2023 text (in force on 2026-02-28)" in out


def test_crosstable_tiebreak_rules(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``crosstable --tiebreak-rules 2026`` on the fixture dated 28 February 2026: the chart's
    "Tie-break rules" cell (which its live TIEBREAK_ALL formulas read) holds ``2026``, and the
    stored values and ranks are the published 2026 ones."""
    out = tmp_path / "chart.xlsx"
    argv = ["crosstable", str(UNPLAYED), "-o", str(out), "--tiebreaks", ",".join(SB)]
    code, _, err = run(capsys, *argv, "--tiebreak-rules", "2026")
    assert code == 0, err
    ws = openpyxl.load_workbook(out, data_only=True)["Wall chart"]
    row, label = next(
        (r, c)
        for r in range(1, 10)
        for c in range(1, ws.max_column + 1)
        if ws.cell(r, c).value == "Tie-break rules"
    )
    cell = next(
        ws.cell(row, c).value
        for c in range(label + 1, ws.max_column + 1)
        if ws.cell(row, c).value is not None
    )
    assert cell == "2026"
    head, column = _chart_columns(ws)
    want = _published("2026")
    for r in range(head + 1, head + 16):
        cells = want[int(ws.cell(r, 1).value)]
        stored = [Fraction(str(ws.cell(r, column[d]).value)) for d in SB]
        assert stored == [Fraction(cells[d]) for d in SB], cells["StartNo"]
        assert ws.cell(r, column["Rank"]).value == int(cells["Rank"]), cells["StartNo"]


@pytest.mark.parametrize("command", ["report", "crosstable"])
@pytest.mark.parametrize("value", ["2024", "2026-02-30", "newest"])
def test_bad_tiebreak_rules(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, value: str
) -> None:
    """A usage error (exit 2) naming the option, the value and the accepted ones."""
    out = ["-o", str(tmp_path / "out.xlsx")] if command == "crosstable" else []
    err = _usage_error(capsys, command, str(UNPLAYED), *out, "--tiebreak-rules", value)
    assert (
        f"xlfuncs {command}: error: argument --tiebreak-rules: unknown C.07 edition "
        f"'{value}'; use one of 2023, 2026 or a date (YYYY-MM-DD)"
    ) in err
