"""Work handed to other processes (:mod:`xlfuncs.parallel`): a worker's answer is the one
computed here; a worker that fails (its work raises, its answer cannot be pickled, it is
killed) has its work done here; an answer no longer wanted stops its worker; and no path
waits for ever: not an error in this process while a worker computes (``crosstable`` of a
file that is no TRF, is empty or is missing), not a worker killed, not Ctrl-C or SIGTERM
during ``crosstable`` or ``period --jobs 2``.

Everything that could hang runs in a process of its own, under a time limit (a hang fails
the test): a snippet of Python (``python -c``), or the command itself. The expected values
are worked by hand in each test (squares, the pids of the processes), or are the command's
own output when left alone, with one process (the work is pure: the same answer however it
is shared out).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.test_interruption import _env
from xlfuncs import interruption, parallel

ROOT = Path(__file__).parent.parent
DATA = ROOT / "tests" / "data"
EVENT = DATA / "real" / "crete-friendship-cup-2024-rapid.trf"
"""A team Swiss of 88 players: a crosstable of a second or so."""
SMALL = DATA / "trf" / "swiss_12.trf"
"""A Swiss of 12 players: quick to read, many copies make a period."""
LIMIT = 120.0
"""Seconds a process of these tests may take before it counts as hung."""

LINUX = sys.platform.startswith("linux") and Path("/proc/self/status").exists()
needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork here")
needs_linux = pytest.mark.skipif(not LINUX, reason="signals and /proc: Linux")


@dataclass
class Ran:
    status: int
    out: str
    err: str
    left: list[int]
    """The processes of its group still running once it ended (killed then)."""


def _processes(field: int, value: int) -> list[int]:
    """The processes still running (not zombies) whose ``/proc/PID/stat`` field *field*
    (after the name: 1 the parent, 2 the process group) is *value*."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[field]) == value and fields[0] != "Z":
                found.append(int(stat.parent.name))
    return found


def _group_alive(pgid: int) -> list[int]:
    return _processes(2, pgid)


def _children(pid: int) -> list[int]:
    return _processes(1, pid)


def _run(
    argv: list[str],
    cwd: Path,
    *,
    signum: int | None = None,
    group: bool = False,
    when_children: int = 1,
) -> Ran:
    """*argv* run in a session of its own, under :data:`LIMIT` (beyond it the test fails:
    the group killed, nothing left running). *signum*: sent once it has *when_children*
    worker processes, to its group (*group*, as Ctrl-C sends it) or to it alone."""
    proc = subprocess.Popen(
        argv,
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=_env(),
        start_new_session=True,
        text=True,
    )
    try:
        if signum is not None:
            deadline = time.monotonic() + LIMIT
            while len(_children(proc.pid)) < when_children and proc.poll() is None:
                assert time.monotonic() < deadline, "the workers never started"
                time.sleep(0.001)
            assert proc.poll() is None, "done before its workers started"
            (os.killpg if group else os.kill)(proc.pid, signum)
        out, err = proc.communicate(timeout=LIMIT)
    except BaseException:
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise
    deadline = time.monotonic() + 5
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    left = _group_alive(proc.pid) if LINUX else []
    for pid in left:
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    return Ran(proc.returncode, out, err, left)


def _python(source: str, *argv: str, cwd: Path = ROOT) -> Ran:
    """The snippet *source* (with *argv*) run as a program of its own, under :data:`LIMIT`."""
    return _run([sys.executable, "-c", textwrap.dedent(source), *argv], cwd)


def _xlfuncs(*argv: str, cwd: Path, **how: object) -> Ran:
    return _run([sys.executable, "-m", "xlfuncs", *argv], cwd, **how)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# The mechanism, each case in a program of its own


@needs_fork
def test_the_answer_is_the_workers_and_the_worker_is_reaped() -> None:
    ran = _python("""
        import multiprocessing, os, threading
        from xlfuncs import parallel
        lock = threading.Lock()  # work that could not be pickled: the forked worker holds it
        answer = parallel.in_child(lambda: (os.getpid(), [1.5, "x", None], lock is not None))
        pid, value, held = answer()
        assert pid != os.getpid(), "computed here"
        assert value == [1.5, "x", None] and held
        assert multiprocessing.active_children() == [], "the worker left running"
        print("ok")
    """)
    assert (ran.status, ran.out, ran.left) == (0, "ok\n", []), ran.err


