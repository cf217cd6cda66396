"""The ``xlfuncs report`` of a TRF: every player's figures (:func:`build_report`), printed
(:mod:`~xlfuncs.report.render`). What the report shows and assumes: ``docs/report.md``."""

from __future__ import annotations

from .render import JSON_KEYS, csv_header, json_object, render_csv, render_json, render_text
from .rows import Report, ReportRow, build_report

__all__ = [
    "JSON_KEYS",
    "Report",
    "ReportRow",
    "build_report",
    "csv_header",
    "json_object",
    "render_csv",
    "render_json",
    "render_text",
]
