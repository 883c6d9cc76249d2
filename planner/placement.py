"""Optimal goods placement with CP-SAT: which supply tiles go where, over all of a player's boards.

The model, one constraint family per function, reads like the rules it encodes:

- candidates: one Boolean per (piece type, board, anchor, distinct orientation). Identical tiles
  share the Boolean (a count bounds how many are used), so there are no tile indices and no
  symmetry to break. Candidates that can never be legal are never created: off the board, on a
  never-coverable cell, wrong board kind for the colour, overlapping a fixed tile, a green tile
  touching a fixed green, or covering an income cell whose lower-left region can never be covered;
- each cell covered at most once (its `covered` Boolean is the sum of the candidates over it);
- piece counts within the supply (minus `keep`);
- colour contact: green never touches green on home/exploration boards, orange never orange and
  red never red in houses (one linear constraint per cell edge, see `forbid_touching`);
- the income rule, statically: an income cell covered implies its whole lower-left region covered;
- income per track, bonuses that pay, and wood/stone counts on resource spaces (final placement).

The static income rule is exact for rectangles, but not provably so for every special-tile mask
on every multi-track board (two tiles could each need the other laid first). So the solve loop
asks an order checker supplied by the caller (the independent `models.rules.legal_order`; this
module never imports the rule checker) for each board; when no laying order exists it adds a
no-good cut on that board's chosen candidates and solves again.

Objectives (all maximised, all in integer units, so "OPTIMAL" is a proof):

- final: the change of the end-of-game score exactly as `models.scoring.score` counts it:
  +1 per -1 cell covered, +1 per resource space filled, + the change of final income, -1 per
  silver laid from supply (silver on boards scores nothing), - the points of each stable animal
  laid into a house (it leaves the stable). The English crown scores wherever it lies: no change.
- income: lexicographic: income first, then the value of paid bonuses (each reward at its value,
  default `models.values.default_values()`, a building reward at its printed VP less its empty
  -1 spaces), then final points. One solve with weights derived from proven bounds:
  W_bonus = (range of final points) + 1, W_income = W_bonus * (bonus value bound + 1).
- blend: final points + N x (income gained x value of a silver + value of paid bonuses gained),
  N = rounds left with an income phase (default: last round - current round), since a paid
  bonus and income are received again in every income phase still to come.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ortools.sat.python import cp_model

from models.boards import NEVER, OUTSIDE, Board, Bonus, IncomeTrack, all_boards, board as board_named
from models.pieces import Cell, piece
from models.snapshot import Placement, Snapshot, parse_snapshot, dump_snapshot
from models.values import default_values

OBJECTIVES = ("final", "income", "blend")
RESOURCES = ("wood", "stone")

# What each board kind takes, by colour, and which colours may not share an edge there.
# Written here from the rulebook, independently of models/rules.py (which judges our answers).
TAKES = {
    "home": {"green", "blue", "silver", "ore"},
    "exploration": {"green", "blue", "silver", "ore"},
    "house": {"orange", "red", "green", "blue", "silver"},
    "shed": set(),
}
APART = {"home": {"green"}, "exploration": {"green"}, "house": {"orange", "red"}, "shed": set()}

# (board, placements) -> a legal laying order (indices) or None; supplied by the caller.
OrderCheck = Callable[[Board, list[Placement]], "list[int] | None"]
Progress = Callable[[str, float, float, float], None]  # (text, objective, bound, seconds)


class PlacementInputError(ValueError):
    """The request cannot be answered as asked (for example --keep more than the supply holds)."""


# --- the request ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Settings:
    objective: str = "final"
    rounds_left: int | None = None  # blend: income phases still to come (default from the round)
    values: dict[str, float] | None = None  # default_values() when None
    keep: dict[str, int] = field(default_factory=dict)
    final: bool = False  # force the final placement (wood and stone may be laid)
    time_limit: float = 60.0
    workers: int = 1  # one LP-driven worker proved fastest on a 2-core machine, and is deterministic
    seed: int = 0
    work_limit: float | None = None  # CP-SAT deterministic time: same answer whatever the machine's load


def is_final_placement(snapshot: Snapshot, force: bool = False) -> bool:
    """Wood and stone may be laid only at the final placement: the last round, game.final set."""
    return force or (snapshot.game.final and snapshot.game.round == snapshot.last_round)


def owned_supply(snapshot: Snapshot, final: bool) -> Counter:
    """Every placeable thing in supply: goods, unplaced specials, silver, ore, (wood, stone)."""
    player = snapshot.player
    supply = Counter({name: n for name, n in player.goods.items() if n})
    placed = {p.piece for e in player.boards for p in e.placements}
    supply.update(name for name in player.specials if name not in placed)
    supply["silver"] = player.silver
    supply["ore"] = player.resources.get("ore", 0)
    if final:
        for resource in RESOURCES:
            supply[resource] = player.resources.get(resource, 0)
    return +supply


def placeable_supply(snapshot: Snapshot, keep: dict[str, int], final: bool) -> Counter:
    """The supply minus what the player holds back; --keep beyond what is owned is an error."""
    supply = owned_supply(snapshot, final)
    everything = owned_supply(snapshot, True)
    for name, n in keep.items():
        if n < 0:
            raise PlacementInputError(f"--keep {name}={n}: a count is 0 or more")
        if n > everything[name]:
            raise PlacementInputError(f"--keep {name}={n}, but the supply holds only {everything[name]} {name}")
        supply[name] -= n
    return +supply


def keep_names_known(keep: dict[str, int]) -> None:
    from models.pieces import all_pieces

    unknown = sorted(set(keep) - set(all_pieces()))
    if unknown:
        raise PlacementInputError(f"--keep names unknown piece(s): {', '.join(unknown)}")


# --- boards and candidates ------------------------------------------------------------------


@dataclass
class BoardState:
    """One board entry of the snapshot: its printed board and what is already fixed on it."""

    index: int
    id: str
    board: Board
    fixed: dict[Cell, str]  # covered cell -> colour of the tile on it
    room: dict[str, int]  # resource -> empty resource spaces (wood, stone)

    @property
    def free(self) -> frozenset[Cell]:
        return self.board.cells - set(self.fixed)

    def income_region(self, cell: Cell) -> set[Cell]:
        """Cells that must be covered before `cell` (bonus cells count as covered)."""
        r, c = cell
        return {x for x in self.board.cells if x[0] >= r and x[1] <= c and x != cell} - self.board.bonus_cells


def board_states(snapshot: Snapshot) -> list[BoardState]:
    out = []
    for i, entry in enumerate(snapshot.player.boards):
        b = board_named(entry.board)
        fixed: dict[Cell, str] = {}
        for p in entry.placements:
            for cell in piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip):
                fixed[cell] = piece(p.piece).colour
        room = {}
        for resource in RESOURCES:
            on_cells = sum(1 for p in entry.placements if p.piece == resource)
            room[resource] = max(0, b.resource_space_count(resource) - entry.resources.get(resource, 0) - on_cells)
        out.append(BoardState(i, entry.id, b, fixed, room))
    return out


@dataclass(frozen=True)
class Candidate:
    board: int  # index into player.boards
    piece: str
    row: int
    col: int
    rotation: int
    flip: bool
    cells: frozenset[Cell]

    def placement(self) -> Placement:
        return Placement(piece=self.piece, row=self.row, col=self.col, rotation=self.rotation, flip=self.flip)


def edge_neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def ring(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def touches_fixed_colour(state: BoardState, cells: frozenset[Cell], colour: str) -> bool:
    return any(state.fixed.get(n) == colour for cell in cells for n in edge_neighbours(cell) if n not in cells)


def candidates_on(state: BoardState, name: str) -> list[Candidate]:
    """Every way to lay `name` on this board on free cells, before the income pruning."""
    tile = piece(name)
    kind = state.board.kind
    if tile.colour not in TAKES[kind]:
        return []
    free = state.free
    apart = tile.colour in APART[kind]
    out = []
    for o in tile.orientations:
        for row in range(state.board.rows - o.height + 1):
            for col in range(state.board.cols - o.width + 1):
                cells = frozenset((row + r, col + c) for r, c in o.cells)
                if cells <= free and not (apart and touches_fixed_colour(state, cells, tile.colour)):
                    out.append(Candidate(state.index, name, row, col, o.rotation, o.flip, cells))
    return out


def prune_income(state: BoardState, cands: list[Candidate]) -> list[Candidate]:
    """Drop candidates covering an income cell whose region holds a cell nothing can cover.

    Dropping candidates can make more cells uncoverable, so repeat until nothing changes.
    """
    income = state.board.income_cells & state.free
    regions = {cell: state.income_region(cell) for cell in income}
    while True:
        coverable = set(state.fixed).union(*(c.cells for c in cands))
        keep = [c for c in cands if all(regions[x] <= coverable for x in c.cells & income)]
        if len(keep) == len(cands):
            return keep
        cands = keep


def all_candidates(states: list[BoardState], supply: Counter) -> list[Candidate]:
    out = []
    for state in states:
        on_board = [c for name in sorted(supply) if name not in RESOURCES for c in candidates_on(state, name)]
        out += prune_income(state, on_board)
    return out


# --- values ---------------------------------------------------------------------------------


def building_value(name: str) -> int:
    """A building as a bonus: its printed VP less the -1 cells and spaces it brings while empty."""
    b = all_boards()[name]
    return b.vp - len(b.negatives) - sum(s.off_grid for s in b.resource_spaces)


def reward_value(bonus: Bonus, values: dict[str, float]) -> float:
    total = 0.0
    for item, n in bonus.rewards:
        if item in values:
            total += n * values[item]
        elif item in all_boards():
            total += n * max(0, building_value(item))
    return total


def value_scale(values: dict[str, float]) -> int:
    """CP-SAT wants integers: values with fractions are used to the hundredth."""
    return 1 if all(float(v).is_integer() for v in values.values()) else 100


# --- the model ------------------------------------------------------------------------------

Expr = cp_model.LinearExprT


@dataclass
class PlacementModel:
    """The CP-SAT model and the handles needed to read a solution back."""

    states: list[BoardState]
    supply: Counter
    candidates: list[Candidate]
    final: bool
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    x: list[cp_model.IntVar] = field(default_factory=list)  # one per candidate
    covered: dict[tuple[int, Cell], Expr] = field(default_factory=dict)
    resources: dict[tuple[int, str], cp_model.IntVar] = field(default_factory=dict)
    income: Expr = 0
    bonus_value: Expr = 0  # in units of 1/scale
    final_gain: Expr = 0
    final_bounds: tuple[int, int] = (0, 0)
    bonus_bound: int = 0
    income_before: int = 0
    bonus_value_before: float = 0
    resource_room: int = 0
    scale: int = 1
    values: dict[str, float] = field(default_factory=dict)

    def is_covered(self, board: int, cell: Cell) -> Expr:
        """1 for fixed tiles, a Boolean where candidates reach, else 0."""
        if cell in self.states[board].fixed:
            return 1
        return self.covered.get((board, cell), 0)


def add_candidates(pm: PlacementModel) -> None:
    pm.x = [pm.model.new_bool_var(f"{c.piece}@{pm.states[c.board].id}:{c.row},{c.col},{c.rotation},{int(c.flip)}") for c in pm.candidates]


def each_cell_at_most_once(pm: PlacementModel) -> None:
    """A cell's `covered` Boolean is the number of chosen candidates over it: at most one."""
    over: dict[tuple[int, Cell], list[cp_model.IntVar]] = {}
    for var, cand in zip(pm.x, pm.candidates):
        for cell in cand.cells:
            over.setdefault((cand.board, cell), []).append(var)
    for (b, cell), vars_ in over.items():
        cov = pm.model.new_bool_var(f"covered[{pm.states[b].id}]{cell}")
        pm.model.add(sum(vars_) == cov)
        pm.covered[(b, cell)] = cov


