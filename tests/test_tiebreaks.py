"""The tie-breaks (:mod:`xlfuncs.core.tiebreaks`) against published answers and hand
calculations.

Published answers: IA Mario Held, *Exercises in Tie-Breaking* (C.07-2023, Rev. 2403220900,
pp. 10-50), exercises 1-33 on his exercise tournaments, whose TRFs ship in the
TieBreakServer repository (``tests/data/tiebreakserver/``, see ``SOURCE``); the answers as
that repository's ``tests/test_fide_held_individual_exercises.py`` lists them, with the
answers its authors give for the 2026 text where Article 16.4 changes them.
"""

from __future__ import annotations

import datetime as _dt
from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest

from xlfuncs.core.errors import InvalidInputError
from xlfuncs.core.results import Outcome
from xlfuncs.core.tables import round_half_up
from xlfuncs.core.tiebreak_editions import TIEBREAK_EDITIONS, tiebreak_edition_for
from xlfuncs.core.tiebreaks import (
    Descriptor,
    TiebreakError,
    parse_descriptor,
    parse_descriptors,
    rank,
    tiebreaks,
)
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing
from xlfuncs.trf import read_trf
from xlfuncs.trf.to_crosstable import crosstable_from_trf

DATA = Path(__file__).parent / "data" / "tiebreakserver"
SWISS_5 = DATA / "held_swiss_5.trf"
SWISS_9 = DATA / "held_swiss_9.trf"
ROUND_ROBIN = DATA / "held_round_robin.trf"

# Held's answers, by starting rank (the exercise tournament of 16 players, 5 rounds).
BH = {1: "12.5", 2: "13.0", 3: "15.5", 4: "15.0", 5: "8.5", 6: "12.0", 7: "14.5", 8: "13.5",
      9: "9.0", 10: "13.0", 11: "13.5", 12: "11.5", 13: "14.0", 14: "11.0", 15: "12.0",
      16: "12.5"}  # fmt: skip
BH_C1 = {1: "11.0", 2: "12.0", 3: "13.0", 4: "11.5", 5: "7.5", 6: "11.0", 7: "12.5", 8: "12.0",
         9: "7.5", 10: "11.5", 11: "12.0", 12: "9.5", 13: "12.0", 14: "9.0", 15: "11.0",
         16: "11.0"}  # fmt: skip
AOB = {1: "12.60", 2: "13.60", 3: "13.40", 4: "13.38", 5: "13.40", 6: "13.25", 7: "11.90",
       8: "13.00", 9: "12.75", 10: "10.90", 11: "12.75", 12: "15.00", 13: "12.10", 14: "13.17",
       15: "12.20", 16: "13.30"}  # fmt: skip
FB = {1: "13.5", 2: "13.5", 3: "15.0", 4: "15.5", 5: "10.0", 6: "12.0", 7: "13.5", 8: "12.5",
      9: "9.5", 10: "12.5", 11: "12.5", 12: "11.5", 13: "13.5", 14: "10.5", 15: "12.0",
      16: "13.5"}  # fmt: skip
SB = {1: "8.00", 2: "9.50", 3: "10.50", 4: "9.75", 5: "4.25", 6: "6.50", 7: "3.25", 8: "5.25",
      9: "2.25", 10: "1.50", 11: "5.75", 12: "4.00", 13: "4.25", 14: "4.50", 15: "3.50",
      16: "7.25"}  # fmt: skip
SB_C1 = {1: "7.25", 2: "8.50", 3: "9.25", 4: "8.00", 5: "3.25", 6: "5.50", 7: "1.25", 8: "3.75",
         9: "2.25", 10: "0.00", 11: "4.25", 12: "4.00", 13: "4.25", 14: "3.00", 15: "2.50",
         16: "5.75"}  # fmt: skip
ARO = {1: "1820", 2: "1880", 3: "1940", 4: "1888", 5: "1690", 6: "1813", 7: "1760", 8: "1730",
       9: "1975", 10: "1880", 11: "1863", 12: "2050", 13: "1930", 14: "1800", 15: "1860",
       16: "1820"}  # fmt: skip
ARO_C1 = {1: "1900", 2: "1988", 3: "2000", 4: "1983", 5: "1738", 6: "1900", 7: "1838",
          8: "1800", 9: "2200", 10: "1975", 11: "2000", 12: None, 13: "2025", 14: "1900",
          15: "1963", 16: "1900"}  # fmt: skip
