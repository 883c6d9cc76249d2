"""The income objective's levels settled or capped from the counting bounds, before CP-SAT searches.

Income is settled when the layout in hand reaches the area bound (income_bound.py), the bonus
value when it also reaches the bonus bound at that income (bonus_bound.py), and the points when
it reaches the points bound (points_bound.py); a bound not reached caps its level instead. A
layout short of the points bound alone is first improved one board at a time by CP-SAT, then,
if that does not reach the bound, by the cover search (income_layout.points_layout). Where the hint
reaches the income bound but not the bonus bound, bonus_lp.lp_walk first lowers the latter by LP and
lays the few choices the LPs leave standing (walk_bonus_level): a layout found there settles the level.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from ortools.sat.python import cp_model

from planner.cpsat import Level, SolveParams, fix_values, make_solver
from planner.placement.bonus_bound import BonusBound
from planner.placement.bonus_lp import Walked, lp_walk
from planner.placement.cover_model import cells_of
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
# The bonus level's walk down its choices (bonus_lp.lp_walk) takes at most this much CP-SAT work (and half the limit),
# on the few choices its LPs leave standing: five-0's 10 found there at 1.41 units, where the whole model found 7 in 10.
WALK_WORK = 4.0
# The walk runs only on models this large (solve.py's LP_MIN_VARIABLES): below it CP-SAT proves the level in a fraction of a
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


def settled_levels(pm: PlacementModel, objective: Objective, hint: GreedyLayout, bonus_bound: BonusBound | None = None, lp_bound: int | None = None) -> list[Level]:
    """The objective's levels, income settled when the hint reaches its area bound (a proof:
    income_bound.py), so CP-SAT starts at the bonus level; that level likewise settled when the
    hint also reaches the bonus bound at that income (bonus_bound.py), or else capped by it; and
    the points level settled when the hint reaches its bound (points_bound.py) too, or else capped
    by the bound at whatever bonus value is proven. Not after a laying-order cut, which may have
    cut the hint off. `lp_bound` (walk_bonus_level's) settles the bonus level where the hint reaches it, else
    the level stops there (Level.stop_at: kept out of the model, where it moved CP-SAT's search both ways)."""
    first = objective.levels[0]
    terms = evaluate(pm, set(hint.chosen), hint.resources)
    if objective.name != "income" or terms["income"] != pm.income_best:
        return objective.levels
    income, bonus, points = objective.levels
    value = bonus_bound.at(pm.income_best) if bonus_bound else None
    if value is None:
        return [replace(first, reached=pm.income_best), bonus, points]
    hint_value = round(terms["bonus_value"] * pm.scale)
    stop_at = lp_bound if lp_bound is not None and hint_value < lp_bound < value else None
    value = hint_value if lp_bound == hint_value else value  # every choice above the hint refuted: settled
    bonus = replace(bonus, high=min(value, bonus.high), reached=value if hint_value == value else None, bound_is_proven=value < bonus.high, stop_at=stop_at)
    if bonus.reached is not None:
        cap = gain_bound(pm, bonus_bound, [pm.income_best, value])
        if cap is not None and cap == terms["final_gain"] and not hint.resources:
            return [replace(first, reached=pm.income_best), bonus, replace(points, reached=cap)]
    points = replace(points, proven_bound=lambda values: gain_bound(pm, bonus_bound, values))
    return [replace(first, reached=pm.income_best), bonus, points]


def walk_bonus_level(pm: PlacementModel, bonus_bound: BonusBound | None, hint: GreedyLayout, ordered, work_limit: float | None) -> tuple[GreedyLayout, Walked | None]:
    """(the hint, or a layout at the bonus level's proven optimum; bonus_lp.lp_walk's walk, None where none is
    sought) when the hint pays the income bound but not the bonus bound, on large models. A layout found
    settles the level, and the model is then told to make one of the choices left standing at it."""
    value = bonus_bound.at(pm.income_best) if bonus_bound else None
    terms = evaluate(pm, set(hint.chosen), hint.resources)
    hint_value = round(terms["bonus_value"] * pm.scale)
    if value is None or terms["income"] != pm.income_best or hint_value >= value or len(pm.model.proto.variables) < LP_SETTLE_MIN_VARIABLES:
        return hint, None

    def pays(chosen: list[int], at: int) -> bool:
        got = evaluate(pm, set(chosen), {})
        return got["income"] == pm.income_best and round(got["bonus_value"] * pm.scale) == at and ordered(chosen)

    budget = WALK_WORK if work_limit is None else min(WALK_WORK, work_limit / 2)
    walked = lp_walk(bonus_bound, pm.states, pm.supply, pm.candidates, pm.income_best, value, hint_value, pays, budget)
    if walked.chosen is None:
        return hint, walked
    bonus_bound.proven(pm.income_best, walked.bound)  # and paid: the points level's bound is asked at it
    add_choice_made(pm, walked.standing)
    return GreedyLayout(walked.chosen), walked


def add_choice_made(pm: PlacementModel, choices: list) -> None:
    """The layout makes one of `choices` (its needed cells covered, its kept-free cells free). Every layout at the
    proven income and bonus optima makes one of the choices the walk left standing at that value, so no answer of
    the income objective is lost, and the points level searches far fewer layouts (five-0: one choice of 55)."""
    picks = [pm.model.new_bool_var(f"choice{k}") for k in range(len(choices))]
    pm.model.add_exactly_one(picks)
    for pick, choice in zip(picks, choices):
        need, free = cells_of(choice)  # needed cells are new and reachable (BoardOption), so each has its Boolean
        pm.model.add_bool_and([pm.covered[key] for key in need] + [pm.covered[key].Not() for key in free & pm.covered.keys()]).only_enforce_if(pick)


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
