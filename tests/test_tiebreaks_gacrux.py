"""Our tie-breaks (:mod:`xlfuncs.core.tiebreaks`) against FIDE's reference engine, gacrux.

On every real file of ``tests/data/real/`` and every TieBreakServer fixture of
``tests/data/tiebreakserver/`` (FIDE's C.07 exercise files among them), every player's value
of every descriptor, and every rank, equals gacrux's (run by ``gacrux_reference.py``, once
per file and descriptor list): in both C.07 editions, with the rules chosen by the event's
date, with the tie-breaks in different orders (direct encounter depends on the keys before
it) and with a rating given to unrated players. One difference is known and listed in
:data:`KNOWN`; the values TieBreakServer publishes for its fixture are checked too.
"""

from __future__ import annotations

import datetime as _dt
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest
from gacrux_reference import NOT_FOR_GACRUX, GacruxResult, as_fraction, reference
from tiebreak_files import random_swiss

from xlfuncs.core.performance import PtpFullScore
from xlfuncs.core.results import Outcome
from xlfuncs.core.tiebreaks import TiebreakTable, tiebreaks
from xlfuncs.core.tournament import Crosstable, Pairing
from xlfuncs.trf import read_trf
from xlfuncs.trf.to_crosstable import TrfCrosstable, crosstable_from_trf

DATA = Path(__file__).parent / "data"
REAL_FILES = [p for p in sorted((DATA / "real").glob("*.trf")) if p.name not in NOT_FOR_GACRUX]
FILES = REAL_FILES + sorted((DATA / "tiebreakserver").glob("*.trf"))

ALL = (
    "DE", "BH", "BH/C1", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "SB/C2", "SB/M1", "PS",
    "PS/C1", "WIN", "WON", "BPG", "BWG", "GE", "REP", "KS", "ARO", "ARO/C1", "ARO/M1", "TPR",
    "PTP", "APRO", "APPO", "AOB", "FB",
)  # fmt: skip
"""Every supported code, with its usual modifiers. ``FB`` comes last: gacrux's Fore
Buchholz changes, for the tie-breaks computed after it in the same run, which rounds count as
played (its ``lna`` of a player who met an opponent in the last round), so it would make
later Buchholz values depend on the order of the list."""

ISSUE = ("BH/C1", "BH", "SB", "ARO")
"""The list issue 10 names for the report."""

DE_AFTER = ("BH/C1", "DE", "SB")
"""Direct encounter among the players tied on points and BH/C1."""

EDITION_DAYS = {"2023": _dt.date(2024, 8, 1), "2026": _dt.date(2026, 3, 1)}

LARGEST = "karl-mala-2005.trf"
"""The largest event (276 players, its bye's pseudo-player among them), two fifths of this
file's time: every tie-break by the event's date is checked on it in every run
(:func:`test_every_tiebreak_by_the_events_date`); the variants below (the other edition,
other orders, a rating for unrated players, the 2026 text) by the whole suite only."""

VARIANT_FILES = [
    pytest.param(p, id=p.name, marks=[pytest.mark.slow] if p.name == LARGEST else []) for p in FILES
]
""":data:`FILES` for the variants: :data:`LARGEST` marked ``slow``."""

KNOWN = {
    ("swiss_with_many_unplayed_rounds.trf", "PTP", 12): (Fraction(1800), Fraction(1736)),
    ("swiss_with_many_unplayed_rounds.trf", "APPO", 14): (Fraction(1326), Fraction(1314)),
}
"""Where we differ from gacrux, with our value and gacrux's: the Perfect Tournament
Performance of a full score. C.07 gives the highest-rated opponent + 800 (see
``docs/tiebreaks.md``; :func:`~xlfuncs.core.performance.rp_ptp`); gacrux searches the lowest
rating whose expected score reaches the full score, the highest opponent + 736 here (no. 12
won its one game, against an unrated opponent counted at 1000). No. 14's APPO averages
no. 12's PTP."""


