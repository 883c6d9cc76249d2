"""The placement's no-good cuts (a layout with no legal laying order is cut off and solved again)
are bounded: past MAX_ORDER_CUTS the legal greedy layout is the answer."""

from __future__ import annotations

from pathlib import Path

from models.snapshot import parse_snapshot, read_snapshot
from planner.placement import Settings
from planner.placement.request import choose_objective
from planner.placement.solve import MAX_ORDER_CUTS, solve_placement

FIXTURES = Path(__file__).parent / "fixtures"


EARLY = {"format": "affo-snapshot/1", "game": {"round": 2}, "player": {"silver": 3, "goods": {"oil": 1, "wool": 1, "hide": 1}, "boards": [{"id": "home", "board": "home-long"}]}}


def never(board, placements):  # a checker that finds no order for any new tile
    return None


def test_a_layout_never_given_an_order_ends_at_the_greedy_layout_after_the_last_cut():
    snapshot = parse_snapshot(EARLY)
    settings = Settings(objective="final", workers=1, seed=7, work_limit=20.0)
    calls = []
    result = solve_placement(snapshot, settings, choose_objective(snapshot, settings), lambda board, placements: calls.append(board))
    assert result.status == "FEASIBLE" and result.cuts == MAX_ORDER_CUTS
    assert f"within {MAX_ORDER_CUTS} cuts" in result.message
    assert len(calls) == MAX_ORDER_CUTS + 1  # every CP-SAT layout was put to the checker


def test_the_work_limit_covers_every_pass_not_each():
    """A pass after a cut solves with what is left of the one budget: the blend on mid needs more
    than 0.3 units to prove, so the first pass spends them all and the next finds nothing in what
    is left; the answer is the greedy layout (before, each of the 21 passes spent 0.3 of its own)."""
    snapshot = read_snapshot(FIXTURES / "place_mid.json")
    settings = Settings(objective="blend", workers=1, seed=0, work_limit=0.3)
    result = solve_placement(snapshot, settings, choose_objective(snapshot, settings), never)
    assert result.work <= 0.3 + 0.02
    assert result.cuts < MAX_ORDER_CUTS and "greedy layout" in result.message
