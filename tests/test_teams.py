"""Team events (``xlfuncs/core/teams.py``, ``xlfuncs/trf/teams.py``): the teams read from
TRF16's ``013`` and TRF-2026's ``310``, the matches built from the board games, match and
game points, the C.07 team tie-breaks, and the report's team section.

The reference is FIDE's engine gacrux in its team mode (``tests/gacrux_teams.py``) on the
real Swiss-Manager team Swiss of Crete (``tests/data/real/SOURCE``); Sharly Chess's TRF-2026
team file, which gacrux cannot read (its reader stops in ``games2matches.find_zpb`` on the
round paired but not played), is checked by hand from its lines, quoted in the test.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run
from gacrux_teams import gacrux_teams

from xlfuncs.core.results import Outcome
from xlfuncs.core.teams import Team, TeamStandings, team_standings
from xlfuncs.core.tiebreaks import TiebreakError
from xlfuncs.core.tournament import Crosstable, Entrant, Pairing
from xlfuncs.event import analyse_event
from xlfuncs.trf import read_trf

DATA = Path(__file__).parent / "data"
CRETE = DATA / "real" / "crete-friendship-cup-2024-rapid.trf"
SHARLY_TEAM = DATA / "trf2026" / "sharly-trf-team-import-test.trf"

OURS = (
    "MP", "GP", "BH", "BH/C1", "BH/M1", "BH:GP", "BH/C1:GP", "SB", "SB:GP", "PS", "WIN",
    "FB", "KS",
)  # fmt: skip
"""The team tie-breaks compared with gacrux, as ours writes them."""
THEIRS = (
    "MPTS", "GPTS", "BH", "BH/C1", "BH/M1", "BH:GP", "BH:GP/C1", "SB", "SB:GP", "PS", "WIN",
    "FB", "KS",
)  # fmt: skip
"""The same, as gacrux writes them (the score before the modifiers)."""


@pytest.fixture(scope="module")
def crete() -> TeamStandings:
    t = read_trf(CRETE)
    event = analyse_event(t)
    from xlfuncs.trf.teams import event_teams

    found = event_teams(t, event.read, event.counted_rounds, descriptors=OURS)
    assert found is not None
    return found


def test_crete_teams_against_gacrux(crete: TeamStandings) -> None:
    """15 teams x 13 values (195): every one gacrux's (its team mode, the 2023 text, as
    the event of November 2024 takes)."""
    theirs = gacrux_teams(CRETE, THEIRS, "2024-11-23")
    compared = differing = 0
    wrong = []
    for team, values in zip(crete.teams, crete.values):
        for d, ours, ref in zip(OURS, values, theirs[team.number]):
            compared += 1
            if ours != ref:
                differing += 1
                wrong.append((team.number, d, ours, ref))
    assert (compared, differing) == (195, 0), wrong


def test_crete_teams_read_from_013(crete: TeamStandings) -> None:
    """``013 ΣΑΧ ... 1 2 3 4 5 6 128``: the 15th team, numbered in the order written;
    ``013 ΟΑΑΗ`` is the third. ΟΑΑΗ's round 1 against ΟΑΧ (team 10) is 4-2 on six boards:
    2 MP (2-1-0, no ``362``)."""
    assert len(crete.teams) == 15
    last = crete.teams[14]
    assert (last.number, last.name) == (15, "ΣΑΧ")
    assert len(last.members) == 7
    third = crete.teams[2]
    assert third.name == "ΟΑΑΗ"
    r1 = crete.rounds[2][0]
    assert (r1.opponent, r1.game_points, r1.opponent_game_points, r1.boards) == (
        10,
        4,
        2,
        6,
    )
    assert (r1.outcome, r1.match_points) == (Outcome.WIN, 2)
    # ΣΑΧ had no match in round 1 (15 teams): "0000 - -" on every board (the reader's
    # zero-point bye), scored 0; a TRF16 file records no team bye
    assert crete.rounds[14][0].outcome is Outcome.ZERO_BYE
    assert crete.rounds[14][0].match_points == 0
    assert crete.ranks[2] == 1 and crete.match_points[2] == 11


def test_sharly_team_file_by_hand() -> None:
    """Sharly's TRF-2026 team file after round 1: ``362 TW 3.0 TD 1.0 TL 0.0``, ``320 2.0
    5.0 5 3`` (team 5's bye in round 1: 2 MP, 5 GP), ``310 1 ERP A ... 7 10 15 14`` and
    ``310 3 ERP B ... 21 26 18 17``. Round 1, ERP A against ERP B: no. 7 ``18 w =``, no. 10
    ``21 w 1``, no. 15 ``26 b 1``, no. 14 ``17 b 1``: 3½-½, 3 MP to 0. Crest (no. 19 ``22 b
    0``, no. 16 ``5 w 1``, no. 6 ``23 b 1``, no. 11 ``9 w =``) against Lyon: 2½-1½."""
    event = analyse_event(read_trf(SHARLY_TEAM))
    s = event.teams
    assert s is not None
    assert [t.name for t in s.teams][:3] == ["ERP A", "Crest", "ERP B"]
    assert s.teams[0].members == (7, 10, 15, 14)
    assert s.primary == "MP"  # 192 FIDE_TEAM_TYPEA_MP_GP
    assert s.match_points == (3, 3, 0, 0, 2)
    assert s.game_points == (Fraction(7, 2), Fraction(5, 2), Fraction(1, 2), Fraction(3, 2), 5)
    bye = s.rounds[4][0]
    assert (bye.outcome, bye.match_points, bye.game_points) == (Outcome.PAIRING_BYE, 2, 5)
    # ranked by MP, then the file's "212 PTS,WIN,BH,AOB" (read as the teams' tie-breaks):
    # ERP A and Crest equal (3 MP, one win, BH 0: their opponents have 0 MP; AOB 3), the
    # bye's team, then ERP B and Lyon equal
    assert s.descriptors == ("WIN", "BH", "AOB")
    assert [s.teams[i].number for i in s.order()] == [1, 2, 5, 3, 4]
    assert s.ranks == (1, 1, 4, 4, 3)
    # the file's 310 match points of team 5 (3.0) are not its matches' (the bye's 2.0)
    (points,) = [
        w for w in event.warnings if w.kind == "team_points" and w.message.startswith("team 5")
    ]
    assert (points.severity, points.columns) == ("warning", "55-60")
    assert "310 gives 3.0 match points" in points.message
    assert points.line == 52  # the file's "310   5 Tour de chartreuse A" line


def test_a_written_event_by_hand() -> None:
    """Three teams of two boards, two rounds (written for the test). Round 1: A (players
    1, 2) against B (3, 4): 1-0 and ½-½, A 1½-½; C (5, 6) not paired. Round 2: A against
    C: 0-1, 0-1, C 2-0; B not paired. MP 2-1-0: A 2, B 0, C 2; GP: A 1½, B ½, C 2. BH on
    match points (2023 text, Article 16: an unplayed round counts as a draw against
    oneself... the engine's rule, as for players): A's opponents B (0) and C (2)."""
    W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
    players = [
        Entrant(None, (Pairing(3, W, "w"), Pairing(5, L, "b"))),
        Entrant(None, (Pairing(4, D, "b"), Pairing(6, L, "w"))),
        Entrant(None, (Pairing(1, L, "b"), Pairing(None, None))),
        Entrant(None, (Pairing(2, D, "w"), Pairing(None, None))),
        Entrant(None, (Pairing(None, None), Pairing(1, W, "w"))),
        Entrant(None, (Pairing(None, None), Pairing(2, W, "b"))),
    ]
    ct = Crosstable.build(players)
    teams = [Team(1, "A", (1, 2)), Team(2, "B", (3, 4)), Team(3, "C", (5, 6))]
    s = team_standings(ct, teams, 2, descriptors=("GP",))
    assert s.match_points == (2, 0, 2)
    assert s.game_points == (Fraction(3, 2), Fraction(1, 2), 2)
    assert [s.teams[i].name for i in s.order()] == ["C", "A", "B"]
    assert s.ranks == (2, 3, 1)
    with pytest.raises(TiebreakError):
        team_standings(ct, teams, 2, descriptors=("BH:XP",))


def test_report_team_section(capsys: pytest.CaptureFixture[str]) -> None:
    """The text report of a team event has the team standing after the players'."""
    code, out, _ = run(capsys, "report", str(SHARLY_TEAM))
    assert code == 0
    assert "Teams (5): match points 3-1-0; ranked by match points, then WIN, BH, AOB" in out
    line = next(x for x in out.splitlines() if x.split()[:4] == ["1", "1", "ERP", "A"])
    assert line.split()[:9] == ["1", "1", "ERP", "A", "3.0", "3.5", "1", "0.0", "3.0"]
    assert "Rk  No  Team                   MP   GP  WIN   BH  AOB" in out
    assert "3:3.5-0.5" in line
    assert "- 5 Tour de chartreuse A: 8, 1, 25, 24" in out


def test_report_teams_counts_a_kind_with_many(capsys: pytest.CaptureFixture[str]) -> None:
    """``report --teams`` lists the warnings as ``report`` does: the six teams' scores of
    record 310 that the matches do not bear out (teams 2 to 5, lines 49 to 52: kind
    ``team_points``) are one line that counts them, each a line with ``--verbose``; the
    four ``300`` records of round 2 (lines 62 to 65, after the one round counted) are
    each a line."""
    code, out, _ = run(capsys, "report", str(SHARLY_TEAM), "--teams")
    assert code == 0
    assert "- team_points: 6 findings, lines 49, 50, 51, 52 (each with --verbose)" in out
    assert "team 5 (Tour de chartreuse A): record 310 gives" not in out
    assert "- record 300 (line 65): round 2, team 5 against 2: after the rounds counted" in out
    code, out, _ = run(capsys, "report", str(SHARLY_TEAM), "--teams", "--verbose")
    assert code == 0 and "team_points: 6 findings" not in out
    assert (
        "- team 5 (Tour de chartreuse A): record 310 gives 3.0 match points, the matches add "
        "up to 2.0"
    ) in out


def test_report_teams_json_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    """``report --teams``: the team standing alone, as JSON (a list of team objects in
    standing order) and CSV (one row per team); an individual event is refused (exit 1)."""
    code, out, _ = run(capsys, "report", str(SHARLY_TEAM), "--teams", "--format", "json")
    assert code == 0
    teams = json.loads(out)
    assert [t["team_no"] for t in teams] == [1, 2, 5, 3, 4]
    first = teams[0]
    assert (first["name"], first["match_points"], first["game_points"]) == ("ERP A", 3, 3.5)
    assert first["tiebreaks"] == {"WIN": 1, "BH": 0, "AOB": 3}
    assert first["players"] == [7, 10, 15, 14]
    assert first["rounds"][0] == {
        "round": 1,
        "opponent": 3,
        "result": "win",
        "match_points": 3,
        "game_points": 3.5,
        "opponent_game_points": 0.5,
    }
    assert teams[2]["rounds"][0]["result"] == "pairing_bye"
    code, out, _ = run(capsys, "report", str(CRETE), "--teams", "--format", "csv")
    assert code == 0
    rows = out.lstrip("\ufeff").splitlines()
    assert rows[0] == (
        "rank,team_no,name,match_points,game_points,"
        "tiebreaks.GP,tiebreaks.BH,tiebreaks.BH:GP,tiebreaks.SB"
    )
    assert rows[1] == "1,3,ΟΑΑΗ,11,24.5,24.5,54,150.5,85"  # gacrux's, test above
    code, out, err = run(capsys, "report", str(DATA / "real" / "karl-mala-2005.trf"), "--teams")
    assert code == 2  # the command line asks for what the file does not hold
    assert "--teams: karl-mala-2005.trf is not a team event" in err


def test_team_sheet_rows_of_crete(crete: TeamStandings) -> None:
    """The workbook's team sheet's rows (:func:`standing_rows`) carry the values compared
    with gacrux above: ΟΑΑΗ first with 11 MP, 24.5 GP, BH 54; four matches won, three drawn
    (4-2, 4½-1½, 3-3, 3-3, 3-3, 3½-2½, 3½-2½)."""
    from xlfuncs.templates.team_sheet import standing_rows

    header, rows = standing_rows(crete)
    assert header[:9] == ["Rk", "No.", "Team", "+", "=", "-", "MP", "GP", "BH"]
    assert header[-2:] == ["R7 opp.", "R7 GP"]
    first = dict(zip(header, rows[0]))
    assert [first[k] for k in ("Rk", "No.", "Team", "+", "=", "-", "MP", "GP", "BH")] == [
        1, 3, "ΟΑΑΗ", 4, 3, 0, 11, 24.5, 54,
    ]  # fmt: skip
    assert (first["R1 opp."], first["R1 GP"]) == (10, 4)
    # ΣΑΧ had no match in round 1 ("0000 - -" on every board): a zero-point bye
    sax = dict(zip(header, next(r for r in rows if r[2] == "ΣΑΧ")))
    assert (sax["R1 opp."], sax["R1 GP"]) == ("Z bye", 0)


def test_crosstable_workbook_has_the_team_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``xlfuncs crosstable`` of a team event adds a "Team standings" sheet after the chart:
    stored values (no formula), the standing in order, then each team's players by board
    under the team's name."""
    import openpyxl

    out = tmp_path / "team.xlsx"
    code, _, _ = run(capsys, "crosstable", str(SHARLY_TEAM), "-o", str(out))
    assert code == 0
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames[:2] == ["Wall chart", "Team standings"]
    ws = wb["Team standings"]
    cells = [c for row in ws.iter_rows() for c in row if c.value is not None]
    assert cells and not any(c.data_type == "f" for c in cells)
    rows = [list(r) for r in ws.iter_rows(min_row=5, values_only=True)]
    assert rows[0][:8] == ["Rk", "No.", "Team", "+", "=", "-", "MP", "GP"]
    assert rows[1][:8] == [1, 1, "ERP A", 1, 0, 0, 3, 3.5]
    assert rows[3][2] == "Tour de chartreuse A" and rows[3][-2:] == ["bye", 5]
    # the players by team: a heading, then board, number, name, rating, federation
    heading = next(i for i, r in enumerate(rows) if r[0] == "ERP A (team no. 1)")
    assert rows[heading + 1][:4] == [1, 7, "BEC, Alain", 1738]


HELD = DATA / "trf2026" / "held-team-exercise.txt"
"""Mario Held's team example (``tests/data/trf2026/SOURCE``)."""

HELD_MP = (10, 10, 10, 10, 10, 7, 6, 7, 6, 5, 4, 2, 6, 4)
HELD_GP = tuple(Fraction(h, 2) for h in (35, 34, 32, 34, 36, 25, 23, 30, 29, 26, 23, 15, 23, 23))
HELD_BH = (64, 57, 58, 56, 55, 46, 44, 41, 50, 44, 41, 41, 52, 36)
HELD_BH_C1 = (57, 52, 53, 52, 53, 39, 38, 39, 48, 42, 39, 39, 48, 32)
HELD_BH_GP = tuple(
    Fraction(h, 2) for h in (228, 215, 219, 212, 198, 184, 189, 180, 195, 184, 176, 184, 202, 174)
)
HELD_BH_C1_GP = tuple(
    Fraction(h, 2) for h in (201, 192, 194, 189, 183, 159, 166, 165, 180, 169, 161, 169, 179, 151)
)
"""Held's answers, teams 1 to 14 (game points in half points; exercises 34-37: match and game
points, BH, BH/C1 on match points and on game points), as the TieBreakServer transcription
records them."""


def _held(edition: str | None = None, descriptors: tuple[str, ...] = OURS) -> TeamStandings:
    from xlfuncs.trf.teams import event_teams

    t = read_trf(HELD)
    event = analyse_event(t)
    found = event_teams(
        t, event.read, event.counted_rounds, descriptors=descriptors, edition=edition
    )
    assert found is not None
    return found


def test_held_team_exercises_34_to_37() -> None:
    """Held's published values of the 2023 text: 14 teams x 6 values (84), all his."""
    s = _held(descriptors=("MP", "GP", "BH", "BH/C1", "BH:GP", "BH/C1:GP"))
    wanted = [HELD_MP, HELD_GP, HELD_BH, HELD_BH_C1, HELD_BH_GP, HELD_BH_C1_GP]
    for team, values in zip(s.teams, s.values):
        assert list(values) == [Fraction(w[team.number - 1]) for w in wanted], team
    # exercise 34: by match points, then game points (equal teams by pairing number)
    s = _held(descriptors=("GP",))
    assert [s.teams[i].number for i in s.order()] == [5, 1, 2, 4, 3, 8, 6, 9, 7, 13, 10, 11, 14, 12]


@pytest.mark.parametrize("edition", ["2023", "2026"])
def test_held_team_file_against_gacrux(edition: str) -> None:
    """The 13 tie-breaks of :data:`OURS` for the 14 teams (182 values) in each C.07 text:
    gacrux's (the 2026 text caps a dummy opponent's share: team 1's forfeit win in round 6
    makes its BH 61, not 64)."""
    s = _held(edition)
    start = "2025-05-01" if edition == "2023" else "2026-05-01"
    theirs = gacrux_teams(HELD, THEIRS, start)
    wrong = [
        (team.number, d, ours, ref)
        for team, values in zip(s.teams, s.values)
        for d, ours, ref in zip(OURS, values, theirs[team.number])
        if ours != ref
    ]
    assert (len(s.teams) * len(OURS), wrong) == (182, [])
    if edition == "2026":
        assert s.values[0][OURS.index("BH")] == 61


def test_held_team_byes() -> None:
    """Team 14's half-point bye in round 5 (``240 H 5 14``, each board ``H``): a drawn
    match's point and 2 game points; team 7's zero-point bye in round 7: nothing; team 12's
    pairing-allocated bye in round 5 (``320 1.0 2.0``): 1 and 2; team 1's forfeit win over
    team 6 in round 6: 2 and 4."""
    s = _held(descriptors=("GP",))
    r14, r7, r12, r1 = s.rounds[13][4], s.rounds[6][6], s.rounds[11][4], s.rounds[0][5]
    assert (r14.outcome, r14.match_points, r14.game_points) == (Outcome.HALF_BYE, 1, 2)
    assert (r7.outcome, r7.match_points, r7.game_points) == (Outcome.ZERO_BYE, 0, 0)
    assert (r12.outcome, r12.match_points, r12.game_points) == (Outcome.PAIRING_BYE, 1, 2)
    assert (r1.opponent, r1.outcome, r1.match_points, r1.game_points) == (
        6,
        Outcome.FORFEIT_WIN,
        2,
        4,
    )


def test_held_extended_sonneborn_berger() -> None:
    """Held's exercise 38, ``EMMSB/C1`` (teams 1-5: 74, 64, 66, 64, 66), and 41, ``EGGSB``
    (teams 6 and 8: 157.5, 181.5): C.07's SB on match points and on game points."""
    s = _held(descriptors=("EMMSB/C1", "EGGSB"))
    assert s.descriptors == ("SB/C1", "SB:GP")
    assert [s.values[t - 1][0] for t in (1, 2, 3, 4, 5)] == [74, 64, 66, 64, 66]
    assert [s.values[t - 1][1] for t in (6, 8)] == [Fraction(315, 2), Fraction(363, 2)]


def test_a_player_in_two_teams_is_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Sharly's team file with no. 7 (of team 1) listed in team 2 too, in place of its last
    player, no. 11:
    the report names it and gives no team standing, not a traceback; the players' report
    is printed as before."""
    text = SHARLY_TEAM.read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if x.startswith("310   2"))
    bad = tmp_path / "two-teams.trf"
    bad.write_text(text.replace(line, line[:-2] + " 7"), encoding="utf-8")
    code, out, _ = run(capsys, "report", str(bad))
    assert code == 0
    said = "record 310, line 49: player 7 is in team 2 and in team 1 (line 48): no team standing"
    assert said in out
    assert "Teams (" not in out


def test_a_team_list_in_record_202(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Sharly's team file with ``202 MPTS,GPTS,BH:GP`` (the teams' tie-breaks, as gacrux
    writes them) for its ``212``: the teams are ranked by it (``MPTS``, the primary score,
    left out), the players by the Swiss defaults, with a warning; no refusal."""
    text = SHARLY_TEAM.read_text(encoding="utf-8").replace(
        "212 PTS,WIN,BH,AOB", "202 MPTS,GPTS,BH:GP"
    )
    path = tmp_path / "team-202.trf"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0
    assert "ranked by match points, then GP, BH:GP" in out
    assert "in a team event the list is the teams'; the players are ranked by the default" in out


def test_both_013_and_310_the_310_read() -> None:
    """A TRF-2026 team file with a TRF16 ``013`` record too: the ``310`` records are read
    (the same standing), with a warning of kind ``team_records`` at the ``013``'s line (the
    line added after the file's last)."""
    from xlfuncs.trf import parse_trf

    text = SHARLY_TEAM.read_text(encoding="utf-8")
    added = len(text.splitlines()) + 1
    both = parse_trf(text.rstrip("\n") + "\n" + f"013 {'Other':<32}    1    2\n")
    event = analyse_event(both)
    assert event.teams is not None and len(event.teams.teams) == 5
    (found,) = [w for w in event.warnings if w.kind == "team_records"]
    assert (found.severity, found.line) == ("warning", added)
    assert found.message == "team records: both 013 and 310 are written; the 310 records are read"
