"""A layout reaching the area bound on income, found by a small exact-cover search.

The area bound (income_bound.py) says which track depths the supply's area could pay for; on
realistic supplies it is often reached, and a layout reaching it settles the income level with no
CP-SAT search at all. For each combination of depths worth the bound (fewest cells first), a
depth-first search covers the needed cells, lowest row first then leftmost, each with a tile
whose cells are free, off every track's first uncovered cell and off every other income cell,
green never beside green, within the supply; it stops when the supply's area left is smaller
than the cells still needed. Tiles of one shape and one colour rule (silver and ore; a blue good
and a special of the same shape) are tried once per cell, not once per piece. A fixed node budget
keeps it deterministic and cheap (about a second of CPU on five boards when it fails); when it
runs out the CP-SAT search is left to find the best.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from models.pieces import piece
from planner.placement.candidates import APART, BoardState, Candidate, edge_neighbours
from planner.placement.income_bound import DepthOption, area_income_bound, depth_options, income_board_area

NODE_BUDGET = 30_000  # search nodes over every combination (a node is one tile laid)
FIRST_BUDGET = 3000  # nodes per search in the first pass, twice as many in each next one
MAX_COMBINATIONS = 24  # combinations of depths tried, fewest needed cells first

Key = tuple[int, tuple[int, int]]  # (board index, cell)



@dataclass
class Search:
    """The state of one combination's cover: what is covered, what is left in the supply.

    Cells are bits of one integer over every board (CoverIndex), so a tile's test is an AND."""

    order: list[int]  # the needed cells' bits, lowest row first, then leftmost
    options: dict[int, list[int]]  # needed cell's bit -> candidates that may cover it, preferred first
    index: CoverIndex
    needed: dict[int, int]  # candidate -> how many needed cells it covers
    left: Counter
    area_left: int
    nodes: int = 0
    cut_short: bool = False

    def run(self, budget: int) -> list[int] | None:
        """A cover within `budget` nodes (from scratch), or None; `cut_short` says if it ran out."""
        self.nodes, self.covered, self.greens, self.chosen = 0, 0, 0, []
        self.uncovered = len(self.order)
        self.budget = budget
        found = self.cover(0)
        self.cut_short = not found and self.nodes >= budget
        return list(self.chosen) if found else None

    def cover(self, at: int) -> bool:
        while at < len(self.order) and self.covered >> self.order[at] & 1:
            at += 1
        if at == len(self.order):
            return True
        if self.area_left < self.uncovered:
            return False
        tried: set[int] = set()
        kind = self.index.kind
        for i in self.options[self.order[at]]:
            if self.nodes >= self.budget:
                return False
            if kind[i] in tried or not self.fits(i):
                continue
            tried.add(kind[i])
            self.nodes += 1
            self.lay(i, +1)
            if self.cover(at + 1):
                return True
            self.lay(i, -1)
        return False

    def fits(self, i: int) -> bool:
        ix = self.index
        return bool(self.left[ix.pieces[i]]) and not ix.masks[i] & self.covered and not (ix.green[i] and ix.halo[i] & self.greens)

    def lay(self, i: int, sign: int) -> None:
        ix = self.index
        self.left[ix.pieces[i]] -= sign
        self.area_left -= sign * ix.sizes[i]
        self.uncovered -= sign * self.needed[i]
        self.covered ^= ix.masks[i]
        if ix.green[i]:
            self.greens ^= ix.masks[i]
        if sign > 0:
            self.chosen.append(i)
        else:
            self.chosen.pop()


def combinations_at(boards: list[list[DepthOption]], income: int, cap: int) -> list[tuple[DepthOption, ...]]:
    """Every choice of one depth option per board paying `income` within `cap` cells, fewest first."""
    fits = [c for c in itertools.product(*boards) if sum(o.income for o in c) == income and sum(len(o.need) for o in c) <= cap]
    return sorted(fits, key=lambda c: (sum(len(o.need) for o in c), [o.depths for o in c]))


