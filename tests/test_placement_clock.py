"""The user's time limit (planner/placement/clock.py): with none, nothing is ever out of time, so the
answer depends on node budgets alone; with one, the cover searches stop once it has passed and the
placement still returns a checked layout, honestly labelled."""

from __future__ import annotations

import time

from planner.placement.clock import deadline, limited, out_of_time, seconds_left
from planner.placement.cover_search import first_cover, search_for
from tests.test_placement_cover_search import shetland
from tests.test_placement_piece_search import needs


def test_no_limit_is_never_out_of_time():
    assert not limited() and not out_of_time()
    with deadline(None, time.monotonic() - 1e6):
        assert not limited() and not out_of_time()


def test_a_limit_runs_out_and_ends_with_its_block():
    with deadline(0.5, time.monotonic() - 1.0):
        assert limited() and out_of_time()
    with deadline(60.0, time.monotonic()):
        assert limited() and not out_of_time()
    assert not limited() and not out_of_time()


def test_the_seconds_left_for_cp_sats_own_clock():
    """cover_model.cover_of gives CP-SAT what is left (the bonus level's walk allows a choice 2.5 units, seconds)."""
    assert seconds_left() is None
    with deadline(0.5, time.monotonic() - 1.0):
        assert seconds_left() == 0.0
    with deadline(60.0, time.monotonic()):
        assert 59.0 < seconds_left() <= 60.0


def coverable():
    """Shetland's needed cells of the first random choice that has a cover: a fresh pair of searches for it."""
    candidates, pieces, index = shetland({"flax": 2, "beans": 2, "oil": 1, "fur": 1, "linen": 1})
    for need, free in needs(candidates, 7, 25):
        searches = lambda need=need, free=free: [search_for(need, free, pieces, index, first) for first in (True, False)]  # noqa: E731
        if first_cover(searches(), 10_000) is not None:
            return searches
    raise AssertionError("no random choice of cells has a cover")


def test_the_cover_search_stops_once_the_limit_has_passed():
    searches = coverable()
    with deadline(60.0, time.monotonic()):
        assert first_cover(searches(), 10_000) is not None  # found within the limit
    with deadline(0.1, time.monotonic() - 1.0):
        assert first_cover(searches(), 10_000) is None  # not found in time: not "none exists"


def test_a_placement_past_its_limit_is_checked_and_labelled():
    """A random late inventory whose income cover search takes seconds (late-16), given 0.01 s: the searches
    stop at once, and the answer is a layout the rule checker passed (place() checks it), not claimed proven."""
    from benchmarks.placement_random import random_case
    from planner.placement import Settings, place

    report = place(random_case("late", 16), Settings(objective="income", workers=1, time_limit=0.01))
    assert report.result.status == "FEASIBLE" and "limit" in report.result.message
    assert report.score_after.income >= 9  # at least the greedy layout's income
