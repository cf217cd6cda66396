"""The workbook writers' functions without xlwings (``xlfuncs/templates/functions.py``): udfs'
own functions, the same signatures and answers, and no xlwings or numpy imported."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

from xlfuncs import udfs
from xlfuncs.templates.functions import without_xlwings

ROOT = Path(__file__).resolve().parents[1]


def test_every_function_of_udfs_with_its_signature_and_help() -> None:
    plain = without_xlwings()
    assert plain is not udfs
    for name in udfs.__all__:
        ours, theirs = getattr(plain, name), getattr(udfs, name)
        if callable(theirs):
            assert inspect.signature(ours) == inspect.signature(theirs), name
            assert ours.__doc__ == theirs.__doc__, name


def test_the_same_answers() -> None:
    plain = without_xlwings()
    # two players who met in round 1 (player 1 won) and round 2 (a draw): 1.5 and 0.5
    results = [[1.0, "½"], [0.0, "½"]]
    opponents = [[2.0, 2.0], [1.0, 1.0]]
    assert plain.POINTS_ALL(results) == [[1.5], [0.5]]
    assert plain.POINTS_ALL(results) == udfs.POINTS_ALL(results)
    ratings = [[2000.0], [1800.0]]
    for name in ("RA_ALL", "RP_FIDE_ALL", "RATED_GAMES_ALL"):
        assert getattr(plain, name)(ratings, results, opponents) == getattr(udfs, name)(
            ratings, results, opponents
        )
    # a failure is an error value, as in a cell: the same one
    assert plain.RP_FIDE("x", 1.0) == udfs.RP_FIDE("x", 1.0)


def test_neither_xlwings_nor_numpy_imported() -> None:
    code = (
        "import sys; from xlfuncs.templates.functions import excel_functions; "
        "f = excel_functions(); assert f.POINTS_ALL([[1.0]]) == [[1.0]]; "
        "print(sorted(m for m in ('xlwings', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
