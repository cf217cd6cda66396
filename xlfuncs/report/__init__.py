"""The ``xlfuncs report`` of a tournament report file (TRF16): every player's figures.

:func:`build_report` (in :mod:`~xlfuncs.report.rows`) gives a :class:`Report` of typed
:class:`ReportRow`; :func:`render_text`, :func:`render_json` and :func:`render_csv` (in
:mod:`~xlfuncs.report.render`) print it. Reading the TRF into core's crosstable, with K, is
:mod:`xlfuncs.trf.to_crosstable`'s job. What the report shows and assumes: ``docs/report.md``.
"""

from __future__ import annotations

from .render import JSON_KEYS, csv_header, json_object, render_csv, render_json, render_text
from .rows import NormFigures, Report, ReportRow, build_report

__all__ = [
    "JSON_KEYS",
    "NormFigures",
    "Report",
    "ReportRow",
    "build_report",
    "csv_header",
    "json_object",
    "render_csv",
    "render_json",
    "render_text",
]
