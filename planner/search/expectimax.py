"""Exact expectimax over the Game protocol: max for the player to decide, expectation at chance.

Values are vectors (one entry per player); each player maximises their own entry. Arithmetic
stays exact (Fraction) when the game's returns are integers or Fractions. States merge
on `game.key`, so a position reached by several paths is solved once. With a depth or node
limit, positions beyond it are valued by `evaluate` and the answer is labelled an estimate.
The recursion follows the game's depth, so long games need a `depth`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from fractions import Fraction

from planner.search.collector import collector_paused
from planner.search.protocol import CHANCE, TERMINAL, Game
from planner.search.result import Alternative, Result, Step

Evaluate = Callable[[object], Sequence[float]]


class _Expectimax:
    def __init__(self, game: Game, depth: int | None, nodes: int | None, deadline: float | None, evaluate: Evaluate | None):
        self.game = game
        self.depth = depth
        self.nodes = nodes
        self.deadline = deadline
        self.evaluate = evaluate or game.evaluate
        self.memo: dict = {}  # (key, depth left) -> value vector
        self.expanded = 0
        self.cut = False  # True once any position was valued by evaluate instead of solved

    def out_of_budget(self) -> bool:
        if self.nodes is not None and self.expanded >= self.nodes:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline

    def value(self, state, depth: int | None) -> tuple[float, ...]:
        g = self.game
        player = g.current_player(state)
        if player == TERMINAL:
            return tuple(g.returns(state))
        memo_key = (g.key(state), depth)
        if memo_key in self.memo:
            return self.memo[memo_key]
        if depth == 0 or self.out_of_budget():
            self.cut = True
            return tuple(self.evaluate(state))
        self.expanded += 1
        below = None if depth is None else depth - 1
        if player == CHANCE:
            children = [(p, self.value(g.apply(state, o), below)) for p, o in g.chance_outcomes(state)]
            result = tuple(sum(p * v[i] for p, v in children) for i in range(g.num_players))
        else:
            result = max((self.value(g.apply(state, a), below) for a in g.legal_actions(state)), key=lambda v: v[player])
        self.memo[memo_key] = result
        return result


@collector_paused()
def expectimax(game: Game, state=None, *, depth: int | None = None, nodes: int | None = None, deadline: float | None = None,
               evaluate: Evaluate | None = None, line_length: int = 50) -> Result:
    """Solve from `state` (the initial state by default). `deadline` is a time.monotonic() instant.

    Exact (`result.exact`) when no position was cut by depth, node budget or deadline. The
    line follows the best action at decisions and the likeliest outcome at chance nodes."""
    state = game.initial_state() if state is None else state
    search = _Expectimax(game, depth, nodes, deadline, evaluate)
    root_player = game.current_player(state)
    value = search.value(state, depth)
    me = root_player if root_player >= 0 else 0
    alternatives: list[Alternative] = []
    best = None
    if root_player >= 0:
        below = None if depth is None else depth - 1
        ranked = []
        for i, action in enumerate(game.legal_actions(state)):
            ranked.append((-search.value(game.apply(state, action), below)[me], i, action))
        ranked.sort(key=lambda r: (r[0], r[1]))
        best = ranked[0][2]
        alternatives = [Alternative(a, game.label(state, a), -v) for v, _, a in ranked]
    line = _line(search, state, depth, me, line_length)
    return Result(best, value[me], exact=not search.cut, line=tuple(line), alternatives=tuple(alternatives),
                  nodes=search.expanded, stats={"values": value})


def _line(search: _Expectimax, state, depth: int | None, me: int, length: int) -> list[Step]:
    """Best action at each decision, likeliest outcome at chance (first in order on ties)."""
    g = search.game
    steps: list[Step] = []
    while len(steps) < length and depth != 0:
        player = g.current_player(state)
        if player == TERMINAL:
            break
        below = None if depth is None else depth - 1
        probability: Fraction | None = None
        if player == CHANCE:
            probability, move = max(g.chance_outcomes(state), key=lambda o: o[0])
        else:
            actions = list(g.legal_actions(state))
            values = [search.value(g.apply(state, a), below)[player] for a in actions]
            move = actions[max(range(len(actions)), key=lambda i: (values[i], -i))]
        child = g.apply(state, move)
        steps.append(Step(move, g.label(state, move), g.explain(state, move), search.value(child, below)[me], probability))
        state, depth = child, below
    return steps
