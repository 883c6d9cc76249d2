"""The income objective's levels settled or capped from the counting bounds, before CP-SAT searches.

Income is settled when the layout in hand reaches the area bound (income_bound.py), the bonus
value when it also reaches the bonus bound at that income (bonus_bound.py), and the points when
it reaches the points bound (points_bound.py); a bound not reached caps its level instead. A
layout short of the points bound alone is first improved one board at a time by CP-SAT, then,
if that does not reach the bound, by the cover search (income_layout.points_layout).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ortools.sat.python import cp_model

from planner.cpsat import Level, SolveParams, fix_values, make_solver
from planner.placement.bonus_bound import BonusBound
from planner.placement.bonus_lp import lp_lowered
from planner.placement.cover_search import CoverIndex
from planner.placement.greedy import GreedyLayout
from planner.placement.income_layout import points_layout
from planner.placement.model import PlacementModel, evaluate
from planner.placement.objectives import Objective
from planner.placement.points_bound import PointsBound, resources_bound

# The income objective's points level, when the layout in hand reaches the income and bonus bounds but falls short of
# the points bound: one board at a time is solved again from it (the other boards' tiles fixed, income and bonus value
# at their proven optima), fewest candidates first, each within this much work, until a layout reaches the bound
# (proven, so it settles the level). Late fixture: 100 -> 101 on its long house, 0.05 units in all, where CP-SAT's
# whole level took 2.99 (place22 in benchmarks/RESULTS-placement.md).
BOARD_RESOLVE_WORK = 0.1
# The bonus level is settled by bonus_lp.py's LPs only where the hint is at most this far below the counting cap.
# Further down it never reached the hint on the late, five and round-4 cases traced (late-16: cap 23, hint 8, 24 LPs
# lower it to 21 in 2.6 s of CPU), and the LP's lower cap given to CP-SAT instead moved its search both ways (five-6's
# bonus found 9 -> 6, late-9's 10 -> 9; round4-5 proven): place38 in benchmarks/RESULTS-placement.md.
LP_SETTLE_GAP = 2
# ... and only on models this large (solve.py's LP_MIN_VARIABLES): below it CP-SAT proves the level in a fraction of a
# unit, and a level settled from the hint left the final fixture's income answer another layout of equal values on
# every level and the tie-break's (ore and silver swapped), where benchmarks/placement_answers.py asks for the same one.
LP_SETTLE_MIN_VARIABLES = 3000


def points_bound_at(pm: PlacementModel, bonus_bound: BonusBound, income: int, value: int | None) -> PointsBound | None:
    """The points bound at this income and bonus value, built once (0.1-0.3 s on the large cases): the
    board-by-board pass, the cover search and the levels all ask for the same one."""
    if value is None:
        return None
    if (income, value) not in bonus_bound.points:
        bonus_bound.points[(income, value)] = PointsBound(bonus_bound, pm.states, pm.supply, pm.candidates, income, value)
    return bonus_bound.points[(income, value)]


def points_of(pm: PlacementModel, chosen: list[int]) -> int:
    """-1 cells covered less silver and animal points laid: the score gain less the income gained."""
    terms = evaluate(pm, set(chosen), {})
    return int(terms["final_gain"] - (terms["income"] - pm.income_before))


def gain_bound(pm: PlacementModel, bonus_bound: BonusBound, values: list[int]) -> int | None:
    """The points level's bound (points_bound.py) once income and bonus value are fixed at `values`."""
    income, value = values[:2]
    points = points_bound_at(pm, bonus_bound, income, value)
    best = points.best() if points else None
    if best is None:
        return None
    return best + income - pm.income_before + resources_bound(pm.states, pm.supply, pm.final)


def at_income_and_bonus_bounds(pm: PlacementModel, bonus_bound: BonusBound | None, layout: GreedyLayout) -> tuple[int, dict] | None:
    """(the bonus bound at the best income, the layout's terms) when `layout` pays that income and
    that bonus value, both proven best; None otherwise: only then is the points level left to settle."""
    value = bonus_bound.at(pm.income_best) if bonus_bound else None
    if value is None:
        return None
    terms = evaluate(pm, set(layout.chosen), layout.resources)
    if terms["income"] != pm.income_best or round(terms["bonus_value"] * pm.scale) != value:
        return None
    return value, terms


