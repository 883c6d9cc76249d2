"""The heuristic policy: one step of look-ahead over the projected final score (value.py).

Each legal action is valued by what follows it: chance in exact expectation, and the decision a
die asks for (spend, fail or re-roll) taken at its best, so a hunt or a raid is valued with its
odds, not as the roll not yet made. The round's end (after a pass) runs in full: tiles, income,
breeding, feast, bonuses, the next strip and the next weapon draw, each in expectation.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from models.engine import flow
from models.engine.state import DECIDE, State
from planner.whole_game.value import DEFAULT, Weights, value

Valuer = Callable[[State], float]


def expected(s: State, valuer: Valuer, memo: dict) -> float:
    """Chance in expectation, die decisions at their best, then `valuer` at the next decision."""
    found = memo.get(s)
    if found is not None:
        return found
    who = flow.who(s)
    if who == flow.CHANCE:
        out = sum(float(p) * expected(flow.apply(s, o), valuer, memo) for p, o in flow.chance_outcomes(s))
    elif who == flow.PLAYER and s.stage == DECIDE:
        out = max(expected(flow.apply(s, a), valuer, memo) for a in flow.legal_actions(s))
    else:
        out = valuer(s)
    memo[s] = out
    return out


def ranked(s: State, actions, valuer: Valuer) -> list[tuple[float, int]]:
    """(value, index) of each action, best first; ties keep the game's order."""
    memo: dict = {}
    scored = [(expected(flow.apply(s, a), valuer, memo), i) for i, a in enumerate(actions)]
    return sorted(scored, key=lambda vi: (-vi[0], vi[1]))


def heuristic_policy(weights: Weights = DEFAULT):
    """A policy (game, state, rng) -> action for planner.search: the best action by `value`."""

    def valuer(s: State) -> float:
        return value(s, weights)

    def choose(game, state: State, rng: random.Random):
        actions = game.legal_actions(state)
        return actions[ranked(state, actions, valuer)[0][1]]

    return choose
