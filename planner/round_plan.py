"""What a round search answers: the plan along its best line, its steps, their outcomes, the
root's other choices (planner/round_search.py builds them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from models.round_rules import Action


@dataclass(frozen=True)
class Outcome:
    probability: float
    note: str
    value: float


@dataclass(frozen=True)
class Step:
    action: Action
    round: int
    vikings: int
    value: float  # expected value after this step (backed up)
    gain: float  # expected evaluation after minus evaluation before
    reason: str
    outcomes: tuple[Outcome, ...] = ()  # chance steps: every outcome; the line follows the likeliest

    def as_json(self) -> dict:
        return {
            "action": self.action.as_json(),
            "round": self.round,
            "vikings": self.vikings,
            "expected_value": round(self.value, 3),
            "expected_gain": round(self.gain, 3),
            "reason": self.reason,
            "outcomes": [{"probability": round(o.probability, 6), "outcome": o.note, "value": round(o.value, 3)} for o in self.outcomes],
        }


@dataclass(frozen=True)
class Alternative:
    action: Action
    value: float


@dataclass
class Plan:
    steps: list[Step]
    value_now: float  # evaluation of the snapshot (passing at once)
    value: float  # backed-up value of the plan
    alternatives: list[Alternative]
    expanded: int
    evaluations: int
    seconds: float
    graph_nodes: int  # decision and chance nodes the search reached
    value_source: str = "projection"  # what the values are: Options.value
    rule: str = ""  # why the first step was taken by a rule of thumb (planner/rules_of_thumb.py), if it was
    ranked: list[Alternative] = field(default_factory=list, repr=False)  # every root action, best first (planner/advice)

    @property
    def value_meaning(self) -> str:
        if self.value_source == "projection":
            return "projected final score (hand-made projection, planner/evaluate.py): an estimate, not calibrated"
        return f"forecast final score (learned value {self.value_source}, calibrated on held-out self-play games): an estimate"

    def as_json(self) -> dict:
        return {
            "next_action": self.steps[0].as_json() if self.steps else None,
            "steps": [s.as_json() for s in self.steps],
            "value_now": round(self.value_now, 3),
            "expected_value": round(self.value, 3),
            "value_is": self.value_meaning,
            "rule_of_thumb": self.rule or None,
            "alternatives": [{"action": a.action.as_json(), "expected_value": round(a.value, 3)} for a in self.alternatives],
            "search": {"states_expanded": self.expanded, "evaluations": self.evaluations, "graph_nodes": self.graph_nodes},
        }


__all__ = ["Alternative", "Outcome", "Plan", "Step"]
