"""Shared CP-SAT plumbing: solver parameters and lexicographic objectives by successive solves.

A lexicographic objective is solved level by level: optimise level 1, fix it to its proven
optimum, optimise level 2 under that, and so on. No level is weighted against another with a
big-M constant, so each level's optimum is exact and each solve's LP stays well scaled. Levels
whose value ranges multiply to a small enough number may be packed into one exact weighted sum
(`max_packed_range`, planner/cpsat_packing.py), which saves solves on many tiny tie-break levels
and changes no answer.

Each later solve starts from the previous answer as a hint (it stays feasible once the earlier
levels are fixed), so it usually only has to prove. The levels are fixed on a copy of the model,
so a caller may add constraints to its own model and solve again.

With `SolveParams.lp_bound` each level first gets a certified LP bound (planner/lp_bound.py):
the bound becomes a cut, and CP-SAT first searches only among solutions that reach it, with
every variable fixed that such a solution must fix (reduced-cost fixing). A solution found
there is optimal; "none there" is a proof that lowers the bound by one; after a few such
steps the level is solved whole, the cut kept. A window still open after
`second_duals_after` units of work is searched again with the fixings of a second LP beside the
first (another basis of the same degenerate LP: other duals, other variables fixed); before that,
for a level given a `support`, such a one-value window is searched within what the LP's optimal
point uses, for at most `support_work` (a solution there is optimal; none proves nothing); a level
whose window ran out of that first cap gets its `late` constraints in the whole search. With
`fixing_rounds` a window's fixings are found in rounds: the LP solved again with them as bounds
fixes more (only where the bound alone fixes `rounds_min_share` of the variables). With `floor_work` a level with a
`support` left to its whole search first gets a floor, the best within the support, and the window above it
(planner/cpsat_floor.py). Every step is exact, so answers do not change.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ortools.sat.python import cp_model

from planner.cpsat_floor import floor_search
from planner.cpsat_packing import first_level_value, pack, weighted
from planner.cpsat_stop import LevelCallback, settled, stopping

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Level:
    """One level of a lexicographic objective: an integer expression, its range, its sense."""

    name: str
    expr: cp_model.LinearExprT
    low: int
    high: int
    maximize: bool = False
    # a value the model's hint reaches and that the caller has proven no solution beats: the
    # level is fixed there with no solve (the hint stays, so the next level starts from it)
    reached: int | None = None
    # `high` (or `low` when minimising) is proven to hold once the earlier levels are fixed at
    # their optima: it is added as a constraint for this level's solve
    bound_is_proven: bool = False
    # given the earlier levels' optima, a bound on this level (its most when maximised, its least
    # when minimised) the caller has proven, or None: added as a constraint, and when the last
    # solution already reaches it the level is fixed there with no solve
    proven_bound: Callable[[list[int]], int | None] | None = None
    # a proven bound on this level (as `high`/`low`) that costs real time to compute: asked only
    # when a search near the LP bound has failed (where the LP is tight it would be wasted), given
    # the best bound known then, so it may stop early and return None when it cannot beat it
    dear_bound: Callable[[int], int | None] | None = None
    # given the LP's optimal point (with SolveParams.support_work), fixings that keep a one-value
    # window's first search to what that point uses: a heuristic, since a solution found there is
    # a solution (so optimal in a one-value window) while none found proves nothing
    support: Callable[[tuple[float, ...]], list[tuple[int, int]]] | None = None
    # constraints every solution the caller accepts meets, which change CP-SAT's path both ways: added
    # (`late(model)`) only to the whole level's search, and only after a window near the LP bound ran
    # out of its first cap, so a level its windows settle, or one with no such window, is searched as without
    late: Callable[[cp_model.CpModel], None] | None = None
    # a bound on this level (its most when maximised) the caller has proven but keeps out of the model, where it
    # would move CP-SAT's path both ways: the level's searches stop once a solution reaches it (planner/cpsat_stop.py)
    stop_at: int | None = None


@dataclass(frozen=True)
class SolveParams:
    """Explicit CP-SAT parameters: the same input gives the same answer unless a clock is set.

    `time_limit` (wall seconds, all levels together) makes the answer depend on the machine's
    load, so it is only for a user who asks; `work_limit` is CP-SAT's deterministic time, which
    cuts the search at the same point on every run.
    """

    workers: int = 1
    seed: int = 0
    time_limit: float | None = None
    work_limit: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)  # further CP-SAT parameters by name
    lp_bound: bool = False  # certified LP bound and reduced-cost fixing per level (module docstring)
    targeted_steps: int = 3  # with lp_bound: searches restricted near the bound, then the whole level
    min_fixed_share: float = 0.05  # restricted searches only when the bound fixes this share of variables
    gallop_share: float = 0.5  # beyond targeted_steps, restricted searches go on while the bound fixes this share
    lp_min_variables: int = 0  # with lp_bound: smaller models are solved plainly (GLOP costs more than it saves)
    targeted_extra: dict[str, Any] = field(default_factory=dict)  # CP-SAT parameters of the restricted searches only
    # with lp_bound: a restricted search still open after this much work is run again with the
    # fixings of a second LP, solved by the dual simplex (more fixings, more GLOP time: lp_bound.py); None: never
    second_duals_after: float | None = None
    # with lp_bound: each restricted search's fixings in rounds, the LP solved again with them as bounds
    # (lp_bound.fixings_in_rounds), at most this many, while a round fixes `round_share` of the variables
    fixing_rounds: int = 0
    round_share: float = 0.01
    rounds_min_share: float = 0.0  # rounds only for a window whose bound alone fixes this share of the variables
    # with lp_bound and a level's `support`: the work a one-value window's search within the support may take
    support_work: float | None = None
    # with lp_bound and a level's `support`: before the whole level, the best within the support for at most
    # `floor_work`, then the window above it within `floor_cap` (planner/cpsat_floor.py); None: never
    floor_work: float | None = None
    floor_cap: float | None = None


@dataclass
class LexAnswer:
    status: str  # OPTIMAL (every level proven), FEASIBLE (cut short), INFEASIBLE or UNKNOWN
    values: list[int]  # the proven optimum of each level finished, in order
    answer: Any  # what `read` returned for the last solution found (None if there was none)
    bound: float | None  # best bound of the level that was cut short, in its own units (None when all proven)
    solves: int
    work: float = 0.0  # CP-SAT deterministic time over every solve: load-independent effort


SolutionRead = Callable[[cp_model.CpSolver], Any]
CallbackFor = Callable[[Level], "LevelCallback | None"]


def make_solver(params: SolveParams, seconds_left: float | None, work_left: float | None) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = params.workers
    solver.parameters.random_seed = params.seed
    if seconds_left is not None:
        solver.parameters.max_time_in_seconds = max(0.01, seconds_left)
    if work_left is not None:
        solver.parameters.max_deterministic_time = max(0.01, work_left)
    for name, value in params.extra.items():
        setattr(solver.parameters, name, value)
    return solver


def hint_solution(model: cp_model.CpModel, solver: cp_model.CpSolver) -> None:
    """Every variable hinted at its value in the solver's last solution."""
    solution = list(solver.response_proto.solution)
    model.clear_hints()
    model.proto.solution_hint.vars.extend(range(len(solution)))
    model.proto.solution_hint.values.extend(solution)


