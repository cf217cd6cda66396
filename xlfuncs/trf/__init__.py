"""FIDE Tournament Report File (TRF16) reading and self-consistency checks.

>>> from xlfuncs.trf import parse_trf
>>> parse_trf("012 Club Championship").name
'Club Championship'
"""

from __future__ import annotations

from .parser import (
    BYE_RESULTS,
    FORFEIT_RESULTS,
    PLAYER_COLUMNS,
    RATED_RESULTS,
    RESULT_CODES,
    UNDER_ONE_MOVE_RESULTS,
    Colour,
    Discrepancy,
    DiscrepancyKind,
    ExtraRecord,
    Player,
    RoundEntry,
    Tournament,
    TrfError,
    birth_year,
    check_tournament,
    decode_trf,
    parse_date,
    parse_trf,
    read_trf,
    round_columns,
)

__all__ = [
    "BYE_RESULTS",
    "FORFEIT_RESULTS",
    "PLAYER_COLUMNS",
    "RATED_RESULTS",
    "RESULT_CODES",
    "UNDER_ONE_MOVE_RESULTS",
    "Colour",
    "Discrepancy",
    "DiscrepancyKind",
    "ExtraRecord",
    "Player",
    "RoundEntry",
    "Tournament",
    "TrfError",
    "birth_year",
    "check_tournament",
    "decode_trf",
    "parse_date",
    "parse_trf",
    "read_trf",
    "round_columns",
]
