"""Strength of the solo player: seeded long solo games, policies side by side, score by budget.

    python -m benchmarks.strength [--games 20] [--first-seed 1] [--nodes 40] \\
        [--budgets 10,20,40,80] [--budget-games N] [--value v3] [--compare v2,v4] [--workers 2] [--cache FILE] \\
        [--searches two-round,round] [--planner-only]

Every policy plays the same seeds (planner/solo.py's play_game: the game `affo solo --seed N`
plays), tiles laid by the placement engine alike:

- planner: the round planner with the learned value (`--value`, planner/value/) at its leaves;
- one-round: the round planner with the hand-made projection (planner/evaluate.py) at its
  leaves, what `affo solo` played before the learned value;
- greedy: planner/baseline.py, one action ahead on the projection.

Then the planner again at every node budget of `--budgets` (states a decision) on the first
`--budget-games` seeds (all of them by default), and how often each policy explores, builds and
emigrates ships, keeps and breeds animals, builds houses; `--searches` plays the planner with each
search named (round: planner/round_search.py alone; two-round: planner/next_round.py), the first in
the main table, all on the budget curve side by side; `--compare` plays other value versions
at `--nodes` on every seed too, with their calibration. Writes benchmarks/RESULTS-strength.md.
Games fan out over Dask (planner/batch.py). `--cache FILE` (JSON lines, on this machine) keeps
each game as it finishes and plays only the games it lacks: a run stopped halfway resumes, and
a second value version reuses the other policies' games.
"""

from __future__ import annotations

import argparse
import json
import statistics
from dataclasses import dataclass
from pathlib import Path

from models.boards import board as board_named
from planner.value import CURRENT


@dataclass(frozen=True)
class Job:
    policy: str  # "planner", "one-round" or "greedy"
    seed: int
    nodes: int
    value: str
    cache: str = ""  # a JSON-lines file each finished game is appended to
    search: str = "round"  # the planner's search: "round" or "two-round" (planner/next_round.py)

    def key(self) -> tuple:
        key = (self.policy, self.seed, self.nodes, self.value if self.policy == "planner" else "")
        return key + (self.search,) if self.policy == "planner" and self.search != "round" else key


def cached(path: str) -> dict[tuple, dict]:
    """The games a cache file holds, by job key."""
    if not path or not Path(path).exists():
        return {}
    rows = [json.loads(line) for line in Path(path).read_text(encoding="utf-8").splitlines() if line.strip()]
    return {tuple(r["key"]): r for r in rows}


def run(job: Job) -> dict:
    row = play(job)
    if job.cache:
        with open(job.cache, "a", encoding="utf-8") as f:  # one short line: appended whole
            f.write(json.dumps(row | {"key": list(job.key())}) + "\n")
    return row


def play(job: Job) -> dict:
    """One game: its score and what the player did (a plain function for Dask)."""
    from planner.baseline import greedy_action
    from planner.solo import Watcher, play_game, search_policy

    from planner.round_search import make_evaluator

    seen: list = []
    forecasts: list = []
    value = job.value if job.policy == "planner" else "projection"

    class Forecasts(Watcher):
        def phase_ends(self, s, setting) -> None:
            seen.append(s)
            forecasts.append((s.round, make_evaluator(setting, value)(s)))

    search = job.search if job.policy == "planner" else "round"
    base, variants = parse_search(search)
    policy = greedy_action if job.policy == "greedy" else search_policy(job.nodes, value, base, **variants)
    result = play_game(policy, job.seed, watch=Forecasts())
    searched = getattr(policy, "searched", [0, 1])
    return {"policy": job.policy, "seed": job.seed, "nodes": job.nodes, "value": value, "search": search, "score": result.score,
            "forecasts": forecasts, "states_per_decision": searched[0] / max(1, searched[1]),
            **style(result.final, seen), **economy(result)}  # fmt: skip


