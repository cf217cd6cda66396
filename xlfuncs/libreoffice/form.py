"""A workbook's formulas in the form LibreOffice Calc binds to the add-in's functions: the
service's name and the method's (``ORG.XLFUNCS.CALC.FUNCTIONS.RP_FIDE(C5:C13,D5)``), which
every release binds, where a plain name needs one that reads compatibility names
(``docs/libreoffice.md``). :func:`calc_parts` rewrites a workbook's worksheets into it,
keeping every other byte.
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
    """*formula* (as stored, without ``=``) with every call of a function of *names* (each
    with whether each argument takes a range) written with Calc's name; an argument that is
    one cell, or a defined name for a one-cell argument, given as ``IF(ISBLANK(x),"",x)``
    (Calc passes a blank single cell as 0).

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
    """The arguments of the call opened just before *start*, and the index after its end."""
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
    """Rewrite the worksheets of *parts* by :func:`to_calc`; returns how many formulas changed."""
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
    """The add-in's functions, each with whether each of its arguments takes a range."""
    from .functions import addin_functions

    return {f.name: tuple(a.takes_range for a in f.arguments) for f in addin_functions()}


def workbook_in_calc_form(path: Path, names: Mapping[str, Sequence[bool]] | None = None) -> int:
    """Rewrite the workbook *path* in Calc's form (:func:`calc_parts`), through a temporary
    file renamed over it; returns how many formulas changed."""
    from ..lite_workbook import rewrite_parts

    wanted = function_names() if names is None else names
    return rewrite_parts(path, lambda parts: calc_parts(parts, wanted), atomically=True)


def write_calc_templates(out_dir: Path) -> list[Path]:
    """Write every blank template into *out_dir* in Calc's form; returns the paths."""
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
