"""The whole-game player: each decision of a solo long game chosen by a seeded, budgeted search.

A decision with one legal action is taken at once. Otherwise the actions are ranked by the
heuristic policy's one-step look-ahead (policy.py); with a budget of 0 the best of them is
played, else MCTS (planner/search/mcts.py) runs `nodes` simulations from the position over the
`width` best actions, chance visited in exact proportion, leaves valued by value.py. In the last
round, once the rest of the game is small enough for exact expectimax to finish within
`endgame_nodes` states (every legal action, chance exact, the true final score at the end),
its proven best action is played instead. The search seed is the game seed and the decision's
number, so the same seed and budget give the same game, and the clock is never read.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from models.engine.round_end import is_last_round
from models.engine.state import State
from planner.affo_game import AffoGame
from planner.search.expectimax import expectimax
from planner.search.mcts import mcts
from planner.search.policy import Trajectory, play
from planner.whole_game.policy import ranked
from planner.whole_game.value import DEFAULT, Weights, value


class PrunedGame(AffoGame):
    """AffoGame with each decision's actions cut to the `width` the heuristic ranks best (the
    order kept: best first), so a search spends its budget where play is plausible."""

    def __init__(self, weights: Weights = DEFAULT, width: int = 8):
        super().__init__()
        self.weights = weights
        self.width = width
        self._pruned: dict[State, tuple] = {}

    def legal_actions(self, state: State) -> tuple:
        found = self._pruned.get(state)
        if found is None:
            actions = super().legal_actions(state)
            if len(actions) > self.width:
                best = ranked(state, actions, self.valuer)[: self.width]
                actions = tuple(actions[i] for _, i in best)
            if len(self._pruned) > 100_000:
                self._pruned.clear()
            found = self._pruned[state] = actions
        return found

    def valuer(self, state: State) -> float:
        return value(state, self.weights)

    def evaluate(self, state: State) -> tuple[float]:
        return (self.valuer(state),)


@dataclass
class WholeGamePlayer:
    """A policy (game, state, rng) -> action for planner.search.policy.play."""

    nodes: int = 200
    width: int = 8
    seed: int = 0
    weights: Weights = DEFAULT
    exploration: float = 0.5
    endgame_nodes: int = 3000
    endgame_vikings: int = 2  # try the exact endgame with at most this many Vikings left
    decisions: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.game = PrunedGame(self.weights, self.width)

    def __call__(self, game, state: State, rng: random.Random):
        actions = self.game.legal_actions(state)
        self.decisions += 1
        if len(actions) == 1:
            return actions[0]
        exact = self.endgame(state)
        if exact is not None:
            return exact
        if self.nodes <= 0:
            return actions[0]
        found = mcts(self.game, state, nodes=self.nodes, seed=self.seed * 100_003 + self.decisions,
                     exploration=self.exploration, line_length=0)  # fmt: skip
        return found.action


    def endgame(self, state: State):
        """The proven best action when the rest of the game fits the exact budget, else None."""
        if not is_last_round(state) or state.vikings_left > self.endgame_vikings or self.endgame_nodes <= 0:
            return None
        found = expectimax(AffoGame(), state, nodes=self.endgame_nodes, line_length=0)
        return found.action if found.exact else None


def play_game(seed: int, nodes: int = 200, width: int = 8, weights: Weights = DEFAULT) -> Trajectory:
    """One seeded long solo game played by the whole-game player (chance drawn from `seed`)."""
    player = WholeGamePlayer(nodes=nodes, width=width, seed=seed, weights=weights)
    return play(AffoGame(), player, seed)
