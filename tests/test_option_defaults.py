"""An option's default is written once: in core, beside the readings it is one of, where every
other place (the options record, the functions' signatures, the wizard's help, the chart's
cells, the command line's help) refers to it; and one record carries the options from the
command line to the core (:class:`~xlfuncs.event.EventOptions`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from xlfuncs.cli import build_parser
from xlfuncs.commands.support import event_options
from xlfuncs.core.norm_readings import DEFAULT_READINGS
from xlfuncs.core.performance import PTP_FULL_SCORE_DEFAULT, PTP_FULL_SCORE_READINGS
from xlfuncs.core.teams import TEAM_COLOUR_DEFAULT, TEAM_COLOUR_READINGS
from xlfuncs.core.tiebreaks import KOYA_SCORES_DEFAULT, KOYA_SCORES_READINGS
from xlfuncs.event import EventOptions

PACKAGE = Path(__file__).parent.parent / "xlfuncs"

DEFINED_ONCE = {
    '"highest+800"': "core/performance.py",
    "highest+800": "core/performance.py",
    '"board-1"': "core/teams.py",
}
"""A default's text and the one file of xlfuncs/ that defines it (with the readings it is one
of); any other file of the package that writes it is listed."""


def _files_writing(text: str) -> list[str]:
    return sorted(
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if text in path.read_text(encoding="utf-8")
    )


@pytest.mark.parametrize(("text", "home"), DEFINED_ONCE.items())
def test_a_default_is_written_in_its_definition_only(text: str, home: str) -> None:
    assert _files_writing(text) == [home]


def test_the_defaults_are_the_first_readings() -> None:
    """The readings are listed with the default first (the command line's choices, the chart's
    list); C.07 10.3's PTP of a full score reads the highest-rated opponent + 800 unless told
    otherwise, Koya the results' points, a team's colour its board 1's (C.04.6 1.6.1)."""
    assert PTP_FULL_SCORE_READINGS[0] == PTP_FULL_SCORE_DEFAULT == "highest+800"
    assert KOYA_SCORES_READINGS[0] == KOYA_SCORES_DEFAULT == "results"
    assert TEAM_COLOUR_READINGS[0] == TEAM_COLOUR_DEFAULT == "board-1"


def test_the_options_record_takes_its_defaults_from_core() -> None:
    record = EventOptions()
    assert record.ptp_full_score == PTP_FULL_SCORE_DEFAULT
    assert record.koya_scores == KOYA_SCORES_DEFAULT
    assert record.team_colour == TEAM_COLOUR_DEFAULT
    assert record.big_swiss_count == DEFAULT_READINGS.big_swiss_count
    assert record.round_robin_mix == DEFAULT_READINGS.round_robin_mix
    assert record.last_round_forfeit == DEFAULT_READINGS.last_round_forfeit


@pytest.mark.parametrize("command", ["report", "crosstable", "check", "norms", "title"])
def test_no_option_given_is_the_record_of_defaults(command: str) -> None:
    """Every command that reads an event, given none of its options, reads it with the
    record's defaults (options it does not have are absent from its arguments as ``None``)."""
    needed = {"crosstable": ["-o", "x.xlsx"], "title": ["--fide-id", "1", "--title", "IM"]}
    argv = [command, "x.trf", *needed.get(command, [])]
    args = build_parser().parse_args(argv)
    assert event_options(args, rules=None) == EventOptions()


def test_options_given_reach_the_record() -> None:
    args = build_parser().parse_args(
        [
            "report",
            "x.trf",
            "--ptp-full-score",
            "definition",
            "--unrated-rating",
            "1000",
            "--koya-scores",
            "standing",
            "--team-colour",
            "sequence",
            "--big-swiss-count",
            "event",
            "--registered",
            "no",
        ]
    )
    record = event_options(args, rules=None)
    assert (record.ptp_full_score, record.unrated_rating, record.koya_scores) == (
        "definition",
        1000,
        "standing",
    )
    assert (record.team_colour, record.big_swiss_count, record.registered) == (
        "sequence",
        "event",
        False,
    )


def test_the_commands_read_their_options_as_parsed() -> None:
    """No ``getattr(args, ..., default)``: each option a command reads is in its parsed
    arguments (:func:`~xlfuncs.commands.options.add_trf_options` sets them all)."""
    found = [
        f"{path.relative_to(PACKAGE).as_posix()}:{number}"
        for path in sorted((PACKAGE / "commands").glob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if re.search(r"getattr\(args\b", line)
    ]
    assert found == []


def test_every_option_of_the_reading_reaches_its_field() -> None:
    """Each option of :data:`~xlfuncs.commands.options.EVENT_FLAGS` given to ``report`` sets
    its field of the record (the files aside: the command reads them and passes what they
    hold); ``--tiebreaks`` fills ``tiebreaks`` for an individual event."""
    from xlfuncs.commands.options import EVENT_FLAGS

    given = {
        "--rules": "2025",
        "--rate": "rapid",
        "--tiebreaks": "BH",
        "--tiebreak-rules": "2023",
        "--unrated-rating": "1000",
        "--ptp-full-score": "definition",
        "--koya-scores": "standing",
        "--team-colour": "sequence",
        "--system": "swiss",
        "--event-type": "swiss",
        "--registered": "no",
        "--chief-arbiter-title": "IA",
        "--host-federation": "ENG",
        "--big-swiss-count": "event",
        "--round-robin-mix": "remaining",
        "--last-round-forfeit": "loss",
    }
    args = build_parser().parse_args(["report", "x.trf", *(s for kv in given.items() for s in kv)])
    record = event_options(args, rules="2025", k_overrides={"12345678": 40})
    default = EventOptions()
    unset = {"rating_list", "team_tiebreaks"}  # no list read; an individual event
    assert set(EVENT_FLAGS.values()) - set(given) == {"--k-file", "--rating-list"}
    for field in set(EVENT_FLAGS) - unset:
        assert getattr(record, field) != getattr(default, field), field
    assert (record.rating_list, record.team_tiebreaks) == (None, None)
    assert (record.unrated_rating, record.registered) == (1000, False)
    assert record.k_overrides == {"12345678": 40}
