"""Ctrl-C and ``kill`` at any moment of a command (``docs/interruption.md``).

The interruption test runs a command in a process of its own (``python -m xlfuncs``), sends
it SIGINT or SIGTERM at a random (seeded) moment, and checks what it left:

- the exit status is 130 (SIGINT) or 143 (SIGTERM), or 0 when the command was done first;
- an interrupted command prints ``xlfuncs: interrupted`` once, as its last line, and no
  traceback (from itself, a worker process, an import, or a finaliser:
  ``Exception ignored``);
- every output is the old file, untouched, or the whole new one (the bytes of a run left
  alone), and a pair of outputs (``crosstable --for both``, ``period -o --list-out``) both
  old or both new;
- no temporary file is left beside the outputs, and no process of the command outlives it.

SIGINT goes to the command's process group, as Ctrl-C on a terminal sends it (worker
processes get it too); SIGTERM to the command's process alone, as ``kill PID`` sends it (the
long run sends each to either). The moments are drawn from the time the command handles
signals (Linux: its ``SigCgt`` in ``/proc``) to the end of a run left alone; before that,
the interpreter itself is starting, and ends as Python ends (measured apart, in the long run).

The suite's run is a few runs of each command (``XLFUNCS_INTERRUPT`` runs in all, 6 unless
set); ``XLFUNCS_INTERRUPT_LONG=300 pytest tests/test_interruption.py`` adds a longer run with
another seed (``XLFUNCS_INTERRUPT_SEED`` sets both seeds) and prints its counts.
"""

from __future__ import annotations

import contextlib
import gc
import os
import random
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from xlfuncs import interruption
from xlfuncs.commands import COMMANDS
from xlfuncs.output import OutputError, write_atomically, written_together

ROOT = Path(__file__).parent.parent
EVENT = ROOT / "tests" / "data" / "real" / "crete-friendship-cup-2024-rapid.trf"
"""A team Swiss of 88 players: a crosstable of a second or so, a report of half of one."""
PERIOD_FILES = 16
"""Copies of :data:`EVENT` ``period`` reads: the least it reads in worker processes."""

LINUX = sys.platform.startswith("linux") and Path("/proc/self/status").exists()


# ---------------------------------------------------------------------------------------
# The interruption test


@dataclass
class Scenario:
    """A command run over existing outputs: its arguments (in its folder), the outputs it
    writes and what each held before."""

    name: str
    argv: list[str]
    outputs: dict[str, bytes]
    new: dict[str, bytes] = field(default_factory=dict)
    """Each output as a run left alone writes it."""
    duration: float = 0.0
    """Seconds from the moment it handles signals to its end, left alone."""


def _scenarios(folder: Path) -> list[Scenario]:
    events = folder / "events"
    events.mkdir()
    for i in range(PERIOD_FILES):
        shutil.copyfile(EVENT, events / f"e{i:02d}.trf")
    return [
        Scenario(
            "crosstable --for both",
            ["crosstable", str(EVENT), "-o", "out.xlsx", "--for", "both", "--force"],
            {"out.xlsx": b"the old Lite workbook", "out_classic.xlsx": b"the old classic one"},
        ),
        Scenario(
            "period --list-out -o",
            ["period", str(events), "--list-out", "new.txt", "-o", "period.xlsx", "--force"],
            {"new.txt": b"the old list", "period.xlsx": b"the old period workbook"},
        ),
        Scenario("report", ["report", str(EVENT)], {}),
    ]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env.pop("COLUMNS", None)
    return env


def _handles_signals(pid: int) -> bool:
    """Whether the process *pid* has a handler for SIGTERM (Python's own start has none)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return True  # gone already
    for line in status.splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signal.SIGTERM - 1) & 1)
    return True


def _group_alive(pgid: int) -> list[int]:
    """The processes of the group *pgid* still running (not zombies)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(stat.parent.name))
    return alive


@dataclass
class Run:
    status: int
    err: str
    signalled: bool
    """Whether the signal was sent before the process ended."""


