"""Where everything is on the main sheet of a chart (the round-robin crosstable and the
Swiss wall chart): the rows, the player columns, the results columns, the computed columns
and the hidden arrays (:class:`Layout`)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from .common import cell
from .event import Event

__all__ = ["ARRAYS", "COMPUTED", "Layout", "expand_tiebreaks"]

TITLE_ROW, HINT_ROW, GROUP_ROW, HEAD_ROW, FIRST_ROW = 0, 5, 6, 7, 8

NO, TITLE, NAME, FED, FIDE_ID, BORN, SEX, RATING, GAMES_BEFORE, REACHED, K_OVERRIDE, K = range(12)
MIDDLE = 12
"""First column of the results (grid or rounds)."""

_SETTINGS_LABEL_COLS = 3
"""Columns of each label of the header's settings (Scoring ...): Pts, Rank, a tie-break."""
_MINUTES_LABEL_COLS = 4
"""Columns of the header's "Minutes (60 moves)" label: four rating figures."""

COMPUTED = (
    "points",
    "rank",
    "tiebreaks",
    "games",
    "ra",
    "rp_fide",
    "rp_exact",
    "change",
    "new",
    "first",
    "norm",
)
"""The computed columns after the results, in order; ``"tiebreaks"`` stands for the
tie-break columns ``"tb1"``, ``"tb2"`` ... (:attr:`Layout.computed`)."""

ARRAYS = (
    "k_data",
    "points",
    "tiebreaks",
    "rank",
    "games",
    "ra",
    "rp_fide",
    "rp_exact",
    "change",
    "first",
    "norm",
)
"""The columns computed by one call of our functions each, in the order of the hidden
columns that hold the arrays; all but ``k_data`` (K from the player's data) are shown by
the computed column of the same name (``"tiebreaks"``: as in :data:`COMPUTED`)."""


