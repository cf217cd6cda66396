"""The xlwings Lite bundle (:mod:`xlfuncs.lite`).

The generated ``main.py`` is run in a fresh interpreter (``python -I -S``: no site-packages,
no ``PYTHONPATH``, no current directory) whose ``sys.path`` holds only the standard library,
the bundle's folder and a folder with nothing but the ``xlwings`` package, so this
repository's ``xlfuncs`` cannot be imported there. It is loaded the way xlwings Lite loads
it (``exec`` of the text into a module named ``main``, several times), and:

- plain (decorators are no-ops, as in the tests of :mod:`xlfuncs.udfs`): every function
  returns what the package returns for the same arguments;
- with ``XLWINGS_ON_SERVER=true`` (xlwings' own Lite/Office.js code path): xlwings'
  ``custom_functions_meta`` registers every function under its name with its argument docs
  (the same metadata the package's own decorators give), and ``custom_functions_call`` with
  arguments encoded as Office.js sends them returns the package's values, error strings
  turned into real Excel errors.
"""

from __future__ import annotations

import ast
import datetime as dt
import importlib.util
import json
import math
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from xlfuncs import lite, udfs

REPO = Path(lite.__file__).resolve().parents[1]
EXPORTED = [*udfs.FUNCTIONS, "EXPLAIN_ERROR"]


def col(*values: Any) -> list[list[Any]]:
    """A column range as xlwings passes it with ndim=2."""
    return [[v] for v in values]


THREE = col(2400.0, 2500.0, 2600.0)
SEED = col(1851.0, 2457.0, 1989.0, 2379.0, 2407.0)
UPLIFT = col(1063.0, 1299.0, 1413.0, 1872.0, 1851.0, 1427.0, 1682.0)
UPLIFT_RESULTS = col(1.0, 1.0, 1.0, "½", 0.0, 1.0, 1.0)
FIRST = col(1900.0, 1950.0, 2000.0, 2050.0, 2100.0)
NINE = col(2450.0, 2500.0, 2380.0, 2420.0, 2550.0, 2300.0, 2480.0, 2410.0, 2390.0)
# a 4-player round robin: row player's result against the column player; one unrated
RATINGS4 = col(2000.0, 2100.0, None, 1900.0)
GRID4 = [[None, 1.0, "½", 0.0], [0.0, None, 1.0, "½"], ["½", 0.0, None, 1.0], [1.0, "½", 0.0, None]]
# player 1 wins every game (exact performance "∞"); diagonal marked "x"
GRID_WIN = [["x", 1.0, 1.0, 1.0], [0.0, "x", "½", 1.0], [0.0, "½", "x", 0.0], [0.0, 0.0, 1.0, "x"]]
# the same players over two Swiss rounds: opponents' numbers and results, one column each
OPPONENTS_SW = [[2.0, 3.0], [1.0, 4.0], [4.0, 1.0], [3.0, 2.0]]
RESULTS_SW = [[1.0, "½"], [0.0, 1.0], [1.0, "½"], [0.0, 0.0]]
K4 = col(20.0, 20.0, None, 40.0)
SEXES4 = col("m", "w", "f", None)
BAD_ROW = col(2000.0, "#N/A", 2200.0, 1900.0)

