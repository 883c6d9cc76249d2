"""Benchmark of the game engines: the round engine the planner used (models/round_rules.py with
planner/chance.py) against the whole-game engine (models/engine), in one run.

    python -m benchmarks.engine [--quick]

Speed: from the planner benchmark's mid-game position (round 4, benchmarks/planner.py's BASE)
with 5, 8 and 12 Vikings, a breadth-first expansion of the action phase with equal states
merged: each state expanded has every legal action listed and every successor built (for a dice
space the old engine builds the branches of its dice policy, the new one the roll's chance node
and, when expanded, the faces and decisions). The new engine counts every state it expands
(decisions and chance nodes alike), and the decision states of the action phase separately, the
unit closest to the old engine's. Also the old planner's own figure (a round plan with a budget
of 300 states, its evaluation included), and whole random-policy games per second: the new
engine from the deal to the end-of-game placement, the old one with the fast greedy layout
(planner/solo.py). Writes benchmarks/RESULTS-engine.md.
"""

from __future__ import annotations

import argparse
import random
import time
from collections import deque
from contextlib import nullcontext
from pathlib import Path

from benchmarks.planner import BASE, machine, speed as planner_speed
from benchmarks.state_floor import successor_floor
from models.engine import flow
from models.engine.snapshots import from_snapshot
from models.engine.state import ACTIONS, State, key
from models.round_context import split_snapshot
from models.round_rules import legal_actions as old_actions, initial_state, setting_for
from planner.affo_game import AffoGame
from planner.chance import outcomes as old_outcomes
from planner.search.collector import collector_paused
from planner.search.policy import play, random_policy


# Processor seconds of this process: the machine is shared, and wall time mostly measured how
# many other processes were running (the calibration line below shows that load in wall time).
clock = time.process_time


def position(vikings: int):
    data = {**BASE, "player": {**BASE["player"], "vikings": vikings}}
    return split_snapshot(data)


@collector_paused()  # as the searches run (planner/search/collector.py)
def old_rate(vikings: int, budget: int) -> float:
    snap, ctx = position(vikings)
    setting = setting_for(snap, ctx)
    root = initial_state(snap, ctx)
    seen, queue, expanded = {root}, deque([root]), 0
    start = clock()
    while queue and expanded < budget:
        s = queue.popleft()
        expanded += 1
        for a in old_actions(s, setting):
            for b in old_outcomes(s, a, setting):
                if b.state not in seen and b.state.vikings_left > 0:
                    seen.add(b.state)
                    queue.append(b.state)
    return expanded / (clock() - start)


def new_rate(vikings: int, budget: int, paused: bool = True) -> tuple[float, float, float, float]:
    """States expanded per second, decisions of the action phase expanded per second, successors
    built per second and successors per expanded state; with the cycle collector paused as the
    searches run, or running (`paused=False`: how runs before the pause measured)."""
    with collector_paused() if paused else nullcontext():
        return _expansion(vikings, budget)


def _expansion(vikings: int, budget: int) -> tuple[float, float, float, float]:
    snap, ctx = position(vikings)
    root = from_snapshot(snap, ctx)
    seen, queue, expanded, decisions, built = {key(root)}, deque([root]), 0, 0, 0
    start = clock()
    while queue and expanded < budget:
        s = queue.popleft()
        expanded += 1
        decisions += s.stage == ACTIONS
        moves = flow.legal_actions(s) if flow.who(s) == flow.PLAYER else [o for _, o in flow.chance_outcomes(s)]
        built += len(moves)
        for a in moves:
            child = flow.apply(s, a)
            k = key(child)
            if k not in seen and child.round == root.round and flow.who(child) != flow.TERMINAL and child.vikings_left > 0:
                seen.add(k)
                queue.append(child)
    seconds = clock() - start
    return expanded / seconds, decisions / seconds, built / seconds, built / expanded


@collector_paused()
def floor_rate(vikings: int, branching: float, n: int = 200_000) -> float:
    """The most states per second pure Python could expand here: each of `branching` successors
    does only the least any engine must (copy the state, change four counts and two goods, add
    to its hash, make the new State, look it up in a set), with no rule applied at all."""
    snap, ctx = position(vikings)
    s = from_snapshot(snap, ctx)
    return successor_floor(s, n, State._fields.index("goods"), packed=False, digest=True) / branching