def economy(result) -> dict:
    """The tile economy of a finished game: tiles on its boards, final income, -1 cells left, and
    the whole score by part (kept in the cache, so where a variant's points went can be read later)."""
    return {
        "tiles": sum(len(e.placements) for e in result.final.player.boards),
        "income": result.breakdown["final_income"],
        "negatives": result.breakdown["negatives"],
        "breakdown": dict(result.breakdown),
    }


def style(final, states: list) -> dict:
    kinds = [board_named(e.board).kind for e in final.player.boards]
    return {
        "explorations": kinds.count("exploration"),
        "houses": kinds.count("house"),
        "sheds": kinds.count("shed"),
        "ships": max(len(s.ships) + len(s.emigrated) for s in states),
        "emigrated": len(final.emigrated_ships),
        "animals": max(s.animals("sheep") + s.animals("cattle") for s in states),
        "bred": int(any(s.count("pregnant-sheep") or s.count("pregnant-cattle") for s in states)),
    }


SEARCHES = {"round": "one-round search", "two-round": "two-round root (planner/next_round.py)"}
# A search's name, then variants: "two-round+tiles0.5" credits tiles (planner/tile_credit.py),
# "two-round+further2" looks two rounds past the end of rounds 1-2 (planner/next_round.py),
# "two-round+rules1" follows the rules of thumb (planner/rules_of_thumb.py); "+last4" searches 4x the
# states in the last round ("two-round+rules1+last4" is affo solo's player).
VARIANTS = {"tiles": ("tile_credit", float, "tiles credited at {:g} of the projection's term"),
            "further": ("further_until", int, "two rounds past the end of rounds 1-{}"),
            "rules": ("rules", lambda digits: bool(int(digits)), "rules of thumb (planner/rules_of_thumb.py)"),
            "last": ("last_round_factor", int, "{}x the states in the last round")}  # fmt: skip


def parse_search(name: str) -> tuple[str, dict]:
    """(search, keyword arguments of planner.solo.search_policy) of a name such as "two-round"."""
    base, *variants = name.split("+")
    kwargs = {}
    for v in variants:
        word = v.rstrip("0123456789.")
        field, kind, _ = VARIANTS[word]
        kwargs[field] = kind(v[len(word):])
    return base, kwargs


def search_name(name: str) -> str:
    base, *variants = name.split("+")
    words = [VARIANTS[v.rstrip("0123456789.")][2].format(parse_search(f"x+{v}")[1].popitem()[1]) for v in variants]
    return ", ".join([SEARCHES[base], *words])


def planner_rows(rows: list[dict], value: str, search: str, nodes: int) -> list[dict]:
    return [r for r in rows if r["policy"] == "planner" and r["value"] == value and r.get("search", "round") == search and r["nodes"] == nodes]


def describe(rows: list[dict]) -> tuple[float, int, int]:
    scores = [r["score"] for r in rows]
    return statistics.mean(scores), min(scores), max(scores)


def style_line(name: str, rows: list[dict]) -> str:
    n = len(rows)

    def share(key: str) -> str:
        games = sum(1 for r in rows if r[key])
        return f"{games}/{n} ({statistics.mean(r[key] for r in rows):.1f})"

    return f"| {name} | " + " | ".join(share(k) for k in ("explorations", "ships", "emigrated", "animals", "bred", "houses", "sheds")) + " |"


