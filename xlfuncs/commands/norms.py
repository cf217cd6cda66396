"""``xlfuncs norms``: every player's title-norm check from a TRF, one player's audit, a
certificate workbook, or the forecast of an event still running."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .options import add_trf_options
from .support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    error,
    rate_of_play,
    read_inputs,
    say,
)

__all__ = ["add_parser", "run"]

_EPILOG = """\
What a TRF cannot say is an option, never assumed silently: --event-type (default: a round
robin when every two players met, else a Swiss), --rate (default: what the time control,
122, says plainly, else not known; no norm in rapid or blitz),
--registered, --chief-arbiter-title (default: the title beginning the 102 record) and
--host-federation (default: the 032 record; a Swiss needs it for the exemption of 1.4.3d).
The text ends with what could not be checked and what was assumed.

exit status: 0 done; 1 a file is missing, unreadable or malformed, or --player names no
player; 2 the command line is wrong."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """Add ``norms`` to the ``xlfuncs`` command's subparsers."""
    from ..core.norm_event import EventType

    norms = sub.add_parser(
        "norms",
        help="title norms of a TRF file, checked as FIDE checks them",
        description="Check every player's title norms (FIDE Title Regulations B.01): the games,\n"
        "the opponents' federations and titles, the ratings, the exemptions. Prints every\n"
        "player with a norm and every player who made the rating figures but failed another\n"
        "requirement; --player N the whole audit of one player.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_trf_options(norms)
    norms.add_argument(
        "--event-type",
        choices=[k.value for k in EventType],
        help="the kind of event (default: rr when every two players met, else swiss)",
    )
    norms.add_argument(
        "--registered",
        choices=("yes", "no"),
        help="registered with FIDE 30 days before the start (1.1.1; default: not known)",
    )
    norms.add_argument(
        "--chief-arbiter-title",
        metavar="TITLE",
        help="IA, FA or another (1.1.5; default: from the 102 record, else not known)",
    )
    norms.add_argument(
        "--host-federation", metavar="FED", help="the federation hosting the event (default: 032)"
    )
    # --rating-list comes with add_trf_options (FIDE's list: here the players' titles and
    # federations from it, by FIDE id, instead of the file's)
    norms.add_argument(
        "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    norms.add_argument("--player", type=int, metavar="N", help="the full audit of player N")
    norms.add_argument(
        "--certificate",
        type=int,
        metavar="N",
        help="write player N's norm certificate (like FIDE's form IT1) to -o OUT.xlsx",
    )
    norms.add_argument("-o", "--output", metavar="OUT.xlsx", help="the certificate workbook")
    norms.add_argument(
        "--force", action="store_true", help="replace OUT.xlsx if it exists (never the input)"
    )
    norms.add_argument(
        "--forecast",
        action="store_true",
        help="for an event still running: the points each player still needs for a norm",
    )
    norms.add_argument(
        "--rounds",
        type=int,
        metavar="N",
        help="with --forecast: the event's rounds in all (default: the rounds in the file)",
    )
    norms.set_defaults(k_file=None)
    return norms


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs norms``."""
    from ..core import XlfuncsError
    from ..core.norm_event import EventType
    from ..norm_report.build import build_norm_report
    from ..norm_report.render import render_audit, render_json, render_text

    if args.certificate is not None and not args.output:
        error("--certificate needs -o OUT.xlsx")
        return EXIT_USAGE
    if args.certificate is not None:
        from ..output import OutputError, vet_file

        try:
            vet_file(args.output, force=args.force, inputs=(args.file,), what="workbook")
        except OutputError as exc:
            error(str(exc))
            return EXIT_DATA_ERROR
    inputs = read_inputs(args)
    if isinstance(inputs, int):
        return inputs
    tournament, _, edition = inputs
    facts = None
    if args.rating_list is not None:
        found = _list_facts(args.rating_list, tournament)
        if isinstance(found, str):
            error(found)
            return EXIT_DATA_ERROR
        facts = found
    try:
        report = build_norm_report(
            tournament,
            rules=edition,
            event_type=None if args.event_type is None else EventType.read(args.event_type),
            host_federation=args.host_federation,
            rate=rate_of_play(args),
            registered=None if args.registered is None else args.registered == "yes",
            chief_arbiter=args.chief_arbiter_title,
            list_facts=facts,
        )
    except XlfuncsError as exc:
        error(f"{tournament.source}: {exc}")
        return EXIT_DATA_ERROR
    for number in (args.player, args.certificate):
        if number is not None and all(p.start_no != number for p in report.players):
            error(f"{tournament.source}: no player has the starting rank {number}")
            return EXIT_DATA_ERROR
    if args.certificate is not None:
        from ..norm_report.certificate import write_certificate
        from ..output import OutputError

        try:
            target = write_certificate(report, args.certificate, args.output)
        except OutputError as exc:
            error(str(exc))
            return EXIT_DATA_ERROR
        print(f"wrote {target} (norm certificate of no. {args.certificate})")
        return 0
    if args.forecast:
        from ..norm_report.forecast import render_forecast

        sys.stdout.write(render_forecast(report, args.rounds))
        return 0
    if args.player is not None:
        sys.stdout.write(render_audit(report, args.player))
        return 0
    if args.format == "json":
        sys.stdout.write(render_json(report))
        for note in report.assumptions:
            say("assumed", note)
        for warning in report.warnings:
            say("warning", warning)
        return 0
    sys.stdout.write(render_text(report))
    return 0


def _list_facts(path: str, tournament: Any) -> dict[str, Any] | str:
    """The titles and federations a rating list gives the TRF's players, by FIDE id, or the
    message saying why the list cannot be read."""
    from ..norm_report.build import ListFacts
    from ..ratinglist import RatingListError, open_index

    ids = [p.fide_id for p in tournament.players if p.fide_id]
    try:
        with open_index(path) as index:
            found = index.lookup(ids)
    except RatingListError as exc:
        return str(exc)
    except OSError as exc:
        return f"cannot read {path}: {exc.strerror or exc}"
    return {
        fide_id: ListFacts(title=lp.title or lp.w_title, federation=lp.federation)
        for fide_id, lp in found.items()
    }
