"""The cheapest legal banquet table for this round's feast, by CP-SAT, proven optimal and checked.

Modules by responsibility: `table` (the 12 x 4 area, its open positions, the food that may be
served), `candidates` (every way one tile may lie there, in tie-break order), `prices` (values
as exact integers), `model` (the CP-SAT model, one constraint family per method, and the
objective's levels), `solve` (the successive lexicographic solves), `result` (the answer and
the independent rule checker's verdict on it). There is no quick rule here: the fast stand-in
is models/round_end.py's greedy_feast.

`plan_feast` and `plan_shortfall` are the entry points: build the model, solve it level by
level, read the answer, have the rule checker judge it.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from models.snapshot import Snapshot
from planner.feast.candidates import Candidate, candidates, fits_alone, fixed_candidates, layouts_in_area, rank_by_anchor
from planner.feast.model import NO_TOUCH_COLOURS, FeastModel, Objective
from planner.feast.prices import MAX_PACKED_RANGE, Prices, ValuesTooFine, exact
from planner.feast.result import Feast, FeastBug, check_answer
from planner.feast.solve import Solved, SolverSettings, solve_levels
from planner.feast.table import COLS, FOOD_COLOURS, ROWS, SILVER, Table, edges, food_pieces, food_supply, inside

__all__ = [
    "COLS",
    "FOOD_COLOURS",
    "MAX_PACKED_RANGE",
    "NO_TOUCH_COLOURS",
    "ROWS",
    "SILVER",
    "Candidate",
    "Feast",
    "FeastBug",
    "FeastModel",
    "Objective",
    "Prices",
    "Solved",
    "SolverSettings",
    "Table",
    "ValuesTooFine",
    "candidates",
    "check_answer",
    "edges",
    "exact",
    "fits_alone",
    "fixed_candidates",
    "food_pieces",
    "food_supply",
    "inside",
    "layouts_in_area",
    "plan_feast",
    "plan_shortfall",
    "rank_by_anchor",
    "solve_levels",
]


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
    """The chosen tiles as the answer: left to right, with what they use and what is left."""
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
