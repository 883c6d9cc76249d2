"""Settle the income level on one choice of track depths at a time, by a small CP-SAT model.

The area bound (income_bound.py) is reached only by a layout covering, for some choice of exact
depths (income_layout.combinations_at), that choice's needed cells. When the depth-first cover
searches find no such cover within their node budgets, nothing proved that none exists, and the
whole model's income level had to (round4-1 of benchmarks/placement_random.py: 12 by the area
bound, 11 found, proven by CP-SAT; mid's fixture: 8 and 7).

The model here holds only the tiles that touch the needed cells: each needed cell covered exactly
once, every other cell at most once, no tile on the depths' first uncovered track cells nor on an
income cell outside the needed ones (covering it would need a first uncovered cell covered), the
cells overhanging the needed ones at most the supply's area beyond them, the supply's counts, green
never edge to edge with green, and no two tiles each needing the other laid first (the income
rule's laying order). Each of these holds for every legal layout with those depths, so the model
is a relaxation: INFEASIBLE refutes the choice. When every choice at an income is refuted (the
listing complete), no legal layout pays that income, and as none pays more (the area bound), the
bound drops by one. A cover found is a layout with those depths, checked for a laying order by the
caller; the rule checker judges the answer in the end as always.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.pieces import piece
from planner.placement.bonus_bound import BoardOption, Pools, choices_at, knapsack
from planner.placement.candidates import APART, TAKES, BoardState, Candidate, edge_neighbours
from planner.placement.clock import out_of_time, seconds_left
from planner.placement.income_layout import MAX_DEPTH_CHOICES, depth_choices
from planner.placement.model import order_conflicts

# CP-SAT work (deterministic time) for all the choices together, and for each at most. With the full LP
# (linearization 2) each refutation measured took 0.01 units (mid's bound, round4-1's; 0.25-0.28 without it);
# the random cases' choices open after 0.1 stayed open at 0.2 with it and at 2 without it (late-1's and late-6's
# at 10: place30 in benchmarks/RESULTS-placement.md), so where they stay open this is all the whole model loses.
SETTLE_WORK = 0.3
CHOICE_WORK = 0.1
MAX_CHOICES = 16  # more choices at one income than this: none tried (each costs a model's build, 0.05-0.2 s)

Key = tuple[int, tuple[int, int]]


@dataclass
class Settled:
    bound: int  # the most income any legal layout can pay (the area bound less the incomes refuted)
    chosen: list[int] | None  # candidate indices of a layout paying `bound`, with a laying order, or None
    work: float


def cover_of(states: list[BoardState], supply: Counter, candidates: list[Candidate], need: set[Key], keep_free: set[Key], work: float) -> tuple[str, list[int] | None, float]:
    """(CP-SAT status, candidate indices of a cover or None, work) for one choice's cells needed and kept free."""
    built = relaxation(states, supply, candidates, need, keep_free)
    if built is None:
        return "INFEASIBLE", None, 0.0
    model, x = built
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1  # deterministic under a work limit, whatever the caller's workers
    solver.parameters.linearization_level = 2  # the full LP: it refutes mid's and round4-1's bounds at once (0.01 units, against 0.25-0.28)
    solver.parameters.max_deterministic_time = max(0.01, work)
    if seconds_left() is not None:  # the bonus level's walk gives a choice 2.5 units, several seconds: not past the user's limit
        solver.parameters.max_time_in_seconds = max(0.01, seconds_left())
    code = solver.solve(model)
    chosen = sorted(i for i in x if solver.value(x[i])) if code in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    return solver.status_name(code), chosen, solver.response_proto.deterministic_time


def relaxation(
    states: list[BoardState], supply: Counter, candidates: list[Candidate], need: set[Key], keep_free: set[Key], exact: bool = True, index: TileIndex | None = None
) -> tuple[cp_model.CpModel, dict] | None:
    """The model of the module docstring and its tile variables by candidate index; None when a needed
    cell has no tile. `exact` False, for bonus_lp.py's LP: each needed cell covered at most once, not
    exactly (it maximises how many are), and without the laying-order clauses (their listing cost more
    than the LP, and no refutation measured needed them)."""
    pools = Pools.of(states, supply)
    pool_of = {s.index: pools.index(s) for s in states if TAKES[s.board.kind]}
    use = touching(states, pools, pool_of, candidates, need, keep_free, index)
    by_cell: dict[Key, list[int]] = defaultdict(list)
    for i, keys in use.items():
        for k in keys:
            by_cell[k].append(i)
    if not need <= by_cell.keys():
        return None
    model = cp_model.CpModel()
    x = {i: model.new_bool_var(f"x{i}") for i in use}
    for k, tiles in by_cell.items():
        (model.add_exactly_one if k in need and exact else model.add_at_most_one)(x[i] for i in tiles)
    by_piece: dict[str, list[int]] = defaultdict(list)
    for i in use:
        by_piece[candidates[i].piece].append(i)
    for name, tiles in by_piece.items():
        if len(tiles) > supply[name]:
            model.add(sum(x[i] for i in tiles) <= supply[name])
    for group, area in pools.area.items():  # tiles on a group's boards fit one of its pools: beyond the cells needed there, at most the rest of that supply's area
        over = [(len(use[i] - need), x[i]) for i in use if pool_of[candidates[i].board] in group and use[i] - need]
        if over:
            model.add(sum(k * v for k, v in over) <= area - sum(1 for b, _ in need if pool_of[b] in group))
    apart_edges(model, states, candidates, use, x)
    for i, j in order_conflicts(states, candidates, use) if exact else ():
        model.add_bool_or([x[i].Not(), x[j].Not()])
    return model, x


