"""The user's wall-clock limit (`affo place --time-limit`), as the searches that build the hint see it.

Without a limit nothing here ever stops a search: they run on node budgets, so the same input gives
the same answer. With one, `solve_placement` sets the instant it runs out, and what runs before
CP-SAT stops once it has passed: the cover searches that look for the solver's hint
(income_layout.py's walks, cover_search.first_cover), the per-choice models that settle the income
level (cover_model.settle_income) and the bonus level's LPs (bonus_lp.py). A search stopped so
returns "not found in time", never "no cover exists", and a bound not checked stands where it was,
so nothing is claimed that was not proven. CP-SAT gets what time is left (planner/cpsat.py's Budget). A context variable rather
than a parameter through every search, because only the outermost call knows the limit and only
the innermost loops ask.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_DEADLINE: ContextVar[float | None] = ContextVar("placement_deadline", default=None)


@contextmanager
def deadline(seconds: float | None, start: float) -> Iterator[None]:
    """Within the block, `out_of_time()` turns true `seconds` after `start` (time.monotonic); None: never."""
    token = _DEADLINE.set(None if seconds is None else start + seconds)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def limited() -> bool:
    """Whether the user set a time limit (the searches may then be ordered for it)."""
    return _DEADLINE.get() is not None


def seconds_left() -> float | None:
    """The seconds left before the user's limit (0 once past it), or None without one: for a CP-SAT search's own clock."""
    at = _DEADLINE.get()
    return None if at is None else max(0.0, at - time.monotonic())


def out_of_time() -> bool:
    """Whether the user's limit, if one was set, has passed."""
    at = _DEADLINE.get()
    return at is not None and time.monotonic() >= at
