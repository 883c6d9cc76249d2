"""The feast as a CP-SAT model: cover the open banquet positions as cheaply as possible.

The model is written like the rules (RULES-NOTES §4, rulebook phase 9), one constraint family
per function. It deliberately does not use models/rules.py for its rules: that checker stays
independent, and judges every answer (check_answer) before plan_feast returns it.

Variables: one boolean per *candidate*, a (food piece, distinct orientation, anchor) that fits
in the 12 x 4 area, covers at least one open table position and no Viking or emigrated ship.
Identical tiles share the candidate's one variable (a cell holds one tile), so there is no
symmetry between copies; the supply limit counts candidates per piece.

Objective, lexicographic and exact (each level optimal before the next is looked at):
  1. fewest Thing Penalties (open positions left uncovered);
  2. least value served (the values scaled to integers by their common denominator);
  3. fewest tiles and coins;
  4. the tie-break that makes the answer unique: read the open positions from left to right,
     and at each one prefer that a tile starts there, and of those the first in PIECE ORDER
     (pieces.toml's order, silver last), then the first orientation (upright after lying flat,
     as Piece.orientations lists them). Two different tables always differ at some position,
     so exactly one table is optimal and the answer is the same whatever the solver's workers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

from ortools.sat.python import cp_model

from models.facts import BANQUET_POSITIONS, BANQUET_ROWS
from models.pieces import Cell, Piece, all_pieces, piece
from models.snapshot import Placement, Snapshot
from planner.cpsat import Level, SolveParams, solve_lexicographic

ROWS, COLS = BANQUET_ROWS, BANQUET_POSITIONS  # row 0 is the table's positions; the rows below hold what hangs
FOOD_COLOURS = ("orange", "red")
NO_TOUCH_COLOURS = ("orange", "red")  # silver is exempt
SILVER = "silver"
# Weights of one packed objective stay below this, so CP-SAT's integer objective stays exact
# (it also works with doubles internally, exact up to 2**53).
MAX_PACKED_RANGE = 2**50


# --- what may be served ----------------------------------------------------------------------


@cache
def food_pieces() -> tuple[str, ...]:
    """Orange and red goods (the animals are red) and 1-silver coins: PIECE ORDER of the tie-break.

    Green and blue goods, specials, ore, wood and stone are never served, so they get no candidate.
    """
    food = [p.name for p in all_pieces().values() if p.kind in ("good", "animal") and p.colour in FOOD_COLOURS]
    return (*food, SILVER)


def food_supply(snapshot: Snapshot) -> dict[str, int]:
    """How many tiles of each food piece (and silver coins) the player can serve."""
    goods = snapshot.player.goods
    supply = {name: goods.get(name, 0) for name in food_pieces() if name != SILVER}
    return supply | {SILVER: snapshot.player.silver}


# --- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """Row-0 positions: emigrated ships from the left, then open ones, then Vikings still seated."""

    first_open: int  # positions before it hold emigrated ships
    open_to: int  # positions from it on still hold a Viking

    @classmethod
    def of(cls, snapshot: Snapshot) -> Table:
        open_to = min(COLS, snapshot.vikings)  # one position per Viking gained
        return cls(first_open=min(len(snapshot.emigrated_ships), open_to), open_to=open_to)

    @property
    def open_positions(self) -> range:
        return range(self.first_open, self.open_to)

    def is_open(self, cell: Cell) -> bool:
        return cell[0] == 0 and self.first_open <= cell[1] < self.open_to

    def is_closed(self, cell: Cell) -> bool:
        """A row-0 cell holding an emigrated ship or a Viking: no food may cover it."""
        return cell[0] == 0 and not self.is_open(cell)


def inside(cell: Cell) -> bool:
    return 0 <= cell[0] < ROWS and 0 <= cell[1] < COLS


# --- candidates --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    piece: str
    rotation: int
    flip: bool
    row: int
    col: int
    cells: frozenset[Cell]
    fixed: bool = False  # already on the table this round: must stay, costs no supply
    rank: int = 0  # place in the tie-break order among candidates anchored at the same column

    @property
    def food(self) -> Piece:
        return piece(self.piece)

    @property
    def is_horizontal(self) -> bool:
        """Wider than tall as laid; only non-square goods count (silver and squares are exempt)."""
        p = self.food
        if p.size is None or p.is_square:
            return False
        width = 1 + max(c for _, c in self.cells) - min(c for _, c in self.cells)
        height = 1 + max(r for r, _ in self.cells) - min(r for r, _ in self.cells)
        return width > height

    def placement(self) -> Placement:
        return Placement(piece=self.piece, row=self.row, col=self.col, rotation=self.rotation, flip=self.flip)


def candidates(table: Table, pieces: Iterable[str]) -> list[Candidate]:
    """Every way to lay one tile of `pieces` legally on its own, in the tie-break order."""
    found = [
        Candidate(name, rotation, flip, row, col, cells)
        for name in pieces
        for rotation, flip, row, col, cells in layouts_in_area(name)
        if fits_alone(table, cells)
    ]
    return rank_by_anchor(found)


@cache
def layouts_in_area(name: str) -> tuple[tuple[int, bool, int, int, frozenset[Cell]], ...]:
    """(rotation, flip, row, col, cells) of every distinct way to lay the piece inside the area.

    Pure geometry, the same for every feast, so it is worked out once per piece.
    """
    out = []
    for o in piece(name).orientations:
        for row in range(ROWS - o.height + 1):
            for col in range(COLS - o.width + 1):
                out.append((o.rotation, o.flip, row, col, frozenset((row + r, col + c) for r, c in o.cells)))
    return tuple(out)


def fits_alone(table: Table, cells: frozenset[Cell]) -> bool:
    """Inside the area, on at least one open position, on no Viking's and no ship's position."""
    return (
        all(map(inside, cells))
        and any(table.is_open(cell) for cell in cells)
        and not any(table.is_closed(cell) for cell in cells)
    )


def rank_by_anchor(found: list[Candidate]) -> list[Candidate]:
    """Number the candidates anchored at each column 0, 1, 2... in the order they were found."""
    seen: dict[int, int] = {}
    out = []
    for c in found:
        out.append(Candidate(c.piece, c.rotation, c.flip, c.row, c.col, c.cells, rank=seen.get(c.col, 0)))
        seen[c.col] = seen.get(c.col, 0) + 1
    return out


def fixed_candidates(placements: Iterable[Placement]) -> list[Candidate]:
    """The food already laid this round, as candidates that must be chosen."""
    return [
        Candidate(p.piece, p.rotation, p.flip, p.row, p.col, frozenset(piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip)), fixed=True)
        for p in placements
    ]


class ValuesTooFine(ValueError):
    """The values' common denominator makes the sums too large to stay exact."""