def counts_within_supply(pm: PlacementModel) -> None:
    used: dict[str, list[cp_model.IntVar]] = {}
    for var, cand in zip(pm.x, pm.candidates):
        used.setdefault(cand.piece, []).append(var)
    for name, vars_ in used.items():
        if len(vars_) > pm.supply[name]:
            pm.model.add(sum(vars_) <= pm.supply[name])


def forbid_touching(pm: PlacementModel) -> None:
    """Two tiles of a kept-apart colour may not share an edge.

    For an edge (u, v) only a tile covering exactly one of its two cells can meet another tile
    across it; two such tiles of the colour (one on u, one on v) would touch, so at most one.
    Touching a fixed tile was pruned with the candidates.
    """
    for state in pm.states:
        for colour in APART[state.board.kind]:
            one_side: dict[tuple[Cell, Cell], list[cp_model.IntVar]] = {}
            for var, cand in zip(pm.x, pm.candidates):
                if cand.board != state.index or piece(cand.piece).colour != colour:
                    continue
                for cell in cand.cells:
                    for n in edge_neighbours(cell):
                        if n not in cand.cells:
                            one_side.setdefault((min(cell, n), max(cell, n)), []).append(var)
            for vars_ in one_side.values():
                if len(vars_) > 1:
                    pm.model.add(sum(vars_) <= 1)


