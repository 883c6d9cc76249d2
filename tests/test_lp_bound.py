"""The certified LP bound (planner/lp_bound.py) against brute force on small random set packings.

A packing of random "tiles" (sets of cells) with per-tile values, some at-most-one groups, an
AND of two choices and a clause: every kind of constraint the placement model writes. The bound
must be at least the true optimum, and every fixing for a target must hold in every assignment
worth at least that target.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest
from ortools.sat.python import cp_model

from fractions import Fraction

from planner.lp_bound import DUAL_SIMPLEX, SCALE, LpBound, LpBounds, LpProblem, fixings_in_rounds, literal_terms, lp_bound, plain_proto


def random_packing(seed: int):
    rng = random.Random(seed)
    n, cells = 9, 7
    tiles = [set(rng.sample(range(cells), rng.randint(1, 3))) for _ in range(n)]
    values = [rng.randint(-2, 6) for _ in range(n)]
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(n)]
    for cell in range(cells):
        over = [x[i] for i in range(n) if cell in tiles[i]]
        if len(over) > 1:
            model.add(sum(over) <= 1)
    model.add_at_most_one(x[:3])
    both = model.new_bool_var("both")
    model.add_bool_and([x[3], x[4]]).only_enforce_if(both)
    model.add_bool_or([x[5], x[6].negated(), x[7]])
    objective = sum(v * xi for v, xi in zip(values, x)) + 4 * both - 1

    def assignments():
        for bits in itertools.product((0, 1), repeat=n):
            used = [c for i, b in enumerate(bits) if b for c in tiles[i]]
            if len(used) != len(set(used)) or sum(bits[:3]) > 1 or not (bits[5] or not bits[6] or bits[7]):
                continue
            for and_value in (0, 1):
                if and_value and not (bits[3] and bits[4]):
                    continue
                full = list(bits) + [and_value]
                yield full, sum(v * b for v, b in zip(values, bits)) + 4 * and_value - 1

    return model, objective, list(assignments())


@pytest.mark.parametrize("seed", range(20))
def test_the_bound_holds_and_fixings_keep_every_good_enough_assignment(seed):
    model, objective, every = random_packing(seed)
    model.maximize(objective)
    lp = lp_bound(model)
    optimum = max(value for _, value in every)
    assert lp is not None and lp.bound >= optimum
    for target in range(optimum - 3, lp.best + 1):
        for j, value in lp.fixings(target):
            assert all(bits[j] == value for bits, worth in every if worth >= target)


@pytest.mark.parametrize("seed", range(5))
def test_a_minimised_objective_is_bounded_from_below(seed):
    model, objective, every = random_packing(seed)
    model.minimize(objective)
    lp = lp_bound(model)
    assert lp is not None and -lp.bound <= min(value for _, value in every)


def test_the_bound_is_tight_when_the_lp_is_integral():
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(3)]
    model.add(sum(x) <= 2)
    model.maximize(3 * x[0] + 2 * x[1] + x[2])
    lp = lp_bound(model)
    assert lp.best == 5
    fixed = set(lp.fixings(5))
    assert fixed <= {(0, 1), (1, 1), (2, 0)}  # the only assignment worth 5
    assert (0, 1) in fixed  # its reduced cost is 3 - y >= 1 for every optimal dual y in [1, 2]


@pytest.mark.parametrize("seed", range(20))
def test_a_cap_on_the_objective_bounds_it_and_fixings_keep_every_assignment_under_it(seed):
    model, objective, every = random_packing(seed)
    optimum = max(value for _, value in every)
    cap = optimum - 1
    model.add(objective <= cap)  # as a level's proven bound is added before its solve
    model.maximize(objective)
    lp = lp_bound(model)
    capped = [(bits, worth) for bits, worth in every if worth <= cap]
    assert lp is not None and lp.best == min(math.floor(lp.bound), cap) and lp.best >= max(w for _, w in capped)
    for target in range(cap - 3, lp.best + 1):
        for j, value in lp.fixings(target):
            assert all(bits[j] == value for bits, worth in capped if worth >= target)


def test_a_cap_on_the_objective_leaves_the_reduced_costs_their_say():
    """With the cap in the LP its dual takes the objective and nothing is fixed: here the cap
    (4, below the LP's 5) is the bound, and x0 is still fixed at 1 for a solution worth 4."""
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(3)]
    model.add(sum(x) <= 2)
    model.add(3 * x[0] + 2 * x[1] + x[2] <= 4)
    model.maximize(3 * x[0] + 2 * x[1] + x[2])
    lp = lp_bound(model)
    assert lp.best == 4 and lp.cap == 4
    assert (0, 1) in set(lp.fixings(4))  # without x0 the most is 2 + 1 = 3


@pytest.mark.parametrize("seed", range(20))
def test_two_sets_of_duals_together_keep_every_good_enough_assignment(seed):
    model, objective, every = random_packing(seed)
    model.maximize(objective)
    both = LpBounds((lp_bound(model), lp_bound(model, DUAL_SIMPLEX)))
    optimum = max(value for _, value in every)
    assert both.best == min(part.best for part in both.parts) >= optimum
    for target in range(optimum - 3, both.best + 1):
        fixed = both.fixings(target)
        assert set(fixed) >= set(both.parts[0].fixings(target)) | set(both.parts[1].fixings(target))
        for j, value in fixed:
            assert all(bits[j] == value for bits, worth in every if worth >= target)


