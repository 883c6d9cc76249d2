"""A certified LP bound for a CP-SAT model, and the variables any good enough solution must fix.

The placement models are set packings whose LP relaxation is nearly tight (on the late-game
fixture the LP gives 150.95 where the optimum is 150), while CP-SAT spends most of its time
proving its own bound. So we solve the relaxation with GLOP (part of OR-Tools; the rows handed over
as one sparse matrix) and turn its duals into a bound checked in exact integer arithmetic,
trusting no floating-point number:

for any multipliers y (rounded to multiples of 1/SCALE), every solution x satisfies
    c.x = y.(Ax) + d.x,   d = c - A^T y,
so c.x <= sum_i (y_i > 0 ? y_i hi_i : y_i lo_i) + sum_j (d_j > 0 ? d_j ub_j : d_j lb_j) = bound.
Rows with an infinite side get y_i = 0 when the sign would need it: any y is valid, only tightness
depends on GLOP. The same identity gives reduced-cost fixing: moving x_j one step from the end
the bound takes costs |d_j|, so a solution worth at least `target` keeps every x_j whose |d_j|
exceeds bound - target at that end (`fixings`), and the LP solved again with those as bounds
fixes more (`fixings_in_rounds`). Constraints this module cannot linearise are left out, which
relaxes the LP and keeps the bound valid.
"""

from __future__ import annotations

import math
import tempfile
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from pathlib import Path

import numpy as np
from google.protobuf import text_format
from ortools.sat import cp_model_pb2
from ortools.sat.python import cp_model, cp_model_helper

SCALE = 2**20  # duals are rounded to multiples of 1/SCALE; the bound is exact for the rounded duals
# GLOP's dual simplex from the all-slack basis, for a second set of duals. The placement LPs are
# degenerate: many optimal bases give the same bound with other duals, and this one leaves more
# reduced costs large, so more variables are fixed (late-game fixture's final: 6,126 against
# 4,317 with the primal simplex), for 0.2-0.5 s more of GLOP (benchmarks/RESULTS-placement.md, place16).
DUAL_SIMPLEX = "use_dual_simplex: true initial_basis: NONE"
INFINITE = 2**62  # CP-SAT writes unbounded sides as +-2^63 - 1
WIDE = 2**62  # reduced costs below this are compared as int64 (fixings)


@dataclass(frozen=True)
class Row:
    vars: list[int]
    coeffs: list[int]
    low: int | None  # None: unbounded
    high: int | None


@dataclass(frozen=True)
class LpBound:
    """A bound on the maximised objective (offset included) and the scaled reduced costs."""

    bound: Fraction  # the duals' bound, the one reduced-cost fixing is measured from
    reduced: list[int]  # d_j x SCALE, exact
    domains: list[tuple[int, int]]
    cap: Fraction | None = None  # the least bound the model states on the objective itself (lp_bound)
    # GLOP's optimal point, for heuristics only (planner.cpsat's support search): the proof is the duals'
    values: tuple[float, ...] = field(default=(), compare=False, repr=False)

    @property
    def best(self) -> int:
        """No solution is worth more than this (the objective takes integer values)."""
        return math.floor(self.bound if self.cap is None else min(self.bound, self.cap))

    def fixings(self, target: int) -> list[tuple[int, int]]:
        """(variable index, value) that every solution worth at least `target` takes."""
        room = math.floor((self.bound - target) * SCALE)  # d is an integer: d > r exactly when d > floor(r)
        free, size, end = self.ends
        if size is None:  # a reduced cost beyond int64: exact Python integers
            return [(j, e) for j, e in zip(free, end) if abs(self.reduced[j]) > room]
        picked = np.flatnonzero(size > max(-1, min(room, WIDE)))  # within int64, the same comparison
        return list(zip(free[picked].tolist(), end[picked].tolist()))

    @cached_property
    def ends(self) -> tuple:
        """(indices of the variables not fixed, their |reduced cost|, the end of the domain the
        bound takes) as arrays: `fixings` is asked at several targets of one bound, 11,000
        variables each on the large placement models. The costs as None when one is too large."""
        free = [j for j, (low, high) in enumerate(self.domains) if low != high]
        end = [self.domains[j][1] if self.reduced[j] > 0 else self.domains[j][0] for j in free]
        if self.reduced and (max(self.reduced) >= WIDE or min(self.reduced) <= -WIDE):
            return free, None, end
        reduced = np.array(self.reduced, dtype=np.int64)
        return np.array(free, dtype=np.int64), np.abs(reduced[free]), np.array(end, dtype=np.int64)


@dataclass(frozen=True)
class LpBounds:
    """Several certified bounds of one objective (from different duals): the least bound holds,
    and so does every fixing any of them makes."""

    parts: tuple[LpBound, ...]

    @property
    def best(self) -> int:
        return min(part.best for part in self.parts)

    @property
    def domains(self) -> list[tuple[int, int]]:
        return self.parts[0].domains

    def fixings(self, target: int) -> list[tuple[int, int]]:
        return sorted({fix for part in self.parts for fix in part.fixings(target)})

    @property
    def values(self) -> tuple[float, ...]:
        return self.parts[0].values


