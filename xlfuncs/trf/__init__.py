"""FIDE Tournament Report File (TRF16) reading and self-consistency checks.

>>> from xlfuncs.trf import parse_trf
>>> parse_trf("012 Club Championship").name
'Club Championship'
"""

from __future__ import annotations

from .parser import (
    MAX_ROUND_ENTRIES,
    MAX_ROUNDS,
    PLAYER_COLUMNS,
    RESULT_CODES,
    Colour,
    ConsistencyKind,
    ExtraRecord,
    Player,
    RoundEntry,
    Tournament,
    TrfError,
    birth_year,
    check_tournament,
    decode_trf,
    decode_trf_noted,
    ignored_record,
    is_invalid_date,
    not_a_trf,
    parse_date,
    parse_trf,
    parse_trf_bytes,
    read_trf,
    round_columns,
)

__all__ = [
    "PLAYER_COLUMNS",
    "RESULT_CODES",
    "Colour",
    "ConsistencyKind",
    "ExtraRecord",
    "MAX_ROUND_ENTRIES",
    "MAX_ROUNDS",
    "Player",
    "RoundEntry",
    "Tournament",
    "TrfError",
    "birth_year",
    "check_tournament",
    "decode_trf",
    "decode_trf_noted",
    "ignored_record",
    "is_invalid_date",
    "not_a_trf",
    "parse_date",
    "parse_trf",
    "parse_trf_bytes",
    "read_trf",
    "round_columns",
]
