"""The team-only tie-breaks (``xlfuncs/core/team_tiebreaks.py``): the mixed extended
Sonneborn-Bergers, the score and strength combination, the board counts, the counts on the
boards, the top board result, the bottom board elimination and the extended direct
encounters, against FIDE's engine gacrux (its team mode, ``tests/gacrux_teams.py``) on the
team files of ``tests/data/``: the real team Swiss of Crete (TRF16 ``013``) and Held's team
exercise (TRF-2026) in both C.07 texts. Sharly Chess's team file gacrux cannot read
(``tests/test_teams.py``).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run
from gacrux_teams import gacrux_team_ranks, gacrux_teams

from xlfuncs.core.teams import TeamStandings, team_descriptor
from xlfuncs.core.tiebreaks import TiebreakError
from xlfuncs.event import AnalysedEvent, analyse_event
from xlfuncs.findings import Finding
from xlfuncs.trf import Tournament, read_trf
from xlfuncs.trf.teams import event_teams

DATA = Path(__file__).parent / "data"
CRETE = DATA / "real" / "crete-friendship-cup-2024-rapid.trf"
HELD = DATA / "trf2026" / "held-team-exercise.txt"

FILES = [(CRETE, None, "2024-11-23"), (HELD, "2023", "2025-05-01"), (HELD, "2026", "2026-05-01")]
"""Each team file, the C.07 text ours is asked for (``None``: the one of the event's date)
and the start date that makes gacrux take the same."""

VALUES = (
    "EMGSB", "EGMSB", "EMGSB/C1", "EGMSB/C1", "ESB", "ESB:GP", "BC", "SSSC", "SSSC:GP",
    "BPG", "BWG", "BPG:GP", "WIN:GP", "WON:GP", "BWG:GP",
)  # fmt: skip
"""The tie-breaks compared value by value (the same spelling in gacrux)."""

PLACING = ("TBR", "BBE", "DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB")
"""The tie-breaks that place the teams tied on the keys before: compared by the ranks they
make after match points, and after match and game points."""


@functools.cache
def _event(path: Path) -> tuple[Tournament, AnalysedEvent]:
    t = read_trf(path)
    return t, analyse_event(t)


def _standing(path: Path, edition: str | None, descriptors: tuple[str, ...]) -> TeamStandings:
    t, event = _event(path)
    found = event_teams(
        t, event.read, event.counted_rounds, descriptors=descriptors, edition=edition
    )
    assert found is not None
    return found


@pytest.mark.parametrize(
    ("path", "edition", "start"), FILES, ids=["crete", "held-2023", "held-2026"]
)
def test_values_against_gacrux(path: Path, edition: str | None, start: str) -> None:
    """Every team's value of the 15 :data:`VALUES` is gacrux's: 225 values for Crete's 15
    teams, 210 for Held's 14 in each text (645 in all)."""
    s = _standing(path, edition, VALUES)
    theirs = gacrux_teams(path, VALUES, start)
    wrong = [
        (team.number, d, ours, ref)
        for team, values in zip(s.teams, s.values)
        for d, ours, ref in zip(VALUES, values, theirs[team.number])
        if ours != ref
    ]
    assert (len(s.teams) * len(VALUES), wrong) == ({CRETE: 225, HELD: 210}[path], [])


@pytest.mark.parametrize(
    ("path", "edition", "start"), [FILES[0], FILES[2]], ids=["crete", "held-2026"]
)
def test_placing_against_gacrux(path: Path, edition: str | None, start: str) -> None:
    """The ranks by ``MP, X`` and by ``MP, GP, X`` for each ``X`` of :data:`PLACING` are
    gacrux's (18 standings: 270 ranks for Crete, 252 for Held's under the 2026 text, 522
    in all).
    In Held's event the boards decide: teams 11 and 14 (and 7 and 13), equal on match and
    game points and on their match's, are separated by its boards in ``EDEC``, ``EDET``
    ... and not by ``EDE``."""
    wrong = []
    compared = 0
    for ours in [(x,) for x in PLACING] + [("GP", x) for x in PLACING]:
        s = _standing(path, edition, ours)
        ref = gacrux_team_ranks(path, ("MPTS", *("GPTS" if d == "GP" else d for d in ours)), start)
        for team, r in zip(s.teams, s.ranks):
            compared += 1
            if r != ref[team.number]:
                wrong.append((ours, team.number, r, ref[team.number]))
    assert (compared, wrong) == ({CRETE: 270, HELD: 252}[path], [])
    if path == HELD:
        ede = _standing(path, edition, ("GP", "EDE"))
        edet = _standing(path, edition, ("GP", "EDET"))
        assert (ede.ranks[10], ede.ranks[13]) == (12, 12)
        assert edet.ranks[10] != edet.ranks[13]


def test_score_strength_by_hand() -> None:
    """Crete's ΟΑΑΗ (team 3: 11 MP, 24.5 GP, BH 54, BH:GP 150.5, as ``tests/test_teams.py``
    checks against gacrux), seven rounds on six boards, 2-1-0 and 1-½-0: ``SSSC`` = 24.5 +
    54 / floor(2 x 7 / (1 x 6)) = 24.5 + 54 / 2 = 51.5; ``SSSC:GP`` = 11 + 150.5 /
    floor(1 x 7 x 6 / 2) = 11 + 150.5 / 21 = 18.1666..., 18.17."""
    s = _standing(CRETE, None, ("SSSC", "SSSC:GP", "GP", "BH", "BH:GP"))
    third = s.values[2]
    assert third[2:] == (Fraction(49, 2), 54, Fraction(301, 2))
    assert third[:2] == (Fraction(103, 2), Fraction(1817, 100))


def test_team_descriptors() -> None:
    """``ESB`` is ``EMGSB`` (``ESB:GP``: ``EGMSB``), as FIDE's engine reads it; the board
    tie-breaks read game points; a modifier where none is taken is refused, naming it."""
    assert [team_descriptor(x) for x in ("esb", "ESB:GP", "EMGSB/M1", "BC:GP", "EDE:GP")] == [
        "EMGSB",
        "EGMSB",
        "EMGSB/M1",
        "BC",
        "EDE:GP",
    ]
    with pytest.raises(TiebreakError, match="EDET takes no modifier"):
        team_descriptor("EDET/C1")  # /P is taken: MTB26, C.07 13.3
    with pytest.raises(TiebreakError, match="names both its scores"):
        team_descriptor("EMGSB:GP")


def test_a_file_naming_team_only_tie_breaks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Held's file with ``202 MPTS,GPTS,EDET,SSSC,BC``: the teams are ranked by it (no
    warning that the list is set aside), as gacrux ranks them."""
    text = HELD.read_text(encoding="utf-8").replace(
        "352 WBWB", "202 MPTS,GPTS,EDET,SSSC,BC\n352 WBWB"
    )
    path = tmp_path / "held-202.trf"
    path.write_text(text, encoding="utf-8")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0
    assert "ranked by match points, then GP, EDET, SSSC, BC" in out
    assert "the teams are ranked by the defaults" not in out
    s = analyse_event(read_trf(path)).teams
    assert s is not None
    ref = gacrux_team_ranks(HELD, ("MPTS", "GPTS", "EDET", "SSSC", "BC"), "2025-05-01")
    assert {t.number: r for t, r in zip(s.teams, s.ranks)} == ref


# --- record 330: forfeited matches -----------------------------------------------------------

FORFEIT_DS = ("MP", "GP", "BH", "BH/C1", "BH:GP", "SB", "SB:GP", "WIN", "EMGSB", "BC", "SSSC")
"""Compared for the forfeited matches (``MPTS``, ``GPTS`` in gacrux's spelling)."""

ROUND_6 = {1: (1, 2, 3, 4), 6: (21, 22, 23, 24)}
"""Held's round 6: team 1 (players 1-4, white on board 1) against team 6 (21-24), forfeited
on every board (``21 w +`` ... and ``1 b -`` ...)."""


def _held_with(tmp_path: Path, record: str, entries: dict[int, str] | None = None) -> Path:
    """Held's file with *record* before its ``240`` lines and, with *entries*, the round-6
    entries of the players of teams 1 and 6 replaced (by team: ``0000 - +`` ...)."""
    out = []
    for line in HELD.read_text(encoding="utf-8").splitlines(keepends=True):
        if entries and line.startswith("001"):
            no = int(line[4:8])
            for team, players in ROUND_6.items():
                if no in players:
                    line = line[:141] + entries[team] + line[149:]
        if line.startswith("240 H"):
            out.append(record + "\n")
        out.append(line)
    path = tmp_path / f"held-{abs(hash((record, str(entries))))}.trf"
    path.write_text("".join(out), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("record", "entries", "team_1", "team_6"),
    [
        ("330 +- 006 001 006", None, (2, 4), (0, 0)),
        ("330 +- 006 001 006", {1: "0000 - +", 6: "0000 - -"}, (2, 4), (0, 0)),
        ("330 -+ 006 001 006", {1: "0000 - -", 6: "0000 - +"}, (0, 0), (2, 4)),
        ("330 -- 006 001 006", {1: "0000 - -", 6: "0000 - -"}, (0, 0), (0, 0)),
    ],
    ids=["as-the-boards", "white-wins", "black-wins", "double"],
)
def test_forfeited_match_against_gacrux(
    tmp_path: Path,
    record: str,
    entries: dict[int, str] | None,
    team_1: tuple[int, int],
    team_6: tuple[int, int],
) -> None:
    """A ``330`` record makes the match of round 6 between teams 1 and 6 a forfeited one,
    with its players' lines as the boards (``21 w +`` ...) or without an opponent on any
    board (``0000 - +``): the winner 2 match points and, with no board against the other
    team, a win on each of the four boards (4 game points), the loser nothing; a double
    forfeit nothing for either. Every value of :data:`FORFEIT_DS` for the 14 teams is
    gacrux's (154 a file, 616 in all), with no warning."""
    path = _held_with(tmp_path, record, entries)
    t = read_trf(path)
    event = analyse_event(t)
    warnings: list[str] = []
    s = event_teams(
        t, event.read, event.counted_rounds, descriptors=FORFEIT_DS[2:], warnings=warnings
    )
    assert s is not None
    assert not [w for w in warnings if "330" in w]
    for k, wanted in ((0, team_1), (5, team_6)):
        m = s.rounds[k][5]
        assert (m.opponent, m.match_points, m.game_points) == (6 if k == 0 else 1, *wanted)
    theirs = gacrux_teams(path, ("MPTS", "GPTS", *FORFEIT_DS[2:]), "2025-05-01")
    wrong = [
        (team.number, d, ours, ref)
        for team, mp, gp, values in zip(s.teams, s.match_points, s.game_points, s.values)
        for d, ours, ref in zip(FORFEIT_DS, (mp, gp, *values), theirs[team.number])
        if ours != ref
    ]
    assert (len(s.teams) * len(FORFEIT_DS), wrong) == (154, [])


def test_a_forfeit_record_against_the_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``330 +- 006 001 006`` where the lines give every board of both teams ``0000 - -`` (a
    forfeit loss without an opponent): TRF-2026 defines the record as the white team's
    forfeit win, which is counted (team 1: 10 match points and 17.5 game points, as with
    the file's own forfeit), with a warning naming the line; gacrux scores that match from
    the lines (both lose: team 1 8 match points). A record naming a team the event does
    not have is named and not read; a forfeit that is not the format's is named with its
    line and columns, and the team records are not read (no team standing)."""
    path = _held_with(tmp_path, "330 +- 006 001 006", {1: "0000 - -", 6: "0000 - -"})
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0
    assert (
        "record 330 (line 87): round 6, teams 1 and 6: the players' lines give team 1 0.0 "
        "game points in that round, the record a forfeit win with 4.0 game points: the "
        "record is counted" in out
    )
    event = analyse_event(read_trf(path))
    assert [(w.severity, w.line) for w in event.warnings if w.kind == "forfeit"] == [
        ("warning", 87)
    ]
    s = event.teams
    assert s is not None
    assert (s.match_points[0], s.game_points[0]) == (10, Fraction(35, 2))
    assert gacrux_teams(path, ("MPTS",), "2025-05-01")[1] == (8,)
    path = _held_with(tmp_path, "330 +- 003 001 015")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0
    assert "record 330 (line 87): round 3, teams 1 and 15: no team 15: not read" in out
    path = _held_with(tmp_path, "330 x+ 003 001 002")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0  # a value: the team records not read, the players' standing given
    assert (
        "record 330, line 87, columns 5-6 (type of forfeit): expected +- (white wins), -+ or "
        "--, found 'x+': the team records are not read, no team standing" in out
    )


# --- record 352: the boards' colour sequence -------------------------------------------------


def test_record_352_gives_the_boards_of_a_match(tmp_path: Path) -> None:
    """Held's file writes ``352 WBWB``: four boards a match, as every match has. With the
    record saying five (``WBWBW``), the forfeited match of round 6 without games (``330 +-``,
    the lines ``0000 - +`` and ``0000 - -``) is a win on each of the five boards for team 1:
    5 game points, not 4; every other match had four boards with a game, which a warning
    says (FIDE's engine refuses such a file without ``300`` records)."""
    record = "330 +- 006 001 006"
    entries = {1: "0000 - +", 6: "0000 - -"}
    t = read_trf(HELD)
    event = analyse_event(t)
    s = event_teams(t, event.read, event.counted_rounds, descriptors=("GP",))
    assert s is not None and (s.boards, s.boards_given) == (4, True)
    path = _held_with(tmp_path, record, entries)
    five = path.with_name("five.trf")
    five.write_text(path.read_text(encoding="utf-8").replace("352 WBWB\n", "352 WBWBW\n"))
    for source, boards in ((path, 4), (five, 5)):
        t = read_trf(source)
        event = analyse_event(t)
        warnings: list[Finding] = []
        s = event_teams(t, event.read, event.counted_rounds, descriptors=("GP",), warnings=warnings)
        assert s is not None and s.boards == boards
        m = s.rounds[0][5]
        assert (m.opponent, m.match_points, m.game_points) == (6, 2, boards)
        said = [w for w in warnings if w.kind == "board_count"]
        if boards == 4:
            assert said == []
        else:
            (found,) = said
            line = found.message
            assert found.line == next(r.line_no for r in t.extra_records if r.code == "352")
            # 7 rounds of 7 matches (49), less one in round 5 (teams 12 and 14 without a
            # match), one in round 7 (team 7's zero-point bye, and one more team without a
            # match) and round 6's forfeited match without games: 46, all on four boards
            assert "gives 5 boards a match (WBWBW); 46 matches had another number" in line
            assert "(round 1, teams 1-8: 4; round 2, teams 1-4: 4;" in line


def test_a_bad_record_352_is_a_warning(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A value of a team record: the team records are not read (no team standing), the file
    is: the players' standing, with a warning naming the line and columns."""
    from xlfuncs.trf import TrfError

    path = tmp_path / "bad.trf"
    path.write_text(HELD.read_text(encoding="utf-8").replace("352 WBWB\n", "352 WXBW\n"))
    t = read_trf(path)
    with pytest.raises(TrfError, match="colour sequence of the boards"):
        event_teams(t, analyse_event(t).read, 7)
    warnings: list[Finding] = []
    assert event_teams(t, analyse_event(t).read, 7, warnings=warnings) is None
    line = next(r.line_no for r in t.extra_records if r.code == "352")
    said = (
        f"record 352, line {line}, columns 5-8 (colour sequence of the boards): expected W or "
        "B for each board (WBWB), found 'WXBW': the team records are not read, no team "
        "standing (the players' standing is not affected)"
    )
    assert warnings == [Finding("no_team_standing", "warning", said, line=line, columns="5-8")]
    code, out, _ = run(capsys, "check", str(path))
    assert (
        f"bad.trf, line {line}, columns 5-8: warning: record 352, line {line}, columns 5-8" in out
    )


def test_record_192_ranks_on_game_points_first(tmp_path: Path) -> None:
    """``192 FIDE_TEAM_TYPEA_GP_MP``: game points rank first, then match points. Held's game
    points (half points: 35, 34, 32, 34, 36, 25, 23, 30, 29, 26, 23, 15, 23, 23 for teams
    1-14) and match points (10, 10, 10, 10, 10, 7, 6, 7, 6, 5, 4, 2, 6, 4): 5 (36), 1 (35),
    2 and 4 (34, both 10 MP), 3 (32), 8 (30), 9 (29), 10 (26), 6 (25), then on 23: 7 and
    13 (6 MP) before 11 and 14 (4 MP), last 12 (15); teams equal on both by pairing number."""
    path = tmp_path / "gp.trf"
    text = HELD.read_text(encoding="utf-8")
    path.write_text(text.replace("192 FIDE_TEAM_TYPEA_MP_GP", "192 FIDE_TEAM_TYPEA_GP_MP"))
    t = read_trf(path)
    event = analyse_event(t)
    s = event_teams(t, event.read, event.counted_rounds, descriptors=("MP",))
    assert s is not None and s.primary == "GP"
    assert [s.teams[i].number for i in s.order()] == [5, 1, 2, 4, 3, 8, 9, 10, 6, 7, 13, 11, 14, 12]
    ranks = {team.number: rank for team, rank in zip(s.teams, s.ranks)}
    assert (ranks[2], ranks[4], ranks[7], ranks[13], ranks[12]) == (3, 3, 10, 10, 14)
