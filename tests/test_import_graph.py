"""The import graph of every module in ``xlfuncs/``: no cycle, and the layers point one way.

The graph is read from the source (``ast``), so it holds every import a module can run:
those at the top and those inside functions (a lazy import still ties the two modules
together; hiding a cycle in a function is still a cycle). Imports under
``if TYPE_CHECKING:`` count too: they never run, so they cannot make an import fail, but a
module that names another's type in its signatures depends on it all the same, and the
layers are meant to point one way for the reader as well as for the interpreter (none is
needed to break a cycle today). ``from pkg import name`` is an edge to the module
``pkg.name`` when there is one, else to the package ``pkg`` itself (its ``__init__``).

Two rules keep what modules hand each other plain: no private name is imported from another
package, and no public signature or field is typed ``dict[str, Any]`` or
``Mapping[str, Any]`` (the type says what the value holds).
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Collection, Iterator
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


_DICTS = {"dict", "Dict", "Mapping", "MutableMapping"}


def _last_name(node: ast.AST) -> str | None:
    """The name *node* ends with: ``Any`` of ``Any`` and of ``typing.Any``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return None


def _is_any_dict(node: ast.AST) -> bool:
    """Whether *node* is ``dict[str, Any]`` or ``Mapping[str, Any]`` (``Dict``,
    ``MutableMapping``, ``typing.Any`` alike)."""
    return (
        isinstance(node, ast.Subscript)
        and _last_name(node.value) in _DICTS
        and isinstance(node.slice, ast.Tuple)
        and len(node.slice.elts) == 2
        and _last_name(node.slice.elts[0]) == "str"
        and _last_name(node.slice.elts[1]) == "Any"
    )


def _holds_any_dict(annotation: ast.expr, aliases: Collection[str]) -> bool:
    """Whether *annotation* is or holds (``X | None``, ``list[X]``, a quoted annotation) a
    ``dict[str, Any]``, a ``Mapping[str, Any]`` or one of their *aliases*."""
    for node in ast.walk(annotation):
        if _is_any_dict(node) or _last_name(node) in aliases:
            return True
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            try:
                quoted = ast.parse(node.value, mode="eval").body
            except SyntaxError:
                continue
            if _holds_any_dict(quoted, aliases):
                return True
    return False


def _any_dict_aliases(tree: ast.Module) -> Iterator[str]:
    """The names *tree* defines at its top as an alias of ``dict[str, Any]`` or
    ``Mapping[str, Any]`` (``Name = dict[str, Any]``, ``Name: TypeAlias = ...``)."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and _last_name(node.annotation) == "TypeAlias":
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name) and value is not None and _is_any_dict(value):
            yield target.id


def _public_annotations(tree: ast.Module) -> Iterator[tuple[str, int, ast.expr]]:
    """(qualified name, line, annotation) of every annotation of a public function or method
    (its parameters and return; a dunder such as ``__init__`` is public) and of every field of
    a public class, at any depth of public classes."""

    def public(name: str) -> bool:
        return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))

    def walk(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, int, ast.expr]]:
        for node in body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and public(node.name):
                a = node.args
                params = [*a.posonlyargs, *a.args, *a.kwonlyargs, a.vararg, a.kwarg]
                for p in params:
                    if p is not None and p.annotation is not None:
                        yield f"{prefix}{node.name}", node.lineno, p.annotation
                if node.returns is not None:
                    yield f"{prefix}{node.name}", node.lineno, node.returns
            elif isinstance(node, ast.ClassDef) and public(node.name):
                for field in node.body:
                    if (
                        isinstance(field, ast.AnnAssign)
                        and isinstance(field.target, ast.Name)
                        and public(field.target.id)
                    ):
                        name = f"{prefix}{node.name}.{field.target.id}"
                        yield name, field.lineno, field.annotation
                yield from walk(node.body, f"{prefix}{node.name}.")

    return walk(tree.body, "")


ANY_DICTS_ALLOWED = {
    "XlsxOptions": "options handed as they are to XlsxWriter, whose API takes a dict: their "
    "keys and values are XlsxWriter's",
    "Fingerprint": "a workbook's content as nested plain data, read only by compare() in its "
    "own module: to every other module it is one opaque value",
}
"""The aliases of ``dict[str, Any]``/``Mapping[str, Any]`` a public signature may name, and
why each is one."""

ANY_DICT_SIGNATURES_ALLOWED: dict[str, str] = {}
"""The public signatures still holding ``dict[str, Any]``, by qualified name, and why."""


def _any_dict_signatures(trees: dict[str, ast.Module], allowed: Collection[str]) -> dict[str, int]:
    """Each public signature or field in *trees* (module name -> tree) an annotation of which
    is or holds ``dict[str, Any]``/``Mapping[str, Any]`` or an alias of one not in
    *allowed*: its qualified name (``xlfuncs.m.Row.__init__``) and line."""
    aliases = {a for tree in trees.values() for a in _any_dict_aliases(tree)} - set(allowed)
    return {
        f"{module}.{name}": line
        for module, tree in trees.items()
        for name, line, annotation in _public_annotations(tree)
        if _holds_any_dict(annotation, aliases)
    }


def test_no_public_signature_hands_on_a_dict_of_any() -> None:
    # what a module hands another has a type that says what it holds: a dataclass or
    # NamedTuple for fixed keys, dict[str, JsonValue] for JSON, a named alias for a
    # library's own options
    found = _any_dict_signatures(_trees(), ANY_DICTS_ALLOWED)
    assert {n: line for n, line in found.items() if n not in ANY_DICT_SIGNATURES_ALLOWED} == {}
    # every exception is still needed, and every allowed alias is still defined as one
    assert set(found) == set(ANY_DICT_SIGNATURES_ALLOWED)
    defined = {a for tree in _trees().values() for a in _any_dict_aliases(tree)}
    assert set(ANY_DICTS_ALLOWED) <= defined


def test_dicts_of_any_are_seen() -> None:
    # in parameters, returns, fields of a public class, behind `| None`, a quoted annotation
    # and an alias; not in a private function, a private class or an allowed alias
    source = (
        "from typing import Any, Mapping\n"
        "Options = dict[str, Any]\n"
        "Allowed = Mapping[str, Any]\n"
        "def f(a: int, b: dict[str, Any]) -> None: ...\n"
        "def g() -> 'typing.Mapping[str, typing.Any] | None': ...\n"
        "def h(*, o: Options) -> list[int]: ...\n"
        "def k(o: Allowed) -> dict[str, int]: ...\n"
        "def _private(o: dict[str, Any]) -> None: ...\n"
        "class Row:\n"
        "    extra: Mapping[str, Any]\n"
        "    def __init__(self, x: dict[str, Any] | None) -> None: ...\n"
        "    def _hidden(self) -> dict[str, Any]: ...\n"
        "class _Private:\n"
        "    def shown(self) -> dict[str, Any]: ...\n"
    )
    trees = {"xlfuncs.m": ast.parse(source)}
    assert _any_dict_signatures(trees, {"Allowed"}) == {
        "xlfuncs.m.f": 4,
        "xlfuncs.m.g": 5,
        "xlfuncs.m.h": 6,
        "xlfuncs.m.Row.extra": 10,
        "xlfuncs.m.Row.__init__": 11,
    }
