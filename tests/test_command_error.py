"""A command that fails raises :class:`~xlfuncs.commands.support.CommandError`, carrying its
message and exit status; :func:`xlfuncs.cli.main` says the message once and ends with the
status. No function of the commands returns "a value or an exit code"."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.cli import build_parser
from xlfuncs.commands.support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    CommandError,
    read_event,
    read_inputs,
)

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = ROOT / "xlfuncs" / "commands"
KARL_MALA = str(ROOT / "tests" / "data" / "real" / "karl-mala-2005.trf")


def test_a_missing_file_is_a_data_error_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "missing.trf"
    args = build_parser().parse_args(["report", str(missing)])
    with pytest.raises(CommandError) as raised:
        read_inputs(args)
    assert raised.value.status == EXIT_DATA_ERROR == 1
    assert raised.value.message == f"cannot read {missing}: no such file"


def test_an_unknown_edition_is_a_usage_error() -> None:
    args = build_parser().parse_args(["report", KARL_MALA, "--rules", "1999"])
    with pytest.raises(CommandError) as raised:
        read_event(args)
    assert raised.value.status == EXIT_USAGE == 2
    assert raised.value.message.startswith("--rules: ")


def test_the_message_is_said_once_with_its_status(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "missing.trf"
    for command in ("report", "check", "norms"):
        code, out, err = run(capsys, command, str(missing))
        assert (code, out) == (1, "")
        assert err == f"xlfuncs: error: cannot read {missing}: no such file\n", command


def _value_or_code(path: Path) -> list[str]:
    """The functions of *path* annotated to return something ``| int``: a value or an exit
    code."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef) and node.returns is not None:
            returns = node.returns
            if (
                isinstance(returns, ast.BinOp)
                and isinstance(returns.right, ast.Name)
                and returns.right.id == "int"
            ):
                found.append(f"{path.name}:{node.lineno} {node.name}")
    return found


def test_no_command_function_returns_a_value_or_an_exit_code() -> None:
    found = [f for path in sorted(COMMANDS.glob("*.py")) for f in _value_or_code(path)]
    assert found == []
