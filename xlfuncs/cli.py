"""The ``xlfuncs`` command. The library never imports this module."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__

__all__ = ["main"]


def _demo_functions() -> list[tuple[str, object]]:
    """The worked examples of the README, computed through the Excel functions."""
    from . import udfs

    opponents = [[2400.0], [2500.0], [2600.0]]
    seed = [[1851.0], [2457.0], [1989.0], [2379.0], [2407.0]]
    uplift = [[1063.0], [1299.0], [1413.0], [1872.0], [1851.0], [1427.0], [1682.0]]
    results = [[1.0], [1.0], [1.0], ["½"], [0.0], [1.0], [1.0]]
    first = [[1900.0], [1950.0], [2000.0], [2050.0], [2100.0]]
    return [
        ("=RP_EXACT({1851;2457;1989;2379;2407}, 4)", udfs.RP_EXACT(seed, 4.0)),
        ("=RP_EXACT({2400;2500;2600}, 2.5)", udfs.RP_EXACT(opponents, 2.5)),
        ("=RP_FIDE({2400;2500;2600}, 2.5)", udfs.RP_FIDE(opponents, 2.5)),
        ("=RP_LINEAR({2400;2500;2600}, 2.5)", udfs.RP_LINEAR(opponents, 2.5)),
        ("=RP_PTP({2400;2500;2600}, 2.5)", udfs.RP_PTP(opponents, 2.5)),
        ("=DP_LOOKUP(0.83)", udfs.DP_LOOKUP(0.83)),
        ("=PD_LOOKUP(400)", udfs.PD_LOOKUP(400.0)),
        ("=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2022, FALSE)",
         udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2022", False)),
        ("=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2022)",
         udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2022")),
        ("=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2025)",
         udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2025")),
        ("=K_FACTOR(2250, 80, 2008, FALSE, DATE(2026,11,30))",
         udfs.K_FACTOR(2250.0, 80.0, 2008.0, False, "2026-11-30")),
        ("=BLOQUE({1900;1950;2000;2050;2100}, 3, \"swiss\", 2022)",
         udfs.BLOQUE(first, 3.0, "swiss", "2022")),
        ("=BLOQUE({1900;1950;2000;2050;2100}, 3, \"swiss\", 2025)",
         udfs.BLOQUE(first, 3.0, "swiss", "2025")),
        ("=RP_EXACT({2400;2500;2600}, 3)", udfs.RP_EXACT(opponents, 3.0)),
        ("=EXPLAIN_ERROR(\"RP_EXACT\", {2400;2500;2600}, 3)",
         udfs.EXPLAIN_ERROR("RP_EXACT", opponents, 3.0)),
    ]


def _cmd_demo(args: argparse.Namespace) -> int:
    rows = _demo_functions()
    width = max(len(formula) for formula, _ in rows)
    for formula, value in rows:
        print(f"{formula:<{width}}  ->  {value}")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``xlfuncs`` command."""
    parser = argparse.ArgumentParser(
        prog="xlfuncs", description="FIDE rating maths for arbiters: Excel functions, "
        "templates and tournament reports.")
    parser.add_argument("--version", action="version", version=f"xlfuncs {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = sub.add_parser("demo", help="run the built-in example and print the results")
    demo.set_defaults(run=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except KeyboardInterrupt:
        print("xlfuncs: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
