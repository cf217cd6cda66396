"""How much the property tests and the seeded fuzzers do in one run.

The whole suite (the README's command) gives each its full budget: the number of examples in
its ``@settings(max_examples=...)`` (Hypothesis's default without one), the number of
mutations or calls its ``XLFUNCS_*`` variable sets or its default. The quick loop, a run
that leaves out the slow tests (``pytest -m "not slow"``), gives each a share of it
(:data:`QUICK_SHARE`), at least :data:`QUICK_LEAST`: the same tests, the same seeds, the same
checks, fewer cases. A number set in the environment is always taken as it is. A fuzzer that
makes one test of each seed runs its share of the seeds, the others marked ``slow``
(:func:`seeds`).

:func:`conftest.pytest_configure` says which run this is (:func:`set_quick`), before the
test modules are imported (``@settings`` is read when a module is).
"""

from __future__ import annotations

import os
from typing import Any

QUICK_SHARE = 4
"""The quick loop runs a quarter of each budget."""

QUICK_LEAST = 10
"""...and never fewer than ten cases (or the full budget, if smaller)."""

_quick = False


def set_quick(markexpr: str) -> None:
    """Take the quick budgets if the run's marker expression *markexpr* (``-m``) leaves out
    the slow tests (``not slow``); then a property test without its own ``max_examples``
    runs its share of Hypothesis's default too (the profile ``quick``)."""
    global _quick
    _quick = "not slow" in " ".join(markexpr.split())
    if _quick:
        from hypothesis import settings

        settings.register_profile(
            "quick", settings.default, max_examples=examples(settings.default.max_examples)
        )
        settings.load_profile("quick")


def quick() -> bool:
    """True in the quick loop (see :func:`set_quick`)."""
    return _quick


def share(full: int) -> int:
    """The quick loop's share of a budget of *full* cases."""
    return max(min(full, QUICK_LEAST), full // QUICK_SHARE)


def examples(full: int) -> int:
    """The ``max_examples`` of a property test whose full budget is *full*."""
    return share(full) if _quick else full


def seeds(full: int) -> list[Any]:
    """The seeds ``0 .. full - 1`` of a fuzzer that makes one test of each (parametrized):
    those beyond the quick loop's :func:`share` marked ``slow``, so that the quick loop runs
    its share and the whole suite every one, under the same test names."""
    import pytest

    return [
        pytest.param(s, marks=[pytest.mark.slow] if s >= share(full) else []) for s in range(full)
    ]


def budget(variable: str, full: int) -> int:
    """A fuzzer's number of cases: the environment's *variable* if set, else *full* (the
    full suite) or its share (the quick loop, :func:`examples`)."""
    given = os.environ.get(variable)
    return int(given) if given else examples(full)
