"""A workbook's formulas in the form Excel itself stores for xlwings Lite functions.

Excel stores a call of an Office.js custom function as ``_xldudf_`` and its id
(``_xldudf_RP_FIDE(C5:C13,D5)``) in a dynamic-array formula (``<c cm="1">``, the ``XLDAPR``
properties of ``xl/metadata.xml``, ``<f t="array" ref="...">``), and binds a stored call to
a loaded function only in that form (``docs/lite.md``). :func:`lite_parts` rewrites a
package's worksheets into it; :func:`typed_blanks` types the blank values stored beside
formulas as text, as Excel does. Both edit the XML text in place, keeping every other byte.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from xml.sax.saxutils import escape, unescape

__all__ = [
    "PREFIX",
    "LiteFormError",
    "lite_parts",
    "quoted_end",
    "stored_text",
    "to_lite",
    "typed_blanks",
]

PREFIX = "_xldudf_"
"""What Excel writes before an Office.js custom function's id in a stored formula."""

_QUOTES = {"&quot;": '"', "&apos;": "'"}
_FORMULA_CELL = re.compile(r"<c\b(?P<attrs>[^>]*?)>(?P<body><f\b.*?)</c>", re.S)
"""A cell whose content starts with a formula, its attributes and its content."""
_FORMULA = re.compile(r"<f\b(?P<attrs>[^>]*?)(?:/>|>(?P<text>.*?)</f>)", re.S)
_IDENT = re.compile(r"[A-Za-z_\\][A-Za-z0-9_.]*")
_SHEET = re.compile(r"xl/worksheets/[^/]+\.xml$")

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_XDA = "http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray"
_CT_METADATA = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"
_REL_METADATA = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata"
_DYNAMIC_URI = "{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"
_DYNAMIC_TYPE = (
    '<metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" '
    'pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" '
    'clearComments="1" assign="1" coerce="1" cellMeta="1"/>'
)
_DYNAMIC_PROPERTIES = (
    f'<bk><extLst><ext uri="{_DYNAMIC_URI}"><xda:dynamicArrayProperties fDynamic="1" '
    f'fCollapsed="0"/></ext></extLst></bk>'
)
_NEW_METADATA = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    f'<metadata xmlns="{_MAIN}" xmlns:xda="{_XDA}">'
    f'<metadataTypes count="1">{_DYNAMIC_TYPE}</metadataTypes>'
    f'<futureMetadata name="XLDAPR" count="1">{_DYNAMIC_PROPERTIES}</futureMetadata>'
    '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>'
)


class LiteFormError(ValueError):
    """The workbook cannot be put in the Lite form (a part this module does not edit)."""


def to_lite(formula: str, names: Iterable[str], prefix: str = PREFIX) -> str:
    """*formula* (as stored, without ``=``) with every call of a function of *names* (any
    case) written *prefix* and the name; quoted text and names already prefixed left alone."""
    wanted = {n.upper() for n in names}
    out: list[str] = []
    i, n = 0, len(formula)
    while i < n:
        ch = formula[i]
        if ch in "\"'":  # a string literal or a quoted sheet name
            j = quoted_end(formula, i)
            out.append(formula[i:j])
            i = j
            continue
        match = _IDENT.match(formula, i) if not (i and formula[i - 1].isalnum()) else None
        if match is None:
            out.append(ch)
            i += 1
            continue
        word = match.group()
        rest = formula[match.end() :].lstrip(" ")
        if word.upper() in wanted and rest.startswith("(") and (not i or formula[i - 1] != "!"):
            out.append(prefix + word.upper())
        else:
            out.append(word)
        i = match.end()
    return "".join(out)


def quoted_end(text: str, i: int) -> int:
    """The index after the quoted text (``"..."`` or ``'...'``) of a formula starting at *i*."""
    quote = text[i]
    j = i + 1
    while j < len(text):
        if text[j] == quote:
            if j + 1 < len(text) and text[j + 1] == quote:
                j += 2
                continue
            return j + 1
        j += 1
    return j


def _attr(attrs: str, name: str) -> str | None:
    found = re.search(rf'\s{name}="([^"]*)"', attrs)
    return None if found is None else found.group(1)


def _set_attr(attrs: str, name: str, value: str) -> str:
    if _attr(attrs, name) is None:
        return f'{attrs} {name}="{value}"'
    return re.sub(rf'(\s{name}=")[^"]*(")', rf"\g<1>{value}\g<2>", attrs, count=1)