def _run(folder: Path, scenario: Scenario, signum: int | None, delay: float, *, group: bool) -> Run:
    """Run *scenario* in *folder*; *delay* seconds after it handles signals (``None``: at
    once, during the interpreter's start), send *signum* (``None``: none) to its process
    group (*group*) or to it alone."""
    started = time.monotonic()
    err_path = folder / ".." / f"{folder.name}.err"
    with open(err_path, "wb") as err, open(os.devnull, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "xlfuncs", *scenario.argv],
            cwd=folder,
            stdout=out,
            stderr=err,
            env=_env(),
            start_new_session=True,
        )
        signalled = False
        if signum is not None:
            while delay >= 0 and not _handles_signals(proc.pid):
                time.sleep(0.001)
            ready = time.monotonic()
            while time.monotonic() - ready < max(delay, 0) and proc.poll() is None:
                time.sleep(0.002)
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    (os.killpg if group else os.kill)(proc.pid, signum)
                    signalled = True
        status = proc.wait(timeout=120)
    if signum is None:
        scenario.duration = time.monotonic() - started
    deadline = time.monotonic() + 5
    while _group_alive(proc.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    left = _group_alive(proc.pid)
    text = err_path.read_text(encoding="utf-8", errors="replace")
    if left:
        for pid in left:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        text += f"\n[processes left running: {left}]"
    return Run(status, text, signalled)


@dataclass
class Figures:
    runs: int = 0
    interrupted: int = 0
    done_first: int = 0
    before_start: int = 0
    before_start_tracebacks: int = 0
    """Of :attr:`before_start`, those where Python's own start printed a traceback."""
    tracebacks: int = 0
    damaged: int = 0
    failures: list[str] = field(default_factory=list)

    def summary(self) -> str:
        return (
            f"{self.runs} runs: {self.interrupted} interrupted, {self.done_first} done before "
            f"the signal, {self.before_start} in the interpreter's start (of which "
            f"{self.before_start_tracebacks} with Python's own traceback); tracebacks "
            f"{self.tracebacks}, outputs damaged {self.damaged}, failures {len(self.failures)}"
        )


def _check(
    folder: Path, scenario: Scenario, signum: int, run: Run, figures: Figures, label: str
) -> None:
    """What *run* left, checked; each problem a failure of *figures*."""
    problems = []
    lines = [line for line in run.err.splitlines() if line.strip()]
    if "Traceback" in run.err or "Exception ignored" in run.err:
        figures.tracebacks += 1
        problems.append("a traceback")
    if run.status == interruption.exit_status(signum):
        figures.interrupted += 1
        if lines[-1:] != [interruption.MESSAGE] or run.err.count(interruption.MESSAGE) != 1:
            problems.append("not one 'xlfuncs: interrupted' as the last line")
    elif run.status == 0 and interruption.MESSAGE not in run.err:
        figures.done_first += 1
    else:
        problems.append(f"exit status {run.status}")
    if "processes left running" in run.err:
        problems.append("processes left running")
    left = sorted(p.name for p in folder.iterdir() if p.name.startswith("."))
    if left:
        problems.append(f"temporary files left: {left}")
    states = set()
    for name, old in scenario.outputs.items():
        data = (folder / name).read_bytes() if (folder / name).exists() else None
        if data == old:
            states.add("old")
        elif data == scenario.new[name]:
            states.add("new")
        else:
            states.add("damaged")
            problems.append(f"{name} neither the old file nor the whole new one")
    if len(states) > 1:
        problems.append(f"a pair of outputs half old, half new: {sorted(states)}")
    if run.status == 0 and states - {"new"}:
        problems.append("done, but an output not written")
    if states - {"old", "new"} or len(states) > 1:
        figures.damaged += 1
    if problems:
        figures.failures.append(f"{label}: {'; '.join(problems)}\n{run.err[-3000:]}")


def interrupt_fuzz(
    tmp_path: Path, runs: int, seed: int, *, anywhere: bool = False, start: bool = False
) -> Figures:
    """*runs* interrupted runs, the commands in turn, seeded by *seed*. *anywhere*: each
    signal to the process group or the process alone at random (else SIGINT to the group,
    SIGTERM to the process). *start*: a tenth of the runs signalled at once, during the
    interpreter's own start, counted apart (:attr:`Figures.before_start`)."""
    rng = random.Random(seed)
    scenarios = _scenarios(tmp_path)
    for k, scenario in enumerate(scenarios):  # each left alone once: its time, its outputs
        folder = tmp_path / f"reference{k}"
        folder.mkdir()
        _run(folder, scenario, None, 0.0, group=False)
        scenario.new = {name: (folder / name).read_bytes() for name in scenario.outputs}
    figures = Figures()
    for i in range(runs):
        scenario = scenarios[i % len(scenarios)]
        signum = (signal.SIGINT, signal.SIGTERM)[(i // len(scenarios)) % 2]
        group = rng.random() < 0.5 if anywhere else signum == signal.SIGINT
        delay = rng.uniform(0, scenario.duration * 1.05)
        if start and rng.random() < 0.1:
            delay = -1.0  # at once: during the interpreter's start
        folder = tmp_path / f"run{i}"
        folder.mkdir()
        for name, old in scenario.outputs.items():
            (folder / name).write_bytes(old)
        run = _run(folder, scenario, signum, delay, group=group)
        figures.runs += 1
        label = (
            f"run {i} ({scenario.name}, {signal.Signals(signum).name} to the "
            f"{'group' if group else 'process'} at {delay:.3f} s)"
        )
        if run.status == -signum and delay < 0:
            # before xlfuncs's first line: the interpreter ends as Python ends; nothing written
            figures.before_start += 1
            figures.before_start_tracebacks += "Traceback" in run.err
            if any((folder / n).read_bytes() != o for n, o in scenario.outputs.items()):
                figures.damaged += 1
                figures.failures.append(f"{label}: an output changed")
            continue
        _check(folder, scenario, signum, run, figures, label)
        if not run.signalled and run.status == 0:
            continue
        shutil.rmtree(folder)
    return figures


needs_linux = pytest.mark.skipif(not LINUX, reason="signals and /proc: Linux")


@pytest.mark.slow  # every command run again and again; the quick loop interrupts commands in
# test_parallel.test_interrupted_while_workers_compute and this file's in-process tests
@needs_linux
def test_interrupted_at_random_moments(tmp_path: Path) -> None:
    """Each command interrupted by SIGINT and by SIGTERM at seeded random moments: one line,
    130 or 143, no traceback, no temporary file, the old outputs or the whole new ones."""
    runs = int(os.environ.get("XLFUNCS_INTERRUPT", "6"))
    seed = int(os.environ.get("XLFUNCS_INTERRUPT_SEED", "31"))
    figures = interrupt_fuzz(tmp_path, runs, seed)
    assert not figures.failures, figures.summary() + "\n\n" + "\n\n".join(figures.failures[:3])
    assert figures.runs == runs
    assert figures.tracebacks == 0 and figures.damaged == 0


@needs_linux
@pytest.mark.skipif(
    not os.environ.get("XLFUNCS_INTERRUPT_LONG"),
    reason="the long run: set XLFUNCS_INTERRUPT_LONG=N",
)
def test_interrupted_long(tmp_path: Path) -> None:
    """The long run, for local use: ``XLFUNCS_INTERRUPT_LONG=300 pytest
    tests/test_interruption.py -s``; signals to the group or the process at random, and a
    tenth at the interpreter's start."""
    runs = int(os.environ["XLFUNCS_INTERRUPT_LONG"])
    seed = int(os.environ.get("XLFUNCS_INTERRUPT_SEED", "2031"))
    figures = interrupt_fuzz(tmp_path, runs, seed, anywhere=True, start=True)
    print(figures.summary())
    assert not figures.failures, figures.summary() + "\n\n" + "\n\n".join(figures.failures[:3])


# ---------------------------------------------------------------------------------------
# The parts, in this process


def test_every_commands_help_gives_the_exit_status_of_an_interruption(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from xlfuncs.cli import main

    names = [command.__name__.rsplit(".", 1)[1] for command in COMMANDS]
    for name in names:
        with pytest.raises(SystemExit) as done:
            main([name, "--help"])
        assert done.value.code == 0
        flat = " ".join(capsys.readouterr().out.split())
        assert "130 Ctrl-C (SIGINT), 143 stopped by SIGTERM (kill)" in flat, name
    assert len(names) == 11


def test_sigterm_in_a_command_ends_it_with_143_and_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from xlfuncs.cli import main
    from xlfuncs.commands import report

    before = signal.getsignal(signal.SIGTERM)
    written: list[Path] = []

    def killed(args: object) -> int:
        def write(temporary: Path) -> None:
            written.append(temporary)
            temporary.write_bytes(b"half")
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)  # the signal arrives here

        write_atomically(tmp_path / "out.txt", write)
        return 0

    monkeypatch.setattr(report, "run", killed)
    (tmp_path / "out.txt").write_bytes(b"old")
    assert main(["report", str(EVENT)]) == 143
    assert capsys.readouterr().err == "xlfuncs: interrupted\n"
    assert (tmp_path / "out.txt").read_bytes() == b"old"
    assert written and not written[0].exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]
    assert signal.getsignal(signal.SIGTERM) == before  # called as a function: put back


def test_a_signal_in_deferred_steps_is_raised_when_they_are_done(
    capsys: pytest.CaptureFixture[str],
) -> None:
    steps = []

    def work() -> int:
        with interruption.deferred():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
            steps.append("all done")  # not stopped halfway
        steps.append("never")
        return 0

    assert interruption.run_handled(work) == 130
    assert steps == ["all done"]
    assert capsys.readouterr().err == "xlfuncs: interrupted\n"


def test_outside_a_command_the_signals_are_pythons() -> None:
    with interruption.deferred():  # nothing held: the library leaves signals alone
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_failed_pair_leaves_both_old_files(tmp_path: Path) -> None:
    first, second = tmp_path / "out.xlsx", tmp_path / "out_classic.xlsx"
    first.write_bytes(b"old 1")
    second.write_bytes(b"old 2")

    def fail(temporary: Path) -> None:
        raise OSError(28, "No space left on device")

    full = "out_classic.xlsx: No space left on device"
    with pytest.raises(OutputError, match=full), written_together():
        write_atomically(first, lambda t: t.write_bytes(b"new 1"))
        write_atomically(second, fail)
    assert (first.read_bytes(), second.read_bytes()) == (b"old 1", b"old 2")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.xlsx", "out_classic.xlsx"]


def test_a_rename_that_fails_puts_the_first_file_back(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(b"old a")
    second.write_bytes(b"old b")
    with pytest.raises(OutputError, match="b.txt"), written_together():
        write_atomically(first, lambda t: t.write_bytes(b"new a"))
        write_atomically(second, lambda t: t.write_bytes(b"new b"))
        second.unlink()
        second.mkdir()  # the rename over it fails (as over a file open in Excel)
        (second / "inside").write_bytes(b"")
    assert first.read_bytes() == b"old a"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]


def test_a_pair_written_together(tmp_path: Path) -> None:
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(b"old a")
    with written_together():
        write_atomically(first, lambda t: t.write_bytes(b"new a"))
        assert first.read_bytes() == b"old a"  # renamed at the end only
        write_atomically(second, lambda t: t.write_bytes(b"new b"))
    assert (first.read_bytes(), second.read_bytes()) == (b"new a", b"new b")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "b.txt"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_gives_one_message_and_no_finaliser_error(tmp_path: Path) -> None:
    # A writer that dies on a full disk with its zip archive open (xlsxwriter's ZipFile):
    # freed later, the archive fails again and Python prints "Exception ignored in:
    # ZipFile.__del__"; the archive is let go inside write_atomically, in silence.
    reported: list[object] = []

    def write(temporary: Path) -> None:
        book = zipfile.ZipFile(open("/dev/full", "wb"), "w")  # noqa: SIM115
        book.writestr("xl/worksheets/sheet1.xml", os.urandom(1 << 20))  # the disk is full
        book.close()

    hook = sys.unraisablehook
    sys.unraisablehook = reported.append
    try:
        with pytest.raises(OutputError, match="No space left on device"):
            write_atomically(tmp_path / "out.xlsx", write)
        gc.collect()
    finally:
        sys.unraisablehook = hook
    assert reported == []
    assert list(tmp_path.iterdir()) == []