def income_layout(states: list[BoardState], supply: Counter, candidates: list[Candidate]) -> list[int] | None:
    """Candidate indices of a layout whose income is the area bound, or None if none was found.

    Each combination of depths is searched twice, green tiles tried first or last, since one
    search may be hard and the next easy (five boards: the fourth combination is covered in
    2,645 nodes, the first not in 20,000). Each search gets FIRST_BUDGET nodes, then twice as
    many, and so on until NODE_BUDGET is spent (measured on benchmarks/placement.py's cases)."""
    bound = area_income_bound(states, supply)
    if bound is None:
        return None
    combos = combinations_at([depth_options(s) for s in states if s.board.income], bound, income_board_area(supply))
    index = CoverIndex(states, candidates)
    searches = [search_for(c, supply, index, greens) for c in combos[:MAX_COMBINATIONS] for greens in (True, False)]
    spent, per = 0, FIRST_BUDGET
    while searches and spent < NODE_BUDGET:
        for search in list(searches):
            found = search.run(min(per, NODE_BUDGET - spent))
            spent += search.nodes
            if found is not None:
                return found
            if not search.cut_short:  # every cover of this combination tried: none exists
                searches.remove(search)
            if spent >= NODE_BUDGET:
                return None
        per *= 2
    return None


class CoverIndex:
    """The candidates as the cover search reads them, built once for every combination."""

    def __init__(self, states: list[BoardState], candidates: list[Candidate]):
        self.bit: dict[Key, int] = {}
        for c in candidates:
            for cell in sorted(c.cells):
                self.bit.setdefault((c.board, cell), len(self.bit))
        self.masks = [self.mask_of(c.board, c.cells) for c in candidates]
        self.sizes = [len(c.cells) for c in candidates]
        # edge neighbours outside the tile: a green tile there would touch it
        self.halo = [self.mask_of(c.board, {n for cell in c.cells for n in edge_neighbours(cell)} - c.cells) for c in candidates]
        self.pieces = [c.piece for c in candidates]
        self.green = [piece(c.piece).colour in APART[states[c.board].board.kind] for c in candidates]
        # tiles alike for the cover: the same cells, the same colour rule (silver and ore as one)
        kinds: dict[tuple, int] = {}
        self.kind = [kinds.setdefault((m, g, p in ("silver", "ore")), len(kinds)) for m, g, p in zip(self.masks, self.green, self.pieces)]
        self.by_cell: dict[int, list[int]] = {}
        for i, c in enumerate(candidates):
            for cell in c.cells:
                self.by_cell.setdefault(self.bit[(c.board, cell)], []).append(i)
        self.income_mask = self.mask_of_keys((s.index, cell) for s in states for cell in s.board.income_cells)

    def mask_of(self, board: int, cells) -> int:
        return self.mask_of_keys((board, cell) for cell in cells)

    def mask_of_keys(self, keys) -> int:
        """Keys no candidate covers have no bit: no tile can be laid there anyway."""
        out = 0
        for k in keys:
            if k in self.bit:
                out |= 1 << self.bit[k]
        return out


def search_for(combo: tuple[DepthOption, ...], supply: Counter, index: CoverIndex, greens_first: bool) -> Search:
    need_keys = sorted({(o.board, cell) for o in combo for cell in o.need}, key=lambda k: (k[0], -k[1][0], k[1][1]))
    need = index.mask_of_keys(need_keys)
    # no tile on another income cell: covering one beyond a track's depth would need its region
    banned = index.income_mask & ~need
    masks = index.masks
    options: dict[int, list[int]] = {}
    needed: dict[int, int] = {}
    for k in need_keys:
        bit = index.bit.get(k)
        if bit is None:  # nothing can cover this needed cell: a search that fails at once
            return Search([-1], {-1: []}, index, {}, Counter(), 0)
        opts = [i for i in index.by_cell[bit] if not masks[i] & banned]
        # no overhang first, then the largest tile, green first or last, then a fixed order
        opts.sort(key=lambda i: (bin(masks[i] & ~need).count("1"), -index.sizes[i], index.green[i] != greens_first, index.pieces[i], i))
        options[bit] = opts
        for i in opts:
            needed[i] = bin(masks[i] & need).count("1")
    order = [index.bit[k] for k in need_keys]
    return Search(order, options, index, needed, Counter(supply), income_board_area(supply))
