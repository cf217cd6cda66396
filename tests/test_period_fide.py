"""A rating period as FIDE rates it, against FIDE's published per-player calculations
(``tests/data/fide_calculations/``, SOURCE.md there): each event rated with the player's
rating of the list valid at its start, the period's change rounded once (Rating Regulations
8.3.4) and added to the latest list, the calendar (7.1.3, 9.1) placing every published event
on the list it was rated on. Every expected figure is FIDE's (its ``K x chg`` per event, its
lists); the residuals are each named with their reason (``docs/period.md``)."""

from __future__ import annotations

import csv
import datetime as _dt
import json
import math
from collections import defaultdict
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.core.period import EventGames, PlayerPeriod, period_rating
from xlfuncs.core.rating_calendar import Timing, add_months, list_in_force, place_event
from xlfuncs.core.rating_change import Rounding
from xlfuncs.core.tables import round_half_away

DATA = Path(__file__).parent / "data" / "fide_calculations"


def _rows(name: str) -> list[dict[str, str]]:
    with open(DATA / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _month(text: str) -> _dt.date:
    return _dt.date.fromisoformat(text + "-01")


EVENTS: dict[str, list[dict[str, str]]] = defaultdict(list)
for _e in _rows("events.csv"):
    EVENTS[_e["case"]].append(_e)
LISTS: dict[str, dict[_dt.date, int]] = defaultdict(dict)
for _l in _rows("lists.csv"):
    LISTS[_l["case"]][_month(_l["list"])] = int(_l["rating"])
GAMES: dict[tuple[str, int], list[tuple[int, Fraction]]] = defaultdict(list)
for _g in _rows("games.csv"):
    GAMES[_g["case"], int(_g["event"])].append(
        (int(_g["opponent_rating_used"]), Fraction(_g["score"]))
    )


def _period(case: str) -> _dt.date:
    return _month(EVENTS[case][0]["period"])


def _previous(case: str) -> int:
    """The player's rating on the list before the period (the one the change is added to)."""
    return LISTS[case][add_months(_period(case), -1)]


def _published(case: str) -> int:
    return LISTS[case][_period(case)]


def _sum(case: str) -> Fraction:
    return sum((Fraction(e["k_chg"]) for e in EVENTS[case]), Fraction(0))


def _per_event(case: str) -> int:
    return sum(round_half_away(Fraction(e["k_chg"])) for e in EVENTS[case])


BASE_CORRECTED = {"F-P04", "F-M01", "F-M04", "F-M11", "F-M14", "F-M17", "F-M57"}
"""FIDE's starting rating Ro of the period's latest event differs from the list before the
period (a correction the lists do not show): FIDE's new list is Ro + the change."""
ROUNDED_PER_EVENT = {"F-P02"}
"""The one published period rounded per event, not once (-6.1, +3.7, +7.8: +6, not +5)."""
UNEXPLAINED = {"F-M09": +1, "F-M18": -1}
"""Published list minus (previous list + the change rounded once): no reading of the rules
that fits FIDE's printed figures reproduces them (``test_the_two_residuals_*`` below)."""


def _at_start_lists(case: str, rounding: Rounding = Rounding.PERIOD) -> PlayerPeriod:
    """Case *case* rated from its games, each event at the player's rating on the list valid
    at its start, K from the list before the period (F-P05: the list's K 20)."""
    events = EVENTS[case]
    games = [
        EventGames(
            tuple(GAMES[case, int(e["event"])]),
            rating=LISTS[case][list_in_force(_dt.date.fromisoformat(e["start"]))],
        )
        for e in events
    ]
    k_listed = 20 if case == "F-P05" else int(events[-1]["k"])
    return period_rating(_previous(case), games, k_listed, rules="2025", rounding=rounding)


# --- each event at its own list -------------------------------------------------------------


@pytest.mark.parametrize("case", sorted({c for c, _ in GAMES}))
def test_each_event_at_its_own_start_list_gives_fides_k_x_change(case: str) -> None:
    # Every game as FIDE printed it (the opponent's rating used, the score), each event at
    # the player's rating on the list valid at its start, K from the list before the period:
    # core gives FIDE's K x chg for every event, to the hundredth.
    events = EVENTS[case]
    calc = _at_start_lists(case)
    assert calc.change is not None
    assert calc.change.k == int(events[0]["k"])  # F-P05: 39 games, 700 // 39 = 17
    assert calc.event_changes == tuple(Fraction(e["k_chg"]) for e in events)
    assert [g.n for g in [calc.change]] == [sum(int(e["n"]) for e in events)]
    once = _previous(case) + round_half_away(_sum(case))
    assert calc.change.new_rating == once
    if case in ROUNDED_PER_EVENT:
        # F-P02 (the case): 2400 + round(5.4) = 2405; FIDE published 2406, the
        # events rounded one by one: 2400 - 6 + 4 + 8.
        assert (once, _published(case)) == (2405, 2406)
        per_event = _at_start_lists(case, Rounding.EVENT)
        assert per_event.change is not None and per_event.change.new_rating == 2406
    elif case in BASE_CORRECTED:
        # F-P04: FIDE's Ro 2053 against the November list's 2052; -0.20 rounds to 0.
        ro = int(events[-1]["ro"])
        assert (once, ro + round_half_away(_sum(case)), _published(case)) == (2052, 2053, 2053)
    elif case in UNEXPLAINED:
        # F-M09, F-M18: every game as FIDE printed it gives FIDE's K x chg of every event,
        # yet the list is one off (the readings tried: the tests below).
        assert _published(case) - once == UNEXPLAINED[case]
    else:
        assert once == _published(case)


def test_the_december_2025_case_in_figures() -> None:
    # F-P02 by hand: event 1 at 2395 (October list): 1995* 1 (.92 -> +.08), 2205 ½ (D 190,
    # .75 -> -.25), 2325 0 (D 70, .60 -> -.60), 1995* 1, 1995* 1: -0.61 x 10 = -6.1.
    # Events 2 and 3 at 2400 (November list): +0.37 and +0.78, x 10 = 3.7 and 7.8. The list
    # before December: 2400. Once: 2400 + round(5.4) = 2405; per event: 2400 - 6 + 4 + 8.
    assert [e["k_chg"] for e in EVENTS["F-P02"]] == ["-6.10", "3.70", "7.80"]
    assert [int(e["ro"]) for e in EVENTS["F-P02"]] == [2395, 2400, 2400]
    assert (_previous("F-P02"), _sum("F-P02"), _per_event("F-P02")) == (2400, Fraction(27, 5), 6)


# --- the two residuals: every reading tried -------------------------------------------------


def _games_period(case: str, shift: int = 0, k: int = 20) -> tuple[int, Fraction]:
    """Case *case* rated from its games with every event at FIDE's Ro + *shift*: the period's
    rated games and its K x sum(W - PD)."""
    ro = int(EVENTS[case][0]["ro"]) + shift
    games = [EventGames(tuple(GAMES[case, int(e["event"])]), rating=ro) for e in EVENTS[case]]
    calc = period_rating(ro, games, k, rules="2025")
    assert calc.change is not None
    return calc.change.n, calc.change.unrounded


def _per_game(case: str) -> int:
    """Each game's K x (W - PD) rounded on its own (half away from zero), then added."""
    calc = _at_start_lists(case)
    assert calc.change is not None
    return sum(
        round_half_away(Fraction(g.k * (g.points_hundredths - g.expected_hundredths), 100))
        for g in calc.change.games
    )


def test_the_two_residuals_are_not_in_fides_own_figures() -> None:
    # F-M09 (list 2026-02, born 2007, K 20; Roquetas 9 games, Lliga Catalana 2) and F-M18
    # (2026-04, born 1994, K 20; three overlapping events in Santo Domingo Este, 9 + 8 + 5):
    # FIDE printed Ro = the list before the period for every event (2008; 1770), so no base
    # correction shows; the list's rated games (the source's `published_list_games`: 11 and
    # 22) are the page's, so no game was added or left out. Core, from every game as printed,
    # gives each event's K x chg, and the period: sum(W - PD) = -0.08 in both, x 20 = -1.60.
    assert [int(e["ro"]) for e in EVENTS["F-M09"]] == [2008, 2008] == [_previous("F-M09")] * 2
    assert [int(e["ro"]) for e in EVENTS["F-M18"]] == [1770] * 3 == [_previous("F-M18")] * 3
    assert _games_period("F-M09") == (11, Fraction(-8, 5))
    assert _games_period("F-M18") == (22, Fraction(-8, 5))
    # Rounded once or per event: -2 in both (-15 + 13; 20 - 5 - 17). FIDE: -1 and -3, from
    # the same -1.60: no rounding of the period's or the events' figures gives both.
    assert (round_half_away(_sum("F-M09")), _per_event("F-M09")) == (-2, -2)
    assert (round_half_away(_sum("F-M18")), _per_event("F-M18")) == (-2, -2)
    assert (_published("F-M09") - 2008, _published("F-M18") - 1770) == (-1, -3)


def test_the_two_residuals_readings_that_reproduce_one_break_others() -> None:
    published = {c: _published(c) for c in UNEXPLAINED}

    # Each game rounded on its own: F-M09's -1, but F-M18 -4, and it misses five of the
    # other game-by-game periods (FIDE follows none of them that way).
    per_game = {c: _previous(c) + _per_game(c) for c in sorted({c for c, _ in GAMES})}
    assert per_game["F-M09"] == published["F-M09"] and per_game["F-M18"] == 1766
    misses = {c for c, r in per_game.items() if c not in BASE_CORRECTED and r != _published(c)}
    assert misses == {"F-M05", "F-M06", "F-M18", "F-P03", "F-P05"}

    # Each event truncated toward zero: F-M09 -14 + 13 = -1, F-M18 20 - 4 - 17 = -1, and 12 of
    # the 21 periods without a base correction missed.
    def truncated(case: str) -> int:
        return _previous(case) + sum(int(Fraction(e["k_chg"])) for e in EVENTS[case])

    assert truncated("F-M09") == published["F-M09"] and truncated("F-M18") == 1769
    plain = [c for c in EVENTS if c not in BASE_CORRECTED]
    assert (len(plain), sum(truncated(c) != _published(c) for c in plain)) == (21, 12)

    # Another K: F-M09's -1 needs K 7 to 18 (-0.08 x K in [-1.5, -0.5)), F-M18's -3 needs
    # 32 to 43. The rules give neither: F-M09's player (born 2007: the junior K 40 ended with
    # 2025) rated 2008 is K 20 (K 10 only once rated 2400, 8.3.3), and K 40 (a new player)
    # over F-M18's 22 games is cut to 700 // 22 = 31 (K x n <= 700), which gives -2.48: -2.
    assert [k for k in range(1, 61) if round_half_away(Fraction(-8, 100) * k) == -1] == list(
        range(7, 19)
    )
    assert [k for k in range(1, 61) if round_half_away(Fraction(-8, 100) * k) == -3] == list(
        range(32, 44)
    )
    assert _games_period("F-M18", k=40)[1] == Fraction(-62, 25)  # K 31 after K x n <= 700

    # Expected scores from the normal distribution the table is drawn from (sigma 200 x
    # sqrt 2 for the difference) instead of table 8.1(b): -1.53 and -1.79, both -2.
    def normal(case: str) -> float:
        total = 0.0
        for (c, _), games in GAMES.items():
            if c == case:
                for opp, w in games:
                    d = max(-400, min(400, int(EVENTS[case][0]["ro"]) - opp))
                    total += float(w) - 0.5 * (1 + math.erf(d / 400))
        return 20 * total

    assert [round(normal(c), 2) for c in ("F-M09", "F-M18")] == [-1.53, -1.79]

    # A rating other than the one FIDE printed: the events rated at Ro + d, the change added
    # to Ro + d (as in the seven base corrections) or to the list. Each case has such d, but
    # not the same, and FIDE's page prints Ro = the list for both (above).
    def fits(case: str, on_list: bool) -> list[int]:
        base = _previous(case)
        return [
            d
            for d in range(-12, 13)
            if (base if on_list else base + d) + round_half_away(_games_period(case, d)[1])
            == published[case]
        ]

    assert (fits("F-M09", on_list=False), fits("F-M09", on_list=True)) == ([1], [-4, -3, -2, -1])
    assert (fits("F-M18", on_list=False), fits("F-M18", on_list=True)) == ([-4, -3, -2, -1], [3])

    # One opponent a point higher: F-M09's 1845 sits at D = 163, the edge of the band
    # 163-170 (PD .72); at 1846 (D 162: .71) the draw gives -0.21, the period -1.40: -1.
    # FIDE printed 1845. F-M18's -3 needs sum(W - PD) five to nine hundredths lower, and a
    # point of one opponent's rating moves it by one hundredth at most: five games or more.
    moved = [(1846 if (r, w) == (1845, Fraction(1, 2)) else r, w) for r, w in GAMES["F-M09", 1]]
    events = [
        EventGames(tuple(moved), rating=2008),
        EventGames(tuple(GAMES["F-M09", 2]), rating=2008),
    ]
    calc = period_rating(2008, events, 20, rules="2025")
    assert calc.change is not None and calc.change.new_rating == published["F-M09"]


# --- the published lists --------------------------------------------------------------------


def test_the_published_lists_follow_the_change_rounded_once_bar_the_named_residuals() -> None:
    residuals: dict[str, int] = {}
    for case in EVENTS:
        once = round_half_away(_sum(case))
        residual = _published(case) - (_previous(case) + once)
        if residual:
            residuals[case] = residual
    # The base corrections: FIDE's Ro of the latest event plus the change is the new list.
    for case in BASE_CORRECTED:
        ro = int(EVENTS[case][-1]["ro"])
        assert ro + round_half_away(_sum(case)) == _published(case), case
    # F-P02: rounded per event; F-M09, F-M18: not reproduced (the tests above).
    for case in ROUNDED_PER_EVENT:
        assert _previous(case) + _per_event(case) == _published(case)
    expected = {
        c: _published(c) - (_previous(c) + round_half_away(_sum(c))) for c in BASE_CORRECTED
    }
    expected = {c: r for c, r in expected.items() if r}
    expected.update({"F-P02": +1, **UNEXPLAINED})
    assert residuals == expected
    # Where the two roundings differ, the list follows rounding once in all but F-P02.
    differ = {c for c in EVENTS if _per_event(c) != round_half_away(_sum(c))}
    follow_once = {c for c in differ if c not in residuals}
    assert sorted(differ - follow_once) == ["F-P02"]
    assert sorted(follow_once) == [
        "F-M02", "F-M03", "F-M05", "F-M06", "F-M12", "F-M13", "F-M16", "F-P05",
    ]  # fmt: skip
    # Five of them hold an event that started under a list before the latest, as F-P02
    # does: rounding such an event apart is not what FIDE does either.
    earlier = {
        c
        for c in follow_once | {"F-P02"}
        if any(
            list_in_force(_dt.date.fromisoformat(e["start"])) < add_months(_period(c), -1)
            for e in EVENTS[c]
        )
    }
    assert sorted(earlier) == ["F-M03", "F-M06", "F-M12", "F-M13", "F-P02", "F-P05"]


def test_the_other_published_periods_follow_the_change_rounded_once() -> None:
    # F-M21 to F-M55 (one line each): the list's change is the sum of FIDE's per-event
    # K x chg rounded once, in every one of them, including the five where rounding per
    # event differs (F-M24 27.60: 28, not 27; F-M45, F-M48, F-M49, F-M51).
    rows = _rows("periods_summary.csv")
    assert len(rows) == 35 and all(r["ro_differs"] == "no" for r in rows)
    for r in rows:
        assert round_half_away(Fraction(r["sum_k_chg"])) == int(r["list_change"]), r["case"]
    differ = [r["case"] for r in rows if int(r["rounded_per_event"]) != int(r["list_change"])]
    assert differ == ["F-M24", "F-M45", "F-M48", "F-M49", "F-M51"]


# --- the calendar ---------------------------------------------------------------------------


def test_every_published_event_is_placed_on_the_list_it_was_rated_on() -> None:
    late = []
    for case, events in EVENTS.items():
        for e in events:
            start, end = (_dt.date.fromisoformat(e[k]) for k in ("start", "end"))
            placed = place_event(start, end, _period(case))
            assert placed.rated, (case, e["event"], placed.reason())
            if placed.timing is Timing.LATE:
                late.append((case, e["event"]))
    # F-M13's event of 13-15 February 2026 was due on the March list (9.1: it ended more
    # than five days before the end of February) and was rated on April's: late.
    assert late == [("F-M13", "1")]


def test_each_event_is_rated_with_the_list_valid_at_its_start() -> None:
    # FIDE's Ro is the player's rating on the list of the event's start month (an event of
    # 31 October rated in December: the October list), bar the base corrections.
    differ = set()
    for case, events in EVENTS.items():
        for e in events:
            listed = LISTS[case][list_in_force(_dt.date.fromisoformat(e["start"]))]
            if listed != int(e["ro"]):
                differ.add((case, e["event"], int(e["ro"]) - listed))
    assert differ == {
        ("F-P04", "1", +1),
        ("F-M01", "1", +8),
        ("F-M01", "2", +3),
        ("F-M01", "3", +3),
        ("F-M02", "1", -3),
        ("F-M02", "2", -3),
        ("F-M04", "1", -1),
        ("F-M04", "2", -1),
        ("F-M11", "1", -1),
        ("F-M11", "2", -1),
        ("F-M11", "3", -1),
        ("F-M14", "1", -1),
        ("F-M14", "2", -1),
        ("F-M14", "3", -1),
        ("F-M17", "1", +2),
        ("F-M17", "2", +4),
        ("F-M57", "2", +1),
    }


# --- the command ----------------------------------------------------------------------------


def _line(no: int, name: str, rating: int, fide_id: int, points: float, rounds: list[str]) -> str:
    line = f"001 {no:>4} m    {name:<33} {rating:>4} USA {fide_id:>11} 1990/01/01 "
    line += f"{points:>4.1f} {no:>4}  " + "  ".join(f"{r:<8}" for r in rounds)
    return line.rstrip()


def _event(
    path: Path,
    start: str,
    end: str,
    rating: int,
    games: list[tuple[int, str]],
    ids: int,
    rounds: str = "",
) -> Path:
    """Player 99500001 rated *rating* against one opponent a round (*games*: rating, result
    1 = 0); the opponents play no other game."""
    n = len(games)
    other = {"1": "0", "=": "=", "0": "1"}
    value = {"1": 1.0, "=": 0.5, "0": 0.0}
    mine = [f"{i + 2:>4} {'wb'[i % 2]} {r}" for i, (_, r) in enumerate(games)]
    lines = [
        f"012 {path.stem}",
        f"042 {start}",
        f"052 {end}",
        "092 Individual: Swiss-System",
        "122 90 min + 30 sec",
        *([f"132 {rounds}"] if rounds else []),
        _line(1, "Player, Fixture", rating, 99500001, sum(value[r] for _, r in games), mine),
    ]
    for i, (opp, r) in enumerate(games):
        rounds = ["0000 - Z"] * n
        rounds[i] = f"   1 {'bw'[i % 2]} {other[r]}"
        lines.append(_line(i + 2, f"Opponent {i + 2}, Test", opp, ids + i, value[other[r]], rounds))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def december(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    # F-P02's three events as tournament files: the player's rating in each file is that
    # of the list valid at its start (2395, 2400, 2400); opponents at the ratings FIDE used
    # (2813 is capped to 2800 for a player rated 2400: FIDE's "2800 *").
    d = tmp_path_factory.mktemp("december")
    return [
        _event(d / "a.trf", "2025/10/31", "2025/11/02", 2395,
               [(1995, "1"), (2205, "="), (2325, "0"), (1995, "1"), (1995, "1")], 99510000),
        _event(d / "b.trf", "2025/11/07", "2025/11/09", 2400,
               [(2000, "1"), (2000, "1"), (2121, "1"), (2813, "0"), (2084, "1")], 99520000),
        _event(d / "c.trf", "2025/11/21", "2025/11/23", 2400,
               [(2000, "1"), (2000, "1"), (2230, "1"), (2505, "1"), (2155, "=")], 99530000),
    ]  # fmt: skip


def _player(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    code, out, _ = run(capsys, "period", *argv, "--format", "json")
    assert code == 0
    return next(r for r in json.loads(out) if r["fide_id"] == "99500001")


def test_period_rates_each_event_at_its_file_s_list_and_adds_to_the_latest(
    december: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    row = _player(capsys, *map(str, december))
    events = row["events"]
    assert isinstance(events, list)
    assert [(e["rating"], e["rated_with"], e["change_unrounded"]) for e in events] == [
        (2395, "2025-10", -6.1),
        (2400, "2025-11", 3.7),
        (2400, "2025-11", 7.8),
    ]
    # K 10 (rated 2400 on the latest file); rounded once: 2400 + 5 = 2405.
    assert (row["rating"], row["k"], row["rating_change"], row["new_rating"]) == (2400, 10, 5, 2405)
    per_event = _player(
        capsys, *map(str, december), "--rounding", "event", "--list-date", "2025-12"
    )
    assert (per_event["rating_change"], per_event["new_rating"]) == (6, 2406)  # FIDE's 2406


def test_the_calendar_names_late_events_and_leaves_out_those_not_on_the_list(
    december: list[Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # For the December 2025 list: an event ending 10 September was due on October's (late,
    # still rated: the third list after it is December's); one ending 20 August is past
    # its third list (November's): not rated; one ending 29 November is after December's
    # closing date (28 November): January's at the earliest.
    late = _event(tmp_path / "late.trf", "2025/09/08", "2025/09/10", 2400, [(2000, "1")], 99540000)
    old = _event(tmp_path / "old.trf", "2025/08/18", "2025/08/20", 2400, [(2000, "1")], 99550000)
    new = _event(tmp_path / "new.trf", "2025/11/27", "2025/11/29", 2400, [(2000, "1")], 99560000)
    files = [*map(str, december), str(late), str(old), str(new)]
    code, out, _ = run(capsys, "period", *files, "--list-date", "2025-12")
    assert code == 0
    text = " ".join(out.split())
    closing = "after the closing date of the 2025-12 list (2025-11-28"
    assert "List being made: 2025-12 (given)" in text
    assert (
        "late.trf: ended 2025-09-10: due on the 2025-10 list (Rating Regulations 9.1), "
        "rated late on the 2025-12 list" in text
    )
    assert "old.trf: not rated: ended 2025-08-20: the third list after it is 2025-11" in text
    assert f"new.trf: not rated: ends 2025-11-29, {closing}" in text
    # The player: the three December events and the late one (+0.8 at 2400 against 2000*).
    row = _player(capsys, *files, "--list-date", "2025-12")
    assert [e["file"] for e in row["events"]] == ["late.trf", "a.trf", "b.trf", "c.trf"]  # type: ignore[union-attr]
    assert (row["rating_change"], row["new_rating"]) == (6, 2406)  # 2400 + round(6.2)


def test_an_event_started_under_an_earlier_list_keeps_its_file_s_ratings(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The demo round robin (14-22 March 2026) rated on the May 2026 list (late: due on
    # April's), with the demo list taken as April's, the latest: no. 9 is 2244 in the file
    # (the March list's) and 2251 on the list. Her games are rated at 2244, the change is
    # added to 2251. By hand, at 2244 against nos. 1-8 (2478, 2431, 2402, 2365, 2341, 2318,
    # 2296, 2270: the file's, which the list repeats): D -234, -187, -158, -121, -97, -74,
    # -52, -26, PD .21 .26 .29 .34 .37 .40 .43 .46 = 2.76; 5 points: +2.24 x 20 = +44.8.
    demo = Path(__file__).resolve().parents[1] / "xlfuncs" / "data" / "demo_round_robin.trf"
    listed = Path(__file__).resolve().parents[1] / "docs" / "examples" / "demo_players_list_foa.txt"
    argv = (str(demo), "--rating-list", str(listed), "--list-date", "2026-05")
    row = next(
        r
        for r in json.loads(run(capsys, "period", *argv, "--format", "json")[1])
        if r["fide_id"] == "99300009"
    )
    assert row["events"] == [
        {"file": "demo_round_robin.trf", "rated_with": "2026-03", "rating": 2244, "games": 8,
         "change_unrounded": 44.8},
    ]  # fmt: skip
    assert (row["rating"], row["rating_change"], row["new_rating"]) == (2251, 45, 2296)
    # The calculator sheet has one rating: her summary row says why she has none.
    out = tmp_path / "may.xlsx"
    code, _, _ = run(capsys, "period", *argv, "-o", str(out))
    assert code == 0
    import openpyxl

    ws = openpyxl.load_workbook(out, read_only=True)["Summary"]
    notes = {r[1]: r[-1] for r in ws.iter_rows(min_row=5, values_only=True)}
    assert notes["99300009"] == "(not written: events at other ratings)"


def test_an_event_longer_than_30_days_is_rated_in_parts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A league of 42 days, rounds on 10 and 24 October and 20 November 2025, rated on the
    # December list: rounds 1-2 with the October list, round 3 with November's (no list
    # given: the file's ratings in both, said in a warning). At 2400 against 2000* each:
    # +0.08 x 10 a win: +1.6 and +0.8.
    league = _event(
        tmp_path / "league.trf",
        "2025/10/10",
        "2025/11/20",
        2400,
        [(2000, "1"), (2000, "1"), (2000, "1")],
        99570000,
        rounds="25/10/10 25/10/24 25/11/20",
    )
    code, out, _ = run(capsys, "period", str(league), "--list-date", "2025-12")
    assert code == 0
    text = " ".join(out.split())
    assert (
        "league.trf: 42 days, rated in parts, each with the list valid when its games were "
        "played (2025-10: rounds 1-2, 2025-11: round 3); the 2025-11 list not given: the "
        "file's ratings used there"
    ) in text
    row = _player(capsys, str(league), "--list-date", "2025-12")
    assert [(e["file"], e["rated_with"], e["change_unrounded"]) for e in row["events"]] == [  # type: ignore[union-attr]
        ("league.trf (rounds 1-2)", "2025-10", 1.6),
        ("league.trf (round 3)", "2025-11", 0.8),
    ]
    assert (row["games"], row["rating_change"]) == (3, 2)
