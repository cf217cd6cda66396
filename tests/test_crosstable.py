"""`xlfuncs crosstable`: a TRF file to a filled workbook whose formula cells also carry
their values, read without any formula engine (openpyxl, values mode) and by LibreOffice.

The tournament is written here for the test (fictional players). Expected figures are
worked by hand in the comments, from FIDE's tables.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from chart_examples import swiss_event
from render import needs_render, pdf_text, render
from template_checks import core_tiebreaks, stored_values, tiebreak_mismatches
from trf_make import round_robin_trf, swiss_trf

from xlfuncs.cli import main
from xlfuncs.filled_chart import event_from_trf, write_chart
from xlfuncs.templates import swiss
from xlfuncs.trf import parse_trf

# 6 players, 3 rounds of a Swiss (2025 rules, event in 2026).
#  1 Alpha   2200: r1 beat 4 (w), r2 drew 2 (b), r3 beat 3 (w)            -> 2.5
#  2 Bravo   2100: r1 beat 5, r2 drew 1, r3 forfeit win against 6 (+)      -> 2.5
#  3 =Charlie (name starts with '=') 2000: r1 half-point bye H, r2 beat 4, r3 lost to 1
#                                                                           -> 1.5
#  4 Delta   1900: r1 lost to 1, r2 lost to 3, r3 beat 5                    -> 1
#  5 Echo unrated: r1 lost to 2, r2 full-point bye F, r3 lost to 4          -> 1
#  6 Foxtrot 1800: r1 zero-point bye Z, r2 no game (blank), r3 forfeit loss (-)
#                                                                           -> 0


def player_line(no: int, name: str, rating: int | None, points: str, rounds: list[str]) -> str:
    """A TRF16 001 line, laid out by its columns (see the reference's table)."""
    line = f"001 {no:>4} m    {name:<33} {rating or '':>4} ENG {99100000 + no:>11} 1990/01/01 "
    line += f"{points:>4} {no:>4}  " + "  ".join(f"{r:<8}" for r in rounds)
    return line.rstrip()


TRF = (
    "\n".join(
        [
            "012 Test Open",
            "022 Testville",
            "042 2026/05/02",
            "052 2026/05/04",
            "092 Individual: Swiss-System",
            "102 Test Arbiter",
            player_line(1, "Alpha, Anna", 2200, "2.5", ["   4 w 1", "   2 b =", "   3 w 1"]),
            player_line(2, "Bravo, Ben", 2100, "2.5", ["   5 b 1", "   1 w =", "   6 w +"]),
            player_line(3, "=Charlie, Carl", 2000, "1.5", ["0000 - H", "   4 w 1", "   1 b 0"]),
            player_line(4, "Delta, Dora", 1900, "1.0", ["   1 b 0", "   3 b 0", "   5 w 1"]),
            player_line(5, "Echo, Ed", None, "1.0", ["   2 w 0", "0000 - F", "   4 b 0"]),
            player_line(6, "Foxtrot, Fay", 1800, "0.0", ["0000 - Z", "        ", "   2 b -"]),
        ]
    )
    + "\n"
)


def _write(tmp_path: Path) -> Path:
    path = tmp_path / "test.trf"
    path.write_text(TRF, encoding="utf-8")
    return path


def _top(path: Path, rows: int) -> list[tuple[Any, ...]]:
    """The stored values of the wall chart's first *rows* rows (read as a stream: the
    workbook's other cells and sheets are not read)."""
    wb = openpyxl.load_workbook(path, data_only=True, read_only=True)
    try:
        return list(wb["Wall chart"].iter_rows(max_row=rows, values_only=True))
    finally:
        wb.close()


def _rows(path: Path) -> dict[str, list[Any]]:
    """Each header of the wall chart (in its first 19 rows) -> the column's values for the
    six players."""
    top = _top(path, 19 + 6)
    header_row = next(r for r in range(19) if top[r][0] == "No.")
    columns: dict[str, list[Any]] = {}
    for c, title in enumerate(top[header_row]):
        if isinstance(title, str) and title not in columns:
            columns[title] = [top[header_row + i][c] for i in range(1, 7)]
    return columns


@pytest.fixture(scope="module")
def workbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("crosstable")
    out = tmp / "test.xlsx"
    assert main(["crosstable", str(_write(tmp)), "-o", str(out)]) == 0
    return out


def test_values_are_stored_beside_the_formulas(workbook: Path) -> None:
    cols = _rows(workbook)
    assert cols["Name"][2] == "=Charlie, Carl"  # text stays text
    assert cols["Pts"] == [2.5, 2.5, 1.5, 1, 1, 0]
    # Rated games against rated opponents: Alpha 3; Bravo 1 (5 unrated, 6 forfeit) + 1 = 2
    # (1 and 5; 5 is unrated) -> only the draw with 1 counts: 1; Charlie 2; Delta 2 (5 is
    # unrated); Echo is unrated; Foxtrot none.
    assert cols["Rated games"][:4] == [3, 1, 2, 2]
    # Alpha 2200, K 20 (born 1990, 30+ games assumed): beat 1900 (D 300 -> .85, +.15),
    # drew 2100 (D 100 -> .64, -.14), beat 2000 (D 200 -> .76, +.24): +.25 x 20 = +5
    assert cols["Rating change"][0] == 5
    assert cols["New rating"][0] == 2205
    # Ra of Alpha: (1900 + 2100 + 2000) / 3 = 2000; p = 2.5/3 = .83 -> dp 273: 2273
    assert cols["Rp FIDE"][0] == 2273
    # Echo (unrated) played only rated opponents: 2100 (lost) and 1900 (lost): a zero score
    # is disregarded in 2025 rules -> no first rating, and the cell says why
    assert cols["First rating"][4] == "zero score"


_NO_FIGURE = {"unrated", "rated", "no K", "no rated game", "zero score", "none", "< 5 games"}
"""What a chart's cell says where the rules give a player no figure."""


def test_workbook_agrees_with_the_report(
    workbook: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Every figure the chart stores equals the one `xlfuncs report` prints, player by
    player: the stored values are there without any formula engine, and they are right."""
    capsys.readouterr()
    assert main(["report", str(_write(tmp_path)), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    cols = _rows(workbook)
    pairs = {
        "Pts": "points",
        "Rated games": "rated_games",
        "Rp FIDE": "rp_fide",
        "Rp exact": "rp_exact",
        "Rating change": "rating_change",
        "New rating": "new_rating",
        "First rating": "initial_rating",
        "Norm": "norm",
        "K": "k",
    }
    for header, key in pairs.items():
        for i, row in enumerate(report):
            shown = cols[header][i]
            expected = row[key]
            if key == "rp_exact" and row["rp_exact_note"]:  # infinite: the chart shows it
                expected = "\u221e" if row["rp_exact_note"].startswith("+") else "-\u221e"
            if expected is None:  # no figure: the chart says why in words (or K: blank)
                assert shown in (None, "") or shown in _NO_FIGURE, (header, i + 1, shown)
            else:
                assert shown == expected, (header, i + 1, shown, expected)
    # issue 10: the rank and every tie-break column (headed by its descriptor) too
    for i, row in enumerate(report):
        assert cols["Rank"][i] == row["rank"], (i + 1, cols["Rank"][i], row["rank"])
        for descriptor, value in row["tiebreaks"].items():
            shown = cols[descriptor][i]
            assert shown == value or (value is None and shown in (None, "")), (i + 1, descriptor)


@pytest.mark.slow  # prints the workbook with LibreOffice
@needs_render
def test_libreoffice_shows_no_name_error(workbook: Path, tmp_path: Path) -> None:
    pages = render(workbook, tmp_path)
    text = pdf_text(tmp_path / f"{workbook.stem}.pdf")
    assert pages
    assert "#NAME?" not in text
    assert "Alpha, Anna" in text and "=Charlie, Carl" in text


def test_round_robin_goes_to_the_grid(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    trf = tmp_path / "rr.trf"
    trf.write_text(
        "\n".join(
            [
                "012 Tiny RR",
                "042 2026/05/02",
                player_line(1, "One, A", 2000, "1.5", ["   2 w 1", "   3 b ="]),
                player_line(2, "Two, B", 2000, "0.5", ["   1 b 0", "   3 w ="]),
                player_line(3, "Three, C", 2000, "1.0", ["   2 b =", "   1 w ="]),
            ]
        )
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "rr.xlsx"
    assert main(["crosstable", str(trf), "-o", str(out)]) == 0
    assert "round-robin crosstable" in capsys.readouterr().out


def test_errors_name_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["crosstable", str(tmp_path / "missing.trf"), "-o", str(tmp_path / "x.xlsx")]) == 1
    assert "missing.trf: no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.trf"
    bad.write_text("001   1x m    One, A                            2000 ENG\n", encoding="utf-8")
    assert main(["crosstable", str(bad), "-o", str(tmp_path / "x.xlsx")]) == 1
    err = capsys.readouterr().err
    assert "bad.trf, line 1, columns 5-8 (starting rank)" in err
    assert (
        main(
            ["crosstable", str(_write(tmp_path)), "-o", str(tmp_path / "x.xlsx"), "--rules", "1999"]
        )
        == 2
    )


def test_points_discrepancies_are_said_and_marked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 8, item 5: the file's points disagree with its results for two players. The
    command says so on stderr, as `report` does, and the workbook marks those two points
    cells with the file's figure (number format, legible in print, and a note); the value
    stays the results' sum."""
    # Alpha's results: 1 + 1/2 + 1 = 2.5, the file says 3.0; Delta's: 0 + 0 + 1 = 1, the
    # file says 0.5. The other four agree (see the table at the top).
    lines = TRF.splitlines()
    lines[6] = player_line(1, "Alpha, Anna", 2200, "3.0", ["   4 w 1", "   2 b =", "   3 w 1"])
    lines[9] = player_line(4, "Delta, Dora", 1900, "0.5", ["   1 b 0", "   3 b 0", "   5 w 1"])
    text = "\n".join(lines) + "\n"
    trf = tmp_path / "points.trf"
    trf.write_text(text, encoding="utf-8")
    out = tmp_path / "points.xlsx"
    assert main(["crosstable", str(trf), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    found = [line for line in err.splitlines() if line.startswith("xlfuncs: discrepancy: ")]
    assert found == [
        "xlfuncs: discrepancy: points.trf, line 7: no. 1 (Alpha, Anna): the file gives 3.0 "
        "points, the results add up to 2.5",
        "xlfuncs: discrepancy: points.trf, line 10: no. 4 (Delta, Dora): the file gives 0.5 "
        "points, the results add up to 1.0",
        # the file ranks players by start number (the rank column of player_line), which is
        # our standing too: the results' points 2.5, 2.5, 1.5, 1, 1, 0, and BH/C1 puts no. 1
        # (opponents 1 + 2.5 + 1.5, less the 1: 4.0) above no. 2 and no. 4 (2.5 + 1.5 + 1,
        # less the 1: 4.0) above no. 5, each of whom has an unplayed round and 3.5. No rank
        # line (issue 10: the file's ranks are compared with ours, not with its points).
    ]
    # report --format json puts the same lines on stderr
    assert main(["report", str(trf), "--format", "json"]) == 0
    report_err = capsys.readouterr().err
    assert [x for x in report_err.splitlines() if "discrepancy" in x] == found

    cols = _rows(out)
    assert cols["Pts"] == [2.5, 2.5, 1.5, 1, 1, 0]  # the results' points
    wb = openpyxl.load_workbook(out)
    ws = wb["Wall chart"]
    header_row = next(r for r in range(1, 20) if ws.cell(r, 1).value == "No.")
    pts_col = next(c for c in range(1, ws.max_column + 1) if ws.cell(header_row, c).value == "Pts")
    cells = [ws.cell(header_row + i, pts_col) for i in range(1, 7)]
    assert "file 3.0" in cells[0].number_format and "file 0.5" in cells[3].number_format
    assert cells[0].comment is not None and cells[3].comment is not None
    assert "The file gives 3.0 points; the results add up to 2.5." in cells[0].comment.text
    assert "The file gives 0.5 points; the results add up to 1.0." in cells[3].comment.text
    for i in (1, 2, 4, 5):
        assert cells[i].comment is None
        assert "file" not in cells[i].number_format
    assert cells[0].fill.fgColor.rgb != cells[1].fill.fgColor.rgb  # shaded


def test_no_progress_bar_when_stderr_is_not_a_terminal(
    workbook: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 8, item 14: the bar is for a terminal only; a file or a pipe gets none."""
    capsys.readouterr()
    assert main(["crosstable", str(_write(tmp_path)), "-o", str(tmp_path / "quiet.xlsx")]) == 0
    err = capsys.readouterr().err
    assert "\r" not in err and "[#" not in err


@pytest.mark.parametrize("rounds", [14, 20])
def test_long_swiss_gets_a_workbook(
    rounds: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10: a 14-round Swiss and a 20-round blitz were refused with exit 1; the chart
    now grows three columns per round. The file's points (written from the results) are
    the points the chart stores."""
    event = swiss_event(45, rounds)
    trf = tmp_path / f"swiss_{rounds}.trf"
    trf.write_text(swiss_trf(event), encoding="utf-8")
    out = tmp_path / f"swiss_{rounds}.xlsx"
    assert main(["crosstable", str(trf), "-o", str(out)]) == 0
    assert "Swiss wall chart, 45 players" in capsys.readouterr().out
    heads = _top(out, 7)[6]
    assert f"Round {rounds}" in heads and f"Round {rounds + 1}" not in heads
    cols = _rows(out)
    file_points = [float(line[80:84]) for line in trf.read_text().splitlines()[4:10]]
    assert cols["Pts"] == file_points


@pytest.mark.parametrize(("players", "cycles"), [(24, 1), (6, 2)])
def test_round_robins_of_24_and_double_go_to_the_grid(
    players: int, cycles: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 10: the round robin holds 24 players, and a double round robin is written as
    one too (two result cells per pair, first game then second)."""
    trf = tmp_path / "rr.trf"
    trf.write_text(round_robin_trf(players, cycles=cycles), encoding="utf-8")
    out = tmp_path / "rr.xlsx"
    assert main(["crosstable", str(trf), "-o", str(out)]) == 0
    assert f"round-robin crosstable, {players} players" in capsys.readouterr().out
    ws = openpyxl.load_workbook(out, data_only=True)["Crosstable"]
    group = " ".join(str(c.value) for c in ws[7] if c.value)
    assert ("1st and 2nd game" in group) == (cycles == 2)
    lines = [x for x in trf.read_text().splitlines() if x.startswith("001")]
    points_col = next(c for c in range(1, ws.max_column + 1) if ws.cell(8, c).value == "Pts")
    stored = [ws.cell(9 + i, points_col).value for i in range(players)]
    assert stored == [float(line[80:84]) for line in lines]
    # player 1 against player 2: the grid's cells hold the file's games, in round order
    games = [e for e in lines[0][91:].split("  ") if e.strip().startswith("2 ")]
    first = 12 + cycles  # the columns of player 2 (after the 12 player columns)
    shown = [ws.cell(9, first + k + 1).value for k in range(cycles)]
    expected = [{"1": 1, "0": 0, "=": "\u00bd"}[g.split()[-1]] for g in games]
    assert shown == expected


def test_the_chart_shows_the_tiebreaks_asked_for(tmp_path: Path) -> None:
    """Issue 10: the crosstable command hands the chart its tie-break list (from
    ``--tiebreaks`` or the file's own): the headers are those descriptors and the stored
    values are the core's, from the file's rounds (the 6-player Swiss at the top: its
    start, 2 May 2026, brings C.07's 2026 text)."""
    t = parse_trf(TRF, source="test.trf")
    filled = event_from_trf(t, tiebreaks=["BH", "WIN", "SB/C1"])
    out = tmp_path / "asked.xlsx"
    write_chart(filled, out)
    cols = _rows(out)
    assert "BH" in cols and "WIN" in cols and "SB/C1" in cols
    # Buchholz by hand (C.07 2026): Alpha met Delta (1), Bravo (2.5), =Charlie (1.5): 5;
    # WIN counts wins, forfeit wins and the full-point bye: Bravo 2 (beat Echo, + against
    # Foxtrot), Echo 1 (F)
    assert cols["BH"][0] == 5
    assert cols["WIN"][1] == 2 and cols["WIN"][4] == 1
    table = core_tiebreaks(filled.event, ("BH", "WIN", "SB/C1"), round_robin=False)
    layout = dataclasses.replace(swiss.LAYOUT, tiebreaks=3)
    assert tiebreak_mismatches(stored_values(out, "Wall chart"), "Wall chart", layout, table) == []


def test_an_event_older_than_the_2023_text_says_so(tmp_path: Path) -> None:
    """C.07's first text applies from 1 August 2024; an older event (here 2005) is computed
    with it, as FIDE's engine does, and the chart's "Tie-break rules" cell says so."""
    t = parse_trf(TRF.replace("042 2026/05/02", "042 2005/05/02"), source="old.trf")
    out = tmp_path / "old.xlsx"
    write_chart(event_from_trf(t), out)
    ws = openpyxl.load_workbook(out)["Wall chart"]
    found = [c for row in ws.iter_rows(max_row=4) for c in row if c.comment is not None]
    assert [c.value for c in found] == ["2023"]
    assert "older than the 2023 text of C.07" in found[0].comment.text


REAL = Path(__file__).parent / "data" / "real"


@pytest.mark.parametrize(
    ("extra", "record"),
    [
        (["--rate", "rapid"], None),
        (["--rate", "blitz"], None),
        (["--rules", "2025 blitz"], None),
        ([], "222 3+2"),  # TRF-2026's time control: 3 minutes + 2 s a move, blitz
    ],
)
def test_a_rapid_or_blitz_event_gets_its_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], record: str | None
) -> None:
    """No title norm is earned in rapid or blitz play (Title Regulations 1.1: standard
    chess): every player's Norm cell says so in words, never blank nor ``#VALUE!``."""
    trf = _write(tmp_path)
    if record is not None:
        trf.write_text(TRF.replace("102 Test Arbiter\n", f"102 Test Arbiter\n{record}\n"))
    out = tmp_path / "rapid.xlsx"
    assert main(["crosstable", str(trf), "-o", str(out), *extra]) == 0
    assert "Traceback" not in capsys.readouterr().err
    cols = _rows(out)
    norm = next(v for k, v in cols.items() if k.startswith("Norm"))
    rate = "rapid" if "rapid" in extra else "blitz"
    assert norm == [f"{rate}: no norms"] * 6
    assert cols["Pts"] == [2.5, 2.5, 1.5, 1, 1, 0]


def test_the_real_rapid_team_event_gets_its_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    trf = REAL / "crete-friendship-cup-2024-rapid.trf"
    out = tmp_path / "crete.xlsx"
    assert main(["crosstable", str(trf), "-o", str(out)]) == 0
    assert "Swiss wall chart, 129 players, rules 2024 rapid" in capsys.readouterr().out


def test_a_rating_without_a_fide_id_is_noted_on_its_blank_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # docs/examples/period/club-championship.trf: no. 7 Noid, Nia has rating 1690 in her 001
    # line and no FIDE id: unrated (FIDE rates only players with an id), the rating cell
    # blank, with a note giving the file's 1690; the others' rating cells have none.
    from xlfuncs.templates.chart import FIRST_ROW, RATING

    src = Path(__file__).parent.parent / "docs" / "examples" / "period" / "club-championship.trf"
    out = tmp_path / "club.xlsx"
    assert main(["crosstable", str(src), "-o", str(out)]) == 0
    capsys.readouterr()
    ws = openpyxl.load_workbook(out).worksheets[0]
    cells = [ws.cell(FIRST_ROW + 1 + i, RATING + 1) for i in range(8)]
    assert cells[6].value is None
    assert cells[6].comment is not None
    assert "rating 1690: not a FIDE rating (no FIDE id)" in cells[6].comment.text
    assert "not counted" in cells[6].comment.text
    assert [c.comment for i, c in enumerate(cells) if i != 6] == [None] * 7
    assert cells[0].value == 1850


def test_trf_title_codes_become_fide_titles_and_fide_id_0_is_blank(tmp_path: Path) -> None:
    """An older TRF16 title code (``g``: GM, TRF16 001 columns 11-13) reaches the chart as
    the FIDE title it stands for, inside the sheet's own title list and counted as titled;
    a FIDE id of 0 (TRF16 columns 58-68: none) is a blank cell, not ``0``."""
    lines = TRF.splitlines()
    alpha = next(i for i, line in enumerate(lines) if "Alpha" in line)
    line = lines[alpha]
    lines[alpha] = line[:10] + "g  " + line[13:57] + f"{0:>11}" + line[68:]
    bravo = lines[alpha + 1]
    lines[alpha + 1] = bravo[:10] + " wm" + bravo[13:]
    path = tmp_path / "titled.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    players = event_from_trf(parse_trf(path.read_text(encoding="utf-8"))).event.players
    assert [p.title for p in players[:3]] == ["GM", "WIM", None]
    assert players[0].fide_id is None and players[1].fide_id == 99100002
    out = tmp_path / "titled.xlsx"
    assert main(["crosstable", str(path), "-o", str(out)]) == 0
    cols = _rows(out)
    assert cols["Title"][:3] == ["GM", "WIM", None]
    assert cols["FIDE ID"][:2] == [None, 99100002]


def test_the_calc_form_is_written_in_one_finishing_pass(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--for libreoffice``: the calls are put in Calc's form as the workbook is finished, so
    its parts are decompressed and compressed again once after XlsxWriter wrote them (not
    once more for the Calc form), and the workbook is part for part the classic one put in
    Calc's form afterwards (:func:`~xlfuncs.libreoffice.form.workbook_in_calc_form`)."""
    import zipfile

    from xlfuncs.libreoffice.form import workbook_in_calc_form

    filled = event_from_trf(parse_trf(TRF))
    classic = write_chart(filled, tmp_path / "classic.xlsx", form="classic")
    assert workbook_in_calc_form(classic) > 0
    rewritten: list[str] = []

    class Counted(zipfile.ZipFile):
        def __init__(self, file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> None:
            if mode == "w":
                rewritten.append(str(file))
            super().__init__(file, mode, *args, **kwargs)

    monkeypatch.setattr(zipfile, "ZipFile", Counted)  # XlsxWriter holds its own name
    calc = write_chart(filled, tmp_path / "calc.xlsx", form="libreoffice")
    monkeypatch.undo()
    assert len(rewritten) == 1  # the finishing pass (templates.common.finish_package)

    def parts(path: Path) -> list[tuple[str, bytes, int]]:
        with zipfile.ZipFile(path) as book:
            return [(i.filename, book.read(i), i.compress_type) for i in book.infolist()]

    assert parts(calc) == parts(classic)
    sheet = next(data for name, data, _ in parts(calc) if name == "xl/worksheets/sheet1.xml")
    assert b"ORG.XLFUNCS.CALC.FUNCTIONS." in sheet
