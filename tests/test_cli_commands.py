"""The shape of the ``xlfuncs`` command: one module per command with the same two functions,
the library never importing the command line, and every command run with the cycle
collector paused (the pause changes the time, never the output)."""

from __future__ import annotations

import argparse
import ast
import gc
from pathlib import Path

import pytest

import xlfuncs
from xlfuncs import cli
from xlfuncs.commands import COMMANDS

PACKAGE = Path(xlfuncs.__file__).parent
CLI_MODULES = {"xlfuncs.cli", "xlfuncs.__main__"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module *path* imports, relative imports resolved (``from . import x``: both the
    package and ``package.x``)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{a.name}" for a in node.names)
    return found


def _is_cli(module: str) -> bool:
    return (
        module in CLI_MODULES
        or module == "xlfuncs.commands"
        or module.startswith("xlfuncs.commands.")
    )


def test_the_library_never_imports_the_command_line() -> None:
    library = [p for p in PACKAGE.rglob("*.py") if not _is_cli(_module_name(p))]
    assert len(library) > 50
    for path in library:
        assert not {m for m in _imports(path) if _is_cli(m)}, path


def test_every_command_is_one_module_declaring_help_add_arguments_and_run() -> None:
    names = [c.__name__.rpartition(".")[2] for c in COMMANDS]  # type: ignore[attr-defined]
    assert names == [
        "demo",
        "report",
        "crosstable",
        "templates",
        "cache",
        "norms",
        "title",
        "lite",
        "libreoffice",
        "period",
        "check",
    ]
    parser = cli.build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    assert list(sub.choices) == names
    for command, name in zip(COMMANDS, names):
        assert cli._command_run(name) is command.run
        assert command.HELP.name == name
        assert sub.choices[name].description == command.HELP.description


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.__name__)
def test_every_command_runs_with_the_cycle_collector_paused(
    command: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []

    def run(args: argparse.Namespace) -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(command, "run", run)
    argv = {
        "xlfuncs.commands.report": ["report", "x.trf"],
        "xlfuncs.commands.crosstable": ["crosstable", "x.trf", "-o", "x.xlsx"],
        "xlfuncs.commands.norms": ["norms", "x.trf"],
        "xlfuncs.commands.title": ["title", "x.trf", "--fide-id", "1", "--title", "GM"],
        "xlfuncs.commands.period": ["period", "x.trf"],
        "xlfuncs.commands.check": ["check", "x.trf"],
    }.get(command.__name__, [command.__name__.rpartition(".")[2]])  # type: ignore[attr-defined]
    assert gc.isenabled()
    assert cli.main(argv) == 0
    assert seen == [False]
    assert gc.isenabled()  # restored after the run
