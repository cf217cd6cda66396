"""Tie-breaks, ranks and rounds in the report and the crosstable command (issue 10).

The reference for every value and rank is ``gacrux``, FIDE's Technical Commission's
tie-break checker (the code of TieBreakServer), run here once per session on the same files;
the small cases are worked out by hand in the comments.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
from fractions import Fraction
from pathlib import Path
from typing import Any, cast

import make_demo_trf
import openpyxl
import pytest
from cli_support import run
from gacrux_reference import NOT_FOR_GACRUX, as_fraction, reference

from xlfuncs.cli import main
from xlfuncs.trf import Tournament, parse_trf, read_trf
from xlfuncs.trf.pseudo_players import pseudo_players
from xlfuncs.trf.standings import (
    PLACEHOLDER_NONE,
    PLACEHOLDER_START,
    Standing,
    rank_discrepancies,
    value_text,
)
from xlfuncs.trf.to_crosstable import crosstable_from_trf, event_date


def player(start: int, name: str, points: str, rank: int | None, rounds: str = "") -> str:
    """A ``001`` line by the TRF16 columns (rating 2000, no id); *rounds* from column 92."""
    return (
        f"001 {start:>4} m    {name:<33} 2000 ENG {'':>11} {'1980/01/01':<10} {points:>4} "
        f"{rank or '':>4}  {rounds}"
    ).rstrip()


def four(ranks: dict[int, int | None]) -> Tournament:
    """Four players (no rounds needed: the standings below are given, not computed)."""
    names = {1: "Able, A", 2: "Baker, B", 3: "Cole, C", 4: "Dunn, D"}
    points = {1: "3.0", 2: "2.0", 3: "2.0", 4: "1.0"}
    lines = [player(n, names[n], points[n], ranks[n]) for n in names]
    return parse_trf("012 Four\n" + "\n".join(lines) + "\n", source="four.trf")


def standings(
    t: Tournament, ours: dict[int, int], figures: dict[int, tuple[Fraction, Fraction]]
) -> list[Standing]:
    """Our standings as given: each player's rank, points and BH."""
    return [
        Standing(p, ours[p.start_no], figures[p.start_no][0], {"BH": figures[p.start_no][1]})
        for p in t.players
    ]


# no. 1: 3 points; no. 2 and no. 3: 2 points, BH 7.5 and 7; no. 4: 1 point
FIGURES = {
    1: (Fraction(3), Fraction(10)),
    2: (Fraction(2), Fraction(15, 2)),
    3: (Fraction(2), Fraction(7)),
    4: (Fraction(1), Fraction(5)),
}


def test_value_text() -> None:
    assert value_text(Fraction(47, 2)) == "23.5"
    assert value_text(Fraction(81, 4)) == "20.25"
    assert value_text(Fraction(28)) == "28.0"
    assert value_text(2104) == "2104"
    assert value_text(None) == "-"


def test_rank_discrepancy_names_the_separating_tie_break() -> None:
    # The file puts no. 3 (BH 7) second and no. 2 (BH 7.5) third; by points then BH,
    # no. 2 is second and no. 3 third.
    t = four({1: 1, 2: 3, 3: 2, 4: 4})
    found = rank_discrepancies(t, standings(t, {1: 1, 2: 2, 3: 3, 4: 4}, FIGURES))
    assert [(d.kind, d.line, d.player) for d in found] == [("rank", 3, 2), ("rank", 4, 3)]
    assert [d.message for d in found] == [
        "no. 2 (Baker, B): rank 2 here, 3 in the file; no. 3 (Cole, C) is below here, above "
        "in the file: equal on points 2.0, separated by BH 7.5 vs 7.0",
        "no. 3 (Cole, C): rank 3 here, 2 in the file; no. 2 (Baker, B) is above here, below "
        "in the file: equal on points 2.0, separated by BH 7.0 vs 7.5",
    ]
    assert found[0].located.startswith("four.trf, line 3: no. 2 (Baker, B): rank 2 here")