# --- values ------------------------------------------------------------------------------------


def exact(value: float | int | Fraction) -> Fraction:
    """The value as the user wrote it: 0.1 in JSON means 1/10, not the nearest binary float."""
    return value if isinstance(value, Fraction) else Fraction(str(value))


@dataclass(frozen=True)
class Prices:
    """Piece values scaled to integers by one common denominator, so sums stay exact."""

    scaled: dict[str, int]
    denominator: int

    @classmethod
    def of(cls, values: Mapping[str, float | int], pieces: Iterable[str]) -> Prices:
        fractions = {name: exact(values[name]) for name in pieces}
        denominator = math.lcm(1, *(f.denominator for f in fractions.values()))
        scaled = {name: int(f * denominator) for name, f in fractions.items()}
        if max(scaled.values(), default=0) * COLS >= MAX_PACKED_RANGE:
            raise ValuesTooFine("the values are too fine-grained to add up exactly (use fewer decimals)")
        return cls(scaled, denominator)

    def value(self, counts: Mapping[str, int]) -> Fraction:
        return Fraction(sum(self.scaled[name] * n for name, n in counts.items()), self.denominator)


# --- the model -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Objective:
    """One level of the lexicographic objective: an integer expression and its range."""

    name: str
    expr: cp_model.LinearExprT
    low: int
    high: int


