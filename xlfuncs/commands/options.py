"""The command-line options several ``xlfuncs`` commands share. A value an option refuses is
argparse's usage error (exit 2) naming the option and the value.

Every field of :class:`~xlfuncs.event.EventOptions` is one option (:data:`EVENT_FLAGS`), and
every command that reads a TRF either honours it or refuses it, saying why (:func:`refuse`)."""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, get_args, get_type_hints

from ..core.editions import EDITIONS, RateOfPlay
from ..core.tiebreak_editions import TIEBREAK_EDITIONS
from .support import exit_status_epilog

__all__ = [
    "CommandHelp",
    "EVENT_FLAGS",
    "RATES",
    "add_force",
    "add_output_folder",
    "add_format",
    "add_norm_options",
    "add_norm_event_options",
    "add_tiebreak_options",
    "add_trf_options",
    "refuse",
    "refuse_norm_event_options",
    "refuse_tiebreak_options",
    "unrated_rating_option",
]


@dataclass(frozen=True)
class CommandHelp:
    """What the help says of one command: its *name*, the *summary* of ``xlfuncs --help``,
    the *description* and *epilog* of ``xlfuncs NAME --help`` (printed as written)."""

    name: str
    summary: str
    description: str
    epilog: str = exit_status_epilog()


EVENT_FLAGS: Mapping[str, str] = {
    "rules": "--rules",
    "rate": "--rate",
    "k_overrides": "--k-file",
    "rating_list": "--rating-list",
    "tiebreaks": "--tiebreaks",
    "team_tiebreaks": "--tiebreaks",
    "tiebreak_rules": "--tiebreak-rules",
    "unrated_rating": "--unrated-rating",
    "ptp_full_score": "--ptp-full-score",
    "koya_scores": "--koya-scores",
    "team_colour": "--team-colour",
    "system": "--system",
    "event_type": "--event-type",
    "host_federation": "--host-federation",
    "registered": "--registered",
    "chief_arbiter_title": "--chief-arbiter-title",
    "big_swiss_count": "--big-swiss-count",
    "round_robin_mix": "--round-robin-mix",
    "last_round_forfeit": "--last-round-forfeit",
}
"""The option of each field of :class:`~xlfuncs.event.EventOptions` but ``today``
(``--tiebreaks`` fills ``team_tiebreaks`` with ``report --teams``)."""


def _dest(flag: str) -> str:
    """The parsed arguments' name of *flag* (``--k-file``: ``k_file``)."""
    return flag.removeprefix("--").replace("-", "_")


EVENT_DESTS: tuple[str, ...] = tuple(dict.fromkeys(_dest(f) for f in EVENT_FLAGS.values()))
"""The parsed arguments' names of the options of :data:`EVENT_FLAGS`."""

RATES: tuple[str, ...] = tuple(r.value for r in RateOfPlay)

NO_RANKING = "it ranks no one, so no tie-break applies"
"""Why ``norms`` and ``period`` refuse the tie-break options."""


def refuse(command: argparse.ArgumentParser, flag: str, reason: str) -> None:
    """*flag*, an option other commands honour, refused by *command* (exit 2) with
    *reason*; hidden from its help."""
    name = command.prog.split()[-1]

    def refused(text: str) -> None:
        raise argparse.ArgumentTypeError(f"not for {name}: {reason}")

    command.add_argument(flag, metavar="X", type=refused, help=argparse.SUPPRESS)


def add_trf_options(
    command: argparse.ArgumentParser, refused: Mapping[str, str] | None = None
) -> None:
    """The TRF file and the options of every command that reads one, each flag of *refused*
    refused with its reason. Every option of :data:`EVENT_FLAGS` (and ``--teams``) is in
    the parsed arguments, ``None`` (``False``) where not given or not the command's."""
    refused = refused or {}
    command.set_defaults(**dict.fromkeys(EVENT_DESTS), teams=False)
    command.add_argument(
        "file", metavar="FILE.trf", help="the tournament report file; - reads standard input"
    )
    for flag, kwargs in _TRF_OPTIONS.items():
        if flag in refused:
            refuse(command, flag, refused[flag])
        else:
            command.add_argument(flag, **kwargs)


def add_norm_event_options(command: argparse.ArgumentParser) -> None:
    """What the norm check needs that a TRF cannot say (FIDE Title Regulations B.01): the
    kind of event, the registration, the chief arbiter's title, the host federation."""
    from ..core.norm_event import EventType
    from ..core.norm_readings import NormReadings

    command.add_argument(
        "--event-type",
        choices=[k.value for k in EventType],
        help="the kind of event, for the norms (default: the event's system, --system)",
    )
    command.add_argument(
        "--registered",
        choices=("yes", "no"),
        help="registered with FIDE 30 days before the start (1.1.1; default: not known)",
    )
    command.add_argument(
        "--chief-arbiter-title",
        metavar="TITLE",
        help="IA, FA or another (1.1.5; default: from the 102 record, else not known)",
    )
    command.add_argument(
        "--host-federation", metavar="FED", help="the federation hosting the event (default: 032)"
    )
    readings = get_type_hints(NormReadings)
    for flag, text in _NORM_READING_HELP.items():
        command.add_argument(flag, choices=get_args(readings[_dest(flag)]), help=text)


