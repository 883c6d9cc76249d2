"""The solve loop: build, hint with the greedy layout, solve level by level, cut orderless boards.

The static income rule in the model is exact for rectangles but not provably for every special
tile mask, so after each solve the rule checker's `legal_order` looks for a laying order on
every board; when none exists that board's chosen candidates get a no-good cut and the model is
solved again (the greedy hint has a legal order by construction, so no cut ever removes it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ortools.sat.python import cp_model

from models.boards import Board
from models.snapshot import Placement, Snapshot
from models.values import default_values
from planner.cpsat import LexAnswer, Level, SolveParams, solve_lexicographic
from planner.cpsat_stop import LevelCallback
from planner.placement.candidates import all_candidates, board_states
from planner.placement.clock import deadline, limited, out_of_time
from planner.placement.greedy import PREFERENCES, GreedyLayout, greedy_layout
from planner.placement.blend_bound import capped
from planner.placement.bonus_bound import BonusBound
from planner.placement.cover_model import SETTLE_WORK, settle_income
from planner.placement.cover_search import CoverIndex
from planner.placement.income_layout import bonus_layout, income_layout
from planner.placement.income_levels import board_by_board, points_search, settled_levels, walk_bonus_level
from planner.placement.lp_support import with_support
from planner.placement.model import PlacementModel, evaluate
from planner.placement.objectives import Objective, objective_for, tie_break
from planner.placement.request import DEFAULT_WORK_LIMIT, Choice, Settings, is_final_placement, placeable_supply

OrderCheck = Callable[[Board, list[Placement]], "list[int] | None"]
Progress = Callable[[str, float, float, float], None]  # (text, objective, bound, seconds)

# The certified LP bound pays on large models only: below this many variables GLOP and the
# extra solves cost more than CP-SAT's own bound (benchmarks/placement.py, small cases).
LP_MIN_VARIABLES = 3000
# One presolve pass is enough here; the full LP at every worker gives the bound that proves:
# with few workers the default portfolio may run no full LP and the bound stalls.
MODEL_PARAMETERS = {"linearization_level": 2, "max_presolve_iterations": 1}
# Searches restricted by the LP bound: probing costs more than it finds there (deterministic time
# 2.2 without, 3.7 with, on the late-game fixture), while the whole model gains from it.
TARGETED_PARAMETERS = {"cp_model_probing_level": 0}
# A window near the LP bound still open after this much work is searched again with the dual
# simplex's duals beside the primal's: they fix more (real late's bonus level 58 units to 16),
# but cost 0.2-0.5 s more of GLOP, more than the easy cases' whole search (0.4-0.6 units on the
# benchmark's large cases), which stay under it; after 0.3 units two of them paid for it, after
# 0.7 or 1.0 the hard cases kept more of their work (place16 in benchmarks/RESULTS-placement.md).
SECOND_DUALS_AFTER = 0.5
# Each window's fixings in rounds: the LP solved again with them as bounds fixes more (another basis of the
# degenerate LP), at most this many rounds, 0.05-0.5 s of GLOP each, while a round fixes 1% of the variables
# (place20 in benchmarks/RESULTS-placement.md).
FIXING_ROUNDS = 3
# The blend's windows get their rounds only where the LP alone fixes this share of the variables: below the LP bound
# on random late inventories it fixes 10-12% (600-700 of 6,600), three rounds of GLOP took 0.3-0.45 s to reach 12-20%,
# and the window then ran out of its cap either way (place35 in benchmarks/RESULTS-placement.md).
BLEND_ROUNDS_MIN_SHARE = 0.2
# The same for the income objective's levels: on round 4's points level (round4-11: GLOP at 0.3 s a solve, the level's
# constraints fixing income and bonus value make it slow) the rounds of a window where the LP fixes 18% took 0.7 s
# of GLOP; at 0.2, round4-9, -10 and -11 0.16-0.71 units and 0.6-1.2 s of CPU less, no round-4 case slower (place37).
INCOME_ROUNDS_MIN_SHARE = 0.2
# The blend's level, when its windows near the LP bound leave it to the whole search, first gets a floor: the best
# layout within the LP optimum's support, found within BLEND_FLOOR_WORK, then the window above that floor within
# BLEND_FLOOR_CAP (planner/cpsat_floor.py). Round 4's blend LP is 5-7 above the optimum and the whole level spent most
# of its work finding it from the greedy layout: on random round-4 inventories (seeds 0-15) the work of all sixteen
# 62 -> 51 units, one more proven; 0.5 found poorer floors, an uncapped window lost round4-12 (place37 in
# benchmarks/RESULTS-placement.md).
BLEND_FLOOR_WORK = 1.0
BLEND_FLOOR_CAP = 2.0
# A one-value window still open after SECOND_DUALS_AFTER is next searched within the LP's support
# (lp_support.py) for at most this much work: seeded random late inventories' windows at the
# optimum took 1.8-3.7 units more in the whole model, within the support 0.07-0.36 on two of
# eight; on late-3, late-4 and round4-5 it found none and cost these 0.5 (place31 in
# benchmarks/RESULTS-placement.md). 1.5 also found late-4's, but cost late-3 1.5.
SUPPORT_WORK = 0.5
# CP-SAT deterministic time the tie-break among equal optima may take at most: enough to prove it
# on the small benchmark cases (0.05-0.15 units) and on mid's income (0.31). Mid's blend and final
# prove only at 0.59 and 1.65, and from 0.35 to the former 0.5 neither found another layout: the
# same answers, 0.15 units (0.2-0.4 s of CPU) less on each (place27 in benchmarks/RESULTS-placement.md).
TIE_BREAK_WORK = 0.35
# The tie-break is solved without the certified LP bound: on large models its LP (a packed
# objective in the millions) and the windows below it cost 1-1.5 s of CPU for a level given 0.5
# units of work, more than the objective's own solve on five boards (place9 in
# benchmarks/RESULTS-placement.md); small models never used it (LP_MIN_VARIABLES).
TIE_BREAK_LP_BOUND = False
# Models this large skip the tie-break: on every large benchmark case and objective (fifteen) its
# TIE_BREAK_WORK found no layout other than the objective's own answer, at 0.6-0.7 s each (place15
# in benchmarks/RESULTS-placement.md); the answer stays the same on every run, being the work-limited search's.
TIE_BREAK_MAX_VARIABLES = 3000
# Layouts refused for want of a legal laying order, each cut off, before the greedy layout (legal
# by construction) is answered instead: each cut excludes one set of tiles only, and a late-game
# board once took 316 cuts in 40 minutes under load without ending. Counted, not timed: same answer under any load.
MAX_ORDER_CUTS = 20
MAX_PACKED_RANGE = 2**50  # the two tie-break levels as one exact weighted sum (CP-SAT is exact below 2**53)


@dataclass
class PlacementResult:
    status: str  # OPTIMAL, FEASIBLE or INFEASIBLE
    objective_name: str
    objective: float  # final: score gain; income: income; blend: the blended gain
    bound: float
    placements: list[tuple[int, Placement]]  # (board index, placement)
    resources: dict[int, dict[str, int]]  # board index -> wood/stone added
    income_after: int
    bonus_value_after: float
    final_gain: int
    seconds: float
    candidates: int
    cuts: int = 0
    greedy_gain: int | None = None
    message: str = ""
    objective_reason: str = ""
    rounds_left: int = 0
    work: float = 0.0  # CP-SAT deterministic time over every solve (the machine's load does not change it)
    tie_break: str = ""  # among equal optima: "proven" (lowest cells first), "best found" (its limit ran out), "skipped (large model)", "" (not asked)


class ProgressReporter(LevelCallback):
    """Forwards each improving solution (and bound) of one level to the caller's display."""

    def __init__(self, level: Level, decode: Callable[[float], float], on_progress: Progress):
        super().__init__()
        self.level, self.decode, self.on_progress = level, decode, on_progress

    def on_solution(self) -> None:
        # a lone level's objective is its own expression (planner.cpsat_packing.weighted)
        v, b = self.decode(self.objective_value), self.decode(self.best_objective_bound)
        self.on_progress(f"{self.level.name} {v:g} (bound {b:g})", v, b, self.wall_time)