def fix_values(model: cp_model.CpModel, fixings) -> None:
    """`x_j == value` for each (proto index j, value): the constraints `model.add` writes, parsed by
    CP-SAT's C++ in one call (7,000 added one by one took 0.04 s on the late fixture)."""
    model.proto.merge_text_format("".join(f"constraints{{linear{{vars:{j} coeffs:1 domain:{v} domain:{v}}}}}" for j, v in fixings))


def solve_lexicographic(
    model: cp_model.CpModel,
    levels: list[Level],
    params: SolveParams = SolveParams(),
    read: SolutionRead = lambda solver: None,
    callback_for: CallbackFor = lambda level: None,
    max_packed_range: int | None = None,
) -> LexAnswer:
    """Optimise each level in turn, fixing each proven optimum before the next.

    `read(solver)` turns a solution into the caller's answer; the answer kept is the one of the
    last solve that found a solution. The levels are fixed on a copy: the caller's model is
    left as it was given, so it can take more constraints and be solved again.
    """
    budget = Budget(params, time.monotonic())
    model = model.clone()
    values: list[int] = []
    answer, status, bound, solves = None, "OPTIMAL", None, 0
    solver = None  # the last solve's solver, whose solution the model is hinted with
    for group in pack(levels, max_packed_range):
        if len(group) == 1 and group[0].reached is not None:
            values.append(group[0].reached)
            model.add(group[0].expr == group[0].reached)
            continue
        if len(group) == 1 and reached_proven_bound(model, group[0], values, solver):
            values.append(solver.value(group[0].expr))
            continue
        for level in group:
            if level.bound_is_proven:
                model.add(level.expr <= level.high if level.maximize else level.expr >= level.low)
        objective = weighted(group)
        if group[0].maximize:
            model.maximize(objective)
        else:
            model.minimize(objective)
        dear_bound, support, late = (group[0].dear_bound, group[0].support, group[0].late) if len(group) == 1 else (None, None, None)  # a lone level's own
        callback = stopping(callback_for(group[0]), group[0].stop_at if len(group) == 1 else None, group[0].maximize)
        step = solve_level(model, objective, group[0].maximize, params, budget, callback, dear_bound, support, late)
        solver, code = step.solver, step.code
        solves += step.solves
        if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            answer = read(solver)
        if code != cp_model.OPTIMAL:
            status = {cp_model.FEASIBLE: "FEASIBLE", cp_model.INFEASIBLE: "INFEASIBLE"}.get(code, "UNKNOWN")
            if status == "UNKNOWN" and answer is not None:
                status = "FEASIBLE"  # an earlier level's answer still stands
            bound = first_level_value(group, step.bound) if code == cp_model.FEASIBLE and step.bound is not None else None
            break
        for level in group:
            value = solver.value(level.expr)
            values.append(value)
            model.add(level.expr == value)
        hint_solution(model, solver)
    return LexAnswer(status, values, answer, bound, solves, budget.work)


