"""The shared lexicographic helper: each level's optimum equals brute force over every assignment."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest
from ortools.sat.python import cp_model

from planner.cpsat import Level, SolveParams, first_level_value, fix_values, solve_lexicographic


def tiny_problem(seed: int):
    """Six Booleans, a random knapsack, three random levels (mixed senses): model and brute force."""
    rng = random.Random(seed)
    n = 6
    weights = [rng.randint(1, 5) for _ in range(n)]
    capacity = sum(weights) // 2
    coefficients = [[rng.randint(-3, 4) for _ in range(n)] for _ in range(3)]
    senses = [True, rng.random() < 0.5, rng.random() < 0.5]
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(n)]
    model.add(sum(w * v for w, v in zip(weights, x)) <= capacity)
    levels = [
        Level(f"level {k}", sum(c * v for c, v in zip(coef, x)), -3 * n, 4 * n, maximize=sense)
        for k, (coef, sense) in enumerate(zip(coefficients, senses))
    ]

    def brute_force() -> list[int]:
        def key(bits):
            return tuple((1 if s else -1) * sum(c * b for c, b in zip(coef, bits)) for coef, s in zip(coefficients, senses))

        feasible = [bits for bits in itertools.product((0, 1), repeat=n) if sum(w * b for w, b in zip(weights, bits)) <= capacity]
        best = max(feasible, key=key)
        return [sum(c * b for c, b in zip(coef, best)) for coef in coefficients]

    return model, x, levels, brute_force


@pytest.mark.parametrize("seed", range(12))
def test_each_level_is_the_brute_force_optimum(seed):
    model, x, levels, brute_force = tiny_problem(seed)
    answer = solve_lexicographic(model, levels, SolveParams(workers=1, seed=0), read=lambda s: [s.value(v) for v in x])
    assert answer.status == "OPTIMAL"
    assert answer.values == brute_force()
    assert answer.solves == 3


@pytest.mark.parametrize("seed", range(12))
def test_the_lp_bound_and_its_fixings_change_no_answer(seed):
    """With a certified LP bound, a cut and reduced-cost fixing per level: still brute force's optima."""
    model, x, levels, brute_force = tiny_problem(seed)
    answer = solve_lexicographic(model, levels, SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0), read=lambda s: [s.value(v) for v in x])
    assert answer.status == "OPTIMAL"
    assert answer.values == brute_force()


def test_past_the_users_time_limit_no_lp_is_solved(monkeypatch):
    """The LP bound, its windows and second duals cost GLOP time a user who set a clock no longer has: once it has
    run out each level is one CP-SAT solve with what is left (0.01 s at least), its answer still brute force's."""
    import planner.lp_bound

    monkeypatch.setattr(planner.lp_bound.LpProblem, "of", lambda model: pytest.fail("an LP solved past the time limit"))
    model, x, levels, brute_force = tiny_problem(0)
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, time_limit=1e-9)
    answer = solve_lexicographic(model, levels, params, read=lambda s: [s.value(v) for v in x])
    assert answer.status != "OPTIMAL" or answer.values == brute_force()  # 0.01 s of wall time: proven unless the machine stalls


