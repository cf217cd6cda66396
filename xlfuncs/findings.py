"""What is wrong with an input file, or what reading it had to assume: :class:`Finding`, one
vocabulary for the reader (:mod:`xlfuncs.trf`), the analysis and ``xlfuncs check``, and the
one place that renders them.

A finding's *severity* is as FIDE's checker grades them: an *error* is what a rating
officer's upload would refuse, a *warning* what a reader should fix or could not use, a
*note* what the reading assumed (the rules used), which changes no exit status.

This module imports nothing of the package: every layer can use it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "GROUP_LIMIT",
    "Edit",
    "Finding",
    "Group",
    "Severity",
    "finding_json",
    "messages",
    "severity_counts",
    "text_items",
]

Severity = Literal["error", "warning", "note"]
"""How much a finding matters: see the module's documentation."""

SEVERITIES: tuple[Severity, ...] = ("error", "warning", "note")
"""The severities, the gravest first."""


@dataclass(frozen=True)
class Edit:
    """Columns *first* to *last* (1-based, inclusive) of line *line_no* replaced by *text*.
    A line shorter than *first* is padded with blanks first; *text* may be shorter or longer
    than the columns (an empty *text* at the end of a line cuts the line there)."""

    line_no: int
    first: int
    last: int
    text: str

    def apply(self, line: str) -> str:
        """*line* with this edit made."""
        return line[: self.first - 1].ljust(self.first - 1) + self.text + line[self.last :]


@dataclass(frozen=True)
class Finding:
    """One thing wrong with (or assumed of) an input file."""

    kind: str
    """What sort of finding: a short stable identifier (``points``, ``rank``, ``value`` ...)."""
    severity: Severity
    """``error``, ``warning`` or ``note`` (the module's documentation)."""
    message: str
    file: str = ""
    """The file's name (``""``: said by the context)."""
    line: int | None = None
    """The line concerned (``None``: the file as a whole)."""
    columns: str = ""
    """``"81-84"``, ``"99"``; ``""``: the line (or the file) as a whole."""
    fix: str = ""
    """What to do, in words (``""``: nothing to add to the message)."""
    player: int | None = None
    """The starting rank of the player concerned."""
    round: int | None = None
    edits: tuple[Edit, ...] = field(default=(), compare=False)
    """The edits that fix it, where the right value is certain (``()``: none)."""
    detail: bool = False
    """One of the lines a summary finding counts (the ranks of many players, say): printed
    on request (``--verbose``), always in JSON."""
    grouped: bool = field(default=True, compare=False)
    """Whether many findings of its kind are counted in one line of text (:func:`text_items`);
    ``False`` for a kind that gathers different sentences (core's tie-break notes), each
    said."""

    @property
    def where(self) -> str:
        """``file, line 7, columns 81-84`` (as far as known)."""
        out = self.file
        if self.line is not None:
            out += f", line {self.line}"
        if self.columns:
            out += f", column{'s' if '-' in self.columns else ''} {self.columns}"
        return out

    @property
    def located(self) -> str:
        """``file, line 7: message`` (the line as far as known): how the commands that list
        findings after their data (``report``, ``crosstable``) give one."""
        where = self.file if self.line is None else f"{self.file}, line {self.line}"
        return f"{where}: {self.message}"

    def __str__(self) -> str:
        """``file, line 7, columns 81-84: error: message; fix: ...``."""
        fix = f"; fix: {self.fix}" if self.fix else ""
        return f"{self.where}: {self.severity}: {self.message}{fix}"


def finding_json(f: Finding) -> dict[str, str | int | bool | None]:
    """*f* whole, for ``--format json``."""
    return {
        "severity": f.severity,
        "kind": f.kind,
        "file": f.file,
        "line": f.line,
        "columns": f.columns or None,
        "message": f.message,
        "fix": f.fix or None,
        "fixable": bool(f.edits),
        "detail": f.detail,
        "player": f.player,
        "round": f.round,
    }


def messages(findings: Iterable[Finding]) -> tuple[str, ...]:
    """The messages of *findings*, in order."""
    return tuple(f.message for f in findings)


