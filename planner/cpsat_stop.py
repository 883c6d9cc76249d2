"""A level's searches stopped once a solution reaches a bound the caller has proven.

A proven bound given to CP-SAT as a constraint moves its search both ways: the income objective's
bonus level capped by its certified LP bound (planner/placement/bonus_lp.py) was proven on round 4
but found worse layouts on late and five (five-6: 9 -> 6; place38 in benchmarks/RESULTS-placement.md).
Kept out of the model, the search follows the same path, and the first solution reaching the bound
is optimal: nothing can beat a proven bound, so the search stops there instead of going on to prove
it with CP-SAT's own, looser bound (the counting cap). With one worker the solutions come in the
same order on every run, so the stop is deterministic too.
"""

from __future__ import annotations

import logging

from ortools.sat.python import cp_model

log = logging.getLogger(__name__)


class LevelCallback(cp_model.CpSolverSolutionCallback):
    """Each solution of one level's searches: passed to `on_solution` (a subclass shows it), and the
    search stopped once one reaches `stop_at`, a proven bound on `sign` * objective (None: never)."""

    def __init__(self) -> None:
        super().__init__()
        self.stop_at: int | None = None
        self.sign = 1
        self.stopped = False

    def on_solution_callback(self) -> None:
        self.on_solution()
        if self.stop_at is not None and self.sign * round(self.objective_value) >= self.stop_at:
            log.debug("stopped at the level's proven bound %d", self.sign * self.stop_at)
            self.stopped = True
            self.stop_search()

    def on_solution(self) -> None:
        """A subclass's display of the solution (the callback's own values: objective_value, best_objective_bound)."""


def stopping(callback: LevelCallback | None, stop_at: int | None, maximize: bool) -> LevelCallback | None:
    """The level's callback (one made when none was asked for) set to stop at `stop_at`; as given when None."""
    if stop_at is None:
        return callback
    callback = callback if callback is not None else LevelCallback()
    callback.stop_at, callback.sign = (stop_at, 1) if maximize else (-stop_at, -1)
    return callback


def stopped(callback) -> bool:
    """Whether the level's last search stopped at its proven bound: its solution is then optimal."""
    return bool(getattr(callback, "stopped", False))


def settled(code: int, callback) -> int:
    """A search's status, OPTIMAL where it stopped FEASIBLE at the level's proven bound."""
    return cp_model.OPTIMAL if code == cp_model.FEASIBLE and stopped(callback) else code
