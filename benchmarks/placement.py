"""Benchmark of `affo place`: time to a proven optimum, and the greedy baseline beside it.

Run: python benchmarks/placement.py [--runs 5] — prints a table and writes
benchmarks/RESULTS-placement.md. Each case is solved --runs times (median wall time, including
the model build and the rule checker's verification) with the CLI's defaults.
"""

from __future__ import annotations

import argparse
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

from cli.place import run_place  # noqa: E402
from models.snapshot import parse_snapshot, read_snapshot  # noqa: E402
from planner.placement import Settings  # noqa: E402


def case(round: int, boards: list[dict], final: bool = False, **player) -> object:
    return parse_snapshot({"format": "affo-snapshot/1", "game": {"round": round, "final": final}, "player": {"boards": boards, **player}})


def cases() -> dict[str, object]:
    home = {"id": "home", "board": "home-long"}
    return {
        "early: home, 3 goods": case(2, [home], silver=3, goods={"oil": 1, "wool": 1, "hide": 1}),
        "mid: home + Shetland + long house": read_snapshot(ROOT / "tests/fixtures/place_mid.json"),
        "mid-late: home + 2 islands, specials": case(
            5,
            [home, {"id": "A", "board": "shetland"}, {"id": "C", "board": "iceland"}],
            silver=8,
            resources={"ore": 2},
            goods={"oil": 2, "hide": 1, "wool": 1, "linen": 1, "fur": 1, "robe": 1, "silk": 1, "chest": 1},
            specials=["helmet", "belt", "glass-beads"],
        ),
        "final: home + shed + stone house": case(
            7,
            [home, {"id": "s", "board": "shed"}, {"id": "t", "board": "stone-house"}],
            final=True,
            silver=5,
            resources={"wood": 4, "stone": 3, "ore": 1},
            goods={"skin-and-bones": 1, "fur": 1, "jewelry": 1, "beans": 1, "mead": 1},
        ),
        "late: home + 4 islands + long house": read_snapshot(ROOT / "tests/fixtures/place_late.json"),
    }


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


def measure(snapshot, runs: int) -> dict:
    times, report = [], None
    for _ in range(runs):
        start = time.perf_counter()
        report = run_place(snapshot, Settings())
        times.append(time.perf_counter() - start)
    res = report.result
    return {
        "status": res.status,
        "optimum (score gain)": res.final_gain,
        "greedy (score gain)": res.greedy_gain,
        "tiles laid": len(res.placements),
        "candidates": res.candidates,
        "median s": round(statistics.median(times), 2),
        "max s": round(max(times), 2),
    }


def markdown(frame: pd.DataFrame) -> str:
    """A pipe table (pandas' to_markdown needs tabulate, which is not a dependency)."""
    lines = ["| " + " | ".join(frame.columns) + " |", "|" + "---|" * len(frame.columns)]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in frame.itertuples(index=False)]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows = []
    for name, snapshot in cases().items():
        rows.append({"case": name, **measure(snapshot, args.runs)})
        print(f"done: {name}", file=sys.stderr, flush=True)
    frame = pd.DataFrame(rows)
    table = Table(title=f"affo place, median of {args.runs} runs")
    for column in frame.columns:
        table.add_column(column, justify="left" if column in ("case", "status") else "right")
    for row in frame.itertuples(index=False):
        table.add_row(*map(str, row))
    Console(width=140).print(table)
    print(machine())
    text = (
        "# Benchmark: affo place\n\n"
        f"`python benchmarks/placement.py --runs {args.runs}` — objective `final`, CLI defaults "
        "(1 worker, seed 0); wall time includes building the model and the rule checker's verification.\n\n"
        f"Machine: {machine()}\n\n" + markdown(frame) + "\n"
    )
    (ROOT / "benchmarks/RESULTS-placement.md").write_text(text)


if __name__ == "__main__":
    main()
