"""Tests of the TRF report (:mod:`xlfuncs.report`).

The small tournaments below are written here, line by line; every expected figure is worked
out by hand from FIDE's tables (dp table 8.1(a), PD table 8.1(b), both quoted in
``docs/fide-rules.md``) with the sums shown in the comments, never pasted
from the program's output. The demo files of ``xlfuncs/data`` are checked for consistency;
the real files of ``tests/data/real`` (see the ``SOURCE`` note there) are run through.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import json
import re
import sys
from importlib import resources
from pathlib import Path

import make_demo_trf
import pytest
from norm_events import player_line

from xlfuncs.core import InvalidInputError, Outcome, OutOfRangeError
from xlfuncs.core.tournament import Pairing
from xlfuncs.findings import messages
from xlfuncs.report import (
    JSON_KEYS,
    ReportRow,
    build_report,
    render_csv,
    render_json,
    render_text,
)
from xlfuncs.trf import Tournament, check_tournament, parse_trf, read_trf
from xlfuncs.trf.k_policy import KSource
from xlfuncs.trf.pseudo_players import is_pseudo_player
from xlfuncs.trf.to_crosstable import crosstable_from_trf, event_date

REAL = Path(__file__).resolve().parent / "data" / "real"
TESTS = Path(__file__).resolve().parent


def line(
    start: int,
    name: str,
    rating: int | None,
    points: str,
    rank: int,
    rounds: list[str],
    *,
    sex: str = "m",
    title: str = "",
    fed: str = "ENG",
    fide_id: str | None = None,
    birth: str = "1980/01/01",
) -> str:
    """A ``001`` line by the TRF16 columns; each round is its eight columns as text. A rated
    player has the FIDE id ``991`` and the starting rank unless one is given (FIDE rates only
    players with a FIDE id); an unrated one none."""
    if fide_id is None:
        fide_id = f"991{start:05d}" if rating else ""
    return player_line(
        start,
        name,
        rating,
        rounds,
        title=title,
        fed=fed,
        sex=sex,
        fide_id=fide_id,
        birth=birth,
        points=points,
        rank=rank,
    )


def trf(
    *lines: str,
    start: str = "2023/05/10",
    end: str = "2023/05/12",
    kind: str = "Individual: Round-Robin",
    time_control: str = "90'+30\"",
) -> Tournament:
    head = ["012 Test event", f"042 {start}", f"052 {end}", f"092 {kind}"]
    tail = [f"122 {time_control}"]  # last, so that the players' line numbers stay as they were
    return parse_trf("\n".join(head + list(lines) + tail) + "\n", source="test.trf")


# --------------------------------------------------------------------------- round robin of 4
#
# 10-12 May 2023: the 2022 rules were in force (1 Jan 2022 - 29 Feb 2024).
# Berger table for 4: round 1 1-4 2-3, round 2 4-3 1-2, round 3 2-4 3-1.
#
#   1 A 2400 (born 1980)   -  1  =  1     2.5   K 10: rated 2400
#   2 B 2200 (born 2008)   0  -  =  0     0.5   K 40: junior (2023 <= 2008 + 18), under 2300
#   3 C 2000 (born 1970)   =  =  -  0     1.0   K 20: assumed 30+ games
#   4 D unrated            0  1  1  -     2.0
#
# Games against D are not rated for A, B and C (an unrated opponent).

RR4 = [
    line(
        1,
        "Alder, Anna",
        2400,
        "2.5",
        1,
        ["   4 w 1", "   2 w 1", "   3 b ="],
        sex="w",
        fide_id="99000001",
        birth="1980/04/04",
    ),
    line(
        2,
        "Birch, Ben",
        2200,
        "0.5",
        4,
        ["   3 w =", "   1 b 0", "   4 w 0"],
        fide_id="99000002",
        birth="2008/08/08",
    ),
    line(
        3,
        "Cedar, Carl",
        2000,
        "1.0",
        3,
        ["   2 b =", "   4 b 0", "   1 w ="],
        fide_id="99000003",
        birth="1970/07/07",
    ),
    line(
        4,
        "Dogwood, Dée",
        None,
        "2.0",
        2,
        ["   1 b 0", "   3 w 1", "   2 b 1"],
        fide_id="99000004",
        birth="1990/09/09",
    ),
]


def rr4(
    rules: str | None = None, k_overrides: dict[str, int] | None = None
) -> dict[int, ReportRow]:
    rows = build_report(trf(*RR4), rules=rules, k_overrides=k_overrides).rows
    return {r.start_no: r for r in rows}


def test_round_robin_points_ra_rp() -> None:
    t = trf(*RR4)
    assert check_tournament(t) == []
    report = build_report(t)
    assert report.round_robin and report.edition.id == "2022"
    a, b, c, d = report.rows
    assert [r.start_no for r in report.rows] == [1, 2, 3, 4]
    assert (a.name, d.name) == ("Alder, Anna", "Dogwood, Dée")
    # points: A 1+1+1/2, B 1/2+0+0, C 1/2+0+1/2, D 0+1+1
    assert [r.points for r in report.rows] == [2.5, 0.5, 1.0, 2.0]
    assert [r.file_points for r in report.rows] == [2.5, 0.5, 1.0, 2.0]
    # rated games against rated opponents: the games against D do not count for A, B, C
    assert [r.rated_games for r in report.rows] == [2, 2, 2, 3]
    # A: B 2200 and C 2000 -> Ra 2100; 1.5/2 = .75 -> dp 193 -> Rp 2293
    assert (a.ra, a.rp_fide) == (2100.0, 2293)
    # B: A 2400 and C 2000 -> Ra 2200; .5/2 = .25 -> dp -193 -> Rp 2007
    assert (b.ra, b.rp_fide) == (2200.0, 2007)
    # C: B 2200 and A 2400 -> Ra 2300; 1/2 = .50 -> dp 0 -> 2300. The exact performance is
    # 2300 too: at R = 2300 the logistic expectations against 2200 and 2400 are x and 1 - x
    # (the two lie 100 points either side), which add up to the score, 1.
    assert (c.ra, c.rp_fide, c.rp_exact, c.rp_exact_note) == (2300.0, 2300, 2300, None)
    # D: 2400, 2000, 2200 -> Ra 2200; 2/3 = .67 -> dp 125 -> 2325
    assert (d.ra, d.rp_fide) == (2200.0, 2325)
    # SB: A beat D (2) and B (.5), drew C (1): 2 + .5 + .5; B drew C: .5;
    # C drew B (.5) and A (2.5): .25 + 1.25; D beat C (1) and B (.5)
    assert [r.sb for r in report.rows] == [3.0, 0.5, 1.5, 1.5]
    assert [r.norm for r in report.rows] == [None] * 4  # fewer than 9 games


def test_round_robin_rating_change() -> None:
    rows = rr4()
    a, b, c = rows[1], rows[2], rows[3]
    # A 2400, K 10: vs B, D = 200 -> PD .76 (198-206), W - PD = 1 - .76 = +.24
    #               vs C, D = 400 -> PD .92 (392-411), W - PD = .5 - .92 = -.42
    # sum -.18 x 10 = -1.8 -> -2
    assert (a.k, a.k_source) == (10, KSource.RATING_2400)
    assert (a.rating_change_unrounded, a.rating_change, a.new_rating) == (-1.8, -2, 2398)
    # B 2200, K 40: vs A, D = -200 -> 1 - .76 = .24, 0 - .24 = -.24
    #               vs C, D = 200 -> .76, .5 - .76 = -.26
    # sum -.50 x 40 = -20
    assert (b.k, b.k_source) == (40, KSource.JUNIOR)
    assert (b.rating_change, b.new_rating) == (-20, 2180)
    # C 2000, K 20: vs B, D = -200 -> .24, .5 - .24 = +.26
    #               vs A, D = -400 -> .08, .5 - .08 = +.42
    # sum +.68 x 20 = 13.6 -> 14
    assert (c.k, c.k_source) == (20, KSource.ASSUMED_30_GAMES)
    assert (c.rating_change_unrounded, c.rating_change, c.new_rating) == (13.6, 14, 2014)
    for r in (a, b, c):
        assert r.initial_rating is None and r.initial_rating_published is None


def test_round_robin_first_rating() -> None:
    d = rr4()[4]
    # 2022 rules: Ra 2200 (2400, 2000, 2200); 2 points of 3 is one half point above 50 %:
    # Ru = 2200 + 20 x 1 = 2220. Three games against rated opponents: fewer than 5, so it
    # would not be published.
    assert (d.rating, d.k, d.rating_change, d.new_rating) == (None, None, None, None)
    assert (d.initial_rating, d.initial_rating_published) == (2220, False)
    assert d.initial_rating_note is not None and "fewer than 5" in d.initial_rating_note
    # 2025 rules: two hypothetical 1800 opponents, both drawn:
    # Ra = (2400 + 2000 + 2200 + 1800 + 1800) / 5 = 2040; 3/5 = .60 -> dp 72 -> 2112
    d25 = rr4(rules="2025")[4]
    assert d25.initial_rating == 2112


def test_k_file_overrides_k() -> None:
    rows = rr4(k_overrides={"99000003": 40})
    c = rows[3]
    # C with K 40: +.68 x 40 = 27.2 -> 27
    assert (c.k, c.k_source, c.rating_change) == (40, KSource.OVERRIDE, 27)
    assert rows[1].k_source is KSource.RATING_2400


def test_k_file_warnings() -> None:
    built = crosstable_from_trf(trf(*RR4), k_overrides={"99000004": 40, "12345": 20})
    assert [pk.k for pk in built.ks] == [10, 40, 20, None]
    assert any("99000004) is unrated: K not used" in w for w in messages(built.warnings))
    assert any(
        "no player of the tournament has FIDE id 12345" in w for w in messages(built.warnings)
    )


# --------------------------------------------------------------------------- byes, forfeits

# A Swiss of 6 over 3 rounds (1 June 2023):
#   1 2100  R1 +  v 2 (forfeit)   R2 1 v 3       R3 H (half-point bye)       2.5
#   2 2050  R1 -  v 1 (forfeit)   R2 0000 - +    R3 = v 3                    1.5
#   3 2000  R1 W  v 4 (< 1 move)  R2 0 v 1       R3 = v 2                    1.5
#   4 1950  R1 L  v 3 (< 1 move)  R2 1 v 5       R3 U (pairing bye)          2.0
#   5 1900  R1 F (full-point bye) R2 0 v 4       R3 Z (zero-point bye)       1.0
#   6 1850  R1 0000 - -  then withdrawn                                       0.0
SWISS6 = [
    line(1, "One", 2100, "2.5", 1, ["   2 w +", "   3 b 1", "0000 - H"]),
    line(2, "Two", 2050, "1.5", 3, ["   1 b -", "0000 - +", "   3 w ="]),
    line(3, "Three", 2000, "1.5", 4, ["   4 w W", "   1 w 0", "   2 b ="]),
    line(4, "Four", 1950, "2.0", 2, ["   3 b L", "   5 w 1", "0000 - U"]),
    line(5, "Five", 1900, "1.0", 5, ["0000 - F", "   4 b 0", "0000 - Z"]),
    line(6, "Six", 1850, "0.0", 6, ["0000 - -"]),
]


def swiss6() -> list[ReportRow]:
    t = trf(*SWISS6, start="2023/06/01", end="2023/06/03", kind="Individual: Swiss-System")
    assert check_tournament(t) == []
    return list(build_report(t).rows)


def test_byes_and_forfeits_score_but_are_not_rated() -> None:
    rows = swiss6()
    assert [r.points for r in rows] == [2.5, 1.5, 1.5, 2.0, 1.0, 0.0]
    # only 1 = 0 against an opponent is rated: 1 v 3, 2 v 3 (twice for 3), 4 v 5
    assert [r.rated_games for r in rows] == [1, 1, 2, 1, 1, 0]
    one = rows[0]
    # One: a single rated game, a win against 2000: Ra 2000, 100 % -> dp 800 -> 2800; the
    # exact performance is +inf. Change: D = 100 -> PD .64 (99-106), 1 - .64 = .36 x 20
    assert (one.ra, one.rp_fide, one.rp_exact, one.rp_exact_note) == (
        2000.0,
        2800,
        None,
        "+inf (100 % score)",
    )
    assert (one.rating_change_unrounded, one.rating_change) == (7.2, 7)
    five = rows[4]
    # Five lost to 1950: 0 % -> 1950 - 800 = 1150, exact -inf
    assert (five.rp_fide, five.rp_exact, five.rp_exact_note) == (1150, None, "-inf (0 % score)")
    six = rows[5]
    assert (six.ra, six.rp_fide, six.rating_change, six.new_rating) == (None, None, 0, 1850)


def test_swiss_is_not_a_round_robin() -> None:
    t = trf(*SWISS6, start="2023/06/01", end="2023/06/03", kind="Individual: Swiss-System")
    report = build_report(t)
    assert not report.round_robin
    assert messages(report.warnings) == ()
    assert "event:   Swiss (092 'Individual: Swiss-System')" in render_text(report)


def test_round_robin_with_a_withdrawn_player() -> None:
    # Berger table for 6: R1 1-6 2-5 3-4, R2 6-4 5-3 1-2, R3 2-6 3-1 4-5, R4 6-5 1-4 2-3,
    # R5 3-6 4-2 5-1; every game drawn. No. 6 leaves after round 2: 2-6, 6-5 and 3-6 are
    # not played (blank). Every two players who stayed met: still a round robin.
    blank = "        "
    rounds = {
        1: ["   6 w =", "   2 w =", "   3 b =", "   4 w =", "   5 b ="],
        2: ["   5 w =", "   1 b =", blank, "   3 w =", "   4 b ="],
        3: ["   4 w =", "   5 b =", "   1 w =", "   2 b =", blank],
        4: ["   3 b =", "   6 b =", "   5 w =", "   1 b =", "   2 w ="],
        5: ["   2 b =", "   3 w =", "   4 b =", blank, "   1 w ="],
        6: ["   1 b =", "   4 w ="],
    }
    points = {n: f"{sum(r != blank for r in rounds[n]) / 2:.1f}" for n in rounds}
    assert points == {1: "2.5", 2: "2.0", 3: "2.0", 4: "2.5", 5: "2.0", 6: "1.0"}
    ranks = {1: 1, 2: 3, 3: 4, 4: 2, 5: 5, 6: 6}
    lines = [line(n, f"P{n}", 2000 - 10 * n, points[n], ranks[n], rounds[n]) for n in rounds]
    t = trf(*lines)
    assert check_tournament(t) == []
    report = build_report(t)
    assert report.round_robin and messages(report.warnings) == ()
    # 1 and 2, who both stayed, did not meet (round 2 blank): 092 says a round robin, and
    # C.07 tells one by how it was paired (pre-determined), not by who met whom: still one,
    # with a warning; --system swiss says otherwise
    lines[0] = line(1, "P1", 1990, "2.0", 1, [rounds[1][0], blank] + rounds[1][2:])
    lines[1] = line(2, "P2", 1980, "1.5", 3, [rounds[2][0], blank] + rounds[2][2:])
    report = build_report(trf(*lines))
    assert [d.kind for d in report.discrepancies if d.kind != "rank"] == []
    assert report.round_robin
    assert messages(report.warnings) == (
        "the file says round robin (092 'Individual: Round-Robin'), but not every two players "
        "met (yet): ranked as a round robin (pre-determined pairings, C.07 Article 15); give "
        "--system swiss if it was paired as a Swiss",
    )
    report = build_report(trf(*lines), system="swiss")
    assert not report.round_robin
    assert report.system_note == "Swiss (given: --system swiss)"
    assert messages(report.warnings) == (
        "--system swiss given, but the file says round robin (092 'Individual: "
        "Round-Robin'): ranked as a Swiss, as given",
    )


# --------------------------------------------------------------------------- K


@pytest.mark.parametrize(
    ("birth", "rating", "k", "source"),
    [
        # event 10 May 2023: K 40 until the end of the year of the 18th birthday, under 2300
        ("2005/12/31", 2250, 40, KSource.JUNIOR),  # 18 in 2023: still a junior all year
        ("2004/01/01", 2250, 20, KSource.ASSUMED_30_GAMES),  # 18 in 2022
        ("2010/01/01", 2300, 20, KSource.ASSUMED_30_GAMES),  # junior but rated 2300
        ("2010/01/01", 2400, 10, KSource.RATING_2400),
        ("1960/01/01", 2650, 10, KSource.RATING_2400),
        ("", 1800, 20, KSource.ASSUMED_30_GAMES),  # no birth date: no junior rule
    ],
)
def test_k_from_birth_date_and_rating(birth: str, rating: int, k: int, source: KSource) -> None:
    t = trf(line(1, "Solo", rating, "0.0", 1, [], birth=birth))
    built = crosstable_from_trf(t)
    assert (built.ks[0].k, built.ks[0].source) == (k, source)
    assert any("no birth year" in w for w in messages(built.warnings)) == (birth == "")


def test_k_lowered_by_700_rule() -> None:
    # 20 rounds of draws against a 2000 player: K 40 x 20 = 800 > 700 -> K = 700 // 20 = 35
    a = [f"   2 {'w' if r % 2 else 'b'} =" for r in range(20)]
    b = [f"   1 {'b' if r % 2 else 'w'} =" for r in range(20)]
    t = trf(line(1, "A", 2000, "10.0", 1, a, birth="2012/01/01"), line(2, "B", 2000, "10.0", 2, b))
    row = build_report(t).rows[0]
    assert (row.k, row.k_source, row.k_lowered_from) == (35, KSource.JUNIOR, 40)
    assert row.k_source_label == "computed: junior; lowered from 40 (K x n <= 700)"
    assert row.rating_change == 0


# --------------------------------------------------------------------------- editions, dates


@pytest.mark.parametrize(
    ("start", "end", "edition", "crossing"),
    [
        ("2017/07/01", "2017/07/09", "2017", False),
        ("2021/12/31", "2022/01/02", "2017", True),  # the start date decides, with a warning
        ("2022/01/01", "2022/01/09", "2022", False),
        ("2024/02/29", "2024/03/01", "2022", True),
        ("2024/03/01", "2024/03/09", "2024", False),
        ("2025/09/30", "2025/09/30", "2024", False),
        ("2025/10/01", "2025/10/09", "2025", False),
    ],
)
def test_edition_from_event_date(start: str, end: str, edition: str, crossing: bool) -> None:
    report = build_report(trf(*RR4, start=start, end=end))
    assert report.edition.id == edition
    assert any("across a change of the rules" in w for w in messages(report.warnings)) == crossing


def test_rules_given_win_over_the_date() -> None:
    report = build_report(trf(*RR4, start="2023/05/10"), rules="2025")
    assert report.edition.id == "2025" and report.rules_given
    with pytest.raises(InvalidInputError, match="unknown edition 'abc'"):
        build_report(trf(*RR4), rules="abc")
    with pytest.raises(OutOfRangeError):
        build_report(trf(*RR4), rules="2005-07-28")


def test_event_older_than_the_rules() -> None:
    report = build_report(trf(*RR4, start="28. 07. 2005", end="31. 07. 2005"))
    assert report.edition.id == "2017"
    assert messages(report.warnings) == (
        "the event (2005-07-28) is older than the oldest implemented rules (2017, in force "
        "from 2017-07-01): used the 2017 rules; give --rules to choose",
    )


def test_date_fallbacks() -> None:
    t = parse_trf("012 X\n042 soon\n052 2024/03/05\n")
    assert event_date(t) == (
        dt.date(2024, 3, 5),
        "the start date (042) 'soon' is not a date: used the end date (052), 2024-03-05",
    )
    t = parse_trf("012 X\n132" + " " * 88 + "24/03/02  24/03/01\n")
    assert event_date(t) == (
        dt.date(2024, 3, 1),
        "no start date (042) in the file nor end date (052): used the first round date "
        "(132), 2024-03-01",
    )
    t = parse_trf("012 X\n")
    day, why = event_date(t, today=dt.date(2026, 1, 2))
    assert day == dt.date(2026, 1, 2)
    assert why == (
        "no start date (042) in the file nor end date (052) nor round dates "
        "(132): used today, 2026-01-02"
    )
    report = build_report(parse_trf("\n".join(RR4)), today=dt.date(2026, 1, 2))
    assert report.edition.id == "2025" and report.event_date == dt.date(2026, 1, 2)
    assert why in messages(report.warnings)


# --------------------------------------------------------------------------- output


def test_json_keys_and_nulls() -> None:
    report = build_report(trf(*RR4))
    data = json.loads(render_json(report))
    assert isinstance(data, list) and len(data) == 4
    required = {
        "start_no",
        "name",
        "rating",
        "points",
        "rated_games",
        "ra",
        "rp_fide",
        "rp_exact",
        "k",
        "rating_change",
        "initial_rating",
        "norm",
    }
    assert all(required <= set(obj) for obj in data)
    assert list(data[0]) == [
        *JSON_KEYS,
        "norm_check",
        "national_ratings",
        "games_not_rated",
        "eligibility",
        "ptp_full_score",
    ]  # JSON only
    assert all(obj["norm_check"] is None for obj in data)  # 3 games: no norm in sight
    a, d = data[0], data[3]
    assert (a["initial_rating"], a["norm"], a["rating"]) == (None, None, 2400)
    assert (d["rating"], d["rating_change"], d["k"], d["initial_rating"]) == (
        None,
        None,
        None,
        2220,
    )
    assert d["name"] == "Dogwood, Dée"  # not escaped: ensure_ascii=False
    assert "Dée" in render_json(report)


def test_csv_header_and_rows() -> None:
    report = build_report(trf(*RR4))
    rows = list(csv.reader(io.StringIO(render_csv(report))))
    # JSON's keys, the tie-breaks one column each (a round robin: DE, WIN, SB, KS), no rounds
    keys = list(JSON_KEYS)
    spread = ["tiebreaks.DE", "tiebreaks.WIN", "tiebreaks.SB", "tiebreaks.KS"]
    assert keys[-2:] == ["tiebreaks", "rounds"]
    assert rows[0] == keys[:-2] + spread
    assert rows[0][:3] == ["start_no", "name", "sex"]
    assert len(rows) == 5
    by_key = [dict(zip(rows[0], r)) for r in rows[1:]]
    assert by_key[0]["name"] == "Alder, Anna"  # quoted, the comma kept
    assert by_key[3]["rating"] == "" and by_key[3]["initial_rating"] == "2220"
    assert by_key[3]["initial_rating_published"] == "false"


def test_docs_name_every_key_and_k_source() -> None:
    doc = (TESTS.parent / "docs" / "report.md").read_text(encoding="utf-8")
    keys = doc[doc.index("The keys of each JSON object") : doc.index("JSON writes")]
    assert re.findall(r"`([a-z_]+)`", keys) == list(JSON_KEYS)
    for source in KSource:
        assert f"| `{source.label}` | `{source.short}` |" in doc


def test_k_source_in_json_and_text() -> None:
    report = build_report(trf(*RR4), k_overrides={"99000003": 40})
    data = json.loads(render_json(report))
    assert [obj["k_source"] for obj in data] == [
        "computed: rating 2400+",
        "computed: junior",
        "override file",
        None,
    ]
    text = render_text(report)
    used = (KSource.OVERRIDE, KSource.JUNIOR, KSource.RATING_2400)  # the legend's order
    legend = ", ".join(f"{s.short} = {s.label}" for s in used)
    assert f"K from: {legend}." in text  # the sources used; no K lowered: no "<"


def test_text_table() -> None:
    report = build_report(trf(*RR4))
    text = render_text(report)
    lines = text.splitlines()
    header = next(i for i, s in enumerate(lines) if s.startswith("No "))
    table = lines[header + 2 : header + 6]
    assert [s.split()[0] for s in table] == ["1", "2", "3", "4"]
    assert "2220*" in table[3]  # a first rating that would not be published
    assert "rules:   2022 (in force on 2023-05-10)" in text
    assert text.index("Warnings") < text.index("Discrepancies in the file")
    assert lines[-1] == "- none"


def test_discrepancies_in_the_report() -> None:
    wrong = list(RR4)
    wrong[0] = wrong[0].replace(" 2.5    1", " 3.0    1")
    report = build_report(trf(*wrong))
    assert [d.kind for d in report.discrepancies] == ["points"]
    assert report.rows[0].points == 2.5 and report.rows[0].file_points == 3.0
    assert "the file gives 3.0 points, the results add up to 2.5" in render_text(report)


def test_norm_figures_only_for_titles_not_held() -> None:
    # 9 wins against nine players rated 2300, one a round: Ra 2300 (the GM floor 2200 changes
    # nothing), 100 % -> dp 800 -> Rp 3100. GM needs Ra 2380: no; IM needs Ra 2230 and Rp
    # 2450: IM norm figures. A player holding IM or GM (old style "m": IM) needs no IM norm.
    # The mix (B.01 1.4.3-1.4.5) is made: the opponents are three IMs and six FMs (9 titled,
    # 3 IMs = 1/3 of 9), from GER, FRA and NED, three each (the player's ENG: none).
    colour = {True: ("w", "b"), False: ("b", "w")}
    rounds = [f"{n:>4} {colour[n % 2 == 0][0]} 1" for n in range(2, 11)]
    others = [
        line(
            n,
            f"Opp {n}",
            2300,
            "0.0",
            10,
            ["        "] * (n - 2) + [f"   1 {colour[n % 2 == 0][1]} 0"],
            title="IM" if n < 5 else "FM",
            fed=("GER", "FRA", "NED")[n % 3],
        )
        for n in range(2, 11)
    ]
    for title, norm in (
        ("", "IM"),
        ("FM", "IM"),
        ("WGM", "IM"),
        ("IM", None),
        ("GM", None),
        ("m", None),
    ):
        star = line(1, "Star", 2350, "9.0", 1, rounds, title=title)
        report = build_report(trf(star, *others, kind="Individual: Swiss-System"))
        assert check_tournament(report.tournament) == []
        assert report.rows[0].norm == norm, title
        assert (report.rows[0].ra, report.rows[0].rp_fide) == (2300.0, 3100)
        assert ("IM norm, 9.0/9 (100 %), Ra 2300" in render_text(report)) == bool(norm)


# --------------------------------------------------------------------------- demo files


def demo(name: str) -> Tournament:
    path = resources.files("xlfuncs") / "data" / name
    return parse_trf(path.read_bytes().decode("utf-8"), source=name)


def test_demo_files_are_up_to_date() -> None:
    for path, text in make_demo_trf.outputs().items():
        assert path.read_bytes() == text.encode("utf-8"), f"run tests/make_demo_trf.py: {path}"


def test_the_demo_generator_leaves_the_recursion_limit_alone() -> None:
    """A Swiss of 1,200 players pairs 600 boards a round (a search 600 levels deep) and the
    interpreter's recursion limit is as it was: the generator changes no global state."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(500)  # below the search's depth: no recursion that deep is left
    try:
        text = make_demo_trf.make_swiss(1200, 2, 0, byes=None, withdrawn=None, forfeit=None)
        assert sys.getrecursionlimit() == 500
    finally:
        sys.setrecursionlimit(limit)
    t = parse_trf(text, source="big.trf")
    assert len(t.players) == 1200
    assert all(len(p.rounds) == 2 and p.rounds[-1].opponent is not None for p in t.players)


