"""The working of an unrated player's first rating (:mod:`xlfuncs.core.first_rating_working`)
and its place in ``xlfuncs report --player N``.

The rules are the Rating Regulations' first rating of a player unrated at the start of the
event, as docs/fide-rules.md ("First rating", "Editions") gives them: before 1 March 2024
Ra is the rated opponents' average and at 50 % or more Ru = Ra + 20 per half point above
50 %, below it Ru = Ra + dp (the 2017 round robin: the unrated opponents' games count, dp x
n/(n+1)); from 1 March 2024 (the 2024 text, 8.2) two hypothetical opponents rated 1800,
both drawn, join Ra and the score, Ru = Ra + dp, at most 2200; a zero score in a first
event is disregarded; published from 5 games against rated opponents at the floor (1400
from March 2024) or above (7.1.4). dp from table 8.1(a). Every figure is worked by hand in
the comment beside it.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.core.errors import NothingToComputeError
from xlfuncs.core.first_rating_working import FirstRatingWorking, first_rating_working
from xlfuncs.core.results import Outcome
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing
from xlfuncs.trf import read_trf
from xlfuncs.trf.to_crosstable import crosstable_from_trf

F = Fraction
DATA = Path(__file__).parent / "data"
SWISS_12 = str(DATA / "trf" / "swiss_12.trf")
_BACK = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}
_OUTCOME = {1: Outcome.WIN, F(1, 2): Outcome.DRAW, 0: Outcome.LOSS}


def _event(
    games: list[tuple[int | None, Fraction | int]], *, rules: str, round_robin: bool = False
) -> Crosstable:
    """Player 1 (unrated) meets player j + 2 (rated as given, ``None`` unrated) in round
    j + 1, scoring the points given; the others play no other game."""
    rounds = len(games)
    me = Entrant(None, tuple(Pairing(j + 2, _OUTCOME[w]) for j, (_, w) in enumerate(games)))
    others = [
        Entrant(
            r,
            tuple(
                Pairing(1, _BACK[_OUTCOME[w]]) if k == j else Pairing(None, None)
                for k in range(rounds)
            ),
        )
        for j, (r, w) in enumerate(games)
    ]
    return Crosstable.build([me, *others], rules=rules, round_robin=round_robin)


def _sums_hold(w: FirstRatingWorking) -> None:
    """The lines make the figures: the ratings counted in Ra over their count are Ra, the
    points counted are the score, the games counted are n."""
    c = w.calculation
    assert F(w.ra_sum, w.ra_count) == c.ra
    assert w.score == c.score
    assert w.games == c.games
    assert sum(1 for x in w.lines if x.in_ra and x.round is not None) == c.rated_games


# 5 games against 1800..2200 (average 2000) scoring 1, 1, 0, 1/2, 1/2 = 3 points, and a win
# against an unrated opponent in round 6
FIVE = [(1800, 1), (1900, 1), (2000, 0), (2100, F(1, 2)), (2200, F(1, 2)), (None, 1)]


def test_2024_two_hypothetical_draws() -> None:
    # 2024 text: Ra = (1800 + 1900 + 2000 + 2100 + 2200 + 1800 + 1800) / 7 = 13600 / 7
    # = 1942.86; score 3 + 1/2 + 1/2 = 4 of 7 (the unrated opponent counts in neither):
    # p = .5714 -> .57, dp 50; Ru = 1942.86 + 50 = 1992.86 -> 1993; 5 rated games, >= 1400
    w = first_rating_working(_event(FIVE, rules="2024"), 1)
    assert w is not None
    _sums_hold(w)
    assert w.edition == "2024"
    assert [x.round for x in w.lines] == [1, 2, 3, 4, 5, 6, None, None]
    assert [x.opponent for x in w.lines] == [2, 3, 4, 5, 6, 7, None, None]
    assert w.ra_sum == 13600 and w.ra_count == 7
    assert (w.score, w.games) == (4, 7)
    unrated = w.lines[5]
    assert (unrated.in_ra, unrated.in_score, unrated.left_out is not None) == (False, False, True)
    assert [(x.opponent_rating, x.points) for x in w.lines[6:]] == [(1800, F(1, 2))] * 2
    assert w.formula == "Ru = Ra + dp"
    assert w.steps[0] == (
        "Ra = (1800 + 1900 + 2000 + 2100 + 2200 + 1800 + 1800) / 7 = 13600 / 7 = 1942.86"
    )
    assert w.steps[2] == "dp(0.57) = 50 (table 8.1(a)); Ru = Ra + dp = 1942.86 + 50 = 1992.86"
    assert (w.rating, w.published) == (1993, True)
    assert "hypothetical opponents" in w.rule and "2200" in w.rule


def test_2022_twenty_per_half_point_above_half() -> None:
    # 2022 text: Ra = 10000 / 5 = 2000; 3 of 5 = 60 %: 2 x 3 - 5 = 1 half point above 50 %,
    # Ru = 2000 + 20 x 1 = 2020; the rule note says what March 2024 changed
    w = first_rating_working(_event(FIVE, rules="2022"), 1)
    assert w is not None
    _sums_hold(w)
    assert (w.ra_sum, w.ra_count, w.score, w.games) == (10000, 5, 3, 5)
    assert all(x.round is not None for x in w.lines)  # no hypothetical opponent
    assert w.formula == "Ru = Ra + 20 x (half points above 50 %)"
    assert w.steps[2].endswith("= 2000.00 + 20 x (2 x 3.0 - 5) = 2000.00 + 20 x 1 = 2020.00")
    assert w.rating == 2020
    assert "From 1 March 2024" in w.rule


def test_2017_round_robin_counts_the_unrated_game() -> None:
    # 2017 round robin: 2000 (1), 2100 (1/2), 2200 (1/2), 2300 (0), 2400 (0) and a loss to an
    # unrated player: Ra = 11000 / 5 = 2200, score 2 of n = 6 (the unrated game counts):
    # p = .3333 -> .33, dp -125; Ru = 2200 - 125 x 6/7 = 2200 - 107.14 = 2092.86 -> 2093
    games = [(2000, 1), (2100, F(1, 2)), (2200, F(1, 2)), (2300, 0), (2400, 0), (None, 0)]
    w = first_rating_working(_event(games, rules="2017", round_robin=True), 1)
    assert w is not None
    _sums_hold(w)
    assert (w.ra_sum, w.ra_count, w.score, w.games) == (11000, 5, 2, 6)
    assert (w.lines[5].in_ra, w.lines[5].in_score) == (False, True)
    assert w.formula == "Ru = Ra + dp x n/(n+1)"
    assert w.steps[2].endswith("= 2200.00 - 125 x 6/7 = 2092.86")
    assert w.rating == 2093


def test_2024_maximum_and_too_few_games() -> None:
    # 2024: four wins against 2300s: Ra = (4 x 2300 + 2 x 1800) / 6 = 12800 / 6 = 2133.33;
    # score 4 + 1 = 5 of 6: p = .8333 -> .83, dp 273; Ru = 2406.33 -> 2406, at most 2200;
    # 4 games against rated opponents: not published (fewer than 5)
    w = first_rating_working(_event([(2300, 1)] * 4, rules="2024"), 1)
    assert w is not None
    _sums_hold(w)
    assert w.steps[2] == "dp(0.83) = 273 (table 8.1(a)); Ru = Ra + dp = 2133.33 + 273 = 2406.33"
    assert w.steps[3] == "Ru rounded (half up) = 2406, at most 2200: 2200"
    assert (w.rating, w.published) == (2200, False)
    assert w.steps[4].startswith("not published: 4 games against rated opponents, fewer than 5")


def test_zero_score_is_disregarded_and_rated_players_have_none() -> None:
    # a zero score in a first event is disregarded (every edition): worked, marked, not
    # published; 2022: Ra = 10000 / 5 = 2000, p 0 -> dp -800, Ru 1200
    ct = _event([(1800, 0), (1900, 0), (2000, 0), (2100, 0), (2200, 0)], rules="2022")
    w = first_rating_working(ct, 1)
    assert w is not None
    assert (w.calculation.disregarded, w.published, w.rating) == (True, False, 1200)
    assert w.steps[-1] == "a zero score in a first event is disregarded: no first rating"
    assert first_rating_working(ct, 2) is None  # rated
    only_unrated = _event([(None, 1)], rules="2024")
    with pytest.raises(NothingToComputeError):
        first_rating_working(only_unrated, 1)


REAL = sorted((DATA / "real").glob("*.trf")) + [DATA / "trf" / "swiss_12.trf"]


@pytest.mark.parametrize("path", REAL, ids=[p.name for p in REAL])
def test_the_lines_make_every_first_rating_of_the_files(path: Path) -> None:
    ct = crosstable_from_trf(read_trf(path)).crosstable
    for number, entrant in enumerate(ct.entrants, start=1):
        if entrant.rating is not None:
            continue
        try:
            w = first_rating_working(ct, number)
        except NothingToComputeError:
            continue
        assert w is not None
        _sums_hold(w)
        assert w.rating == w.calculation.rating


def test_report_player_shows_the_first_rating(capsys: pytest.CaptureFixture[str]) -> None:
    # swiss_12.trf, no. 12 (unrated; 2024 rules): 2198 (0), 2245 (0), 2050 (1), 2150 (0) and
    # two hypothetical 1800s drawn: Ra = 12243 / 6 = 2040.50, 2 of 6 = .33, dp -125:
    # Ru = 1915.50 -> 1916; 4 rated games: not published
    code, out, _ = run(capsys, "report", SWISS_12, "--player", "12")
    assert code == 0
    assert "First rating (Rating Regulations 2024): Ru 1916" in out
    assert "Ra = (2198 + 2245 + 2050 + 2150 + 1800 + 1800) / 6 = 12243 / 6 = 2040.50" in out
    assert "Ru = Ra + dp = 2040.50 - 125 = 1915.50" in out
    code, out, _ = run(capsys, "report", SWISS_12, "--player", "12", "--format", "json")
    found = json.loads(out)["first_rating"]
    assert (found["rating"], found["published"], found["n"], found["dp"]) == (1916, False, 6, -125)
    assert [g["opponent"] for g in found["games"]] == [3, 2, 6, 4, None, None]
    code, out, _ = run(capsys, "report", SWISS_12, "--player", "2", "--format", "json")
    assert json.loads(out)["first_rating"] is None  # rated
