"""The placement as a CP-SAT model, one constraint family per method, listed in order in __init__.

- each cell covered at most once (its `covered` Boolean is the sum of the candidates over it);
- piece counts within the supply (minus `keep`);
- colour contact: green never touches green on home/exploration boards, orange never orange and
  red never red in houses (one linear constraint per cell edge, see `forbid_touching`);
- the income rule, statically: an income cell covered implies its whole lower-left region covered,
  and (add_order_pairs, once a search is due) no two tiles each needing the other laid first;
- income per track (for the income objective at most the area bound of income_bound.py: a valid
  cut, and the proof of the income level wherever a layout reaches it), bonuses that pay,
  wood/stone on resource spaces (final placement);
- the end-of-game score change, term by term as models/scoring.py counts it.

The static income rule is exact for rectangles, but not provably so for every special-tile mask
on every multi-track board, so the solve loop still asks the rule checker for a laying order.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from ortools.sat.python import cp_model

from models.boards import NEVER, OUTSIDE, Board, Bonus, IncomeTrack
from models.pieces import Cell, piece
from planner.placement.candidates import APART, BoardState, Candidate, ring
from planner.placement.income_bound import area_income_bound
from planner.placement.request import RESOURCES
from planner.placement.rewards import reward_value, value_scale

Expr = cp_model.LinearExprT


class PlacementModel:
    """The CP-SAT model and the handles needed to read a solution back and state objectives."""

    def __init__(self, states: list[BoardState], supply: Counter, candidates: list[Candidate], final: bool, values: dict[str, float]):
        self.states, self.supply, self.candidates, self.final, self.values = states, supply, candidates, final, values
        self.model = cp_model.CpModel()
        self.scale = value_scale(values)
        self.x = [self.model.new_bool_var(self.name_of(c)) for c in candidates]  # one per candidate
        self.covered: dict[tuple[int, Cell], Expr] = {}
        self.resources: dict[tuple[int, str], cp_model.IntVar] = {}
        # Booleans defined as the AND of (literal, wanted value) pairs, so a hint can be completed
        self.conjunctions: list[tuple[cp_model.IntVar, list[tuple[cp_model.IntVar, int]]]] = []
        self.x_index = [var.index for var in self.x]  # proto indices, read once: each .index is a call into C++
        self.add_each_cell_at_most_once()
        self.covered_index = {key: cov.index for key, cov in self.covered.items()}
        self.add_counts_within_supply()
        self.add_forbid_touching()
        self.add_income_rule()
        self.order_pairs = False  # add_order_pairs: by the solve loop, before CP-SAT's first search
        self.pairs: list[tuple[int, int]] | None = None  # order_pair_list's, once
        self.income, self.income_before, self.income_best = self.income_per_track()
        self.bonus_value, self.bonus_bound, self.bonus_value_before = self.bonuses_that_pay()
        self.resource_room = self.add_resource_spaces()
        self.final_gain, self.final_bounds = self.final_points()

    def name_of(self, c: Candidate) -> str:
        return f"{c.piece}@{self.states[c.board].id}:{c.row},{c.col},{c.rotation},{int(c.flip)}"

    def is_covered(self, board: int, cell: Cell) -> Expr:
        """1 for fixed tiles, a Boolean where candidates reach, else 0."""
        if cell in self.states[board].fixed:
            return 1
        return self.covered.get((board, cell), 0)

    # --- the rules, one family each ---------------------------------------------------------

    def add_each_cell_at_most_once(self) -> None:
        """A cell's `covered` Boolean is the number of chosen candidates over it: at most one."""
        over: dict[tuple[int, Cell], list[cp_model.IntVar]] = defaultdict(list)
        for var, cand in zip(self.x, self.candidates):
            b = cand.board
            for cell in cand.cells:
                over[(b, cell)].append(var)
        for (b, cell), vars_ in over.items():
            cov = self.model.new_bool_var(f"covered[{self.states[b].id}]{cell}")
            self.model.add(cp_model.LinearExpr.sum(vars_) == cov)  # the same row as sum(), built in one call
            self.covered[(b, cell)] = cov

    def add_counts_within_supply(self) -> None:
        used: dict[str, list[cp_model.IntVar]] = {}
        for var, cand in zip(self.x, self.candidates):
            used.setdefault(cand.piece, []).append(var)
        for name, vars_ in used.items():
            if len(vars_) > self.supply[name]:
                self.model.add(sum(vars_) <= self.supply[name])

    def add_forbid_touching(self) -> None:
        """Two tiles of a kept-apart colour may not share an edge.

        For an edge (u, v) only a tile covering exactly one of its two cells can meet another tile
        across it; two such tiles of the colour (one on u, one on v) would touch, so at most one.
        Touching a fixed tile was pruned with the candidates.
        """
        by_board_colour: dict[tuple[int, str], list[tuple[cp_model.IntVar, Candidate]]] = {}
        for var, cand in zip(self.x, self.candidates):
            by_board_colour.setdefault((cand.board, piece(cand.piece).colour), []).append((var, cand))
        for state in self.states:
            for colour in sorted(APART[state.board.kind]):  # sorted: the same model under any hash seed
                one_side: dict[tuple[Cell, Cell], list[cp_model.IntVar]] = defaultdict(list)
                for var, cand in by_board_colour.get((state.index, colour), []):
                    cells = cand.cells
                    for cell in cells:
                        r, c = cell  # the edges to the four neighbours, each as (lower cell, higher cell)
                        if (up := (r - 1, c)) not in cells:
                            one_side[(up, cell)].append(var)
                        if (down := (r + 1, c)) not in cells:
                            one_side[(cell, down)].append(var)
                        if (left := (r, c - 1)) not in cells:
                            one_side[(left, cell)].append(var)
                        if (right := (r, c + 1)) not in cells:
                            one_side[(cell, right)].append(var)
                for vars_ in one_side.values():
                    if len(vars_) > 1:
                        self.model.add_at_most_one(vars_)

    def add_income_rule(self) -> None:
        """An income cell is covered only if every cell of its lower-left region is covered.

        When the region holds an earlier income cell, covering that one already forces its own
        region, so only the cells beyond it need their own implication (fewer, equal constraints).
        """
        for state in self.states:
            for cell in sorted(state.board.income_cells & state.free):
                x = self.is_covered(state.index, cell)
                if isinstance(x, int):
                    continue
                region = state.income_region(cell)
                for inner in region & state.board.income_cells & state.free:
                    if not isinstance(self.is_covered(state.index, inner), int):
                        region -= state.income_region(inner)
                for y in sorted(region):
                    need = self.is_covered(state.index, y)
                    if isinstance(need, int):
                        if need == 0:  # pruning should have removed every candidate over `cell`
                            self.model.add(x == 0)
                    else:
                        self.model.add_implication(x, need)

    def add_order_pairs(self, model: cp_model.CpModel | None = None) -> None:
        """No two tiles each covering a cell the other's income cells need covered first: no laying
        order lays both, yet the static rule above lets them through on special-tile masks (five-8 of
        benchmarks/placement_random.py: fibula and silver, its bonus level's best found refused for it).
        Into this model once, for the income objective, and only when CP-SAT is to search (listing them
        takes a tenth of a second on five boards); into `model`, a copy being solved, for the blend's
        whole-level search once a window near its LP bound has run out of its first cap (planner.cpsat's
        `Level.late`; place34 in benchmarks/RESULTS-placement.md)."""
        if model is None:
            if self.order_pairs:
                return
            self.order_pairs, model = True, self.model
        x = self.x_index  # a clause (not x_i or not x_j) per pair, parsed in one call: 4,000 on five boards
        model.proto.merge_text_format("".join(f"constraints{{bool_or{{literals:{-x[i] - 1} literals:{-x[j] - 1}}}}}" for i, j in self.order_pair_list()))

    def order_pair_list(self) -> list[tuple[int, int]]:
        """The pairs of candidates `add_order_pairs` forbids together, listed once."""
        if self.pairs is None:
            use = {i: frozenset((c.board, cell) for cell in c.cells) for i, c in enumerate(self.candidates)}
            self.pairs = sorted(order_conflicts(self.states, self.candidates, use))
        return self.pairs

    def income_per_track(self) -> tuple[Expr, int, int]:
        """(income as an expression, income now, the most income any layout can pay: the
        tracks' top values, or the area bound where lower, which every legal layout meets)."""
        income = sum(self.track_income_expr(s, t) for s in self.states for t in s.board.income)
        before = sum(track_value(t, set(s.fixed)) for s in self.states for t in s.board.income)
        best = sum(max(t.values + ((t.beyond,) if t.beyond is not None else ())) for s in self.states for t in s.board.income)
        area = area_income_bound(self.states, self.supply)
        return income, before, best if area is None or area >= best else max(before, area)

    def add_income_cut(self) -> None:
        """income <= its bound as a constraint: the income level then never searches above it, and
        a layout reaching it is proven. Only where income is maximised first: in the blend it
        changed CP-SAT's path for the worse (round 4, work 3.4 to 4.8) and the LP knows as much."""
        self.model.add(self.income <= self.income_best)

    def bonuses_that_pay(self) -> tuple[Expr, int, float]:
        """(value of paid bonuses in units of 1/scale, its upper bound, the value paid now)."""
        total: Expr = 0
        bound, before = 0, 0.0
        for state in self.states:
            for bonus in state.board.bonuses:
                worth = round(reward_value(bonus, self.values) * self.scale)
                pays = self.bonus_pays_expr(state, bonus)
                if isinstance(pays, int) and pays == 0:
                    continue
                total += worth * pays
                bound += worth
                if pays_now(state, bonus):
                    before += worth / self.scale
        return total, bound, before

    def add_resource_spaces(self) -> int:
        """Wood and stone at the final placement: counts on each board's empty resource spaces."""
        room_total = 0
        if not self.final:
            return room_total
        for resource in RESOURCES:
            vars_ = []
            for state in self.states:
                room = state.room[resource]
                if room and self.supply[resource]:
                    var = self.model.new_int_var(0, room, f"{resource}[{state.id}]")
                    self.resources[(state.index, resource)] = var
                    room_total += room
                    vars_.append(var)
            if vars_:
                self.model.add(sum(vars_) <= self.supply[resource])
        return room_total

    def final_points(self) -> tuple[Expr, tuple[int, int]]:
        """The end-of-game score change and its bounds, term by term as models/scoring.py counts it."""
        negatives: Expr = 0
        n_negatives = 0
        for state in self.states:
            spaces = {cell for s in state.board.resource_spaces for cell in s.cells}
            for cell in sorted(state.board.negatives - spaces - set(state.fixed)):
                cov = self.is_covered(state.index, cell)
                negatives += cov
                n_negatives += not isinstance(cov, int)
        spent: Expr = 0
        used = Counter()
        for var, cand in zip(self.x, self.candidates):
            cost = points_spent(cand.piece)
            if cost:
                spent += cost * var
                used[cand.piece] = cost
        worst = sum(cost * self.supply[name] for name, cost in used.items())
        gain = negatives + sum(self.resources.values()) + (self.income - self.income_before) - spent
        return gain, (-worst - self.income_before, n_negatives + self.resource_room + self.income_best - self.income_before)

    def cells_and_lowness(self) -> tuple[Expr, int, Expr, int]:
        """(cells newly covered, its most; their weight by how low then how far left they lie, its most).

        The tie-break among equal optima (objectives.tie_break) uses both. They depend only on the
        cells covered, never on the order CP-SAT searched in, so equal optima resolve the same way
        under any solver setting.
        """
        count: Expr = 0
        lowness: Expr = 0
        high = 0
        for (b, (r, c)), cov in sorted(self.covered.items()):
            width = self.states[b].board.cols
            weight = r * width + (width - c)
            count += cov
            lowness += weight * cov
            high += weight
        return count, len(self.covered), lowness, high

    # --- helpers for the income and bonus expressions -----------------------------------------

    def both(self, a: Expr, b: Expr, name: str) -> Expr:
        """The Boolean AND of two 0/1 terms, folding constants away."""
        if isinstance(a, int) or isinstance(b, int):
            if isinstance(a, int) and isinstance(b, int):
                return a * b
            const, var = (a, b) if isinstance(a, int) else (b, a)
            return var if const else 0
        out = self.model.new_bool_var(name)
        self.model.add_bool_and([a, b]).only_enforce_if(out)
        self.model.add_bool_or([a.negated(), b.negated(), out])
        self.conjunctions.append((out, [(a, 1), (b, 1)]))
        return out

    def track_income_expr(self, state: BoardState, track: IncomeTrack) -> Expr:
        """Value of the first uncovered cell: v0 plus each step's increase once its prefix is covered."""
        values = list(track.values) + [track.beyond if track.beyond is not None else track.values[-1]]
        total: Expr = values[0]
        prefix: Expr = 1
        for i, cell in enumerate(track.cells):
            here = self.is_covered(state.index, cell) if cell in state.board.cells else 0
            prefix = self.both(prefix, here, f"{state.id}.{track.name}.prefix{i}")
            total += (values[i + 1] - values[i]) * prefix
        return total

    def bonus_pays_expr(self, state: BoardState, bonus: Bonus) -> Expr:
        """Pays when its own cell stays free and every neighbour that counts is covered."""
        own = self.is_covered(state.index, bonus.cell)
        terms = [(own, 0)] + [(self.is_covered(state.index, n), 1) for n in bonus_neighbours(state.board, bonus)]
        if any(isinstance(t, int) and t != wanted for t, wanted in terms):
            return 0
        lits = [(t, wanted) for t, wanted in terms if not isinstance(t, int)]
        if not lits:
            return 1
        exprs = [t if wanted else 1 - t for t, wanted in lits]
        pays = self.model.new_bool_var(f"bonus[{state.id}]{bonus.cell}")
        for t in exprs:
            self.model.add(pays <= t)
        self.model.add(pays >= sum(exprs) - (len(exprs) - 1))
        self.conjunctions.append((pays, lits))
        return pays

    def complete_hint(self, chosen: set[int], resources: dict[tuple[int, str], int]) -> None:
        """Hint every variable, not just the candidates: CP-SAT then takes the hint at once."""
        self.model.clear_hints()
        chosen = set(chosen)
        value: dict[int, int] = dict(zip(self.x_index, (int(i in chosen) for i in range(len(self.x)))))
        over: set[tuple[int, Cell]] = {(self.candidates[i].board, cell) for i in chosen for cell in self.candidates[i].cells}
        for key, index in self.covered_index.items():
            value[index] = int(key in over)
        for var, lits in self.conjunctions:  # in creation order: each refers only to earlier ones
            value[var.index] = int(all(value[lit.index] == wanted for lit, wanted in lits))
        for key, var in self.resources.items():
            value[var.index] = resources.get(key, 0)
        # two bulk copies into the proto, not two calls per variable (15,000 variables on five boards)
        self.model.proto.solution_hint.vars.extend(list(value.keys()))
        self.model.proto.solution_hint.values.extend(list(value.values()))


