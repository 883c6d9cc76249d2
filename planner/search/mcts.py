"""Monte Carlo tree search for score games with chance nodes (UCT on normalised scores).

Each simulation descends the tree: at a decision, an untried action first (in the game's
order), then the action maximising UCT, with each player's mean score scaled into [0, 1] by the
lowest and highest scores seen so far (scores are points, not win rates); at a chance node, an
outcome chosen so that each is visited in proportion to its exact probability (stratified,
with no sampling noise). A new leaf is valued by `leaf`
(by default the game's `evaluate`, or a rollout of any policy, see `rollout_leaf`), and the value
vector is added along the path. The answer is the most visited root action. Its value, an
estimate, is backed up through the tree: the most visited action's value at decisions, the
probability-weighted values of the outcomes tried at chance nodes, the mean at leaves (a plain
mean would be dragged down by exploration). Same game, state, seed and budget give the same answer; the clock is read only when
a deadline is given.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence

from planner.search.collector import collector_paused
from planner.search.policy import Policy, sample_outcome
from planner.search.protocol import CHANCE, TERMINAL, Game
from planner.search.result import Alternative, Result, Step

Leaf = Callable[[Game, object, random.Random], Sequence[float]]


def evaluate_leaf(game: Game, state, rng: random.Random) -> Sequence[float]:
    return game.evaluate(state)


def rollout_leaf(policy: Policy, max_steps: int | None = None) -> Leaf:
    """Value a leaf by playing `policy` from it (chance drawn by the search's RNG) to the end,
    or for `max_steps` moves and then `evaluate`."""

    def value(game: Game, state, rng: random.Random) -> Sequence[float]:
        steps = 0
        while (player := game.current_player(state)) != TERMINAL:
            if max_steps is not None and steps >= max_steps:
                return game.evaluate(state)
            move = sample_outcome(game.chance_outcomes(state), rng) if player == CHANCE else policy(game, state, rng)
            state = game.apply(state, move)
            steps += 1
        return game.returns(state)

    return value


class _Node:
    __slots__ = ("state", "player", "untried", "outcomes", "children", "edges", "visits", "totals")

    def __init__(self, game: Game, state):
        self.state = state
        self.player = game.current_player(state)
        self.untried = list(game.legal_actions(state)) if self.player >= 0 else []
        self.outcomes = list(game.chance_outcomes(state)) if self.player == CHANCE else []
        self.children: dict[Hashable, _Node] = {}
        self.edges: dict[Hashable, int] = {}  # simulations through each child from here (a shared child counts all paths)
        self.visits = 0
        self.totals = [0.0] * game.num_players

    def mean(self, player: int) -> float:
        return self.totals[player] / self.visits if self.visits else 0.0


class _Search:
    def __init__(self, game: Game, root, seed: int, exploration: float, leaf: Leaf, transpositions: bool):
        self.game = game
        self.table: dict | None = {} if transpositions else None  # key -> node, shared by every path to it
        self.rng = random.Random(seed)
        self.exploration = exploration
        self.leaf = leaf
        self.root = _Node(game, root)
        self.low = [math.inf] * game.num_players
        self.high = [-math.inf] * game.num_players

    def normalised(self, value: float, player: int) -> float:
        span = self.high[player] - self.low[player]
        return (value - self.low[player]) / span if span > 0 else 0.5

    def select(self, node: _Node) -> Hashable:
        log_n = math.log(node.visits)
        best, best_score = None, -math.inf
        for action, child in node.children.items():
            score = self.normalised(child.mean(node.player), node.player) + self.exploration * math.sqrt(log_n / node.edges[action])
            if score > best_score:
                best, best_score = action, score
        return best

    def outcome(self, node: _Node) -> Hashable:
        """The outcome furthest behind its share of the node's visits (exact proportions, no noise)."""
        outcomes = node.outcomes
        due = [(p * (node.visits + 1) - node.edges.get(o, 0), -i) for i, (p, o) in enumerate(outcomes)]
        return outcomes[-max(due)[1]][1]

    def child(self, state, move) -> tuple[_Node, bool]:
        after = self.game.apply(state, move)
        if self.table is None:
            return _Node(self.game, after), True
        key = self.game.key(after)
        if key in self.table:
            return self.table[key], False
        node = self.table[key] = _Node(self.game, after)
        return node, True

    def simulate(self) -> None:
        g, node = self.game, self.root
        path, moves = [node], []
        while node.player != TERMINAL:
            if node.player == CHANCE:
                move = self.outcome(node)
            elif node.untried:
                move = node.untried.pop(0)
            else:
                move = self.select(node)
            moves.append(move)
            child = node.children.get(move)
            if child is None:
                child, new = self.child(node.state, move)
                node.children[move] = child
                path.append(child)
                node = child
                if new:
                    break
                continue
            path.append(child)
            node = child
        if node.player == TERMINAL:
            values = g.returns(node.state)
        else:
            values = self.leaf(g, node.state, self.rng)
        values = [float(v) for v in values]
        for p, v in enumerate(values):
            self.low[p], self.high[p] = min(self.low[p], v), max(self.high[p], v)
        for n, move in zip(path, moves + [None]):
            if move is not None:
                n.edges[move] = n.edges.get(move, 0) + 1
            n.visits += 1
            for p, v in enumerate(values):
                n.totals[p] += v


def _ranked(node: _Node) -> list[tuple[Hashable, _Node]]:
    """Children by simulations through them from this node, then mean, then the order tried."""
    order = list(node.children.items())
    player = max(node.player, 0)
    return [c for _, c in sorted(enumerate(order), key=lambda ic: (-node.edges[ic[1][0]], -ic[1][1].mean(player), ic[0]))]


@collector_paused()
def mcts(game: Game, state=None, *, nodes: int = 1000, seed: int = 0, exploration: float = 0.5, leaf: Leaf = evaluate_leaf,
         deadline: float | None = None, transpositions: bool = True, line_length: int = 50) -> Result:
    """Run `nodes` simulations from `state` (the initial state by default); `deadline` is a
    time.monotonic() instant that may cut the run short. The value is an estimate."""
    state = game.initial_state() if state is None else state
    search = _Search(game, state, seed, exploration, leaf, transpositions)
    done = 0
    while done < nodes and not (deadline is not None and time.monotonic() >= deadline):
        search.simulate()
        done += 1
    root = search.root
    me = max(root.player, 0)
    ranked = _ranked(root)
    best = ranked[0][0] if ranked and root.player >= 0 else None
    alternatives = tuple(Alternative(a, game.label(state, a), _backed_up(game, c, me), root.edges[a]) for a, c in ranked) if root.player >= 0 else ()
    value = _backed_up(game, root, me)
    return Result(best, value, exact=False, line=tuple(_line(game, root, me, line_length)), alternatives=alternatives,
                  nodes=done, stats={"visits": {a.label: a.visits for a in alternatives}, "root_mean": root.mean(me)})


def _backed_up(game: Game, node: _Node, me: int, memo: dict | None = None) -> float:
    memo = {} if memo is None else memo  # by node identity: shared nodes are valued once
    if id(node) in memo:
        return memo[id(node)]
    if not node.children or node.player == TERMINAL:
        value = node.mean(me)
    elif node.player == CHANCE:
        tried = [(p, node.children[o]) for p, o in node.outcomes if o in node.children]
        mass = sum(float(p) for p, _ in tried)
        value = sum(float(p) * _backed_up(game, child, me, memo) for p, child in tried) / mass
    else:
        value = _backed_up(game, _ranked(node)[0][1], me, memo)
    memo[id(node)] = value
    return value


def _line(game: Game, node: _Node, me: int, length: int) -> list[Step]:
    steps: list[Step] = []
    while node.children and len(steps) < length:
        move, child = _ranked(node)[0]
        probability = None
        if node.player == CHANCE:
            probability = next(p for p, o in node.outcomes if o == move)
        steps.append(Step(move, game.label(node.state, move), game.explain(node.state, move), _backed_up(game, child, me), probability))
        node = child
    return steps
