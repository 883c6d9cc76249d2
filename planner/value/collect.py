"""Positions from seeded solo games, each labelled with the game's final score: the learned
value's training and test data.

A game is `planner.solo.play_game` (the game `affo solo --seed N --nodes K` plays when the
value is the current model and the search two-round) with the round planner choosing (`search`:
this round's search alone, or the two-round root `affo solo` uses); `explore` > 0 makes it, with that probability per decision, take one of the
planner's other root alternatives instead (seeded: the same job gives the same game), so the
data holds positions the planner alone would never reach. One row per round: the position as
that round's action phase ends (planner/value/features.py; with `position="laid"`, once its tiles
are laid, planner/value/laid.py), its round, and the final score.
"""

from __future__ import annotations

import random
from dataclasses import dataclass


@dataclass(frozen=True)
class Job:
    seed: int
    nodes: int
    value: str = "projection"  # the planner's leaf value: "projection" or a model file's version
    explore: float = 0.0
    position: str = "held"  # the features recorded: of the position as it is, or "laid" (laid.py)
    search: str = "round"  # the planner playing: "round" or "two-round" (planner_policy's)


@dataclass(frozen=True)
class Played:
    job: Job
    score: int
    breakdown: dict
    rows: list  # [round, *features, prediction of the value the planner used]


def planner_policy(nodes: int, value: str = "projection", explore: float = 0.0, seed: int = 0, search: str = "round"):
    """The round planner as a solo-game policy: re-plans before every action. `search`: "round"
    (this round's actions, valued at its end) or "two-round" (the root's best lines carried into
    the next round, planner/next_round.py)."""
    from planner.next_round import Memo, plan_two_rounds
    from planner.round_search import Options, plan

    rng = random.Random(f"explore-{seed}")
    options = Options(nodes=nodes, value=value)
    memo = Memo()

    def choose(s, setting):
        p = plan_two_rounds(s, setting, options, memo) if search == "two-round" else plan(s, setting, options)
        choose.searched[0] += p.expanded
        choose.searched[1] += 1
        if not p.steps:
            return None
        picks = [p.steps[0].action] + [a.action for a in p.alternatives]
        if explore and len(picks) > 1 and rng.random() < explore:
            return picks[rng.randrange(len(picks))]
        return picks[0]

    choose.searched = [0, 0]  # states expanded, decisions: what a game's search cost
    return choose


def play_job(job: Job) -> Played:
    """One game and its positions; a plain function so Dask can send it to any worker."""
    from planner.round_search import make_evaluator
    from planner.solo import play_game
    from planner.value.features import features

    from planner.value.laid import laid_position

    rows: list = []

    def observe(s, setting) -> None:
        ev = make_evaluator(setting, job.value)
        x = features(*laid_position(s, setting, {})) if job.position == "laid" else features(s, setting, ev)
        rows.append([s.round, *x, ev(s)])

    result = play_game(planner_policy(job.nodes, job.value, job.explore, job.seed, job.search), job.seed, observe=observe)
    return Played(job, result.score, result.breakdown, rows)


def play_jobs(jobs: list[Job], workers: int = 2, on_done=None) -> list[Played]:
    from planner.batch import map_in_order

    return map_in_order(play_job, jobs, None, workers, on_done)


def frame(played: list[Played]):
    """One row per (game, round): seed, policy (nodes, value, explore, search), round, features, the value used, final score."""
    import pandas as pd

    from planner.value.features import NAMES

    records = []
    for g in played:
        for row in g.rows:
            rec = {"seed": g.job.seed, "nodes": g.job.nodes, "value": g.job.value, "explore": g.job.explore, "position": g.job.position,
                   "search": g.job.search, "round": row[0]}  # fmt: skip
            rec.update(zip(NAMES, row[1:-1]))
            rec["value used"] = row[-1]
            rec["final score"] = g.score
            records.append(rec)
    return pd.DataFrame(records)
