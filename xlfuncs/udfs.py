"""The Excel functions of :mod:`xlfuncs.excel.functions` registered with xlwings (the only
module that imports it), each under its own name with its :data:`CATEGORY` and
:data:`ARGUMENTS`: classic xlwings imports it through the ``UDF Modules`` setting,
``xlfuncs lite`` bundles it. Off Windows the decorators leave each function as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import xlwings as xw

from .excel import functions as _sheet
from .excel.functions import ARGUMENTS as ARGUMENTS
from .excel.functions import CATEGORY as CATEGORY
from .excel.functions import FUNCTIONS as FUNCTIONS
from .excel.functions import ExcelArgument as ExcelArgument

__all__ = list(_sheet.__all__)

_F = TypeVar("_F", bound=Callable[..., Any])


def _registered(function: _F) -> _F:
    """*function* registered: ``xw.func`` in :data:`CATEGORY`, an ``xw.arg`` a parameter."""
    for name, argument in reversed(ARGUMENTS[function.__name__].items()):
        function = xw.arg(name, doc=argument.doc, **argument.options)(function)
    return xw.func(category=CATEGORY)(function)


DP_LOOKUP = _registered(_sheet.DP_LOOKUP)
PD_LOOKUP = _registered(_sheet.PD_LOOKUP)
EXPECTED_SCORE = _registered(_sheet.EXPECTED_SCORE)
RP_EXACT = _registered(_sheet.RP_EXACT)
RP_FIDE = _registered(_sheet.RP_FIDE)
RP_LINEAR = _registered(_sheet.RP_LINEAR)
RP_PTP = _registered(_sheet.RP_PTP)
ELO_CHANGE = _registered(_sheet.ELO_CHANGE)
ELO_DETAIL = _registered(_sheet.ELO_DETAIL)
K_FACTOR = _registered(_sheet.K_FACTOR)
K_FOR_GAMES = _registered(_sheet.K_FOR_GAMES)
UPLIFT_2024 = _registered(_sheet.UPLIFT_2024)
UNRATED_AGAIN = _registered(_sheet.UNRATED_AGAIN)
GAME_RATED = _registered(_sheet.GAME_RATED)
BLOQUE = _registered(_sheet.BLOQUE)
NORM_RP = _registered(_sheet.NORM_RP)
NORM_POINTS = _registered(_sheet.NORM_POINTS)
NORM_RATINGS = _registered(_sheet.NORM_RATINGS)
NORM_FIGURES = _registered(_sheet.NORM_FIGURES)
NORM_TITLED = _registered(_sheet.NORM_TITLED)
NORM_MIX = _registered(_sheet.NORM_MIX)
POINTS_ALL = _registered(_sheet.POINTS_ALL)
SB_ALL = _registered(_sheet.SB_ALL)
RATED_GAMES_ALL = _registered(_sheet.RATED_GAMES_ALL)
RA_ALL = _registered(_sheet.RA_ALL)
RP_FIDE_ALL = _registered(_sheet.RP_FIDE_ALL)
RP_EXACT_ALL = _registered(_sheet.RP_EXACT_ALL)
ELO_CHANGE_ALL = _registered(_sheet.ELO_CHANGE_ALL)
BLOQUE_ALL = _registered(_sheet.BLOQUE_ALL)
NORM_ALL = _registered(_sheet.NORM_ALL)
NORM_PLAN = _registered(_sheet.NORM_PLAN)
K_FACTOR_ALL = _registered(_sheet.K_FACTOR_ALL)
RATING_WORKING = _registered(_sheet.RATING_WORKING)
TIEBREAK_ALL = _registered(_sheet.TIEBREAK_ALL)
TIEBREAK = _registered(_sheet.TIEBREAK)
TIEBREAK_WORKING = _registered(_sheet.TIEBREAK_WORKING)
RANK_ALL = _registered(_sheet.RANK_ALL)
EXPLAIN_ERROR = _registered(_sheet.EXPLAIN_ERROR)
