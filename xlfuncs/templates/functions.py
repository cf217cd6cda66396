"""Our Excel functions as a workbook writer calls them for the values it stores beside the
formulas, and as the xlwings Lite bundle lists them (:mod:`xlfuncs.lite`): the functions of
:mod:`xlfuncs.udfs`, the same source, without importing xlwings.

:mod:`xlfuncs.udfs` imports xlwings for its decorators alone (``xw.func``, ``xw.arg``,
``xw.ret``: they register a function with Excel, and outside a running Excel return it as it
is), and xlwings imports numpy: a command that only writes a workbook would load both for
nothing. :func:`excel_functions` runs udfs' source as a module of its own, not registered in
:data:`sys.modules`, whose ``import xlwings`` gets :data:`_STAND_IN`: decorators that return
the function as it is. Where xlwings is already imported, :mod:`xlfuncs.udfs` itself is
given. Either way each function is udfs' function, made safe for a cell by
:func:`~xlfuncs.excel.excel_function`, and gives the same values.
"""

from __future__ import annotations

import builtins
import functools
import importlib.util
import sys
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType, SimpleNamespace
from typing import Any

__all__ = ["excel_functions", "without_xlwings"]

_UDFS = "xlfuncs.udfs"


def _unchanged(*args: Any, **kwargs: Any) -> Callable[[Any], Any]:
    """A decorator factory whose decorator returns the function as it is."""
    return lambda function: function


def _func(function: Any = None, *args: Any, **kwargs: Any) -> Any:
    """``xw.func``, used bare or with options: the function as it is."""
    return function if callable(function) else _unchanged()


_STAND_IN = SimpleNamespace(func=_func, arg=_unchanged, ret=_unchanged)
"""What udfs' ``import xlwings as xw`` gets here: its decorators, each leaving the function
as it is."""


@functools.cache
def excel_functions() -> ModuleType:
    """The functions of :mod:`xlfuncs.udfs` (``TIEBREAK_ALL``, ``ELO_CHANGE_ALL`` ...) as
    attributes of a module: udfs itself where xlwings is imported, else udfs' source run
    with :data:`_STAND_IN` for xlwings (loaded once)."""
    if "xlwings" in sys.modules or _UDFS in sys.modules:
        return importlib.import_module(_UDFS)
    return without_xlwings()


def without_xlwings() -> ModuleType:
    """udfs' source run as a new module (not registered in :data:`sys.modules`), its
    ``import xlwings`` given :data:`_STAND_IN`; udfs itself where its source cannot be
    found."""
    spec = importlib.util.find_spec(_UDFS)
    if spec is None or spec.loader is None or not hasattr(spec.loader, "get_code"):
        return importlib.import_module(_UDFS)
    code = spec.loader.get_code(_UDFS)
    module = ModuleType(_UDFS, None)
    module.__dict__.update(
        __file__=spec.origin,
        __package__=_UDFS.rpartition(".")[0],
        __builtins__={**vars(builtins), "__import__": _import},
    )
    exec(code, module.__dict__)
    return module


def _import(
    name: str,
    globals_: Mapping[str, Any] | None = None,
    locals_: Mapping[str, Any] | None = None,
    fromlist: Sequence[str] = (),
    level: int = 0,
) -> Any:
    """``__import__`` as udfs' source runs here: :data:`_STAND_IN` for ``xlwings``, every
    other module imported as usual."""
    if level == 0 and name == "xlwings":
        return _STAND_IN
    return builtins.__import__(name, globals_, locals_, fromlist, level)
