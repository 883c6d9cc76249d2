"""Why the income objective is hard to prove on the large cases: its bound, board by board.

Run: python benchmarks/income_bound.py [--cases five,late] [--work 2] [--combos 3]

Income is a sum over boards of staircases: a board's track reaches depth d only when the
lower-left region of its d-th track cell is covered. This script measures, for each large case:

- the area bound: each board's exact-depth regions as (income, cells to cover), packed into the
  area of the supply that fits on home and exploration boards (a knapsack, solved exactly); it is
  compared with the certified LP bound of the model's income level (planner/lp_bound.py);
- per-board demands: for each (board, depth), what covering that region alone needs at least,
  solved by CP-SAT on that board only (cells used, non-green cells used, single tiles used);
  these are the candidate cuts "depth >= d implies demand >= min_demand(b, d)";
- the exact-depth combinations (one depth per board) that reach the area bound, and whether
  CP-SAT can decide, within --work each, if the supply covers their regions together.

Deterministic: one worker, seed 0, CP-SAT deterministic time limits.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ortools.sat.python import cp_model

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from models.pieces import piece  # noqa: E402
from models.values import default_values  # noqa: E402
from placement import cases  # noqa: E402
from planner.lp_bound import lp_bound  # noqa: E402
from planner.placement.candidates import TAKES, BoardState, all_candidates, board_states, edge_neighbours  # noqa: E402
from planner.placement.income_bound import area_income_bound  # noqa: E402
from planner.placement.income_bound import depth_options as library_depth_options  # noqa: E402
from planner.placement.model import PlacementModel  # noqa: E402
from planner.placement.request import RESOURCES, is_final_placement, placeable_supply  # noqa: E402

CASES = {"five": "five boards", "late": "4 islands + long house"}


@dataclass(frozen=True)
class Depth:
    """One board reaching exactly these track depths: cells that must be covered, cells that must not."""

    board: BoardState
    depths: tuple[int, ...]
    income: int
    need: frozenset
    banned: frozenset  # the track cells beyond the depth (covering one would reach further)


def depth_options(state: BoardState) -> list[Depth]:
    """The library's exact-depth options (planner/placement/income_bound.py) with each board's
    state and the track cells beyond each depth, which the covering models below keep free."""
    out = []
    for o in library_depth_options(state):
        banned = frozenset(cell for track, d in zip(state.board.income, o.depths) for cell in track.cells[d:])
        if not o.need & banned:
            out.append(Depth(state, o.depths, o.income, o.need, banned))
    return out


def income_pieces(supply: Counter) -> Counter:
    """The supply that may lie on home and exploration boards, the only boards with income."""
    return Counter({n: k for n, k in supply.items() if k and n not in RESOURCES and piece(n).colour in TAKES["home"]})


def covering_model(depths: list[Depth], pieces: Counter, slack: int) -> tuple[cp_model.CpModel, list]:
    """Tiles that cover every needed cell of these boards exactly once, none on a banned cell,
    at most `slack` cells outside the needed ones, green never edge to edge, within the supply."""
    model, tiles = cp_model.CpModel(), []
    for o in depths:
        over: dict = {}
        apart: dict = {}
        for name in sorted(pieces):
            green = piece(name).colour == "green"
            for orient in piece(name).orientations:
                for row, col in itertools.product(range(o.board.board.rows), range(o.board.board.cols)):
                    cells = frozenset((row + r, col + c) for r, c in orient.cells)
                    outside = len(cells - o.need)
                    if not cells & o.need or outside > slack or not cells <= o.board.free or cells & o.banned:
                        continue
                    var = model.new_bool_var("")
                    tiles.append((var, name, cells))
                    for cell in cells:
                        over.setdefault(cell, []).append(var)
                        for n in edge_neighbours(cell):
                            if green and n not in cells:
                                apart.setdefault((min(cell, n), max(cell, n)), []).append(var)
        for cell in o.need:
            model.add_exactly_one(over.get(cell, []))
        for cell, vars_ in over.items():
            if cell not in o.need:
                model.add_at_most_one(vars_)
        for vars_ in apart.values():
            if len(vars_) > 1:
                model.add_at_most_one(vars_)
    for name, n in pieces.items():
        used = [var for var, p, _ in tiles if p == name]
        if len(used) > n:
            model.add(sum(used) <= n)
    return model, tiles


def solve(model: cp_model.CpModel, work: float) -> tuple[str, float | None, float, float]:
    solver = cp_model.CpSolver()
    solver.parameters.num_workers, solver.parameters.random_seed, solver.parameters.max_deterministic_time = 1, 0, work
    code = solver.solve(model)
    value = solver.objective_value if code in (cp_model.OPTIMAL, cp_model.FEASIBLE) else None
    return solver.status_name(code), value, solver.best_objective_bound, solver.response_proto.deterministic_time


def demands(o: Depth, pieces: Counter, work: float) -> list[str]:
    """Min cells, min non-green cells, min single tiles to cover this board's region alone."""
    cap = sum(piece(n).area * k for n, k in pieces.items())
    model, tiles = covering_model([o], pieces, cap - len(o.need))
    out = []
    for weight in (lambda n: piece(n).area, lambda n: piece(n).area * (piece(n).colour != "green"), lambda n: int(piece(n).area == 1)):
        m = model.clone()
        m.minimize(sum(weight(name) * var for var, name, _ in tiles))
        status, value, bound, spent = solve(m, work)
        out.append(f"{value:g}" if status == "OPTIMAL" else f"{status.lower()} (bound {bound:g})")
    return out


