"""How fast is affo feast? Median times for 6 to 12 open positions and three supplies.

Run as `python benchmarks/feast.py` from the repository root; writes benchmarks/RESULTS-feast.md.
Times are the planner's own (model building and the lexicographic solves), one worker, seed 0;
each case runs once to warm up (the per-piece geometry is cached for the process), then RUNS times.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import time
from pathlib import Path

import ortools

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from models.snapshot import parse_snapshot  # noqa: E402
from models.values import default_values  # noqa: E402
from planner.feast import SolverSettings, food_pieces, plan_feast  # noqa: E402

RUNS = 7
OUT = Path(__file__).with_name("RESULTS-feast.md")
SUPPLIES = {
    "small": ({"peas": 1, "mead": 1}, 2),
    "typical": ({"peas": 2, "mead": 2, "flax": 1, "beans": 1, "grain": 1, "sheep": 1, "cattle": 1}, 4),
    "very rich": ({name: 3 for name in food_pieces() if name != "silver"}, 10),
}


def snapshot(open_positions: int, goods: dict[str, int], silver: int):
    return parse_snapshot(
        {"format": "affo-snapshot/1", "game": {"length": "long", "round": 1}, "player": {"vikings": open_positions, "silver": silver, "goods": goods}}
    )


def measure(open_positions: int, supply: str) -> dict:
    goods, silver = SUPPLIES[supply]
    snap, values, settings = snapshot(open_positions, goods, silver), default_values(), SolverSettings(workers=1, seed=0)
    plan_feast(snap, values, settings)  # warm-up
    totals, builds, solves = [], [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        result = plan_feast(snap, values, settings)
        totals.append(time.perf_counter() - start)
        builds.append(result.build_seconds)
        solves.append(result.solve_seconds)
    ms = lambda xs: f"{1000 * statistics.median(xs):.1f}"  # noqa: E731
    return {
        "open": open_positions,
        "supply": supply,
        "total ms": ms(totals),
        "build ms": ms(builds),
        "solve ms": ms(solves),
        "status": result.status,
        "penalties": result.penalties,
        "value served": str(result.value_served),
        "tiles": len(result.placements),
    }


def cpu_name() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def markdown(rows: list[dict]) -> str:
    head = list(rows[0])
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---:" if h.endswith("ms") else "---" for h in head) + "|"]
    lines += ["| " + " | ".join(str(r[h]) for h in head) + " |" for r in rows]
    return "\n".join(lines)


def main() -> None:
    rows = [measure(n, supply) for supply in SUPPLIES for n in range(6, 13)]
    machine = (
        f"{cpu_name()}, {os.cpu_count()} logical cores, Python {platform.python_version()}, "
        f"OR-Tools {ortools.__version__}, {platform.system()} {platform.release()}"
    )
    supplies = "; ".join(f"{name}: {goods} + {silver} silver" for name, (goods, silver) in SUPPLIES.items())
    text = (
        "# affo feast: benchmark\n\n"
        f"Median of {RUNS} runs (after one warm-up) per case, 1 worker, seed 0. `total` = model building + "
        "all lexicographic solves (penalties, value, tiles, then the tie-break), as `affo feast` does them; "
        "`build` and `solve` are its two parts. Target: a full 12-position table with a very rich supply in "
        "<= 100 ms (goal <= 50 ms).\n\n"
        f"Machine: {machine}.\n\nSupplies: {supplies}.\n\n"
        f"{markdown(rows)}\n\nRun `python benchmarks/feast.py` to reproduce.\n"
    )
    OUT.write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
