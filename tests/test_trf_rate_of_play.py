"""The rate of play from a TRF's time-control record (122, TRF-2026 222), and the report's use
of it: the rapid and blitz K and 400-point rules, the 600-point exclusion, no norms.

The rates are the Laws of Chess' (appendices A.1 and B.1): the time allotted plus 60 times
the increment, i.e. for 60 moves; blitz 10 minutes or less, rapid more than 10 and less than
60, standard 60 or more. Figures of the reports: tables 8.1(a)/(b), by hand beside each.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from tests.cli_support import run
from xlfuncs.core.editions import RateOfPlay
from xlfuncs.findings import messages
from xlfuncs.report import build_report, render_text
from xlfuncs.trf import parse_trf, read_trf
from xlfuncs.trf.rate_of_play import event_rate, rate_of_time_control, read_time_control

RAPID, BLITZ, STANDARD = RateOfPlay.RAPID, RateOfPlay.BLITZ, RateOfPlay.STANDARD


@pytest.mark.parametrize(
    ("text", "minutes", "rate"),
    [
        ("90'+30\"", 120, STANDARD),  # 90 + 60 x 30 s
        ("90’+30”", 120, STANDARD),  # typographic marks
        ("15+10", 25, RAPID),
        ("3+2", 5, BLITZ),
        ("G/90;inc30", 120, STANDARD),
        ("40/120, 60", 180, STANDARD),  # 40 moves in 120, then 60 for the rest
        ("60 min + 30 s/move", 90, STANDARD),
        ("90 min/40 moves + 30 min, 30 s/move from move 1", 150, STANDARD),
        # a real 2025 file: 90 for 40 moves, 30 more after move 40, 30 s a move: 90 + 30 + 60 x 30 s
        ("90 minutes plus 30 sec plus 30 min after 40 moves", 150, STANDARD),
        ("90 min + 30 min after move 40 + 30 s", 150, STANDARD),
        ("10 min", 10, BLITZ),  # 10 minutes is blitz (B.1), not rapid
        ("10+1", 11, RAPID),  # 11 minutes: rapid
        ("59'", 59, RAPID),
        ("60'", 60, STANDARD),
        ("25'+10''", 35, RAPID),
        ("Schnellschach 15 Min.", 15, RAPID),
        ("5 min + 3 sec", 8, BLITZ),
    ],
)
def test_time_controls(text: str, minutes: int, rate: RateOfPlay) -> None:
    assert read_time_control(text).minutes == Fraction(minutes)
    assert rate_of_time_control(text) is rate


@pytest.mark.parametrize(
    ("text", "rate"),
    [("Blitz", BLITZ), ("rapid", RAPID), ("Classical", STANDARD), ("Rapid 15+10", RAPID)],
)
def test_words(text: str, rate: RateOfPlay) -> None:
    assert rate_of_time_control(text) is rate


@pytest.mark.parametrize("text", ["", "see regulations", "Rapid 10 min", "Blitz 15+10"])
def test_not_plain(text: str) -> None:
    assert rate_of_time_control(text) is None


def test_event_rate_records() -> None:
    assert event_rate(parse_trf("122 15+10\n")).rate is RAPID
    found = event_rate(parse_trf("012 X\n222 3+2\n"))  # TRF-2026
    assert (found.rate, found.record, found.text) == (BLITZ, "222", "3+2")
    assert event_rate(parse_trf("122\n")).record is None
    assert "1 minute for 60 moves" in event_rate(parse_trf("122 1+0\n")).note
    assert "FIDE would not rate it" in event_rate(parse_trf("122 1+0\n")).note
    unclear = event_rate(parse_trf("122 Rapid 10 min\n"))
    assert unclear.rate is None and "not plain" in unclear.note


# A Swiss of 4 on 10 March 2025 (2024 standard rules; 2024-12 rapid and blitz rules):
# R1 1-2, 3-4; R2 1-3, 2-4. Player 1 (2650, born 1990) wins both; 3 is 2050, 2 is 2300,
# 4 is a junior (born 2010) rated 2000.
def _event(time_control: str) -> str:
    def line(n: int, name: str, rating: int, born: int, pts: str, rounds: str) -> str:
        return (
            f"001 {n:>4} m    {name:<33} {rating:>4} ENG {99000000 + n:>11} {born}/01/01 "
            f"{pts:>4} {n:>4}  {rounds}"
        )

    players = [
        line(1, "Ash, Ada", 2650, 1990, "2.0", "   2 w 1     3 b 1"),
        line(2, "Box, Bo", 2300, 1990, "1.0", "   1 b 0     4 w 1"),
        line(3, "Cay, Cem", 2050, 1990, "1.0", "   4 w 1     1 w 0"),
        line(4, "Dee, Di", 2000, 2010, "0.0", "   3 b 0     2 b 0"),
    ]
    head = ["012 Rate test", "042 2025/03/10", "052 2025/03/10", f"122 {time_control}"]
    return "\n".join(head + players) + "\n"


def test_report_rapid_event() -> None:
    report = build_report(parse_trf(_event("15 min + 10 s")))
    assert report.rate is RAPID and report.edition.id == "2024-12 rapid"
    one = report.rows[0]
    # against 3 (2050): 600 points, 2650 above 2600: not rated (1 Dec 2024). Against 2
    # (2300): D 350 -> PD .89; W - PD .11; K 10 (2400+): 1.1 -> 1. Standard 2024: the same
    # cap, and 2050 counts (capped at 2250, .92): 10 x (.11 + .08) = 1.9 -> 2.
    assert (one.rating_change_unrounded, one.rating_change) == (1.1, 1)
    standard = build_report(parse_trf(_event("90'+30\"")))
    assert standard.rate is STANDARD and standard.rows[0].rating_change_unrounded == 1.9
    # the junior (2000, born 2010) keeps K 40 in rapid since 1 October 2022
    assert report.rows[3].k == 40
    assert "rate:    rapid: 122 '15 min + 10 s' (25 minutes for 60 moves)" in render_text(report)


def test_report_blitz_before_october_2022_gives_k_20() -> None:
    text = _event("3+2").replace("2025/03/10", "2022/05/10")
    report = build_report(parse_trf(text))
    assert report.edition.id == "2022 blitz"
    assert {r.k for r in report.rows} == {20}  # the junior too, and 2650 (K 10 in standard)
    assert report.rows[3].k_source is not None
    assert report.rows[3].k_source.short == "R/B 20"


def test_rate_given_and_assumed() -> None:
    given = build_report(parse_trf(_event("15+10")), rate=BLITZ)
    assert given.rate is BLITZ and given.rate_note == "blitz (given)"
    assert any("blitz as given, but the file says rapid" in w for w in messages(given.warnings))
    assumed = build_report(parse_trf(_event("")))
    assert assumed.rate is STANDARD
    assert assumed.rate_note.startswith("standard (assumed:")
    assert any("assumed standard play" in w for w in messages(assumed.warnings))
    named = build_report(parse_trf(_event("")), rules="2025 blitz")
    assert named.rate is BLITZ and named.edition.id == "2024-12 blitz"


def test_cli_rate_option(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "e.trf"
    path.write_text(_event(""), encoding="utf-8")
    code, out, _ = run(capsys, "report", str(path), "--rate", "rapid")
    assert code == 0 and "rate:    rapid (given)" in out and "2024-12 rapid" in out
    with pytest.raises(SystemExit) as exit_code:  # argparse's own refusal
        run(capsys, "report", str(path), "--rate", "bullet")
    assert exit_code.value.code == 2
    assert "invalid choice: 'bullet'" in capsys.readouterr().err
    code, out, err = run(capsys, "report", str(path), "--rate", "blitz", "--rules", "2025 rapid")
    assert code == 2 and "name the rate of play rapid, but blitz" in err


# --------------------------------------------------------------------------- real files
# tests/data/real/SOURCE says where each comes from.

REAL = Path(__file__).resolve().parent / "data" / "real"


def test_real_rapid_team_event() -> None:
    # "122 15 minutes plus 10 sec per move": 15 + 10 = 25 minutes for 60 moves, rapid. The
    # event ran on 23-24 November 2024: the 2024 rapid and blitz rules (before the
    # 600-point exclusion of 1 December 2024), K by the standard rule, 400-point cap.
    t = read_trf(REAL / "crete-friendship-cup-2024-rapid.trf")
    report = build_report(t)
    assert report.rate is RAPID and report.edition.id == "2024 rapid"
    assert report.rate_note.startswith("rapid: 122 '15 minutes plus 10 sec per move'")
    assert not any("rate of play" in w for w in messages(report.warnings))
    assert all(r.norm is None for r in report.rows)
    rows = {r.start_no: r for r in report.rows}
    # no. 38, 1512 (born 1999, K 20): lost to 1727 (D 215: PD .23), drew 1986 (D 474,
    # capped at 400: PD .08, +.42; uncapped .05 would give +.45), lost to 1460 (D 52: .57)
    # and 1682 (D 170: .28): -.23 + .42 - .57 - .28 = -.66, x 20 = -13.2 -> -13
    assert (rows[38].k, rows[38].rating_change_unrounded, rows[38].rating_change) == (
        20,
        -13.2,
        -13,
    )
    # no. 96, 1421, born 2014: a junior, K 40 in rapid since 1 October 2022. Drew 1860 (D 439,
    # capped: .08, +.42), drew 1534 (D 113: .35, +.15), lost to 1494 (D 73: .40) and 1788
    # (D 367: .10): .42 + .15 - .40 - .10 = .07, x 40 = 2.8 -> 3
    assert (rows[96].k, rows[96].rating_change_unrounded, rows[96].rating_change) == (40, 2.8, 3)
    assert "Norms: none in rapid play" in render_text(report)


def test_real_rapid_event_under_the_blitz_rules_of_1_december_2024() -> None:
    # the same games as if played on 1 December 2024 at blitz: nobody is rated above 2600,
    # so the 600-point exclusion leaves every game rated and the figures are the same
    t = read_trf(REAL / "crete-friendship-cup-2024-rapid.trf")
    report = build_report(t, rules="2024-12-01", rate=BLITZ)
    assert report.edition.id == "2024-12 blitz" and report.rate is BLITZ
    assert {r.start_no: r.rating_change for r in report.rows}[38] == -13


@pytest.mark.parametrize("name", ["lichess-swiss-2020-06.trf", "lichess-swiss-2021-03.trf"])
def test_real_lichess_blitz_events(name: str) -> None:
    # lichess writes a blank 122: the file does not say its rate ("5 Plus 0" is in the
    # event's name only), so the report assumes standard play and says so; --rate blitz
    # gives the rapid and blitz rules of June 2020 (K 20 for all) and no norm
    t = read_trf(REAL / name)
    assumed = build_report(t)
    assert assumed.rate is STANDARD
    assert any(
        w.startswith("rate of play: the file gives no time control (122 blank or absent)")
        for w in messages(assumed.warnings)
    )
    blitz = build_report(t, rate=BLITZ)
    assert blitz.rate is BLITZ and blitz.edition.id == "2017 blitz"
    assert blitz.edition.k_fixed == 20
    assert all(r.norm is None for r in blitz.rows)
