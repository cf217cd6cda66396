"""TRF-2026's records beyond TRF16's (``xlfuncs/trf/records2026.py``): each read, none of them
refused or warned as unknown when the rest of the file is sound.

Real files: Sharly Chess's own TRF-2026 import tests (``tests/data/trf2026/SOURCE``). The
record layouts are those of FIDE's TRF-2026 text (as transcribed in ``@echecs/trf``'s
``SPEC.md``); expected values are read off the files' lines, quoted in each test.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.core.results import Outcome
from xlfuncs.core.scoring import DEFAULT_SCORING, ScoringSystem
from xlfuncs.event import analyse_event
from xlfuncs.trf import TrfError, parse_trf, read_trf

DATA = Path(__file__).parent / "data" / "trf2026"
SHARLY = DATA / "sharly-trf-import-test.trf"
SHARLY_TEAM = DATA / "sharly-trf-team-import-test.trf"

P1 = "001    1 m    Alpha, Ann" + " " * 24 + "2000 FRA     1000001 1990/01/01  1.0    1     2 w 1"
P2 = "001    2 m    Beta, Bob" + " " * 25 + "1900 FRA     1000002 1991/01/01  0.0    2     1 b 0"


def nrs(fed: str, start: int, name: str, rating: str, origin: str, number: str) -> str:
    """A national-rating line in TRF-2026's columns (the 001 line's, up to the birth date)."""
    return f"{fed} {start:>4} m    {name:<33} {rating:>4} {origin:<3} {number:>11}"


def test_sharly_import_file_is_read() -> None:
    t = read_trf(SHARLY)
    r = t.trf2026
    assert len(t.players) == 16 and t.num_rounds == 5
    # "172 NIDOF": the method alone, as Sharly writes it (TRF-2026: federation in 5-7)
    [support] = r.national_support
    assert (support.federation, support.method, support.line_no) == (None, "NIDOF", 13)
    # "FRA    1    A    ...    2200 IDF      D50113"
    [nat] = r.national(1)
    assert (nat.federation, nat.rating, nat.classification, nat.origin, nat.national_id) == (
        "FRA",
        2200,
        "A",
        "IDF",
        "D50113",
    )
    assert t.player(1).rating == 2840  # FIDE's, untouched
    # 240 H   2    4 / 240 H   3    9 / 240 Z   4   12   14 / 240 Z   5   12
    assert [(b.kind, b.round, b.players) for b in r.byes] == [
        ("H", 2, (4,)), ("H", 3, (9,)), ("Z", 4, (12, 14)), ("Z", 5, (12,))
    ]  # fmt: skip
    assert (r.declared_rounds, r.initial_colour, r.pairing_controller, r.encoded_type) == (
        5,
        "B",
        "Sharly Chess",
        "FIDE_DUTCH_2026_BAKU",
    )
    assert [c.line_no for c in r.comments] == [9, 17, 35, 41]
    assert r.scoring == DEFAULT_SCORING
    assert t.unknown_records == ()


def test_sharly_import_file_report(capsys: pytest.CaptureFixture[str]) -> None:
    """Refused before, exit 1: "line 42, columns 1-3 (record code): expected 001"."""
    code, out, err = run(capsys, "report", str(SHARLY))
    assert code == 0, err
    assert "no known record type" not in out
    assert "National ratings (TRF-2026 National Rating Support" in out
    assert "- no. 1 (CARLSEN, Magnus): FRA 2200 (class A, origin IDF, id D50113)" in out
    code, out, err = run(capsys, "report", str(SHARLY), "--format", "json")
    data = json.loads(out)
    assert data[0]["rating"] == 2840
    assert data[0]["national_ratings"] == [
        {
            "federation": "FRA",
            "rating": 2200,
            "classification": "A",
            "origin": "IDF",
            "national_id": "D50113",
            "name": None,
            "sex": None,
            "birth_date": None,
        }
    ]
    assert data[1]["national_ratings"] == []


@pytest.mark.parametrize("command", ["crosstable", "norms", "period"])
def test_sharly_import_file_other_commands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    args = [command, str(SHARLY)]
    if command == "crosstable":
        args += ["-o", str(tmp_path / "x.xlsx")]
    code, _out, err = run(capsys, *args)
    assert code == 0, err


def test_sharly_team_file_national_lines() -> None:
    t = read_trf(SHARLY_TEAM)
    r = t.trf2026
    assert [(s.federation, s.method) for s in r.national_support] == [(None, "FIDON")]
    assert [(n.start_no, n.origin, n.national_id) for n in r.national_ratings] == [
        (7, "ARA", "Y02046"), (10, "BRE", "C69548"), (12, "BRE", "C50100"),
        (15, "ARA", "W56839"), (19, "IDF", "U50340"),
    ]  # fmt: skip
    assert all(n.rating is None for n in r.national_ratings)  # columns 49-52 blank
    assert t.unknown_records == ()


def test_172_with_federation() -> None:
    t = parse_trf(
        "\n".join(
            ["172 ENG HBFN", P1, P2, nrs("ENG", 2, "Beta, Robert", "1850", "LON", "ECF12345")]
        )
    )
    [s] = t.trf2026.national_support
    assert (s.federation, s.method, s.meaning) == (
        "ENG",
        "HBFN",
        "the higher of FIDE and national rating",
    )
    [n] = t.trf2026.national(2)
    assert (n.name, n.rating, n.origin, n.national_id) == ("Beta, Robert", 1850, "LON", "ECF12345")


def test_national_line_of_no_player_is_refused() -> None:
    with pytest.raises(TrfError) as e:
        parse_trf("\n".join([P1, P2, nrs("FRA", 9, "", "2200", "", "")]))
    assert str(e.value).startswith("<string>, line 3, columns 5-8 (starting rank)")


def test_national_rating_not_a_number() -> None:
    with pytest.raises(TrfError, match=r"line 3, columns 49-52 \(national rating\)"):
        parse_trf("\n".join([P1, P2, nrs("FRA", 2, "", "22x0", "", "")]))


def test_bad_172() -> None:
    with pytest.raises(TrfError, match=r"line 1, columns 5-13 \(national rating support\)"):
        parse_trf("\n".join(["172 FRA MAYBE", P1, P2]))


def test_damaged_player_line_is_still_refused() -> None:
    """A code of letters for digits (``OOI``) is a damaged ``001``, not a federation."""
    with pytest.raises(TrfError, match="record code"):
        parse_trf("\n".join([P1, "OOI" + P2[3:]]))


def test_unknown_record_still_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "x.trf"
    path.write_text("\n".join(["012 X", "232 who knows", "### a comment", P1, P2]) + "\n")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0
    assert "- 1 line of no known record type not read: line 2 ('232')" in out


def test_162_read() -> None:
    t = parse_trf("\n".join(["162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0", P1, P2]))
    s = t.trf2026.scoring
    assert s == ScoringSystem(Fraction(3), Fraction(1), Fraction(0), Fraction(0), Fraction(1))
    assert s.text == "3-1-0, pairing-allocated bye 1"
    assert s.points(Outcome.FULL_BYE) == 3 and s.points(Outcome.PAIRING_BYE) == 1
    assert t.trf2026.scoring_line == 1


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("162  W 3.x", r"columns 7-10 \(points of W\)"),
        ("162  Q 3.0", r"column 6 \(scoring symbol\)"),
        ("162 W  3.0", r"column 5 \(scoring symbol\)"),
    ],
)
def test_bad_162(line: str, message: str) -> None:
    with pytest.raises(TrfError, match=message):
        parse_trf("\n".join([line, P1, P2]))


def test_analysed_event_reads_them() -> None:
    event = analyse_event(read_trf(SHARLY))
    assert not any("no known record type" in w for w in event.warnings)
