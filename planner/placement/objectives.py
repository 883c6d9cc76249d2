"""The three objectives as lexicographic levels for planner.cpsat.solve_lexicographic.

All are maximised, all in integer units, so "OPTIMAL" is a proof:

- final: the change of the end-of-game score exactly as `models.scoring.score` counts it:
  +1 per -1 cell covered, +1 per resource space filled, + the change of final income, -1 per
  silver laid from supply (silver on boards scores nothing), - the points of each stable animal
  laid into a house (it leaves the stable). The English crown scores wherever it lies: no change.
- income: income first, then the value of paid bonuses (each reward at its value, a building
  reward at its printed VP less its empty -1 spaces), then final points; each level is solved
  and fixed at its proven optimum before the next (no weights between them).
- blend: final points + N x (income gained x value of a silver + value of paid bonuses gained),
  N = income phases still to come, since a paid bonus and income are received again in each.

Among equal optima, `tie_break` (solved after the objective, with its optimum fixed) prefers the
layout covering the fewest cells, then the lowest, so which is returned does not depend on search order
(skipped on models of 3000 variables or more, where within its limit it never changed the answer: solve.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from planner.cpsat import Level
from planner.placement.model import PlacementModel


@dataclass(frozen=True)
class Objective:
    name: str
    levels: list[Level]
    value_of: Callable[[dict[str, float]], float]  # evaluated terms -> the value shown to the user
    decode: Callable[[float], float]  # the first level's internal units -> the user's units

    def key(self, terms: dict[str, float]) -> tuple[float, ...]:
        """Evaluated terms ordered as the levels are: the larger key is the better layout."""
        if self.name == "income":
            return (terms["income"], terms["bonus_value"], terms["final_gain"])
        return (self.value_of(terms),)


def objective_for(pm: PlacementModel, name: str, rounds_left: int) -> Objective:
    lo, hi = pm.final_bounds
    points = Level("score gain", pm.final_gain, lo, hi, maximize=True)
    if name == "final":
        return Objective("final", [points], lambda t: t["final_gain"], lambda v: v)
    if name == "income":
        pm.add_income_cut()
        levels = [
            Level("income", pm.income, pm.income_before, pm.income_best, maximize=True),
            Level("bonus value", pm.bonus_value, 0, pm.bonus_bound, maximize=True),
            points,
        ]
        return Objective("income", levels, lambda t: t["income"], lambda v: v)
    expr = blend_units(pm, rounds_left, pm.final_gain, pm.income, pm.bonus_value)
    low = blend_units(pm, rounds_left, lo, 0, 0)
    high = blend_units(pm, rounds_left, hi, pm.income_best, pm.bonus_bound)
    silver, s, n = silver_units(pm), pm.scale, rounds_left

    def value_of(t: dict[str, float]) -> float:
        income_gain = t["income"] - pm.income_before
        return t["final_gain"] + n * (silver / s * income_gain + t["bonus_value"] - pm.bonus_value_before)

    return Objective("blend", [Level("blend", expr, low, high, maximize=True)], value_of, lambda v: v / s)


def silver_units(pm: PlacementModel) -> int:
    """A silver of income in the model's units."""
    return round(pm.values.get("silver", 1) * pm.scale)


def blend_units(pm: PlacementModel, rounds_left: int, gain, income, bonus_value):
    """The blend in the model's units: the score gain, plus the income gained and the bonus value
    (model units) in each income phase left; numbers, or the model's expressions."""
    return pm.scale * gain + rounds_left * (silver_units(pm) * (income - pm.income_before) + bonus_value)


def tie_break(pm: PlacementModel) -> list[Level]:
    """The levels after the objective: fewest cells covered (a tile that gains nothing stays in
    supply, where it can still be upgraded, spent or served), then the lowest cells (the order the
    income rule lets tiles in, which keeps the top of each board open for later)."""
    count, most, lowness, high = pm.cells_and_lowness()
    return [Level("fewest cells covered", -count, -most, 0, maximize=True), Level("lowest cells", lowness, 0, high, maximize=True)]
