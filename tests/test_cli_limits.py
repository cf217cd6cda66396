"""What the commands do at the machine's limits: standard output on a full disk, and inputs
without end.

``/dev/full`` refuses every write with ENOSPC, as a full disk does; ``/dev/zero`` never ends.
Both exist on Linux; the tests are skipped elsewhere.
"""

from __future__ import annotations

import subprocess
import sys
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
