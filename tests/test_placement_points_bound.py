"""The points bound with income and bonus value fixed (planner/placement/points_bound.py) and the
cover search reaching it, against the exhaustive search of tests/test_placement.py: never below
the best score gain of any legal layout with that income and bonus value, exact where the shapes
let the tiles cover what the counting says, and the income objective's answer still exhaustive
search's optimum on every level, whether the points level is settled by a layout reaching the
bound or only capped by it."""

from __future__ import annotations

import pytest

from models.values import default_values
from planner.placement import Settings, place
from planner.placement.bonus_bound import BonusBound
from planner.placement.candidates import all_candidates, board_states
from planner.placement.model import PlacementModel
from planner.placement.request import placeable_supply
from planner.placement.income_levels import gain_bound
from tests.test_placement import CORNER, HOUSE_END, SOLVER, best, every_outcome, snap, test_boards  # noqa: F401  (test_boards: the fixture)
from tests.test_placement_bonus_bound import laid_terms, levels_seen
from tests.test_placement_income_bound import corner_snapshot

# Per supply on the corner, (income, bonus value) -> (the bound on the score gain, the best score
# gain of any legal layout with that income and bonus value), from the exhaustive search.
CORNER_CASES = [
    ({"silver": 6}, {(0, 0): (0, 0), (1, 0): (0, 0), (2, 0): (-1, -1), (2, 1): (-1, -1), (2, 2): (-3, -3)}),
    ({"oil": 2, "silver": 3}, {(0, 0): (4, 4), (1, 0): (4, 4), (2, 0): (3, 3), (2, 1): (3, 3), (2, 2): (1, 1), (4, 1): (3, 3)}),
    ({"hide": 1, "silver": 2}, {(0, 0): (3, 3), (1, 0): (3, 3), (2, 0): (2, 2), (2, 1): (2, 2)}),
    # loose where a tile would have to cover a -1 cell and a cell kept free, or reach off the -1 cells
    ({"oil": 1, "wool": 1}, {(0, 0): (6, 6), (1, 0): (6, 5), (2, 0): (5, 4)}),
    ({"wool": 1, "silver": 3}, {(0, 0): (4, 4), (1, 0): (4, 4), (2, 0): (3, 2), (2, 1): (3, 3), (2, 2): (1, 0), (4, 1): (3, 3)}),
]
# The house end's -1 cells lie in a checkerboard: a 1x2 tile covers one -1 cell and one plain
# cell. Orange and red tiles fit houses only, so the area they bring counts only as far as they
# can cover cells worth covering there (pool_cover.py): two peas, kept apart, cover two -1 cells
# (exact). Blue tiles fit either pool, so their area counts whole: loose where oil fits badly.
HOUSE_CASES = [
    ({"peas": 2, "mead": 1, "oil": 1}, 1, {(0, 0): (5, 4), (0, 2): (4, 4)}),
    ({"peas": 2}, 0, {(0, 0): (2, 2)}),
    ({"peas": 2, "oil": 1}, 0, {(0, 0): (4, 3)}),
]


def bound_and_model(s) -> tuple[PlacementModel, BonusBound]:
    states, pieces, values = board_states(s), placeable_supply(s, {}, False), default_values()
    candidates = all_candidates(states, pieces)
    pm = PlacementModel(states, pieces, candidates, False, values)
    return pm, BonusBound(states, pieces, candidates, values, pm.scale)


def best_gain_by_income_and_bonus(board, supply: dict[str, int]) -> dict[tuple[int, float], int]:
    out: dict[tuple[int, float], int] = {}
    for income, bonus, gain in every_outcome(board, tuple(sorted(supply.items()))):
        out[(income, bonus)] = max(out.get((income, bonus), gain), gain)
    return out


def bounds_beside_exhaustive(s, board, supply) -> dict:
    pm, bound = bound_and_model(s)
    exhaustive = best_gain_by_income_and_bonus(board, supply)
    return {key: (gain_bound(pm, bound, [key[0], round(key[1] * pm.scale)]), gain) for key, gain in exhaustive.items()}


@pytest.mark.parametrize("supply, expected", CORNER_CASES)
def test_points_bound_against_exhaustive_search_on_the_corner(test_boards, supply, expected):
    assert bounds_beside_exhaustive(corner_snapshot(supply), CORNER, supply) == expected


