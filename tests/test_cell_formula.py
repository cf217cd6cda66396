"""The expression tree of the templates' computed cells (xlfuncs.templates.cell_formula):
the formula text it writes, and the value it computes, by Excel's documented behaviour
(worked out by hand in each test) or by calling our functions themselves."""

from __future__ import annotations

import datetime as _dt

import pytest

from xlfuncs.templates.cell_formula import (
    Area,
    Const,
    Expr,
    Name,
    Paren,
    Ref,
    Sheet,
    XlError,
    blank_or,
    call,
    concat,
    excel_value,
    if_,
    op,
)


def _on(cells: dict[tuple[int, int], object], expr: Expr) -> object:
    """The value of *expr* on a sheet holding *cells*."""
    sheet = Sheet()
    for (row, col), value in cells.items():
        sheet.put(row, col, value)
    return expr.value(sheet)


def test_formula_text() -> None:
    a1, b1 = Ref(0, 0), Ref(0, 1, absolute=True)
    assert if_(op("=", a1, ""), "", concat("a", b1)).formula() == 'IF(A1="","","a"&$B$1)'
    assert Const('say "hi"').formula() == '"say ""hi"""'
    assert Const(True).formula() == "TRUE"
    assert Const(0.5).formula() == "0.5"
    assert Const(700).formula() == "700"
    assert Area(0, 6, 4, 6, absolute=True, last_absolute=False).formula() == "$G$1:G5"
    assert op("/", Paren(op("+", a1, 1)), 2).formula() == "(A1+1)/2"
    assert blank_or(a1, 1).formula() == 'IF(A1="","",1)'
    assert call("ELO_CHANGE", Name("Rating"), False).formula() == "ELO_CHANGE(Rating,FALSE)"


def test_arithmetic_and_text() -> None:
    cells = {(0, 0): 2.0, (0, 1): "abc", (0, 2): "#N/A", (0, 3): None}
    a, text, error_text, blank = (Ref(0, c) for c in range(4))
    assert _on(cells, op("+", a, 1, Paren(op("*", a, 3)))) == 9.0
    assert _on(cells, op("+", blank, 1)) == 1.0  # a blank counts as 0
    assert _on(cells, op("+", text, 0)) == XlError("#VALUE!")
    # an error a function returns as text is text: +0 makes it an error value
    found = _on(cells, op("+", error_text, 0))
    assert isinstance(found, XlError) and found == "#VALUE!"
    assert _on(cells, op("/", a, 0)) == "#DIV/0!"
    # & writes a whole number without a decimal point, a blank as nothing
    assert _on(cells, concat(a, " and ", blank, 0.5, True)) == "2 and 0.5TRUE"


def test_comparisons() -> None:
    cells = {(0, 0): None, (0, 1): "Yes", (0, 2): 3.0}
    blank, text, number = (Ref(0, c) for c in range(3))
    assert _on(cells, op("=", blank, "")) is True
    assert _on(cells, op("=", blank, 0)) is True
    assert _on(cells, op("=", text, "YES")) is True  # text compared ignoring case
    assert _on(cells, op("<", number, text)) is True  # numbers come before text
    assert _on(cells, op("=", number, "3")) is False  # a number is no text
    assert _on(cells, op(">=", number, 3)) is True


def test_if_computes_only_the_branch_chosen() -> None:
    never = call("NO_SUCH_FUNCTION")  # computing it would fail
    assert _on({}, if_(op("=", 1, 1), "yes", never)) == "yes"
    assert _on({}, if_(Const(False), never, 2)) == 2.0
    assert _on({}, if_(op("+", "x", 1), 1, 2)) == "#VALUE!"  # an error test is the result


