"""The whole-column forms' crosstable: a wall chart's columns read into the core's
:class:`~xlfuncs.core.tournament.Crosstable`, each row's error kept in its row, and one value
per player shaped into a column (:func:`per_player`); what was read is found again by the
cells' values (:mod:`.memo`) or within :func:`shared_results`.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from ..core.errors import InvalidInputError, OutOfRangeError, XlfuncsError
from ..core.rating_change import check_k
from .calls import note_row_errors
from .cells import (
    boolean,
    boolean_or_sex,
    is_blank,
    is_diagonal,
    optional_number,
    outcome,
    rating,
    rules,
    whole_number,
)
from .cells import scoring as scoring_cell
from .errors import ExcelErrorInput, RowError, check_cell, check_error, code_of, to_excel
from .memo import Memo, PerValue, value_key
from .ranges import Cell, column, matrix

__all__ = [
    "REASONS_HELP",
    "ChartCells",
    "NoFigure",
    "ResultsGames",
    "crosstable_rows",
    "pairing",
    "per_player",
    "player_column",
    "player_number",
    "points_all_cells",
    "reasons_flag",
    "results_games",
    "shared_results",
]


def crosstable_rows(
    ratings: Cell,
    results: Cell,
    opponents: Cell = None,
    *,
    k: Cell = None,
    female: Cell = None,
    titles: Cell = None,
    federations: Cell = None,
    rules_value: Cell = None,
    round_robin: bool | None = None,
    minutes_value: Cell = None,
) -> tuple[Any, list[RowError | None], list[bool]]:
    """A :class:`~xlfuncs.core.tournament.Crosstable` from a wall chart's columns: *results*
    a grid (N x N) without *opponents*, else one column per round beside their numbers;
    *minutes_value* the event's time for 60 moves (Rating Regulations 1.1). Returns it, each
    row's error (or ``None``) and which rows are empty (lists of the caller's own)."""
    from .eligibility import event_minutes

    edition = rules(rules_value)
    time = event_minutes(minutes_value)
    games = value_key(ratings, results, opponents)
    kind = is_blank(opponents) if round_robin is None else round_robin  # as built
    event = None if games is None else (edition, kind, games, time)
    columns = (ratings, results, opponents)
    base = _tables.get(event, lambda: _crosstable(columns, (None,) * 4, edition, round_robin, time))
    details = (k, female, titles, federations)
    if all(d is None for d in details):
        table, errors, empty = base
    else:
        values = value_key(*details)
        table, errors, empty = _tables.get(
            None if event is None or values is None else (event, values),
            lambda: _crosstable(columns, details, edition, round_robin, time, base),
        )
    return table, list(errors), list(empty)


def player_column(value: Cell, name: str, players: int) -> list[Cell]:
    """The cells of a column of the players' data (K, sexes, titles...), one per player, or
    blanks for an argument omitted; a column of another length than *players* is refused."""
    if value is None:
        return [None] * players
    cells = column(value, name)
    if len(cells) != players:
        raise InvalidInputError(
            f"{name}: {len(cells)} row{'' if len(cells) == 1 else 's'}, but ratings has "
            f"{players}; every column must have one row per player"
        )
    return cells


def player_number(player: Cell, ratings: Cell) -> int:
    """The player a *player* cell names: their row of *ratings*, from 1."""
    number = whole_number(player, "player")
    count = len(column(ratings, "ratings"))
    if not 1 <= number <= count:
        raise OutOfRangeError(f"player: {number} is not a player number (1..{count})")
    return number


_Rows = tuple[Any, list[RowError | None], list[bool]]

_tables: Memo[_Rows] = Memo(8)
"""The last crosstables :func:`crosstable_rows` built, by the values of its arguments: each
event's games alone, and with the players' K, sexes, titles or federations."""


_DETAILS = ("k", "sexes", "titles", "federations")
"""The players' details, as their arguments are named."""


def _details(
    k: Cell, female: Cell, title: str | None, fed: Cell, row: str | None = None
) -> tuple[Any, bool]:
    """A row's K and whether the player is a woman, its title and federation checked; an
    error names the cell by *row* (``"row 3"``; ``None``: by its argument alone, for a base
    row, whose error is read afresh)."""
    k_name, sexes, titles, federations = (
        _DETAILS if row is None else tuple(f"{name} ({row})" for name in _DETAILS)
    )
    kv = optional_number(k, k_name)
    k_value = None if kv is None else check_k(kv, name=k_name)
    woman = False if female is None else boolean_or_sex(female, sexes)
    if title is not None:
        check_cell(title, titles)
    if isinstance(fed, str):
        check_cell(fed, federations)
    return k_value, woman


