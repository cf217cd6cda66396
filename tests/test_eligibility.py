"""Each game rated or not, and the rule that decides (``xlfuncs/core/eligibility.py``).

The texts (quoted in ``docs/norms.md``, *Game eligibility*):

- FIDE Rating Regulations 1.1, from 1 January 2022 (the 2022, 2024 and 2025 texts): "For a
  game to be rated each player must at the start of the tournament have the following
  minimum periods in which to complete all the moves, assuming the game lasts 60 moves.
  Where at least one of the players in the game has a rating of 2400 or higher, each player
  must have a minimum of 120 minutes. Where at least one of the players in the game has a
  rating 1800 or higher, each player must have a minimum of 90 minutes. Where both of the
  players in the game are rated below 1800, each player must have a minimum of 60 minutes."
- The same article, 1 July 2017 - 31 December 2021: the same with 2200 and 1600.
- Unplayed games (forfeits) are not rated; a game is rated once both players have made a
  move (TRF ``W``, ``D``, ``L``: less than one move). Each player must have the minimum: a
  game with different times for the two players (record ``222`` ``W...-B...``) is not rated.
- Rapid and Blitz Rating Regulations from 1 December 2024: "Games played between players
  with a rating difference of 600 points or more shall not be rated if at least one of the
  players is rated above 2600 on the relevant list".
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run
from norm_events import Opp, star_trf

from xlfuncs.core.editions import Edition, get_edition
from xlfuncs.core.eligibility import EventTime, game_eligibility
from xlfuncs.core.results import Outcome
from xlfuncs.event.game_time import event_time
from xlfuncs.trf import parse_trf

E2025, E2017 = get_edition("2025"), get_edition("2017")


def _at(minutes: int) -> EventTime:
    return EventTime(Fraction(minutes), "222", exact=True)


@pytest.mark.parametrize(
    ("edition", "a", "b", "minutes", "rated"),
    [
        # from 2022: the higher rating in the game decides
        (E2025, 2000, 2050, 60, False),  # 1800 or higher: 90 needed
        (E2025, 2000, 2050, 90, True),
        (E2025, 2450, 2000, 90, False),  # 2400 or higher: 120
        (E2025, 2400, 1500, 119, False),  # 2400 itself is in the top band
        (E2025, 2399, 1500, 90, True),
        (E2025, 1800, None, 89, False),  # an unrated opponent puts no one in a band
        (E2025, 1799, 1700, 60, True),  # both below 1800: 60
        (E2025, None, 1799, 60, True),
        # 1 July 2017 - 31 December 2021: 2200 and 1600
        (E2017, 2200, 1500, 90, False),
        (E2017, 2199, 1600, 90, True),
        (E2017, 1599, 1500, 60, True),
    ],
)
def test_time_minimum_by_band(
    edition: Edition, a: int | None, b: int | None, minutes: int, rated: bool
) -> None:
    verdict = game_eligibility(edition, a, b, Outcome.WIN, _at(minutes))
    assert verdict.rated is rated
    assert verdict.article == "B.02 1.1"


def test_unplayed_short_different_times_and_unrated() -> None:
    t = _at(120)
    for outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS):
        v = game_eligibility(E2025, 2000, 2000, outcome, t)
        assert (v.rated, v.article) == (False, "B.02 unplayed games")
    for outcome in (Outcome.SHORT_WIN, Outcome.SHORT_DRAW, Outcome.SHORT_LOSS):
        v = game_eligibility(E2025, 2000, 2000, outcome, t)
        assert v.rated is False and v.reason.startswith("less than one move")
    two = EventTime(None, "222 'W300-B240'", exact=True, different_times=True)
    assert game_eligibility(E2025, 2000, 2000, Outcome.DRAW, two).rated is False
    assert game_eligibility(E2025, None, None, Outcome.DRAW, t).rated is False
    with pytest.raises(ValueError, match="bye"):
        game_eligibility(E2025, 2000, None, Outcome.PAIRING_BYE, t)


def test_rapid_600_point_exclusion() -> None:
    # 2650 - 2050 = 600: "600 points or more", one above 2600: not rated; 599 apart: rated
    rapid = get_edition("2025 rapid")
    assert game_eligibility(rapid, 2650, 2050, Outcome.WIN, None).rated is False
    assert game_eligibility(rapid, 2650, 2051, Outcome.WIN, None).rated is True
    # 2600 itself is not "above 2600"
    assert game_eligibility(rapid, 2600, 1900, Outcome.WIN, None).rated is True
    # never in standard play
    assert game_eligibility(E2025, 2650, 2050, Outcome.WIN, _at(120)).rated is True


def test_unknown_time_is_not_known_and_free_text_is_an_assumption() -> None:
    v = game_eligibility(E2025, 2000, 2000, Outcome.WIN, EventTime(None, "122 blank"))
    assert v.rated is None and "not known" in v.reason and v.shown == "not known"
    read = event_time(parse_trf("122 90 min + 30 s\n"))  # 90 + 60 x 30 s = 120 minutes
    assert (read.minutes, read.exact) == (120, False)
    v = game_eligibility(E2025, 2450, 2000, Outcome.WIN, read)
    assert v.rated is True and v.assumption is not None and "free text" in v.assumption
    encoded = event_time(parse_trf("222 40/5400+30:1800+30\n"))  # 90 + 30 + 60 x 30 s = 150
    assert (encoded.minutes, encoded.exact, encoded.assumption) == (150, True, None)
    assert event_time(parse_trf("222 W300-B240\n")).different_times


# --- The norm check reads the same rules: no norm below the time minimum ---------------
#
# Player 1 (ESP, 2450) meets two unrated opponents (won both), five GMs rated 2600 (won) and
# two more (lost), in May 2025: 7/9 = 78 % -> dp 220; the unrated count 1400 and the lowest
# is raised to the GM floor 2200: Ra = (2200 + 1400 + 7 x 2600) / 9 = 2422.2 -> 2422; Rp
# 2642 >= 2600: a GM norm, when the games are rated. A player rated 2400 or higher needs 120
# minutes for 60 moves in every game (B.02 1.1): at 90 minutes none of the games is rated,
# and no norm is made.

_FEDS = ["GER", "FRA", "NED", "ITA", "ENG", "NOR", "SWE", "POL", "CZE"]


def _event(tmp_path: Path, time: str) -> Path:
    rounds = [Opp(None, "", "GER", "1"), Opp(None, "", "FRA", "1")] + [
        Opp(2600, "GM", f, "1" if i < 5 else "0") for i, f in enumerate(_FEDS[2:])
    ]
    path = tmp_path / f"norm-{time.replace('+', '-')}.trf"
    path.write_text(star_trf(rounds, rating=2450, extra=(f"222 {time}",)), encoding="utf-8")
    return path


def test_no_gm_norm_for_a_2450_player_in_a_90_minute_event(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    slow = _event(tmp_path, "5400+30")  # 90 minutes + 30 s a move: 120 for 60 moves
    code, out, _ = run(capsys, "norms", str(slow))
    assert code == 0 and "GM norm, 7.0/9 games, Ra 2422, 78 %, Rp 2642" in out
    fast = _event(tmp_path, "5400")  # 90 minutes for all the moves
    code, out, _ = run(capsys, "norms", str(fast))
    assert code == 0 and "GM norm" not in out
    code, out, _ = run(capsys, "norms", str(fast), "--player", "1")
    assert "Time for 60 moves at least 120 minutes (player rated 2400 or higher)" in out
    assert "not rated: 90 minutes for 60 moves; a player rated 2400 or higher needs 120" in out


def test_report_shows_each_game_rated_or_not(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fast = _event(tmp_path, "5400")
    code, out, _ = run(capsys, "report", str(fast))
    assert code == 0
    assert "time:" in out and "90 minutes for 60 moves (222 '5400')" in out
    assert "- no. 1 Candidate, Test: rounds 1 (v 2), 2 (v 3)," in out
    code, out, _ = run(capsys, "report", str(fast), "--format", "json")
    data = json.loads(out)
    first = data[0]
    assert first["games_not_rated"] == 9
    game = first["eligibility"][0]
    assert (game["round"], game["opponent"], game["result"], game["rated"]) == (1, 2, "1", False)
    assert game["article"] == "B.02 1.1" and game["assumption"] is None
    # an opponent rated 2600 met player 1 only in its round: the other game (a draw between
    # two 2600s, round 9) needs 120 too
    assert data[3]["games_not_rated"] == 2
