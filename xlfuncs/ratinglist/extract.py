"""A rating list's players for one event: :func:`event_list` looks the event's FIDE ids up in
the list's index (:mod:`xlfuncs.ratinglist.cache`) and keeps what the report needs."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .cache import RatingListIndex, open_index
from .player import ListPlayer

__all__ = ["ListExtract", "event_list", "index_event_list"]


@dataclass(frozen=True)
class ListExtract:
    """The players of an event that a rating list holds, and what the list is."""

    source: str
    """How messages name the list (:attr:`~xlfuncs.ratinglist.read.ListFile.source`)."""
    kind: str
    """``combined`` or ``single``."""
    rates: tuple[str, ...]
    players: Mapping[str, ListPlayer]
    """By FIDE id, as the event's file writes it; an id the list does not hold is absent."""
    built: bool = False
    """Whether the list was read for this (``False``: its index in the cache served)."""
    index_path: Path | None = None
    """The index in the cache (``None``: kept in memory, the cache folder not writable)."""


def event_list(
    path: str | os.PathLike[str],
    fide_ids: Iterable[str],
    *,
    rate: object = None,
    cache: str | os.PathLike[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> ListExtract:
    """The players of *fide_ids* in the rating list *path* (arguments as
    :func:`~xlfuncs.ratinglist.cache.open_index`)."""
    with open_index(path, rate=rate, cache=cache, progress=progress) as index:
        return index_event_list(index, fide_ids)


def index_event_list(index: RatingListIndex, fide_ids: Iterable[str]) -> ListExtract:
    """The players of *fide_ids* in the open *index* (one index serving many events)."""
    return ListExtract(
        source=index.source,
        kind=index.kind,
        rates=index.rates,
        players=index.lookup(fide_ids),
        built=index.built,
        index_path=index.index_path,
    )
