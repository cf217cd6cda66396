"""Check a built source archive (sdist) and wheel file by file; run by .ci/wheel.

Usage: ``python .ci/check_dist.py DIST_DIR FILES``, where DIST_DIR holds the one ``.tar.gz``
and the one ``.whl`` that ``python -m build`` wrote, and FILES lists the repository's files the
build was made from, NUL-separated, as ``git ls-files -z`` writes them.

- The sdist must hold exactly the repository's files, under ``xlfuncs-VERSION/``, and what
  setuptools writes into every sdist (``PKG-INFO``, ``setup.cfg``, ``xlfuncs.egg-info/``):
  nothing missing (the package, its tests with their data, the docs, the template
  workbooks), nothing else (no byte-code, no virtual environment, no cache).
- The wheel must hold exactly the repository's files under ``xlfuncs/`` (the modules,
  ``py.typed``, the demo's tournament files in ``data/``, everything the package reads at run
  time through ``importlib.resources``) and its ``.dist-info``, whose entry point is the
  ``xlfuncs`` command and whose licence file is ``LICENSE``.

Prints what it checked and exits 0, or names each file missing or extra and exits 1.
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

SDIST_GENERATED = {"PKG-INFO", "setup.cfg"}
"""Files setuptools writes at the top of every sdist."""
EGG_INFO = "xlfuncs.egg-info/"
"""The folder of metadata setuptools writes into every sdist."""
ENTRY_POINT = "xlfuncs = xlfuncs.cli:main"
"""The ``xlfuncs`` command, as pyproject.toml's ``[project.scripts]`` declares it."""
DIST_INFO_FILES = {
    "METADATA",
    "WHEEL",
    "RECORD",
    "entry_points.txt",
    "top_level.txt",
    "licenses/LICENSE",
}
"""The files of the wheel's ``.dist-info`` folder."""


def _one(dist: Path, pattern: str) -> Path:
    """The one file in *dist* matching *pattern*."""
    found = sorted(dist.glob(pattern))
    if len(found) != 1:
        raise SystemExit(f"check_dist: expected one {pattern} in {dist}, found {len(found)}")
    return found[0]


def _compare(what: str, have: set[str], want: set[str]) -> list[str]:
    """One line per file of *want* missing from *have* and per file of *have* not in *want*."""
    return [f"{what}: missing {name}" for name in sorted(want - have)] + [
        f"{what}: not expected {name}" for name in sorted(have - want)
    ]


def check_sdist(sdist: Path, repository: set[str]) -> list[str]:
    """The problems of the source archive *sdist* against the *repository*'s files."""
    with tarfile.open(sdist) as archive:
        members = [m for m in archive.getmembers() if not m.isdir()]
    top = sdist.name.removesuffix(".tar.gz") + "/"
    problems = [f"sdist: outside {top}: {m.name}" for m in members if not m.name.startswith(top)]
    names = {m.name.removeprefix(top) for m in members if m.name.startswith(top)}
    generated = {n for n in names if n in SDIST_GENERATED or n.startswith(EGG_INFO)}
    problems += _compare("sdist", names - generated, repository)
    problems += [f"sdist: missing {n}" for n in sorted(SDIST_GENERATED - generated)]
    return problems


def check_wheel(wheel: Path, repository: set[str]) -> list[str]:
    """The problems of *wheel* against the *repository*'s files under ``xlfuncs/``."""
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        dist_info = wheel.name.split("-py3")[0] + ".dist-info/"
        entry_points = ""
        if dist_info + "entry_points.txt" in names:
            entry_points = archive.read(dist_info + "entry_points.txt").decode()
    package = {n for n in repository if n.startswith("xlfuncs/")}
    meta = {n.removeprefix(dist_info) for n in names if n.startswith(dist_info)}
    problems = _compare("wheel", {n for n in names if not n.startswith(dist_info)}, package)
    problems += _compare(f"wheel {dist_info}", meta, DIST_INFO_FILES)
    if ENTRY_POINT not in entry_points.splitlines():
        problems.append(f"wheel: entry_points.txt does not declare `{ENTRY_POINT}`")
    return problems


def main(argv: list[str]) -> int:
    """Check the sdist and the wheel of ``argv[0]`` against the file list ``argv[1]``."""
    if len(argv) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    dist, listing = Path(argv[0]), Path(argv[1])
    repository = {n for n in listing.read_text(encoding="utf-8").split("\0") if n}
    sdist, wheel = _one(dist, "*.tar.gz"), _one(dist, "*.whl")
    problems = check_sdist(sdist, repository) + check_wheel(wheel, repository)
    for line in problems:
        print(line, file=sys.stderr)
    if problems:
        print(
            "(MANIFEST.in decides what the sdist holds; pyproject.toml's [tool.setuptools]"
            " what the wheel holds)",
            file=sys.stderr,
        )
        return 1
    package = sum(1 for n in repository if n.startswith("xlfuncs/"))
    print(f"{sdist.name}: the repository's {len(repository)} files and PKG-INFO, setup.cfg,")
    print(f"  {EGG_INFO}; {wheel.name}: the {package} files of xlfuncs/ and its .dist-info")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