@dataclass(frozen=True)
class Layout:
    """Where everything is on the main sheet of one kind of chart."""

    kind: str
    """``"rr"`` (a crosstable grid) or ``"swiss"`` (opponent, colour and result per round)."""
    capacity: int
    """Player rows."""
    rounds: int
    """Rounds (Swiss); the grid's width is :attr:`capacity` (round robin)."""
    cycles: int = 1
    """Round robin: games between each two players (2: a double round robin, two result
    cells per pair, :meth:`grid_col`)."""
    tiebreaks: int = 3
    """Tie-break columns (each header a drop-down of descriptors)."""
    system: str | None = None
    """How the event was paired (``"swiss"``, ``"rr"``), as the tie-break and first-rating
    formulas are told it (:attr:`system_name`); ``None``: as the kind of chart says."""

    @property
    def system_name(self) -> str:
        """:attr:`system`, else ``"swiss"`` for the Swiss chart and ``"rr"`` for the grid."""
        return self.system or ("swiss" if self.swiss else "rr")

    @cached_property
    def computed(self) -> tuple[str, ...]:
        """The visible computed columns, in order (:data:`COMPUTED`, the tie-breaks as
        ``"tb1"``, ``"tb2"`` ...)."""
        return expand_tiebreaks(COMPUTED, self.tiebreaks)

    @cached_property
    def _computed_cols(self) -> dict[str, int]:
        """The column of each visible computed column, by name (worked out once: every
        player row asks)."""
        first = MIDDLE + self.middle_width
        return {name: first + i for i, name in enumerate(self.computed)}

    @cached_property
    def _hidden_cols(self) -> dict[str, int]:
        """The column of each hidden array, by name (worked out once)."""
        first = self.last_visible + 1
        return {name: first + i for i, name in enumerate(expand_tiebreaks(ARRAYS, self.tiebreaks))}

    @property
    def swiss(self) -> bool:
        return self.kind == "swiss"

    @property
    def double(self) -> bool:
        """A double round robin: the functions read the grid as rounds beside a block of
        opponents' numbers (:attr:`opponents_ref`)."""
        return not self.swiss and self.cycles > 1

    @property
    def last_row(self) -> int:
        return FIRST_ROW + self.capacity - 1

    @property
    def middle_width(self) -> int:
        return 3 * self.rounds if self.swiss else self.capacity * self.cycles

    def grid_col(self, opponent: int, cycle: int = 1) -> int:
        """Round robin: the column of the result against player *opponent* (from 1) in
        game *cycle* (from 1): a double round robin has two cells side by side per
        opponent, the first and the second game."""
        return MIDDLE + (opponent - 1) * self.cycles + cycle - 1

    def col(self, name: str) -> int:
        """Column of a computed column (see :attr:`computed`; ``"tiebreaks"``: the first
        tie-break column)."""
        return _named(self._computed_cols, name, "a computed column")

    @property
    def last_visible(self) -> int:
        return self.col(self.computed[-1])

    def results_shown(self, event: Event | None) -> int:
        """The results columns (from :data:`MIDDLE`) a chart of *event* shows: not the rounds
        it did not play (at least round 1) nor the grid columns of players it does not have."""
        if event is None:
            return self.middle_width
        if self.swiss:
            return 3 * max(event.rounds, 1) if event.rounds < self.rounds else self.middle_width
        players = len(event.players)
        return players * self.cycles if 0 < players < self.capacity else self.middle_width

    @property
    def settings_cols(self) -> tuple[int, int]:
        """The header's settings the standing reads: the first column of their labels and the
        first of their values (two columns), over Pts, Rank and the first tie-breaks."""
        label = self.col("points")
        return label, label + _SETTINGS_LABEL_COLS

    @property
    def minutes_cols(self) -> tuple[int, int]:
        """The header's Minutes (60 moves): the first column of its label and the first of
        its value (two columns), over the rating figures, right of the standing's settings."""
        label = max(self.col("games"), self.settings_cols[1] + 2)
        return label, label + _MINUTES_LABEL_COLS

    def hidden(self, name: str) -> int:
        """Hidden column of an array of one of our functions (see :data:`ARRAYS`;
        ``"tiebreaks"``: the first column of the tie-breaks' block, ``"tb2"`` its second)."""
        return _named(self._hidden_cols, name, "a hidden array")

    @property
    def tiebreak_headers(self) -> str:
        """The tie-break columns' header cells (the descriptors' drop-downs): ``$AE$8:$AG$8``."""
        first, last = self.col("tb1"), self.col(f"tb{self.tiebreaks}")
        return f"{cell(HEAD_ROW, first, absolute=True)}:{cell(HEAD_ROW, last, absolute=True)}"

    def opp_helper(self, rnd: int) -> int:
        """Hidden (Swiss): the opponents of round *rnd* (from 1), gathered contiguously;
        (double round robin) the opponent's number of grid column *rnd* (from 1)."""
        return self.hidden(ARRAYS[-1]) + rnd

    def res_helper(self, rnd: int) -> int:
        """Hidden (Swiss): the results of round *rnd* (from 1), gathered contiguously."""
        return self.hidden(ARRAYS[-1]) + self.rounds + rnd

    def colour_helper(self, rnd: int) -> int:
        """Hidden (Swiss): the colours of round *rnd* (from 1), gathered contiguously (the
        tie-breaks ``BPG`` and ``BWG`` read them)."""
        return self.hidden(ARRAYS[-1]) + 2 * self.rounds + rnd

    @property
    def floor_helper(self) -> int:
        """Hidden: ``UNRATED_AGAIN``'s mark of each new rating below the edition's floor
        (after every other hidden column)."""
        if self.swiss:
            return self.colour_helper(self.rounds) + 1
        if self.double:
            return self.opp_helper(self.middle_width) + 1
        return self.hidden(ARRAYS[-1]) + 1

    def round_cols(self, rnd: int) -> tuple[int, int, int]:
        """Opponent, colour and result columns of round *rnd* (from 1)."""
        first = MIDDLE + 3 * (rnd - 1)
        return first, first + 1, first + 2

    def column(self, col: int) -> str:
        """The absolute reference of a column's player rows: ``$H$9:$H$28``."""
        return self.block(col, col)

    def block(self, first_col: int, last_col: int) -> str:
        """The absolute reference of the player rows of columns *first_col* to *last_col*."""
        return (
            f"{cell(FIRST_ROW, first_col, absolute=True)}:"
            f"{cell(self.last_row, last_col, absolute=True)}"
        )

    @property
    def results_ref(self) -> str:
        """What the array functions get as ``results``."""
        if self.swiss:
            return self.block(self.res_helper(1), self.res_helper(self.rounds))
        return self.block(MIDDLE, MIDDLE + self.middle_width - 1)

    @property
    def opponents_ref(self) -> str:
        """What the array functions get as ``opponents`` (empty for a single grid)."""
        if self.swiss:
            return self.block(self.opp_helper(1), self.opp_helper(self.rounds))
        if self.double:
            return self.block(self.opp_helper(1), self.opp_helper(self.middle_width))
        return ""

    @property
    def colours_ref(self) -> str:
        """What ``TIEBREAK_ALL`` gets as ``colours`` (Swiss; empty for a grid)."""
        if self.swiss:
            return self.block(self.colour_helper(1), self.colour_helper(self.rounds))
        return ""


def _named(cols: Mapping[str, int], name: str, what: str) -> int:
    """The column of *name* in *cols* (``"tiebreaks"``: ``"tb1"``'s); *what*: for the error."""
    if name == "tiebreaks":
        name = "tb1"
    if name not in cols:
        raise ValueError(f"{name!r}: not {what}")
    return cols[name]


def expand_tiebreaks(names: Sequence[str], tiebreaks: int) -> tuple[str, ...]:
    """*names* with ``"tiebreaks"`` written out as ``"tb1"`` ... ``"tb<tiebreaks>"``."""
    tbs = [f"tb{i}" for i in range(1, tiebreaks + 1)]
    return tuple(itertools.chain.from_iterable(tbs if n == "tiebreaks" else (n,) for n in names))
