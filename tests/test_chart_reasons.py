"""A chart's cell is never blank where a player is and a figure is not: the rating figures'
whole-column functions, given ``reasons`` TRUE, say why in a few words (``unrated``, ``no
rated game``, ``rapid: no norms``), and the charts and the Working sheet call them so. The
words come from the functions (their stored values too, computed by the same calls), the
rows without a player stay blank.

The rules behind the words: no title norm in rapid or blitz play (Title Regulations 1.1,
titles for standard chess); a rating change only for a rated player, a first rating only
for an unrated one (Rating Regulations 8.2, 8.3); Ra and a performance only from games
against rated opponents; a first rating is published from 5 such games and at the floor
(7.1.4: 1400 since March 2024), a zero score in a first event disregarded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import openpyxl
import pytest
from engine import evaluate
from openpyxl.utils import get_column_letter
from render import needs_render, pdf_text, to_pdf
from template_checks import cached_mismatches
from test_crosstable import TRF

from xlfuncs import udfs
from xlfuncs.cli import main
from xlfuncs.filled_chart import event_from_trf
from xlfuncs.templates.chart import FIRST_ROW, HEAD_ROW
from xlfuncs.templates.swiss import layout_of
from xlfuncs.trf import parse_trf

REAL = Path(__file__).parent / "data" / "real"
RAPID = REAL / "crete-friendship-cup-2024-rapid.trf"
"""A real rapid event (122: 15 minutes plus 10 s a move), 129 players, 7 rounds."""

SHEET = "Wall chart"
WORDED = ("Ra", "Rp FIDE", "Rp exact", "Rating change", "New rating", "First rating", "Norm")
"""The chart's rating figures whose cells say why where there is no figure."""


def _columns_of(ws: Any) -> dict[str, list[Any]]:
    """Each visible header of the chart's head row -> the stored values below it, every
    row of the chart's capacity (*ws*: the chart's sheet, read ``data_only``)."""
    heads = {c.value: c.column for c in ws[HEAD_ROW + 1] if isinstance(c.value, str)}
    return {
        head: [ws.cell(row=r, column=col).value for r in range(FIRST_ROW + 1, ws.max_row + 1)]
        for head, col in heads.items()
        if not ws.column_dimensions[get_column_letter(col)].hidden
    }