@pytest.mark.parametrize("seed", range(12))
def test_fixings_in_rounds_change_no_answer(seed):
    """Each window's fixings in rounds (the LP solved again with them as bounds): brute force's optima."""
    model, x, levels, brute_force = tiny_problem(seed)
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, fixing_rounds=3, round_share=0)
    answer = solve_lexicographic(model, levels, params, read=lambda s: [s.value(v) for v in x])
    assert answer.status == "OPTIMAL"
    assert answer.values == brute_force()


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("rounds", [0, 3])
def test_a_window_searched_again_with_second_duals_changes_no_answer(seed, rounds, monkeypatch):
    """Each capped window reported still open (as when out of its cap): it is searched again with
    the fixings of both LPs (planner/lp_bound.py DUAL_SIMPLEX), in rounds or not, and the optima are
    brute force's."""
    import planner.cpsat as cpsat

    real, calls = cpsat.search_window, []

    def out_of_cap(*args):  # (model, objective, sign, fixings, target, upper, params, budget, callback, cap)
        step = real(*args)
        calls.append((args[4], args[-1]))
        return step if args[-1] is None else cpsat.WindowStep(step.solver, cp_model.UNKNOWN)

    monkeypatch.setattr(cpsat, "search_window", out_of_cap)
    model, x, levels, brute_force = tiny_problem(seed)
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, second_duals_after=0.5, fixing_rounds=rounds, round_share=0)
    answer = solve_lexicographic(model, levels, params, read=lambda s: [s.value(v) for v in x])
    assert answer.status == "OPTIMAL"
    assert answer.values == brute_force()
    # the first window of each level is capped, then searched again at the same target uncapped
    assert any(a == (t, 0.5) and b == (t, None) for (a, b), t in zip(zip(calls, calls[1:]), [c[0] for c in calls]))


@pytest.mark.parametrize("seed", range(6))
def test_packing_levels_changes_no_answer(seed):
    model, x, levels, brute_force = tiny_problem(seed)
    packed = solve_lexicographic(model, levels, max_packed_range=2**40)
    assert packed.values == brute_force()
    assert packed.solves <= 3


def test_packing_leaves_each_levels_expression_as_it_was():
    """CP-SAT's sums add in place and `expr - 0` is `expr`: packed levels counted from a low of 0
    once grew into the whole objective, and their values were read back as its value."""
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(4)]
    model.add(sum(x) <= 2)
    exprs = [x[0] + 2 * x[1], x[2] + x[3], 3 * x[0] + x[3]]
    levels = [Level(f"level {k}", e, 0, 6, maximize=True) for k, e in enumerate(exprs)]
    before = [str(e) for e in exprs]
    answer = solve_lexicographic(model, levels, max_packed_range=2**40)
    assert [str(e) for e in exprs] == before
    assert (answer.status, answer.values, answer.solves) == ("OPTIMAL", [3, 0, 3], 1)  # x0 and x1: the only 3 of level 0


def test_the_callers_model_is_left_unchanged_and_can_be_solved_again():
    model, x, levels, brute_force = tiny_problem(3)
    before = len(model.proto.constraints)
    first = solve_lexicographic(model, levels, read=lambda s: [s.value(v) for v in x])
    assert len(model.proto.constraints) == before
    chosen = [v for v, value in zip(x, first.answer) if value]
    model.add(sum(chosen) <= len(chosen) - 1)  # a no-good cut, as the placement's solve loop adds
    second = solve_lexicographic(model, levels, read=lambda s: [s.value(v) for v in x])
    assert second.status == "OPTIMAL" and second.answer != first.answer


def test_an_infeasible_model_says_so():
    model = cp_model.CpModel()
    y = model.new_bool_var("y")
    model.add(y == 2 * y + 1)
    answer = solve_lexicographic(model, [Level("y", y, 0, 1, maximize=True)])
    assert answer.status == "INFEASIBLE" and answer.answer is None and answer.values == []


@pytest.mark.parametrize("seed", range(6))
def test_a_reached_level_is_fixed_without_a_solve(seed):
    """A level given as reached (its proven optimum) is fixed at once; the others are still solved
    to brute force's optima, one solve each."""
    model, x, levels, brute_force = tiny_problem(seed)
    expected = brute_force()
    levels[0] = replace(levels[0], reached=expected[0])
    answer = solve_lexicographic(model, levels, SolveParams(workers=1, seed=0), read=lambda s: [s.value(v) for v in x])
    assert answer.status == "OPTIMAL"
    assert answer.values == expected
    assert answer.solves == 2


