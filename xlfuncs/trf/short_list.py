"""Long lists in messages: the first few items and how many more."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["short_list"]


def short_list(items: Sequence[str], limit: int = 12, sep: str = ", ", more: str = " and ") -> str:
    """*items* for a message, separated by *sep*, the first *limit* of them and, after
    *more*, how many more.

    >>> short_list(["no. 1", "no. 2", "no. 3"], 2)
    'no. 1, no. 2 and 1 more'
    >>> short_list(["line 2", "line 3", "line 4"], 2, "; ", "; and ")
    'line 2; line 3; and 1 more'
    """
    if len(items) <= limit:
        return sep.join(items)
    return f"{sep.join(items[:limit])}{more}{len(items) - limit} more"