TPR = {1: "1969", 2: "2120", 3: "2089", 4: "2081", 5: "1690", 6: "1813", 7: "1611", 8: "1730",
       9: "1175", 10: "1640", 11: "1776", 12: "1250", 13: "1781", 14: "1925", 15: "1788",
       16: "1969"}  # fmt: skip
WIN = {1: 2, 2: 3, 3: 2, 4: 2, 5: 2, 6: 3, 7: 1, 8: 2, 9: 1, 10: 1, 11: 2, 12: 2, 13: 1, 14: 2,
       15: 2, 16: 3}  # fmt: skip
WON = {1: 2, 2: 3, 3: 2, 4: 2, 5: 2, 6: 2, 7: 1, 8: 2, 9: 0, 10: 1, 11: 1, 12: 0, 13: 1, 14: 2,
       15: 2, 16: 3}  # fmt: skip
BPG = {1: 2, 2: 3, 3: 2, 4: 2, 5: 2, 6: 2, 7: 3, 8: 2, 9: 1, 10: 3, 11: 2, 12: 0, 13: 3, 14: 2,
       15: 3, 16: 2}  # fmt: skip
BWG = {1: 1, 2: 1, 3: 1, 4: 1, 5: 0, 6: 1, 7: 0, 8: 0, 9: 0, 10: 1, 11: 0, 12: 0, 13: 1, 14: 1,
       15: 1, 16: 1}  # fmt: skip
GE = {1: 5, 2: 5, 3: 5, 4: 4, 5: 5, 6: 5, 7: 5, 8: 5, 9: 3, 10: 5, 11: 5, 12: 3, 13: 5, 14: 3,
      15: 5, 16: 5}  # fmt: skip
PS = {1: "11.0", 2: "13.0", 3: "11.0", 4: "11.5", 5: "5.0", 6: "6.0", 7: "6.0", 8: "8.5",
      9: "2.5", 10: "4.0", 11: "5.5", 12: "7.0", 13: "7.0", 14: "6.0", 15: "7.0",
      16: "10.5"}  # fmt: skip
PS_C1 = {1: "10.0", 2: "12.0", 3: "10.5", 4: "10.5", 5: "5.0", 6: "6.0", 7: "5.0", 8: "8.0",
         9: "2.5", 10: "4.0", 11: "5.0", 12: "7.0", 13: "6.0", 14: "5.0", 15: "7.0",
         16: "10.0"}  # fmt: skip


def only(values: dict[int, object], *players: int) -> dict[int, object]:
    return {p: values[p] for p in players}


def changed(values: dict[int, object], **new: object) -> dict[int, object]:
    return {**values, **{int(k): v for k, v in new.items()}}


