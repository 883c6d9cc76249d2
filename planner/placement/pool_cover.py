"""The most cells worth covering that the tiles only one pool of boards takes can cover there.

Used by the points bound (points_bound.py) and the bonus bound (bonus_bound.py). Pools of boards (bonus_bound.Pools) share some
colours and not others: home and exploration boards and houses share green and blue, while
orange and red fit houses only and ore only the home and exploration boards. The cells a pool
covers with tiles no other pool takes are at most what those tiles can cover among its cells
worth covering; so where their shapes fit those cells badly the pool's share of the supply's
area counts only that much of them, not their whole area. On the late-game fixture the long
house's cells worth covering (23: its bonus rings and 15 -1 cells) want green and blue tiles the
other boards need: orange and red alone, kept apart, cover 21 of them, though their area is 66.

The most is exact: a small CP-SAT model (those tiles' candidates on the pool's boards, off the
cells kept free, each cell at most once, within the supply, kept-apart colours never edge to
edge) maximising the cells worth covering it covers. Cut short, its proven bound is used. Tiles
of one cell (ore) need no model: each covers any one cell it reaches.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from models.pieces import piece
from planner.placement.candidates import APART, TAKES, BoardState, Candidate, edge_neighbours
from planner.placement.cover_search import Key
from planner.placement.request import RESOURCES

if TYPE_CHECKING:  # bonus_bound imports this module
    from planner.placement.bonus_bound import Pools

WORK_LIMIT = 1.0  # CP-SAT deterministic time per question (the late fixture's house: well under 0.1)


def most_covered(states: list[BoardState], candidates: list[Candidate], supply: Counter, worth: frozenset[Key], banned: frozenset[Key]) -> int:
    """The most cells of `worth` the `candidates` (of pieces in `supply`) can cover at once, none
    covering a `banned` cell: an upper bound (exact when proven) for any layout of those tiles."""
    usable = [c for c in candidates if supply[c.piece] > 0 and not any((c.board, x) in banned for x in c.cells) and any((c.board, x) in worth for x in c.cells)]
    if not usable:
        return 0
    if all(len(c.cells) == 1 for c in usable):
        return min(sum(supply[n] for n in {c.piece for c in usable}), len({(c.board, x) for c in usable for x in c.cells}))
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{i}") for i in range(len(usable))]
    over: dict[Key, list] = {}
    for var, c in zip(x, usable):
        for cell in c.cells:
            over.setdefault((c.board, cell), []).append(var)
    for vars_ in over.values():
        if len(vars_) > 1:
            model.add_at_most_one(vars_)
    for name in sorted({c.piece for c in usable}):
        model.add(sum(var for var, c in zip(x, usable) if c.piece == name) <= supply[name])
    forbid_touching(model, states, usable, x)
    model.maximize(sum(var * sum((c.board, cell) in worth for cell in c.cells) for var, c in zip(x, usable)))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_deterministic_time = WORK_LIMIT
    code = solver.solve(model)
    if code == cp_model.OPTIMAL:
        return int(round(solver.objective_value))
    return int(solver.best_objective_bound + 1e-6)  # cut short (or no solution): the proven bound


def forbid_touching(model, states: list[BoardState], usable: list[Candidate], x: list) -> None:
    """Two tiles of a kept-apart colour never share an edge (as PlacementModel.add_forbid_touching)."""
    one_side: dict[tuple, list] = {}
    for var, c in zip(x, usable):
        colour = piece(c.piece).colour
        if colour not in APART[states[c.board].board.kind]:
            continue
        for cell in c.cells:
            for n in edge_neighbours(cell):
                if n not in c.cells:
                    one_side.setdefault((c.board, colour, min(cell, n), max(cell, n)), []).append(var)
    for vars_ in one_side.values():
        if len(vars_) > 1:
            model.add_at_most_one(vars_)


class ExclusiveTiles:
    """Per pool, the supply's tiles (but silver) no other pool takes, and how much of the pool's
    area they can really fill (most_covered): where they fit the cells worth covering badly,
    each group of pools holding the pool counts only what they can cover there."""

    def __init__(self, pools: Pools, states: list[BoardState], candidates: list[Candidate], supply: Counter):
        n = len(pools.kinds)
        colours = [pools.kinds[p] - {"silver"} - set().union(*(pools.kinds[q] for q in range(n) if q != p)) for p in range(n)]
        self.supply = [Counter({k: v for k, v in supply.items() if v > 0 and k not in RESOURCES and piece(k).colour in colours[p]}) for p in range(n)]
        self.area = [sum(piece(k).area * v for k, v in self.supply[p].items()) for p in range(n)]
        pool_of = {s.index: pools.index(s) for s in states if TAKES[s.board.kind]}  # per board, not per candidate
        self.candidates = [[c for c in candidates if c.piece in self.supply[p] and pool_of[c.board] == p] for p in range(n)]
        self.states = states
        self.known: dict[tuple[int, frozenset, frozenset], int] = {}

    def shortfall(self, p: int, worth: set[Key], free: set[Key]) -> int:
        """How much of pool p's exclusive area cannot cover its cells worth covering."""
        if not self.area[p] or len(self.area) == 1:
            return 0  # one pool: its "exclusive" tiles are all of them, the whole packing question
        key = (p, frozenset(worth), frozenset(free))
        if key not in self.known:
            self.known[key] = max(0, self.area[p] - most_covered(self.states, self.candidates[p], self.supply[p], key[1], key[2]))
        return self.known[key]

    def areas(self, area: dict[frozenset, int], worth: list[set[Key]], free: list[set[Key]]) -> dict[frozenset, int]:
        """The groups' areas less, for each pool in a group, its exclusive tiles' shortfall."""
        short = [self.shortfall(p, worth[p], free[p]) for p in range(len(worth))]
        return {group: a - sum(short[p] for p in group) for group, a in area.items()}
