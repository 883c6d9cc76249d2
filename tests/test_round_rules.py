"""The round rules engine: legality, Viking costs, chance nodes against planner/dice.py."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from models.actions import load_action_spaces
from models.round_context import parse_context, split_snapshot
from models.round_rules import (
    Action,
    initial_state,
    legal_actions,
    setting_for,
    to_snapshot,
)
from models.rules import check_snapshot
from models.snapshot import SnapshotError
from planner import dice
from planner.chance import outcomes
from tests.round_positions import round_3


def make(context: dict | None = None, **player):
    snap, ctx = split_snapshot(round_3(context, **player))
    return initial_state(snap, ctx), setting_for(snap, ctx)


def test_context_is_stripped_from_the_snapshot_and_validated():
    s, _ = make({"taken": ["build-shed"]})
    assert "build-shed" in s.taken
    with pytest.raises(SnapshotError) as err:
        parse_context({"taken": ["no-such-space"]})
    assert err.value.problems[0].path.startswith("round_context")


def test_taken_spaces_are_never_legal():
    taken = ["build-shed", "hunt-game-1", "upgrade-2", "raid", "mountain-2"]
    s, setting = make({"taken": taken})
    assert not {a.space for a in legal_actions(s, setting)} & set(taken)


def test_viking_costs_are_respected():
    s, setting = make({"vikings_left": 3})
    spaces = load_action_spaces()
    acts = [a for a in legal_actions(s, setting) if a.kind == "space"]
    assert acts and all(spaces[a.space].column <= 3 for a in acts)
    assert not [a for a in acts if spaces[a.space].column == 4]
    none_left, _ = make({"vikings_left": 0})
    assert not [a for a in legal_actions(none_left, setting) if a.kind == "space"]


def test_every_action_of_a_rich_position_leads_to_a_legal_snapshot():
    s, setting = make({}, silver=20, goods={"peas": 2, "sheep": 2, "cattle": 1, "wool": 1, "silverware": 1, "hide": 1, "linen": 1})
    acts = legal_actions(s, setting)
    assert len(acts) > 60
    for a in acts:
        branches = outcomes(s, a, setting)
        assert sum(b.probability for b in branches) == 1
        for b in branches:
            problems = check_snapshot(to_snapshot(b.state, setting))
            assert not problems, (a.label, problems)


def test_upgrade_choices_are_multisets_bounded_and_canonical():
    s, setting = make({})
    ups = [a for a in legal_actions(s, setting) if a.space == "upgrade-3"]
    chosen = [a.chosen("upgrade") for a in ups]
    assert 1 <= len(chosen) <= 5 + 2  # the five best, and the best of each smaller size
    assert all(list(c) == sorted(c) or len(set(c)) < len(c) for c in chosen)  # one order per multiset
    assert len(set(chosen)) == len(chosen)


def test_mountain_items_come_off_the_left():
    s, setting = make({})
    a = next(a for a in legal_actions(s, setting) if a.space == "mountain-2" and "wood/stone" in a.label)
    (after,) = outcomes(s, a, setting)
    assert (after.state.wood, after.state.stone) == (s.wood + 1, s.stone + 1)
    assert ("ore", "silver-2") in after.state.mountains


def taken_items(s, a, setting) -> tuple:
    (after,) = outcomes(s, a, setting)
    return (after.state.wood - s.wood, after.state.stone - s.stone, after.state.ore - s.ore, after.state.silver - s.silver)


def test_up_to_means_up_to_a_mountain_take_may_stop_short():
    s, setting = make({})
    takes = sorted(taken_items(s, a, setting) for a in legal_actions(s, setting) if a.space == "mountain-2")
    # (wood, stone, ore, silver) from strip 1 (wood, stone, ...) or strip 2 (stone, wood, ...)
    assert takes == [(0, 1, 0, 0), (1, 0, 0, 0), (1, 1, 0, 0), (1, 1, 0, 0)]


def test_up_to_means_up_to_an_upgrade_may_upgrade_fewer_or_none_beside_another_effect():
    s, setting = make({})
    sizes = {len(a.chosen("upgrade")) for a in legal_actions(s, setting) if a.space == "upgrade-3"}
    assert sizes == {1, 2, 3}
    choices = [(a.chosen("mountain"), a.chosen("upgrade")) for a in legal_actions(s, setting) if a.space == "mountain-1-upgrade-1"]
    assert ((((0, 1),), ())) in choices or (((1, 1),), ()) in choices  # the item alone, nothing upgraded
    assert all(m or u for m, u in choices)  # never nothing at all


def test_house_and_ship_needs_a_berth_and_the_building_in_supply():
    s, setting = make({"buildings_left": {"shed": 3, "stone-house": 0, "long-house": 5}})
    labels = [a.label for a in legal_actions(s, setting) if a.space == "build-house-and-ship"]
    assert labels == ["Build a House and Ship [build-house-and-ship] (long house and knarr)"]


def test_a_ship_from_an_option_needs_a_free_berth_never_a_fifth_large_ship():
    four = [{"type": "knarr"}, {"type": "knarr"}, {"type": "longship"}, {"type": "longship"}]
    s, setting = make({}, ships=four)
    assert not [a for a in legal_actions(s, setting) if a.space in ("build-house-and-ship", "build-knarr", "build-longship")]
    three = make({}, ships=four[1:])
    labels = [a.label for a in legal_actions(*three) if a.space == "build-house-and-ship"]
    assert len(labels) == 2  # with a berth free both options stand


def test_emigration_pays_the_round_and_frees_a_position():
    s, setting = make({})
    a = next(a for a in legal_actions(s, setting) if a.space == "emigrate-2")
    (b,) = outcomes(s, a, setting)
    assert b.state.silver == s.silver - 3 and b.state.emigrated == ("longship",) and not b.state.ships_of("longship")


def emigrations(s, setting) -> dict:
    return {(a.chosen("emigrate"), a.chosen("exchange")): a for a in legal_actions(s, setting) if a.space == "upgrade-boat-and-emigrate"}


def test_upgrade_boat_and_emigrate_the_swap_is_optional_and_any_large_ship_may_go():
    s, setting = make({}, silver=10)  # a whaling boat and a longship
    choices = emigrations(s, setting)
    assert set(choices) == {("longship", False), ("knarr", True), ("longship", True)}
    (swapped,) = outcomes(s, choices[("longship", True)], setting)
    assert swapped.state.ships == (("knarr", 0),) and swapped.state.emigrated == ("longship",)
    assert swapped.state.silver == 10 - 3  # round 3
    with_knarr, setting = make({}, silver=10, ships=[{"type": "whaling-boat"}, {"type": "knarr"}])
    (kept,) = outcomes(with_knarr, emigrations(with_knarr, setting)[("knarr", True)], setting)
    assert kept.state.ships == (("knarr", 0),)  # the old knarr stays, the boat became the emigrant


def test_the_swapped_knarr_needs_a_free_large_berth():
    four = [{"type": "whaling-boat"}, {"type": "knarr"}, {"type": "knarr"}, {"type": "longship"}, {"type": "longship"}]
    s, setting = make({}, silver=10, ships=four)
    assert set(emigrations(s, setting)) == {("knarr", False), ("longship", False)}


def test_overseas_trade_flips_as_many_green_kinds_as_wanted_or_none():
    s, setting = make({}, ships=[{"type": "knarr"}])  # green: 1 hide, 1 oil
    trades = {a.chosen("trade"): a for a in legal_actions(s, setting) if a.space == "overseas-trade-1"}
    assert set(trades) == {(), ("hide",), ("hide", "oil")}  # best gain first; equal gains by name
    (none,) = outcomes(s, trades[()], setting)
    assert none.state.goods == s.goods and none.state.silver == s.silver - 1
    (one,) = outcomes(s, trades[("hide",)], setting)
    assert (one.state.count("hide"), one.state.count("silverware"), one.state.count("oil")) == (0, 1, 1)
    bare, setting = make({}, ships=[{"type": "knarr"}], goods={"peas": 1})
    assert [a.chosen("trade") for a in legal_actions(bare, setting) if a.space == "overseas-trade-1"] == [()]


def test_column_three_draws_an_occupation_and_column_four_may_play_one():
    s, setting = make({"drawn_occupation_points": 2})
    a = next(a for a in legal_actions(s, setting) if a.space == "build-longship")
    (b,) = outcomes(s, a, setting)
    assert b.state.hand == (2,)
    plays = {a.chosen("bonus_play"): a for a in legal_actions(b.state, setting) if a.space == "buy-cattle-sheep"}
    assert set(plays) == {0, 1}  # the column-4 card is a choice, not automatic
    (c,) = outcomes(b.state, plays[1], setting)
    assert c.state.hand == () and c.state.occupation_points == 2
    (d,) = outcomes(b.state, plays[0], setting)
    assert d.state.hand == (2,) and d.state.occupation_points == 0


def test_the_play_up_to_4_space_may_play_the_card_its_column_bonus_just_drew():
    s, setting = make({"drawn_occupation_points": 3})
    assert s.hand == ()
    (a,) = [a for a in legal_actions(s, setting) if a.space == "play-occupations-4"]
    (b,) = outcomes(s, a, setting)
    assert b.state.hand == () and b.state.occupation_points == 3


def test_playing_occupations_is_a_choice_a_negative_card_may_stay_in_hand():
    s, setting = make({}, occupations={"hand": [-1, 3], "played_points": 0})
    plays = {a.chosen("play"): a for a in legal_actions(s, setting) if a.space == "play-occupations-2"}
    assert set(plays) == {1, 2}  # at least one: playing is the space's only effect
    (one,) = outcomes(s, plays[1], setting)
    assert one.state.hand == (-1,) and one.state.occupation_points == 3
    (two,) = outcomes(s, plays[2], setting)
    assert two.state.hand == () and two.state.occupation_points == 2


def test_anytime_ship_purchase_and_arming():
    s, setting = make({})
    acts = legal_actions(s, setting)
    buy = next(a for a in acts if a.kind == "buy-ship" and a.space == "knarr")
    (b,) = outcomes(s, buy, setting)
    assert b.state.silver == 1 and b.state.ships_of("knarr") == 1
    arm = next(a for a in acts if a.kind == "arm-ship" and a.space == "whaling-boat")
    (c,) = outcomes(s, arm, setting)
    assert ("whaling-boat", 1) in c.state.ships and c.state.ore == 0


def _dice_values(setting, space):
    from models.round_rules import bundle_value

    roll = space.roll
    spend = {k: setting.values.get(k, 1) for k in roll.spend}
    return dice.Values(success=bundle_value(roll.success, setting.values), failure=bundle_value(roll.failure, setting.values), spend=spend)


@pytest.mark.parametrize("space_id", ["hunt-game-1", "lay-snare", "whaling-major"])
def test_low_dice_chance_nodes_match_the_dice_module(space_id):
    s, setting = make({})
    space = load_action_spaces()[space_id]
    a = next(a for a in legal_actions(s, setting) if a.space == space_id)
    branches = outcomes(s, a, setting)
    assert sum(b.probability for b in branches) == 1
    spend = {k: (getattr(s, k) if k == "wood" else s.weapon(k)) for k in space.roll.spend}
    values = _dice_values(setting, space)
    if space.roll.kind == "whaling":
        expected = dice.whaling_distribution(spend, values, ore=1)  # one boat, its printed ore
    elif space.roll.kind == "snare":
        expected = dice.snare_distribution(spend, values)
    else:
        expected = dice.hunt_distribution(spend, values)
    fail_p = sum(b.probability for b in branches if b.note.startswith("failure"))
    assert fail_p == 1 - expected.success_probability
    assert sorted(b.probability for b in branches) == sorted(expected.outcomes.values())


def test_raid_takes_the_best_blue_tile_reachable_and_matches_exact_enumeration():
    s, setting = make({}, resources={"wood": 0, "stone": 0, "ore": 0}, weapons={})
    a = next(a for a in legal_actions(s, setting) if a.space == "raid")
    branches = outcomes(s, a, setting)
    assert sum(b.probability for b in branches) == 1
    from models.round_rules import blue_tiles

    table = {sw: setting.values[name] for sw, name in blue_tiles(s).items()}
    expected = dice.raid_distribution({}, _dice_values(setting, load_action_spaces()["raid"]), table)
    fail = sum(b.probability for b in branches if b.note.startswith("failure"))
    assert fail == 1 - expected.success_probability
    # hand-worked bound: nothing to spend, so a d8 fails three times below 6 at least: (5/8)^3
    assert fail >= Fraction(5, 8) ** 3
    for b in branches:
        if not b.note.startswith("failure"):
            assert b.state.specials or any(g in ("rune-stone", "silverware", "chest", "silk") for g, _ in b.state.goods)


def test_hunt_with_nothing_to_spend_hand_worked():
    # with one bow and no wood only a 1 can be paid for: re-roll anything else, 1 - (7/8)^3;
    # with nothing at all a hunt never succeeds (a 1 still costs one item)
    none, setting = make({}, resources={}, weapons={})
    a = next(a for a in legal_actions(none, setting) if a.space == "hunt-game-1")
    assert all(b.note.startswith("failure") for b in outcomes(none, a, setting))
    s, setting = make({}, resources={}, weapons={"bow": 1})
    a = next(a for a in legal_actions(s, setting) if a.space == "hunt-game-1")
    branches = outcomes(s, a, setting)
    success = sum(b.probability for b in branches if not b.note.startswith("failure"))
    assert success == 1 - Fraction(7, 8) ** 3


def test_states_merge_when_two_actions_commute():
    s, setting = make({})
    acts = {a.space: a for a in legal_actions(s, setting) if a.space in ("take-stockfish", "weekly-beans")}
    (ab,) = outcomes(outcomes(s, acts["take-stockfish"], setting)[0].state, acts["weekly-beans"], setting)
    (ba,) = outcomes(outcomes(s, acts["weekly-beans"], setting)[0].state, acts["take-stockfish"], setting)
    assert ab.state == ba.state and hash(ab.state) == hash(ba.state)
    # both orders: one stockfish, one beans and 1 silver gained, two Vikings placed
    gained = Counter(dict(ab.state.goods))
    gained.subtract(dict(s.goods))
    assert +gained == {"stockfish": 1, "beans": 1}
    assert (ab.state.silver, ab.state.vikings_left) == (s.silver + 1, s.vikings_left - 2)
    assert ab.state.placed == {"take-stockfish", "weekly-beans"}


def test_action_json_is_plain():
    a = Action("space", "upgrade-2", (("upgrade", ("peas", "peas")),), "x")
    assert a.as_json()["choice"] == {"upgrade": ["peas", "peas"]}


def test_the_rules_package_never_imports_the_planner():
    from pathlib import Path

    import models

    for path in Path(models.__file__).parent.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "from planner" not in text and "import planner" not in text, path.name


def test_one_spaces_actions_are_what_every_legal_action_lists_for_it():
    from models.round_rules.actions import space_actions

    s, setting = make()
    every = legal_actions(s, setting, anytime=False)
    spaces = {a.space for a in every}
    assert len(spaces) > 10
    for space in sorted(spaces) + ["build-shed"]:
        assert space_actions(s, space, setting) == [a for a in every if a.space == space], space


def test_states_are_equal_by_value_and_hash_alike():
    from models.round_rules.state import replace as changed

    s, _ = make()
    same = changed(s)  # another object, every field equal
    assert s == s and same == s and hash(same) == hash(s) and {s: 1}[same] == 1
    assert changed(s, round=s.round + 1) != s and changed(s, silver=s.silver + 1) != s


def test_actions_hash_by_value():
    s, setting = make()
    a, b = legal_actions(s, setting)[:2]
    again = Action(a.kind, a.space, a.choice, a.label)
    assert hash(a) == hash(again) == hash((a.kind, a.space, a.choice, a.label)) and hash(a) == hash(a)
    assert len({a, again, b}) == 2
