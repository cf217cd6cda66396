"""Between Excel cells and the rating core, shared by classic xlwings, xlwings Lite and the
tests (no xlwings here; :mod:`xlfuncs.udfs` is the only module that imports it).

- :mod:`.ranges`: the shapes of what a cell holds (one value, a row, a column, a grid), and
  Excel's grid, which bounds every answer.
- :mod:`.cells`: cell values to core arguments (numbers, ratings, results, ``rules``...).
- :mod:`.errors`: Excel's error values and the one mapping from a failure to the error
  value a cell shows and its reason; an error value in an argument passes through, one in
  an answer carries its reason (:class:`~.errors.ErrorValue`).
- :mod:`.calls`: a function made safe for a cell (never an exception; one with one answer
  answers its arguments' first error value), and the reason of its last error kept for
  ``EXPLAIN_ERROR``.
- :mod:`.columns`: the whole-column forms' crosstable from a chart's columns, each row's
  error in its row, results read once within :func:`shared_results`.
- :mod:`.performance`: dp, expected scores and performances from cells (one player, and
  every player's Ra, Rp and rated games in a whole-column form).
- :mod:`.rating_change`: rating changes (tournaments by label, the detail), K, the uplift
  and the rating floor from cells; every player's change and K in a whole-column form.
- :mod:`.first_rating`: first ratings (Ru) from cells, one player or every unrated one.
- :mod:`.eligibility`: whether a played game is rated, by core's rule (its time for 60
  moves against the minimum for the players' ratings).
- :mod:`.norms`: title norms from cells: the figures, the opponents' ratings and titles, the
  mix checks, every player's best norm.
- :mod:`.norm_plan`: a norm event planned from its field: each player's chance of each
  norm (the points it needs, or what blocks it).
- :mod:`.tiebreaks`: the tie-breaks (C.07) and the standing from a chart's columns.
- :mod:`.tiebreak_working`: one player's working of one tie-break, a block of cells.

The functions named ``*_cells`` are the Excel functions' bodies: ``RP_FIDE`` is
:func:`~.performance.rp_fide_cells` made safe for a cell, and so on; the arguments a family
of functions shares reach them as one record (:class:`~.columns.ChartCells`,
:class:`~.tiebreaks.TiebreakCells`, :class:`~.rating_change.PeriodGames`).

The names below are what the other layers take from the package; each lives in one of
those modules, with the rest of its interface.
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
