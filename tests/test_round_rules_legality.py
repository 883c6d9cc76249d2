"""What the round engine lets a player afford and need, worked by hand: costs, ship and building
requirements, berths, emigration limits, occupation plays, passing, weapon draws, a space's
gain per player, trading and crafting with goods.

Written against the mutants mutmut left alive in models/round_rules.py (benchmarks/RESULTS-mutation.md).
Figures from models/data/action_spaces.toml and models/data/game.toml (3 small berths, 4 large,
12 banquet positions).
"""

from __future__ import annotations

import pytest

from models.actions import Bundle
from models.round_context import RoundContext
from models.round_rules import PASS, apply, gain, initial_state, legal_actions, replace, setting_for
from models.round_rules.afford import can_pay, needs_met
from tests.helpers import snapshot


def start(context: dict | None = None, players: int = 1, **player):
    snap = snapshot(game={"round": 3, "players": players}, **player)
    ctx = RoundContext(**({"mountains": []} | (context or {})))
    return initial_state(snap, ctx), setting_for(snap, ctx)


def offered(s, setting, space: str) -> list:
    return [a for a in legal_actions(s, setting) if a.space == space]


# --- paying --------------------------------------------------------------------------------------


def test_a_cost_is_payable_only_when_every_part_of_it_is_held():
    s, _ = start(silver=2, resources={"wood": 2, "stone": 2, "ore": 2}, goods={"flax": 2})
    cost = Bundle(silver=2, wood=2, stone=2, ore=2, goods=(("flax", 2),))
    assert can_pay(s, cost)  # exactly enough of everything
    for short in ("silver", "wood", "stone", "ore"):
        assert not can_pay(replace(s, **{short: 1}), cost), short
    assert not can_pay(replace(s, goods=(("flax", 1),)), cost)
    assert not can_pay(replace(s, goods=(("hide", 2),)), cost)


def test_crafting_linen_pays_the_flax():
    s, setting = start(goods={"flax": 2})
    (craft,) = offered(s, setting, "craft-linen")
    assert apply(s, craft, setting).goods == (("flax", 1), ("linen", 1))


def test_overseas_trade_flips_one_tile_of_each_kind_chosen():
    s, setting = start(silver=1, goods={"hide": 2}, ships=[{"type": "knarr"}])
    trade = next(a for a in offered(s, setting, "overseas-trade-1") if a.chosen("trade") == ("hide",))
    assert apply(s, trade, setting).goods == (("hide", 1), ("silverware", 1))


# --- requirements --------------------------------------------------------------------------------

FLEETS = {
    "none": [],
    "whaling boat": [{"type": "whaling-boat"}],
    "knarr": [{"type": "knarr"}],
    "longship": [{"type": "longship"}],
    "two longships": [{"type": "longship"}, {"type": "longship"}],
}
NEEDS = ("any-ship", "large-ship", "knarr", "longship", "two-longships", "whaling-boat")
MET = {
    "none": set(),
    "whaling boat": {"any-ship", "whaling-boat"},
    "knarr": {"any-ship", "large-ship", "knarr"},
    "longship": {"any-ship", "large-ship", "longship"},
    "two longships": {"any-ship", "large-ship", "longship", "two-longships"},
}


@pytest.mark.parametrize("fleet", sorted(FLEETS))
def test_ship_requirements(fleet):
    s, _ = start(ships=FLEETS[fleet])
    assert {need for need in NEEDS if needs_met(s, (need,))} == MET[fleet]
    assert needs_met(s, ()) and needs_met(s, tuple(sorted(MET[fleet])))


def test_a_building_must_be_left_in_the_supply():
    s, _ = start({"buildings_left": {"shed": 1, "long-house": 0}})  # stone houses not listed: none left
    assert [needs_met(s, (f"{b}-in-supply",)) for b in ("shed", "stone-house", "long-house")] == [True, False, False]


def test_berths_three_whaling_boats_and_four_large_ships():
    two, setting = start(silver=5, ships=[{"type": "whaling-boat"}] * 2 + [{"type": "knarr"}] * 3)
    assert [a.space for a in legal_actions(two, setting) if a.kind == "buy-ship"] == ["whaling-boat", "knarr"]
    full, setting = start(silver=5, ships=[{"type": "whaling-boat"}] * 3 + [{"type": "knarr"}] * 4)
    assert [a.space for a in legal_actions(full, setting) if a.kind == "buy-ship"] == []


# --- emigration limits ---------------------------------------------------------------------------


def test_emigration_costs_one_silver_per_round_exactly_payable():
    s, setting = start(silver=3, ships=[{"type": "knarr"}])  # round 3
    assert len(offered(s, setting, "emigrate-2")) == 1
    poor, setting = start(silver=2, ships=[{"type": "knarr"}])
    assert offered(poor, setting, "emigrate-2") == []


def test_emigration_stops_when_every_banquet_position_is_freed():
    eleven, setting = start(silver=3, ships=[{"type": "knarr"}], emigrated=11)
    assert len(offered(eleven, setting, "emigrate-2")) == 1
    twelve, setting = start(silver=3, ships=[{"type": "knarr"}], emigrated=12)
    assert offered(twelve, setting, "emigrate-2") == []


# --- occupations, passing, weapons, gains per player -----------------------------------------------


def test_a_playing_space_without_a_column_bonus_plays_only_cards_in_hand():
    one, setting = start(occupations={"hand": [2]})
    assert [a.chosen("play") for a in offered(one, setting, "play-occupations-2")] == [1]
    none, setting = start()
    assert offered(none, setting, "play-occupations-2") == []


def test_passing_ends_the_action_phase_and_changes_nothing_else():
    s, setting = start({"vikings_left": 4}, silver=3)
    assert apply(s, PASS, setting) == replace(s, vikings_left=0)


def test_weapon_draws_follow_the_cycle_from_where_it_stands():
    s, _ = start(weapons={"bow": 1})
    s = replace(s, weapon_draws=1)  # the next card is a snare
    after = gain(s, Bundle(weapon_draws=3))
    assert (after.weapons, after.weapon_draws) == ((("bow", 1), ("long-sword", 1), ("snare", 1), ("spear", 1)), 0)
    again = gain(after, Bundle(weapon_draws=2))  # bow, snare
    assert (again.weapons, again.weapon_draws) == ((("bow", 2), ("long-sword", 1), ("snare", 2), ("spear", 1)), 2)


def test_wood_per_player_counts_the_players_at_the_table():
    s, setting = start(players=3)
    (take,) = offered(s, setting, "wood-per-player")
    after = apply(s, take, setting)
    assert (after.wood, after.ore) == (3, 1)


def test_pregnant_animals_count_with_the_others():
    s, _ = start(goods={"sheep": 2, "pregnant-sheep": 1, "cattle": 1})
    assert (s.animals("sheep"), s.animals("cattle"), s.animals("pregnant-cattle")) == (3, 1, 0)


def test_different_states_hash_apart_and_equal_states_alike():
    s, _ = start(silver=3)
    other = replace(s, silver=4)
    assert hash(s) != hash(other)
    assert hash(replace(other, silver=3)) == hash(s)