# (exercise, file, descriptor, expected, round robin, expected are ranks by PTS then it)
HELD_2023 = [
    (1, SWISS_5, "BH", only(BH, 2), False, False),
    (2, SWISS_5, "BH", only(BH, 1, 3), False, False),
    (3, SWISS_5, "BH", only(BH, 5, 8, 11), False, False),
    (4, SWISS_5, "BH", only(BH, 1, 3, 4, 16), False, False),
    (5, SWISS_5, "BH/C1", only(BH_C1, 5, 8, 11), False, False),
    (6, SWISS_5, "BH/C1", only(BH_C1, 7, 9, 13), False, False),
    (7, SWISS_5, "BH/C1", only(BH_C1, 1, 3, 4, 16), False, False),
    (8, SWISS_5, "BH/C1", only(BH_C1, 12, 14, 15), False, False),
    (9, SWISS_5, "AOB", AOB, False, False),
    (10, SWISS_5, "FB", FB, False, False),
    (11, SWISS_5, "SB", only(SB, 1, 3, 4, 16), False, False),
    (12, SWISS_5, "SB", SB, False, False),
    (13, SWISS_5, "SB/C1", SB_C1, False, False),
    (
        14,
        ROUND_ROBIN,
        "SB",
        {1: "9.25", 2: "6.25", 3: "6.25", 4: "4.25", 5: "3.25", 6: "2.25"},
        True,
        False,
    ),  # fmt: skip
    (
        15,
        ROUND_ROBIN,
        "SB/C1",
        {1: "9.25", 2: "4.75", 3: "4.75", 4: "4.25", 5: "3.25", 6: "1.50"},
        True,
        False,
    ),  # fmt: skip
    (
        16,
        ROUND_ROBIN,
        "KS",
        {1: "2.0", 2: "0.5", 3: "0.5", 4: "1.0", 5: "0.5", 6: "0.0"},
        True,
        False,
    ),  # fmt: skip
    (17, SWISS_5, "ARO", ARO, False, False),
    (18, SWISS_5, "ARO/C1", ARO_C1, False, False),
    (19, SWISS_5, "TPR", only(TPR, 2, 6, 12), False, False),
    (20, SWISS_5, "TPR", TPR, False, False),
    (21, SWISS_5, "APRO", {1: "1789", 3: "1904", 4: "1772", 16: "1805"}, False, False),
    (22, SWISS_5, "PTP", {3: "2112"}, False, False),
    (23, SWISS_5, "DE", {1: 2, 3: 2, 4: 2, 16: 2}, False, True),
    (24, SWISS_5, "DE", {5: 7, 8: 7, 11: 7}, False, True),
    (
        25,
        SWISS_9,
        "DE",
        {
            1: 3,
            2: 5,
            3: 1,
            4: 3,
            5: 9,
            6: 2,
            7: 6,
            8: 6,
            9: 14,
            10: 9,
            11: 13,
            12: 14,
            13: 16,
            14: 9,
            15: 9,
            16: 6,
        },
        False,
        True,
    ),  # fmt: skip
    (26, ROUND_ROBIN, "DE", {1: 1, 2: 2, 3: 2, 4: 6, 5: 5, 6: 4}, True, True),
    (27, SWISS_5, "WIN", WIN, False, False),
    (28, SWISS_5, "WON", WON, False, False),
    (29, SWISS_5, "BPG", BPG, False, False),
    (30, SWISS_5, "BWG", BWG, False, False),
    (31, SWISS_5, "GE", GE, False, False),
    (32, SWISS_5, "PS", PS, False, False),
    (33, SWISS_5, "PS/C1", PS_C1, False, False),
]

HELD_2026 = [
    (3, "BH", only(changed(BH, **{"11": "12.5"}), 5, 8, 11)),
    (4, "BH", only(changed(BH, **{"4": "14.0"}), 1, 3, 4, 16)),
    (5, "BH/C1", only(changed(BH_C1, **{"11": "11.0"}), 5, 8, 11)),
    (
        9,
        "AOB",
        changed(
            AOB,
            **{
                "1": "12.40",
                "3": "12.90",
                "5": "13.20",
                "7": "11.70",
                "8": "12.90",
                "10": "10.80",
                "12": "14.00",
                "13": "11.90",
                "14": "13.00",
                "16": "13.10",
            },
        ),
    ),  # fmt: skip
    (10, "FB", changed(FB, **{"4": "14.5", "11": "12.0", "12": "11.0"})),
    (11, "SB", only(changed(SB, **{"4": "9.25"}), 1, 3, 4, 16)),
    (12, "SB", changed(SB, **{"4": "9.25", "6": "6.00", "11": "4.75"})),
    (13, "SB/C1", changed(SB_C1, **{"4": "7.75", "6": "5.00", "11": "3.25"})),
]
"""The answers that Article 16.4 of the 2026 text changes (everything else stays)."""


def _ours(path: Path, code: str, edition: str, round_robin: bool, ranks: bool) -> dict[int, object]:
    tx = crosstable_from_trf(read_trf(path))
    t = tiebreaks(tx.file_ratings, code, edition=edition, round_robin=round_robin)
    out: dict[int, object] = {}
    for i, p in enumerate(tx.players):
        if ranks:
            out[p.start_no] = t.ranks[i]
            continue
        v = t.values[i][0]
        if code == "AOB" and isinstance(v, Fraction):  # Held gives two places
            v = Fraction(round_half_up(v * 100), 100)
        out[p.start_no] = v
    return out


def _as_values(expected: dict[int, object]) -> dict[int, object]:
    return {p: Fraction(v) if isinstance(v, str) else v for p, v in expected.items()}


