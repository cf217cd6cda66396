"""The import graph of every module in ``xlfuncs/``: no cycle, and the layers point one way.

The graph is read from the source (``ast``), so it holds every import a module can run:
those at the top and those inside functions (a lazy import still ties the two modules
together; hiding a cycle in a function is still a cycle). Imports under
``if TYPE_CHECKING:`` count too: they never run, so they cannot make an import fail, but a
module that names another's type in its signatures depends on it all the same, and the
layers are meant to point one way for the reader as well as for the interpreter (none is
needed to break a cycle today). ``from pkg import name`` is an edge to the module
``pkg.name`` when there is one, else to the package ``pkg`` itself (its ``__init__``).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "xlfuncs"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _imports(tree: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, at any depth (functions, ``if TYPE_CHECKING:`` blocks)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> Iterator[str]:
    """The modules (of any package, xlfuncs or not) an import statement loads."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield alias.name
        return
    base = node.module or ""
    if node.level:
        package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        base = f"{package}.{base}" if base else package
    for alias in node.names:
        full = f"{base}.{alias.name}"
        yield full if full in MODULES else base


@functools.cache
def _trees() -> dict[str, ast.Module]:
    """Each xlfuncs module's syntax tree, parsed once for the tests that read them (when a
    test first asks, not at collection: under ``pytest -n`` only the worker running this file
    reads them)."""
    return {
        name: ast.parse(path.read_text(encoding="utf-8"), str(path))
        for name, path in MODULES.items()
    }


@functools.cache
def _graph() -> dict[str, set[str]]:
    """Each xlfuncs module's imports: every module name, xlfuncs or not."""
    return {
        name: {t for node in _imports(tree) for t in _targets(name, node)}
        for name, tree in _trees().items()
    }


def _cycle() -> list[str] | None:
    """One import cycle among xlfuncs' modules, as the modules around it, or ``None``."""
    inner = {m: {t for t in targets if t in MODULES and t != m} for m, targets in _graph().items()}
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for t in sorted(inner[m]):
            if state.get(t) == 1:
                return path[path.index(t) :] + [t]
            if t not in state:
                found = visit(t)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(inner):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_the_graph_is_read() -> None:
    # a top-level import, a function-level one and a TYPE_CHECKING-only one are edges
    assert "xlfuncs.core.tournament" in _graph()["xlfuncs.core.norm_field"]
    assert "xlwings" in _graph()["xlfuncs.udfs"]
    assert "xlfuncs.templates.swiss" in _graph()["xlfuncs.filled_chart"]  # in write_chart
    assert "xlfuncs.ratinglist" in _graph()["xlfuncs.trf.to_crosstable"]  # ListExtract, a type


def test_no_import_cycle() -> None:
    cycle = _cycle()
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("module", sorted(m for m in MODULES if m.startswith("xlfuncs.core")))
def test_core_imports_nothing_outside_core(module: str) -> None:
    outside = sorted(
        t for t in _graph()[module] if t.startswith("xlfuncs") and not t.startswith("xlfuncs.core")
    )
    assert outside == [], f"{module} imports {outside}"


def test_only_udfs_imports_xlwings() -> None:
    importing = sorted(
        m for m, targets in _graph().items() if any(t.split(".")[0] == "xlwings" for t in targets)
    )
    assert importing == ["xlfuncs.udfs"]


def test_findings_is_at_the_bottom() -> None:
    # every layer (trf, ratinglist, event, commands) names its findings with it: it may import
    # nothing of the package, else some layer could not
    inside = sorted(t for t in _graph()["xlfuncs.findings"] if t.startswith("xlfuncs"))
    assert inside == []
    users = {m.split(".")[1] for m, targets in _graph().items() if "xlfuncs.findings" in targets}
    assert {"trf", "event", "commands"} <= users


def _package(module: str) -> str:
    """The package a module is in (``xlfuncs.core`` for ``xlfuncs.core.tiebreaks``; a module
    at the top, ``xlfuncs.udfs``, is its own)."""
    parts = module.split(".")
    return ".".join(parts[:2])


def _private_imports(module: str, source: str | ast.Module) -> list[str]:
    """``from M import _name`` in *source* (of *module*: its text or its parsed tree) where M
    is an xlfuncs module of another package than *module*'s: a private name used across
    packages (each package's private names are its own to change)."""
    found = []
    tree = ast.parse(source) if isinstance(source, str) else source
    for node in _imports(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        for alias in node.names:
            if not alias.name.startswith("_") or alias.name.startswith("__"):
                continue
            for target in _targets(module, ast.ImportFrom(node.module, [alias], node.level)):
                if target.startswith("xlfuncs") and _package(target) != _package(module):
                    found.append(f"{module}:{node.lineno} imports {alias.name} from {target}")
    return found


def test_no_private_name_is_imported_from_another_package() -> None:
    found = [line for module, tree in _trees().items() for line in _private_imports(module, tree)]
    assert found == []


def test_private_imports_are_seen() -> None:
    # a private name of another package is found; a public one, or one of the same package,
    # is not
    source = "from ..core.tiebreaks import _hidden, shown\nfrom .parser import _read\n"
    assert _private_imports("xlfuncs.trf.standings", source) == [
        "xlfuncs.trf.standings:1 imports _hidden from xlfuncs.core.tiebreaks"
    ]
