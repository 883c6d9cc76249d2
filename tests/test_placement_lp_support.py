"""The blend's and the final score's search within what the LP's optimum lays (planner/placement/lp_support.py):
the pairs it bars, and answers the same as exhaustive search when every search starts there."""

from __future__ import annotations

import pytest

from planner.placement.lp_support import support_fixings
from tests.test_placement import test_boards  # noqa: F401  (the fixture)
from tests.test_placement_income_bound import corner_snapshot
from tests.test_placement_points_bound import bound_and_model


def test_every_candidate_of_a_pair_the_point_lays_nothing_of_is_barred(test_boards):
    pm, _ = bound_and_model(corner_snapshot({"oil": 1, "wool": 1, "silver": 2}))
    point = [0.0] * len(pm.model.proto.variables)
    laid = next(i for i, c in enumerate(pm.candidates) if c.piece == "oil")
    point[pm.x_index[laid]] = 0.5  # a fraction laid counts
    other = next(i for i, c in enumerate(pm.candidates) if c.piece == "silver")
    point[pm.x_index[other]] = 1e-9  # GLOP's noise does not
    barred = {j for j, value in support_fixings(pm)(tuple(point))}
    kept = {j for c, j in zip(pm.candidates, pm.x_index) if c.piece == "oil" and c.board == pm.candidates[laid].board}
    assert barred == set(pm.x_index) - kept
    assert all(value == 0 for _, value in support_fixings(pm)(tuple(point)))



@pytest.mark.parametrize("objective", ["blend", "final"])
@pytest.mark.parametrize("bar_all", [False, True])
def test_windows_searched_within_the_support_leave_the_answer_exact(test_boards, monkeypatch, bar_all, objective):  # noqa: F811
    """Every window's first search reported out of its cap, so each is searched within the LP's
    support (or within a support barring every tile, where nothing is found): the windows and the
    whole search still give exhaustive search's blend and final score (the LP path forced on the
    small cases)."""
    import planner.placement.lp_support as lp_support
    from tests.test_cpsat import first_windows_out_of_cap
    from tests.test_placement import test_the_lp_bound_path_matches_exhaustive_search

    calls: list = []
    first_windows_out_of_cap(monkeypatch, calls)
    if bar_all:
        monkeypatch.setattr(lp_support, "support_fixings", lambda pm: lambda point: [(j, 0) for j in pm.x_index])
    test_the_lp_bound_path_matches_exhaustive_search(test_boards, objective, monkeypatch)
    # a window's own first search and its search within the support: the same target, the same cap, one after the other
    assert any(a == b and a[1] == lp_support_work() for a, b in zip(calls, calls[1:]))


def lp_support_work() -> float:
    from planner.placement.solve import SUPPORT_WORK

    return SUPPORT_WORK