def reached_proven_bound(model: cp_model.CpModel, level: Level, values: list[int], solver: cp_model.CpSolver | None) -> bool:
    """Adds the level's proven bound (if any) to the model; True when the last solution reaches
    it, in which case the level is fixed there (no solve: nothing beats a proven bound)."""
    cap = level.proven_bound(values) if level.proven_bound else None
    if cap is None:
        return False
    if solver is not None and solver.value(level.expr) == cap:
        model.add(level.expr == cap)
        return True
    model.add(level.expr <= cap if level.maximize else level.expr >= cap)
    return False


@dataclass
class Budget:
    """What is left of the wall-clock and deterministic limits, over every solve of every level."""

    params: SolveParams
    start: float
    work: float = 0.0

    def solver(self, share: float = 1.0, extra: dict[str, Any] | None = None, most: float | None = None) -> cp_model.CpSolver:
        """A solver allowed `share` of the work left (all of it by default) and at most `most`,
        `extra` parameters set."""
        p = self.params
        seconds_left = None if p.time_limit is None else p.time_limit - (time.monotonic() - self.start)
        work_left = None if p.work_limit is None else (p.work_limit - self.work) * share
        if most is not None:
            work_left = most if work_left is None else min(work_left, most)
        solver = make_solver(p, seconds_left, work_left)
        for name, value in (extra or {}).items():
            setattr(solver.parameters, name, value)
        return solver

    def spend(self, solver: cp_model.CpSolver) -> None:
        self.work += solver.response_proto.deterministic_time

    def out_of_time(self) -> bool:
        """Whether the user's wall-clock limit, if one was set, has run out: no more LPs or windows then."""
        p = self.params
        return p.time_limit is not None and time.monotonic() - self.start >= p.time_limit


