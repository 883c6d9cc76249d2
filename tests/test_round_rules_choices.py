"""The round engine's choice lists, worked by hand: the exact choice tuples and labels actions
carry, rankings at a value table missing some prices, explorations after an exploration, berths
for a ship a space builds, and the solo default of a gain.

Written against the last mutants mutmut left alive in models/round_rules.py
(benchmarks/RESULTS-mutation.md).
"""

from __future__ import annotations

from models.actions import Bundle, load_action_spaces
from models.round_context import RoundContext
from models.round_rules import Setting, apply, gain, initial_state, legal_actions, pending_roll, replace, setting_for, taken_tile
from tests.helpers import snapshot


def start(context: dict | None = None, **player):
    snap = snapshot(game={"round": 3, "players": 1}, **player)
    ctx = RoundContext(**({"mountains": []} | (context or {})))
    return initial_state(snap, ctx), setting_for(snap, ctx)


def actions(s, setting, space: str) -> list:
    return [a for a in legal_actions(s, setting) if a.space == space]


def test_a_space_without_choices_carries_an_empty_choice():
    s, setting = start()
    (a,) = actions(s, setting, "take-stockfish")
    assert (a.choice, a.label) == ((), "Take 1 Stockfish [take-stockfish]")


def test_an_upgrade_beside_a_mountain_item_names_the_empty_take():
    s, setting = start(goods={"peas": 1})
    (a,) = actions(s, setting, "mountain-1-upgrade-1")  # no strips: only the upgrade
    assert a.choice == (("mountain", ()), ("upgrade", ("peas",)))


def test_both_master_crafting_options_together():
    s, setting = start(goods={"wool": 1, "silverware": 1})
    labels = [a.label for a in actions(s, setting, "master-crafting")]
    assert "Master Crafting [master-crafting] (wool to robe and silverware to jewelry)" in labels
    assert len(labels) == 4  # the 4 silver alone, either option, or both


def test_anytime_actions_carry_no_choice_and_say_what_they_do():
    s, setting = start(silver=3, resources={"ore": 1}, ships=[{"type": "longship"}, {"type": "whaling-boat"}])
    moves = [(a.kind, a.space, a.choice, a.label) for a in legal_actions(s, setting) if a.kind != "space"]
    assert moves == [
        ("buy-ship", "whaling-boat", (), "buy a whaling-boat for 3 silver"),
        ("arm-ship", "whaling-boat", (), "arm a whaling boat with 1 ore"),
        ("arm-ship", "longship", (), "arm your best-armed longship with 1 ore"),
    ]
    assert [a for a in legal_actions(s, setting, anytime=False) if a.kind != "space"] == []


def test_a_fourth_whaling_boat_is_never_built():
    s, setting = start(silver=5, resources={"wood": 5}, ships=[{"type": "whaling-boat"}] * 3)
    assert actions(s, setting, "build-whaling-boat") == []
    two, setting = start(silver=5, resources={"wood": 5}, ships=[{"type": "whaling-boat"}] * 2)
    assert len(actions(two, setting, "build-whaling-boat")) == 1


def test_a_tile_explored_this_round_is_held_even_if_its_other_face_is_listed():
    s, setting = start({"explorations_available": {"shetland": 0, "bear-island": 3}}, ships=[{"type": "knarr"}])
    (short,) = actions(s, setting, "explore-short")
    assert [a.chosen("explore") for a in actions(s, setting, "explore-medium")] == ["bear-island"]
    after = apply(s, short, setting)  # Shetland and Bear Island are the two faces of tile A
    assert (after.new_boards, actions(after, setting, "explore-medium")) == (("shetland",), [])
    built = replace(s, new_boards=("shed",))  # a building board has no tile
    assert [a.chosen("explore") for a in actions(built, setting, "explore-medium")] == ["bear-island"]


def upgrades(values: dict) -> list:
    s, setting = start(goods={"peas": 1, "beans": 1})
    setting = Setting(setting.snapshot, 1, values=values)
    return [a.chosen("upgrade") for a in actions(s, setting, "mountain-1-upgrade-1")]


def test_upgrades_price_an_unpriced_good_at_nothing():
    # mead unpriced: peas -> mead gains -0.8, beans -> milk 0
    assert upgrades({"peas": 0.8, "beans": 1, "milk": 1}) == [("beans",), ("peas",)]
    # peas unpriced: peas -> mead gains 1, beans -> milk 0.5
    assert upgrades({"mead": 1, "beans": 1, "milk": 1.5}) == [("peas",), ("beans",)]


def test_trade_prices_an_unpriced_upgrade_at_nothing():
    s, setting = start(ships=[{"type": "knarr"}], silver=1, goods={"oil": 1, "fur": 1})
    setting = Setting(setting.snapshot, 1, values={"oil": 0.8, "fur": 1, "jewelry": 1})  # rune stone unpriced
    assert [a.chosen("trade") for a in actions(s, setting, "overseas-trade-1")] == [(), ("fur",), ("fur", "oil")]


def test_the_taken_tile_prices_an_unpriced_tile_at_nothing():
    s, setting = start({"specials_left": []}, ships=[{"type": "longship"}])
    pending = pending_roll(s, load_action_spaces()["raid"])  # rune stone, silverware, chest, spices within 9
    partial = Setting(setting.snapshot, 1, values={"spices": 0.5})  # the others unpriced
    assert taken_tile(pending, 9, partial) == "spices"


def test_a_gain_without_a_player_count_is_a_solo_gain():
    s, _ = start()
    assert gain(s, Bundle(ore=1, wood_per_player=1)).wood == 1
