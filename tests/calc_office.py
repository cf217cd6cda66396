"""A real LibreOffice Calc with the add-in installed, for the LibreOffice tests.

:func:`start_office` writes the add-in (``xlfuncs libreoffice``), installs it with
``unopkg add`` into a private place (a user profile and a shared-extensions cache of its
own, under the given folder: as root ``unopkg`` installs only ``--shared``, and
``UNO_SHARED_PACKAGES_CACHE`` keeps that out of the system's LibreOffice), starts a
headless office on that profile listening on a pipe of its own, and a client in the Python
that has LibreOffice's ``uno`` module (``tests/calc_client.py``). :meth:`Office.stop` ends
that office alone: told to terminate, then, if it is still there, its own process group
(the one this started) is killed, by its id.

Tests mark themselves with :data:`needs_office`: skipped where LibreOffice or ``uno`` is
missing, except where ``XLFUNCS_REQUIRE_LIBREOFFICE`` is set (``.ci/run`` sets it).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from xlfuncs.cli import main as cli

CLIENT = Path(__file__).with_name("calc_client.py")


@dataclass(frozen=True)
class Installation:
    """One LibreOffice: its ``soffice`` and ``unopkg``, and the folders its client's Python
    finds that LibreOffice's own ``uno`` module in (none: the system's ``python3-uno``).

    A client must speak to an office through that office's own ``uno``: the office answers
    with the types of its own release (a document names every interface it has), and a
    ``uno`` of an older release, whose type library lacks the newer ones, ends the
    connection on the first of them ("Binary URP bridge disposed during call")."""

    name: str
    soffice: str
    unopkg: str
    python_path: tuple[str, ...] = ()

    def version(self) -> str:
        """LibreOffice's version line (``LibreOffice 7.4.7.2 ...``)."""
        done = subprocess.run(
            [self.soffice, "--version"], capture_output=True, text=True, timeout=60
        )
        return done.stdout.strip()


def _installations() -> list[Installation]:
    """The system's LibreOffice (on the PATH: the release Debian stable ships) and the
    current release where ``XLFUNCS_LIBREOFFICE_CURRENT`` names its ``soffice``
    (``.ci/libreoffice-current`` unpacks it beside the system's)."""
    found = []
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    unopkg = shutil.which("unopkg")
    if soffice and unopkg:
        found.append(Installation("system", soffice, unopkg))
    current = os.environ.get("XLFUNCS_LIBREOFFICE_CURRENT")
    if current:
        unopkg = str(Path(current).with_name("unopkg"))
        program = Path(current).parent
        packages = program.parent.parent / "python3" / "dist-packages"
        if os.access(current, os.X_OK) and os.access(unopkg, os.X_OK):
            found.append(Installation("current", current, unopkg, (str(packages), str(program))))
    return found


INSTALLATIONS = _installations()


def _client_env(installation: Installation) -> dict[str, str]:
    """The environment of *installation*'s client: its ``uno`` first on the path."""
    env = dict(os.environ)
    if installation.python_path:
        env["PYTHONPATH"] = os.pathsep.join(installation.python_path)
    return env


def _uno_python() -> str | None:
    """A Python that imports LibreOffice's ``uno`` (``XLFUNCS_UNO_PYTHON``, else the
    system's python3), or ``None``."""
    for candidate in (os.environ.get("XLFUNCS_UNO_PYTHON"), "/usr/bin/python3"):
        if candidate and os.access(candidate, os.X_OK):
            done = subprocess.run(
                [candidate, "-c", "import uno"], capture_output=True, check=False, timeout=60
            )
            if done.returncode == 0:
                return candidate
    return None


UNO_PYTHON = _uno_python() if INSTALLATIONS else None

needs_office = pytest.mark.skipif(
    UNO_PYTHON is None and not os.environ.get("XLFUNCS_REQUIRE_LIBREOFFICE"),
    reason="LibreOffice (soffice, unopkg) or its Python uno module not installed",
)


class Office:
    """A headless LibreOffice started by :func:`start_office`, and its UNO client."""

    def __init__(
        self,
        installation: Installation,
        office: subprocess.Popen[bytes],
        client: subprocess.Popen[str],
    ) -> None:
        self.installation = installation
        self.office = office
        self.client = client

    def version(self) -> str:
        """This office's version line."""
        return self.installation.version()

    def ask(self, job: dict[str, Any]) -> Any:
        """Send *job* to the client; its result (an error of the client fails the test)."""
        assert self.client.stdin is not None and self.client.stdout is not None
        self.client.stdin.write(json.dumps(job) + "\n")
        self.client.stdin.flush()
        line = self.client.stdout.readline()
        if not line:
            raise RuntimeError("the LibreOffice client ended: " + self._client_error())
        answer = json.loads(line)
        if not answer["ok"]:
            raise RuntimeError(answer["error"])
        return answer.get("result")

    def cases(self, cases: list[dict[str, Any]]) -> list[list[list[Any]]]:
        """The answers of *cases* (see ``tests/calc_client.py``), typed into a new sheet and
        recalculated in full."""
        result: list[list[list[Any]]] = self.ask({"op": "cases", "cases": cases})
        return result

    def _client_error(self) -> str:
        if self.client.stderr is None:
            return ""
        try:
            return self.client.stderr.read()[-2000:]
        except (OSError, ValueError):
            return ""

    def stop(self) -> None:
        """End the office this started (and its client), and nothing else."""
        try:
            if self.client.poll() is None:
                self.ask({"op": "quit"})
        except (OSError, RuntimeError, ValueError):
            pass
        for process in (self.client, self.office):
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)  # its own group: started below
                process.wait(timeout=15)


def _install(unopkg: str, oxt: Path, env_args: list[str]) -> None:
    done = subprocess.run(
        [unopkg, "add", "--shared", *env_args, str(oxt)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"unopkg add failed: {done.stdout}{done.stderr}")


def start_office(folder: Path, installation: Installation) -> Office:
    """Write and install the add-in under *folder* into *installation*, start an office on a
    profile there with the add-in, and its client; raises where ``uno`` is missing."""
    if UNO_PYTHON is None:
        raise RuntimeError("LibreOffice's Python uno module is missing")
    folder.mkdir(parents=True, exist_ok=True)
    assert cli(["libreoffice", "-o", str(folder), "--force"]) == 0
    env_args = [
        f"-env:UserInstallation={(folder / 'profile').as_uri()}",
        f"-env:UNO_SHARED_PACKAGES_CACHE={(folder / 'shared').as_uri()}",
    ]
    _install(installation.unopkg, folder / "xlfuncs.oxt", env_args)
    pipe = f"xlfuncs_{os.getpid()}_{time.monotonic_ns()}"
    office = subprocess.Popen(
        [
            installation.soffice,
            "--headless",
            "--invisible",
            "--nologo",
            "--norestore",
            "--nodefault",
            "--nolockcheck",
            *env_args,
            f"--accept=pipe,name={pipe};urp;StarOffice.ComponentContext",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # a process group of its own, ended by its id
    )
    client = subprocess.Popen(
        [UNO_PYTHON, str(CLIENT), pipe],
        env=_client_env(installation),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    return Office(installation, office, client)