@pytest.mark.parametrize(
    ("exercise", "path", "code", "expected", "rr", "ranks"),
    HELD_2023,
    ids=[f"exercise-{c[0]:02d}-{c[2]}-2023" for c in HELD_2023],
)
def test_held_exercise_2023(
    exercise: int, path: Path, code: str, expected: dict[int, object], rr: bool, ranks: bool
) -> None:
    got = _ours(path, code, "2023", rr, ranks)
    assert {p: got[p] for p in expected} == _as_values(expected)


@pytest.mark.parametrize(
    ("exercise", "code", "expected"),
    HELD_2026,
    ids=[f"exercise-{c[0]:02d}-{c[1]}-2026" for c in HELD_2026],
)
def test_held_exercise_2026(exercise: int, code: str, expected: dict[int, object]) -> None:
    got = _ours(SWISS_5, code, "2026", False, False)
    assert {p: got[p] for p in expected} == _as_values(expected)


# --- hand calculations -------------------------------------------------------------------

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
FW, FL, H, Z = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS, Outcome.HALF_BYE, Outcome.ZERO_BYE


def _small() -> Crosstable:
    """Four players, three rounds of a Swiss:

    ====  ==================  ===================  ==================  ======
    no.   round 1             round 2              round 3             points
    ====  ==================  ===================  ==================  ======
    1     2 (white) won       3 won by forfeit     4 (black) drew      2.5
    2     1 (black) lost      4 (white) won        half-point bye      1.5
    3     4 (white) drew      1 lost by forfeit    zero-point bye      0.5
    4     3 (black) drew      2 (black) lost       1 (white) drew      1
    ====  ==================  ===================  ==================  ======
    """
    return Crosstable.build(
        [
            Entrant(2000, (Pairing(2, W, "w"), Pairing(3, FW), Pairing(4, D, "b"))),
            Entrant(1900, (Pairing(1, L, "b"), Pairing(4, W, "w"), Pairing(None, H))),
            Entrant(1800, (Pairing(4, D, "w"), Pairing(1, FL), Pairing(None, Z))),
            Entrant(1701, (Pairing(3, D, "b"), Pairing(2, L, "b"), Pairing(1, D, "w"))),
        ]
    )


def test_buchholz_with_unplayed_rounds_by_hand() -> None:
    """Article 16 by hand. Adjusted scores (16.3: voluntary unplayed rounds after the last
    round played count as draws): no. 1 2.5; no. 2 1.5 (its bye, in the last round, is a
    half anyway); no. 3 0.5 + 0 (forfeit loss, it had an opponent) + 0.5 (its zero-point bye
    counts as a draw) = 1.0; no. 4 1.

    Own unplayed rounds count against a dummy opponent with the player's own score (2023),
    capped in 2026 at the forfeiting opponent's adjusted score (16.4.1) or at half the rounds,
    1.5 (16.4.2):

    - no. 1: 1.5 (no. 2) + 2.5 (dummy; 2026: min(2.5, 1.0) = 1.0) + 1 (no. 4) = 5.0; 3.5
    - no. 2: 2.5 + 1 + 1.5 (dummy, its own score; within the cap) = 5.0
    - no. 3: 1 (no. 4) + 0.5 + 0.5 (two dummies at its own 0.5) = 2.0
    - no. 4: 1.0 (no. 3) + 1.5 + 2.5 = 5.0
    """
    ct = _small()
    old = tiebreaks(ct, "BH", edition="2023")
    new = tiebreaks(ct, "BH", edition="2026")
    assert old.column("BH") == (5, 5, 2, 5)
    assert new.column("BH") == (Fraction(7, 2), 5, 2, 5)


def test_cuts_remove_voluntary_unplayed_rounds_first_by_hand() -> None:
    """BH/C1 (2023): no. 1 drops its least, no. 4's 1.0: 4.0. No. 2's least is no. 4's 1.0,
    but its half-point bye (1.5, voluntary) goes first (16.5): 2.5 + 1 = 3.5. No. 3 drops one
    of its two byes: 1.5. No. 4 drops 1.0: 4.0."""
    t = tiebreaks(_small(), "BH/C1", edition="2023")
    assert t.column("BH/C1") == (4, Fraction(7, 2), Fraction(3, 2), 4)


