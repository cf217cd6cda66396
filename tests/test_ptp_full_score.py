"""The Perfect Tournament Performance (C.07 10.3) of a full score, read both ways: the
highest-rated opponent + 800 (``highest+800``, the default) or by the definition, the
lowest rating whose expected score (table 8.1(b)) reaches it (``definition``: table 8.1(b)
first gives 1.00 at a difference of 736, so the highest-rated opponent + 736), in core, the
tie-breaks, the report (text and JSON) and the option of every command
(``docs/tiebreaks.md``, *Perfect Tournament Performance of a full score*).

The event, a two-round Swiss written for the tests:

- no. 1 (2000) beats no. 2 (1900) and no. 3 (2100): 2 / 2, a full score. PTP: 2100 + 800
  = 2900, or 2100 + 736 = 2836.
- no. 4 (1800) loses to no. 3 and no. 2: 0 / 2, PTP the lowest opponent - 800 = 1900 - 800
  = 1100 in both readings.
- no. 2 (1900) met nos. 1 and 4: APPO (2900 + 1100) / 2 = 2000, or (2836 + 1100) / 2 = 1968;
  no. 3 (2100) met nos. 4 and 1: the same.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.core.errors import InvalidInputError
from xlfuncs.core.performance import ptp_full_score_reading, rp_ptp
from xlfuncs.core.tables import pd_hundredths
from xlfuncs.core.tiebreak_working import tiebreak_working
from xlfuncs.core.tiebreaks import tiebreaks
from xlfuncs.trf import parse_trf
from xlfuncs.trf.to_crosstable import crosstable_from_trf


def _line(no: int, name: str, rating: int, points: str, rounds: list[str]) -> str:
    text = f"001 {no:>4} m    {name:<33} {rating:>4} ENG {99100000 + no:>11} 1990/01/01 "
    return (text + f"{points:>4} {no:>4}  " + "  ".join(rounds)).rstrip()


TRF = (
    "\n".join(
        [
            "012 PTP test",
            "042 2026/05/02",
            "052 2026/05/03",
            "092 Individual: Swiss-System",
            "XXR 2",
            _line(1, "One", 2000, "2.0", ["   2 w 1", "   3 b 1"]),
            _line(2, "Two", 1900, "1.0", ["   1 b 0", "   4 w 1"]),
            _line(3, "Three", 2100, "1.0", ["   4 b 1", "   1 w 0"]),
            _line(4, "Four", 1800, "0.0", ["   3 w 0", "   2 b 0"]),
        ]
    )
    + "\n"
)


def test_table_8_1_b_first_gives_a_full_point_at_736() -> None:
    assert (pd_hundredths(735), pd_hundredths(736)) == (99, 100)


def test_rp_ptp_of_a_full_score_both_readings() -> None:
    assert rp_ptp([2000, 2100], 2) == rp_ptp([2000, 2100], 2, "highest+800") == 2900
    assert rp_ptp([2000, 2100], 2, "definition") == 2836
    assert rp_ptp([2500], 1, "definition") == 3236
    # a zero score and a partial one are the same in both readings
    assert rp_ptp([1900, 2100], 0, "definition") == rp_ptp([1900, 2100], 0) == 1100
    assert rp_ptp([2000, 2000, 2000], 1.5, "definition") == 1997
    assert ptp_full_score_reading(" DEFINITION") == "definition"
    assert ptp_full_score_reading("") == "highest+800"
    with pytest.raises(InvalidInputError, match="highest\\+800 or definition"):
        ptp_full_score_reading("736")


@pytest.mark.parametrize(
    ("reading", "ptp", "appo"), [("highest+800", 2900, 2000), ("definition", 2836, 1968)]
)
def test_the_tie_breaks_and_the_working_follow_the_reading(
    reading: str, ptp: int, appo: int
) -> None:
    ct = crosstable_from_trf(parse_trf(TRF, source="ptp.trf")).crosstable
    table = tiebreaks(ct, "PTP, APPO", ptp_full_score=reading)  # type: ignore[arg-type]
    assert table.ptp_full_score == reading
    assert (table.values[0][0], table.values[3][0]) == (ptp, 1100)
    assert (table.values[1][1], table.values[2][1]) == (Fraction(appo), Fraction(appo))
    work = tiebreak_working(table, 1, "PTP")
    assert work.total == ptp
    assert f"+ {ptp - 2100} = {ptp}" in work.how


@pytest.mark.parametrize(
    ("argv", "reading", "ptp", "appo"),
    [
        ((), "highest+800", 2900, 2000),
        (("--ptp-full-score", "definition"), "definition", 2836, 1968),
    ],
)
def test_report_names_the_reading(
    argv: tuple[str, ...],
    reading: str,
    ptp: int,
    appo: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = tmp_path / "ptp.trf"
    path.write_text(TRF, encoding="utf-8")
    given = ("report", str(path), "--tiebreaks", "PTP,APPO", *argv)
    code, out, err = run(capsys, *given, "--format", "json")
    assert code == 0, err
    rows = json.loads(out)
    assert [r["tiebreaks"]["PTP"] for r in rows][0::3] == [ptp, 1100]
    assert rows[1]["tiebreaks"]["APPO"] == rows[2]["tiebreaks"]["APPO"] == appo
    assert {r["ptp_full_score"] for r in rows} == {reading}
    code, out, err = run(capsys, *given)
    assert code == 0, err
    assert "PTP of a full score (C.07 10.3)" in out
    assert ("+ 800" if reading == "highest+800" else "by the definition") in out


def test_the_option_refuses_another_reading(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        run(capsys, "report", "x.trf", "--ptp-full-score", "736")
    assert stop.value.code == 2
    assert "--ptp-full-score: invalid choice: '736'" in capsys.readouterr().err
