"""Reading a chart's results block once for all its stored values (issue 8, item 14), and
once for all the calls of a recalculation (issue 18).

:func:`xlfuncs.excel.shared_results` lets the eight ``_ALL`` calls of a chart's stored
values (:func:`xlfuncs.templates.chart.figures`) share one reading of the results and
opponents; each function must answer exactly as it does alone, as Excel calls it. Across
calls, a block (and a crosstable) is found again by the cells' values
(:mod:`xlfuncs.excel.memo`): a copy of the same values is not read again, a changed one is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from xlfuncs import excel, udfs
from xlfuncs.excel import columns

# Four players, two rounds: 1-2 1-0 and 3-4 drawn, then 3-1 1-0 and 2-4 1-0. Player 4's
# second result is "x", not a result: row 4 is an error, and player 2, who met player 4,
# passes that error on; row 5 is an empty row.
RATINGS: list[list[Any]] = [[2400.0], [2300.0], [2200.0], [2100.0], [None]]
RESULTS: list[list[Any]] = [["1", "0"], ["0", "1"], ["=", "1"], ["=", "x"], [None, None]]
OPPONENTS: list[list[Any]] = [[2.0, 3.0], [1.0, 4.0], [4.0, 1.0], [3.0, 2.0], [None, None]]
K: list[list[Any]] = [[10.0], [20.0], [20.0], [40.0], [None]]

CALLS: dict[str, tuple[Any, ...]] = {
    "SB_ALL": (RESULTS, OPPONENTS),
    "RATED_GAMES_ALL": (RATINGS, RESULTS, OPPONENTS),
    "RA_ALL": (RATINGS, RESULTS, OPPONENTS),
    "RP_FIDE_ALL": (RATINGS, RESULTS, OPPONENTS),
    "RP_EXACT_ALL": (RATINGS, RESULTS, OPPONENTS),
    "ELO_CHANGE_ALL": (RATINGS, K, RESULTS, OPPONENTS, "2025"),
    "BLOQUE_ALL": (RATINGS, RESULTS, OPPONENTS, "swiss", "2025"),
    "NORM_ALL": (RATINGS, RESULTS, OPPONENTS, None, "2025", None),
}
"""The eight functions that read the results block, with their arguments."""


def _call(name: str) -> Any:
    function: Callable[..., Any] = getattr(udfs, name)
    return function(*CALLS[name])


@pytest.fixture(autouse=True)
def _forget() -> None:
    """Each test starts with nothing read before (the memos are the module's)."""
    columns._games.clear()
    columns._tables.clear()


def _count_readings(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    readings: list[int] = []
    read = columns._read_games

    def counted(*args: Any) -> Any:
        readings.append(1)
        return read(*args)

    monkeypatch.setattr(columns, "_read_games", counted)
    return readings


def test_shared_reading_gives_each_function_its_own_answer(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    alone = {}
    alone_reasons = {}
    for name in CALLS:
        columns._games.clear()
        columns._tables.clear()
        alone[name] = _call(name)
        alone_reasons[name] = udfs.EXPLAIN_ERROR(name, *CALLS[name])
    columns._games.clear()
    columns._tables.clear()
    readings = _count_readings(monkeypatch)
    with excel.shared_results():
        shared = {name: _call(name) for name in CALLS}
        shared_reasons = {name: udfs.EXPLAIN_ERROR(name, *CALLS[name]) for name in CALLS}
    assert readings == [1]  # one reading for the eight calls
    assert shared == alone
    assert shared_reasons == alone_reasons
    assert "row 4: results (row 4, round 2)" in shared_reasons["SB_ALL"]
    # The rows as the example says: 4 is an error, 2 passes it on, 5 is empty.
    sb = [row[0] for row in shared["SB_ALL"]]
    assert sb[1] == sb[3] == "#VALUE!"
    assert sb[4] == ""
    # Player 1 beat player 2 (1 point) and lost to 3: SB 1; player 3 drew with 4 (½ point,
    # its row an error, so player 3 passes it on).
    assert sb[0] == 1
    assert sb[2] == "#VALUE!"


def _copy(rows: list[list[Any]]) -> list[list[Any]]:
    return [list(row) for row in rows]


def test_across_calls_a_copy_of_the_same_values_is_not_read_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    readings = _count_readings(monkeypatch)
    first = udfs.RA_ALL(RATINGS, RESULTS, OPPONENTS)
    # each call with its own copy, as Excel's calls come: found by the values
    assert udfs.RA_ALL(_copy(RATINGS), _copy(RESULTS), _copy(OPPONENTS)) == first
    udfs.SB_ALL(_copy(RESULTS), _copy(OPPONENTS))
    assert len(readings) == 1


@pytest.mark.parametrize(
    ("row", "cell", "value"),
    [
        (0, 0, "0"),  # a result changed
        (0, 0, 1.0),  # the same number, another type: read again (1 and "1" read alike)
        (0, 0, True),  # not a result: row 1 is an error now
        (2, 1, " 1"),  # text with a space
    ],
)
def test_a_changed_value_is_read_again(
    monkeypatch: pytest.MonkeyPatch, row: int, cell: int, value: Any
) -> None:
    readings = _count_readings(monkeypatch)
    udfs.SB_ALL(RESULTS, OPPONENTS)
    changed = _copy(RESULTS)
    changed[row][cell] = value
    fresh = udfs.SB_ALL(changed, OPPONENTS)
    assert len(readings) == 2
    columns._games.clear()
    columns._tables.clear()
    assert udfs.SB_ALL(changed, OPPONENTS) == fresh  # as read with nothing kept


def test_a_changed_rating_builds_the_crosstable_again() -> None:
    assert udfs.RA_ALL(RATINGS, RESULTS, OPPONENTS)[0] == [2250]  # (2300 + 2200) / 2
    ratings = _copy(RATINGS)
    ratings[1] = [2100.0]
    assert udfs.RA_ALL(ratings, RESULTS, OPPONENTS)[0] == [2150]  # (2100 + 2200) / 2


def test_values_that_are_not_plain_are_read_every_time(monkeypatch: pytest.MonkeyPatch) -> None:
    class Cellish(str):
        """Text of another type: no key for it."""

    readings = _count_readings(monkeypatch)
    results = _copy(RESULTS)
    results[0][0] = Cellish("1")
    udfs.SB_ALL(results, OPPONENTS)
    udfs.SB_ALL(results, OPPONENTS)
    assert len(readings) == 2


def test_a_caller_changing_its_rows_leaves_the_kept_crosstable_alone() -> None:
    table, errors, empty = excel.crosstable_rows(RATINGS, RESULTS, OPPONENTS)
    errors[0] = None
    errors[3] = None
    empty[4] = False
    again, errors_again, empty_again = excel.crosstable_rows(RATINGS, RESULTS, OPPONENTS)
    assert again is table  # built once
    assert errors_again[3] is not None and errors_again[0] is None
    assert empty_again[4] is True


def test_a_different_block_is_read_again(monkeypatch: pytest.MonkeyPatch) -> None:
    readings = _count_readings(monkeypatch)
    other = [list(row) for row in RESULTS]
    other[3][1] = "0"  # another block (a copy of the same values would be found again)
    with excel.shared_results():
        udfs.SB_ALL(RESULTS, OPPONENTS)
        udfs.SB_ALL(other, OPPONENTS)
        udfs.SB_ALL(RESULTS, OPPONENTS)
    assert len(readings) == 2


def _rows(errors: list[Any]) -> list[Any]:
    return [None if e is None else (e.code, str(e)) for e in errors]


@pytest.mark.parametrize("bad_k", [None, "x", "#N/A"])
def test_a_table_with_k_sexes_or_titles_is_built_on_the_games_alone(bad_k: Any) -> None:
    """ELO_CHANGE_ALL's and NORM_ALL's tables are the games' table with their columns
    added, its games worked out once; every row reads as the whole columns read afresh."""
    k = _copy(K)
    k[2] = [bad_k]  # player 3: no K, or an error only the K column has
    sexes = [["w"], ["m"], [None], ["f"], [None]]
    titles = [["IM"], [None], ["WFM"], [None], [None]]
    base, _, _ = excel.crosstable_rows(RATINGS, RESULTS, OPPONENTS)
    for options in ({"k": k}, {"female": sexes, "titles": titles}):
        table, errors, empty = excel.crosstable_rows(RATINGS, RESULTS, OPPONENTS, **options)
        assert table is not base
        # the games worked out once; not where a row is an error in this table only
        # (its games left out)
        shared = bad_k is None or "k" not in options
        assert (table._played is base._played) == shared
        details = (options.get("k"), options.get("female"), options.get("titles"), None)
        alone = columns._crosstable(
            (RATINGS, RESULTS, OPPONENTS), details, base.edition, None, None
        )
        assert table.entrants == alone[0].entrants
        assert _rows(errors) == _rows(alone[1])
        assert empty == alone[2]
    table, errors, _ = excel.crosstable_rows(RATINGS, RESULTS, OPPONENTS, k=k)
    assert [e.k for e in table.entrants] == [10, 20, None, 40, None]
    assert (errors[2] is None) == (bad_k is None)