@pytest.mark.parametrize("seed", range(12))
def test_a_proven_bound_reached_by_the_last_solution_skips_the_solve(seed):
    """A level's proven bound, computed from the earlier optima: when it is the optimum (here it
    is told exactly) and the last solution already has it, the level costs no solve; a bound one
    looser is only a constraint, solved under. Either way every level is brute force's optimum."""
    model, x, levels, brute_force = tiny_problem(seed)
    expected = brute_force()
    seen = []

    def exact(values: list[int]) -> int:
        seen.append(list(values))
        return expected[2]

    levels[2] = replace(levels[2], proven_bound=exact)
    answer = solve_lexicographic(model, levels, SolveParams(workers=1, seed=0), read=lambda s: [s.value(v) for v in x])
    assert (answer.status, answer.values, seen) == ("OPTIMAL", expected, [expected[:2]])
    assert answer.solves in (2, 3)  # 2 when the second level's solution already reaches the third's bound
    loose = expected[2] + (1 if levels[2].maximize else -1)
    levels[2] = replace(levels[2], proven_bound=lambda values: loose)
    answer = solve_lexicographic(model, levels, SolveParams(workers=1, seed=0), read=lambda s: [s.value(v) for v in x])
    assert (answer.status, answer.values) == ("OPTIMAL", expected)


class SharesAt:
    """A stand-in LP bound: how many of 100 variables every solution worth at least `target` fixes."""

    def __init__(self, fixed: dict[int, int]):
        self.fixed, self.domains = fixed, [(0, 1)] * 100

    def fixings(self, target: int) -> list[tuple[int, int]]:
        return [(0, 1)] * self.fixed.get(target, 0)


def test_a_window_gets_fixing_rounds_only_where_its_bound_alone_fixes_enough(monkeypatch):
    """`rounds_min_share`: the rounds (planner.lp_bound.fixings_in_rounds) run for a window whose bound fixes
    that share of the variables, and not below it, where the bound's own fixings are the window's."""
    import planner.lp_bound
    from planner.cpsat import window_fixings

    monkeypatch.setattr(planner.lp_bound, "fixings_in_rounds", lambda problem, lp, target, *rest: [(1, 0)] * 99)
    lp, params = SharesAt({10: 40, 9: 7}), SolveParams(fixing_rounds=3, rounds_min_share=0.2)
    assert [len(window_fixings(None, lp, target, params)) for target in (10, 9)] == [99, 7]
    assert len(window_fixings(None, lp, 9, SolveParams(fixing_rounds=3))) == 99  # by default every window


def test_windows_look_one_value_at_a_time_near_the_bound_then_gallop_or_stop():
    from planner.cpsat import next_target

    params = SolveParams(targeted_steps=3, min_fixed_share=0.05, gallop_share=0.5)
    lp = SharesAt({10: 40, 9: 7, 8: 2, 7: 1})
    assert next_target(lp, 10, 0, 0, params) == 10  # first: the bound itself
    assert next_target(lp, 9, 1, 1, params) == 9  # 7 of 100 fixed at 9: one value, not [8, 9]
    assert next_target(lp, 8, 1, 2, params) is None  # 2 of 100: the whole level
    assert next_target(lp, 9, 1, 3, params) is None  # targeted_steps spent
    galloping = SharesAt({10: 90, 8: 60})
    assert next_target(galloping, 9, 1, 5, params) == 8  # most variables fixed at [8, 9]: the window doubles
    assert next_target(SharesAt({10: 4}), 10, 0, 0, params) is None  # too little fixed to restrict at all


def test_fix_values_writes_what_model_add_writes():
    """fix_values (one text parse) leaves the proto exactly as one `model.add(x == v)` per pair would:
    the same model, so the same search."""
    model = cp_model.CpModel()
    for i in range(4):
        model.new_bool_var(f"b{i}")
    model.new_int_var(-5, 5, "y")
    pairs = [(0, 1), (3, 0), (4, -4), (2, 1)]
    one_by_one = model.clone()
    for j, v in pairs:
        one_by_one.add(one_by_one.get_int_var_from_proto_index(j) == v)
    fix_values(model, pairs)
    fix_values(model, [])
    assert str(model.proto) == str(one_by_one.proto)


