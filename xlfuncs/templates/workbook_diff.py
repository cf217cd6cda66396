"""Two workbooks compared by content, as openpyxl reads them: sheets, defined names, every
cell's value or formula and style, merged ranges, column and row sizes, data validations,
conditional formats, protection, views, print settings and the stored xlwings Lite code; not
the bytes, nor the values stored beside formulas.

:func:`fingerprint` takes a workbook's content as data, :func:`compare` says what differs
between two, one line per difference."""

from __future__ import annotations

import copy
import hashlib
import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

__all__ = ["Fingerprint", "compare", "fingerprint"]

Fingerprint = dict[str, Any]


_FINGERPRINTS: dict[bytes, Fingerprint] = {}
"""Fingerprints already taken, by the SHA-256 of the file's bytes (a file is read once per
process however often it is checked: the tests check the same files many times)."""

_KEEP = 32
"""How many fingerprints :data:`_FINGERPRINTS` keeps."""


def fingerprint(path: Path) -> Fingerprint:
    """The content of a workbook as comparable data (what the module docstring lists). Do not
    change what it returns: the same file's fingerprint is shared."""
    data = Path(path).read_bytes()
    key = hashlib.sha256(data).digest()
    if key not in _FINGERPRINTS:
        while len(_FINGERPRINTS) >= _KEEP:
            del _FINGERPRINTS[next(iter(_FINGERPRINTS))]
        _FINGERPRINTS[key] = _fingerprint(Path(path), data)
    return _FINGERPRINTS[key]


def _fingerprint(path: Path, data: bytes) -> Fingerprint:
    import openpyxl
    from openpyxl.utils import get_column_letter
    from openpyxl.worksheet.formula import ArrayFormula

    from ..lite_workbook import summary

    wb = openpyxl.load_workbook(io.BytesIO(data))
    out: Fingerprint = {
        "sheets": [(ws.title, ws.sheet_state) for ws in wb.worksheets],
        "defined names": {name: str(dn.attr_text) for name, dn in wb.defined_names.items()},
        "xlwings Lite code": summary(path),
        "default style": _default_style(wb.worksheets[0]) if wb.worksheets else {},
    }
    for ws in wb.worksheets:
        default = _default_style(ws)
        styles_seen: dict[tuple[Any, ...], dict[str, Any]] = {}
        cells: dict[str, Any] = {}
        styles: dict[str, dict[str, Any]] = {}
        for row in ws.iter_rows():
            for c in row:
                value = c.value
                if isinstance(value, ArrayFormula):
                    value = ("array", value.ref, value.text)
                if value is not None:
                    cells[c.coordinate] = value
                array = getattr(c, "_style", None)
                if array is None:  # a merged cell other than the first: no style of its own
                    continue
                key = tuple(array)
                style = styles_seen.get(key)
                if style is None:
                    style = styles_seen[key] = _style(c)
                if style != default:
                    styles[c.coordinate] = style
        p = ws.protection
        setup = ws.page_setup
        out[f"sheet {ws.title}"] = {
            "cells": cells,
            "styles": styles,
            "merged ranges": sorted(str(r) for r in ws.merged_cells.ranges),
            "column widths": {
                f"{get_column_letter(d.min)}:{get_column_letter(d.max)}": (
                    d.width if d.customWidth else None,
                    bool(d.hidden),
                    d.outlineLevel or 0,
                )
                for d in ws.column_dimensions.values()
                if d.min and d.max and (d.customWidth or d.hidden or d.outlineLevel)
            },
            "row heights": {
                row: (d.height if d.customHeight else None, bool(d.hidden), d.outlineLevel or 0)
                for row, d in ws.row_dimensions.items()
                if d.customHeight or d.hidden or d.outlineLevel
            },
            "data validations": sorted(
                (str(dv.sqref), _plain(dv, skip=("sqref",)))
                for dv in ws.data_validations.dataValidation
            ),
            "conditional formats": sorted(
                (str(cf.sqref), tuple(_plain(r) for r in cf.rules))
                for cf in ws.conditional_formatting
            ),
            "protection": _plain(p),
            "sheet defined names": {
                name: str(dn.attr_text) for name, dn in getattr(ws, "defined_names", {}).items()
            },
            "freeze panes": ws.freeze_panes,
            "view": _plain(ws.sheet_view, skip=("selection", "pane", "tabSelected")),
            "tab colour": _plain(ws.sheet_properties.tabColor),
            "print settings": (
                _plain(setup),
                _plain(ws.print_options),
                ws.sheet_properties.pageSetUpPr.fitToPage
                if ws.sheet_properties.pageSetUpPr
                else None,
                ws.print_title_rows,
                ws.print_title_cols,
                str(ws.print_area),
                _plain(ws.page_margins),
                _plain(ws.HeaderFooter),
                tuple(b.id for b in ws.row_breaks.brk),
                tuple(b.id for b in ws.col_breaks.brk),
            ),
        }
    return out


