"""``xlfuncs norms``: every player's title-norm check from a TRF, one player's audit, a
certificate workbook, or the forecast of an event still running."""

from __future__ import annotations

import argparse
import sys

from .norm_plan import addition_option
from .options import CommandHelp, add_force, add_format, add_norm_options
from .support import (
    EXIT_DATA_ERROR,
    EXIT_USAGE,
    CommandError,
    exit_status_epilog,
    failing,
    no_such_player,
    read_norm_report,
    say,
    vet_outputs,
)

__all__ = ["HELP", "add_arguments", "run"]

_EPILOG = """\
What a TRF cannot say is an option, never assumed silently: --event-type (default: the
event's system, --system, else the file's 192 or 092, else a round robin when every two
players met), --rate (default: what the time control,
122, says plainly, else not known; no norm in rapid or blitz),
--registered, --chief-arbiter-title (default: the title beginning the 102 record) and
--host-federation (default: the 032 record; a Swiss needs it for the exemption of 1.4.3d).
The text ends with what could not be checked and what was assumed.

""" + exit_status_epilog()


def rounds_option(text: str) -> int:
    """``--rounds N``: a number of rounds as the TRF reader reads one
    (:func:`~xlfuncs.trf.numbers.rounds_number`: a whole number from 1 to 999)."""
    from ..trf.numbers import MAX_ROUNDS, rounds_number

    found = rounds_number(text)
    if found is None:
        raise argparse.ArgumentTypeError(
            f"expected a whole number of rounds from 1 to {MAX_ROUNDS}, got {text!r}"
        )
    return found


HELP = CommandHelp(
    "norms",
    summary="title norms of a TRF file, checked as FIDE checks them",
    description="""\
Check every player's title norms (FIDE Title Regulations B.01): the games,
the opponents' federations and titles, the ratings, the exemptions. Prints every
player with a norm and every player who made the rating figures but failed another
requirement; --player N the whole audit of one player.""",
    epilog=_EPILOG,
)


def add_arguments(norms: argparse.ArgumentParser) -> None:
    """Add ``norms``'s options to its parser."""
    add_norm_options(norms)
    add_format(norms, ("text", "json"), " or json")
    norms.add_argument("--player", type=int, metavar="N", help="the full audit of player N")
    norms.add_argument(
        "--certificate",
        type=int,
        metavar="N",
        help="write player N's norm certificate (like FIDE's form IT1) to -o OUT.xlsx",
    )
    norms.add_argument("-o", "--output", metavar="OUT.xlsx", help="the certificate workbook")
    add_force(norms, "OUT.xlsx if it exists")
    norms.add_argument(
        "--forecast",
        action="store_true",
        help="for an event still running: the points each player still needs for a norm",
    )
    norms.add_argument(
        "--rounds",
        type=rounds_option,
        metavar="N",
        help="with --forecast or --plan: the event's rounds in all (default: the rounds in the "
        "file, 142 or XXR)",
    )
    norms.add_argument(
        "--plan",
        action="store_true",
        help="plan an event before it starts: FILE is its field (a TRF without results, or a "
        "CSV of name, rating, title, federation, sex); whether each norm is still possible, "
        "the points it needs, what blocks it, and what one more player would change",
    )
    norms.add_argument(
        "--add",
        action="append",
        type=addition_option,
        metavar="TITLE:RATING[:FED]",
        help="with --plan: a player the organiser could add (GM:2500, IM:2400:GER, none:2300 "
        "untitled; no FED: a federation not in the field); default: GM 2500, IM 2400, "
        "WGM 2300, WIM 2200, FM 2300 and an untitled 2300",
    )


def run(args: argparse.Namespace) -> int:
    """Run ``xlfuncs norms``."""
    from ..norm_report.render import render_audit, render_json, render_text

    if args.plan:
        unused = {
            "--certificate": args.certificate is not None,
            "--forecast": args.forecast,
            "--player": args.player is not None,
            "-o": args.output is not None,
            "--force": args.force,
            "--rating-list": args.rating_list is not None,
            "--registered": args.registered is not None,
            "--chief-arbiter-title": args.chief_arbiter_title is not None,
            "--round-robin-mix": args.round_robin_mix is not None,
            "--last-round-forfeit": args.last_round_forfeit is not None,
        }
        given = [flag for flag, used in unused.items() if used]
        if given:
            raise CommandError(
                f"--plan does not take {', '.join(given)}: a plan reads the field and the "
                "event's rounds, system, host federation, rate and rules only",
                EXIT_USAGE,
            )
        from .norm_plan import run as run_plan

        return run_plan(args)
    if args.add:
        raise CommandError("--add goes with --plan", EXIT_USAGE)
    if args.certificate is not None and not args.output:
        raise CommandError("--certificate needs -o OUT.xlsx", EXIT_USAGE)
    if args.output is not None and args.certificate is None:
        raise CommandError(
            f"-o {args.output}: -o names the workbook of --certificate N, not given", EXIT_USAGE
        )
    if args.certificate is not None:
        read_from = (args.file, args.k_file, args.rating_list)
        vet_outputs([args.output], force=args.force, inputs=read_from)
    tournament, report = read_norm_report(args)  # no K file: norms refuses --k-file
    for option, number in (("--player", args.player), ("--certificate", args.certificate)):
        if number is not None and all(p.start_no != number for p in report.players):
            raise CommandError(no_such_player(tournament, option, number), EXIT_USAGE)
    if args.certificate is not None:
        from ..norm_report.certificate import write_certificate
        from ..output import OutputError

        with failing(EXIT_DATA_ERROR, OutputError):
            target = write_certificate(report, args.certificate, args.output)
        print(f"wrote {target} (norm certificate of no. {args.certificate})")
        return 0
    if args.forecast:
        from ..norm_report.forecast import render_forecast

        sys.stdout.write(render_forecast(report, args.rounds))
        for warning in report.warnings:  # a number of rounds not read among them
            say("warning", warning.message)
        return 0
    if args.player is not None:
        sys.stdout.write(render_audit(report, args.player))
        return 0
    if args.format == "json":
        sys.stdout.write(render_json(report))
        for note in report.assumptions:
            say("assumed", note)
        for warning in report.warnings:
            say("warning", warning.message)
        return 0
    sys.stdout.write(render_text(report))
    return 0