class TileIndex:
    """Each candidate's cells, and the candidates over each cell: read once for many choices' models
    (bonus_lp.py builds dozens on one model), where `touching` would walk every candidate each time."""

    def __init__(self, candidates: list[Candidate]):
        self.keys = [frozenset((c.board, cell) for cell in c.cells) for c in candidates]
        self.over: dict[Key, list[int]] = defaultdict(list)
        for i, keys in enumerate(self.keys):
            for k in keys:
                self.over[k].append(i)

    def near(self, need: set[Key]) -> list[int]:
        return sorted({i for k in need for i in self.over.get(k, ())})


def touching(
    states: list[BoardState], pools: Pools, pool_of: dict[int, int], candidates: list[Candidate], need: set[Key], keep_free: set[Key], index: TileIndex | None = None
) -> dict[int, frozenset[Key]]:
    """Candidate index -> its cells, for the tiles over a needed cell that no legal layout of the
    choice rules out alone: off the cells kept free and the income cells not needed, overhanging
    no more cells than its pool's supply has beyond the cells needed there."""
    income = {(s.index, cell) for s in states for cell in s.board.income_cells}
    spare = {p: pools.area[frozenset([p])] - sum(1 for b, _ in need if pool_of[b] == p) for p in range(len(pools.kinds))}
    use: dict[int, frozenset[Key]] = {}
    for i in index.near(need) if index else range(len(candidates)):
        c = candidates[i]
        keys = index.keys[i] if index else frozenset((c.board, cell) for cell in c.cells)
        if keys & need and not keys & keep_free and not (keys & income) - need and len(keys - need) <= spare[pool_of[c.board]]:
            use[i] = keys
    return use


def cells_of(combo: tuple[BoardOption, ...]) -> tuple[set[Key], set[Key]]:
    """A choice's cells needed, and kept free (its paid bonuses' own cells, each track's first uncovered cell)."""
    return {(o.board, c) for o in combo for c in o.need}, {(o.board, c) for o in combo for c in o.paid | o.first_free}


def apart_tiles(states: list[BoardState], candidates: list[Candidate], use: dict[int, frozenset[Key]]) -> dict[tuple[Key, str], list[int]]:
    """The tiles of a kept-apart colour over each cell, by (cell, colour)."""
    at: dict[tuple[Key, str], list[int]] = defaultdict(list)
    for i, keys in use.items():
        colour = piece(candidates[i].piece).colour
        if colour in APART[states[candidates[i].board].board.kind]:
            for k in keys:
                at[(k, colour)].append(i)
    return at


def apart_edges(model: cp_model.CpModel, states: list[BoardState], candidates: list[Candidate], use: dict[int, frozenset[Key]], x: dict) -> None:
    """Kept-apart colours never edge to edge: for each edge between two cells, the tiles of the
    colour over either cell less those over both, at most one (one constraint per edge, not per pair)."""
    at = apart_tiles(states, candidates, use)
    for ((board, cell), colour), tiles in at.items():
        for n in edge_neighbours(cell)[1::2]:  # below and right: each edge once
            others = at.get(((board, n), colour))
            if others:
                both = set(tiles) & set(others)
                model.add(sum(x[i] for i in tiles) + sum(x[j] for j in others) - sum(x[i] for i in both) <= 1)


def settle_income(
    states: list[BoardState], supply: Counter, candidates: list[Candidate], bound: int, reached: int, ordered: Callable[[list[int]], bool], budget: float = SETTLE_WORK
) -> Settled:
    """From the area bound down to one above the income `reached` in hand: at each income every
    choice of depths is tried (MAX_CHOICES at most, within `budget` units of work in all). A cover with a
    laying order stops the walk there; every choice refuted lowers the bound by one; anything else
    (a choice left open, a cover without an order, the listing cut short, the user's time limit
    passed: clock.py) stops it where it is."""
    boards, pools = depth_choices(states, supply)
    frontiers = knapsack(boards, pools)
    spent = 0.0
    for income in range(bound, reached, -1):
        listed = choices_at(boards, pools, frontiers, income, 0, limit=MAX_DEPTH_CHOICES)
        if not listed.complete or len(listed.choices) > MAX_CHOICES:
            return Settled(income, None, spent)
        refuted = 0
        for combo in listed.choices:
            left = budget - spent
            if left <= 0 or out_of_time():
                return Settled(income, None, spent)
            status, chosen, work = cover_of(states, supply, candidates, *cells_of(combo), min(CHOICE_WORK, left))
            spent += work
            if chosen is not None:
                return Settled(income, chosen if ordered(chosen) else None, spent)
            refuted += status == "INFEASIBLE"
        if refuted < len(listed.choices):
            return Settled(income, None, spent)
    return Settled(reached, None, spent)
