"""An exact upper bound on the points level of the income objective, by counting cells.

The income objective's third level maximises the end-of-game score change with income and the
bonus value fixed at their optima. With income fixed, what is left to gain is the -1 cells
covered, less a point per silver laid and the points of stable animals moved into a house (and,
at the final placement, wood and stone on resource spaces, counted apart).

Why it is a proof. Every layout paying the income and bonus optima makes, on each board, one
of the bonus bound's choices (exact track depths and bonuses paid: bonus_bound.py), so it
covers at least that choice's needed cells and none of the cells it keeps free. Split what a
pool of boards (bonus_bound.Pools) covers into cells under silver and cells under other tiles,
T of them. A needed cell that is not -1 earns nothing and costs a point if silver covers it; a
-1 cell earns a point under any tile but silver, and nothing net under silver. So the pool's
points are at most T less its plain (not -1) needed cells, where T counts only cells worth
covering: the needed ones and the -1 cells still coverable beside them; T is within the area of
the non-silver supply fitting the pool (Hall's condition over groups of pools, as for the bonus
bound), and the silver must cover the needed cells the rest leave. Tiles only one pool takes (orange and
red: houses; ore: home and exploration boards) add to a group's area only as many cells as they
can cover among that pool's cells worth covering (a small exact solve: pool_cover.py), since no
other pool can use them. The best T per pool (at most
two pools: a small search) gives each choice's bound; the most over every choice at the fixed
income and bonus value bounds every layout. Animals are counted as if they cost nothing (a
bound, possibly loose, never wrong).
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from models.pieces import Cell, piece
from planner.placement.bonus_bound import BoardOption, BonusBound, Pools
from planner.placement.candidates import TAKES, BoardState, Candidate
from planner.placement.cover_search import Key
from planner.placement.pool_cover import ExclusiveTiles
from planner.placement.request import RESOURCES


@dataclass(frozen=True)
class PoolCounts:
    """What one choice asks of one pool of boards, in cells."""

    plain: int  # needed cells that are not -1
    minus: int  # needed -1 cells
    extra: int  # -1 cells outside the needed ones that may still be covered


@dataclass(frozen=True)
class Choice:
    """One option per board with its points bound; `options` holds the boards' choices, in order."""

    options: tuple[BoardOption, ...]
    points: int  # -1 cells covered less silver laid, at most
    plain_by_silver: bool  # the bound lets silver cover a plain needed cell (the other tiles run short)
    every_minus: tuple[bool, ...]  # per pool: the bound covers every -1 cell worth covering there


def negative_cells(state: BoardState) -> frozenset[Cell]:
    """The -1 cells whose covering scores, as the model's final points count them."""
    spaces = {cell for s in state.board.resource_spaces for cell in s.cells}
    return frozenset(state.board.negatives - spaces - set(state.fixed))


def extra_minus_cells(state: BoardState, option: BoardOption | None, reachable: set[Cell]) -> frozenset[Cell]:
    """-1 cells beside a choice's needed cells that a layout making the choice may still cover:
    not a cell it keeps free, nor an income cell whose region holds one."""
    need = option.need if option else frozenset()
    free = (option.paid | option.first_free) if option else frozenset()
    out = set()
    for cell in negative_cells(state) & reachable - need - free:
        if cell in state.board.income_cells and state.income_region(cell) & free:
            continue
        out.add(cell)
    return frozenset(out)


def non_silver_area(pools: Pools, supply: Counter) -> dict[frozenset, int]:
    """For each group of pools, the area of the supply but silver fitting one of them."""
    out = {}
    for group in pools.area:
        out[group] = sum(piece(n).area * k for n, k in supply.items() if k > 0 and n not in RESOURCES and n != "silver" and any(piece(n).colour in pools.kinds[p] for p in group))
    return out


def best_points(counts: list[PoolCounts], area: dict[frozenset, int], silver: int) -> tuple[int, bool, tuple[bool, ...]] | None:
    """The most points the pools' counts allow (module docstring), whether silver then covers a
    plain needed cell, and per pool whether every cell worth covering is covered; None when the
    silver cannot make up what the other tiles leave."""
    best: tuple[int, bool, tuple[bool, ...]] | None = None
    ranges = [range(min(c.plain + c.minus + c.extra, area[frozenset({p})]), -1, -1) for p, c in enumerate(counts)]
    for taken in itertools.product(*ranges):
        if any(sum(taken[p] for p in group) > a for group, a in area.items()):
            continue
        if sum(max(0, c.plain + c.minus - t) for c, t in zip(counts, taken)) > silver:
            continue
        points = sum(t - c.plain for c, t in zip(counts, taken))
        if best is None or points > best[0]:
            full = tuple(t == c.plain + c.minus + c.extra for c, t in zip(counts, taken))
            best = (points, any(t < c.plain for c, t in zip(counts, taken)), full)
    return best