def income_rule(pm: PlacementModel) -> None:
    """An income cell is covered only if every cell of its lower-left region is covered.

    When the region holds an earlier income cell, covering that one already forces its own
    region, so only the cells beyond it need their own implication (fewer, equal constraints).
    """
    for state in pm.states:
        for cell in sorted(state.board.income_cells & state.free):
            x = pm.is_covered(state.index, cell)
            if isinstance(x, int):
                continue
            region = state.income_region(cell)
            for inner in region & state.board.income_cells & state.free:
                if not isinstance(pm.is_covered(state.index, inner), int):
                    region -= state.income_region(inner)
            for y in region:
                need = pm.is_covered(state.index, y)
                if isinstance(need, int):
                    if need == 0:  # pruning should have removed every candidate over `cell`
                        pm.model.add(x == 0)
                else:
                    pm.model.add_implication(x, need)


def both(pm: PlacementModel, a: Expr, b: Expr, name: str) -> Expr:
    """The Boolean AND of two 0/1 terms, folding constants away."""
    if isinstance(a, int) or isinstance(b, int):
        if isinstance(a, int) and isinstance(b, int):
            return a * b
        const, var = (a, b) if isinstance(a, int) else (b, a)
        return var if const else 0
    out = pm.model.new_bool_var(name)
    pm.model.add_bool_and([a, b]).only_enforce_if(out)
    pm.model.add_bool_or([a.negated(), b.negated(), out])
    return out


