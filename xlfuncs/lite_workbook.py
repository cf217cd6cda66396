"""The xlwings Lite code inside a workbook: read it, write it.

xlwings Lite keeps ``main.py`` and ``requirements.txt`` as its Office add-in settings: an
``xl/webextensions/webextensionN.xml`` part naming the add-in, one ``<we:property>`` per
setting (its value as JSON), and a task pane part referring to it (``docs/excel-setup.md``,
"Where Lite keeps the code"). :func:`write_settings` changes only those parts and the
package lists naming them, and replaces the file in one step.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
import re
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from io import BytesIO
from itertools import count
from pathlib import Path
from typing import Any, TypeVar
from xml.sax.saxutils import escape

from .lite_form import PREFIX, LiteFormError, lite_parts
from .text_output import JsonValue

__all__ = [
    "LITE_ADDIN",
    "WorkbookError",
    "main_into",
    "read_bundle",
    "read_settings",
    "rewrite_parts",
    "summary",
    "store_settings",
    "write_settings",
]

LITE_ADDIN = "wa200008175"
"""The Office Store id of the xlwings Lite add-in (compared in any case)."""

BUNDLE_FILES = ("main.py", "requirements.txt")
"""The settings that hold the Lite code, named as the files in the Lite editor."""

STORE = "en-US"
"""The store market written in a new reference (any works)."""

PART_ID = "{5B0F0C2E-61A4-4B8A-9C3E-7A1D2F0E4C58}"
"""The id of the add-in instance in a new webextension part: a fixed GUID, so that the
templates are the same from run to run."""

_WE = "http://schemas.microsoft.com/office/webextensions/webextension/2010/11"
_WETP = "http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11"
_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_PKG_RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
_TYPES = "http://schemas.openxmlformats.org/package/2006/content-types"
_REL_TASKPANES = "http://schemas.microsoft.com/office/2011/relationships/webextensiontaskpanes"
_REL_WEBEXTENSION = "http://schemas.microsoft.com/office/2011/relationships/webextension"
_CT_WEBEXTENSION = "application/vnd.ms-office.webextension+xml"
_CT_TASKPANES = "application/vnd.ms-office.webextensiontaskpanes+xml"
_CONTAINS_CUSTOM_FUNCTIONS = "{D87F86FE-615C-45B5-9D79-34F1136793EB}"
_CUSTOM_FUNCTION_IDS = "{7C84B067-C214-45C3-A712-C9D94CD141B2}"
_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


class WorkbookError(ValueError):
    """The file is not an Excel workbook (an Open XML package) that can hold the code."""


# ------------------------------------------------------------------------- the setting


def _encode(value: Any) -> str:
    """A setting's value as Office stores it: JSON, with ``/`` written ``\\/``."""
    return json.dumps(value, ensure_ascii=False).replace("/", "\\/")


def _attribute(value: str) -> str:
    return escape(value, {'"': "&quot;"})


# ------------------------------------------------------------------- the package parts


def _load(path: Path) -> tuple[list[tuple[zipfile.ZipInfo, bytes]], bytes]:
    """Every part of the workbook at *path* in its order, and the zip comment."""
    try:
        with zipfile.ZipFile(path) as book:
            parts = [(info, book.read(info)) for info in book.infolist()]
            comment = book.comment
    except (zipfile.BadZipFile, EOFError) as exc:
        raise WorkbookError(f"{path}: not an Excel workbook (.xlsx or .xlsm): {exc}") from None
    names = {info.filename for info, _ in parts}
    if "[Content_Types].xml" not in names or "_rels/.rels" not in names:
        raise WorkbookError(f"{path}: not an Excel workbook (.xlsx or .xlsm): no package parts")
    return parts, comment


_T = TypeVar("_T")


