"""A search within what the LP's optimum uses: the (board, tile) pairs it lays any part of.

The blend's LP bound on large inventories is often one or two above the optimum, and the
windows just below it are refuted fast, but finding a layout worth the window's value took
CP-SAT 1.8-3.7 units of work on seeded random late-game inventories, seed to seed. The LP's
optimal point lays each kind of tile on few boards (30-43 of 83-98 pairs); barring every other
pair leaves a much smaller model, which on some of those cases holds a layout worth the window
and gives it up in a fraction of the time. A heuristic only (planner.cpsat, `Level.support`):
what it finds is a layout of the whole model, and what it misses is searched for as before.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from planner.placement.model import PlacementModel
from planner.placement.objectives import Objective

USED = 1e-6  # an LP value above this counts as laid (GLOP's feasibility tolerance is far below)


def support_fixings(pm: PlacementModel) -> Callable[[tuple[float, ...]], list[tuple[int, int]]]:
    """Given the LP's optimal point, every candidate whose (board, tile) pair it lays nothing of, fixed to 0."""

    def fixings(point: tuple[float, ...]) -> list[tuple[int, int]]:
        used = {(c.board, c.piece) for c, j in zip(pm.candidates, pm.x_index) if point[j] > USED}
        return [(j, 0) for c, j in zip(pm.candidates, pm.x_index) if (c.board, c.piece) not in used]

    return fixings


def with_support(pm: PlacementModel, objective: Objective) -> Objective:
    """The objective with its first level's one-value windows searched within the LP's support when out of their first cap."""
    first = replace(objective.levels[0], support=support_fixings(pm))
    return replace(objective, levels=[first, *objective.levels[1:]])
