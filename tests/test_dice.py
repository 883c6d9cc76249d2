"""Dice actions: exact distributions, checked against brute-force enumeration and the rulebook
examples. The enumerator and the optimum here are written independently of planner.dice."""

from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest

from models.actions import max_rolls
from planner.dice import (
    FAILURE,
    REROLL,
    Outcome,
    Values,
    best_tile,
    hunt_distribution,
    pillage_distribution,
    raid_distribution,
    snare_distribution,
    whaling_distribution,
)

# Sword value -> value of taking that tile (a made-up valuation; any will do for these checks).
TILES = {6: 4, 7: 5, 8: 7, 9: 8, 10: 11, 11: 12, 12: 14, 15: 18}
COSTS = {"wood": Fraction(3, 2), "bow": 1, "snare": 1, "spear": 1, "stone": 2, "long-sword": Fraction(3, 2)}
LOW = Values(success=9, failure=Fraction(7, 2), spend=COSTS)
HIGH = Values(failure=3, spend=COSTS)

SIDES = {"hunt": 8, "snare": 8, "whaling": 12, "raid": 8, "pillage": 12}
CASES = [
    ("hunt", {"wood": 2, "bow": 1}, 0),
    ("hunt", {"wood": 5, "bow": 3}, 0),
    ("snare", {"wood": 1, "snare": 2}, 0),
    ("whaling", {"wood": 1, "spear": 1}, 3),
    ("whaling", {}, 5),
    ("raid", {"stone": 2, "long-sword": 1}, 0),
    ("pillage", {"stone": 1, "long-sword": 2}, 2),
    ("pillage", {}, 0),
]


def solve(kind, spendables, ore=0, rolls=3, low=LOW, high=HIGH):
    if kind == "hunt":
        return hunt_distribution(spendables, low, rolls)
    if kind == "snare":
        return snare_distribution(spendables, low, rolls)
    if kind == "whaling":
        return whaling_distribution(spendables, low, ore=ore, rolls=rolls)
    if kind == "raid":
        return raid_distribution(spendables, high, TILES, rolls)
    return pillage_distribution(spendables, high, TILES, ore=ore, rolls=rolls)


def enumerate_policy(dist, sides, rolls):
    """Play every roll sequence through the returned policy; each sequence weighs 1/sides^rolls."""
    found = defaultdict(Fraction)
    weight = Fraction(1, sides**rolls)
    for faces in itertools.product(range(1, sides + 1), repeat=rolls):
        for number, face in enumerate(faces, start=1):
            decision = dist.policy[(number, face)]
            if decision != REROLL:
                found[decision] += weight
                break
        else:
            pytest.fail(f"policy re-rolls after the last roll: {faces}")
    return dict(found)


def terminal_values(kind, face, spendables, ore):
    """Every legal declaration after stopping on `face`, as plain values (all spending splits)."""
    names = sorted(spendables)
    splits = itertools.product(*(range(spendables[n] + 1) for n in names))
    lost = {split: sum(COSTS[n] * k for n, k in zip(names, split)) for split in splits}
    if kind in ("hunt", "snare", "whaling"):
        need = face - (ore if kind == "whaling" else 0)
        if need <= 0:
            return [LOW.success], True
        paying = [LOW.success - c for split, c in lost.items() if sum(split) == need]
        return paying + [LOW.failure], False
    tiles = [
        max(v for s, v in TILES.items() if s <= face + ore + sum(split)) - c
        for split, c in lost.items()
        if face + ore + sum(split) >= 6
    ]
    return tiles + [HIGH.failure], False


def brute_force_value(kind, spendables, ore, rolls):
    sides = SIDES[kind]
    if rolls == 0:
        return None
    later = brute_force_value(kind, spendables, ore, rolls - 1)
    total = Fraction(0)
    for face in range(1, sides + 1):
        options, forced = terminal_values(kind, face, spendables, ore)
        if later is not None and not forced:
            options = options + [later]
        total += max(options)
    return total / sides


@pytest.mark.parametrize(("kind", "spendables", "ore"), CASES)
def test_probabilities_are_fractions_summing_to_one(kind, spendables, ore):
    dist = solve(kind, spendables, ore)
    assert all(isinstance(p, Fraction) and p > 0 for p in dist.outcomes.values())
    assert sum(dist.outcomes.values()) == 1


@pytest.mark.parametrize(("kind", "spendables", "ore"), CASES)
def test_enumerating_every_roll_sequence_reproduces_the_distribution(kind, spendables, ore):
    dist = solve(kind, spendables, ore)
    assert enumerate_policy(dist, SIDES[kind], 3) == dict(dist.outcomes)


@pytest.mark.parametrize(("kind", "spendables", "ore"), CASES)
def test_policy_is_optimal_and_expected_value_is_consistent(kind, spendables, ore):
    dist = solve(kind, spendables, ore)
    assert dist.expected_value == sum(p * dist.values[o] for o, p in dist.outcomes.items())
    assert dist.expected_value == brute_force_value(kind, spendables, ore, 3)


def test_default_rolls_follow_the_data():
    assert max_rolls() == 3
    assert {n for n, _ in hunt_distribution({}, LOW).policy} == {1, 2, 3}


def test_hunting_needs_something_to_spend():
    assert hunt_distribution({}, LOW, rolls=1).success_probability == 0
    assert hunt_distribution({}, LOW, rolls=1).outcomes == {FAILURE: 1}