def test_demo_round_robin() -> None:
    t = demo("demo_round_robin.trf")
    assert check_tournament(t) == []
    assert (len(t.players), t.num_rounds) == (10, 9)
    assert sum(p.rating is None for p in t.players) == 1
    assert all(e.result in "1=0" and e.opponent is not None for p in t.players for e in p.rounds)
    report = build_report(t)
    assert report.round_robin and messages(report.warnings) == ()
    assert all(r.points == r.file_points for r in report.rows)
    assert "IM" in {r.norm for r in report.rows}
    assert any(r.initial_rating is not None for r in report.rows)


def test_demo_swiss() -> None:
    t = demo("demo_swiss.trf")
    assert check_tournament(t) == []
    assert (len(t.players), t.num_rounds) == (60, 9)
    codes = [e.result for p in t.players for e in p.rounds if e.opponent is None]
    assert {"H", "F", "U", "Z"} <= set(codes)
    assert any(e.result == "+" and e.opponent is not None for p in t.players for e in p.rounds)
    withdrawn = [p for p in t.players if p.rounds[-1].outcome is None]
    assert len(withdrawn) == 1
    report = build_report(t)
    assert not report.round_robin and messages(report.warnings) == ()
    assert all(r.points == r.file_points for r in report.rows)
    assert sum(r.rating is None for r in report.rows) >= 3
    assert any(r.k == 40 and r.k_source is KSource.JUNIOR for r in report.rows)
    assert any(r.k == 10 and r.rating is not None and r.rating >= 2400 for r in report.rows)
    # ranks follow the points
    ranked = sorted(report.rows, key=lambda r: r.rank or 0)
    assert [r.points for r in ranked] == sorted((r.points for r in ranked), reverse=True)
    assert any(not r.name.isascii() for r in report.rows)


