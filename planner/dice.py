"""Exact outcome distributions of the dice actions under the best stop-or-re-roll policy.

The rules (Korean and Chinese rulebooks, "raiding, pillaging and hunting"):

- Up to three rolls; each re-roll discards the previous one, and you may stop at any time.
- Hunting, laying a snare, whaling (aim low): the roll - for whaling minus the ore on the boats
  used, printed ore included - is how many wood or matching weapons you must spend to succeed.
  A roll adjusted to 0 or below succeeds at once: no re-roll, no declared failure.
- Raiding, pillaging (aim high): the roll - for pillaging plus the ore on the longship used -
  plus 1 per stone or long sword spent is the combat result; you take one blue tile whose sword
  value is <= the result. A result <= 5 fails.
- Failure may always be declared instead (except after a roll adjusted to 0 or below); it spends
  nothing and pays the space's compensation.

Occupation cards move the roll (`modifier`, added to each face: the Hunter's -1 helps aiming low
and hurts aiming high), make an item spent count more than 1 (`counts_as`: the Trident Hunter's
spear moves a whaling roll by 2) or allow a fourth roll (`rolls`).

Spending happens only once you stop, so the spendables never change between rolls: the dynamic
program over (rolls left, spendables) collapses to one over rolls left for the given inventory.
Values are parameters, so the same solver serves any valuation of goods, Vikings and weapons;
probabilities are exact `Fraction`s, and values stay exact when given as ints or Fractions.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from itertools import product
from typing import Final, Literal

from models.actions import WEAPONS, load_action_spaces

Number = int | Fraction | float
REROLL: Final = "reroll"
Spent = tuple[tuple[str, int], ...]
Counts = Mapping[str, int]  # what one item spent moves the roll by, where a card makes it more than 1
# A raid's reward by combat result (None: no tile reachable), or {sword value: tile value}.
ResultValue = Callable[[int], Number | None] | Mapping[int, Number]


@dataclass(frozen=True)
class Values:
    """What each end of a dice action is worth to the caller."""

    success: Number = 0  # the success reward (hunt, snare, whaling); raids value tiles instead
    failure: Number = 0  # the compensation, Vikings returned included
    spend: Mapping[str, Number] = field(default_factory=dict)  # lost per item spent; missing = 0


@dataclass(frozen=True)
class Outcome:
    success: bool
    spent: Spent = ()  # (name, count) pairs, by name, counts > 0
    result: int | None = None  # raid / pillage: the combat result the tile is taken with

    def __str__(self) -> str:
        if not self.success:
            return "failure"
        text = "success" if self.result is None else f"success at {self.result}"
        items = " and ".join(f"{n} {_plural(name, n)}" for name, n in self.spent)
        return f"{text} spending {items}" if items else text


FAILURE: Final = Outcome(False)
Decision = Outcome | Literal["reroll"]


@dataclass(frozen=True)
class Distribution:
    kind: str
    outcomes: Mapping[Outcome, Fraction]  # sums to exactly 1
    values: Mapping[Outcome, Number]  # each outcome's value under the given Values
    policy: Mapping[tuple[int, int], Decision]  # (roll number from 1, face) -> REROLL or declared
    expected_value: Number  # of the optimal policy, before the first roll

    @property
    def success_probability(self) -> Fraction:
        return sum((p for o, p in self.outcomes.items() if o.success), Fraction(0))

    def decision(self, roll_number: int, face: int) -> Decision:
        """What the policy does after `face` shows on roll `roll_number` (1-based)."""
        return self.policy[(roll_number, face)]


# --- the five dice actions --------------------------------------------------------------------


def hunt_distribution(
    spendables: Mapping[str, int], values: Values, rolls: int = 3, modifier: int = 0, counts_as: Counts | None = None
) -> Distribution:
    """Hunting game: d8, low; spend wood and bows. Succeeds: hide + game meat."""
    return _low("hunt", spendables, values, -modifier, rolls, counts_as)


def snare_distribution(
    spendables: Mapping[str, int], values: Values, rolls: int = 3, modifier: int = 0, counts_as: Counts | None = None
) -> Distribution:
    """Laying a snare: d8, low; spend wood and snares. Succeeds: fur + a snare card."""
    return _low("snare", spendables, values, -modifier, rolls, counts_as)


def whaling_distribution(
    spendables: Mapping[str, int], values: Values, ore: int, rolls: int = 3, modifier: int = 0,
    counts_as: Counts | None = None,
) -> Distribution:
    """Whaling: d12 minus `ore` (all ore on the boats used, each boat's printed ore included)."""
    _check_ore(ore)
    return _low("whaling", spendables, values, ore - modifier, rolls, counts_as)


def raid_distribution(
    spendables: Mapping[str, int], values: Values, value_of_result: ResultValue, rolls: int = 3, modifier: int = 0,
    counts_as: Counts | None = None,
) -> Distribution:
    """Raiding: d8, high; + stones and long swords. `value_of_result`: see `best_tile`."""
    return _high("raid", spendables, values, value_of_result, modifier, rolls, counts_as)


def pillage_distribution(
    spendables: Mapping[str, int], values: Values, value_of_result: ResultValue, ore: int = 0, rolls: int = 3,
    modifier: int = 0, counts_as: Counts | None = None,
) -> Distribution:
    """Pillaging: d12 + `ore` on the longship used, high; + stones and long swords."""
    _check_ore(ore)
    return _high("pillage", spendables, values, value_of_result, ore + modifier, rolls, counts_as)


def best_tile(tiles: Mapping[int, Number]) -> Callable[[int], Number | None]:
    """From {sword value: value of a tile with it} to value_of_result: the best tile reachable
    with a combat result, or None when no tile is."""

    def value(result: int) -> Number | None:
        reachable = [v for sword, v in tiles.items() if sword <= result]
        return max(reachable) if reachable else None

    return value


# --- rules from the action-space data ---------------------------------------------------------


@dataclass(frozen=True)
class _Rule:
    sides: int
    spend: tuple[str, ...]  # weapons first: the rulebook's advice breaks cost ties that way
    fail_at_or_below: int | None


@cache
def _rules() -> dict[str, _Rule]:
    """Die, spendables and threshold per kind, read from the action spaces (one source)."""
    rolls = [s.roll for s in load_action_spaces().values() if s.roll]
    return {
        r.kind: _Rule(r.die, tuple(sorted(r.spend, key=lambda n: n not in WEAPONS)), r.fail_at_or_below)
        for r in rolls
    }


def _checked(kind: str, spendables: Mapping[str, int], rolls: int, counts_as: Counts | None) -> _Rule:
    rule = _rules()[kind]
    unknown = (set(spendables) | set(counts_as or {})) - set(rule.spend)
    if unknown:
        raise ValueError(f"{kind} spends only {rule.spend}, not {sorted(unknown)}")
    if any(n < 0 for n in spendables.values()) or rolls < 1 or any(n < 1 for n in (counts_as or {}).values()):
        raise ValueError("counts must be >= 0, rolls and what an item counts as >= 1")
    return rule


def _check_ore(ore: int) -> None:
    if ore < 0:
        raise ValueError("ore must be >= 0")


# --- choosing what to do once you stop --------------------------------------------------------

_Stop = tuple[Outcome, Number, bool]  # what is declared, its value, forced (no choice left)


def _cheapest(count: int, spendables: Mapping[str, int], rule: _Rule, values: Values) -> tuple[Spent, Number]:
    """Spend `count` items at the least value lost (greedy is exact: each item costs the same)."""
    order = sorted(rule.spend, key=lambda n: values.spend.get(n, 0))  # stable: weapons first on ties
    spent: dict[str, int] = {}
    for name in order:
        take = min(count, spendables.get(name, 0))
        if take:
            spent[name] = take
            count -= take
    lost = sum((values.spend.get(n, 0) * k for n, k in spent.items()), 0)
    return tuple(sorted(spent.items())), lost


def _best(candidates: list[tuple[Outcome, Number]]) -> tuple[Outcome, Number]:
    # max keeps the first of equals: callers list successes before failure, cheaper first
    return max(candidates, key=lambda c: c[1])


def _low_stop(face: int, ore: int, spendables: Mapping[str, int], rule: _Rule, values: Values, ways) -> _Stop:
    need = face - ore
    if need <= 0:
        return Outcome(True), values.success, True
    candidates = [(FAILURE, values.failure)]
    if ways is not None:  # a card makes some item count more: the cheapest way moving the roll enough
        covering = [(spent, lost) for moved, spent, lost in ways if moved >= need]
        if covering:
            spent, lost = covering[0]
            candidates.insert(0, (Outcome(True, spent), values.success - lost))
    elif need <= sum(spendables.values()):
        spent, lost = _cheapest(need, spendables, rule, values)
        candidates.insert(0, (Outcome(True, spent), values.success - lost))
    return (*_best(candidates), False)


def _high_stop(
    face: int, ore: int, spendables: Mapping[str, int], rule: _Rule, values: Values, tile: Callable, ways
) -> _Stop:
    if ways is None:
        ways = [(extra, *_cheapest(extra, spendables, rule, values)) for extra in range(sum(spendables.values()) + 1)]
    candidates = []
    for moved, spent, lost in ways:
        result = face + ore + moved
        reward = tile(result) if rule.fail_at_or_below is None or result > rule.fail_at_or_below else None
        if reward is not None:
            candidates.append((Outcome(True, spent, result), reward - lost))
    return (*_best(candidates + [(FAILURE, values.failure)]), False)


def _ways(spendables: Mapping[str, int], rule: _Rule, values: Values, counts_as: Counts | None):
    """Where a card makes an item spent count more than 1: every way to spend, as (moved, spent,
    value lost), cheapest first (then fewer items, then weapons first); None where every item counts 1."""
    if not counts_as or all(n == 1 for n in counts_as.values()):
        return None
    names = [n for n in rule.spend if spendables.get(n, 0)]
    ways = []
    for counts in product(*(range(spendables[n] + 1) for n in names)):
        spent = tuple(sorted((n, k) for n, k in zip(names, counts) if k))
        moved = sum(k * counts_as.get(n, 1) for n, k in zip(names, counts))
        lost = sum((values.spend.get(n, 0) * k for n, k in zip(names, counts)), 0)
        ways.append((lost, sum(counts), tuple(-k for k in counts), moved, spent))
    return [(moved, spent, lost) for lost, _, _, moved, spent in sorted(ways, key=lambda w: w[:3])]


# --- the dynamic program ----------------------------------------------------------------------


def _low(kind: str, spendables: Mapping[str, int], values: Values, ore: int, rolls: int, counts_as) -> Distribution:
    rule = _checked(kind, spendables, rolls, counts_as)
    ways = _ways(spendables, rule, values, counts_as)
    stops = {f: _low_stop(f, ore, spendables, rule, values, ways) for f in range(1, rule.sides + 1)}
    return _solve(kind, stops, rolls)


def _high(
    kind: str, spendables: Mapping[str, int], values: Values, value_of_result: ResultValue, ore: int, rolls: int,
    counts_as,
) -> Distribution:
    rule = _checked(kind, spendables, rolls, counts_as)
    tile = best_tile(value_of_result) if isinstance(value_of_result, Mapping) else value_of_result
    ways = _ways(spendables, rule, values, counts_as)
    stops = {f: _high_stop(f, ore, spendables, rule, values, tile, ways) for f in range(1, rule.sides + 1)}
    return _solve(kind, stops, rolls)


def _worth_rolling(stops: dict[int, _Stop], rolls: int) -> list[Number]:
    """worth[k]: expected value before a roll with k rolls left (worth[0] unused)."""
    worth: list[Number] = [0]
    for k in range(1, rolls + 1):
        later = worth[k - 1] if k > 1 else None
        total = sum(_after(stop, later)[1] for stop in stops.values())
        worth.append(total * Fraction(1, len(stops)))
    return worth


def _after(stop: _Stop, later: Number | None) -> tuple[Decision, Number]:
    """Re-roll only when strictly better: a tie keeps the sure thing."""
    outcome, value, forced = stop
    if not forced and later is not None and later > value:
        return REROLL, later
    return outcome, value


def _solve(kind: str, stops: dict[int, _Stop], rolls: int) -> Distribution:
    worth = _worth_rolling(stops, rolls)
    policy: dict[tuple[int, int], Decision] = {}
    outcomes: dict[Outcome, Fraction] = defaultdict(Fraction)
    reach = Fraction(1)  # probability that roll number t happens
    for t in range(1, rolls + 1):
        later = worth[rolls - t] if t < rolls else None
        each, reach = reach / len(stops), Fraction(0)
        for face, stop in stops.items():
            policy[(t, face)] = decision = _after(stop, later)[0]
            if decision == REROLL:
                reach += each
            else:
                outcomes[decision] += each
    values = {o: v for o, v, _ in stops.values()}
    kept = {o: p for o, p in outcomes.items() if p}
    return Distribution(kind, kept, {o: values[o] for o in kept}, policy, worth[rolls])


def _plural(name: str, n: int) -> str:
    return name if n == 1 or name == "wood" else f"{name}s"