def test_hunting_with_enough_wood_always_succeeds():
    free = Values(success=1, failure=0)
    # the d8 shows 1-8 (the rulebooks: a raid result "may even exceed 8"), so 8 wood covers all
    assert hunt_distribution({"wood": 8}, free, rolls=1).success_probability == 1
    assert hunt_distribution({"wood": 7}, free, rolls=1).success_probability == Fraction(7, 8)
    assert hunt_distribution({"wood": 7}, free, rolls=3).success_probability == 1 - Fraction(1, 8**3)


def test_failed_hunt_example_declares_failure():
    # Rolls 3, 7, then 4 on the last roll; 2 wood + 2 bows would do, but it feels too dear.
    dear = Values(success=4, failure=2, spend={"wood": 1, "bow": 1})
    dist = hunt_distribution({"wood": 2, "bow": 2}, dear)
    assert dist.decision(3, 4) == FAILURE
    assert dist.decision(3, 1) == Outcome(True, (("bow", 1),))  # a weapon before wood on ties


def test_whaling_example_with_three_boats_and_five_ore():
    # 2 boats with 1 extra ore each, plus a new bare boat: 5 ore. An 8 needs 3 spears or wood;
    # the re-rolled 4 is adjusted below 0, so the hunt succeeds at once.
    greedy = Values(success=10, failure=100, spend={"wood": 1, "spear": 1})
    dist = whaling_distribution({"wood": 1, "spear": 2}, greedy, ore=5)
    for number in (1, 2, 3):
        for face in range(1, 6):
            assert dist.decision(number, face) == Outcome(True)  # forced: no failure, no re-roll
    keen = Values(success=10, failure=1, spend={"wood": 1, "spear": 1})
    assert whaling_distribution({"wood": 1, "spear": 2}, keen, ore=5, rolls=1).decision(1, 8) == Outcome(
        True, (("spear", 2), ("wood", 1))
    )
    assert whaling_distribution({}, keen, ore=5, rolls=1).success_probability == Fraction(5, 12)


def test_raid_example_three_becomes_six():
    # Last roll 3; 2 stones + 1 long sword make the combat result 6, enough for a rune stone.
    spend = {"stone": 2, "long-sword": 1}
    worth_it = Values(failure=1, spend={"stone": 1, "long-sword": 1})
    dist = raid_distribution(spend, worth_it, {6: 10}, rolls=1)
    assert dist.decision(1, 3) == Outcome(True, (("long-sword", 1), ("stone", 2)), 6)
    # The example's player preferred 1 stone + 1 long sword as compensation.
    thrifty = Values(failure=2, spend={"stone": 1, "long-sword": 1})
    assert raid_distribution(spend, thrifty, {6: 4}, rolls=1).decision(1, 3) == FAILURE
    assert raid_distribution({}, thrifty, {6: 4}, rolls=1).success_probability == Fraction(3, 8)


def test_pillage_example_reaches_ten_for_jewelry():
    # 3 ore on the longship, a 6, one long sword: 10.
    dist = pillage_distribution({"long-sword": 1}, HIGH, {6: 1, 10: 20}, ore=3, rolls=1)
    assert dist.decision(1, 6) == Outcome(True, (("long-sword", 1),), 10)


def test_raid_result_of_five_or_less_fails_whatever_the_table_says():
    dist = raid_distribution({}, Values(failure=0), {1: 50}, rolls=1)
    assert all(dist.decision(1, f) == FAILURE for f in range(1, 6))
    assert dist.success_probability == Fraction(3, 8)


def test_failure_may_always_be_declared():
    rich = Values(success=1, failure=50)
    assert hunt_distribution({"wood": 8}, rich).outcomes == {FAILURE: 1}
    dist = whaling_distribution({"spear": 3}, rich, ore=2)
    assert dist.outcomes == {Outcome(True): Fraction(2, 12), FAILURE: Fraction(10, 12)}


def test_cheaper_items_are_spent_first():
    dist = hunt_distribution({"wood": 3, "bow": 3}, Values(success=20, spend={"wood": 1, "bow": 2}), rolls=1)
    assert dist.decision(1, 4) == Outcome(True, (("bow", 1), ("wood", 3)))


def test_best_tile_takes_the_best_reachable():
    value = best_tile({6: 3, 8: 9, 9: 7})
    assert (value(5), value(6), value(8), value(12)) == (None, 3, 9, 9)


@pytest.mark.parametrize("kind", ["hunt", "snare", "whaling", "raid", "pillage"])
def test_more_spendables_never_lower_the_expected_value(kind):
    names = {"hunt": "bow", "snare": "snare", "whaling": "spear"}.get(kind, "long-sword")
    other = "stone" if kind in ("raid", "pillage") else "wood"
    for a in range(4):
        row = [solve(kind, {names: a, other: b}, ore=1).expected_value for b in range(4)]
        assert row == sorted(row)
        more = solve(kind, {names: a + 1, other: 0}, ore=1).expected_value
        assert more >= row[0]


def test_a_fourth_roll_never_hurts():
    assert solve("hunt", {"wood": 2}, rolls=4).expected_value >= solve("hunt", {"wood": 2}).expected_value


def test_bad_input_is_refused():
    with pytest.raises(ValueError):
        hunt_distribution({"spear": 1}, LOW)
    with pytest.raises(ValueError):
        hunt_distribution({"wood": -1}, LOW)
    with pytest.raises(ValueError):
        hunt_distribution({}, LOW, rolls=0)


def test_outcomes_read_well():
    assert str(FAILURE) == "failure"
    assert str(Outcome(True, (("bow", 2), ("wood", 1)))) == "success spending 2 bows and 1 wood"
    assert str(Outcome(True, (), 7)) == "success at 7"
