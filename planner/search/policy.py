"""Policies (game, state, rng) -> action, and playing a game to its end with them (for self-play)."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from planner.search.collector import collector_paused
from planner.search.protocol import CHANCE, TERMINAL, Game

Policy = Callable[[Game, object, random.Random], Hashable]
Evaluate = Callable[[object], Sequence[float]]


def sample_outcome(outcomes: Sequence[tuple[Fraction, Hashable]], rng: random.Random) -> Hashable:
    """Draw one chance outcome with its probability (one rng draw, so replays are exact)."""
    r = rng.random()
    total = 0.0
    for probability, outcome in outcomes:
        total += float(probability)
        if r < total:
            return outcome
    return outcomes[-1][1]


def random_policy(game: Game, state, rng: random.Random) -> Hashable:
    return rng.choice(list(game.legal_actions(state)))


def expected_value(game: Game, state, player: int, evaluate: Evaluate) -> float:
    """The player's value of `state`: returns when over, `evaluate` otherwise, chance in expectation."""
    kind = game.current_player(state)
    if kind == TERMINAL:
        return float(game.returns(state)[player])
    if kind == CHANCE:
        return sum(float(p) * expected_value(game, game.apply(state, o), player, evaluate) for p, o in game.chance_outcomes(state))
    return float(evaluate(state)[player])


def greedy_policy(evaluate: Evaluate | None = None) -> Policy:
    """One step of look-ahead: the action whose result `evaluate` values most (first in order on ties)."""

    def choose(game: Game, state, rng: random.Random) -> Hashable:
        value = evaluate or game.evaluate
        player = game.current_player(state)
        actions = list(game.legal_actions(state))
        scores = [expected_value(game, game.apply(state, a), player, value) for a in actions]
        return actions[max(range(len(actions)), key=lambda i: (scores[i], -i))]

    return choose


@dataclass(frozen=True)
class Trajectory:
    states: tuple  # every state visited, the initial one first and the final one last
    actions: tuple  # actions[i] leads from states[i] to states[i + 1] (chance outcomes included)
    returns: tuple[float, ...] | None  # None when max_steps stopped the game early


@collector_paused()
def play(game: Game, policy: Policy | Sequence[Policy], seed: int, *, max_steps: int | None = None, state=None) -> Trajectory:
    """Play from `state` (the initial state by default) to the end; one policy or one per player."""
    rng = random.Random(seed)
    policies = [policy] * game.num_players if callable(policy) else list(policy)
    state = game.initial_state() if state is None else state
    states, actions = [state], []
    while (kind := game.current_player(state)) != TERMINAL:
        if max_steps is not None and len(actions) >= max_steps:
            return Trajectory(tuple(states), tuple(actions), None)
        if kind == CHANCE:
            action = sample_outcome(game.chance_outcomes(state), rng)
        else:
            action = policies[kind](game, state, rng)
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return Trajectory(tuple(states), tuple(actions), tuple(float(r) for r in game.returns(state)))