@pytest.fixture(scope="module")
def rapid_chart(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("rapid") / "rapid.xlsx"
    assert main(["crosstable", str(RAPID), "-o", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def rapid_book(rapid_chart: Path) -> Any:
    """The rapid chart's stored values (read once for the tests that only read them)."""
    return openpyxl.load_workbook(rapid_chart, data_only=True)


def test_a_rapid_event_s_norm_column_says_no_norms(rapid_book: Any) -> None:
    """The real rapid event: every player's Norm cell says ``rapid: no norms`` (its hidden
    array too, instead of ``#VALUE!``), the capacity rows below the players stay blank."""
    players = sum(1 for line in RAPID.read_text(encoding="utf-8").splitlines() if line[:3] == "001")
    assert players == 129
    cols = _columns_of(rapid_book[SHEET])
    norm = cols["Norm"]
    assert norm[:players] == ["rapid: no norms"] * players
    assert set(norm[players:]) <= {None, ""} and len(norm) > players  # empty rows: blank
    ws = rapid_book[SHEET]
    hidden = [c.value for row in ws.iter_rows(min_row=FIRST_ROW + 1) for c in row]
    assert "#VALUE!" not in hidden


def test_no_player_s_rating_figure_is_blank(rapid_book: Any) -> None:
    """Every rating figure of every player is a figure or words, never blank; the words
    are the rules' (the file's unrated players: no change, a first rating or why not)."""
    cols = _columns_of(rapid_book[SHEET])
    for head in WORDED:
        assert all(v not in (None, "") for v in cols[head][:129]), head
    change, new, first = cols["Rating change"], cols["New rating"], cols["First rating"]
    ratings = cols["Rating"]
    for i in range(129):
        if ratings[i] is None:  # unrated: no change, no new rating; a first rating or why
            assert change[i] == new[i] == "unrated", i + 1
            assert isinstance(first[i], (int, float)) or first[i] in (
                "no rated game",
                "zero score",
                "< 5 games",
                "Ru < 1400",
            ), (i + 1, first[i])
        else:
            assert first[i] == "rated" and isinstance(change[i], (int, float)), i + 1
    # a player without a game against a rated opponent has no Ra and no performance
    games = cols["Rated games"]
    for i in range(129):
        if games[i] == 0:
            assert cols["Ra"][i] == cols["Rp FIDE"][i] == cols["Rp exact"][i] == "no rated game"


def _unrated_trf(tmp_path: Path) -> Path:
    """The six-player Swiss of ``test_crosstable`` with nobody rated."""
    lines = []
    for line in TRF.splitlines():
        if line.startswith("001"):
            line = line[:48] + "    " + line[52:]
        lines.append(line)
    path = tmp_path / "unrated.trf"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert all(p.rating is None for p in parse_trf(path.read_text(), source="u").players)
    return path


def test_an_unrated_event_says_why_in_the_chart_and_the_working(tmp_path: Path) -> None:
    """Nobody rated: no rating change (unrated), no first rating (no game against a rated
    opponent: Ra has nothing to average), no Ra; the Working sheet's rating block says so
    under its heading instead of leaving it empty."""
    out = tmp_path / "unrated.xlsx"
    assert main(["crosstable", str(_unrated_trf(tmp_path)), "-o", str(out)]) == 0
    book = openpyxl.load_workbook(out, data_only=True)
    cols = _columns_of(book[SHEET])
    assert cols["Rating change"][:6] == cols["New rating"][:6] == ["unrated"] * 6
    assert cols["First rating"][:6] == ["no rated game"] * 6
    assert cols["Ra"][:6] == cols["Rp FIDE"][:6] == ["no rated game"] * 6
    ws = book["Working"]
    heading = next(
        c
        for row in ws.iter_rows(max_row=10)
        for c in row
        if c.value == "Rating change, or first rating"
    )
    below = [ws.cell(row=heading.row + 1, column=heading.column + j).value for j in range(9)]
    assert below[:3] == ["first rating", "2025", "no rated game"]
    assert below[8].startswith("No first rating: ") and "no game against a rated" in below[8]


def test_the_functions_say_why_only_when_asked() -> None:
    """The words come from the functions: ``reasons`` TRUE gives them where blank (or, for
    a whole result the rules refuse, ``#VALUE!``) is the answer without it."""
    ratings = [[2200.0], [None], [1800.0], [None]]
    # 1 beat 2 (unrated) and drew 3; 2 lost to 1 only; 3 drew 1; row 4 is empty
    results = [[1.0, "\u00bd"], [0.0, None], ["\u00bd", None], [None, None]]
    opponents = [[2.0, 3.0], [1.0, None], [1.0, None], [None, None]]
    k = [[20.0], [None], [40.0], [None]]
    rules = "2024"
    # 1 (K 20) drew 3 (1800), D 400: PD .92, 20 x (.5 - .92) = -8.4: -8 (the game against
    # the unrated 2 is not rated); 3 (K 40): 40 x (.5 - .08) = 16.8: +17
    assert udfs.ELO_CHANGE_ALL(ratings, k, results, opponents, rules) == [[-8], [""], [17], [""]]
    assert udfs.ELO_CHANGE_ALL(ratings, k, results, opponents, rules, None, True) == [
        [-8],
        ["unrated"],
        [17],
        [""],
    ]
    # player 1 rated (no first rating), 2 one game against a rated opponent (fewer than 5)
    assert udfs.BLOQUE_ALL(ratings, results, opponents, "swiss", rules, None, None, True) == [
        ["rated"],
        ["zero score"],  # lost his only game: a zero score in a first event is disregarded
        ["rated"],
        [""],
    ]
    # Ra: 1's only rated opponent is 3 (1800); 2 and 3 met 1 (2200)
    assert udfs.RA_ALL(ratings, results, opponents, rules, None, True) == [
        [1800],
        [2200],
        [2200],
        [""],
    ]
    lone = [[2000.0], [None]]
    assert udfs.RA_ALL(lone, [[0.0], [1.0]], [[2.0], [1.0]], rules, None, True) == [
        ["no rated game"],  # its only opponent is unrated
        [2000],
    ]
    sexes, titles, feds = [[None]] * 4, [[None]] * 4, [["ESP"]] * 4
    rapid = (ratings, results, opponents, sexes, "2024 rapid", titles, feds)
    assert udfs.NORM_ALL(*rapid) == "#VALUE!"
    assert "rapid play, which gives no title norm" in udfs.EXPLAIN_ERROR("NORM_ALL", *rapid)
    assert udfs.NORM_ALL(*rapid, None, True) == [["rapid: no norms"]] * 3 + [[""]]
    blitz = (ratings, results, opponents, sexes, "2025 blitz", titles, feds, None, True)
    assert udfs.NORM_ALL(*blitz) == [["blitz: no norms"]] * 3 + [[""]]
    standard = (ratings, results, opponents, sexes, "2024", titles, feds, None, True)
    assert udfs.NORM_ALL(*standard) == [["none"]] * 3 + [[""]]
    assert udfs.NORM_ALL(*standard[:-1]) == [[""]] * 4  # without reasons: blank


def test_first_rating_words_follow_7_1_4() -> None:
    """Not published: fewer than 5 games against rated opponents, or Ru below the floor
    (1400 from March 2024): the cell says which."""
    # an unrated player scoring 3 of 5 against 1500s: 2024 rules add two 1800 draws:
    # Ra (5 x 1500 + 2 x 1800) / 7 = 1585.7; p = 4 / 7 = .57 -> dp 50: Ru 1636, published
    five = [[None], *[[1500.0]] * 5]
    res = [[1.0, 1.0, 1.0, 0.0, 0.0], *[[None] * 5] * 5]
    opp = [[2.0, 3.0, 4.0, 5.0, 6.0], *[[None] * 5] * 5]
    for i in range(5):
        res[i + 1] = [None] * 5
        res[i + 1][i] = {0: 0.0, 1: 0.0, 2: 0.0, 3: 1.0, 4: 1.0}[i]
        opp[i + 1] = [None] * 5
        opp[i + 1][i] = 1.0
    got = udfs.BLOQUE_ALL(five, res, opp, "swiss", "2024", None, None, True)
    assert got[0] == [1636] and got[1:] == [["rated"]] * 5
    # the same against 1000s: Ra (5000 + 3600) / 7 = 1228.6, + 50: Ru 1279 < 1400
    low = [[None], *[[1000.0]] * 5]
    got = udfs.BLOQUE_ALL(low, res, opp, "swiss", "2024", None, None, True)
    assert got[0] == ["Ru < 1400"]
    # four games only: fewer than 5 against rated opponents
    four = [row[:4] for row in res[:5]]
    got = udfs.BLOQUE_ALL(
        five[:5], four, [row[:4] for row in opp[:5]], "swiss", "2024", None, None, True
    )
    assert got[0] == ["< 5 games"]


def test_unrated_again_reads_the_change_column_s_words() -> None:
    """The floor mark reads the chart's change column: its words are no change; other
    text is still refused. 1410 - 20 = 1390, below the floor of 1400 (2024): marked."""
    mark = udfs.UNRATED_AGAIN(1410.0, -20.0, "2024")
    assert isinstance(mark, str) and "below 1400" in mark
    ratings = [[1410.0], [None], [2000.0]]
    found = udfs.UNRATED_AGAIN(ratings, [[-20.0], ["unrated"], ["no K"]], "2024")
    assert found == [[mark], [""], [""]]
    assert udfs.UNRATED_AGAIN(2000.0, "no K", "2024") == "#N/A"  # no change: nothing to mark
    assert udfs.UNRATED_AGAIN(2000.0, "later", "2024") == "#VALUE!"  # not its words


def test_the_working_says_why_only_when_asked() -> None:
    """``RATING_WORKING`` without a figure: ``#N/A`` (its reason for ``EXPLAIN_ERROR``),
    or with ``reasons`` TRUE a first row saying why, the whole reason in its last column."""
    ratings, k = [[None], [None]], [[None], [None]]
    results, opponents = [[1.0], [0.0]], [[2.0], [1.0]]
    args = (1.0, ratings, k, results, opponents, "2025", "swiss", 3.0)
    assert udfs.RATING_WORKING(*args) == "#N/A"
    block = udfs.RATING_WORKING(*args, None, True)
    assert block[0][:3] == ["first rating", "2025", "no rated game"]
    assert block[0][8] == "No first rating: opponent_ratings: no game against a rated opponent"
    assert block[1:] == [[""] * 9] * 2
    rated = ([[2000.0], [2100.0]], [[None], [20.0]])
    block = udfs.RATING_WORKING(1.0, *rated, results, opponents, "2025", "swiss", 2.0, None, True)
    assert block[0][:3] == ["rating change", "2025", "no K"]


def _rapid_six(tmp_path: Path, *extra: str) -> Path:
    trf = tmp_path / "six.trf"
    trf.write_text(TRF, encoding="utf-8")
    out = tmp_path / "six.xlsx"
    assert main(["crosstable", str(trf), "-o", str(out), "--rate", "rapid", *extra]) == 0
    return out


@pytest.mark.slow
def test_the_formula_engine_gives_the_same_words(tmp_path: Path) -> None:
    """Recalculated (classic names), the six-player rapid chart's cells hold the words the
    file stores: the same calls give them."""
    out = _rapid_six(tmp_path, "--for", "classic")
    values = evaluate(out, udfs.FUNCTIONS)
    assert cached_mismatches(out, values, SHEET) == []
    layout = layout_of(event_from_trf(parse_trf(TRF, source="six.trf")).event)
    norm = get_column_letter(layout.col("norm") + 1)
    rows = range(FIRST_ROW + 1, FIRST_ROW + 7)
    assert [values[(SHEET, f"{norm}{r}")] for r in rows] == ["rapid: no norms"] * 6
    change = get_column_letter(layout.col("change") + 1)
    assert values[(SHEET, f"{change}{FIRST_ROW + 5}")] == "unrated"  # Echo


@pytest.mark.slow
def test_the_formula_engine_gives_the_working_s_words(tmp_path: Path) -> None:
    """Recalculated (classic names), the unrated event's Working sheet holds the words it
    stores: ``RATING_WORKING`` with ``reasons`` TRUE."""
    out = tmp_path / "unrated.xlsx"
    trf = _unrated_trf(tmp_path)
    assert main(["crosstable", str(trf), "-o", str(out), "--for", "classic"]) == 0
    values = evaluate(out, udfs.FUNCTIONS)
    assert cached_mismatches(out, values, "Working") == []
    assert cached_mismatches(out, values, SHEET) == []
    assert "no rated game" in {v for (sheet, _), v in values.items() if sheet == "Working"}


@needs_render
@pytest.mark.slow
def test_libreoffice_prints_the_words(rapid_chart: Path, tmp_path: Path) -> None:
    """LibreOffice shows the stored words (it does not know our functions): the printed
    rapid chart reads ``rapid: no norms`` in every player's row."""
    text = pdf_text(to_pdf(rapid_chart, tmp_path))
    assert text.count("rapid: no norms") == 129
    assert "unrated" in text and "no rated game" in text and "#VALUE!" not in text
