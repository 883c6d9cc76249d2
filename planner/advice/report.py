"""The advice for one searched position: the plan's line with words, dice, cards, tiles, feast."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from models.round_rules import Setting, State
from planner.advice.alternatives import Alternative, distinct
from planner.advice.line import LineStep, round_end_state, walk
from planner.advice.occupations import played_by_step
from planner.advice.reasons import gains, reasons
from planner.advice.rolls import RollPlan, roll_plan
from planner.advice.table import RoundEnd, round_end
from planner.round_search import Plan


@dataclass(frozen=True)
class AdvisedStep:
    line: LineStep
    reason: str
    dice: RollPlan | None
    played: tuple[str, ...]  # occupation cards this step plays, by name


@dataclass
class Advice:
    plan: Plan
    steps: list[AdvisedStep]
    end: RoundEnd  # this round's end if the line is followed
    alternatives: list[Alternative]

    def as_json(self) -> dict:
        """The plan's JSON, extended: nothing it had is renamed or removed."""
        out = self.plan.as_json()
        for data, step in zip(out["steps"], self.steps):
            data["reason"] = step.reason
            data["dice"] = step.dice.as_json() if step.dice else None
            data["occupations_played"] = list(step.played)
        out["next_action"] = out["steps"][0] if out["steps"] else None
        best = self.plan.value
        out["alternatives"] = [{"action": a.action.as_json(), "expected_value": round(a.value, 3),
                                "difference": round(a.value - best, 3), "gains": a.gains} for a in self.alternatives]  # fmt: skip
        out["round_end"] = self.end.as_json()
        return out


def advise(plan: Plan, root: State, setting: Setting, harvest: Sequence[int] | None = None) -> Advice:
    """Explain `plan`, the search's answer from `root` (`harvest`: the search's schedule)."""
    actions = [s.action for s in plan.steps]
    line = walk(root, setting, actions, harvest)
    end = round_end(round_end_state(root, line), setting)
    played = played_by_step(setting, actions)
    words = reasons(line, end, played)
    steps = [
        AdvisedStep(step, why, roll_plan(step.pending, setting) if step.pending else None, tuple(played.get(step.number, ())))
        for step, why in zip(line, words)
    ]
    return Advice(plan, steps, end, _alternatives(plan, root, setting, harvest))


def _alternatives(plan: Plan, root: State, setting: Setting, harvest: Sequence[int] | None) -> list[Alternative]:
    picked = distinct([(r.value, r.action) for r in plan.ranked], [s.action for s in plan.steps])
    return [Alternative(a, v, gains(walk(root, setting, [a], harvest)[0])) for v, a in picked]