def _read(path: Path) -> tuple[TrfCrosstable, _dt.date | None]:
    tx = crosstable_from_trf(read_trf(path))
    return tx, tx.event_date  # as every command dates the event (a two-digit year read)


def round_robin_forfeits(table: Crosstable, no: int, code: str, edition: str) -> int:
    """How much our value of *code* exceeds gacrux's for player *no* of a round robin: C.07
    15.2 makes a round robin's forfeits regular games in the own-record tie-breaks, forfeit
    wins in both texts and forfeit losses in the 2023 text only (the 2026 text keeps them
    unplayed rounds there); gacrux leaves every forfeit out of ``WON``, ``BPG``, ``BWG``
    and ``GE``/``REP`` (``docs/tiebreaks.md``, *Round robins with forfeits*)."""
    wins = losses = black_wins = black_losses = 0
    for p in table.entrants[no - 1].pairings:
        if p.opponent is None or p.outcome not in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS):
            continue
        won = p.outcome is Outcome.FORFEIT_WIN
        wins += won
        losses += not won
        black_wins += won and p.colour == "b"
        black_losses += not won and p.colour == "b"
    old = edition == "2023"
    return {
        "WON": wins,
        "BWG": black_wins,
        "BPG": black_wins + (black_losses if old else 0),
        "GE": losses if old else 0,
        "REP": losses if old else 0,
    }.get(code, 0)


@dataclass
class Tally:
    """The values compared with gacrux's in this test session, and those that differ, by
    reason (printed at the end of the session with ``-s``)."""

    compared: int = 0
    differing: dict[str, int] = field(default_factory=dict)


TALLY = Tally()


def _check(
    path: Path,
    ds: tuple[str, ...],
    *,
    edition: str | None = None,
    unrated: int | None = None,
    round_robin: bool | None = None,
    rounds: int | None = None,
    ptp_full_score: PtpFullScore = "highest+800",
) -> TiebreakTable:
    tx, start = _read(path)
    rr = tx.crosstable.round_robin if round_robin is None else round_robin
    day = EDITION_DAYS[edition] if edition else start
    # the same players (karl-mala's "spielfrei", the bye's pseudo-player, left out: a round
    # robin's Koya limit counts the players)
    ref = reference(path, ds, start=day, round_robin=rr, unrated=unrated, players_only=True)
    ours = tiebreaks(
        tx.file_ratings,
        ds,
        edition=edition,
        start=start,
        unrated=unrated,
        round_robin=rr,
        rounds=rounds,
        ptp_full_score=ptp_full_score,
    )
    assert ref.rules == ours.edition.in_force_from.isoformat()
    wrong = compare(path.name, tx.file_ratings, [p.start_no for p in tx.players], ds, ours, ref)
    assert wrong == []
    return ours


def compare(
    name: str,
    table: Crosstable,
    numbers: list[int],
    ds: tuple[str, ...],
    ours: TiebreakTable,
    ref: GacruxResult,
) -> list[tuple[object, ...]]:
    """Every value and rank of *ours* against gacrux's *ref* (players by their *numbers*),
    the known differences apart (:data:`KNOWN`, :func:`round_robin_forfeits`), counted in
    :data:`TALLY`; the differences not known."""
    wrong: list[tuple[object, ...]] = []
    for i, no in enumerate(numbers):
        theirs = ref.values[no]
        for k, d in enumerate(ds):
            mine, want = ours.values[i][k], as_fraction(theirs[k])
            TALLY.compared += 1
            if d.startswith("AOB") and mine is not None and want is not None:
                places = Decimal(str(theirs[k]))  # gacrux rounds AOB to 2-5 places
                got = Decimal(mine.numerator) / Decimal(mine.denominator)
                if got.quantize(places, rounding=ROUND_HALF_UP) != places:
                    wrong.append((no, d, mine, want))
                continue
            if mine == want:
                continue
            if ours.round_robin and mine is not None and want is not None:
                extra = round_robin_forfeits(table, no, d, ours.edition.id)
                if extra and mine - want == extra:
                    TALLY.differing["15.2: a round robin's forfeits"] = (
                        TALLY.differing.get("15.2: a round robin's forfeits", 0) + 1
                    )
                    continue
            if ours.ptp_full_score == "highest+800" and (
                KNOWN.get((name, d.split("/")[0], no)) == (mine, want)
                or (d.split("/")[0] in ("PTP", "APPO") and _full_score(table, no, d, mine, want))
            ):
                TALLY.differing["PTP of a full score"] = (
                    TALLY.differing.get("PTP of a full score", 0) + 1
                )
                continue
            wrong.append((no, d, mine, want))
        TALLY.compared += 1
        if ours.ranks[i] != ref.ranks[no]:
            wrong.append((no, "rank", ours.ranks[i], ref.ranks[no]))
    return wrong


