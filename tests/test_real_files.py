"""Every real file of ``tests/data/real/`` read by every command, and no file refused for a
value (``docs/trf.md``, "Values and structure").

The Irish Chess Union's reports of 2011 give national ratings below 1000 (951, 728 ...),
which no FIDE list ever held: each is kept as the file's rating (the tie-breaks, as FIDE's
engine reads the file's ratings) and the player is unrated for FIDE's figures, said once,
naming the players and their lines. The expectations below are worked by hand from the
files' lines, quoted in each test.
"""

from __future__ import annotations

import hashlib
import json
import time
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from cli_support import run

from xlfuncs.event import analyse_event
from xlfuncs.findings import messages
from xlfuncs.trf import read_trf
from xlfuncs.trf.to_crosstable import event_date

REAL = Path(__file__).resolve().parent / "data" / "real"
FILES = sorted(REAL.glob("*.trf"))
INTERMEDIATE = REAL / "irish-intermediate-champs-2011.trf"
JUNIORS = REAL / "irish-junior-champs-2011.trf"
CRETE = REAL / "crete-friendship-cup-2024-rapid.trf"
GONZAGA = REAL / "gonzaga-classic-2008.trf"
ARMSTRONG = REAL / "armstrong-cup-2011.trf"
ARMSTRONG_2012 = REAL / "armstrong-cup-2012-with-bom.trf"
GROS = REAL / "gros-open-2010-after-round-4.trf"

STATUSES = {"report": {0}, "norms": {0}, "period": {0}, "crosstable": {0}, "check": {0, 1, 4}}
"""What each command may answer for a file it reads: ``check`` 1 (errors) or 4 (warnings
only) for what the file holds; every other command 0. A refused file is 1 (``check``: with
``xlfuncs: error`` on standard error)."""


def test_the_suite_has_the_real_files() -> None:
    assert len(FILES) == 15
    # each copied byte for byte: its SOURCE entry gives its SHA-256
    source = (REAL / "SOURCE").read_text(encoding="utf-8")
    for path in FILES:
        assert hashlib.sha256(path.read_bytes()).hexdigest() in source, path.name


