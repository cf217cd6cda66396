"""What the commands do at the machine's limits: standard output on a full disk, and inputs
without end.

``/dev/full`` refuses every write with ENOSPC, as a full disk does; ``/dev/zero`` never ends.
Both exist on Linux; the tests are skipped elsewhere.
"""

from __future__ import annotations

import io
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest
from cli_support import run

DEMO = Path(__file__).parent.parent / "xlfuncs" / "data" / "demo_swiss.trf"
linux_devices = pytest.mark.skipif(
    not (Path("/dev/full").exists() and Path("/dev/zero").exists()), reason="no /dev/full"
)


@linux_devices
@pytest.mark.parametrize(
    "argv",
    [["report"], ["report", "--format", "csv"], ["norms"], ["period"]],
    ids=["report", "report csv", "norms", "period"],
)
def test_output_to_a_full_disk_is_an_error_not_a_traceback(argv: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "xlfuncs", *argv[:1], str(DEMO), *argv[1:]],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    said = "xlfuncs: error: cannot write the output: No space left on device\n"
    assert done.stderr.endswith(said)


@linux_devices
@pytest.mark.parametrize("command", ["report", "norms", "period"])
def test_an_endless_input_stops_at_the_limit_and_says_so(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, _, err = run(capsys, command, "/dev/zero")
    assert code == 1
    assert (
        "zero (size): expected a tournament file of at most 128 MiB (the largest real ones are "
        "under 10 MB), found more than 134,217,728 bytes" in err
    )


@linux_devices
def test_an_endless_k_file_stops_at_the_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "report", str(DEMO), "--k-file", "/dev/zero")
    assert code == 1
    assert "zero (size): expected a K file of at most 64 MiB" in err


def test_a_file_at_the_bound_is_read_and_one_byte_more_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Read a block at a time (3 bytes here) up to the bound (10 bytes here): a file of the
    bound's size is read whole, one of a byte more refused."""
    from xlfuncs.trf import TrfError, parser

    monkeypatch.setattr(parser, "MAX_TRF_BYTES", 10)
    monkeypatch.setattr(parser, "_READ_BLOCK", 3)
    assert parser.read_bounded(io.BytesIO(b"0123456789"), "ten") == b"0123456789"
    assert parser.read_bounded(io.BytesIO(b""), "empty") == b""
    with pytest.raises(TrfError, match="more than 10 bytes"):
        parser.read_bounded(io.BytesIO(b"0123456789A"), "eleven")


def test_reading_a_small_file_sets_aside_little_memory() -> None:
    """The demo's Swiss (a few kB) is read without setting aside the bound's 128 MiB."""
    from xlfuncs.trf import read_trf

    tracemalloc.start()
    try:
        read_trf(DEMO)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 << 20
