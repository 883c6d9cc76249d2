"""Benchmark of `affo place`: every objective on every case, proven or not, the greedy layout beside it.

Run: python benchmarks/placement.py [--runs 5] [--work-limit W] [--cases late,five] [--no-baseline]
— prints a table and, when every case and objective was run, writes the top of
benchmarks/RESULTS-placement.md (a partial run only prints). Each (case, objective) is solved
--runs times with the CLI's defaults (1 worker, seed 0) and, in the same process, with the baseline:
the solver as it was before the certified LP bound (no bound, no reduced-cost fixing, CP-SAT's
default probing, the points-first greedy hint only, no tie-break). Times are medians of
wall and CPU seconds, including the model build and the rule checker's verification, beside
CP-SAT's deterministic time (its own measure of work: the same on a quiet or a loaded machine).
Other jobs may load this machine, so the load average is written with the figures.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import platform
import statistics
import sys
import time
from pathlib import Path

import ortools
import pandas as pd
from rich.console import Console
from rich.table import Table

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import planner.placement.solve as solve_module  # noqa: E402
from benchmarks.kept_notes import kept_sections  # noqa: E402
from models.snapshot import parse_snapshot, read_snapshot  # noqa: E402
from planner.cpsat import SolveParams  # noqa: E402
from planner.placement import Settings, place  # noqa: E402
from planner.placement.greedy import for_points, greedy_layout  # noqa: E402

OBJECTIVES = ("final", "income", "blend")
HOME = {"id": "home", "board": "home-long"}
LATE_GOODS = {
    "oil": 2, "rune-stone": 1, "hide": 1, "silverware": 1, "wool": 1, "chest": 1, "linen": 1, "silk": 1,
    "skin-and-bones": 1, "spices": 1, "fur": 1, "jewelry": 1, "robe": 1, "treasure-chest": 1,
    "clothing": 1, "silver-hoard": 1,
}  # fmt: skip
# What a player who explores early may hold in round 4: the first blue goods, a special, silver.
ROUND4_GOODS = {"oil": 2, "hide": 1, "wool": 1, "linen": 1, "rune-stone": 1, "silverware": 1, "chest": 1, "peas": 1, "mead": 1, "beans": 1}
# A late supply a real game holds: about a third of the free area of five boards, food for the house.
REAL_LATE_GOODS = {
    "oil": 2, "hide": 2, "wool": 1, "linen": 1, "skin-and-bones": 1, "fur": 1, "robe": 1, "rune-stone": 1,
    "silverware": 1, "chest": 1, "silk": 1, "spices": 1, "jewelry": 1,
    "peas": 2, "mead": 2, "beans": 1, "milk": 1, "cabbage": 1, "game-meat": 1, "sheep": 1,
}  # fmt: skip
ISLANDS = ("shetland", "faroe-islands", "greenland", "iceland")


def case(round: int, boards: list[dict], final: bool = False, **player) -> object:
    return parse_snapshot({"format": "affo-snapshot/1", "game": {"round": round, "final": final}, "player": {"boards": boards, **player}})


def cases() -> dict[str, object]:
    return {
        "early: home, 3 goods": case(2, [HOME], silver=3, goods={"oil": 1, "wool": 1, "hide": 1}),
        "mid: home + Shetland + long house": read_snapshot(ROOT / "tests/fixtures/place_mid.json"),
        "mid-late: home + 2 islands, specials": case(
            5,
            [HOME, {"id": "A", "board": "shetland"}, {"id": "C", "board": "iceland"}],
            silver=8,
            resources={"ore": 2},
            goods={"oil": 2, "hide": 1, "wool": 1, "linen": 1, "fur": 1, "robe": 1, "silk": 1, "chest": 1},
            specials=["helmet", "belt", "glass-beads"],
        ),
        "final: home + shed + stone house": case(
            7,
            [HOME, {"id": "s", "board": "shed"}, {"id": "t", "board": "stone-house"}],
            final=True,
            silver=5,
            resources={"wood": 4, "stone": 3, "ore": 1},
            goods={"skin-and-bones": 1, "fur": 1, "jewelry": 1, "beans": 1, "mead": 1},
        ),
        "late: home + 4 islands + long house": read_snapshot(ROOT / "tests/fixtures/place_late.json"),
        "five boards: home + 4 islands, round 6": case(
            6,
            [HOME] + [{"id": b[:3], "board": b} for b in ISLANDS],
            silver=10,
            resources={"ore": 3},
            goods=LATE_GOODS,
            specials=["helmet", "cloakpin", "belt", "amber-figure"],
        ),
        "round 4: home + 3 islands": case(
            4,
            [HOME] + [{"id": b[:3], "board": b} for b in ("shetland", "faroe-islands", "iceland")],
            silver=7,
            resources={"ore": 3},
            goods=ROUND4_GOODS,
            specials=["helmet"],
        ),
        "real late: home + 4 islands + long house": case(
            6,
            [HOME] + [{"id": b[:3], "board": b} for b in ISLANDS] + [{"id": "lh", "board": "long-house"}],
            silver=12,
            resources={"ore": 4},
            goods=REAL_LATE_GOODS,
            specials=["helmet", "belt", "amber-figure"],
        ),
    }


@contextlib.contextmanager
def baseline():
    """The solver before the certified LP bound: plain levels, default probing, points-first hint."""
    params, greedy = solve_module.solver_params, solve_module.best_greedy

    def old_params(settings: Settings) -> SolveParams:
        new = params(settings)
        extra = {k: v for k, v in new.extra.items() if k != "cp_model_probing_level"}
        return SolveParams(new.workers, new.seed, new.time_limit, new.work_limit, extra, lp_bound=False)

    solve_module.solver_params = old_params
    solve_module.best_greedy = lambda pm, objective, final: greedy_layout(pm.states, pm.supply, pm.candidates, final, for_points)
    solve_module.TIE_BREAK_WORK, tie_work = 0.0, solve_module.TIE_BREAK_WORK
    try:
        yield
    finally:
        solve_module.solver_params, solve_module.best_greedy = params, greedy
        solve_module.TIE_BREAK_WORK = tie_work


def machine() -> str:
    cpu = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}, OR-Tools {ortools.__version__}"


def load() -> str:
    try:
        return ", ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def measure(snapshot, objective: str, runs: int, work_limit: float | None, tie_break: bool = True) -> dict:
    walls, cpus, works, report = [], [], [], None
    for _ in range(runs):
        start, cpu = time.perf_counter(), time.process_time()
        report = place(snapshot, Settings(objective=objective, work_limit=work_limit, tie_break=tie_break))
        walls.append(time.perf_counter() - start)
        cpus.append(time.process_time() - cpu)
        works.append(report.result.work)
    res = report.result
    return {
        "status": res.status,
        "objective value": round(res.objective, 2),
        "score gain": res.final_gain,
        "greedy score gain": res.greedy_gain,
        "income": res.income_after,
        "median wall s": round(statistics.median(walls), 2),
        "median CPU s": round(statistics.median(cpus), 2),
        "median work": round(statistics.median(works), 2),
        "tie-break": res.tie_break or "-",
        "load": f"{os.getloadavg()[0]:.1f}",
    }


def markdown(frame: pd.DataFrame) -> str:
    """A pipe table (pandas' to_markdown needs tabulate, which is not a dependency)."""
    lines = ["| " + " | ".join(frame.columns) + " |", "|" + "---|" * len(frame.columns)]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in frame.itertuples(index=False)]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--work-limit", type=float, default=None, help="CP-SAT deterministic time per placement (default: the CLI's)")
    parser.add_argument("--cases", default="", help="comma-separated words: only cases whose name holds one ('mid' also names mid-late; 'mid:' does not)")
    parser.add_argument("--objectives", default=",".join(OBJECTIVES))
    parser.add_argument("--no-baseline", action="store_true", help="only this version (the baseline takes minutes on the large cases)")
    args = parser.parse_args()
    load_before = load()
    words = [w for w in args.cases.split(",") if w]
    rows = []
    for name, snapshot in cases().items():
        if words and not any(w in name for w in words):
            continue
        for objective in args.objectives.split(","):
            versions = [] if args.no_baseline else [("baseline", baseline)]
            versions.append(("this version", contextlib.nullcontext))
            for solver, context in versions:
                with context():
                    figures = measure(snapshot, objective, args.runs, args.work_limit)
                rows.append({"case": name, "objective": objective, "solver": solver, **figures})
                print(f"done: {name} / {objective} / {solver}: {figures}", file=sys.stderr, flush=True)
    frame = pd.DataFrame(rows)
    table = Table(title=f"affo place, median of {args.runs} runs")
    for column in frame.columns:
        table.add_column(column, justify="left" if column in ("case", "objective", "solver", "status") else "right")
    for row in frame.itertuples(index=False):
        table.add_row(*map(str, row))
    Console(width=200).print(table)
    print(machine())
    if words or set(args.objectives.split(",")) != set(OBJECTIVES):
        # a partial run would replace the whole table with its few rows
        print("some cases or objectives only: benchmarks/RESULTS-placement.md left as it was", file=sys.stderr)
        return
    limit = f"work limit {args.work_limit} (CP-SAT deterministic time)" if args.work_limit else "the CLI's default work limit"
    loads = f"load average (1, 5, 15 min) {load_before} at the start, {load()} at the end; `load` is the 1-minute average after each row"
    text = (
        "# Benchmark: affo place\n\n"
        f"`python benchmarks/placement.py --runs {args.runs}"
        + (f" --work-limit {args.work_limit}" if args.work_limit else "")
        + (" --no-baseline" if args.no_baseline else "")
        + f"` — every objective, CLI defaults (1 worker, seed 0), {limit}"
        + ("" if args.no_baseline else "; the baseline (the solver before the certified LP bound) in the same process")
        + ". Wall and CPU seconds include building the model, the tie-break and the rule checker's "
        "verification; `work` is CP-SAT's deterministic time (load-independent).\n\n"
        f"Machine: {machine()}; {loads}.\n\n" + markdown(frame) + "\n"
    )
    results = ROOT / "benchmarks/RESULTS-placement.md"
    results.write_text(text + kept_sections(results))



if __name__ == "__main__":
    main()
