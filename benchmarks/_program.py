"""Running a command as a program and measuring it, for the benchmarks: wall time, CPU time
and the program's own peak memory.

The peak memory is the child's own: the child runs under a small launcher that, as the
program ends, reads its high-water mark of resident memory (``VmHWM`` in
``/proc/self/status``, Linux) and hands it back through a file. ``ru_maxrss`` (from
``os.wait4`` or ``getrusage``) is not used: Linux carries it over ``fork`` and ``exec``, so a
child's ``ru_maxrss`` is at least the benchmark's own resident size when it started the child
(a report peaking at 23 MiB showed 211 MiB, the benchmark's size). ``VmHWM`` belongs to the
memory of the program that was executed and starts afresh.

A command with worker processes (``period --jobs N``) is measured as well by
:func:`tree_pss`, sampled every 50 ms while it runs: the sum over the command and its
workers of their proportional set size (``Pss`` in ``/proc/PID/smaps_rollup``: a page shared
by forked workers counted once in all, split between them), the peak of the samples kept.
Elsewhere than on Linux both figures are ``None`` (printed ``-``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIB = 1024 * 1024

LAUNCHER = """
import os, runpy, sys
out = os.environ.pop("XLFUNCS_BENCH_PEAK_FILE")
sys.path.insert(0, os.environ.pop("XLFUNCS_BENCH_ROOT"))
mode, target = sys.argv[1], sys.argv[2]
sys.argv = [target if mode == "-m" else "-c", *sys.argv[3:]]
try:
    if mode == "-m":
        runpy.run_module(target, run_name="__main__", alter_sys=True)
    else:
        exec(compile(target, "<benchmark child>", "exec"), {"__name__": "__main__"})
finally:
    try:
        with open("/proc/self/status") as fh:
            kib = next(line.split()[1] for line in fh if line.startswith("VmHWM:"))
        with open(out, "w") as fh:
            fh.write(kib)
    except (OSError, StopIteration):
        pass
"""
"""Runs a module (``-m NAME args``) or a program text (``-c TEXT args``) with the checkout
``$XLFUNCS_BENCH_ROOT`` first on its path (before the current folder, which ``-c`` puts
there: a baseline must not import the code of the folder it is started in), then writes its
``VmHWM`` in KiB to the file ``$XLFUNCS_BENCH_PEAK_FILE`` names. Worker processes forked from
it leave through ``os._exit`` and write nothing."""


@dataclass(frozen=True)
class ProgramRun:
    """One run of a program."""

    seconds: float
    """Wall time, from start to exit."""
    cpu: float
    """User + system CPU time of the program and the workers it waited for (``os.wait4``)."""
    peak_mib: float | None
    """The program's own peak resident memory (``VmHWM``); ``None`` where not known."""
    tree_mib: float | None
    """With ``sample_tree``: the peak of the summed PSS of the program and its workers."""
    stdout: bytes


def _pss(pid: int) -> int:
    """Proportional set size of *pid* in bytes (0 when gone or unknown)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as fh:
            for line in fh:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError):
        pass
    return 0


def tree_pss(pid: int) -> int:
    """Summed PSS in bytes of *pid* and its descendants (Linux ``/proc``; 0 elsewhere)."""
    total = 0
    todo = [pid]
    while todo:
        p = todo.pop()
        total += _pss(p)
        try:
            with open(f"/proc/{p}/task/{p}/children") as fh:
                todo += [int(c) for c in fh.read().split()]
        except (OSError, ValueError):
            continue
    return total


def run_program(
    args: Sequence[str],
    *,
    module: str | None = "xlfuncs",
    code: str | None = None,
    sample_tree: bool = False,
    keep_stdout: bool = False,
    root: Path = ROOT,
) -> ProgramRun:
    """Run ``python -m MODULE ARGS`` (or ``python -c CODE ARGS`` with *code*) in a fresh
    interpreter, the repository (or the checkout *root*: a baseline) first on its path, and
    measure it. A non-zero exit raises ``RuntimeError`` with the end of its error output."""
    env = {**os.environ, "PYTHONPATH": str(root) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    launch = ["-c", code] if code is not None else ["-m", str(module)]
    with tempfile.TemporaryDirectory() as tmp:
        peak_file = Path(tmp) / "peak"
        env["XLFUNCS_BENCH_PEAK_FILE"] = str(peak_file)
        env["XLFUNCS_BENCH_ROOT"] = str(Path(root).resolve())
        argv = [sys.executable, "-c", LAUNCHER, *launch, *args]
        with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
            start = time.perf_counter()
            child = subprocess.Popen(
                argv, env=env, stdout=out if keep_stdout else subprocess.DEVNULL, stderr=err
            )
            tree = 0
            done = threading.Event()

            def sample() -> None:
                nonlocal tree
                while not done.is_set():
                    tree = max(tree, tree_pss(child.pid))
                    time.sleep(0.05)

            sampler = threading.Thread(target=sample)
            if sample_tree:
                sampler.start()
            _, status, usage = os.wait4(child.pid, 0)
            seconds = time.perf_counter() - start
            done.set()
            if sample_tree:
                sampler.join()
            child.returncode = os.waitstatus_to_exitcode(status)
            if child.returncode != 0:
                err.seek(0)
                raise RuntimeError(
                    f"{' '.join(launch[:1] + list(args))} exited with {child.returncode}: "
                    f"{err.read().decode(errors='replace')[-2000:]}"
                )
            out.seek(0)
            stdout = out.read()
        try:
            peak: float | None = int(peak_file.read_text()) / 1024
        except (OSError, ValueError):
            peak = None
    return ProgramRun(
        seconds,
        usage.ru_utime + usage.ru_stime,
        peak,
        tree / MIB if sample_tree and tree else None,
        stdout,
    )


def mib(value: float | None, digits: int = 1) -> str:
    """A memory figure for the tables: ``-`` when not known."""
    return "-" if value is None else f"{value:.{digits}f}"