def lp_income_bound(snapshot) -> float:
    supply = placeable_supply(snapshot, {}, is_final_placement(snapshot, None))
    states = board_states(snapshot)
    pm = PlacementModel(states, supply, all_candidates(states, supply), False, default_values())
    pm.model.maximize(pm.income)
    return float(lp_bound(pm.model).bound)


def report(name: str, snapshot, work: float, n_combos: int) -> None:
    supply = placeable_supply(snapshot, {}, is_final_placement(snapshot, None))
    pieces = income_pieces(supply)
    cap = sum(piece(n).area * k for n, k in pieces.items())
    states = board_states(snapshot)
    options = [depth_options(s) for s in states if s.board.income]
    bound = area_income_bound(states, supply)  # the library's knapsack over the same options
    print(f"\n## {name}\n\nsupply on income boards: {sum(pieces.values())} tiles, {cap} cells; "
          f"area bound {bound}; certified LP bound of the income level {lp_income_bound(snapshot):.2f}\n")  # fmt: skip
    print("| board | depths | income | cells to cover | min cells | min non-green cells | min single tiles |")
    print("|---|---|---|---|---|---|---|")
    for board in options:
        for o in board:
            if o.need:
                cells, non_green, singles = demands(o, pieces, work)
                print(f"| {o.board.id} | {o.depths} | {o.income} | {len(o.need)} | {cells} | {non_green} | {singles} |", flush=True)
    for target in (bound, bound - 1):
        combos = [c for c in itertools.product(*options) if sum(o.income for o in c) >= target and sum(len(o.need) for o in c) <= cap]
        combos.sort(key=lambda c: sum(len(o.need) for o in c))
        print(f"\nincome >= {target}: {len(combos)} exact-depth combinations fit the area", flush=True)
        for combo in combos[:n_combos]:
            used = sum(len(o.need) for o in combo)
            status, _, _, spent = solve(covering_model(list(combo), pieces, cap - used)[0], work)
            print(f"- {[o.depths for o in combo]} ({used} cells): {status} at work {spent:.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cases", default="five,late")
    parser.add_argument("--work", type=float, default=2.0, help="CP-SAT deterministic time per question")
    parser.add_argument("--combos", type=int, default=3, help="combinations checked per income target")
    args = parser.parse_args()
    every = cases()
    for word in args.cases.split(","):
        name = next(n for n in every if CASES[word] in n)
        report(name, every[name], args.work, args.combos)


if __name__ == "__main__":
    main()
