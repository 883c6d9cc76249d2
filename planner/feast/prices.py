"""Piece values made exact integers, so the value served is summed without rounding."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from planner.feast.table import COLS

# Weights of one packed objective stay below this, so CP-SAT's integer objective stays exact
# (it also works with doubles internally, exact up to 2**53).
MAX_PACKED_RANGE = 2**50


class ValuesTooFine(ValueError):
    """The values' common denominator makes the sums too large to stay exact."""


def exact(value: float | int | Fraction) -> Fraction:
    """The value as the user wrote it: 0.1 in JSON means 1/10, not the nearest binary float."""
    return value if isinstance(value, Fraction) else Fraction(str(value))


@dataclass(frozen=True)
class Prices:
    """Piece values scaled to integers by one common denominator, so sums stay exact."""

    scaled: dict[str, int]
    denominator: int

    @classmethod
    def of(cls, values: Mapping[str, float | int], pieces: Iterable[str]) -> Prices:
        fractions = {name: exact(values[name]) for name in pieces}
        denominator = math.lcm(1, *(f.denominator for f in fractions.values()))
        scaled = {name: int(f * denominator) for name, f in fractions.items()}
        if max(scaled.values(), default=0) * COLS >= MAX_PACKED_RANGE:
            raise ValuesTooFine("the values are too fine-grained to add up exactly (use fewer decimals)")
        return cls(scaled, denominator)

    def value(self, counts: Mapping[str, int]) -> Fraction:
        return Fraction(sum(self.scaled[name] * n for name, n in counts.items()), self.denominator)
