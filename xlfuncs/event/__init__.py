"""One reading of an event behind every command: the options (:class:`EventOptions`) and the
TRF read once into an :class:`AnalysedEvent` (:func:`analyse_event`), which ``report``,
``crosstable``, ``norms`` and ``period`` only render. Below the commands, above ``core`` and
``trf``; what each figure takes for "rated": ``docs/rated.md``."""

from __future__ import annotations

from .analyse import AnalysedEvent, analyse_event
from .options import EventOptions

__all__ = ["AnalysedEvent", "EventOptions", "analyse_event"]
