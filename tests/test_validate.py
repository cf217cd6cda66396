"""The one rule for a rating (:mod:`xlfuncs.core.validate`): a whole number from 1 to
``MAX_RATING`` (4000); where a cell may leave it out, blank or 0 means unrated. Checked at
its edges in the core, through the cell reader (:mod:`xlfuncs.excel`), through an Excel
function, and in the templates' data validation.
"""

from __future__ import annotations

import io
from decimal import Decimal
from fractions import Fraction
from typing import Any

import pytest
import xlsxwriter

from xlfuncs import excel
from xlfuncs.core import validate
from xlfuncs.core.errors import InvalidInputError, NothingToComputeError, OutOfRangeError
from xlfuncs.core.validate import MAX_RATING, is_rating, optional_rating, rating
from xlfuncs.templates.player_sheets import rating_validation
from xlfuncs.udfs import EXPLAIN_ERROR, K_FACTOR, K_FACTOR_ALL, RP_FIDE


def test_max_rating() -> None:
    assert MAX_RATING == 4000


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (1, 1),  # the smallest rating
        (1.0, 1),
        (2400, 2400),
        (2400.0, 2400),
        (4000, 4000),  # the largest
        (4000.0, 4000),
        (Fraction(2400), 2400),
        (Decimal("2400"), 2400),
    ],
)
def test_ratings_accepted(value: Any, expected: int) -> None:
    assert rating(value) == expected
    assert optional_rating(value) == expected
    if isinstance(value, (int, float)):  # what a cell can hold
        assert excel.rating(value, "r") == expected
    assert type(rating(value)) is int


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (4001, OutOfRangeError, "own_rating: 4001 is not a rating (expected 1..4000)"),
        (4001.0, OutOfRangeError, "own_rating: 4001 is not a rating (expected 1..4000)"),
        (-5, OutOfRangeError, "own_rating: -5 is not a rating (expected 1..4000)"),
        (0, OutOfRangeError, "own_rating: 0 is not a rating (expected 1..4000)"),
        (1.5, InvalidInputError, "own_rating: a rating is a whole number, got 1.5"),
        (2400.5, InvalidInputError, "own_rating: a rating is a whole number, got 2400.5"),
        (True, InvalidInputError, "own_rating: expected a rating (a whole number), got True"),
        ("2400", InvalidInputError, "own_rating: expected a rating (a whole number), got '2400'"),
        (None, InvalidInputError, "own_rating: expected a rating (a whole number), got None"),
    ],
)
def test_rating_refused_names_argument_and_value(value: Any, error: type, message: str) -> None:
    with pytest.raises(error) as found:
        rating(value, name="own_rating")
    assert str(found.value) == message


def test_optional_rating_blank_and_zero_are_unrated() -> None:
    assert optional_rating(None) is None
    assert optional_rating(0) is None
    assert optional_rating(0.0) is None
    assert optional_rating(Fraction(0)) is None
    with pytest.raises(OutOfRangeError, match=r"4001 is not a rating \(expected 1..4000, 0 = "):
        optional_rating(4001)
    with pytest.raises(InvalidInputError, match="got False"):
        optional_rating(False)  # a yes/no is not a rating, not even 0


def test_is_rating() -> None:
    assert [is_rating(v) for v in (1, 1.0, 4000, 4000.0)] == [True] * 4
    assert [is_rating(v) for v in (0, 0.0, 4001, 4001.0, 1.5, True, "2400", None)] == [False] * 8


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        (None, None),  # blank
        ("", None),
        ("  ", None),
        (0.0, None),  # 0: unrated
        (0, None),  # as xlwings Lite sends it
        ("0", None),
        ("2400", 2400),  # text holding a number is read
        (" 2400 ", 2400),
        ([[2400.0]], 2400),  # a range of one cell
        (1.0, 1),
        (4000.0, 4000),
    ],
)
def test_excel_rating_reads_cells(cell: Any, expected: int | None) -> None:
    assert excel.rating(cell, "own_rating") == expected


