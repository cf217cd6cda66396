"""The ``xlfuncs`` commands, one module each, in the order ``xlfuncs --help`` lists them
(:data:`COMMANDS`). Every command module has the same two functions: ``add_parser(sub)`` adds
the command and its options to the subparsers and returns its parser, ``run(args)`` runs it
and returns the exit code. :mod:`.options` holds the options several commands share,
:mod:`.support` what they share when they run. :mod:`xlfuncs.cli` builds the parser from
:data:`COMMANDS` and dispatches. The library never imports this package."""

from __future__ import annotations

import argparse
from typing import Protocol

from . import (
    cache,
    check,
    crosstable,
    demo,
    libreoffice,
    lite,
    norms,
    period,
    report,
    templates,
    title,
)

__all__ = ["COMMANDS", "Command"]


class Command(Protocol):
    """What every command module provides."""

    def add_parser(
        self, sub: argparse._SubParsersAction[argparse.ArgumentParser]
    ) -> argparse.ArgumentParser:
        """Add the command to *sub*; its parser."""
        ...

    def run(self, args: argparse.Namespace) -> int:
        """Run the command on the parsed *args*; the exit code."""
        ...


COMMANDS: tuple[Command, ...] = (
    demo,
    report,
    crosstable,
    templates,
    cache,
    norms,
    title,
    lite,
    libreoffice,
    period,
    check,
)
"""Every command module, in the order of ``xlfuncs --help``."""
