"""The xlwings Lite bundle: one self-contained ``main.py`` (and a ``requirements.txt``)
generated from this package's own source (``xlfuncs lite``; how and why: ``docs/lite.md``).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import inspect
import os
import sys
import textwrap
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

from . import __version__
from .excel import functions as excel_functions

__all__ = [
    "ENTRY_MODULE",
    "ORIGIN_PREFIX",
    "PACKAGE",
    "REQUIREMENTS",
    "BundleError",
    "build_main_py",
    "bundle_files",
    "bundled_sources",
    "function_names",
    "main_lite",
]

PACKAGE = "xlfuncs"
ENTRY_MODULE = "xlfuncs.udfs"
"""The module whose Excel functions the bundle exposes."""

REQUIREMENTS = "xlwings>=0.36.7,<1.0.0\n"
"""The Lite ``requirements.txt`` (0.36.7 reads empty cells as ``None``, not ``JsNull``)."""

ORIGIN_PREFIX = "<xlfuncs lite bundle>/"
"""How an embedded module names its origin (``__spec__.origin``) instead of a file path."""

_RANGE_OPTIONS = {"ndim": 2, "err_to_str": True}
"""The options of an argument that takes a range, which the bundle takes raw (:data:`_CELLS`)."""
_ALLOWED_TOP_LEVEL = frozenset(sys.stdlib_module_names) | {"__future__", "xlwings"}


class BundleError(ValueError):
    """The package cannot be bundled as it stands (a non-stdlib import, a non-literal...)."""


# ----------------------------------------------------------------------------- sources


def _resource(name: str) -> tuple[Traversable, bool] | None:
    """The file of module *name* inside this package and whether it is a package."""
    parent: Traversable = files(PACKAGE)
    *folders, last = [PACKAGE, *name.split(".")[1:]]
    for part in folders[1:]:
        parent = parent / part
    node = parent / last if name != PACKAGE else parent
    if node.is_dir() and (node / "__init__.py").is_file():
        return node / "__init__.py", True
    if name != PACKAGE and (parent / f"{last}.py").is_file():
        return parent / f"{last}.py", False
    return None


def _resolve(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    if node.level > 1:
        parts = parts[: len(parts) - (node.level - 1)]
    if not parts:
        raise BundleError(f"{module}: relative import beyond the top-level package")
    return ".".join(parts + ([node.module] if node.module else []))


@functools.cache
def _imports(
    module: str, is_package: bool, source: str
) -> tuple[tuple[str, ...], BundleError | None]:
    """Every module name *source* imports, anywhere (``from a import b``: ``a`` and ``a.b``),
    up to the first relative import it cannot resolve, and that import's
    :class:`BundleError` (``None``: none)."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            try:
                base = _resolve(module, is_package, node)
            except BundleError as exc:
                return tuple(names), exc
            names.append(base)
            names.extend(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return tuple(names), None


def bundled_sources() -> dict[str, tuple[str, bool]]:
    """Module name -> (source text, is a package) for every module of this package that
    :data:`ENTRY_MODULE` needs, sorted by name; :class:`BundleError` if one imports anything
    but the standard library, xlwings and this package."""
    found: dict[str, tuple[str, bool]] = {}
    todo = [ENTRY_MODULE]
    while todo:
        name = todo.pop()
        if name in found:
            continue
        located = _resource(name)
        if located is None:
            raise BundleError(f"{name}: no such module in the installed {PACKAGE} package")
        path, is_package = located
        source = path.read_text(encoding="utf-8")
        found[name] = (source, is_package)
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))  # parent packages
        imports, problem = _imports(name, is_package, source)
        for imported in imports:
            top = imported.split(".")[0]
            if top == PACKAGE:
                if _resource(imported) is not None:
                    todo.append(imported)
            elif top not in _ALLOWED_TOP_LEVEL:
                raise BundleError(
                    f"{name} imports {imported!r}: xlwings Lite's main.py may "
                    "only use the standard library and xlwings"
                )
        if problem is not None:
            raise problem
    return dict(sorted(found.items()))