def test_sonneborn_berger_by_hand() -> None:
    """SB: points of each opponent times the result. No. 1 (2023): 1.5 x 1 + 2.5 x 1 (the
    forfeit win, against the dummy) + 1 x 1/2 = 4.5; in 2026 the dummy scores 1.0: 3.0."""
    assert tiebreaks(_small(), "SB", edition="2023").column("SB")[0] == Fraction(9, 2)
    assert tiebreaks(_small(), "SB", edition="2026").column("SB")[0] == 3


def test_counts_by_hand() -> None:
    """WIN counts the forfeit win, WON does not; BPG and BWG count games played with black;
    GE/REP: games played and rounds won without playing (not the half-point bye); PS: the
    running scores 1, 2, 2.5 for no. 1; KS: points against opponents with half the rounds
    (1.5) or more: no. 1 beat no. 2 (1.5)."""
    t = tiebreaks(_small(), "WIN, WON, BPG, BWG, REP, GE, PS, KS", edition="2026")
    assert t.column("WIN") == (2, 1, 0, 0)
    assert t.column("WON") == (1, 1, 0, 0)
    assert t.column("BPG") == (1, 1, 0, 2)
    assert t.column("BWG") == (0, 0, 0, 0)
    assert t.column("REP") == t.column("GE") == (3, 2, 1, 3)
    assert t.column("PS")[0] == Fraction(11, 2)
    assert t.column("KS")[0] == 1


def test_rating_tiebreaks_by_hand() -> None:
    """No. 1 played no. 2 (1900) and no. 4 (1701) over the board (the forfeit does not
    count): ARO 1800.5, rounded half up, 1801; TPR = 1801 + dp(1.5/2 = 0.75) = 1801 + 193."""
    t = tiebreaks(_small(), "ARO, TPR", edition="2026")
    assert t.column("ARO")[0] == 1801
    assert t.column("TPR")[0] == 1994


def test_ranks_follow_points_then_the_list() -> None:
    """Points 2.5, 1.5, 0.5, 1: no tie, so 1, 2, 4, 3 whatever the list."""
    assert tiebreaks(_small(), "BH").ranks == (1, 2, 4, 3)


def test_rank_equal_where_everything_is_equal() -> None:
    assert rank([[2, 2, 1, 2], [5, 5, 9, 4]]) == [1, 1, 4, 3]
    assert rank([[1, 1, 1], [0, 2, 1]], ascending=[1]) == [1, 3, 2]
    assert rank([[1, 1], [None, 3]]) == [2, 1]
    with pytest.raises(InvalidInputError, match="column 2 has 1 values"):
        rank([[1, 2], [1]])


# --- descriptors and editions --------------------------------------------------------------