def test_rank_discrepancy_by_points_and_by_nothing() -> None:
    # The file ranks no. 4 (1 point) above no. 2 and no. 3 (2 points): points separate them.
    t = four({1: 1, 2: 3, 3: 4, 4: 2})
    found = rank_discrepancies(t, standings(t, {1: 1, 2: 2, 3: 3, 4: 4}, FIGURES))
    assert [d.message for d in found][2] == (
        "no. 4 (Dunn, D): rank 4 here, 2 in the file; no. 2 (Baker, B) is above here, below "
        "in the file: separated by points 1.0 vs 2.0"
    )
    # Equal on everything here (shared rank 2), the file separates them (no. 4 unranked).
    level = dict(FIGURES)
    level[3] = level[2]
    t = four({1: 1, 2: 2, 3: 3, 4: 0})
    found = rank_discrepancies(t, standings(t, {1: 1, 2: 2, 3: 2, 4: 4}, level))
    assert [d.message for d in found] == [
        "no. 3 (Cole, C): rank 2 here, 3 in the file; no. 2 (Baker, B) is level here, above "
        "in the file: equal on points 2.0 and BH 7.5"
    ]


def test_placeholder_ranks_named_once() -> None:
    ours = {1: 1, 2: 3, 3: 2, 4: 4}
    # every rank blank
    t = four({1: None, 2: None, 3: None, 4: None})
    found = rank_discrepancies(t, standings(t, ours, FIGURES))
    assert [(d.message, d.line) for d in found] == [(PLACEHOLDER_NONE, None)]
    # every rank the starting rank, ours differ: once, not for no. 2 and no. 3
    t = four({1: 1, 2: 2, 3: 3, 4: 4})
    found = rank_discrepancies(t, standings(t, ours, FIGURES))
    assert [d.located for d in found] == [f"four.trf: {PLACEHOLDER_START}"]
    # the starting ranks, and ours the same: nothing to say
    assert rank_discrepancies(t, standings(t, {1: 1, 2: 2, 3: 3, 4: 4}, FIGURES)) == []


def test_unranked_player_is_not_compared() -> None:
    # no. 4 has rank 0 in the file (withdrawn): no line for them
    t = four({1: 1, 2: 3, 3: 2, 4: 0})
    found = rank_discrepancies(t, standings(t, {1: 1, 2: 2, 3: 3, 4: 4}, FIGURES))
    assert [d.player for d in found] == [2, 3]


# --------------------------------------------------------------------------- against gacrux

DATA = Path(__file__).resolve().parent / "data"
FILES = [p for p in sorted((DATA / "real").glob("*.trf")) if p.name not in NOT_FOR_GACRUX] + sorted(
    (DATA / "tiebreakserver").glob("*.trf")
)
"""The real files and the TieBreakServer fixtures (FIDE's C.07 exercise files among them)."""

ISSUE = ("BH/C1", "BH", "SB", "ARO")
"""The list issue 10 names for the check against gacrux."""


