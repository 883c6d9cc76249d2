"""The placement's no-good cuts (a layout with no legal laying order is cut off and solved again)
are bounded: past MAX_ORDER_CUTS the legal greedy layout is the answer; and two tiles no order lays
together never reach them (PlacementModel.add_order_pairs)."""

from __future__ import annotations

from pathlib import Path

from ortools.sat.python import cp_model

from benchmarks.placement_random import random_case
from models.snapshot import parse_snapshot, read_snapshot
from models.values import default_values
from planner.cpsat import fix_values
from planner.placement import Settings
from planner.placement.candidates import all_candidates, board_states
from planner.placement.model import PlacementModel, order_conflicts
from planner.placement.request import Choice, choose_objective, is_final_placement, placeable_supply
from planner.placement.solve import MAX_ORDER_CUTS, searched_objective, solve_placement

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


def five_eight() -> PlacementModel:
    snapshot = random_case("five", 8)
    final = is_final_placement(snapshot, False)
    supply = placeable_supply(snapshot, {}, final)
    states = board_states(snapshot)
    return PlacementModel(states, supply, all_candidates(states, supply), final, default_values())


def test_two_tiles_each_needing_the_other_laid_first_are_never_chosen_together():
    # five-8 of benchmarks/placement_random.py: the static income rule let a fibula and a silver through
    # together, each covering a cell below or left of an income cell the other covers, and the bonus
    # level's best layout found within the benchmark's limit was refused for want of an order
    pm = five_eight()
    states, candidates = pm.states, pm.candidates
    pm.add_order_pairs()
    pairs = order_conflicts(states, candidates, {i: frozenset((c.board, cell) for cell in c.cells) for i, c in enumerate(candidates)})
    named = [(i, j) for i, j in sorted(pairs) if {candidates[i].piece, candidates[j].piece} == {"fibula", "silver"} and candidates[i].board == 1]
    assert named
    i, j = named[0]
    model = pm.model.clone()
    fix_values(model, [(pm.x_index[i], 1), (pm.x_index[j], 1)])
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.max_deterministic_time = 5.0
    assert solver.solve(model) == cp_model.INFEASIBLE


def test_the_blend_gets_the_order_pairs_late_into_the_copy_it_solves():
    """The blend's level carries the pairs as `Level.late` (planner.cpsat adds them to its whole search after
    a window ran out of its cap): one clause per pair into the copy, the model itself left as it was."""
    pm = five_eight()
    level = searched_objective(pm, Choice("blend", 2, "test")).levels[0]
    before = len(pm.model.proto.constraints)
    copy = pm.model.clone()
    level.late(copy)
    assert len(copy.proto.constraints) == before + len(pm.order_pair_list()) > before
    assert len(pm.model.proto.constraints) == before and not pm.order_pairs
    i, j = pm.order_pair_list()[0]
    assert list(copy.proto.constraints[before].bool_or.literals) == [-pm.x_index[i] - 1, -pm.x_index[j] - 1]  # not both
    pm.add_order_pairs()  # the income objective's: into the model, once
    pm.add_order_pairs()
    assert len(pm.model.proto.constraints) == before + len(pm.order_pair_list())