# --------------------------------------------------------------------------- real files


@pytest.mark.parametrize(
    "name", ["karl-mala-2005.trf", "lichess-swiss-2020-06.trf", "lichess-swiss-2021-03.trf"]
)
def test_real_files(name: str) -> None:
    path = REAL / name
    t = read_trf(path)
    report = build_report(t)
    players = [p for p in t.players if not is_pseudo_player(p)]  # karl-mala's "spielfrei"
    assert len(report.rows) == len(players)
    for r, p in zip(report.rows, sorted(players, key=lambda p: p.start_no)):
        assert r.points == float(p.computed_points)  # the crosstable agrees with the parser
    render_text(report)
    json.loads(render_json(report))


def test_karl_mala_facts() -> None:
    path = REAL / "karl-mala-2005.trf"
    report = build_report(read_trf(path))
    # older than 2017; no. 284 "spielfrei", the bye's pseudo-player, left out
    assert report.edition.id == "2017" and len(messages(report.warnings)) == 2
    rows = {r.start_no: r for r in report.rows}
    # no. 282: 0 0 0 0, round 5 "0000 - +" (an old-style bye: a point, no game), 0 0
    assert rows[282].points == 1.0
    pairing = crosstable_from_trf(read_trf(path)).crosstable.entrants[281].pairings[4]
    assert pairing == Pairing(None, Outcome.PAIRING_BYE)
    # no. 13 lost round 1 by forfeit and left: no rated game, no change
    assert (rows[13].rated_games, rows[13].rating_change) == (0, 0)