def solver_params(settings: Settings) -> SolveParams:
    work = settings.work_limit if settings.work_limit is not None or settings.time_limit is not None else DEFAULT_WORK_LIMIT
    return SolveParams(
        settings.workers, settings.seed, settings.time_limit, work, MODEL_PARAMETERS,
        lp_bound=True, lp_min_variables=LP_MIN_VARIABLES, targeted_extra=TARGETED_PARAMETERS, second_duals_after=SECOND_DUALS_AFTER,
        fixing_rounds=FIXING_ROUNDS, support_work=SUPPORT_WORK,
    )  # fmt: skip


def solve_placement(snapshot: Snapshot, settings: Settings, choice: Choice, order_of: OrderCheck, on_progress: Progress | None = None) -> PlacementResult:
    """The best placement for the chosen objective, re-solved with cuts until each board has an order;
    within the user's time limit, if one is set (clock.py)."""
    start = time.monotonic()
    with deadline(settings.time_limit, start):
        return _solve_placement(snapshot, settings, choice, order_of, on_progress, start)


def _solve_placement(snapshot: Snapshot, settings: Settings, choice: Choice, order_of: OrderCheck, on_progress: Progress | None, start: float) -> PlacementResult:
    final = is_final_placement(snapshot, settings.final)
    supply = placeable_supply(snapshot, settings.keep, final)
    values = settings.values if settings.values is not None else default_values()
    states = board_states(snapshot)
    cands = all_candidates(states, supply)
    pm = PlacementModel(states, supply, cands, final, values)
    objective = searched_objective(pm, choice)
    bonus_bound = BonusBound(pm.states, pm.supply, pm.candidates, pm.values, pm.scale) if objective.name == "income" else None
    index = CoverIndex(pm.states, pm.candidates, pm.supply) if objective.name == "income" else None
    ordered = lambda chosen: not boards_without_order(pm, snapshot, chosen, order_of)  # noqa: E731
    greedy = best_greedy(pm, objective, final, bonus_bound, index, ordered)
    params = solver_params(settings)
    if objective.name == "blend":
        params = replace(params, rounds_min_share=BLEND_ROUNDS_MIN_SHARE, floor_work=BLEND_FLOOR_WORK, floor_cap=BLEND_FLOOR_CAP)
    settle_work, lp_bound = 0.0, None
    if objective.name == "income":
        params = replace(params, rounds_min_share=INCOME_ROUNDS_MIN_SHARE)
        objective, greedy, settle_work = settle_income_level(pm, objective, choice, greedy, ordered, params.work_limit)
        greedy, walked = walk_bonus_level(pm, bonus_bound, greedy, ordered, still_left(params, settle_work, start).work_limit)
        settle_work, lp_bound = (settle_work + walked.work, walked.bound) if walked else (settle_work, None)

    def callback_for(level: Level):
        decode = objective.decode if level is objective.levels[0] else (lambda v: v)
        return ProgressReporter(level, decode, on_progress) if on_progress else None

    def read(solver: cp_model.CpSolver):
        solution = list(solver.response_proto.solution)  # one copy, not a call into C++ per candidate
        return [i for i, index in enumerate(pm.x_index) if solution[index]], {k: solver.value(v) for k, v in pm.resources.items()}

    first, work = board_by_board(pm, objective, greedy, bonus_bound, still_left(params, settle_work, start))  # may lack a laying order: the first pass only
    work += settle_work
    if first is greedy and bonus_bound is not None:  # the boards did not reach the points bound: the cover search may
        greedy = first = points_search(pm, greedy, bonus_bound, index)
    greedy_gain = evaluate(pm, set(greedy.chosen), greedy.resources)["final_gain"]
    limits, cuts = params, 0
    while True:
        params, pass_start = still_left(limits, work, start), time.monotonic()  # one budget for the boards and every pass
        hint = greedy if cuts else first
        hint_from(pm, hint)
        levels = objective.levels if cuts else settled_levels(pm, objective, hint, bonus_bound, lp_bound)
        if objective.name == "income" and any(level.reached is None for level in levels) and ordered(hint.chosen) and not out_of_time():
            # valid for every legal layout, so for the hint with its order (one without may break a pair,
            # and the levels it settled would then have no solution): fewer answers refused for want of one
            pm.add_order_pairs()
        answer = solve_lexicographic(pm.model, levels, params, read, callback_for)
        if answer.answer is None and answer.status == "OPTIMAL":  # every level settled by the hint: no solve ran
            answer = replace(answer, answer=(list(hint.chosen), dict(hint.resources)))
        work += answer.work
        finish = Finish(pm, objective, choice, start, cuts, greedy_gain, work)
        if answer.answer is None:
            return finish.without_solution(answer.status, greedy)
        chosen, resources = answer.answer
        if answer.status == "OPTIMAL" and settings.tie_break:
            if len(pm.model.proto.variables) >= TIE_BREAK_MAX_VARIABLES:
                finish.tie_break = "skipped (large model)"
            else:
                (chosen, resources), finish.tie_break, tie_work = break_ties(pm, objective, answer, params, pass_start, read)
                finish.work = work = work + tie_work
        bad = boards_without_order(pm, snapshot, chosen, order_of)
        if not bad:
            bound = objective.decode(answer.bound) if answer.bound is not None and not answer.values else float("nan")
            return finish.result(answer.status, chosen, resources, bound)
        if cuts >= MAX_ORDER_CUTS:
            out = finish.without_solution("UNKNOWN", greedy)
            out.message = f"no layout with a legal laying order found within {MAX_ORDER_CUTS} cuts: this is the greedy layout"
            return out
        for on_board in bad:
            pm.model.add(sum(pm.x[i] for i in on_board) <= len(on_board) - 1)  # no-good cut: not all again
            cuts += 1


