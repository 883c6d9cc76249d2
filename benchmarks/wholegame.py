"""Benchmark of the whole-game player (planner/whole_game) on seeded long solo games.

    python -m benchmarks.wholegame [--games 20] [--nodes 25] [--budgets 0,10,25,50] [--budget-games 5]

Every policy plays the same seeds on the engine (models/engine through planner/affo_game.py),
chance drawn from the seed: the whole-game player (MCTS over the heuristic's best actions,
`--nodes` simulations a decision), a one-step greedy policy over the engine's own evaluate
(planner.search.policy.greedy_policy), and a random policy. Then mean score against the search
budget (budget 0 is the heuristic policy alone) on the first `--budget-games` seeds, and how
often the player explores, gains and emigrates ships, keeps and breeds animals, builds houses.
CPU seconds per game are measured with time.process_time (the machine is shared; wall time would
measure the other jobs). Writes benchmarks/RESULTS-wholegame.md.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from benchmarks.planner import machine
from planner.affo_game import AffoGame
from planner.search.policy import greedy_policy, play, random_policy
from planner.whole_game.player import WholeGamePlayer
from planner.whole_game.stats import game_stats

OUT = Path(__file__).with_name("RESULTS-wholegame.md")


def run(make_policy, seeds: list[int]) -> tuple[list[dict], float]:
    """Stats of one game per seed, and CPU seconds per game."""
    game, rows = AffoGame(), []
    start = time.process_time()
    for seed in seeds:
        t = play(game, make_policy(seed), seed)
        rows.append(game_stats(t.states))
    return rows, (time.process_time() - start) / len(seeds)


def summary(name: str, rows: list[dict], cpu: float) -> str:
    scores = [r["score"] for r in rows]
    return f"| {name} | {statistics.mean(scores):.1f} | {min(scores)} | {max(scores)} | {cpu:.2f} |"


def strategy(rows: list[dict]) -> list[str]:
    n = len(rows)

    def share(key: str, at_least: int = 1) -> str:
        hits = sum(1 for r in rows if r[key] >= at_least)
        return f"{hits}/{n}"

    def mean(key: str) -> str:
        return f"{statistics.mean(r[key] for r in rows):.1f}"

    return [
        "| what | games | mean per game |",
        "|---|---|---|",
        f"| explores (exploration boards taken) | {share('explorations')} | {mean('explorations')} |",
        f"| gains knarrs or longships | {share('large_ships')} | {mean('large_ships')} |",
        f"| gains whaling boats | {share('whaling_boats')} | {mean('whaling_boats')} |",
        f"| emigrates | {share('emigrated')} | {mean('emigrated')} |",
        f"| keeps animals (most held at once) | {share('animals_most')} | {mean('animals_most')} |",
        f"| breeds animals (born) | {share('animals_born')} | {mean('animals_born')} |",
        f"| scores animals at the end (points) | {share('animal_points')} | {mean('animal_points')} |",
        f"| builds houses | {share('houses')} | {mean('houses')} |",
        f"| builds sheds | {share('sheds')} | {mean('sheds')} |",
        f"| income after round 3 (income early) | {share('income_round_3', 3)} at 3 or more | {mean('income_round_3')} |",
        f"| final income | — | {mean('final_income')} |",
        f"| Thing Penalties | {share('thing_penalties')} | {mean('thing_penalties')} |",
    ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--nodes", type=int, default=25)
    ap.add_argument("--budgets", default="0,10,25,50")
    ap.add_argument("--budget-games", type=int, default=5)
    args = ap.parse_args()
    seeds = list(range(1, args.games + 1))
    budgets = [int(b) for b in args.budgets.split(",")]
    load_before = os.getloadavg()

    def player(nodes: int):
        return lambda seed: WholeGamePlayer(nodes=nodes, seed=seed)

    results = {}
    for name, make in [("random policy", lambda seed: random_policy), ("one-step greedy over the engine's evaluate", lambda seed: greedy_policy()),
                       (f"whole-game player ({args.nodes} simulations a decision)", player(args.nodes))]:  # fmt: skip
        results[name] = run(make, seeds)
        print(summary(name, *results[name]), flush=True)
    curve = []
    main_rows, main_cpu = results[f"whole-game player ({args.nodes} simulations a decision)"]
    for nodes in budgets:
        if nodes == args.nodes:  # the same games as the main run's first seeds: not played twice
            rows, cpu = main_rows[: args.budget_games], main_cpu
        else:
            rows, cpu = run(player(nodes), seeds[: args.budget_games])
        curve.append((nodes, rows, cpu))
        print(nodes, statistics.mean(r["score"] for r in rows), flush=True)
    write(args, seeds, results, curve, load_before)


def write(args, seeds, results, curve, load_before) -> None:
    name = f"whole-game player ({args.nodes} simulations a decision)"
    lines = [
        "# Whole-game player: seeded long solo games on the engine",
        "",
        f"Machine: {machine()}",
        f"Load average before / after: {' '.join(f'{x:.2f}' for x in load_before)} / {' '.join(f'{x:.2f}' for x in os.getloadavg())} (2 shared cores).",
        f"Seeds {seeds[0]}–{seeds[-1]} ({len(seeds)} games per policy, the same seeds for all); `python -m benchmarks.wholegame "
        f"--games {args.games} --nodes {args.nodes} --budgets {args.budgets} --budget-games {args.budget_games}`.",
        "",
        "## Scores (the engine's final score, as `affo score` scores the final snapshot)",
        "",
        "| policy | mean | min | max | CPU s per game |",
        "|---|---|---|---|---|",
        *(summary(n, *r) for n, r in results.items()),
        "",
        f"## Mean score against the search budget (seeds {seeds[0]}–{seeds[min(len(seeds), args.budget_games) - 1]})",
        "",
        "Budget 0 is the heuristic policy alone (one step of look-ahead over planner/whole_game/value.py).",
        "",
        "| simulations a decision | mean | min | max | CPU s per game |",
        "|---|---|---|---|---|",
        *(f"| {nodes} | {statistics.mean(r['score'] for r in rows):.1f} | {min(r['score'] for r in rows)} | {max(r['score'] for r in rows)} | {cpu:.2f} |"
          for nodes, rows, cpu in curve),  # fmt: skip
        "",
        f"## What the {name} did ({len(seeds)} games)",
        "",
        *strategy(results[name][0]),
        "",
    ]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