def stored_text(data: str) -> str:
    """A formula's text as a worksheet part stores it, its XML entities read."""
    return unescape(data, _QUOTES)


def _sheet(xml: str, names: frozenset[str], dynamic: int) -> tuple[str, int]:
    """A worksheet's XML with its calls in the Lite form; and how many cells changed."""
    changed = 0
    named = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))

    def cell(match: re.Match[str]) -> str:
        nonlocal changed
        body = match.group("body")
        if not named.search(body.upper()) and "&#" not in body:
            return match.group(0)  # no name of ours (the text escaped by entities only)
        formula = _FORMULA.search(body)
        if formula is None or formula.group("text") is None:
            return match.group(0)  # a shared formula's follower: its master is rewritten
        text = stored_text(formula.group("text"))
        lite = to_lite(text, names)
        if lite == text:
            return match.group(0)
        changed += 1
        attrs = match.group("attrs")
        f_attrs = formula.group("attrs")
        kind = _attr(f_attrs, "t")
        if kind is None or kind == "normal":
            f_attrs = re.sub(r'\s(?:t|ref)="[^"]*"', "", f_attrs)
            f_attrs = f' t="array" ref="{_attr(attrs, "r")}"{f_attrs}'
        if kind != "shared":
            attrs = _set_attr(attrs, "cm", str(dynamic))
        new_f = f"<f{f_attrs}>{escape(lite)}</f>"
        body = body[: formula.start()] + new_f + body[formula.end() :]
        return f"<c{attrs}>{body}</c>"

    return _FORMULA_CELL.sub(cell, xml), changed


def _types(parts: Mapping[str, bytes]) -> str:
    return parts["[Content_Types].xml"].decode("utf-8")


def _metadata_part(parts: Mapping[str, bytes]) -> str | None:
    kind = rf'(?=[^>]*ContentType="{re.escape(_CT_METADATA)}")'  # before or after the name
    found = re.search(rf'<Override\b{kind}[^>]*PartName="/([^"]+)"', _types(parts))
    return None if found is None else found.group(1)


def _dynamic_index(xml: str, where: str) -> int | None:
    """The 1-based ``cellMetadata`` entry of a metadata part marking a dynamic array, if any."""
    types = re.findall(r"<metadataType\b[^>]*\bname=\"([^\"]+)\"", xml)
    if "XLDAPR" not in types:
        return None
    type_index = types.index("XLDAPR") + 1
    future = re.search(
        r'<futureMetadata\b[^>]*name="XLDAPR"[^>]*>(.*?)</futureMetadata>', xml, re.S
    )
    if future is None:
        raise LiteFormError(f"{where}: XLDAPR declared without its properties")
    blocks = re.findall(r"<bk>(.*?)</bk>", future.group(1), re.S)
    dynamic = [k for k, b in enumerate(blocks) if 'fDynamic="1"' in b]
    cells = re.search(r"<cellMetadata\b[^>]*>(.*?)</cellMetadata>", xml, re.S)
    if not dynamic or cells is None:
        return None
    for k, block in enumerate(re.findall(r"<bk>(.*?)</bk>", cells.group(1), re.S), start=1):
        rc = re.search(r'<rc t="(\d+)" v="(\d+)"/>', block)
        if rc and int(rc.group(1)) == type_index and int(rc.group(2)) in dynamic:
            return k
    return None


def _dynamic_metadata(parts: MutableMapping[str, bytes]) -> tuple[int, list[str]]:
    """The ``cm`` index of a dynamic-array formula in *parts* (the metadata part added where
    there is none), and the parts added."""
    name = _metadata_part(parts)
    if name is not None:
        index = _dynamic_index(parts[name].decode("utf-8"), name)
        if index is None:
            raise LiteFormError(
                f"{name}: the workbook's cell metadata has no dynamic-array entry; open it in "
                "Excel, enter any dynamic-array formula, save, and run this again"
            )
        return index, []
    name = "xl/metadata.xml"
    parts[name] = _NEW_METADATA.encode("utf-8")
    types = _types(parts).replace(
        "</Types>", f'<Override PartName="/{name}" ContentType="{_CT_METADATA}"/></Types>'
    )
    parts["[Content_Types].xml"] = types.encode("utf-8")
    rels_name = "xl/_rels/workbook.xml.rels"
    rels = parts[rels_name].decode("utf-8")
    used = {int(n) for n in re.findall(r'Id="rId(\d+)"', rels)}
    rel_id = next(i for i in range(1, len(used) + 2) if i not in used)
    rels = rels.replace(
        "</Relationships>",
        f'<Relationship Id="rId{rel_id}" Type="{_REL_METADATA}" Target="metadata.xml"/>'
        "</Relationships>",
    )
    parts[rels_name] = rels.encode("utf-8")
    return 1, [name]