@pytest.mark.parametrize("goods, silver, expected", HOUSE_CASES)
def test_points_bound_against_exhaustive_search_in_a_house(test_boards, goods, silver, expected):
    s = snap([{"id": "home", "board": "home-long"}, {"id": "h", "board": "long-house"}], silver=silver, goods=goods)
    assert bounds_beside_exhaustive(s, HOUSE_END, goods | {"silver": silver}) == expected


@pytest.mark.parametrize("supply, settled", [({"silver": 6}, True), ({"oil": 2, "silver": 3}, True), ({"hide": 1, "silver": 2}, True)])
def test_income_objective_with_the_points_level_settled(test_boards, monkeypatch, supply, settled):
    """Where the cover search reaches every bound, no level is solved; the answer is still
    exhaustive search's optimum on every level."""
    seen = levels_seen(monkeypatch)
    report = place(corner_snapshot(supply), Settings(objective="income", **SOLVER))
    assert [level.reached is not None for level in seen[0]] == [True, True, settled]
    assert report.result.status == "OPTIMAL"
    assert laid_terms(report, 0, CORNER) == best(CORNER, supply, lambda t: t)


def test_a_loose_points_bound_only_caps_the_level(test_boards, monkeypatch):
    """The house end with two peas and an oil: the bound counts 4 -1 cells (the oil's area counts
    whole, since blue tiles fit the home pool too), the shapes cover 3; the level is solved under
    the cap and reaches exhaustive search's optimum."""
    goods = {"peas": 2, "oil": 1}
    s = snap([{"id": "home", "board": "home-long"}, {"id": "h", "board": "long-house"}], goods=goods)
    seen = levels_seen(monkeypatch)
    report = place(s, Settings(objective="income", **SOLVER))
    points = seen[0][2]
    assert points.reached is None and points.proven_bound is not None
    assert points.proven_bound([0, 0]) == 4
    assert report.result.status == "OPTIMAL"
    assert laid_terms(report, 1, HOUSE_END) == best(HOUSE_END, goods, lambda t: t) == (0, 0, 3)


def test_tiles_only_a_house_takes_count_as_far_as_they_cover(test_boards, monkeypatch):
    """Two peas in the house end: their area is 4, but kept apart they cover only 2 of the -1
    cells; the bound counts 2 (it counted 4 before), which the cover search reaches, so the
    level is settled with no solve."""
    goods = {"peas": 2}
    s = snap([{"id": "home", "board": "home-long"}, {"id": "h", "board": "long-house"}], goods=goods)
    seen = levels_seen(monkeypatch)
    report = place(s, Settings(objective="income", **SOLVER))
    assert seen[0][2].reached == 2
    assert report.result.status == "OPTIMAL"
    assert laid_terms(report, 1, HOUSE_END) == best(HOUSE_END, goods, lambda t: t) == (0, 0, 2)


def test_the_late_fixtures_points_bound_is_what_its_layout_reaches():
    """The late-game fixture at income 29 and bonus value 17: the long house's -1 cells want
    green and blue tiles the other boards need to the last cell: orange and red tiles (66 cells
    of area) cover at most 21 of the house's 23 cells worth covering, and the bound now knows
    it: 101, the score gain the income objective's layout reaches (it was 103)."""
    from tests.test_placement import FIXTURES
    from models.snapshot import read_snapshot

    pm, bound = bound_and_model(read_snapshot(FIXTURES / "place_late.json"))
    assert (pm.income_best, bound.at(pm.income_best)) == (29, 17)
    assert gain_bound(pm, bound, [29, 17]) == 101


def test_the_late_fixtures_points_level_is_reached_one_board_at_a_time(monkeypatch):
    """The cover search's layout reaches income 29 and bonus value 17 but a score gain of 100; solved
    again one board at a time from it (the others fixed), it reaches the bound 101, which settles the
    level with no solve of the whole model (it took CP-SAT 2.99 units of work)."""
    from tests.test_placement import FIXTURES
    from models.snapshot import read_snapshot

    seen = levels_seen(monkeypatch)
    report = place(read_snapshot(FIXTURES / "place_late.json"), Settings(objective="income", **SOLVER))
    income, bonus, points = seen[0]
    assert income.reached == 29 and bonus.reached is not None and points.reached == 101
    assert report.result.status == "OPTIMAL"
    assert (report.result.income_after, report.result.final_gain, report.result.greedy_gain) == (29, 101, 100)
    assert report.result.work < 0.1
