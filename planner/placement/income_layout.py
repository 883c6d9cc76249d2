"""A layout reaching the area bound on income, found by a small exact-cover search.

The area bound (income_bound.py) says which track depths the supply's area could pay for; on
realistic supplies it is often reached, and a layout reaching it settles the income level with no
CP-SAT search at all. For each combination of depths worth the bound (fewest cells first), a
depth-first search covers the needed cells, lowest row first then leftmost, each with a tile
whose cells are free, off every track's first uncovered cell and off every other income cell,
green never beside green, within the supply; it stops when the supply's area left is smaller
than the cells still needed. Tiles of one shape and one colour rule (silver and ore; a blue good
and a special of the same shape) are tried once per cell, not once per piece. A fixed node budget
keeps it deterministic and cheap; when it runs out the CP-SAT search is left to find the best.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from models.pieces import piece
from planner.placement.candidates import APART, BoardState, Candidate, edge_neighbours
from planner.placement.income_bound import DepthOption, area_income_bound, depth_options, income_board_area

NODE_BUDGET = 20_000  # search nodes over every combination (a node is one tile laid)
MAX_COMBINATIONS = 24  # combinations of depths tried, fewest needed cells first

Key = tuple[int, tuple[int, int]]  # (board index, cell)


@dataclass
class Search:
    """The state of one combination's cover: what is covered, what is left in the supply."""

    order: list[Key]  # the needed cells, lowest row first, then leftmost
    options: dict[Key, list[int]]  # needed cell -> candidates that may cover it, preferred first
    cells: list[frozenset]  # candidate -> its (board, cell) keys
    needed: dict[int, int]  # candidate -> how many needed cells it covers
    pieces: list[str]
    green: list[bool]  # candidate -> a tile kept apart from its colour on its board
    left: Counter
    area_left: int
    nodes: int = 0

    def run(self, budget: int) -> list[int] | None:
        self.covered: set[Key] = set()
        self.greens: set[Key] = set()
        self.chosen: list[int] = []
        self.uncovered = len(self.order)
        self.budget = budget
        return list(self.chosen) if self.cover(0) else None

    def cover(self, at: int) -> bool:
        while at < len(self.order) and self.order[at] in self.covered:
            at += 1
        if at == len(self.order):
            return True
        if self.area_left < self.uncovered:
            return False
        tried: set = set()
        for i in self.options[self.order[at]]:
            if self.nodes >= self.budget:
                return False
            shape = (self.cells[i], self.green[i], self.pieces[i] in ("silver", "ore"))
            if shape in tried or not self.fits(i):
                continue
            tried.add(shape)
            self.nodes += 1
            self.lay(i, +1)
            if self.cover(at + 1):
                return True
            self.lay(i, -1)
        return False

    def fits(self, i: int) -> bool:
        if not self.left[self.pieces[i]] or self.cells[i] & self.covered:
            return False
        if self.green[i]:
            return not any((b, n) in self.greens for b, cell in self.cells[i] for n in edge_neighbours(cell))
        return True

    def lay(self, i: int, sign: int) -> None:
        cells = self.cells[i]
        self.left[self.pieces[i]] -= sign
        self.area_left -= sign * len(cells)
        self.uncovered -= sign * self.needed[i]
        if sign > 0:
            self.covered |= cells
            self.greens |= cells if self.green[i] else set()
            self.chosen.append(i)
        else:
            self.covered -= cells
            self.greens -= cells if self.green[i] else set()
            self.chosen.pop()


def combinations_at(boards: list[list[DepthOption]], income: int, cap: int) -> list[tuple[DepthOption, ...]]:
    """Every choice of one depth option per board paying `income` within `cap` cells, fewest first."""
    fits = [c for c in itertools.product(*boards) if sum(o.income for o in c) == income and sum(len(o.need) for o in c) <= cap]
    return sorted(fits, key=lambda c: (sum(len(o.need) for o in c), [o.depths for o in c]))


def income_layout(states: list[BoardState], supply: Counter, candidates: list[Candidate]) -> list[int] | None:
    """Candidate indices of a layout whose income is the area bound, or None if none was found."""
    bound = area_income_bound(states, supply)
    if bound is None:
        return None
    boards = [depth_options(s) for s in states if s.board.income]
    budget = NODE_BUDGET
    for combo in combinations_at(boards, bound, income_board_area(supply))[:MAX_COMBINATIONS]:
        search = search_for(combo, states, supply, candidates)
        found = search.run(budget)
        if found is not None:
            return found
        budget -= search.nodes
        if budget <= 0:
            return None
    return None


def search_for(combo: tuple[DepthOption, ...], states: list[BoardState], supply: Counter, candidates: list[Candidate]) -> Search:
    need = {(o.board, cell) for o in combo for cell in o.need}
    # no tile on another income cell: covering one beyond a track's depth would need its region
    banned = {(s.index, cell) for s in states for cell in s.board.income_cells} - need
    keys = [frozenset((c.board, cell) for cell in c.cells) for c in candidates]
    options: dict[Key, list[int]] = {k: [] for k in need}
    needed: dict[int, int] = {}
    for i, cells in enumerate(keys):
        if cells & banned or not cells & need:
            continue
        needed[i] = len(cells & need)
        for k in cells & need:
            options[k].append(i)
    for k, opts in options.items():  # no overhang first, then the largest tile, then a fixed order
        opts.sort(key=lambda i: (len(keys[i] - need), -len(keys[i]), candidates[i].piece, i))
    order = sorted(need, key=lambda k: (k[0], -k[1][0], k[1][1]))
    green = [piece(c.piece).colour in APART[states[c.board].board.kind] for c in candidates]
    left = Counter(supply)
    return Search(order, options, keys, needed, [c.piece for c in candidates], green, left, income_board_area(supply))
