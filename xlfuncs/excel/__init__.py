"""Between Excel cells and the rating core, shared by classic xlwings, xlwings Lite and the
tests (no xlwings here; :mod:`xlfuncs.udfs` is the only module that imports it).

- :mod:`.ranges`: the shapes of what a cell holds (one value, a row, a column, a grid).
- :mod:`.cells`: cell values to core arguments (numbers, ratings, results, ``rules``...).
- :mod:`.errors`: Excel's error values and the one mapping from a failure to the error
  value a cell shows and its reason; an error value in an argument passes through.
- :mod:`.calls`: a function made safe for a cell (never an exception), and the reason of
  its last error kept for ``EXPLAIN_ERROR``.
- :mod:`.columns`: the whole-column forms' crosstable from a chart's columns, each row's
  error in its row, results read once within :func:`shared_results`.
- :mod:`.performance`: dp, expected scores and performances from cells (one player, and
  every player's Ra, Rp and rated games in a whole-column form).
- :mod:`.rating_change`: rating changes (tournaments by label, the detail), K, the uplift
  and the rating floor from cells; every player's change and K in a whole-column form.
- :mod:`.first_rating`: first ratings (Ru) from cells, one player or every unrated one.
- :mod:`.norms`: title norms from cells: the figures, the opponents' ratings and titles, the
  mix checks, every player's best norm.
- :mod:`.tiebreaks`: the tie-breaks (C.07) and the standing from a chart's columns.

The functions named ``*_cells`` are the Excel functions' bodies: ``RP_FIDE`` is
:func:`~.performance.rp_fide_cells` made safe for a cell, and so on.

The names below are the package's interface; each lives in one of those modules.
"""

from __future__ import annotations

from .calls import (
    arity,
    cell_result,
    excel_function,
    explain,
    explain_error,
    last_errors,
    note_row_errors,
)
from .cells import (
    COLOURS,
    SYSTEM_HELP,
    SYSTEMS,
    Game,
    boolean,
    boolean_or_sex,
    colour,
    date,
    descriptor,
    exact_number,
    games,
    is_blank,
    is_diagonal,
    is_results,
    key_columns,
    listed_ratings,
    number,
    optional_number,
    outcome,
    rank_key,
    rated,
    rated_games,
    rating,
    ratings,
    rules,
    score_or_results,
    system,
    text,
    tiebreak_rules,
    title_rules,
    whole_number,
)
from .columns import crosstable_rows, per_player, points_all_cells, shared_results
from .errors import (
    EXCEL_ERRORS,
    ExcelErrorInput,
    RowError,
    check_cell,
    check_error,
    code_of,
    error_in,
    first_error,
    first_error_among,
    reason_of,
    shown,
    to_excel,
)
from .first_rating import bloque_all_cells, bloque_cells
from .norms import (
    mix_opponents,
    norm_all_cells,
    norm_figures_cells,
    norm_games,
    norm_mix_cells,
    norm_points_cells,
    norm_ratings_cells,
    norm_rp_cells,
    norm_titled_cells,
)
from .performance import (
    dp_lookup_cells,
    expected_score_cells,
    pd_lookup_cells,
    ra_all_cells,
    rated_games_all_cells,
    rp_exact_all_cells,
    rp_exact_cells,
    rp_fide_all_cells,
    rp_fide_cells,
    rp_linear_cells,
    rp_ptp_cells,
)
from .ranges import Cell, column, flatten, matrix, single
from .rating_change import (
    ESTABLISHED_GAMES,
    elo_change_all_cells,
    elo_change_cells,
    elo_detail_cells,
    k_factor_all_cells,
    k_factor_cells,
    k_for_games_cells,
    period_change,
    tournament_label,
    tournaments,
    unrated_again_cells,
    uplift_2024_cells,
)
from .tiebreaks import (
    descriptors,
    players_only,
    rank_all_cells,
    sb_all_cells,
    standing,
    tiebreak_all_cells,
    tiebreak_block,
    tiebreak_cells,
    tiebreak_rows,
)

__all__ = [
    "COLOURS",
    "Cell",
    "ESTABLISHED_GAMES",
    "EXCEL_ERRORS",
    "ExcelErrorInput",
    "Game",
    "RowError",
    "SYSTEMS",
    "SYSTEM_HELP",
    "arity",
    "bloque_all_cells",
    "bloque_cells",
    "boolean",
    "boolean_or_sex",
    "cell_result",
    "check_cell",
    "check_error",
    "code_of",
    "colour",
    "column",
    "crosstable_rows",
    "date",
    "descriptor",
    "descriptors",
    "dp_lookup_cells",
    "elo_change_all_cells",
    "elo_change_cells",
    "elo_detail_cells",
    "error_in",
    "exact_number",
    "excel_function",
    "expected_score_cells",
    "explain",
    "explain_error",
    "first_error",
    "first_error_among",
    "flatten",
    "games",
    "is_blank",
    "is_diagonal",
    "is_results",
    "k_factor_all_cells",
    "k_factor_cells",
    "k_for_games_cells",
    "key_columns",
    "last_errors",
    "listed_ratings",
    "matrix",
    "mix_opponents",
    "norm_all_cells",
    "norm_figures_cells",
    "norm_games",
    "norm_mix_cells",
    "norm_points_cells",
    "norm_ratings_cells",
    "norm_rp_cells",
    "norm_titled_cells",
    "note_row_errors",
    "number",
    "optional_number",
    "outcome",
    "pd_lookup_cells",
    "per_player",
    "period_change",
    "players_only",
    "points_all_cells",
    "ra_all_cells",
    "rank_all_cells",
    "rank_key",
    "rated",
    "rated_games",
    "rated_games_all_cells",
    "rating",
    "ratings",
    "reason_of",
    "rp_exact_all_cells",
    "rp_exact_cells",
    "rp_fide_all_cells",
    "rp_fide_cells",
    "rp_linear_cells",
    "rp_ptp_cells",
    "rules",
    "sb_all_cells",
    "score_or_results",
    "shared_results",
    "shown",
    "single",
    "standing",
    "system",
    "text",
    "tiebreak_all_cells",
    "tiebreak_block",
    "tiebreak_cells",
    "tiebreak_rows",
    "tiebreak_rules",
    "title_rules",
    "to_excel",
    "tournament_label",
    "tournaments",
    "unrated_again_cells",
    "uplift_2024_cells",
    "whole_number",
]