_OVER_THE_BOARD = {
    Outcome.WIN, Outcome.DRAW, Outcome.LOSS,
    Outcome.SHORT_WIN, Outcome.SHORT_DRAW, Outcome.SHORT_LOSS,
}  # fmt: skip
"""The games the rating tie-breaks count: over the board, those of less than one move too."""


def _games(table: Crosstable, no: int) -> list[Pairing]:
    return [
        p
        for p in table.entrants[no - 1].pairings
        if p.opponent is not None and p.outcome in _OVER_THE_BOARD
    ]


def _won_every_game(table: Crosstable, no: int) -> bool:
    """Whether player *no* won every game played over the board (one at least)."""
    games = _games(table, no)
    return bool(games) and all(p.outcome in (Outcome.WIN, Outcome.SHORT_WIN) for p in games)


def _full_score(table: Crosstable, no: int, d: str, mine: object, want: object) -> bool:
    """Whether *mine* against *want* is the known PTP difference: player *no* (``PTP``) or
    one of their opponents over the board (``APPO``) won every game, where C.07 gives the
    highest opponent + 800 and gacrux the lowest rating whose expected score on table 8.1(b)
    reaches the full score (highest + 736: 64 less)."""
    if mine is None or want is None:
        return False
    if d.startswith("PTP"):
        return _won_every_game(table, no) and mine == cast(Fraction, want) + 64
    return any(_won_every_game(table, cast(int, p.opponent)) for p in _games(table, no))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_tiebreak_by_the_events_date(path: Path) -> None:
    ours = _check(path, ALL)
    day = _read(path)[1]
    if path.parent.name == "real":  # 2005 to 2024: the 2023 text, older events named
        assert day < EDITION_DAYS["2026"]
        assert ours.edition.id == "2023"
        older = day < EDITION_DAYS["2023"]
        assert any("older than the 2023 text" in n for n in ours.notes) == older


@pytest.mark.parametrize("path", VARIANT_FILES)
def test_every_tiebreak_in_the_other_edition(path: Path) -> None:
    """The edition the event's date does not choose (the date's one is checked above)."""
    other = "2026" if _read(path)[1] < EDITION_DAYS["2026"] else "2023"
    assert _check(path, ALL, edition=other).edition.id == other


@pytest.mark.parametrize("path", VARIANT_FILES)
@pytest.mark.parametrize("ds", [ISSUE, DE_AFTER], ids=["issue-list", "de-after-bh-c1"])
def test_lists_in_other_orders(path: Path, ds: tuple[str, ...]) -> None:
    _check(path, ds)


@pytest.mark.parametrize("path", VARIANT_FILES)
def test_rating_tiebreaks_with_a_rating_for_unrated_players(path: Path) -> None:
    ours = _check(path, ALL, unrated=1000)
    assert not any("unrated" in n for n in ours.notes)


