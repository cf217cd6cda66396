"""Valid calls of every Excel function, each argument given, and the hostile values a cell
can hold: what the cell fuzzer (``tests/test_cell_fuzz.py``) starts from and puts in.

The events are the hand-worked ones of ``tests/test_excel_errors.py`` and
``tests/test_xlwings_routes.py``: four players, player 3 unrated; as a round robin each
player one win, one draw, one loss; as two Swiss rounds 1-2 1-0, 3-4 1-0, then 1-3 ½-½,
2-4 1-0. A call here gives a value, never an error value (``test_the_valid_calls_are_valid``).
"""

from __future__ import annotations

import datetime as dt
import inspect
import math
from typing import Any

import numpy as np

from xlfuncs import udfs


def col(*values: object) -> list[list[object]]:
    """A column range as xlwings passes it with ndim=2."""
    return [[v] for v in values]


THREE = col(2400.0, 2500.0, 2600.0)
NINE = col(2600.0, 2550.0, 2500.0, 2450.0, 2450.0, 2400.0, 2350.0, 2300.0, 2150.0)
RATINGS4 = col(2000.0, 2100.0, None, 1900.0)
RATED4 = col(2000.0, 2100.0, 1950.0, 1900.0)
GRID4 = [[None, 1.0, "½", 0.0], [0.0, None, 1.0, "½"], ["½", 0.0, None, 1.0], [1.0, "½", 0.0, None]]
K4 = col(20.0, 20.0, None, 40.0)
OPPONENTS_SW = [[2.0, 3.0], [1.0, 4.0], [4.0, 1.0], [3.0, 2.0]]
RESULTS_SW = [[1.0, "½"], [0.0, 1.0], [1.0, "½"], [0.0, 0.0]]
COLOURS_SW = [["w", "b"], ["b", "w"], ["b", "w"], ["w", "b"]]
A_DAY = dt.datetime(2026, 11, 30)