def new_games(n: int) -> tuple[float, float]:
    game = AffoGame()
    start = clock()
    scores = [play(game, random_policy, seed=seed).returns[0] for seed in range(n)]
    seconds = clock() - start
    return n / seconds, sum(scores) / n


@collector_paused()  # as play() runs the new engine's games
def old_games(n: int) -> float:
    from models.round_rules import PASS
    from planner.solo import Layout, play_game

    def policy(s, setting):
        actions = old_actions(s, setting) + [PASS]
        a = rng.choice(actions)
        return None if a == PASS else a

    rng = random.Random(0)
    start = clock()
    for seed in range(n):
        play_game(policy, seed, layout=Layout(engine="greedy"))
    return n / (clock() - start)


def calibration() -> float:
    """Seconds for a million empty calls: how busy the machine was while the figures were taken."""

    def nothing(x):
        return x

    start = time.perf_counter()
    for i in range(1_000_000):
        nothing(i)
    return time.perf_counter() - start


def _load() -> str:
    try:
        return "load average " + " ".join(Path("/proc/loadavg").read_text(encoding="utf-8").split()[:3])
    except OSError:
        return "load average unknown"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    old_budget, new_budget = (100, 2000) if args.quick else (300, 5000)
    games_new, games_old = (20, 1) if args.quick else (200, 3)
    flow.legal_actions(flow.start())  # load the data once, outside every timing
    lines = ["# Engine benchmark: the round engine against the whole-game engine", "", f"Machine: {machine()}",
             f"Load: {_load()}; a million empty Python calls took {calibration():.2f} s in this run (an idle core: about 0.05 s).", ""]
    lines += ["## States expanded per second (mid-game position, round 4; one run, same process)", "",
              f"Breadth-first expansion of the action phase, equal states merged; budgets {old_budget} (old) and {new_budget} (new) states;",
              "both engines with the cycle collector paused, as the searches run (planner/search/collector.py), and the new one also with it running;",
              "the new engine's figures after one unmeasured expansion of the same position (its caches warm).",
              "The floor: as many successors a state, each doing only what any engine must (copy the state, change a few counts, hash, set lookup; benchmarks/engine.py floor_rate).",
              "Rates in processor seconds of this process (the old planner's column: wall seconds, from benchmarks/planner.py).",
              "What would make the new engine faster, each measured: benchmarks/RESULTS-engine-options.md.", "",
              "| Vikings | old engine | old planner (300-state plan) | new engine, every state | new engine, action-phase decisions | ratio (every state) | new engine, successors built per second | successors per state | new engine, every state, collector running | pure-Python floor (no rules) |",
              "|---|---|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for v in (5, 8, 12):
        old = old_rate(v, old_budget)
        _, planner, _, _ = planner_speed(v)
        new_rate(v, new_budget)  # warm the engine's caches, so neither figure below pays for filling them
        running = new_rate(v, new_budget, paused=False)[0]
        new, decisions, built, branching = new_rate(v, new_budget)
        floor = floor_rate(v, branching)
        lines.append(f"| {v} | {old:,.0f} | {planner:,.0f} | {new:,.0f} | {decisions:,.0f} | {new / old:,.0f}x | {built:,.0f} | {branching:.0f} | {running:,.0f} | {floor:,.0f} |")
        print(lines[-1], flush=True)
    rate, mean = new_games(games_new)
    old = old_games(games_old)
    lines += ["", "## Whole random-policy games", "",
              "| engine | games per second | ms per game |", "|---|---|---|",
              f"| new (deal to end-of-game placement, {games_new} games, mean score {mean:.1f}) | {rate:.1f} | {1000 / rate:.1f} |",
              f"| old (solo game with the greedy layout, {games_old} games) | {old:.2f} | {1000 / old:.0f} |", ""]  # fmt: skip
    print("\n".join(lines[-4:]))
    Path(__file__).with_name("RESULTS-engine.md").write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
