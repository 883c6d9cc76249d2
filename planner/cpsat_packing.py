"""Lexicographic levels packed into one exact weighted sum (planner/cpsat.py's `max_packed_range`).

Consecutive levels of one sense whose value ranges multiply to a small enough number are solved
as one objective: the first level in units of the later levels' ranges, each later level counted
from its low, so no level is traded against another and each optimum is read back exactly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ortools.sat.python import cp_model

if TYPE_CHECKING:  # planner.cpsat imports this module
    from planner.cpsat import Level


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
    """The first level in units of the later levels' ranges, each later level counted from its
    low: lexicographic, exactly. A lone level is its own expression, so the objective's value and
    bound are the level's."""
    total, weight = 0, 1
    for level in reversed(group[1:]):
        # not `+=`: CP-SAT's sums add in place, and `expr - 0` is `expr`, so the level's own
        # expression would grow into the objective (its value read back as the whole sum)
        total = total + weight * (level.expr - level.low)
        weight *= level.high - level.low + 1
    return total + weight * group[0].expr


def first_level_value(group: list[Level], value: float) -> float:
    """The group's first level's value (or bound) read off its weighted objective (`weighted`),
    where the later levels add less than one unit of the first."""
    weight = 1
    for level in group[1:]:
        weight *= level.high - level.low + 1
    return value // weight
