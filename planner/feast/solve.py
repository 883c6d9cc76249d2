"""The successive lexicographic solves of one feast model, with the solver's settings."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ortools.sat.python import cp_model

from planner.cpsat import Level, SolveParams, solve_lexicographic
from planner.feast.candidates import Candidate
from planner.feast.model import FeastModel, Objective
from planner.feast.prices import MAX_PACKED_RANGE


@dataclass(frozen=True)
class SolverSettings:
    time_limit: float = 10.0
    workers: int = 1  # the model is small: one worker is fastest, and the answer is unique anyway
    seed: int = 0
    # CP-SAT's presolve costs more than it saves here: the model is already a small set of
    # cliques (see FeastModel.add_at_most_one); measured on benchmarks/feast.py, 30-40% faster without it.
    presolve: bool = False


@dataclass
class Solved:
    status: str  # OPTIMAL, FEASIBLE (stopped early) or UNKNOWN (no answer in time)
    chosen: list[Candidate]
    extra: dict[str, int]
    build_seconds: float
    solve_seconds: float


def solve_levels(feast: FeastModel, objectives: list[Objective], settings: SolverSettings, built: float) -> Solved:
    """Minimise each level in turn with the shared lexicographic helper, each optimum fixed
    before the next; consecutive tiny levels are packed into one exact weighted sum."""
    start = time.perf_counter()
    params = SolveParams(settings.workers, settings.seed, settings.time_limit, None, {"cp_model_presolve": settings.presolve})
    levels = [Level(o.name, o.expr, o.low, o.high) for o in objectives]

    def read(solver: cp_model.CpSolver):
        return feast.chosen_candidates(solver), {n: v for n, e in feast.extra.items() if (v := solver.value(e))}

    answer = solve_lexicographic(feast.model, levels, params, read, max_packed_range=MAX_PACKED_RANGE)
    seconds = time.perf_counter() - start
    if answer.answer is None:
        return Solved("UNKNOWN", [], {}, built, seconds)
    return Solved("OPTIMAL" if answer.status == "OPTIMAL" else "FEASIBLE", *answer.answer, built, seconds)
