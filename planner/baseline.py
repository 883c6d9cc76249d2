"""The baseline policy: greedy one-step lookahead on the same evaluation as the planner.

It takes the legal action whose expected evaluation afterwards is highest and passes when no
action improves on passing. It sees no further than one action, so it cannot weigh a Viking
spent now against a better space later - exactly what the planner's search adds.
"""

from __future__ import annotations

from models.round_rules import Action, Setting, State, legal_actions
from planner.chance import outcomes
from planner.evaluate import Evaluator


def greedy_action(s: State, setting: Setting, evaluate: Evaluator | None = None) -> Action | None:
    evaluate = evaluate or Evaluator(setting)
    best, best_value = None, evaluate(s)
    for a in legal_actions(s, setting):
        v = sum(float(b.probability) * evaluate(b.state) for b in outcomes(s, a, setting))
        if v > best_value + 1e-9:
            best, best_value = a, v
    return best
