"""``xlfuncs check``: every inconsistency of a TRF file before it goes to FIDE, each with its
line, columns and fix; ``--fix -o OUT`` writes the file with the certain fixes made."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .options import (
    CommandHelp,
    add_force,
    add_format,
    add_tiebreak_options,
    add_trf_options,
    refuse_norm_event_options,
)
from .support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    CommandError,
    exit_status_epilog,
    failing,
    read_event,
    read_trf_data,
    vet_outputs,
)

if TYPE_CHECKING:
    from ..findings import Finding
    from ..text_output import JsonScalar, JsonValue
    from ..trf.writer import TrfLines

__all__ = ["EXIT_WARNINGS", "HELP", "add_arguments", "run"]

EXIT_WARNINGS = 4
"""The exit status of a file with warnings and no error (FIDE's checker's)."""

_EPILOG = (
    exit_status_epilog(
        "check: 0 nothing to correct (notes aside); 1 also when the file has errors (what a\n"
        "rating officer's upload would refuse); 4 warnings only. With --fix, the status is that\n"
        "of the file written (read and checked again)"
    )
    + """

Each finding is one line: file, line, columns, severity, what is wrong and the fix. Where
many players' ranks differ from ours, one finding counts them by cause; --verbose adds one
line per player (the JSON holds them always, "detail": true). More than five findings of one
kind are one line that counts them and names their lines; --verbose prints each. --fix
makes the fixes whose right value is certain (points that are not the results' sum, the
062/072 counts, ranks by the event's own tie-breaks, a superfluous empty round, lichess' F
for the pairing-allocated bye U) and lists each change; every other character of the file
is kept as written (a file read and written with nothing to fix is the same bytes).
See docs/check.md."""
)


HELP = CommandHelp(
    "check",
    summary="check a TRF file before it goes to FIDE; --fix writes it corrected",
    description="""\
List every inconsistency of a TRF file (TRF16 or TRF-2026) that a
rating officer's upload would refuse or a reader should fix: points that do not
sum, pairings that do not mirror, ranks against the event's tie-breaks, byes
written with the wrong code, missing or superfluous rounds, records out of place;
each with its line, columns and the fix.""",
    epilog=_EPILOG,
)


def add_arguments(check: argparse.ArgumentParser) -> None:
    """Add ``check``'s options to its parser."""
    add_trf_options(check)
    check.add_argument(
        "--fix",
        action="store_true",
        help="write the file with every certain fix made to OUT (-o), listing each change",
    )
    check.add_argument("-o", "--output", metavar="OUT.trf", help="where --fix writes the file")
    add_force(check, "OUT.trf if it exists")
    add_format(
        check,
        ("text", "json"),
        ": a line per finding; json: an object with the exit status, the findings "
        "(severity, kind, file, line, columns, message, fix, fixable, detail, player, round) "
        "and, with --fix, the changes and the findings left",
    )
    add_tiebreak_options(check)
    refuse_norm_event_options(check, "it checks the file, not a title norm (use norms)")


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs check``."""
    from ..findings import Finding, severity_counts, text_items
    from ..output import OutputError, visible, write_atomically
    from ..text_output import counted

    if args.fix != (args.output is not None):
        message = "--fix and -o OUT go together: --fix writes the corrected file to OUT"
        raise CommandError(message, EXIT_USAGE)
    if args.fix:
        vet_outputs(
            [args.output],
            force=args.force,
            inputs=(args.file, args.k_file, args.rating_list),
            what="corrected file",
            suffixes=(".trf", ".txt"),
            kind="a TRF",
        )
    data, source = read_trf_data(args.file)
    lines, findings = _check(args, data)
    text = args.format == "text"
    doc: dict[str, JsonValue] = {"file": source, **_findings_json(findings)}
    if text:
        for item in text_items(findings, verbose=args.verbose):
            shown = item if isinstance(item, Finding) else f"{source}: {item.severity}: {item}"
            print(visible(str(shown)))
        print(visible(f"{source}: {severity_counts(findings, args.verbose)}"))
    if not args.fix:
        return _done(doc, findings, text)
    fixed = [f for f in findings if f.edits]  # the certain fixes
    out = lines.with_edits(e for f in fixed for e in f.edits).to_bytes()
    with failing(EXIT_DATA_ERROR, OutputError):
        write_atomically(args.output, lambda path: path.write_bytes(out))
    changes: list[dict[str, JsonScalar]] = [
        {
            "line": e.line_no,
            "columns": f"{e.first}-{e.last}",
            "before": lines.line(e.line_no)[e.first - 1 : e.last],
            "after": e.text,
            "kind": f.kind,
        }
        for f in fixed
        for e in f.edits
    ]
    doc["written"] = args.output
    doc["changes"] = changes
    if text:
        print(visible(f"wrote {args.output}: {counted(len(changes), 'change')}"))
        for c in changes:
            print(
                visible(
                    f"  line {c['line']}, columns {c['columns']}: {c['before']!r} -> "
                    f"{c['after']!r} ({str(c['kind']).replace('_', ' ')})"
                )
            )
    left = _check(args, out)[1]
    doc["after"] = _findings_json(left)
    if text:
        print(visible(f"{args.output}: {severity_counts(left, args.verbose)}"))
    return _done(doc, left, text)


def _findings_json(findings: Sequence[Finding]) -> dict[str, JsonValue]:
    """The exit status of *findings* and each finding, for ``--format json``."""
    from ..findings import finding_json

    return {"status": _status(findings), "findings": [finding_json(f) for f in findings]}


def _done(doc: dict[str, JsonValue], findings: Sequence[Finding], text: bool) -> int:
    """Print *doc* unless the format is *text*; the exit status of *findings*."""
    if not text:
        from ..text_output import json_text

        print(json_text(doc))
    return _status(findings)


def _check(args: argparse.Namespace, data: bytes) -> tuple[TrfLines, tuple[Finding, ...]]:
    """The file *data* read as *args* say (:func:`~.support.read_event`): its lines and
    findings."""
    from ..core import XlfuncsError
    from ..event import analyse_event
    from ..event.check import check_event
    from ..trf import TrfError
    from ..trf.writer import read_lines

    tournament, options = read_event(args, data=data)
    with failing(EXIT_DATA_ERROR, TrfError, XlfuncsError):  # an unknown tie-break listed ...
        lines = read_lines(data, tournament.encoding)
        return lines, check_event(analyse_event(tournament, options), lines)


def _status(findings: Sequence[Finding]) -> int:
    """1 with an error, :data:`EXIT_WARNINGS` with warnings only, else 0."""
    severities = {f.severity for f in findings}
    if "error" in severities:
        return EXIT_DATA_ERROR
    return EXIT_WARNINGS if "warning" in severities else 0
