"""The per-choice cover model (planner/placement/cover_model.py) against the exhaustive search of
tests/test_placement.py: it never refutes an income some legal layout pays, a cover it finds is a
legal layout paying that income, and where it refutes the area bound the income level is settled
below it with no CP-SAT search of that level."""

from __future__ import annotations

import time

import pytest

import planner.placement.solve
from models.values import default_values
from planner.placement import Settings, place
from planner.placement.candidates import all_candidates, board_states
from planner.placement.clock import deadline
from planner.placement.cover_model import Settled, cells_of, cover_of, settle_income
from planner.placement.income_bound import area_income_bound
from planner.placement.income_layout import combinations_at
from planner.placement.model import PlacementModel
from planner.placement.request import placeable_supply
from planner.placement.solve import evaluate
from tests.test_placement import CORNER, SOLVER, best, snap  # noqa: F401
from tests.test_placement import test_boards  # noqa: F401  (the fixture)
from tests.test_placement_income_bound import CASES, corner_snapshot

# (supply, the area bound, the best income of any legal layout): two greens of area 4 would cover
# the depth-2 staircase's 3 cells, but only edge to edge; a blue beside a green may
MORE = [({"oil": 2}, 2, 1), ({"oil": 1, "rune-stone": 1}, 2, 2), ({"hide": 1, "silver": 1}, 2, 2), ({"linen": 1, "silver": 3}, 4, 2)]


def prepared(supply: dict[str, int]):
    s = corner_snapshot(supply)
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    cands = all_candidates(states, pieces)
    return states, pieces, cands, PlacementModel(states, pieces, cands, False, default_values())


@pytest.mark.parametrize("supply, bound, optimum", CASES + MORE)
def test_no_income_a_legal_layout_pays_is_refuted(test_boards, supply, bound, optimum):
    states, pieces, cands, pm = prepared(supply)
    assert area_income_bound(states, pieces) == bound
    assert best(CORNER, supply, lambda t: t[0]) == optimum
    for income in range(bound + 1):
        outcomes = [cover_of(states, pieces, cands, *cells_of(combo), 5.0) for combo in combinations_at(states, pieces, income)]
        assert all(status in ("OPTIMAL", "INFEASIBLE") for status, _, _ in outcomes)  # the corner is decided at once
        for _, chosen, _ in outcomes:
            assert chosen is None or evaluate(pm, set(chosen), {})["income"] == income
        if income == optimum:
            assert any(chosen is not None for _, chosen, _ in outcomes)
        if income > optimum:
            assert all(chosen is None for _, chosen, _ in outcomes)


@pytest.mark.parametrize("supply, bound, optimum", CASES + MORE)
def test_the_settled_bound_is_the_optimum(test_boards, supply, bound, optimum):
    """From the area bound down to nothing in hand: every income above the optimum refuted, a cover at it."""
    states, pieces, cands, pm = prepared(supply)
    settled = settle_income(states, pieces, cands, bound, -1, lambda chosen: True)
    assert settled.bound == optimum
    assert settled.chosen is not None and evaluate(pm, set(settled.chosen), {})["income"] == optimum
    with deadline(0.1, time.monotonic() - 1.0):  # past the user's time limit: nothing refuted, nothing found
        assert settle_income(states, pieces, cands, bound, -1, lambda chosen: True) == Settled(bound, None, 0.0)


def test_a_refuted_bound_settles_the_income_level(test_boards, monkeypatch):
    """Two oils: the area bound says 2, the model refutes it (green beside green), and the income
    level is fixed at 1 with no CP-SAT solve; the answer is exhaustive search's optimum."""
    import planner.cpsat

    reached = []
    solve = planner.cpsat.solve_lexicographic
    monkeypatch.setattr(planner.placement.solve, "solve_lexicographic", lambda model, levels, *a, **k: reached.append(levels[0].reached) or solve(model, levels, *a, **k))
    report = place(corner_snapshot({"oil": 2}), Settings(objective="income", **SOLVER))
    assert reached[0] == 1
    assert report.result.status == "OPTIMAL" and report.result.income_after == 1 and report.result.bound == 1


def test_without_the_model_the_bound_stays(test_boards, monkeypatch):
    """The test above can fail: with the cover model refuting nothing, the level is not settled at 1."""
    import planner.cpsat

    reached = []
    solve = planner.cpsat.solve_lexicographic
    monkeypatch.setattr(planner.placement.cover_model, "cover_of", lambda *a: ("UNKNOWN", None, 0.0))
    monkeypatch.setattr(planner.placement.solve, "solve_lexicographic", lambda model, levels, *a, **k: reached.append(levels[0].reached) or solve(model, levels, *a, **k))
    report = place(corner_snapshot({"oil": 2}), Settings(objective="income", **SOLVER))
    assert reached[0] is None and report.result.income_after == 1
