"""The answer of a feast, and the independent rule checker's verdict on it."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from models.snapshot import Placement, Snapshot
from planner.feast.table import SILVER, Table, food_supply


@dataclass
class Feast:
    """The best table for this round's feast, and what it costs."""

    status: str  # OPTIMAL, FEASIBLE or INFEASIBLE, as the contract names them
    table: Table
    existing: list[Placement]
    placements: list[Placement]  # the new ones, left to right
    uncovered: list[int]
    used: dict[str, int]  # piece -> tiles (or coins) served now
    value_served: Fraction
    supply_after: dict[str, int]
    build_seconds: float
    solve_seconds: float
    extra: dict[str, int] = field(default_factory=dict)  # for a shortfall: what to get first
    extra_value: Fraction = Fraction(0)  # what those extra tiles are worth

    @property
    def penalties(self) -> int:
        return len(self.uncovered)

    @property
    def silver_used(self) -> int:
        return self.used.get(SILVER, 0)

    @property
    def goods_used(self) -> dict[str, int]:
        return {n: k for n, k in self.used.items() if n != SILVER}


class FeastBug(RuntimeError):
    """The independent rule checker refuses the model's table: a bug in the model."""


def check_answer(snapshot: Snapshot, result: Feast) -> None:
    """Every table is judged by models/rules.py (which shares no code with this model) before
    it is returned; a wrong answer raises FeastBug, it is never handed on."""
    from models.rules import banquet_positions, cells_of, check_banquet

    table = result.existing + result.placements
    problems = [str(p) for p in check_banquet(snapshot, table)]
    supply = food_supply(snapshot)
    for name, n in result.used.items():
        if n > supply.get(name, 0) + result.extra.get(name, 0):
            problems.append(f"serves {n} {name} but the supply has {supply.get(name, 0)}")
    first_open, open_to = banquet_positions(snapshot)
    covered = {cell for p in table for cell in cells_of(p)}
    penalties = sum(1 for col in range(first_open, open_to) if (0, col) not in covered)
    if penalties != result.penalties:
        problems.append(f"the model counts {result.penalties} penalties, the checker {penalties}")
    if problems:
        raise FeastBug("the feast model gave an answer the rule checker refuses: " + "; ".join(problems))