def track_income_expr(pm: PlacementModel, state: BoardState, track: IncomeTrack) -> Expr:
    """Value of the first uncovered cell: v0 plus each step's increase once its prefix is covered."""
    values = list(track.values) + [track.beyond if track.beyond is not None else track.values[-1]]
    total: Expr = values[0]
    prefix: Expr = 1
    for i, cell in enumerate(track.cells):
        here = pm.is_covered(state.index, cell) if cell in state.board.cells else 0
        prefix = both(pm, prefix, here, f"{state.id}.{track.name}.prefix{i}")
        total += (values[i + 1] - values[i]) * prefix
    return total


def income_per_track(pm: PlacementModel) -> None:
    pm.income = sum(track_income_expr(pm, s, t) for s in pm.states for t in s.board.income)
    pm.income_before = sum(track_value(t, set(s.fixed)) for s in pm.states for t in s.board.income)


def track_value(track: IncomeTrack, covered: set[Cell]) -> int:
    for cell, value in zip(track.cells, track.values):
        if cell not in covered:
            return value
    return track.beyond if track.beyond is not None else track.values[-1]


def bonus_neighbours(board: Board, bonus: Bonus) -> list[Cell]:
    """The ring cells that must be covered for the bonus to pay (not off-board, X or bonus)."""
    return [n for n in ring(bonus.cell) if n not in board.bonus_cells and board.at(n) not in (OUTSIDE, NEVER)]