_NORM_READING_HELP: Mapping[str, str] = {
    "--big-swiss-count": "1.4.3d: the players counted in each round (default) or once over "
    "the event",
    "--round-robin-mix": "1.4.1f in a round robin: the opponents' mix over the whole event "
    "(default) or over the games that remain",
    "--last-round-forfeit": "1.4.2c: a forfeit won in the last round not counted (default) "
    "or counted as a game lost",
}
"""The options of the norm check's readings (:class:`~xlfuncs.core.norm_readings.NormReadings`,
an option a field, its choices the field's) and their help."""


def add_norm_options(command: argparse.ArgumentParser) -> None:
    """The options of a command that checks title norms (``norms``, ``title``): the TRF's,
    the norm event's, ``--k-file`` and the tie-break options refused."""
    add_trf_options(
        command,
        refused={
            "--k-file": "K moves ratings, not norms; use it with report",
            "--tiebreaks": NO_RANKING,
        },
    )
    refuse_tiebreak_options(
        command,
        "the Title Regulations give an unrated opponent its own value (1400 from 1 January "
        "2024, 1000 before), which the norm check applies; use it with report",
    )
    add_norm_event_options(command)


def refuse_norm_event_options(command: argparse.ArgumentParser, reason: str) -> None:
    """The norm event's options, refused by *command* with *reason*."""
    for flag in NORM_EVENT_FLAGS:
        refuse(command, flag, reason)


NORM_EVENT_FLAGS = (
    "--event-type",
    "--registered",
    "--chief-arbiter-title",
    "--host-federation",
    *_NORM_READING_HELP,
)
"""The norm event's options (:func:`add_norm_event_options`)."""


def _tiebreaks_option(text: str) -> tuple[str, ...]:
    """``--tiebreaks``: the descriptors' texts, a player's list or a team event's."""
    from ..core import XlfuncsError
    from ..trf.teams import option_team_tiebreaks
    from ..trf.tiebreak_list import option_tiebreaks

    try:
        return option_tiebreaks(text)
    except XlfuncsError as exc:
        try:  # a team event's list (report --teams: BH:GP, EDE ...)
            return option_team_tiebreaks(text)
        except XlfuncsError:
            raise argparse.ArgumentTypeError(str(exc)) from None


_TRF_OPTIONS: Mapping[str, Mapping[str, Any]] = {
    "--rules": {
        "metavar": "EDITION",
        "help": f"edition of the rating regulations ({', '.join(EDITIONS)} or a date "
        "YYYY-MM-DD); default: the one in force on the event's start date (for --rate rapid "
        "or blitz: their rules in force then)",
    },
    "--k-file": {"metavar": "CSV", "help": "K by FIDE id (CSV with the header fide_id,k)"},
    "--rate": {
        "choices": RATES,
        "help": "rate of play; default: the one the file's time control (122) says, else "
        "standard (the report says which); rapid and blitz claim no title norm",
    },
    "--system": {
        "choices": ("swiss", "rr"),
        "help": "how the event was paired: swiss, or rr (a round robin: pre-determined "
        "pairings, C.07 Article 15), for the tie-breaks, first ratings and norms; "
        "default: the file's (TRF-2026 192, else 092), else guessed from the pairings "
        "(every two players met: rr; the report says so)",
    },
    "--tiebreaks": {
        "metavar": "LIST",
        "type": _tiebreaks_option,
        "help": "the tie-breaks that rank players after their points, as C.07 writes them "
        '(e.g. "BH/C1,BH,SB"); default: the file\'s list (TRF-2026 record 202 or 212), '
        "else BH/C1,BH,SB for a Swiss and DE,WIN,SB,KS for a round robin; with "
        'report --teams, those that rank the teams (e.g. "EDE,BH:GP,SB")',
    },
    "--rating-list": {
        "metavar": "FILE",
        "help": "FIDE's rating list (players_list_foa.txt, a single list, XML, or their ZIP): "
        "rating, K, title, federation, sex and birth year of the players it holds; read once "
        "into the cache (see xlfuncs cache)",
    },
}
"""The options of :func:`add_trf_options` after the file, in order, as argparse takes them."""


