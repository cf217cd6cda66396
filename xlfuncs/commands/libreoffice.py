"""``xlfuncs libreoffice``: the Excel functions as a LibreOffice Calc add-in,
``xlfuncs.oxt``, written to a folder."""

from __future__ import annotations

import argparse

from .options import CommandHelp, add_force, add_output_folder
from .support import write_to_folder

__all__ = ["HELP", "add_arguments", "run"]


HELP = CommandHelp(
    "libreoffice",
    summary="write xlfuncs.oxt, the functions as a LibreOffice Calc add-in",
    description="""\
Write xlfuncs.oxt: every xlfuncs function as a LibreOffice Calc add-in
function, with the same names, arguments and help. Install it with Tools >
Extension Manager > Add, or `unopkg add xlfuncs.oxt`, then restart LibreOffice.""",
)


def add_arguments(command: argparse.ArgumentParser) -> None:
    """Add ``libreoffice``'s options to its parser."""
    add_output_folder(command, "libreoffice")
    command.add_argument(
        "--templates",
        action="store_true",
        help="also write the blank templates (round_robin.xlsx, swiss.xlsx ...) in the form "
        "Calc binds to the add-in's functions",
    )
    add_force(command, "xlfuncs.oxt (and the templates) already in DIR")


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs libreoffice``."""
    from pathlib import Path

    from ..libreoffice.form import write_calc_templates
    from ..libreoffice.package import OXT_NAME, AddinError, write_oxt
    from ..templates.registry import TEMPLATES

    templates = list(TEMPLATES) if args.templates else []

    def write(folder: Path) -> list[Path]:
        oxt = write_oxt(folder)
        return [oxt, *write_calc_templates(folder)] if templates else [oxt]

    files = {OXT_NAME: "add-in", **dict.fromkeys(templates, "template")}
    hint = (
        "Install it in LibreOffice with Tools > Extension Manager > Add (or `unopkg add "
        "{first}`), then restart LibreOffice."
    )
    return write_to_folder(args, OXT_NAME, files, write, hint, (AddinError,))
