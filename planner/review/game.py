"""A whole recorded game reviewed: every round's feast and tiles, the end-of-game placement."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from models.record import GameRecord
from planner.review.actions import ActionsReview, review_actions
from planner.review.feast import FeastReview, review_feast
from planner.review.placement import FinalReview, PlacementReview, review_final, review_round_placement

Progress = Callable[[str], None]


@dataclass(frozen=True)
class RoundReview:
    round: int
    feast: FeastReview
    placement: PlacementReview
    score: int  # the end-of-game score if the game had ended after this round (as laid)
    actions: ActionsReview | None = None

    @property
    def missed_points(self) -> float:
        judged = self.actions.missed_points if self.actions else 0.0
        return self.feast.missed_points + self.placement.missed_points + judged

    def as_json(self) -> dict:
        return {
            "round": self.round,
            "score": self.score,
            "feast": self.feast.as_json(),
            "placement": self.placement.as_json(),
            "actions": self.actions.as_json() if self.actions else None,
            "missed_points": round(self.missed_points, 2),
        }


@dataclass(frozen=True)
class Moment:
    """One costly decision: where, what, and how many points it cost."""

    round: int | None  # None: the end-of-game placement
    what: str
    points: float

    def as_json(self) -> dict:
        return {"round": self.round, "what": self.what, "points": self.points}


@dataclass(frozen=True)
class GameReview:
    rounds: tuple[RoundReview, ...]
    final: FinalReview | None

    @property
    def missed_total(self) -> float:
        return sum(r.missed_points for r in self.rounds) + (self.final.missed_points if self.final else 0.0)

    def moments(self) -> list[Moment]:
        """Every decision that cost points, costliest first (ties: earliest first)."""
        found = []
        for r in self.rounds:
            if r.feast.missed_points > 0:
                found.append(Moment(r.round, f"feast: {r.feast.penalties} Thing Penalties where {r.feast.best_penalties} was possible", r.feast.missed_points))
            if r.placement.missed_points > 0:
                found.append(Moment(r.round, f"tiles: income {r.placement.income} where {r.placement.best_income} was possible", r.placement.missed_points))
            for j in r.actions.judged if r.actions else ():
                if j.loss >= 0.5:
                    found.append(Moment(r.round, f"action: {j.played} where {j.best} was worth more (estimate)", round(j.loss, 2)))
        if self.final and self.final.missed_points > 0:
            found.append(Moment(None, f"end-of-game placement: {self.final.points} points where {self.final.best_points} was possible", self.final.missed_points))
        return sorted(found, key=lambda m: (-m.points, m.round if m.round is not None else 99))

    def as_json(self) -> dict:
        return {
            "rounds": [r.as_json() for r in self.rounds],
            "final": self.final.as_json() if self.final else None,
            "summary": {
                "missed_by_round": {str(r.round): r.missed_points for r in self.rounds},
                "missed_total": self.missed_total,
                "costliest": [m.as_json() for m in self.moments()[:3]],
                "note": "feast: 3 points per avoidable Thing Penalty (proven); tiles: income missed x income "
                "phases left (an estimate of points); actions: the planner's expected-value difference "
                "(an estimate); end-of-game placement: points (proven)",
            },
        }


FINAL = None  # the part of a review that is the end-of-game placement (the others are round indices)


def review_game(
    record: GameRecord, values: dict[str, float] | None = None, progress: Progress | None = None, judge: str | None = "search",
    workers: int = 1,
) -> GameReview:
    """Review every round of `record` (and its end-of-game placement, if given). With `workers`
    > 1 the rounds, which share nothing, are reviewed side by side in that many processes
    (planner/batch.py's `map_here`); the answer is the same. `judge`: how recorded actions are
    judged (planner/review/actions.py's JUDGES), or None not to judge them."""
    from models.values import default_values

    values = values or default_values()
    say = progress or (lambda _: None)
    parts: list[int | None] = list(range(len(record.rounds))) + ([FINAL] if record.final is not None else [])
    review = partial(review_parts, record, values, judge)
    if workers > 1 and len(parts) > 1:
        from planner.batch import balanced, map_here

        # a round's cost grows with its number (more Vikings, more actions to judge); the end-of-game placement's is about
        # round 4's (examples/game-long.json, the two groups' CPU: 4.5 and 4.2 s judged by the search, 8.3 and 8.4 as the player)
        groups = balanced(parts, workers, lambda i: 4 if i is FINAL else i + 1)
        done = map_here(review, groups, workers, lambda n, total: say(f"{n} of {total} groups of rounds done"))
        found = dict(kv for group in done for kv in group)
    else:
        found = dict(review(parts, say))
    final = found.pop(FINAL) if record.final is not None else None
    return GameReview(tuple(found[i] for i in range(len(record.rounds))), final)


def review_parts(record: GameRecord, values: dict[str, float], judge: str | None, parts: list[int | None],
                 say: Progress | None = None) -> list[tuple[int | None, RoundReview | FinalReview]]:  # fmt: skip
    """Each part reviewed: a round by its index in the record, or the end-of-game placement (FINAL)."""
    from models.scoring import score

    say = say or (lambda _: None)
    out: list = []
    for i in parts:
        if i is FINAL:
            say("end-of-game placement")
            out.append((i, review_final(record.rounds[-1].snapshot, record.final)))
            continue
        r = record.rounds[i]
        say(f"round {r.round}: feast")
        feast = review_feast(r.snapshot, values)
        say(f"round {r.round}: tiles")
        placement = review_round_placement(record.before(i), r.snapshot)
        actions = None
        if judge and r.actions is not None:
            say(f"round {r.round}: actions (planner estimates)")
            actions = review_actions(record, i, judge=judge)
        out.append((i, RoundReview(r.round, feast, placement, score(r.snapshot).total, actions)))
    return out