def still_left(params: SolveParams, work: float, start: float) -> SolveParams:
    """The limits left once `work` is done, the clock started at `start`."""
    work_limit = None if params.work_limit is None else max(0.01, params.work_limit - work)
    # no time left is 0, so the solver's budget knows it is out (no LP started past the limit); make_solver gives CP-SAT 0.01 s
    seconds = None if params.time_limit is None else max(0.0, params.time_limit - (time.monotonic() - start))
    return replace(params, work_limit=work_limit, time_limit=seconds)


def break_ties(pm: PlacementModel, objective: Objective, answer: LexAnswer, params: SolveParams, start: float, read) -> tuple[Any, str, float]:
    """Among layouts with the objective's proven optimum, the one covering the fewest, then the lowest, cells.

    Returns (answer, "proven" or "best found", work). Within TIE_BREAK_WORK, so on large
    models it may stop at a better layout than the first without proving it the best.
    """
    pm.complete_hint(*answer.answer)
    model = pm.model.clone()
    for level, value in zip(objective.levels, answer.values):
        model.add(level.expr == value)
    work = TIE_BREAK_WORK if params.work_limit is None else min(TIE_BREAK_WORK, max(0.01, params.work_limit - answer.work))
    seconds = None if params.time_limit is None else max(0.01, params.time_limit - (time.monotonic() - start))
    tie_params = replace(params, work_limit=work, time_limit=seconds, lp_bound=params.lp_bound and TIE_BREAK_LP_BOUND)
    tie = solve_lexicographic(model, tie_break(pm), tie_params, read, max_packed_range=MAX_PACKED_RANGE)
    if tie.answer is None:
        return answer.answer, "best found", tie.work
    return tie.answer, "proven" if tie.status == "OPTIMAL" else "best found", tie.work


