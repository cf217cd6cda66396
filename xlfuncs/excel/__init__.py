"""Between Excel cells and the rating core, without xlwings: :mod:`.ranges` (shapes),
:mod:`.cells` (cell values to core arguments), :mod:`.errors` and :mod:`.calls` (error
values and their reasons), :mod:`.columns` and :mod:`.memo` (a chart's columns read once),
:mod:`.functions` (the Excel functions), whose bodies are the ``*_cells`` functions of the
other modules. The names below are what the other layers take from the package.
"""

from __future__ import annotations

from .calls import cell_result, last_errors
from .cells import (
    is_blank,
    is_results,
    listed_ratings,
    outcome,
    rating,
    ratings,
    rules,
    title_rules,
)
from .columns import crosstable_rows, shared_results
from .errors import EXCEL_ERRORS, error_in, to_excel
from .ranges import EXCEL_COLUMNS, EXCEL_ROWS

__all__ = [
    "EXCEL_COLUMNS",
    "EXCEL_ERRORS",
    "EXCEL_ROWS",
    "cell_result",
    "crosstable_rows",
    "error_in",
    "is_blank",
    "is_results",
    "last_errors",
    "listed_ratings",
    "outcome",
    "rating",
    "ratings",
    "rules",
    "shared_results",
    "title_rules",
    "to_excel",
]
