"""The round engine's smaller moves, worked by hand: arming ships, the overseas-trade ranking at a
value table, emigration, an action's own fields, and the single-outcome helper.

Written against the mutants mutmut left alive in models/round_rules.py (benchmarks/RESULTS-mutation.md).
"""

from __future__ import annotations

import pytest

from models.round_context import RoundContext
from models.round_rules import Action, Setting, apply, initial_state, legal_actions, outcome, setting_for, ship_models
from models.snapshot import Ship
from tests.helpers import snapshot


def start(context: dict | None = None, **player):
    snap = snapshot(game={"round": 4, "players": 1}, **player)
    ctx = RoundContext(**({"mountains": []} | (context or {})))
    return initial_state(snap, ctx), setting_for(snap, ctx)


def anytime(s, setting) -> dict:
    return {(a.kind, a.space): a for a in legal_actions(s, setting) if a.kind != "space"}


# --- arming ships --------------------------------------------------------------------------------


def test_arming_a_longship_adds_to_the_best_armed_one():
    ships = [{"type": "knarr"}, {"type": "longship"}, {"type": "longship", "ore": 1}, {"type": "whaling-boat"}]
    s, setting = start(resources={"ore": 2}, ships=ships)
    after = apply(s, anytime(s, setting)[("arm-ship", "longship")], setting)
    assert (after.ships, after.ore) == ((("knarr", 0), ("longship", 0), ("longship", 2), ("whaling-boat", 0)), 1)


def test_arming_a_whaling_boat_arms_one_without_ore_and_nothing_else():
    ships = [{"type": "knarr"}, {"type": "longship"}, {"type": "whaling-boat", "ore": 1}, {"type": "whaling-boat"}]
    s, setting = start(resources={"ore": 1}, ships=ships)
    after = apply(s, anytime(s, setting)[("arm-ship", "whaling-boat")], setting)
    assert (after.ships, after.ore) == ((("knarr", 0), ("longship", 0), ("whaling-boat", 1), ("whaling-boat", 1)), 0)
    assert ("arm-ship", "whaling-boat") not in anytime(after, setting)  # each boat carries at most 1 added ore


def test_ore_may_go_on_a_ship_only_while_its_dice_space_is_open():
    ships = [{"type": "longship"}, {"type": "whaling-boat"}]
    s, setting = start({"taken": ["whaling-major", "pillage-2"]}, resources={"ore": 1}, ships=ships, silver=2)
    assert set(anytime(s, setting)) == {("arm-ship", "whaling-boat"), ("arm-ship", "longship")}  # one of each still open
    closed, setting = start({"taken": ["whaling-major", "whaling-minor", "pillage-2", "pillage-3"]}, resources={"ore": 1}, ships=ships)
    assert anytime(closed, setting) == {}
    no_ore, setting = start(ships=ships)
    assert anytime(no_ore, setting) == {}


def test_ships_are_bought_at_their_price_while_a_berth_is_free():
    s, setting = start(silver=5, ships=[{"type": "whaling-boat"}] * 2)
    moves = anytime(s, setting)
    assert [a.label for a in moves.values()] == ["buy a whaling-boat for 3 silver", "buy a knarr for 5 silver"]
    full, setting = start(silver=8, ships=[{"type": "whaling-boat"}] * 3)
    assert set(anytime(full, setting)) == {("buy-ship", "knarr"), ("buy-ship", "longship")}
    after = apply(full, anytime(full, setting)[("buy-ship", "longship")], setting)
    assert (after.silver, after.ships_of("longship")) == (0, 1)


# --- overseas trade: the ranking at a value table --------------------------------------------------


def trades(values: dict) -> list:
    s, setting = start(ships=[{"type": "knarr"}], silver=1, goods={"oil": 1, "fur": 1, "peas": 1})
    setting = Setting(setting.snapshot, 1, values=values)
    return [a.chosen("trade") for a in legal_actions(s, setting) if a.space == "overseas-trade-1"]


def test_trade_ranks_the_green_kinds_by_value_gained_not_by_value_reached():
    # oil -> rune stone gains 4, fur -> jewelry gains 1 (though fur and jewelry are worth more)
    assert trades({"oil": 1, "rune-stone": 5, "fur": 8, "jewelry": 9}) == [(), ("oil",), ("fur", "oil")]


