"""Dice modifiers of the occupation cards in play (`dice` in models/data/occupation_effects.toml):
a number added to each die, an item spent counting more than 1, a fourth roll. planner/dice.py
solves the roll exactly with them; one exact distribution per word, one per card family."""

from __future__ import annotations

from fractions import Fraction

import pytest

from models.actions import ActionDataError
from models.occupation_cards import _effect, effects
from models.occupation_words import effect_words
from models.round_rules import pending_roll, replace
from models.round_rules.state import spaces_by_id
from planner.advice.rolls import roll_plan
from planner.chance import distribution
from planner.dice import FAILURE, Outcome, Values, hunt_distribution, raid_distribution, whaling_distribution
from tests.test_occupation_each_time import in_play

FREE = Values(success=10, failure=0)  # spending costs nothing: succeed whenever possible
TILES = {6: 1, 8: 2}  # sword value -> value of the tile


pytestmark = pytest.mark.usefixtures("occupation_data_afresh")


# --- planner/dice.py: the three words, exactly --------------------------------------------------


def test_a_minus_one_makes_a_rolled_one_succeed_with_nothing_spent():
    assert hunt_distribution({}, FREE, rolls=1).success_probability == 0
    minus = hunt_distribution({}, FREE, rolls=1, modifier=-1)
    assert minus.outcomes == {Outcome(True): Fraction(1, 8), FAILURE: Fraction(7, 8)}
    assert hunt_distribution({"wood": 2}, FREE, rolls=1, modifier=-1).success_probability == Fraction(3, 8)
    assert hunt_distribution({}, FREE, rolls=3, modifier=-2).success_probability == 1 - Fraction(6, 8) ** 3


def test_a_modifier_moves_a_raid_result_up_or_down():
    assert raid_distribution({}, FREE, TILES, rolls=1).success_probability == Fraction(3, 8)  # 6, 7, 8
    up = raid_distribution({}, FREE, TILES, rolls=1, modifier=1)
    assert up.outcomes == {FAILURE: Fraction(4, 8), **{Outcome(True, (), r): Fraction(1, 8) for r in (6, 7, 8, 9)}}
    assert raid_distribution({}, FREE, TILES, rolls=1, modifier=-1).success_probability == Fraction(2, 8)


def test_an_item_counting_two_covers_twice_the_pips():
    # one boat (1 ore) and one spear: a 1 or 2 succeeds, a 3 needs 2 pips: the spear alone only if it counts 2
    assert whaling_distribution({"spear": 1}, FREE, ore=1, rolls=1).success_probability == Fraction(2, 12)
    two = whaling_distribution({"spear": 1}, FREE, ore=1, rolls=1, counts_as={"spear": 2})
    spear = Outcome(True, (("spear", 1),))
    assert two.outcomes == {Outcome(True): Fraction(1, 12), spear: Fraction(2, 12), FAILURE: Fraction(9, 12)}


def test_the_cheapest_way_is_spent_when_an_item_counts_two():
    dear = Values(success=10, failure=0, spend={"spear": 3, "wood": 1})
    two = whaling_distribution({"spear": 2, "wood": 3}, dear, ore=1, rolls=1, counts_as={"spear": 2})
    assert two.decision(1, 3) == Outcome(True, (("wood", 2),))  # 2 wood (2) before a spear (3)
    assert two.decision(1, 6) == Outcome(True, (("spear", 1), ("wood", 3)))  # 5 pips: 6 against 7 or 8
    assert two.decision(1, 8) == Outcome(True, (("spear", 2), ("wood", 3)))  # 7 pips: no other way
    assert two.decision(1, 9) == FAILURE  # 8 pips: 2 spears and 3 wood cover 7


def test_a_stone_counting_two_in_a_raid():
    assert raid_distribution({"stone": 1}, FREE, TILES, rolls=1).success_probability == Fraction(4, 8)  # 5 + 1
    two = raid_distribution({"stone": 1}, FREE, TILES, rolls=1, counts_as={"stone": 2})
    assert two.success_probability == Fraction(5, 8)  # 4 + 2
    assert two.decision(1, 6) == Outcome(True, (("stone", 1),), 8)  # the better tile for the stone


def test_a_fourth_roll():
    four = hunt_distribution({}, FREE, rolls=4, modifier=-1)
    assert four.success_probability == 1 - Fraction(7, 8) ** 4
    assert max(t for t, _ in four.policy) == 4


def test_counting_an_item_the_roll_does_not_spend_is_refused():
    with pytest.raises(ValueError, match="spends only"):
        hunt_distribution({}, FREE, counts_as={"spear": 2})


# --- the cards in play, on the round engine's roll ------------------------------------------------