def test_ranges() -> None:
    column = {(0, 0): 1.0, (1, 0): "x", (2, 0): None, (3, 0): 2.5, (4, 0): "YES", (5, 0): "yes"}
    area = Area(0, 0, 5, 0)
    assert _on(column, call("SUM", area)) == 3.5  # text and blanks of a range ignored
    assert _on(column, call("SUM", Ref(1, 0), 1)) == 1.0  # so of a reference
    assert _on(column, call("COUNTIF", area, "yes")) == 2.0
    assert _on(column, call("COUNT", area)) == 2.0
    assert _on(column, call("MIN", area)) == 1.0
    assert _on(column, call("MATCH", 2.5, area, 0)) == 4.0
    assert _on(column, call("INDEX", area, 4)) == 2.5
    assert _on(column, call("INDEX", area, 9)) == "#REF!"
    assert _on(column, call("SUMIF", area, "yes", Area(0, 1, 5, 1))) == 0.0
    assert _on(column, call("AND", area)) is True  # a range's text ignored, 1 and 2.5 true
    wins = {(0, 0): "a", (0, 1): 1.0, (1, 0): "b", (1, 1): 0.5, (2, 0): "a", (2, 1): 1.0}
    assert _on(wins, call("SUMIF", Area(0, 0, 2, 0), "A", Area(0, 1, 2, 1))) == 2.0


def test_builtins_of_one_value() -> None:
    assert _on({}, call("ROUND", -2.5, 0)) == -3.0  # half away from zero
    assert _on({}, call("ROUND", 0.125, 2)) == 0.13
    assert _on({}, call("TRIM", "  a   b ")) == "a b"
    assert _on({}, call("UPPER", "gm")) == "GM"
    assert _on({}, call("LEFT", "#N/A", 1)) == "#"
    assert _on({}, call("ISNUMBER", "1")) is False
    assert _on({}, call("ISLOGICAL", False)) is True
    assert _on({}, call("NOT", 0)) is True
    # an error value is caught, text that reads like one is not
    assert _on({}, call("IFERROR", op("+", "x", 0), "caught")) == "caught"
    assert _on({}, call("IFERROR", "#N/A", "caught")) == "#N/A"


def test_names_and_tables() -> None:
    sheet = Sheet(
        names={"Rules": (0, 0)}, tables={"Editions": [["2024", 1400.0], ["2025", 1400.0]]}
    )
    sheet.put(0, 0, "2025")
    assert call("VLOOKUP", Name("Rules"), Name("Editions"), 2, False).value(sheet) == 1400.0
    assert call("VLOOKUP", "2017", Name("Editions"), 2, False).value(sheet) == "#N/A"


def test_our_functions_are_called() -> None:
    # FIDE Rating Regulations table 8.1(a): a score of 75 % is a difference of 193
    assert _on({(0, 0): 0.75}, call("DP_LOOKUP", Ref(0, 0))) == 193.0


def test_a_sheet_computes_each_formula_once_in_order_of_need() -> None:
    sheet = Sheet()
    sheet.put(0, 1, op("+", Ref(0, 0), 1))  # B1 = A1+1, written before A1
    sheet.put(0, 0, 41)
    sheet.put(0, 2, op("*", Ref(0, 1), 2))
    assert sheet.value(0, 2) == 84.0
    sheet.put(1, 0, op("+", Ref(1, 1), 1))
    sheet.put(1, 1, op("+", Ref(1, 0), 1))
    with pytest.raises(ValueError, match="circular reference at A2"):
        sheet.value(1, 0)


def test_array_formulas_fill_their_area() -> None:
    sheet = Sheet()
    sheet.put(0, 0, 1)
    sheet.put(0, 1, 2)
    sheet.put_array(2, 0, 3, 1, Area(0, 0, 0, 1))  # one row of result into two rows
    assert [sheet.value(2, c) for c in (0, 1)] == [1.0, 2.0]
    assert [sheet.value(3, c) for c in (0, 1)] == ["#N/A", "#N/A"]
    sheet.put_array(5, 0, 6, 0, Const("#VALUE!"))  # one value fills every cell
    assert [sheet.value(r, 0) for r in (5, 6)] == ["#VALUE!", "#VALUE!"]


def test_cell_values_as_excel_passes_them() -> None:
    assert excel_value(_dt.date(2024, 1, 1)) == 45292.0  # Excel's serial of 1 Jan 2024
    assert excel_value(3) == 3.0 and isinstance(excel_value(3), float)
    assert excel_value("") is None
    assert excel_value([[1, "a"]]) == [[1.0, "a"]]
