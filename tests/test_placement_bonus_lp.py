"""The bonus bound lowered by certified LPs (planner/placement/bonus_lp.py) against the exhaustive search
of tests/test_placement.py: never below the best bonus value any legal layout pays at an income, and
exact on the corner's three loose bounds, which the counting bound leaves 1-2 above it."""

from __future__ import annotations

import time

import pytest

import planner.placement.bonus_lp
import planner.placement.income_levels
from benchmarks.placement_random import random_case
from models.values import default_values
from planner.placement import Settings, place
from planner.placement.bonus_bound import BonusBound
from planner.placement.bonus_lp import lp_walk, refuted
from planner.placement.clock import deadline
from planner.placement.candidates import all_candidates, board_states
from planner.placement.cover_model import cells_of
from planner.placement.request import is_final_placement, placeable_supply
from planner.placement.rewards import value_scale
from tests.test_placement import CORNER, SOLVER, best, every_outcome, has_order, layouts, test_boards  # noqa: F401  (test_boards: the fixture)
from tests.test_placement_bonus_bound import CASES, bound_for, laid_terms, levels_seen
from tests.test_placement_income_bound import corner_snapshot

# supply -> income -> the LP-lowered bound, which is also exhaustive search's best there (the counting bound: 2, 3, 3)
LOWERED = {("oil", "wool"): {2: 0}, ("oil", "rune-stone", "silver", "wool"): {2: 2, 4: 1}}


def prepared(supply: dict[str, int]):
    s = corner_snapshot(supply)
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    return bound_for(s), states, pieces, all_candidates(states, pieces)


@pytest.mark.parametrize("supply, expected", CASES)
def test_lowered_bound_is_exhaustive_searchs_best(test_boards, supply, expected):
    bound, states, pieces, cands = prepared(supply)
    outcomes = every_outcome(CORNER, tuple(sorted(supply.items())))
    exhaustive = {i: max(t[1] for t in outcomes if t[0] == i) for i in {t[0] for t in outcomes}}
    lowered = {i: lp_walk(bound, states, pieces, cands, i, bound.at(i), -1).bound for i in exhaustive}
    assert lowered == exhaustive  # on these six supplies it is exact, so never below a value some layout pays
    loose = {i: v for i, v in lowered.items() if v < bound.at(i)}
    assert loose == LOWERED.get(tuple(sorted(supply)), {})


def test_no_choice_a_legal_layout_makes_is_refuted(test_boards):
    """Every choice listed at the loose supply's incomes, against every legal layout: one that covers
    a choice's needed cells, none of its cells kept free and no income cell beyond them makes it, and
    such a choice is never refuted; the others at the counting bound are (the bound's drop)."""
    supply = {"oil": 1, "wool": 1}
    bound, states, pieces, cands = prepared(supply)
    covers = [set().union(*(cells for _, cells, _ in laid)) if laid else set() for laid in layouts(CORNER, dict(supply)) if has_order(CORNER, laid)]
    income_cells = CORNER.income_cells
    listed, made, refuted_count = 0, 0, 0
    for income in (0, 1, 2):
        for choice in bound.choices_at(income, 0).choices:
            need, free = cells_of(choice)
            need, free = {c for _, c in need}, {c for _, c in free}
            is_made = any(need <= cov and not cov & free and cov & income_cells <= need for cov in covers)
            is_refuted = refuted(states, pieces, cands, *cells_of(choice))
            assert not (is_made and is_refuted)
            listed += 1
            made += is_made
            refuted_count += is_refuted
    assert (listed, made, refuted_count) == (5, 3, 2)


def test_the_floor_and_the_lp_budget_stop_the_walk(test_boards, monkeypatch):
    bound, states, pieces, cands = prepared({"oil": 1, "wool": 1, "rune-stone": 1, "silver": 1})
    assert lp_walk(bound, states, pieces, cands, 4, 3, -1).bound == 1
    assert lp_walk(bound, states, pieces, cands, 4, 3, 2).bound == 2  # a layout in hand pays 2: no LP below it
    with deadline(0.1, time.monotonic() - 1.0):
        assert lp_walk(bound, states, pieces, cands, 4, 3, -1).bound == 3  # past the user's time limit: the bound stands
    monkeypatch.setattr(planner.placement.bonus_lp, "MAX_LPS", 0)
    assert lp_walk(bound, states, pieces, cands, 4, 3, -1).bound == 1  # the corner's LPs are small: MAX_COLUMNS lets them run
    monkeypatch.setattr(planner.placement.bonus_lp, "MAX_COLUMNS", 0)
    assert lp_walk(bound, states, pieces, cands, 4, 3, -1).bound == 3  # no LP: the bound stands