NEW_2026 = (
    "STD", "RTNG", "RTNG/R", "RTNG/U1234", "KS/L-1", "KS/L+2", "KS/L-3", "ARO/U1234",
    "ARO/C1/U1234", "TPR/U1234", "PTP/U1234", "APRO/U1234", "APPO/U1234", "TPN/R", "TPN",
    "AOB/F",
)  # fmt: skip
"""The 2026 text's tie-breaks (``STD``, ``TPN``, ``RTNG``; ``AOB/F``) and the modifiers
``KS/L±n`` (C.07 14.5) and ``/U`` (a rating for unrated players, as gacrux writes it).
``TPN`` breaks every tie, so the tie-breaks after it do not change the ranks; ``AOB/F``
comes last (gacrux's Fore Buchholz changes the Buchholz-type tie-breaks after it)."""


@pytest.mark.parametrize("path", VARIANT_FILES)
@pytest.mark.parametrize("rr", [None, True, False], ids=["own-kind", "round-robin", "swiss"])
def test_the_2026_tiebreaks_and_modifiers(path: Path, rr: bool | None) -> None:
    """Every value and rank of the new tie-breaks equals gacrux's, with the event's own kind
    and with the round-robin and the Swiss rules."""
    _check(path, NEW_2026, edition="2026", round_robin=rr)


@pytest.mark.parametrize("path", VARIANT_FILES)
def test_the_2026_tiebreaks_with_a_rating_for_unrated_players(path: Path) -> None:
    """The event's rating for unrated players (1000) and a descriptor's own (``/U1234``),
    which wins over it, as in gacrux."""
    _check(path, NEW_2026, edition="2026", unrated=1000)


def test_the_known_difference_is_c07s_full_score() -> None:
    """No. 12 of the fixture scored 1/1 over the board against no. 14, unrated (1000)."""
    tx, start = _read(DATA / "tiebreakserver" / "swiss_with_many_unplayed_rounds.trf")
    t = tiebreaks(tx.file_ratings, "PTP", start=start, unrated=1000)
    assert t.column("PTP")[11] == 1000 + 800


@pytest.mark.parametrize("path", VARIANT_FILES)
def test_ptp_of_a_full_score_by_the_definition_is_gacrux_s(path: Path) -> None:
    """With the reading ``definition`` (the lowest rating whose expected score reaches the
    full score: the highest opponent + 736), PTP and APPO are gacrux's everywhere: the known
    difference is only the reading (no allowance made in :func:`compare`)."""
    ds = ("PTP", "PTP/C1", "APPO", "PTP/U1234", "APPO/U1234")
    _check(path, ds, unrated=1000, ptp_full_score="definition")
    _check(path, ds, edition="2026", unrated=1000, ptp_full_score="definition")


def test_rating_tiebreaks_undefined_when_a_player_is_unrated() -> None:
    """gacrux, as C.07 10: without a rating for unrated players, no rating tie-break."""
    tx, start = _read(DATA / "real" / "karl-mala-2005.trf")
    t = tiebreaks(tx.file_ratings, "ARO, TPR", start=start)
    assert set(t.column("ARO")) == {None} and set(t.column("TPR")) == {None}
    assert any("unrated" in n for n in t.notes)


# --- TieBreakServer's published outputs for its fixture (gacrux's tiebreakchecker) --------

UNPLAYED = DATA / "tiebreakserver" / "swiss_with_many_unplayed_rounds.trf"
NOT_OURS = {"VUR", "NUM", "ABH", "ESB", "COP", "CSQ", "DE"}
"""Columns of the ``.all`` outputs we do not compute (VUR, NUM, ABH, ESB, COP, CSQ), and DE,
which depends on the keys before it (those columns among them)."""


def _published(name: str) -> tuple[list[str], dict[int, dict[str, str]]]:
    lines = (DATA / "tiebreakserver" / name).read_text().splitlines()
    header = lines[0].split("\t")
    rows = {}
    for line in lines[1:]:
        if line.startswith("Check"):
            continue
        cells = dict(zip(header, line.split("\t")))
        rows[int(cells["StartNo"])] = cells
    return header, rows


