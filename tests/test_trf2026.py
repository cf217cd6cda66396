"""TRF-2026's records beyond TRF16's (``xlfuncs/trf/records2026.py``): each read, none of them
refused or warned as unknown when the rest of the file is sound.

Real files: Sharly Chess's own TRF-2026 import tests (``tests/data/trf2026/SOURCE``). The
record layouts are those of FIDE's TRF-2026 text (as transcribed in ``@echecs/trf``'s
``SPEC.md``); expected values are read off the files' lines, quoted in each test.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run
from gacrux_reference import as_fraction, reference

from xlfuncs.core.editions import RateOfPlay
from xlfuncs.core.results import Outcome
from xlfuncs.core.scoring import DEFAULT_SCORING, ScoringSystem
from xlfuncs.core.tiebreaks import tiebreaks
from xlfuncs.event import analyse_event
from xlfuncs.findings import messages
from xlfuncs.trf import TrfError, check_tournament, parse_trf, read_trf
from xlfuncs.trf.rate_of_play import event_rate

DATA = Path(__file__).parent / "data" / "trf2026"
SHARLY = DATA / "sharly-trf-import-test.trf"
SHARLY_TEAM = DATA / "sharly-trf-team-import-test.trf"

P1 = "001    1 m    Alpha, Ann" + " " * 24 + "2000 FRA     1000001 1990/01/01  1.0    1     2 w 1"
P2 = "001    2 m    Beta, Bob" + " " * 25 + "1900 FRA     1000002 1991/01/01  0.0    2     1 b 0"


def nrs(fed: str, start: int, name: str, rating: str, origin: str, number: str) -> str:
    """A national-rating line in TRF-2026's columns (the 001 line's, up to the birth date)."""
    return f"{fed} {start:>4} m    {name:<33} {rating:>4} {origin:<3} {number:>11}"


def test_sharly_import_file_is_read() -> None:
    t = read_trf(SHARLY)
    r = t.trf2026
    assert len(t.players) == 16 and t.num_rounds == 5
    # "172 NIDOF": the method alone, as Sharly writes it (TRF-2026: federation in 5-7)
    [support] = r.national_support
    assert (support.federation, support.method, support.line_no) == (None, "NIDOF", 13)
    # "FRA    1    A    ...    2200 IDF      D50113"
    [nat] = r.national(1)
    assert (nat.federation, nat.rating, nat.classification, nat.origin, nat.national_id) == (
        "FRA",
        2200,
        "A",
        "IDF",
        "D50113",
    )
    assert t.player(1).rating == 2840  # FIDE's, untouched
    # 240 H   2    4 / 240 H   3    9 / 240 Z   4   12   14 / 240 Z   5   12
    assert [(b.kind, b.round, b.players) for b in r.byes] == [
        ("H", 2, (4,)), ("H", 3, (9,)), ("Z", 4, (12, 14)), ("Z", 5, (12,))
    ]  # fmt: skip
    assert (r.declared_rounds, r.initial_colour, r.pairing_controller, r.encoded_type) == (
        5,
        "B",
        "Sharly Chess",
        "FIDE_DUTCH_2026_BAKU",
    )
    assert [c.line_no for c in r.comments] == [9, 17, 35, 41]
    assert r.scoring == DEFAULT_SCORING
    assert t.unknown_records == ()


def test_sharly_import_file_report(capsys: pytest.CaptureFixture[str]) -> None:
    """Refused before, exit 1: "line 42, columns 1-3 (record code): expected 001"."""
    code, out, err = run(capsys, "report", str(SHARLY))
    assert code == 0, err
    assert "no known record type" not in out
    assert "National ratings (TRF-2026 National Rating Support" in out
    assert "- no. 1 (CARLSEN, Magnus): FRA 2200 (class A, origin IDF, id D50113)" in out
    code, out, err = run(capsys, "report", str(SHARLY), "--format", "json")
    data = json.loads(out)
    assert data[0]["rating"] == 2840
    assert data[0]["national_ratings"] == [
        {
            "federation": "FRA",
            "rating": 2200,
            "classification": "A",
            "origin": "IDF",
            "national_id": "D50113",
            "name": None,
            "sex": None,
            "birth_date": None,
        }
    ]
    assert data[1]["national_ratings"] == []


@pytest.mark.parametrize("command", ["crosstable", "norms", "period"])
def test_sharly_import_file_other_commands(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: str
) -> None:
    args = [command, str(SHARLY)]
    if command == "crosstable":
        args += ["-o", str(tmp_path / "x.xlsx")]
    code, _out, err = run(capsys, *args)
    assert code == 0, err


def test_sharly_team_file_national_lines() -> None:
    t = read_trf(SHARLY_TEAM)
    r = t.trf2026
    assert [(s.federation, s.method) for s in r.national_support] == [(None, "FIDON")]
    assert [(n.start_no, n.origin, n.national_id) for n in r.national_ratings] == [
        (7, "ARA", "Y02046"), (10, "BRE", "C69548"), (12, "BRE", "C50100"),
        (15, "ARA", "W56839"), (19, "IDF", "U50340"),
    ]  # fmt: skip
    assert all(n.rating is None for n in r.national_ratings)  # columns 49-52 blank
    assert t.unknown_records == ()


def test_172_with_federation() -> None:
    t = parse_trf(
        "\n".join(
            ["172 ENG HBFN", P1, P2, nrs("ENG", 2, "Beta, Robert", "1850", "LON", "ECF12345")]
        )
    )
    [s] = t.trf2026.national_support
    assert (s.federation, s.method, s.meaning) == (
        "ENG",
        "HBFN",
        "the higher of FIDE and national rating",
    )
    [n] = t.trf2026.national(2)
    assert (n.name, n.rating, n.origin, n.national_id) == ("Beta, Robert", 1850, "LON", "ECF12345")


def test_national_line_of_no_player_is_not_read() -> None:
    t = parse_trf("\n".join([P1, P2, nrs("FRA", 9, "", "2200", "", "")]))
    assert t.trf2026.national_ratings == ()
    assert [(n.cause, n.line_no, n.columns, n.found) for n in t.value_notes] == [
        ("record", 3, "5-8", "9")
    ]


def test_national_rating_not_a_number() -> None:
    # read as none, noted with its line and columns
    t = parse_trf("\n".join([P1, P2, nrs("FRA", 2, "", "22x0", "", "")]))
    [n] = t.trf2026.national(2)
    assert n.rating is None
    assert [(v.cause, v.line_no, v.columns, v.found) for v in t.value_notes] == [
        ("national_rating", 3, "49-52", "22x0")
    ]


def test_bad_172() -> None:
    t = parse_trf("\n".join(["172 FRA MAYBE", P1, P2]))
    assert t.trf2026.national_support == ()
    [v] = t.value_notes
    assert (v.cause, v.line_no, v.columns, v.who) == ("record", 1, "5-13", "record 172")
    assert v.detail.startswith("national rating support: expected a federation in columns 5-7")


def test_damaged_player_line_is_still_refused() -> None:
    """A code of letters for digits (``OOI``) is a damaged ``001``, not a federation."""
    with pytest.raises(TrfError, match="record code"):
        parse_trf("\n".join([P1, "OOI" + P2[3:]]))


def test_unknown_record_still_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "x.trf"
    path.write_text("\n".join(["012 X", "232 who knows", "### a comment", P1, P2]) + "\n")
    code, out, _ = run(capsys, "report", str(path))
    assert code == 0
    assert "- 1 line of no known record type not read: line 2 ('232')" in out


def test_162_read() -> None:
    t = parse_trf("\n".join(["162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0", P1, P2]))
    s = t.trf2026.scoring
    assert s == ScoringSystem(Fraction(3), Fraction(1), Fraction(0), Fraction(0), Fraction(1))
    assert s.text == "3-1-0, pairing-allocated bye 1"
    assert s.points(Outcome.FULL_BYE) == 3 and s.points(Outcome.PAIRING_BYE) == 1
    assert t.trf2026.scoring_line == 1


@pytest.mark.parametrize(
    ("line", "columns"),
    [("162  W 3.x", "7-10"), ("162  Q 3.0", "6"), ("162 W  3.0", "5")],
)
def test_bad_162(line: str, columns: str) -> None:
    # not read: the default scoring, with a note naming the line and columns
    t = parse_trf("\n".join([line, P1, P2]))
    assert t.scoring.is_default and t.trf2026.scoring_line is None
    assert [(v.cause, v.line_no, v.columns) for v in t.value_notes] == [("record", 1, columns)]


def test_analysed_event_reads_them() -> None:
    event = analyse_event(read_trf(SHARLY))
    assert not any("no known record type" in w for w in messages(event.warnings))


# --------------------------------------------------------------------------- 162


KARL_310 = DATA / "karl-mala-2005-3-1-0.trf"

EVERY = (
    "BH/C1", "BH/M1", "BH", "SB", "SB/C1", "PS", "KS", "WIN", "WON", "BPG", "BWG", "GE", "REP",
    "ARO", "TPR", "PTP", "APRO", "APPO", "AOB", "DE", "FB",
)  # fmt: skip


def test_162_points_ranks_and_tiebreaks_against_gacrux() -> None:
    """Karl-Mala 2005 scored 3-1-0 (record 162): 283 players x 21 tie-breaks, every value
    and rank as FIDE's engine gives them (AOB: gacrux rounds it, compared at its places).
    The file's 284th entry, ``spielfrei``, is the bye's pseudo-player, which gacrux counts
    as a player (0 points, nobody's opponent, ranked last) and the reading leaves out
    (docs/trf.md): compared on the rest, whose values and ranks it does not touch."""
    t = read_trf(KARL_310)
    event = analyse_event(t)
    ct = event.file_ratings
    assert ct.scoring == ScoringSystem(Fraction(3), Fraction(1), pairing_bye=Fraction(3))
    ours = tiebreaks(ct, EVERY, start=event.event_date)
    ref = reference(KARL_310, EVERY, start=event.event_date, round_robin=False)
    assert len(t.players) == len(ref.values) == 284 and len(event.players) == 283
    assert 284 not in {p.start_no for p in event.players}
    assert ref.ranks[284] == max(ref.ranks.values()) and ref.values[284][EVERY.index("WIN")] == 0
    compared, wrong = 0, []
    for i, p in enumerate(event.players):
        # the file's points are 3-1-0's (gacrux refuses points no scoring system adds up to)
        assert ours.points[i] == Fraction(p.points or 0)
        assert ct.points(i + 1) == ours.points[i]
        for k, d in enumerate(EVERY):
            mine, theirs = ours.values[i][k], ref.values[p.start_no][k]
            compared += 1
            if d == "AOB" and mine is not None and theirs is not None:
                places = Decimal(str(theirs))
                got = Decimal(mine.numerator) / Decimal(mine.denominator)
                if got.quantize(places, rounding=ROUND_HALF_UP) != places:
                    wrong.append((p.start_no, d, mine, theirs))
            elif mine != as_fraction(theirs):
                wrong.append((p.start_no, d, mine, theirs))
        if ours.ranks[i] != ref.ranks[p.start_no]:
            wrong.append((p.start_no, "rank", ours.ranks[i], ref.ranks[p.start_no]))
    assert (compared, wrong) == (283 * len(EVERY), [])
    assert not [d for d in check_tournament(t) if d.kind == "points"]
    # the games' results, not the points, move ratings: no. 1 won 5 and drew 2 (6.0 of 7)
    assert sum(points for _, points in ct.games(1)) == 6


def _line(n: int, name: str, rating: int, points: str, rounds: str) -> str:
    ids = f"{1000000 + n:>11} 1990/01/01"
    return f"001 {n:>4} m    {name:<33} {rating:>4} FRA {ids} {points:>4} {n:>4}  {rounds}"


THREE = [
    "162  W 3.0    D 1.0    L 0.0",
    _line(1, "One, A", 2000, "4.0", "   2 w 1     3 b ="),
    _line(2, "Two, B", 1900, "1.0", "   1 b 0  0000 - H"),
    _line(3, "Three, C", 1800, "4.0", "0000 - F     1 w ="),
]


def test_162_by_hand(tmp_path: Path) -> None:
    """3-1-0: no. 1 beats no. 2 (3) and draws no. 3 (1): 4; no. 2 loses (0), takes a
    half-point bye (as a draw: 1): 1; no. 3 a full-point bye (as a win: 3), draws: 4.
    SB (C.07 2023 text, a Swiss): no. 1: 3 x 1 (no. 2's points) + 1 x 4 (no. 3's) = 7;
    no. 2: 0 x 4 + the bye, a voluntary unplayed round against a dummy of no. 2's own
    score: 1 x 1 = 1; no. 3: the full-point bye against a dummy of its own score, 3 x 4,
    + 1 x 4 = 16. BH of no. 2: 4 + 1 = 5. WIN counts rounds won, not points."""
    t = parse_trf("\n".join(["042 2025/01/01", *THREE]))
    event = analyse_event(t)
    table = tiebreaks(event.file_ratings, "SB, BH, WIN", start=date(2025, 1, 1))
    assert table.points == (4, 1, 4)
    assert [row[0] for row in table.values] == [7, 1, 16]
    assert table.values[1][1] == 5
    assert [row[2] for row in table.values] == [1, 0, 1]
    assert not [d for d in check_tournament(t) if d.kind == "points"]  # 3-1-0's points
    path = tmp_path / "three.trf"
    path.write_text("\n".join(["042 2025/01/01", *THREE]) + "\n")
    ref = reference(path, ("SB", "BH", "WIN"), start=date(2025, 1, 1), round_robin=False)
    assert [tuple(as_fraction(v) for v in ref.values[n]) for n in (1, 2, 3)] == [
        tuple(row) for row in table.values
    ]


def test_162_of_a_team_event_is_not_the_players(capsys: pytest.CaptureFixture[str]) -> None:
    """Sharly's team file: "162  P 5.0", a team's pairing-allocated bye worth 5 game points;
    the players' lines give a player with that bye 0.0 (no. 1: "0000 - U" in round 1)."""
    t = read_trf(SHARLY_TEAM)
    assert t.trf2026.scoring.pairing_bye == 5 and t.scoring.is_default
    event = analyse_event(t)
    assert any("game points of a team event" in w for w in messages(event.warnings))


# --------------------------------------------------------------------------- every record, 299

EVERY_RECORD = DATA / "every-record.trf"


def test_every_record_read_without_a_warning_about_a_record(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Points by hand, 3-1-0 (162) and 299: no. 1 1-=-1: 3+1+3 = 7; no. 2 =-=-0: 2; no. 3
    forfeit win (3), half-point bye (1), loss: 4; no. 4 0-0 and round 3's draw, which 299
    makes worth 0: 0; no. 5 draw (1), full-point bye (3), the draw worth 0: 4; no. 6 forfeit
    loss (0), 1, 1: 6, less 299's penalty of 1: 5. The file's points and ranks are those."""
    t = read_trf(EVERY_RECORD)
    r = t.trf2026
    assert t.unknown_records == () and len(r.comments) == 7
    assert t.scoring.text == "3-1-0"
    assert [a.kind for a in r.assignments] == [" ", "D"]
    assert r.time_control == "5400+30" and r.declared_rounds == 3
    assert [(a.first_round, a.last_round, a.first, a.last, a.points) for a in r.accelerations] == [
        (1, 1, 1, 3, 1)
    ]
    assert [(p.first_round, p.last_round, p.players) for p in r.prohibited] == [(1, 3, (3, 4))]
    event = analyse_event(t)
    standing = event.standings
    assert [s.points for s in standing.standings] == [7, 2, 4, 0, 4, 5]
    assert [s.rank for s in standing.standings] == [1, 5, 3, 6, 4, 2]
    assert standing.discrepancies == ()
    assert [w for w in messages(event.warnings) if "record" in w] == [
        "record 299, line 42: no. 6 -1.0 point (a penalty) in the standing",
        "record 299, line 43: no. 4, round 3: 'D' scoring 0.0",
        "record 299, line 43: no. 5, round 3: 'D' scoring 0.0",
    ]
    code, out, err = run(capsys, "report", str(EVERY_RECORD), "--format", "json")
    assert code == 0, err
    assert [o["points"] for o in json.loads(out)] == [7, 2, 4, 0, 4, 5]


def test_299_penalty_against_gacrux(tmp_path: Path) -> None:
    """The every-record file less its typed 299 line (gacrux 1.11.65 reads a typed
    assignment of an individual event but its tie-breaks do not take its points) and its
    national-rating lines (gacrux rates players by them in the rating tie-breaks, under
    172's method: NIDOF, the national rating first; ours never mixes them with FIDE's): the
    penalty counts in no. 6's points and rank, not in the opponents' tie-breaks, as gacrux
    has it; every value and rank as gacrux's."""
    text = EVERY_RECORD.read_text()
    path = tmp_path / "penalty.trf"
    kept = [x for x in text.splitlines(True) if not x.startswith(("299 D", "ENG ", "172"))]
    path.write_text("".join(kept))
    ds = ("BH/C1", "BH", "SB", "WIN", "PS", "KS", "ARO", "TPR", "DE")
    t = read_trf(path)
    event = analyse_event(t)
    effects = t.assignments
    ours = tiebreaks(
        event.file_ratings,
        ds,
        start=event.event_date,
        adjustments=[effects.bonus.get(p.start_no, Fraction(0)) for p in event.players],
    )
    ref = reference(path, ds, start=event.event_date, round_robin=False)
    assert ours.points == (7, 2, 4, 1, 5, 5)
    for i, p in enumerate(event.players):
        assert tuple(ours.values[i]) == tuple(as_fraction(v) for v in ref.values[p.start_no])
        assert ours.ranks[i] == ref.ranks[p.start_no]
    assert [s.rank for s in event.standings.standings] == list(ours.ranks)


def test_299_typed_round_reaches_the_opponents() -> None:
    """Round 3's draw between nos. 4 and 5 worth 0 each: no. 1's BH (opponents 4, 2, 3:
    0 + 2 + 4) is 6, 7 without it; SB 3 x 0 + 1 x 2 + 3 x 4 = 14."""
    event = analyse_event(read_trf(EVERY_RECORD))
    values = dict(event.standings.standings[0].tiebreaks)
    assert (values["BH"], values["SB"]) == (6, 14)


def test_299_for_the_whole_event(tmp_path: Path) -> None:
    """A type with neither round nor player: every forfeit win of the event scores 0."""
    text = "\n".join(["042 2025/01/01", *THREE_FORFEIT, "299 +         0.0"]) + "\n"
    t = parse_trf(text)
    assert t.scoring.overrides == ((Outcome.FORFEIT_WIN, Fraction(0)),)
    event = analyse_event(t)
    assert [s.points for s in event.standings.standings] == [0, 0]
    assert any("every '+' of the event scores 0.0" in w for w in messages(event.warnings))


THREE_FORFEIT = [
    _line(1, "One, A", 2000, "0.0", "   2 w +"),
    _line(2, "Two, B", 1900, "0.0", "   1 b -"),
]


@pytest.mark.parametrize(
    ("line", "points", "said"),
    [
        (  # columns 8-11 only: a team's match points, nothing for a player
            "299 -   1.0",
            [1, 0],
            "record 299, line 4: match points only (columns 8-11), which are a team's; no "
            "points for a player (columns 14-17): not applied",
        ),
        (  # a type and a player, no round: every round of his of that type
            "299 +         0.0         1",
            [0, 0],
            "record 299, line 4: '+' scoring 0.0 for no. 1, every round: no. 1 round 1",
        ),
        (  # a type and a round, no player: every player's round of that type
            "299 +         0.0  001",
            [0, 0],
            "record 299, line 4: '+' scoring 0.0 for every player, round 1: no. 1 round 1",
        ),
        (  # a type, a round and a player: that round's points whatever its result
            "299 -         0.5  001    1",
            [Fraction(1, 2), 0],
            "record 299, line 4: no. 1, round 1: '-' scoring 0.5; the 001 line writes '+': "
            "the points are 299's, the result (for the counts and the unplayed rounds) the "
            "001 line's",
        ),
        (  # a blank type and no player: every player's
            "299          -0.5",
            [Fraction(1, 2), Fraction(-1, 2)],
            "record 299, line 4: every player -0.5 points (a penalty) in the standing",
        ),
    ],
)
def test_299_columns_for_a_player(line: str, points: list[Fraction], said: str) -> None:
    """TRF-2026: match points in 8-11 are for teams only, a player's points are 14-17; the
    round (20-22) "000 or empty means all rounds"; no player named (24 on): every player.
    No. 1 wins round 1 by forfeit against no. 2 (1 point, 0 points)."""
    text = "\n".join(["042 2025/01/01", *THREE_FORFEIT, line]) + "\n"
    event = analyse_event(parse_trf(text))
    assert [s.points for s in event.standings.standings] == points
    assert said in messages(event.warnings)


def test_299_as_sharly_writes_it() -> None:
    """Sharly Chess's TRF-2026 sample writes "299 +  2.0  2.5   1    1": its fields one
    column to the left of the text's (points in 12-15, round 17-19, players from 21)."""
    text = "\n".join([_line(1, "One, A", 2000, "1.0", "   2 w +"), _line(2, "Two, B", 1900,
                      "0.0", "   1 b -"), "299 +  2.0  2.5   1    1"])  # fmt: skip
    [a] = parse_trf(text).trf2026.assignments
    assert (a.kind, a.match_points, a.points, a.round, a.players, a.shifted) == (
        "+",
        2,
        Fraction(5, 2),
        1,
        (1,),
        True,
    )
    event = analyse_event(parse_trf(text))
    assert [s.points for s in event.standings.standings] == [Fraction(5, 2), 0]
    assert any("one column to the left" in w for w in messages(event.warnings))


def test_299_of_a_team_event_concerns_the_teams() -> None:
    """A team event's 299 names teams (column 24 on): the penalty of 1 game point goes to
    team 1's game points in the team standing (0 of its own: its one player met no team),
    not to the players' points (1 and 0, as the 001 lines give)."""
    text = "\n".join(
        ["310   1 Team" + " " * 60 + "1", *THREE_FORFEIT, "299          -1.0  000    1"]
    )
    event = analyse_event(parse_trf(text))
    assert [s.points for s in event.standings.standings] == [1, 0]
    assert event.teams is not None
    assert (event.teams.match_points, event.teams.game_points) == ((0,), (-1,))
    assert (
        "record 299, line 4: team 1 -1.0 game point, no match points (a penalty) in the standing"
        in messages(event.warnings)
    )


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("299 Q        1.0", "column 5 (type of assignment): expected W, D, L, F, H, Z, +, -"),
        ("299 W        x.0", "columns 14-17 (points): expected a number such as 1.0 or a"),
        ("299 W", "columns 8-17 (points): expected match points in columns 8-11 or points in"),
        ("299 -   1.0 5", "columns 12-13 (abnormal assignment): expected a blank between"),
    ],
)
def test_bad_299_is_a_warning(line: str, message: str) -> None:
    """A 299 line whose fields are not the format's is not read, with a warning naming its
    line, columns and field; the file is read (a value never refuses a file)."""
    t = parse_trf("\n".join([*THREE_FORFEIT, line]))
    assert t.trf2026.assignments == ()
    [found] = t.trf2026.unread_assignments
    said = found.message
    assert said.startswith(f"record 299, line 3: {message}") and said.endswith("not read")
    assert (found.severity, found.line) == ("warning", 3)
    assert said in messages(analyse_event(t).warnings)


