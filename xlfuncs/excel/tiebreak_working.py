"""One player's working of one tie-break (C.07) as a block of cells (``TIEBREAK_WORKING``):
core's :func:`~xlfuncs.core.tiebreak_working.tiebreak_working` of the crosstable
``TIEBREAK_ALL`` reads, the players named by their row."""

from __future__ import annotations

from typing import Any

from ..core.errors import NothingToComputeError, OutOfRangeError
from ..core.tiebreak_working import TiebreakWorking, tiebreak_working
from .cells import is_blank, whole_number
from .errors import ErrorValue, broken_rule, check_error, to_excel
from .ranges import EXCEL_ROWS, Cell
from .tiebreaks import TiebreakCells, descriptors, one_player, tiebreak_table

__all__ = [
    "ROWS_HELP",
    "WORKING_COLUMNS",
    "block_cell",
    "block_rows",
    "padded",
    "tiebreak_working_cells",
    "working_block",
]

WORKING_COLUMNS = 5
"""The block's width: round, opponent's row, figure, what it is, why left out."""


def block_cell(value: Any) -> Any:
    """A figure of a working as its block's cell shows it: blank for none."""
    return "" if value is None else to_excel(value)


def tiebreak_working_cells(
    descriptor: Cell, player: Cell, rows: Cell, chart: TiebreakCells
) -> list[list[Any]]:
    """Player *player*'s (their row, from 1) working of one tie-break (:func:`working_block`),
    padded to *rows* rows; an error of any row is the answer, with its reason."""
    number = one_player(descriptor, player, chart.ratings)
    height = block_rows(rows)
    d = descriptors(descriptor)[0]
    table, kept, out, _ = tiebreak_table(descriptor, chart)
    mine = out[number - 1][0]
    if isinstance(mine, ErrorValue):  # a row in error: the player's cell and its reason
        raise broken_rule(mine, mine.reason)
    if table is None or number - 1 not in kept:
        raise NothingToComputeError(f"player {number}: an empty row")
    working = tiebreak_working(table, kept.index(number - 1) + 1, d, names=[i + 1 for i in kept])
    return padded(working_block(working), height)


ROWS_HELP = (
    "Optional: the block's height: blank rows added to make it (an array formula over a "
    "fixed range shows #N/A past a shorter answer); blank: as long as the working; at most "
    "1048576 (Excel's rows)"
)
"""The help of the working functions' ``rows``."""


def block_rows(value: Cell) -> int | None:
    """The height a working's block is padded to (:func:`padded`); ``None`` for a blank."""
    check_error(value, "rows")
    if is_blank(value):
        return None
    found = whole_number(value, "rows")
    if found < 1:
        raise OutOfRangeError(f"rows: {found} is not a height (1 or more)")
    if found > EXCEL_ROWS:
        size = f"{found:,}" if found < 10**12 else f"{float(found):.6g}"
        raise OutOfRangeError(
            f"rows: {size} is past Excel's grid ({EXCEL_ROWS:,} rows); give the height "
            "of the range the block fills"
        )
    return found


def padded(block: list[list[Any]], rows: int | None) -> list[list[Any]]:
    """*block* with blank rows added to make *rows* rows (``None``, or shorter: as it is)."""
    if rows is None or len(block) >= rows:
        return block
    width = len(block[0])
    return block + [[""] * width for _ in range(rows - len(block))]


def working_block(working: TiebreakWorking) -> list[list[Any]]:
    """The cells of *working*, :data:`WORKING_COLUMNS` wide: a first row (descriptor, C.07
    text, value, rule), a row a line (round, opponent's row, figure, what it is, why left
    out) and a last row (``"="``, the total, how the lines make it)."""
    block: list[list[Any]] = [
        [working.descriptor, f"C.07 {working.edition}", block_cell(working.value), working.rule, ""]
    ]
    for x in working.lines:
        block.append(
            [
                block_cell(x.round),
                block_cell(x.opponent),
                block_cell(x.figure),
                x.text,
                x.left_out or "",
            ]
        )
    block.append(["=", "", block_cell(working.total), working.how, ""])
    return block