def knapsack(capacity: int):
    """Three items of weight 2 and worth 3: the LP is tight at capacity 4 (6), not at capacity 3 (4.5 against 3)."""
    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(3)]
    model.add(sum(2 * v for v in x) <= capacity)
    return model, x, sum(3 * v for v in x)


@pytest.mark.parametrize("capacity, optimum, asked", [(4, 6, 0), (3, 3, 1)])
def test_a_dear_bound_is_asked_only_when_the_lp_is_not_tight(capacity, optimum, asked):
    model, x, worth = knapsack(capacity)
    calls = []

    def dear(known: int) -> int:
        calls.append(known)
        return optimum

    level = Level("worth", worth, -5, 9, maximize=True, dear_bound=dear)
    answer = solve_lexicographic(model, [level], SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0))
    # asked once the window at 4 is empty, with what that proves (3), not the LP's 4: a bound that cannot beat
    # the refutation (the blend's counting bound, blend_bound.py) is then given up before its LP is solved
    assert (answer.status, answer.values, calls) == ("OPTIMAL", [optimum], [3] * asked)


def test_a_bound_is_read_in_its_levels_own_units():
    """A lone level is its own objective; packed, the first level in units of the later levels' ranges."""
    first, second = Level("a", 0, -5, 9), Level("b", 0, 2, 4)
    assert first_level_value([first], 7) == 7
    assert first_level_value([first, second], 3 * 4 + 2) == 4  # b adds 2 - its low 2, under one unit of a
    assert first_level_value([first, second], 3 * -5 + 2.5) == -5



def barring(variables, seed: int):
    """A `Level.support` that bars a random half of `variables`, whatever the LP's point: it may bar every optimum."""
    chosen = random.Random(seed).sample(variables, len(variables) // 2)
    return lambda point: [(v.index, 0) for v in chosen]


def first_windows_out_of_cap(monkeypatch, calls: list):
    """Each level's window's first search at each target (capped at second_duals_after = 0.5)
    reported still open, as when out of its cap; the others as they are. Records (target, cap) of
    each search."""
    import planner.cpsat as cpsat

    real = cpsat.search_window

    def search(*args):  # (model, objective, sign, fixings, target, upper, params, budget, callback, cap)
        step = real(*args)
        first = args[-1] == 0.5 and (not calls or calls[-1][0] != args[4])
        calls.append((args[4], args[-1]))
        return cpsat.WindowStep(step.solver, cp_model.UNKNOWN) if first else step

    monkeypatch.setattr(cpsat, "search_window", search)


@pytest.mark.parametrize("seed", range(12))
def test_a_search_within_a_support_changes_no_answer(seed, monkeypatch):
    """A one-value window out of its cap is searched within a restriction (one that may bar the
    optimum) before the second duals: still brute force's optima, and the restricted searches ran."""
    calls: list = []
    first_windows_out_of_cap(monkeypatch, calls)
    model, x, levels, brute_force = tiny_problem(seed)
    levels = [replace(level, support=barring(x, seed + k)) for k, level in enumerate(levels)]
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, second_duals_after=0.5, support_work=0.25)
    answer = solve_lexicographic(model, levels, params, read=lambda s: [s.value(v) for v in x])
    assert answer.status == "OPTIMAL"
    assert answer.values == brute_force()
    assert any(a == (b[0], 0.5) and b[1] == 0.25 for a, b in zip(calls, calls[1:]))


