"""Benchmark: the filled Swiss wall chart through the formula engine, and how many calls of
our functions one full recalculation makes.

Run: ``python benchmarks/bench_swiss_chart.py [--players N] [--rounds R] [--capacity ROWS]``
(after ``pip install -e .[test]``; it uses the ``formulas`` package through
``tests/engine.py``). ``--capacity`` builds a chart of that many rows (and the event's rounds)
instead of the template's 400 x 13: the recalculation's time grows with the chart's size.

It fills ``swiss.xlsx`` with the example event (60 players, 9 rounds by default: an unrated
player, a forfeit, byes), then:

1. builds the workbook (the stored values computed in Python by the same functions);
2. recalculates it with the ``formulas`` engine, our functions plugged in and counted:
   the chart makes ONE call per computed column (10), whatever the number of players;
3. times our functions alone on the same cells (what Excel pays for the ten calls).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from engine import evaluate, forget_compiled  # noqa: E402

from tests.chart_examples import swiss_event  # noqa: E402
from xlfuncs import udfs  # noqa: E402
from xlfuncs.progress import no_progress  # noqa: E402
from xlfuncs.templates import swiss  # noqa: E402
from xlfuncs.templates.chart import ARRAYS, build_chart, figures, inputs  # noqa: E402


def counting() -> tuple[dict[str, Callable[..., Any]], dict[str, int]]:
    calls: dict[str, int] = {}

    def wrap(name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any) -> Any:
            calls[name] = calls.get(name, 0) + 1
            return fn(*args)

        return counted

    return {name: wrap(name, fn) for name, fn in udfs.FUNCTIONS.items()}, calls


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=1, help="engine runs (best is shown)")
    parser.add_argument(
        "--capacity",
        type=int,
        default=None,
        help="the chart's rows (default: the template's, or the players when more); fewer "
        "rows make a chart that recalculates sooner",
    )
    args = parser.parse_args(argv)

    event = swiss_event(args.players, args.rounds)
    layout = replace(
        swiss.LAYOUT,
        capacity=max(args.players, args.capacity or swiss.LAYOUT.capacity),
        rounds=max(args.rounds, swiss.LAYOUT.rounds if args.capacity is None else args.rounds),
    )
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "swiss_filled.xlsx"
        start = time.perf_counter()
        if layout == swiss.LAYOUT:
            swiss.build(path, event)
        else:
            build_chart(path, layout, swiss.TEXTS, event, no_progress)
        build = time.perf_counter() - start

        best = float("inf")
        calls: dict[str, int] = {}
        for _ in range(args.repeat):
            functions, calls = counting()
            forget_compiled()  # each run compiles the formulas, as a first run does
            start = time.perf_counter()
            values = evaluate(path, functions)
            best = min(best, time.perf_counter() - start)
        errors = [
            v
            for v in values.values()
            if isinstance(v, str) and v.startswith("#") and v.endswith(("!", "?", "A"))
        ]

    data = inputs(layout, event)
    start = time.perf_counter()
    figures(layout, data)
    ours = time.perf_counter() - start

    print(
        f"Swiss wall chart: {len(event.players)} players, {event.rounds} rounds "
        f"(chart capacity {layout.capacity} x {layout.rounds})"
    )
    print(f"  build the filled workbook (stored values included): {build:6.2f} s")
    print(f"  full recalculation with the formulas engine:        {best:6.2f} s")
    print(f"  our array calls alone, in Python:                   {ours:6.2f} s")
    print(
        f"  calls of our functions in one recalculation: {sum(calls.values())} "
        f"({len(ARRAYS)} computed columns, one call each, and UNRATED_AGAIN's mark)"
    )
    for name, n in sorted(calls.items()):
        print(f"    {name:<16} {n}")
    print(f"  error values in the evaluated workbook: {len(errors)}")
    return 0 if sum(calls.values()) == len(ARRAYS) + 1 and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
