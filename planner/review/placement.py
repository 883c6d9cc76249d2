"""Tiles on boards: a round's tiles (or the end-of-game placement) against their best layout.

The question is always about the same tiles on the same boards: the boards as they stood
before, and in supply only what was actually laid (the rest is held back with the placement
engine's `keep`), so a better answer is one the player could really have laid.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from models.rules import check_snapshot
from models.scoring import score
from models.snapshot import Placement, Snapshot
from planner.review.feast import ReviewBug
from planner.review.positions import resources_added, supply_counts, tiles_laid, with_boards_of


@dataclass(frozen=True)
class Layout:
    """What the engine found: its status, the tiles in a legal order, the position after."""

    status: str
    placements: tuple[tuple[str, Placement], ...]  # (board id, placement)
    after: Snapshot


@dataclass(frozen=True)
class PlacementReview:
    laid: int
    income: int
    best_income: int
    income_phases_left: int  # income phases the round's layout still pays in
    best_layout: Layout

    @property
    def missed_points(self) -> float:
        """Income left unclaimed, one silver (a point) per income phase to come: an estimate."""
        return float((self.best_income - self.income) * self.income_phases_left)

    def as_json(self) -> dict:
        return {
            "laid": self.laid,
            "income": self.income,
            "best_income": self.best_income,
            "income_phases_left": self.income_phases_left,
            "status": self.best_layout.status,
            "best_layout": _layout_json(self.best_layout),
        }


@dataclass(frozen=True)
class FinalReview:
    points: int
    best_points: int
    laid: int
    best_layout: Layout

    @property
    def missed_points(self) -> float:
        return float(self.best_points - self.points)

    def as_json(self) -> dict:
        return {
            "points": self.points,
            "best_points": self.best_points,
            "laid": self.laid,
            "status": self.best_layout.status,
            "best_layout": _layout_json(self.best_layout),
        }


def _layout_json(layout: Layout) -> list[dict]:
    return [{"board": b, **p.model_dump(mode="json")} for b, p in layout.placements]


def review_round_placement(before: Snapshot | None, after: Snapshot) -> PlacementReview:
    """Income as laid against the best income the round's tiles could have given."""
    base = with_boards_of(before, after)
    laid = tiles_laid(before, after)
    best = best_layout(base, _counts(laid, Counter()), "income", final=False)
    income, best_income = score(after).income, score(best.after).income
    if best.status == "OPTIMAL" and best_income < income:
        raise ReviewBug(f"the proven best income {best_income} is below the income as laid {income}")
    phases = max(0, after.last_round - after.game.round)
    return PlacementReview(len(laid), income, best_income, phases, best)


def review_final(last_round: Snapshot, final: Snapshot) -> FinalReview:
    """The end-of-game placement's points against the best the same tiles could score."""
    base = with_boards_of(last_round, final)
    laid = tiles_laid(last_round, final)
    best = best_layout(base, _counts(laid, resources_added(last_round, final)), "final", final=True)
    points, best_points = score(final).total, score(best.after).total
    if best.status == "OPTIMAL" and best_points < points:
        raise ReviewBug(f"the proven best end-of-game placement scores {best_points}, the one laid {points}")
    return FinalReview(points, best_points, len(laid), best)


def _counts(laid: list[tuple[str, Placement]], resources: Counter) -> Counter:
    return Counter(p.piece for _, p in laid) + resources


def best_layout(base: Snapshot, tiles: Counter, objective: str, final: bool) -> Layout:
    """The placement engine's best layout of exactly `tiles` on `base`'s boards, checked."""
    from planner.placement import PlacementBug, Settings, place

    keep = dict(supply_counts(base, final) - tiles)
    try:
        report = place(base, Settings(objective=objective, keep=keep, final=final, work_limit=60.0))
    except PlacementBug as err:
        raise ReviewBug(str(err)) from None
    if check_snapshot(report.after):  # place() checks too; the review trusts no engine
        raise ReviewBug("the best layout breaks a rule")
    ids = [e.id for e in base.player.boards]
    return Layout(report.result.status, tuple((ids[b], p) for b, p in report.order), report.after)