def rewrite_parts(
    path: Path, rewrite: Callable[[dict[str, bytes]], _T], *, atomically: bool = False
) -> _T:
    """Rewrite the workbook at *path*: *rewrite* changes its parts (part name -> bytes) in
    place, adding but not removing any, and its answer is returned. Every part is written
    back as it was stored, then the parts added (dated as ``[Content_Types].xml``); with
    *atomically* through a temporary file renamed over it. :class:`WorkbookError` before
    the file is touched for a file that is no workbook or a rewrite that fails."""
    from .output import write_atomically

    loaded, comment = _load(path)
    parts = {info.filename: data for info, data in loaded}
    try:
        done = rewrite(parts)
    except LiteFormError as exc:
        raise WorkbookError(f"{path}: {exc}") from None
    known = {info.filename for info, _ in loaded}
    removed = sorted(known - parts.keys())
    if removed:
        raise WorkbookError(f"{path}: parts removed, which a rewrite may not: {removed}")
    stamp = next(info.date_time for info, _ in loaded if info.filename == "[Content_Types].xml")

    def write(target: Path) -> None:
        with zipfile.ZipFile(target, "w") as out:
            for info, _ in loaded:
                copy = zipfile.ZipInfo(info.filename, info.date_time)
                copy.compress_type = info.compress_type
                copy.external_attr = info.external_attr
                copy.comment = info.comment
                out.writestr(copy, parts[info.filename])
            for name in (n for n in parts if n not in known):
                new = zipfile.ZipInfo(name, stamp)
                new.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(new, parts[name])
            out.comment = comment

    if atomically:
        write_atomically(path, write)
    else:
        write(path)
    return done


def _xml(data: bytes, where: str) -> ET.Element:
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:
        raise WorkbookError(f"{where}: not well-formed XML: {exc}") from None


def _webextension_parts(parts: Mapping[str, bytes]) -> list[str]:
    """The names of the webextension parts, as ``[Content_Types].xml`` lists them."""
    types = _xml(parts["[Content_Types].xml"], "[Content_Types].xml")
    return [
        str(o.get("PartName", "")).lstrip("/")
        for o in types.iter(f"{{{_TYPES}}}Override")
        if o.get("ContentType") == _CT_WEBEXTENSION
        and str(o.get("PartName", "")).lstrip("/") in parts
    ]


def _lite_parts(parts: Mapping[str, bytes]) -> Iterator[tuple[str, ET.Element]]:
    for name in _webextension_parts(parts):
        extension = _xml(parts[name], name)
        references = extension.iter(f"{{{_WE}}}reference")
        if any(str(ref.get("id", "")).lower() == LITE_ADDIN for ref in references):
            yield name, extension


def _properties(extension: ET.Element) -> dict[str, JsonValue]:
    out: dict[str, JsonValue] = {}
    for prop in extension.iter(f"{{{_WE}}}property"):
        name, value = prop.get("name"), prop.get("value")
        if name is None or value is None:
            continue
        try:
            out[name] = json.loads(value)
        except json.JSONDecodeError:
            out[name] = value
    return out


def read_settings(path: str | os.PathLike[str]) -> dict[str, JsonValue]:
    """The xlwings Lite add-in's settings stored in the workbook at *path*, decoded (empty
    when there are none); :class:`WorkbookError` for a file that is no workbook."""
    parts, _ = _load(Path(path))
    found: dict[str, JsonValue] = {}
    for _, extension in _lite_parts(dict((i.filename, d) for i, d in parts)):
        found.update(_properties(extension))
    return found


def read_bundle(path: str | os.PathLike[str]) -> dict[str, str]:
    """The files of :data:`BUNDLE_FILES` stored in the workbook at *path*, by name."""
    settings = read_settings(path)
    return {n: text for n in BUNDLE_FILES if isinstance(text := settings.get(n), str)}


def summary(path: str | os.PathLike[str]) -> dict[str, str]:
    """Each Lite setting of a workbook by its length and SHA-256, for comparing workbooks."""
    out = {}
    for name, value in sorted(read_settings(path).items()):
        text = value if isinstance(value, str) else json.dumps(value)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        out[name] = f"{len(text)} characters, sha256 {digest}"
    return out


# ------------------------------------------------------------------------------ writing


def _id_list(functions: Sequence[str]) -> str:
    """The ``customFunctionIdList`` element, as Excel writes it (sorted)."""
    ids = "".join(
        f"<we:customFunctionIds>{PREFIX}{escape(n.upper())}</we:customFunctionIds>"
        for n in sorted({n.upper() for n in functions})
    )
    if not ids:
        return "<we:customFunctionIdList/>"
    return f"<we:customFunctionIdList>{ids}</we:customFunctionIdList>"


def _extension_list(functions: Sequence[str]) -> str:
    contains = (
        '<we:containsCustomFunctions val="1"/>' if functions else "<we:containsCustomFunctions/>"
    )
    return (
        f'<we:extLst><a:ext xmlns:a="{_A}" uri="{_CONTAINS_CUSTOM_FUNCTIONS}">{contains}'
        f'</a:ext><a:ext xmlns:a="{_A}" uri="{_CUSTOM_FUNCTION_IDS}">{_id_list(functions)}'
        "</a:ext></we:extLst>"
    )


