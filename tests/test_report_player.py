"""``xlfuncs report --player N``: one player's tie-breaks with their working and the rating
change game by game (text and JSON); the rating change's working
(:mod:`xlfuncs.core.rating_working`) on a published example."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.core.rating_working import rating_working
from xlfuncs.core.results import Outcome
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing

DATA = Path(__file__).parent / "data"
HELD_5 = str(DATA / "tiebreakserver" / "held_swiss_5.trf")
SWISS_12 = str(DATA / "trf" / "swiss_12.trf")


def test_the_rating_change_line_by_line() -> None:
    # chesschat.org, "FIDE rating uplift change" (2022 rules; the example of
    # core.rating_change.rating_change): 2000 scores 5.5/7, K 20. The 2022 rules' 400-point
    # rule upgrades one opponent a tournament, the largest difference: 1063 counts as 1600
    # (PD 0.92); the sum of K x (W - PD) is -12.2, rounded once: -12.
    ratings = [1063, 1299, 1413, 1872, 1851, 1427, 1682]
    results = [Outcome.WIN] * 3 + [Outcome.DRAW, Outcome.LOSS] + [Outcome.WIN] * 2
    back = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}
    me = Entrant(2000, tuple(Pairing(j + 2, o, "w") for j, o in enumerate(results)), k=20)
    others = [
        Entrant(r, tuple(Pairing(1, back[o], "b") if k == j else Pairing(None, None)
                         for k in range(7)))
        for j, (r, o) in enumerate(zip(ratings, results))
    ]  # fmt: skip
    ct = Crosstable.build([me, *others], rules="2022")
    w = rating_working(ct, 1)
    assert w is not None
    assert [g.round for g in w.lines] == [1, 2, 3, 4, 5, 6, 7]
    assert [g.opponent for g in w.lines] == [2, 3, 4, 5, 6, 7, 8]
    assert [(g.opponent_rating, g.rating_used) for g in w.lines if g.capped] == [(1063, 1600)]
    assert w.lines[0].expected == Fraction(92, 100)
    assert sum(g.change or 0 for g in w.lines) == w.unrounded == Fraction(-122, 10)
    assert (w.change, w.k, w.k_lowered, w.n) == (-12, 20, False, 7)
    assert rating_working(ct, 2) is None  # no K: no change


def test_report_player_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", HELD_5, "--player", "4", "--tiebreaks", "BH/C1, BH")
    assert code == 0
    assert out.startswith("no. 4 David (2050)\n")
    assert "Tie-breaks (C.07, 2023 text)" in out
    assert "BH/C1 = 11.5" in out and "= the sum of the 4 values counted (1 left out): 11.5" in out
    assert "[cut: a voluntary unplayed round's value is cut first (C.07 16)]" in out
    assert "Rating change: unrated" in out  # the exercise's players have no FIDE id


def test_report_player_json_and_the_rating_change(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", SWISS_12, "--player", "2", "--format", "json")
    assert code == 0
    found = json.loads(out)
    assert found["start_no"] == 2
    for tb in found["tiebreaks"]:
        counted = [x["figure"] for x in tb["lines"] if x["left_out"] is None]
        if tb["descriptor"] in ("BH/C1", "BH", "SB"):
            assert sum(counted) == pytest.approx(tb["value"]) == pytest.approx(tb["total"])
    rc = found["rating_change"]
    assert sum(g["k_times_w_minus_pd"] for g in rc["games"]) == pytest.approx(rc["unrounded"])
    assert rc["change"] == round(rc["unrounded"]) and rc["k_used"] * rc["n"] <= 700


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--player", "99"), "has no player of starting rank 99; the players are 1..16"),
        (("--player", "4", "--format", "csv"), "--player prints text or json"),
        (("--player", "4", "--teams"), "--player or --teams, not both"),
    ],
)
def test_report_player_refused(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "report", HELD_5, *argv)
    assert code == 2 and out == "" and message in err


@pytest.mark.parametrize("name", ["karl-mala-2005.trf", "crete-friendship-cup-2024-rapid.trf"])
def test_every_rating_change_of_a_real_file_adds_up(name: str) -> None:
    from xlfuncs.trf import read_trf
    from xlfuncs.trf.to_crosstable import crosstable_from_trf

    ct = crosstable_from_trf(read_trf(DATA / "real" / name)).crosstable
    checked = 0
    for number in range(1, len(ct.entrants) + 1):
        w = rating_working(ct, number)
        if w is None:
            continue
        counted = [g for g in w.lines if g.left_out is None]
        assert len(counted) == w.n and w.k * w.n <= 700
        assert sum(g.change or 0 for g in counted) == w.unrounded
        assert w.change == ct.figures(number).change.change  # type: ignore[union-attr]
        checked += 1
    assert checked > 50