@pytest.mark.parametrize("seed", range(10))
def test_a_floor_on_a_minimised_objective_bounds_it_and_fixings_keep_every_assignment_above_it(seed):
    model, objective, every = random_packing(seed)
    floor = min(value for _, value in every) + 1
    model.add(objective >= floor)  # a minimised level's proven bound, as solve_lexicographic adds it
    model.minimize(objective)
    lp = lp_bound(model)  # a bound on -objective
    above = [(bits, worth) for bits, worth in every if worth >= floor]
    assert lp is not None and lp.best == min(math.floor(lp.bound), -floor) and lp.best >= max(-w for _, w in above)
    for target in range(-floor - 3, lp.best + 1):
        for j, value in lp.fixings(target):
            assert all(bits[j] == value for bits, worth in above if -worth >= target)


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("above", [-1, 0, 3])
def test_a_cap_is_left_out_of_the_lp_bound_or_not_and_its_fixings_still_hold(seed, above):
    """Binding (below the optimum) or not, the cap is kept beside the LP, not in it."""
    model, objective, every = random_packing(seed)
    cap = max(value for _, value in every) + above
    model.add(objective <= cap)
    model.maximize(objective)
    for lp in (lp_bound(model), lp_bound(model, DUAL_SIMPLEX)):
        assert lp.cap == cap and lp.best == min(math.floor(lp.bound), cap)
        for target in range(cap - 3, lp.best + 1):
            for j, value in lp.fixings(target):
                assert all(bits[j] == value for bits, worth in every if cap >= worth >= target)


@pytest.mark.parametrize("seed", range(20))
def test_fixings_in_rounds_keep_every_good_enough_assignment(seed):
    """The LP solved again with a target's fixings as bounds: its fixings at that target hold too."""
    model, objective, every = random_packing(seed)
    model.maximize(objective)
    problem = LpProblem.of(model)
    lp = problem.bound()
    optimum = max(value for _, value in every)
    for target in range(optimum - 3, lp.best + 1):
        fixed = fixings_in_rounds(problem, lp, target, rounds=3, min_share=0)
        assert set(fixed) >= set(lp.fixings(target))
        for j, value in fixed:
            assert all(bits[j] == value for bits, worth in every if worth >= target)


@pytest.mark.parametrize("huge", [False, True])
def test_fixings_as_arrays_are_the_plain_loops(huge):
    """LpBound.fixings (int64 arrays, or exact integers when a reduced cost is beyond int64) fixes
    exactly what the rule of the module docstring does, at every target, fixed variables skipped."""
    rng = random.Random(7)
    domains = [(0, 1), (0, 0), (1, 1), (-3, 4), (0, 5)] * 40
    reduced = [rng.choice([0, 1, -1, SCALE, -SCALE, 3 * SCALE + 5, -7 * SCALE]) * rng.randint(0, 4) for _ in domains]
    if huge:
        reduced[7] = 2**70
    lp = LpBound(Fraction(123, 7), reduced, domains)
    for target in range(-30, 30):
        room = math.floor((lp.bound - target) * SCALE)
        plain = [(j, high if d > 0 else low) for j, (d, (low, high)) in enumerate(zip(reduced, domains)) if low != high and abs(d) > room]
        assert lp.fixings(target) == plain
    assert lp.fixings(-(2**80)) == [] and lp.fixings(2**80) == [(j, high if d > 0 else low) for j, (d, (low, high)) in enumerate(zip(reduced, domains)) if low != high]


def test_literal_terms_negated_or_not():
    assert literal_terms([3, 0, 5]) == ([3, 0, 5], [1, 1, 1], 0)
    assert literal_terms([3, -1, 5], 2) == ([3, 0, 5], [1, -1, 1], 3)
    assert literal_terms([]) == ([], [], 0)


def test_plain_proto_by_file_or_by_text(monkeypatch):
    """The model copied as bytes through a temporary file, or (no file written) as text: the same
    message, the same proto CP-SAT holds."""
    from ortools.sat.python import cp_model_helper

    model, _, _ = random_packing(3)
    by_file = plain_proto(model)
    monkeypatch.setattr(cp_model_helper.CpSatHelper, "write_model_to_file", lambda *args: False)
    assert plain_proto(model) == by_file and str(by_file).strip() == str(model.proto).strip()


@pytest.mark.parametrize("seed", range(10))
def test_the_lp_point_is_within_the_domains_and_worth_the_duals_bound(seed):
    """GLOP's optimal point, kept for heuristics: strong duality puts its worth at the bound (within
    the duals' rounding), and it lies in every variable's domain."""
    model, objective, _ = random_packing(seed)
    model.maximize(objective)
    problem = LpProblem.of(model)
    found = problem.bound()
    assert len(found.values) == len(found.domains)
    assert all(low - 1e-9 <= v <= high + 1e-9 for v, (low, high) in zip(found.values, found.domains))
    worth = sum(k * found.values[v] for v, k in problem.objective.items()) + float(problem.offset)
    assert worth == pytest.approx(float(found.bound), abs=1e-3)
    assert LpBounds((found, problem.bound(DUAL_SIMPLEX))).values == found.values
