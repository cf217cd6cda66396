"""A file written mid-event (:mod:`xlfuncs.trf.rounds_planned`): after round R of N, the
report, its JSON and the workbook's title say so, the standing counts rounds 1..R and shows
their points, the byes already entered for later rounds are listed apart, only players who
really withdrew are flagged, and Fore Buchholz takes the event's last round, N, as C.07
defines it ("the last round": not played yet, so no game is counted as drawn).

The file, ``tests/data/trf/held_swiss_after_4_of_9.trf``, is FIDE's 9-round tie-break
exercise (``held_swiss_9.trf``) cut after round 4, ``XXR 9`` kept, with byes entered for
round 5 (see ``tests/data/trf/SOURCE``). gacrux, FIDE's engine, is the oracle, asked for the
standing after round 4 (``current_round=4``; its last round stays the file's ``XXR``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_support import run
from gacrux_reference import as_fraction, reference

from xlfuncs.core.tiebreaks import tiebreaks
from xlfuncs.event import EventOptions, analyse_event
from xlfuncs.filled_chart import event_from_trf
from xlfuncs.findings import messages
from xlfuncs.report import build_report, render_text
from xlfuncs.trf import read_trf

MID = Path(__file__).parent / "data" / "trf" / "held_swiss_after_4_of_9.trf"

ALL = (
    "PTS", "BH", "BH/C1", "BH/M1", "SB", "SB/C1", "PS", "WIN", "WON", "GE", "REP", "KS", "ARO",
    "TPR", "DE", "FB",
)  # fmt: skip
"""``FB`` last, as gacrux needs (``test_tiebreaks_gacrux.py``)."""


def test_every_value_and_rank_is_gacruxs_after_round_4() -> None:
    event = analyse_event(read_trf(MID), EventOptions(tiebreaks=ALL))
    assert (event.counted_rounds, event.planned_rounds) == (4, 9)
    table = event.standings.table
    ref = reference(MID, ALL, start=event.event_date, round_robin=False, current_round=4)
    wrong = []
    compared = 0
    for i, p in enumerate(event.players):
        compared += len(ALL) + 1
        for k, d in enumerate(ALL):
            if table.values[i][k] != as_fraction(ref.values[p.start_no][k]):
                wrong.append((p.start_no, d, table.values[i][k], ref.values[p.start_no][k]))
        if table.ranks[i] != ref.ranks[p.start_no]:
            wrong.append((p.start_no, "rank", table.ranks[i], ref.ranks[p.start_no]))
    assert (compared, wrong) == (16 * (len(ALL) + 1), [])
    assert table.values[3][0] == 3  # no. 4's points: rounds 1-4, not the F of round 5


def test_fore_buchholz_takes_the_events_last_round() -> None:
    # After round 4 of 9 the last round, 9, is not played: no game counts as drawn, and FB
    # is the Buchholz of rounds 1-4. Taking round 4 for the last round (as before) counts
    # its games as draws: no. 1 beat no. 15 in round 4, whose score (2.0) would rise by 0.5
    event = analyse_event(read_trf(MID), EventOptions(tiebreaks=("BH", "FB")))
    table = event.standings.table
    assert [row[1] for row in table.values] == [row[0] for row in table.values]
    wrong_last = tiebreaks(event.file_ratings, "BH, FB", start=event.event_date)
    assert wrong_last.values[0][1] != table.values[0][1]


def test_the_report_says_after_round_4_of_9() -> None:
    report = build_report(read_trf(MID))
    text = render_text(report)
    assert "players: 16 (0 rated), after round 4 of 9" in text  # no FIDE ids: unrated
    rows = {r.start_no: r for r in report.rows}
    # no. 4: 12 b 1, bye H, 13 w 1, 3 w = -> 3.0 after round 4; the F entered for round 5
    # is not counted (the file's 4.0 has it)
    assert (rows[4].points, rows[4].file_points) == (3.0, 4.0)
    assert rows[4].later_byes == "round 5: F (1.0)"
    assert rows[9].later_byes == rows[14].later_byes == "round 5: H (0.5)"
    assert sum(1 for r in report.rows if r.later_byes) == 3
    assert "Byes entered for later rounds" in text
    assert "- no. 4 David: round 5: F (1.0)" in text
    assert all((r.after_round, r.rounds_planned) == (4, 9) for r in report.rows)


def test_only_players_who_really_withdrew_are_flagged() -> None:
    # Round 5 is not paired yet: that is no withdrawal. No. 12 had a zero-point bye in round
    # 4 and nothing entered after it: flagged; no. 14 too had one, but a bye entered for
    # round 5: still in
    report = build_report(read_trf(MID))
    flagged = [r.start_no for r in report.rows if r.flags and "withdrawn" in r.flags]
    assert flagged == [12]


def test_json_and_the_workbook_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "report", str(MID), "--format", "json")
    assert code == 0
    rows = json.loads(out)
    assert (rows[0]["after_round"], rows[0]["rounds_planned"]) == (4, 9)
    assert rows[3]["points"] == 3.0 and rows[3]["later_byes"] == "round 5: F (1.0)"
    filled = event_from_trf(read_trf(MID))
    assert filled.event.name == "FIDE C.07 Tie-Break Exercise, 9 rounds (after round 4 of 9)"


def test_the_charts_rounds_leave_the_later_byes_out_and_note_them() -> None:
    # Nos. 4 (F), 9 and 14 (H) have byes entered for round 5, not played: the chart's round-5
    # cells stay blank (its live POINTS_ALL then counts rounds 1-4, as the standing), each
    # bye kept apart (a note on the cell) and named in the command's warnings.
    from xlfuncs.templates.event import Round

    filled = event_from_trf(read_trf(MID))
    players = filled.event.players
    assert [(p.number, p.later_byes) for p in players if p.later_byes] == [
        (4, ((5, "F (1.0)"),)),
        (9, ((5, "H (0.5)"),)),
        (14, ((5, "H (0.5)"),)),
    ]
    assert all(p.rounds[4] == Round(None, None, None) for p in players if p.later_byes)
    assert all(len(p.rounds) == 5 for p in players)
    (said,) = [
        w for w in messages(filled.warnings) if w.startswith("byes entered for rounds after")
    ]
    assert "no. 4 round 5: F (1.0)" in said and "rounds 1..4" in said


def test_the_norm_report_and_its_forecast_count_the_events_rounds() -> None:
    # The file writes 5 rounds (round 5's byes) of the 9 its XXR gives: the norms' header
    # says the standing, and the forecast's rounds left are those of 9, not of 5
    from xlfuncs.norm_report import build_norm_report
    from xlfuncs.norm_report.forecast import render_forecast
    from xlfuncs.norm_report.render import render_text as render_norms

    report = build_norm_report(read_trf(MID), rate="standard")
    assert "event: Swiss, after round 4 of 9" in render_norms(report)
    assert "rounds: 9 in all" in render_forecast(report)
    assert "rounds: 7 in all" in render_forecast(report, 7)  # --rounds wins
