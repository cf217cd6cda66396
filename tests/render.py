"""Render workbooks to PDF/PNG with LibreOffice, for print-layout tests.

``render()`` converts an ``.xlsx`` with LibreOffice headless to PDF (one
private LibreOffice profile per call, so parallel runs do not clash) and
rasterises the pages with ``pdftoppm``.  ``pdf_text()`` and ``pdf_info()``
read the PDF back with ``pdftotext``/``pdfinfo`` (poppler-utils).

Tests mark themselves with :data:`needs_render`: skipped where the tools are missing,
except where ``XLFUNCS_REQUIRE_LIBREOFFICE`` is set (``.ci/run`` sets it), so that CI never
passes by skipping them::

    pytestmark = needs_render

Printing is slow (LibreOffice starts for each run), so a test module names the workbooks it
prints with :func:`print_once` when it is imported, and takes them from the session fixture
``printed`` (``tests/conftest.py``), which prints every workbook named, once per test run, in
one LibreOffice run::

    print_once("norms_filled.xlsx", lambda path: norms.build(path, EXAMPLE))

    def test_it_prints(printed: Printed) -> None:
        assert "Rp" in printed["norms_filled.xlsx"].text

LibreOffice with a fresh profile does not recalculate an ``.xlsx`` on load:
formula cells show the cached result stored in the file (XlsxWriter stores
0 unless ``write_formula(..., value=...)`` is given; openpyxl stores none).
It does not know our UDFs either, so to show realistic numbers, write the
values computed with :mod:`engine` as the cached results.
"""

from __future__ import annotations

import os
import re
import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "LIBREOFFICE",
    "RENDER_TOOLS",
    "needs_render",
    "PDFINFO",
    "PDFTOPPM",
    "PDFTOTEXT",
    "PdfInfo",
    "Printed",
    "Word",
    "TO_PRINT",
    "RenderError",
    "pdf_info",
    "pdf_text",
    "pdf_words",
    "print_once",
    "type_heights",
    "render",
    "to_pdf",
    "to_pdfs",
    "to_pngs",
]

#: Path of the LibreOffice executable, or ``None`` when it is not installed.
LIBREOFFICE: str | None = shutil.which("soffice") or shutil.which("libreoffice")
#: Paths of the poppler-utils tools, or ``None`` when missing.
PDFTOPPM: str | None = shutil.which("pdftoppm")
PDFTOTEXT: str | None = shutil.which("pdftotext")
PDFINFO: str | None = shutil.which("pdfinfo")

#: Whether every tool a rendering test needs is installed.
RENDER_TOOLS: bool = bool(LIBREOFFICE and PDFTOPPM and PDFTOTEXT and PDFINFO)

try:
    import pytest

    #: Skip a rendering test where the tools are missing, unless CI requires them.
    needs_render = pytest.mark.skipif(
        not RENDER_TOOLS and not os.environ.get("XLFUNCS_REQUIRE_LIBREOFFICE"),
        reason="LibreOffice or poppler-utils not installed",
    )
except ImportError:  # pragma: no cover - imported outside pytest
    pass

#: Default time limit of one LibreOffice conversion, in seconds.
TIMEOUT = 180.0


class RenderError(RuntimeError):
    """A conversion tool is missing, failed or timed out."""


def _run(args: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    """Run a tool, turning failure or timeout into :class:`RenderError`."""
    try:
        done = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as exc:
        raise RenderError(f"{args[0]} timed out after {timeout:.0f}s") from exc
    if done.returncode != 0:
        raise RenderError(f"{' '.join(args)} failed ({done.returncode}): {done.stderr.strip()}")
    return done


def to_pdfs(
    xlsx_paths: Sequence[str | Path], out_dir: str | Path, *, timeout: float = TIMEOUT
) -> dict[Path, Path]:
    """Convert every workbook of ``xlsx_paths`` to ``out_dir/<stem>.pdf`` in one LibreOffice
    run (it starts once: about a second of CPU saved per workbook). Returns each workbook's
    PDF; one LibreOffice could not convert is missing (the stems must differ)."""
    if LIBREOFFICE is None:
        raise RenderError("LibreOffice (soffice) is not installed")
    sources = [Path(p).resolve() for p in xlsx_paths]
    if len({p.stem for p in sources}) != len(sources):
        raise ValueError(f"two workbooks have the same name: {[p.name for p in sources]}")
    out = Path(out_dir).resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="lo-profile-") as profile:
        _run(
            [
                LIBREOFFICE,
                f"-env:UserInstallation={Path(profile).as_uri()}",
                "--headless",
                "--norestore",
                "--nolockcheck",
                "--convert-to",
                "pdf",
                "--outdir",
                str(out),
                *(str(p) for p in sources),
            ],
            timeout * len(sources),
        )
    pdfs = {src: out / f"{src.stem}.pdf" for src in sources}
    return {src: pdf for src, pdf in pdfs.items() if pdf.is_file()}


def to_pdf(xlsx_path: str | Path, out_dir: str | Path, *, timeout: float = TIMEOUT) -> Path:
    """Convert ``xlsx_path`` to ``out_dir/<stem>.pdf`` with LibreOffice headless."""
    src = Path(xlsx_path).resolve()
    pdf = to_pdfs([src], out_dir, timeout=timeout).get(src)
    if pdf is None:
        raise RenderError(f"LibreOffice produced no {src.stem}.pdf (is the file readable?)")
    return pdf


