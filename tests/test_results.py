"""The one table of result symbols (:mod:`xlfuncs.core.results`) and everything that reads
results through it: the cells (:mod:`xlfuncs.excel`), the TRF reader, the templates.

Expected meanings come from the TRF16 result codes (``docs/trf.md``: ``1 = 0`` rated,
``+ -`` forfeits, ``W D L`` under one move, ``H F U Z`` byes) and FIDE's Rating Regulations
(only games played against an opponent are rated; forfeits are not).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from xlfuncs import excel
from xlfuncs.core.errors import InvalidInputError, OutOfRangeError
from xlfuncs.core.results import (
    BYE_SYMBOLS,
    FORFEIT_SYMBOLS,
    RATED_SYMBOLS,
    SPELLINGS,
    SYMBOLS,
    UNDER_ONE_MOVE_SYMBOLS,
    Outcome,
    parse,
    played,
)
from xlfuncs.templates.cell_formula import Ref, Sheet
from xlfuncs.templates.common import RESULT_CHOICES
from xlfuncs.templates.event import ChartPlayer, Event, Round, result_cell
from xlfuncs.templates.player_sheets import status_expr
from xlfuncs.trf import RESULT_CODES, RoundEntry, check_tournament, parse_trf

HALF = Fraction(1, 2)


@pytest.mark.parametrize(
    ("symbol", "points", "rated", "bye"),
    [
        ("1", 1, True, False),
        ("=", HALF, True, False),
        ("0", 0, True, False),
        ("+", 1, False, False),
        ("-", 0, False, False),
        ("W", 1, False, False),
        ("D", HALF, False, False),
        ("L", 0, False, False),
        ("H", HALF, False, True),
        ("F", 1, False, True),
        ("U", 1, False, True),
        ("Z", 0, False, True),
    ],
)
def test_each_symbol(symbol: str, points: Fraction, rated: bool, bye: bool) -> None:
    o = Outcome.from_symbol(symbol)
    assert (o.symbol, o.points, o.rated, o.is_bye) == (symbol, points, rated, bye)
    assert o.is_forfeit == (symbol in "+-")
    assert parse(symbol) is o
    assert parse(symbol.lower()) is o


def test_symbol_sets() -> None:
    assert SYMBOLS == "1=0+-WDLHFUZ"
    assert (RATED_SYMBOLS, FORFEIT_SYMBOLS, UNDER_ONE_MOVE_SYMBOLS) == ("1=0", "+-", "WDL")
    assert BYE_SYMBOLS == "HFUZ"  # what the report calls a bye
    assert RESULT_CODES == "1=0+-WDLHFUZ "  # TRF16 allows a blank too
    choices = ("1", "\u00bd", "0", "=", "+", "-", "H", "F", "U", "Z", "W<1", "D<1", "L<1")
    assert choices == RESULT_CHOICES  # W<1 ...: less than one move, as a cell writes it
    with pytest.raises(KeyError):
        Outcome.from_symbol("h")  # a TRF symbol is exact; a cell is read by parse


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("1", Outcome.WIN),
        ("1.0", Outcome.WIN),
        ("=", Outcome.DRAW),
        ("\u00bd", Outcome.DRAW),  # ½
        ("1/2", Outcome.DRAW),
        ("0.5", Outcome.DRAW),
        ("0,5", Outcome.DRAW),  # decimal comma
        (".5", Outcome.DRAW),
        (" \u00bd ", Outcome.DRAW),
        ("0", Outcome.LOSS),
        ("0.0", Outcome.LOSS),
        ("+", Outcome.FORFEIT_WIN),
        ("-", Outcome.FORFEIT_LOSS),
        ("\u2212", Outcome.FORFEIT_LOSS),  # the minus sign
        ("W<1", Outcome.SHORT_WIN),
        ("d<1", Outcome.SHORT_DRAW),
        (" L < 1 ", Outcome.SHORT_LOSS),
        ("h", Outcome.HALF_BYE),
        ("f", Outcome.FULL_BYE),
        ("u", Outcome.PAIRING_BYE),
        ("z", Outcome.ZERO_BYE),
    ],
)
def test_each_spelling(text: str, outcome: Outcome) -> None:
    assert parse(text) is outcome
    assert excel.outcome(text, "r") is outcome  # a cell reads the same table
    assert (
        Event(players=(ChartPlayer(1, "A", rounds=(Round(None, None, text),)),)).validate(
            round_robin=False
        )
        is None
    )  # and so does the event model of the templates


@pytest.mark.parametrize(
    ("text", "outcome", "meant", "typed"),
    [
        ("W", Outcome.SHORT_WIN, "a win", "1"),
        ("w", Outcome.SHORT_WIN, "a win", "1"),
        ("D", Outcome.SHORT_DRAW, "a draw", "\u00bd (or =)"),
        (" l ", Outcome.SHORT_LOSS, "a loss", "0"),
    ],
)
def test_a_bare_w_d_l_is_trf_data_but_refused_in_a_cell(
    text: str, outcome: Outcome, meant: str, typed: str
) -> None:
    """TRF16 writes W, D, L for games of less than one move (scored, not rated); a person
    typing them in a cell means a win, a draw, a loss. The TRF and a template's data (a
    file's codes) read them as TRF does; a cell refuses them with both meanings and what to
    type for each, never a silent figure."""
    assert parse(text) is outcome
    assert (
        Event(players=(ChartPlayer(1, "A", rounds=(Round(None, None, text),)),)).validate(
            round_robin=False
        )
        is None
    )
    letter = text.strip().upper()
    with pytest.raises(InvalidInputError) as caught:
        excel.outcome(text, "results (cell 2)")
    assert str(caught.value) == (
        f"results (cell 2): {text.strip()!r} has two meanings: {meant}, or TRF's {letter}, "
        f"{meant} in a game of less than one move (scored, not rated); type {typed} for "
        f"{meant}, {letter}<1 for one of less than one move"
    )
    assert outcome.cell == f"{letter}<1" and excel.outcome(outcome.cell, "r") is outcome


def test_every_outcome_s_cell_reads_back_as_itself() -> None:
    """What a filled chart writes in a result cell (:attr:`Outcome.cell`) is read back by
    the cell functions as the same outcome: a game of less than one move stays one."""
    for o in Outcome:
        assert excel.outcome(o.cell, "r") is o


@pytest.mark.parametrize("text", ["2", "", "x", "\u00bd\u00bd", "1-0", "draw", "0.25"])
def test_unknown_text(text: str) -> None:
    assert parse(text) is None
    with pytest.raises(ValueError, match="unknown result"):
        Event(players=(ChartPlayer(1, "A", rounds=(Round(None, None, text),)),)).validate(
            round_robin=False
        )


def test_spellings_are_all_upper_case() -> None:
    assert all(key == key.upper() for key in SPELLINGS)


@pytest.mark.parametrize(
    ("cell", "outcome"),
    [
        (1.0, Outcome.WIN),
        (0.5, Outcome.DRAW),
        (0.0, Outcome.LOSS),
        (1, Outcome.WIN),
        (0, Outcome.LOSS),
    ],
)
def test_numbers_in_cells(cell: Any, outcome: Outcome) -> None:
    assert excel.outcome(cell, "r") is outcome
    assert excel.outcome(None, "r") is None  # blank: no game


def test_cells_refused() -> None:
    with pytest.raises(OutOfRangeError, match="a game scores 1, ½ or 0, got 2"):
        excel.outcome(2.0, "r")
    with pytest.raises(InvalidInputError, match="got True"):
        excel.outcome(True, "r")
    with pytest.raises(InvalidInputError, match="got '1-0'"):
        excel.outcome("1-0", "r")


def test_opposite() -> None:
    pairs = {"1": "0", "=": "=", "+": "-", "W": "L", "D": "D"}
    for mine, theirs in pairs.items():
        assert Outcome.from_symbol(mine).opposite is Outcome.from_symbol(theirs)
        assert Outcome.from_symbol(theirs).opposite is Outcome.from_symbol(mine)
    assert all(Outcome.from_symbol(b).opposite is None for b in "HFUZ")


@pytest.mark.parametrize(
    ("code", "has_opponent", "outcome"),
    [
        (" ", True, None),  # an opponent but no result yet
        (" ", False, None),  # nothing written: no game
        ("+", True, Outcome.FORFEIT_WIN),
        ("-", True, Outcome.FORFEIT_LOSS),
        ("+", False, Outcome.PAIRING_BYE),  # 0000 - +: a bye written the old way
        ("-", False, Outcome.ZERO_BYE),  # 0000 - -
        ("H", False, Outcome.HALF_BYE),
        ("1", True, Outcome.WIN),
    ],
)
def test_trf_codes(code: str, has_opponent: bool, outcome: Outcome | None) -> None:
    assert Outcome.from_trf(code, has_opponent=has_opponent) is outcome
    entry = RoundEntry(1, 7 if has_opponent else None, None, code)
    assert entry.outcome is outcome
    assert entry.points == (0 if outcome is None else outcome.points)


def _line(no: int, points: str, round_1: str) -> str:
    """A ``001`` line: starting rank (columns 5-8), rating 2000 (49-52), points (81-84) and
    round 1 (92-99: opponent, colour, result)."""
    return f"001 {no:>4}" + " " * 40 + "2000" + " " * 28 + f"{points:>4}" + " " * 7 + round_1


def test_trf_check_reads_results_through_the_table() -> None:
    text = "\n".join(
        [
            _line(1, "1.0", "   2 w 1"),
            _line(2, "1.0", "   1 b 1"),  # both claim the win
            _line(3, "0.5", "   4 w ="),
            _line(4, "0.0", "   3 b -"),  # a draw against a forfeit loss
            _line(5, "0.5", "   6 w H"),  # a bye with an opponent
            _line(6, "0.0", "   5 b -"),
            _line(7, "1.0", "0000 - 1"),  # a game result, no opponent
            _line(8, "0.0", "   9 w -"),  # a double forfeit is allowed
            _line(9, "0.0", "   8 b -"),
            _line(10, "1.0", "  11 w W"),  # under one move: W against L agrees
            _line(11, "0.0", "  10 b L"),
        ]
    )
    found = {(d.kind, d.player) for d in check_tournament(parse_trf(text))}
    assert found == {
        ("results_not_complementary", 1),
        ("results_not_complementary", 3),
        ("bye_with_opponent", 5),
        ("results_not_complementary", 5),
        ("result_without_opponent", 7),
    }


def test_templates_read_results_through_the_table() -> None:
    assert [result_cell(s) for s in ("1", "1.0", "=", "1/2", "0,5", "0", "\u2212", "h")] == [
        1.0,
        1.0,
        "\u00bd",
        "\u00bd",
        "\u00bd",
        0.0,
        "-",
        "H",
    ]
    # the one-player sheets: the drop-down's symbols, as the status column shows them
    shown = [_status(2000.0, s) for s in ("1", "\u00bd", "=", "0", "+", "-", "H", "f", "U", "Z")]
    assert shown == ["yes"] * 4 + ["forfeit"] * 2 + ["bye"] * 4
    # a game of less than one move: scored, not rated; a bare W is no result of the sheet's
    shown = [_status(2000.0, s) for s in ("W<1", "d<1", "L<1", "W")]
    assert shown == ["under 1 move"] * 3 + ["invalid"]
    # a rated result against an unrated opponent (blank or 0), and no result at all
    assert [_status(r, "1") for r in (None, 0.0)] == ["unrated", "unrated"]
    assert _status(2000.0, None) is None


def _status(rating: float | None, result: str | None) -> object:
    """What the one-player sheets' status formula shows for a row holding *rating* and
    *result* (A1 and B1)."""
    sheet = Sheet()
    sheet.put(0, 0, rating)
    sheet.put(0, 1, result)
    sheet.put(0, 2, status_expr(Ref(0, 0), Ref(0, 1)))
    return sheet.value(0, 2)


def test_played_is_the_rated_result_of_its_points() -> None:
    # over the board a game scores 1, ½ or 0 (B.02 8.1): a win, a draw, a loss; nothing else
    assert [played(Fraction(p, 2)) for p in (2, 1, 0)] == [Outcome.WIN, Outcome.DRAW, Outcome.LOSS]
    shown = [o.shown for p in (2, 1, 0) if (o := played(Fraction(p, 2))) is not None]
    assert shown == ["1", "\u00bd", "0"]
    assert played(Fraction(3, 2)) is None
