"""The command-line options several ``xlfuncs`` commands share: the TRF file and its reading
options, the tie-break options, the rating unrated players count at, and ``--force``. A value
the option refuses is argparse's usage error (exit 2) naming the option and the value."""

from __future__ import annotations

import argparse

from ..core.editions import EDITIONS
from ..core.tiebreak_editions import TIEBREAK_EDITIONS

__all__ = [
    "add_force",
    "add_tiebreak_rules",
    "add_trf_options",
    "not_for_charts",
    "unrated_rating_option",
]


def add_trf_options(command: argparse.ArgumentParser) -> None:
    """The TRF file and the options of every command that reads one."""
    command.add_argument(
        "file", metavar="FILE.trf", help="the tournament report file; - reads standard input"
    )
    command.add_argument(
        "--rules",
        metavar="EDITION",
        help=f"edition of the rating regulations ({', '.join(EDITIONS)} or a "
        "date YYYY-MM-DD); default: the one in force on the event's start "
        "date (for --rate rapid or blitz: their rules in force then)",
    )
    command.add_argument(
        "--k-file", metavar="CSV", help="K by FIDE id (CSV with the header fide_id,k)"
    )
    command.add_argument(
        "--rate",
        choices=("standard", "rapid", "blitz"),
        help="rate of play; default: the one the file's time control (122) says, else "
        "standard (the report says which); rapid and blitz claim no title norm",
    )
    command.add_argument(
        "--tiebreaks",
        metavar="LIST",
        type=_tiebreaks_option,
        help="the tie-breaks that rank players after their points, as C.07 writes them "
        '(e.g. "BH/C1,BH,SB"); default: the file\'s list (TRF-2026 record 202 or 212), '
        "else BH/C1,BH,SB for a Swiss and DE,WIN,SB,KS for a round robin",
    )
    command.add_argument(
        "--rating-list",
        metavar="FILE",
        help="FIDE's rating list (players_list_foa.txt, a single list, XML, or their ZIP): "
        "rating, K, title, sex and birth year of the players it holds; read once into the "
        "cache (see xlfuncs cache)",
    )


def _tiebreaks_option(text: str) -> tuple[str, ...]:
    """``--tiebreaks``: the descriptors' texts; a bad one is argparse's usage error (exit 2)
    naming the option and the descriptor."""
    from ..core import XlfuncsError
    from ..trf.tiebreak_list import option_tiebreaks

    try:
        return option_tiebreaks(text)
    except XlfuncsError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_tiebreak_rules(command: argparse.ArgumentParser) -> None:
    """``--tiebreak-rules``: the C.07 edition of ``report`` and ``crosstable``."""
    command.add_argument(
        "--tiebreak-rules",
        metavar="EDITION",
        type=_tiebreak_rules_option,
        help=f"edition of the Tie-Break Regulations, C.07 ({', '.join(TIEBREAK_EDITIONS)} or a "
        "date YYYY-MM-DD); default: the one in force on the event's start date (an older "
        f"event: the {next(iter(TIEBREAK_EDITIONS))} text)",
    )


def _tiebreak_rules_option(text: str) -> str:
    """``--tiebreak-rules``: a C.07 edition id or an ISO date, checked; a bad one is
    argparse's usage error (exit 2) naming the option, the value and the accepted ones."""
    from ..core import XlfuncsError
    from ..core.tiebreak_editions import tiebreak_edition_for

    try:
        tiebreak_edition_for(text)
    except XlfuncsError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("edition: ")) from None
    return text.strip()


def unrated_rating_option(text: str) -> int:
    """``--unrated-rating``: a rating (1..MAX_RATING); anything else is argparse's usage
    error (exit 2) naming the option and the value."""
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


def not_for_charts(text: str) -> None:
    """``crosstable --unrated-rating``: refused (exit 2), saying why."""
    raise argparse.ArgumentTypeError(
        "not for crosstable: the chart's live TIEBREAK_ALL formulas give unrated players no "
        "rating, so its stored and live rating tie-breaks would disagree (they are defined "
        "there only when every player is rated); use it with report"
    )


def add_force(command: argparse.ArgumentParser, what: str) -> None:
    """``--force``: replace existing output files (never the input)."""
    command.add_argument("--force", action="store_true", help=f"replace {what} (never the input)")
