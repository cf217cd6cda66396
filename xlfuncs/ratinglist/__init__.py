"""FIDE's rating lists: reading them (TXT combined or single, XML, zipped or not), an index
that keeps a list's players so that a second run does not read the list again, and writing a
list in the combined TXT layout. What the lists hold and how the report uses them:
``docs/rating-list.md``.
"""

from __future__ import annotations

from .cache import (
    CACHE_ENV,
    CachedList,
    Cleared,
    RatingListIndex,
    cache_dir,
    cached_lists,
    clear_cache,
    is_indexed,
    open_index,
    unfinished_builds,
)
from .extract import ListExtract, event_list
from .layout import COMBINED, COMBINED_HEADER, SINGLE, Column
from .player import RATES, ListPlayer, RateRating, rate_name
from .read import ListFile, RatingListError, read_list, sniff_rate
from .write import combined_line, rewrite_combined, write_combined

__all__ = [
    "CACHE_ENV",
    "COMBINED",
    "COMBINED_HEADER",
    "RATES",
    "SINGLE",
    "CachedList",
    "Cleared",
    "Column",
    "ListExtract",
    "ListFile",
    "ListPlayer",
    "RateRating",
    "RatingListError",
    "RatingListIndex",
    "cache_dir",
    "cached_lists",
    "clear_cache",
    "combined_line",
    "event_list",
    "is_indexed",
    "open_index",
    "rate_name",
    "read_list",
    "rewrite_combined",
    "sniff_rate",
    "unfinished_builds",
    "write_combined",
]
