"""Planning one player's action phase: an anytime beam search over a graph of merged states.

The search space is a graph of plain dicts (no networkx: building it is the hot loop). Decision
nodes are `State`s (canonical and hashable, so two orders of the same actions reach one node);
chance nodes are ("chance", state, action) tuples whose outcomes carry the probabilities of
planner/dice.py. `children`, `choices`, `outcomes` and `nodes` read the graph.

Layer by layer, every state of the frontier is expanded (all legal actions and their outcomes),
each child is valued by planner/evaluate.py, and the best `beam` actions of the layer (a chance
action by its expected value) feed the next frontier. When a pass finishes with budget left,
the beam doubles and the search runs again over the graph it already has. Values are then
backed up exactly over the explored graph (expectimax: max over actions, expectation over
outcomes; a node never expanded keeps its evaluation, which is the value of passing there).

Determinism: with a node budget (`nodes`) the clock is never read for a decision, and every
ordering is by value then by the canonical action order, so the same snapshot and options give
the same plan.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from models.round_end import end_round
from models.round_rules import PASS, Action, Setting, State, legal_actions
from planner.chance import Branch, outcomes
from planner.evaluate import Evaluator, explain_change
from planner.round_memo import RoundMemo
from planner.round_plan import Alternative, Outcome, Plan, Step
from planner.rules_of_thumb import RuleMove, choice_move, rule_move

Progress = Callable[[dict], None]
BEST = object()  # Search._plan's default: the root's best action, or passing when nothing beats it


# States the solo player expands per decision (affo solo, affo selfplay, the review's judgements). 20 played
# better than 40 over seeds 1-40 (95.8 against 92.5 on seeds 1-20; +2.4 +- 1.3 paired over all 40) in half the
# time: benchmarks/RESULTS-strength.md, first section.
PLAYER_NODES = 20
# ...and in the last round four times as many: the forecast is most accurate there (calibration 3-4 points against
# 6 in round 1), so more states find better moves there, not the value's errors (seeds 1-60: +0.7 +- 0.5 paired,
# ahead on 23, behind on 10; benchmarks/RESULTS-strength.md, first section).
LAST_ROUND_FACTOR = 4


def player_nodes(nodes: int, round_: int, last_round: int, last_round_factor: int) -> int:
    """The states the player expands for a decision of `round_`: `nodes`, times the factor in the last round."""
    return nodes * last_round_factor if round_ >= last_round else nodes


@dataclass(frozen=True)
class Options:
    beam: int = 8  # actions kept per layer in the first pass (doubles each further pass)
    max_beam: int = 512
    nodes: int | None = None  # expansion budget; when given the clock is ignored
    time_limit: float = 5.0  # seconds, used only without a node budget
    horizon: int = 1  # rounds planned: 1 = this action phase only
    chance_children: int = 8  # outcomes of a chance action followed further (most likely first)
    harvest: tuple[int, ...] | None = None  # override models/data/harvest.toml's schedule
    value: str = "projection"  # leaf value: the hand-made projection, or a learned model's version (planner/value/)
    tile_credit: float = 0.0  # share of the projection's tiles term added to the leaf value (planner/tile_credit.py)
    rules_of_thumb: bool = False  # a rule's move taken at the root without weighing it (planner/rules_of_thumb.py)


class Search:
    """One search over one snapshot; `run()` returns the plan."""

    def __init__(self, root: State, setting: Setting, options: Options, progress: Progress | None = None, rule: RuleMove | None = None,
                 memo: RoundMemo | None = None):  # fmt: skip
        self.root, self.setting, self.options, self.progress = root, setting, options, progress
        self.rule = rule  # the root's only choice, when a rule of thumb makes it
        # node -> {child: data}, in the order found. Decision: data is (order, action); a child two
        # actions reach keeps its first place and takes the last action's data (as re-adding a graph
        # edge does, which this replaced). Chance: data is (probability, fraction, note), likeliest first.
        self._out: dict = {}
        self.expanded = 0
        self.last_round = min(setting.last_round, root.round + options.horizon - 1)
        make = lambda: make_evaluator(setting, options.value, options.tile_credit)  # noqa: E731
        if memo is None:
            self.evaluate, self._expansions = make(), {}
        else:  # searches of one round share values and expansions (planner/round_memo.py)
            key = (options.value, options.tile_credit, options.harvest, self.last_round)
            self.evaluate, self._expansions = memo.bind(setting, key, make)
        self._prime = getattr(self.evaluate, "prime", None)  # a learned value forecasts a batch at once
        self._facts = self.evaluate.facts
        self._started = 0.0

    # --- budget ---------------------------------------------------------------------------------

    def _out_of_budget(self) -> bool:
        if self.options.nodes is not None:
            return self.expanded >= self.options.nodes
        return time.perf_counter() - self._started >= self.options.time_limit

    # --- expansion ------------------------------------------------------------------------------

    def _actions(self, s: State) -> list[Action]:
        if self.rule and s is self.root:
            return [self.rule.action]
        acts = legal_actions(s, self.setting) if s.vikings_left > 0 else []
        if s.round < self.last_round:
            acts.append(PASS)
        return acts

    def _branches(self, s: State, a: Action) -> list[Branch]:
        if a.kind == "pass":
            # the round engine lays the tiles held before income (goods may be laid at any time)
            nxt, _ = end_round(s, self.setting, self._facts, harvest=self.options.harvest)
            return [Branch(Fraction(1), nxt, "the round ends")]
        return outcomes(s, a, self.setting)

    def expand(self, s: State) -> None:
        out = self._out
        if s in out:
            return
        self.expanded += 1
        found = out[s] = {}
        for order, (a, branches) in enumerate(self._expansion(s)):
            if len(branches) == 1:
                found[branches[0].state] = (order, a)
            else:
                node = ("chance", s, a)
                found[node] = (order, a)
                chance = out[node] = {}
                for b in sorted(branches, key=lambda b: -b.probability):
                    chance[b.state] = (float(b.probability), b.probability, b.note)

    def _expansion(self, s: State) -> list[tuple[Action, list[Branch]]]:
        """The actions at `s` with their outcomes, in order: found once per state and kept
        (`_expansions`, shared by a round's searches), except a rule's move at the root. The
        outcomes are forecast together, as the layer is about to value every one of them."""
        if self.rule and s is self.root:
            found = [(self.rule.action, self._branches(s, self.rule.action))]
        else:
            found = self._expansions.get(s)
            if found is None:
                found = self._expansions[s] = [(a, self._branches(s, a)) for a in self._actions(s)]
        if self._prime:
            self._prime([b.state for _, branches in found for b in branches])
        return found

    def _score(self, node) -> float:
        if isinstance(node, State):
            return self.evaluate(node)
        return sum(d[0] * self.evaluate(c) for c, d in self._out[node].items())

    # --- reading the graph ----------------------------------------------------------------------

    def children(self, node) -> list:
        """The nodes right after `node` (an action's state or chance node; a chance node's outcomes)."""
        return list(self._out.get(node, ()))

    def choices(self, s: State) -> list[tuple[int, Action, object]]:
        """(order, action, child) at an expanded decision, in the order generated."""
        return [(order, a, c) for c, (order, a) in self._out[s].items()]

    def outcomes(self, node: tuple) -> list[tuple[float, Fraction, str, State]]:
        """(probability, exact fraction, note, state) of a chance node, likeliest first."""
        return [(p, f, note, c) for c, (p, f, note) in self._out[node].items()]

    def nodes(self) -> list:
        """Every node reached, in the order found (the root, then each expansion's children, a chance
        node's outcomes right after it)."""
        seen = {self.root: None}
        for node, found in self._out.items():
            if isinstance(node, State):
                for c in found:
                    seen.setdefault(c)
                    if not isinstance(c, State):
                        seen.update(dict.fromkeys(self._out[c]))
        return list(seen)

    def node_count(self) -> int:
        return len({self.root}.union(*self._out.values()))

    # --- the beam -------------------------------------------------------------------------------

    def _layer(self, frontier: list[State], beam: int) -> list[State]:
        candidates = []
        for s in frontier:
            if self._out_of_budget():
                break
            self.expand(s)
            for child in self._out[s]:
                candidates.append((-self._score(child), len(candidates), child))
        candidates.sort(key=lambda c: (c[0], c[1]))
        nxt: dict[State, None] = {}
        for _, _, node in candidates[:beam]:
            if isinstance(node, State):
                nxt.setdefault(node)
            else:
                for c in list(self._out[node])[: self.options.chance_children]:
                    nxt.setdefault(c)
        return [s for s in nxt if s.vikings_left > 0 or s.round < self.last_round]

    def run(self) -> Plan:
        self.explore()
        return self.plan_along()

    def explore(self) -> None:
        """Grow the graph until the budget is spent (run() without building the plan)."""
        self._started = time.perf_counter()
        beam = self.options.beam
        while True:
            frontier, depth = [self.root], 0
            while frontier and not self._out_of_budget():
                frontier = self._layer(frontier, beam)
                depth += 1
                self._report(beam, depth)
            if self._out_of_budget() or beam >= self.options.max_beam:
                break
            beam *= 2

    def _report(self, beam: int, depth: int) -> None:
        if self.progress:
            self.progress({"expanded": self.expanded, "beam": beam, "depth": depth, "graph_nodes": self.node_count(),
                           "seconds": time.perf_counter() - self._started})  # fmt: skip

    # --- backing up -----------------------------------------------------------------------------

    def values(self) -> dict:
        """Backed-up value of every node reachable from the root (iterative, children first)."""
        out = self._out
        value: dict = {}
        for node in _post_order(out, self.root):
            if isinstance(node, State):
                best = self.evaluate(node)
                for c in out.get(node, ()):
                    best = max(best, value[c])
                value[node] = best
            else:
                value[node] = sum(d[0] * value[c] for c, d in out[node].items())
        return value

    def ranked(self, s: State, value: dict) -> list[tuple[float, int, Action, object]]:
        """The choices at `s`, best backed-up value first (ties: the order they were generated)."""
        edges = [(value[c], order, a, c) for c, (order, a) in self._out.get(s, {}).items()]
        return sorted(edges, key=lambda e: (-e[0], e[1]))

    def line(self, value: dict, start, first: Action | None | object = BEST) -> tuple[list, State]:
        """The best line from `start`: its steps (state, action, child, value) and the state where
        it stops. At a decision the best action is taken while it beats passing there; at chance
        the likeliest outcome (edges were added likeliest first). `first` forces the choice at
        `start` (None: pass at once); a forced choice that is not offered ends the line there."""
        steps: list = []
        s = start
        while True:
            if not isinstance(s, State):
                s = next(iter(self._out[s]))
                continue
            ranked = self.ranked(s, value)
            if s is start and first is not BEST:
                ranked = [e for e in ranked if e[2] == first]
                if not ranked:
                    return steps, s
            elif not ranked or ranked[0][0] <= self.evaluate(s) + 1e-9:
                return steps, s
            v, _, action, child = ranked[0]
            steps.append((s, action, child, v))
            s = child

    def plan_along(self, first: Action | None | object = BEST) -> Plan:
        """The plan along the best line; `first` forces the root's choice (None: pass at once)."""
        value = self.values()
        line, _ = self.line(value, self.root, first)
        steps = [self._step(s, action, child, v, value) for s, action, child, v in line]
        root_ranked = self.ranked(self.root, value)
        alternatives = [Alternative(a, v) for v, _, a, _ in root_ranked[1:4]]
        # a forced first choice is worth its own line, not the root's best
        worth = value[self.root] if first is BEST else (line[0][3] if line else self.evaluate(self.root))
        return Plan(
            steps=steps,
            value_now=self.evaluate(self.root),
            value=worth,
            alternatives=alternatives,
            expanded=self.expanded,
            evaluations=self.evaluate.evaluations,
            seconds=time.perf_counter() - self._started,
            graph_nodes=self.node_count(),
            value_source=self.options.value,
            rule=self.rule.reason if self.rule and first is BEST else "",
            ranked=[Alternative(a, v) for v, _, a, _ in root_ranked],
        )

    def _step(self, s: State, action: Action, child, v: float, value: dict) -> Step:
        before = self.evaluate.components(s)
        if isinstance(child, State):
            after_value = self.evaluate(child)
            reason = _reason(action, explain_change(before, self.evaluate.components(child)), v, self.evaluate(s))
            outs: tuple[Outcome, ...] = ()
        else:
            outs_ = self.outcomes(child)
            after_value = sum(p * self.evaluate(c) for p, _, _, c in outs_)
            outs = tuple(Outcome(p, note, value[c]) for p, _, note, c in outs_)
            likely = outs_[0][3]
            success = sum(p for p, _, note, _ in outs_ if not note.startswith("failure"))
            change = explain_change(before, self.evaluate.components(likely))
            reason = _reason(action, f"{success:.0%} chance of success; likeliest outcome: {outs_[0][2]} ({change})", v, self.evaluate(s))
        return Step(action, s.round, action.vikings, v, after_value - self.evaluate(s), reason, outs)


def _post_order(out: dict, root) -> list:
    """Nodes reachable from root, each after all its successors (the graph is acyclic: every
    action spends Vikings, silver or ore, or ends the round)."""
    order, seen, stack = [], {root}, [(root, iter(out.get(root, ())))]
    while stack:
        node, children = stack[-1]
        for c in children:
            if c not in seen:
                seen.add(c)
                stack.append((c, iter(out.get(c, ()))))
                break
        else:
            stack.pop()
            order.append(node)
    return order


def _reason(action: Action, change: str, v: float, now: float) -> str:
    if action.kind == "pass":
        return f"end the round here: {change}; the next round is worth planning from here ({v - now:+.1f} on the line)"
    cost = f"{action.vikings} Viking{'s' if action.vikings != 1 else ''}" if action.vikings else "no Viking"
    return f"{change}; costs {cost}; the best line through it is worth {v - now:+.1f} over passing now"


def make_evaluator(setting: Setting, value: str = "projection", tile_credit: float = 0.0) -> Evaluator:
    """The leaf value named: "projection" (planner/evaluate.py) or a learned model's version;
    `tile_credit` adds that share of the projection's tiles term (planner/tile_credit.py)."""
    if value == "projection":
        base = Evaluator(setting)
    else:
        from planner.value.model import LearnedEvaluator, load_model

        base = LearnedEvaluator(setting, load_model(value))
    if not tile_credit:
        return base
    from planner.tile_credit import TileCredit

    return TileCredit(base, tile_credit)


def plan(root: State, setting: Setting, options: Options = Options(), progress: Progress | None = None) -> Plan:
    return by_choice_rule(root, setting, options, Search(root, setting, options, progress, root_rule(root, setting, options)).run(), progress)


def plan_with_alternatives(root: State, setting: Setting, options: Options, progress: Progress | None = None) -> Plan:
    """`plan`; when a rule of thumb made the first move, the search's own ranking of the root's
    choices beside it (`ranked`, `alternatives`): what else the player could do, and how the
    value prices it."""
    ruled = plan(root, setting, options, progress)
    if not ruled.rule:
        return ruled
    stage = (lambda info: progress(info | {"stage": "the search's own choices"})) if progress else None
    return ranked_by(ruled, plan(root, setting, replace(options, rules_of_thumb=False), stage))


def ranked_by(chosen: Plan, free: Plan) -> Plan:
    """`chosen`, its first move made for it, with the free search's ranking of the root's choices
    as its alternatives (and the free search's states counted)."""
    chosen.ranked, chosen.alternatives = free.ranked, free.alternatives
    chosen.expanded += free.expanded
    return chosen


def root_rule(root: State, setting: Setting, options: Options) -> RuleMove | None:
    """The rule of thumb that makes the root's move, when the options follow them."""
    return rule_move(root, setting) if options.rules_of_thumb else None


def by_choice_rule(root: State, setting: Setting, options: Options, p: Plan, progress: Progress | None = None) -> Plan:
    """`p`; or, when the options follow the rules of thumb and a choice rule (planner/rules_of_thumb.py's
    `Choice`) makes another choice of the space `p`'s first move takes, the plan of a search of the
    same budget behind the rule's choice (as behind a rule's move), with `p`'s states counted."""
    if not options.rules_of_thumb or p.rule:
        return p
    made = choice_move(root, p.steps[0].action if p.steps else None, setting)
    if made is None:
        return p
    ruled = Search(root, setting, options, progress, rule=made).run()
    ruled.expanded += p.expanded
    return ruled


def replay(root: State, setting: Setting, steps: Sequence[Step]) -> list[State]:
    """States along a plan's line, re-derived by the rules engine (raises if a step is illegal)."""
    states = [root]
    s = root
    last_round = setting.last_round
    for step in steps:
        a = step.action
        if a.kind == "pass":
            if s.round >= last_round:
                raise ValueError("cannot pass into a round after the last")
            s, _ = end_round(s, setting, Evaluator(setting).facts)
        else:
            if a not in legal_actions(s, setting):
                raise ValueError(f"illegal step: {a.label}")
            branches = outcomes(s, a, setting)
            s = max(branches, key=lambda b: b.probability).state
        states.append(s)
    return states


__all__ = ["Options", "Plan", "Search", "Step", "by_choice_rule", "plan", "plan_with_alternatives", "ranked_by", "replay", "replace", "root_rule"]
