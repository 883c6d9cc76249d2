"""The dice spaces' raw mechanics in the round engine, worked by hand: what a pending roll carries
(spendable items, the ore modifier, the blue tiles a raid may take), what a settled roll leaves,
and what a bundle is worth.

Written against the mutants mutmut left alive in models/round_rules.py (benchmarks/RESULTS-mutation.md).
The figures come from the action-space data (models/data/action_spaces.toml), the blue tiles'
sword values (models/data/blue_sword_values.toml, the special tiles' printed swords) and the value
table (models/values.py). No chance model here: planner/chance.py's branches are tested elsewhere.
"""

from __future__ import annotations

import pytest

from models.actions import Bundle, load_action_spaces
from models.round_context import RoundContext
from models.round_rules import (
    EXTRA_VALUES, Setting, blue_tiles, bundle_value, initial_state, pending_roll, replace, resolve_roll,
    setting_for, taken_tile,
)  # fmt: skip
from models.round_rules.dice import best_blue_tiles
from models.values import default_values
from tests.helpers import snapshot

SPACES = load_action_spaces()


def start(specials_left=(), **player):
    snap = snapshot(game={"round": 3, "players": 2}, **player)
    ctx = RoundContext(mountains=[], specials_left=list(specials_left))
    return initial_state(snap, ctx), setting_for(snap, ctx)


# --- pending_roll ------------------------------------------------------------------------------


def test_whaling_counts_printed_and_added_ore_of_the_best_armed_boats_the_space_allows():
    boats = [{"type": "whaling-boat", "ore": 1}, {"type": "whaling-boat"}, {"type": "whaling-boat"}, {"type": "longship", "ore": 2}]
    s, _ = start(resources={"wood": 2, "stone": 3}, weapons={"spear": 1, "bow": 4}, ships=boats)
    major = pending_roll(s, SPACES["whaling-major"])  # up to three boats: (1 + 1) + 1 + 1
    assert (major.ore, major.tiles, major.state, major.roll) == (4, (), s, SPACES["whaling-major"].roll)
    assert major.spendables == (("spear", 1), ("wood", 2))  # whaling spends wood and spears only
    minor = pending_roll(s, SPACES["whaling-minor"])  # one boat: the best armed, 1 + 1
    assert minor.ore == 2


def test_whaling_with_fewer_boats_than_the_space_allows_counts_those_there():
    s, _ = start(ships=[{"type": "whaling-boat"}, {"type": "whaling-boat", "ore": 1}])
    assert pending_roll(s, SPACES["whaling-major"]).ore == 3


def test_nothing_held_leaves_nothing_to_spend():
    s, _ = start(resources={"stone": 2}, weapons={"long-sword": 1}, ships=[{"type": "whaling-boat"}])
    assert pending_roll(s, SPACES["hunt-game-1"]).spendables == ()  # hunting spends wood and bows
    assert pending_roll(s, SPACES["lay-snare"]).ore == 0  # only whaling and pillaging move by ore


def test_a_hunt_reads_the_wood_on_hand_and_the_bows():
    s, _ = start(resources={"wood": 3, "stone": 1}, weapons={"bow": 2, "snare": 1})
    assert pending_roll(s, SPACES["hunt-game-1"]).spendables == (("bow", 2), ("wood", 3))
    assert pending_roll(s, SPACES["lay-snare"]).spendables == (("snare", 1), ("wood", 3))


def test_a_raid_reads_stone_and_long_swords_and_ignores_the_longships_ore():
    ships = [{"type": "longship", "ore": 2}, {"type": "longship"}]
    s, _ = start(resources={"wood": 4, "stone": 2}, weapons={"long-sword": 1, "bow": 1}, ships=ships)
    raid = pending_roll(s, SPACES["raid"])
    assert (raid.spendables, raid.ore) == ((("long-sword", 1), ("stone", 2)), 0)
    assert raid.tiles == ((6, "rune-stone"), (7, "silverware"), (8, "chest"), (9, "spices"), (10, "jewelry"), (11, "treasure-chest"), (15, "silver-hoard"))


def test_pillaging_adds_the_ore_of_the_best_armed_longship():
    ships = [{"type": "longship"}, {"type": "longship", "ore": 2}, {"type": "whaling-boat", "ore": 1}]
    s, _ = start(ships=ships)
    assert pending_roll(s, SPACES["pillage-2"]).ore == 2
    bare, _ = start(ships=[{"type": "knarr"}])  # no longship at all: nothing added
    assert pending_roll(bare, SPACES["pillage-3"]).ore == 0


# --- the blue tiles a raid may take --------------------------------------------------------------


def test_special_tiles_in_the_supply_replace_a_less_valuable_blue_good_of_the_same_sword():
    s, _ = start(specials_left=["glass-beads", "helmet", "round-shield", "fibula", "forge-hammer"])
    # glass beads (6) beat silverware (4) at 7, a helmet (6) beats a chest (5) at 8; the fibula
    # and forge hammer tie at 10 (10 points) and beat jewelry (9): the first by name stays
    assert blue_tiles(s) == {6: "rune-stone", 7: "glass-beads", 8: "helmet", 9: "spices", 10: "fibula", 11: "treasure-chest", 13: "round-shield", 15: "silver-hoard"}