def _report_json(capsys: pytest.CaptureFixture[str], path: Path, *options: str) -> list[Any]:
    code, out, err = run(capsys, "report", str(path), "--format", "json", *options)
    assert code == 0, err
    data: list[Any] = json.loads(out)
    return data


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_values_and_ranks_equal_gacrux(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    """``report F --format json --tiebreaks "BH/C1,BH,SB,ARO"``: every value and every rank
    is gacrux's, for the same event date and kind of event (gacrux reads the file once per
    session: :func:`gacrux_reference.reference`)."""
    data = _report_json(capsys, path, "--tiebreaks", ",".join(ISSUE))
    t = read_trf(path)
    day, _ = event_date(t)
    round_robin = crosstable_from_trf(t).crosstable.round_robin
    ref = reference(path, ISSUE, start=day, round_robin=round_robin)
    # gacrux counts the bye's pseudo-player (karl-mala's no. 284 "spielfrei": no game, 0
    # points, ranked last), which the report leaves out: every other rank is the same
    pseudo = pseudo_players(t)
    assert len(data) == len(ref.ranks) - len(pseudo) == len(t.players) - len(pseudo)
    for obj in data:
        no = obj["start_no"]
        assert list(obj["tiebreaks"]) == list(ISSUE)
        ours = [None if v is None else Fraction(v) for v in obj["tiebreaks"].values()]
        assert ours == [as_fraction(v) for v in ref.values[no]], f"no. {no}"
        assert obj["rank"] == ref.ranks[no], f"no. {no}"


def test_gacrux_values_are_not_all_blank() -> None:
    """The comparison above means something: on Karl-Mala 2005 gacrux gives no. 1 (6 points)
    BH/C1 30.5, BH 33.5 and SB 27.75 (ARO is undefined: the event has unrated players and
    no rating is given for them), rank 4, the file's rank too."""
    path = DATA / "real" / "karl-mala-2005.trf"
    ref = reference(path, ISSUE, start=dt.date(2005, 7, 28), round_robin=False)
    assert [as_fraction(v) for v in ref.values[1]] == [
        Fraction(61, 2),
        Fraction(67, 2),
        Fraction(111, 4),
        None,
    ]
    assert ref.ranks[1] == 4


# --------------------------------------------------------------------------- the tie-break list

HELD9 = DATA / "tiebreakserver" / "held_swiss_9.trf"
"""FIDE's C.07 exercise of a 9-round Swiss, 16 players, 20 lines; its rank column repeats
the starting ranks."""


def _with(tmp_path: Path, *records: str, name: str = "listed.trf") -> Path:
    """held_swiss_9 with *records* after its 20 lines (the first on line 21)."""
    path = tmp_path / name
    path.write_text(HELD9.read_text(encoding="utf-8") + "".join(r + "\n" for r in records))
    return path


def _values(data: list[Any]) -> dict[int, dict[str, Any]]:
    return {obj["start_no"]: obj["tiebreaks"] for obj in data}


def test_record_202_gives_the_list(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = _with(tmp_path, "202 BH, SB")  # TRF-2026: comma-separated; blanks too
    data = _report_json(capsys, path)
    assert [list(obj["tiebreaks"]) for obj in data] == [["BH", "SB"]] * 16
    # the same values as the list given on the command line, on the file without 202
    assert _values(data) == _values(_report_json(capsys, HELD9, "--tiebreaks", "BH,SB"))
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0
    assert "ranking: points, then BH, SB (record 202 (line 21))" in out
    assert "C.07:    tie-breaks of the 2023 text (in force on 2024-08-01)" in out


def test_record_212_and_both(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # 212 is the standings' list: PTS first, left out here (our standings start with points)
    data = _report_json(capsys, _with(tmp_path, "212 PTS,BH/C1"))
    assert list(data[0]["tiebreaks"]) == ["BH/C1"]
    # both: 202 is used, wherever it is
    data = _report_json(capsys, _with(tmp_path, "212 PTS,BH/C1", "202 SB"))
    assert list(data[0]["tiebreaks"]) == ["SB"]
    # a leading PTS in 202 is left out too
    data = _report_json(capsys, _with(tmp_path, "202 PTS BH"))
    assert list(data[0]["tiebreaks"]) == ["BH"]


def test_bad_tiebreak_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A list naming an unknown tie-break is a value, not a structure: the file is read, the
    list not used (the defaults rank the players), with a warning naming line and columns."""
    # "202 BH/C1,XY,SB": XY in columns 11-12
    path = _with(tmp_path, "202 BH/C1,XY,SB")
    code, out, err = run(capsys, "report", str(path))
    assert code == 0
    assert "ranking: points, then BH/C1, BH, SB (default for a Swiss)" in out
    assert (
        "record 202, line 21, columns 11-12: expected a C.07 tie-break, found 'XY': unknown "
        "code 'XY'; accepted: PTS, BH/Cn/Mn/P"
    ) in out
    assert "the list is not used; the players are ranked by the default for a Swiss" in out
    code, out, _ = run(capsys, "check", str(path))
    assert (
        "listed.trf, line 21: warning: record 202, line 21, columns 11-12: expected a C.07 "
        "tie-break, found 'XY'"
    ) in out
    code, out, _ = run(capsys, "report", str(_with(tmp_path, "212 BH,SB")))
    assert code == 0
    assert (
        "record 212, line 21, columns 5-6: expected PTS first (standings by points, then the "
        "tie-breaks), found 'BH': the list is not used"
    ) in out
    path = _with(tmp_path, "202 BH/C0")
    code, _, err = run(capsys, "crosstable", str(path), "-o", str(tmp_path / "out.xlsx"))
    assert code == 0 and "record 202, line 21, columns 5-9: expected a C.07 tie-break" in err
    assert (tmp_path / "out.xlsx").exists()


def test_option_overrides_the_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(
        capsys, "report", str(_with(tmp_path, "202 BH,SB")), "--format", "json",
        "--tiebreaks", "bh/c1",
    )  # fmt: skip
    assert code == 0
    assert list(json.loads(out)[0]["tiebreaks"]) == ["BH/C1"]
    assert (
        "xlfuncs: warning: the file's record 202 (line 21) lists BH, SB; used --tiebreaks BH/C1"
        in err.splitlines()
    )
    # a bad record that the option replaces is only a warning
    path = _with(tmp_path, "202 BH,XY")
    code, out, err = run(capsys, "report", str(path), "--format", "json", "--tiebreaks", "SB")
    assert code == 0 and list(json.loads(out)[0]["tiebreaks"]) == ["SB"]
    assert "found 'XY'" in err and "not used: --tiebreaks given" in err


@pytest.mark.parametrize("command", ["report", "crosstable"])
@pytest.mark.parametrize(
    "value, bad",
    [("BH/C1,XY", "'XY'"), ("BH/C9x", "'BH/C9x'"), ("SB,PTS", "'PTS'"), (",", "','")],
)
def test_bad_tiebreaks_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str, value: str, bad: str
) -> None:
    """A usage error (exit 2, as the README says for the command line), naming the option
    and the descriptor."""
    out = ["-o", str(tmp_path / "out.xlsx")] if command == "crosstable" else []
    with pytest.raises(SystemExit) as info:
        main([command, str(HELD9), *out, "--tiebreaks", value])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert f"xlfuncs {command}: error: argument --tiebreaks: " in err and bad in err


def test_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    # a Swiss: BH/C1, BH, SB; a round robin (held_round_robin: 6 players, 5 rounds): DE, WIN,
    # SB, KS
    assert list(_report_json(capsys, HELD9)[0]["tiebreaks"]) == ["BH/C1", "BH", "SB"]
    rr = DATA / "tiebreakserver" / "held_round_robin.trf"
    assert list(_report_json(capsys, rr)[0]["tiebreaks"]) == ["DE", "WIN", "SB", "KS"]


# --------------------------------------------------------------------------- rows, discrepancies


def test_rounds_and_file_rank(capsys: pytest.CaptureFixture[str]) -> None:
    """Karl-Mala 2005, line 26: ``153 Reichwehr``: ``13 - +`` (a forfeit won, written
    without colours), ``70 b 0``...; line 16: ``13 Bakhmatov``: ``153 - -``, then nothing
    (withdrawn, rank 0)."""
    data = {o["start_no"]: o for o in _report_json(capsys, DATA / "real" / "karl-mala-2005.trf")}
    assert data[153]["rounds"][:2] == [
        {"round": 1, "opponent": 13, "colour": None, "result": "+"},
        {"round": 2, "opponent": 70, "colour": "b", "result": "0"},
    ]
    assert data[13]["rounds"][:2] == [
        {"round": 1, "opponent": 153, "colour": None, "result": "-"},
        {"round": 2, "opponent": None, "colour": None, "result": None},
    ]
    assert len(data[13]["rounds"]) == 7
    assert (data[13]["file_rank"], data[153]["file_rank"], data[1]["file_rank"]) == (None, 153, 4)


def test_rank_lines_on_a_real_file(capsys: pytest.CaptureFixture[str]) -> None:
    """With --verbose, one line per player whose rank differs, each naming what separates
    them."""
    path = DATA / "real" / "karl-mala-2005.trf"
    code, out, err = run(capsys, "report", str(path), "--format", "json", "--verbose")
    assert code == 0
    data = json.loads(out)
    differ = [o["start_no"] for o in data if o["file_rank"] and o["file_rank"] != o["rank"]]
    lines = [x for x in err.splitlines() if " here, " in x]
    assert all("separated by" in x or "equal on" in x for x in lines)
    # 8 entries have rank 0 in the file: 7 withdrawn players and no. 284 "spielfrei", the
    # bye's pseudo-player, no player; ours ranks the 7, and 23 players below them differ
    # only by that: said once
    assert sum(1 for p in read_trf(path).players if not p.rank) == 8
    assert len(lines) + 23 == len(differ)
    summary = [x for x in err.splitlines() if "unranked" in x]
    assert len(summary) == 1 and summary[0].startswith(
        "xlfuncs: discrepancy: karl-mala-2005.trf: the file leaves 7 players unranked (rank "
        "blank or 0: no. 27, "
    )
    assert "23 players ranked below them" in summary[0]
    # no. 4 and no. 16 (5.5 points each, BH/C1 28.0 both): the file has them 10th and 11th
    assert (
        "xlfuncs: discrepancy: karl-mala-2005.trf, line 17: no. 4 (Lobzhanidze,Davit): rank 11 "
        "here, 10 in the file; no. 16 (Reschke,Stefan) is above here, below in the file: equal "
        "on points 5.5 and BH/C1 28.0, separated by BH 31.0 vs 31.5"
    ) in lines


def test_placeholder_ranks_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "report", str(HELD9), "--format", "json")
    assert code == 0
    found = [x for x in err.splitlines() if x.startswith("xlfuncs: discrepancy:")]
    assert found == [f"xlfuncs: discrepancy: held_swiss_9.trf: {PLACEHOLDER_START}"]


def test_csv_and_text_columns(capsys: pytest.CaptureFixture[str]) -> None:
    options = ("--tiebreaks", "BH/C1,BH,SB,ARO")
    code, out, _ = run(capsys, "report", str(HELD9), "--format", "csv", *options)
    assert code == 0
    rows = list(csv.reader(io.StringIO(out.removeprefix("\ufeff"))))
    head = rows[0]
    assert head[head.index("rank") : head.index("rank") + 2] == ["rank", "file_rank"]
    assert head[-4:] == ["tiebreaks.BH/C1", "tiebreaks.BH", "tiebreaks.SB", "tiebreaks.ARO"]
    assert "rounds" not in head and "tiebreaks" not in head
    data = {o["start_no"]: o for o in _report_json(capsys, HELD9, *options)}
    for row in rows[1:]:
        obj = data[int(row[0])]
        assert [float(c) for c in row[-4:]] == list(obj["tiebreaks"].values())
        assert int(row[head.index("rank")]) == obj["rank"]
    code, out, _ = run(capsys, "report", str(HELD9), *options)
    header = next(x for x in out.splitlines() if x.startswith("No  "))
    assert header.split()[6:8] == ["Rk", "FRk"]
    assert header.split()[-4:] == ["BH/C1", "BH", "SB", "ARO"]
    assert header.split().count("SB") == 1  # the plain SB column gives way to C.07's
    assert "Rk: our rank (points, then the tie-breaks); FRk: the file's rank" in out


# --------------------------------------------------------------------------- long Swisses


def _make_swiss(rounds: int) -> str:
    """A 30-player Swiss of *rounds* rounds from the demo generator (``make_demo_trf.py``):
    the lengths of the real 14-round Swiss and 20-round blitz of issue 10, whose files are
    not in the repository."""
    text: str = make_demo_trf.make_swiss(
        size=30, rounds=rounds, byes=None, withdrawn=None, forfeit=None, name=f"{rounds} rounds"
    )
    return text


@pytest.mark.parametrize("rounds", [14, 20])
def test_long_swiss_report_and_crosstable(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, rounds: int
) -> None:
    path = tmp_path / f"swiss{rounds}.trf"
    path.write_text(_make_swiss(rounds), encoding="utf-8")
    data = _report_json(capsys, path, "--tiebreaks", "BH/C1,BH,SB")
    assert {len(obj["rounds"]) for obj in data} == {rounds}
    # the generator ranks as the report does: no discrepancy
    assert all(obj["rank"] == obj["file_rank"] for obj in data)
    out = tmp_path / f"swiss{rounds}.xlsx"
    code, stdout, err = run(capsys, "crosstable", str(path), "-o", str(out))
    assert (code, err) == (0, "")
    assert stdout.startswith(f"wrote {out} (Swiss wall chart, 30 players")
    assert out.stat().st_size > 0


@pytest.mark.parametrize("name", ["karl-mala-2005.trf", "held_swiss_9.trf"])
def test_chart_agrees_with_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    """``crosstable`` and ``report`` rank alike: the Swiss chart's stored tie-break values
    and ranks (its own TIEBREAK_ALL and RANK_ALL calls) are the report's, player by player."""
    path = next(p for p in FILES if p.name == name)
    data = _report_json(capsys, path, "--tiebreaks", "BH/C1,BH,SB")
    out = tmp_path / "chart.xlsx"
    code, _, err = run(
        capsys, "crosstable", str(path), "-o", str(out), "--tiebreaks", "BH/C1,BH,SB"
    )
    assert code == 0, err
    # the stored values of the rows down to the last player's, read as a stream (the
    # header within the first 19 rows)
    wb = openpyxl.load_workbook(out, data_only=True, read_only=True)
    try:
        rows = list(wb["Wall chart"].iter_rows(max_row=19 + len(data), values_only=True))
    finally:
        wb.close()
    head = next(r for r in range(19) if rows[r][0] == "No.")
    column: dict[str, int] = {}
    for c, title in enumerate(rows[head]):
        if isinstance(title, str):
            column.setdefault(title, c)
    for i, obj in enumerate(data, start=head + 1):
        assert rows[i][column["Rank"]] == obj["rank"], obj["start_no"]
        chart = [rows[i][column[d]] for d in ("BH/C1", "BH", "SB")]
        assert chart == list(obj["tiebreaks"].values()), obj["start_no"]


# ------------------------------------------------------------ the 2026 text's tie-breaks

NEW_LIST = ("STD", "KS/L-1", "RTNG/U1500", "ARO/U1500", "TPN/R", "AOB/F")
"""The 2026 text's tie-breaks and the modifiers, as a record 202 or ``--tiebreaks`` names
them (``AOB/F`` last: gacrux's Fore Buchholz changes the tie-breaks after it)."""


@pytest.mark.parametrize("how", ["record", "option"])
def test_the_2026_tiebreaks_in_the_report_equal_gacrux(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, how: str
) -> None:
    """A record ``202`` naming the 2026 text's tie-breaks, or ``--tiebreaks``, read and
    computed in that text (``--tiebreak-rules 2026``): every value and rank is gacrux's."""
    if how == "record":
        path = _with(tmp_path, "202 " + ",".join(NEW_LIST))
        data = _report_json(capsys, path, "--tiebreak-rules", "2026")
    else:
        path = HELD9
        data = _report_json(
            capsys, path, "--tiebreaks", ",".join(NEW_LIST), "--tiebreak-rules", "2026"
        )
    ref = reference(HELD9, NEW_LIST, start=dt.date(2026, 3, 1), round_robin=False)
    for obj in data:
        no = obj["start_no"]
        assert list(obj["tiebreaks"]) == list(NEW_LIST)
        ours = [None if v is None else Fraction(v) for v in obj["tiebreaks"].values()]
        theirs = [as_fraction(v) for v in ref.values[no]]
        assert ours[:-1] == theirs[:-1], f"no. {no}"
        # AOB: JSON's float against gacrux's 3 places (9 rounds)
        assert abs(cast(Fraction, ours[-1]) - cast(Fraction, theirs[-1])) <= Fraction(1, 2000)
        assert obj["rank"] == ref.ranks[no], f"no. {no}"


def test_the_2026_tiebreaks_refused_under_the_2023_text(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Held's Swiss starts on 1 August 2024 (the 2023 text): a record 202 naming STD is
    not used (the defaults rank the players), with a warning naming the line, the columns and
    the text that added it; --tiebreaks naming one is refused."""
    code, out, err = run(capsys, "report", str(_with(tmp_path, "202 BH,STD")))
    assert code == 0
    assert (
        "record 202, line 21, columns 8-10: expected a C.07 tie-break, found 'STD': not in the "
        "2023 text of C.07; the 2026 text (in force from 2026-03-01) added it"
    ) in out
    code, out, err = run(capsys, "report", str(HELD9), "--tiebreaks", "BH,AOB/F")
    assert (code, out) == (1, "")
    assert "--tiebreaks: tie-break 'AOB/F': not in the 2023 text of C.07 (AOB/F" in err
    assert "(--tiebreak-rules)" in err
