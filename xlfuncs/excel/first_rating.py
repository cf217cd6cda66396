"""First ratings from cells (Rating Regulations 8.2; the rules live in
:mod:`xlfuncs.core.first_rating`): an unrated player's Ru, and every unrated player's in a
whole-column form; ``#N/A`` (a blank in a column) where the rules publish none, unless
*provisional* asks for it.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import NothingToComputeError
from ..core.first_rating import FirstRating, first_rating, first_rating_from_totals
from ..core.no_figure import RATED
from ..core.validate import half_points
from .cells import boolean, exact_number, games, is_results, listed_ratings, rules, system
from .columns import ChartCells, NoFigure, per_player
from .ranges import Cell

__all__ = ["bloque_all_cells", "bloque_cells"]


def _published(found: FirstRating, provisional: bool) -> int:
    """Ru where the rules publish it (or *provisional* asks for it anyway); else the reasons
    it is not published, as ``#N/A``."""
    if found.published or provisional:
        return found.rating
    raise NothingToComputeError(
        f"no first rating is published ({found.rating} provisional): "
        + "; ".join(found.reasons)
        + "; provisional TRUE shows the figure"
    )


def bloque_cells(
    opponent_ratings: Cell,
    results_or_score: Cell,
    system_value: Cell,
    rules_value: Cell,
    provisional: Cell,
) -> int:
    """Ru of an unrated player, in a Swiss (the default) or a round robin, from results or
    from the points against the rated opponents (a 0 rating: an unrated opponent's game)."""
    kind = system(system_value) or "swiss"
    edition = rules(rules_value)
    anyway = boolean(provisional, "provisional")
    if is_results(results_or_score):
        found = games(opponent_ratings, results_or_score, results_name="results_or_score")
        counted = [(r, o.points) for r, o in found if o.rated]
        return _published(first_rating(counted, system=kind, rules=edition), anyway)
    listed = listed_ratings(opponent_ratings, "opponent_ratings")
    rated = [r for r in listed if r is not None]
    found_totals = first_rating_from_totals(
        rated,
        half_points(exact_number(results_or_score, "results_or_score"), name="results_or_score"),
        unrated_games=len(listed) - len(rated),
        system=kind,
        rules=edition,
        score_name="results_or_score",
    )
    return _published(found_totals, anyway)


def bloque_all_cells(system_value: Cell, provisional: Cell, chart: ChartCells) -> list[list[Any]]:
    """Every unrated player's Ru; blank for a rated player and where the rules publish none
    (unless *provisional*), or with the *reasons* flag why (``rated``, ``zero score``...).
    The system blank: a round robin for a grid, a Swiss with opponents."""
    kind = system(system_value)
    anyway = boolean(provisional, "provisional")

    def first(table: Any, player: int) -> Any:
        try:
            found = table.first(player)
        except NothingToComputeError as exc:  # no rated opponent, or a zero score disregarded
            return None if exc.short is None else NoFigure(exc.short)
        if found is None:
            return NoFigure(RATED)
        if not (found.published or anyway):
            return None if found.short is None else NoFigure(found.short)
        return found.rating

    return per_player(
        "BLOQUE_ALL", first, chart, round_robin=None if kind is None else kind == "rr"
    )
