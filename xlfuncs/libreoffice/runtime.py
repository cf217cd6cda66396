"""What the add-in's component (``component.pyt``) asks of the package: its names and one
callable per Excel function (:func:`~xlfuncs.libreoffice.functions.addin_functions`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..excel import functions as excel_functions
from .cells import calc_function
from .functions import addin_functions

__all__ = ["IMPLEMENTATION", "INTERFACE", "MODULE", "SERVICES", "methods"]

MODULE = "org.xlfuncs.calc"
"""The UNO module of the add-in's types."""
INTERFACE = f"{MODULE}.XFunctions"
"""The interface declaring one method per Excel function."""
IMPLEMENTATION = f"{MODULE}.Functions"
"""The component's implementation name, also the service Calc's configuration names."""
SERVICES = ("com.sun.star.sheet.AddIn", IMPLEMENTATION)
"""The services the component supports."""


def methods() -> dict[str, Callable[..., Any]]:
    """Each Excel function's name and the callable the add-in's method of that name runs."""
    return {
        f.name: calc_function(
            getattr(excel_functions, f.name), [a.takes_range for a in f.arguments], f.returns_rows
        )
        for f in addin_functions()
    }
