"""The generated comparison with FIDE's engine: seeded individual and team events
(:mod:`event_generator`: byes of every kind, ``162`` scoring with a pairing-allocated bye
worth less than a win, ``300`` and ``352`` records, mid-event files, odd team round robins)
read by ours and by gacrux (in-process), every value of every tie-break both compute and
every rank compared. Every difference found must belong to a class of :data:`ALLOWED`, the
one list of the differences allowed, each with the reason and where the docs give it; a
difference of no class fails.

Bounded to stay quick: :data:`INDIVIDUAL` and :data:`TEAM` files (``XLFUNCS_FUZZ_LONG=1``:
:data:`LONG` of each, and the tally printed with ``-s``); the quick loop (``-m "not slow"``)
runs the first quarter of each (:func:`budget.seeds`).
"""

from __future__ import annotations

import copy
import datetime as _dt
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest
from budget import seeds
from event_generator import Drawn, random_individual, random_team
from gacrux import tiebreak, trf2json
from gacrux_reference import as_fraction, reference
from gacrux_teams import team_text

from xlfuncs.core.tiebreaks import tiebreaks
from xlfuncs.event import analyse_event
from xlfuncs.trf import read_trf
from xlfuncs.trf.teams import event_teams
from xlfuncs.trf.to_crosstable import crosstable_from_trf

LONG = 150
INDIVIDUAL = LONG if os.environ.get("XLFUNCS_FUZZ_LONG") else 40
TEAM = LONG if os.environ.get("XLFUNCS_FUZZ_LONG") else 60


@dataclass(frozen=True)
class Allowed:
    """A class of differences with FIDE's engine that C.07's text settles otherwise, or that
    the engine cannot compute."""

    reason: str
    doc: str
    """Where the docs give it: ``file.md#anchor``."""


ALLOWED: dict[str, Allowed] = {
    "rr-forfeit": Allowed(
        "A round robin's forfeits: regular games in the own-record tie-breaks (C.07 15.2: "
        "forfeit wins in both texts, forfeit losses in the 2023 text only); gacrux leaves "
        "every forfeit out of WON, BPG, BWG, REP",
        "tiebreaks.md#round-robins-with-forfeits-c07-152",
    ),
    "ptp-full-score": Allowed(
        "PTP (and APPO through it) of a full score: C.07 10.3's highest-rated opponent + 800; "
        "gacrux searches the lowest rating reaching the score",
        "tiebreaks.md#perfect-tournament-performance-of-a-full-score",
    ),
    "std-gp": Allowed(
        "STD on game points: by rounds (C.07 7.7: 'the number of rounds'); gacrux counts boards",
        "tiebreaks.md#what-the-text-settles-and-what-it-leaves-open",
    ),
    "352-from-black": Allowed(
        "Record 352 starting with B: which team is white in a match (BPG, BWG on match "
        "points): its board 1 player's colour (C.04.6 1.6.1); gacrux the sequence's team",
        "tiebreaks.md#what-the-text-settles-and-what-it-leaves-open",
    ),
    "sssc-event-rounds": Allowed(
        "SSSC (each form) in a file written mid-event: its normalising factor counts the "
        "event's rounds (C.07 13.4.2 b: 'the highest achievable primary score in the "
        "tournament'); gacrux the rounds played",
        "tiebreaks.md#what-the-text-settles-and-what-it-leaves-open",
    ),
    "gacrux-fails": Allowed(
        "gacrux stops with an error: SSSC's divisor 0 (DivisionByZero), a team with a round "
        "without a match or a bye (KeyError 'gpoints')",
        "teams.md#the-team-only-tie-breaks",
    ),
    "rest-without-bye": Allowed(
        "An odd team round robin whose resting team has no bye recorded (no 320): a round "
        "not paired, scored 0 and read as such by the tie-breaks; gacrux stops on game points "
        "and reads the match points' rounds otherwise",
        "tiebreaks.md#team-events",
    ),
}
"""Every allowed difference with gacrux 1.11.65, by class: the one list."""

INDIVIDUAL_LIST = (
    "BH", "BH/C1", "BH/M1", "SB", "SB/C1", "PS", "WIN", "WON", "BPG", "BWG", "REP", "KS",
    "ARO", "TPR", "PTP", "APRO", "APPO", "STD", "TPN", "DE", "AOB", "FB",
)  # fmt: skip
"""A player's tie-breaks compared (2026 text; ``FB`` last: gacrux's Fore Buchholz changes the
rounds the tie-breaks after it count)."""