def test_equal_values_keep_the_first_listed_tile():
    # chest and silk both sword 8, both worth 5: the chest is listed first and stays
    assert best_blue_tiles(())[8] == "chest"
    assert best_blue_tiles(("belt",))[8] == "belt"  # 6 beats the chest's 5
    assert best_blue_tiles(("cloakpin",))[8] == "cloakpin"


# --- resolve_roll ------------------------------------------------------------------------------


def test_a_failed_snare_pays_the_compensation_and_hands_a_viking_back():
    s, setting = start(resources={"wood": 1}, weapons={"snare": 2})
    after = resolve_roll(pending_roll(s, SPACES["lay-snare"]), False, (("wood", 1),), 2, setting)
    assert after == replace(s, wood=2, weapons=(("snare", 3),), vikings_left=s.vikings_left + 1)


def test_a_failed_hunt_gives_wood_and_a_bow_whatever_was_spent():
    s, setting = start(resources={"wood": 1})
    after = resolve_roll(pending_roll(s, SPACES["hunt-game-1"]), False, (("wood", 1),), None, setting)
    assert after == replace(s, wood=2, weapons=(("bow", 1),))


def test_a_successful_snare_spends_what_it_used_and_gains_fur_and_a_snare():
    s, setting = start(resources={"wood": 3, "stone": 1}, weapons={"snare": 2})
    after = resolve_roll(pending_roll(s, SPACES["lay-snare"]), True, (("snare", 1), ("wood", 2)), None, setting)
    assert after == replace(s, wood=1, weapons=(("snare", 2),), goods=(("fur", 1),))


def test_a_successful_hunt_with_all_bows_spent_drops_the_bow_entry():
    s, setting = start(resources={"wood": 2}, weapons={"bow": 1, "spear": 1}, goods={"hide": 1})
    after = resolve_roll(pending_roll(s, SPACES["hunt-game-1"]), True, (("bow", 1),), None, setting)
    assert after == replace(s, weapons=(("spear", 1),), goods=(("game-meat", 1), ("hide", 2)))


def test_a_successful_raid_spends_stone_and_takes_the_best_blue_good_reached():
    ships = [{"type": "longship"}]
    s, setting = start(resources={"stone": 3}, weapons={"long-sword": 2}, ships=ships, silver=5)
    pending = pending_roll(s, SPACES["raid"])
    after = resolve_roll(pending, True, (("long-sword", 1), ("stone", 2)), 9, setting)
    assert after == replace(s, stone=1, weapons=(("long-sword", 1),), goods=(("spices", 1),))
    assert resolve_roll(pending, True, (), 8, setting).goods == (("chest", 1),)


def test_a_successful_pillage_takes_a_special_tile_free_of_its_printed_cost():
    s, setting = start(specials_left=["helmet", "round-shield"], ships=[{"type": "longship"}], silver=7)
    pending = pending_roll(s, SPACES["pillage-2"])
    after = resolve_roll(pending, True, (), 13, setting)  # the round shield (sword 13, 13 points, costs 6)
    assert after == replace(s, specials=("round-shield",), specials_left=("helmet",))


def test_the_taken_tile_is_the_most_valuable_within_reach_ties_broken_by_name():
    s, setting = start(ships=[{"type": "longship"}])
    pending = pending_roll(s, SPACES["raid"])
    assert [taken_tile(pending, r, setting) for r in (6, 7, 8, 10, 14, 15, 20)] == [
        "rune-stone", "silverware", "chest", "jewelry", "treasure-chest", "silver-hoard", "silver-hoard",
    ]  # fmt: skip
    flat = Setting(setting.snapshot, 1, values={})  # every tile worth 0: the last name wins
    assert taken_tile(pending, 9, flat) == "spices"
    assert taken_tile(pending, 8, flat) == "silverware"


# --- bundle_value ------------------------------------------------------------------------------


def test_a_bundle_is_worth_the_sum_of_its_parts_at_the_table():
    b = Bundle(silver=2, wood=3, stone=5, goods=(("fur", 1), ("oil", 2)), weapons=(("bow", 3),), vikings=2)
    values = {"silver": 7, "wood": 11, "stone": 13, "fur": 17, "oil": 19, "bow": 23, "viking": 29}
    assert bundle_value(b, values) == 2 * 7 + 3 * 11 + 5 * 13 + 17 + 2 * 19 + 3 * 23 + 2 * 29


def test_unpriced_money_and_resources_count_one_and_unpriced_goods_nothing():
    b = Bundle(silver=2, wood=3, stone=5, ore=4, goods=(("fur", 1),), weapons=(("bow", 3),), vikings=2)
    assert bundle_value(b, {}) == 2 + 3 + 5


@pytest.mark.parametrize(
    ("space", "success", "failure"),
    [("lay-snare", 8 + 0.7, 1 + 0.7 + 2.5), ("whaling-major", 2 + 6 + 6, 1 + 0.7 + 2 * 2.5), ("hunt-game-1", 3 + 4, 1 + 0.7)],
)
def test_the_dice_outcomes_at_the_default_table(space, success, failure):
    values = default_values() | EXTRA_VALUES
    roll = SPACES[space].roll
    assert (bundle_value(roll.success, values), bundle_value(roll.failure, values)) == pytest.approx((success, failure))
