"""The ``xlfuncs norms`` command's content: every player's title-norm check from a TRF
(:mod:`.build`), as text or JSON (:mod:`.render`), a certificate workbook (:mod:`.certificate`)
and the forecast of an event still running (:mod:`.forecast`); the rules live in
:mod:`xlfuncs.core.norm_check`. What it shows and assumes: ``docs/norms.md``."""

from __future__ import annotations

from .build import NormReport, PlayerNorms, build_norm_report

__all__ = ["NormReport", "PlayerNorms", "build_norm_report"]