class FeastModel:
    """The CP-SAT model of one feast: candidates, the rules as constraints, the objective levels."""

    def __init__(self, table: Table, supply: Mapping[str, int], prices: Prices, existing: Iterable[Placement] = (), extra: bool = False):
        self.table = table
        self.supply = dict(supply)
        self.prices = prices
        self.model = cp_model.CpModel()
        servable = [name for name in food_pieces() if supply.get(name, 0) > 0 or extra]
        self.candidates = fixed_candidates(existing) + candidates(table, servable)
        self.chosen = [self.model.new_bool_var(f"{c.piece}@{c.row},{c.col},r{c.rotation}") for c in self.candidates]
        self.extra = self.extra_supply_variables() if extra else {}
        self.add_fixed_placements()
        self.add_each_cell_covered_at_most_once()
        self.add_no_same_colour_edges()
        self.add_one_horizontal_per_food_type()
        self.add_supply_limits()

    # each family of rules, one function each

    def add_fixed_placements(self) -> None:
        """Food already on the table this round stays where it is."""
        for c, x in self.new_and_fixed(fixed=True):
            self.model.add(x == 1)

    def add_each_cell_covered_at_most_once(self) -> None:
        """Tiles never overlap, whether on the table's row or hanging below it."""
        self.add_at_most_one(self.covering_indices().values())

    def add_no_same_colour_edges(self) -> None:
        """Orange never shares an edge with orange, nor red with red.

        For neighbouring cells a, b: at most one tile of the colour covers a or b or both. A
        tile covering both counts once, and two tiles on one cell are already refused, so this
        refuses exactly two different tiles of the colour on either side of the edge. (Written
        as a clique over the tiles, not through a 0/1 variable per cell: that variant has a much
        weaker LP relaxation and made rich tables 100 times slower.)
        """
        for colour in NO_TOUCH_COLOURS:
            covering = self.covering_indices(lambda c: c.food.colour == colour)
            self.add_at_most_one(covering[a] | covering[b] for a, b in edges() if a in covering and b in covering)

    def add_one_horizontal_per_food_type(self) -> None:
        """At most one tile of each food type lies horizontally; pregnant animals are the animal."""
        by_type: dict[str, set[int]] = {}
        for i, c in enumerate(self.candidates):
            if c.is_horizontal:
                by_type.setdefault(c.food.food_type, set()).add(i)
        self.add_at_most_one(by_type.values())

    def add_supply_limits(self) -> None:
        """No more tiles (or coins) of a piece than the supply holds, plus any extra allowed."""
        used: dict[str, list] = {}
        for c, x in self.new_and_fixed(fixed=False):
            used.setdefault(c.piece, []).append(x)
        for name, xs in used.items():
            limit = self.supply.get(name, 0)
            if name in self.extra:
                self.model.add(sum(xs) <= limit + self.extra[name])
            elif len(xs) > limit:
                self.model.add(sum(xs) <= limit)

    def extra_supply_variables(self) -> dict[str, cp_model.IntVar]:
        """Tiles the player would still have to get: for --shortfall."""
        return {name: self.model.new_int_var(0, len(self.table.open_positions), f"extra {name}") for name in food_pieces()}

    # helpers

    def add_at_most_one(self, groups: Iterable[set[int]]) -> None:
        """At most one candidate of each group; a group inside another one adds nothing, so it
        is left out (e.g. a cell below row 0 is covered only by tiles that cover the cell above)."""
        kept: list[frozenset[int]] = []
        for group in sorted({frozenset(g) for g in groups if len(g) > 1}, key=len, reverse=True):
            if not any(group <= bigger for bigger in kept):
                kept.append(group)
                self.model.add_at_most_one(self.chosen[i] for i in sorted(group))

    def new_and_fixed(self, fixed: bool):
        return [(c, x) for c, x in zip(self.candidates, self.chosen) if c.fixed == fixed]

    def covering_indices(self, which=lambda c: True) -> dict[Cell, set[int]]:
        out: dict[Cell, set[int]] = {}
        for i, c in enumerate(self.candidates):
            if which(c):
                for cell in c.cells:
                    out.setdefault(cell, set()).add(i)
        return out

    def covering(self, which=lambda c: True) -> dict[Cell, list]:
        out: dict[Cell, list] = {}
        for c, x in zip(self.candidates, self.chosen):
            if which(c):
                for cell in c.cells:
                    out.setdefault(cell, []).append(x)
        return out

    # the objective's levels

    def penalties(self) -> Objective:
        """Open positions left uncovered: one Thing Penalty each."""
        covering = self.covering()
        covered = [sum(covering.get((0, col), [])) for col in self.table.open_positions]
        n = len(self.table.open_positions)
        return Objective("penalties", n - sum(covered), 0, n)

    def value_served(self) -> Objective:
        new = self.new_and_fixed(fixed=False)
        top = max(self.prices.scaled.values(), default=0) * len(self.table.open_positions)
        return Objective("value", sum(self.prices.scaled[c.piece] * x for c, x in new), 0, top)

    def tiles(self) -> Objective:
        return Objective("tiles", sum(x for _, x in self.new_and_fixed(fixed=False)), 0, len(self.table.open_positions))

    def extra_tiles(self) -> Objective:
        return Objective("extra tiles", sum(self.extra.values()), 0, len(self.table.open_positions))

    def extra_value(self) -> Objective:
        top = max(self.prices.scaled.values(), default=0) * len(self.table.open_positions)
        return Objective("extra value", sum(self.prices.scaled[n] * e for n, e in self.extra.items()), 0, top)

    def position_choices(self) -> list[Objective]:
        """The tie-break: for each open position left to right, which tile starts there.

        Code = the starting tile's rank (0 = first in piece order), or the number of candidates
        at that position when no new tile starts there, so a tile starting early is preferred.
        """
        out = []
        for col in self.table.open_positions:
            starting = [(c, x) for c, x in self.new_and_fixed(fixed=False) if c.col == col]
            if not starting:
                continue
            none = len(starting)
            code = none - sum((none - c.rank) * x for c, x in starting)
            out.append(Objective(f"position {col}", code, 0, none))
        return out

    def feast_objectives(self) -> list[Objective]:
        return [self.penalties(), self.value_served(), self.tiles(), *self.position_choices()]

    def shortfall_objectives(self) -> list[Objective]:
        """No penalty at all; then the fewest extra tiles, then the cheapest, then as the feast."""
        self.model.add(self.penalties().expr == 0)
        return [self.extra_tiles(), self.extra_value(), self.value_served(), self.tiles(), *self.position_choices()]

    def chosen_candidates(self, solver: cp_model.CpSolver) -> list[Candidate]:
        return [c for c, x in zip(self.candidates, self.chosen) if not c.fixed and solver.boolean_value(x)]