def test_a_solution_within_the_support_ends_a_one_value_window(monkeypatch):
    """Capacity 4 (the LP tight at 6): the window at 6 out of its cap, the first layout worth 6
    found within the support (x0 barred) is the optimum, with no second search outside it."""
    calls: list = []
    first_windows_out_of_cap(monkeypatch, calls)
    model, x, worth = knapsack(4)
    level = Level("worth", worth, -5, 9, maximize=True, support=lambda point: [(x[0].index, 0)])
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, second_duals_after=0.5, support_work=0.25)
    answer = solve_lexicographic(model, [level], params, read=lambda s: [s.value(v) for v in x])
    assert (answer.status, answer.values, answer.answer) == ("OPTIMAL", [6], [0, 1, 1])
    assert calls == [(6, 0.5), (6, 0.25)]


@pytest.mark.parametrize("out_of_cap", [False, True])
def test_late_constraints_join_only_the_whole_level_after_a_window_ran_out_of_its_cap(out_of_cap, monkeypatch):
    """Capacity 3 (LP 4.5, optimum 3), one targeted window: the window at 4 is empty, then the level is
    solved whole. `Level.late` (here barring x0, to be seen) is added to that whole search only when the
    window ran out of its first cap; a window settled within it leaves the level as it was."""
    calls: list = []
    if out_of_cap:
        first_windows_out_of_cap(monkeypatch, calls)
    model, x, worth = knapsack(3)
    added = []

    def late(m: cp_model.CpModel) -> None:
        added.append(len(m.proto.constraints))
        m.add(x[0] == 0)

    level = Level("worth", worth, -5, 9, maximize=True, late=late)
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, targeted_steps=1, second_duals_after=0.5)
    answer = solve_lexicographic(model, [level], params, read=lambda s: [s.value(v) for v in x])
    assert (answer.status, answer.values) == ("OPTIMAL", [3])
    assert len(added) == int(out_of_cap)
    if out_of_cap:
        assert answer.answer[0] == 0 and sum(answer.answer) == 1
        assert calls == [(4, 0.5), (4, None)]  # the window out of its cap, again with the second duals, then the whole level
    assert len(model.proto.constraints) == 1  # the caller's model as it was


def floor_windows_out_of_cap(monkeypatch, calls: list, cap: float):
    """The window above a floor (searched within `cap`) reported still open; every search's (target, cap) recorded."""
    import planner.cpsat as cpsat

    real = cpsat.search_window

    def search(*args):  # (model, objective, sign, fixings, target, upper, params, budget, callback, cap)
        step = real(*args)
        calls.append((args[4], args[-1]))
        return cpsat.WindowStep(step.solver, cp_model.UNKNOWN) if args[-1] == cap else step

    monkeypatch.setattr(cpsat, "search_window", search)


@pytest.mark.parametrize("steps", [0, 1])
@pytest.mark.parametrize("out_of_cap", [False, True])
@pytest.mark.parametrize("seed", range(12))
def test_a_floor_within_a_support_changes_no_answer(seed, out_of_cap, steps, monkeypatch):
    """Before the whole level, the best within a restriction (one that may bar every optimum) and the window
    above it, settled or (out_of_cap) reported open: still brute force's optima. With no targeted window
    (steps 0, the gallop off) every level goes through the floor."""
    calls: list = []
    if out_of_cap:
        floor_windows_out_of_cap(monkeypatch, calls, 0.3)
    model, x, levels, brute_force = tiny_problem(seed)
    levels = [replace(level, support=barring(x, seed + k)) for k, level in enumerate(levels)]
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, targeted_steps=steps, gallop_share=2.0, floor_work=0.25, floor_cap=0.3)
    answer = solve_lexicographic(model, levels, params, read=lambda s: [s.value(v) for v in x])
    assert answer.status == "OPTIMAL"
    assert answer.values == brute_force()
    assert len(model.proto.constraints) == 1  # the caller's model as it was


