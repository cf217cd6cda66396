"""The ``xlfuncs norms`` command's content: every player's title-norm check from a TRF
(:mod:`~xlfuncs.norm_report.build`), printed as text or JSON
(:mod:`~xlfuncs.norm_report.render`), a certificate workbook laid out like FIDE's norm
report form IT1 (:mod:`~xlfuncs.norm_report.certificate`) and the forecast for an event still
running (:mod:`~xlfuncs.norm_report.forecast`). The rules themselves live in
:mod:`xlfuncs.core.norm_check`, the command in :mod:`xlfuncs.commands.norms`. What it shows
and assumes: ``docs/norms.md``.
"""

from __future__ import annotations

from .build import NormReport, PlayerNorms, build_norm_report

__all__ = ["NormReport", "PlayerNorms", "build_norm_report"]
