"""One name, one meaning: no two classes of the package share a name, nor do the functions
that read a TRF or write text (a reader meeting ``Player`` or ``write_text`` finds one)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import xlfuncs

PACKAGE = Path(xlfuncs.__file__).parent


def _defined() -> dict[str, list[tuple[str, str]]]:
    """Every top-level class and function name: (kind, file) of each definition."""
    found: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ClassDef):
                found[node.name].append(("class", str(path.relative_to(PACKAGE))))
            elif isinstance(node, ast.FunctionDef):
                found[node.name].append(("function", str(path.relative_to(PACKAGE))))
    return found


def test_no_two_classes_share_a_name() -> None:
    twice = {
        name: places
        for name, places in _defined().items()
        if sum(kind == "class" for kind, _ in places) > 1
    }
    assert twice == {}


def test_the_trf_reader_and_the_text_writer_are_one_each() -> None:
    defined = _defined()
    assert defined["read_trf"] == [("function", "trf/parser.py")]
    assert defined["write_text"] == [("function", "templates/common.py")]