CALLS: list[tuple[str, list[Any]]] = [
    ("DP_LOOKUP", [0.83]),
    ("DP_LOOKUP", [2.5, 3.0]),
    ("DP_LOOKUP", [2, 3]),  # Lite passes whole numbers as int
    ("DP_LOOKUP", [None]),  # blank -> #N/A
    ("DP_LOOKUP", ["#N/A"]),  # an error passes through
    ("DP_LOOKUP", ["abc"]),  # text -> #VALUE!
    ("PD_LOOKUP", [400.0]),
    ("PD_LOOKUP", [-150]),
    ("EXPECTED_SCORE", [2000.0, col(1900.0, 2100.0, None)]),
    ("EXPECTED_SCORE", [2000.0, UPLIFT, "2022"]),
    ("EXPECTED_SCORE", [2000, col(None, 0), None]),
    ("RP_EXACT", [SEED, 4.0]),
    ("RP_EXACT", [THREE, 3.0]),  # 100 % -> #NUM!
    ("RP_FIDE", [THREE, 2.5]),
    ("RP_FIDE", [THREE, col(1.0, "½", "1")]),  # results beside the ratings, "½" as text
    ("RP_FIDE", [THREE, "2½"]),
    ("RP_FIDE", [[[2400, 2500, 2600]], 2]),  # a row of ints
    ("RP_FIDE", [THREE, "#N/A"]),
    ("RP_FIDE", [col(2400.0, "#DIV/0!", 2600.0), 1.0]),
    ("RP_FIDE", [THREE, 9.0]),  # impossible score -> #NUM!
    ("RP_LINEAR", [THREE, 2.5]),
    ("RP_PTP", [THREE, 2.5]),
    ("ELO_CHANGE", [2000.0, UPLIFT, UPLIFT_RESULTS, 20.0, "2022", False]),
    ("ELO_CHANGE", [2000.0, UPLIFT, UPLIFT_RESULTS, 20.0]),
    ("ELO_CHANGE", [2000, UPLIFT, UPLIFT_RESULTS, 20, 2025, True]),
    ("ELO_DETAIL", [2000.0, UPLIFT, UPLIFT_RESULTS, 20.0, "2022"]),
    ("K_FACTOR", [2250.0, 80.0, 2008.0, False, "2026-11-30"]),
    ("K_FACTOR", [2250, 80, 2008, False, 46356]),  # a date as Lite sends it: a serial
    ("K_FACTOR", [2450.0, 200.0, None, True]),
    ("BLOQUE", [FIRST, 3.0, "swiss", "2022"]),
    ("BLOQUE", [FIRST, 3, "rr", 2025]),
    ("BLOQUE", [FIRST, 3.0, "knockout"]),
    ("NORM_RP", [NINE, 6.5, "IM"]),
    ("NORM_POINTS", [NINE, "GM"]),
    ("POINTS_ALL", [GRID4]),
    ("SB_ALL", [GRID4]),
    ("RATED_GAMES_ALL", [RATINGS4, GRID4]),
    ("RA_ALL", [RATINGS4, GRID4]),
    ("RP_FIDE_ALL", [RATINGS4, GRID4]),
    ("RP_FIDE_ALL", [RATINGS4, RESULTS_SW, OPPONENTS_SW]),
    ("RP_FIDE_ALL", [BAD_ROW, GRID4]),  # an error in one row only
    ("RP_EXACT_ALL", [col(2000.0, 2100.0, 2050.0, 1900.0), GRID_WIN]),
    ("ELO_CHANGE_ALL", [RATINGS4, K4, GRID4]),
    ("ELO_CHANGE_ALL", [RATINGS4, K4, RESULTS_SW, OPPONENTS_SW, "2024"]),
    ("BLOQUE_ALL", [RATINGS4, GRID4]),
    ("NORM_ALL", [RATINGS4, GRID4, None, SEXES4]),
    (
        "K_FACTOR_ALL",
        [
            RATINGS4,
            col(80.0, 30.0, None, 10.0),
            col(1990.0, 2010.0, None, 2012.0),
            col(False, None, None, "no"),
            "2025-06-01",
        ],
    ),
    ("EXPLAIN_ERROR", ["RP_FIDE", THREE, 9.0]),
    ("EXPLAIN_ERROR", ["rp_fide", THREE, 2.5]),
    ("EXPLAIN_ERROR", ["RP_FIDE_ALL", BAD_ROW, GRID4]),
    ("EXPLAIN_ERROR", ["NOPE"]),
]

LITE_ERRORS = {
    "#DIV/0!": "Div0",
    "#N/A": "NotAvailable",
    "#NAME?": "Name",
    "#NULL!": "Null",
    "#NUM!": "Num",
    "#REF!": "Ref",
    "#VALUE!": "Value",
}

