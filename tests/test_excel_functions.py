"""The Excel functions without xlwings (:mod:`xlfuncs.excel.functions`) and their
registration with xlwings (:mod:`xlfuncs.udfs`): udfs names the very same functions, each
with its arguments' help in :data:`~xlfuncs.excel.functions.ARGUMENTS`; the functions module
imports neither xlwings nor numpy."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
from pathlib import Path

from xlfuncs import udfs
from xlfuncs.excel import functions

ROOT = Path(__file__).resolve().parents[1]


def test_udfs_names_every_function_itself() -> None:
    source = (ROOT / "xlfuncs" / "excel" / "functions.py").read_text(encoding="utf-8")
    defined = re.findall(r"^def ([A-Z][A-Z0-9_]*)\(", source, re.MULTILINE)
    # every function defined is listed, in the order of the source, and udfs gives it as is
    assert list(functions.ARGUMENTS) == defined
    assert len(defined) == 38
    for name in defined:
        assert getattr(udfs, name) is getattr(functions, name), name
        assert name in udfs.__all__, name
    assert list(functions.FUNCTIONS) == [n for n in defined if n != "EXPLAIN_ERROR"]
    assert udfs.ARGUMENTS is functions.ARGUMENTS and udfs.CATEGORY == functions.CATEGORY
    # each function's arguments follow its parameters, each with its help
    for name, arguments in functions.ARGUMENTS.items():
        parameters = list(inspect.signature(getattr(functions, name)).parameters)
        assert list(arguments) == parameters, name
        assert all(argument.doc for argument in arguments.values()), name


def test_the_answers_are_a_cell_s() -> None:
    # two players who met in round 1 (player 1 won) and round 2 (a draw): 1.5 and 0.5
    assert functions.POINTS_ALL([[1.0, "½"], [0.0, "½"]]) == [[1.5], [0.5]]
    # a failure is an error value, as in a cell: a text where a rating should be
    assert functions.RP_FIDE("x", 1.0) == "#VALUE!"


def test_neither_xlwings_nor_numpy_imported() -> None:
    code = (
        "import sys; from xlfuncs.excel import functions as f; "
        "assert f.POINTS_ALL([[1.0]]) == [[1.0]]; "
        "print(sorted(m for m in ('xlwings', 'numpy') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"
