"""An exact upper bound on the value of paid bonuses once income is fixed, by counting cells.

The income objective's second level maximises the bonuses paid with income fixed at its
optimum. The area bound on income (income_bound.py) extends to it: a bonus pays only when its
own cell stays free and its ring is covered, and covering a ring cell that lies on an income
track forces that cell's lower-left region too. So for each board, each choice of exact track
depths and of bonuses paid forces a known set of cells newly covered (the staircases, the
rings, and the regions the rings' income cells bring), or is impossible (it would cover a
track's first uncovered cell, a paid bonus's own cell, or a cell no tile can reach).

Why it is a proof. In any legal layout with income I, each board's exact depths and the set of
bonuses it pays are one such option, and the layout covers at least its cells; boards share no
cell, and each newly covered cell is covered by a supply tile that board's kind takes. Boards
fall into pools by what they take (home and exploration boards; houses), and the cells asked
of any set of pools cannot exceed the area of the supply fitting one of them. The best bonus
value of options over all boards paying income I in total within those areas (an exact
knapsack below) is at least the layout's. Reaching it proves the level optimal.

The knapsack counts areas only. Tiles that one pool alone takes (orange and red: houses; ore:
home and exploration boards) add to a group of pools' area only as many of that pool's needed
cells as they can cover (pool_cover.py, a small exact solve, as the points bound counts them),
since no other pool can use them. So each choice of options the knapsack lists at the bound is
checked so, and a bound every listed choice fails is lowered to the best value a choice passing
it pays. Real late: the knapsack's 21 becomes 18, the optimum, since its home and exploration
boards need every cell the tiles fitting them hold, leaving the house orange and red tiles only,
which cannot close the rings its bonuses ask (before, CP-SAT took 13 units to refute 19).
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING

from models.boards import Bonus
from models.pieces import Cell, piece
from planner.placement.candidates import TAKES, BoardState, Candidate
from planner.placement.income_bound import depth_options
from planner.placement.model import bonus_neighbours
from planner.placement.pool_cover import ExclusiveTiles
from planner.placement.request import RESOURCES
from planner.placement.rewards import reward_value

if TYPE_CHECKING:  # points_bound imports this module
    from planner.placement.points_bound import PointsBound

MAX_COMBINATIONS = 2000  # choices of options reaching the bound listed at most (fewest cells first)
# Values below the knapsack's bound checked for a choice the exclusive tiles allow, at most (real late: 21 to 18,
# four listings of 19 choices in all, 0.25 s; the bound then stands wherever the checks stop).
MAX_LOWERED_VALUES = 6


@dataclass(frozen=True)
class BoardOption:
    """One board with exact track depths and a set of bonuses paid: their worth and cells needed."""

    board: int
    pool: int  # index into Pools.kinds
    income: int
    value: int  # bonus value in the model's units (1/scale)
    need: frozenset  # free cells that must be newly covered
    paid: frozenset  # the paid bonuses' own cells, which must stay free
    first_free: frozenset  # each track's first uncovered cell, which must stay free
    depths: tuple[int, ...] = ()  # each track's exact depth (none: the board has no income)


@dataclass(frozen=True)
class Pools:
    """Board kinds grouped by what they take, and the supply's area fitting each group of them."""

    kinds: tuple[frozenset, ...]  # each pool: the colours its boards take
    area: dict[frozenset, int]  # set of pool indices -> area of supply fitting one of them

    @staticmethod
    def of(states: list[BoardState], supply: Counter) -> Pools:
        kinds = tuple(sorted({frozenset(TAKES[s.board.kind]) for s in states if TAKES[s.board.kind]}, key=sorted))
        area = {}
        for r in range(1, len(kinds) + 1):
            for group in itertools.combinations(range(len(kinds)), r):
                area[frozenset(group)] = sum(piece(n).area * k for n, k in supply.items() if k > 0 and n not in RESOURCES and any(piece(n).colour in kinds[p] for p in group))
        return Pools(kinds, area)

    def index(self, state: BoardState) -> int:
        return self.kinds.index(frozenset(TAKES[state.board.kind]))

    @cached_property
    def limits(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """(pool indices, area) per group: `fits` reads them in its loop (the knapsack calls it
        over a hundred thousand times on the late fixture)."""
        return tuple((tuple(sorted(group)), a) for group, a in self.area.items())

    def fits(self, cells: tuple[int, ...]) -> bool:
        """Cells asked of each pool (by index) within every group's area (Hall's condition)."""
        for group, a in self.limits:
            total = 0
            for p in group:
                total += cells[p]
            if total > a:
                return False
        return True


def board_options(state: BoardState, pool: int, reachable: set[Cell], worth: dict[Cell, int]) -> list[BoardOption]:
    """Every possible (exact depths, bonuses paid) on this board, duplicates merged."""
    fixed = set(state.fixed)
    depths = depth_options(state) if state.board.income else [None]
    bonuses = [b for b in state.board.bonuses if worth.get(b.cell, 0) > 0 and ring_reachable(state, b, reachable | fixed)]
    rings = {b: bonus_neighbours(state.board, b) for b in bonuses}  # read once: asked per depth and subset
    regions = {cell: state.income_region(cell) for cell in state.board.income_cells}
    seen: dict[tuple, BoardOption] = {}
    for d in depths:
        base = set(d.need) if d else set()
        income = d.income if d else 0
        first_free = frozenset(t.cells[k] for t, k in zip(state.board.income, d.depths) if k < len(t.cells)) if d else frozenset()
        for r in range(len(bonuses) + 1):
            for paid in itertools.combinations(bonuses, r):
                need = closure(base | {n for b in paid for n in rings[b]}, regions) - fixed
                cells = frozenset(b.cell for b in paid)
                if not need <= reachable or need & (first_free | cells) or cells & fixed:
                    continue
                value = sum(worth[c] for c in cells)
                key = (frozenset(need), cells, first_free)
                if key not in seen:
                    seen[key] = BoardOption(state.index, pool, income, value, frozenset(need), cells, first_free, d.depths if d else ())
    return list(seen.values())


def ring_reachable(state: BoardState, bonus: Bonus, coverable: set[Cell]) -> bool:
    return bonus.cell not in state.fixed and all(n in coverable for n in bonus_neighbours(state.board, bonus))


def closure(cells: set[Cell], regions: dict[Cell, set[Cell]]) -> set[Cell]:
    """The cells plus the lower-left region of every income cell among them (the income rule),
    `regions` holding each income cell's."""
    out = set(cells)
    for cell in cells & regions.keys():
        out |= regions[cell]
    return out


def all_board_options(states: list[BoardState], pools: Pools, candidates: list[Candidate], worth: dict[tuple[int, Cell], int]) -> list[list[BoardOption]]:
    """The options of every board with income or a bonus worth something."""
    reachable: dict[int, set[Cell]] = {}
    for c in candidates:
        reachable.setdefault(c.board, set()).update(c.cells)
    out = []
    for s in states:
        if not TAKES[s.board.kind] or not (s.board.income or s.board.bonuses):
            continue
        mine = {cell: w for (b, cell), w in worth.items() if b == s.index}
        out.append(board_options(s, pools.index(s), reachable.get(s.index, set()), mine))
    return out


def bonus_worth(states: list[BoardState], values: dict[str, float], scale: int) -> dict[tuple[int, Cell], int]:
    """Each bonus's worth in the model's units, as PlacementModel.bonuses_that_pay counts it."""
    return {(s.index, b.cell): round(reward_value(b, values) * scale) for s in states for b in s.board.bonuses}


Frontier = dict[int, list[tuple[tuple[int, ...], int]]]  # income -> (cells per pool, most value), none dominated


def option_classes(options: list[BoardOption]) -> dict[tuple[int, int, int, int], list[BoardOption]]:
    """Options alike for the knapsack: the same pool, income, cell count and value."""
    out: dict[tuple[int, int, int, int], list[BoardOption]] = {}
    for o in options:
        out.setdefault((o.pool, o.income, len(o.need), o.value), []).append(o)
    return out


def undominated_classes(options: list[BoardOption]) -> list[tuple[int, int, int, int]]:
    """(pool, income, cells, value) of the options no other of the same income beats with no
    more cells and no less value: the only ones a best choice needs."""
    out: list[tuple[int, int, int, int]] = []
    for pool, income, size, value in sorted(option_classes(options), key=lambda k: (k[1], k[2], -k[3])):
        if out and out[-1][1] == income and out[-1][3] >= value:
            continue
        out.append((pool, income, size, value))
    return out


def knapsack(boards: list[list[BoardOption]], pools: Pools) -> list[Frontier]:
    """frontiers[k]: for boards k.., by income, every undominated (cells per pool, best value);
    frontiers[0] left empty: only its best value at one income is asked (`best_at`), and the
    whole step over the first board was half the knapsack (real late: 93,000 of 173,000 pairs)."""
    zero = tuple(0 for _ in pools.kinds)
    frontiers: list[Frontier] = [{0: [(zero, 0)]}]
    for options in reversed(boards[1:]):
        best: dict[tuple[tuple[int, ...], int], int] = {}
        fits, known = pools.fits, best.get  # bound once: the innermost loop runs 10^5 times on the late fixture
        for pool, income, size, value in undominated_classes(options):
            for have, entries in frontiers[0].items():
                for cells, got in entries:
                    used = cells[:pool] + (cells[pool] + size,) + cells[pool + 1 :]  # add(), written out
                    key = (used, have + income)
                    if known(key, -1) < got + value and fits(used):
                        best[key] = got + value
        frontiers.insert(0, undominated(best))
    return [{}] + frontiers


def best_at(options: list[BoardOption], pools: Pools, rest: Frontier, income: int) -> int | None:
    """The most value one of the first board's options plus an entry of the others' frontier
    pays at exactly `income` within the pools' areas: the first board's step of the knapsack at
    that income alone (None: no such pair)."""
    best = None
    for pool, inc, size, value in undominated_classes(options):
        for cells, got in rest.get(income - inc, []):
            if (best is None or got + value > best) and pools.fits(add(cells, pool, size)):
                best = got + value
    return best


def add(cells: tuple[int, ...], pool: int, size: int) -> tuple[int, ...]:
    return cells[:pool] + (cells[pool] + size,) + cells[pool + 1 :]


def undominated(best: dict[tuple[tuple[int, ...], int], int]) -> Frontier:
    """Per income, drop every entry another beats with no more cells in any pool and no less value.

    There are at most two pools (home and exploration boards; houses), so an entry (a, b) is
    beaten when some kept entry of no less value has a' <= a and b' <= b: `least[a]` holds the
    smallest b' kept with a' <= a, entries taken by falling value."""
    by_income: dict[int, list[tuple[tuple[int, ...], int]]] = {}
    least: dict[int, list[int]] = {}
    width = 1 + max((cells[0] for cells, _ in best), default=0)
    for (cells, income), value in sorted(best.items(), key=lambda kv: (-kv[1], kv[0][0])):
        a, b = cells[0], (cells[1] if len(cells) > 1 else 0)
        row = least.setdefault(income, [1 << 30] * width)
        if row[a] <= b:
            continue
        by_income.setdefault(income, []).append((cells, value))
        for j in range(a, width):
            if row[j] <= b:
                break
            row[j] = b
    return by_income


class BonusBound:
    """The knapsack over every board's options, solved once: the bound at any income, and the
    choices of options reaching it for the cover search."""

    def __init__(self, states: list[BoardState], supply: Counter, candidates: list[Candidate], values: dict[str, float], scale: int):
        self.pools = Pools.of(states, supply)
        self.boards = all_board_options(states, self.pools, candidates, bonus_worth(states, values, scale))
        self.frontiers = knapsack(self.boards, self.pools)
        self.exclusive = ExclusiveTiles(self.pools, states, candidates, supply)
        self.bounds: dict[int, int | None] = {}
        self.points: dict[tuple[int, int], PointsBound] = {}  # (income, value) -> its PointsBound (income_levels.points_bound_at)

    def at(self, income: int) -> int | None:
        """The most bonus value any legal layout with exactly `income` is paid (None: no layout
        the options know has that income, or no board has income or bonuses): the knapsack's,
        lowered while every choice reaching it fails the exclusive tiles' check."""
        if income not in self.bounds:
            self.bounds[income] = self.lowered(income, self.knapsack_at(income))
        return self.bounds[income]

    def proven(self, income: int, value: int) -> None:
        """A bound proven elsewhere (bonus_lp.lp_walk, with a layout paying it): `at(income)` answers it from now on."""
        self.bounds[income] = value

    def knapsack_at(self, income: int) -> int | None:
        if not self.boards:
            return None
        return best_at(self.boards[0], self.pools, self.frontiers[1], income)

    def lowered(self, income: int, value: int | None) -> int | None:
        """The most a listed choice passing `fits` pays, from `value` down: while the list at a value is
        complete and every choice on it fails, no layout pays that value or more."""
        for _ in range(MAX_LOWERED_VALUES):
            if value is None or value <= 0:
                return value
            listed = choices_at(self.boards, self.pools, self.frontiers, income, value)
            if not listed.complete:
                return value
            passing = [sum(o.value for o in c) for c in listed.choices if self.fits(c)]
            if passing:
                return max(passing)
            value -= 1
        return value

    def fits(self, choice: tuple[BoardOption, ...]) -> bool:
        """The choice's needed cells per pool within every group's area, counting each pool's
        exclusive tiles only for the needed cells they can cover there (module docstring)."""
        need: list[set] = [set() for _ in self.pools.kinds]
        free: list[set] = [set() for _ in self.pools.kinds]
        for o in choice:
            need[o.pool] |= {(o.board, c) for c in o.need}
            free[o.pool] |= {(o.board, c) for c in o.paid | o.first_free}
        area = self.exclusive.areas(self.pools.area, need, free)
        return all(sum(len(need[p]) for p in group) <= a for group, a in area.items())

    def choices_at(self, income: int, value: int) -> Listed:
        """Choices of one option per board paying `income` and bonus value `value` (see choices_at),
        those failing the exclusive tiles' check left out: no layout makes them."""
        listed = choices_at(self.boards, self.pools, self.frontiers, income, value)
        return Listed([c for c in listed.choices if self.fits(c)], listed.complete)


@dataclass(frozen=True)
class Listed:
    choices: list[tuple[BoardOption, ...]]  # fewest needed cells first
    complete: bool  # every choice is listed (not cut at MAX_COMBINATIONS)


def choices_at(boards: list[list[BoardOption]], pools: Pools, frontiers: list[Frontier], income: int, value: int, limit: int = MAX_COMBINATIONS) -> Listed:
    """Choices of one option per board paying exactly `income` and at least `value` (at most
    `value`'s worth where it is the best, as the bound's is) within the pools' areas, fewest
    cells first; at most `limit` listed. The frontiers prune every partial choice that can no
    longer reach the value."""
    classes = [option_classes(options) for options in boards]
    found: list[tuple[BoardOption, ...]] = []
    complete = True

    def room_for(k: int, cells: tuple[int, ...], income_left: int, value_left: int) -> bool:
        return any(v >= value_left and pools.fits(tuple(map(operator.add, cells, c))) for c, v in frontiers[k].get(income_left, []))

    def walk(k: int, cells: tuple[int, ...], got_income: int, got_value: int, chosen: list[list[BoardOption]]) -> None:
        nonlocal complete
        if k == len(boards):
            product = itertools.product(*chosen)
            found.extend(itertools.islice(product, limit - len(found)))
            complete = complete and next(product, None) is None
            return
        for (pool, inc, size, val), members in classes[k].items():
            used = add(cells, pool, size)
            if room_for(k + 1, used, income - got_income - inc, value - got_value - val):
                if len(found) >= limit:
                    complete = False
                    return
                walk(k + 1, used, got_income + inc, got_value + val, chosen + [members])

    walk(0, tuple(0 for _ in pools.kinds), 0, 0, [])
    return Listed(sorted(found, key=lambda c: (sum(len(o.need) for o in c), [(o.board, sorted(o.need), sorted(o.paid)) for o in c])), complete)