def bonus_pays_expr(pm: PlacementModel, state: BoardState, bonus: Bonus) -> Expr:
    """Pays when its own cell stays free and every neighbour that counts is covered."""
    own = pm.is_covered(state.index, bonus.cell)
    terms = [1 - own] + [pm.is_covered(state.index, n) for n in bonus_neighbours(state.board, bonus)]
    if any(isinstance(t, int) and t == 0 for t in terms):
        return 0
    lits = [t for t in terms if not isinstance(t, int)]
    if not lits:
        return 1
    pays = pm.model.new_bool_var(f"bonus[{state.id}]{bonus.cell}")
    for t in lits:
        pm.model.add(pays <= t)
    pm.model.add(pays >= sum(lits) - (len(lits) - 1))
    return pays


def bonuses_that_pay(pm: PlacementModel, values: dict[str, float]) -> None:
    pm.scale = value_scale(values)
    pm.values = values
    total: Expr = 0
    for state in pm.states:
        for bonus in state.board.bonuses:
            worth = round(reward_value(bonus, values) * pm.scale)
            pays = bonus_pays_expr(pm, state, bonus)
            total += worth * pays
            pm.bonus_bound += worth
            if pays_now(state, bonus):
                pm.bonus_value_before += worth / pm.scale
    pm.bonus_value = total


def pays_now(state: BoardState, bonus: Bonus) -> bool:
    fixed = state.fixed
    return bonus.cell not in fixed and all(n in fixed for n in bonus_neighbours(state.board, bonus))


def resource_spaces(pm: PlacementModel) -> None:
    """Wood and stone at the final placement: counts on each board's empty resource spaces."""
    if not pm.final:
        return
    for resource in RESOURCES:
        vars_ = []
        for state in pm.states:
            room = state.room[resource]
            if room and pm.supply[resource]:
                var = pm.model.new_int_var(0, room, f"{resource}[{state.id}]")
                pm.resources[(state.index, resource)] = var
                pm.resource_room += room
                vars_.append(var)
        if vars_:
            pm.model.add(sum(vars_) <= pm.supply[resource])


def final_points(pm: PlacementModel) -> None:
    """The end-of-game score change, term by term as models/scoring.py counts it."""
    negatives: Expr = 0
    n_negatives = 0
    for state in pm.states:
        spaces = {cell for s in state.board.resource_spaces for cell in s.cells}
        for cell in sorted(state.board.negatives - spaces - set(state.fixed)):
            cov = pm.is_covered(state.index, cell)
            negatives += cov
            n_negatives += not isinstance(cov, int)
    filled = sum(pm.resources.values())
    room = pm.resource_room
    spent: Expr = 0
    worst = 0
    used = Counter()
    for var, cand in zip(pm.x, pm.candidates):
        cost = 1 if cand.piece == "silver" else piece(cand.piece).points if piece(cand.piece).kind == "animal" else 0
        if cost:
            spent += cost * var
            used[cand.piece] = cost
    worst = sum(cost * pm.supply[name] for name, cost in used.items())
    best_income = sum(max(t.values + ((t.beyond,) if t.beyond is not None else ())) for s in pm.states for t in s.board.income)
    pm.final_gain = negatives + filled + (pm.income - pm.income_before) - spent
    pm.final_bounds = (-worst - pm.income_before, n_negatives + room + best_income - pm.income_before)


