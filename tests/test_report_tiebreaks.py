"""Tie-breaks, ranks and rounds in the report and the crosstable command (issue 10).

The reference for every value and rank is ``gacrux``, FIDE's Technical Commission's
tie-break checker (the code of TieBreakServer), run here once per session on the same files;
the small cases are worked out by hand in the comments.
"""

from __future__ import annotations

import datetime as dt
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from cli_support import run
from gacrux_reference import as_fraction, reference

from xlfuncs.trf import Tournament, parse_trf, read_trf
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
    assert [(d.kind, d.line_no, d.start_no) for d in found] == [("rank", 3, 2), ("rank", 4, 3)]
    assert [d.message for d in found] == [
        "no. 2 (Baker, B): rank 2 here, 3 in the file; no. 3 (Cole, C) is below here, above "
        "in the file: equal on points 2.0, separated by BH 7.5 vs 7.0",
        "no. 3 (Cole, C): rank 3 here, 2 in the file; no. 2 (Baker, B) is above here, below "
        "in the file: equal on points 2.0, separated by BH 7.0 vs 7.5",
    ]
    assert str(found[0]).startswith("four.trf, line 3: no. 2 (Baker, B): rank 2 here")


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
    assert [(d.message, d.line_no) for d in found] == [(PLACEHOLDER_NONE, None)]
    # every rank the starting rank, ours differ: once, not for no. 2 and no. 3
    t = four({1: 1, 2: 2, 3: 3, 4: 4})
    found = rank_discrepancies(t, standings(t, ours, FIGURES))
    assert [str(d) for d in found] == [f"four.trf: {PLACEHOLDER_START}"]
    # the starting ranks, and ours the same: nothing to say
    assert rank_discrepancies(t, standings(t, {1: 1, 2: 2, 3: 3, 4: 4}, FIGURES)) == []


def test_unranked_player_is_not_compared() -> None:
    # no. 4 has rank 0 in the file (withdrawn): no line for them
    t = four({1: 1, 2: 3, 3: 2, 4: 0})
    found = rank_discrepancies(t, standings(t, {1: 1, 2: 2, 3: 3, 4: 4}, FIGURES))
    assert [d.start_no for d in found] == [2, 3]


# --------------------------------------------------------------------------- against gacrux

DATA = Path(__file__).resolve().parent / "data"
FILES = sorted((DATA / "real").glob("*.trf")) + sorted((DATA / "tiebreakserver").glob("*.trf"))
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
    assert len(data) == len(ref.ranks) == len(t.players)
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
