"""A level stopped at a bound the caller has proven (planner/cpsat_stop.py): the first solution reaching it is
answered as optimal, the other levels solved as before, and the caller's own callback still sees every solution."""

from __future__ import annotations

from dataclasses import replace

import pytest

from planner.cpsat import SolveParams, solve_lexicographic
from planner.cpsat_stop import LevelCallback
from tests.test_cpsat import tiny_problem


class Seen(LevelCallback):
    def __init__(self) -> None:
        super().__init__()
        self.values: list[float] = []

    def on_solution(self) -> None:
        self.values.append(self.objective_value)


@pytest.mark.parametrize("seed", range(6))
def test_a_level_stopped_at_its_proven_optimum_is_answered_optimal(seed):
    model, _, levels, brute_force = tiny_problem(seed)
    best = brute_force()
    seen = Seen()
    stopped = [replace(levels[0], stop_at=best[0]), *levels[1:]]
    answer = solve_lexicographic(model, stopped, SolveParams(), callback_for=lambda level: seen if level is stopped[0] else None)
    assert (answer.status, answer.values) == ("OPTIMAL", best)
    assert seen.stopped and seen.values and round(seen.values[-1]) == best[0]  # the shown solution is the one kept

