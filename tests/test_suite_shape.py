"""Every test says something: each ``test_*`` function in tests/ asserts, expects an exception
(``pytest.raises``, ``pytest.warns``) or fails explicitly (``pytest.fail``), itself or through a
function of tests/ it calls that does.

A call is followed to a function defined at the top of the same file, imported by name from
another file of tests/ (``from cli_support import run``) or reached through such a module
(``render.print_once``); a call to anything else (the library, the standard library) is not
counted, so a test that only runs code, without looking at what it gave, is listed.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent

CHECKS = frozenset({"raises", "warns", "fail"})
"""``pytest.<name>`` calls that make a test say something."""

Key = tuple[str, str]
"""(module, function) of a function defined at the top of a file of tests/."""

Function = ast.FunctionDef | ast.AsyncFunctionDef


def _checks_itself(function: Function) -> bool:
    """True if *function*'s body (nested functions included) has an ``assert`` or a
    ``pytest.raises`` / ``pytest.warns`` / ``pytest.fail`` call."""
    for node in ast.walk(function):
        if isinstance(node, ast.Assert):
            return True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "pytest"
            and node.func.attr in CHECKS
        ):
            return True
    return False


def _module_scope(module: str, tree: ast.Module, modules: set[str]) -> dict[str, Key]:
    """The names *module* can call a function of tests/ by: its own top-level functions,
    names imported from another file of tests/ (a whole module as ``(name, "")``)."""
    scope: dict[str, Key] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            scope[node.name] = (module, node.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module in modules:
            for alias in node.names:
                scope[alias.asname or alias.name] = (node.module, alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in modules:
                    scope[alias.asname or alias.name] = (alias.name, "")
    return scope


def _callees(function: Function, scope: dict[str, Key]) -> set[Key]:
    """The functions of tests/ that *function* calls."""
    out: set[Key] = set()
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        if isinstance(called, ast.Name) and called.id in scope:
            out.add(scope[called.id])
        elif isinstance(called, ast.Attribute) and isinstance(called.value, ast.Name):
            module, name = scope.get(called.value.id, ("", "x"))
            if module and not name:
                out.add((module, called.attr))
    return out


def silent_tests(folder: Path) -> list[str]:
    """``file:line name`` of each ``test_*`` function in *folder*'s ``.py`` files that neither
    checks itself nor calls (directly or further down) a function of *folder* that does."""
    trees = {path.stem: ast.parse(path.read_text(encoding="utf-8")) for path in folder.glob("*.py")}
    modules = set(trees)
    functions: dict[Key, Function] = {}
    calls: dict[Key, set[Key]] = {}
    for module, tree in trees.items():
        scope = _module_scope(module, tree, modules)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                functions[(module, node.name)] = node
                calls[(module, node.name)] = _callees(node, scope)
    checking = {key for key, function in functions.items() if _checks_itself(function)}
    grown = True
    while grown:
        grown = False
        for key, called in calls.items():
            if key not in checking and called & checking:
                checking.add(key)
                grown = True
    return sorted(
        f"{module}.py:{function.lineno} {name}"
        for (module, name), function in functions.items()
        if name.startswith("test_") and (module, name) not in checking
    )


def test_every_test_function_checks_something() -> None:
    assert silent_tests(TESTS) == []


def test_the_shape_check_finds_a_silent_test_and_follows_helpers(tmp_path: Path) -> None:
    """A made-up tests folder: a test that only runs code is listed; one that calls a helper
    of another file that asserts, one through a module, one with pytest.raises are not."""
    (tmp_path / "helpers.py").write_text(
        "def run_ok(x):\n    assert x\n\ndef run(x):\n    return x\n", encoding="utf-8"
    )
    (tmp_path / "test_made_up.py").write_text(
        "import pytest\nimport helpers\nfrom helpers import run, run_ok\n\n"
        "def _local():\n    run_ok(1)\n\n"
        "def test_silent():\n    run(1)\n\n"
        "def test_by_helper():\n    _local()\n\n"
        "def test_by_module():\n    helpers.run_ok(1)\n\n"
        "def test_raises():\n    with pytest.raises(ValueError):\n        int('x')\n",
        encoding="utf-8",
    )
    assert silent_tests(tmp_path) == ["test_made_up.py:8 test_silent"]
