"""The blend's counting bound per (income, bonus value) (planner/placement/blend_bound.py), against
the exhaustive search of tests/test_placement.py: never below the best blend of any legal layout
with that income and at most that bonus value; and on the benchmark's hard cases the bound that
proves the optimum, where the LP alone stops one or two above it."""

from __future__ import annotations

import pytest

from models.snapshot import read_snapshot
from planner.placement.blend_bound import BlendBound, blend_cap
from planner.placement.objectives import objective_for
from tests.test_placement import CORNER, FIXTURES, HOUSE_END, every_outcome, snap, test_boards  # noqa: F401  (test_boards: the fixture)
from tests.test_placement_income_bound import corner_snapshot
from tests.test_placement_points_bound import bound_and_model

ROUNDS_LEFT = 2


def blend_of(board, income: int, bonus: float, gain: int) -> float:
    """The blend of a layout on an empty board (a silver worth 1, no bonus paid before)."""
    before = sum(t.values[0] for t in board.income)
    return gain + ROUNDS_LEFT * (income - before + bonus)


def caps_beside_exhaustive(s, board, supply) -> dict:
    """(income, value) -> (the bound, the best blend of a layout with that income and value)."""
    pm, _ = bound_and_model(s)
    caps = BlendBound(pm, ROUNDS_LEFT).caps
    best: dict = {}
    for income, bonus, gain in every_outcome(board, tuple(sorted(supply.items()))):
        key = (income, round(bonus))
        best[key] = max(best.get(key, -99), blend_of(board, income, bonus, gain))
    return {key: (caps.get(key), value) for key, value in best.items()}


CORNER_CASES = [
    ({"silver": 6}, {(0, 0): (0, 0), (1, 0): (2, 2), (2, 0): (3, 3), (2, 1): (5, 5), (2, 2): (5, 5)}),
    ({"oil": 2, "silver": 3}, {(0, 0): (4, 4), (1, 0): (6, 6), (2, 0): (7, 7), (2, 1): (9, 9), (2, 2): (9, 9), (4, 1): (13, 13)}),
    ({"hide": 1, "silver": 2}, {(0, 0): (3, 3), (1, 0): (5, 5), (2, 0): (6, 6), (2, 1): (8, 8)}),
    # loose where the shapes do not fit what the counting allows (the points bound is, alike)
    ({"oil": 1, "wool": 1}, {(0, 0): (6, 6), (1, 0): (8, 7), (2, 0): (9, 8)}),
    ({"wool": 1, "silver": 3}, {(0, 0): (4, 4), (1, 0): (6, 6), (2, 0): (7, 6), (2, 1): (9, 9), (2, 2): (9, 8), (4, 1): (13, 13)}),
    ({"oil": 1, "wool": 1, "rune-stone": 1, "silver": 1}, {(0, 0): (7, 6), (1, 0): (10, 9), (2, 0): (11, 10), (2, 1): (13, 13), (2, 2): (13, 12), (4, 0): (15, 14), (4, 1): (17, 17)}),
]


@pytest.mark.parametrize("supply, expected", CORNER_CASES)
def test_blend_caps_against_exhaustive_search_on_the_corner(test_boards, supply, expected):
    assert caps_beside_exhaustive(corner_snapshot(supply), CORNER, supply) == expected


HOUSE_CASES = [
    ({"peas": 2, "mead": 1, "oil": 1}, 1, {(0, 0): (5, 4), (0, 2): (8, 8)}),
    ({"peas": 2}, 0, {(0, 0): (2, 2)}),  # the exclusive tiles counted as far as they cover
    ({"peas": 2, "oil": 1}, 0, {(0, 0): (4, 3)}),
]


@pytest.mark.parametrize("goods, silver, expected", HOUSE_CASES)
def test_blend_caps_against_exhaustive_search_in_a_house(test_boards, goods, silver, expected):
    s = snap([{"id": "home", "board": "home-long"}, {"id": "h", "board": "long-house"}], silver=silver, goods=goods)
    assert caps_beside_exhaustive(s, HOUSE_END, goods | {"silver": silver}) == expected


def hard_case(name: str):
    from benchmarks.placement import cases
    from planner.placement import Settings
    from planner.placement.request import choose_objective

    s = next(v for k, v in cases().items() if k.startswith(name)) if name != "late" else read_snapshot(FIXTURES / "place_late.json")
    pm, _ = bound_and_model(s)
    n = choose_objective(s, Settings(objective="blend")).rounds_left
    return pm, n, objective_for(pm, "blend", n).levels[0].expr


def test_the_late_fixtures_blend_is_bounded_at_its_optimum():
    """Late (rounds left 1): the counting bound is 168, the optimum (a run at work 40 proved it; the LP gives
    169.97): the long house's orange and red tiles cover only so much of what each of its options asks."""
    pm, n, expr = hard_case("late")
    assert (n, BlendBound(pm, n).best, blend_cap(pm, expr, n)) == (1, 168, 168)


def test_mid_lates_blend_is_bounded_at_its_optimum_by_the_lp_with_the_caps():
    """Mid-late (rounds left 2): the counting bound alone is 76 (at income 10 only), the LP alone 77.83; the LP
    with the caps as rows proves 75, the optimum."""
    pm, n, expr = hard_case("mid-late")
    bound = BlendBound(pm, n)
    assert (n, bound.best, [k for k, v in bound.caps.items() if v == 76], blend_cap(pm, expr, n)) == (2, 76, [(10, 16)], 75)


def test_the_blend_levels_dear_bound_is_the_cap():
    """The late fixture's blend level carries the cap (168) as its dear bound, worked out only when asked."""
    from planner.placement.blend_bound import capped

    pm, n, _ = hard_case("late")
    plain = objective_for(pm, "blend", n).levels[0]
    level = capped(pm, objective_for(pm, "blend", n), n).levels[0]
    assert (level.high, level.bound_is_proven, level.dear_bound(169), level.dear_bound(168)) == (plain.high, plain.bound_is_proven, 168, None)