def to_pngs(pdf: str | Path, *, dpi: int = 60, timeout: float = TIMEOUT) -> list[Path]:
    """Rasterise every page of ``pdf`` beside it: ``<stem>-1.png``, ... in page order
    (pdftoppm zero-pads the number when there are 10 pages or more)."""
    if PDFTOPPM is None:
        raise RenderError("pdftoppm (poppler-utils) is not installed")
    prefix = Path(pdf).with_suffix("")
    for old in prefix.parent.glob(f"{prefix.name}-*.png"):
        old.unlink()
    _run([PDFTOPPM, "-png", "-r", str(dpi), str(pdf), str(prefix)], timeout)
    pattern = re.compile(rf"^{re.escape(prefix.name)}-(\d+)\.png$")
    numbered = [(m, p) for p in prefix.parent.iterdir() if (m := pattern.match(p.name))]
    return [p for m, p in sorted(numbered, key=lambda mp: int(mp[0].group(1)))]


def render(
    xlsx_path: str | Path,
    out_dir: str | Path,
    *,
    dpi: int = 60,
    timeout: float = TIMEOUT,
) -> list[Path]:
    """Render every printed page of ``xlsx_path`` to PNG files in ``out_dir``.

    The intermediate PDF stays in ``out_dir`` as ``<stem>.pdf``.  Returns the
    PNG paths in page order (``<stem>-1.png``, ...; pdftoppm zero-pads the
    number when there are 10 pages or more).
    """
    if PDFTOPPM is None:
        raise RenderError("pdftoppm (poppler-utils) is not installed")
    return to_pngs(to_pdf(xlsx_path, out_dir, timeout=timeout), dpi=dpi, timeout=timeout)


def pdf_text(pdf: str | Path, *, layout: bool = True) -> str:
    """The text of ``pdf`` (pages separated by form feeds), via ``pdftotext``."""
    if PDFTOTEXT is None:
        raise RenderError("pdftotext (poppler-utils) is not installed")
    args = [PDFTOTEXT, *(["-layout"] if layout else []), str(pdf), "-"]
    return _run(args, 60).stdout


@dataclass(frozen=True)
class Word:
    """A word on a printed page and its box, in points from the page's top left corner (as
    ``pdftotext -bbox`` gives it: the box's height is the font's ascent plus descent at the
    printed size, some 1.3 times the type size in DejaVu Sans, 1.2 in Calibri)."""

    text: str
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def height(self) -> float:
        return self.y1 - self.y0


_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>'
)
_ENTITIES = {"&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'"}


def pdf_words(pdf: str | Path) -> list[list[Word]]:
    """The words of each page of *pdf* with their boxes, via ``pdftotext -bbox``."""
    if PDFTOTEXT is None:
        raise RenderError("pdftotext (poppler-utils) is not installed")
    out = _run([PDFTOTEXT, "-bbox", str(pdf), "-"], 60).stdout
    pages = []
    for page in out.split("<page ")[1:]:
        words = []
        for x0, y0, x1, y1, text in _WORD.findall(page):
            for entity, char in _ENTITIES.items():
                text = text.replace(entity, char)
            words.append(Word(text, float(x0), float(y0), float(x1), float(y1)))
        pages.append(words)
    return pages


def type_heights(pdf: str | Path) -> list[float]:
    """The median height of the words of each page of *pdf*, in points on the paper (0 for a
    page without words): the size the page's text prints at, as a reader meets it."""
    return [statistics.median(w.height for w in page) if page else 0.0 for page in pdf_words(pdf)]


@dataclass(frozen=True)
class PdfInfo:
    """Page setup of a PDF as reported by ``pdfinfo``.

    ``width``/``height`` are the size of the first page in points (1/72 in).
    """

    pages: int
    width: float
    height: float
    page_size: str

    @property
    def landscape(self) -> bool:
        """Whether the first page is wider than tall."""
        return self.width > self.height

    @property
    def paper(self) -> str:
        """``"A4"``, ``"A3"``, ``"Letter"`` or ``"other"`` (orientation ignored, 3pt slack)."""
        short, long_ = sorted((self.width, self.height))
        sizes = {"A4": (595.3, 841.9), "A3": (841.9, 1190.6), "Letter": (612.0, 792.0)}
        for name, (w, h) in sizes.items():
            if abs(short - w) < 3 and abs(long_ - h) < 3:
                return name
        return "other"


def pdf_info(pdf: str | Path) -> PdfInfo:
    """Page count and first-page size of ``pdf``, via ``pdfinfo``."""
    if PDFINFO is None:
        raise RenderError("pdfinfo (poppler-utils) is not installed")
    out = _run([PDFINFO, str(pdf)], 60).stdout
    pages = re.search(r"^Pages:\s+(\d+)", out, re.MULTILINE)
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts(.*)$", out, re.MULTILINE)
    if not pages or not size:
        raise RenderError(f"cannot read pdfinfo output:\n{out}")
    return PdfInfo(
        pages=int(pages.group(1)),
        width=float(size.group(1)),
        height=float(size.group(2)),
        page_size=size.group(0).split(":", 1)[1].strip(),
    )


# ------------------------------------------------------------------ printing once per run

TO_PRINT: dict[str, Callable[[Path], None]] = {}
"""Workbooks the collected test modules print: file name -> what writes it to a path."""


def print_once(name: str, build: Callable[[Path], None]) -> None:
    """Have the session fixture ``printed`` print workbook *name*, written by *build*.

    Call it when the test module is imported; a name already given keeps its first builder
    (the same workbook is printed once, whoever asks for it).
    """
    TO_PRINT.setdefault(name, build)


@dataclass(frozen=True)
class Printed:
    """One workbook as LibreOffice printed it."""

    xlsx: Path
    pdf: Path
    pngs: list[Path]
    """The pages, in order."""
    text: str
    """``pdftotext -layout`` of the PDF: pages separated by form feeds."""
    info: PdfInfo
    seconds: float
    """Wall time of the LibreOffice run that printed it (and the other workbooks)."""

    @property
    def pages(self) -> list[str]:
        """The text of each page."""
        return self.text.split("\f")