def best_greedy(
    pm: PlacementModel, objective: Objective, final: bool, bonus_bound: BonusBound | None = None, index: CoverIndex | None = None, ordered=lambda chosen: True
) -> GreedyLayout:
    """The better greedy layout for this objective (each takes a tenth of a second); for income
    also a layout reaching the bounds when the cover search finds one: on income and bonus value,
    else on income alone (the points bound is sought after: income_levels.points_search)."""
    layouts = [greedy_layout(pm.states, pm.supply, pm.candidates, final, prefer) for prefer in PREFERENCES]
    if objective.name == "income":
        index = index or CoverIndex(pm.states, pm.candidates, pm.supply)
        layouts += [GreedyLayout(chosen) for chosen in income_covers(pm, bonus_bound, index, ordered)]
    return best_of(pm, objective, layouts)


def income_covers(pm: PlacementModel, bonus_bound: BonusBound | None, index: CoverIndex, ordered) -> list[list[int]]:
    """The cover searches' layouts for the income objective: the bonus walk's (it pays the income too), else
    the income walk's. Against the user's clock (clock.py) the income walk first, then the bonus walk in
    what time is left: where the bonus walk fails it fails slowly (late-16: 4.7 s of CPU, then the income
    walk's income 20 in 1.7 s), and cut short it would leave the greedy layout's income 9."""

    def by_bonus():
        return bonus_layout(bonus_bound, pm.income_best, pm.supply, index, ordered) if bonus_bound else None

    def by_income():
        return income_layout(pm.states, pm.supply, pm.candidates, index, ordered)

    if limited():
        return [c for c in (by_income(), by_bonus()) if c is not None]
    found = by_bonus()
    found = found if found is not None else by_income()
    return [found] if found is not None else []


def best_of(pm: PlacementModel, objective: Objective, layouts: list[GreedyLayout]) -> GreedyLayout:
    """The layout the objective ranks first (the earliest of equals)."""
    return max(layouts, key=lambda g: objective.key(evaluate(pm, set(g.chosen), g.resources)))


def searched_objective(pm: PlacementModel, choice: Choice) -> Objective:
    """The chosen objective's levels as the LP path searches them: the blend capped (asked only on that
    path, for large models, where the LP is not tight) and given the order pairs late, and the blend's and
    the final score's windows searched within the LP optimum's support when out of their first cap (lp_support.py)."""
    objective = objective_for(pm, choice.objective, choice.rounds_left)
    if objective.name == "blend":
        objective = with_order_pairs_late(capped(pm, objective, choice.rounds_left), pm)
    return with_support(pm, objective) if objective.name in ("blend", "final") else objective


