"""How much of the review's claimed action losses a game really loses: the calibration of `affo review`'s action judge.

`affo review` values a recorded action against the best choice of one 20-state search of the round (the "search"
judge) and calls the difference of the two forecasts the points the action missed, an estimate. This study takes
games `affo solo` plays, reviews their records as `affo review` does (a rule of thumb's or a choice rule's move is the
player's own, and claims nothing), and for every action claimed to miss at least `--least` points plays the game on twice
from that decision: once with the action played, once with the judge's best, each followed by `affo solo`'s player
to the end, with the same dice (reseeded at the decision, `--futures` times) in both, so the paired difference of
the final scores is what the choice really cost.

Run: python -m benchmarks.review_calibration --seeds 3,4 --futures 4 [--least 1.0] [--from-round 3]
Prints one row per judged decision and the summary: mean claimed against mean realised loss, and their regression.
Node budgets and seeds fix every game, so the figures do not depend on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import statistics
from dataclasses import dataclass

from planner.review.actions import NODES
from planner.round_search import LAST_ROUND_FACTOR
from planner.solo import play_game, search_policy
from planner.value import CURRENT


@dataclass
class Claim:
    seed: int
    index: int  # the decision's number in the game, from 0
    round: int
    played: object  # Action
    best: object  # Action
    claimed: float


def shipped_policy():
    """`affo solo`'s player."""
    return search_policy(NODES, CURRENT, "two-round", rules=True, last_round_factor=LAST_ROUND_FACTOR)


def recorded_game(seed: int) -> tuple[list, int]:
    """Every decision of `affo solo --seed seed`: (state, setting, action; None where the round's actions end), and
    the final score."""
    policy, decisions = shipped_policy(), []

    def watched(s, setting):
        a = policy(s, setting)
        decisions.append((s, setting, a))
        return a

    return decisions, play_game(watched, seed).score


def claims(seed: int, decisions: list, least: float, from_round: int) -> list[Claim]:
    """The actions `affo review`'s default judge says missed at least `least` points, judged on the game's record
    (`affo solo --record`: the review rebuilds every position the player chose in, planner/review/actions.py)."""
    from models.record import parse_record
    from models.round_rules import legal_actions
    from planner.review.actions import review_actions
    from planner.solo_record import play_solo

    record = parse_record(play_solo(seed).record)  # parse_record reads it as `affo review` reads the file
    taken = iter([i for i, (_, _, a) in enumerate(decisions) if a is not None])  # the record's actions, in order
    out = []
    for k, r in enumerate(record.rounds):
        indices = [next(taken) for _ in r.actions]
        if r.round < from_round:
            continue
        for judged, index in zip(review_actions(record, k).judged, indices):
            s, setting, played = decisions[index]
            assert judged.played == played.label, "the record's actions and the game's decisions part"
            best = next((a for a in legal_actions(s, setting) if a.label == judged.best), None)
            if judged.loss >= least and best is not None:
                out.append(Claim(seed, index, s.round, played, best, judged.loss))
    return out


def played_on(seed: int, decisions: list, index: int, first, future: int) -> int:
    """The final score when the game follows `decisions` up to `index`, plays `first` there, then `affo solo`'s player;
    the dice reseeded at `index` by `future`."""
    dice, policy, step = random.Random(f"dice-{seed}"), shipped_policy(), [0]

    def replay(s, setting):
        i = step[0]
        if i < index:
            step[0] += 1
            return decisions[i][2]
        if i == index:
            assert s == decisions[index][0], "the replay left the recorded game before the decision"
            step[0] += 1
            dice.seed(f"dice-{seed}-after-{index}-{future}")
            return first
        return policy(s, setting)

    return play_game(replay, seed, dice=dice).score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="3,4")
    parser.add_argument("--futures", type=int, default=4)
    parser.add_argument("--least", type=float, default=1.0)
    parser.add_argument("--from-round", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for seed in [int(x) for x in args.seeds.split(",")]:
        decisions, score = recorded_game(seed)
        print(f"seed {seed}: {score} points, {len(decisions)} decisions", flush=True)
        for c in claims(seed, decisions, args.least, args.from_round):
            diffs = [played_on(seed, decisions, c.index, c.best, f) - played_on(seed, decisions, c.index, c.played, f) for f in range(args.futures)]
            rows.append((c, statistics.mean(diffs)))
            print(f"  round {c.round} decision {c.index}: {c.played.label} | best {c.best.label} | claimed {c.claimed:.1f} | realised {statistics.mean(diffs):+.1f} {diffs}", flush=True)
    if rows:
        claimed = [c.claimed for c, _ in rows]
        realised = [r for _, r in rows]
        print(f"{len(rows)} claims: mean claimed {statistics.mean(claimed):.2f}, mean realised {statistics.mean(realised):+.2f}"
              f" (standard error {statistics.stdev(realised) / len(rows) ** 0.5 if len(rows) > 1 else float('nan'):.2f})")
        if len(rows) > 2 and statistics.pstdev(claimed) > 0:
            slope, intercept = statistics.linear_regression(claimed, realised)
            print(f"realised = {slope:.2f} x claimed {intercept:+.2f}")


if __name__ == "__main__":
    main()
