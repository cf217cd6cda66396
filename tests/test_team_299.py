"""TRF-2026 record ``299`` (abnormal assignment of points) in a team event, and its columns.

The record's fields, as TRF-2026 gives them (FIDE, approved 12 May 2025; the transcription
``SPEC.md`` of ``@echecs/trf``, ``docs/trf.md``): the type in column 5 (``W D L F H Z + -``,
blank a penalty or bonus), match points (teams only) in 8-11, game points (teams) or points
(individuals) in 14-17, the round in 20-22 ("000 or empty means all rounds"), the (team)
pairing numbers from 24, five columns each.

Real files: the four TRF-2026 team tests of bbpPairings as Sharly Chess extends it
(``tests/data/trf2026/SOURCE``), each with one ``299`` giving match points only. The teams'
match points expected are those the tests' own ``.cpp`` files give, after round 1, quoted
below; the game points and ranks are worked out by hand in each test.
"""

from __future__ import annotations

import hashlib
import json
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.core.results import Outcome
from xlfuncs.core.teams import TeamStandings
from xlfuncs.event import EventOptions, analyse_event
from xlfuncs.findings import messages
from xlfuncs.trf import parse_trf, read_trf

DATA = Path(__file__).parent / "data" / "trf2026"
BBP = {k: DATA / f"bbp-team-299-{k}.trf" for k in ("forfeit", "all", "target", "blank")}
SHA256 = {
    "forfeit": "1b12fbce0b49086812b9b39393f7526c25c97ad3d74a9ebc4ff749c56f8a9a1f",
    "all": "323b24297b9f2ef4e83cb1b0ca89b0c89b85bc35bc77b3a00748118feea419c3",
    "target": "723604716c361a6dfcfcedddd2b1da0a9acc9b64786d1c8d608ca44b417fe1bc",
    "blank": "4b122f454d0a6304ba8a68abc623afa37910531c2e38d877d4060de9b49d261f",
}
OPTIONS = EventOptions(tiebreak_rules="2026")
"""The C.07 text of 1 March 2026 (the files give no date: the tests do not hang on today's)."""


def _teams(path: Path) -> TeamStandings:
    teams = analyse_event(read_trf(path), OPTIONS).teams
    assert teams is not None
    return teams


def _by_team(s: TeamStandings) -> dict[int, tuple[Fraction, Fraction, int]]:
    """Match points, game points and rank, by team pairing number."""
    return {
        t.number: (s.match_points[i], s.game_points[i], s.ranks[i]) for i, t in enumerate(s.teams)
    }


@pytest.mark.parametrize("name", sorted(BBP))
def test_the_copies_are_the_files(name: str) -> None:
    assert hashlib.sha256(BBP[name].read_bytes()).hexdigest() == SHA256[name]


def test_match_points_only_is_read() -> None:
    """``299 -   1.0``: a forfeit loss (column 5), 1.0 match point (columns 8-11), the game
    points (14-17), the round (20-22) and the teams (24 on) blank."""
    [a] = read_trf(BBP["forfeit"]).trf2026.assignments
    assert (a.kind, a.match_points, a.points, a.round, a.players, a.line_no) == (
        "-",
        1,
        None,
        None,
        (),
        6,
    )
    [b] = read_trf(BBP["target"]).trf2026.assignments
    assert (b.kind, b.match_points, b.points, b.round, b.players) == ("-", 1, None, None, (4,))
    [c] = read_trf(BBP["blank"]).trf2026.assignments
    assert (c.kind, c.match_points, c.points, c.round, c.players) == (" ", 3, None, 1, (4,))