def with_order_pairs_late(objective: Objective, pm: PlacementModel) -> Objective:
    """The blend with the order pairs (PlacementModel.add_order_pairs) added to its whole level's search
    once a window near the LP bound has run out of its first cap (planner.cpsat, `Level.late`). Added
    from the start they proved the late fixture and lost five-3 (OPTIMAL 140 to FEASIBLE 116); in the
    window searched again with the second duals they lost late-3 and late-7; in the whole level after
    such a window they prove late-6 and late-12 of the 48 random cases and lose none, and a level its
    windows settle pays nothing (place34 in benchmarks/RESULTS-placement.md)."""
    return replace(objective, levels=[replace(objective.levels[0], late=pm.add_order_pairs), *objective.levels[1:]])


def settle_income_level(pm: PlacementModel, objective: Objective, choice: Choice, greedy: GreedyLayout, ordered, work_limit: float | None) -> tuple[Objective, GreedyLayout, float]:
    """When the greedy and cover-search layouts fall short of the area bound: the income objective
    with the bound the per-choice cover model proves (cover_model.py; the cut and the level's top
    lowered with it), the better of the greedy layout and a cover it finds, and its work."""
    reached = int(evaluate(pm, set(greedy.chosen), greedy.resources)["income"])
    if reached >= pm.income_best:
        return objective, greedy, 0.0
    budget = SETTLE_WORK if work_limit is None else min(SETTLE_WORK, work_limit / 2)
    settled = settle_income(pm.states, pm.supply, pm.candidates, pm.income_best, reached, ordered, budget)
    if settled.bound < pm.income_best:
        pm.income_best = settled.bound
        objective = objective_for(pm, "income", choice.rounds_left)
    layouts = [greedy] + ([GreedyLayout(settled.chosen)] if settled.chosen is not None else [])
    return objective, best_of(pm, objective, layouts), settled.work


def hint_from(pm: PlacementModel, greedy: GreedyLayout) -> None:
    pm.complete_hint(set(greedy.chosen), greedy.resources)


def boards_without_order(pm: PlacementModel, snapshot: Snapshot, chosen: list[int], order_of: OrderCheck) -> list[list[int]]:
    """For each board the order checker rejects, the chosen candidate indices on it."""
    bad = []
    for state in pm.states:
        on_board = [i for i in chosen if pm.candidates[i].board == state.index]
        if not on_board or not state.board.income:
            continue
        fixed = list(snapshot.player.boards[state.index].placements)
        if order_of(state.board, fixed + [pm.candidates[i].placement() for i in on_board]) is None:
            bad.append(on_board)
    return bad


@dataclass
class Finish:
    """Turns a chosen set of candidates into the result the caller sees."""

    pm: PlacementModel
    objective: Objective
    choice: Choice
    start: float
    cuts: int
    greedy_gain: int
    work: float
    tie_break: str = ""

    def without_solution(self, status: str, greedy: GreedyLayout) -> PlacementResult:
        """No solution from CP-SAT within the limit: the greedy layout is legal, so report it as FEASIBLE."""
        if status == "INFEASIBLE":
            return self.result("INFEASIBLE", [], {}, float("nan"))
        out = self.result("FEASIBLE", greedy.chosen, greedy.resources, float("nan"))
        out.message = "the limit ran out before CP-SAT found a solution: this is the greedy layout"
        return out

    def result(self, status: str, chosen: list[int], resources: dict[tuple[int, str], int], bound: float) -> PlacementResult:
        pm = self.pm
        ordered = sorted(chosen, key=lambda i: (pm.candidates[i].board, pm.candidates[i].row, pm.candidates[i].col))
        terms = evaluate(pm, set(chosen), resources)
        added: dict[int, dict[str, int]] = {}
        for (b, resource), n in sorted(resources.items()):
            if n:
                added.setdefault(b, {})[resource] = n
        value = self.objective.value_of(terms)
        return PlacementResult(
            status=status,
            objective_name=self.objective.name,
            objective=value,
            bound=value if status == "OPTIMAL" else bound,
            placements=[(pm.candidates[i].board, pm.candidates[i].placement()) for i in ordered],
            resources=added,
            income_after=int(terms["income"]),
            bonus_value_after=terms["bonus_value"],
            final_gain=int(terms["final_gain"]),
            seconds=time.monotonic() - self.start,
            candidates=len(pm.candidates),
            cuts=self.cuts,
            greedy_gain=self.greedy_gain,
            objective_reason=self.choice.reason,
            rounds_left=self.choice.rounds_left,
            work=self.work,
            tie_break=self.tie_break,
        )
