"""The Calc add-in's functions, read from :mod:`xlfuncs.excel.functions` and its
``ARGUMENTS``: each keeps its Excel name; each argument gets an identifier UNO's IDL accepts
(:func:`idl_identifier`), its Excel name staying the one Calc's function wizard shows.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..excel import functions as excel_functions

__all__ = ["AddinArgument", "AddinFunction", "addin_functions", "idl_identifier"]

_ONE_CELL_RETURNS = frozenset({"int", "float", "str", "bool", "Fraction", "int | Fraction"})
"""The return annotations of the functions that answer one cell; the others may answer rows."""


@dataclass(frozen=True)
class AddinArgument:
    """One argument of an add-in function."""

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
    arguments: tuple[AddinArgument, ...]
    returns_rows: bool


def idl_identifier(name: str) -> str:
    """*name* as an IDL identifier (an underscore only in an all-capital name): camelCase.

    >>> idl_identifier("opponent_ratings"), idl_identifier("RP_FIDE"), idl_identifier("k")
    ('opponentRatings', 'RP_FIDE', 'k')
    """
    if name.isupper():
        return name
    return re.sub(r"_([a-z0-9])", lambda m: m.group(1).upper(), name)


def _arguments(
    function: Any, arguments: Mapping[str, excel_functions.ExcelArgument]
) -> tuple[AddinArgument, ...]:
    """Each parameter of *function* with its ``ExcelArgument`` (help, how it is read)."""
    return tuple(
        AddinArgument(
            name=parameter.name,
            identifier=idl_identifier(parameter.name),
            help=arguments[parameter.name].doc,
            optional=parameter.default is not inspect.Parameter.empty,
            takes_range=arguments[parameter.name].options.get("ndim") == 2,
        )
        for parameter in inspect.signature(function).parameters.values()
    )


def addin_functions() -> tuple[AddinFunction, ...]:
    """Every Excel function, in the order of ``ARGUMENTS``, as the add-in declares it."""
    out = []
    for name, arguments in excel_functions.ARGUMENTS.items():
        function = getattr(excel_functions, name)
        raw = getattr(function, "__wrapped__", function)
        returns = raw.__annotations__.get("return", "")
        out.append(
            AddinFunction(
                name=name,
                description=(function.__doc__ or "").strip().splitlines()[0],
                arguments=_arguments(function, arguments),
                returns_rows=str(returns) not in _ONE_CELL_RETURNS,
            )
        )
    return tuple(out)
