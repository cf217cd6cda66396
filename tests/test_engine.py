"""Tests proving the ``formulas``-based workbook evaluator in :mod:`engine`.

Each test that recalculates a workbook with the engine is marked ``slow``, as the tests
that use it are: ``-m "not slow"`` runs none of its recalculations."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import formulas
import pytest
import xlsxwriter
from engine import UDFError, evaluate, from_cell_values, to_cell_values

Cells = dict[tuple[str, str], Any]


def _double(x: Any) -> Any:
    """DOUBLE(x): twice a number, blank for blank, other inputs echoed."""
    if x is None:
        return None
    return x * 2 if isinstance(x, float) else x


def _echo(*args: Any) -> str:
    """ECHO(...): the repr of the converted arguments."""
    return repr(args)


def _opt(a: Any, b: Any = 5.0, c: Any = None) -> str:
    """OPT(a, [b], [c]): shows which defaults were used."""
    return repr((a, b, c))


def _grid(n: Any) -> list[list[float]]:
    """GRID(n): an n-by-2 array [[1, 2], [3, 4], ...]."""
    return [[2.0 * i + 1, 2.0 * i + 2] for i in range(int(n))]


def _column(values: Any) -> list[list[Any]]:
    """COLUMN_OF(range): the range's values, doubled where numeric."""
    rows = values if isinstance(values, list) else [[values]]
    return [[v * 2 if isinstance(v, float) else v for v in row] for row in rows]


def _boom(x: Any) -> float:
    """BOOM(x): always raises."""
    raise ZeroDivisionError("boom")


