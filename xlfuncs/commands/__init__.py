"""The ``xlfuncs`` commands, one module each (:class:`Command`), in the order ``xlfuncs
--help`` lists them (:data:`COMMANDS`). :mod:`.options` holds the options several commands
share, :mod:`.support` what they share when they run. The library never imports this
package."""

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

    def add_arguments(self, parser: argparse.ArgumentParser) -> None:
        """Add the command's options to its *parser*."""

    def run(self, args: argparse.Namespace) -> int:
        """Run the command on the parsed *args*; the exit code."""


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
