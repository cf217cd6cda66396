"""The template workbooks there are: each file's name and the generator that writes it, the
xlwings Lite code stored in every one, and where they are committed.

Each generator is imported only when its template is built, so a template whose module is
missing or broken fails alone."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from pathlib import Path

__all__ = ["TEMPLATES", "default_dir", "generate", "in_checkout"]


def _lazy(module: str) -> Callable[[Path], None]:
    def build(path: Path) -> None:
        importlib.import_module(f"{__package__}.{module}").build(Path(path))
        _add_lite_code(Path(path))

    build.__name__ = f"build_{module}"
    build.__doc__ = f"Build the blank template of :mod:`xlfuncs.templates.{module}`."
    return build


@functools.cache
def _lite_code() -> tuple[tuple[str, str], ...]:
    from ..lite import bundle_files

    return tuple(bundle_files().items())


def _add_lite_code(path: Path) -> None:
    """Store the xlwings Lite code (``main.py``, ``requirements.txt``) in the workbook, so
    that it computes when opened with the xlwings Lite add-in (see :mod:`xlfuncs.lite`)."""
    from ..lite_workbook import write_settings

    write_settings(path, dict(_lite_code()))


TEMPLATES: dict[str, Callable[[Path], None]] = {
    f"{name}.xlsx": _lazy(name)
    for name in ("round_robin", "swiss", "rating_calculator", "initial_rating", "norms")
}
"""File name -> the function that writes that blank template to a path."""


def default_dir() -> Path:
    """Where the templates are committed: ``workbook_templates/`` of the source checkout this
    package runs from, else ``workbook_templates/`` in the current directory."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "xlfuncs").is_dir():
        return root / "workbook_templates"
    return Path.cwd() / "workbook_templates"


def generate(out_dir: Path) -> list[Path]:
    """Write every template into *out_dir* (created if needed), replacing those there; returns
    the paths written. Each is written through a temporary file renamed over it
    (:func:`xlfuncs.output.write_atomically`), so a failure leaves no half-written workbook."""
    from ..output import write_atomically

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, build in TEMPLATES.items():
        written.append(write_atomically(out / name, build))
    return written


def in_checkout(folder: Path) -> bool:
    """Whether *folder* is the ``workbook_templates/`` of the source checkout this package runs
    from, whose files are generated and kept by version control."""
    root = Path(__file__).resolve().parents[2]
    if not ((root / "pyproject.toml").is_file() and (root / "xlfuncs").is_dir()):
        return False
    try:
        return folder.resolve() == (root / "workbook_templates").resolve()
    except OSError:
        return False