def _new_extension(settings: Mapping[str, str], functions: Sequence[str] = ()) -> bytes:
    properties = "".join(
        f'<we:property name="{_attribute(name)}" value="{_attribute(_encode(value))}"/>'
        for name, value in settings.items()
    )
    return (
        f'{_DECLARATION}<we:webextension xmlns:we="{_WE}" id="{PART_ID}">'
        f'<we:reference id="{LITE_ADDIN}" version="1.0.0.0" store="{STORE}" storeType="OMEX"/>'
        f'<we:alternateReferences><we:reference id="{LITE_ADDIN.upper()}" version="1.0.0.0" '
        f'store="{LITE_ADDIN.upper()}" storeType="OMEX"/></we:alternateReferences>'
        f"<we:properties>{properties}</we:properties><we:bindings/>"
        f'<we:snapshot xmlns:r="{_R}"/>{_extension_list(functions)}</we:webextension>'
    ).encode()


def _updated_extension(
    data: bytes,
    extension: ET.Element,
    settings: Mapping[str, str],
    functions: Sequence[str] | None = None,
) -> bytes:
    """The webextension part *data* with *settings* set (others kept), its namespace
    prefixes as they were; with *functions*, its custom function list replaced by them."""
    for _, (prefix, uri) in ET.iterparse(BytesIO(data), events=("start-ns",)):
        if prefix and not re.fullmatch(r"ns\d+", prefix):
            ET.register_namespace(prefix, uri)
    container = extension.find(f"{{{_WE}}}properties")
    if container is None:
        container = ET.Element(f"{{{_WE}}}properties")
        first = (f"{{{_WE}}}reference", f"{{{_WE}}}alternateReferences")  # come first
        extension.insert(sum(c.tag in first for c in extension), container)
    existing = {p.get("name"): p for p in container.iter(f"{{{_WE}}}property")}
    for name, value in settings.items():
        prop = existing.get(name)
        if prop is None:
            prop = ET.SubElement(container, f"{{{_WE}}}property", {"name": name})
        prop.set("value", _encode(value))
    if functions is not None:
        old = extension.find(f"{{{_WE}}}extLst")
        if old is not None:
            extension.remove(old)
        ext = _extension_list(functions).replace("<we:extLst>", f'<we:extLst xmlns:we="{_WE}">', 1)
        extension.append(ET.fromstring(ext))
    return (_DECLARATION + ET.tostring(extension, encoding="unicode")).encode("utf-8")


def _append(data: bytes, root: str, fragment: str, where: str, declaration: str) -> bytes:
    """*fragment*, which declares its namespace itself (*declaration*, dropped where the root
    makes it already), added as the last child of the root element *root* of *data*."""
    text = data.decode("utf-8")
    start = re.search(rf"<(?:[\w.-]+:)?{root}\b([^>]*)>", text)
    if start is not None and declaration in start.group(1):
        fragment = fragment.replace(declaration, "")
    closing = re.search(rf"</(?:[\w.-]+:)?{root}>\s*$", text)
    if closing is not None:
        return (text[: closing.start()] + fragment + text[closing.start() :]).encode("utf-8")
    empty = re.search(rf"<((?:[\w.-]+:)?{root})\b([^>]*?)/>\s*$", text)
    if empty is None:
        raise WorkbookError(f"{where}: no <{root}> root element")
    opened = f"<{empty.group(1)}{empty.group(2)}>{fragment}</{empty.group(1)}>"
    return (text[: empty.start()] + opened + text[empty.end() :]).encode("utf-8")


def _relationships(data: bytes, where: str) -> list[ET.Element]:
    return list(_xml(data, where).iter(f"{{{_PKG_RELS}}}Relationship"))


def _free_id(relationships: list[ET.Element]) -> str:
    used = {r.get("Id") for r in relationships}
    return next(f"rId{n}" for n in count(1) if f"rId{n}" not in used)


_IN_RELS = f' xmlns="{_PKG_RELS}"'
_IN_TYPES = f' xmlns="{_TYPES}"'
_IN_TASKPANES = f' xmlns:wetp="{_WETP}"'


def _relationship(rel_id: str, kind: str, target: str) -> str:
    return f'<Relationship{_IN_RELS} Id="{rel_id}" Type="{kind}" Target="{_attribute(target)}"/>'


def _override(part: str, content_type: str) -> str:
    return f'<Override{_IN_TYPES} PartName="/{part}" ContentType="{content_type}"/>'


def _rels_name(part: str) -> str:
    folder, name = posixpath.split(part)
    return posixpath.join(folder, "_rels", f"{name}.rels")