_STYLE_PARTS = ("number format", "font", "fill", "border", "alignment", "protection")


def _default_style(ws: Any) -> dict[str, Any]:
    """The style of a cell that has none of its own (index 0 of each of the book's lists)."""
    from openpyxl.cell.cell import Cell

    return _style(Cell(ws))


def _style(cell: Any) -> dict[str, Any]:
    """A cell's style: number format, font, fill, border, alignment and protection (locked,
    hidden), as plain data."""
    parts = (cell.font, cell.fill, cell.border, cell.alignment, cell.protection)
    return dict(zip(_STYLE_PARTS, (cell.number_format, *map(_plain, parts)), strict=True))


def _plain(obj: Any, *, skip: tuple[str, ...] = ()) -> Any:
    """An openpyxl object (a font, a fill, a validation...) as nested tuples of its set
    attributes, so that two are equal when they write the same XML; colours as their RGB,
    theme or index."""
    from openpyxl.descriptors.serialisable import Serialisable
    from openpyxl.styles.colors import Color
    from openpyxl.styles.proxy import StyleProxy

    if isinstance(obj, StyleProxy):  # what cell.font and the like return
        obj = copy.copy(obj)
    if isinstance(obj, Color):
        tint = f" tint {obj.tint}" if obj.tint else ""
        if obj.type == "rgb":
            return f"{obj.rgb}{tint}"
        return f"{obj.type} {obj.value}{tint}"
    if isinstance(obj, Serialisable):
        names = (*obj.__attrs__, *obj.__elements__, *getattr(obj, "__nested__", ()))
        fields = ((n, _plain(getattr(obj, n, None))) for n in dict.fromkeys(names) if n not in skip)
        return (type(obj).__name__, *((n, v) for n, v in fields if v not in (None, (), "")))
    if isinstance(obj, (list, tuple)):
        return tuple(_plain(x) for x in obj)
    if (
        hasattr(obj, "text") and hasattr(obj, "font") and hasattr(obj, "size")
    ):  # a _HeaderFooterPart
        return (obj.text, obj.font, obj.size, obj.color)
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    return str(obj)


def compare(committed: Fingerprint, fresh: Fingerprint) -> list[str]:
    """What differs between the workbook *committed* and the workbook *fresh* (both
    :func:`fingerprint`), one line per difference, sheet by sheet in *fresh*'s order, cell by
    cell in row order; empty when they are the same."""
    diffs: list[str] = []
    order = {f"sheet {title}": i for i, (title, _) in enumerate(fresh.get("sheets", []))}
    for key in sorted(set(committed) | set(fresh), key=lambda key: (order.get(key, -1), key)):
        old, new = committed.get(key), fresh.get(key)
        if old == new:
            continue
        if old is None or new is None:
            diffs.append(f"{key}: {'only in the code' if old is None else 'only committed'}")
            continue
        if key.startswith("sheet ") and isinstance(old, dict) and isinstance(new, dict):
            old_default = committed.get("default style") or {}
            new_default = fresh.get("default style") or {}
            for part in new:
                if old.get(part) == new.get(part):
                    continue
                if part == "cells":
                    diffs += [
                        f"{key}, cell {ref}: committed {a!r}, generated {b!r}"
                        for ref, a, b in _cell_diffs(old[part], new[part])
                    ]
                elif part == "styles":
                    diffs += [
                        f"{key}, cell {ref}, {aspect}: committed {a!r}, generated {b!r}"
                        for ref, aspect, a, b in _style_diffs(
                            old[part], new[part], old_default, new_default
                        )
                    ]
                else:
                    diffs.append(
                        f"{key}, {part}: committed {old.get(part)!r}, generated {new.get(part)!r}"
                    )
        else:
            diffs.append(f"{key}: committed {old!r}, generated {new!r}")
    return diffs


def _style_diffs(
    old: dict[str, dict[str, Any]],
    new: dict[str, dict[str, Any]],
    old_default: dict[str, Any],
    new_default: dict[str, Any],
) -> Iterable[tuple[str, str, Any, Any]]:
    for ref, a, b in _cell_diffs(old, new):
        a = a or old_default
        b = b or new_default
        for aspect in _STYLE_PARTS:
            if a.get(aspect) != b.get(aspect):
                yield ref, aspect, a.get(aspect), b.get(aspect)


def _cell_diffs(old: dict[str, Any], new: dict[str, Any]) -> Iterable[tuple[str, Any, Any]]:
    for ref in sorted(set(old) | set(new), key=_cell_key):
        if old.get(ref) != new.get(ref):
            yield ref, old.get(ref), new.get(ref)


def _cell_key(ref: str) -> tuple[int, int]:
    from openpyxl.utils.cell import column_index_from_string, coordinate_from_string

    letters, row = coordinate_from_string(ref)
    return row, column_index_from_string(letters)
