"""Beam search over one player's decisions within a phase, chance taken in exact expectation.

The generic form of a round planner: layer by layer, every state of the frontier is expanded
(all legal actions; an action that leads to chance gets all its outcomes, followed through
any further chance), each child is valued by `evaluate` (a chance child by the expectation of
its outcomes), and the best `beam` children of the layer feed the next frontier (of a chance
child, its `chance_children` likeliest outcomes). When a pass ends with budget left the beam
doubles and the search runs again over the graph it has. Values are then backed up exactly
over the explored graph: max over actions, expectation over outcomes, `evaluate` at states not
expanded. States merge on `game.key`. The search stays inside the phase: a state is expanded
only while `within(state)` holds (by default: the same player is to decide).

Deterministic: orderings are by value then the game's own order; the clock is read only when
a deadline is given.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable, Sequence

from planner.search.collector import collector_paused
from planner.search.protocol import CHANCE, TERMINAL, Game
from planner.search.result import Alternative, Result, Step

Evaluate = Callable[[object], Sequence[float]]


class _Beam:
    def __init__(self, game: Game, root, me: int, within: Callable[[object], bool], evaluate: Evaluate,
                 nodes: int | None, deadline: float | None, chance_children: int):
        self.game, self.me, self.within, self.evaluate = game, me, within, evaluate
        self.nodes, self.deadline, self.chance_children = nodes, deadline, chance_children
        self.states: dict[Hashable, object] = {}  # key -> a state with that key
        self.moves: dict[Hashable, list[tuple[Hashable, Hashable]]] = {}  # expanded key -> [(move, child key)]
        self.leaf_values: dict[Hashable, float] = {}
        self.expanded = 0
        self.root = self.add(root)

    def add(self, state) -> Hashable:
        key = self.game.key(state)
        self.states.setdefault(key, state)
        return key

    def out_of_budget(self) -> bool:
        if self.nodes is not None and self.expanded >= self.nodes:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline

    def kind(self, key: Hashable) -> int:
        return self.game.current_player(self.states[key])

    def expandable(self, key: Hashable) -> bool:
        state = self.states[key]
        return self.game.current_player(state) == self.me and self.within(state)

    def expand(self, key: Hashable) -> None:
        """Add every move out of `key`, and every chance outcome below it, to the graph."""
        if key in self.moves:
            return
        g, state = self.game, self.states[key]
        if g.current_player(state) == CHANCE:
            moves = [o for _, o in g.chance_outcomes(state)]
        else:
            self.expanded += 1
            moves = list(g.legal_actions(state))
        self.moves[key] = [(m, self.add(g.apply(state, m))) for m in moves]
        for _, child in self.moves[key]:
            if self.kind(child) == CHANCE:
                self.expand(child)

    def leaf(self, key: Hashable) -> float:
        if key not in self.leaf_values:
            state = self.states[key]
            values = self.game.returns(state) if self.game.current_player(state) == TERMINAL else self.evaluate(state)
            self.leaf_values[key] = values[self.me]
        return self.leaf_values[key]

    def outcomes(self, key: Hashable) -> list[tuple[object, Hashable, Hashable]]:
        """(probability, outcome, child key) of a chance node, likeliest first (game order on ties)."""
        probability = {o: p for p, o in self.game.chance_outcomes(self.states[key])}
        ranked = sorted(enumerate(self.moves[key]), key=lambda im: (-probability[im[1][0]], im[0]))
        return [(probability[m], m, child) for _, (m, child) in ranked]

    def score(self, key: Hashable) -> float:
        if self.kind(key) == CHANCE:
            return sum(p * self.score(child) for p, _, child in self.outcomes(key))
        return self.leaf(key)

    def decisions_below(self, key: Hashable) -> list[Hashable]:
        if self.kind(key) != CHANCE:
            return [key] if self.expandable(key) else []
        found = []
        for _, _, child in self.outcomes(key)[: self.chance_children]:
            found.extend(self.decisions_below(child))
        return found

    def layer(self, frontier: list[Hashable], beam: int) -> list[Hashable]:
        candidates = []
        for key in frontier:
            if self.out_of_budget():
                break
            self.expand(key)
            for _, child in self.moves[key]:
                candidates.append((-self.score(child), len(candidates), child))
        candidates.sort()
        following: dict[Hashable, None] = {}
        for _, _, child in candidates[:beam]:
            for key in self.decisions_below(child):
                following.setdefault(key)
        return list(following)

    def run(self, beam: int, max_beam: int) -> None:
        while True:
            frontier = [self.root] if self.expandable(self.root) else []
            while frontier and not self.out_of_budget():
                frontier = self.layer(frontier, beam)
            if self.out_of_budget() or beam >= max_beam:
                return
            beam *= 2

    def values(self) -> tuple[dict[Hashable, float], bool]:
        """Backed-up value of every node reachable from the root, and whether all are exact."""
        value: dict[Hashable, float] = {}
        exact = True

        def back_up(key: Hashable) -> float:
            nonlocal exact
            if key in value:
                return value[key]
            if key not in self.moves:
                exact = exact and self.kind(key) == TERMINAL
                value[key] = self.leaf(key)
            elif self.kind(key) == CHANCE:
                value[key] = sum(p * back_up(child) for p, _, child in self.outcomes(key))
            else:
                value[key] = max(back_up(child) for _, child in self.moves[key])
            return value[key]

        back_up(self.root)
        return value, exact


@collector_paused()
def beam_search(game: Game, state=None, *, beam: int = 8, max_beam: int = 512, nodes: int | None = None,
                deadline: float | None = None, chance_children: int = 8, within: Callable[[object], bool] | None = None,
                evaluate: Evaluate | None = None, line_length: int = 50) -> Result:
    """Plan the deciding player's line from `state` (the initial state by default)."""
    state = game.initial_state() if state is None else state
    me = game.current_player(state)
    if me < 0:
        raise ValueError("beam_search starts at a player's decision")
    search = _Beam(game, state, me, within or (lambda s: True), evaluate or game.evaluate, nodes, deadline, chance_children)
    search.run(beam, max_beam)
    value, exact = search.values()
    root = search.root
    ranked = sorted(enumerate(search.moves.get(root, [])), key=lambda im: (-value[im[1][1]], im[0]))
    alternatives = tuple(Alternative(m, game.label(state, m), value[child]) for _, (m, child) in ranked)
    return Result(alternatives[0].action if alternatives else None, value[root], exact=exact,
                  line=tuple(_line(search, value, line_length)), alternatives=alternatives, nodes=search.expanded)


def _line(search: _Beam, value: dict, length: int) -> list[Step]:
    """Best move at each expanded decision, likeliest outcome at chance, until the explored graph ends."""
    game, key, steps = search.game, search.root, []
    while key in search.moves and len(steps) < length:
        state = search.states[key]
        probability = None
        if search.kind(key) == CHANCE:
            probability, move, child = search.outcomes(key)[0]
        else:
            move, child = max(reversed(search.moves[key]), key=lambda mc: value[mc[1]])
        steps.append(Step(move, game.label(state, move), game.explain(state, move), value[child], probability))
        key = child
    return steps
