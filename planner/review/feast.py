"""The feast of one round: the table as laid against the best table from the same supply."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from models.rules import banquet_positions, cells_of, check_snapshot
from models.snapshot import Placement, Snapshot, dump_snapshot, parse_snapshot
from planner.review.positions import table_cleared


class ReviewBug(RuntimeError):
    """An engine's answer failed the independent checks: a bug, never the player's fault."""


@dataclass(frozen=True)
class FeastReview:
    penalties: int
    best_penalties: int
    value_served: float
    best_value_served: float
    best_table: tuple[Placement, ...]
    status: str  # the feast engine's status for the best table (OPTIMAL = proven)

    @property
    def missed_points(self) -> float:
        """Thing Penalties that could have been avoided, at 3 points each."""
        return 3.0 * (self.penalties - self.best_penalties)

    def as_json(self) -> dict:
        return {
            "penalties": self.penalties,
            "best_penalties": self.best_penalties,
            "value_served": self.value_served,
            "best_value_served": self.best_value_served,
            "status": self.status,
            "best_table": [p.model_dump(mode="json") for p in self.best_table],
        }


def uncovered_positions(snapshot: Snapshot) -> int:
    """Open banquet positions no tile covers: one Thing Penalty each."""
    first_open, open_to = banquet_positions(snapshot)
    covered = {cell for p in snapshot.player.banquet.placements for cell in cells_of(p)}
    return sum(1 for col in range(first_open, open_to) if (0, col) not in covered)


def served_value(placements, values) -> float:
    return float(sum(Fraction(values[p.piece]).limit_denominator(10**6) for p in placements))


def review_feast(after: Snapshot, values: dict[str, float]) -> FeastReview:
    from planner.feast import plan_feast

    before = table_cleared(after)
    best = plan_feast(before, values)
    laid_best = _with_table(before, best.placements)
    problems = check_snapshot(laid_best)
    if problems:
        raise ReviewBug(f"the best feast table breaks a rule: {problems[0]}")
    best_penalties = uncovered_positions(laid_best)
    penalties = uncovered_positions(after)
    if best.status == "OPTIMAL" and best_penalties > penalties:
        raise ReviewBug(f"the proven best table leaves {best_penalties} positions open, the table as laid {penalties}")
    return FeastReview(
        penalties=penalties,
        best_penalties=best_penalties,
        value_served=served_value(after.player.banquet.placements, values),
        best_value_served=served_value(best.placements, values),
        best_table=tuple(best.placements),
        status=best.status,
    )


def _with_table(snapshot: Snapshot, placements) -> Snapshot:
    data = dump_snapshot(snapshot)
    data["player"].setdefault("banquet", {})["placements"] = [p.model_dump(mode="json") for p in placements]
    return parse_snapshot(data)
