"""Every command writes points one way (at least one decimal: ``7.0``, ``5.5``, as TRF16
writes them) and draws its tables with one renderer (:mod:`xlfuncs.text_output`).

The event for the commands (:func:`norm_events.star_trf`): player 1 (ESP, 2500) meets nine
GMs rated 2500 from nine federations and scores 1 1 1 1 1 ½ ½ ½ ½ = 7 points. Hand
calculation (B.01 1.4.6-1.4.8): Ra 2500 (the lowest, 2500, is above the GM floor 2200);
p = 7/9 = 77.8 % -> 78 % -> dp 220 (table 8.1(a)); Rp 2720 >= 2600: a GM norm.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from cli_support import run
from norm_events import Opp, star_trf

from xlfuncs.text_output import change_text, points_text, table_lines

FEDS = ["GER", "FRA", "NED", "ITA", "ENG", "NOR", "SWE", "POL", "HUN"]


def _event(tmp_path: Path, results: list[str]) -> str:
    opponents = [Opp(2500, "GM", f, r) for f, r in zip(FEDS, results)]
    path = tmp_path / "whole.trf"
    path.write_text(star_trf(opponents), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(
    ("points", "text"),
    [
        (7, "7.0"),
        (Fraction(11, 2), "5.5"),
        (0.5, "0.5"),
        (Fraction(0), "0.0"),
        (Fraction(81, 4), "20.25"),  # a quarter point (an SB against a draw's half)
        (Decimal("4.0"), "4.0"),  # as a TRF writes it
        (Decimal("4.30"), "4.3"),
        (Fraction(-3, 2), "-1.5"),
        (Fraction(1, 3), "0.33"),  # no finite decimal: two places
    ],
)
def test_points_text(points: Fraction | Decimal | float | int, text: str) -> None:
    assert points_text(points) == text


@pytest.mark.parametrize(("change", "text"), [(12, "+12"), (-5, "-5"), (0, "0"), (None, "-")])
def test_change_text(change: int | None, text: str) -> None:
    # a rounded rating change: its sign always shown, none for 0; "-" where there is none
    assert change_text(change) == text


def test_table_lines() -> None:
    rows = [["Rk", "Name", "Pts"], ["1", "Ann", "7.0"], ["10", "Bo", "10.5"]]
    assert table_lines(rows, left={1}) == [
        "Rk  Name   Pts",
        "--  ----  ----",
        " 1  Ann    7.0",
        "10  Bo    10.5",
    ]


def test_every_command_writes_whole_points_with_a_decimal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    trf = _event(tmp_path, ["1", "1", "1", "1", "1", "=", "=", "=", "="])
    code, out, _ = run(capsys, "norms", trf)
    assert code == 0
    assert "no. 1 Candidate, Test (ESP, 2500): GM norm, 7.0/9 games, Ra 2500, 78 %, Rp 2720" in out
    code, out, _ = run(capsys, "norms", trf, "--player", "1")
    assert code == 0 and "GM: NORM (7.0/9 games, Ra 2500, 78 %, Rp 2720)" in out
    target = tmp_path / "it1.xlsx"
    assert run(capsys, "norms", trf, "--certificate", "1", "-o", str(target))[0] == 0
    ws = openpyxl.load_workbook(target).active
    assert ws is not None
    assert "7.0 of 9" in [c for row in ws.iter_rows(values_only=True) for c in row]
    code, out, _ = run(capsys, "report", trf)
    assert code == 0
    row = next(line for line in out.splitlines() if "Candidate, Test" in line)
    assert " 7.0 " in row


def test_forecast_writes_whole_points_with_a_decimal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 7 rounds of 9 played, 1 1 1 1 ½ ½ 0 = 5 points against seven 2500s; the two to come
    # are assumed at 2500, so 9 games at Ra 2500: 6/9 = 67 % -> dp 125, Rp 2625 >= 2600;
    # 5.5/9 = 61 % -> dp 80, Rp 2580. 6 - 5 = 1 point of the 2 rounds left.
    trf = _event(tmp_path, ["1", "1", "1", "1", "=", "=", "0"])
    code, out, _ = run(capsys, "norms", trf, "--forecast", "--rounds", "9")
    assert code == 0
    assert "no. 1 Candidate, Test: GM needs 1.0 of the 2 remaining rounds (5.0/7 so far" in out
