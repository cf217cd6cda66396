"""Both Excel routes, through xlwings' own code (there is no Excel here).

- **xlwings Lite (Office.js).** The ``main.py`` that ``xlfuncs lite -o DIR`` writes, and the
  one stored inside each shipped template, are loaded as Lite loads them (``exec`` into a
  module named ``main``) and run under xlwings' own Lite functions:
  ``xlwings.server.custom_functions_meta`` registers them, ``custom_functions_call`` calls
  them with arguments shaped as Office.js sends them (every argument a matrix, whole numbers
  as ``int``, empty cells ``None``, error cells as error objects) and returns what Excel
  receives (errors as real Excel errors).
- **Classic xlwings (Windows).** With the Windows-only modules ``xlwings.udfs`` imports
  stubbed, its ``xlfunc``/``xlarg`` decorate ``xlfuncs.udfs`` and its
  ``generate_vba_wrapper`` writes the VBA module that *Import Functions* would import.

Each route runs in its own child interpreter: xlwings picks its decorators when it is first
imported (Lite's only with ``XLWINGS_ON_SERVER=true``), the Lite bundle installs its own
copy of ``xlfuncs`` in ``sys.modules``, and the classic route needs stub modules; none of
that may leak into the other tests. ``XLWINGS_LICENSE_KEY=noncommercial`` (xlwings' Lite
code is under its noncommercial licence) is set in the child's environment only.

Every function in the registry (:data:`xlfuncs.udfs.FUNCTIONS` and ``EXPLAIN_ERROR``) is
checked on both routes: registered with its arguments and help, optional arguments marked,
and called. The expected values of the calls below come from FIDE's tables 8.1(a) and
8.1(b), the seed brief's examples, the chesschat.org 2022 example and hand calculation shown
beside each one (the same sources as ``tests/test_udfs.py``), never from running the code.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests import held_round_robin as held_rr
from xlfuncs import lite, lite_workbook, udfs
from xlfuncs.cli import main as cli
from xlfuncs.templates.registry import TEMPLATES

REPO = Path(__file__).resolve().parents[1]
SHIPPED = REPO / "workbook_templates"
REGISTRY: dict[str, Callable[..., Any]] = {**udfs.FUNCTIONS, "EXPLAIN_ERROR": udfs.EXPLAIN_ERROR}

# ----------------------------------------------------- arguments as Office.js sends them

OMITTED = None
"""An argument left out of the formula: Office.js sends ``null``."""


def cell(value: Any) -> list[list[Any]]:
    """A single cell: Office.js sends every argument as a matrix."""
    return [[value]]


def col(*values: Any) -> list[list[Any]]:
    """A column range (an empty cell is ``None``)."""
    return [[v] for v in values]


def row(*values: Any) -> list[list[Any]]:
    """A row range."""
    return [list(values)]


def error_cell(code: str) -> list[list[Any]]:
    """A cell holding an Excel error, as Office.js sends it."""
    return [[{"type": "Error", "errorType": ERROR_TYPES[code], "basicValue": code}]]


ERROR_TYPES = {
    "#DIV/0!": "Div0",
    "#N/A": "NotAvailable",
    "#NAME?": "Name",
    "#NULL!": "Null",
    "#NUM!": "Num",
    "#REF!": "Ref",
    "#VALUE!": "Value",
}

# ------------------------------------------------------- results as Excel receives them


def excel_error(code: str) -> dict[str, str]:
    """A real Excel error, as xlwings returns it to Office.js."""
    return {"type": "Error", "errorType": ERROR_TYPES[code]}


NA, NUM, VALUE = excel_error("#N/A"), excel_error("#NUM!"), excel_error("#VALUE!")


def one(value: Any) -> list[list[Any]]:
    """A single-cell result (xlwings always returns a matrix)."""
    return [[value]]


def per_row(*values: Any) -> list[list[Any]]:
    """A whole-column result, one row per player; ``""`` is a blank cell."""
    return [[v] for v in values]


approx = pytest.approx

# --------------------------------------------------------------------------- the cases

THREE = col(2400, 2500, 2600)
# the seed brief's example: its program prints 2551
SEED = col(1851, 2457, 1989, 2379, 2407)
# chesschat.org, "FIDE rating uplift change" (2022 rules): a 2000 player's 5.5/7
UPLIFT = col(1063, 1299, 1413, 1872, 1851, 1427, 1682)
UPLIFT_RESULTS = col(1, 1, 1, "½", 0, 1, 1)
FIVE = col(1900, 1950, 2000, 2050, 2100)
NINE = col(2600, 2550, 2500, 2450, 2450, 2400, 2350, 2300, 2150)
NINE_RESULTS = col(1, "½", 1, "½", 1, 1, "½", 1, "½")
NINE_TITLES = col("GM", "GM", "GM", "IM", "IM", "IM", "FM", "FM", None)
NINE_FEDS = col("GER", "FRA", "ESP", "ENG", "ESP", "NED", "ESP", "ITA", "ESP")
# A 4-player round robin (row player's result against the column player); player 3 unrated.
# Each player: one win, one draw, one loss.
RATINGS4 = col(2000, 2100, None, 1900)
GRID4 = [[None, 1, "½", 0], [0, None, 1, "½"], ["½", 0, None, 1], [1, "½", 0, None]]
K4 = col(20, 20, None, 40)
# The same players over two Swiss rounds: 1-2 1-0, 3-4 1-0; then 1-3 ½-½, 2-4 1-0.
OPPONENTS_SW = [[2, 3], [1, 4], [4, 1], [3, 2]]
RESULTS_SW = [[1, "½"], [0, 1], [1, "½"], [0, 0]]
# Held's round robin (tests/held_round_robin.py)
RATINGS6, GRID6, COLOURS6 = held_rr.RATINGS, held_rr.GRID, held_rr.COLOURS
SB_RULE = (
    "Sonneborn-Berger (C.07 9): the sum of each opponent's adjusted score times the points "
    "scored against them"
)
SB_LINES = [
    [r, o, sb, f"round {r}: game against no. {o}, scored {w:.1f}: no. {o}'s adjusted score "
     f"{bh:.1f} x {w:.1f} scored", ""]
    for r, o, sb, w, bh in (
        (1, 2, 3.5, 1, 3.5), (2, 3, 3.5, 1, 3.5), (3, 4, 0, 0, 1.5), (4, 5, 0.75, 0.5, 1.5),
        (5, 6, 1.5, 1, 1.5),
    )
]  # fmt: skip
"""No. 1's lines of SB in Held's round robin: round (the grid's column), opponent, SB, the
points scored, the opponent's score."""
DAY_2026_11_30 = 46356  # a date as Office.js sends it: the serial (2026-01-01 is 46023)
DAY_2025_06_01 = 45809  # 2025-01-01 is 45658, + 151 days
DAY_2022_05_01 = 44682  # 2022-01-01 is 44562, + 120 days

Case = tuple[str, list[Any], Any]

CASES: list[Case] = [
    # table 8.1(a): p .83 -> 273; 2.5 of 3 = .8333 -> .83; .345 -> .35 (half up) -> -dp(.65)
    ("DP_LOOKUP", [cell(0.83)], one(273)),
    ("DP_LOOKUP", [cell(2.5), cell(3)], one(273)),
    ("DP_LOOKUP", [cell(0.345)], one(-110)),
    ("DP_LOOKUP", [cell(None)], one(NA)),  # an empty cell: nothing to compute
    ("DP_LOOKUP", [cell(1.5)], one(NUM)),  # a fraction above 1
    ("DP_LOOKUP", [cell("abc")], one(VALUE)),
    ("DP_LOOKUP", [error_cell("#DIV/0!")], one(excel_error("#DIV/0!"))),  # passes through
    # table 8.1(b): D 400 -> .92; D 100 -> .64 for the higher-rated, so -100 -> .36
    ("PD_LOOKUP", [cell(400)], one(approx(0.92))),
    ("PD_LOOKUP", [cell(-100)], one(approx(0.36))),
    # 2000 against 1063 (capped to 1600: .92), 1299 (D 701: .99), 1413 (D 587: .98): 2022
    # allows one upgrade -> 2.89; 2025 caps every game -> 3 x .92 = 2.76
    ("EXPECTED_SCORE", [cell(2000), col(1063, 1299, 1413), cell("2022")], one(approx(2.89))),
    ("EXPECTED_SCORE", [cell(2000), col(1063, 1299, 1413), cell(2025)], one(approx(2.76))),
    ("EXPECTED_SCORE", [cell(None), THREE, OMITTED], one(NA)),  # an unrated player
    # exact performance: the seed's 2551; 2.5/3 solves to 2792.2; a full score is infinite
    ("RP_EXACT", [SEED, cell(4)], one(2551)),
    ("RP_EXACT", [THREE, cell(2.5)], one(2792)),
    ("RP_EXACT", [THREE, cell(3)], one(NUM)),
    # FIDE: Ra 2500 + dp(.83) 273
    ("RP_FIDE", [THREE, cell(2.5)], one(2773)),
    ("RP_FIDE", [row(2400, 2500, 2600), cell(2.5)], one(2773)),
    ("RP_FIDE", [THREE, col(1, "½", "1")], one(2773)),  # results beside the ratings
    ("RP_FIDE", [THREE, cell("2½")], one(2773)),
    # a forfeit is not rated: 2400 (1) and 2600 (=): Ra 2500, p .75 -> 193
    ("RP_FIDE", [THREE, col(1, "+", "=")], one(2693)),
    # 0 and an empty cell are unrated opponents: Ra over 2400, 2600 = 2500, 1/2 -> 2500
    ("RP_FIDE", [col(2400, 0, None, 2600), cell(1)], one(2500)),
    ("RP_FIDE", [THREE, cell(4)], one(NUM)),  # 4 points in 3 games
    ("RP_FIDE", [col(2400, error_cell("#N/A")[0][0], 2600), cell(1)], one(NA)),
    # linear: 2500 + 800 x 2.5/3 - 400 = 2766.7 -> 2767; a full score: 2500 + 400
    ("RP_LINEAR", [THREE, cell(2.5)], one(2767)),
    ("RP_LINEAR", [THREE, cell(3)], one(2900)),
    # C.07: 0 points -> lowest - 800; all -> highest + 800; 1.5/3: the lowest whole R whose
    # table expected score reaches 1.5: at 2499, D 99 -> .64, D -1 -> .50, D -101 -> .36
    # = 1.50; at 2498, D 98 -> .63: 1.49
    ("RP_PTP", [THREE, cell(0)], one(1600)),
    ("RP_PTP", [THREE, cell(3)], one(3400)),
    ("RP_PTP", [THREE, cell(1.5)], one(2499)),
    # chesschat 2022: sum of W - PD -0.61 x 20 = -12.2 -> -12; 2025: 1063, 1299, 1413 and
    # 1427 all capped at 1600 -> -0.42 x 20 = -8.4 -> -8
    (
        "ELO_CHANGE",
        [cell(2000), UPLIFT, UPLIFT_RESULTS, cell(20), cell(2022), cell(False)],
        one(approx(-12.2)),
    ),
    ("ELO_CHANGE", [cell(2000), UPLIFT, UPLIFT_RESULTS, cell(20), cell("2022")], one(-12)),
    ("ELO_CHANGE", [cell(2000), UPLIFT, UPLIFT_RESULTS, cell(20), cell(2025), OMITTED], one(-8)),
    # only the game against 2000 is rated (a forfeit; an unrated opponent): +0.5 x 20
    ("ELO_CHANGE", [cell(2000), col(2000, 2100, None), col(1, "+", 0), cell(20)], one(10)),
    # 2022: one 400-point upgrade per tournament. Two wins over 1000s in two tournaments
    # (labels A, B): each counts at 1600, PD .92: 20 x (.08 + .08) = 3.2 -> 3; one
    # tournament: one upgrade, the other at 1000 (PD 1.00): 20 x .08 = 1.6 -> 2
    (
        "ELO_CHANGE",
        [cell(2000), col(1000, 1000), col(1, 1), cell(20), cell(2022), OMITTED, col("A", "B")],
        one(3),
    ),
    ("ELO_CHANGE", [cell(2000), col(1000, 1000), col(1, 1), cell(20), cell(2022)], one(2)),
    (
        "ELO_CHANGE",
        [cell(2000), THREE, col(1, 0, 0), error_cell("#REF!")],
        one(excel_error("#REF!")),
    ),
    # 1063 -> 1600 (cap): PD .92, +.08, x 20 = 1.6; 1872: D 128 -> .67, -.17, -3.4;
    # 2500 -> 2400 (cap): PD .08, -.08, -1.6
    (
        "ELO_DETAIL",
        [cell(2000), col(1063, 1872, 2500), col(1, "½", 0), cell(20), cell(2025)],
        [
            [1600, approx(0.92), approx(0.08), approx(1.6)],
            [1872, approx(0.67), approx(-0.17), approx(-3.4)],
            [2400, approx(0.08), approx(-0.08), approx(-1.6)],
        ],
    ),
    # K: 18 in 2026 and under 2300 -> 40; reached 2400 -> 10; fewer than 30 games -> 40
    (
        "K_FACTOR",
        [cell(2250), cell(80), cell(2008), cell(False), cell(DAY_2026_11_30)],
        one(40),
    ),
    ("K_FACTOR", [cell(2350), cell(80), cell(1990), cell(True), cell(DAY_2026_11_30)], one(10)),
    ("K_FACTOR", [cell(1800), cell(12), OMITTED, OMITTED, OMITTED], one(40)),
    ("K_FACTOR", [cell(2350), cell(80), cell(1990), cell("maybe"), OMITTED], one(VALUE)),
    # K x n <= 700 (8.3.3): K 40 over 20 games is 800 > 700 -> 700 / 20 = 35; K 20 over 39
    # games is 780 -> 700 / 39 = 17.9 -> 17; blank games: K unchanged; -1 games: #NUM!
    ("K_FOR_GAMES", [cell(40), cell(20)], one(35)),
    ("K_FOR_GAMES", [cell(20), cell(39)], one(17)),
    ("K_FOR_GAMES", [cell(20), OMITTED], one(20)),
    ("K_FOR_GAMES", [cell(20), cell(-1)], one(NUM)),
    # 5 games, average 2000, 3 points: 2022 -> 2000 + 20 x 1 = 2020; 2024/2025 with two 1800
    # draws -> Ra 13600/7 = 1942.86, p 4/7 = .57 -> dp 50 -> 1993; a zero score is disregarded
    ("BLOQUE", [FIVE, cell(3), cell("swiss"), cell(2022)], one(2020)),
    ("BLOQUE", [FIVE, cell(3), OMITTED, cell("2024")], one(1993)),
    ("BLOQUE", [FIVE, col(1, 1, 1, 0, 0), OMITTED, cell(2025)], one(1993)),
    ("BLOQUE", [FIVE, cell(0), OMITTED, cell(2022)], one(NA)),
    ("BLOQUE", [FIVE, cell(3), cell("knockout"), OMITTED], one(VALUE)),
    # issue 9, case 7 (7.1.4): 2024, ½ of 3 against 1300, 1400, 1400: Ra (4100 + 3600)/5 =
    # 1540, p 1.5/5 = .30 -> -149 -> 1391: below 1400 and 3 games < 5: #N/A, or 1391 provisional
    ("BLOQUE", [col(1300, 1400, 1400), cell(0.5), cell("swiss"), cell(2024)], one(NA)),
    (
        "BLOQUE",
        [col(1300, 1400, 1400), cell(0.5), cell("swiss"), cell(2024), cell(True)],
        one(1391),
    ),
    # issue 9, case 2: a zero score in a first event is disregarded in 2017 too (was 1843)
    ("BLOQUE", [col(2243), cell(0), cell("rr"), cell(2017), cell(True)], one(NA)),
    # issue 9, case 1 (8.3.3): 2401 with 29 games -> K 10 (was 40)
    ("K_FACTOR", [cell(2401), cell(29), OMITTED, cell(False), cell(DAY_2026_11_30)], one(10)),
    # issue 9, case 9: the uplift of 1 March 2024, R + 0.4 x (2000 - R): 1500 + 200 = 1700;
    # 1801 + 79.6 = 1880.6 -> 1881; 2000 and above unchanged; blank: #N/A
    ("UPLIFT_2024", [cell(1500)], one(1700)),
    ("UPLIFT_2024", [cell(1801)], one(1881)),
    ("UPLIFT_2024", [cell(2500)], one(2500)),
    ("UPLIFT_2024", [OMITTED], one(NA)),
    # issue 9, case 9: from 1 March 2024 a rating below 1400 leaves the list (1000 before):
    # 1405 - 10 = 1395 < 1400 in 2025; 1395 >= 1000 in 2022: blank; unrated or no change: blank
    ("UNRATED_AGAIN", [cell(1405), cell(-10), cell(2025)], one("below 1400: unrated again")),
    ("UNRATED_AGAIN", [cell(1405), cell(-10), cell(2022)], one("")),
    (
        "UNRATED_AGAIN",
        [col(1405, 0, 1500), col(-10, 5, 20), cell("2024")],
        [["below 1400: unrated again"], [""], [""]],
    ),
    # GM floor: 2150 -> 2200; Ra 21800/9 = 2422.2 -> 2422; 6.5/9 = 72 % -> 166 -> 2588;
    # 7/9 = 78 % -> 220 -> 2642 >= 2600, so 7 points
    ("NORM_RP", [NINE, cell(6.5), cell("GM"), cell(2025)], one(2588)),
    ("NORM_POINTS", [NINE, cell("GM"), cell(2025)], one(7)),
    # Title Regulations from 1 Jan 2024 (serial 45306 = 2024-01-15): two unrated at 1400,
    # one raised to 2200; Ra (2200 + 1400 + 7 x 2500) / 9 = 2344.4 -> 2344; 6/9 = 67 % ->
    # 125: 2469 (before 2024: 1000, Ra 2300, Rp 2425)
    ("NORM_RP", [col(0, 0, *[2500] * 7), cell(6), cell("GM"), cell(45306)], one(2469)),
    # a one-cell draw is a result: 2443 + dp(.50) = 2443; 1.3 points: no games make it
    ("RP_FIDE", [col(2443), cell("=")], one(2443)),
    ("RP_FIDE", [col(2000, 2100), cell(1.3)], one(NUM)),
    ("NORM_POINTS", [NINE, cell("XX"), OMITTED], one(VALUE)),
    # the same nine: Ra 2422 >= 2380; 7/9 = 78 % >= 35 %; Rp 2422 + 220 = 2642 >= 2600. With
    # results beside them (five wins, three draws, a loss: 6½): 72 % -> 166, Rp 2588 < 2600
    (
        "NORM_FIGURES",
        [NINE, cell(7), cell("GM"), cell(2025)],
        [[2422, 2380, True], [approx(0.78), approx(0.35), True], [2642, 2600, True]],
    ),
    (
        "NORM_FIGURES",
        [NINE, col(1, "½", 1, "½", 1, 1, "½", 1, 0), cell("GM"), cell(2025)],
        [[2422, 2380, True], [approx(0.72), approx(0.35), True], [2588, 2600, False]],
    ),
    # row by row: the forfeit row is blank; the unrated opponent counts 1400 (2025), the
    # lowest, raised to the GM floor 2200; 2150 is not the lowest and stays
    (
        "NORM_RATINGS",
        [col(2600, 2500, None, 2150), col(1, "+", "½", 0), cell("GM"), cell(2025)],
        [[2600, 2600], ["", ""], [1400, 2200], [2150, 2150]],
    ),
    # titled (CM excluded) and, for an IM norm, GM or IM; the forfeit row is blank
    (
        "NORM_TITLED",
        [col("GM", "CM", "FM", "IM"), col(1, 0, "+", "½"), cell("IM")],
        [[True, True], [False, False], ["", ""], [True, True]],
    ),
    # the mix of those nine (player ESP): other federations GER FRA ENG NED ITA 5 >= 2; ESP
    # 4 <= 3/5 x 9 -> 5 and <= 2/3 x 9 = 6; titled 8 >= 4.5 -> 5; GMs 3 >= 1/3 x 9 = 3.
    # Without the player's federation the two checks that need it have no count.
    (
        "NORM_MIX",
        [NINE, NINE_RESULTS, NINE_TITLES, NINE_FEDS, cell("ESP"), cell("GM")],
        [
            [9, 9, True, ""],
            [5, 2, True, "GER, FRA, ENG, NED, ITA"],
            [4, 5, True, ""],
            [4, 6, True, "ESP"],
            [8, 5, True, ""],
            [3, 3, True, ""],
        ],
    ),
    (
        "NORM_MIX",
        [NINE, NINE_RESULTS, NINE_TITLES, NINE_FEDS, OMITTED, cell("IM")],
        [
            [9, 9, True, ""],
            ["", 2, "", ""],
            ["", 5, "", ""],
            [4, 6, True, "ESP"],
            [8, 5, True, ""],
            [6, 3, True, ""],
        ],
    ),
    (
        "NORM_MIX",
        [NINE, NINE_RESULTS, NINE_TITLES, col("ESP"), cell("ESP"), cell("GM")],
        one(VALUE),
    ),
    # --- whole-column forms on the round robin above
    ("POINTS_ALL", [GRID4], per_row(1.5, 1.5, 1.5, 1.5)),
    # SB: the beaten opponent's 1.5 + half the drawn one's 1.5
    ("SB_ALL", [GRID4, OMITTED], per_row(2.25, 2.25, 2.25, 2.25)),
    # rated games against rated opponents (player 3 is unrated: 2 for the others, 3 for 3)
    ("RATED_GAMES_ALL", [RATINGS4, GRID4, OMITTED], per_row(2, 2, 3, 2)),
    # 1: (2100 + 1900)/2; 2: (2000 + 1900)/2; 3: (2000 + 2100 + 1900)/3; 4: (2000 + 2100)/2
    ("RA_ALL", [RATINGS4, GRID4, OMITTED], per_row(2000, 1950, 2000, 2050)),
    # 1: p .5 -> 2000; 2: 0 + ½ of 2 = .25 -> 1950 - 193; 3: 1.5/3 -> 2000; 4: .75 -> 2050 + 193
    ("RP_FIDE_ALL", [RATINGS4, GRID4, OMITTED], per_row(2000, 1757, 2000, 2243)),
    # row 2's rating is an error: #N/A there, and it passes through to everyone who met
    # player 2 (issue 8, item 12: it used to be #VALUE! for them)
    (
        "RP_FIDE_ALL",
        [col(2000, error_cell("#N/A")[0][0], 2200, 1900), GRID4, OMITTED],
        per_row(NA, NA, NA, NA),
    ),
    # Swiss: 1 only beat 2100 -> 2100 + 800; 2: 2000 (0), 1900 (1) -> 1950; 3 (unrated):
    # 1900 (1), 2000 (½) -> 1950 + dp(.75) 193; 4 only lost to 2100 -> 2100 - 800
    ("RP_FIDE_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW], per_row(2900, 1950, 2143, 1300)),
    # three players rated 2000: 2 of 2, 1 of 2 (R = 2000 exactly), 0 of 2
    (
        "RP_EXACT_ALL",
        [col(2000, 2000, 2000), [[None, 1, 1], [0, None, 1], [0, 0, None]], OMITTED],
        per_row("∞", 2000, "-∞"),
    ),
    # 1 (K 20): vs 2100 won, +.64; vs 1900 lost, -.64 -> 0; 2 (K 20): vs 2000 lost, -.64;
    # vs 1900 drew, D 200 -> .76, -.26 -> -.90 x 20 = -18; 4 (K 40): +.64 + .26 -> +36
    (
        "ELO_CHANGE_ALL",
        [RATINGS4, K4, GRID4, OMITTED, cell(2025)],
        per_row(0, -18, "", 36),
    ),
    # Swiss: 1: +.64 x 20 = 12.8 -> 13 (the draw with unrated 3 is not rated); 2: -.64 + .24
    # = -.40 x 20 = -8; 4: lost to 2100, -.24 x 40 = -9.6 -> -10
    (
        "ELO_CHANGE_ALL",
        [RATINGS4, K4, RESULTS_SW, OPPONENTS_SW, cell("2024")],
        per_row(13, -8, "", -10),
    ),
    # player 3: 2000 (½), 2100 (0), 1900 (1). 2025: with two 1800 draws, Ra 9600/5 = 1920,
    # p 2.5/5 = .5 -> 1920; 2022: Ra 2000, p .5 -> 2000. Only 3 games against rated
    # opponents, fewer than the 5 a published first rating needs (7.1.4; issue 9, case 7):
    # blank, unless provisional asks for the figure
    ("BLOQUE_ALL", [RATINGS4, GRID4, OMITTED, OMITTED, cell(2025)], per_row("", "", "", "")),
    ("BLOQUE_ALL", [RATINGS4, GRID4, OMITTED, cell("rr"), cell(2022)], per_row("", "", "", "")),
    (
        "BLOQUE_ALL",
        [RATINGS4, GRID4, OMITTED, OMITTED, cell(2025), cell(True)],
        per_row("", "", 1920, ""),
    ),
    (
        "BLOQUE_ALL",
        [RATINGS4, GRID4, OMITTED, cell("rr"), cell(2022), cell(True)],
        per_row("", "", 2000, ""),
    ),
    # three games: no norm (a norm needs 9)
    (
        "NORM_ALL",
        [RATINGS4, GRID4, OMITTED, col("m", "w", "f", None), OMITTED, OMITTED],
        per_row("", "", "", ""),
    ),
    # 1: 80 games, 35 years old -> 20; 2: 15 in 2025, under 2300 -> 40; 3 unrated; 4: 10 games
    (
        "K_FACTOR_ALL",
        [
            RATINGS4,
            col(80, 30, None, 10),
            col(1990, 2010, None, 2012),
            col(False, None, None, "no"),
            cell(DAY_2025_06_01),
        ],
        per_row(20, 40, "", 40),
    ),
    # issue 11, rapid and blitz (Rapid and Blitz Rating Regulations 2024, 7.3.1): no 2650
    # exemption. 2700 beats 2200: D 500, capped at 400 in rapid: PD .92, 10 x .08 = 0.8 -> 1;
    # standard 2025 (2650+, no cap): PD(500) .96, 10 x .04 = 0.4 -> 0
    ("ELO_CHANGE", [cell(2700), col(2200), col(1), cell(10), cell("2025 rapid")], one(1)),
    ("ELO_CHANGE", [cell(2700), col(2200), col(1), cell(10), cell(2025)], one(0)),
    # blitz from 1 Dec 2024: 2650 against 2050 (600 points, 2650 above 2600) is not rated;
    # against 2100 (550, capped at 400): PD .92, W - PD .08, x 10 = 0.8
    (
        "ELO_DETAIL",
        [cell(2650), col(2050, 2100), col(1, 1), cell(10), cell("2025 blitz")],
        [[2250, approx(0.92), approx(0.08), approx(0.8)]],
    ),
    ("EXPECTED_SCORE", [cell(2650), col(2050, 2100), cell("2025 blitz")], one(approx(0.92))),
    # on 30 Nov 2024 both games count, each capped at 2250: 10 x (.08 + .08) = 1.6 -> 2
    (
        "ELO_CHANGE",
        [cell(2650), col(2050, 2100), col(1, 1), cell(10), cell("blitz 2024-11-30")],
        one(2),
    ),
    # K 20 for every player in rapid and blitz until 30 Sep 2022: a junior rated 2250 (K 40
    # in standard play) gets 20; from 1 Oct 2022 the standard rule: 40
    (
        "K_FACTOR",
        [cell(2250), cell(80), cell(2008), cell(False), cell(DAY_2022_05_01), cell("rapid")],
        one(20),
    ),
    (
        "K_FACTOR",
        [cell(2250), cell(80), cell(2008), cell(False), cell(DAY_2022_05_01), OMITTED],
        one(40),
    ),
    ("K_FACTOR", [cell(2250), cell(80), cell(2008), OMITTED, OMITTED, cell("2025 rapid")], one(40)),
    # --- tie-breaks (C.07). Held's round robin (Mario Held, "Exercises in Tie-Breaking",
    # C.07-2023; the answers as TieBreakServer's tests/test_fide_held_individual_exercises.py
    # lists them): exercise 14, SB; 16, KS (points against the 2½+ players 1, 2, 3)
    ("TIEBREAK_ALL", [cell("SB"), RATINGS6, GRID6], per_row(9.25, 6.25, 6.25, 4.25, 3.25, 2.25)),
    (
        "TIEBREAK_ALL",
        [cell("KS"), RATINGS6, GRID6, OMITTED, cell("2023")],
        per_row(2, 0.5, 0.5, 1, 0.5, 0),
    ),
    # by hand: games played with black (the forfeit 5-6, won by 6 with black, a regular game
    # of a round robin: C.07 15.2)
    (
        "TIEBREAK_ALL",
        [cell("BPG"), RATINGS6, GRID6, OMITTED, OMITTED, COLOURS6],
        per_row(2, 2, 2, 3, 3, 3),
    ),
    # RTNG (2026 text) with the unrated argument through each route: all rated, their own
    (
        "TIEBREAK_ALL",
        [cell("RTNG"), RATINGS6, GRID6, OMITTED, OMITTED, OMITTED, cell(1000)],
        per_row(2200, 2150, 2100, 2050, 1950, 2000),
    ),
    # the Swiss above, no unplayed round: BH = the opponents' points: 1 met 2 (1) and 3
    # (1½); 2 met 1 and 4 (0); 3 met 4 and 1; 4 met 3 and 2
    (
        "TIEBREAK_ALL",
        [cell("BH"), RATINGS4, RESULTS_SW, OPPONENTS_SW, cell(DAY_2025_06_01)],
        per_row(2.5, 1.5, 1.5, 2.5),
    ),
    ("TIEBREAK_ALL", [cell("BHX"), RATINGS4, GRID4], one(VALUE)),  # no such tie-break
    ("TIEBREAK", [cell("SB"), cell(1), RATINGS6, GRID6], one(9.25)),
    ("TIEBREAK", [cell("SB"), cell(7), RATINGS6, GRID6], one(NUM)),  # six players
    # the working of no. 1's SB (Held's exercise 14: 9.25): by hand, 1 beat 2 and 3 (3.5
    # points each), lost to 4, drew 5 (1.5 x 1/2), beat 6 (1.5): 3.5 + 3.5 + 0 + 0.75 + 1.5
    (
        "TIEBREAK_WORKING",
        [cell("SB"), cell(1), RATINGS6, GRID6],
        [
            ["SB", "C.07 2026", 9.25, SB_RULE, ""],
            *SB_LINES,
            ["=", "", 9.25, "the sum of the 5 values counted: 9.25", ""],
        ],
    ),  # fmt: skip
    ("TIEBREAK_WORKING", [cell("SB, BH"), cell(1), RATINGS6, GRID6], one(VALUE)),  # one only
    # Held's exercise 26: points, then the points among the tied (by hand: 1 beat 2 and 3,
    # 2-3 drawn; 4 lost to 5, drew 6; 6 won 5's forfeit): 1 2 2 6 5 4
    (
        "RANK_ALL",
        [col(3.5, 3.5, 3.5, 1.5, 1.5, 1.5), col(2, 0.5, 0.5, 0.5, 1, 1.5)],
        per_row(1, 2, 2, 6, 5, 4),
    ),
    ("RANK_ALL", [col(2, 1, 2, None)], per_row(1, 3, 1, "")),  # an empty row: blank
    ("RANK_ALL", [col(1, 2), col(1)], one(VALUE)),  # one row per player
    ("EXPLAIN_ERROR", [cell("RP_FIDE"), THREE, cell(2.5)], one("OK")),
]

TEXT_CASES: list[tuple[str, list[Any], tuple[str, ...]]] = [
    # text answers: the words that must be there
    ("EXPLAIN_ERROR", [cell("RP_FIDE"), THREE, cell(4)], ("RP_FIDE", "score", "not possible")),
    ("EXPLAIN_ERROR", [cell("rp_exact"), THREE, cell(3)], ("RP_EXACT", "infinite")),
    ("EXPLAIN_ERROR", [cell("NOPE")], ("unknown function",)),
    (
        "EXPLAIN_ERROR",
        [cell("ELO_CHANGE"), cell(2000), THREE, col(1, 0, 0), cell(20), cell("2025 bullet")],
        ("ELO_CHANGE", "rules", "unknown edition '2025 bullet'"),
    ),
    (
        "EXPLAIN_ERROR",
        [cell("K_FACTOR"), cell(2000), cell(40), OMITTED, OMITTED, OMITTED, cell("rapid blitz")],
        ("K_FACTOR", "rules", "2 rates of play"),
    ),
]

# ------------------------------------------------------------------- the child programs

LITE_CHILD = r'''
import asyncio, importlib.util, inspect, json, sys

import xlwings as xw
from xlwings.server import custom_functions_call, custom_functions_meta

job = json.loads(open(sys.argv[1], encoding="utf-8").read())


def load(name, source):
    """As xlwings Lite loads main.py: its text executed into a fresh module."""
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader=None))
    exec(compile(source, "main.py", "exec"), module.__dict__)
    sys.modules[name] = module
    return module


async def call(module, name, args):
    data = {"func_name": name, "args": args, "client": "Office.js", "version": xw.__version__,
            "runtime": "1.4", "culture_info_name": "en-US", "date_format": "M/d/yyyy",
            "caller_address": None}
    try:
        return json.loads(json.dumps(await custom_functions_call(data, module), default=repr))
    except Exception as exc:
        return {"python exception": f"{type(exc).__name__}: {exc}"}


async def run(module, calls):
    return [await call(module, name, args) for name, args in calls]


report = {}
for label, path in job["bundles"].items():
    source = open(path, encoding="utf-8").read()
    main = load("main", source)
    meta = custom_functions_meta(main)
    arity = {f["id"]: len(f["parameters"]) for f in meta["functions"]}
    blank = [(f["id"], [None] * arity[f["id"]]) for f in meta["functions"]]
    report[label] = {
        "meta": meta,
        "origin": main._udfs.__spec__.origin,
        "results": asyncio.run(run(main, job["calls"])),
        "blank": dict(zip([n for n, _ in blank], asyncio.run(run(main, blank)))),
    }
print(json.dumps(report))
'''

CLASSIC_CHILD = r"""
import inspect, io, json, sys, types

# The Windows-only modules xlwings.udfs imports, stubbed: nothing here talks to Excel.
pythoncom = types.ModuleType("pythoncom")
pythoncom.CoInitialize = lambda: None
pywintypes = types.ModuleType("pywintypes")
pywintypes.com_error = type("com_error", (Exception,), {})
win32com = types.ModuleType("win32com")
win32com.client = types.ModuleType("win32com.client")
win32com.client.Dispatch = lambda *args, **kwargs: None
sys.modules.update({"pythoncom": pythoncom, "pywintypes": pywintypes, "win32com": win32com,
                    "win32com.client": win32com.client})

import xlwings
import xlwings.udfs as classic

# what `import xlwings` binds on Windows
xlwings.func, xlwings.arg, xlwings.ret = classic.xlfunc, classic.xlarg, classic.xlret
import xlfuncs.udfs as module


class Workbook:
    Name = "round_robin.xlsm"


vba = io.StringIO()
classic.generate_vba_wrapper("xlfuncs.udfs", module, vba, Workbook())
functions = {}
for name, obj in inspect.getmembers(module):
    info = getattr(obj, "__xlfunc__", None)
    if info is None:
        continue
    functions[name] = {
        "name": info["name"], "category": info["category"], "doc": info["ret"]["doc"],
        "volatile": info["volatile"], "call_in_wizard": info["call_in_wizard"],
        "args": [{"name": a["name"], "doc": a["doc"], "optional": "optional" in a,
                  "vararg": a["vararg"], "vba": a["vba"]} for a in info["args"]],
    }
print(json.dumps({"vba": vba.getvalue(), "functions": functions}))
"""


def _child(script: str, tmp: Path, env_extra: dict[str, str], *args: str) -> dict[str, Any]:
    path = tmp / "child.py"
    path.write_text(script, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS_")}
    env.update(env_extra)
    done = subprocess.run(
        [sys.executable, str(path), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return report


# ---------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def bundles(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The Lite ``main.py`` as ``xlfuncs lite -o DIR`` writes it, and as each shipped
    template holds it (read back out of the workbook)."""
    out = tmp_path_factory.mktemp("bundles")
    assert cli(["lite", "-o", str(out / "cli")]) == 0
    found = {"xlfuncs lite -o": out / "cli" / "main.py"}
    for name in sorted(TEMPLATES):
        stored = lite_workbook.read_bundle(SHIPPED / name)
        assert sorted(stored) == ["main.py", "requirements.txt"], name
        assert stored["requirements.txt"] == lite.REQUIREMENTS, name
        path = out / name.replace(".xlsx", ".main.py")
        path.write_text(stored["main.py"], encoding="utf-8")
        found[name] = path
    return found


@pytest.fixture(scope="module")
def on_lite(bundles: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    tmp = tmp_path_factory.mktemp("lite-child")
    calls = [[name, args] for name, args, _ in CASES] + [[n, a] for n, a, _ in TEXT_CASES]
    job = tmp / "job.json"
    job.write_text(
        json.dumps({"bundles": {k: str(v) for k, v in bundles.items()}, "calls": calls}),
        encoding="utf-8",
    )
    return _child(
        LITE_CHILD,
        tmp,
        {"XLWINGS_ON_SERVER": "true", "XLWINGS_LICENSE_KEY": "noncommercial"},
        str(job),
    )


@pytest.fixture(scope="module")
def classic(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _child(CLASSIC_CHILD, tmp_path_factory.mktemp("classic-child"), {})


def _parameters(name: str) -> list[inspect.Parameter]:
    return list(inspect.signature(REGISTRY[name]).parameters.values())


def _optional(p: inspect.Parameter) -> bool:
    return p.default is not inspect.Parameter.empty


# ------------------------------------------------------------------ the cases themselves


def test_cases_are_shaped_as_office_js_sends_them() -> None:
    def whole_floats(value: Any) -> list[Any]:
        if isinstance(value, list):
            return [f for v in value for f in whole_floats(v)]
        return [value] if isinstance(value, float) and value.is_integer() else []

    for name, args, _ in [*CASES, *[(n, a, None) for n, a, _ in TEXT_CASES]]:
        assert name in REGISTRY
        for arg in args:
            assert arg is None or (
                isinstance(arg, list) and arg and all(isinstance(r, list) and r for r in arg)
            ), (name, arg)
        assert whole_floats(args) == [], f"{name}: whole numbers arrive as int"


# ------------------------------------------------------------------------------ Lite


def _functions(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {f["id"]: f for f in report["meta"]["functions"]}


def test_lite_registers_every_function_with_its_arguments_and_help(
    on_lite: dict[str, Any], classic: dict[str, Any]
) -> None:
    for label, report in on_lite.items():
        functions = _functions(report)
        assert set(functions) == set(REGISTRY), label  # nothing missing, nothing extra
        assert report["meta"]["allowErrorForDataTypeAny"] is True  # real errors may return
        for name, fn in REGISTRY.items():
            f = functions[name]
            assert f["name"] == name, label  # the Excel name: no namespace
            assert f["description"] == fn.__doc__, (label, name)
            assert f["result"] == {"dimensionality": "matrix", "type": "any"}
            params = _parameters(name)
            assert [p["name"] for p in f["parameters"]] == [p.name for p in params]
            for p, meta in zip(params, f["parameters"]):
                assert meta.get("optional", False) == _optional(p), (name, p.name)
                assert meta.get("repeating", False) == (p.kind is p.VAR_POSITIONAL)
                assert meta["dimensionality"] == "matrix" and meta["type"] == "any"
            # the same help text as the classic route (both from udfs.py's decorators)
            docs = [a["doc"] for a in classic["functions"][name]["args"]]
            assert [p["description"] for p in f["parameters"]] == docs, (label, name)
    k = {p["name"]: p for p in _functions(on_lite["xlfuncs lite -o"])["K_FACTOR"]["parameters"]}
    assert [n for n, p in k.items() if p.get("optional")] == [
        "birth_year",
        "reached_2400",
        "period_date",
        "rules",
    ]
    assert k["rating"]["description"] == "The player's rating at the start of the period"


def test_lite_runs_the_bundled_package(on_lite: dict[str, Any]) -> None:
    for label, report in on_lite.items():
        assert report["origin"].startswith(lite.ORIGIN_PREFIX), label


@pytest.mark.parametrize(
    "index", range(len(CASES)), ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_lite_call(on_lite: dict[str, Any], index: int) -> None:
    name, args, expected = CASES[index]
    for label, report in on_lite.items():
        assert report["results"][index] == expected, (label, name, args)


def test_lite_text_answers(on_lite: dict[str, Any]) -> None:
    for label, report in on_lite.items():
        for (name, _, words), got in zip(TEXT_CASES, report["results"][len(CASES) :]):
            assert isinstance(got, list) and len(got) == 1 and len(got[0]) == 1, (label, got)
            text = got[0][0]
            assert isinstance(text, str), (label, name, text)
            assert all(w in text for w in words), (label, text)


def test_every_function_is_called_with_expected_values() -> None:
    """The functions there were when these cases were written each have cases above; a
    function added since is covered by the checks that go over the whole registry (it is
    registered with its help, answers blank arguments with an Excel error, gets its VBA
    wrapper) until cases are added for it."""
    called = {name for name, _, _ in CASES}
    assert {
        "DP_LOOKUP",
        "PD_LOOKUP",
        "EXPECTED_SCORE",
        "RP_EXACT",
        "RP_FIDE",
        "RP_LINEAR",
        "RP_PTP",
        "ELO_CHANGE",
        "ELO_DETAIL",
        "K_FACTOR",
        "K_FOR_GAMES",
        "BLOQUE",
        "NORM_RP",
        "NORM_POINTS",
        "NORM_MIX",
        "NORM_RATINGS",
        "NORM_FIGURES",
        "NORM_TITLED",
        "POINTS_ALL",
        "SB_ALL",
        "RATED_GAMES_ALL",
        "RA_ALL",
        "RP_FIDE_ALL",
        "RP_EXACT_ALL",
        "ELO_CHANGE_ALL",
        "BLOQUE_ALL",
        "NORM_ALL",
        "K_FACTOR_ALL",
        "UPLIFT_2024",
        "UNRATED_AGAIN",
        "TIEBREAK_ALL",
        "TIEBREAK",
        "TIEBREAK_WORKING",
        "RANK_ALL",
        "EXPLAIN_ERROR",
    } <= called


def test_lite_blank_arguments_give_real_excel_errors(on_lite: dict[str, Any]) -> None:
    """Every function, new ones included, called from a formula whose arguments are all
    empty: a real Excel error (#N/A: nothing to compute, or #VALUE!) or, for a whole-column
    form, a blank row (an empty row of the chart); never a Python exception, a number or a
    traceback in the cell."""
    for label, report in on_lite.items():
        assert set(report["blank"]) == set(REGISTRY), label
        for name, got in report["blank"].items():
            assert isinstance(got, list) and got and all(isinstance(r, list) for r in got), name
            cells = [c for r in got for c in r]
            if name == "EXPLAIN_ERROR":
                assert "unknown function" in cells[0]
                continue
            assert all(c in (NA, VALUE, "") for c in cells), (label, name, got)
            if not name.endswith("_ALL"):
                assert cells != [""], (label, name)


# --------------------------------------------------------------------------- classic


_VBA_KEYWORDS = """
and as boolean byref byte byval call case const currency date declare dim do double each
else elseif empty end enum eqv erase error event exit false for friend function get global
gosub goto if imp implements in integer is let lib like long loop lset me mod new next not
nothing null on option optional or paramarray preserve private property public raiseevent
redim rem resume return rset select set single static step stop string sub then to true type
typeof until variant wend while with withevents xor
"""
_VBA_RESERVED = frozenset(_VBA_KEYWORDS.split())
"""VBA's reserved words: no parameter may be named so."""


def _vba_functions(vba: str) -> dict[str, tuple[str, str]]:
    """Function name -> (its parameter list, the body) in the VBA module text."""
    found = re.findall(r"^Function (\w+)\(([^\n]*)\)\n(.*?)^End Function", vba, re.M | re.S)
    return {name: (params, body) for name, params, body in found}


def test_classic_decorators_register_every_function(classic: dict[str, Any]) -> None:
    assert set(classic["functions"]) == set(REGISTRY)
    for name, info in classic["functions"].items():
        fn = REGISTRY[name]
        assert info["name"] == name
        assert info["category"] == udfs.CATEGORY and len(udfs.CATEGORY) <= 255
        assert info["doc"] == fn.__doc__
        # Excel's function wizard (MacroOptions) keeps 255 characters of each description
        assert info["doc"] and len(info["doc"]) <= 255, name
        assert info["volatile"] is False and info["call_in_wizard"] is True
        params = _parameters(name)
        assert [a["name"] for a in info["args"]] == [p.name for p in params]
        for p, arg in zip(params, info["args"]):
            assert arg["optional"] == _optional(p), (name, p.name)
            assert arg["vararg"] == (p.kind is p.VAR_POSITIONAL)
            assert arg["vba"] is None  # every argument comes from the formula
            assert len(arg["doc"]) <= 255, (name, p.name)
            if name != "EXPLAIN_ERROR" or p.name in ("function_name", "arg1"):
                assert not arg["doc"].startswith("Positional argument"), (name, p.name)


def test_classic_vba_wrapper_for_every_function(classic: dict[str, Any]) -> None:
    functions = _vba_functions(classic["vba"])
    assert set(functions) == set(REGISTRY)
    for name, (params_text, body) in functions.items():
        # a name Excel could read as a cell reference (A1 or R1C1) cannot be called
        assert re.fullmatch(r"[A-Za-z][A-Za-z0-9_]{0,254}", name)
        assert not re.fullmatch(r"[A-Za-z]{1,3}[0-9]+|[Rr][0-9]*[Cc][0-9]*", name), name
        expected = []
        for p in _parameters(name):
            if p.kind is p.VAR_POSITIONAL:
                expected.append(f"ParamArray {p.name}()")
            else:
                expected.append(("Optional " if _optional(p) else "") + p.name)
            assert p.name.lower() not in _VBA_RESERVED, (name, p.name)
        assert params_text == ", ".join(expected), name
        names = ", ".join(p.name for p in _parameters(name))
        call = f'{name} = XLPy.CallUDF("xlfuncs.udfs", "{name}", Array({names}), ThisWorkbook'
        assert call in body, name
        assert f"{name} = Err.Description" in body
    assert functions["RP_FIDE"][0] == "opponent_ratings, score"
    assert functions["K_FACTOR"][0] == (
        "rating, rated_games, Optional birth_year, Optional reached_2400, Optional period_date, "
        "Optional rules"
    )
    assert functions["EXPLAIN_ERROR"][0] == (
        "function_name, Optional arg1, Optional arg2, Optional arg3, Optional arg4, "
        "Optional arg5, Optional arg6, Optional arg7, Optional arg8, Optional arg9, "
        "Optional arg10, Optional arg11, Optional arg12, Optional arg13"
    )
    assert functions["NORM_ALL"][0] == (
        "ratings, results, Optional opponents, Optional sexes, Optional rules, Optional titles, "
        "Optional federations, Optional minutes, Optional reasons"
    )


def test_classic_vba_lines_fit(classic: dict[str, Any]) -> None:
    # VBA's limit is 1023 characters a line; xlwings' writer splits longer ones
    assert max(len(line) for line in classic["vba"].splitlines()) <= 1023