# --------------------------------------------------------------------------- 222


@pytest.mark.parametrize(
    ("text", "rate", "minutes"),
    [
        ("5400+30", "standard", 120),  # 90'+30" (the text's example)
        ("40/6000+30:900+30", "standard", 145),  # 100' x 40 + 15' + 30" from move 1
        ("180+2", "blitz", 5),  # read as free text, "180+2" would be 182 minutes
        ("900+10", "rapid", 25),
    ],
)
def test_222_encoded_time_control(text: str, rate: str, minutes: int) -> None:
    found = event_rate(parse_trf("\n".join([f"222 {text}", P1, P2])))
    assert (found.record, found.rate.value if found.rate else None, found.minutes) == (
        "222",
        rate,
        minutes,
    )


def test_222_armageddon_is_not_plain() -> None:
    """W300-B240: the players have different times (FIDE rates no such game)."""
    assert event_rate(parse_trf("\n".join(["222 W300-B240", P1, P2]))).rate is None


def test_240_against_the_001_lines() -> None:
    """Sharly's file: its four 240 byes are the 001 lines' (no. 4 "0000 - H" in round 2 ...)."""
    assert not [w for w in messages(analyse_event(read_trf(SHARLY)).warnings) if "record 240" in w]
    text = "\n".join([P1, P2, "240 H   1    1", "240 F   2    2"])
    warnings = messages(analyse_event(parse_trf(text)).warnings)
    assert (
        "record 240, line 3: no. 1, round 1: a 'H' bye, the 001 line writes '1' (the 001 "
        "line's is counted)" in warnings
    )
    assert (
        "record 240, line 4: a 'F' bye in round 2, after the file's last round (1), for "
        "no. 2" in warnings
    )


