"""Rules of thumb: moves the planner makes without weighing them, because its value misprices them.

The learned value (planner/value/) is fitted on the planner's own games, in which the dice
actions were rare, and it prices their goods as food, not as tiles. Round 3 of seed 3, for
instance: a whaling trip (3 Vikings; success: oil, skin and bones, whale meat - 8 cells of green
tiles and 9 of food; failure: a wood and a spear, 2 Vikings back) moves its forecast by +3.0,
a weekly market of fruits, oil and salt meat by +9.9. Played by rule instead - whaling whenever
the space is free from round 2 - the same player scores more (benchmarks/RESULTS-strength.md,
first section). A whaling boat is built by rule in round 1, so the whaling rule has a boat to
sail: measured on 80 fresh seeds at +1.07 +- 0.51 (RESULTS-strength, "A whaling boat by rule in
round 1"). Later boats are the planner's to build.

A rule names an action space and the rounds it holds in; it fires when that space is legal, and
the search then plans the rest of the round behind the move. In a solo game the space stays
blocked the round after, so a space's rule fires at most every other round.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.round_rules import Action, Setting, State
from models.round_rules.actions import space_actions


@dataclass(frozen=True)
class Rule:
    space: str
    first_round: int
    last_round: int
    reason: str

    def holds(self, s: State) -> bool:
        return self.first_round <= s.round <= self.last_round


RULES = (
    Rule("whaling-major", 2, 7, "rule of thumb: go whaling whenever the space is free - success brings 8 cells of green "
         "tiles and 9 of food for 3 Vikings, failure gives 2 of them back with a wood and a spear"),  # fmt: skip
    Rule("build-whaling-boat", 1, 1, "rule of thumb: build a whaling boat in round 1 - every whaling trip from "
         "round 2 needs one"),  # fmt: skip
)


@dataclass(frozen=True)
class RuleMove:
    action: Action
    reason: str


def rule_move(s: State, setting: Setting, rules: tuple[Rule, ...] = RULES) -> RuleMove | None:
    """The move the first rule that holds here makes, if any (its space's first legal choice)."""
    if s.vikings_left <= 0:
        return None
    for r in rules:
        legal = space_actions(s, r.space, setting) if r.holds(s) else []
        if legal:
            return RuleMove(legal[0], r.reason)
    return None


__all__ = ["RULES", "Rule", "RuleMove", "rule_move"]