# ------------------------------------------------------------------- Excel function list


@dataclass
class _Export:
    name: str
    signature: inspect.Signature
    doc: str | None
    arguments: dict[str, Any]  # udfs' ExcelArgument (doc, options) of each parameter


def _exports() -> list[_Export]:
    """The Excel functions in their order, each with its arguments."""
    return [
        _Export(
            name,
            inspect.signature(getattr(excel_functions, name)),
            getattr(excel_functions, name).__doc__,
            dict(arguments),
        )
        for name, arguments in excel_functions.ARGUMENTS.items()
    ]


# ------------------------------------------------------------------------ rendering


def _literal(value: Any, where: str) -> str:
    """*value* as Python source, checked to read back equal."""
    text = repr(value)
    try:
        same = ast.literal_eval(text) == value and type(ast.literal_eval(text)) is type(value)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        same = False
    if not same:
        raise BundleError(f"{where}: {value!r} is not a literal and cannot be copied into main.py")
    return text


def _text_literal(text: str) -> str:
    """*text* as a readable triple-quoted literal (checked to read back equal)."""
    body = text.replace("\\", "\\\\").replace("'''", "\\'\\'\\'")
    if body.endswith("'"):
        body = body[:-1] + "\\'"
    literal = "'''" + body + "'''"
    if ast.literal_eval(literal) != text:  # pragma: no cover - a safety net
        return repr(text)
    return literal


def _raw(export: _Export, name: str) -> bool:
    """Whether the bundle takes argument *name* raw: a range (:data:`_RANGE_OPTIONS`) whose
    default, if any, is ``None`` (xlwings passes an omitted argument as the default
    unconverted, so only ``None`` reads the same either way)."""
    parameter = export.signature.parameters[name]
    return (
        dict(export.arguments[name].options) == _RANGE_OPTIONS
        and parameter.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD
        and (parameter.default is None or parameter.default is inspect.Parameter.empty)
    )


def _render_arg(export: _Export, name: str) -> str:
    """The ``@xw.arg`` of argument *name* (``"raw"`` for a range taken raw, :func:`_raw`)."""
    where = f"{export.name}: @xw.arg"
    argument = export.arguments[name]
    parts = [_literal(name, where)]
    options = {"doc": argument.doc}
    if _raw(export, name):
        parts.append(repr("raw"))
    else:
        options.update(argument.options)
    parts += [f"{k}={_literal(v, where)}" for k, v in options.items()]
    return f"@xw.arg({', '.join(parts)})"


def _render_function(export: _Export) -> str:
    params: list[str] = []
    call: list[str] = []
    for p in export.signature.parameters.values():
        if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD:
            default = (
                ""
                if p.default is inspect.Parameter.empty
                else "=" + _literal(p.default, f"{export.name}({p.name})")
            )
            params.append(p.name + default)
            call.append(f"_cells({p.name})" if _raw(export, p.name) else p.name)
        elif p.kind is inspect.Parameter.VAR_POSITIONAL:
            params.append(f"*{p.name}")
            call.append(f"*{p.name}")
        else:
            raise BundleError(
                f"{export.name}: xlwings functions take no keyword-only arguments ({p.name})"
            )
    category = _literal(excel_functions.CATEGORY, f"{export.name}: @xw.func")
    lines = [f"@xw.func(category={category})", "@xw.ret(_Answer)"]  # the answer written at once
    lines += [_render_arg(export, name) for name in export.arguments]
    lines.append(f"def {export.name}({', '.join(params)}):")
    if export.doc is not None:
        lines.append(f"    {_literal(export.doc, export.name)}")
    arguments = "".join(", " + c for c in call)
    lines.append(f"    return _answer({export.name!r}, _udfs.{export.name}{arguments})")
    return "\n".join(lines)