def literal_terms(literals, const: int = 0) -> tuple[list[int], list[int], int]:
    """Literals as (vars, coeffs, constant): a negated literal -v-1 is 1 - x_v."""
    literals = list(literals)
    if not literals or min(literals) >= 0:  # the usual at-most-one: no literal negated, one C loop
        return literals, [1] * len(literals), const
    vars_, coeffs = [], []
    for lit in literals:
        if lit >= 0:
            vars_.append(lit)
            coeffs.append(1)
        else:
            vars_.append(-lit - 1)
            coeffs.append(-1)
            const += 1
    return vars_, coeffs, const


def side(value: int) -> int | None:
    return None if abs(value) >= INFINITE else value


def plain_proto(model: cp_model.CpModel) -> cp_model_pb2.CpModelProto:
    """The model's proto as a plain protobuf message, copied whole: CP-SAT writes it as bytes and
    upb parses them (0.01 s on the late fixture), where reading the C++ proto through its Python
    wrapper costs a call per field and value (0.2 s for its 11,200 domains and 1,800 rows).
    Where no temporary file can be written, the text form is parsed instead (slower, the same)."""
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "model.pb"  # not .txt: written binary
            if cp_model_helper.CpSatHelper.write_model_to_file(model.proto, str(path)):
                return cp_model_pb2.CpModelProto.FromString(path.read_bytes())
    except OSError:
        pass
    return text_format.Parse(str(model.proto), cp_model_pb2.CpModelProto())


def rows_of(proto: cp_model_pb2.CpModelProto) -> list[Row]:
    """The constraints CP-SAT's placement and feast models use, as linear rows."""
    rows = []
    for c in proto.constraints:
        enforced = list(c.enforcement_literal)
        kind = c.WhichOneof("constraint")
        if kind == "linear" and not enforced:
            domain = c.linear.domain
            rows.append(Row(list(c.linear.vars), list(c.linear.coeffs), side(domain[0]), side(domain[-1])))
        elif kind in ("at_most_one", "exactly_one") and not enforced:
            vars_, coeffs, const = literal_terms(getattr(c, kind).literals)
            rows.append(Row(vars_, coeffs, 1 - const if kind == "exactly_one" else None, 1 - const))
        elif kind == "bool_or" and not enforced:
            vars_, coeffs, const = literal_terms(c.bool_or.literals)
            rows.append(Row(vars_, coeffs, 1 - const, None))
        elif kind == "bool_and" and len(enforced) == 1:
            for lit in c.bool_and.literals:  # enforcement -> lit, as lit - enforcement >= 0
                vars_, coeffs, const = literal_terms([lit])
                ev, ec, econst = literal_terms([enforced[0]])
                rows.append(Row(vars_ + ev, coeffs + [-k for k in ec], -(const - econst), None))
        # anything else is left out: a relaxation, so the bound stays valid
    return rows


def lp_bound(model: cp_model.CpModel, glop_parameters: str = "") -> LpBound | None:
    """The certified bound of the model's objective (maximised or minimised, as the model says):
    LpProblem.of(model).bound(glop_parameters)."""
    return LpProblem.of(model).bound(glop_parameters)


@dataclass(frozen=True)
class LpProblem:
    """A model's linear relaxation as rows, read once: solved again with other GLOP settings
    without reading the model again (the rows take 0.2 s on the large placement models)."""

    rows: list[Row]  # without those over the objective's own terms (objective_caps)
    domains: list[tuple[int, int]]
    objective: dict[int, int]  # the maximised objective's coefficients by variable
    offset: Fraction
    cap: int | None  # the least bound those rows set on the objective (offset not included)

    @staticmethod
    def of(model: cp_model.CpModel) -> LpProblem:
        proto = plain_proto(model)
        # CP-SAT minimises coeffs.x + offset; maximize(e) stores -e (shown negated by scaling -1), so
        # -(coeffs.x + offset) is the maximised objective, or -objective for a minimised one.
        objective = {v: -k for v, k in zip(proto.objective.vars, proto.objective.coeffs)}
        domains = [(v.domain[0], v.domain[len(v.domain) - 1]) for v in proto.variables]
        rows, cap = objective_caps(rows_of(proto), objective)
        return LpProblem(rows, domains, objective, -Fraction(proto.objective.offset), cap)

    def bound(self, glop_parameters: str = "") -> LpBound | None:
        """The certified bound (on -objective for a minimised one); None when GLOP finds no optimum.

        `glop_parameters`: GLOP's, as text (DUAL_SIMPLEX for other duals). Rows of the model that
        cap the objective itself are left out of the LP and the least cap kept beside it: where
        the LP meets a cap, that row's dual takes the whole objective and leaves every reduced
        cost zero (nothing fixed); where it does not, the row's dual is zero and the LP's optimum
        the same. Either way the LP without them (a relaxation, so its duals hold) is all that is
        needed, one GLOP solve (place19 in benchmarks/RESULTS-placement.md).
        """
        found = solve_lp(self.rows, self.domains, self.objective, self.offset, glop_parameters)
        if found is None or self.cap is None:
            return found
        return replace(found, cap=self.cap + self.offset)


