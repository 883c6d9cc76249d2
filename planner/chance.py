"""Chance nodes: the branches an action leads to, with exact probabilities.

The rules engine (models/round_rules/) stops a dice action at a `PendingRoll`: the die, the
spendables, the ore modifier, the occupation cards' modifiers, the success and failure effects. Here the roll becomes branches:
planner/dice.py solves the optimal stop-or-re-roll policy for the player's values (spent items
and rewards priced at `setting.values`), each outcome of that policy is settled by the rules'
`resolve_roll`, and outcomes that lead to one state are merged (their probabilities added).
Probabilities are `Fraction`s and sum to exactly 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from models.round_rules import Action, PendingRoll, Setting, State, apply, bundle_value, resolve_roll, taken_tile
from planner import dice

ONE = Fraction(1)


@dataclass(frozen=True)
class Branch:
    probability: Fraction
    state: State
    note: str = ""  # what happened, for chance branches ("success spending 2 wood")
    outcome: dice.Outcome | None = None  # how the dice fell (the first of the outcomes merged into this branch)


def outcomes(s: State, action: Action, setting: Setting) -> list[Branch]:
    """The branches `action` leads to; their probabilities sum to exactly 1."""
    after = apply(s, action, setting)
    if isinstance(after, PendingRoll):
        return roll_branches(after, setting)
    return [Branch(ONE, after)]


def roll_branches(pending: PendingRoll, setting: Setting) -> list[Branch]:
    """One branch per outcome of the optimal policy, outcomes leading to one state merged."""
    merged: dict[State, list] = {}
    for result, p in distribution(pending, setting).outcomes.items():
        after = resolve_roll(pending, result.success, result.spent, result.result, setting)
        if after in merged:
            merged[after][0] += p
        else:
            merged[after] = [p, _note(pending, result, setting), result]
    return [Branch(p, st, note, result) for st, (p, note, result) in merged.items()]


def distribution(pending: PendingRoll, setting: Setting) -> dice.Distribution:
    roll, values = pending.roll, setting.values
    spend = tuple(sorted((k, values.get(k, 1)) for k in roll.spend))
    failure = bundle_value(roll.failure, values)
    cards = (pending.modifier, pending.counts_as, pending.rolls)  # the occupation cards' dice modifiers
    if roll.aim == "low":
        success = bundle_value(roll.success, values)
        return _low(roll.kind, pending.spendables, success, failure, spend, pending.ore, cards)
    table = tuple((sw, values.get(name, 0)) for sw, name in pending.tiles)
    return _high(roll.kind, pending.spendables, failure, spend, table, pending.ore, cards)


def _note(pending: PendingRoll, result: dice.Outcome, setting: Setting) -> str:
    if not result.success:
        return "failure (compensation taken)"
    if pending.roll.aim == "low":
        return str(result)
    return f"{result}, taking {taken_tile(pending, result.result, setting)}"


# The distributions depend only on these few numbers: cached, a search asks for the same ones often.


def _modifiers(cards: tuple) -> dict:
    """The cards' dice modifiers (a hashable tuple, for the caches) as the distributions' keyword arguments."""
    modifier, counts_as, rolls = cards
    return {"rolls": rolls, "modifier": modifier, "counts_as": dict(counts_as)}


@cache
def _low(kind: str, spendables, success: float, failure: float, spend, ore: int, cards: tuple) -> dice.Distribution:
    values = dice.Values(success=success, failure=failure, spend=dict(spend))
    mods = _modifiers(cards)
    if kind == "hunt":
        return dice.hunt_distribution(dict(spendables), values, **mods)
    if kind == "snare":
        return dice.snare_distribution(dict(spendables), values, **mods)
    return dice.whaling_distribution(dict(spendables), values, ore=ore, **mods)


@cache
def _high(kind: str, spendables, failure: float, spend, table, ore: int, cards: tuple) -> dice.Distribution:
    values = dice.Values(failure=failure, spend=dict(spend))
    mods = _modifiers(cards)
    if kind == "raid":
        return dice.raid_distribution(dict(spendables), values, dict(table), **mods)
    return dice.pillage_distribution(dict(spendables), values, dict(table), ore=ore, **mods)
