"""A leaf value that credits the green and blue tiles held: the learned forecast plus a share of
what the hand-made projection says they will cover.

Why: the learned value (planner/value/) was fitted on games that never filled a board, and it
credits a tile held at a fraction of what the tile is sure to bring. In seed 3's game v6 adds
0.8-3.5 points for a silk (4 cells) and -0.8-1.9 for a wool (4 cells) held at a round's end, and
1.1 for beans (food, 4 cells): an upgrade from food to a board tile looks worth nothing, so the
player upgrades 3-4 times a game and ends with 37-41 -1 cells uncovered. Every one of those games
ends with free -1 cells, so every green or blue cell held is a point at the final placement.

The credit is the projection's "tiles" term (planner/evaluate.py: each tile's value-table price,
about its cells, times the share of it the free -1 cells can still take, green at most half of
them) times `credit`; it is added on top of the forecast, which keeps its own share.
"""

from __future__ import annotations

from models.round_rules import State
from planner.evaluate import Evaluator


class TileCredit:
    """`base(s) + credit x base.components(s)["tiles"]`; everything else is the base's."""

    def __init__(self, base: Evaluator, credit: float):
        self.base, self.credit = base, credit
        self.values: dict[State, float] = {}

    def __call__(self, s: State) -> float:
        v = self.values.get(s)
        if v is None:
            v = self.values[s] = self.base(s) + self.credit * self.tiles(s)
        return v

    def tiles(self, s: State) -> float:
        return self.base.components(s)["tiles"]

    def __getattr__(self, name: str):
        return getattr(self.base, name)


__all__ = ["TileCredit"]