@pytest.mark.parametrize("out_of_cap", [False, True])
def test_the_window_above_a_floor_finds_the_optimum_or_leaves_the_whole_level_above_the_floor(out_of_cap, monkeypatch):
    """Capacity 5 (LP 7.5, optimum 6), one targeted window: 7 is empty; within the support (x0, x1 barred) the
    floor is 3, and the window 4..6 above it finds 6; reported open, the whole level finds 6 from the floor."""
    calls: list = []
    floor_windows_out_of_cap(monkeypatch, calls, 0.3 if out_of_cap else -1.0)
    model, x, worth = knapsack(5)
    level = Level("worth", worth, -5, 9, maximize=True, support=lambda point: [(x[0].index, 0), (x[1].index, 0)])
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, targeted_steps=1, floor_work=0.25, floor_cap=0.3)
    answer = solve_lexicographic(model, [level], params, read=lambda s: [s.value(v) for v in x])
    assert (answer.status, answer.values, sum(answer.answer)) == ("OPTIMAL", [6], 2)
    assert calls == [(7, None), (4, 0.3)]


def test_a_floor_at_the_bound_ends_the_level_with_no_other_search(monkeypatch):
    """Capacity 3 (LP 4.5, optimum 3): the window at 4 is empty, the floor within the support (nothing barred) is 3,
    the bound: optimal, and neither a window above it nor the whole level is searched."""
    calls: list = []
    floor_windows_out_of_cap(monkeypatch, calls, -1.0)
    model, x, worth = knapsack(3)
    level = Level("worth", worth, -5, 9, maximize=True, support=lambda point: [])
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, targeted_steps=1, floor_work=0.25, floor_cap=0.3)
    answer = solve_lexicographic(model, [level], params, read=lambda s: [s.value(v) for v in x])
    assert (answer.status, answer.values, sum(answer.answer)) == ("OPTIMAL", [3], 1)
    assert calls == [(4, None)]
    assert answer.solves == 2


def test_a_floor_no_better_than_the_hint_leaves_the_whole_level_as_it_was(monkeypatch):
    """Capacity 5 (LP 7.5, optimum 6), the model hinted with a layout worth 6: the floor within the support (x0, x1
    barred) is 3, below the hint, so the whole level is searched from the hint with no window above the floor."""
    calls: list = []
    floor_windows_out_of_cap(monkeypatch, calls, -1.0)
    model, x, worth = knapsack(5)
    for v, value in zip(x, (1, 1, 0)):
        model.add_hint(v, value)
    level = Level("worth", worth, -5, 9, maximize=True, support=lambda point: [(x[0].index, 0), (x[1].index, 0)])
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, targeted_steps=1, floor_work=0.25, floor_cap=0.3)
    answer = solve_lexicographic(model, [level], params, read=lambda s: [s.value(v) for v in x])
    assert (answer.status, answer.values, sum(answer.answer)) == ("OPTIMAL", [6], 2)
    assert calls == [(7, None)]


def test_no_floor_where_the_first_window_ran_out_of_its_cap(monkeypatch):
    """Capacity 5 (LP 7.5, optimum 6): the window at 7 out of its first cap, refuted with the second duals, then the
    whole level, with no floor (mid-late's blend: its floor cost 3 units and changed its layout of the same blend)."""
    calls: list = []
    first_windows_out_of_cap(monkeypatch, calls)
    model, x, worth = knapsack(5)
    level = Level("worth", worth, -5, 9, maximize=True, support=lambda point: [(x[0].index, 0), (x[1].index, 0)])
    params = SolveParams(workers=1, seed=0, lp_bound=True, min_fixed_share=0, targeted_steps=1, second_duals_after=0.5, floor_work=0.25, floor_cap=0.3)
    answer = solve_lexicographic(model, [level], params, read=lambda s: [s.value(v) for v in x])
    assert (answer.status, answer.values, sum(answer.answer)) == ("OPTIMAL", [6], 2)
    assert calls == [(7, 0.5), (7, None)]
