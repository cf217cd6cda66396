"""The Calc add-in's functions, read from the one list of Excel functions: the functions
of :mod:`xlfuncs.udfs` decorated with ``xlwings.func``, their arguments, defaults and help
as the decorators give them (read as :mod:`xlfuncs.lite` reads them for xlwings Lite).

Each function keeps its Excel name (``RP_FIDE``) as its name in the add-in's interface;
each argument gets an identifier UNO's IDL accepts (``opponent_ratings`` is
``opponentRatings``: IDL allows an underscore only in an all-capital name), its Excel name
staying the name Calc's function wizard shows.
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from importlib.resources import files

from ..lite import _Export, _exports
from ..templates.functions import excel_functions

__all__ = ["AddinArgument", "AddinFunction", "addin_functions", "idl_identifier"]

_ONE_CELL_RETURNS = frozenset({"int", "float", "str", "bool", "Fraction", "int | Fraction"})
"""The return annotations of the functions that answer one cell; the others may answer rows
of cells (``Any``: a cell or rows, as the arguments are cells or ranges)."""


@dataclass(frozen=True)
class AddinArgument:
    """One argument: its Excel name, its IDL identifier, its help, whether it may be left
    out, and whether it takes a range (``ndim=2``: rows of cells) or one cell."""

    name: str
    identifier: str
    help: str
    optional: bool
    takes_range: bool


@dataclass(frozen=True)
class AddinFunction:
    """One Excel function as the add-in declares it."""

    name: str
    description: str
    category: str
    arguments: tuple[AddinArgument, ...]
    returns_rows: bool


def idl_identifier(name: str) -> str:
    """*name* as an IDL identifier: an all-capital name as it is, any other with its
    underscores dropped and the letter after each made capital (camelCase).

    >>> idl_identifier("opponent_ratings"), idl_identifier("RP_FIDE"), idl_identifier("k")
    ('opponentRatings', 'RP_FIDE', 'k')
    """
    if name.isupper():
        return name
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), name)


def _arguments(export: _Export) -> tuple[AddinArgument, ...]:
    helps: dict[str, tuple[str, bool]] = {}
    for decorator in export.decorators:
        if decorator.kind == "arg" and decorator.args:
            options = decorator.kwargs
            helps[str(decorator.args[0])] = (
                str(options.get("doc", "")),
                options.get("ndim") == 2,
            )
    out = []
    for parameter in export.signature.parameters.values():
        doc, takes_range = helps.get(parameter.name, ("", False))
        out.append(
            AddinArgument(
                name=parameter.name,
                identifier=idl_identifier(parameter.name),
                help=doc,
                optional=parameter.default is not inspect.Parameter.empty,
                takes_range=takes_range,
            )
        )
    return tuple(out)


def addin_functions() -> tuple[AddinFunction, ...]:
    """Every Excel function of :mod:`xlfuncs.udfs` (``EXPLAIN_ERROR`` included), in source
    order, as the add-in declares it."""
    module = excel_functions()
    out = []
    source = (files("xlfuncs") / "udfs.py").read_text(encoding="utf-8")
    for export in _exports(module, source):
        func = next(d for d in export.decorators if d.kind == "func")
        raw = getattr(getattr(module, export.name), "__wrapped__", getattr(module, export.name))
        returns = raw.__annotations__.get("return", "")
        out.append(
            AddinFunction(
                name=export.name,
                description=(export.doc or "").strip().splitlines()[0],
                category=str(func.kwargs.get("category", "")),
                arguments=_arguments(export),
                returns_rows=str(returns) not in _ONE_CELL_RETURNS,
            )
        )
    return tuple(out)
