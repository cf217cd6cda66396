"""The progress bar of the long commands: drawn on a terminal, never elsewhere."""

from __future__ import annotations

import io

from xlfuncs.progress import ProgressBar, scaled


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_nothing_when_not_a_terminal() -> None:
    out = io.StringIO()
    with ProgressBar("100 players", out) as bar:
        bar("computing", 0.5)
        bar("saving", 1.0)
    assert out.getvalue() == ""


def test_a_bar_on_a_terminal_then_a_clean_line() -> None:
    out = Terminal()
    with ProgressBar("100 players", out) as bar:
        bar.INTERVAL = 0.0
        bar("computing Ra", 0.5)
        assert (
            out.getvalue() == "\r100 players [###############---------------]  50 %  computing Ra"
        )
        bar("saved", 1.0)
    text = out.getvalue()
    assert "[##############################] 100 %  saved" in text
    assert text.endswith("\r") and text.rstrip("\r").endswith(" " * 20)  # the line cleared


def test_scaled_maps_a_part_onto_the_whole() -> None:
    seen: list[tuple[str, float]] = []
    part = scaled(lambda stage, done: seen.append((stage, done)), 0.2, 0.6)
    part("a", 0.0)
    part("b", 1.0)
    assert seen == [("a", 0.2), ("b", 0.6)]