def _target(source_part: str, target: str) -> str:
    """A relationship's target as a part name (relative to the source's folder)."""
    if target.startswith("/"):
        return target.lstrip("/")
    return posixpath.normpath(posixpath.join(posixpath.dirname(source_part), target))


def _add_lite_part(
    parts: dict[str, bytes], settings: Mapping[str, str], functions: Sequence[str] = ()
) -> list[str]:
    """Add a new xlwings Lite webextension part and its task pane; returns the parts added."""
    names = (f"xl/webextensions/webextension{n}.xml" for n in count(1))
    extension = next(name for name in names if name not in parts)
    parts[extension] = _new_extension(settings, functions)
    added = [extension]
    types = [_override(extension, _CT_WEBEXTENSION)]

    root_rels = _relationships(parts["_rels/.rels"], "_rels/.rels")
    pane_rels = [r for r in root_rels if r.get("Type") == _REL_TASKPANES]
    taskpanes = (
        _target("", str(pane_rels[0].get("Target", "")))
        if pane_rels
        else "xl/webextensions/taskpanes.xml"
    )
    links = _rels_name(taskpanes)
    if links in parts:
        link_id = _free_id(_relationships(parts[links], links))
    else:
        link_id = "rId1"
        parts[links] = f"{_DECLARATION}<Relationships{_IN_RELS}/>".encode()
        added.append(links)
    target = posixpath.relpath(extension, posixpath.dirname(taskpanes))
    parts[links] = _append(
        parts[links],
        "Relationships",
        _relationship(link_id, _REL_WEBEXTENSION, target),
        links,
        _IN_RELS,
    )
    row = (
        len(list(_xml(parts[taskpanes], taskpanes).iter(f"{{{_WETP}}}taskpane")))
        if taskpanes in parts
        else 0
    )
    pane = (
        f'<wetp:taskpane{_IN_TASKPANES} dockstate="right" visibility="1" width="350" '
        f'row="{row}"><wetp:webextensionref xmlns:r="{_R}" r:id="{link_id}"/></wetp:taskpane>'
    )
    if taskpanes not in parts:
        parts[taskpanes] = f"{_DECLARATION}<wetp:taskpanes{_IN_TASKPANES}/>".encode()
        added.append(taskpanes)
        types.append(_override(taskpanes, _CT_TASKPANES))
    parts[taskpanes] = _append(parts[taskpanes], "taskpanes", pane, taskpanes, _IN_TASKPANES)
    if not pane_rels:
        parts["_rels/.rels"] = _append(
            parts["_rels/.rels"],
            "Relationships",
            _relationship(_free_id(root_rels), _REL_TASKPANES, taskpanes),
            "_rels/.rels",
            _IN_RELS,
        )
    parts["[Content_Types].xml"] = _append(
        parts["[Content_Types].xml"], "Types", "".join(types), "[Content_Types].xml", _IN_TYPES
    )
    return added


def write_settings(
    path: str | os.PathLike[str],
    settings: Mapping[str, str],
    *,
    functions: Sequence[str] | None = None,
) -> None:
    """:func:`store_settings` in the workbook at *path*, replaced in one step."""

    def store(parts: dict[str, bytes]) -> list[str]:
        return store_settings(parts, settings, functions=functions)

    rewrite_parts(Path(path), store, atomically=True)


def store_settings(
    parts: dict[str, bytes],
    settings: Mapping[str, str],
    *,
    functions: Sequence[str] | None = None,
) -> list[str]:
    """Store *settings* (name -> text) as xlwings Lite add-in settings in *parts* (others
    kept; a workbook without the add-in gets it, its task pane shown on opening); returns
    the parts added. With *functions* (the bundle's Excel names), the formulas calling them
    are put in the form Excel binds (:mod:`xlfuncs.lite_form`) and the add-in lists them."""
    added: list[str] = []
    if functions is not None:
        added += lite_parts(parts, functions)[1]
    lite = list(_lite_parts(parts))
    for name, extension in lite:
        parts[name] = _updated_extension(parts[name], extension, settings, functions)
    if not lite:
        added += _add_lite_part(parts, settings, functions or ())
    return added


def main_into(book: str | os.PathLike[str]) -> Path:
    """The ``xlfuncs lite --into BOOK`` command: store this package's Lite code in *book*,
    its formulas in the form Excel binds."""
    from .lite import bundle_files, function_names

    write_settings(book, bundle_files(), functions=function_names())
    return Path(book)