@pytest.mark.parametrize(
    ("cell", "error", "message"),
    [
        (4001.0, OutOfRangeError, "r: 4001 is not a rating (expected 1..4000, 0 = unrated)"),
        ("4001", OutOfRangeError, "r: 4001 is not a rating (expected 1..4000, 0 = unrated)"),
        (1.5, InvalidInputError, "r: a rating is a whole number, got 1.5"),
        (True, InvalidInputError, "r: expected a number, got True"),
        ("abc", InvalidInputError, "r: expected a number, got the text 'abc'"),
    ],
)
def test_excel_rating_refuses(cell: Any, error: type, message: str) -> None:
    with pytest.raises(error) as found:
        excel.rating(cell, "r")
    assert str(found.value) == message


def test_excel_ratings_floats_ints_and_blanks() -> None:
    assert excel.ratings([[2400.0], [2500.0]], "o") == [2400, 2500]
    assert excel.ratings([[2400], [2500]], "o") == [2400, 2500]  # xlwings Lite: int
    assert excel.ratings([[2400], [0], [None], ["2100"]], "o") == [2400, None, None, 2100]
    with pytest.raises(OutOfRangeError, match=r"^o \(cell 2\): 4001 is not a rating"):
        excel.ratings([[2400.0], [4001.0]], "o")


def test_listed_ratings_keep_zero_as_unrated_opponent() -> None:
    assert excel.listed_ratings([[2400.0], [None], [0.0], [2000]], "o") == [2400, None, 2000]


def test_rating_lists() -> None:
    floats = [2400.0, 2500.0]
    assert validate.rating_values(floats) is floats  # checked, not copied
    assert validate.rating_values([2400, 2500]) == [2400.0, 2500.0]
    assert all(type(r) is float for r in validate.rating_values([2400, 2500]))
    assert validate.ratings([2400.0, 2500]) == [2400, 2500]  # mixed: the slow path agrees
    assert validate.ratings(r for r in (1, 4000)) == [1, 4000]
    assert validate.are_ratings([1, 4000]) and validate.are_ratings([1.0, 4000.0])
    assert not validate.are_ratings([1.0, 4001.0]) and not validate.are_ratings([0, 2000])
    assert not validate.are_ratings([True, 2000]) and not validate.are_ratings([2000.0, 2000])
    assert not validate.are_ratings([]) and not validate.are_ratings((2000.0,))
    with pytest.raises(OutOfRangeError, match=r"^opponent_ratings: 4001 is not a rating"):
        validate.ratings([2400.0, 4001.0])
    with pytest.raises(OutOfRangeError, match=r"^opponent_ratings: 4001 is not a rating"):
        validate.rating_values([2400, 4001])
    with pytest.raises(NothingToComputeError):
        validate.ratings([])


def test_through_excel_functions() -> None:
    # 4000 is a rating: Ra = (4000 + 2000) / 2 = 3000, p = 1/2, dp = 0 -> 3000
    assert RP_FIDE([[4000.0], [2000.0]], 1.0) == 3000
    assert RP_FIDE([[4001.0], [2000.0]], 1.0) == "#NUM!"
    assert "4001 is not a rating" in EXPLAIN_ERROR("RP_FIDE", [[4001.0], [2000.0]], 1.0)
    assert K_FACTOR(2400.5, 40.0) == "#VALUE!"
    assert K_FACTOR("2400", 40.0) == 10  # text holding a number; 2400 or more: K = 10
    assert K_FACTOR(0.0, 40.0) == "#N/A"  # unrated: no K
    # K_FACTOR_ALL: blank, 0 and "0" rows are unrated (blank); 4001 is an error in its row
    assert K_FACTOR_ALL([[None], [0.0], ["0"], [2400.0], [4001.0]], [[40.0]] * 5) == [
        [""],
        [""],
        [""],
        [10],
        ["#NUM!"],
    ]


def test_template_validation_uses_max_rating() -> None:
    book = xlsxwriter.Workbook(io.BytesIO(), {"in_memory": True})
    ws = book.add_worksheet()
    rating_validation(ws, 1, 2, 10)
    (found,) = ws.validations
    assert (found["minimum"], found["maximum"]) == (0, MAX_RATING)
    assert found["error_message"] == f"A rating is a whole number 0..{MAX_RATING}."
    book.close()
