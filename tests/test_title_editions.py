"""The Title Regulations' editions on their own dates, and the norm functions that follow them.

Rule and sources (``docs/editions.md``; ``docs/fide-rules.md``, "Title norms"): under the
Title Regulations (handbook B.01) in force from **1 January 2024** an unrated opponent of a
norm counts as rated 1400; before, 1000. The Rating Regulations (B.02) changed on 1 March
2024: a norm from January or February 2024 takes 1400 with the 2022 rating rules.

Norm figures (B.01 1.4, 2024 text; ``docs/fide-rules.md``): at most one opponent, the lowest
rated, is raised to the title's floor (GM 2200); Ra rounded to a whole number (0.5 up); p to
a whole percent (0.5 % up); Rp = Ra + dp (table 8.1(a)).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from xlfuncs import excel, udfs
from xlfuncs.core.editions import EDITIONS
from xlfuncs.core.errors import InvalidInputError, OutOfRangeError
from xlfuncs.core.norm_field import CrosstableNorms
from xlfuncs.core.norms import norm_performance, norm_ratings_before_floor
from xlfuncs.core.results import Outcome
from xlfuncs.core.title_editions import (
    DEFAULT_TITLE_EDITION,
    TITLE_EDITIONS,
    title_edition,
    title_edition_on,
)
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing

ISSUE = [[0.0], [0.0]] + [[2500.0]] * 7
"""Two unrated opponents (0) and seven rated 2500, one cell per game."""


def test_issue_case_gm_norm_on_15_january_2024() -> None:
    # 6 points of 9. Valued: 1400, 1400, 2500 x 7 (Title Regulations from 1 Jan 2024).
    # The floor raises the lowest (the first 1400) to 2200:
    # Ra = (2200 + 1400 + 7 x 2500) / 9 = 21100 / 9 = 2344.4 -> 2344.
    # p = 6 / 9 = 66.67 % -> 67 %; dp(.67) = 125; Rp = 2344 + 125 = 2469.
    # Old answer 2425: the rating edition in force (2022 rules, to 29 Feb 2024) gave 1000:
    # Ra = (2200 + 1000 + 17500) / 9 = 20700 / 9 = 2300; Rp = 2300 + 125 = 2425.
    assert udfs.NORM_RP(ISSUE, 6.0, "GM", dt.date(2024, 1, 15)) == 2469
    assert udfs.NORM_RP(ISSUE, 6.0, "GM", dt.date(2023, 12, 31)) == 2425
    assert udfs.NORM_RP(ISSUE, 6.0, "GM", dt.date(2024, 2, 29)) == 2469  # rating edition 2022
    assert udfs.NORM_RP(ISSUE, 6.0, "GM", "2024-01-15") == 2469  # ISO date text
    assert udfs.NORM_RP(ISSUE, 6.0, "GM", 45306.0) == 2469  # Excel serial of 15 Jan 2024


def test_rating_edition_ids_still_mean_what_they_meant() -> None:
    # An id names a Rating Regulations edition; the norm takes the Title Regulations in
    # force on its first day: 2017 (1 Jul 2017) and 2022 (1 Jan 2022) the earlier text,
    # 2024 (1 Mar 2024) and 2025 (1 Oct 2025) the 2024 text; blank: in force today.
    assert [udfs.NORM_RP(ISSUE, 6.0, "GM", r) for r in ("2017", 2022.0, "2024", 2025.0)] == [
        2425,
        2425,
        2469,
        2469,
    ]
    assert udfs.NORM_RP(ISSUE, 6.0, "GM") == 2469


def test_norm_points_follows_the_date() -> None:
    # Two unrated and seven 2600. From 1 Jan 2024: valued 1400, 1400, 2600 x 7; floor ->
    # 2200, 1400, 18200: Ra = 21800 / 9 = 2422.2 -> 2422 >= 2380. Rp >= 2600 needs dp >=
    # 178: p .74 (184), as .73 gives 175; 6½/9 = 72.2 % -> 72 % (166: 2588), 7/9 = 77.8 %
    # -> 78 % (220: 2642): 7 points. Before: 2200 + 1000 + 18200 = 21400 / 9 = 2377.8 ->
    # 2378 < 2380: no score makes the norm (#N/A).
    opps = [[0.0], [0.0]] + [[2600.0]] * 7
    assert udfs.NORM_POINTS(opps, "GM", dt.date(2024, 1, 15)) == 7
    assert udfs.NORM_POINTS(opps, "GM", dt.date(2023, 12, 31)) == "#N/A"
    assert "Ra 2378 is below the GM minimum 2380" in excel.last_errors()["NORM_POINTS"]


def test_norm_ratings_and_figures_follow_the_date() -> None:
    results = [[1.0]] * 6 + [[0.0]] * 3
    day = dt.date(2024, 1, 15)
    rows = udfs.NORM_RATINGS(ISSUE, results, "GM", day)
    assert rows[:3] == [[1400, 2200], [1400, 1400], [2500, 2500]]
    figures = udfs.NORM_FIGURES(ISSUE, results, "GM", day)
    assert figures[0] == [2344, 2380, False] and figures[2] == [2469, 2600, False]
    old = udfs.NORM_RATINGS(ISSUE, results, "GM", dt.date(2023, 12, 31))
    assert old[:2] == [[1000, 2200], [1000, 1000]]


def test_norm_all_follows_the_date() -> None:
    # Player 1 met nine players: two unrated, seven rated 2600, and scored 7 (wins against
    # the unrated and five of the 2600s, losses against two): NORM_POINTS' example above. A
    # GM norm from 1 January 2024 (Rp 2642); before, Ra 2378 is below the GM minimum, and the
    # best is an IM norm (IM floor 2050: 2050 + 1000 + 18200 = 21250 / 9 = 2361.1 -> 2361;
    # 78 % -> dp 220: Rp 2581 >= 2450). The other players' rows carry no results. The mix
    # (B.01 1.4.3-1.4.5) is made: the 2600s are GMs (7 titled of 9, 7 GMs), and no federation
    # has more than one opponent, none the player's (ESP).
    entrants = [
        Entrant(
            rating=2450,
            pairings=tuple(
                Pairing(j + 2, Outcome.WIN if j < 7 else Outcome.LOSS) for j in range(9)
            ),
            federation="ESP",
        )
    ]
    feds = iter(["GER", "FRA", "NED", "ITA", "ENG", "NOR", "SWE", "POL", "CZE"])
    entrants += [Entrant(rating=None, pairings=(), federation=next(feds)) for _ in range(2)]
    entrants += [
        Entrant(rating=2600, pairings=(), fide_title="GM", federation=next(feds)) for _ in range(7)
    ]
    table = Crosstable.build(entrants, rules="2022")
    assert CrosstableNorms(table, title_edition(dt.date(2024, 1, 15))).best(1) == "GM"
    assert CrosstableNorms(table).best(1) == "IM"


def test_title_editions_table() -> None:
    e17, e24 = TITLE_EDITIONS["2017"], TITLE_EDITIONS["2024"]
    assert (e17.unrated_opponent, e24.unrated_opponent) == (1000, 1400)
    assert e17.in_force_until == dt.date(2023, 12, 31)
    assert e24.in_force_from == dt.date(2024, 1, 1) and e24.in_force_until is None
    assert DEFAULT_TITLE_EDITION is e24
    assert title_edition_on(dt.date(2023, 12, 31)) is e17
    assert title_edition_on(dt.date(2024, 1, 1)) is e24
    # the two regulations' dates differ: in January and February 2024 the rating edition is
    # 2022's while the Title Regulations are 2024's
    assert EDITIONS["2022"].in_force_on(dt.date(2024, 2, 29))
    assert title_edition(dt.date(2024, 2, 29)) is e24
    # every rating edition has a Title Regulations edition beside it
    assert [title_edition(e).id for e in EDITIONS.values()] == ["2017", "2017", "2024", "2024"]
    assert title_edition(e24) is e24 and title_edition(" 2022 ") is e17
    with pytest.raises(OutOfRangeError, match="Title Regulations was in force on 2017-06-30"):
        title_edition(dt.date(2017, 6, 30))
    with pytest.raises(InvalidInputError, match="unknown edition 'x'"):
        title_edition("x")
    with pytest.raises(InvalidInputError):
        title_edition(True)


def test_core_norm_functions_take_dates() -> None:
    assert norm_ratings_before_floor([None], rules=dt.date(2024, 1, 15)) == [1400]
    assert norm_ratings_before_floor([None], rules=dt.date(2023, 12, 31)) == [1000]
    perf = norm_performance([None, None] + [2500] * 7, 6, "GM", rules=dt.date(2024, 1, 15))
    assert (perf.ra, perf.percent, perf.dp, perf.rp) == (2344, 67, 125, 2469)


def test_title_rules_cell() -> None:
    assert excel.title_rules(None).id == "2024"
    assert excel.title_rules(dt.datetime(2023, 5, 1, 12, 0)).id == "2017"
    assert excel.title_rules([[2022.0]]).id == "2017"
    assert excel.title_rules(" 2024-01-01 ").id == "2024"
    with pytest.raises(InvalidInputError):
        excel.title_rules(True)


@pytest.mark.parametrize("rules", ["2025 rapid", "blitz", "2024-03-01 blitz", "rapid 2017"])
def test_no_norm_in_rapid_or_blitz_play(rules: str) -> None:
    # Issues 11 and 12: "No title norm is claimed in a rapid or blitz event." The norm
    # functions refuse rules naming rapid or blitz play rather than compute a norm there.
    with pytest.raises(InvalidInputError, match="gives no title norm"):
        title_edition(rules)
    assert udfs.NORM_RP(ISSUE, 6.0, "GM", rules) == "#VALUE!"
    assert "no title norm" in excel.last_errors()["NORM_RP"]
    assert udfs.NORM_POINTS(ISSUE, "GM", rules) == "#VALUE!"


def test_standard_named_is_the_same_as_no_rate() -> None:
    # "2025 standard" names the standard rules of 2025: the same Title Regulations (2024).
    assert title_edition("2025 standard") is title_edition("2025") is TITLE_EDITIONS["2024"]
    assert udfs.NORM_RP(ISSUE, 6.0, "GM", "2025 standard") == udfs.NORM_RP(ISSUE, 6.0, "GM", 2025)


# --- A TRF event of January 2024 (the report and `norms` read the event's own date) -------
#
# Player 1 (ESP, 2450) meets two unrated opponents (GER, FRA; won both), five GMs rated 2600
# (won) and two more (lost): 7/9 = 78 % -> dp 220 (table 8.1(a)). Under the Title
# Regulations in force from 1 January 2024 the unrated opponents count 1400 and the lowest is
# raised to the GM floor 2200 (1.4.6): Ra = (2200 + 1400 + 7 x 2600) / 9 = 21800 / 9 = 2422.2
# -> 2422, Rp = 2642: a GM norm. Under the earlier text (1000): Ra = 21400 / 9 = 2377.8 ->
# 2378 < 2380: no GM norm (an IM one). The Rating Regulations of those days are the 2022
# edition (1 Jan 2022 - 29 Feb 2024), whose first day is under the earlier Title Regulations:
# the edition's first day must not choose the Title Regulations (docs/editions.md: "To judge
# a norm from January or February 2024, give the event's date").

_FEDS = ["GER", "FRA", "NED", "ITA", "ENG", "NOR", "SWE", "POL", "CZE"]


def _january_2024_trf() -> str:
    from norm_events import Opp, star_trf

    rounds = [Opp(None, "", "GER", "1"), Opp(None, "", "FRA", "1")] + [
        Opp(2600, "GM", f, "1" if i < 5 else "0") for i, f in enumerate(_FEDS[2:])
    ]
    text = star_trf(rounds, rating=2450)
    return text.replace("2025/05/10", "2024/01/15").replace("2025/05/18", "2024/01/22")


def test_event_title_edition_by_the_event_date_not_the_rating_edition() -> None:
    from xlfuncs.core.title_editions import event_title_edition

    jan = dt.date(2024, 1, 15)
    assert event_title_edition(None, jan).id == "2024"
    assert event_title_edition("2024-01-15", dt.date(2023, 6, 1)).id == "2024"
    assert event_title_edition("2024-01-15 rapid", jan).id == "2024"
    assert event_title_edition("rapid", jan).id == "2024"
    assert event_title_edition(None, dt.date(2023, 12, 31)).id == "2017"
    assert event_title_edition(EDITIONS["2022"], jan).id == "2017"  # an edition: its first day


@pytest.mark.parametrize("rules", [None, "2024-01-15"])
def test_norms_and_report_of_january_2024_use_1400(
    rules: str | None, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from cli_support import run

    path = tmp_path / "jan2024.trf"
    path.write_text(_january_2024_trf(), encoding="utf-8")
    given = [] if rules is None else ["--rules", rules]
    code, out, _ = run(capsys, "norms", str(path), *given)
    assert code == 0
    assert "Title Regulations 2024" in out
    assert "GM norm, 7.0/9 games, Ra 2422, 78 %, Rp 2642" in out
    code, out, _ = run(capsys, "report", str(path), *given)
    assert code == 0
    assert "GM norm, 7.0/9 (78 %), Ra 2422" in out
    assert "rules:   2022" in out  # rated under the 2022 Rating Regulations all the same
