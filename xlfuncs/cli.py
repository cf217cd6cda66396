"""The ``xlfuncs`` command: the parser built from the command modules of
:mod:`xlfuncs.commands`, and the dispatch to the one named. The signals are handled before
anything else is imported (:mod:`xlfuncs.interruption`), so that Ctrl-C while the commands
load ends as it does later."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from functools import cache
from typing import TYPE_CHECKING

from .interruption import HELP as INTERRUPTION_HELP
from .interruption import run_handled

if TYPE_CHECKING:
    import argparse

__all__ = ["build_parser", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``xlfuncs`` command: a parser per command of
    :data:`~xlfuncs.commands.COMMANDS` from its ``HELP`` and ``add_arguments``, its help
    ended with the exit statuses of an interruption."""
    import argparse

    from . import __version__
    from .commands import COMMANDS

    parser = argparse.ArgumentParser(
        prog="xlfuncs",
        description="FIDE rating maths for arbiters: Excel functions, "
        "templates and tournament reports.",
    )
    parser.add_argument("--version", action="version", version=f"xlfuncs {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        said = command.HELP
        added = sub.add_parser(
            said.name,
            help=said.summary,
            description=said.description,
            epilog=f"{said.epilog}\n\n{INTERRUPTION_HELP}.",
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        command.add_arguments(added)
    return parser


@cache
def _parser() -> argparse.ArgumentParser:
    """The parser of :func:`build_parser`, built once per process."""
    return build_parser()


def _command_run(name: str) -> Callable[[argparse.Namespace], int]:
    """The ``run`` of the command called *name*, looked up at each call."""
    from .commands import COMMANDS

    return next(command.run for command in COMMANDS if command.HELP.name == name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line *argv* (``None``: ``sys.argv``); the exit code. SIGINT and
    SIGTERM are handled over the run (with ``argv`` ``None``, until the process exits); a
    :class:`~xlfuncs.commands.support.CommandError` is said here, its status the exit code."""
    return run_handled(lambda: _main(argv), until_exit=argv is None)


def _main(argv: Sequence[str] | None) -> int:
    import io

    from .commands.support import EXIT_DATA_ERROR, CommandError, no_cycle_collection, say

    args = _parser().parse_args(argv)
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")  # names a console cannot show
    try:
        with no_cycle_collection():
            try:
                code = _command_run(args.command)(args)
            except CommandError as exc:
                say("error", exc.message)
                code = exc.status
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (head, less) stopped reading
        _stdout_to_devnull()
        return EXIT_DATA_ERROR
    except OSError as exc:  # standard output on a full disk (> /dev/full), a lost terminal
        _stdout_to_devnull()
        say("error", f"cannot write the output: {exc.strerror or exc}")
        return EXIT_DATA_ERROR
    return code


def _stdout_to_devnull() -> None:
    """Point standard output at the null device, so that its buffer does not fail again when
    Python exits."""
    import os

    try:
        fd = sys.stdout.fileno()
    except (OSError, ValueError):  # not a file (captured, replaced)
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
