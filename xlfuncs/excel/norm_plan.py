"""A norm event planned from its field, in cells (``NORM_PLAN``; the rules live in
:mod:`xlfuncs.core.norm_plan`): for each player row and norm title, the fewest points the
norm needs, what blocks it, or blank when it is not one worth reaching.
"""

from __future__ import annotations

from typing import Any, Final

from ..core.errors import InvalidInputError
from ..core.norm_field import fide_title
from ..core.norm_plan import (
    BLOCKS,
    NormChance,
    PlanPlayer,
    PlanSetting,
    System,
    plan_norms,
    round_robin_rounds,
)
from ..core.norms import NORM_TITLES
from ..core.titles import FIDE_TITLES
from .cells import SYSTEMS, boolean_or_sex, is_blank, rating, text, title_rules, whole_number
from .errors import check_cell, check_error
from .ranges import Cell, flatten, single

__all__ = ["PLAN_TITLES", "SHORT", "norm_plan_cells"]

PLAN_TITLES: Final = tuple(NORM_TITLES)
"""The columns of ``NORM_PLAN``'s answer, in order: GM, IM, WGM, WIM."""


def _column(value: Cell, name: str, size: int) -> list[Cell]:
    """The cells of an optional range (blank: *size* blanks), as many as the ratings'."""
    if value is None:
        return [None] * size
    check_error(value, name)
    cells = flatten(value)
    if len(cells) != size:
        raise InvalidInputError(
            f"{name}: {len(cells)} cell{'' if len(cells) == 1 else 's'}; expected one per row "
            f"of ratings ({size})"
        )
    return cells


SHORT: Final = {
    BLOCKS["other_federations"]: "federations",
    BLOCKS["titled"]: "titles",
    BLOCKS["ra"]: "Ra",
    BLOCKS["games"]: "rounds",
    BLOCKS["field"]: "players",
    BLOCKS["unknown"]: "federation?",
}
"""What blocks a norm, in the word a cell shows (``no: federations``); others as the core
names them."""


def _shown(c: NormChance) -> float | str:
    """A norm's cell: the points it needs, or ``no:`` and what blocks it."""
    if c.possible and c.points is not None:
        return float(c.points)
    return "no: " + ", ".join(SHORT.get(kind, kind) for kind in c.blocked_by)


DOUBLE: Final = frozenset({"drr", "double", "double rr", "double round robin"})
"""The ``rounds`` words for a double round robin (any case)."""


def _event(value: Cell) -> tuple[System, int | None]:
    """The event a ``rounds`` cell names: a number, a Swiss of that many rounds; blank or
    ``rr``, a round robin; ``drr``, a double one (``-2``: the rounds follow from the field)."""
    value = single(value, "rounds")
    check_cell(value, "rounds")
    if is_blank(value):
        return "rr", None
    if isinstance(value, str) and not value.strip().replace(".", "", 1).isdigit():
        key = value.strip().lower()
        if key in DOUBLE:
            return "rr", -2
        if SYSTEMS.get(key) == "rr":
            return "rr", None
        raise InvalidInputError(
            f"rounds: expected a Swiss's number of rounds, rr (a round robin) or drr (a "
            f"double round robin), got {value!r}"
        )
    count = whole_number(value, "rounds")
    if count < 1:
        raise InvalidInputError(f"rounds: expected 1 or more, got {count}")
    return "swiss", count


def norm_plan_cells(
    ratings: Cell,
    titles: Cell,
    federations: Cell,
    sexes: Cell,
    rounds: Cell,
    host_federation: Cell,
    rules: Cell,
) -> list[list[Any]]:
    """The plan of the field in the rows of *ratings* (a blank rating is no player): four
    columns (:data:`PLAN_TITLES`) a row."""
    check_error(ratings, "ratings")
    cells = flatten(ratings)
    size = len(cells)
    title_cells = _column(titles, "titles", size)
    fed_cells = _column(federations, "federations", size)
    sex_cells = _column(sexes, "sexes", size)
    kind, count = _event(rounds)
    host = text(host_federation, "host_federation").upper()
    edition = title_rules(rules)
    field: list[PlanPlayer] = []
    rows: list[int | None] = []
    for i, value in enumerate(cells):
        if is_blank(value):
            rows.append(None)
            continue
        held_text = text(title_cells[i], f"titles (cell {i + 1})")
        held = fide_title(held_text)
        if held and held not in FIDE_TITLES:
            raise InvalidInputError(
                f"titles (cell {i + 1}): expected one of {', '.join(FIDE_TITLES)} or a blank, "
                f"got {held_text!r}"
            )
        rows.append(len(field))
        field.append(
            PlanPlayer(
                f"row {i + 1}",
                rating(value, f"ratings (cell {i + 1})"),
                held,
                text(fed_cells[i], f"federations (cell {i + 1})").upper(),
                boolean_or_sex(sex_cells[i], f"sexes (cell {i + 1})"),
                i + 1,
            )
        )
    blank = [""] * len(PLAN_TITLES)
    if kind == "rr" and len(field) < 2:
        return [list(blank) for _ in rows]
    if count == -2:
        count = round_robin_rounds(len(field), 2)
    setting = PlanSetting(system=kind, rounds=count, host_federation=host, rate="standard")
    plan = plan_norms(field, setting, edition)
    out: list[list[Any]] = []
    for place in rows:  # a blank row (None) has no chance
        chances = {} if place is None else {c.title.title: c for c in plan.players[place].chances}
        out.append([_shown(chances[t]) if t in chances else "" for t in PLAN_TITLES])
    return out