def _crosstable(
    columns: tuple[Cell, Cell, Cell],
    details: tuple[Cell, Cell, Cell, Cell],
    edition: Any,
    round_robin: bool | None,
    time: Any,
    base: _Rows | None = None,
) -> _Rows:
    """The crosstable of the *columns* (ratings, results, opponents) with the players'
    *details* (K, sexes, titles, federations); with *base* (the same without details), its
    rows without an error are taken with the details added, and its games shared
    (:meth:`~xlfuncs.core.tournament.Crosstable.share_games`); a row with an error is read
    afresh, as it would be alone."""
    from ..core.norm_field import fide_title
    from ..core.tournament import Crosstable, Entrant

    ratings, results, opponents = columns
    rating_cells = column(ratings, "ratings")
    n = len(rating_cells)
    grid, result_rows, opponent_rows, parsed = results_games(results, opponents, n)
    k_cells, female_cells, title_cells, fed_cells = (
        player_column(value, name, n) for value, name in zip(details, _DETAILS)
    )
    pairs = zip(
        (rating_cells, k_cells, result_rows, opponent_rows, female_cells, title_cells, fed_cells),
        ("ratings", "k", "results", "opponents", "sexes", "titles", "federations"),
    )
    named_columns = list(pairs)  # a row's cells in argument order, for its error
    errors: list[RowError | None] = [None] * n
    empty = [False] * n
    entrants = []
    for i in range(n):
        title = title_cells[i] if isinstance(title_cells[i], str) else None
        fed = fed_cells[i]
        named = (
            title,
            "" if title is None else fide_title(title),
            fed.strip() if isinstance(fed, str) else "",
        )
        if base is not None and base[1][i] is None:
            try:  # the row as read without the details, and their values
                k_i, female_i = _details(k_cells[i], female_cells[i], title, fed)
                known = base[0].entrants[i]
                entrants.append(Entrant(known.rating, known.pairings, k_i, female_i, *named))
                empty[i] = base[2][i]
                continue
            except (XlfuncsError, ExcelErrorInput):
                pass  # read afresh below, for the error's own words
        row = f"row {i + 1}"
        pairings: tuple[Any, ...] = ()
        entrant_rating: int | None = None
        entrant_k: int | None = None
        female_i = False
        try:
            entrant_rating = rating(rating_cells[i], f"ratings ({row})")
            entrant_k, female_i = _details(k_cells[i], female_cells[i], title, fed, row)
            games = parsed[i]
            if isinstance(games, Exception):
                raise games.with_traceback(None)
            pairings = games
        except (XlfuncsError, ExcelErrorInput) as exc:
            cells = [(c[i], f"{name} ({row})") for c, name in named_columns]
            errors[i] = RowError.of(exc, cells)
        empty[i] = entrant_rating is None and not pairings and errors[i] is None
        entrants.append(Entrant(entrant_rating, pairings, entrant_k, female_i, *named))
    table = Crosstable.build(
        entrants, round_robin=grid if round_robin is None else round_robin, rules=edition, time=time
    )
    if base is not None:
        table.share_games(base[0])
    return table, errors, empty


ResultsGames = tuple[bool, list[list[Cell]], list[list[Cell]], list["tuple[Any, ...] | Exception"]]
"""Whether *results* is a grid, the results' and opponents' rows, and each row's pairings
(or the error that stops the row)."""

_games: Memo[ResultsGames] = Memo(4)
"""The last results blocks :func:`results_games` read, by their values."""

_shared: dict[tuple[int, int, int], tuple[Cell, Cell, ResultsGames]] | None = None
"""The results blocks read so far within :func:`shared_results` (``None`` outside it)."""


@contextlib.contextmanager
def shared_results() -> Iterator[None]:
    """Within this block, :func:`crosstable_rows` reads each results block once, known by the
    identity of the objects passed (kept alive until the block ends: the caller must not
    change them inside it); a chart's stored values call eight ``_ALL`` functions on the
    same columns (:func:`xlfuncs.templates.chart.figures`). A block within another is the
    outer one's."""
    global _shared
    if _shared is not None:
        yield
        return
    _shared = {}
    try:
        yield
    finally:
        _shared = None