def test_descriptors_as_written() -> None:
    assert parse_descriptor("bh/c1") == Descriptor("BH", ("C1",))
    assert parse_descriptor(" ARO/C1 ").text == "ARO/C1"
    assert [d.text for d in parse_descriptors("PTS, BH/M1 ,SB/C2,DE/P")] == [
        "PTS", "BH/M1", "SB/C2", "DE/P"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("XYZ", "unknown code 'XYZ'; accepted: PTS, BH/Cn/Mn/P"),
        ("WIN/C1", "unknown modifier 'C1' (WIN takes no modifier)"),
        ("BH/C0", "modifier 'C0' needs a whole number"),
        ("BH/C1/M1", "more than one cut"),
        ("BH, PTS", "points (PTS) can only come first"),
    ],
)
def test_bad_descriptors_named(text: str, message: str) -> None:
    with pytest.raises(TiebreakError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_descriptors(text)


def test_edition_by_date() -> None:
    assert tiebreak_edition_for(None, _dt.date(2026, 2, 28))[0].id == "2023"
    assert tiebreak_edition_for(None, _dt.date(2026, 3, 1))[0].id == "2026"
    edition, note = tiebreak_edition_for(None, _dt.date(2005, 7, 28))
    assert edition is TIEBREAK_EDITIONS["2023"] and note and "older than the 2023 text" in note
    assert tiebreak_edition_for("2023")[0].id == "2023"
    with pytest.raises(InvalidInputError, match="unknown C.07 edition '2024'"):
        tiebreak_edition_for("2024")


def test_a_round_paired_but_not_played_is_left_out() -> None:
    """A file exported after the pairing of round 4: nos. 1-2 and 3-4 paired, no result yet.
    The standing is that after round 3 (the hand calculation above), with a note; given
    ``rounds=4`` the round counts, as unplayed."""
    three = _small()
    four = Crosstable.build(
        [
            Entrant(e.rating, (*e.pairings, Pairing(opp, None)))
            for e, opp in zip(three.entrants, (2, 1, 4, 3))
        ]
    )
    t = tiebreaks(four, "BH", edition="2023")
    assert t.rounds == 3 and t.column("BH") == (5, 5, 2, 5)
    assert any("no game was played in round 4 yet" in n for n in t.notes)
    assert tiebreaks(four, "BH", edition="2023", rounds=4).rounds == 4


def test_de_as_a_ranking_key_counts_the_tied_players_it_places_below() -> None:
    # Held's round robin (exercise 26 above): 1, 2 and 3 tie on 3½ points, 4, 5 and 6 on 1½.
    # Among 1, 2, 3: 1 beat both (first, 2 below), 2 and 3 drew (second together, none
    # below). Among 4, 5, 6, their points against each other: 6 1½ (½ against 4, the
    # forfeit against 5), 5 1 (beat 4), 4 ½: 6 has 2 below, 5 one, 4 none. The DE column
    # itself holds the places, which rank the other way.
    tx = crosstable_from_trf(read_trf(ROUND_ROBIN))
    table = tiebreaks(tx.crosstable, ["DE", "WIN"], edition="2023", round_robin=True)
    numbers = [p.start_no for p in tx.players]
    assert dict(zip(numbers, table.ranking_column(0))) == {1: 2, 2: 0, 3: 0, 4: 0, 5: 1, 6: 2}
    assert dict(zip(numbers, table.column("DE"))) == {1: 1, 2: 2, 3: 2, 4: 3, 5: 2, 6: 1}
    assert table.ranking_column(1) == list(table.column("WIN"))  # not DE: as it is
    by_places = rank([list(table.points), list(table.column("DE"))], ascending=[1])
    assert rank([list(table.points), table.ranking_column(0)]) == by_places


# --- the 2026 text's tie-breaks and the modifiers KS/L, AOB/F, /U ---------------------------


def test_new_descriptors_as_written() -> None:
    assert parse_descriptor("ks/l-1") == Descriptor("KS", ("L-1",))
    assert parse_descriptor("KS/L+02").text == "KS/L+2"
    assert parse_descriptor("aro/c1/u1000") == Descriptor("ARO", ("C1", "U1000"))
    assert [d.text for d in parse_descriptors("STD, TPN/R, RTNG/R/U1200, AOB/F")] == [
        "STD", "TPN/R", "RTNG/R/U1200", "AOB/F"
    ]  # fmt: skip
    assert [d.ascending for d in parse_descriptors("DE, TPN, TPN/R, RTNG, RTNG/R, BH")] == [
        True, True, False, False, True, False
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("KS/L1", "modifier 'L1' needs a sign and a whole number of half points"),
        ("KS/L-x", "modifier 'L-X' needs a sign"),
        ("ARO/U", "modifier 'U' needs the rating unrated players count at, 1..4000"),
        ("ARO/U5000", "modifier 'U5000' needs the rating"),
        ("BH/U1000", "unknown modifier 'U1000' (BH takes /Cn, /Mn, /P)"),
        ("AOB/F2", "unknown modifier 'F2'"),
        ("TPN/R/R", "modifier 'R' given twice"),
        ("STD/C1", "unknown modifier 'C1' (STD takes no modifier)"),
    ],
)
def test_bad_new_descriptors_named(text: str, message: str) -> None:
    with pytest.raises(TiebreakError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_descriptors(text)


@pytest.mark.parametrize("text", ["STD", "TPN", "TPN/R", "RTNG", "AOB/F"])
def test_the_2026_tiebreaks_are_refused_under_the_2023_text(text: str) -> None:
    """C.07 2026 (in force 1 March 2026) adds STD (7.7), TPN (7.8), RTNG (10.6) and the
    opponents' Fore Buchholz in AOB (8.2); the 2023 text has none of them."""
    with pytest.raises(TiebreakError, match="not in the 2023 text of C.07"):
        tiebreaks(_small(), text, edition="2023")
    with pytest.raises(TiebreakError, match="not in the 2023 text"):
        tiebreaks(_small(), text, start=_dt.date(2026, 2, 28))
    assert tiebreaks(_small(), text, start=_dt.date(2026, 3, 1)).edition.id == "2026"


def test_koya_limit_and_rating_for_unrated_exist_in_both_texts() -> None:
    """KS/L and /U read alike under both texts. No. 3 unrated. KS/L-1: the limit, 50 % of 3
    rounds = 1.5 points, lowered by half a point to 1.0, takes opponents 1 (2.5), 2 (1.5) and
    4 (1): no. 1 1 (beat 2) + 0.5 (drew 4) = 1.5; no. 2 0 + 1 (beat 4) = 1; no. 3 0.5 (drew 4);
    no. 4 0 + 0.5 (drew 1) = 0.5 (no. 3, on 0.5, is below the limit). ARO/U1000 over the
    board: no. 1 (1900 + 1701) / 2 = 1800.5, 1801; no. 2 (2000 + 1701) / 2 = 1850.5, 1851;
    no. 3 1701; no. 4 (1000 + 1900 + 2000) / 3 = 1633.3, 1633."""
    entrants = list(_small().entrants)
    entrants[2] = Entrant(None, entrants[2].pairings)
    ct = Crosstable.build(entrants)
    appo = {}
    for edition in ("2023", "2026"):
        t = tiebreaks(ct, "KS/L-1, ARO/U1000, APPO/U1000", edition=edition)
        assert t.column("KS/L-1") == (Fraction(3, 2), 1, Fraction(1, 2), Fraction(1, 2))
        assert t.column("ARO/U1000") == (1801, 1851, 1701, 1633)
        assert None not in t.column("APPO/U1000") and not t.notes
        appo[edition] = t.column("APPO/U1000")
    assert appo["2023"] == appo["2026"]


def test_standard_points_by_hand() -> None:
    """STD (7.7): 1 for a round in which the player scores more than the scheduled opponent
    or, without playing, more than a draw; 1/2 for as much as the opponent or a draw. No. 1:
    won, won by forfeit, drew: 2.5; no. 2: lost, won, half-point bye: 1.5; no. 3: drew, lost
    by forfeit, zero-point bye: 0.5; no. 4: 0.5 + 0 + 0.5 = 1. With 1-1/2-0 scoring these
    are the points."""
    t = tiebreaks(_small(), "STD", edition="2026")
    assert t.column("STD") == (Fraction(5, 2), Fraction(3, 2), Fraction(1, 2), 1)
    assert t.column("STD") == t.points


def test_pairing_number_and_rating_rank_by_hand() -> None:
    """Four players on 1 point each (each beat the next, the last beat the first...): TPN
    ranks them 1, 2, 3, 4 (lower first), TPN/R the other way; RTNG by rating, higher first
    (2000, 1900, 1800, 1701), RTNG/R lower first. TIEBREAK_ALL's keys (higher better) show a
    lower-first value negated."""
    ring = Crosstable.build(
        [
            Entrant(1800, (Pairing(2, W, "w"), Pairing(4, L, "b"))),
            Entrant(2000, (Pairing(1, L, "b"), Pairing(3, W, "w"))),
            Entrant(1701, (Pairing(4, W, "w"), Pairing(2, L, "b"))),
            Entrant(1900, (Pairing(3, L, "b"), Pairing(1, W, "w"))),
        ]
    )
    t = tiebreaks(ring, "TPN", edition="2026")
    assert t.column("TPN") == (1, 2, 3, 4) and t.ranks == (1, 2, 3, 4)
    assert t.ranking_column(0) == [-1, -2, -3, -4]
    assert tiebreaks(ring, "TPN/R", edition="2026").ranks == (4, 3, 2, 1)
    t = tiebreaks(ring, "RTNG", edition="2026")
    assert t.column("RTNG") == (1800, 2000, 1701, 1900) and t.ranks == (3, 1, 4, 2)
    t = tiebreaks(ring, "RTNG/R, TPN", edition="2026")
    assert t.ranks == (2, 4, 1, 3)
    assert t.ranking_column(0) == [-1800, -2000, -1701, -1900]


def test_rating_of_unrated_players_by_hand() -> None:
    """No. 3 unrated. Without a rating for unrated players no rating tie-break is defined;
    /U1500 gives one for that tie-break only, and it wins over the event's (``unrated``).
    ARO/U1500 over the board (forfeits are no games): no. 1 against 1900 and 1701, 1801
    (1800.5 rounded half up); no. 2 2000 and 1701, 1851; no. 3 1701; no. 4 1500, 1900 and
    2000, 1800 (with unrated at 1200: 1700)."""
    entrants = list(_small().entrants)
    entrants[2] = Entrant(None, entrants[2].pairings)
    ct = Crosstable.build(entrants)
    t = tiebreaks(ct, "ARO, ARO/U1500, RTNG, RTNG/U1500", edition="2026")
    assert t.column("ARO") == (None,) * 4 and t.column("RTNG") == (None,) * 4
    assert t.column("ARO/U1500") == (1801, 1851, 1701, 1800)
    assert t.column("RTNG/U1500") == (2000, 1900, 1500, 1701)
    assert any("(ARO, RTNG) are undefined" in n for n in t.notes)
    t = tiebreaks(ct, "ARO, ARO/U1500", edition="2026", unrated=1200)
    assert t.column("ARO")[3] == 1700 and t.column("ARO/U1500")[3] == 1800
    assert not t.notes


def test_koya_limit_by_hand() -> None:
    """Held's round robin: 6 players, 5 rounds, limit 50 % = 2.5 points; players 1-3 have
    3.5, 4-6 1.5. KS (exercise 16): points against 1-3. KS/L-1 lowers the limit by half a
    point (2.0): the same opponents; KS/L-2 (1.5): every opponent, KS = the points;
    KS/L+3 (4.0): nobody, 0."""
    tx = crosstable_from_trf(read_trf(ROUND_ROBIN))
    t = tiebreaks(tx.crosstable, "KS, KS/L-1, KS/L-2, KS/L+3", edition="2026", round_robin=True)
    assert t.column("KS/L-1") == t.column("KS")
    assert t.column("KS")[0] == 2  # exercise 16: no. 1 2.0
    assert t.column("KS/L-2") == t.points
    assert set(t.column("KS/L+3")) == {0}


def test_average_of_opponents_fore_buchholz_by_hand() -> None:
    """AOB/F (8.2, 2026 text: "or Fore Buchholz"): the average of the opponents' FB over the
    board. Held's Swiss (5 rounds): computed from the FB column."""
    tx = crosstable_from_trf(read_trf(SWISS_5))
    t = tiebreaks(tx.file_ratings, "FB, AOB/F", edition="2026")
    fb = t.column("FB")
    for i, entrant in enumerate(tx.file_ratings.entrants):
        opps = [
            p.opponent
            for p in entrant.pairings
            if p.opponent is not None and p.outcome is not None and p.outcome.rated
        ]
        want = sum((cast(Fraction, fb[o - 1]) for o in opps), Fraction(0)) / len(opps)
        assert t.column("AOB/F")[i] == want


def test_round_robin_forfeits_by_hand() -> None:
    """C.07 15.2 in Held's round robin, where no. 6 won by forfeit against no. 5 (round 4;
    6 black, 5 white). The 2026 text: forfeits are "treated as regular games ... except that
    ... forfeit losses in Type B tie-breaks (see Article 7) remain unplayed rounds"; the
    2023 text: "treated as regular games". So no. 6 won a game, with black, in both: WON 1
    (no game won over the board), BWG 1, BPG 3 (black over the board in rounds 1 and 3,
    and round 4). No. 5's forfeit loss is a round elected to play in 2023 only: REP 5 there,
    4 in 2026. In a Swiss neither counts."""
    tx = crosstable_from_trf(read_trf(ROUND_ROBIN))
    for edition, rep in (("2023", 5), ("2026", 4)):
        t = tiebreaks(tx.crosstable, "WON, BWG, BPG, REP", edition=edition, round_robin=True)
        assert t.by_descriptor(6) == {"WON": 1, "BWG": 1, "BPG": 3, "REP": 5}
        assert t.by_descriptor(5)["REP"] == rep and t.by_descriptor(5)["BPG"] == 3
        swiss = tiebreaks(tx.crosstable, "WON, BWG, BPG, REP", edition=edition, round_robin=False)
        assert swiss.by_descriptor(6) == {"WON": 0, "BWG": 0, "BPG": 2, "REP": 5}
        assert swiss.by_descriptor(5)["REP"] == 4
