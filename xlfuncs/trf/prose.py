"""A finding made of a sentence that comes as prose (core's notes on the tie-breaks), each
said on its own (:attr:`~xlfuncs.findings.Finding.grouped`): a sentence that says what the
reading chose is a *note*, unless it says that what the file gives is not used; every other
is a *warning*. A sentence about one line names it first (``record 240, line 12:``).
"""

from __future__ import annotations

import re

from ..findings import Finding, Severity
from .numbers import DIGITS

__all__ = ["prose_finding"]

_NOTES = ("rules: ", "the event (", "the event ran from ", "tie-breaks: ")
"""How the sentences that say what the reading chose begin."""

_NOT_USED = re.compile(r": (?:not applied|the line is not read)\b")
"""What a sentence beginning as a note says of what the file gives and is not used."""

_NAMED_LINE = re.compile(
    rf"(?:record \w{{3}}|no\. {DIGITS.pattern} \(.*?\)), line ({DIGITS.pattern})[:,]", re.ASCII
)
"""How a sentence that concerns one line names it."""


def prose_finding(kind: str, text: str) -> Finding:
    """The finding of kind *kind* that the sentence *text* says (the module's documentation).

    >>> found = prose_finding("tiebreaks", "record 202, line 12: BH/C9 is not a tie-break")
    >>> found.severity, found.line
    ('warning', 12)
    >>> prose_finding("tiebreaks", "tie-breaks: no game was played in round 9 yet").severity
    'note'
    """
    severity: Severity = (
        "note" if text.startswith(_NOTES) and not _NOT_USED.search(text) else "warning"
    )
    named = _NAMED_LINE.match(text)
    return Finding(kind, severity, text, line=int(named[1]) if named else None, grouped=False)
