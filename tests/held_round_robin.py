"""Held's round robin as Excel cells, transcribed once for the function tests, with whole
numbers as ints, as Office.js sends them (classic xlwings sends floats: :func:`as_floats`).

Source: TieBreakServer's ``tests/fixtures/held_round_robin.trf`` (copied in
``tests/data/tiebreakserver/``), the round robin of IA Mario Held's "Exercises in
Tie-Breaking" (C.07-2023). Each row holds the row player's result and colour against the
column player; 5-6 is a forfeit, won by 6.
"""

from __future__ import annotations

RATINGS = [[2200], [2150], [2100], [2050], [1950], [2000]]
"""The six players' ratings, one cell per row."""

GRID = [
    [None, 1, 1, 0, "\u00bd", 1],
    [0, None, "\u00bd", 1, 1, 1],
    [0, "\u00bd", None, 1, 1, 1],
    [1, 0, 0, None, 0, "\u00bd"],
    ["\u00bd", 0, 0, 1, None, "-"],
    [0, 0, 0, "\u00bd", "+", None],
]
"""The results grid (the diagonal blank)."""

COLOURS = [
    [None, "w", "b", "w", "w", "b"],
    ["b", None, "w", "b", "w", "w"],
    ["w", "b", None, "w", "w", "b"],
    ["b", "w", "b", None, "b", "w"],
    ["b", "b", "b", "w", None, "w"],
    ["w", "b", "w", "b", "b", None],
]
"""The row player's colour in each game."""


def as_floats(cells: list[list[object]]) -> list[list[object]]:
    """The same cells as classic xlwings passes them: every number a float."""
    return [[float(v) if isinstance(v, int) else v for v in row] for row in cells]