def whaling(cards: tuple[int, ...], **player):
    s, setting = in_play(cards, weapons={"spear": 1}, **player)  # one whaling boat, 3 wood
    return pending_roll(s, spaces_by_id()["whaling-minor"]), setting


def test_the_trident_hunters_spear_counts_two_on_a_whaling_roll():
    plain, setting = whaling(())
    trident, _ = whaling((11,))
    assert (plain.counts_as, trident.counts_as) == ((), (("spear", 2),))
    assert distribution(plain, setting).success_probability == Fraction(167, 216)
    assert distribution(trident, setting).success_probability == Fraction(41, 48)  # 1-6 keepable, not 1-5
    assert roll_plan(trident, setting).text.endswith("in spears and wood, each spear counts 2")


def test_the_hunter_archer_and_sledger_lower_the_rolls_of_their_kinds():
    s, setting = in_play((4, 13, 146))
    hunt = pending_roll(s, spaces_by_id()["hunt-game-1"])
    snare = pending_roll(s, spaces_by_id()["lay-snare"])
    whale = pending_roll(s, spaces_by_id()["whaling-minor"])
    raid = pending_roll(s, spaces_by_id()["raid"])
    assert [p.modifier for p in (hunt, snare, whale, raid)] == [-3, -2, -1, -1]  # they add up
    odds = distribution(raid, setting).success_probability
    assert odds < distribution(replace(raid, modifier=0), setting).success_probability
    # -3 lets a 1-3 succeed with nothing; the bow and 3 wood held cover a 4-7, not an 8
    last = [distribution(hunt, setting).policy[(3, f)] for f in range(1, 9)]
    assert last[:4] == [Outcome(True)] * 3 + [Outcome(True, (("bow", 1),))]
    assert last[6:] == [Outcome(True, (("bow", 1), ("wood", 3))), FAILURE]


def test_the_raider_and_catapulter_move_raids_and_pillages():
    s, setting = in_play((89, 136))
    for space in ("raid", "pillage-2"):
        p = pending_roll(s, spaces_by_id()[space])
        assert (p.modifier, p.counts_as) == (1, (("stone", 2),))
    assert pending_roll(s, spaces_by_id()["whaling-minor"]).modifier == 0


def test_the_proficient_hunter_allows_a_fourth_roll_of_every_kind():
    s, setting = in_play((153,))
    for space in ("hunt-game-1", "lay-snare", "whaling-minor", "raid", "pillage-2"):
        assert pending_roll(s, spaces_by_id()[space]).rolls == 4
    assert pending_roll(replace(s, active=()), spaces_by_id()["raid"]).rolls == 3
    assert max(t for t, _ in distribution(pending_roll(s, spaces_by_id()["lay-snare"]), setting).policy) == 4


# --- the data, strictly read, and in words --------------------------------------------------------


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ([{"kinds": ["fishing"], "add": -1}], "kinds: a list of roll kinds"),
        ([{"kinds": [], "add": -1}], "kinds: a list of roll kinds"),
        ([{"kinds": ["hunt"], "counts_as": {"spear": 2}}], "counts_as: a table of what every roll"),
        ([{"kinds": ["raid", "whaling"], "counts_as": {"stone": 2}}], "counts_as: a table of what every roll"),
        ([{"kinds": ["hunt"], "counts_as": {"bow": 1}}], "an item counts as 2 or more"),
        ([{"kinds": ["hunt"], "rolls": 3}], "the rolls allowed are 4 or more"),
        ([{"kinds": ["hunt"], "add": 0}], "a dice rule adds to the face"),
        ([{"kinds": ["hunt"], "add": True}], "expected whole numbers"),
        ([{"kinds": ["hunt"], "add": -1, "times": 2}], "unknown keys ['times']"),
    ],
)
def test_bad_dice_rules_are_refused(dice, message):
    with pytest.raises(ActionDataError) as err:
        _effect({"number": 27, "name": "Fisherman", "dice": dice}, "card[0]")
    assert message in str(err.value)


def test_the_dice_rules_read():
    said = {n: effect_words(e) for n, e in effects().items() if e.dice}
    assert said == {
        4: "every roll: -1 on each die rolled",
        11: "1 spear; each whaling roll: each spear spent counts 2",
        13: "1 bow; each Hunting Game roll: -1 on each die rolled",
        89: "each raid or pillage roll: each stone spent counts 2",
        136: "each raid or pillage roll: +1 on each die rolled",
        146: "each Hunting Game or snare roll: -1 on each die rolled",
        153: "every roll: up to 4 rolls",
    }
    assert all(effects()[n].lasting for n in said)
