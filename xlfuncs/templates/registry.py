"""The template workbooks there are: each file's name and the generator that writes it
(imported only when its template is built), the xlwings Lite code stored in every one, and
where they are committed."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .common import LitePackage

__all__ = [
    "LITE_TEMPLATES",
    "TEMPLATES",
    "add_lite_code",
    "all_templates",
    "default_dir",
    "generate",
    "in_checkout",
    "lite_package",
]


def _lazy(module: str, *, lite: bool = False) -> Callable[[Path], None]:
    """The writer of :mod:`xlfuncs.templates`' *module*'s blank template, with the Lite code
    (*lite*: its calls in the Lite form), the module imported when it is called."""

    def build(path: Path) -> None:
        importlib.import_module(f"{__package__}.{module}").build(Path(path))
        add_lite_code(Path(path), lite_form=lite)

    return build


@functools.cache
def _lite_code() -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    from ..lite import bundle_files, function_names

    return tuple(bundle_files().items()), tuple(function_names())


def lite_package(*, lite_form: bool) -> LitePackage:
    """The xlwings Lite code for a workbook written with it, as :func:`add_lite_code` stores
    it in one already written (*lite_form*: the calls in the form Excel binds to Lite's)."""
    from .common import LitePackage

    code, names = _lite_code()
    return LitePackage(dict(code), names if lite_form else None)


def add_lite_code(path: Path, *, lite_form: bool) -> None:
    """Store the xlwings Lite code (``main.py``, ``requirements.txt``) in the workbook
    (:mod:`xlfuncs.lite`); with *lite_form*, its calls also rewritten in the form Excel binds
    to Lite's functions (:mod:`xlfuncs.lite_form`)."""
    from ..lite_workbook import write_settings

    code, names = _lite_code()
    write_settings(path, dict(code), functions=names if lite_form else None)


TEMPLATES: dict[str, Callable[[Path], None]] = {
    f"{name}.xlsx": _lazy(name)
    for name in (
        "round_robin",
        "swiss",
        "rating_calculator",
        "initial_rating",
        "norms",
        "norm_plan",
    )
}
"""File name -> the function that writes that blank template to a path: the classic
workbooks, whose calls name our functions plainly."""

LITE_TEMPLATES: dict[str, Callable[[Path], None]] = {
    f"{name.removesuffix('.xlsx')}_lite.xlsx": _lazy(name.removesuffix(".xlsx"), lite=True)
    for name in TEMPLATES
}
"""The same templates for xlwings Lite: their calls stored as Excel binds Lite's functions
(docs/lite.md)."""


def all_templates() -> dict[str, Callable[[Path], None]]:
    """Every template file there is: the classic ones and their Lite twins."""
    return {**TEMPLATES, **LITE_TEMPLATES}


def _checkout() -> Path | None:
    """The source checkout this package runs from (``None``: an installed package)."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / "pyproject.toml").is_file() and (root / "xlfuncs").is_dir() else None


def default_dir() -> Path:
    """Where the templates are committed: ``workbook_templates/`` of the source checkout this
    package runs from, else ``workbook_templates/`` in the current directory."""
    return (_checkout() or Path.cwd()) / "workbook_templates"


def generate(out_dir: Path) -> list[Path]:
    """Write every template into *out_dir* (created if needed), each atomically
    (:func:`xlfuncs.output.write_atomically`); returns the paths written."""
    from ..output import write_atomically

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    return [write_atomically(out / name, build) for name, build in all_templates().items()]


def in_checkout(folder: Path) -> bool:
    """Whether *folder* is the ``workbook_templates/`` of the source checkout this package runs
    from, whose files are generated and kept by version control."""
    root = _checkout()
    try:
        return root is not None and folder.resolve() == (root / "workbook_templates").resolve()
    except OSError:
        return False
