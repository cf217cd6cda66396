"""Ctrl-C and ``kill``: how the ``xlfuncs`` command stops when it is asked to.

SIGINT (Ctrl-C) and SIGTERM are handled the same way at every moment of a command
(:func:`run_handled`, around the whole run in :func:`xlfuncs.cli.main`): the first one raises
:class:`Interrupted` where the command is, so that every ``finally`` runs, and the command
ends with one line, ``xlfuncs: interrupted``, and the exit status ``128 +`` the signal's
number (the shells' convention). A second signal while the command stops is noted and changes
nothing, and so is one that arrives when the command is done.

:func:`deferred` holds the signals over steps that must be done together or not at all;
:func:`quiet_children` forks worker processes that start with the signals held and then leave
them to the operating system (:func:`worker_signals`).

Outside :func:`run_handled` (the library in a spreadsheet, a test calling a function) nothing
here changes how Python treats a signal. This module imports nothing from the package.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Callable, Iterator
from types import FrameType

__all__ = [
    "HELP",
    "MESSAGE",
    "SIGNALS",
    "Interrupted",
    "deferred",
    "exit_status",
    "on_interruption",
    "quiet_children",
    "run_handled",
    "worker_signals",
]

SIGNALS: tuple[signal.Signals, ...] = (signal.SIGINT, signal.SIGTERM)
"""The signals a command stops on."""

MESSAGE = "xlfuncs: interrupted"
"""The one line a stopped command prints on standard error."""

HELP = (
    "exit status when interrupted (every command): 130 Ctrl-C (SIGINT), 143 stopped by "
    "SIGTERM (kill); nothing half-written is left"
)
"""The exit statuses of an interruption, as each command's ``--help`` gives them."""


class Interrupted(KeyboardInterrupt):
    """Raised where the command is when SIGINT or SIGTERM arrives. A
    :class:`KeyboardInterrupt`, so that what stops on Ctrl-C stops on it too, and what catches
    :class:`Exception` does not catch it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_status(signum: int) -> int:
    """The exit status of a command stopped by the signal *signum*: 130 for SIGINT, 143 for
    SIGTERM."""
    return 128 + int(signum)


class _State:
    """Where the command is, as the handler sees it."""

    def __init__(self) -> None:
        self.installed = False
        self.cleanups: list[Callable[[], None]] = []
        self.reset()

    def reset(self) -> None:
        """The state of a run that has just begun."""
        self.deferring = 0
        self.received: int | None = None  # the first signal, once it arrived
        self.raised = False  # Interrupted raised for it (or held by deferred())
        self.closing = False  # the command is done: its handlers are being taken down


_STATE = _State()


def _handler(signum: int, frame: FrameType | None) -> None:
    state = _STATE
    if state.received is not None or state.closing:
        return  # stopping already (the first signal decides), or done
    state.received = signum
    if state.deferring:
        return  # raised when the deferred steps are done
    state.raised = True
    raise Interrupted(signum)


@contextlib.contextmanager
def deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM over the block: one that arrives inside is raised as
    :class:`Interrupted` when the block ends (when the block itself raised, that exception
    goes on, and :func:`run_handled` still ends the command as interrupted). Nothing is
    held outside :func:`run_handled` (Python's handlers stay)."""
    state = _STATE
    if not state.installed:
        yield
        return
    state.deferring += 1
    try:
        yield
    finally:
        state.deferring -= 1
    if not state.deferring and state.received is not None and not state.raised:
        state.raised = True
        raise Interrupted(state.received)


def on_interruption(cleanup: Callable[[], None]) -> None:
    """Have *cleanup* run when a command is interrupted, before its message (e.g. stop the
    child processes it started); an error it raises is ignored."""
    if cleanup not in _STATE.cleanups:
        _STATE.cleanups.append(cleanup)


def run_handled(work: Callable[[], int], *, until_exit: bool = False) -> int:
    """Run *work* (a command; it returns its exit status) with SIGINT and SIGTERM handled:
    :class:`Interrupted` is raised where it is, and caught here, and so is any error once a
    signal arrived; then the clean-ups run, the message is printed and the status is 130 or
    143. *until_exit*: *work* is the whole process (the ``xlfuncs`` command), so a signal
    after it, when the command is done and the process ends, is ignored (the exit status is
    the command's; the interpreter's own end would otherwise die of it); otherwise the
    handlers before it are put back. Only the main thread can handle signals: elsewhere
    *work* runs as it is."""
    state = _STATE
    if state.installed:
        return work()
    previous = {sig: signal.getsignal(sig) for sig in SIGNALS}
    state.reset()
    state.deferring = 1  # a signal while the handlers are being set is noted
    try:
        for sig in SIGNALS:
            signal.signal(sig, _handler)
    except ValueError:  # not the main thread: no handler set
        state.deferring = 0
        return work()
    state.installed = True
    code: int | None = None
    try:
        state.deferring = 0
        if state.received is not None:
            raise Interrupted(state.received)
        code = work()
    except KeyboardInterrupt as exc:
        signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        state.received = state.received or signum
    except BaseException:
        if state.received is None:
            raise  # not ours: a bug's traceback is shown as it is
        # else an error the signal caused (a worker it ended) or met while it was held
    finally:
        state.closing = True  # from here, a signal is noted and nothing more
        state.installed = False
        for sig in SIGNALS:
            before = previous[sig]
            signal.signal(
                sig, signal.SIG_IGN if until_exit else signal.SIG_DFL if before is None else before
            )
    arrived = state.received
    state.reset()
    if arrived is None:
        return code or 0
    # raised, or held and the work ended by another way
    for cleanup in list(state.cleanups):
        with contextlib.suppress(Exception):
            cleanup()
    with contextlib.suppress(OSError, ValueError):
        print(MESSAGE, file=sys.stderr, flush=True)
    return exit_status(arrived)


@contextlib.contextmanager
def quiet_children() -> Iterator[None]:
    """Hold SIGINT and SIGTERM at the operating system's level over the block, where worker
    processes are forked: a worker starts with them held, until :func:`worker_signals` gives
    them their default action. The parent gets any signal that arrived when the block
    ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def worker_signals() -> None:
    """In a worker process: SIGINT and SIGTERM end it at once and in silence (the default
    action; its parent stops it or is stopped with it, and says so), then let through."""
    for sig in SIGNALS:
        signal.signal(sig, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, SIGNALS)
