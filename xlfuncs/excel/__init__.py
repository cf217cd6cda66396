"""Between Excel cells and the rating core, shared by classic xlwings, xlwings Lite and the
tests (no xlwings here; :mod:`xlfuncs.udfs` is the only module that imports it).

- :mod:`.ranges`: the shapes of what a cell holds, and Excel's grid.
- :mod:`.cells`: cell values to core arguments (numbers, ratings, results, ``rules``...).
- :mod:`.errors`: Excel's error values, and the one mapping from a failure to the error
  value a cell shows and its reason.
- :mod:`.calls`: a function made safe for a cell, its last error kept for ``EXPLAIN_ERROR``.
- :mod:`.columns`: the whole-column forms' crosstable from a chart's columns.
- :mod:`.memo`: what was read from a chart's columns, found again by the cells' values.
- :mod:`.functions`: the Excel functions, whose bodies are the ``*_cells`` functions of
  :mod:`.performance`, :mod:`.rating_change`, :mod:`.rating_working`,
  :mod:`.first_rating`, :mod:`.eligibility`, :mod:`.norms`, :mod:`.norm_plan`,
  :mod:`.tiebreaks` and :mod:`.tiebreak_working`.

The names below are what the other layers take from the package.
"""

from __future__ import annotations

from .calls import cell_result, excel_function, explain_error, last_errors
from .cells import (
    PTP_FULL_SCORE_DEFAULT,
    SYSTEM_HELP,
    is_blank,
    is_results,
    listed_ratings,
    number,
    outcome,
    rating,
    ratings,
    rules,
    title_rules,
)
from .columns import crosstable_rows, shared_results
from .errors import EXCEL_ERRORS, error_in, to_excel
from .ranges import EXCEL_COLUMNS, EXCEL_ROWS, Cell

__all__ = [
    "Cell",
    "EXCEL_COLUMNS",
    "EXCEL_ERRORS",
    "EXCEL_ROWS",
    "PTP_FULL_SCORE_DEFAULT",
    "SYSTEM_HELP",
    "cell_result",
    "crosstable_rows",
    "error_in",
    "excel_function",
    "explain_error",
    "is_blank",
    "is_results",
    "last_errors",
    "listed_ratings",
    "number",
    "outcome",
    "rating",
    "ratings",
    "rules",
    "shared_results",
    "title_rules",
    "to_excel",
]