_IMPORTER = '''
class _XlfuncsBundle(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Serves the embedded xlfuncs modules to import, ahead of any installed copy."""

    xlfuncs_bundle = _BUNDLE_ID

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _SOURCES:
            return None
        package = fullname in _PACKAGES
        origin = _ORIGIN + fullname.replace(".", "/") + ("/__init__.py" if package else ".py")
        return importlib.util.spec_from_loader(fullname, self, origin=origin,
                                               is_package=package)

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        module.__xlfuncs_bundle__ = _BUNDLE_ID
        name = module.__spec__.name
        code = compile(_SOURCES[name], module.__spec__.origin, "exec", dont_inherit=True)
        exec(code, module.__dict__)

    def get_source(self, fullname):
        return _SOURCES[fullname]  # tracebacks show the embedded lines


def _install_xlfuncs():
    """Load the embedded package (or reuse it if this bundle is already loaded)."""
    if all(getattr(sys.modules.get(name), "__xlfuncs_bundle__", None) == _BUNDLE_ID
           for name in _SOURCES) and any(getattr(finder, "xlfuncs_bundle", None) == _BUNDLE_ID
                                         for finder in sys.meta_path):
        return sys.modules[_ENTRY]
    sys.meta_path[:] = [f for f in sys.meta_path if not hasattr(f, "xlfuncs_bundle")]
    for name in [n for n in sys.modules if n == _PACKAGE or n.startswith(_PACKAGE + ".")]:
        del sys.modules[name]
    sys.meta_path.insert(0, _XlfuncsBundle())
    importlib.invalidate_caches()
    for name in _SOURCES:
        importlib.import_module(name)
    return sys.modules[_ENTRY]


_udfs = _install_xlfuncs()
'''


_CELLS = '''

from itertools import chain

try:
    from pyodide.ffi import JsNull as _JsNull
except ImportError:  # outside Pyodide
    _JsNull = None

_PLAIN = frozenset({type(None), bool, int, float, str})


def _cell(value):
    """One cell as xlwings' value converter reads it (err_to_str=True): JsNull and "" are
    None; an Office.js error or data type (a dict) is its basic value ("#N/A")."""
    if _JsNull is not None and isinstance(value, _JsNull):
        return None
    if value == "":
        return None
    if isinstance(value, dict):
        return value["basicValue"]
    return value


def _rows(value):
    """A cell or a row made a list of rows, as xlwings' Ensure2DStage makes it."""
    if not isinstance(value, (list, tuple)):
        return [[value]]
    if value and not isinstance(value[0], (list, tuple)):
        return [value]
    return value


def _cells(value):
    """A range argument taken raw, read as xlwings' value converter reads it with ndim=2
    and err_to_str=True (_rows, then every cell by _cell), the usual range at once; None
    (an omitted argument) stays None."""
    if value is None:
        return None
    rows = _rows(value)
    cells = list(chain.from_iterable(rows))
    kinds = set(map(type, cells))
    if kinds <= _PLAIN and (str not in kinds or "" not in cells):  # the usual range
        return list(map(list, rows))  # every cell as it is
    return [[_cell(v) for v in row] for row in rows]
'''


_CALL = '''

import datetime as _dt

_memo = importlib.import_module(_PACKAGE + ".excel.memo")  # the embedded package's


_ANSWERS = _memo.Memo(32)
"""The last answers, by function, day and the values of the arguments."""


def _answer(name, function, *args):
    """function(*args), or the answer it gave before on the same day to arguments of the
    very same values (xlfuncs.excel.memo.value_key): a recalculation calls every function
    again, most with what they were given before."""
    with _memo.one_call():
        key = _memo.value_key(*args)
        if key is None:
            return function(*args)
        return _ANSWERS.get((name, _dt.date.today(), key), lambda: function(*args))
'''