def report(rows: list[dict], args, budgets: list[int]) -> list[str]:
    from benchmarks.planner import machine

    main = {f"planner ({s})": planner_rows(rows, args.value, s, args.nodes) for s in args.searches}
    main |= {p: [r for r in rows if r["policy"] == p and (p == "greedy" or r["nodes"] == args.nodes)] for p in ("one-round", "greedy") if not args.planner_only}
    lines = ["# Solo strength benchmark", "", f"Machine: {machine()}", "",
             f"Command: `python -m benchmarks.strength --games {args.games} --first-seed {args.first_seed} --nodes {args.nodes} "
             f"--budgets {','.join(map(str, budgets))} --budget-games {args.budget_games} --value {args.value}"
             + (f" --compare {','.join(args.compare)}" if args.compare else "")
             + (f" --searches {','.join(args.searches)}" if args.searches != ["round"] else "") + "`", "",
             f"## {args.games} seeded long solo games (seeds {args.first_seed}-{args.first_seed + args.games - 1}), the same seeds for every policy", "",
             "| policy | mean | min | max |", "|---|---|---|---|"]  # fmt: skip
    names = {f"planner ({s})": f"planner, learned value {args.value}, {search_name(s)} ({args.nodes} states a decision)" for s in args.searches}
    names |= {"one-round": f"one-round look-ahead, hand-made projection ({args.nodes} states a decision)",
              "greedy": "greedy baseline (one action ahead)"}  # fmt: skip
    for p, rs in main.items():
        mean, lo, hi = describe(rs)
        lines.append(f"| {names[p]} | {mean:.1f} | {lo} | {hi} |")
    lines += ["", "By seed:", "", "| seed | " + " | ".join(main) + " |", "|---|" + "---|" * len(main)]
    for seed in range(args.first_seed, args.first_seed + args.games):
        lines.append(f"| {seed} | " + " | ".join(str(next(r["score"] for r in rs if r["seed"] == seed)) for rs in main.values()) + " |")
    lines += ["", f"## Mean score against the node budget (planner, learned value {args.value})", ""]
    curve = range(args.first_seed, args.first_seed + args.budget_games)
    if args.budget_games < args.games:
        lines += [f"Seeds {curve[0]}-{curve[-1]} (the first {args.budget_games}) at every budget.", ""]
    lines += ["Each cell: mean (min-max), then the states the search really expanded a decision, on average (a search that "
              "exhausts its round stops short of the budget; the two-round search adds its next-round searches).", "",
              "| states a decision | " + " | ".join(search_name(s) for s in args.searches) + " |", "|---|" + "---|" * len(args.searches)]
    for b in budgets:
        cells = []
        for s in args.searches:
            rs = [r for r in planner_rows(rows, args.value, s, b) if r["seed"] in curve]
            mean, lo, hi = describe(rs)
            spent = [r["states_per_decision"] for r in rs if "states_per_decision" in r]
            cells.append(f"{mean:.1f} ({lo}-{hi})" + (f", {statistics.mean(spent):.0f} states" if len(spent) == len(rs) else ""))
        lines.append(f"| {b} | " + " | ".join(cells) + " |")
    lines += ["", "## What the players did (games where it happened / mean per game)", "",
              "Explorations: exploration boards taken; ships: ships built (kept or emigrated); animals: most sheep and cattle held "
              "at once; bred: a pregnant animal seen; houses: stone and long houses.", "",
              "| policy | explorations | ships | emigrated | animals | bred | houses | sheds |", "|---|---|---|---|---|---|---|---|"]  # fmt: skip
    for p, rs in main.items():
        lines.append(style_line(names[p], rs))
    return lines + calibration(main, args) + versions(rows, args)


def versions(rows: list[dict], args) -> list[str]:
    """The planner with each value version compared (`--compare`), same seeds and budget."""
    if not args.compare:
        return []
    lines = ["", f"## Value versions (planner, {args.nodes} states a decision, the same seeds)", "",
             "Calibration: mean |forecast - final score| in rounds 1-7, each version forecasting its own games.", "",
             "| value | mean | min | max | emigrated | calibration by round |", "|---|---|---|---|---|---|"]  # fmt: skip
    for v in [args.value, *args.compare]:
        rs = planner_rows(rows, v, args.searches[0], args.nodes)
        mean, lo, hi = describe(rs)
        errors = " / ".join(f"{e:.1f}" for e in error_by_round(rs).values())
        lines.append(f"| {v} | {mean:.1f} | {lo} | {hi} | {statistics.mean(r['emigrated'] for r in rs):.1f} | {errors} |")
    return lines