def results_games(results: Cell, opponents: Cell, n: int) -> ResultsGames:
    """Read the results (and opponents) of *n* players into pairings."""
    key = (id(results), id(opponents), n)
    if _shared is not None and key in _shared:
        return _shared[key][2]
    cells = value_key(results, opponents)
    found = _games.get(
        None if cells is None else (n, cells), lambda: _read_games(results, opponents, n)
    )
    if _shared is not None:
        _shared[key] = (results, opponents, found)
    return found


@functools.lru_cache(maxsize=100_000)
def pairing(opponent: int | None, result: Any, colour: str | None = None) -> Any:
    """The :class:`~xlfuncs.core.tournament.Pairing` of these values, the same (immutable)
    object for the same arguments written alike: found several times quicker than made.

    >>> from xlfuncs.core.results import Outcome
    >>> pairing(7, Outcome.WIN, "b") is pairing(7, Outcome.WIN, "b")
    True
    >>> pairing(7, Outcome.WIN, "b") == pairing(7, Outcome.WIN), pairing(7, Outcome.WIN).colour
    (False, None)
    """
    from ..core.tournament import Pairing

    return Pairing(opponent, result, colour)


_EXACT = 2**53
"""Whole numbers up to this are floats exactly: ``whole_number`` gives such an ``int`` back."""


def _where(i: int, j: int, grid: bool) -> str:
    return f"row {i + 1}, {'column' if grid else 'round'} {j + 1}"


def _read_games(results: Cell, opponents: Cell, n: int) -> ResultsGames:
    from ..core.tournament import Pairing

    result_rows = matrix(results, "results")
    if len(result_rows) != n:
        rows = f"{len(result_rows)} row{'' if len(result_rows) == 1 else 's'}"
        raise InvalidInputError(f"results has {rows} but ratings has {n}")
    grid = is_blank(opponents)  # no opponents: a crosstable grid
    if grid:
        if any(len(r) != n for r in result_rows):
            raise InvalidInputError(
                f"without opponents, results must be a square grid of {n} x {n} cells"
            )
        opponent_rows: list[list[Cell]] = [[float(j + 1) for j in range(n)] for _ in range(n)]
    else:
        opponent_rows = matrix(opponents, "opponents")
        if len(opponent_rows) != n or any(
            len(a) != len(b) for a, b in zip(opponent_rows, result_rows)
        ):
            raise InvalidInputError(
                "opponents and results must have the same shape, with one row per player"
            )
    parsed: list[tuple[Any, ...] | Exception] = []
    outcome_of = PerValue(outcome, lambda at: f"results ({_where(at[0], at[1], grid)})")
    for i in range(n):
        pairings: list[Pairing] = []
        try:
            for j, (opp, res) in enumerate(zip(opponent_rows[i], result_rows[i])):
                if grid and j == i:
                    where = _where(i, j, grid)
                    check_cell(res, f"results ({where})")
                    if not is_blank(res) and not is_diagonal(res):
                        raise InvalidInputError(f"results ({where}): the diagonal is blank")
                    continue
                outcome_value = outcome_of(res, (i, j))
                if type(opp) is int and -_EXACT <= opp <= _EXACT:
                    opponent_no: int | None = opp  # whole_number's answer, without the name
                elif is_blank(opp):
                    opponent_no = None
                else:
                    opponent_no = whole_number(opp, f"opponents ({_where(i, j, grid)})")
                if opponent_no == 0:
                    opponent_no = None
                if outcome_value is None:
                    continue
                if opponent_no is None and not outcome_value.is_bye and outcome_value.rated:
                    raise InvalidInputError(
                        f"results ({_where(i, j, grid)}): a result without an opponent"
                    )
                if opponent_no is not None and not 1 <= opponent_no <= n:
                    raise OutOfRangeError(
                        f"opponents ({_where(i, j, grid)}): {opponent_no} is not a player "
                        f"number (1..{n})"
                    )
                if opponent_no == i + 1:
                    raise InvalidInputError(
                        f"opponents ({_where(i, j, grid)}): a player cannot meet themself"
                    )
                pairings.append(
                    pairing(None if outcome_value.is_bye else opponent_no, outcome_value)
                )
            parsed.append(tuple(pairings))
        except (XlfuncsError, ExcelErrorInput) as exc:
            parsed.append(exc)
    return grid, result_rows, opponent_rows, parsed