@dataclass
class LevelStep:
    solver: cp_model.CpSolver
    code: int
    bound: float | None  # the best bound known when the level was cut short
    solves: int


def solve_level(model, objective, maximize: bool, params: SolveParams, budget: Budget, callback, dear_bound=None, support=None, late=None) -> LevelStep:
    """One level: plainly, or (params.lp_bound) cut by its certified LP bound and searched near it
    (and by `dear_bound(known)`, a proven bound asked for once the first search near the LP's has failed).

    The model's objective is already set; the cuts proven here are added to `model` (valid for
    every solution, so later levels keep them harmlessly).
    """
    lp, problem = None, None  # `problem`: the LP read before the cuts below, solved again for other duals
    if params.lp_bound and len(model.proto.variables) >= params.lp_min_variables and not budget.out_of_time():
        from planner.lp_bound import LpProblem

        problem = LpProblem.of(model)
        lp = problem.bound()
    again = problem if params.second_duals_after is not None else None
    if lp is None:
        solver = budget.solver()
        code = settled(solver.solve(model, callback), callback)
        budget.spend(solver)
        return LevelStep(solver, code, solver.best_objective_bound, 1)
    sign = 1 if maximize else -1  # the bound is on sign * objective
    upper, solves = lp.best, 0
    point = lp.values if support is not None and params.support_work else ()
    within = 0  # searches within the LP's support
    hard = False  # a window ran out of its first cap
    refuted_first = None  # whether the first window (at the LP bound) was proven empty (None: no window)
    log.debug("LP bound %.3f, fixes %d of %d variables at it", float(lp.bound), len(lp.fixings(upper)), len(lp.domains))
    target = next_target(lp, upper, 0, solves, params)
    while target is not None and not budget.out_of_time():
        model.add(sign * objective <= upper)
        work_cap = params.second_duals_after if again is not None else None
        fixings = window_fixings(problem, lp, target, params)
        width = upper - target + 1
        step = search_window(model, objective, sign, fixings, target, upper, params, budget, callback, work_cap)
        solves += 1
        refuted_first = step.code == cp_model.INFEASIBLE if refuted_first is None else refuted_first
        # the best of every solution reaching `target` is optimal (in a one-value window, any is)
        if settled(step.code, callback) == cp_model.OPTIMAL or (step.code == cp_model.FEASIBLE and width == 1):
            return LevelStep(step.solver, cp_model.OPTIMAL, None, solves + within)
        if dear_bound is not None:  # asked with the best bound known, the window's refutation taken in
            known = upper if step.code != cp_model.INFEASIBLE else min(upper, target - 1)
            upper, dear_bound = lowered(upper, sign, dear_bound(sign * known)), None
        hard = hard or (work_cap is not None and step.code == cp_model.UNKNOWN)
        if point and width == 1 and work_cap is not None and step.code == cp_model.UNKNOWN and target <= upper:
            within += 1  # out of its first cap, not above the proven bound: any solution within the support is optimal
            found = search_window(model, objective, sign, fixings + support(point), target, upper, params, budget, callback, params.support_work)
            if found.code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
                return LevelStep(found.solver, cp_model.OPTIMAL, None, solves + within)
        if step.code != cp_model.INFEASIBLE and again is not None and not budget.out_of_time():
            lp, again = with_second_duals(lp, again), None
            upper = min(upper, lp.best)
            target = target if target <= upper else next_target(lp, upper, 0, solves, params)
            continue  # the same window, more fixed
        if step.code != cp_model.INFEASIBLE:
            break  # out of its share of the limit: solve the level whole
        upper = min(upper, target - 1)  # proven: no solution reaches `target`
        target = next_target(lp, upper, width, solves, params)
    model.add(sign * objective <= upper)
    if support is not None and params.floor_work and refuted_first is not False and not budget.out_of_time():
        floored = floor_search(model, objective, sign, problem, lp, support, upper, params, budget, callback)
        if floored is not None:
            return replace(floored, solves=solves + within + floored.solves)
    if late is not None and hard and not budget.out_of_time():
        late(model)
    solves += within
    solver = budget.solver()
    code = settled(solver.solve(model, callback), callback)
    budget.spend(solver)
    log.debug("whole level below %d: %s, work %.2f", upper, solver.status_name(code), solver.response_proto.deterministic_time)
    bound = None if code != cp_model.FEASIBLE else sign * min(sign * solver.best_objective_bound, upper)
    return LevelStep(solver, code, bound, solves + 1)


