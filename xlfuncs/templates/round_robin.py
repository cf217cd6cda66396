"""``round_robin.xlsx``: a round-robin crosstable for up to 24 players (filled with a
double round robin: two result cells per pair, the first game and the second). The layout:
:mod:`xlfuncs.templates.chart`; what a filled crosstable is made from:
:mod:`xlfuncs.templates.event`.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.tiebreaks import DEFAULT_ROUND_ROBIN_TIEBREAKS
from .chart import HOW_TO_HEADER, HOW_TO_K, ChartTemplate, Layout, Texts, how_to_functions
from .event import MAX_RR_PLAYERS, Event

__all__ = ["LAYOUT", "build", "layout_of"]

LAYOUT = Layout(
    kind="rr", capacity=MAX_RR_PLAYERS, rounds=0, tiebreaks=len(DEFAULT_ROUND_ROBIN_TIEBREAKS)
)

TEXTS = Texts(
    title="Round-robin crosstable",
    sheet="Crosstable",
    hint="Fill the yellow cells; blue cells are computed. Results: 1, \u00bd (or =), 0; "
    "+ and - for forfeits. Enter each game twice: in the row of each player.",
    how_to=(
        HOW_TO_HEADER,
        "2. Players in starting order, one per row: No. is fixed (1 to 24). Title, name, "
        "federation, FIDE ID, year of birth, sex (w: women's norms apply), rating (blank or "
        "0: unrated).",
        HOW_TO_K,
        "4. Results: in the row of the player, under the opponent's No.: 1 win, \u00bd or = "
        "draw, 0 loss, + forfeit win, - forfeit loss; W<1, D<1, L<1 a win, draw, loss in less "
        "than one move (forfeits and these score but are not rated; a bare W, D or L is an "
        "error: it may mean a win, a draw, a loss). "
        "Enter every game in both players' rows. The grey diagonal stays empty. A filled "
        "double round robin (xlfuncs crosstable) has two cells under each opponent: the "
        "first game and the second.",
        "5. Computed: points; rank (more points, then the tie-break columns left to right; "
        "equal ranks where all are equal); the tie-breaks (FIDE's C.07; the usual list DE, "
        "WIN, SB, KS): each column's header is a drop-down of descriptors (BH/C1 Buchholz "
        "cut 1, SB Sonneborn-Berger, DE direct encounter, WIN wins, KS Koya, ARO ...): "
        "choose another and the column and the ranks follow. A grid has neither the order "
        "of the rounds nor the colours: PS, FB, BPG and BWG are not offered. 'Tie-break "
        "rules' chooses C.07's edition (2026 from 1 March 2026, 2023 before); rated games "
        "against rated opponents; Ra; Rp by FIDE's table (Ra + dp) and exact; the rating "
        "change (K x sum(W - PD), K lowered so that K x n <= 700, with the edition's "
        "400-point rule) and the new rating; the first rating of an unrated player "
        "(round-robin variant where the edition has one); the best title norm whose rating "
        "figures are met (9 games, Ra, Rp; the federation and title mix of the field is not "
        "checked).",
        "6. Hidden columns at the right hold one array formula per computed column (one call "
        "of our functions fills it); the blue cells show their rows. Leave them as they are. "
        "The sheet is protected without a password so formulas are not overwritten by "
        "accident: Review > Unprotect Sheet to change the layout.",
        *how_to_functions(7),
    ),
)


def layout_of(event: Event | None) -> Layout:
    """The crosstable's layout for *event* (``None``: the blank one; results as
    ``ChartPlayer.results``): two result cells per pair for a double round robin
    (``Event.cycles`` 2)."""
    if event is not None and event.cycles > 1:
        return replace(LAYOUT, cycles=event.cycles)
    return LAYOUT


build = ChartTemplate(TEXTS, layout_of).build
