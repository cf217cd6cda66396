"""Tests proving the LibreOffice rendering helpers in :mod:`render`."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import xlsxwriter
from render import (
    needs_render,
    pdf_info,
    pdf_text,
    render,
)

pytestmark = [needs_render, pytest.mark.slow]


def _landscape_book(path: Path) -> None:
    """A one-sheet workbook set to landscape A4, one page wide."""
    wb = xlsxwriter.Workbook(str(path))
    ws = wb.add_worksheet("Cross table")
    ws.set_landscape()
    ws.set_paper(9)  # A4
    ws.fit_to_pages(1, 0)  # one page wide, as tall as needed
    ws.write("A1", "Rating performance check")
    for col in range(14):  # wider than a portrait page
        ws.write(2, col, f"Round {col + 1}")
        ws.set_column(col, col, 12)
    ws.write_formula("A5", "=1+1", None, 2)  # cached result written to the file
    wb.close()


def test_render_landscape(tmp_path: Path) -> None:
    xlsx = tmp_path / "landscape.xlsx"
    _landscape_book(xlsx)
    start = time.perf_counter()
    pngs = render(xlsx, tmp_path / "out")
    elapsed = time.perf_counter() - start
    print(f"render took {elapsed:.1f}s")

    assert pngs == [tmp_path / "out" / "landscape-1.png"]
    assert pngs[0].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    pdf = tmp_path / "out" / "landscape.pdf"
    info = pdf_info(pdf)
    assert info.pages == 1
    assert info.landscape
    assert info.paper == "A4"
    text = pdf_text(pdf)
    assert "Rating performance check" in text
    assert "Round 14" in text  # one page wide: the last column fits


def test_render_portrait_two_pages(tmp_path: Path) -> None:
    xlsx = tmp_path / "portrait.xlsx"
    wb = xlsxwriter.Workbook(str(xlsx))
    ws = wb.add_worksheet()
    ws.set_portrait()
    ws.set_paper(9)
    ws.write("A1", "first page")
    ws.set_h_pagebreaks([1])
    ws.write("A2", "second page")
    wb.close()
    pngs = render(xlsx, tmp_path)
    info = pdf_info(tmp_path / "portrait.pdf")
    assert (info.pages, info.landscape, len(pngs)) == (2, False, 2)
    pages = pdf_text(tmp_path / "portrait.pdf").split("\f")
    assert "first page" in pages[0] and "second page" in pages[1]
