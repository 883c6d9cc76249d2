"""A floor before the whole level: the best solution within the LP's support, then the window above it.

Where the LP bound is far above the optimum (round 4's blend: 5-7 units), the one-value windows near
it are refuted and the level is left to a whole search that starts from a poor hint (the greedy
layout, about half the optimum) and spends most of its work finding the optimum; once found, the proof
is quick (round4-3: 118 found at 5.8 of 6.3 s). The LP optimum's support (lp_support.py) held a
layout within 0-4 of the optimum on every random round-4 case traced, found in 0.1-1.0 units. With
that layout worth `floor`, the window `floor + 1 .. upper` is searched: empty, `floor` is the optimum;
its best, the optimum. Both are proofs: the floor is a solution of the model, and the window's
fixings hold for every solution worth `floor + 1`. Out of its cap, the whole level is searched from
the best solution known, with `objective >= floor` added (true of its optimum, since a solution
reaches it), so nothing is lost but the work spent (place37 in benchmarks/RESULTS-placement.md). Not where
the first window, at the LP bound, ran out of its cap: there the optimum lay near the bound (mid-late's blend,
2.8 below its LP) and the floor's 3 units bought nothing.
"""

from __future__ import annotations

from ortools.sat.python import cp_model


def floor_search(model, objective, sign: int, problem, lp, support, upper: int, params, budget, callback):
    """The level's step when the floor settles it (planner.cpsat.LevelStep, OPTIMAL), else None; on None the
    model is hinted with the best solution found and bounded below by its value (if any was found)."""
    from planner.cpsat import LevelStep, fix_values, hint_solution, log, search_window, window_fixings

    restricted = model.clone()
    fix_values(restricted, support(lp.values))
    solver = budget.solver(share=0.5, extra=params.targeted_extra, most=params.floor_work)
    code = solver.solve(restricted, callback)
    budget.spend(solver)
    log.debug("floor within the support: %s, work %.2f", solver.status_name(code), solver.response_proto.deterministic_time)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    floor = round(sign * solver.objective_value)
    if floor >= upper:  # nothing above it: optimal
        return LevelStep(solver, cp_model.OPTIMAL, None, 1)
    hinted = hinted_value(model)
    if hinted is not None and sign * hinted >= floor:
        return None  # no better than the hint the whole search starts from (five-3: 46 against 115)
    hint_solution(model, solver)
    step = search_window(model, objective, sign, window_fixings(problem, lp, floor + 1, params), floor + 1, upper, params, budget, callback, params.floor_cap)
    if step.code == cp_model.INFEASIBLE:
        return LevelStep(solver, cp_model.OPTIMAL, None, 2)
    if step.code == cp_model.OPTIMAL:
        return LevelStep(step.solver, cp_model.OPTIMAL, None, 2)
    best = step.solver if step.code == cp_model.FEASIBLE else solver
    hint_solution(model, best)
    model.add(sign * objective >= round(sign * best.objective_value))
    return None


def hinted_value(model: cp_model.CpModel) -> float | None:
    """The model's objective at its hint, or None when the hint leaves one of its variables out."""
    proto = model.proto
    hint = dict(zip(proto.solution_hint.vars, proto.solution_hint.values))
    objective = proto.objective
    if any(v not in hint for v in objective.vars):
        return None
    total = objective.offset + sum(k * hint[v] for v, k in zip(objective.vars, objective.coeffs))
    return total * (objective.scaling_factor or 1)
