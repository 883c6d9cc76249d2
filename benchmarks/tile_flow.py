"""Where a solo game's tiles come from and where they go, round by round (issue #11's diagnosis).

    python -m benchmarks.tile_flow --seeds 1,2,3 [--nodes 40] [--search two-round] [--rules] [--out FILE]

Plays each seed as `affo solo` does (planner/solo.py's loop, the placement engine laying tiles;
`--rules` follows the rules of thumb as `affo solo` does by default, off for the earlier runs' games)
and writes one JSON line a round: the actions taken (space and choice), the goods held when the
action phase ends, by colour, what the placement engine laid before income and what stayed in
supply, income and the -1 cells left uncovered after the layout, and what the quick layout the
search assumes (models/quick_layout.py) would have laid from the same supply. Prints a short
table per game. Deterministic (seeded games, node budgets).
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from models.pieces import piece
from models.quick_layout import greedy_layout
from models.round_rules import to_snapshot
from models.scoring import score
from planner.solo import Watcher


def _goods(snap) -> dict[str, int]:
    return {g: n for g, n in sorted(snap.player.goods.items()) if n}


def _by_colour(goods: dict[str, int]) -> dict[str, int]:
    c: Counter = Counter()
    for g, n in goods.items():
        p = piece(g)
        c[p.colour if p.kind == "good" else p.kind] += n * p.area
    return dict(sorted(c.items()))


def _placed(snap) -> Counter:
    return Counter(p.piece for e in snap.player.boards for p in e.placements)


def _summary(snap) -> dict:
    r = score(snap)
    return {"income": r.income, "negatives": r.breakdown["negatives"], "tiles": sum(_placed(snap).values())}


def _action(a) -> str:
    if a.kind != "space":
        return a.kind
    choice = {k: v for k, v in a.as_json()["choice"].items() if v}
    return a.space + (f" {json.dumps(choice, separators=(',', ':'))}" if choice else "")


class _Flow(Watcher):
    """A row a round as the game is played, and the game's end before the final placement."""

    def __init__(self, seed: int):
        self.seed, self.rows = seed, []

    def round_starts(self, s) -> None:
        self.actions = []

    def played(self, a) -> None:
        self.actions.append(_action(a))

    def phase_ends(self, s, setting) -> None:
        self.current = to_snapshot(s, setting)

    def round_ends(self, s, setting, laid, last, feast) -> None:
        current, quick = self.current, greedy_layout(self.current)
        before = _placed(current)
        self.rows.append({"seed": self.seed, "round": s.round, "actions": self.actions,
               "held": _goods(current), "held_cells": _by_colour(_goods(current)),
               "laid": dict(_placed(laid) - before), "kept": _goods(laid), "after": _summary(laid),
               "quick_laid": dict(_placed(quick) - before), "quick": _summary(quick),
               "silver": current.player.silver, "ore": current.player.resources.get("ore", 0),
               "ships": [sh.type for sh in current.player.ships], "emigrated": len(current.emigrated_ships),
               "boards": [e.board for e in current.player.boards], "eaten": dict(feast.goods_used)})  # fmt: skip

    def end_position(self, end):
        self.end = end
        return end


def play(seed: int, nodes: int, search: str, value: str, rules: bool = False) -> list[dict]:
    from planner.solo import play_game, search_policy

    flow = _Flow(seed)
    result = play_game(search_policy(nodes, value, search, rules=rules), seed, watch=flow)
    return flow.rows + [{"seed": seed, "round": "final", "score": result.score, "breakdown": result.breakdown,
                         "laid": dict(_placed(result.final) - _placed(flow.end)), "after": _summary(result.final)}]  # fmt: skip


def main() -> None:
    from planner.value import CURRENT

    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--nodes", type=int, default=40)
    ap.add_argument("--search", default="two-round")
    ap.add_argument("--value", default=CURRENT)
    ap.add_argument("--rules", action="store_true", help="follow the rules of thumb, as affo solo does by default")
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    for seed in [int(x) for x in args.seeds.split(",")]:
        rows = play(seed, args.nodes, args.search, args.value, args.rules)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.writelines(json.dumps(r) + "\n" for r in rows)
        for r in rows:
            if r["round"] == "final":
                print(f"seed {seed} final {r['score']} {r['breakdown']} laid {r['laid']}", flush=True)
                continue
            print(f"seed {seed} round {r['round']}: {'; '.join(r['actions'])}", flush=True)
            print(f"   held {r['held']}  laid {r['laid']}  kept {r['kept']}  -> {r['after']}  quick {r['quick']}", flush=True)


if __name__ == "__main__":
    main()
