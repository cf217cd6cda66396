"""A workbook's formulas in the form LibreOffice Calc binds to the add-in's functions.

Calc stores a call of an add-in function by the add-in's own (programmatic) name, the
service's name and the method's: ``=RP_FIDE(C5:C13, D5)`` is
``ORG.XLFUNCS.CALC.FUNCTIONS.RP_FIDE(C5:C13,D5)``, in an ``.ods`` and in an Excel workbook
it writes. Every release binds that name when it reads a workbook; a plain name
(``RP_FIDE``) only the releases that read the add-in's compatibility names (not 7.4, Debian
12's), and ``_xldudf_`` names (the Lite form) none (``docs/libreoffice.md``).

:func:`calc_parts` rewrites the worksheets of a workbook written with plain names (the
classic form) into that form; every other byte of a part, the stored values included, is
kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from pathlib import Path
from xml.sax.saxutils import escape

from ..lite_form import quoted_end, stored_text, to_lite
from .runtime import IMPLEMENTATION

__all__ = [
    "CALC_PREFIX",
    "calc_parts",
    "function_names",
    "to_calc",
    "workbook_in_calc_form",
    "write_calc_templates",
]

CALC_PREFIX = IMPLEMENTATION.upper() + "."
"""What Calc writes before an add-in function's name in a stored formula."""

_SHEET = re.compile(r"xl/worksheets/[^/]+\.xml$")
_FORMULA = re.compile(r"(<f\b[^>]*>)([^<]*)(</f>)")


def to_calc(formula: str, names: Mapping[str, Sequence[bool]]) -> str:
    """*formula* (as stored, without ``=``) with every call of a function of *names* (any
    case; each with whether each argument takes a range) written with Calc's name for it;
    texts and quoted sheet names are left alone. An argument that is one cell (``D5``,
    ``$B$2``, ``Sheet!C3``) or, for an argument of one cell, a defined name (``Rules``), is
    given as ``IF(ISBLANK(x),"",x)``: Calc passes a blank single cell to an add-in as 0, and
    ``""`` arrives blank, as xlwings gives it.

    >>> to_calc('IFERROR(rp_fide(A1:A3,2400),"RP_FIDE(")', {"RP_FIDE": (True, False)})
    'IFERROR(ORG.XLFUNCS.CALC.FUNCTIONS.RP_FIDE(A1:A3,2400),"RP_FIDE(")'
    >>> to_calc("K_FOR_GAMES(K5,Games)+1", {"K_FOR_GAMES": (False, False)})
    'ORG.XLFUNCS.CALC.FUNCTIONS.K_FOR_GAMES(IF(ISBLANK(K5),"",K5),IF(ISBLANK(Games),"",Games))+1'
    """
    ranges = {n.upper(): tuple(r) for n, r in names.items()}
    return _blanks_kept(to_lite(formula, names, prefix=CALC_PREFIX), ranges)


_ONE_CELL = re.compile(r"^(?:(?:'(?:[^']|'')+'|[A-Za-z0-9_.]+)!)?\$?[A-Za-z]{1,3}\$?[0-9]+$")
_NAME = re.compile(r"^[A-Za-z_\\][A-Za-z0-9_.]*$")
_CALL = re.compile(re.escape(CALC_PREFIX) + r"([A-Z0-9_]+)\(")


def _arguments(text: str, start: int) -> tuple[list[str], int]:
    """The arguments of the call whose ``(`` is just before *start*, and the index after its
    ``)``."""
    args: list[str] = []
    depth = 0
    i = begin = start
    while i < len(text):
        ch = text[i]
        if ch in "\"'":
            i = quoted_end(text, i)
            continue
        if ch in "({":
            depth += 1
        elif ch in ")}":
            if depth == 0:
                args.append(text[begin:i])
                return args, i + 1
            depth -= 1
        elif ch == "," and depth == 0:
            args.append(text[begin:i])
            begin = i + 1
        i += 1
    args.append(text[begin:])
    return args, len(text)


def _blanks_kept(text: str, ranges: Mapping[str, tuple[bool, ...]]) -> str:
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "\"'":
            j = quoted_end(text, i)
            out.append(text[i:j])
            i = j
            continue
        call = _CALL.match(text, i)
        if call is None or call.group(1) not in ranges:
            out.append(ch)
            i += 1
            continue
        args, end = _arguments(text, call.end())
        takes_range = ranges[call.group(1)]
        kept = []
        for k, arg in enumerate(args):
            bare = arg.strip()
            one_cell = _ONE_CELL.match(bare) is not None
            named = _NAME.match(bare) is not None and bare.upper() not in ("TRUE", "FALSE")
            scalar = k < len(takes_range) and not takes_range[k]
            if one_cell or (named and scalar):
                kept.append(f'IF(ISBLANK({bare}),"",{bare})')
            else:
                kept.append(_blanks_kept(arg, ranges))
        out.append(call.group(0) + ",".join(kept) + ")")
        i = end
    return "".join(out)


def calc_parts(parts: MutableMapping[str, bytes], names: Mapping[str, Sequence[bool]]) -> int:
    """Rewrite the worksheets of the package *parts* (part name -> bytes) so that every call
    of a function of *names* (each with whether its arguments take a range) has Calc's name
    and passes a blank cell blank (:func:`to_calc`); returns how many formulas changed."""
    wanted = {n.upper(): tuple(r) for n, r in names.items()}
    total = 0

    def formula(match: re.Match[str]) -> str:
        nonlocal total
        text = stored_text(match.group(2))
        calc = to_calc(text, wanted)
        if calc == text:
            return match.group(0)
        total += 1
        return match.group(1) + escape(calc) + match.group(3)

    for name in [n for n in parts if _SHEET.match(n)]:
        xml = parts[name].decode("utf-8")
        parts[name] = _FORMULA.sub(formula, xml).encode("utf-8")
    return total


def function_names() -> dict[str, tuple[bool, ...]]:
    """The add-in's functions (every Excel function of :mod:`xlfuncs.udfs`), each with
    whether each of its arguments takes a range."""
    from .functions import addin_functions

    return {f.name: tuple(a.takes_range for a in f.arguments) for f in addin_functions()}


def workbook_in_calc_form(path: Path, names: Mapping[str, Sequence[bool]] | None = None) -> int:
    """Rewrite the workbook *path* (written with plain names) in Calc's form
    (:func:`calc_parts`; *names*: the functions, by default :func:`function_names`), every
    part kept in its order and compression, through a temporary file renamed over it;
    returns how many formulas changed."""
    from ..lite_workbook import rewrite_parts

    wanted = function_names() if names is None else names
    return rewrite_parts(path, lambda parts: calc_parts(parts, wanted), atomically=True)


def write_calc_templates(out_dir: Path) -> list[Path]:
    """Write every blank template (:data:`xlfuncs.templates.registry.TEMPLATES`) into
    *out_dir* in Calc's form, under its own name (``round_robin.xlsx`` ...); returns the
    paths written, each through a temporary file renamed over it
    (:func:`xlfuncs.output.write_atomically`)."""
    from ..output import write_atomically
    from ..templates.registry import TEMPLATES

    names = function_names()
    written = []
    for file_name, build in TEMPLATES.items():

        def write(temporary: Path, build: Callable[[Path], None] = build) -> None:
            build(temporary)
            workbook_in_calc_form(temporary, names)

        written.append(write_atomically(out_dir / file_name, write))
    return written
