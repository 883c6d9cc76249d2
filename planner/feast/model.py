"""The feast as a CP-SAT model: cover the open banquet positions as cheaply as possible.

The model is written like the rules (RULES-NOTES §4, rulebook phase 9), one constraint family
per method, added in the order FeastModel.__init__ lists them. It deliberately does not use
models/rules.py for its rules: that checker stays independent, and judges every answer
(planner/feast/result.py) before plan_feast returns it.

Variables: one boolean per candidate (planner/feast/candidates.py); identical tiles share the
candidate's one variable, so the supply limit counts candidates per piece.

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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ortools.sat.python import cp_model

from models.pieces import Cell
from models.snapshot import Placement
from planner.feast.candidates import Candidate, candidates, fixed_candidates
from planner.feast.prices import Prices
from planner.feast.table import Table, edges, food_pieces

NO_TOUCH_COLOURS = ("orange", "red")  # silver is exempt


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
