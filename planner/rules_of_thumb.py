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

Round 1's mountain move: after the weekly market the player takes the boat's wood either as 3
items and an upgrade on one space (`mountain-3-upgrade-1`) or as 1 and 2 on two spaces; the value
hardly tells them apart (about half the games each). The two-space way leaves the 3-item space
free in round 2, where the player then took stone and built a stone house instead of emigrating
(6 of the 39 such games of seeds 241-320). Taken by rule (oil to a rune stone, the most items,
wood first): +1.45 +- 0.67 on seeds 241-300, whose baseline logs suggested it, and +1.60 +- 0.90
on fresh seeds 321-340, +1.37 +- 0.47 over seeds 241-340 (RESULTS-strength, "Round 1's mountain
move by rule").

Round 4's house and ship: the player builds on `build-house-and-ship` in round 4 in most games,
either a stone house and a longship or a long house and a knarr (the same price, 2 stone and 2
wood), and the two-round root hardly tells them apart (within 1.5 points in 13 of 60 baseline games
of seeds 341-400; the games with the long house scored 102.1 against 93.0 for those with the
stone house, seeds 341-380). Where the search builds the stone house and longship there, a choice
rule (`Choice`) takes the long house and knarr instead: +0.98 +- 0.44 on seeds 341-400 (+1.80 +- 0.97
on 381-400, not used to choose it; RESULTS-strength, "Round 4's long house and knarr"). The same choice in
round 5 (the space is free again there when round 4 did not take it): +7.7 +- 2.4 on the 7 games of seeds 461-520
where it changed the move, +1.6 +- 1.4 on the 15 of fresh seeds 581-640 and +4.5 +- 1.1 on the 15 of fresh seeds
641-700: +0.81 +- 0.22 a game over those 180 seeds (RESULTS-strength, "Round 5's long house and knarr"); in round 6 it
did not help (-0.8 +- 1.3 on 25 games of 461-520, -0.4 +- 1.0 on 19 of 581-640), nor in round 7.

A rule names an action space, the rounds it holds in and, optionally, a further condition on the
position (`when`) and which of the space's choices it makes (`pick`; the first legal one unless
given); it fires when that space is legal, and the search then plans the rest of the round behind
the move. In a solo game the space stays blocked the round after, so a space's rule fires at most
every other round.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from models.actions import load_action_spaces
from models.round_rules import Action, Setting, State
from models.round_rules.actions import space_actions


@dataclass(frozen=True)
class Rule:
    space: str
    first_round: int
    last_round: int
    reason: str
    when: Callable[[State], bool] | None = None  # a further condition on the position
    pick: Callable[[State, list[Action]], Action] | None = None  # which legal choice; the first unless given

    def holds(self, s: State) -> bool:
        return self.first_round <= s.round <= self.last_round and (self.when is None or self.when(s))

    def choose(self, s: State, legal: list[Action]) -> Action:
        return self.pick(s, legal) if self.pick else legal[0]


def holds_oil(s: State) -> bool:
    """Oil in hand: in round 1, the weekly market (fruits, oil, salt meat) has been taken."""
    return s.count("oil") > 0


def most_items_upgrading_oil(s: State, legal: list[Action]) -> Action:
    """The choice that upgrades oil (to a rune stone) and takes the most mountain items, the most
    wood among those (the wood is round 1's whaling boat); the first such in the legal order."""

    def key(a: Action) -> tuple:
        upgrade = a.chosen("upgrade", ())
        taken = [item for i, n in a.chosen("mountain", ()) for item in s.mountains[i][:n]]
        return (tuple(upgrade) == ("oil",), bool(upgrade), len(taken), taken.count("wood"))

    return max(legal, key=key)


RULES = (
    Rule("whaling-major", 2, 7, "rule of thumb: go whaling whenever the space is free - success brings 8 cells of green "
         "tiles and 9 of food for 3 Vikings, failure gives 2 of them back with a wood and a spear"),  # fmt: skip
    Rule("build-whaling-boat", 1, 1, "rule of thumb: build a whaling boat in round 1 - every whaling trip from "
         "round 2 needs one"),  # fmt: skip
    Rule("mountain-3-upgrade-1", 1, 1, "rule of thumb: in round 1, after the weekly market, take 3 mountain items "
         "and upgrade the oil to a rune stone on one space", when=holds_oil, pick=most_items_upgrading_oil),  # fmt: skip
)


@dataclass(frozen=True)
class Choice:
    """A choice rule: a choice made by rule on a space the search picked itself. In rounds
    `first_round` to `last_round`, when the search's move is one of `space`'s choices, `pick`
    (the position, the search's choice, the space's legal choices) may name another of them, which
    the player takes instead (None: the search's choice stands). Unlike a `Rule`, it never makes
    the player take the space."""

    space: str
    first_round: int
    last_round: int
    reason: str
    pick: Callable[[State, Action, list[Action]], Action | None]


@cache
def option_number(space: str, label: str) -> int:
    """Where the option labelled `label` stands among `space`'s options (an action's "options" choice)."""
    return [o.label for o in load_action_spaces()[space].options].index(label)


def long_house_and_knarr(s: State, searched: Action, legal: list[Action]) -> Action | None:
    """Instead of a stone house and a longship, the long house and a knarr, the rest of the choice
    (an occupation played, which card) the search's; None for any other choice."""
    if searched.chosen("options") != (option_number(searched.space, "stone house and longship"),):
        return None
    instead = (option_number(searched.space, "long house and knarr"),)
    want = dict(searched.choice) | {"options": instead}
    return next((a for a in legal if dict(a.choice) == want), next((a for a in legal if a.chosen("options") == instead), None))


CHOICES = (
    Choice("build-house-and-ship", 4, 5, "rule of thumb: in rounds 4 and 5 build the long house and a knarr, not the "
           "stone house and a longship - the value hardly tells them apart, and the long house's games score more",
           long_house_and_knarr),  # fmt: skip
)


@dataclass(frozen=True)
class RuleMove:
    action: Action
    reason: str


def rule_move(s: State, setting: Setting, rules: tuple[Rule, ...] = RULES) -> RuleMove | None:
    """The move the first rule that holds here makes, if any (the choice its `pick` makes of its space's)."""
    if s.vikings_left <= 0:
        return None
    for r in rules:
        legal = space_actions(s, r.space, setting) if r.holds(s) else []
        if legal:
            return RuleMove(r.choose(s, legal), r.reason)
    return None


def choice_move(s: State, searched: Action | None, setting: Setting, choices: tuple[Choice, ...] = CHOICES) -> RuleMove | None:
    """The choice the first choice rule for the search's move (`searched`, on a space) makes
    instead, if any."""
    if searched is None or searched.kind != "space":
        return None
    for c in choices:
        if c.space == searched.space and c.first_round <= s.round <= c.last_round:
            picked = c.pick(s, searched, space_actions(s, c.space, setting))
            if picked is not None and picked != searched:
                return RuleMove(picked, c.reason)
    return None


__all__ = ["CHOICES", "RULES", "Choice", "Rule", "RuleMove", "choice_move", "holds_oil", "long_house_and_knarr", "most_items_upgrading_oil",
           "rule_move"]
