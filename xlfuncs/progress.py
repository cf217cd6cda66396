"""A progress bar for the long commands, drawn on a terminal and nowhere else: the work
reports how far it is with a :data:`Progress` callback, and :class:`ProgressBar` is one that
redraws one line of standard error, at most ten times a second.
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable
from typing import TextIO

__all__ = ["Progress", "ProgressBar", "no_progress", "scaled"]

Progress = Callable[[str, float], None]
"""Called with what is being done and the fraction of the whole done (0 to 1)."""


def no_progress(stage: str, done: float) -> None:
    """The :data:`Progress` that shows nothing."""


def scaled(progress: Progress, start: float, end: float) -> Progress:
    """*progress* for a part of the work that runs from *start* to *end* of the whole.

    >>> seen = []
    >>> half = scaled(lambda stage, done: seen.append((stage, done)), 0.5, 1.0)
    >>> half("writing", 0.5)
    >>> seen
    [('writing', 0.75)]
    """

    def part(stage: str, done: float) -> None:
        progress(stage, start + (end - start) * done)

    return part


class ProgressBar(contextlib.AbstractContextManager["ProgressBar"]):
    """A :data:`Progress` that draws ``label [#######-------]  45 %  stage`` on *stream*
    (standard error by default) when it is a terminal; otherwise it draws nothing. Leaving it
    as a context manager clears the line."""

    WIDTH = 30
    """Characters of the bar itself."""
    INTERVAL = 0.1
    """Seconds between two redraws (the last fraction is always drawn on leaving)."""

    def __init__(self, label: str, stream: TextIO | None = None) -> None:
        self.stream = sys.stderr if stream is None else stream
        self.label = label
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(isatty is not None and isatty())
        self._last = 0.0
        self._drawn = 0

    def __call__(self, stage: str, done: float) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < self.INTERVAL and done < 1:
            return
        self._last = now
        done = min(max(done, 0.0), 1.0)
        filled = round(done * self.WIDTH)
        line = (
            f"{self.label} [{'#' * filled}{'-' * (self.WIDTH - filled)}] "
            f"{done * 100:3.0f} %  {stage}"
        )
        pad = " " * max(self._drawn - len(line), 0)
        self.stream.write(f"\r{line}{pad}")
        self.stream.flush()
        self._drawn = len(line)

    def close(self) -> None:
        """Clear the bar's line (nothing when nothing was drawn)."""
        if self.enabled and self._drawn:
            self.stream.write("\r" + " " * self._drawn + "\r")
            self.stream.flush()
            self._drawn = 0

    def __exit__(self, *exc: object) -> None:
        self.close()