def add_tiebreak_options(
    command: argparse.ArgumentParser, *, koya_refused: str | None = None
) -> None:
    """The options of the standing's tie-breaks (``report``, ``check``, ``crosstable``),
    ``--koya-scores`` refused with *koya_refused* when given, then ``--verbose``."""
    from ..core.performance import PTP_FULL_SCORE_DEFAULT, PTP_FULL_SCORE_READINGS
    from ..core.teams import TEAM_COLOUR_READINGS
    from ..core.tiebreaks import KOYA_SCORES_READINGS

    command.add_argument(
        "--tiebreak-rules",
        metavar="EDITION",
        type=_tiebreak_rules_option,
        help=f"edition of the Tie-Break Regulations, C.07 ({', '.join(TIEBREAK_EDITIONS)} or a "
        "date YYYY-MM-DD); default: the one in force on the event's start date (an older "
        f"event: the {next(iter(TIEBREAK_EDITIONS))} text)",
    )
    command.add_argument(
        "--unrated-rating",
        metavar="N",
        type=unrated_rating_option,
        help="the rating unrated opponents count at in the rating tie-breaks (ARO, TPR, PTP, "
        "APRO, APPO, RTNG), as the tournament's rules give it (C.07); default: none, and "
        "those tie-breaks are undefined ('-') once a player is unrated",
    )
    command.add_argument(
        "--ptp-full-score",
        choices=PTP_FULL_SCORE_READINGS,
        help="the perfect tournament performance (PTP, C.07 10.3) of a 100%% score, and APPO "
        f"through it: {PTP_FULL_SCORE_DEFAULT} (default; the highest-rated opponent + 800, as a "
        "zero score's is the lowest - 800) or definition (the lowest rating whose expected score "
        "reaches it: the highest-rated opponent + 736, as FIDE's engine computes it)",
    )
    command.add_argument(
        "--team-colour",
        choices=TEAM_COLOUR_READINGS,
        help="which team of a match has white, for the team tie-breaks BPG and BWG on match "
        "points: board-1 (default; the team whose board 1 had white, FIDE's C.04.6 1.6.1) or "
        "sequence (the team playing record 352's colour sequence, as FIDE's engine reads it)",
    )
    if koya_refused is None:
        command.add_argument(
            "--koya-scores",
            choices=KOYA_SCORES_READINGS,
            help="the opponents' scores Koya (KS, C.07 9.2) compares with its limit when record "
            "299 gives bonuses or penalties: results (default; their results' points, as "
            "Buchholz reads them) or standing (their score in the standing, bonus included, as "
            "FIDE's engine reads it for Koya)",
        )
    else:
        refuse(command, "--koya-scores", koya_refused)
    command.add_argument(
        "--verbose",
        action="store_true",
        help="print each line a summary finding counts (one per player whose rank in the "
        "file differs from ours ...) and each finding of a kind with more than five; "
        "without it, the summary alone",
    )


TIEBREAK_FLAGS = (
    "--tiebreak-rules",
    "--unrated-rating",
    "--ptp-full-score",
    "--koya-scores",
    "--team-colour",
)
"""The options of :func:`add_tiebreak_options` but ``--verbose``."""


def refuse_tiebreak_options(
    command: argparse.ArgumentParser, unrated_reason: str = NO_RANKING
) -> None:
    """The tie-break options, refused by a *command* that ranks no one;
    ``--unrated-rating`` with *unrated_reason*."""
    for flag in TIEBREAK_FLAGS:
        refuse(command, flag, unrated_reason if flag == "--unrated-rating" else NO_RANKING)


def _tiebreak_rules_option(text: str) -> str:
    """``--tiebreak-rules``: a C.07 edition id or an ISO date, checked."""
    from ..core import XlfuncsError
    from ..core.tiebreak_editions import tiebreak_edition_for

    try:
        tiebreak_edition_for(text)
    except XlfuncsError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("edition: ")) from None
    return text.strip()


def unrated_rating_option(text: str) -> int:
    """``--unrated-rating``: a rating (1..MAX_RATING)."""
    from ..core import XlfuncsError
    from ..core.validate import MAX_RATING, rating

    try:
        value = int(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a rating (a whole number, 1..{MAX_RATING}), got {text!r}"
        ) from None
    try:
        return rating(value, name="N")
    except XlfuncsError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("N: ")) from None


def add_output_folder(
    command: argparse.ArgumentParser | argparse._MutuallyExclusiveGroup,
    default: str,
    what: str = "folder to write to",
) -> None:
    """``-o``/``--output DIR``: the folder a command writes to, *default* unless given."""
    command.add_argument(
        "-o", "--output", metavar="DIR", default=default, help=f"{what} (default: {default})"
    )


def add_force(command: argparse.ArgumentParser, what: str) -> None:
    """``--force``: replace existing output files (never the input)."""
    command.add_argument("--force", action="store_true", help=f"replace {what} (never the input)")


def add_format(command: argparse.ArgumentParser, formats: tuple[str, ...], said: str) -> None:
    """``--format``: one of *formats*, the first by default; *said* ends its help."""
    command.add_argument(
        "--format", choices=formats, default=formats[0], help=f"{formats[0]} (default){said}"
    )