CHILD = r'''
import asyncio, importlib.util, json, sys

bundle, site, calls_file, mode = sys.argv[1:5]
sys.path[:0] = [bundle, site]        # the bundle and a folder holding only xlwings
if mode == "package":
    sys.path.insert(0, sys.argv[5])  # the repository itself, for the comparison
report = {"findable_before": importlib.util.find_spec("xlfuncs") is not None}
import xlwings as xw
calls = json.loads(open(calls_file, encoding="utf-8").read())


SOURCE = open(bundle + "/main.py", encoding="utf-8").read()


def load(name, source=SOURCE):
    """As xlwings Lite loads main.py (create_module_from_string in its Wasm glue)."""
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(source, module.__dict__)
    sys.modules[name] = module
    return module


def jsonable(value):
    return json.loads(json.dumps(value, default=repr))


if mode == "package":
    import xlfuncs.udfs as module
    main = module
else:
    main = load("main")              # registration pass
    module = load("main_editor")     # Lite calls the functions through a second copy
    report["shared_package"] = main._udfs is module._udfs
    report["xlfuncs_modules"] = {
        n: [getattr(m, "__file__", None), m.__spec__.origin]
        for n, m in sys.modules.items() if n == "xlfuncs" or n.startswith("xlfuncs.")}
report["files"] = sorted({str(getattr(m, "__file__", None)) for m in list(sys.modules.values())})
report["decorated"] = sorted(n for n in dir(main) if hasattr(getattr(main, n), "__xlfunc__"))

report["names"] = sorted(dir(main))

if mode == "plain":
    report["results"] = [jsonable(getattr(module, name)(*args)) for name, args in calls]
    # tracebacks from the embedded code show its lines
    import traceback
    try:
        sys.modules["xlfuncs.excel.cells"].number("abc", "x")
    except ValueError:
        report["traceback"] = traceback.format_exc()
    # a different bundle (a newer main.py pasted in) replaces the loaded package
    newer = load("main_newer", SOURCE.replace("_BUNDLE_ID = '", "_BUNDLE_ID = 'newer-", 1))
    report["replaced"] = (newer._udfs is not module._udfs
                          and sys.modules["xlfuncs.udfs"] is newer._udfs)
    report["newer_rp_fide"] = newer.RP_FIDE([[2400.0], [2500.0], [2600.0]], 2.5)
else:
    import inspect
    from xlwings.server import custom_functions_call, custom_functions_meta
    report["meta"] = jsonable(custom_functions_meta(main))
    # the JavaScript stubs, as the Lite Wasm glue (custom_functions_code) writes them
    stubs = [obj.__xlfunc__["name"] for _, obj in inspect.getmembers(main)
             if hasattr(obj, "__xlfunc__")]
    report["code"] = "".join(f'CustomFunctions.associate("{n.upper()}", {n});\n' for n in stubs)
    arity = {f["id"]: len(f["parameters"]) for f in report["meta"]["functions"]}

    def cell(value):
        if isinstance(value, float) and value.is_integer():
            return int(value)        # Office.js numbers that are whole arrive as int
        if isinstance(value, str) and value.startswith("#"):
            return {"type": "Error", "errorType": value, "basicValue": value}
        return value

    def officejs(value):
        if value is None:
            return None              # an omitted argument
        if not isinstance(value, list):
            return [[cell(value)]]
        rows = value if all(isinstance(r, list) for r in value) else [value]
        return [[cell(c) for c in row] for row in rows]

    results = []
    for name, args in calls:
        args = args + [None] * (arity[name] - len(args))
        data = {"func_name": name, "args": [officejs(a) for a in args], "client": "Office.js",
                "version": xw.__version__, "runtime": "1.4", "culture_info_name": "en-US",
                "date_format": "M/d/yyyy", "caller_address": None}
        try:
            results.append(jsonable(asyncio.run(custom_functions_call(data, module))))
        except Exception as exc:
            results.append({"python_exception": f"{type(exc).__name__}: {exc}"})
    report["results"] = results
print(json.dumps(report))
'''


