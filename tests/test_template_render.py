"""Every template in the registry, rendered with LibreOffice headless to PDF and PNG: the page
setup (A4 landscape, one page wide, header rows repeated) and what a reader sees.

Set ``XLFUNCS_RENDER_DIR`` to keep the PDFs and PNGs there for a look.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from render import (
    needs_render,
    pdf_info,
    pdf_text,
    render,
)

from xlfuncs.templates import TEMPLATES, round_robin, swiss
from xlfuncs.templates.examples import round_robin_10, swiss_60

pytestmark = needs_render

PNG = b"\x89PNG\r\n\x1a\n"


def _out(tmp_path: Path) -> Path:
    keep = os.environ.get("XLFUNCS_RENDER_DIR")
    return Path(keep) if keep else tmp_path


def _render(build: Callable[[Path], None], name: str, out: Path) -> tuple[list[Path], Path, float]:
    xlsx = out / name
    build(xlsx)
    start = time.perf_counter()
    pngs = render(xlsx, out, dpi=50)
    elapsed = time.perf_counter() - start
    print(f"{name}: rendered {len(pngs)} pages in {elapsed:.1f}s")
    return pngs, xlsx.with_suffix(".pdf"), elapsed


@pytest.mark.parametrize("name", sorted(TEMPLATES))
def test_every_template_renders_landscape_a4(name: str, tmp_path: Path) -> None:
    pngs, pdf, _ = _render(TEMPLATES[name], name, _out(tmp_path))
    info = pdf_info(pdf)
    assert pngs and all(p.read_bytes()[:8] == PNG and p.stat().st_size > 1000 for p in pngs)
    assert info.pages == len(pngs)
    assert info.paper == "A4"
    assert info.landscape, "the main sheet prints landscape"
    pages = pdf_text(pdf).split("\f")
    assert "#NAME?" not in pdf_text(pdf)
    assert any("conversion tables" in p for p in pages), "the FIDE tables sheet prints"
    assert not any("UDF Modules" in p for p in pages), "xlwings.conf is hidden"


@pytest.mark.parametrize(
    ("name", "build", "title", "last_player"),
    [
        ("round_robin.xlsx", round_robin.build, "Round-robin crosstable", "20"),
        ("swiss.xlsx", swiss.build, "Swiss wall chart", "400"),
        (
            "round_robin_filled.xlsx",
            lambda p: round_robin.build(p, round_robin_10()),
            "Round-robin crosstable",
            "Ortega, Pilar",
        ),
        (
            "swiss_filled.xlsx",
            lambda p: swiss.build(p, swiss_60()),
            "Swiss wall chart",
            "Castillo, Ximena",
        ),
    ],
)
def test_charts_print_one_page_wide_with_headers_repeated(
    name: str, build: Callable[[Path], None], title: str, last_player: str, tmp_path: Path
) -> None:
    _, pdf, elapsed = _render(build, name, _out(tmp_path))
    assert elapsed < 120
    pages = pdf_text(pdf).split("\f")
    chart = [p for p in pages if "Rp FIDE" in p]
    assert chart, "the chart prints"
    assert title in chart[0]
    for page in chart:  # one page wide: every page has the first and the last column
        assert "No." in page and "Name" in page and "Norm" in page
        assert "Result against" in page or "Round 1" in page  # the group row repeats
    assert last_player in chart[-1]
    assert "#NAME?" not in pdf_text(pdf)
    how_to = [p for p in pages if "How to use:" in p]
    assert how_to and pdf_info(pdf).landscape
    if "filled" in name:
        assert len(chart) == 1, "a filled chart prints only its players' rows"
        if name.startswith("swiss"):
            assert "Round 9" in chart[0] and "Round 10" not in chart[0]  # unused rounds hidden
    elif name == "swiss.xlsx":
        assert len(chart) > 1  # 400 rows: the header rows are on every page (checked above)
