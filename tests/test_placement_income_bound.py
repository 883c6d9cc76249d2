"""The area bound on income (planner/placement/income_bound.py) and the cover search reaching it
(income_layout.py) against the exhaustive search of tests/test_placement.py: the bound never
below the best income any legal layout reaches, equal to it where the supply fits the staircase,
and a layout reaching it reported OPTIMAL."""

from __future__ import annotations

import pytest

import planner.placement.solve
from models.pieces import piece
from models.values import default_values
from planner.placement import Settings, place
from planner.placement.candidates import all_candidates, board_states
from planner.placement.income_bound import area_income_bound, depth_options
from planner.placement.income_layout import income_layout
from planner.placement.model import PlacementModel
from planner.placement.request import placeable_supply
from planner.placement.solve import evaluate
from tests.test_placement import CORNER, SOLVER, best, snap, terms, test_boards  # noqa: F401  (test_boards: the fixture)

# The corner's one track: depth 1 needs (3,0); depth 2 also (3,1), (2,1); depth 3 seven cells;
# depth 4 every cell but the two bonus cells (14). Its values are 0, 1, 2, 4, then 6.
CASES = [  # (supply, the area bound, the best income of any legal layout)
    ({"silver": 1}, 1, 1),
    ({"oil": 1}, 1, 1),
    ({"oil": 1, "silver": 1}, 2, 2),
    ({"wool": 1}, 2, 2),  # a 2x2 over the bonus cell (2,0) covers the depth-2 staircase
    ({"hide": 1}, 2, 1),  # 3 cells, but no 3x1 covers (3,0), (3,1), (2,1): the bound is loose
    ({"oil": 1, "wool": 1, "rune-stone": 1, "silver": 1}, 4, 4),
]


def corner_snapshot(supply: dict[str, int]):
    goods = {k: n for k, n in supply.items() if k != "silver"}
    return snap([{"id": "home", "board": "home-short"}], silver=supply.get("silver", 0), goods=goods)


def test_depth_options_of_the_corner(test_boards):
    state = board_states(corner_snapshot({"silver": 1}))[0]
    options = {o.depths: (o.income, len(o.need)) for o in depth_options(state)}
    assert options == {(0,): (0, 0), (1,): (1, 1), (2,): (2, 3), (3,): (4, 7), (4,): (6, 14)}


@pytest.mark.parametrize("supply, bound, optimum", CASES)
def test_area_bound_against_exhaustive_search(test_boards, supply, bound, optimum):
    s = corner_snapshot(supply)
    assert area_income_bound(board_states(s), placeable_supply(s, {}, False)) == bound
    assert best(CORNER, supply, lambda t: t[0]) == optimum


@pytest.mark.parametrize("supply, bound, optimum", CASES)
def test_income_objective_reaches_the_exhaustive_optimum_under_the_cut(test_boards, supply, bound, optimum):
    """The model carries income <= bound as a constraint: the optimum must survive it."""
    report = place(corner_snapshot(supply), Settings(objective="income", **SOLVER))
    assert report.result.status == "OPTIMAL"
    assert report.result.income_after == optimum


def test_a_fixed_tile_is_not_needed_again(test_boards):
    s = snap([{"id": "home", "board": "home-short", "placements": [{"piece": "silver", "row": 3, "col": 0}]}], silver=2)
    state = board_states(s)[0]
    assert {o.depths: len(o.need) for o in depth_options(state)} == {(1,): 0, (2,): 2, (3,): 6, (4,): 13}
    assert area_income_bound([state], placeable_supply(s, {}, False)) == 2


@pytest.mark.parametrize("supply, bound, optimum", CASES)
def test_the_cover_search_pays_the_best_income(test_boards, supply, bound, optimum):
    """A layout reaching the bound where one exists (the corner is small: every case is decided
    within the node budget), else one below it: the optimum, where the bound is loose."""
    s = corner_snapshot(supply)
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    cands = all_candidates(states, pieces)
    chosen = income_layout(states, pieces, cands)
    assert chosen is not None
    pm = PlacementModel(states, pieces, cands, False, default_values())
    assert evaluate(pm, set(chosen), {})["income"] == optimum


def test_a_cover_without_a_laying_order_is_passed_over(test_boards):
    """The cover is only the solver's hint or its proof when it can be laid: one refused at 2, the
    walk goes on below to 1; refusing every cover leaves none."""
    s = corner_snapshot({"oil": 1, "silver": 1})
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    cands = all_candidates(states, pieces)
    pm = PlacementModel(states, pieces, cands, False, default_values())
    refused = []
    chosen = income_layout(states, pieces, cands, ordered=lambda c: evaluate(pm, set(c), {})["income"] < 2 or refused.append(c))
    assert refused and evaluate(pm, set(chosen), {})["income"] == 1
    assert income_layout(states, pieces, cands, ordered=lambda c: False) is None


def test_a_settled_income_level_is_reported_optimal(test_boards, monkeypatch):
    """Where the cover search reaches the bound, the income level is fixed without a CP-SAT solve
    and the answer is still exhaustive search's optimum on every level."""
    import planner.cpsat

    supply = {"oil": 1, "wool": 1, "rune-stone": 1, "silver": 1}
    reached = []
    solve = planner.cpsat.solve_lexicographic
    monkeypatch.setattr(planner.placement.solve, "solve_lexicographic", lambda model, levels, *a, **k: reached.append(levels[0].reached) or solve(model, levels, *a, **k))
    report = place(corner_snapshot(supply), Settings(objective="income", **SOLVER))
    assert reached[0] == 4
    assert report.result.status == "OPTIMAL"
    laid = [(p.piece, frozenset(piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip)), None) for _, p in report.result.placements]
    assert terms(CORNER, laid) == best(CORNER, supply, lambda t: t)