@pytest.mark.parametrize(
    "command",
    [pytest.param(c, marks=pytest.mark.slow) if c == "crosstable" else c for c in sorted(STATUSES)],
)
@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_every_command_reads_every_real_file(
    command: str, path: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    extra = ["-o", str(tmp_path / "out.xlsx")] if command == "crosstable" else []
    started = time.perf_counter()
    code, out, err = run(capsys, command, str(path), *extra)
    assert code in STATUSES[command], err
    assert "xlfuncs: error" not in err and "Traceback" not in out + err
    assert out.strip() or command == "crosstable"
    # quick: about 0.2 s a file; crosstable writes a workbook (up to 2.3 s on a shared
    # 2-core machine): marked slow
    assert time.perf_counter() - started < 30


def test_a_rating_below_1000_is_the_files_and_no_fide_rating() -> None:
    """irish-intermediate-champs-2011.trf, lines 34-35: no. 20 Morgan 0951 (ICU number 12565)
    and no. 21 Cormican 0471 (12194)."""
    event = analyse_event(read_trf(INTERMEDIATE))
    # the file's reading keeps them (the tie-breaks); FIDE's has them unrated
    assert [event.file_ratings.entrants[n - 1].rating for n in (20, 21)] == [951, 471]
    assert [event.crosstable.entrants[n - 1].rating for n in (20, 21)] == [None, None]
    assert event.read.no_fide_id == frozenset({20, 21})
    # said once, naming both players and their lines
    said = [w for w in messages(event.warnings) if "rating below 1000" in w]
    assert said == [
        "a rating below 1000, the lowest floor of FIDE's rating list (a national or online "
        "rating, not a FIDE rating), 2 in the file: no. 20 (Morgan, Mícheál) '0951', line 34; "
        "no. 21 (Cormican, Fiona) '0471', line 35: kept as the file's rating (the tie-breaks, "
        "ARO, the standings read it, as FIDE's engine reads the file's ratings); unrated for "
        "FIDE's figures (rating change, K, Ra, Rp, norms, first rating)"
    ]


def test_the_tiebreaks_read_it_and_the_rating_figures_do_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """No. 16 Woodhouse (1390), line 30: ``8 w 0  10 b 0  13 w 0  20 b 1  15 b 0``, against
    no. 8 1696, no. 10 1630, no. 13 1506, no. 20 0951, no. 15 1463.

    - ARO (C.07, the file's ratings): (1696 + 1630 + 1506 + 951 + 1463) / 5 = 7246 / 5 =
      1449.2, rounded half up 1449.
    - FIDE's figures leave out the game against no. 20 (unrated for FIDE): 4 rated games,
      Ra = (1696 + 1630 + 1506 + 1463) / 4 = 6295 / 4 = 1573.75.

    No. 11 Kruk, line 25: ``3 w 0  15 b =  5 w =  17 b 0  21 w 1``: no. 3 1804, no. 15 1463,
    no. 5 1775, no. 17 unrated (``--unrated-rating 1000``: 1000), no. 21 0471: ARO = 6513 / 5
    = 1302.6, 1303; Ra = (1804 + 1463 + 1775) / 3 = 5042 / 3 = 1680.67 (the win against
    no. 21 is no rated game).
    """
    code, out, _ = run(
        capsys, "report", str(INTERMEDIATE), "--format", "json", "--tiebreaks", "ARO",
        "--unrated-rating", "1000",
    )  # fmt: skip
    assert code == 0
    rows = {row["start_no"]: row for row in json.loads(out)}
    assert rows[16]["tiebreaks"] == {"ARO": 1449}
    assert (rows[16]["rated_games"], Fraction(str(rows[16]["ra"]))) == (4, Fraction(6295, 4))
    assert rows[11]["tiebreaks"] == {"ARO": 1303}
    assert rows[11]["rated_games"] == 3
    assert round(rows[11]["ra"], 2) == 1680.67
    # no. 20 is unrated for FIDE: no K, no rating change
    assert (rows[20]["rating"], rows[20]["k"], rows[20]["rating_change"]) == (None, None, None)


def test_the_one_summary_in_each_command(capsys: pytest.CaptureFixture[str]) -> None:
    """irish-junior-champs-2011.trf, lines 38-45: eight ratings below 1000, one line each
    command, naming all eight; check gives it at the first line, columns 49-52."""
    code, out, _ = run(capsys, "report", str(JUNIORS))
    assert code == 0
    said = [line for line in out.splitlines() if "rating below 1000" in line]
    assert len(said) == 1
    for place in ("no. 24 (Morgan, Mícheál) '0951', line 38", "no. 31 (Cormican, Fiona) '0471'"):
        assert place in said[0]
    code, out, _ = run(capsys, "check", str(JUNIORS))
    said = [line for line in out.splitlines() if "rating below 1000" in line]
    assert len(said) == 1 and said[0].startswith(
        "irish-junior-champs-2011.trf, line 38, columns 49-52: warning: a rating below 1000"
    )
    assert "8 in the file" in said[0]
    code, out, _ = run(capsys, "norms", str(JUNIORS))
    assert code == 0 and out.count("rating below 1000") == 1


# --------------------------------------------------------------------------- 072


def _counts(path: Path) -> tuple[int, int, int, int]:
    """By the columns of the ``001`` lines, counted here apart from the reader: players, with
    a rating (49-52, not blank nor 0), with a FIDE id (58-68, not blank nor zeros), with both
    and a rating of 1000 or more (a FIDE rating)."""
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("cp1252")
    lines = [line for line in text.splitlines() if line.startswith("001")]
    rating = [int(line[48:52]) if line[48:52].strip() else 0 for line in lines]
    fide_id = [line[57:68].strip().strip("0") != "" for line in lines]
    both = sum(1 for r, i in zip(rating, fide_id) if i and r >= 1000)
    return len(lines), sum(1 for r in rating if r), sum(fide_id), both


def test_072_counts_the_fide_rated_players_in_check_and_report(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The Crete cup: 129 players, 84 with a rating, 107 with a FIDE id, the 84 with a rating
    among them, none below 1000; 072 gives 84: check finds nothing to say of 072 and the
    report counts 84 rated. Its no. 1 (Psarianos, 1442, FIDE id 42143683) without the id:
    83 rated in both; 072's 84 is then the count of every player with a rating, the file's
    other reading of "rated players": a warning, not an error."""
    assert _counts(CRETE) == (129, 84, 107, 84)
    code, out, _ = run(capsys, "check", str(CRETE))
    assert "072" not in out
    code, out, _ = run(capsys, "report", str(CRETE))
    assert "players: 129 (84 rated), 7 rounds" in out

    text = CRETE.read_text(encoding="utf-8").splitlines(keepends=True)
    line = next(i for i, t in enumerate(text) if t.startswith("001    1 "))
    assert text[line][57:68] == "   42143683"
    text[line] = text[line][:57] + " " * 11 + text[line][68:]
    mutated = tmp_path / CRETE.name
    mutated.write_text("".join(text), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(mutated))
    assert (
        "crete-friendship-cup-2024-rapid.trf, line 7, columns 5-6: warning: 072 gives 84 rated "
        "players, 83 players have a FIDE rating (a FIDE id and a rating of 1000 or more): the "
        "file counts every player with a rating of any kind (84); fix: write 83"
    ) in out
    code, out, _ = run(capsys, "report", str(mutated))
    assert "players: 129 (83 rated), 7 rounds" in out


def test_072_and_ratings_below_1000(capsys: pytest.CaptureFixture[str]) -> None:
    """The Irish juniors: 34 players, 31 with a rating, all 34 with an (ICU) number in the id
    columns, 23 with a rating of 1000 or more; 072 gives 31 (every rating): check and report
    both count 23."""
    assert _counts(JUNIORS) == (34, 31, 34, 23)
    code, out, _ = run(capsys, "check", str(JUNIORS))
    assert (
        "warning: 072 gives 31 rated players, 23 players have a FIDE rating (a FIDE id and a "
        "rating of 1000 or more): the file counts every player with a rating of any kind (31)"
    ) in out
    assert "fix: write 23" in out
    code, out, _ = run(capsys, "report", str(JUNIORS))
    assert "players: 34 (23 rated), 5 rounds" in out


def test_the_chart_notes_a_rating_below_1000_on_its_blank_cell(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The crosstable's rating cells are FIDE's (its live rating formulas read them): no. 20
    Morgan's is blank, with a note giving the file's 951 and why; no. 16 Woodhouse's 1390."""
    import openpyxl

    from xlfuncs.templates.chart import FIRST_ROW, RATING

    out = tmp_path / "intermediate.xlsx"
    code, _, _ = run(capsys, "crosstable", str(INTERMEDIATE), "-o", str(out))
    assert code == 0
    ws = openpyxl.load_workbook(out).worksheets[0]
    cells = [ws.cell(FIRST_ROW + i, RATING + 1) for i in range(1, 22)]
    assert cells[15].value == 1390 and cells[15].comment is None
    assert cells[19].value is None and cells[19].comment is not None
    assert (
        "The file gives rating 951: not a FIDE rating (below 1000, the lowest FIDE rating: a "
        "national or online rating)" in cells[19].comment.text
    )


# --------------------------------------------------------------------------- old-style byes


def test_an_equals_sign_without_an_opponent_is_a_half_point_bye(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """gonzaga-classic-2008.trf (the Irish Chess Union's rating software), line 10: no. 1
    Griffiths ``0000 - =     3 b 1     8 w 1     5 b =     7 w 1``, 4.0 points: the ``=``
    of round 1 is a half-point bye (the ICU's Krause reader and writer read and write a
    half-point bye so); the Spanish file of the Gros open (2010) writes its byes the same way.

    Points: 1/2 + 1 + 1 + 1/2 + 1 = 4.0, the file's. Tie-breaks (C.07, the 2023 text: the
    event is older): the bye is a voluntary unplayed round, a game against a dummy opponent
    whose score is Griffiths' own, 4.0; his opponents no. 3 Duffy 3.0, no. 8 Benson 2.0 (his
    own half-point bye in round 1, not after his last game: no adjustment), no. 5 Ferry 3.0,
    no. 7 McCarthy 2.5 (a forfeit win, no voluntary unplayed round).

    - BH = 4.0 + 3.0 + 2.0 + 3.0 + 2.5 = 14.5;
    - BH/C1 cuts the bye's 4.0 first (a voluntary unplayed round's contribution is cut before
      a lower played one): 10.5 (a draw without an opponent would cut the lowest, 2.0: 12.5);
    - SB = 3.0 + 2.0 + 2.5 (wins) + 3.0 / 2 (the draw) + 4.0 / 2 (the bye, a draw with the
      dummy) = 11.0.
    """
    from xlfuncs.core.results import Outcome
    from xlfuncs.trf.parser import check_tournament

    t = read_trf(GONZAGA)
    byes = [
        (p.start_no, e.round) for p in t.players for e in p.rounds if e.outcome is Outcome.HALF_BYE
    ]
    assert byes == [(1, 1), (8, 1), (10, 4)]
    assert [d for d in check_tournament(t) if d.kind == "result_without_opponent"] == []
    code, out, _ = run(capsys, "report", str(GONZAGA), "--format", "json")
    assert code == 0
    griffiths = json.loads(out)[0]
    assert (griffiths["points"], griffiths["file_points"]) == (4.0, 4.0)
    assert griffiths["tiebreaks"] == {"BH/C1": 10.5, "BH": 14.5, "SB": 11.0}
    code, out, _ = run(capsys, "check", str(GONZAGA))
    assert code == 4 and "error" not in out


def test_a_file_written_mid_event_may_leave_out_the_byes_of_later_rounds(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """gros-open-2010-after-round-4.trf, line 56: no. 43 Gallas ``17 b 0    32 w =    27 b 0
    42 w 0  0000 - =``, 0.5 points: rounds 1-4 played, a half-point bye entered for round 5,
    not played yet (no game of round 5 in the file). The file's 0.5 is the points of rounds
    1-4 (0 + 1/2 + 0 + 0), the standing's; 1.0 would count the bye already (the docs allow
    either); 1.5 is neither."""
    from xlfuncs.trf.parser import check_tournament

    def points_found(text: str) -> list[int | None]:
        path = tmp_path / GROS.name
        path.write_bytes(text.encode("ascii"))
        return [d.player for d in check_tournament(read_trf(path)) if d.kind == "points"]

    text = GROS.read_bytes().decode("ascii")
    line = text.splitlines(keepends=True)[55]
    assert line.startswith("001   43 m    Gallas Gautier") and line[80:84] == " 0.5"
    assert points_found(text) == []
    assert points_found(text.replace(line, line[:80] + " 1.0" + line[84:])) == []
    assert points_found(text.replace(line, line[:80] + " 1.5" + line[84:])) == [43]
    code, out, _ = run(capsys, "check", str(GROS))
    assert code == 4 and "error" not in out


# --------------------------------------------------------------------------- dates


@pytest.mark.parametrize(
    ("path", "start", "end", "day"),
    [
        (ARMSTRONG, "10.09.13", "11.03.13", date(2010, 9, 13)),
        (ARMSTRONG_2012, "11.09.26", "12.04.01", date(2011, 9, 26)),
    ],
)
def test_a_two_digit_year_read_the_one_way_the_end_date_allows(
    path: Path, start: str, end: str, day: date
) -> None:
    """The Leinster league files (lines 4-5): the season 2010-2011 written ``042 10.09.13``,
    ``052 11.03.13``. Read YY.MM.DD: 13 September 2010 to 13 March 2011, 181 days (30 + 31
    + 30 + 31 + 31 + 28 days from 13 September to 13 March). Read DD.MM.YY: 10 September 2013
    to 11 March 2013, an end before the start: no reading. The 2011-2012 file likewise:
    26 September 2011 to 1 April 2012, or 11 September 2026 to 12 April 2001. The event is
    then older than every edition of the rules implemented: the 2017 rules, said so."""
    t = read_trf(path)
    assert (t.start_date_text, t.end_date_text, t.start_date) == (start, end, None)
    assert (date(2011, 3, 13) - date(2010, 9, 13)).days == 181
    found, why = event_date(t)
    assert found == day
    assert why is not None and "read as YY.MM.DD" in why
    event = analyse_event(t)
    assert event.event_date == day and event.edition.id == "2017"