def test_national_line_whose_starting_rank_is_not_a_number_is_not_read() -> None:
    # columns 5-8 "0 19": digits with a blank inside, not a starting rank; the file is read,
    # the line is noted with its line and columns and not read
    line = "FRA 0 19 m    " + "Gamma, Carl".ljust(33) + " 2200"
    t = parse_trf("\n".join([P1, P2, line]))
    assert t.trf2026.national_ratings == ()
    assert [(n.cause, n.line_no, n.columns, n.found) for n in t.value_notes] == [
        ("record", 3, "5-8", "0 19")
    ]


_THOUSANDS = "9" * 5000
"""A number of 5000 digits: more than Python's ``int`` reads from text (4300 by default)."""


@pytest.mark.parametrize("code", ["XXR", "142"])
def test_a_number_of_rounds_of_thousands_of_digits_is_noted(code: str) -> None:
    # no event has 10**4999 rounds (the reader takes 1 to 999): the line is noted with its
    # line and columns (5 to 5004) and not read; the file is read
    t = parse_trf("\n".join([P1, P2, f"{code} {_THOUSANDS}"]))
    assert [(n.cause, n.line_no, n.columns) for n in t.value_notes] == [("record", 3, "5-5004")]
    assert "expected a whole number from 1 to 999" in t.value_notes[0].detail
    assert t.trf2026.declared_rounds is None and len(t.players) == 2


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("222 " + "9" * 400, "222 '9999"),  # 400 digits: more minutes than a float holds
        (f"122 {_THOUSANDS} min", "122 '9999"),
        ("122 " + "9" * 400 + " min + 30 s", "122 '9999"),
    ],
)
def test_a_time_control_of_hundreds_of_digits_gives_no_time(line: str, said: str) -> None:
    # no time control has a number of hundreds of digits: the record gives no time that
    # can be read (the rate is then chosen as for any unreadable time control)
    reading = event_rate(parse_trf("\n".join([line, P1, P2])))
    assert reading.rate is None and reading.minutes is None
    assert reading.note.startswith(said)
    assert reading.note.endswith("gives no time control that can be read")


def test_a_number_of_thousands_of_digits_in_a_time_control_is_no_number() -> None:
    # 222 5400+<5000 digits>: not the encoded form, and read as text with the increment no
    # number, as 222 5400+x is; an event's reference of 19 digits beside a time control
    # leaves the time control read (3 min + 2 s: 3 + 2 = 5 minutes for 60 moves, blitz)
    long = event_rate(parse_trf(f"222 5400+{_THOUSANDS}\n{P1}\n{P2}"))
    short = event_rate(parse_trf(f"222 5400+x\n{P1}\n{P2}"))
    assert (long.rate, long.minutes) == (short.rate, short.minutes)
    noise = "122 3 min + 2 s (FIDE event 1234567890123456789)"
    reading = event_rate(parse_trf(f"{noise}\n{P1}\n{P2}"))
    assert (reading.rate, reading.minutes) == (RateOfPlay.BLITZ, 5)