_ANSWER = '''

_ANSWERED = frozenset({int, float, str, bool})


class _Answer(xw.conversion.Converter):
    """A function's answer as xlwings' value converter writes it for Office.js (_rows, then
    every cell by prepare_xl_data_element), the usual answer (numbers, booleans, text
    naming no error) at once."""

    base = xw.conversion.RawValueAccessor  # no per-cell conversion after this one

    @staticmethod
    def write_value(value, options):
        rows = _rows(value)
        cells = list(chain.from_iterable(rows))
        kinds = set(map(type, cells))
        if (
            kinds <= _ANSWERED
            and (str not in kinds or not any(c[:1] == "#" for c in cells if type(c) is str))
            and (float not in kinds or all(c == c for c in cells))  # NaN is not itself
        ):
            return [list(row) for row in rows]  # every cell as it is
        prepare = xw.engines["officejs"].impl.prepare_xl_data_element
        return [[prepare(c, options) for c in row] for row in rows]
'''


def build_main_py() -> str:
    """The text of the Lite ``main.py``: the embedded package, its importer and a wrapper
    per Excel function."""
    sources = bundled_sources()
    exports = _exports()  # udfs' functions (xlwings not imported for them)
    digest = hashlib.sha256()
    for name, (source, _) in sources.items():
        digest.update(name.encode() + b"\0" + source.encode("utf-8") + b"\0")
    bundle_id = f"{__version__}+{digest.hexdigest()[:16]}"
    names = textwrap.fill("Functions: " + ", ".join(e.name for e in exports) + ".", 88)

    out: list[str] = [
        '"""xlfuncs '
        + __version__
        + """ for xlwings Lite: FIDE rating maths as Excel functions.

Generated by `xlfuncs lite` from the xlfuncs package; do not edit: generate it again.
Paste this file as main.py and the requirements.txt beside it into the xlwings Lite
editor, then restart xlwings Lite.
"""
        + names
        + '''

The xlfuncs package is embedded below as source text (_SOURCES) and loaded under its own
names; each Excel function is a thin wrapper defined in this file, so Lite registers it as
=NAME(...). Needs only xlwings and the standard library. You may add your own functions
at the end of this file.
"""''',
        "",
        "import importlib",
        "import importlib.abc",
        "import importlib.util",
        "import sys",
        "",
        "import xlwings as xw",
        "",
        f"_XLFUNCS_VERSION = {__version__!r}",
        f"_BUNDLE_ID = {bundle_id!r}",
        f"_PACKAGE = {PACKAGE!r}",
        f"_ENTRY = {ENTRY_MODULE!r}",
        f"_ORIGIN = {ORIGIN_PREFIX!r}",
        "_PACKAGES = frozenset({"
        + ", ".join(repr(n) for n, (_, package) in sources.items() if package)
        + "})",
        "",
        "_SOURCES = {}",
    ]
    for name, (source, _) in sources.items():
        out += ["", f"_SOURCES[{name!r}] = {_text_literal(source)}"]
    out += [_IMPORTER, _CELLS, _CALL, _ANSWER]
    for export in exports:
        out += ["", _render_function(export), ""]
    text = "\n".join(out).rstrip("\n") + "\n"
    compile(text, "main.py", "exec", dont_inherit=True)  # a syntax check before writing
    return text


def function_names() -> list[str]:
    """The Excel names of the functions the bundle registers, in source order."""
    return list(excel_functions.ARGUMENTS)


def bundle_files() -> dict[str, str]:
    """The Lite bundle as file name -> text: ``main.py`` and ``requirements.txt``."""
    return {"main.py": build_main_py(), "requirements.txt": REQUIREMENTS}


def main_lite(out_dir: str | os.PathLike[str]) -> list[Path]:
    """The ``xlfuncs lite -o DIR`` command: write :func:`bundle_files` into *out_dir*
    (created if needed), each through a temporary file renamed over it."""
    from .output import write_text_file

    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return [write_text_file(folder / name, text) for name, text in bundle_files().items()]
