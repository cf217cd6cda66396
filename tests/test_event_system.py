"""The event's system, Swiss or round robin (:mod:`xlfuncs.trf.event_system`): from
``--system``, else the file's ``192`` (TRF-2026) or ``092``, else guessed from who met whom,
which the report names.

C.07 tells a round robin (Article 15, pre-determined pairings) from a Swiss by how the event
was paired. The real lichess Swiss ``lichess-swiss-2021-03.trf`` (9 players, 9 rounds, each
with one bye: every two players met) says ``092 Individual: Swiss-System``: its tie-breaks are
a Swiss's, and every value and rank equals gacrux's, FIDE's engine, run with the Swiss rules
(as gacrux itself reads that ``092``); with ``--system rr`` they equal gacrux's with the
round-robin rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run
from gacrux_reference import as_fraction, reference

from xlfuncs.event import EventOptions, analyse_event
from xlfuncs.findings import messages
from xlfuncs.report import build_report, render_text
from xlfuncs.trf import parse_trf, read_trf
from xlfuncs.trf.event_system import choose_system, file_system, system_of_text

DATA = Path(__file__).parent / "data"
LICHESS = DATA / "real" / "lichess-swiss-2021-03.trf"

ALL = (
    "BH", "BH/C1", "BH/M1", "SB", "SB/C1", "PS", "WIN", "WON", "GE", "KS", "DE", "FB",
)  # fmt: skip
"""Tie-breaks that depend on the system (the Buchholz family, SB and KS count unplayed rounds
by it), and some that do not; ``FB`` last, as gacrux needs (``test_tiebreaks_gacrux.py``)."""


def _compare(system: str | None, rr: bool) -> tuple[int, list[tuple[int, str, object, object]]]:
    """Our values of :data:`ALL` on the lichess file read with *system* against gacrux's
    with the round-robin rules (*rr*) or the Swiss ones: the count compared and the
    differences."""
    t = read_trf(LICHESS)
    options = EventOptions(tiebreaks=ALL, system=system)  # type: ignore[arg-type]
    event = analyse_event(t, options)
    assert event.crosstable.round_robin is rr
    ref = reference(LICHESS, ALL, start=event.event_date, round_robin=rr)
    table = event.standings.table
    compared = 0
    wrong = []
    for i, p in enumerate(event.players):
        theirs = ref.values[p.start_no]
        for k, d in enumerate(ALL):
            compared += 1
            if table.values[i][k] != as_fraction(theirs[k]):
                wrong.append((p.start_no, d, table.values[i][k], theirs[k]))
        compared += 1
        if table.ranks[i] != ref.ranks[p.start_no]:
            wrong.append((p.start_no, "rank", table.ranks[i], ref.ranks[p.start_no]))
    return compared, wrong


def test_a_swiss_in_which_every_two_players_met_is_ranked_as_the_swiss_it_says() -> None:
    compared, wrong = _compare(None, rr=False)
    assert (compared, wrong) == (9 * (len(ALL) + 1), [])
    report = build_report(read_trf(LICHESS))
    assert not report.round_robin
    assert report.system_note == "Swiss (092 'Individual: Swiss-System')"
    assert report.standings is not None
    assert report.standings.tiebreaks.descriptors == ("BH/C1", "BH", "SB")
    # no. 1 met all eight others (and had a bye): BH 45.0, as the issue has it (gacrux too)
    assert report.rows[0].tiebreaks["BH"] == 45
    assert "event:   Swiss (092 'Individual: Swiss-System')" in render_text(report)
    assert not any("round robin" in w for w in messages(report.warnings))


def test_system_rr_ranks_it_as_a_round_robin_as_given() -> None:
    compared, wrong = _compare("rr", rr=True)
    assert (compared, wrong) == (9 * (len(ALL) + 1), [])
    report = build_report(read_trf(LICHESS), system="rr")
    assert report.round_robin
    assert report.standings is not None
    assert report.standings.tiebreaks.descriptors == ("DE", "WIN", "SB", "KS")
    assert report.system_note == "round robin (given: --system rr)"
    assert (
        "--system rr given, but the file says Swiss (092 'Individual: Swiss-System'): ranked "
        "as a round robin, as given"
    ) in messages(report.warnings)


def test_the_guess_from_the_pairings_is_only_a_fallback_and_is_named(tmp_path: Path) -> None:
    text = LICHESS.read_text(encoding="utf-8")
    path = tmp_path / "no-092.trf"
    path.write_text(
        "\n".join(line for line in text.splitlines() if not line.startswith("092")) + "\n",
        encoding="utf-8",
    )
    report = build_report(read_trf(path))
    assert report.round_robin  # every two players met
    guess = (
        "system guessed from the pairings: round robin (every two players met; the file names "
        "none: no 092 or 192); give --system to choose"
    )
    assert report.system_note == guess and guess in messages(report.warnings)
    assert f"event:   {guess}" in render_text(report)


@pytest.mark.parametrize(
    ("records", "system", "where"),
    [
        ("192 FIDE_DUTCH_2025", "swiss", "192 'FIDE_DUTCH_2025'"),
        ("192 BERGER_DOUBLEROUNDROBIN", "rr", "192 'BERGER_DOUBLEROUNDROBIN'"),
        ("192 FIDE_TEAM_TYPEA_MP_GP", "swiss", "192 'FIDE_TEAM_TYPEA_MP_GP'"),
        ("192 CUSTOM_ROUNDROBIN\n092 Swiss", "rr",
         "192 'CUSTOM_ROUNDROBIN'; 092 'Swiss' says otherwise"),
        ("192 CUSTOM_KNOCKOUT", None, "192 'CUSTOM_KNOCKOUT' names none"),
        ("092 Rundenturnier", "rr", "092 'Rundenturnier'"),
        ("092 Schweizer System", "swiss", "092 'Schweizer System'"),
        ("092 Open", None, "092 'Open' names none"),
    ],
)  # fmt: skip
def test_the_files_records(records: str, system: str | None, where: str) -> None:
    # TRF-2026's 192 is a code of FIDE's table of tournament types (a Swiss pairing system,
    # or Berger's pre-determined tables); TRF16's 092 is words
    assert file_system(parse_trf(records + "\n")) == (system, where)


def test_words_naming_both_or_neither_name_none() -> None:
    assert system_of_text("Swiss or round robin") is None
    assert system_of_text("Todos contra todos") == "rr"
    assert system_of_text("Sistema suizo") == "swiss"


def test_a_round_robin_exported_mid_event_stays_one() -> None:
    # Four players, 092 a round robin, one round of three played: not every two met yet
    t = parse_trf("092 Individual: Round-Robin\n")
    from xlfuncs.core.tournament import Pairing as P

    pairings = [[P(2, None)], [P(1, None)], [P(4, None)], [P(3, None)]]
    chosen = choose_system(t, pairings)
    assert chosen.round_robin
    assert chosen.note == "round robin (092 'Individual: Round-Robin')"
    assert choose_system(parse_trf(""), pairings).round_robin is False  # the guess: a Swiss


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", str(LICHESS), "--system", "rr")
    assert code == 0
    assert "event:   round robin (given: --system rr)" in out
    assert "ranking: points, then DE, WIN, SB, KS (default for a round robin)" in out
    code, out, _ = run(capsys, "report", str(LICHESS), "--format", "json")
    assert code == 0 and json.loads(out)[0]["tiebreaks"]["BH"] == 45.0
    with pytest.raises(SystemExit) as stop:  # a period's files each have their own
        run(capsys, "period", str(LICHESS), "--system", "rr")
    assert stop.value.code == 2
    assert "not for period: it reads many events" in capsys.readouterr().err
    code, out, _ = run(capsys, "norms", str(LICHESS), "--system", "rr", "--format", "json")
    assert code == 0


def test_the_swiss_charts_formulas_are_told_the_system() -> None:
    # The wall chart's live TIEBREAK_ALL gets the event's system: without it, it would guess
    # a round robin (every two players met) and store BH 37.5 for no. 1 where the report
    # has 45.0
    from xlfuncs.filled_chart import event_from_trf
    from xlfuncs.templates import chart, swiss

    filled = event_from_trf(read_trf(LICHESS))
    assert not filled.round_robin and filled.event.system == "swiss"
    layout = swiss.layout_of(filled.event)
    assert chart.formulas(layout)["tiebreaks"].endswith(',"swiss",PtpFullScore,Scoring)')
    values = chart.figures(layout, chart.inputs(layout, filled.event))
    report = build_report(read_trf(LICHESS))
    for k, d in enumerate(report.standings.tiebreaks.descriptors if report.standings else ()):
        assert values[f"tb{k + 1}"][:9] == [float(r.tiebreaks[d]) for r in report.rows], d
    rr = event_from_trf(read_trf(LICHESS), system="rr")
    assert rr.round_robin is False  # the grid cannot hold the byes: the Swiss chart, told rr
    assert rr.event.system == "rr"
    assert chart.formulas(swiss.layout_of(rr.event))["tiebreaks"].endswith(
        ',"rr",PtpFullScore,Scoring)'
    )


def test_tiebreak_all_takes_a_system() -> None:
    # Three players, three rounds, each with one pairing-allocated bye (U, a point): 1-2 1-0
    # and 3 U; 1-3 draw and 2 U; 2-3 1-0 and 1 U. Points 2.5, 2.0, 1.5; every two met.
    # Round robin (C.07 15): BH the opponents' points, a bye adds nothing: 2.0 + 1.5 = 3.5,
    # 2.5 + 1.5 = 4.0, 2.5 + 2.0 = 4.5. Swiss (C.07 16, 2023): the bye is a game against a
    # dummy opponent with the player's own points: 3.5 + 2.5 = 6.0, 4.0 + 2.0, 4.5 + 1.5.
    from xlfuncs import udfs

    ratings = [[2000], [1900], [1800]]
    results = [[1, "=", "U"], [0, "U", 1], ["U", "=", 0]]
    opponents = [[2, 3, None], [1, None, 3], [None, 1, 2]]
    rr = udfs.TIEBREAK_ALL("BH", ratings, results, opponents, "2023", None, None, "rr")
    assert rr == [[3.5], [4.0], [4.5]]
    assert udfs.TIEBREAK_ALL("BH", ratings, results, opponents, "2023") == rr  # the guess
    swiss_bh = udfs.TIEBREAK_ALL("BH", ratings, results, opponents, "2023", None, None, "Suizo")
    assert swiss_bh == [[6.0], [6.0], [6.0]]
    bad = udfs.TIEBREAK_ALL("BH", ratings, results, opponents, "2023", None, None, "knockout")
    assert bad == "#VALUE!"