class PointsBound:
    """The points bound at a fixed income and bonus value, over every choice the bonus bound lists."""

    def __init__(self, bonus: BonusBound, states: list[BoardState], supply: Counter, candidates: list[Candidate], income: int, value: int):
        reachable: dict[int, set[Cell]] = {}
        for c in candidates:
            reachable.setdefault(c.board, set()).update(c.cells)
        self.states, self.reachable, self.pools = states, reachable, bonus.pools
        pools = bonus.pools
        area = non_silver_area(pools, supply)
        listed = bonus.choices_at(income, value)
        self.complete = listed.complete
        with_options = {o.board for options in bonus.boards for o in options}
        # boards with neither income nor bonuses still have -1 cells to cover
        rest_states = [s for s in states if TAKES[s.board.kind] and s.index not in with_options]
        rest = [PoolCounts(0, 0, len(extra_minus_cells(s, None, reachable.get(s.index, set())))) for s in rest_states]
        exclusive = ExclusiveTiles(pools, states, candidates, supply)
        first: list[tuple[int, tuple[BoardOption, ...], list[PoolCounts], list[set[Key]], list[set[Key]]]] = []
        for options in listed.choices:
            per_pool = [PoolCounts(0, 0, 0) for _ in pools.kinds]
            worth: list[set[Key]] = [set() for _ in pools.kinds]
            free: list[set[Key]] = [set() for _ in pools.kinds]
            for o in options:
                state = states[o.board]
                minus = len(o.need & negative_cells(state))
                extra = extra_minus_cells(state, o, reachable.get(o.board, set()))
                add_counts(per_pool, o.pool, PoolCounts(len(o.need) - minus, minus, len(extra)))
                worth[o.pool] |= {(o.board, c) for c in o.need | extra}
                free[o.pool] |= {(o.board, c) for c in o.paid | o.first_free}
            for s, counts in zip(rest_states, rest):
                add_counts(per_pool, pools.index(s), counts)
                worth[pools.index(s)] |= {(s.index, c) for c in extra_minus_cells(s, None, reachable.get(s.index, set()))}
            best = best_points(per_pool, area, supply["silver"])
            if best is not None:
                first.append((best[0], options, per_pool, worth, free))
        # the area bound first, then the tighter one (a small solve per pool's cells) only for the
        # choices whose area bound could still beat the best found: most choices never need it
        first.sort(key=lambda t: -t[0])  # stable: fewest cells first among equals
        self.choices: list[Choice] = []
        for points, options, per_pool, worth, free in first:
            if self.choices and points < max(c.points for c in self.choices):
                break
            best = best_points(per_pool, exclusive.areas(area, worth, free), supply["silver"])
            if best is not None:
                self.choices.append(Choice(options, *best))
        self.choices.sort(key=lambda c: -c.points)

    def best(self) -> int | None:
        """The most -1 cells covered less silver laid of any layout paying the income and the bonus
        value (None: the bonus bound's list of choices was cut short, so nothing is proven)."""
        if not self.complete or not self.choices:
            return None
        return self.choices[0].points


    def cells_of(self, choice: Choice) -> tuple[set[Key], set[Key], set[Key]]:
        """(cells a layout reaching the choice's bound covers, cells it keeps free, the -1 cells it
        may cover): in a pool where the bound covers every -1 cell worth it, those are needed too."""
        need: set[Key] = set()
        keep_free: set[Key] = set()
        minus: set[Key] = set()
        by_board = {o.board: o for o in choice.options}
        for s in self.states:
            if not TAKES[s.board.kind]:
                continue
            o = by_board.get(s.index)
            extra = extra_minus_cells(s, o, self.reachable.get(s.index, set()))
            minus |= {(s.index, c) for c in extra | (negative_cells(s) & o.need if o else frozenset())}
            if o:
                need |= {(s.index, c) for c in o.need}
                keep_free |= {(s.index, c) for c in o.paid | o.first_free}
            if choice.every_minus[self.pools.index(s)]:
                need |= {(s.index, c) for c in extra}
        return need, keep_free, minus


def add_counts(per_pool: list[PoolCounts], pool: int, c: PoolCounts) -> None:
    have = per_pool[pool]
    per_pool[pool] = PoolCounts(have.plain + c.plain, have.minus + c.minus, have.extra + c.extra)


def resources_bound(states: list[BoardState], supply: Counter, final: bool) -> int:
    """Wood and stone the final placement may lay on resource spaces: each within supply and room."""
    if not final:
        return 0
    return sum(min(supply[r], sum(s.room[r] for s in states)) for r in RESOURCES)