def points_spent(name: str) -> int:
    """End-game points a tile takes with it: a silver coin, or a stable animal moved into a house."""
    return 1 if name == "silver" else piece(name).points if piece(name).kind == "animal" else 0


def track_value(track: IncomeTrack, covered: set[Cell]) -> int:
    for cell, value in zip(track.cells, track.values):
        if cell not in covered:
            return value
    return track.beyond if track.beyond is not None else track.values[-1]


def bonus_neighbours(board: Board, bonus: Bonus) -> list[Cell]:
    """The ring cells that must be covered for the bonus to pay (not off-board, X or bonus)."""
    return [n for n in ring(bonus.cell) if n not in board.bonus_cells and board.at(n) not in (OUTSIDE, NEVER)]


def pays_now(state: BoardState, bonus: Bonus) -> bool:
    fixed = state.fixed
    return bonus.cell not in fixed and all(n in fixed for n in bonus_neighbours(state.board, bonus))


def evaluate(pm: PlacementModel, chosen: set[int], resources: dict[tuple[int, str], int]) -> dict[str, float]:
    """The model's own terms for a given choice, computed directly (no solver)."""
    cells = {(pm.candidates[i].board, cell) for i in chosen for cell in pm.candidates[i].cells}
    income, values_paid, negatives = 0, 0.0, 0
    for s in pm.states:
        covered = {c for c in s.board.cells if c in s.fixed or (s.index, c) in cells}
        income += sum(track_value(t, covered) for t in s.board.income)
        for bonus in s.board.bonuses:
            if bonus.cell not in covered and all(n in covered for n in bonus_neighbours(s.board, bonus)):
                values_paid += round(reward_value(bonus, pm.values) * pm.scale) / pm.scale
        spaces = {cell for sp in s.board.resource_spaces for cell in sp.cells}
        negatives += sum(1 for c in s.board.negatives - spaces - set(s.fixed) if c in covered)
    spent = sum(points_spent(pm.candidates[i].piece) for i in chosen)
    gain = negatives + sum(resources.values()) + income - pm.income_before - spent
    return {"final_gain": gain, "income": income, "bonus_value": values_paid}