TEAM_VALUES = (
    ("MPvGP", "MPVGP"), ("BH:MP", "BH:MP"), ("BH/C1:MP", "BH:MP/C1"), ("BH:GP", "BH:GP"),
    ("SB:MP", "SB:MP"), ("SB:GP", "SB:GP"), ("PS:MP", "PS:MP"), ("WIN:MP", "WIN:MP"),
    ("KS:MP", "KS:MP"), ("STD:MP", "STD:MP"), ("STD:GP", "STD:GP"), ("EMGSB", "EMGSB"),
    ("EGMSB", "EGMSB"), ("BC", "BC"), ("BPG", "BPG"), ("BWG", "BWG"), ("BPG:GP", "BPG:GP"),
    ("WIN:GP", "WIN:GP"), ("WON:GP", "WON:GP"), ("SB", "SB"), ("FB:MP", "FB:MP"),
    ("FB:GP", "FB:GP"),
)  # fmt: skip
"""A team's tie-breaks compared value by value, as ours and gacrux write them (the score
named, but in ``SB``; the Fore Buchholzes last)."""

SSSC_VALUES = (
    ("SSSC", "SSSC"), ("SSSC:GP", "SSSC:GP"), ("SSSC/P", "SSSC/P"), ("SSSC/F", "SSSC/F"),
    ("SSSC/K2:GP", "SSSC:GP/K2"), ("EMGSB/C1/P", "EMGSB/C1/P"),
)  # fmt: skip
"""Compared apart: gacrux stops on ``SSSC`` whose normalising factor is 0."""

TEAM_PLACES = ("TBR", "BBE", "EDE", "EDET", "EDEB", "EDE/P")
"""Compared by the ranks they make after the two scores."""


@dataclass
class Tally:
    """What was compared in this session, and the differences by class."""

    values: int = 0
    ranks: int = 0
    files: Counter[str] = field(default_factory=Counter)
    differing: Counter[str] = field(default_factory=Counter)
    differing_ranks: Counter[str] = field(default_factory=Counter)


TALLY = Tally()


@pytest.fixture(scope="module")
def tally() -> Iterator[Tally]:
    yield TALLY
    print(
        f"\ngenerated comparison with gacrux: {TALLY.values} values, {TALLY.ranks} ranks in "
        f"{dict(TALLY.files)} files; differing values by class {dict(TALLY.differing)}, "
        f"ranks {dict(TALLY.differing_ranks)}"
    )


def _full_score(rows: list[str]) -> bool:
    """Every game over the board won (a player's round symbols)."""
    games = [c for c in rows if c in "10=WLD"]
    return bool(games) and all(c in "1W" for c in games)


def _individual_class(
    d: str, drawn: Drawn, rows: list[str], everyone: dict[int, list[str]]
) -> str | None:
    """The class of a differing value of a player whose rounds are *rows* (their symbols;
    *everyone*: every player's)."""
    code = d.split("/")[0]
    if drawn.round_robin and code in ("WON", "BPG", "BWG", "REP") and {"+", "-"} & set(rows):
        return "rr-forfeit"
    if code == "PTP" and _full_score(rows):
        return "ptp-full-score"
    if code == "APPO" and any(_full_score(r) for r in everyone.values()):
        return "ptp-full-score"
    return None


@pytest.mark.parametrize("seed", seeds(INDIVIDUAL))
def test_generated_individual_events(tmp_path: Path, tally: Tally, seed: int) -> None:
    text, drawn = random_individual(seed)
    drawn.round_robin = seed % 3 == 2  # the rules of a round robin (C.07 15) on every third
    path = tmp_path / f"individual_{seed}.trf"
    path.write_text(text)
    t = read_trf(path)
    tx = crosstable_from_trf(t)
    ours = tiebreaks(
        tx.file_ratings,
        INDIVIDUAL_LIST,
        edition="2026",
        unrated=1000,
        round_robin=drawn.round_robin,
        rounds=drawn.rounds_played,
        final_round=drawn.rounds_planned,
    )
    ref = reference(
        path,
        INDIVIDUAL_LIST,
        start=_dt.date(2026, 3, 10),
        round_robin=drawn.round_robin,
        unrated=1000,
        current_round=drawn.rounds_played,
    )
    symbols = {
        p.start_no: [c[-1] for c in _cells(line)]
        for p, line in zip(tx.players, (x for x in text.splitlines() if x.startswith("001")))
    }
    tally.files["individual"] += 1
    wrong: list[tuple[object, ...]] = []
    classes: set[str] = set()
    for i, p in enumerate(tx.players):
        for k, d in enumerate(INDIVIDUAL_LIST):
            mine, want = ours.values[i][k], as_fraction(ref.values[p.start_no][k])
            tally.values += 1
            if d == "AOB" and mine is not None and want is not None:
                places = Decimal(str(ref.values[p.start_no][k]))
                got = Decimal(mine.numerator) / Decimal(mine.denominator)
                if got.quantize(places, rounding=ROUND_HALF_UP) == places:
                    continue
            if mine == want:
                continue
            why = _individual_class(d, drawn, symbols[p.start_no], symbols)
            if why is None:
                wrong.append((p.start_no, d, mine, want))
            else:
                tally.differing[why] += 1
                classes.add(why)
    for i, p in enumerate(tx.players):
        tally.ranks += 1
        if ours.ranks[i] != ref.ranks[p.start_no]:
            if classes:
                tally.differing_ranks["/".join(sorted(classes))] += 1
            else:
                wrong.append((p.start_no, "rank", ours.ranks[i], ref.ranks[p.start_no]))
    assert wrong == [], text