def build_model(states: list[BoardState], supply: Counter, cands: list[Candidate], final: bool, values: dict[str, float]) -> PlacementModel:
    pm = PlacementModel(states, supply, cands, final)
    add_candidates(pm)
    each_cell_at_most_once(pm)
    counts_within_supply(pm)
    forbid_touching(pm)
    income_rule(pm)
    income_per_track(pm)
    bonuses_that_pay(pm, values)
    resource_spaces(pm)
    final_points(pm)
    return pm


# --- objectives -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Objective:
    name: str
    expr: Expr
    decode: Callable[[float], float]  # internal objective value -> the value shown to the user
    describe: Callable[[float, float], str]  # (objective, bound) -> progress text
    value_of: Callable[[dict[str, float]], float]  # evaluated terms -> the value shown to the user


def objective_for(pm: PlacementModel, settings: Settings, rounds_left: int, values: dict[str, float]) -> Objective:
    if settings.objective == "final":
        return Objective(
            "final", pm.final_gain, lambda v: v, lambda v, b: f"score gain {v:+.0f} (bound {b:+.0f})", lambda t: t["final_gain"]
        )
    if settings.objective == "income":
        lo, hi = pm.final_bounds
        w_bonus = hi - lo + 1
        w_income = w_bonus * (pm.bonus_bound + 1)
        expr = w_income * pm.income + w_bonus * pm.bonus_value + (pm.final_gain - lo)
        return Objective(
            "income",
            expr,
            lambda v: v // w_income,
            lambda v, b: f"income {v // w_income:.0f} (bound {b // w_income:.0f})",
            lambda t: t["income"],
        )
    silver = round(values.get("silver", 1) * pm.scale)
    gain = pm.scale * pm.final_gain + rounds_left * (silver * (pm.income - pm.income_before) + pm.bonus_value)
    decode = lambda v: v / pm.scale  # noqa: E731

    def value_of(t: dict[str, float]) -> float:
        income_gain = t["income"] - pm.income_before
        return t["final_gain"] + rounds_left * (silver / pm.scale * income_gain + t["bonus_value"] - pm.bonus_value_before)

    return Objective("blend", gain, decode, lambda v, b: f"blend {decode(v):+.2f} (bound {decode(b):+.2f})", value_of)


# --- solving --------------------------------------------------------------------------------


@dataclass
class PlacementResult:
    status: str  # OPTIMAL, FEASIBLE or INFEASIBLE
    objective_name: str
    objective: float  # final: score gain; income: income; blend: the blended gain
    bound: float
    placements: list[tuple[int, Placement]]  # (board index, placement)
    resources: dict[int, dict[str, int]]  # board index -> wood/stone added
    income_after: int
    bonus_value_after: float
    final_gain: int
    seconds: float
    candidates: int
    cuts: int = 0
    greedy_gain: int | None = None
    message: str = ""


class ProgressReporter(cp_model.CpSolverSolutionCallback):
    """Forwards each improving solution (and bound) to the caller's progress display."""

    def __init__(self, objective: Objective, on_progress: Progress):
        super().__init__()
        self.objective = objective
        self.on_progress = on_progress

    def on_solution_callback(self) -> None:
        v, b = self.objective_value, self.best_objective_bound
        self.on_progress(self.objective.describe(v, b), self.objective.decode(v), self.objective.decode(b), self.wall_time)


def make_solver(settings: Settings, time_left: float) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = settings.workers
    solver.parameters.random_seed = settings.seed
    solver.parameters.max_time_in_seconds = max(0.01, time_left)
    if settings.work_limit is not None:
        solver.parameters.max_deterministic_time = settings.work_limit
    # The proof comes from the LP bound: with few workers the default portfolio may run no full
    # LP (the bound then stalls far above the optimum), so every worker gets the full LP. One
    # presolve pass is enough here and measured faster on the late-game benchmark.
    solver.parameters.linearization_level = 2
    solver.parameters.max_presolve_iterations = 1
    return solver