@pytest.mark.parametrize("lps, min_variables, settled", [(0, 0, False), (planner.placement.bonus_lp.MAX_LPS, 0, True), (planner.placement.bonus_lp.MAX_LPS, None, False)])
def test_income_objective_bonus_level_settled_by_the_lp(test_boards, monkeypatch, lps, min_variables, settled):
    """The counting bound (3) is loose at income 4 where the hint pays 1: with the LPs the level is fixed
    there with no solve, without them (or on a model this small, as the code stands) it is a cap only;
    either way the answer is exhaustive search's best."""
    supply = {"oil": 1, "wool": 1, "rune-stone": 1, "silver": 1}
    monkeypatch.setattr(planner.placement.bonus_lp, "MAX_LPS", lps)
    if not lps:
        monkeypatch.setattr(planner.placement.bonus_lp, "MAX_COLUMNS", 0)  # nor past the count
    if min_variables is not None:
        monkeypatch.setattr(planner.placement.income_levels, "LP_SETTLE_MIN_VARIABLES", min_variables)
    seen = levels_seen(monkeypatch)
    report = place(corner_snapshot(supply), Settings(objective="income", **SOLVER))
    bonus = seen[0][1]
    assert (bonus.reached, bonus.high) == ((1, 1) if settled else (None, 3))
    assert report.result.status == "OPTIMAL"
    assert laid_terms(report, 0, CORNER) == best(CORNER, supply, lambda t: t)


def random_bound(shape: str, seed: int):
    """benchmarks/placement_random.py's case, its bonus bound with the boards, supply and candidates it was built on."""
    snapshot = random_case(shape, seed)
    states = board_states(snapshot)
    supply = placeable_supply(snapshot, Settings().keep, is_final_placement(snapshot, None))
    cands = all_candidates(states, supply)
    values = default_values()
    bound = BonusBound(states, supply, cands, values, value_scale(values))
    return bound, states, supply, cands


def test_late_16s_top_choices_are_refuted():
    """benchmarks/placement_random.py's late-16 at its best income 20: the counting bound 23, every choice
    at 23 and 22 refuted (six LPs: 126 of the 127 cells on home and exploration boards asked of shapes that
    cannot lay them), so 21 with a layout paying 21 supposed in hand."""
    bound, states, supply, cands = random_bound("late", 16)
    assert bound.at(20) == 23
    assert lp_walk(bound, states, supply, cands, 20, 23, 21).bound == 21


def test_the_walk_gives_a_choice_left_standing_to_cp_sat(test_boards):
    """At income 4 the LPs refute 3 and 2 and leave choices at 1; the exact model of one lays it (a layout the
    caller accepts), and the choices it did not refute are kept: every layout paying 1 makes one of them."""
    bound, states, pieces, cands = prepared({"oil": 1, "wool": 1, "rune-stone": 1, "silver": 1})
    walked = lp_walk(bound, states, pieces, cands, 4, 3, -1, lambda chosen, value: True, 1.0)
    assert walked.bound == 1 and walked.chosen is not None and walked.standing
    laid = {(cands[i].board, cell) for i in walked.chosen for cell in cands[i].cells}
    need, free = cells_of(walked.standing[0])
    assert need <= laid and not free & laid
    assert lp_walk(bound, states, pieces, cands, 4, 3, -1, lambda chosen, value: False, 1.0).chosen is None  # refused: the bound stands at 1
    assert lp_walk(bound, states, pieces, cands, 4, 3, -1, lambda chosen, value: True, 0.0).chosen is None  # no work: none sought


def test_five_0s_bonus_level_is_proven_at_its_lp_bound():
    """benchmarks/placement_random.py's five-0: the hint pays income 19 (the area bound) and bonus 7 of a counting bound
    13; CP-SAT's whole level found 7 in 10 units. The LPs refute every choice at 13-11 and all but one of 55 at 10,
    whose exact model lays it in 1.41 units: 10 is proven, and the points level, told to make that choice, at once."""
    report = place(random_case("five", 0), Settings(objective="income", work_limit=10.0))
    result = report.result
    assert (result.status, result.income_after, result.bonus_value_after) == ("OPTIMAL", 19, 10.0)
    assert result.work < 2.0


def round4_4_walk(monkeypatch, max_columns: int) -> int:
    """benchmarks/placement_random.py's round4-4 at its best income 14: the walk from the counting bound 13 down to the
    hint's 2, its bound where it stops."""
    monkeypatch.setattr(planner.placement.bonus_lp, "MAX_COLUMNS", max_columns)
    bound, states, supply, cands = random_bound("round4", 4)
    assert bound.at(14) == 13
    return lp_walk(bound, states, supply, cands, 14, 13, 2).bound


def test_round_4s_small_lps_go_on_past_the_lp_count(monkeypatch):
    """Round4-4's LPs are small (546 columns on average): past MAX_LPS (60) the walk goes on within MAX_COLUMNS and
    refutes every choice down to the hint's 2 at the 66th LP (36,059 columns); held to 60 LPs it stops at 3."""
    assert round4_4_walk(monkeypatch, planner.placement.bonus_lp.MAX_COLUMNS) == 2
    assert round4_4_walk(monkeypatch, 0) == 3


def test_round4_4s_bonus_level_settled_by_the_walk():
    """With the walk at the hint's 2 the bonus level is fixed there with no solve (it took 5.0 units of CP-SAT to prove
    2 with the walk stopped at 3): the same values, 2.33 units in all instead of 7.33."""
    result = place(random_case("round4", 4), Settings(objective="income", work_limit=10.0)).result
    assert (result.status, result.income_after, result.bonus_value_after, result.final_gain) == ("OPTIMAL", 14, 2.0, 26)
    assert result.work < 3.0