def test_a_forfeit_loss_worth_a_match_point_for_every_team() -> None:
    """Round 1: 1-2 over the board (1 wins), 3 beats 4 by forfeit, 5 a pairing-allocated bye.
    The test's own note: "the override makes t4=1, so t2 is the unique lowest".

    By hand (match points 2-1-0): 1 won 2, 2 lost 0, 3 a forfeit win 2, 4 a forfeit loss 0
    made 1 by the record, 5 the bye no record 320 values 1 (a drawn match's, as FIDE's
    engine scores it; the test's note: "t5=1"). Game points: the boards' (the record gives
    none): 1, 0, 1, 0, 1 (the bye's player's ``U``). Ranks: 1 and 3 (2, 1) first and
    second, 5 (1, 1) third, 4 (1, 0) fourth, 2 (0) fifth."""
    s = _by_team(_teams(BBP["forfeit"]))
    assert {n: (mp, gp) for n, (mp, gp, _) in s.items()} == {
        1: (2, 1),
        2: (0, 0),
        3: (2, 1),
        4: (1, 0),
        5: (1, 1),
    }
    assert {s[1][2], s[3][2]} == {1, 2}
    assert (s[5][2], s[4][2], s[2][2]) == (3, 4, 5)


def test_every_forfeit_loss() -> None:
    """Round 1: 1 beats 2 and 3 beats 4, both by forfeit; 5 the bye. The test's note: "both
    t2 and t4 become 1 MP". By hand: 2, 1, 2, 1, 1 match points; game points 1, 0, 1, 0, 1.
    1 and 3 alike in every figure (a forfeit win against a team with 1 match point and no
    game point) share rank 1; 5 (1, 1) third; 2 and 4 alike share rank 4."""
    s = _by_team(_teams(BBP["all"]))
    assert s == {
        1: (2, 1, 1),
        2: (1, 0, 4),
        3: (2, 1, 1),
        4: (1, 0, 4),
        5: (1, 1, 3),
    }


def test_the_forfeit_loss_of_one_team() -> None:
    """The record names team 4 (column 27): the test's note: "t1=2,t3=2,t5=1,t4=1,t2=0",
    team 2's forfeit loss keeping a lost match's 0. Ranks: 1 and 3 (2, 1) first and second,
    then 5 (1, 1), 4 (1, 0), 2 (0)."""
    s = _by_team(_teams(BBP["target"]))
    assert {n: mp for n, (mp, _, _) in s.items()} == {1: 2, 2: 0, 3: 2, 4: 1, 5: 1}
    assert {s[1][2], s[3][2]} == {1, 2}
    assert (s[5][2], s[4][2], s[2][2]) == (3, 4, 5)


def test_a_bonus_of_match_points() -> None:
    """``299     3.0          1    4``: a blank type, 3.0 match points to team 4, round 1.
    Round 1: 1 beats 2 and 3 beats 4 over the board, 5 the bye. The test's note: "with the
    bonus t4=3". By hand: match points 2, 0, 2, 0 + 3 = 3, 1; game points 1, 0, 1, 0, 1.
    The bonus counts in team 4's score in the standing, not in what its opponent's
    tie-breaks read (as a player's bonus): team 3's Buchholz is 0 (team 4's match points
    without it), as team 1's (team 2's 0), so 1 and 3 alike in every figure share rank 2;
    4 first, 5 fourth, 2 fifth."""
    teams = _teams(BBP["blank"])
    s = _by_team(teams)
    assert s == {
        1: (2, 1, 2),
        2: (0, 0, 5),
        3: (2, 1, 2),
        4: (3, 0, 1),
        5: (1, 1, 4),
    }
    bh = teams.descriptors.index("BH")
    assert [teams.values[i][bh] for i in (0, 2)] == [0, 0]


@pytest.mark.parametrize("name", sorted(BBP))
@pytest.mark.parametrize(
    "argv",
    [("report",), ("report", "--teams"), ("check",), ("report", "--format", "json")],
)
def test_every_command_reads_them(
    capsys: pytest.CaptureFixture[str], name: str, argv: tuple[str, ...]
) -> None:
    """Each command reads the file (it refused it: "expected match points in columns 8-11,
    points in 14-17 ...") and says what the record did, naming its line."""
    code, out, err = run(capsys, argv[0], str(BBP[name]), *argv[1:])
    assert code in (0, 4), err  # check: 4, warnings found (the ranks never filled ...)
    assert "expected match points" not in out + err
    if "json" not in argv:
        assert "record 299, line 6: " in out


