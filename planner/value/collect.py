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

from dataclasses import dataclass


@dataclass(frozen=True)
class Job:
    seed: int
    nodes: int
    value: str = "projection"  # the planner's leaf value: "projection" or a model file's version
    explore: float = 0.0
    position: str = "held"  # the features recorded: of the position as it is, or "laid" (laid.py)
    search: str = "round"  # the planner playing: "round" or "two-round" (planner.solo.search_policy's)
    tile_credit: float = 0.0  # the player's leaf credit for tiles held (planner/tile_credit.py): games that fill boards
    rules: bool = False  # the player follows the rules of thumb (planner/rules_of_thumb.py), as affo solo's does
    last_round_factor: int = 1  # the last round searches this many times the states (LAST_ROUND_FACTOR for affo solo's)


@dataclass(frozen=True)
class Played:
    job: Job
    score: int
    breakdown: dict
    rows: list  # [round, *features, prediction of the value the planner used]


def play_job(job: Job) -> Played:
    """One game and its positions; a plain function so Dask can send it to any worker."""
    from planner.round_search import make_evaluator
    from planner.solo import Watcher, play_game, search_policy
    from planner.value.features import features

    from planner.value.laid import laid_position

    rows: list = []

    class Positions(Watcher):
        def phase_ends(self, s, setting) -> None:
            ev = make_evaluator(setting, job.value)
            x = features(*laid_position(s, setting, {})) if job.position == "laid" else features(s, setting, ev)
            rows.append([s.round, *x, ev(s)])

    policy = search_policy(job.nodes, job.value, job.search, job.tile_credit, explore=job.explore, seed=job.seed, rules=job.rules,
                           last_round_factor=job.last_round_factor)
    result = play_game(policy, job.seed, watch=Positions())
    return Played(job, result.score, result.breakdown, rows)


def play_jobs(jobs: list[Job], workers: int = 2, on_done=None) -> list[Played]:
    from planner.batch import map_in_order

    return map_in_order(play_job, jobs, None, workers, on_done)


def frame(played: list[Played]):
    """One row per (game, round): seed, policy (nodes, value, explore, search, rules, last-round factor), round, features, the value used, final score."""
    import pandas as pd

    from planner.value.features import NAMES

    records = []
    for g in played:
        for row in g.rows:
            rec = {"seed": g.job.seed, "nodes": g.job.nodes, "value": g.job.value, "explore": g.job.explore, "position": g.job.position,
                   "search": g.job.search, "rules": g.job.rules, "last_round_factor": g.job.last_round_factor,
                   "round": row[0]}  # fmt: skip
            rec.update(zip(NAMES, row[1:-1]))
            rec["value used"] = row[-1]
            rec["final score"] = g.score
            records.append(rec)
    return pd.DataFrame(records)
