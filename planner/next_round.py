"""Looking past the round's end at the root: the round search, then its best root lines carried
into the next round.

One round of search valued at its end cannot see what the next round makes of a position: a
tile pays in bulk (income rises only when a whole step of cells is covered), a ship pays once
it is armed and emigrates. So the root's best `lines` choices (passing now among them) are each
followed along the search's own best line to the round's end (chance: the likeliest outcome, as
the plan shows it), the round is ended by the rules engine (tiles laid, income, feast, bonus,
the next round begun), and the next round is searched by the same planner with a smaller budget.
Choices whose lines end in the same position count once (the better), so the lines compared
differ. The root choice is then the one whose line has the best value after the next round:

    one-round value of the choice - value of its line's end + next round's backed-up value

(for a line without chance the first two cancel: the value after the next round itself; with
chance the correction is what the next round adds to the line's likeliest end).

A move made by a rule of thumb (planner/rules_of_thumb.py, when the options follow them) is not
weighed: the round search plans the rest of the round behind it and no next round is searched.

The budget decides the rest (`Lookahead.for_budget`): the first search spends the budget as the
plain planner would, then `lines` next-round searches of `nodes` states each. A next round
already searched from the same position is not searched again (`memo`, one per game and round):
the plan of one decision mostly continues the line of the one before. Deterministic: no clock, no
sampling; ties keep the round search's order.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from models.round_end import end_round
from models.round_rules import Action, Setting, State
from planner.round_search import (LAST_ROUND_FACTOR, PLAYER_NODES, Options, Plan, Progress, Search, by_choice_rule, plan, plan_with_alternatives,
                                  player_nodes, ranked_by, root_rule)
from planner.round_memo import RoundMemo
from planner.rules_of_thumb import RuleMove

PASS_NOW = None  # the root choice of passing at once


@dataclass(frozen=True)
class Lookahead:
    lines: int  # root choices carried into the next round
    nodes: int  # states each next-round search expands

    @staticmethod
    def for_budget(nodes: int) -> "Lookahead":
        """2 lines up to 39 states a decision, one more per 40; each next round a quarter of the
        budget, at least 4 states (a next round searched less deep than that sees one action)."""
        return Lookahead(lines=2 + nodes // 40, nodes=max(4, nodes // 4))


class Memo:
    """Next-round values already found, for one setting (a round of one game), and what the
    next-round searches share (planner/round_memo.py: the leaf value and expansions; the same
    answers, less work)."""

    def __init__(self) -> None:
        self.setting: Setting | None = None
        self.values: dict[State, tuple[float, int]] = {}
        self.searches = RoundMemo()

    def for_setting(self, setting: Setting) -> dict[State, tuple[float, int]]:
        if setting is not self.setting:
            self.setting, self.values, self.searches = setting, {}, RoundMemo()
        return self.values


@dataclass(frozen=True)
class Candidate:
    first: Action | None  # the root choice; PASS_NOW to pass at once
    one_round: float  # its backed-up value in the round search
    end: State  # where its line leaves the action phase
    score: float = 0.0  # its value once the next round is searched too


def plan_two_rounds(root: State, setting: Setting, options: Options, memo: Memo | None = None, further_until: int = 0) -> Plan:
    """The round planner's plan, its first choice settled by looking into the next round; up to
    round `further_until`, into the round after it too (along the next round's best line). A
    choice rule (planner/rules_of_thumb.py's `Choice`) may then change the choice on the space
    the first move takes (round_search.by_choice_rule)."""
    return by_choice_rule(root, setting, options, _two_rounds(root, setting, options, memo, further_until))


def _two_rounds(root: State, setting: Setting, options: Options, memo: Memo | None, further_until: int) -> Plan:
    rule = root_rule(root, setting, options)
    search = Search(root, setting, options, rule=rule)
    plain = search.run()
    if rule or root.round >= setting.last_round or options.horizon != 1:
        return plain
    settled = two_round_choice(search, setting, options, memo, further_until)
    if settled is None:
        return plain
    best, spent = settled
    chosen = plain if best.first == _first(plain) else search.plan_along(best.first)
    chosen.expanded = search.expanded + spent
    return chosen


def two_round_choice(search: Search, setting: Setting, options: Options, memo: Memo | None = None,
                     further_until: int = 0) -> tuple[Candidate, int] | None:
    """The root choice the next round settles (scored, with the states the next rounds expanded),
    or None when the round search leaves fewer than two choices to compare."""
    candidates = best_choices(search, Lookahead.for_budget(options.nodes or 40).lines)
    if len(candidates) < 2:
        return None
    memo = memo or Memo()  # one for every candidate: their next rounds share what they search
    spent = 0
    scored = []
    for c in candidates:
        c, used = score_choice(search, c, setting, options, memo, further_until)
        spent += used
        scored.append(c)
    best = max(enumerate(scored), key=lambda ic: (ic[1].score, -ic[0]))[1]  # ties: the round search's order
    return best, spent


def score_choice(search: Search, c: Candidate, setting: Setting, options: Options, memo: Memo | None = None,
                 further_until: int = 0) -> tuple[Candidate, int]:
    """`c` scored by what the next round makes of its line's end (and the states that took)."""
    look = Lookahead.for_budget(options.nodes or 40)
    memo = memo or Memo()
    known = memo.for_setting(setting)
    rounds = 2 if search.root.round <= further_until else 1
    after, used = next_round_value(c.end, setting, search.evaluate.facts, replace(options, nodes=look.nodes), known, rounds, memo.searches)
    return replace(c, score=c.one_round - search.evaluate(c.end) + after), used


def _first(p: Plan) -> Action | None:
    return p.steps[0].action if p.steps else PASS_NOW


def best_choices(search: Search, count: int) -> list[Candidate]:
    """The root's `count` best choices by the round search, passing now among them, each with
    the end of its best line, no two ending alike: two orders of the same actions leave the same
    position, which the next round cannot tell apart, so only the better of them is kept."""
    value = search.values()
    root = search.root
    choices = [Candidate(PASS_NOW, search.evaluate(root), root)]
    for v, _, action, child in search.ranked(root, value):
        choices.append(Candidate(action, v, line_end(search, value, child)))
    choices.sort(key=lambda c: -c.one_round)  # stable: passing first among equals, as the plan does
    distinct: dict[State, Candidate] = {}
    for c in choices:
        distinct.setdefault(c.end, c)
        if len(distinct) == count:
            break
    return list(distinct.values())


def line_end(search: Search, value: dict, node) -> State:
    """Where the best line through `node` stops (the round search's own walker)."""
    return search.line(value, node)[1]


def next_round_value(end: State, setting: Setting, facts, options: Options, known: dict, rounds: int = 1,
                     shared: RoundMemo | None = None) -> tuple[float, int]:
    """The backed-up value of a search (`options`) of the round after `end`, and the states it
    expanded (0 when `known` had it). `facts`: the boards as laid, for the round's end; `shared`:
    what the searches of this setting's next rounds share (their answers are a fresh search's). With
    `rounds` > 1 the next round's best line is carried on the same way, corrected as at the root
    (its value, less its end's, plus what the round after makes of that end)."""
    key = end if rounds == 1 else (end, rounds)
    if key in known:
        return known[key][0], 0
    start, _ = end_round(end, setting, facts, harvest=options.harvest)
    search = Search(start, setting, options, memo=shared)
    p = search.run()
    value, spent = p.value, p.expanded
    if rounds > 1 and start.round < setting.last_round:
        further = line_end(search, search.values(), start)
        after, used = next_round_value(further, setting, facts, options, known, rounds - 1, shared)
        value, spent = value - search.evaluate(further) + after, spent + used
    known[key] = (value, spent)
    return value, spent


def plan_as_player(root: State, setting: Setting, options: Options, progress: Progress | None = None) -> Plan:
    """`affo plan`'s plan: the first move `affo solo`'s player makes here (the two-round root at
    PLAYER_NODES, its rules of thumb as `options` say) and the line behind it, with the ranking of
    every first move from a search of `options`' budget free of the rules (its own choices are the
    alternatives). The player is the one the strength benchmark measures: more states pick worse
    first moves there (the value's errors), but they draw a longer line. Where the free search's
    best move is another, a second search of the same budget plans the rest of the round behind
    the player's, as a rule of thumb's move is planned."""
    if options.horizon != 1:
        return plan_with_alternatives(root, setting, options, progress)
    player = plan_two_rounds(root, setting, replace(options, nodes=player_nodes(PLAYER_NODES, root.round, setting.last_round, LAST_ROUND_FACTOR)))
    free = plan(root, setting, replace(options, rules_of_thumb=False), progress)
    first = _first(player)
    if first == _first(free):
        chosen = free
    elif first is PASS_NOW:
        chosen = replace(free, steps=[], value=free.value_now)
    else:
        stage = (lambda info: progress(info | {"stage": "the line behind the player's move"})) if progress else None
        chosen = ranked_by(Search(root, setting, options, stage, rule=RuleMove(first, player.rule)).run(), free)
    chosen.rule = player.rule
    chosen.expanded += player.expanded
    return chosen


__all__ = ["Lookahead", "Memo", "plan_as_player", "plan_two_rounds", "score_choice", "two_round_choice"]
