"""``xlfuncs libreoffice``: the Excel functions as a LibreOffice Calc add-in,
``xlfuncs.oxt``, written to a folder."""

from __future__ import annotations

import argparse
import sys

from .options import add_force
from .support import EXIT_DATA_ERROR, EXIT_USAGE, error, exit_status_epilog

__all__ = ["add_parser", "run"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``libreoffice`` to the ``xlfuncs`` command's subparsers."""
    command = sub.add_parser(
        "libreoffice",
        help="write xlfuncs.oxt, the functions as a LibreOffice Calc add-in",
        description="Write xlfuncs.oxt: every xlfuncs function as a LibreOffice Calc add-in\n"
        "function, with the same names, arguments and help. Install it with Tools >\n"
        "Extension Manager > Add, or `unopkg add xlfuncs.oxt`, then restart LibreOffice.",
        epilog=exit_status_epilog(),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    command.add_argument(
        "-o",
        "--output",
        metavar="DIR",
        default="libreoffice",
        help="folder to write to (default: libreoffice)",
    )
    command.add_argument(
        "--templates",
        action="store_true",
        help="also write the blank templates (round_robin.xlsx, swiss.xlsx ...) in the form "
        "Calc binds to the add-in's functions",
    )
    add_force(command, "xlfuncs.oxt (and the templates) already in DIR")
    return command


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs libreoffice``."""
    from ..libreoffice.form import write_calc_templates
    from ..libreoffice.package import OXT_NAME, AddinError, write_oxt
    from ..output import OutputError, vet_file, vet_folder, vet_folder_name
    from ..templates.registry import TEMPLATES

    try:
        vet_folder_name(args.output, option="-o", what=OXT_NAME)
    except OutputError as exc:
        error(str(exc))
        return EXIT_USAGE
    try:
        folder = vet_folder(args.output)
        vet_file(folder / OXT_NAME, force=args.force, what="add-in")
        templates = list(TEMPLATES) if args.templates else []
        for name in templates:
            vet_file(folder / name, force=args.force, what="template")
        written = [write_oxt(folder)]
        if templates:
            written += write_calc_templates(folder)
    except (OutputError, AddinError) as exc:
        error(str(exc))
        return EXIT_DATA_ERROR
    except OSError as exc:
        error(f"cannot write to {args.output}: {exc.strerror or exc}")
        return EXIT_DATA_ERROR
    for path in written:
        print(path)
    print(
        "Install it in LibreOffice with Tools > Extension Manager > Add (or `unopkg add "
        f"{written[0]}`), then restart LibreOffice.",
        file=sys.stderr,
    )
    return 0
