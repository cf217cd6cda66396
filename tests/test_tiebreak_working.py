"""The working of every tie-break value (:mod:`xlfuncs.core.tiebreak_working`) gives the
value: on every file of ``tests/data/`` (the real files, Held's C.07 exercises and the other
test files), for every player and every descriptor with its usual modifiers, the working's
total is the engine's value, and where the rule is a sum, the sum of the lines counted. The
values themselves are gacrux's (``tests/test_tiebreaks_gacrux.py``). Hand-checked lines:
Held's exercise tournament after 5 rounds (*Exercises in Tie-Breaking*, C.07-2023:
exercises 4 and 7, BH and BH/C1 of no. 4)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from xlfuncs.core.errors import InvalidInputError
from xlfuncs.core.tiebreak_working import player_working, tiebreak_working
from xlfuncs.core.tiebreaks import TiebreakTable, tiebreaks
from xlfuncs.trf import read_trf
from xlfuncs.trf.to_crosstable import crosstable_from_trf

DATA = Path(__file__).parent / "data"
FILES = sorted(p for p in DATA.glob("*/*.trf") if p.parent.name != "ratinglist")

BOTH = (
    "DE", "BH", "BH/C1", "BH/M1", "SB", "SB/C1", "PS", "PS/C1", "WIN", "WON", "BPG", "BWG",
    "GE", "REP", "KS", "KS/L-1", "ARO", "ARO/C1", "ARO/M1", "TPR", "PTP", "APRO", "APPO",
    "AOB", "FB", "ARO/U1000", "TPR/U1000",
)  # fmt: skip
"""Every code of both C.07 texts, with the usual modifiers."""
NEW = ("STD", "TPN", "RTNG", "RTNG/R", "AOB/F")
"""The 2026 text's."""
EXERCISES = {"held_swiss_5.trf", "held_swiss_9.trf", "held_round_robin.trf"}
SUMS = {"PTS", "BH", "FB", "SB", "PS", "KS", "WIN", "WON", "BPG", "BWG", "GE", "REP", "STD"}
"""The tie-breaks C.07 defines as a sum (of points, scores or rounds counted)."""


def _tables(path: Path) -> list[TiebreakTable]:
    """The file's tie-breaks under the event's own C.07 text, and for Held's exercises under
    both texts (the 2026 one caps the dummy opponents: 16.4)."""
    t = read_trf(path)
    read = crosstable_from_trf(t)
    editions: tuple[str | None, ...] = ("2023", "2026") if path.name in EXERCISES else (None,)
    out = []
    for edition in editions:
        table = tiebreaks(read.file_ratings, ("PTS", *BOTH), edition=edition, start=t.start_date)
        if table.edition.id == "2026":
            table = tiebreaks(read.file_ratings, ("PTS", *BOTH, *NEW), edition="2026")
        out.append(table)
    return out


CHECKED: dict[str, int] = {}


LONGEST = frozenset({"karl-mala-2005.trf", "karl-mala-2005-3-1-0.trf", "armstrong-cup-2011.trf"})
"""The files whose working takes longest (0.4 s or more each, the largest events, a third of
the file's time), checked by the whole suite only (marked ``slow``): the quick loop checks
every other file, every real one among them."""


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=[pytest.mark.slow] if p.name in LONGEST else []) for p in FILES],
    ids=[f"{p.parent.name}/{p.name}" for p in FILES],
)
def test_the_working_gives_every_value(path: Path) -> None:
    checked = 0
    for table in _tables(path):
        for number in range(1, len(table.points) + 1):
            for w in player_working(table, number):
                assert w.total == w.value, (number, w.descriptor, w.how)
                if w.descriptor.split("/")[0] in SUMS:
                    lines = [x.figure or 0 for x in w.lines if x.left_out is None]
                    assert sum(map(Fraction, lines), Fraction(0)) == w.value, (number, w.descriptor)
                checked += 1
    CHECKED[path.name] = checked
    assert checked >= (1 + len(BOTH)) * len(table.points)


@pytest.fixture(scope="module")
def held_5() -> TiebreakTable:
    t = read_trf(DATA / "tiebreakserver" / "held_swiss_5.trf")
    return tiebreaks(crosstable_from_trf(t).file_ratings, "BH/C1, BH, SB", edition="2023")


def test_a_half_point_bye_and_the_cut(held_5: TiebreakTable) -> None:
    # No. 4 (David): round 1 beat no. 12 (2.0 points; no games in rounds 4 and 5: 16.3
    # counts those as draws, 3.0); round 2 a half-point bye: a dummy opponent with no. 4's
    # own 3.5 (16.2, 2023 text); then no. 13 (1.5), no. 3 (3.5), no. 1 (3.5). BH: 3.0 + 3.5
    # + 1.5 + 3.5 + 3.5 = 15.0 (Held, exercise 4). BH/C1 cuts the bye's 3.5 before the
    # lower 1.5, a voluntary unplayed round going first: 11.5 (exercise 7).
    bh = tiebreak_working(held_5, 4, "BH")
    assert [x.figure for x in bh.lines] == [3, Fraction(7, 2), Fraction(3, 2), 3.5, 3.5]
    assert bh.total == 15 and "16.3" in bh.lines[0].text and "16.2" in bh.lines[1].text
    c1 = tiebreak_working(held_5, 4, "BH/C1")
    assert [x.round for x in c1.lines if x.left_out] == [2]
    assert "unplayed" in (c1.lines[1].left_out or "") and c1.total == Fraction(23, 2)
    assert c1.edition == "2023"
    # SB: each opponent's adjusted score times the points: 3.0 + 1.75 + 1.5 + 1.75 + 1.75
    assert tiebreak_working(held_5, 4, "SB").total == Fraction(39, 4)


def test_a_player_or_descriptor_not_in_the_table(held_5: TiebreakTable) -> None:
    with pytest.raises(InvalidInputError, match="1..16"):
        tiebreak_working(held_5, 17, "BH")
    with pytest.raises(InvalidInputError, match="not computed"):
        tiebreak_working(held_5, 1, "ARO")
