"""The event's system, Swiss or round robin, as the tie-breaks and first ratings need it.

C.07 tells a round robin (Article 15: pre-determined pairings) from a Swiss by how the event
was paired, not by who met whom (a Swiss of n - 1 rounds can pair every two players, a round
robin exported mid-event has not yet). So the system is, in order: what the arbiter says
(``--system``, the ``system`` argument); what the file says (TRF-2026's ``192``, the encoded
type of tournament, else TRF16's ``092`` in words); only when neither says, a guess from the
pairings (every two players met: a round robin), which the report names. The ``192`` codes:
``docs/report.md``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..core.tournament import Pairing, is_round_robin
from ..findings import Finding
from .parser import Tournament

__all__ = ["System", "SystemChoice", "choose_system", "file_system", "system_of_text"]

System = Literal["swiss", "rr"]
"""``"swiss"`` or ``"rr"`` (a round robin: pre-determined pairings), as ``--system`` and the
Excel functions' ``system`` argument write it."""

_SWISS_192 = ("DUTCH", "DUBOV", "BURSTEIN", "SWISS", "FIDE_TEAM", "LIM")
"""Words of record 192's codes that name a Swiss pairing system."""
_RR_192 = ("ROUNDROBIN", "SCHEVENINGEN", "SCHILLER")
"""Words of record 192's codes that name pre-determined pairings."""

_SWISS_WORDS = re.compile(
    r"swiss|schweiz|suiz|suisse|svizzer|dutch|dubov|burstein|monrad|holland", re.IGNORECASE
)
_RR_WORDS = re.compile(
    r"robin|berger|runden|todos\s+contra|tout\s+contre|all[\s-]+play|scheveningen|schiller"
    r"|\brr\b|\bdrr\b|rundturnier|girone|all'italiana",
    re.IGNORECASE,
)


def system_of_text(text: str) -> System | None:
    """The system a ``092`` record's words name, ``None`` when they name none or both.

    >>> system_of_text("Individual: Swiss-System"), system_of_text("Rundenturnier")
    ('swiss', 'rr')
    >>> system_of_text("Individual: Round-Robin"), system_of_text("Open") is None
    ('rr', True)
    """
    swiss = bool(_SWISS_WORDS.search(text))
    rr = bool(_RR_WORDS.search(text))
    if swiss == rr:
        return None
    return "swiss" if swiss else "rr"


def _system_of_192(code: str) -> System | None:
    upper = code.upper()
    if any(w in upper for w in _RR_192):
        return "rr"
    if any(w in upper for w in _SWISS_192):
        return "swiss"
    return None


def file_system(t: Tournament) -> tuple[System | None, str]:
    """The system the file names and where (``"192 'FIDE_DUTCH'"``, ``"092 'Round
    Robin'"``), with a note of a record that names none or disagrees; ``(None, why)`` when
    neither record names one.

    >>> from xlfuncs.trf import parse_trf
    >>> file_system(parse_trf("092 Individual: Swiss-System"))
    ('swiss', "092 'Individual: Swiss-System'")
    >>> file_system(parse_trf("192 BERGER_ROUNDROBIN\\n092 Open"))
    ('rr', "192 'BERGER_ROUNDROBIN'")
    """
    said = t.event_type.strip()
    by_text = system_of_text(said) if said else None
    code = next((r.text[3:].strip() for r in t.extra_records if r.code == "192"), "")
    by_code = _system_of_192(code) if code else None
    if by_code is not None:
        where = f"192 {code!r}"
        if by_text is not None and by_text != by_code:
            where += f"; 092 {said!r} says otherwise"
        return by_code, where
    if by_text is not None:
        return by_text, f"092 {said!r}"
    if said and code:
        return None, f"neither 092 {said!r} nor 192 {code!r} names one"
    if said or code:
        return None, f"092 {said!r} names none" if said else f"192 {code!r} names none"
    return None, "the file names none: no 092 or 192"


def system_name(system: System) -> str:
    """``"Swiss"`` or ``"round robin"``."""
    return "Swiss" if system == "swiss" else "round robin"


@dataclass(frozen=True)
class SystemChoice:
    """The system chosen, where it came from, and what the report should warn of."""

    round_robin: bool
    note: str
    """The report's ``event:`` line: ``"Swiss (092 'Individual: Swiss-System')"``,
    ``"round robin (given: --system rr)"``, ``"system guessed from the pairings: ..."``."""
    warnings: tuple[Finding, ...] = ()
    """A system given against the file's, a round robin in which not every two players met
    (yet), a round robin guessed."""


def choose_system(
    t: Tournament, pairings: Sequence[Sequence[Pairing]], given: System | None = None
) -> SystemChoice:
    """The system of *t* (players' *pairings* in starting-rank order): *given* (``--system``),
    else the file's (:func:`file_system`), else guessed from who met whom, as the module's
    docstring says.

    >>> from xlfuncs.trf import parse_trf
    >>> P = Pairing
    >>> met = [[P(2, None)], [P(1, None)]]
    >>> choose_system(parse_trf("092 Swiss"), met).note
    "Swiss (092 'Swiss')"
    >>> choose_system(parse_trf("012 Club"), met).note
    'system guessed from the pairings: round robin (every two players met; the file ...'
    """
    from_file, where = file_system(t)
    met = is_round_robin(pairings)
    if given is not None:
        note = f"{system_name(given)} (given: --system {given})"
        warnings = []
        if from_file is not None and from_file != given:
            said = (
                f"--system {given} given, but the file says {system_name(from_file)} "
                f"({where}): ranked as a {system_name(given)}, as given"
            )
            warnings.append(Finding("system", "warning", said))
        return SystemChoice(given == "rr", note, warnings=tuple(warnings))
    if from_file is not None:
        warnings = []
        if from_file == "rr" and not met:
            said = (
                f"the file says round robin ({where}), but not every two players met (yet): "
                "ranked as a round robin (pre-determined pairings, C.07 Article 15); give "
                "--system swiss if it was paired as a Swiss"
            )
            warnings.append(Finding("system", "warning", said))
        return SystemChoice(
            from_file == "rr", f"{system_name(from_file)} ({where})", warnings=tuple(warnings)
        )
    guess: System = "rr" if met else "swiss"
    why = "every two players met" if met else "not every two players met"
    note = (
        f"system guessed from the pairings: {system_name(guess)} ({why}; {where}); give "
        "--system to choose"
    )
    # a Swiss can pair every two players too: the round robin guessed is worth a warning
    guessed = (Finding("system", "warning", note),) if met else ()
    return SystemChoice(guess == "rr", note, warnings=guessed)
