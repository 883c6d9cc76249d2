"""The most cells worth covering that the tiles only one pool of boards takes can cover there.

Used by the points bound (points_bound.py). Pools of boards (bonus_bound.Pools) share some
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

from models.pieces import piece
from planner.placement.candidates import APART, BoardState, Candidate, edge_neighbours
from planner.placement.cover_search import Key

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