def hint_from(pm: PlacementModel, chosen: Iterable[int], resources: dict[tuple[int, str], int]) -> None:
    pm.model.clear_hints()
    chosen = set(chosen)
    for i, var in enumerate(pm.x):
        pm.model.add_hint(var, i in chosen)
    for key, var in pm.resources.items():
        pm.model.add_hint(var, resources.get(key, 0))


def forbid_combination(pm: PlacementModel, chosen: list[int]) -> None:
    """No-good cut: this board's chosen candidates have no legal laying order; not all again."""
    pm.model.add(sum(pm.x[i] for i in chosen) <= len(chosen) - 1)


def boards_without_order(pm: PlacementModel, snapshot: Snapshot, chosen: list[int], order_of: OrderCheck) -> list[list[int]]:
    """For each board the order checker rejects, the chosen candidate indices on it."""
    bad = []
    for state in pm.states:
        on_board = [i for i in chosen if pm.candidates[i].board == state.index]
        if not on_board or not state.board.income:
            continue
        fixed = list(snapshot.player.boards[state.index].placements)
        if order_of(state.board, fixed + [pm.candidates[i].placement() for i in on_board]) is None:
            bad.append(on_board)
    return bad


def rounds_left_default(snapshot: Snapshot) -> int:
    return max(0, snapshot.last_round - snapshot.game.round)


def solve_placement(
    snapshot: Snapshot, settings: Settings, order_of: OrderCheck, on_progress: Progress | None = None
) -> PlacementResult:
    """The best placement for `settings.objective`, re-solved with cuts until each board has an order."""
    from planner.greedy_placement import greedy_layout  # the greedy uses this module's candidates

    if settings.objective not in OBJECTIVES:
        raise PlacementInputError(f"unknown objective {settings.objective!r} (one of: {', '.join(OBJECTIVES)})")
    keep_names_known(settings.keep)
    start = time.monotonic()
    final = is_final_placement(snapshot, settings.final)
    supply = placeable_supply(snapshot, settings.keep, final)
    values = settings.values if settings.values is not None else default_values()
    rounds_left = settings.rounds_left if settings.rounds_left is not None else rounds_left_default(snapshot)
    states = board_states(snapshot)
    cands = all_candidates(states, supply)
    pm = build_model(states, supply, cands, final, values)
    objective = objective_for(pm, settings, rounds_left, values)
    pm.model.maximize(objective.expr)
    greedy = greedy_layout(states, supply, cands, final)
    hint_from(pm, greedy.chosen, greedy.resources)
    greedy_gain = evaluate(pm, set(greedy.chosen), greedy.resources)["final_gain"]
    cuts = 0
    while True:
        solver = make_solver(settings, settings.time_limit - (time.monotonic() - start))
        callback = ProgressReporter(objective, on_progress) if on_progress else None
        code = solver.solve(pm.model, callback)
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return fallback(pm, objective, greedy, code, start, cuts, greedy_gain, snapshot, order_of)
        chosen = [i for i, var in enumerate(pm.x) if solver.boolean_value(var)]
        resources = {key: solver.value(var) for key, var in pm.resources.items()}
        bad = boards_without_order(pm, snapshot, chosen, order_of)
        if not bad:
            status = "OPTIMAL" if code == cp_model.OPTIMAL else "FEASIBLE"
            bound = objective.decode(solver.best_objective_bound)
            return result(pm, objective, status, chosen, resources, bound, start, cuts, greedy_gain)
        for on_board in bad:
            forbid_combination(pm, on_board)
            cuts += 1
        hint_from(pm, greedy.chosen, greedy.resources)


