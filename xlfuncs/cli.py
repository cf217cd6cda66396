"""The ``xlfuncs`` command: the parser built from the command modules of
:mod:`xlfuncs.commands`, and the dispatch to the one named. The library never imports this
module."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence

from . import __version__
from .commands import COMMANDS
from .commands.support import EXIT_DATA_ERROR, no_cycle_collection

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``xlfuncs`` command: every command of
    :data:`~xlfuncs.commands.COMMANDS`, its ``run`` as the parsed arguments' ``run``."""
    parser = argparse.ArgumentParser(
        prog="xlfuncs",
        description="FIDE rating maths for arbiters: Excel functions, "
        "templates and tournament reports.",
    )
    parser.add_argument("--version", action="version", version=f"xlfuncs {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command.add_parser(sub).set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code. Every command runs with the cycle
    collector paused (:func:`~xlfuncs.commands.support.no_cycle_collection`)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")  # names a console cannot show
    try:
        with no_cycle_collection():
            code: int = args.run(args)
        sys.stdout.flush()
    except KeyboardInterrupt:
        print("xlfuncs: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader (head, less) stopped reading
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_DATA_ERROR
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
