"""``xlfuncs title``: a title application checked over several events: one player's norm in
each TRF (the same check as ``norms``), then the application's requirements (Title
Regulations B.01 1.5, 1.4.1c-d, 1.7), in text or JSON."""

from __future__ import annotations

import argparse
import copy
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .options import CommandHelp, add_format, add_norm_options
from .support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    CommandError,
    exit_status_epilog,
    read_norm_report,
    say,
)

if TYPE_CHECKING:
    from ..core.title_application import TitleApplication, TitleNorm
    from ..norm_report.build import NormReport
    from ..text_output import JsonValue

__all__ = ["HELP", "add_arguments", "run"]

_EPILOG = """\
Each FILE.trf is read and checked as `xlfuncs norms` checks it (the options given apply
to every file; what a file says for itself, its own). The player is found in each by FIDE
id. The text ends with each requirement: figure, threshold, status and article.

""" + exit_status_epilog(
    "title: 0 whether or not the title is due; 1 also when two files are the same event"
)


HELP = CommandHelp(
    "title",
    summary="a title application: one player's norms over several TRF files",
    description="""\
Check a title application (FIDE Title Regulations B.01 1.5): the norm of
one player (by FIDE id) in each event, the games they cover (27, with 1.4.1c-d
and 1.7), a norm from an event meeting the general requirement (1.5.6) and the
rating (1.5.3).""",
    epilog=_EPILOG,
)


def add_arguments(title: argparse.ArgumentParser) -> None:
    """Add ``title``'s options to its parser."""
    from ..core.norms import NORM_TITLES

    add_norm_options(title)
    title.add_argument("more", nargs="*", metavar="FILE.trf", help="the other events' files")
    title.add_argument(
        "--fide-id", required=True, type=int, metavar="ID", help="the player's FIDE id"
    )
    title.add_argument(
        "--title", required=True, choices=tuple(NORM_TITLES), help="the title applied for"
    )
    title.add_argument(
        "--peak-rating",
        type=int,
        metavar="R",
        help="the highest rating the player reached (1.5.3); without it not checked",
    )
    title.add_argument(
        "--audit", action="store_true", help="each event's full norm audit (as norms --player)"
    )
    add_format(title, ("text", "json"), " or json")