CALLS: list[tuple[str, list[Any]]] = [
    ("DP_LOOKUP", [2.5, 3.0]),
    ("PD_LOOKUP", [400.0]),
    ("EXPECTED_SCORE", [2000.0, col(1900.0, 2100.0), 2025.0]),
    ("RP_EXACT", [THREE, 2.5]),
    ("RP_FIDE", [THREE, col(1.0, "½", 1.0)]),
    ("RP_LINEAR", [THREE, 2.5]),
    ("RP_PTP", [THREE, 2.5]),
    ("ELO_CHANGE", [2000.0, THREE, col(1.0, 0.0, 0.0), 20.0, 2022.0, False, col("a", "a", "b")]),
    ("ELO_DETAIL", [2000.0, THREE, col(1.0, 0.0, 0.0), 20.0, 2022.0, col(1.0, 1.0, 2.0)]),
    ("K_FACTOR", [2250.0, 80.0, 2008.0, False, A_DAY, "rapid"]),
    ("K_FOR_GAMES", [40.0, 20.0]),
    ("UPLIFT_2024", [1800.0]),
    ("UNRATED_AGAIN", [col(1500.0, 1410.0), col(-20.0, -30.0), 2025.0]),
    ("GAME_RATED", [2000.0, 2050.0, 90.0, 2025.0]),
    ("BLOQUE", [col(1900.0, 1950.0, 2000.0, 2050.0, 2100.0), 3.0, "swiss", 2022.0, True]),
    ("NORM_RP", [NINE, 6.5, "GM", 2025.0]),
    ("NORM_POINTS", [NINE, "GM", 2025.0]),
    (
        "NORM_MIX",
        [col(2600.0, 2550.0), col(1.0, "½"), col("GM", "IM"), col("GER", "FRA"), "ESP", "GM"],
    ),
    ("NORM_RATINGS", [col(2600.0, 2400.0, 1500.0), col(1.0, "½", 0.0), "GM", 2025.0]),
    ("NORM_FIGURES", [col(2600.0, 2550.0, 2500.0), col(1.0, "½", 1.0), "GM", 2025.0]),
    ("NORM_TITLED", [col("GM", "IM", None), col(1.0, "½", 0.0), "GM"]),
    ("POINTS_ALL", [GRID4, "3-1-0"]),
    ("SB_ALL", [RESULTS_SW, OPPONENTS_SW]),
    ("RATED_GAMES_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW, 2025.0, 120.0]),
    ("RA_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW, 2025.0, 120.0, True]),
    ("RP_FIDE_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW, 2025.0, 120.0, True]),
    ("RP_EXACT_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW, 2025.0, 120.0, True]),
    ("ELO_CHANGE_ALL", [RATINGS4, K4, RESULTS_SW, OPPONENTS_SW, 2025.0, 120.0, True]),
    ("BLOQUE_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW, "swiss", 2025.0, True, 120.0, True]),
    (
        "RATING_WORKING",
        [1.0, RATINGS4, K4, RESULTS_SW, OPPONENTS_SW, 2025.0, "swiss", 12.0, 120.0, True],
    ),
    (
        "NORM_ALL",
        [
            RATINGS4,
            RESULTS_SW,
            OPPONENTS_SW,
            col("m", "w", "f", None),
            2025.0,
            col("GM", None, None, "FM"),
            col("ESP", "FRA", "GER", "ITA"),
            120.0,
            True,
        ],
    ),
    (
        "NORM_PLAN",
        [
            RATINGS4,
            col("GM", "IM", None, None),
            col("ESP", "FRA", None, "GER"),
            col("m", "w", None, "f"),
            9.0,
            "ESP",
            2025.0,
        ],
    ),
    (
        "K_FACTOR_ALL",
        [
            RATINGS4,
            col(10.0, 40.0, None, 100.0),
            col(2008.0, None, None, 1980.0),
            col(False, True, None, None),
            A_DAY,
            "2025",
        ],
    ),
    (
        "TIEBREAK_ALL",
        [
            "BH/C1, SB, ARO",
            RATED4,
            RESULTS_SW,
            OPPONENTS_SW,
            "2026",
            COLOURS_SW,
            1400.0,
            "swiss",
            "definition",
            "1-½-0",
        ],
    ),
    (
        "TIEBREAK",
        [
            "ARO",
            2.0,
            RATED4,
            RESULTS_SW,
            OPPONENTS_SW,
            "2023",
            COLOURS_SW,
            1400.0,
            "swiss",
            "highest+800",
            "3-1-0",
        ],
    ),
    (
        "TIEBREAK_WORKING",
        [
            "SB",
            2.0,
            RATED4,
            RESULTS_SW,
            OPPONENTS_SW,
            "2023",
            COLOURS_SW,
            1400.0,
            "swiss",
            12.0,
            "highest+800",
            "3-1-0",
        ],
    ),
    (
        "RANK_ALL",
        [
            col(1.5, 1.0, 1.5, 0.0),
            col(2.5, 1.5, 1.5, 2.5),
            col(3.0, 2.0, 1.0, 0.0),
            col(1.0, 2.0, 3.0, 4.0),
            col(0.0, 0.0, 1.0, 1.0),
            col(5.0, 4.0, 3.0, 2.0),
            col(1.0, 1.0, 1.0, 1.0),
        ],
    ),
]
"""A valid call of each function, every argument given."""


def arity(name: str) -> int:
    """How many arguments the function *name* takes."""
    return len(inspect.signature(udfs.FUNCTIONS[name]).parameters)


CLASSES: dict[str, list[Any]] = {
    "text": ["abc", "½½", "1,5", "1 1/2", "GM IM", "x" * 5000, "9" * 5000, "é€"],
    "blank": [None, "", " ", [[None]], [[None, None], [None, None]], [[""]]],
    "error": ["#N/A", "#VALUE!", "#DIV/0!", " #num! ", [["#REF!"]]],
    "huge": [1e7, 1e15, 1e308, -1e308, "1E+308", "1E+7", 2.0**63, 1_048_577.0, 16_385.0],
    "negative": [-1.0, -5.0, -0.5, -2400.0, -1e7, "-3"],
    "nan": [math.nan, math.inf, -math.inf, "nan", "inf", "-Infinity", np.float64("nan")],
    "boolean": [True, False, "TRUE", "false", [[True]]],
    "date": [
        dt.datetime(2026, 1, 1),
        dt.date(2024, 3, 1),
        dt.datetime(1899, 12, 30),
        dt.datetime(9999, 12, 31, 23, 59),
        dt.time(12, 0),
        "2024-02-30",
        45352.0,
    ],
    "numpy": [
        np.float64(2000.0),
        np.int64(5),
        np.bool_(True),
        np.str_("SB"),
        np.array([[2000.0], [2100.0]]),
        np.array([1.0, 0.0]),
        np.array([]),
        np.array([[np.nan]]),
    ],
    "bigint": [10**400, -(10**400), 10**5000, 2**1100 + 1, 10**308 * 2],
    "nested": [
        [],
        [[]],
        [[[1.0]]],
        [[[2000.0], [2100.0]], [[1.0], [0.0]]],
        [1.0, 0.0],
        ((1.0,), (0.0,)),
        [[1.0, [2.0]]],
        [[2000.0, 2100.0, 1900.0, 2200.0]],
    ],
}
"""The fuzz's argument classes: what a cell, a range or a caller outside Excel can give."""