def fallback(pm, objective, greedy, code, start, cuts, greedy_gain, snapshot, order_of) -> PlacementResult:
    """No solution from CP-SAT in time: the greedy layout is legal, so report it as FEASIBLE."""
    if code == cp_model.INFEASIBLE:
        return result(pm, objective, "INFEASIBLE", [], {}, float("nan"), start, cuts, greedy_gain)
    out = result(pm, objective, "FEASIBLE", greedy.chosen, greedy.resources, float("nan"), start, cuts, greedy_gain)
    out.message = "the time limit ran out before CP-SAT found a solution: this is the greedy layout"
    return out


def evaluate(pm: PlacementModel, chosen: set[int], resources: dict[tuple[int, str], int]) -> dict[str, float]:
    """The model's own terms for a given choice, computed directly (no solver)."""
    cells = {(pm.candidates[i].board, cell) for i in chosen for cell in pm.candidates[i].cells}

    def cov(b: int, cell: Cell) -> bool:
        return cell in pm.states[b].fixed or (b, cell) in cells

    income = sum(track_value(t, {c for c in s.board.cells if cov(s.index, c)}) for s in pm.states for t in s.board.income)
    values_paid = 0.0
    negatives = 0
    for s in pm.states:
        covered = {c for c in s.board.cells if cov(s.index, c)}
        for bonus in s.board.bonuses:
            if bonus.cell not in covered and all(n in covered for n in bonus_neighbours(s.board, bonus)):
                values_paid += round(reward_value(bonus, pm.values) * pm.scale) / pm.scale
        spaces = {cell for sp in s.board.resource_spaces for cell in sp.cells}
        negatives += sum(1 for c in s.board.negatives - spaces - set(s.fixed) if c in covered)
    spent = 0
    for i in chosen:
        name = pm.candidates[i].piece
        spent += 1 if name == "silver" else piece(name).points if piece(name).kind == "animal" else 0
    gain = negatives + sum(resources.values()) + income - pm.income_before - spent
    return {"final_gain": gain, "income": income, "bonus_value": values_paid}


def result(pm, objective, status, chosen, resources, bound, start, cuts, greedy_gain) -> PlacementResult:
    ordered = sorted(chosen, key=lambda i: (pm.candidates[i].board, pm.candidates[i].row, pm.candidates[i].col))
    terms = evaluate(pm, set(chosen), resources)
    added: dict[int, dict[str, int]] = {}
    for (b, resource), n in sorted(resources.items()):
        if n:
            added.setdefault(b, {})[resource] = n
    return PlacementResult(
        status=status,
        objective_name=objective.name,
        objective=objective.value_of(terms),
        bound=bound,
        placements=[(pm.candidates[i].board, pm.candidates[i].placement()) for i in ordered],
        resources=added,
        income_after=int(terms["income"]),
        bonus_value_after=terms["bonus_value"],
        final_gain=int(terms["final_gain"]),
        seconds=time.monotonic() - start,
        candidates=len(pm.candidates),
        cuts=cuts,
        greedy_gain=greedy_gain,
    )


# --- the new snapshot -----------------------------------------------------------------------


def apply_placements(snapshot: Snapshot, placements: list[tuple[int, Placement]], resources: dict[int, dict[str, int]]) -> Snapshot:
    """The snapshot with the tiles laid: supply reduced, wood/stone moved onto resource spaces."""
    data = dump_snapshot(snapshot)
    player = data["player"]
    used = Counter(p.piece for _, p in placements)
    for b, added in resources.items():
        used.update(added)
    for b, p in placements:
        player["boards"][b].setdefault("placements", []).append(p.model_dump(mode="json"))
    for b, added in resources.items():
        held = player["boards"][b].setdefault("resources", {})
        for resource, n in added.items():
            held[resource] = held.get(resource, 0) + n
    for name, n in used.items():
        kind = piece(name).kind
        if name == "silver":
            player["silver"] = player.get("silver", 0) - n
        elif kind == "token":
            player.setdefault("resources", {})[name] = player["resources"].get(name, 0) - n
        elif kind != "special":  # specials stay listed: the player still owns them
            player["goods"][name] -= n
            if not player["goods"][name]:
                del player["goods"][name]
    return parse_snapshot(data)