@needs_fork
def test_a_discarded_answer_stops_its_worker_at_once() -> None:
    ran = _python("""
        import multiprocessing, time
        from xlfuncs import parallel
        answer = parallel.in_child(lambda: time.sleep(600))
        assert len(multiprocessing.active_children()) == 1
        started = time.monotonic()
        answer.discard()
        assert time.monotonic() - started < 10, "waited for the worker"
        assert multiprocessing.active_children() == []
        answer.discard()  # twice: nothing more to do
        print("ok")
    """)
    assert (ran.status, ran.out, ran.left) == (0, "ok\n", []), ran.err


@needs_fork
@pytest.mark.parametrize(
    ("failure", "why"),
    [
        ("raise ValueError(f'failed in {os.getpid()}')", "its work raised"),
        ("return threading.Lock()", "its answer cannot be pickled"),
        ("os.kill(os.getpid(), signal.SIGKILL)", "it was killed"),
    ],
)
def test_a_worker_that_fails_has_its_work_done_here(failure: str, why: str) -> None:
    ran = _python(f"""
        import multiprocessing, os, signal, threading
        from xlfuncs import parallel
        here = os.getpid()
        def work():
            if os.getpid() != here:  # in the worker: {why}
                {failure}
            return os.getpid()
        assert parallel.in_child(work)() == here
        assert multiprocessing.active_children() == []
        print("ok")
    """)
    assert (ran.status, ran.out, ran.left) == (0, "ok\n", []), ran.err


@needs_fork
def test_an_error_of_the_work_is_raised_here() -> None:
    ran = _python("""
        import os
        from xlfuncs import parallel
        def fails():
            raise ValueError(f"failed in {os.getpid()}")
        try:
            parallel.in_child(fails)()
        except ValueError as exc:
            assert str(exc) == f"failed in {os.getpid()}", exc  # raised by this process
            print("ok")
    """)
    assert (ran.status, ran.out, ran.left) == (0, "ok\n", []), ran.err


def test_without_fork_the_work_is_done_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "can_fork", lambda: False)
    assert parallel.in_child(os.getpid)() == os.getpid()


def test_where_no_process_can_be_started_the_work_is_done_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide (emscripten): no process at all; every result computed by this one."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert not parallel.can_start() and not parallel.can_fork()
    assert parallel.in_child(os.getpid)() == os.getpid()
    found = list(parallel.in_workers(divmod, [(7, 2), (9, 3), (os.getpid(), 1)], 2))
    assert found == [(3, 1), (3, 0), (os.getpid(), 0)]


def test_many_results_in_order_by_other_processes() -> None:
    ran = _python("""
        import multiprocessing, os
        from xlfuncs import parallel
        def square(x):
            return os.getpid(), x * x
        found = list(parallel.in_workers(square, [(x,) for x in range(40)], 2))
        assert [v for _, v in found] == [x * x for x in range(40)]
        assert os.getpid() not in {pid for pid, _ in found}
        assert multiprocessing.active_children() == []
        print("ok")
    """)
    assert (ran.status, ran.out, ran.left) == (0, "ok\n", []), ran.err


@pytest.mark.parametrize(
    ("failure", "here"),
    [
        ("raise RuntimeError('in the worker')", "done_here == [7, 23]"),  # those two alone
        # the worker that gets 7 (or 23) killed: what was handed to it too, and, both
        # workers killed, all that follows
        ("os.kill(os.getpid(), signal.SIGKILL)", "{7, 23} <= set(done_here)"),
    ],
    ids=["raised", "killed"],
)
def test_a_worker_that_fails_among_many_has_its_work_done_here(failure: str, here: str) -> None:
    """The argument sets 7 and 23 fail in a worker: done here, every result given, in
    order."""
    ran = _python(f"""
        import multiprocessing, os, signal
        from xlfuncs import parallel
        here = os.getpid()
        def square(x):
            if x in (7, 23) and os.getpid() != here:
                {failure}
            return os.getpid() == here, x * x
        found = list(parallel.in_workers(square, [(x,) for x in range(40)], 2))
        assert [v for _, v in found] == [x * x for x in range(40)]
        done_here = [x for x in range(40) if found[x][0]]
        assert {here}, done_here
        assert not found[0][0], "all done here"
        assert multiprocessing.active_children() == []
        print("ok")
    """)
    assert (ran.status, ran.out, ran.left) == (0, "ok\n", []), ran.err