# ---------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def bundle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lite")
    written = lite.main_lite(out)
    assert written == [out / "main.py", out / "requirements.txt"]
    return out


@pytest.fixture(scope="module")
def xlwings_only(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder whose only importable package is the installed xlwings."""
    spec = importlib.util.find_spec("xlwings")
    assert spec is not None and spec.origin is not None
    source = Path(spec.origin).parent
    site = tmp_path_factory.mktemp("site")
    try:
        (site / "xlwings").symlink_to(source, target_is_directory=True)
    except OSError:  # no symlinks (Windows without the privilege)
        shutil.copytree(source, site / "xlwings")
    return site


def _run(
    bundle: Path, site: Path, mode: str, tmp: Path, python: str = sys.executable
) -> dict[str, Any]:
    """Run CHILD in a fresh interpreter: ``-I`` ignores PYTHONPATH and the user site, ``-S``
    leaves out site-packages, so the child sets its own ``sys.path``."""
    calls = tmp / f"calls-{mode}.json"
    calls.write_text(json.dumps(CALLS), encoding="utf-8")
    child = tmp / "child.py"
    child.write_text(CHILD, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XLWINGS_", "PYTHON"))}
    if mode != "plain":
        env["XLWINGS_ON_SERVER"] = "true"  # xlwings' Lite/Office.js decorators and calls
        env["XLWINGS_LICENSE_KEY"] = "noncommercial"  # xlwings.pro needs a key to import
    done = subprocess.run(
        [python, "-I", "-S", str(child), str(bundle), str(site), str(calls), mode, str(REPO)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=tmp,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report: dict[str, Any] = json.loads(done.stdout.splitlines()[-1])
    return report


@pytest.fixture(scope="module")
def plain(
    bundle: Path, xlwings_only: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    return _run(bundle, xlwings_only, "plain", tmp_path_factory.mktemp("plain"))


@pytest.fixture(scope="module")
def on_lite(
    bundle: Path, xlwings_only: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    return _run(bundle, xlwings_only, "lite", tmp_path_factory.mktemp("lite-run"))


@pytest.fixture(scope="module")
def package_on_lite(
    bundle: Path, xlwings_only: Path, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Any]:
    """The package's own xlfuncs.udfs under xlwings' Lite decorators (for comparison)."""
    return _run(bundle, xlwings_only, "package", tmp_path_factory.mktemp("package-run"))


def _jsonable(value: Any) -> Any:
    return json.loads(json.dumps(value, default=repr))


def _expected() -> list[Any]:
    """What the package returns for CALLS, called in this process."""
    functions = {**udfs.FUNCTIONS, "EXPLAIN_ERROR": udfs.EXPLAIN_ERROR}
    return [_jsonable(functions[name](*args)) for name, args in CALLS]


def _as_lite(value: Any) -> Any:
    """A result as xlwings sends it to Excel from Lite: always a matrix, None as "", error
    strings as Excel errors."""
    rows = value if isinstance(value, list) else [[value]]
    if rows and not all(isinstance(r, list) for r in rows):
        rows = [rows]

    def cell(c: Any) -> Any:
        if c is None:
            return ""
        if isinstance(c, str) and c in LITE_ERRORS:
            return {"type": "Error", "errorType": LITE_ERRORS[c]}
        return c

    return [[cell(c) for c in row] for row in rows]


# ------------------------------------------------------------------- the files written


def test_written_files(bundle: Path) -> None:
    assert (bundle / "requirements.txt").read_text(encoding="utf-8") == lite.REQUIREMENTS
    assert lite.REQUIREMENTS.strip().startswith("xlwings") and "<1.0.0" in lite.REQUIREMENTS
    text = (bundle / "main.py").read_text(encoding="utf-8")
    assert text == lite.build_main_py()  # deterministic: the same package, the same file
    assert len(text.encode("utf-8")) < 1_000_000


def test_main_py_imports_only_xlwings_and_the_standard_library(bundle: Path) -> None:
    tree = ast.parse((bundle / "main.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0
            imported.add((node.module or "").split(".")[0])
    assert "xlfuncs" not in imported
    # pyodide: only by _cells' JsNull, read in a try (outside Pyodide: no JsNull)
    assert imported <= set(sys.stdlib_module_names) | {"xlwings", "pyodide"}
    # every embedded module reads, at most, the standard library, xlwings and itself
    for name, (source, _) in lite.bundled_sources().items():
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                tops = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                tops = {(node.module or "").split(".")[0]}
            else:
                continue
            assert tops <= set(sys.stdlib_module_names) | {"xlwings", "__future__", "xlfuncs"}, name


def test_embedded_sources_are_the_package_files() -> None:
    sources = lite.bundled_sources()
    assert {
        "xlfuncs",
        "xlfuncs.core",
        "xlfuncs.excel",
        "xlfuncs.udfs",
        "xlfuncs.core.tournament",
    } <= set(sources)  # tournament: imported lazily
    assert not {"xlfuncs.cli", "xlfuncs.lite", "xlfuncs.trf"} & set(sources)
    for name, (source, is_package) in sources.items():
        module = sys.modules.get(name) or importlib.import_module(name)
        assert module.__file__ is not None
        assert Path(module.__file__).read_text(encoding="utf-8") == source, name
        assert is_package == hasattr(module, "__path__"), name


def test_wrappers_copy_the_decorators_from_the_source(bundle: Path) -> None:
    tree = ast.parse((bundle / "main.py").read_text(encoding="utf-8"))
    defined = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert set(EXPORTED) <= set(defined)
    node = defined["RP_FIDE"]
    decorators = [ast.unparse(d) for d in node.decorator_list]
    assert decorators[0] == f"xw.func(category={udfs.CATEGORY!r})"
    assert decorators[1] == "xw.ret(_Answer)"  # the answer written by the bundle, at once
    # a range is taken raw and read by the bundle's own _cells (see the next test)
    assert any(d.startswith("xw.arg('score', 'raw', doc=") for d in decorators)
    assert "_cells(score)" in ast.unparse(node.body[-1])
    assert ast.unparse(node.body[-1]).startswith("return _answer('RP_FIDE', _udfs.RP_FIDE, ")
    # a value keeps the package's options
    single = ast.unparse(defined["DP_LOOKUP"].decorator_list[2])
    assert "'p'" in single and "err_to_str=True" in single and "raw" not in single
    assert node.returns is None and all(a.annotation is None for a in node.args.args)


class _JsNull:
    """Stands for Pyodide's JsNull (JavaScript null from Pyodide 0.28)."""


_ERROR = {"type": "Error", "basicValue": "#N/A", "errorType": "NotAvailable"}
_DATE = {"type": "FormattedNumber", "basicValue": 45000, "numberFormat": "m/d/yyyy"}


@pytest.mark.parametrize(
    "value",
    [
        [[1, 2.5, "½", "", None, True, False, 0, -0.0, " "]],
        [[1], [""], [None], ["x"]],
        [[_ERROR, "#N/A"], [_DATE, {"type": "Double", "basicValue": 2.0}]],
        [[_JsNull(), 1], ["", _JsNull()]],
        [1, "", None, "a"],  # a row, as one row of a range arrives (to_scalar's 1-D list)
        [],
        ((1, ""), (None, "b")),
        "",
        "½",
        0,
        2400,
        _ERROR,
        _JsNull(),
        None,
    ],
)
def test_the_bundles_reading_of_a_range_is_xlwings(
    value: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """main.py takes ranges raw and reads them itself: exactly what xlwings' value converter
    gives with the options of a range argument (ndim=2, err_to_str=True), Office.js's way."""
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")  # xlwings.pro's import asks
    from xlwings.conversion.standard import ValueAccessor
    from xlwings.pro import _xlofficejs
    from xlwings.pro.udfs_officejs import to_scalar

    # a pyodide.ffi with a JsNull, as Pyodide 0.28 and later has: both xlwings and main.py
    # import it by name
    package, ffi = types.ModuleType("pyodide"), types.ModuleType("pyodide.ffi")
    ffi.JsNull = _JsNull  # type: ignore[attr-defined]
    package.ffi = ffi  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", package)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    namespace: dict[str, Any] = {}
    exec(compile(lite._CELLS, "main.py", "exec"), namespace)
    arrives = to_scalar(value)  # what custom_functions_call does before converting
    if arrives is None:
        # an omitted argument or a blank single cell: the default, not converted
        # (xlwings' js_to_none makes JsNull None first)
        assert namespace["_cells"](None) is None
        return
    # conversion.read(None, arrives, options, engine_name="officejs"), with the
    # Office.js engine given directly (looking it up by name needs a licence key)
    read = ValueAccessor.reader({"ndim": 2, "err_to_str": True})
    engine = types.SimpleNamespace(impl=_xlofficejs.Engine)
    context = types.SimpleNamespace(range=None, value=arrives, engine=engine, meta={})
    read(context)
    xlwings_reads = context.value
    ours = namespace["_cells"](arrives)
    assert ours == xlwings_reads
    assert not any(isinstance(c, _JsNull) for row in ours for c in row)  # a blank: None
    assert [[type(c) for c in row] for row in ours] == [
        [type(c) for c in row] for row in xlwings_reads
    ]


@pytest.mark.parametrize(
    "value",
    [
        [[1, 2.5, "", "x", True, False, 0, -0.0, " ", "½"]],  # the usual answer
        [[2400], [""], [17.5]],
        [["#N/A", 1], ["#VALUE!", "#nothing"]],  # error texts: Excel's errors
        [[None, 1]],
        [[math.nan, 1.0], [math.inf, 2]],
        [1, "", "#NUM!"],  # a row
        [],
        ((1, ""), (None, "b")),
        5,
        "",
        "#DIV/0!",
        None,
        dt.date(2025, 1, 31),
    ],
)
@pytest.mark.parametrize("runtime", ["1.4", "1.2"])
def test_the_bundles_answer_is_what_xlwings_writes(
    value: Any, runtime: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """main.py writes every function's answer itself (``@xw.ret(_Answer)``, raw after it):
    exactly what xlwings' value converter writes for Office.js, for the runtime asked."""
    monkeypatch.setenv("XLWINGS_LICENSE_KEY", "noncommercial")  # xlwings.pro's import asks
    from xlwings import conversion
    from xlwings.conversion.standard import ValueAccessor
    from xlwings.pro import _xlofficejs

    engine = types.SimpleNamespace(impl=_xlofficejs.Engine)
    namespace: dict[str, Any] = {
        # the Office.js engine given directly (looking it up by name needs a licence key)
        "xw": types.SimpleNamespace(conversion=conversion, engines={"officejs": engine})
    }
    exec(compile(lite._CELLS + lite._ANSWER, "main.py", "exec"), namespace)
    options = {"date_format": "M/d/yyyy", "runtime": runtime}
    write = ValueAccessor.writer(options)
    context = types.SimpleNamespace(
        range=None, value=value, source_value=value, engine=engine, meta={}
    )
    write(context)
    ours = namespace["_Answer"].write_value(value, options)
    assert repr(ours) == repr(context.value)  # NaN included


def test_literals_only() -> None:
    with pytest.raises(lite.BundleError, match="not a literal"):
        lite._literal(object(), "F: @xw.arg")
    assert lite._literal({"ndim": 2}, "F") == "{'ndim': 2}"
    tricky = "a'''b\\n'"
    assert ast.literal_eval(lite._text_literal(tricky)) == tricky


# ------------------------------------------------------------- a fresh interpreter, plain


def test_runs_without_the_repository(plain: dict[str, Any]) -> None:
    assert plain["findable_before"] is False  # xlfuncs is not importable in the child
    for name, (file, origin) in plain["xlfuncs_modules"].items():
        assert file is None and origin.startswith(lite.ORIGIN_PREFIX), name
    assert set(plain["xlfuncs_modules"]) == set(lite.bundled_sources())
    assert not [f for f in plain["files"] if f.startswith(str(REPO))]


def test_every_function_is_in_main(plain: dict[str, Any]) -> None:
    assert set(EXPORTED) <= set(plain["names"])
    # off Windows the decorators are no-ops; under Lite they are checked below
    assert plain["decorated"] == []


def test_reloading(plain: dict[str, Any]) -> None:
    assert plain["shared_package"] is True  # the same bundle run twice: one package
    assert plain["replaced"] is True  # another bundle: replaced
    assert plain["newer_rp_fide"] == 2773
    assert f'File "{lite.ORIGIN_PREFIX}xlfuncs/excel/cells.py"' in plain["traceback"]
    assert "raise InvalidInputError" in plain["traceback"]


def test_same_results_as_the_package(plain: dict[str, Any]) -> None:
    expected = _expected()
    for (name, args), got, want in zip(CALLS, plain["results"], expected):
        assert got == want, (name, args)
    by_call = {json.dumps(c): r for c, r in zip(CALLS, plain["results"])}
    assert by_call[json.dumps(("RP_FIDE", [THREE, 2.5]))] == 2773
    assert by_call[json.dumps(("RP_FIDE", [THREE, "#N/A"]))] == "#N/A"
    assert by_call[json.dumps(("RP_EXACT", [THREE, 3.0]))] == "#NUM!"
    # Ra and p over rated games against rated opponents (player 3 is unrated):
    # 1: 2100 (1), 1900 (0) -> 2000 + dp(.5) 0; 2: 2000 (0), 1900 (½) -> 1950 + dp(.25) -193;
    # 3: 2000 (½), 2100 (0), 1900 (1) -> 2000 + 0; 4: 2000 (1), 2100 (½) -> 2050 + dp(.75) 193
    assert by_call[json.dumps(("RP_FIDE_ALL", [RATINGS4, GRID4]))] == [
        [2000],
        [1757],
        [2000],
        [2243],
    ]
    assert by_call[json.dumps(("RP_EXACT_ALL", [col(2000.0, 2100.0, 2050.0, 1900.0), GRID_WIN]))][
        0
    ] == ["∞"]
    assert "not possible" in by_call[json.dumps(("EXPLAIN_ERROR", ["RP_FIDE", THREE, 9.0]))]


# ------------------------------------------------ xlwings' Lite code path (Office.js)


def test_registered_as_lite_registers(on_lite: dict[str, Any]) -> None:
    assert on_lite["findable_before"] is False
    assert set(EXPORTED) <= set(on_lite["decorated"])
    functions = {f["id"]: f for f in on_lite["meta"]["functions"]}
    assert set(functions) == set(on_lite["decorated"])
    for name in EXPORTED:
        f = functions[name]
        assert f["name"] == name  # the Excel name: upper-case, no namespace
        assert f["description"] == udfs.FUNCTIONS.get(name, udfs.EXPLAIN_ERROR).__doc__
        assert f'CustomFunctions.associate("{name}", {name});' in on_lite["code"]
    rp = {p["name"]: p for p in functions["RP_FIDE"]["parameters"]}
    assert list(rp) == ["opponent_ratings", "score"]
    assert rp["opponent_ratings"]["description"].startswith("Opponents' ratings")
    assert all("optional" not in p for p in rp.values())
    k = {p["name"]: p for p in functions["K_FACTOR"]["parameters"]}
    assert [n for n, p in k.items() if p.get("optional")] == [
        "birth_year",
        "reached_2400",
        "period_date",
        "rules",
    ]
    assert on_lite["meta"]["allowErrorForDataTypeAny"] is True


def test_same_metadata_as_the_package_decorators(
    on_lite: dict[str, Any], package_on_lite: dict[str, Any]
) -> None:
    """The wrappers declare exactly what the package's own decorators declare."""
    ours = {f["id"]: f for f in on_lite["meta"]["functions"]}
    theirs = {f["id"]: f for f in package_on_lite["meta"]["functions"]}
    assert set(theirs) == set(EXPORTED)
    for name in EXPORTED:
        assert ours[name] == theirs[name], name


def test_lite_calls_give_the_package_values(on_lite: dict[str, Any]) -> None:
    expected = _expected()
    for (name, args), got, want in zip(CALLS, on_lite["results"], expected):
        assert got == _as_lite(want), (name, args)
    by_call = {json.dumps(c): r for c, r in zip(CALLS, on_lite["results"])}
    assert by_call[json.dumps(("RP_FIDE", [THREE, 2.5]))] == [[2773]]
    assert by_call[json.dumps(("RP_FIDE", [THREE, "#N/A"]))] == [
        [{"type": "Error", "errorType": "NotAvailable"}]
    ]
    assert by_call[json.dumps(("DP_LOOKUP", [None]))] == [
        [{"type": "Error", "errorType": "NotAvailable"}]
    ]


def _interpreter(minor: int) -> str | None:
    """Another CPython 3.x on this machine (Lite runs Pyodide's 3.12 to 3.14), if any."""
    candidates = [
        shutil.which(f"python3.{minor}"),
        *map(str, sorted(Path.home().glob(f".pyenv/versions/3.{minor}.*/bin/python3"))),
    ]
    for found in filter(None, candidates):
        try:
            done = subprocess.run(
                [found, "-I", "-c", "import sys; print(sys.version_info[1])"],
                capture_output=True,
                text=True,
                timeout=60,
                check=False,
            )
        except (OSError, subprocess.SubprocessError):
            continue
        if done.returncode == 0 and done.stdout.strip() == str(minor):
            return found
    return None


@pytest.mark.slow  # starts each other CPython the machine has
def test_other_python_versions(bundle: Path, xlwings_only: Path, tmp_path: Path) -> None:
    """The bundle under every other CPython 3.10 to 3.14 this machine has (none is needed:
    the interpreter running the tests is covered above), so nothing is skipped."""
    expected = [_as_lite(v) for v in _expected()]
    for minor in (10, 12, 13, 14):
        python = _interpreter(minor)
        if python is None or minor == sys.version_info[1]:
            continue
        (tmp_path / f"3.{minor}").mkdir()
        report = _run(bundle, xlwings_only, "lite", tmp_path / f"3.{minor}", python=python)
        assert set(EXPORTED) <= set(report["decorated"]), minor
        assert report["results"] == expected, minor


def test_package_udfs_themselves_under_lite(package_on_lite: dict[str, Any]) -> None:
    failed = [
        name for (name, _), got in zip(CALLS, package_on_lite["results"]) if isinstance(got, dict)
    ]
    assert failed == []


def _call_namespace() -> dict[str, Any]:
    """main.py's _answer, run with the installed package's memo."""
    namespace: dict[str, Any] = {"importlib": importlib, "_PACKAGE": lite.PACKAGE}
    exec(compile(lite._CALL, "main.py", "exec"), namespace)
    return namespace


def test_a_call_on_the_very_values_of_one_before_finds_its_answer() -> None:
    namespace = _call_namespace()
    calls: list[Any] = []

    def function(*args: Any) -> Any:
        calls.append(args)
        return [[len(calls)]]

    answer = namespace["_answer"]
    block = [[1, "½"], [None, 2.5]]
    assert answer("F", function, block, 3) == [[1]]
    assert answer("F", function, [[1, "½"], [None, 2.5]], 3) == [[1]]  # equal values: found
    assert answer("G", function, block, 3) == [[2]]  # another function
    assert answer("F", function, [[1, "½"], [None, 2.5]], 3.0) == [[3]]  # 3.0 is not 3
    assert answer("F", function, [[1, "½"], [None, "2.5"]], 3) == [[4]]
    thing = object()
    assert answer("F", function, thing) == [[5]]
    assert answer("F", function, thing) == [[6]]  # no key: computed each time

    class Later(dt.date):
        @classmethod
        def today(cls) -> Later:
            return cls(2099, 1, 1)

    namespace["_dt"] = types.SimpleNamespace(date=Later)
    assert answer("F", function, block, 3) == [[7]]  # another day: blank rules may differ
    assert len(calls) == 7
