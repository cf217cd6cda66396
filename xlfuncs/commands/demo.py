"""``xlfuncs demo``: the Excel functions on the README's worked examples, then the report of
the two built-in example tournaments and their filled workbooks."""

from __future__ import annotations

import argparse
import sys

from .options import CommandHelp, add_force, add_output_folder
from .support import EXIT_DATA_ERROR, EXIT_USAGE, failing

__all__ = ["DEMO_FILES", "HELP", "add_arguments", "run"]


HELP = CommandHelp(
    "demo",
    summary="run the built-in example: reports and filled workbooks",
    description="""\
Run the built-in example: the Excel functions on worked examples, then
the report of two example tournaments written for this project (fictional players;
a round robin and a Swiss with unrated players, forfeits and byes), and write their
filled workbooks.""",
)


def add_arguments(demo: argparse.ArgumentParser) -> None:
    """Add ``demo``'s options to its parser."""
    add_output_folder(demo, "xlfuncs-demo", "folder for the workbooks")
    add_force(demo, "workbooks already in the folder")


DEMO_FILES = ("demo_round_robin.trf", "demo_swiss.trf")
"""The built-in example tournaments (fictional players), in ``xlfuncs/data``."""


def _demo_functions() -> list[tuple[str, object]]:
    """The worked examples of the README, computed through the Excel functions."""
    from ..excel import functions as udfs

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
        (
            "=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2022, FALSE)",
            udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2022", False),
        ),
        (
            "=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2022)",
            udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2022"),
        ),
        (
            "=ELO_CHANGE(2000, <7 opponents>, <5½ points>, 20, 2025)",
            udfs.ELO_CHANGE(2000.0, uplift, results, 20.0, "2025"),
        ),
        (
            "=K_FACTOR(2250, 80, 2008, FALSE, DATE(2026,11,30))",
            udfs.K_FACTOR(2250.0, 80.0, 2008.0, False, "2026-11-30"),
        ),
        (
            '=BLOQUE({1900;1950;2000;2050;2100}, 3, "swiss", 2022)',
            udfs.BLOQUE(first, 3.0, "swiss", "2022"),
        ),
        (
            '=BLOQUE({1900;1950;2000;2050;2100}, 3, "swiss", 2025)',
            udfs.BLOQUE(first, 3.0, "swiss", "2025"),
        ),
        ("=RP_EXACT({2400;2500;2600}, 3)", udfs.RP_EXACT(opponents, 3.0)),
        (
            '=EXPLAIN_ERROR("RP_EXACT", {2400;2500;2600}, 3)',
            udfs.EXPLAIN_ERROR("RP_EXACT", opponents, 3.0),
        ),
    ]


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs demo``."""
    from importlib.resources import as_file, files

    from ..filled_chart import event_from_trf, write_chart
    from ..output import OutputError, vet_file, vet_folder, vet_folder_name
    from ..report import build_report, render_text
    from ..trf import read_trf

    with failing(EXIT_USAGE, OutputError):
        vet_folder_name(args.output, option="-o", what="the demo's workbooks")
    with failing(EXIT_DATA_ERROR, OutputError):  # every path, before anything is written
        out_dir = vet_folder(args.output, what="demo folder")
        targets = [
            vet_file(out_dir / name.replace(".trf", ".xlsx"), force=args.force, what="workbook")
            for name in DEMO_FILES
        ]
    print("== The Excel functions on worked examples")
    rows = _demo_functions()
    width = max(len(formula) for formula, _ in rows)
    for formula, value in rows:
        print(f"{formula:<{width}}  ->  {value}")
    for name, target in zip(DEMO_FILES, targets):
        with as_file(files("xlfuncs") / "data" / name) as trf_path:
            tournament = read_trf(trf_path)
        print(f"\n== {name}: xlfuncs report\n")
        sys.stdout.write(render_text(build_report(tournament)))
        filled = event_from_trf(tournament)
        with failing(EXIT_DATA_ERROR, OutputError):
            write_chart(filled, target)
        kind = "round-robin crosstable" if filled.round_robin else "Swiss wall chart"
        print(f"\nwrote {target} ({kind})")
    return 0