def test_every_worker_killed_the_rest_is_done_here() -> None:
    ran = _python("""
        import os, signal
        from xlfuncs import parallel
        here = os.getpid()
        def square(x):
            if os.getpid() != here:
                os.kill(os.getpid(), signal.SIGKILL)
            return x * x
        assert list(parallel.in_workers(square, [(x,) for x in range(9)], 3)) == [
            0, 1, 4, 9, 16, 25, 36, 49, 64
        ]
        print("ok")
    """)
    assert (ran.status, ran.out, ran.left) == (0, "ok\n", []), ran.err


def test_many_results_left_early_stop_the_workers_at_once() -> None:
    ran = _python("""
        import contextlib, multiprocessing, time
        from xlfuncs import parallel
        def slow(x):
            if x:
                time.sleep(600)
            return x
        started = time.monotonic()
        with contextlib.closing(parallel.in_workers(slow, [(x,) for x in range(6)], 2)) as found:
            assert next(found) == 0
            assert len(multiprocessing.active_children()) == 2
        assert time.monotonic() - started < 10, "waited for the workers"
        assert multiprocessing.active_children() == []
        print("ok")
    """)
    assert (ran.status, ran.out, ran.left) == (0, "ok\n", []), ran.err


@needs_linux
def test_workers_end_when_the_process_that_started_them_is_killed() -> None:
    """SIGKILL for the process that asked (nothing of it runs again): its workers see their
    pipes closed and end, none is left waiting for work."""
    ran = _python("""
        import os, signal, time
        from xlfuncs import parallel
        def work(x):
            if x == 0:
                os.kill(os.getppid(), signal.SIGKILL)
            time.sleep(0.2)
            return x
        list(parallel.in_workers(work, [(x,) for x in range(8)], 2))
    """)
    assert ran.status == -signal.SIGKILL
    assert ran.left == []  # the workers ended within seconds of it


@needs_fork
def test_the_lite_code_is_gathered_ahead_by_a_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    """``lite_code_ahead`` hands back what ``lite_package(lite_form=True)`` gives, gathered
    by the worker (a stand-in package here: the real one takes a second to gather)."""
    from xlfuncs.filled_chart import lite_code_ahead
    from xlfuncs.templates import registry
    from xlfuncs.templates.common import LitePackage

    # forked even where an earlier test left a thread running (the worker only computes)
    monkeypatch.setattr(parallel, "can_fork", lambda: True)

    def gathered(*, lite_form: bool) -> LitePackage:
        return LitePackage({"main.py": f"# {os.getpid()}"}, ("RP_FIDE",) if lite_form else None)

    monkeypatch.setattr(registry, "lite_package", gathered)
    found = lite_code_ahead()()
    assert found.functions == ("RP_FIDE",)
    assert found.settings["main.py"] != f"# {os.getpid()}"  # gathered by the worker


# ---------------------------------------------------------------------------------------
# The commands: no hang, no process left, the same outputs


