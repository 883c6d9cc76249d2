"""`affo place` on seeded random large inventories: how often each objective is proven within a budget.

Run: python benchmarks/placement_random.py [--cases 12] [--seed 0] [--shapes late,five,round4]
                                          [--objectives final,income,blend] [--work-limit 10]

The hand-made cases of benchmarks/placement.py are a few positions; a check from outside draws
its own. Each case here is one shape of issue #13's large inventories (home board, islands drawn
from the eight, a long house for `late`) with a supply drawn from the case's seed: green and blue
goods, food where a house can take it, specials, silver and ore. Every case is solved once per
objective with the CLI's defaults (1 worker, seed 0) and the given work limit. Prints one row per
solve and a summary per shape and objective: proven share, median and worst seconds, and the share
proven within 2 s. The seconds are CPU seconds of `place()` (the model, the tie-break and the
checker; not the CLI's start-up): one worker runs on one core, so on a quiet machine wall time is
the same, and on a loaded one CPU time is still the figure. Nothing is written; the README quotes
the summary of a run.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from models.pieces import goods_names, piece, special_names  # noqa: E402
from models.snapshot import parse_snapshot  # noqa: E402
from planner.placement import Settings, place  # noqa: E402

# the four exploration tiles, each printed on two faces: a player holds at most one face of each
ISLAND_TILES = (("shetland", "bear-island"), ("faroe-islands", "baffin-island"), ("iceland", "labrador"), ("greenland", "newfoundland"))
# shape -> (round, islands, long house, green/blue goods, food, specials)
SHAPES = {
    "late": (6, 4, True, (10, 16), (6, 14), (2, 5)),
    "five": (6, 4, False, (10, 16), (0, 0), (2, 5)),
    "round4": (4, 3, False, (5, 10), (0, 0), (0, 2)),
}
TARGET_S = 2.0


def _draw(rng: random.Random, names: list[str], count: int, most_each: int) -> dict[str, int]:
    held: dict[str, int] = {}
    while sum(held.values()) < count:
        name = rng.choice(names)
        if held.get(name, 0) < most_each:
            held[name] = held.get(name, 0) + 1
    return held


def random_case(shape: str, seed: int):
    """One seeded position of a shape: boards drawn, then a supply drawn for them."""
    rng = random.Random(f"{shape}-{seed}")
    round_, islands, house, crafts, food, specials = SHAPES[shape]
    boards = [{"id": "home", "board": "home-long"}]
    faces = [rng.choice(tile) for tile in rng.sample(ISLAND_TILES, islands)]
    boards += [{"id": f"i{k}", "board": b} for k, b in enumerate(faces)]
    if house:
        boards.append({"id": "house-1", "board": "long-house"})
    goods_by_colour = {c: [n for n in goods_names() if piece(n).colour == c] for c in ("green", "blue", "orange", "red")}
    goods = _draw(rng, goods_by_colour["green"] + goods_by_colour["blue"], rng.randint(*crafts), 2)
    n_food = rng.randint(*food)
    if n_food:
        for name, n in _draw(rng, goods_by_colour["orange"] + goods_by_colour["red"], n_food, 2).items():
            goods[name] = goods.get(name, 0) + n
    player = {
        "silver": rng.randint(4, 14),
        "resources": {"ore": rng.randint(0, 4), "wood": rng.randint(0, 3), "stone": rng.randint(0, 3)},
        "goods": goods,
        "specials": rng.sample([s for s in special_names() if s != "english-crown"], rng.randint(*specials)),
        "boards": boards,
    }
    return parse_snapshot({"format": "affo-snapshot/1", "game": {"round": round_}, "player": player})


def solve_one(snapshot, objective: str, work_limit: float) -> dict:
    start, cpu = time.perf_counter(), time.process_time()
    result = place(snapshot, Settings(objective=objective, work_limit=work_limit)).result
    return {
        "status": result.status,
        "value": round(result.objective, 2),
        "wall s": round(time.perf_counter() - start, 2),
        "CPU s": round(time.process_time() - cpu, 2),
        "work": round(result.work, 2),
    }


def summary(frame: pd.DataFrame) -> pd.DataFrame:
    def row(group: pd.DataFrame) -> pd.Series:
        proven = group["status"] == "OPTIMAL"
        return pd.Series({
            "cases": len(group),
            "proven": int(proven.sum()),
            f"proven in {TARGET_S:g} s": int((proven & (group["CPU s"] <= TARGET_S)).sum()),
            "median CPU s": statistics.median(group["CPU s"]),
            "worst CPU s": group["CPU s"].max(),
            "median work": statistics.median(group["work"]),
        })  # fmt: skip

    return frame.groupby(["shape", "objective"], sort=False).apply(row, include_groups=False).reset_index()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cases", type=int, default=12, help="cases per shape")
    parser.add_argument("--seed", type=int, default=0, help="first case seed")
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--objectives", default="final,income,blend")
    parser.add_argument("--work-limit", type=float, default=10.0, help="CP-SAT deterministic time per placement")
    parser.add_argument("--csv", help="also write every row here")
    args = parser.parse_args()
    rows = []
    for shape in args.shapes.split(","):
        for seed in range(args.seed, args.seed + args.cases):
            snapshot = random_case(shape, seed)
            for objective in args.objectives.split(","):
                figures = solve_one(snapshot, objective, args.work_limit)
                rows.append({"shape": shape, "seed": seed, "objective": objective, **figures})
                print(f"{shape} {seed} {objective}: {figures}", file=sys.stderr, flush=True)
    frame = pd.DataFrame(rows)
    if args.csv:
        frame.to_csv(args.csv, index=False)
    print(summary(frame).to_string(index=False))
    print(f"{os.cpu_count()} cores; load average {', '.join(f'{x:.1f}' for x in os.getloadavg())} at the end")


if __name__ == "__main__":
    main()