def calibration(main: dict, args) -> list[str]:
    """Mean |forecast - final score| by round: each policy's own leaf value at its own positions
    (the action phase's end), over these games, none of which the value was trained on."""
    lines = ["", "## Calibration: mean |forecast - final score| by round", "",
             f"The forecast is the leaf value at the end of each round's action phase; seeds {args.first_seed}-"
             f"{args.first_seed + args.games - 1} are held out (the learned value was trained on other seeds).", "",
             "| round | " + " | ".join(f"{p} ({v})" for p, v in ((s, f"learned {args.value}") for s in args.searches))
             + ("" if args.planner_only else " | one-round (projection)") + " |",
             "|---|" + "---|" * (len(args.searches) + (not args.planner_only))]  # fmt: skip
    errors = {p: error_by_round(main[p]) for p in [f"planner ({s})" for s in args.searches] + ([] if args.planner_only else ["one-round"])}
    for r in sorted(errors[f"planner ({args.searches[0]})"]):
        lines.append(f"| {r} | " + " | ".join(f"{errors[p].get(r, float('nan')):.1f}" for p in errors) + " |")
    return lines


def error_by_round(rows: list[dict]) -> dict[int, float]:
    by_round: dict[int, list[float]] = {}
    for r in rows:
        for round_, forecast in r["forecasts"]:
            by_round.setdefault(round_, []).append(abs(forecast - r["score"]))
    return {k: statistics.mean(v) for k, v in sorted(by_round.items())}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--nodes", type=int, default=40)
    ap.add_argument("--budgets", default="10,20,40,80")
    ap.add_argument("--value", default=CURRENT)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--budget-games", type=int, default=None, help="seeds played at every budget (default: --games)")
    ap.add_argument("--compare", default="", help="other value versions played at --nodes on every seed, e.g. v2,v4")
    ap.add_argument("--searches", default="round", help="the planner's searches, the first in the main table: round, two-round")
    ap.add_argument("--planner-only", action="store_true", help="play the planner alone (no one-round or greedy games)")
    ap.add_argument("--cache", default="", help="JSON-lines file of finished games: read, and appended to")
    ap.add_argument("--out", default=str(Path(__file__).with_name("RESULTS-strength.md")))
    args = ap.parse_args()
    args.budget_games = min(args.games, args.budget_games or args.games)
    args.compare = [v for v in args.compare.split(",") if v and v != args.value]
    args.searches = [s for s in args.searches.split(",") if s]
    if not args.searches or {parse_search(s)[0] for s in args.searches} - set(SEARCHES):
        ap.error(f"--searches: some of {', '.join(SEARCHES)}")
    budgets = sorted({int(b) for b in args.budgets.split(",")} | {args.nodes})
    seeds = range(args.first_seed, args.first_seed + args.games)
    curve = seeds[: args.budget_games]
    jobs = [Job("planner", s, b, args.value, args.cache, search) for b in budgets for s in (seeds if b == args.nodes else curve)
            for search in args.searches]  # fmt: skip
    jobs += [Job("planner", s, args.nodes, v, args.cache, args.searches[0]) for v in args.compare for s in seeds]
    if not args.planner_only:
        jobs += [Job("one-round", s, args.nodes, "projection", args.cache) for s in seeds] + [Job("greedy", s, 0, "", args.cache) for s in seeds]
    from planner.batch import map_in_order

    done = cached(args.cache)
    todo = [j for j in jobs if j.key() not in done]
    print(f"{len(jobs) - len(todo)} of {len(jobs)} games from the cache", flush=True)
    played = map_in_order(run, todo, None, args.workers, on_done=lambda d, n: print(f"played {d}/{n}", flush=True)) if todo else []
    fresh = {j.key(): r for j, r in zip(todo, played)}
    rows = [fresh.get(j.key()) or done[j.key()] for j in jobs]
    lines = report(rows, args, budgets)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
