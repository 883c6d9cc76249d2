"""The placement's no-good cuts (a layout with no legal laying order is cut off and solved again)
are bounded: past MAX_ORDER_CUTS the legal greedy layout is the answer."""

from __future__ import annotations

from pathlib import Path

from models.snapshot import read_snapshot
from planner.placement import Settings
from planner.placement.request import choose_objective
from planner.placement.solve import MAX_ORDER_CUTS, solve_placement

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_layout_never_given_an_order_ends_at_the_greedy_layout_after_the_last_cut():
    snapshot = read_snapshot(FIXTURES / "place_mid.json")
    settings = Settings(objective="final", workers=1, seed=7, time_limit=30, work_limit=1.0)
    calls = []

    def never(board, placements):  # a checker that finds no order for any new tile
        calls.append(board)
        return None

    result = solve_placement(snapshot, settings, choose_objective(snapshot, settings), never)
    assert result.status == "FEASIBLE" and result.cuts == MAX_ORDER_CUTS
    assert f"within {MAX_ORDER_CUTS} cuts" in result.message
    assert calls  # every CP-SAT layout was put to the checker
