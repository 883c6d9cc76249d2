"""What a paid bonus is worth, in the integer units the model counts in."""

from __future__ import annotations

from models.boards import Bonus, all_boards


def building_value(name: str) -> int:
    """A building as a bonus: its printed VP less the -1 cells and spaces it brings while empty."""
    b = all_boards()[name]
    return b.vp - len(b.negatives) - sum(s.off_grid for s in b.resource_spaces)


def reward_value(bonus: Bonus, values: dict[str, float]) -> float:
    total = 0.0
    for item, n in bonus.rewards:
        if item in values:
            total += n * values[item]
        elif item in all_boards():
            total += n * max(0, building_value(item))
    return total


def value_scale(values: dict[str, float]) -> int:
    """CP-SAT wants integers: values with fractions are used to the hundredth."""
    return 1 if all(float(v).is_integer() for v in values.values()) else 100