def order_conflicts(states: list[BoardState], candidates: list[Candidate], use: dict[int, frozenset[tuple[int, Cell]]]) -> set[tuple[int, int]]:
    """Pairs of tiles each covering a cell that must be covered before an income cell the other covers."""
    out: set[tuple[int, int]] = set()
    before: dict[int, frozenset[tuple[int, Cell]]] = {}  # tile -> cells that must be covered before it is laid
    regions: dict[tuple[int, Cell], frozenset[tuple[int, Cell]]] = {}  # each income cell's, once: the whole model asks for every tile
    for i, keys in use.items():
        state = states[candidates[i].board]
        income = [key for key in keys if key[1] in state.board.income_cells]
        if not income:
            continue
        for key in income:
            if key not in regions:
                regions[key] = frozenset((state.index, r) for r in state.income_region(key[1]))
        region = frozenset().union(*(regions[key] for key in income)) - keys
        if region:
            before[i] = region
    by_cell: dict[tuple[int, Cell], list[int]] = defaultdict(list)
    for j in before:
        for k in use[j]:
            by_cell[k].append(j)
    for i, cells in before.items():
        for j in {j for k in cells for j in by_cell.get(k, ())}:
            if i < j and before[j] & use[i] and not use[i] & use[j]:
                out.add((i, j))
    return out