def fixings_in_rounds(problem: LpProblem, lp: LpBound | LpBounds, target: int, rounds: int, min_share: float) -> list[tuple[int, int]]:
    """What every solution worth at least `target` must fix: the bound's fixings, then, for up to
    `rounds` rounds, those of the LP solved again with the fixings so far as bounds, until a round
    adds fewer than `min_share` of the variables.

    Every solution worth `target` keeps the fixings so far, so it lies in the LP with them as
    bounds, and that LP's fixings at `target` hold for it too (only for `target` and above). The
    optimum is the same, but the columns fixed away leave GLOP another basis of the degenerate LP,
    other duals: the late fixture's final objective 4,317 fixed, then 5,973, 7,019 and 7,374 after
    three rounds, each 0.1-0.3 s of GLOP (place20 in benchmarks/RESULTS-placement.md)."""
    fixed = dict(lp.fixings(target))
    for _ in range(rounds):
        domains = [(fixed[j], fixed[j]) if j in fixed else domain for j, domain in enumerate(problem.domains)]
        again = replace(problem, domains=domains).bound()
        if again is None:
            break
        more = [(j, value) for j, value in again.fixings(target) if j not in fixed]
        fixed.update(more)
        if len(more) < min_share * len(problem.domains):
            break
    return sorted(fixed.items())


def solve_lp(rows: list[Row], domains: list[tuple[int, int]], objective: dict[int, int], offset: Fraction, glop_parameters: str) -> LpBound | None:
    """GLOP on the rows, its duals certified; None when it finds no optimum."""
    from ortools.linear_solver.python import model_builder_helper as builder
    from scipy.sparse import csr_matrix

    # the whole LP handed over as arrays (a sparse matrix): one call, not one per coefficient
    starts, columns, values = [0], [], []
    for row in rows:
        columns += row.vars
        values += row.coeffs
        starts.append(len(columns))
    matrix = csr_matrix((np.array(values, dtype=float), np.array(columns, dtype=np.int64), np.array(starts, dtype=np.int64)), shape=(len(rows), len(domains)))
    costs = np.zeros(len(domains))
    for v, k in objective.items():
        costs[v] += k
    lp = builder.ModelBuilderHelper()
    lp.fill_model_from_sparse_data(
        np.array([low for low, _ in domains], dtype=float), np.array([high for _, high in domains], dtype=float), costs,
        np.array([-np.inf if row.low is None else row.low for row in rows], dtype=float),
        np.array([np.inf if row.high is None else row.high for row in rows], dtype=float), matrix,
    )  # fmt: skip
    lp.set_maximize(True)
    glop = builder.ModelSolverHelper("glop")
    glop.set_solver_specific_parameters(glop_parameters)
    glop.solve(lp)
    if glop.status() != builder.SolveStatus.OPTIMAL:
        return None
    return replace(certify(rows, domains, objective, glop.dual_values().tolist(), offset), values=tuple(glop.variable_values().tolist()))


def objective_caps(rows: list[Row], objective: dict[int, int]) -> tuple[list[Row], int | None]:
    """The rows without those over the objective's own terms (a level's proven bound, a window's
    upper end), and the least cap they set on it (None: no such row)."""
    kept, caps = [], []
    negated = {v: -k for v, k in objective.items()}
    for row in rows:
        terms = dict(zip(row.vars, row.coeffs)) if len(row.vars) == len(objective) else None
        if terms == objective and row.high is not None:
            caps.append(row.high)
        elif terms == negated and row.low is not None:
            caps.append(-row.low)
        else:
            kept.append(row)
    return kept, min(caps, default=None)


def certify(rows: list[Row], domains: list[tuple[int, int]], objective: dict[int, int], duals: list[float], offset: Fraction = Fraction(0)) -> LpBound:
    """The exact bound of the module docstring for the duals rounded to multiples of 1/SCALE."""
    reduced = [0] * len(domains)
    for v, k in objective.items():
        reduced[v] += SCALE * k
    total = 0
    for row, dual in zip(rows, duals):
        y = round(dual * SCALE)
        if (y > 0 and row.high is None) or (y < 0 and row.low is None):
            y = 0
        if y == 0:
            continue
        for v, k in zip(row.vars, row.coeffs):
            reduced[v] -= y * k
        total += y * (row.high if y > 0 else row.low)
    for d, (low, high) in zip(reduced, domains):
        total += d * (high if d > 0 else low)
    return LpBound(Fraction(total, SCALE) + offset, reduced, domains)
