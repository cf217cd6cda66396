"""Running the ``xlfuncs`` command in process, for the command-line tests."""

from __future__ import annotations

import pytest

from xlfuncs.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``xlfuncs ARGV...`` in this process: its exit status, standard output and error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err
