"""``swiss.xlsx``: a Swiss wall chart for 400 players and 13 rounds (more of each when
filled: a row per player, three columns per round: opponent's No., colour, result).

Hidden helper columns gather each round's opponents, results and colours into three blocks
(``{=IF(ISBLANK(M9:M408),"",M9:M408)}``, one array formula per round and block), which our
functions read; why, and what it costs: ``docs/templates.md`` (*Measurements*). The layout:
:mod:`xlfuncs.templates.chart`; what a filled chart is made from: :mod:`xlfuncs.templates.event`.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.tiebreaks import DEFAULT_SWISS_TIEBREAKS
from .chart import HOW_TO_HEADER, HOW_TO_K, ChartTemplate, Layout, Texts, how_to_functions
from .event import MAX_ROUNDS, MAX_SWISS_PLAYERS, Event

__all__ = ["LAYOUT", "build", "layout_of"]

LAYOUT = Layout(
    kind="swiss",
    capacity=MAX_SWISS_PLAYERS,
    rounds=MAX_ROUNDS,
    tiebreaks=len(DEFAULT_SWISS_TIEBREAKS),
)

TEXTS = Texts(
    title="Swiss wall chart",
    sheet="Wall chart",
    hint="Fill the yellow cells; blue cells are computed. Per round: opponent's No., colour "
    "(w/b), result (1, \u00bd, 0; + - forfeits; H F U Z byes, with no opponent).",
    how_to=(
        HOW_TO_HEADER,
        "2. Players in starting order, one per row: No. is fixed (1 to 400). Title, name, "
        "federation, FIDE ID, year of birth, sex (w: women's norms apply), rating (blank or "
        "0: unrated).",
        HOW_TO_K,
        "4. Each round: the opponent's No., the colour (w or b) and the result from the "
        "player's side: 1 win, \u00bd or = draw, 0 loss, + forfeit win, - forfeit loss; W<1, "
        "D<1, L<1 a win, draw, loss in less than one move (not rated; a bare W, D or L is an "
        "error: it may mean a win, a draw, a loss). "
        "Byes have no opponent: H half-point, F full-point, U pairing-allocated (1 point), "
        "Z zero-point. Enter every game in both players' rows.",
        "5. Computed: points; rank (more points, then the tie-break columns left to right; "
        "equal ranks where all are equal); the tie-breaks (FIDE's C.07; the usual list "
        "BH/C1, BH, SB): each column's header is a drop-down of descriptors (BH/C1 Buchholz "
        "cut 1, SB Sonneborn-Berger, DE direct encounter, WIN wins, KS Koya, ARO ...): "
        "choose another and the column and the ranks follow. BPG and BWG read the colour "
        "columns. 'Tie-break rules' chooses C.07's edition (2026 from 1 March 2026, 2023 "
        "before); rated games against rated opponents; Ra; Rp by FIDE's table (Ra + dp) and "
        "exact; the rating change (K x sum(W - PD), K lowered so that K x n <= 700, with "
        "the edition's 400-point rule) and the new rating; the first rating of an unrated "
        "player; the best title norm whose rating figures are met (9 games, Ra, Rp; the "
        "federation and title mix of the field is not checked).",
        "6. Hidden columns at the right gather each round's opponents and results into two "
        "blocks, and hold one array formula per computed column (one call of our functions "
        "fills it); the blue cells show their rows. Leave them as they are.",
        "7. The sheet is protected without a password so formulas are not overwritten by "
        "accident: Review > Unprotect Sheet to change the layout. To print only your "
        "players, set the print area (Page Layout > Print Area) to their rows.",
        *how_to_functions(8),
    ),
)


def layout_of(event: Event | None) -> Layout:
    """The chart's layout for *event* (``None``: the blank chart; games as
    ``ChartPlayer.rounds``): a row per player and three columns per round, more than
    :data:`LAYOUT`'s 400 and 13 when it needs them, and its system (:attr:`Event.system`)."""
    if event is None:
        return LAYOUT
    capacity, rounds = max(len(event.players), LAYOUT.capacity), max(event.rounds, LAYOUT.rounds)
    return replace(LAYOUT, capacity=capacity, rounds=rounds, system=event.system)


build = ChartTemplate(TEXTS, layout_of).build
