"""Compare two folders of workbooks written by two checkouts (before and after a change).

Run: ``python benchmarks/_compare_workbooks.py BEFORE AFTER`` (the folders that
``benchmarks/write_all_workbooks.sh`` fills). Each ``.xlsx`` of *BEFORE* is compared with its
namesake in *AFTER*:

- byte-identical files: ``identical``;
- otherwise part by part (the same part names in the same order, each part's bytes; the
  creation and modification dates of ``docProps/core.xml`` left out, they are the time of
  writing in a workbook that does not fix them), then cell by cell with openpyxl: every
  sheet's values (cached values beside formulas read with ``data_only``), formulas, number
  formats, data validations, print settings, merged ranges and the defined names.

Prints one line per workbook and the differences found; exit status 1 when any workbook
differs (or is missing), else 0.
"""

from __future__ import annotations

import re
import sys
import zipfile
from pathlib import Path
from typing import Any

_DATES = re.compile(rb"<dcterms:(created|modified)[^>]*>[^<]*</dcterms:\1>")


def parts(path: Path) -> list[tuple[str, bytes]]:
    """The parts of the workbook at *path*, in order, the document dates left out."""
    with zipfile.ZipFile(path) as book:
        out = []
        for info in book.infolist():
            data = book.read(info)
            if info.filename == "docProps/core.xml":
                data = _DATES.sub(b"", data)
            out.append((info.filename, data))
    return out


def _sheet_facts(ws: Any, values: Any) -> dict[str, Any]:
    cells = {}
    for row in ws.iter_rows():
        for c in row:
            if c.value is None and c.number_format == "General":
                continue
            cached = values[c.coordinate].value
            formula = c.value
            if hasattr(formula, "ref") and hasattr(formula, "text"):  # openpyxl's ArrayFormula
                formula = ("array", formula.ref, formula.text)  # by content, not identity
            cells[c.coordinate] = (formula, cached, c.number_format, c.data_type)
    dv = sorted(
        (str(v.sqref), v.type, v.formula1, v.formula2, v.allow_blank, v.prompt, v.error)
        for v in ws.data_validations.dataValidation
    )
    setup = ws.page_setup
    printing = (
        setup.orientation,
        setup.paperSize,
        setup.fitToWidth,
        setup.fitToHeight,
        ws.print_title_rows,
        ws.print_title_cols,
        str(ws.print_area),
        ws.page_margins.left,
        ws.page_margins.top,
        ws.oddHeader.center.text,
        ws.oddFooter.center.text,
        ws.sheet_state,
        ws.protection.sheet,
    )
    merged = sorted(str(m) for m in ws.merged_cells.ranges)
    return {"cells": cells, "validations": dv, "printing": printing, "merged": merged}


def cell_facts(path: Path) -> dict[str, Any]:
    """What openpyxl reads of the workbook at *path*: each sheet's facts and the names."""
    import openpyxl

    formulas = openpyxl.load_workbook(path)
    values = openpyxl.load_workbook(path, data_only=True)
    sheets = {ws.title: _sheet_facts(ws, values[ws.title]) for ws in formulas.worksheets}
    names = sorted((n, str(d.attr_text)) for n, d in formulas.defined_names.items())
    local = sorted(
        (ws.title, n, str(d.attr_text))
        for ws in formulas.worksheets
        for n, d in ws.defined_names.items()
    )
    return {"sheets": sheets, "names": names, "local names": local}


def compare(before: Path, after: Path) -> list[str]:
    """The differences between the workbooks *before* and *after* (none: the same)."""
    if before.read_bytes() == after.read_bytes():
        return []
    a, b = parts(before), parts(after)
    found = []
    if [n for n, _ in a] != [n for n, _ in b]:
        found.append(f"parts differ: {[n for n, _ in a]} / {[n for n, _ in b]}")
    for (name, x), (_, y) in zip(a, b, strict=False):
        if x != y:
            found.append(f"part {name} differs ({len(x)} / {len(y)} bytes)")
    fa, fb = cell_facts(before), cell_facts(after)
    for key in ("names", "local names"):
        if fa[key] != fb[key]:
            found.append(f"{key} differ")
    for title in sorted(set(fa["sheets"]) | set(fb["sheets"])):
        sa, sb = fa["sheets"].get(title), fb["sheets"].get(title)
        if sa is None or sb is None:
            found.append(f"sheet {title!r} only in one")
            continue
        for key in ("validations", "printing", "merged"):
            if sa[key] != sb[key]:
                found.append(f"sheet {title!r}: {key} differ")
        ca, cb = sa["cells"], sb["cells"]
        for ref in sorted(set(ca) | set(cb)):
            if ca.get(ref) != cb.get(ref):
                found.append(f"sheet {title!r} {ref}: {ca.get(ref)} / {cb.get(ref)}")
    return found


def main(argv: list[str]) -> int:
    before_dir, after_dir = Path(argv[0]), Path(argv[1])
    status = 0
    books = sorted(p.relative_to(before_dir) for p in before_dir.rglob("*.xlsx"))
    for rel in books:
        after = after_dir / rel
        if not after.exists():
            print(f"MISSING   {rel}")
            status = 1
            continue
        found = compare(before_dir / rel, after)
        if not found:
            same = (before_dir / rel).read_bytes() == after.read_bytes()
            print(f"{'identical' if same else 'same':9} {rel}")
            continue
        print(f"DIFFERENT {rel}")
        for line in found[:20]:
            print(f"    {line}")
        status = 1
    print(f"{len(books)} workbooks compared")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
