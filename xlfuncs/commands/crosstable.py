"""``xlfuncs crosstable``: a TRF file filled into the round-robin template or the Swiss wall
chart, formulas live and their values stored."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .options import (
    CommandHelp,
    add_force,
    add_tiebreak_options,
    add_trf_options,
    refuse_norm_event_options,
)
from .support import (
    EXIT_DATA_ERROR,
    failing,
    print_findings,
    read_event,
    vet_outputs,
)

if TYPE_CHECKING:
    from ..parallel import Answer
    from ..templates.common import LitePackage

__all__ = ["HELP", "add_arguments", "run"]


HELP = CommandHelp(
    "crosstable",
    summary="fill a crosstable workbook from a TRF file",
    description="""\
Fill the round-robin template (when every player met every other) or the
Swiss wall chart from a TRF file. Formulas stay live, and every formula cell also
carries its computed value, so the workbook reads correctly where the functions
are not installed.""",
)


def add_arguments(crosstable: argparse.ArgumentParser) -> None:
    """Add ``crosstable``'s options to its parser."""
    add_trf_options(crosstable)
    crosstable.add_argument(
        "-o", "--output", metavar="OUT.xlsx", required=True, help="the workbook to write"
    )
    crosstable.add_argument(
        "--for",
        dest="form",
        choices=("lite", "classic", "libreoffice", "both"),
        default="lite",
        help="lite (default): for xlwings Lite, its code stored in the workbook and the "
        "calls stored as Excel binds Lite's functions; classic: plain function names, for "
        "classic xlwings (save as .xlsm, import the functions); libreoffice: for "
        "LibreOffice Calc with the xlfuncs add-in (xlfuncs libreoffice), the calls stored "
        "as Calc binds them; both: OUT.xlsx for Lite and OUT_classic.xlsx beside it",
    )
    add_force(crosstable, "OUT.xlsx if it exists")
    add_tiebreak_options(
        crosstable,
        koya_refused="the workbook's tie-break functions compute Koya from the results in "
        "its sheets; use it with report or check",
    )
    refuse_norm_event_options(
        crosstable,
        "the chart's live NORM_ALL formulas read the crosstable alone (no event type, "
        "registration, chief arbiter or host federation); use norms",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs crosstable``."""
    from ..filled_chart import FORMS, lite_code_ahead

    # before the work: the output must not be the input, nor replace a file unasked
    forms = FORMS[:2] if args.form == "both" else (args.form,)
    paths = [args.output if f == forms[0] else classic_path(args.output) for f in forms]
    vet_outputs(paths, force=args.force, inputs=(args.file, args.k_file, args.rating_list))
    # the Lite code gathered by a second process while this one reads the event
    lite = lite_code_ahead() if "lite" in forms else None
    try:
        return _fill(args, forms, paths, lite)
    finally:
        if lite is not None:
            lite.discard()  # not used (an error): the second process stopped


def _fill(
    args: argparse.Namespace,
    forms: tuple[str, ...],
    paths: list[str],
    lite: Answer[LitePackage] | None,
) -> int:
    """Read the event and write its workbooks (*paths*, one per form of *forms*)."""
    from ..core import XlfuncsError
    from ..event import analyse_event
    from ..filled_chart import event_from_trf, write_chart
    from ..output import OutputError, written_together
    from ..progress import ProgressBar, scaled
    from ..text_output import counted
    from ..trf import TrfError

    tournament, options = read_event(args)
    bar = ProgressBar(counted(len(tournament.players), "player"))
    failures = (XlfuncsError, OutputError, TrfError)
    with failing(EXIT_DATA_ERROR, *failures), bar, written_together():  # --for both: both or none
        bar("reading the results", 0.0)
        filled = event_from_trf(analyse_event(tournament, options))
        written = [
            write_chart(
                filled,
                path,
                progress=scaled(bar, 0.1, 1.0),
                form=form,
                lite=lite if form == "lite" else None,
            )
            for form, path in zip(forms, paths, strict=True)
        ]
    print_findings(filled.warnings, filled.discrepancies, verbose=args.verbose)
    kind = "round-robin crosstable" if filled.round_robin else "Swiss wall chart"
    for target, form in zip(written, forms, strict=True):
        route = {"lite": "xlwings Lite", "libreoffice": "LibreOffice Calc"}.get(
            form, "classic xlwings"
        )
        print(
            f"wrote {target} ({kind}, {len(filled.event.players)} players, "
            f"rules {filled.event.rules}; for {route})"
        )
    return 0


def classic_path(path: str) -> str:
    """Where ``--for both`` writes the classic workbook: beside *path*, its name ending
    ``_classic`` (``event.xlsx`` -> ``event_classic.xlsx``)."""
    from pathlib import Path

    given = Path(path)
    return str(given.with_name(f"{given.stem}_classic{given.suffix}"))
