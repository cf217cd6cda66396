"""The ``xlfuncs`` commands, one module each, in the order ``xlfuncs --help`` lists them
(:data:`COMMANDS`). Every command module declares the same three things: ``HELP``, what the
help says of it (:class:`~.options.CommandHelp`); ``add_arguments(parser)``, which adds its
options to its parser; ``run(args)``, which runs it and returns the exit code.
:mod:`.options` holds the options several commands share, :mod:`.support` what they share
when they run. :mod:`xlfuncs.cli` builds the parser from :data:`COMMANDS` and dispatches.
The library never imports this package."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Protocol

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

if TYPE_CHECKING:
    from .options import CommandHelp

__all__ = ["COMMANDS", "Command"]


class Command(Protocol):
    """What every command module provides."""

    HELP: CommandHelp
    """What the help says of the command."""

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the command's options to its *parser*."""
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
