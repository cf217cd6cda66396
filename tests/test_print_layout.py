"""How the workbooks print, read from the PDFs LibreOffice prints of them as a reader meets the
pages: the type on every page of every workbook printed in the test run at least 7 points
(the median height of a page's words, :func:`render.type_heights`), a wide chart cut into
bands of whole column groups with the names and headers on every page, a team standing of 15
teams on one page, no text cut by its neighbour (two words of a line overlap where a cell's
text runs under the next cell).

The real files: FIDE's Karl-Mala example (a Swiss of 283 players, 7 rounds) and the Crete
friendship cup (129 players, 15 teams, 7 rounds), filled by ``xlfuncs crosstable``; the
period workbook of the Karl-Mala file by ``xlfuncs period`` (``tests/data/real/SOURCE``); the
norm certificate of the demo round robin's player 8 by ``xlfuncs norms --certificate``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest
from render import TO_PRINT, Printed, Word, needs_render, pdf_words, print_once, type_heights

from xlfuncs.cli import main
from xlfuncs.event import analyse_event
from xlfuncs.trf import read_trf
from xlfuncs.trf.teams import event_teams

pytestmark = needs_render

REAL = Path(__file__).parent / "data" / "real"
KARL = REAL / "karl-mala-2005.trf"
CRETE = REAL / "crete-friendship-cup-2024-rapid.trf"
DEMO_RR = resources.files("xlfuncs") / "data" / "demo_round_robin.trf"

SMALLEST_TYPE = 7.0
"""Points: the least median word height a printed page may have."""


def _command(*argv: str) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        assert main([*argv, "-o", str(path), "--force"]) == 0

    return build


print_once("karl_mala_chart.xlsx", _command("crosstable", str(KARL)))
print_once("crete_team_chart.xlsx", _command("crosstable", str(CRETE)))
print_once("karl_mala_period.xlsx", _command("period", str(KARL), "--player-sheets", "2"))
print_once("norm_certificate.xlsx", _command("norms", str(DEMO_RR), "--certificate", "8"))


def _overlaps(page: list[Word]) -> list[tuple[str, str]]:
    """The pairs of words of one line of *page* of which the first runs into the second."""
    lines: dict[int, list[Word]] = {}
    for w in page:
        lines.setdefault(round((w.y0 + w.y1) / 2), []).append(w)
    out = []
    for words in lines.values():
        words.sort(key=lambda w: w.x0)
        out += [(a.text, b.text) for a, b in zip(words, words[1:]) if a.x1 > b.x0 + 0.5]
    return out


def _sheet_pages(book: Printed, sheet: str) -> list[int]:
    """The indexes of the pages of *sheet* (its name in the footer)."""
    footer = re.compile(rf"xlfuncs\s+{re.escape(sheet)}\s+Page \d+ of \d+")
    return [i for i, text in enumerate(book.pages) if footer.search(text)]


def test_every_printed_page_is_legible(printed: dict[str, Printed]) -> None:
    """Every page of every workbook printed in the run (the templates, the filled charts,
    the player templates, the period workbook ...): type of 7 points or more."""
    small = {}
    for name in sorted(TO_PRINT):
        heights = type_heights(printed[name].pdf)
        pages = [(i + 1, round(h, 2)) for i, h in enumerate(heights) if 0 < h < SMALLEST_TYPE]
        if pages:
            small[name] = pages
    assert small == {}, f"pages printed under {SMALLEST_TYPE} pt: {small}"


@pytest.mark.parametrize(
    "name", ["karl_mala_chart.xlsx", "crete_team_chart.xlsx", "karl_mala_period.xlsx"]
)
def test_no_text_runs_into_its_neighbour(name: str, printed: dict[str, Printed]) -> None:
    book = printed[name]
    cut = {i + 1: o for i, page in enumerate(pdf_words(book.pdf)) if (o := _overlaps(page))}
    assert cut == {}, f"{name}: words running into the next: {cut}"
    assert book.info.paper == "A4" and book.info.landscape


def test_a_wide_chart_prints_in_bands_of_whole_rounds(printed: dict[str, Printed]) -> None:
    """283 players, 7 rounds: at 70 % the chart is three pages across (the player columns
    and rounds 1-4; rounds 5-7 and the standing; the rating figures), No., Title and Name
    and the two header rows on every page, every round whole on one page."""
    book = printed["karl_mala_chart.xlsx"]
    chart = _sheet_pages(book, "Wall chart")
    words = pdf_words(book.pdf)
    assert len(chart) > 3 and len(chart) % 3 == 0
    seen: set[str] = set()
    for i in chart:
        texts = [w.text for w in words[i]]
        assert {"Player", "No.", "Title", "Name"} <= set(texts), f"page {i + 1}"
        rounds = texts.count("Round")
        assert texts.count("Opp") == texts.count("Col") == texts.count("Res") == rounds
        seen.update(f"Round {t}" for a, t in zip(texts, texts[1:]) if a == "Round")
        seen.update(t for t in ("Standing", "Norm", "FIDE", "BH/C1") if t in texts)
    assert seen >= {f"Round {r}" for r in range(1, 8)} | {"Standing", "Norm", "BH/C1"}
    # the pages go across, then down: the first three are the first players' three bands
    first = [" ".join(w.text for w in words[i]) for i in chart[:3]]
    assert "Round 1" in first[0] and "Round 7" in first[1] and "Norm" in first[2]


def test_a_team_standing_of_15_teams_prints_on_one_page(printed: dict[str, Printed]) -> None:
    """The Crete cup's standing: one landscape page, every team, every round's columns and
    the whole note above; the players' list from the next page on."""
    book = printed["crete_team_chart.xlsx"]
    t = read_trf(CRETE)
    event = analyse_event(t)
    teams = event_teams(t, event.read, event.counted_rounds)
    assert teams is not None
    names = [team.name for team in teams.teams]
    assert len(names) == 15
    pages = _sheet_pages(book, "Team standings")
    standing = [i for i in pages if "Rk" in book.pages[i]]
    assert len(standing) == 1
    text = book.pages[standing[0]]
    assert all(n in text for n in names)
    assert "R7" in text and "pairing-allocated bye)." in text  # the last column, the note's end
    assert book.pages[standing[0] + 1].lstrip().startswith("Team players, by board")
