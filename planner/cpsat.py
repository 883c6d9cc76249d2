"""Shared CP-SAT plumbing: solver parameters and lexicographic objectives by successive solves.

A lexicographic objective is solved level by level: optimise level 1, fix it to its proven
optimum, optimise level 2 under that, and so on. No level is weighted against another with a
big-M constant, so each level's optimum is exact and each solve's LP stays well scaled. Levels
whose value ranges multiply to a small enough number may be packed into one exact weighted sum
(`max_packed_range`), which saves solves on many tiny tie-break levels and changes no answer.

Each later solve starts from the previous answer as a hint (it stays feasible once the earlier
levels are fixed), so it usually only has to prove. The levels are fixed on a copy of the model,
so a caller may add constraints to its own model and solve again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ortools.sat.python import cp_model


@dataclass(frozen=True)
class Level:
    """One level of a lexicographic objective: an integer expression, its range, its sense."""

    name: str
    expr: cp_model.LinearExprT
    low: int
    high: int
    maximize: bool = False


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


@dataclass
class LexAnswer:
    status: str  # OPTIMAL (every level proven), FEASIBLE (cut short), INFEASIBLE or UNKNOWN
    values: list[int]  # the proven optimum of each level finished, in order
    answer: Any  # what `read` returned for the last solution found (None if there was none)
    bound: float | None  # best bound of the level that was cut short (None when all proven)
    solves: int


SolutionRead = Callable[[cp_model.CpSolver], Any]
CallbackFor = Callable[[Level], "cp_model.CpSolverSolutionCallback | None"]


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


def pack(levels: list[Level], max_packed_range: int | None) -> list[list[Level]]:
    """Consecutive levels of the same sense grouped so one weighted sum keeps their order exactly."""
    if not max_packed_range:
        return [[level] for level in levels]
    groups: list[list[Level]] = []
    span = max_packed_range + 1
    for level in levels:
        size = level.high - level.low + 1
        if groups and groups[-1][0].maximize == level.maximize and span * size <= max_packed_range:
            groups[-1].append(level)
            span *= size
        else:
            groups.append([level])
            span = size
    return groups


def weighted(group: list[Level]) -> cp_model.LinearExprT:
    """sum of level_k x (product of the ranges of the levels after k): lexicographic, exactly."""
    total, weight = 0, 1
    for level in reversed(group):
        total += weight * (level.expr - level.low)
        weight *= level.high - level.low + 1
    return total


def hint_solution(model: cp_model.CpModel, solver: cp_model.CpSolver) -> None:
    """Every variable hinted at its value in the solver's last solution."""
    solution = list(solver.response_proto.solution)
    model.clear_hints()
    model.proto.solution_hint.vars.extend(range(len(solution)))
    model.proto.solution_hint.values.extend(solution)


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
    start = time.monotonic()
    model = model.clone()
    values: list[int] = []
    answer, status, bound, solves, work = None, "OPTIMAL", None, 0, 0.0
    for group in pack(levels, max_packed_range):
        seconds_left = None if params.time_limit is None else params.time_limit - (time.monotonic() - start)
        work_left = None if params.work_limit is None else params.work_limit - work
        solver = make_solver(params, seconds_left, work_left)
        objective = weighted(group)
        if group[0].maximize:
            model.maximize(objective)
        else:
            model.minimize(objective)
        code = solver.solve(model, callback_for(group[0]))
        solves += 1
        work += solver.response_proto.deterministic_time
        if code in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            answer = read(solver)
        if code != cp_model.OPTIMAL:
            status = {cp_model.FEASIBLE: "FEASIBLE", cp_model.INFEASIBLE: "INFEASIBLE"}.get(code, "UNKNOWN")
            if status == "UNKNOWN" and answer is not None:
                status = "FEASIBLE"  # an earlier level's answer still stands
            bound = solver.best_objective_bound if code == cp_model.FEASIBLE else None
            break
        for level in group:
            value = solver.value(level.expr)
            values.append(value)
            model.add(level.expr == value)
        hint_solution(model, solver)
    return LexAnswer(status, values, answer, bound, solves)