# --------------------------------------------------------------------------- below the floor
#
# Issue 9, case 9: from 1 March 2024 a player whose rating falls below 1400 is removed from
# the list and is unrated again (7.1.3 of the 2024 text; 1000 before: docs/fide-rules.md,
# Editions). Two players, two games, both won by Bee (1600) over Ada (1405).
# D = 195 -> PD .75 for Bee (band 189-197), .25 for Ada. Ada (K 20, assumed 30+ games):
# 2 x (0 - .25) = -.50 x 20 = -10 -> 1395; Bee: 2 x (1 - .75) = +.50 x 20 = +10 -> 1610.
FLOOR2 = [
    line(1, "Ada", 1405, "0.0", 2, ["   2 w 0", "   2 b 0"]),
    line(2, "Bee", 1600, "2.0", 1, ["   1 b 1", "   1 w 1"]),
]


def test_new_rating_below_the_floor_is_marked() -> None:
    report = build_report(trf(*FLOOR2, start="2025/11/01", end="2025/11/02"))
    ada, bee = report.rows
    assert (ada.rating_change, ada.new_rating) == (-10, 1395)
    assert ada.new_rating_note == "below 1400: unrated again"
    assert (bee.new_rating, bee.new_rating_note) == (1610, None)
    text = render_text(report)
    assert "1395!" in text
    assert "New ! = below 1400: unrated again" in text
    assert json.loads(render_json(report))[0]["new_rating_note"] == "below 1400: unrated again"
    # under the 2022 rules (floor 1000) 1395 stays on the list: no mark
    old = build_report(trf(*FLOOR2, start="2023/11/01", end="2023/11/02"))
    assert (old.rows[0].new_rating, old.rows[0].new_rating_note) == (1395, None)
    assert "1395!" not in render_text(old)


def test_an_event_older_than_every_edition_says_which_is_used_and_why(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The real 2005 event: no implemented edition was in force then (the oldest, 2017, is
    from 1 July 2017), so the header must not say 2017 was in force on its date."""
    from cli_support import run

    trf = Path(__file__).parent / "data" / "real" / "karl-mala-2005.trf"
    code, out, _ = run(capsys, "report", str(trf))
    assert code == 0
    assert (
        "rules:   2017 (the oldest edition implemented, in force from 2017-07-01: the event, "
        "2005-07-28, is older than every edition implemented)" in out
    )
    assert "in force on 2005" not in out