def settled_levels(pm: PlacementModel, objective: Objective, hint: GreedyLayout, bonus_bound: BonusBound | None = None) -> list[Level]:
    """The objective's levels, income settled when the hint reaches its area bound (a proof:
    income_bound.py), so CP-SAT starts at the bonus level; that level likewise settled when the
    hint also reaches the bonus bound at that income (bonus_bound.py), or else capped by it; and
    the points level settled when the hint reaches its bound (points_bound.py) too, or else capped
    by the bound at whatever bonus value is proven. Not after a laying-order cut, which may have
    cut the hint off."""
    first = objective.levels[0]
    terms = evaluate(pm, set(hint.chosen), hint.resources)
    if objective.name != "income" or terms["income"] != pm.income_best:
        return objective.levels
    income, bonus, points = objective.levels
    value = bonus_bound.at(pm.income_best) if bonus_bound else None
    if value is None:
        return [replace(first, reached=pm.income_best), bonus, points]
    hint_value = round(terms["bonus_value"] * pm.scale)
    if 0 < value - hint_value <= LP_SETTLE_GAP and len(pm.model.proto.variables) >= LP_SETTLE_MIN_VARIABLES and lp_lowered(bonus_bound, pm.states, pm.supply, pm.candidates, pm.income_best, value, hint_value) == hint_value:
        value = hint_value  # every choice above the hint refuted by LP: settled; short of it the counting cap stays, CP-SAT's path unchanged
    bonus = replace(bonus, high=min(value, bonus.high), reached=value if hint_value == value else None, bound_is_proven=value < bonus.high)
    if bonus.reached is not None:
        cap = gain_bound(pm, bonus_bound, [pm.income_best, value])
        if cap is not None and cap == terms["final_gain"] and not hint.resources:
            return [replace(first, reached=pm.income_best), bonus, replace(points, reached=cap)]
    points = replace(points, proven_bound=lambda values: gain_bound(pm, bonus_bound, values))
    return [replace(first, reached=pm.income_best), bonus, points]


def board_by_board(pm: PlacementModel, objective: Objective, hint: GreedyLayout, bonus_bound: BonusBound | None, params: SolveParams) -> tuple[GreedyLayout, float]:
    """The hint, or (income objective, the hint at the income and bonus bounds, short of the points bound) a layout
    improved one board at a time (BOARD_RESOLVE_WORK), returned as soon as it reaches the points bound; and the work."""
    reached = at_income_and_bonus_bounds(pm, bonus_bound, hint) if objective.name == "income" else None
    if reached is None or hint.resources:
        return hint, 0.0
    value, terms = reached
    cap = gain_bound(pm, bonus_bound, [pm.income_best, value])
    if cap is None or cap == terms["final_gain"]:
        return hint, 0.0
    income, bonus, points = objective.levels
    chosen, work = set(hint.chosen), 0.0
    count = Counter(c.board for c in pm.candidates)
    boards = sorted(count, key=lambda b: (count[b], b))  # fewest candidates first
    for board in boards:
        left = BOARD_RESOLVE_WORK if params.work_limit is None else min(BOARD_RESOLVE_WORK, params.work_limit - work)
        if left <= 0:
            break
        pm.complete_hint(chosen, {})
        model = pm.model.clone()
        model.add(income.expr == pm.income_best)
        model.add(bonus.expr == value)
        fix_values(model, ((pm.x_index[i], int(i in chosen)) for i, c in enumerate(pm.candidates) if c.board != board))
        model.maximize(points.expr)
        solver = make_solver(params, None, left)
        code = solver.solve(model)
        work += solver.response_proto.deterministic_time
        if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            solution = list(solver.response_proto.solution)
            chosen = {i for i, index in enumerate(pm.x_index) if solution[index]}
            if round(solver.objective_value) == cap:
                return GreedyLayout(sorted(chosen)), work
    return hint, work


def points_search(pm: PlacementModel, layout: GreedyLayout, bonus_bound: BonusBound, index: CoverIndex) -> GreedyLayout:
    """The layout, or one the cover search finds reaching the points bound at the same income and
    bonus bound when the layout pays both but falls short of it. Run after `board_by_board`, which
    is cheaper where it reaches the bound (the late fixture and real late: 0.1 s of CP-SAT against a
    cover search of 0.6-0.8 s finding nothing); on the benchmark's cases it has found none since."""
    reached = at_income_and_bonus_bounds(pm, bonus_bound, layout)
    if reached is None:
        return layout
    points = points_bound_at(pm, bonus_bound, pm.income_best, reached[0])
    if points is None or points.best() == points_of(pm, layout.chosen):
        return layout
    better = points_layout(points, pm.supply, index, lambda c: points_of(pm, c))
    return GreedyLayout(better) if better is not None else layout
