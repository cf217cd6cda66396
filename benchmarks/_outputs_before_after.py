"""Every command's output on every TRF under ``tests/data``, from two checkouts, compared.

Run from a checkout with its own package first on the path, once per checkout::

    PYTHONPATH=/work/main python benchmarks/_outputs_before_after.py /work/main /tmp/before
    PYTHONPATH=$PWD python benchmarks/_outputs_before_after.py $PWD /tmp/after
    diff -r /tmp/before /tmp/after

Each run writes one file per (TRF, command line): the exit status, standard output and
standard error of ``check``, ``check --format json``, ``check --verbose``, ``report``,
``report --verbose``, ``report --format json``, ``norms`` and ``report --teams``, all run in
this one process (``xlfuncs.cli.main``), the TRF named by its path under the checkout (the
same in both runs).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path

COMMANDS = (
    ("check",),
    ("check", "--format", "json"),
    ("check", "--verbose"),
    ("report",),
    ("report", "--verbose"),
    ("report", "--format", "json"),
    ("norms",),
    ("report", "--teams"),
)
"""The command lines run on each file (the file's path added last)."""


def main(checkout: str, out_dir: str) -> int:
    """Write the outputs of :data:`COMMANDS` on every TRF of *checkout*'s ``tests/data`` to
    *out_dir*; the number of files read."""
    os.chdir(checkout)
    import xlfuncs
    from xlfuncs.cli import main as xlfuncs_main

    if not str(Path(xlfuncs.__file__).resolve()).startswith(str(Path(checkout).resolve())):
        raise SystemExit(f"xlfuncs is imported from {xlfuncs.__file__}, not {checkout}")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    files = sorted(str(p) for p in Path("tests/data").rglob("*.trf"))
    for name in files:
        for command in COMMANDS:
            stdout, stderr = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
                try:
                    status: object = xlfuncs_main([*command, name])
                except SystemExit as exc:
                    status = exc.code
            target = name.replace("/", "_") + "__" + "_".join(command).replace("-", "")
            (out / target).write_text(
                f"rc={status}\n--stdout--\n{stdout.getvalue()}--stderr--\n{stderr.getvalue()}",
                encoding="utf-8",
            )
    return len(files)


if __name__ == "__main__":
    print(main(sys.argv[1], sys.argv[2]), "files")
