"""Every template in the registry, rendered with LibreOffice headless to PDF and PNG: the page
setup (A4 landscape; a chart wider than a page in bands, the names and the header rows
repeated: ``test_print_layout.py``) and what a reader sees.

The workbooks are printed once per test run, all in one LibreOffice run (the ``printed``
fixture of ``conftest.py``). Set ``XLFUNCS_RENDER_DIR`` to keep the PDFs and PNGs there for a
look.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from chart_examples import double_round_robin_6, round_robin_10, swiss_60, swiss_event
from render import Printed, needs_render, print_once
from trf_make import round_robin_trf

from xlfuncs.filled_chart import event_from_trf
from xlfuncs.templates import round_robin, swiss
from xlfuncs.templates.registry import TEMPLATES
from xlfuncs.trf import parse_trf

pytestmark = needs_render

PNG = b"\x89PNG\r\n\x1a\n"

for _name, _build in TEMPLATES.items():
    print_once(_name, _build)
print_once("round_robin_filled.xlsx", lambda p: round_robin.build(p, round_robin_10()))
print_once("swiss_filled.xlsx", lambda p: swiss.build(p, swiss_60()))


def _round_robin_24(path: Path) -> None:
    filled = event_from_trf(parse_trf(round_robin_trf(24)))
    assert filled.round_robin
    round_robin.build(path, filled.event)


# issue 10: the grown charts
print_once("swiss_20_rounds.xlsx", lambda p: swiss.build(p, swiss_event(45, 20)))
print_once("round_robin_24.xlsx", _round_robin_24)
print_once("double_round_robin.xlsx", lambda p: round_robin.build(p, double_round_robin_6()))


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_every_template_renders_landscape_a4(name: str, printed: dict[str, Printed]) -> None:
    book = printed[name]
    pngs, info, pages = book.pngs, book.info, book.pages
    assert pngs and all(p.read_bytes()[:8] == PNG and p.stat().st_size > 1000 for p in pngs)
    assert info.pages == len(pngs)
    assert info.paper == "A4"
    assert info.landscape, "the main sheet prints landscape"
    assert "#NAME?" not in book.text
    assert any("conversion tables" in p for p in pages), "the FIDE tables sheet prints"
    assert not any("UDF Modules" in p for p in pages), "xlwings.conf is hidden"


@pytest.mark.parametrize(
    ("name", "title", "last_player"),
    [
        ("round_robin.xlsx", "Round-robin crosstable", "24"),
        ("swiss.xlsx", "Swiss wall chart", "400"),
        ("round_robin_filled.xlsx", "Round-robin crosstable", "Ortega, Pilar"),
        ("swiss_filled.xlsx", "Swiss wall chart", "Castillo, Ximena"),
        ("swiss_20_rounds.xlsx", "Swiss wall chart", "Meyer, Wojciech"),
        ("round_robin_24.xlsx", "Round-robin crosstable", "Player 24, Test"),
        ("double_round_robin.xlsx", "Round-robin crosstable", "Vidal, Marta"),
    ],
)
def test_charts_print_in_bands_with_names_and_headers_repeated(
    name: str, title: str, last_player: str, printed: dict[str, Printed]
) -> None:
    book = printed[name]
    assert book.seconds < 120, "printing all the workbooks takes under two minutes"
    sheet = "Wall chart" if name.startswith("swiss") else "Crosstable"
    footer = re.compile(rf"xlfuncs\s+{sheet}\s+Page \d+ of \d+")
    pages = book.pages
    chart = [p for p in pages if footer.search(p)]
    assert chart, "the chart prints"
    assert title in chart[0]
    for page in chart:  # the names' columns and the header rows on every page
        assert "No." in page and "Name" in page and "Player" in page
    assert any("Norm" in p for p in chart) and any("Rp FIDE" in p for p in chart)
    assert "Result against" in chart[0] or "Round 1" in chart[0]
    assert last_player in chart[-1]
    assert "#NAME?" not in book.text
    how_to = [p for p in pages if "How to use:" in p]
    assert how_to and book.info.landscape and book.info.paper == "A4"
    text = "\f".join(chart)
    if name == "swiss_filled.xlsx":
        assert "Round 9" in text and "Round 10" not in text  # unused rounds hidden
    if name == "swiss_20_rounds.xlsx":  # three columns per round: more pages across
        assert "Round 20" in text and len(chart) > 3
    if name == "double_round_robin.xlsx":
        assert "1st and 2nd game" in chart[0]
    # issue 10: the tie-break columns, headed by their descriptors, print with their values
    if name.startswith("swiss"):
        assert all(d in text for d in ("BH/C1", "BH", "SB"))
    else:
        assert all(d in text for d in ("DE", "WIN", "SB", "KS"))
    if name == "swiss.xlsx":
        assert len(chart) > 1  # 400 rows: the header rows are on every page (checked above)