def lite_parts(parts: MutableMapping[str, bytes], names: Iterable[str]) -> tuple[int, list[str]]:
    """Rewrite the worksheets of *parts* (part name -> bytes) so that every formula calling a
    function of *names* is in the Lite form; returns how many cells changed and the parts
    added."""
    wanted = frozenset(n.upper() for n in names)
    sheets = [n for n in parts if _SHEET.match(n) and _mentions(parts[n], wanted)]
    if not sheets:
        return 0, []
    dynamic, added = _dynamic_metadata(parts)
    total = 0
    for name in sheets:
        pieces: list[bytes] = []
        for piece in _pieces(parts[name]):
            if b"&#" in piece or _holds(piece.upper(), wanted):
                xml, changed = _sheet(piece.decode("utf-8"), wanted, dynamic)
                if changed:
                    piece = xml.encode("utf-8")
                    total += changed
            pieces.append(piece)  # else no cell of it calls a function of *wanted*
        parts[name] = b"".join(pieces)
    return total, added


_PIECE = 1 << 20
"""About how many bytes of a worksheet :func:`lite_parts` looks at in one go."""


def _pieces(xml: bytes) -> Iterator[bytes]:
    """*xml* cut into pieces of about :data:`_PIECE` bytes, each but the first starting at a
    ``<row``: no cell spans two, and a piece holding none of the names is passed over whole."""
    start = 0
    while start < len(xml):
        end = xml.find(b"<row", start + _PIECE)
        if end < 0:
            end = len(xml)
        yield xml[start:end]
        start = end


def _holds(upper: bytes, names: frozenset[str]) -> bool:
    """Whether the bytes *upper* hold one of *names* (those with ``_`` only where one is)."""
    if any(n.encode("utf-8") in upper for n in names if "_" not in n):
        return True
    return b"_" in upper and any(n.encode("utf-8") in upper for n in names if "_" in n)


def _mentions(data: bytes, names: frozenset[str]) -> bool:
    """Whether worksheet XML *data*, in upper case, holds ``<F`` and one of *names*."""
    upper = data.upper()  # the ASCII letters only: the same on them as str.upper()
    if b"<F" in upper and _holds(upper, names):
        return True
    if data.isascii() and all(n.isascii() for n in names):
        return False  # str.upper() would change nothing more
    text = data.decode("utf-8", "replace").upper()
    return "<F" in text and any(n in text for n in names)


_BLANK = re.compile(r"<c\b(?P<attrs>[^>/]*(?:/(?!>)[^>/]*)*)>(?P<f><f\b[^>]*>[^<]*</f>)<v></v></c>")


def typed_blanks(parts: MutableMapping[str, bytes]) -> int:
    """Type as text (``t="str"``, as Excel does) every formula cell of *parts*' worksheets
    whose stored value is empty and untyped (which Excel reads as no value); returns how
    many."""
    total = 0
    for name in [n for n in parts if _SHEET.match(n)]:
        data = parts[name]
        out: list[bytes] = []
        done = count = 0
        for start, stop, cell in _blank_cells(data):
            attrs = cell.group("attrs")
            if _attr(attrs, "t") is not None:
                continue
            count += 1
            typed = f'<c{attrs} t="str">{cell.group("f")}<v></v></c>'
            out += (data[done:start], typed.encode("utf-8"))
            done = stop
        if count:
            out.append(data[done:])
            parts[name] = b"".join(out)
            total += count
    return total


_BLANK_END = b"</f><v></v></c>"
"""How every cell :data:`_BLANK` matches ends."""


def _blank_cells(data: bytes) -> Iterator[tuple[int, int, re.Match[str]]]:
    """The cells of worksheet XML *data* that :data:`_BLANK` matches, each with where it
    starts and ends: found from their rare end (:data:`_BLANK_END`), a match starting at the
    second ``<`` before it (neither the formula nor the attributes hold one)."""
    at = data.find(_BLANK_END)
    while at >= 0:
        stop = at + len(_BLANK_END)
        start = data.rfind(b"<", 0, data.rfind(b"<", 0, at))
        if start >= 0:
            text = data[start:stop].decode("utf-8")
            match = _BLANK.match(text)
            if match is not None and match.end() == len(text):
                yield start, stop, match
        at = data.find(_BLANK_END, stop)
