"""``xlfuncs lite``: the functions and the core as one main.py (and requirements.txt) for
xlwings Lite, written to a folder or stored in a workbook."""

from __future__ import annotations

import argparse
import sys

from .options import CommandHelp, add_force, add_output_folder
from .support import EXIT_DATA_ERROR, CommandError, write_to_folder

__all__ = ["HELP", "add_arguments", "run"]


HELP = CommandHelp(
    "lite",
    summary="write main.py and requirements.txt for xlwings Lite",
    description="""\
Write a self-contained main.py (the functions and the core, importing
only xlwings and the standard library) and requirements.txt, to paste into xlwings
Lite (Excel on Windows, Mac and the web), or store them in a workbook (--into),
where Lite finds them when the workbook opens.""",
)


def add_arguments(lite: argparse.ArgumentParser) -> None:
    """Add ``lite``'s options to its parser."""
    where = lite.add_mutually_exclusive_group()
    add_output_folder(where, "lite")
    where.add_argument(
        "--into",
        metavar="BOOK",
        help="store them in this workbook (.xlsx/.xlsm) instead, where xlwings Lite keeps them",
    )
    add_force(lite, "main.py and requirements.txt already in DIR")


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs lite``."""
    from ..lite import bundle_files, main_lite
    from ..output import OutputError, vet_book

    if args.into is not None:  # a workbook that exists: its reader checks what it holds
        from ..lite_workbook import WorkbookError, main_into

        try:
            print(main_into(vet_book(args.into)))
        except (OutputError, WorkbookError) as exc:
            raise CommandError(str(exc), EXIT_DATA_ERROR) from None
        except OSError as exc:
            raise CommandError(f"{args.into}: {exc.strerror or exc}", EXIT_DATA_ERROR) from None
        print(
            "Open it with the xlwings Lite add-in: the functions need no pasting.", file=sys.stderr
        )
        return 0
    hint = (
        "Paste main.py and requirements.txt into the xlwings Lite editor, then restart "
        "Python there."
    )
    files = dict.fromkeys(bundle_files(), "file")
    return write_to_folder(args, "main.py and requirements.txt", files, main_lite, hint)