def _player(report: NormReport, fide_id: int) -> int | None:
    players = report.tournament.players
    return next((p.start_no for p in players if (p.fide_id or "").strip() == str(fide_id)), None)


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs title``."""
    from ..core.title_application import check_application, title_norm

    if args.peak_rating is not None and not 0 < args.peak_rating < 4000:
        message = f"--peak-rating: {args.peak_rating} is not a rating (1 to 3999)"
        raise CommandError(message, EXIT_USAGE)
    if args.audit and args.format == "json":
        message = "--audit is for the text; the JSON holds each event's norm_check"
        raise CommandError(message, EXIT_USAGE)
    files = [args.file, *args.more]
    if "-" in files and len(files) > 1:
        message = "a title application reads files; - (standard input) only alone"
        raise CommandError(message, EXIT_USAGE)
    norms: list[TitleNorm] = []
    sources: list[str] = []
    audits: list[str] = []
    assumed: list[str] = []
    seen: dict[tuple[str, object, object], str] = {}
    for file in files:
        one = copy.copy(args)
        one.file = file
        tournament, report = read_norm_report(one)
        same = (tournament.name, tournament.start_date, tournament.end_date)
        if same in seen and (tournament.name or tournament.start_date):
            raise CommandError(
                f"{tournament.source}: the same event as {seen[same]} (012, 042, 052); "
                "an application counts each event once",
                EXIT_DATA_ERROR,
            )
        seen[same] = tournament.source
        start_no = _player(report, args.fide_id)
        if start_no is None:
            raise CommandError(
                f"--fide-id {args.fide_id}: {tournament.source} has no player with that "
                "FIDE id (001)",
                EXIT_USAGE,
            )
        player = report.player(start_no)
        checks = [c for c in player.checks if c.title.title == args.title]
        if not checks:
            raise CommandError(
                f"{tournament.source}: no {args.title} norm is checked for player no. "
                f"{start_no}: they hold {player.title or 'no title'} (001, or the rating "
                f"list), which stands above a {args.title} norm",
                EXIT_DATA_ERROR,
            )
        sources.append(tournament.source)
        norms.append(
            title_norm(
                tournament.name or tournament.source,
                checks[0],
                start=tournament.start_date,
                end=tournament.end_date,
                rules=report.title_rules,
            )
        )
        if args.audit:
            from ..norm_report.render import render_audit

            audits.append(f"{tournament.source}\n\n" + render_audit(report, start_no))
        assumed += [f"{tournament.source}: {a}" for a in report.assumptions]
        for warning in report.warnings:
            say("warning", f"{tournament.source}: {warning.message}")
    application = check_application(args.title, norms, args.peak_rating)
    if args.format == "json":
        sys.stdout.write(_json(application, sources, args.fide_id))
        return 0
    sys.stdout.write(_text(application, sources, args.fide_id, () if args.audit else assumed))
    for audit in audits:
        sys.stdout.write("\n" + audit)
    return 0


def _dates(n: TitleNorm) -> str:
    if n.start is None:
        return "-"
    return n.start.isoformat() + ("" if n.end in (None, n.start) else f" to {n.end}")


def _text(app: TitleApplication, files: list[str], fide_id: int, assumed: Sequence[str]) -> str:
    from ..output import visible
    from ..text_output import or_dash, points_text, table_lines, underlined

    out = underlined(f"Title application: {app.title}, FIDE id {fide_id}")
    out += ["", "Norms (B.01 1.4; games credited 1.4.1b-d, 1.7)"]
    rows = [["File", "Event", "Dates", "Norm", "Score", "Needs", "Ra", "Rp", "Games", "Exempt"]]
    for file, n in zip(files, app.norms, strict=True):
        c = n.check
        perf = c.performance
        needs = "-" if n.points_needed is None else points_text(n.points_needed)
        extra = f" + {n.extra_games}" if n.extra_games else ""
        games = f"{c.games_credited}{extra}" if n.met else "0"
        rows.append(
            [
                file,
                n.event,
                _dates(n),
                "yes" if n.met else "no: " + ", ".join(r.key for r in c.failed),
                f"{points_text(c.score)}/{len(c.used)}",
                needs,
                "-" if perf is None else str(perf.ra),
                "-" if perf is None else str(perf.rp),
                games,
                c.exemption or "-",
            ]
        )
    out += table_lines(rows, left={0, 1, 2, 3, 9})
    out += ["", "Application (B.01 1.5)"]
    rows = [["Requirement", "Art.", "Figure", "Needs", "Status"]]
    for r in app.requirements:
        sign = "<=" if r.at_most else ">="
        rows.append([r.label, r.article, or_dash(r.figure), f"{sign} {r.threshold}", r.status])
    out += table_lines(rows, left={0, 1, 4})
    if app.met:
        verdict = f"{app.title} title: every requirement met"
    else:
        missing = [r.key for r in app.requirements if r.met is not True]
        verdict = f"{app.title} title: not yet ({', '.join(missing)})"
    out += ["", verdict]
    unchecked = [
        f"- {file}: {r.label} ({r.article}): {r.status}"
        for file, n in zip(files, app.norms, strict=True)
        if n.met
        for r in n.check.unchecked
    ]
    if unchecked:
        out += ["", "Not checked from the files (a norm above holds only if these are met too)"]
        out += unchecked
    if assumed:
        out += ["", "Assumed, or read from the files' records", *(f"- {a}" for a in assumed)]
    return visible("\n".join(out)) + "\n"


def _json(app: TitleApplication, files: list[str], fide_id: int) -> str:
    from ..norm_report.render import check_object
    from ..text_output import json_fraction, json_text

    norms = [
        {
            "file": file,
            "event": n.event,
            "start": None if n.start is None else n.start.isoformat(),
            "end": None if n.end is None else n.end.isoformat(),
            "norm": n.met,
            "points_needed": json_fraction(n.points_needed),
            "games_credited": n.check.games_credited,
            "extra_games": n.extra_games,
            "games": n.games,
            "general_requirement": n.general,
            "eight_of_nine": n.eight_of_nine,
            "norm_check": check_object(n.check),
        }
        for file, n in zip(files, app.norms, strict=True)
    ]
    requirements = [
        {
            "key": r.key,
            "article": r.article,
            "label": r.label,
            "figure": r.figure,
            "threshold": r.threshold,
            "at_most": r.at_most,
            "met": r.met,
        }
        for r in app.requirements
    ]
    body: dict[str, JsonValue] = {
        "title": app.title,
        "fide_id": fide_id,
        "peak_rating": app.peak_rating,
        "met": app.met,
        "norms": norms,
        "requirements": requirements,
    }
    return json_text(body) + "\n"
