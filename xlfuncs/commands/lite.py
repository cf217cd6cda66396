"""``xlfuncs lite``: the functions and the core as one main.py (and requirements.txt) for
xlwings Lite, written to a folder or stored in a workbook."""

from __future__ import annotations

import argparse
import sys

from .options import add_force
from .support import EXIT_DATA_ERROR, EXIT_USAGE, error, exit_status_epilog

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``lite`` to the ``xlfuncs`` command's subparsers."""
    lite = sub.add_parser(
        "lite",
        help="write main.py and requirements.txt for xlwings Lite",
        description="Write a self-contained main.py (the functions and the core, importing\n"
        "only xlwings and the standard library) and requirements.txt, to paste into xlwings\n"
        "Lite (Excel on Windows, Mac and the web), or store them in a workbook (--into),\n"
        "where Lite finds them when the workbook opens.",
        epilog=exit_status_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    where = lite.add_mutually_exclusive_group()
    where.add_argument(
        "-o", "--output", metavar="DIR", default="lite", help="folder to write to (default: lite)"
    )
    where.add_argument(
        "--into",
        metavar="BOOK",
        help="store them in this workbook (.xlsx/.xlsm) instead, where xlwings Lite keeps them",
    )
    add_force(lite, "main.py and requirements.txt already in DIR")
    return lite


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs lite``."""
    from ..lite import bundle_files, main_lite
    from ..output import OutputError, vet_book, vet_file, vet_folder, vet_folder_name

    if args.into is not None:  # a workbook that exists: its reader checks what it holds
        from ..lite_workbook import WorkbookError, main_into

        try:
            print(main_into(vet_book(args.into)))
        except (OutputError, WorkbookError) as exc:
            error(str(exc))
            return EXIT_DATA_ERROR
        except OSError as exc:
            error(f"{args.into}: {exc.strerror or exc}")
            return EXIT_DATA_ERROR
        print(
            "Open it with the xlwings Lite add-in: the functions need no pasting.", file=sys.stderr
        )
        return 0
    try:
        vet_folder_name(args.output, option="-o", what="main.py and requirements.txt")
    except OutputError as exc:
        error(str(exc))
        return EXIT_USAGE
    try:
        folder = vet_folder(args.output)
        for name in bundle_files():
            vet_file(folder / name, force=args.force, what="file")
        written = main_lite(folder)
    except OutputError as exc:
        error(str(exc))
        return EXIT_DATA_ERROR
    except OSError as exc:
        error(f"cannot write to {args.output}: {exc.strerror or exc}")
        return EXIT_DATA_ERROR
    for path in written:
        print(path)
    print(
        "Paste main.py and requirements.txt into the xlwings Lite editor, then restart "
        "Python there.",
        file=sys.stderr,
    )
    return 0