def test_trade_prices_an_unpriced_kind_at_nothing():
    # rune stone unpriced: oil gains -1 and fur 0.5, so fur goes first
    assert trades({"oil": 1, "fur": 1, "jewelry": 1.5}) == [(), ("fur",), ("fur", "oil")]
    # oil unpriced: oil gains 1, fur 0.5
    assert trades({"rune-stone": 1, "fur": 1, "jewelry": 1.5}) == [(), ("oil",), ("fur", "oil")]


# --- emigration ------------------------------------------------------------------------------------


def test_emigration_with_the_swap_gives_the_boat_with_least_ore_and_sends_the_chosen_ship():
    ships = [{"type": "whaling-boat", "ore": 1}, {"type": "whaling-boat"}, {"type": "longship", "ore": 2}, {"type": "longship"}]
    s, setting = start(silver=9, ships=ships)
    moves = {(a.chosen("emigrate"), a.chosen("exchange")): a for a in legal_actions(s, setting) if a.space == "upgrade-boat-and-emigrate"}
    after = apply(s, moves[("longship", True)], setting)
    assert after.ships == (("knarr", 0), ("longship", 2), ("whaling-boat", 1))  # the bare longship left, its ore with it
    assert (after.silver, after.emigrated) == (9 - 4, ("longship",))  # round 4: 4 silver
    kept = apply(s, moves[("longship", False)], setting)
    assert kept.ships == (("longship", 2), ("whaling-boat", 0), ("whaling-boat", 1))


# --- actions themselves ----------------------------------------------------------------------------


def test_an_action_reads_its_choices_with_a_default():
    a = Action("space", "upgrade-2", (("upgrade", ("peas",)), ("pay", 0)), "x")
    assert (a.chosen("upgrade"), a.chosen("pay", 5), a.chosen("missing"), a.chosen("missing", 7)) == (("peas",), 0, None, 7)


def test_an_action_as_json_names_every_field():
    a = Action("space", "upgrade-4", (("upgrade", ("peas", "peas")), ("play", 1)), "upgrading")  # column 3
    assert a.as_json() == {"kind": "space", "space": "upgrade-4", "vikings": 3, "label": "upgrading", "choice": {"upgrade": ["peas", "peas"], "play": 1}}
    buy = Action("buy-ship", "knarr", (), "buy")
    assert buy.as_json() == {"kind": "buy-ship", "space": "knarr", "vikings": 0, "label": "buy", "choice": {}}


def test_outcome_is_the_one_next_state_and_refuses_a_dice_space():
    s, setting = start(resources={"wood": 1}, ships=[{"type": "longship"}])
    moves = {a.space: a for a in legal_actions(s, setting) if a.kind == "space"}
    assert outcome(s, moves["take-stockfish"], setting) == apply(s, moves["take-stockfish"], setting)
    with pytest.raises(ValueError, match=r"^Hunting Game \[hunt-game-1\] rolls a die: planner.chance.outcomes gives its branches$"):
        outcome(s, moves["hunt-game-1"], setting)


def test_ship_models_lists_the_ships_with_their_added_ore():
    s, _ = start(ships=[{"type": "whaling-boat", "ore": 1}, {"type": "knarr"}])
    assert ship_models(s) == [Ship(type="knarr", ore=0), Ship(type="whaling-boat", ore=1)]


def test_arming_a_longship_never_arms_another_ship_with_more_ore():
    s, setting = start(resources={"ore": 1}, ships=[{"type": "longship"}, {"type": "whaling-boat", "ore": 1}])
    after = apply(s, anytime(s, setting)[("arm-ship", "longship")], setting)
    assert after.ships == (("longship", 1), ("whaling-boat", 1))


# --- mountain items --------------------------------------------------------------------------------


def test_mountain_items_taken_from_two_strips_pay_out_each_kind():
    s, setting = start({"mountains": [["ore", "silver-2", "stone", "wood"], ["silver-2", "ore"]]})
    moves = {a.chosen("mountain"): a for a in legal_actions(s, setting) if a.space == "mountain-3-plus-2"}
    after = apply(s, moves[((0, 3), (1, 2))], setting)  # ore, 2 silver, stone; then 2 silver, ore
    assert (after.wood, after.stone, after.ore, after.silver, after.mountains) == (0, 1, 2, 4, (("wood",),))
    emptied = apply(s, moves[((0, 1), (1, 2))], setting)  # an emptied strip leaves the table
    assert (emptied.ore, emptied.silver, emptied.mountains) == (2, 2, (("silver-2", "stone", "wood"),))