def severity_counts(findings: Sequence[Finding], verbose: bool = True) -> str:
    """``2 errors, 1 warning, 3 notes`` (``nothing to correct`` when there is no error or
    warning); the findings a summary finding counts (:attr:`Finding.detail`) are counted
    apart: ``221 lines more with --verbose``, or with *verbose* ``and the 221 lines they
    count``.

    >>> severity_counts([Finding("rank", "error", "x"), Finding("rules", "note", "y")])
    '1 error, 1 note'
    >>> severity_counts([Finding("rules", "note", "y")])
    'nothing to correct, 1 note'
    """
    counts = Counter(f.severity for f in findings if not f.detail)
    parts = [f"{counts[s]} {s}{'s' if counts[s] != 1 else ''}" for s in SEVERITIES if counts[s]]
    if not counts["error"] and not counts["warning"]:
        parts.insert(0, "nothing to correct")
    details = sum(1 for f in findings if f.detail)
    if details:
        lines = f"{details} line{'s' if details != 1 else ''}"
        parts.append(f"and the {lines} they count" if verbose else f"{lines} more with --verbose")
    return ", ".join(parts)


GROUP_LIMIT = 5
"""Up to this many findings of one kind and severity are a line of text each; more are one
line that counts them (:class:`Group`), each a line with ``--verbose``."""


@dataclass(frozen=True)
class Group:
    """More than :data:`GROUP_LIMIT` findings of one kind and severity, said in one line."""

    kind: str
    severity: Severity
    findings: tuple[Finding, ...]

    def __str__(self) -> str:
        """``points: 17 errors, lines 12, 15, 18 ... (each with --verbose)``; of findings in
        several files (a rating period's), ``not_rated: 7 findings in 3 files ...``.

        >>> print(Group("points", "error", tuple(Finding("points", "error", "x", line=n)
        ...     for n in range(1, 15))))
        points: 14 findings, lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 4 more (each with --verbose)
        >>> print(Group("not_rated", "warning", tuple(Finding("not_rated", "warning", "x",
        ...     file=f"{n % 3}.trf", line=n) for n in range(7))))
        not_rated: 7 findings in 3 files (each with --verbose)
        """
        n = len(self.findings)
        lines = sorted({f.line for f in self.findings if f.line is not None})
        files = {f.file for f in self.findings if f.file}
        named = ""
        if len(files) > 1:
            named = f" in {len(files)} files"
        elif lines:
            shown = ", ".join(str(x) for x in lines[:_LINES_NAMED])
            more = f" and {len(lines) - _LINES_NAMED} more" if len(lines) > _LINES_NAMED else ""
            named = f", line{'s' if len(lines) > 1 else ''} {shown}{more}"
        return f"{self.kind}: {n} finding{'s' if n != 1 else ''}{named} (each with --verbose)"


_LINES_NAMED = 10
"""The lines a :class:`Group` names; the rest are counted."""


def text_items(findings: Sequence[Finding], *, verbose: bool = False) -> list[Finding | Group]:
    """What the text of *findings* shows, in their order: with *verbose*, every finding;
    without, the findings a summary counts (:attr:`Finding.detail`) left out, and the
    findings of a kind and severity that has more than :data:`GROUP_LIMIT` (details aside)
    one :class:`Group`, where the first of them is.

    >>> items = text_items([Finding("points", "error", str(n), line=n) for n in range(6)]
    ...     + [Finding("rules", "note", "r")])
    >>> [str(i) if isinstance(i, Group) else i.message for i in items]
    ['points: 6 findings, lines 0, 1, 2, 3, 4, 5 (each with --verbose)', 'r']
    """
    if verbose:
        return list(findings)
    shown = [f for f in findings if not f.detail]
    counts = Counter((f.kind, f.severity) for f in shown)
    out: list[Finding | Group] = []
    grouped: set[tuple[str, Severity]] = set()
    for f in shown:
        key = (f.kind, f.severity)
        if counts[key] <= GROUP_LIMIT or not f.grouped:
            out.append(f)
        elif key not in grouped:
            grouped.add(key)
            out.append(
                Group(f.kind, f.severity, tuple(g for g in shown if (g.kind, g.severity) == key))
            )
    return out
