"""TRF-2026 record ``300`` (a team's board order in one match) read and applied to the team
standing: the board tie-breaks (``BC``, ``TBR``, ``BBE``, the ``EDE`` board forms) and the
colour of a match (``BPG``, ``BWG`` on match points) read the match's boards in the order it
gives, as FIDE's engine gacrux does; what does not fit the file is a warning naming the
line, never a refusal.

``team_300_board_order.trf`` (``tests/data/tiebreak-cases/``, see ``SOURCE`` there): teams 1
(players 1, 2) and 2 (players 3, 4) drew 1-1 in round 1; no. 2 (white) beat no. 3 and
no. 4 (white) beat no. 1. Record ``300   1   1   2    2    1`` puts no. 2 on board 1 of
team 1, no. 1 on board 2; team 2's boards follow: no. 3 (who met no. 2) on board 1.
By hand: team 1's board count is 1 x 1 (no. 2's win) + 2 x 0 = 1, team 2's 1 x 0 + 2 x 1 =
2 (lower is better: team 1 ahead); board 1 gives team 1 1 point, team 2 none (``TBR``); in
the 310 order (no. 1 on board 1) both counts would be 2. Board 1's colours (record ``352
WB``: the first team white on board 1): no. 2 had white, so team 2 is the match's black.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from gacrux_teams import gacrux_team_ranks, gacrux_teams
from trf_make import player_line

from xlfuncs.core.teams import TeamStandings
from xlfuncs.event import analyse_event
from xlfuncs.findings import Finding
from xlfuncs.trf import parse_trf, read_trf
from xlfuncs.trf.teams import event_teams

CASE = Path(__file__).parent / "data" / "tiebreak-cases" / "team_300_board_order.trf"
START = "2026-04-01"


def _standing(text: str, descriptors: tuple[str, ...]) -> tuple[TeamStandings, list[Finding]]:
    t = parse_trf(text)
    event = analyse_event(t)
    warnings: list[Finding] = []
    s = event_teams(t, event.read, event.counted_rounds, descriptors=descriptors, warnings=warnings)
    assert s is not None
    return s, warnings


def _orders(warnings: list[Finding], said: str = "") -> list[tuple[int | None, str]]:
    """The lines and messages of the findings of kind ``board_order`` whose message holds
    *said*."""
    return [(w.line, w.message) for w in warnings if w.kind == "board_order" and said in w.message]


def _text() -> str:
    return CASE.read_text(encoding="utf-8")


def test_board_count_by_record_300_is_gacrux_s() -> None:
    s, warnings = _standing(_text(), ("BC", "BPG", "BWG", "BPG:GP", "WIN:GP"))
    assert [v[0] for v in s.values] == [Fraction(1), Fraction(2)]  # BC by hand (docstring)
    assert [v[1] for v in s.values] == [0, 1]  # team 2 had black on board 1
    assert s.ranks == (1, 2)
    assert not _orders(warnings)
    theirs = gacrux_teams(CASE, ("MPTS", "BC", "BPG", "BWG", "BPG:GP", "WIN:GP"), START)
    for team, values in zip(s.teams, s.values):
        assert (s.match_points[team.number - 1], *values) == theirs[team.number]


@pytest.mark.parametrize("code", ["BC", "TBR", "BBE", "EDET", "EDEB", "EDEBT", "EDEBB"])
def test_board_places_by_record_300_are_gacrux_s(code: str) -> None:
    s, _ = _standing(_text(), ("GP", code))
    assert s.ranks == (1, 2)
    assert gacrux_team_ranks(CASE, ("MPTS", "GPTS", code), START) == {1: 1, 2: 2}


def test_without_record_300_the_310_order() -> None:
    """The same file without its ``300`` record: no. 1 on board 1 of team 1, the count 2
    for both teams (the README's ``xlfuncs`` column), tied."""
    text = "".join(x for x in _text().splitlines(keepends=True) if not x.startswith("300"))
    s, _ = _standing(text, ("BC",))
    assert [v[0] for v in s.values] == [Fraction(2), Fraction(2)]
    assert s.ranks == (1, 1)


def test_the_order_of_the_other_team_gives_the_same_boards() -> None:
    """Team 2's order (no. 4, who met no. 1, on board 2; no. 3 on board 1) is the same
    match: the same counts."""
    text = _text().replace("300   1   1   2    2    1", "300   1   2   1    3    4")
    s, warnings = _standing(text, ("BC",))
    assert [v[0] for v in s.values] == [Fraction(1), Fraction(2)]
    assert not _orders(warnings)


@pytest.mark.parametrize(
    ("record", "said"),
    [
        ("300   1   5   2    2    1", "(line 13): round 1, team 5 against 2: no team 5: not read"),
        ("300   1   1   3    2    1", "(line 13): round 1, team 1 against 3: no team 3: not read"),
        ("300   2   1   2    2    1", "after the rounds counted (1): not read"),
        ("300   1   1   2    3    1", "player 3 is not in team 1 (record 310): its board read as"),
        ("300   X   1   2    2    1", "line 13, columns 5-7 (round number): expected a number"),
        (
            "300   1   1   2    2   x1",
            "columns 22-25 (player on board 2): expected a starting rank",
        ),
    ],
)
def test_a_record_300_that_does_not_fit_is_a_warning(record: str, said: str) -> None:
    """A value that does not fit (a team or player the file does not have, a field that is
    not a number) is named with its line; the file is read and the team standing made."""
    text = _text().replace("300   1   1   2    2    1", record)
    s, warnings = _standing(text, ("BC",))
    assert [line for line, _ in _orders(warnings, said)] == [13], warnings
    assert len(s.teams) == 2


def test_both_teams_records_of_one_match() -> None:
    """Each team of a match may give its order (Sharly Chess writes both): team 2's ``3 4``
    (no. 3 met no. 2, team 1's board 1) agrees with team 1's ``2 1``: no warning, the same
    boards. Team 2's ``4 3`` does not: a warning naming both lines, the later one read (no. 4
    on board 1 of team 2, so no. 1 on board 1 of team 1: counts 2 and 1). A second record
    for one team: not read."""
    record = "300   1   1   2    2    1"
    both = _text().replace(record, record + "\n300   1   2   1    3    4")
    s, warnings = _standing(both, ("BC",))
    assert not _orders(warnings), warnings
    assert [v[0] for v in s.values] == [Fraction(1), Fraction(2)]
    crossed = _text().replace(record, record + "\n300   1   2   1    4    3")
    s, warnings = _standing(crossed, ("BC",))
    said = "record 300 (lines 13 and 14): round 1, teams 1 and 2: the two orders do not give"
    assert [line for line, w in _orders(warnings, said) if "line 14's is read" in w] == [14]
    assert [v[0] for v in s.values] == [Fraction(2), Fraction(1)]
    twice = _text().replace(record, record + "\n300   1   1   2    1    2")
    s, warnings = _standing(twice, ("BC",))
    assert [line for line, _ in _orders(warnings, "line 13's: not read")] == [14], warnings
    assert [v[0] for v in s.values] == [Fraction(1), Fraction(2)]


@pytest.mark.parametrize(
    ("theirs", "differ", "counts"),
    [("300   1   2   1    4", True, (2, 1)), ("300   1   2   1    3", False, (1, 2))],
)
def test_a_record_naming_some_boards_is_compared_board_by_board(
    theirs: str, differ: bool, counts: tuple[int, int]
) -> None:
    """Team 2's record may name only its first boards, its other player of the match on the
    board left (``docs/teams.md``, *Record 300*). ``4``: no. 4 on board 1, no. 3 on board 2,
    where team 1's ``2 1`` has no. 2 on board 1 meet no. 3: the boards differ, a warning,
    line 14 read: team 2's boards 4, 3 and team 1's 1 (who met no. 4), 2; by hand team 1's
    count 1 x 0 + 2 x 1 = 2, team 2's 1 x 1 + 2 x 0 = 1. ``3``: no. 3 on board 1, who met
    no. 2 (team 1's board 1): the same boards, no warning, the counts 1 and 2 of
    :func:`test_board_count_by_record_300_is_gacrux_s`."""
    record = "300   1   1   2    2    1"
    s, warnings = _standing(_text().replace(record, f"{record}\n{theirs}"), ("BC",))
    said = "record 300 (lines 13 and 14): round 1, teams 1 and 2: the two orders do not give"
    assert [line for line, _ in _orders(warnings, said)] == ([14] if differ else []), warnings
    assert [v[0] for v in s.values] == [Fraction(n) for n in counts]


def test_a_match_out_of_its_lists_order_without_record_300_is_named() -> None:
    """TRF-2026 requires record 300 when a team plays in another order than its 310 list:
    without it, the match whose lists do not meet board to board (no. 1, team 1's first,
    met no. 4, team 2's second) is named, and each team counted in its own order."""
    text = "".join(x for x in _text().splitlines(keepends=True) if not x.startswith("300"))
    _, warnings = _standing(text, ("BC",))
    found = _orders(warnings, "do not meet board to board")
    assert len(found) == 1 and "round 1, teams 1-2 (player 1 met 4)" in found[0][1], warnings


def _with_player_5(team_line: str) -> str:
    """The case with a fifth player (a zero-point bye in round 1) added to *team_line*'s
    team (``"310   1"`` or a new team 3)."""
    five = player_line(5, "P05, Team", 1595, 0.0, 5, ["0000 - Z"])
    text = _text().replace("310   1 Team 1", five + "\n310   1 Team 1")
    if team_line == "310   3":
        return text + "310   3 Team 3" + " " * 27 + "T3         0    0.0    0.0   0     5\n"
    return text.replace("   1    2\n310   2", "   1    2    5\n310   2")


def test_a_record_300_the_lines_do_not_bear_out() -> None:
    """A player named who had no game against the other team that round (board read as
    unoccupied), teams that did not meet (not applied): warnings naming the line."""
    text = _with_player_5("310   1").replace(
        "300   1   1   2    2    1", "300   1   1   2    5    2    1"
    )
    s, warnings = _standing(text, ("BC",))
    said = "record 300 (line 13): round 1, team 1 against 2: player 5 has no game against team 2"
    assert [line for line, _ in _orders(warnings, said)] == [13], warnings
    # board 1 unoccupied: team 1's count 2 x 1 (no. 2) + 3 x 0 (no. 1)
    assert s.values[0][0] == Fraction(2)
    text = _with_player_5("310   3").replace(
        "300   1   1   2    2    1", "300   1   1   3    2    1"
    )
    s, warnings = _standing(text, ("BC",))
    said = "team 1 against 3: the players' lines have team 1 meeting team 2 that round"
    assert [line for line, w in _orders(warnings, said) if "not applied" in w] == [13]
    assert [v[0] for v in s.values][:2] == [Fraction(2), Fraction(2)]


def test_the_report_reads_record_300(tmp_path: Path) -> None:
    t = read_trf(CASE)
    event = analyse_event(t)
    s = event_teams(t, event.read, event.counted_rounds)
    assert s is not None
    assert s.descriptors[:1] == ("BC",)  # the file's 202 list
    assert s.ranks == (1, 2)