def _value(text: str) -> Fraction | None:
    return None if text == "-0" else Fraction(text)


@pytest.mark.parametrize("day", ["2026-02-28", "2026-03-01"])
@pytest.mark.parametrize("kind", ["", ".all"])
def test_tiebreakserver_published_values(day: str, kind: str) -> None:
    """The fixture's outputs for a start on 28 February 2026 (the 2023 text) and on 1 March
    (the 2026 text): the values differ, so the 2026 rules apply from 1 March."""
    header, rows = _published(f"swiss_with_many_unplayed_rounds.{day}{kind}.txt")
    ds = [h for h in header[3:] if h not in NOT_OURS]
    tx, _ = _read(UNPLAYED)
    ours = tiebreaks(tx.file_ratings, ds, start=_dt.date.fromisoformat(day))
    assert ours.edition.id == ("2023" if day.endswith("28") else "2026")
    for i, player in enumerate(tx.players):
        cells = rows[player.start_no]
        assert ours.points[i] == Fraction(cells["PTS"])
        for d in ds:
            mine, want = ours.by_descriptor(i + 1)[d], _value(cells[d])
            if d == "AOB" and mine is not None:
                exact = Decimal(mine.numerator) / Decimal(mine.denominator)
                mine = Fraction(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
            assert mine == want, (player.start_no, d)
        if not kind:  # ranked by PTS, SB, SB/C1, SB/C2: those are the whole list
            assert ours.ranks[i] == int(cells["Rank"]), player.start_no


# --- generated files ----------------------------------------------------------------------

GENERATED = int(os.environ.get("XLFUNCS_TIEBREAK_FILES", "10"))
"""How many generated Swiss files (:func:`tiebreak_files.random_swiss`) are checked;
``XLFUNCS_TIEBREAK_FILES=400 pytest -s tests/test_tiebreaks_gacrux.py -k generated`` checks
more and prints the tally."""

GENERATED_LIST = (*NEW_2026[:-1], "WON", "BPG", "BWG", "REP", "PTP", "APPO", "SB", "BH/C1")
"""The new tie-breaks and the counts and ratings that 15.2 and a full score touch, with
``AOB/F`` last (see :data:`NEW_2026`)."""


@pytest.fixture(scope="module")
def tally() -> Iterator[Tally]:
    yield TALLY
    if GENERATED > 10:  # the long run: say what was compared
        print(f"\ncompared with gacrux: {TALLY.compared} values; known differences:")
        for why, count in sorted(TALLY.differing.items()):
            print(f"  {why}: {count}")


@pytest.mark.parametrize("seed", range(GENERATED))
@pytest.mark.parametrize(
    ("rr", "unrated"), [(False, None), (True, None), (False, 1000)], ids=["swiss", "rr", "u1000"]
)
def test_generated_files(
    tmp_path_factory: pytest.TempPathFactory,
    tally: Tally,
    seed: int,
    rr: bool,
    unrated: int | None,
) -> None:
    """Every value and rank of the 2026 text's tie-breaks and modifiers on a generated Swiss
    (byes of every kind, forfeits, double forfeits, games of less than one move, late
    entries, withdrawals, unrated players), with the Swiss and the round-robin rules and
    with a rating for unrated players, equals gacrux's but for the known differences. The
    rounds counted are the file's (``XXR``), as gacrux counts them, where the last rounds
    had no game over the board (see ``docs/tiebreaks.md``, *rounds*)."""
    text = random_swiss(seed)
    path = tmp_path_factory.mktemp("generated") / f"swiss_{seed}.trf"
    path.write_text(text)
    rounds = int(next(line for line in text.splitlines() if line.startswith("XXR"))[4:])
    ds = (*GENERATED_LIST, "AOB/F")
    _check(path, ds, edition="2026", unrated=unrated, round_robin=rr, rounds=rounds)