def edges() -> list[tuple[Cell, Cell]]:
    """Every pair of edge-neighbouring cells of the 12 x 4 area."""
    right = [((r, c), (r, c + 1)) for r in range(ROWS) for c in range(COLS - 1)]
    down = [((r, c), (r + 1, c)) for r in range(ROWS - 1) for c in range(COLS)]
    return right + down


# --- solving -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class SolverSettings:
    time_limit: float = 10.0
    workers: int = 1  # the model is small: one worker is fastest, and the answer is unique anyway
    seed: int = 0
    # CP-SAT's presolve costs more than it saves here: the model is already a small set of
    # cliques (see add_at_most_one); measured on benchmarks/feast.py, 30-40% faster without it.
    presolve: bool = False


@dataclass
class Solved:
    status: str  # OPTIMAL, FEASIBLE (stopped early) or UNKNOWN (no answer in time)
    chosen: list[Candidate]
    extra: dict[str, int]
    build_seconds: float
    solve_seconds: float


def solve_levels(feast: FeastModel, objectives: list[Objective], settings: SolverSettings, built: float) -> Solved:
    """Minimise each level in turn with the shared lexicographic helper, each optimum fixed
    before the next; consecutive tiny levels are packed into one exact weighted sum."""
    start = time.perf_counter()
    params = SolveParams(settings.workers, settings.seed, settings.time_limit, None, {"cp_model_presolve": settings.presolve})
    levels = [Level(o.name, o.expr, o.low, o.high) for o in objectives]

    def read(solver: cp_model.CpSolver):
        return feast.chosen_candidates(solver), {n: v for n, e in feast.extra.items() if (v := solver.value(e))}

    answer = solve_lexicographic(feast.model, levels, params, read, max_packed_range=MAX_PACKED_RANGE)
    seconds = time.perf_counter() - start
    if answer.answer is None:
        return Solved("UNKNOWN", [], {}, built, seconds)
    return Solved("OPTIMAL" if answer.status == "OPTIMAL" else "FEASIBLE", *answer.answer, built, seconds)


# --- the answers -------------------------------------------------------------------------------


