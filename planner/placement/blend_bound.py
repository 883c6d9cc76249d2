"""An upper bound on the blend by counting cells, for every income and bonus value at once.

The blend (objectives.py) weighs a layout's points, income and paid bonuses. Each board of a
legal layout makes one of the bonus bound's options (exact track depths and bonuses paid:
bonus_bound.py), and the points bound (points_bound.py) caps what a choice of options scores
from what it asks of each pool of boards: its plain needed cells, its needed cells, the cells
worth covering, and the area the supply gives each group of pools, less what the tiles only one
pool takes cannot cover there (pool_cover.py). Those counts add up board by board, so one
dynamic programme over the boards lists every reachable (income, counts) with the most bonus
value; its points bound, with the income and the bonus value as the blend weighs them, caps the
blend of every layout with that income and a value no more than the state's.

Why it is a proof: as for the points bound, choice by choice, the counts summed rather than
listed (the same inequalities, so the same bound for each choice), and every choice's income and
value kept. The exclusive tiles' shortfall needs the pool's cells, so it is counted only where a
pool has one board (the house on the benchmark's late cases); elsewhere it is taken as none,
which only loosens the bound. On the late fixture the bound is the optimum, 168, where the LP
gives 169.97 (place25 in benchmarks/RESULTS-placement.md).

The cap per (income, value) joins the model as rows of an LP (`lp_cap`): one Boolean per pair,
exactly one true, income and bonus value their sums, the blend at most the chosen pair's cap.
Valid for every layout, so the LP's certified bound is one too; it knows the rest of the model
beside the counting, and on mid-late it proves 75 (the optimum) where either alone gives 76 or
77.83. Only the bound is kept: with the Booleans in the searched model CP-SAT's path was worse.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

import numpy as np

from planner.placement.bonus_bound import BoardOption, Pools, all_board_options, bonus_worth
from planner.placement.candidates import TAKES
from planner.placement.model import PlacementModel
from planner.placement.objectives import Objective, blend_units
from planner.placement.points_bound import extra_minus_cells, negative_cells, non_silver_area, resources_bound
from planner.placement.pool_cover import ExclusiveTiles

# rows of the programme at once at most (170 MB): past this no bound is given (five boards: 1.5 million, late 0.3)
MAX_STATES = 3_000_000
FIELDS = 5  # per pool: plain needed cells, needed cells, cells worth covering, and the two exclusive shortfalls
PLAIN, NEED, WORTH, SHORT_NEED, SHORT_WORTH = range(FIELDS)
NO_LAYOUT = -(1 << 40)
VALUE_RANGE = 1 << 30  # bonus values (model units) lie below this


class BlendBound:
    """The counting bound on the blend (in the model's units) per (income, bonus value)."""

    def __init__(self, pm: PlacementModel, rounds_left: int):
        self.pm, self.rounds_left = pm, rounds_left
        self.pools = Pools.of(pm.states, pm.supply)
        self.area_ns = non_silver_area(self.pools, pm.supply)
        self.caps: dict[tuple[int, int], int] = {}
        if not 1 <= len(self.pools.kinds) <= 2:
            return  # the points formula below is written for one or two pools (home and exploration; houses)
        if any(s.board.income and not TAKES[s.board.kind] for s in pm.states):
            return  # income the options do not count (no such board today)
        rows = self.board_rows()
        if rows is None:
            return
        rows.sort(key=lambda r: -len(r[1]))  # most rows first: fewer states to merge (0.9 s to 0.7 on late)
        states = [self.pool_states([r for q, r in rows if q == p], p) for p in range(len(self.pools.kinds))]
        found = None if any(s is None for s in states) else self.joined(states)
        if found is not None and len(found[0]):
            self.caps = self.caps_of(*found)

    @property
    def best(self) -> int | None:
        return max(self.caps.values(), default=None)

    def board_rows(self) -> list[tuple[int, np.ndarray]] | None:
        """Per board taking tiles, its pool and one row per distinct (income, counts) its options
        give, with the most value (the last column); None when a board has none (no legal layout)."""
        pm, pools = self.pm, self.pools
        reachable: dict[int, set] = {}
        for c in pm.candidates:
            reachable.setdefault(c.board, set()).update(c.cells)
        exclusive = ExclusiveTiles(pools, pm.states, pm.candidates, pm.supply)
        alone = Counter(pools.index(s) for s in pm.states if TAKES[s.board.kind])
        out, seen = [], set()
        for options in all_board_options(pm.states, pools, pm.candidates, bonus_worth(pm.states, pm.values, pm.scale)):
            rows: dict[tuple, int] = {}
            for o in options:
                key = self.counts(o, reachable.get(o.board, set()), exclusive if alone[o.pool] == 1 else None)
                rows[key] = max(rows.get(key, -1), o.value)
                seen.add(o.board)
            if not options:
                return None
            out.append((options[0].pool, np.array([(*k, v) for k, v in rows.items()], dtype=np.int64)))
        for s in pm.states:  # boards with neither income nor bonuses: -1 cells only
            if TAKES[s.board.kind] and s.index not in seen:
                row = [0] * (2 + FIELDS)
                row[1 + WORTH] = len(extra_minus_cells(s, None, reachable.get(s.index, set())))
                out.append((pools.index(s), np.array([row], dtype=np.int64)))
        return out

    def counts(self, o: BoardOption, reachable: set, exclusive: ExclusiveTiles | None) -> tuple[int, ...]:
        """(income, then the five counts of its pool) of one option."""
        state = self.pm.states[o.board]
        minus = len(o.need & negative_cells(state))
        extra = extra_minus_cells(state, o, reachable)
        short_need = short_worth = 0
        if exclusive is not None:  # the pool is this board alone: its cells are the option's
            free = {(o.board, c) for c in o.paid | o.first_free}
            short_need = exclusive.shortfall(o.pool, {(o.board, c) for c in o.need}, free)
            short_worth = exclusive.shortfall(o.pool, {(o.board, c) for c in o.need | extra}, free)
        return (o.income, len(o.need) - minus, len(o.need), len(o.need) + len(extra), short_need, short_worth)

    def pool_states(self, boards: list[np.ndarray], p: int) -> np.ndarray | None:
        """Every reachable (income, counts, value) of pool p's boards but those another beats (`undominated`)."""
        cap_worth, cap_need = self.area_ns[frozenset({p})], self.pools.area[frozenset({p})]
        states = np.zeros((1, 2 + FIELDS), dtype=np.int64)
        for rows in boards:
            if len(states) * len(rows) > MAX_STATES:
                return None
            both = (states[:, None, :] + rows[None, :, :]).reshape(-1, states.shape[1])
            np.minimum(both[:, 1 + WORTH], cap_worth, out=both[:, 1 + WORTH])  # more is worth nothing
            states = undominated(both[both[:, 1 + NEED] <= cap_need])
        return states

    def joined(self, states: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
        """(income, value, points bound) of every pair of the pools' states (of the one pool's states)."""
        if len(states) == 1:
            points = self.points([states[0][:, 1:-1]])
            return states[0][:, 0], states[0][:, -1], points
        few, many = sorted(states, key=len) if len(states[0]) <= len(states[1]) else (states[1], states[0])
        if len(few) * len(many) > MAX_STATES:
            return None
        first = 0 if few is states[0] else 1
        a = np.repeat(few, len(many), axis=0)
        b = np.tile(many, (len(few), 1))
        counts = [a[:, 1:-1], b[:, 1:-1]] if first == 0 else [b[:, 1:-1], a[:, 1:-1]]
        return a[:, 0] + b[:, 0], a[:, -1] + b[:, -1], self.points(counts)

    def caps_of(self, incomes: np.ndarray, values: np.ndarray, points: np.ndarray) -> dict[tuple[int, int], int]:
        """Per (income, value): the most blend over states of that income and at least that value."""
        pm = self.pm
        keep = points > NO_LAYOUT
        incomes, values, points = incomes[keep], values[keep], points[keep]
        extra = resources_bound(pm.states, pm.supply, pm.final)
        caps: dict[tuple[int, int], int] = {}
        for income in sorted(set(incomes.tolist())):
            mine = incomes == income
            order = np.argsort(-values[mine], kind="stable")
            worth, most = values[mine][order], np.maximum.accumulate(points[mine][order])  # most points at value >= each
            for value in range(int(worth[0]), -1, -1):
                at = np.searchsorted(-worth, -value, side="right") - 1  # the last state worth at least `value`
                gain = int(most[at]) + extra + income - pm.income_before
                caps[(income, value)] = blend_units(pm, self.rounds_left, gain, income, value)
        return caps

    def points(self, counts: list[np.ndarray]) -> np.ndarray:
        """The points bound of each state from its pools' counts (points_bound.best_points in
        closed form), or NO_LAYOUT where no layout fits."""
        pools, silver = self.pools, self.pm.supply["silver"]
        k = len(counts)
        ok = np.ones(len(counts[0]), dtype=bool)
        for group, a in pools.area.items():  # Hall's condition on the needed cells
            ok &= sum(counts[p][:, NEED] for p in group) <= a - sum(counts[p][:, SHORT_NEED] for p in group)
        area = {g: a - sum(counts[p][:, SHORT_WORTH] for p in g) for g, a in self.area_ns.items()}
        worth = [np.minimum(counts[p][:, WORTH], area[frozenset({p})]) for p in range(k)]
        need = [counts[p][:, NEED] for p in range(k)]
        if k == 1:
            covered = worth[0]
            ok &= need[0] - covered <= silver
        else:  # the most covered, split between the pools so the silver has least to cover (convex in the split)
            covered = np.minimum(worth[0] + worth[1], area[frozenset({0, 1})])
            low, high = np.maximum(0, covered - worth[1]), np.minimum(worth[0], covered)
            short = None
            for t in (low, high, np.clip(need[0], low, high), np.clip(covered - need[1], low, high)):
                here = np.maximum(0, need[0] - t) + np.maximum(0, need[1] - (covered - t))
                short = here if short is None else np.minimum(short, here)
            ok &= short <= silver
        points = covered - sum(counts[p][:, PLAIN] for p in range(k))
        return np.where(ok & (covered >= 0), points, NO_LAYOUT)


def undominated(states: np.ndarray) -> np.ndarray:
    """The rows no other row beats: the same income, needed cells, cells worth covering and
    shortfalls, no more plain cells and no less value (it has as many points in every completion,
    so no cap changes). Grouped by a packed key, plain cells rising, then value falling: a row is
    kept when its value beats every earlier row's in its group (five boards: 0.8 s to 0.2)."""
    key = states[:, [0, 1 + NEED, 1 + WORTH, 1 + SHORT_NEED, 1 + SHORT_WORTH]]
    low = key.min(axis=0)
    span = key.max(axis=0) - low + 1
    if math.prod(int(k) for k in span) >= 1 << 62:  # (five columns of a few hundred each: never on a real game)
        packed = np.unique(key, axis=0, return_inverse=True)[1].reshape(-1)
    else:
        packed = np.zeros(len(states), dtype=np.int64)
        for j in range(key.shape[1]):  # mixed radix
            packed = packed * span[j] + (key[:, j] - low[j])
    order = np.lexsort((-states[:, -1], states[:, 1 + PLAIN], packed))
    rows, groups = states[order], packed[order]
    first = np.concatenate(([True], groups[1:] != groups[:-1]))
    group = np.cumsum(first)
    best = np.maximum.accumulate(group * VALUE_RANGE + rows[:, -1])  # the most value so far in the group (groups rise)
    before = np.concatenate(([-1], best[:-1])) - group * VALUE_RANGE
    return rows[first | (rows[:, -1] > before)]


def lp_cap(pm: PlacementModel, expr, caps: dict[tuple[int, int], int]) -> int | None:
    """The certified LP bound on `expr` with the caps as rows (module docstring), floored; None if GLOP fails."""
    from planner.lp_bound import lp_bound

    model = pm.model.clone()
    z = {pair: model.new_bool_var(f"pair{pair}") for pair in caps}
    model.add_exactly_one(z.values())
    model.add(pm.income == sum(income * var for (income, _), var in z.items()))
    model.add(pm.bonus_value == sum(value * var for (_, value), var in z.items()))
    model.add(expr <= sum(caps[pair] * var for pair, var in z.items()))
    model.maximize(expr)
    found = lp_bound(model)
    return None if found is None else found.best


def blend_cap(pm: PlacementModel, expr, rounds_left: int, known: int | None = None) -> int | None:
    """The least of the counting bound and the LP bound with its caps (model units), or None; None
    too when the counting bound does not beat `known` (the LP with its caps then proves no more
    than the level's own LP did: round 4's 73 against a counting bound of 74). `known` takes in a
    window refuted just before (planner.cpsat): on random late inventories the counting bound was
    often the refuted value less one and the LP with caps proved no more (late-5: 125 both, 0.14 s
    of GLOP for nothing)."""
    counted = BlendBound(pm, rounds_left)
    caps, best = counted.caps, counted.best
    if best is None or (known is not None and best >= known):
        return None
    found = lp_cap(pm, expr, caps)
    return best if found is None else min(best, found)


def capped(pm: PlacementModel, objective: Objective, rounds_left: int) -> Objective:
    """The blend with the proven cap as its level's dear bound: worked out only if the search near
    the LP bound fails (where the LP is tight, as on most large inventories, it would be wasted)."""
    level = objective.levels[0]
    return replace(objective, levels=[replace(level, dear_bound=lambda known: blend_cap(pm, level.expr, rounds_left, known))])