def _cells(line: str) -> list[str]:
    body = line.rstrip()
    return [body[s : s + 8] for s in range(91, len(body), 10)]


def _gacrux_team(
    path: Path, descriptors: list[str], current: int, round_robin: bool
) -> dict[str, Any] | str:
    """gacrux's answer for a team file (its error's name where it stops with one)."""
    chessfile = trf2json.trf2json()
    chessfile.parse_file(team_text(path.read_text(encoding="utf-8")), True)
    tournament = copy.deepcopy(chessfile.get_tournament(1))
    tournament.setdefault("tournamentInfo", {})["startDate"] = "2026-04-01"
    params = {
        "tiebreak": descriptors,
        "check": False,
        "unrated": None,
        "pre_determined": round_robin,
        "swiss": not round_robin,
    }
    try:
        result: dict[str, Any] = tiebreak.tiebreak(tournament, current, params).compute_tiebreaks(
            tournament, params
        )
    except Exception as exc:  # gacrux's own failures: counted, not compared
        return type(exc).__name__
    return result


def _team_class(d: str, drawn: Drawn) -> str | None:
    code, _, score = d.partition(":")
    code = code.split("/")[0]
    if drawn.rests_without_bye:
        return "rest-without-bye"
    if code == "SSSC" and drawn.rounds_planned > drawn.rounds_played:
        return "sssc-event-rounds"
    if d == "STD:GP":
        return "std-gp"
    if code in ("BPG", "BWG") and not score and drawn.colours_from_black:
        return "352-from-black"
    return None


@pytest.mark.parametrize("seed", seeds(TEAM))
def test_generated_team_events(tmp_path: Path, tally: Tally, seed: int) -> None:
    text, drawn = random_team(seed)
    path = tmp_path / f"team_{seed}.trf"
    path.write_text(text)
    t = read_trf(path)
    event = analyse_event(t)
    first = "MPTS" if drawn.primary == "MP" else "GPTS"
    other = "GP" if drawn.primary == "MP" else "MP"
    current = drawn.rounds_played if drawn.rounds_planned > drawn.rounds_played else -1
    rr = event.read.crosstable.round_robin  # gacrux given the rules ours reads (192: Swiss)
    tally.files["team"] += 1
    wrong: list[tuple[object, ...]] = []
    classes: set[str] = set()
    for group in (TEAM_VALUES, SSSC_VALUES):
        ours = event_teams(
            t,
            event.read,
            drawn.rounds_played,
            descriptors=[d for d, _ in group],
            final_round=event.planned_rounds,
        )
        assert ours is not None
        theirs = _gacrux_team(path, [first, *(g for _, g in group)], current, rr)
        if isinstance(theirs, str):
            why = "rest-without-bye" if drawn.rests_without_bye else "gacrux-fails"
            tally.differing[why] += len(ours.teams) * len(group)
            classes.add(why)
            continue
        ref = {
            c["cid"]: tuple(as_fraction(v) for v in c["tiebreakScore"][1:])
            for c in theirs["competitors"]
        }
        for team, values in zip(ours.teams, ours.values):
            for (d, _), mine, want in zip(group, values, ref[team.number]):
                tally.values += 1
                if mine == want:
                    continue
                why = _team_class(d, drawn)
                if why is None:
                    wrong.append((team.number, d, mine, want))
                else:
                    tally.differing[why] += 1
                    classes.add(why)
    for place in TEAM_PLACES:
        ours = event_teams(
            t,
            event.read,
            drawn.rounds_played,
            descriptors=[other, place],
            final_round=event.planned_rounds,
        )
        assert ours is not None
        theirs = _gacrux_team(
            path, [first, "GPTS" if other == "GP" else "MPTS", place], current, rr
        )
        if isinstance(theirs, str):
            why = "rest-without-bye" if drawn.rests_without_bye else "gacrux-fails"
            tally.differing_ranks[why] += len(ours.teams)
            continue
        ref_ranks = {c["cid"]: c["rank"] for c in theirs["competitors"]}
        for team, r in zip(ours.teams, ours.ranks):
            tally.ranks += 1
            if r != ref_ranks[team.number]:
                if classes:
                    tally.differing_ranks["/".join(sorted(classes))] += 1
                else:
                    wrong.append((team.number, place, r, ref_ranks[team.number]))
    assert wrong == [], text


def test_every_class_has_its_doc_anchor() -> None:
    """Each allowed class names a section of the docs that exists."""
    docs = Path(__file__).parent.parent / "docs"
    for name, allowed in ALLOWED.items():
        page, _, anchor = allowed.doc.partition("#")
        text = (docs / page).read_text(encoding="utf-8")
        headings = {
            "-".join(
                "".join(
                    c for c in line.lstrip("#").strip().lower() if c.isalnum() or c in " -"
                ).split()
            )
            for line in text.splitlines()
            if line.startswith("#")
        }
        assert anchor in headings, (name, allowed.doc)