@needs_linux
@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"not a trf\n", "not a tournament report file"),
        (b"", "the file is empty"),
        (None, "no such file"),
    ],
)
def test_a_crosstable_that_fails_while_the_lite_code_is_gathered(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    """The Lite code is being gathered by a worker when the file turns out to be no TRF
    (empty, missing): the worker is stopped, the command says why and ends (status 1)."""
    given = tmp_path / "event.trf"
    if content is not None:
        given.write_bytes(content)
    ran = _xlfuncs("crosstable", str(given), "-o", "out.xlsx", "--force", cwd=tmp_path)
    assert ran.status == 1
    assert message in ran.err and "Traceback" not in ran.err
    assert ran.left == []
    assert not (tmp_path / "out.xlsx").exists()


_FAILING_WORKER = """
import os, signal, sys
here = os.getpid()
how = sys.argv[1]

def fail(in_worker):
    if in_worker and os.getpid() != here:
        if how == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        raise RuntimeError("in the worker")

from xlfuncs.period import read
from xlfuncs.templates import registry

gather, read_event = registry.lite_package, read.read_event

def lite_package(*, lite_form):
    fail(True)
    return gather(lite_form=lite_form)

def read_one(path, *args):
    fail(path.endswith("e070.trf"))  # the second argument set: the first worker's second
    return read_event(path, *args)

registry.lite_package, read.read_event = lite_package, read_one
from xlfuncs.cli import main
sys.exit(main(sys.argv[2:]))
"""
"""A command run with its workers failing (``kill``: killed; ``raise``: an error): the
worker that gathers the Lite code, and the one that reads ``e070.trf`` of a period."""


def _period_folder(tmp_path: Path, files: int = 150) -> Path:
    """*files* copies of :data:`SMALL` (three argument sets of 64 files: two workers)."""
    events = tmp_path / "events"
    events.mkdir()
    for i in range(files):
        shutil.copyfile(SMALL, events / f"e{i:03d}.trf")
    return events


@pytest.fixture(scope="module")
def crosstable_alone(tmp_path_factory: pytest.TempPathFactory) -> tuple[Ran, Path]:
    """``crosstable`` of :data:`EVENT` run by the program with no worker failing, once for
    both ways of failing: how it ended and the workbook it wrote."""
    folder = tmp_path_factory.mktemp("crosstable_alone")
    return _xlfuncs("crosstable", str(EVENT), "-o", "alone.xlsx", cwd=folder), folder / "alone.xlsx"


@pytest.fixture(scope="module")
def period_alone(tmp_path_factory: pytest.TempPathFactory) -> tuple[Ran, Path]:
    """``period`` of :func:`_period_folder` in one process (``--jobs 1``), once for both
    ways of failing: how it ended and the folder of events it read."""
    folder = tmp_path_factory.mktemp("period_alone")
    events = _period_folder(folder)
    return _xlfuncs("period", str(events), "--format", "json", "--jobs", "1", cwd=folder), events


@needs_linux
@pytest.mark.parametrize("how", ["kill", "raise"])
def test_a_crosstable_whose_worker_fails_writes_the_same_workbook(
    tmp_path: Path, how: str, crosstable_alone: tuple[Ran, Path]
) -> None:
    alone, alone_xlsx = crosstable_alone
    ran = _run(
        [sys.executable, "-c", _FAILING_WORKER, how, "crosstable", str(EVENT), "-o", "out.xlsx"],
        tmp_path,
    )
    assert (alone.status, ran.status) == (0, 0), ran.err
    assert "Traceback" not in ran.err and ran.left == []
    assert (tmp_path / "out.xlsx").read_bytes() == alone_xlsx.read_bytes()


@needs_linux
@pytest.mark.parametrize("how", ["kill", "raise"])
def test_a_period_whose_worker_fails_gives_the_same_period(
    tmp_path: Path, how: str, period_alone: tuple[Ran, Path]
) -> None:
    alone, events = period_alone
    ran = _run(
        [sys.executable, "-c", _FAILING_WORKER, how, "period", str(events), "--format", "json"]
        + ["--jobs", "2"],
        tmp_path,
    )
    assert (alone.status, ran.status) == (0, 0), ran.err
    assert "Traceback" not in ran.err and ran.left == []
    assert ran.out == alone.out
    # Ashdown (no. 1 of swiss_12.trf) plays all 5 rounds of each of the 150 copies
    assert '"name": "Ashdown, Peregrine"' in ran.out and '"games": 750,' in ran.out


@needs_linux
@pytest.mark.parametrize(
    ("signum", "group"), [(signal.SIGINT, True), (signal.SIGTERM, False)], ids=["INT", "TERM"]
)
@pytest.mark.parametrize("command", ["crosstable", "period"])
def test_interrupted_while_workers_compute(
    tmp_path: Path, signum: int, group: bool, command: str
) -> None:
    """SIGINT to the group (Ctrl-C) or SIGTERM to the command alone, while its workers
    compute: status 130 or 143, one line, no traceback, no process left."""
    if command == "crosstable":
        argv = ["crosstable", str(EVENT), "-o", "out.xlsx", "--for", "both"]
        workers = 1
    else:
        argv = ["period", str(_period_folder(tmp_path)), "--jobs", "2", "-o", "period.xlsx"]
        workers = 2
    ran = _xlfuncs(*argv, cwd=tmp_path, signum=signum, group=group, when_children=workers)
    assert ran.status == interruption.exit_status(signum), ran.err
    assert ran.err.strip().splitlines()[-1] == interruption.MESSAGE
    assert ran.err.count(interruption.MESSAGE) == 1 and "Traceback" not in ran.err
    assert ran.left == []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["events"] if command == "period" else []
    )