@dataclass
class Feast:
    """The best table for this round's feast, and what it costs."""

    status: str  # OPTIMAL, FEASIBLE or INFEASIBLE, as the contract names them
    table: Table
    existing: list[Placement]
    placements: list[Placement]  # the new ones, left to right
    uncovered: list[int]
    used: dict[str, int]  # piece -> tiles (or coins) served now
    value_served: Fraction
    supply_after: dict[str, int]
    build_seconds: float
    solve_seconds: float
    extra: dict[str, int] = field(default_factory=dict)  # for a shortfall: what to get first
    extra_value: Fraction = Fraction(0)  # what those extra tiles are worth

    @property
    def penalties(self) -> int:
        return len(self.uncovered)

    @property
    def silver_used(self) -> int:
        return self.used.get(SILVER, 0)

    @property
    def goods_used(self) -> dict[str, int]:
        return {n: k for n, k in self.used.items() if n != SILVER}


def plan_feast(snapshot: Snapshot, values: Mapping[str, float], settings: SolverSettings = SolverSettings()) -> Feast:
    """The cheapest legal table: fewest penalties, then least value served, then the tie-break."""
    return _solve(snapshot, values, settings, shortfall=False)


def plan_shortfall(snapshot: Snapshot, values: Mapping[str, float], settings: SolverSettings = SolverSettings()) -> Feast:
    """The fewest extra tiles (then the cheapest) that would leave no open position uncovered."""
    return _solve(snapshot, values, settings, shortfall=True)


def _solve(snapshot: Snapshot, values: Mapping[str, float], settings: SolverSettings, shortfall: bool) -> Feast:
    start = time.perf_counter()
    table = Table.of(snapshot)
    supply = food_supply(snapshot)
    existing = list(snapshot.player.banquet.placements)
    prices = Prices.of(values, food_pieces())
    feast = FeastModel(table, supply, prices, existing, extra=shortfall)
    objectives = feast.shortfall_objectives() if shortfall else feast.feast_objectives()
    solved = solve_levels(feast, objectives, settings, time.perf_counter() - start)
    if solved.status == "UNKNOWN":
        # Out of time before any answer: the table as it is is always legal, so offer that.
        solved = Solved("FEASIBLE", [], {}, solved.build_seconds, solved.solve_seconds)
    answer = _answer(snapshot, table, supply, prices, existing, solved)
    check_answer(snapshot, answer)
    return answer


def _answer(snapshot, table, supply, prices, existing, solved: Solved) -> Feast:
    chosen = sorted(solved.chosen, key=lambda c: (c.col, c.row))
    used: dict[str, int] = {}
    for c in chosen:
        used[c.piece] = used.get(c.piece, 0) + 1
    covered = {cell for c in chosen + fixed_candidates(existing) for cell in c.cells}
    after = dict(snapshot.player.goods) | {SILVER: snapshot.player.silver}
    for name, n in used.items():
        after[name] = after.get(name, 0) + solved.extra.get(name, 0) - n
    return Feast(
        status=solved.status,
        table=table,
        existing=existing,
        placements=[c.placement() for c in chosen],
        uncovered=[col for col in table.open_positions if (0, col) not in covered],
        used=used,
        value_served=prices.value(used),
        supply_after={n: k for n, k in after.items() if k > 0},
        build_seconds=solved.build_seconds,
        solve_seconds=solved.solve_seconds,
        extra=solved.extra,
        extra_value=prices.value(solved.extra),
    )


class FeastBug(RuntimeError):
    """The independent rule checker refuses the model's table: a bug in the model."""


def check_answer(snapshot: Snapshot, result: Feast) -> None:
    """Every table is judged by models/rules.py (which shares no code with this model) before
    it is returned; a wrong answer raises FeastBug, it is never handed on."""
    from models.rules import banquet_positions, cells_of, check_banquet

    table = result.existing + result.placements
    problems = [str(p) for p in check_banquet(snapshot, table)]
    supply = food_supply(snapshot)
    for name, n in result.used.items():
        if n > supply.get(name, 0) + result.extra.get(name, 0):
            problems.append(f"serves {n} {name} but the supply has {supply.get(name, 0)}")
    first_open, open_to = banquet_positions(snapshot)
    covered = {cell for p in table for cell in cells_of(p)}
    penalties = sum(1 for col in range(first_open, open_to) if (0, col) not in covered)
    if penalties != result.penalties:
        problems.append(f"the model counts {result.penalties} penalties, the checker {penalties}")
    if problems:
        raise FeastBug("the feast model gave an answer the rule checker refuses: " + "; ".join(problems))