@dataclass(frozen=True)
class NoFigure:
    """What :func:`per_player`'s *compute* gives for a player the rules give no figure: the
    few words a chart's cell shows there (:mod:`~xlfuncs.core.no_figure`)."""

    short: str


def reasons_flag(value: Cell) -> bool:
    """A whole-column form's ``reasons`` cell (:data:`REASONS_HELP`)."""
    return boolean(value, "reasons")


REASONS_HELP = (
    "Optional: TRUE shows why in a few words where a player has no figure (unrated, no "
    "rated game, rapid: no norms); blank/FALSE: blank there"
)
"""The ``reasons`` argument's help in Excel's function wizard."""


@dataclass(frozen=True)
class ChartCells:
    """An event's columns as the whole-column forms (and ``RATING_WORKING``) take them, each
    named as its argument (:data:`xlfuncs.excel.functions.ARGUMENTS` says what each holds)."""

    ratings: Cell
    results: Cell
    opponents: Cell = None
    rules: Cell = None
    minutes: Cell = None
    reasons: Cell = None


def per_player(
    function: str, compute: Callable[[Any, int], Any], chart: ChartCells, **options: Any
) -> list[list[Any]]:
    """A whole-column form's answer, one row per player of *chart*: *compute* (the
    crosstable, the player's number), ``""`` in an empty row, a row's error in that row and
    those of its opponents (the reasons kept for ``EXPLAIN_ERROR`` under *function*). With
    the *reasons* flag, no figure (a :class:`NoFigure`, an error's
    :attr:`~xlfuncs.core.errors.XlfuncsError.short`) shows its words; without it, ``""`` (an
    error: its value). *options* go to :func:`crosstable_rows`."""
    reasons = reasons_flag(chart.reasons)
    table, errors, empty = crosstable_rows(
        chart.ratings,
        chart.results,
        chart.opponents,
        rules_value=chart.rules,
        minutes_value=chart.minutes,
        **options,
    )
    out: list[list[Any]] = []
    row_reasons: list[str] = []
    bad = {i + 1 for i, e in enumerate(errors) if e is not None}
    for i, entrant in enumerate(table.entrants):
        error = errors[i]
        if error is not None:
            out.append([error.code])
            row_reasons.append(f"row {i + 1}: {error}")
            continue
        if empty[i]:
            out.append([""])
            continue
        met = {p.opponent for p in entrant.pairings if p.opponent is not None} if bad else bad
        if met & bad:
            first_bad = min(met & bad)
            code = cast(RowError, errors[first_bad - 1]).code  # passes through
            out.append([code])
            row_reasons.append(
                f"row {i + 1}: met the player of row {first_bad}, whose row shows {code}"
            )
            continue
        try:
            value = compute(table, i + 1)
        except XlfuncsError as exc:
            if reasons and exc.short is not None:
                out.append([exc.short])
                continue
            out.append([code_of(exc)])
            row_reasons.append(f"row {i + 1}: {exc}")
            continue
        if isinstance(value, NoFigure):
            out.append([value.short if reasons else ""])
        else:
            out.append(["" if value is None else to_excel(value)])
    note_row_errors(function, row_reasons)
    return out


def points_all_cells(results: Cell, scoring: Cell = None) -> list[list[Any]]:
    """Every player's points from a results block, each game as *scoring* scores it
    (:func:`~xlfuncs.excel.cells.scoring`); blank for a row without a game."""
    check_error(scoring, "scoring")  # shared by every row: the whole result
    system = scoring_cell(scoring)
    out: list[list[Any]] = []
    reasons: list[str] = []
    outcome_of = PerValue(outcome, lambda at: f"results (row {at[0]}, column {at[1]})")
    for i, row in enumerate(matrix(results, "results"), start=1):
        try:
            found = [
                outcome_of(c, (i, j)) for j, c in enumerate(row, start=1) if not is_diagonal(c)
            ]
        except (XlfuncsError, ExcelErrorInput) as exc:
            error = RowError.of(exc, [(row, f"results (row {i})")])
            out.append([error.code])
            reasons.append(f"row {i}: {error}")
            continue
        played = [o for o in found if o is not None]
        out.append(
            [to_excel(sum((system.points(o) for o in played), Fraction(0))) if played else ""]
        )
    note_row_errors("POINTS_ALL", reasons)
    return out
