"""The chart's rank column (:func:`xlfuncs.templates.chart.ranks`): the value the rank
formula gives, in n log n steps (issue 8, item 14: it took n x n and dominated a 5,000-player
crosstable).

The rank formula of the chart, for each player, counts over the whole column:
``1 + COUNTIF(pts, ">"&p) + COUNTIFS(pts, p, sb, ">"&s) + COUNTIFS(pts, p, sb, s, no, "<"&no)``
(see ``plain_arrays``). :func:`formula_rank` below writes that sentence out literally, as the
reference; the hand-worked ranks of the example events are checked in the template tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from xlfuncs.templates.chart import ranks


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def formula_rank(points: list[Any], sb: list[Any], numbers: list[float]) -> list[Any]:
    """The formula's three counts, literally, for every row (n x n)."""
    out: list[Any] = []
    for p, s, no in zip(points, sb, numbers):
        if not _num(p):
            out.append("")
            continue
        more = sum(1 for q in points if _num(q) and q > p)
        same = [(t, m) for q, t, m in zip(points, sb, numbers) if _num(q) and q == p]
        better_sb = sum(1 for t, _ in same if _num(t) and _num(s) and t > s)
        lower_no = sum(1 for t, m in same if t == s and m < no)
        out.append(1 + more + better_sb + lower_no)
    return out


def test_hand_worked_ties() -> None:
    # points 2, 1, 2, 1, blank; SB 3, 1, 3, 2: players 1 and 3 tie on both (1 first by
    # number), 4 is ahead of 2 on SB, 5 has no points.
    points = [2.0, 1.0, 2.0, 1.0, ""]
    sb = [3.0, 1.0, 3.0, 2.0, ""]
    assert ranks(points, sb, [1.0, 2.0, 3.0, 4.0, 5.0]) == [1, 4, 2, 3, ""]


values = st.sampled_from([0.0, 0.5, 1, 1.0, 2.0, 2.5, "", None, "#VALUE!"])


@given(st.lists(st.tuples(values, values), max_size=25), st.randoms(use_true_random=False))
def test_same_as_the_formula(rows: list[tuple[Any, Any]], rnd: random.Random) -> None:
    points = [p for p, _ in rows]
    sb = [s for _, s in rows]
    numbers = [float(i) for i in range(1, len(rows) + 1)]
    rnd.shuffle(numbers)
    assert ranks(points, sb, numbers) == formula_rank(points, sb, numbers)


class Counted(list[Any]):
    """A list that counts how many of its items are read."""

    reads = 0

    def __iter__(self) -> Iterator[Any]:
        for item in super().__iter__():
            Counted.reads += 1
            yield item

    def __getitem__(self, index: Any) -> Any:
        Counted.reads += 1
        return super().__getitem__(index)


def test_reads_each_value_a_bounded_number_of_times() -> None:
    """A scaling guard without a clock: the values are read a few times each, not once per
    player (the formula's way reads 3 n x n of them: 12 million for 2,000 players)."""
    rng = random.Random(8)
    for n in (200, 2000):
        points = Counted(rng.choice([0.0, 0.5, 1.0, 1.5, 2.0]) for _ in range(n))
        sb = Counted(rng.choice([0.0, 0.25, 0.5, 1.0]) for _ in range(n))
        numbers = Counted(float(i) for i in range(1, n + 1))
        Counted.reads = 0
        ranks(points, sb, numbers)
        assert Counted.reads <= 10 * n, (n, Counted.reads)