def lowered(upper: int, sign: int, bound: int | None) -> int:
    """`upper` (a bound on sign * objective) with a proven bound on the objective taken in."""
    return upper if bound is None else min(upper, sign * bound)


def window_fixings(problem, lp, target: int, params: SolveParams) -> list[tuple[int, int]]:
    """What every solution worth `target` must fix: the bound's fixings, in rounds if asked and
    the bound alone fixes `rounds_min_share` of the variables there."""
    if not params.fixing_rounds or fixed_share(lp, target) < params.rounds_min_share:
        return lp.fixings(target)
    from planner.lp_bound import fixings_in_rounds

    return fixings_in_rounds(problem, lp, target, params.fixing_rounds, params.round_share)


def with_second_duals(lp, problem):
    """The LP bound with a second one beside it, from the dual simplex's duals: every fixing of
    either holds. The first alone when GLOP finds no optimum."""
    from planner.lp_bound import DUAL_SIMPLEX, LpBounds

    second = problem.bound(DUAL_SIMPLEX)
    if second is None:
        return lp
    if log.isEnabledFor(logging.DEBUG):  # the count costs two fixings lists
        log.debug("second duals: bound %.3f, fixes %d more", float(second.bound), len(set(second.fixings(lp.best)) - set(lp.fixings(lp.best))))
    return LpBounds((lp, second))


def next_target(lp, upper: int, width: int, solves: int, params: SolveParams) -> int | None:
    """The lowest value the next restricted search looks at (it looks from there to `upper`),
    or None: solve the level whole. A restricted search pays only when the bound fixes much,
    else it is the whole search again with a target that may be out of reach (the income
    level's LP fixes almost nothing). While the bound fixes most variables each search is
    nearly free, so the window doubles; else, for the first `targeted_steps` searches, it
    looks at one value at a time, where the bound fixes the most (a blend whose optimum lies
    one below its LP bound is found there: benchmarks/RESULTS-placement.md, place14)."""
    wide = upper - 2 * width + 1
    if width and fixed_share(lp, wide) >= params.gallop_share:
        return wide
    if solves < params.targeted_steps and fixed_share(lp, upper) >= params.min_fixed_share:
        return upper
    return None


def fixed_share(lp, target: int) -> float:
    """The share of variables every solution worth at least `target` must fix."""
    return len(lp.fixings(target)) / max(1, len(lp.domains))


@dataclass
class WindowStep:
    solver: cp_model.CpSolver
    code: int


def search_window(model, objective, sign: int, fixings, target: int, upper: int, params: SolveParams, budget: Budget, callback, work_cap: float | None = None) -> WindowStep:
    """The best solution worth `target` to `upper`, with what every such solution must fix fixed;
    within half the work left, and at most `work_cap` when given."""
    restricted = model.clone()
    fix_values(restricted, fixings)
    restricted.add(sign * objective >= target)
    solver = budget.solver(share=0.5, extra=params.targeted_extra, most=work_cap)
    code = solver.solve(restricted, callback)
    budget.spend(solver)
    log.debug("window %d..%d: %s, work %.2f", target, upper, solver.status_name(code), solver.response_proto.deterministic_time)
    return WindowStep(solver, code)