UDFS: dict[str, Callable[..., Any]] = {
    "DOUBLE": _double,
    "echo": _echo,  # names are case-insensitive
    "OPT": _opt,
    "GRID": _grid,
    "COLUMN_OF": _column,
}


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny workbook written by XlsxWriter exercising the harness."""
    path = tmp_path_factory.mktemp("engine") / "tiny.xlsx"
    wb = xlsxwriter.Workbook(str(path), {"use_future_functions": True})
    ws = wb.add_worksheet("Round 1 results")
    settings = wb.add_worksheet("Settings")
    settings.write("A1", "Rules")
    settings.write("B1", "FIDE2024")
    wb.define_name("Rules", "=Settings!$B$1")
    ws.write_column("A1", [2, 3.5, "x"])  # A4 is left blank
    ws.write_formula("A5", "=1/0")
    ws.write_formula("A6", '=""')
    ws.write_boolean("A7", True)

    ws.write_formula("B1", "=DOUBLE(A1)")
    ws.write_formula("B2", "=DOUBLE(A2)+1")  # UDF inside an expression
    ws.write_formula("B3", "=DOUBLE(A4)")  # blank input, None returned
    ws.write_formula("B4", "=DOUBLE(A5)")  # an error passes through as text
    ws.write_formula("B5", "=NOSUCHFUNC(A1)")
    ws.write_formula("B6", "=NOSUCHFUNC(A1)+1")
    ws.write_formula("B7", "=SUM(A1:A2,NOSUCHFUNC(A1))")
    ws.write_formula("B8", "=ECHO(A1:A3,Rules,A6,A7,{1,2;3,4})")
    ws.write_formula("B9", "=ECHO(A1:A2*2)")
    ws.write_formula("B10", "=OPT(A1)")
    ws.write_formula("B11", "=OPT(A1,,7)")
    ws.write_formula("B12", "=ECHO(A1,,)")
    ws.write_formula("B13", "=_xludf.DOUBLE(A1)")  # how Excel stores unknown UDFs
    ws.write_formula("B14", "=SUM('Round 1 results'!A1:A2)+Settings!A1")
    ws.write_formula("B15", '=COUNTIF(A1:A7,">1")')
    ws.write_formula("B16", "=DOUBLE(DOUBLE(A1))")
    ws.write_formula("B17", "=IF(A1>1,,1)")  # empty argument to a built-in stays 0

    ws.write_array_formula("D1:E3", "{=GRID(3)}")
    ws.write_array_formula("D5:E7", "{=GRID(2)}")  # range bigger than result
    ws.write_array_formula("D9:D10", "{=COLUMN_OF(A1:A2)}")
    ws.write_dynamic_array_formula("G1:H2", "=GRID(2)")
    ws.write_dynamic_array_formula("G5", "=GRID(3)")  # one cell: no spill
    ws.write_formula("G8", "=GRID(2)")  # ordinary cell: top-left value
    ws.write_formula("G9", "=SUM(GRID(2))")  # array result consumed by SUM

    ws.data_validation("J1", {"validate": "list", "source": ["yes", "no"]})
    ws.protect()
    settings.protect("secret")
    wb.close()
    return path


@pytest.fixture(scope="module")
def cells(book: Path) -> Cells:
    """The evaluated tiny workbook."""
    return evaluate(book, UDFS)


def _sheet(cells: Cells) -> dict[str, Any]:
    return {a: v for (s, a), v in cells.items() if s == "Round 1 results"}


@pytest.mark.slow
def test_constants_and_sheet_names(cells: Cells) -> None:
    got = _sheet(cells)
    assert got["A1"] == 2.0 and isinstance(got["A1"], float)
    assert got["A3"] == "x"
    assert got["A6"] == ""  # empty text, not blank
    assert got["A7"] is True
    assert got.get("A4") is None
    assert cells[("Settings", "B1")] == "FIDE2024"


@pytest.mark.slow
def test_simple_udf(cells: Cells) -> None:
    got = _sheet(cells)
    assert got["B1"] == 4.0
    assert got["B2"] == 8.0
    assert got["B3"] == ""  # a UDF returning None shows empty text
    assert got["B16"] == 8.0


@pytest.mark.slow
def test_error_passes_through(cells: Cells) -> None:
    got = _sheet(cells)
    assert got["A5"] == "#DIV/0!"
    assert got["B4"] == "#DIV/0!"


@pytest.mark.slow
def test_unknown_function_is_name_error(cells: Cells) -> None:
    got = _sheet(cells)
    assert got["B5"] == "#NAME?"
    assert got["B6"] == "#NAME?"
    assert got["B7"] == "#NAME?"


@pytest.mark.slow
def test_argument_conversion(cells: Cells) -> None:
    got = _sheet(cells)
    assert got["B8"] == repr(
        ([[2.0], [3.5], ["x"]], "FIDE2024", None, True, [[1.0, 2.0], [3.0, 4.0]])
    )
    assert got["B9"] == repr(([[4.0], [7.0]],))


@pytest.mark.slow
def test_omitted_arguments(cells: Cells) -> None:
    got = _sheet(cells)
    assert got["B10"] == repr((2.0, 5.0, None))  # trailing: not passed
    assert got["B11"] == repr((2.0, 5.0, 7.0))  # empty between commas: default
    assert got["B12"] == repr((2.0, None, None))  # no default: None
    assert got["B17"] == 0.0


@pytest.mark.slow
def test_xludf_prefix_and_cross_sheet(cells: Cells) -> None:
    got = _sheet(cells)
    assert got["B13"] == 4.0
    assert got["B14"] == "#VALUE!"  # 5.5 + "Rules" (text)
    assert got["B15"] == 2.0


@pytest.mark.slow
def test_legacy_array_formula(cells: Cells) -> None:
    got = _sheet(cells)
    assert [[got[f"{c}{r}"] for c in "DE"] for r in (1, 2, 3)] == [
        [1.0, 2.0],
        [3.0, 4.0],
        [5.0, 6.0],
    ]
    assert [[got[f"{c}{r}"] for c in "DE"] for r in (5, 6, 7)] == [
        [1.0, 2.0],
        [3.0, 4.0],
        ["#N/A", "#N/A"],
    ]
    assert [got["D9"], got["D10"]] == [4.0, 7.0]


@pytest.mark.slow
def test_dynamic_array_formula_does_not_spill(cells: Cells) -> None:
    got = _sheet(cells)
    assert [[got[f"{c}{r}"] for c in "GH"] for r in (1, 2)] == [[1.0, 2.0], [3.0, 4.0]]
    assert got["G5"] == 1.0
    assert got.get("G6") is None and got.get("H5") is None
    assert got["G8"] == 1.0
    assert got["G9"] == 10.0


@pytest.mark.slow
def test_registry_restored(book: Path) -> None:
    evaluate(book, UDFS)
    registry = formulas.get_functions()
    assert "DOUBLE" not in registry and "_XLUDF.DOUBLE" not in registry


@pytest.mark.slow
def test_udf_exception(tmp_path: Path) -> None:
    path = tmp_path / "boom.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet()
    ws.write("A1", 1)
    ws.write_formula("B1", "=BOOM(A1)")
    wb.close()
    with pytest.raises(UDFError) as info:
        evaluate(path, {"BOOM": _boom})
    assert isinstance(info.value.__cause__, ZeroDivisionError)
    cells = evaluate(path, {"BOOM": _boom}, on_error="#VALUE!")
    assert cells[("Sheet1", "B1")] == "#VALUE!"


@pytest.mark.slow
def test_errors_as_none(tmp_path: Path) -> None:
    path = tmp_path / "err.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet()
    ws.write_formula("A1", "=NA()")
    ws.write_formula("B1", "=ECHO(A1)")
    wb.close()
    assert evaluate(path, UDFS)[("Sheet1", "B1")] == "('#N/A',)"
    assert evaluate(path, UDFS, err_to_str=False)[("Sheet1", "B1")] == "(None,)"


@pytest.mark.slow
def test_openpyxl_workbook(tmp_path: Path) -> None:
    openpyxl = pytest.importorskip("openpyxl")
    from openpyxl.workbook.defined_name import DefinedName
    from openpyxl.worksheet.formula import ArrayFormula

    path = tmp_path / "op.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Main sheet"
    other = wb.create_sheet("Other")
    other["A1"] = 21
    wb.defined_names["Rules"] = DefinedName("Rules", attr_text="Other!$A$1")
    ws["A1"] = "=DOUBLE(Rules)"
    ws["B1"] = ArrayFormula("B1:C2", "=GRID(2)")
    ws.protection.sheet = True
    wb.save(path)
    cells = evaluate(path, UDFS)
    assert cells[("Main sheet", "A1")] == 42.0
    assert cells[("Main sheet", "C2")] == 4.0


def test_conversions() -> None:
    assert to_cell_values(True) is True
    assert to_cell_values("") is None
    assert from_cell_values([1, 2]).tolist() == [[1.0, 2.0]]
    assert from_cell_values(float("nan")) == ""
    with pytest.raises(ValueError):
        from_cell_values([[1, 2], [3]])


def _chart_12x3(path: Path) -> Path:
    """The Swiss chart's layout with 12 rows and 3 rounds (the same formulas in each row and
    round as the 400 x 13 template), three players entered: a forfeit, a bye, a game to come."""
    import dataclasses

    from xlfuncs.progress import no_progress
    from xlfuncs.templates import swiss
    from xlfuncs.templates.chart import build_chart
    from xlfuncs.templates.event import ChartPlayer, Event, Round

    players = (
        ChartPlayer(1, "A", rating=2000, rounds=(Round(2, "w", "1"), Round(3, "b", None))),
        ChartPlayer(2, "B", rating=1900, rounds=(Round(1, "b", "0"), Round(None, None, "H"))),
        ChartPlayer(3, "C", rating=None, rounds=(Round(None, None, "+"), Round(1, "w", None))),
    )
    layout = dataclasses.replace(swiss.LAYOUT, capacity=12, rounds=3)
    build_chart(path, layout, swiss.TEXTS, Event(players=players), no_progress)
    return path


@pytest.mark.slow
def test_plain_calls_give_schedulas_values(book: Path, tmp_path: Path) -> None:
    """:mod:`cell_runner` runs each compiled formula as plain calls: every cell of the tiny
    book (errors, omitted arguments, arrays, unknown functions) and of a chart (our functions,
    IF/INDEX/ISBLANK gathers, array formulas) has the value schedula's own run gives, and the
    chart's formulas are all run the plain way (none falls back)."""
    import cell_runner
    import engine

    from xlfuncs import udfs

    assert evaluate(book, UDFS, plain_calls=True) == evaluate(book, UDFS, plain_calls=False)
    chart = _chart_12x3(tmp_path / "chart.xlsx")
    plain = evaluate(chart, udfs.FUNCTIONS, plain_calls=True)
    assert plain == evaluate(chart, udfs.FUNCTIONS, plain_calls=False)
    assert sum(isinstance(v, float) for v in plain.values()) > 100
    pipes = [
        c.func.func
        for c in engine._COMPILED.values()
        if isinstance(getattr(getattr(c, "func", None), "func", None), cell_runner.FastPipe)
    ]
    assert len(pipes) > 150 and all(p.planned for p in pipes)


@pytest.mark.slow
def test_a_failing_call_is_made_again_by_schedula(tmp_path: Path) -> None:
    """A formula whose plain run raises is run again by schedula, which fails as it fails."""
    path = tmp_path / "boom.xlsx"
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet()
    ws.write("A1", 1)
    ws.write_formula("B1", "=BOOM(A1)+1")
    wb.close()
    with pytest.raises(UDFError):
        evaluate(path, {"BOOM": _boom})
    cells = evaluate(path, {"BOOM": _boom}, on_error="#VALUE!")
    assert cells[("Sheet1", "B1")] == "#VALUE!"