def test_crosstable_reads_them(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """The team standings sheet of the workbook gives team 4 its 1 match point."""
    from openpyxl import load_workbook

    out = tmp_path / "bbp.xlsx"
    code, _, err = run(capsys, "crosstable", str(BBP["target"]), "-o", str(out))
    assert code == 0, err
    assert "record 299, line 6: " in err
    sheet = list(load_workbook(out)["Team standings"].iter_rows(values_only=True))
    top = next(i for i, r in enumerate(sheet) if r[0] == "Rk")
    head, rows = sheet[top], sheet[top + 1 : top + 6]  # the standing; the players follow
    mp = head.index("MP")
    assert {r[1]: r[mp] for r in rows} == {1: 2, 2: 0, 3: 2, 4: 1, 5: 1}


# --------------------------------------------------------------------------- by hand


def _player(n: int, points: str, rounds: str) -> str:
    """A 001 line: no. *n*, rated 2000, its points (81-84), its rounds from column 92."""
    name, fide_id = f"Player {n}", f"{3000000 + n:>11}"
    return f"001 {n:>4} m    {name:<33} 2000 ENG {fide_id} 1990/01/01 {points:>4} {n:>4}  {rounds}"


def _team(n: int, name: str, members: str) -> str:
    """Record 310: the team's number in 5-7, its name in 9-40, its players from 74."""
    return f"310 {n:>3} {name:<32}".ljust(73) + members


def _299(kind: str, mp: str, gp: str, rnd: str = "", teams: tuple[int, ...] = ()) -> str:
    """Record 299 in TRF-2026's columns: type 5, match points 8-11, game points 14-17,
    round 20-22, teams 24-27, 29-32 ..."""
    line = f"299 {kind}  {mp:>4}  {gp:>4}  {rnd:>3} " + " ".join(f"{n:>4}" for n in teams)
    return line.rstrip()


TWO_BOARDS = [
    "012 Two boards, two rounds",
    "042 2026/03/10",
    "142 2",
    "362 TW  3.0   TD  1.0   TL  0.0",
    _299("+", "2.0", "2.5"),
    _299("D", "1.5", "", "002", (1,)),
    _player(1, "1.5", "   3 w 1     5 b ="),
    _player(2, "1.0", "   4 b =     6 w ="),
    _player(3, "1.0", "   1 b 0     7 w 1"),
    _player(4, "1.5", "   2 w =     8 b 1"),
    _player(5, "1.5", "   7 w +     1 w ="),
    _player(6, "1.5", "   8 b +     2 b ="),
    _player(7, "0.0", "   5 b -     3 b 0"),
    _player(8, "0.0", "   6 w -     4 w 0"),
    _team(1, "A", "   1    2"),
    _team(2, "B", "   3    4"),
    _team(3, "C", "   5    6"),
    _team(4, "D", "   7    8"),
]
"""Four teams of two boards, match points 3-1-0, and two 299 records: every forfeit win of
the event worth 2.0 match points and 2.5 game points (neither round nor team named), and
team 1's drawn match of round 2 worth 1.5 match points (its game points left blank)."""


def test_both_points_and_a_round_by_hand() -> None:
    """Round 1: A 1.5-0.5 B (a win, 3; B 0); C beats D by forfeit on both boards: the
    record makes it 2.0 match points (a win's 3 otherwise) and 2.5 game points (the boards'
    2 otherwise); D 0, 0. Round 2: A 1-1 C, drawn: A's made 1.5 match points by the second
    record (its game points the boards' 1), C's 1; B 2-0 D: 3 and 0.
    Totals: A 4.5 match points, 2.5 game points; B 3, 2.5; C 3, 3.5; D 0, 0. Ranks: A,
    C, B (C's game points), D. The points assigned are the round's everywhere: B's
    Buchholz is A's 4.5 and D's 0, 4.5; A's is B's 3 and C's 3, 6 (both played every
    round over the board: no unplayed round to count)."""
    t = parse_trf("\n".join(TWO_BOARDS) + "\n")
    event = analyse_event(t)
    teams = event.teams
    assert teams is not None
    s = _by_team(teams)
    assert s == {
        1: (Fraction(9, 2), Fraction(5, 2), 1),
        2: (3, Fraction(5, 2), 3),
        3: (3, Fraction(7, 2), 2),
        4: (0, 0, 4),
    }
    bh = teams.descriptors.index("BH")
    assert (teams.values[0][bh], teams.values[1][bh]) == (6, Fraction(9, 2))
    assert teams.rounds[2][0].outcome is Outcome.FORFEIT_WIN
    said = [w for w in event.warnings if w.message.startswith("record 299")]
    assert [(w.kind, w.severity, w.line) for w in said] == [
        ("assignment", "note", 5),
        ("assignment", "note", 6),
    ]
    assert list(messages(said)) == [
        "record 299, line 5: a forfeit win ('+') of every team, every round, scores 2.0 "
        "match points, 2.5 game points: team 3 round 1",
        "record 299, line 6: a match drawn ('D') of team 1, round 2, scores 1.5 match "
        "points, the game points the boards': team 1 round 2",
    ]
    # the players' points are their games' (1, ½, 0): a team event's 299 is the teams'
    assert [s.points for s in event.standings.standings] == [
        Fraction(3, 2),
        1,
        1,
        Fraction(3, 2),
        Fraction(3, 2),
        Fraction(3, 2),
        0,
        0,
    ]


def test_json_report_gives_the_rounds_assigned(capsys: pytest.CaptureFixture[str]) -> None:
    """The JSON team standing gives each round's match points: the forfeit losses of teams
    2 and 4 worth 1, their game points the boards' 0."""
    code, out, err = run(capsys, "report", str(BBP["all"]), "--teams", "--format", "json")
    assert code == 0, err
    rounds = {t["team_no"]: t["rounds"][0] for t in json.loads(out)}
    assert {n: (r["result"], r["match_points"], r["game_points"]) for n, r in rounds.items()} == {
        1: ("forfeit_win", 2, 1),
        2: ("forfeit_loss", 1, 0),
        3: ("forfeit_win", 2, 1),
        4: ("forfeit_loss", 1, 0),
        5: ("pairing_bye", 1, 1),
    }
    assert "record 299, line 6: " in err


# --------------------------------------------------------------------------- wrong values


BAD = [
    "012 Wrong values",
    "042 2026/03/10",
    "362 TW  2.0   TD  1.0   TL  0.0",
    _299("-", "x.0", ""),
    _299("-", "1.0", "", "", (9,)),
    _299("+", "2.0", "2.5", "003"),
    _player(1, "1.0", "   2 w 1"),
    _player(2, "0.0", "   1 b 0"),
    _team(1, "A", "   1"),
    _team(2, "B", "   2"),
]


def test_a_wrong_value_is_a_warning_naming_its_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A number that is none (line 4) leaves the line unread; a team the file does not have
    (line 5: team 9) and a round after the file's last (line 6: round 3 of 1) are not
    applied: each a warning naming its line in ``check``, the file read by every command."""
    path = tmp_path / "bad.trf"
    path.write_text("\n".join(BAD) + "\n")
    code, out, err = run(capsys, "check", str(path))
    assert code == 4, err
    lines = out.splitlines()
    assert any(
        x.startswith("bad.trf, line 4: warning: record 299, line 4: columns 8-11 (match points)")
        and x.endswith("found 'x.0': the line is not read")
        for x in lines
    )
    assert (
        "bad.trf, line 5: warning: record 299, line 5: no team 9 in the file: not applied to it"
        in lines
    )
    assert any(x.startswith("bad.trf, line 6: warning: record 299, line 6: round 3") for x in lines)
    for argv in (("report",), ("report", "--teams")):
        code, out, err = run(capsys, argv[0], str(path), *argv[1:])
        assert code == 0, err
        assert "record 299, line 4: columns 8-11 (match points)" in out
    code, _, err = run(capsys, "crosstable", str(path), "-o", str(tmp_path / "bad.xlsx"))
    assert code == 0 and "record 299, line 5: no team 9" in err
