"""Benchmark of affo plan: search speed, time to a full round plan, and play quality.

    python -m benchmarks.planner [--quick] [--games N] [--nodes N]   (run as a module: this file's
    name would shadow the planner package if run as a script)

Writes benchmarks/RESULTS-planner.md. Speed: a plan of the round with a fixed node budget
(SPEED_NODES states expanded), so the figure does not depend on a time limit. Quality: seeded
long solo games (planner/solo.py, with its documented stand-ins) played to the end by the
planner (re-planning before every action with a node budget) and by the greedy one-step
baseline, the same seeds and the same layout between rounds for both (the placement engine,
planner/placement.py: blend objective before income, final objective at the end); mean final
score by models.scoring.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from pathlib import Path

from models.round_context import split_snapshot
from models.round_rules import initial_state, setting_for
from planner.baseline import greedy_action
from planner.round_search import Options, plan
from planner.solo import play_game

BASE = {
    "format": "affo-snapshot/1",
    "game": {"round": 4, "players": 1},
    "player": {
        "silver": 6, "resources": {"wood": 3, "stone": 2, "ore": 1},
        "goods": {"peas": 2, "mead": 1, "beans": 1, "flax": 1, "sheep": 2, "hide": 1, "oil": 1},
        "weapons": {"bow": 1, "snare": 1, "spear": 1},
        "ships": [{"type": "whaling-boat"}, {"type": "longship"}],
        "boards": [{"id": "home", "board": "home-long"}],
    },
    "round_context": {"mountains": [["wood", "stone", "ore", "silver-2"], ["stone", "wood", "wood", "silver-2"]]},
}  # fmt: skip


SPEED_NODES = 300


def speed(vikings: int) -> tuple[float, float, int, int]:
    data = {**BASE, "player": {**BASE["player"], "vikings": vikings}}
    snap, ctx = split_snapshot(data)
    start = time.perf_counter()
    result = plan(initial_state(snap, ctx), setting_for(snap, ctx), Options(nodes=SPEED_NODES))
    seconds = time.perf_counter() - start
    return seconds, result.expanded / seconds, len(result.steps), sum(s.vikings for s in result.steps)


def machine() -> str:
    cpu = next((line.split(":", 1)[1].strip() for line in _cpuinfo() if line.startswith("model name")), platform.machine())
    from ortools import __version__ as ortools_version

    return f"{cpu}, {os.cpu_count()} cores, {platform.system()}, Python {platform.python_version()}, OR-Tools {ortools_version}"


def _cpuinfo() -> list[str]:
    try:
        return Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines()
    except OSError:
        return []


def planner_policy(nodes: int):
    def choose(s, setting):
        p = plan(s, setting, Options(nodes=nodes))
        return p.steps[0].action if p.steps else None

    return choose


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--games", type=int, default=None)
    ap.add_argument("--nodes", type=int, default=None)
    args = ap.parse_args()
    games = args.games or (2 if args.quick else 6)
    nodes = args.nodes or (20 if args.quick else 40)
    lines = ["# affo plan benchmark", "", f"Machine: {machine()}", ""]
    lines += [f"## Speed (a round plan with a budget of {SPEED_NODES} states expanded)", "",
              "| Vikings | time to the plan (s) | states expanded / s | steps in plan | Vikings used by the line |", "|---|---|---|---|---|"]  # fmt: skip
    for v in (5, 8, 12):
        seconds, rate, steps, used = speed(v)
        lines.append(f"| {v} | {seconds:.2f} | {rate:.0f} | {steps} | {used} |")
        print(lines[-1], flush=True)
    lines += ["", f"## Quality: {games} seeded long solo games, planner ({nodes} nodes per decision) vs greedy baseline",
              "", "Tiles laid by the placement engine for both policies (deterministic work limit 1.0, 1 worker, seed 0 per solve: the same seed gives the same game on any machine).", "",
              "| seed | baseline | planner |", "|---|---|---|"]  # fmt: skip
    base_scores, plan_scores = [], []
    for seed in range(1, games + 1):
        b = play_game(lambda s, st: greedy_action(s, st), seed).score
        p = play_game(planner_policy(nodes), seed).score
        base_scores.append(b)
        plan_scores.append(p)
        lines.append(f"| {seed} | {b} | {p} |")
        print(lines[-1], flush=True)
    mb, mp = statistics.mean(base_scores), statistics.mean(plan_scores)
    lines += ["", f"Mean final score: baseline {mb:.1f}, planner {mp:.1f} (margin {mp - mb:+.1f}). "
              "The solo rulebook calls 100 a very good long-game score.", ""]  # fmt: skip
    Path(__file__).with_name("RESULTS-planner.md").write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines[-2:]))


if __name__ == "__main__":
    main()
