"""Exact outcomes that kill the mutants of models/engine/effects.py (benchmarks/mutation.py).

Each space is taken on the round-3 position of tests/round_positions.py (6 silver, 3 wood,
2 stone, 1 ore; 2 peas, mead, beans, flax, hide, oil, 2 sheep; a whaling boat and a longship;
strips (stone, wood, silver-2) and (wood, stone, ore, silver-2)), by both the plain path
(effects.apply_action) and the compiled one (plans.apply_action), and every figure asserted is
worked out from the space's printed cost and effect.
"""

import pytest

from models.engine import effects, flow, plans
from models.engine.effects import (
    arm_ship, buy_ship, dependent_steps, draw_weapons, emigrate, explore, gain, gain_building, mountain_take, pay,
    play_occupations, take_specials, upgrade,
)  # fmt: skip
from models.engine.snapshots import from_snapshot
from models.engine.state import ACTIONS, DECIDE, OCCUPATION, PLAY, ROLL, WEAPONS, fresh_digest, goods_dict
from models.engine.tables import BUILDING, GOOD, KNARR, LONGSHIP, WEAPON, WHALING_BOAT, Delta, space_index
from models.round_context import split_snapshot
from tests.round_positions import round_3

IDX = space_index()


def make(**player):
    return from_snapshot(*split_snapshot(round_3(**player)))


def take(s, space_id, **choice):
    """The space taken with `choice`, the plain and the compiled path agreeing; a column-3 space
    draws a card printing 0 points first."""
    action = ("space", IDX[space_id], tuple(sorted(choice.items())))
    plain = effects.apply_action(s, action)
    assert plans.apply_action(s, action) == plain
    if plain.stage == OCCUPATION and plain.pending[1] >= 0:
        _, space, chosen = plain.pending
        drawn = plain._replace(stage=ACTIONS, pending=(), hand=tuple(sorted(plain.hand + (0,))))
        finished = effects.finish_space(drawn, effects.compiled()[space], chosen)
        assert flow.apply(plain, 0) == finished
        return finished
    return plain


def diff(before, after) -> dict:
    """What changed among the scalars and goods (goods by name, as differences)."""
    out = {f: getattr(after, f) - getattr(before, f) for f in ("vikings_left", "silver", "wood", "stone", "ore")}
    goods = {k: v for k, v in goods_dict(tuple(a - b for a, b in zip(after.goods, before.goods))).items()}
    return {k: v for k, v in out.items() if v} | ({"goods": goods} if goods else {})


# --- bundles ------------------------------------------------------------------------------------


def test_paying_takes_each_amount_and_an_empty_bundle_leaves_the_state_as_it_is():
    s = make()
    paid = pay(s, Delta(silver=1, wood=2, stone=1, ore=1, goods=((GOOD["peas"], 2), (GOOD["hide"], 1))))
    assert (paid.silver, paid.wood, paid.stone, paid.ore) == (5, 1, 1, 0)
    assert goods_dict(paid.goods) == {"mead": 1, "beans": 1, "flax": 1, "oil": 1, "sheep": 2}
    assert pay(s, Delta()) is s
    scalars = pay(s, Delta(silver=2))
    assert scalars.goods == s.goods and scalars.silver == 4


def test_gaining_adds_each_amount_ships_sorted_and_buildings_from_the_supply():
    s = make()
    got = gain(s, Delta(silver=1, wood=2, stone=3, ore=4, goods=((GOOD["milk"], 2),), weapons=((WEAPON["long-sword"], 1),),
                        vikings=1, ships=((KNARR, 2),), buildings=((BUILDING["shed"], 1),)))  # fmt: skip
    assert (got.silver, got.wood, got.stone, got.ore, got.vikings_left) == (7, 5, 5, 5, 9)
    assert goods_dict(got.goods)["milk"] == 2 and got.weapons == (1, 1, 1, 1)
    assert got.ships == ((WHALING_BOAT, 0), (KNARR, 0), (KNARR, 0), (LONGSHIP, 0))
    assert got.buildings_left == (2, 3, 5) and [b.name for b in got.boards] == ["home-long", "shed"]
    assert gain(s, Delta()) is s
    assert [b.name for b in gain(s, Delta(buildings=((BUILDING["shed"], 2),))).boards] == ["home-long", "shed", "shed"]
    plain = gain(s, Delta(ore=1))
    assert (plain.goods, plain.weapons, plain.ships, plain.boards) == (s.goods, s.weapons, s.ships, s.boards)
    fleet = gain(s, Delta(ships=((KNARR, 1),)))  # ships alone: the counts stay, the digest follows
    assert (fleet.silver, fleet.goods, fleet.weapons, fleet.vikings_left) == (s.silver, s.goods, s.weapons, s.vikings_left)
    assert fleet.ships == ((WHALING_BOAT, 0), (KNARR, 0), (LONGSHIP, 0)) and fleet.digest == fresh_digest(fleet)
    assert Delta(buildings=((BUILDING["shed"], 1),)).fleet_only and not Delta(vikings=1, ships=((KNARR, 1),)).fleet_only


def test_a_building_comes_only_while_the_supply_lasts():
    s = make()._replace(buildings_left=(1, 0, 5))
    two_sheds = gain_building(s, BUILDING["shed"], 2)
    assert two_sheds.buildings_left == (0, 0, 5) and [b.name for b in two_sheds.boards] == ["home-long", "shed"]
    assert gain_building(s, BUILDING["stone-house"]).boards == s.boards
    house = gain_building(s, BUILDING["long-house"])
    assert house.buildings_left == (1, 0, 4) and house.boards[-1].name == "long-house" and house.boards[-1].covered == 0


def test_drawing_no_weapon_card_is_no_chance_node():
    s = make()
    assert draw_weapons(s, 0) is s
    drawn = draw_weapons(s, 3, then=DECIDE)
    assert (drawn.stage, drawn.pending) == (WEAPONS, (3, DECIDE))
    assert draw_weapons(s, 1).pending == (1, ACTIONS)


# --- spaces -------------------------------------------------------------------------------------


def test_a_plain_space_places_its_vikings_pays_and_gains():
    s = make()
    fish = take(s, "take-stockfish")
    assert diff(s, fish) == {"vikings_left": -1, "goods": {"stockfish": 1}}
    assert fish.placed == 1 << IDX["take-stockfish"] and fish.stage == ACTIONS
    meat = take(s, "buy-salt-meat")
    assert diff(s, meat) == {"vikings_left": -1, "silver": -2, "goods": {"salt-meat": 2}}
    flax = take(s, "weekly-flax-stockfish")
    assert diff(s, flax) == {"vikings_left": -2, "silver": 1, "goods": {"flax": 1, "stockfish": 1}}
    wood = take(s, "wood-per-player")  # solo: 1 wood per player is 1 wood
    assert diff(s, wood) == {"vikings_left": -2, "wood": 1, "ore": 1}
    clothing = take(make(goods={"hide": 1, "linen": 1}), "craft-clothing")
    assert goods_dict(clothing.goods) == {"clothing": 1} and clothing.silver == 8
    both = take(s, "weekly-beans")._replace(stage=ACTIONS)
    again = take(both, "craft-linen")
    assert again.placed == (1 << IDX["weekly-beans"]) | (1 << IDX["craft-linen"])


def test_a_column_3_space_draws_its_card_before_the_action():
    s = make()
    drawn = effects.apply_action(s, ("space", IDX["weekly-feast"], ()))
    assert (drawn.stage, drawn.pending) == (OCCUPATION, (1, IDX["weekly-feast"], ()))
    assert drawn.vikings_left == 5 and drawn.placed == 1 << IDX["weekly-feast"] and drawn.goods == s.goods
    done = flow.apply(drawn, 2)
    assert done.stage == ACTIONS and done.hand == (2,) and done.vikings_left == 5
    assert diff(s, done) == {"vikings_left": -3, "silver": 1, "goods": {"fruits": 1, "oil": 1, "salt-meat": 1}}


def test_a_column_3_finish_keeps_the_vikings_placed_once():
    s = make()
    sp = effects.compiled()[IDX["weekly-feast"]]
    placed = effects.finish_space(s, sp, (), placing=True)
    assert (placed.vikings_left, placed.placed) == (5, 1 << IDX["weekly-feast"])
    later = effects.finish_space(s, sp, ())
    assert (later.vikings_left, later.placed) == (8, 0)


def test_dice_spaces_roll_after_the_vikings_are_placed():
    s = make()
    hunt = take(s, "hunt-game-1")
    assert (hunt.stage, hunt.pending, hunt.vikings_left) == (ROLL, (IDX["hunt-game-1"], 1), 7)
    assert (hunt.wood, hunt.weapons, hunt.goods) == (s.wood, s.weapons, s.goods)


def test_drawing_an_occupation_gains_its_silver_first():
    s = make()
    drew = take(s, "draw-occupation")
    assert (drew.stage, drew.pending, drew.silver, drew.vikings_left) == (OCCUPATION, (1, -1, ()), 7, 7)


def test_the_weapon_draws_follow_the_upgrade_and_the_column_3_card():
    s = make()
    sp = effects.compiled()[IDX["upgrade-3-weapons-4"]]
    done = effects.finish_space(s, sp, (("upgrade", (GOOD["peas"], GOOD["peas"], GOOD["flax"])),))
    assert (done.stage, done.pending) == (WEAPONS, (4, ACTIONS))
    assert goods_dict(done.goods) == {"mead": 3, "beans": 1, "stockfish": 1, "hide": 1, "oil": 1, "sheep": 2}


def test_upgrades_go_as_many_steps_as_the_space_says():
    s = make()
    once = take(s, "upgrade-2", upgrade=(GOOD["peas"], GOOD["hide"]))
    assert diff(s, once) == {"vikings_left": -1, "goods": {"peas": -1, "mead": 1, "hide": -1, "silverware": 1}}
    twice = take(s, "mountain-4-double-2", upgrade=(GOOD["peas"],), mountain=())
    assert diff(s, twice) == {"vikings_left": -4, "goods": {"peas": -1, "oil": 1}}
    option = take(s, "mountain-2x4-or-double-3", options=(1,), option_upgrade=(GOOD["beans"], GOOD["flax"]))
    assert diff(s, option) == {"vikings_left": -4, "goods": {"beans": -1, "wool": 1, "flax": -1, "hide": 1}}
    assert goods_dict(upgrade(make(goods={"silverware": 1}), (GOOD["silverware"],), 1).goods) == {"silverware": 1}  # the top stays


def test_mountain_items_leave_the_strip_from_its_arrow_end():
    s = make()
    both = take(s, "mountain-3-plus-2", mountain=((0, 3), (1, 2)))
    assert diff(s, both) == {"vikings_left": -3, "silver": 2, "wood": 2, "stone": 2}
    assert both.mountains == (("ore", "silver-2"),)  # the emptied strip leaves the mountain
    option = take(s, "mountain-2x4-or-double-3", options=(0,), option_mountain=((0, 2), (1, 2)))
    assert diff(s, option) == {"vikings_left": -4, "wood": 2, "stone": 2}
    assert option.mountains == (("ore", "silver-2"), ("silver-2",))
    assert mountain_take((("ore", "ore"), ("silver-2", "wood")), ((0, 2), (1, 1))) == ((0, 0, 2, 2), (("wood",),))


def test_overseas_trade_turns_each_chosen_green_kind_to_blue():
    s = make(ships=[{"type": "knarr"}], goods={"hide": 2, "oil": 1, "peas": 1})
    traded = take(s, "overseas-trade-2", trade=(GOOD["oil"], GOOD["hide"]))
    assert diff(s, traded) == {"vikings_left": -2, "silver": -1, "goods": {"hide": -1, "silverware": 1, "oil": -1, "rune-stone": 1}}


def test_exploring_takes_the_board_and_the_silver_on_it():
    s = make()
    went = take(s, "explore-short", explore="faroe-islands")
    assert went.silver == 8 and [b.name for b in went.boards] == ["home-long", "faroe-islands"]
    assert went.explorations == (("bear-island", 0), ("greenland", 2), ("iceland", 2))
    assert explore(s, "bear-island").silver == 6


def test_emigrating_pays_silver_per_round_and_loses_the_least_armed_ship_of_the_kind():
    s = make(silver=9, ships=[{"type": "longship", "ore": 2}, {"type": "longship"}, {"type": "knarr"}])
    gone = take(s, "emigrate-2", emigrate="longship", exchange=False)
    assert gone.silver == 9 - 3 and gone.ships == ((KNARR, 0), (LONGSHIP, 2)) and gone.emigrated == (0, 0, 1)
    swapped = emigrate(make(ships=[{"type": "whaling-boat", "ore": 1}, {"type": "whaling-boat"}, {"type": "knarr"}]),
                       KNARR, (WHALING_BOAT, KNARR), 2)  # fmt: skip
    assert swapped.ships == ((WHALING_BOAT, 1), (KNARR, 0)) and swapped.emigrated == (0, 1, 0) and swapped.silver == 0


def test_a_special_sale_pays_the_printed_costs_and_forging_does_not():
    s = make(ships=[{"type": "knarr"}])
    bought = take(s, "special-sale", buy=("helmet", "horseshoe"))
    assert bought.silver == 6 - 1 - 2 and bought.specials == ("helmet", "horseshoe")
    assert "helmet" not in bought.specials_left and len(bought.specials_left) == len(s.specials_left) - 2
    forged = take(s, "forge", forge="belt")
    assert (forged.silver, forged.ore, forged.specials) == (6, 0, ("belt",))
    jewel = take(s, "forge", forge="jewelry")
    assert diff(s, jewel) == {"vikings_left": -3, "ore": -1, "goods": {"jewelry": 1}} and jewel.specials_left == s.specials_left
    kept = take_specials(bought, ("amber-figure",), pay_cost=False)
    assert kept.specials == ("amber-figure", "helmet", "horseshoe") and kept.silver == bought.silver


def test_animals_give_per_animal_up_to_the_limit_and_only_with_enough():
    s = make()
    assert diff(s, take(s, "produce-wool")) == {"vikings_left": -3, "goods": {"wool": 2}}
    flock = make(goods={"sheep": 3, "pregnant-sheep": 2})
    assert goods_dict(take(flock, "produce-wool").goods)["wool"] == 3  # at most 3
    herd = make(goods={"cattle": 1, "pregnant-cattle": 1})
    assert goods_dict(take(herd, "produce-milk").goods)["milk"] == 2
    weekly = take(s, "weekly-livestock")  # sheep, no cattle: the wool, not the milk
    assert diff(s, weekly) == {"vikings_left": -4, "silver": 1, "goods": {"spices": 1, "wool": 1}}
    both = take(make(goods={"pregnant-cattle": 1, "pregnant-sheep": 1}), "weekly-livestock")
    assert goods_dict(both.goods) == {"pregnant-cattle": 1, "pregnant-sheep": 1, "spices": 1, "milk": 2, "wool": 1}
    none = take(make(goods={}), "weekly-livestock")
    assert goods_dict(none.goods) == {"spices": 1}


def test_playing_cards_plays_the_best_by_printed_points():
    s = make(occupations={"hand": [-1, 2, 5], "played_points": 4})
    two = play_occupations(s, 2)
    assert (two.hand, two.occupation_points) == ((-1,), 11)
    assert play_occupations(s, 0) is s
    assert play_occupations(s, 3).occupation_points == 10


def test_the_column_4_card_is_played_before_the_space_pays():
    s = make(occupations={"hand": [3], "played_points": 0})
    done = take(s, "buy-cattle-sheep", bonus_play=1)
    assert (done.hand, done.occupation_points, done.silver, done.vikings_left) == ((), 3, 3, 4)


# --- anytime actions ----------------------------------------------------------------------------


def test_buying_a_ship_pays_its_price():
    s = make()
    knarr = buy_ship(s, KNARR)
    assert knarr.silver == 1 and knarr.ships == ((WHALING_BOAT, 0), (KNARR, 0), (LONGSHIP, 0))
    assert effects.apply_action(s, ("buy-ship", WHALING_BOAT)).silver == 3


def test_arming_adds_ore_to_a_bare_whaling_boat_or_the_best_armed_longship():
    s = make(resources={"ore": 2}, ships=[{"type": "whaling-boat", "ore": 1}, {"type": "whaling-boat"}, {"type": "longship", "ore": 1},
                           {"type": "longship"}])  # fmt: skip
    boat = arm_ship(s, WHALING_BOAT)
    assert boat.ore == 1 and boat.ships == ((WHALING_BOAT, 1), (WHALING_BOAT, 1), (LONGSHIP, 0), (LONGSHIP, 1))
    ship = effects.apply_action(s, ("arm-ship", LONGSHIP))
    assert ship.ore == 1 and ship.ships == ((WHALING_BOAT, 0), (WHALING_BOAT, 1), (LONGSHIP, 0), (LONGSHIP, 2))


def test_only_the_action_phase_actions_apply():
    with pytest.raises(ValueError, match="not an action of the action phase"):
        effects.apply_action(make(), ("pass",))


# --- how each space is compiled -----------------------------------------------------------------


def test_only_spaces_that_pay_and_gain_take_the_plain_path():
    plain = {sid for sid, i in IDX.items() if effects._plain(i)}
    assert plain == {"buy-cattle-milk", "buy-salt-meat", "buy-sheep", "buy-stockfish", "craft-clothing", "craft-linen",
                     "craft-rune-stone", "produce-mead", "take-stockfish", "weekly-beans", "weekly-flax-stockfish",
                     "wood-per-player"}  # fmt: skip
    for sid in ("weekly-feast", "build-shed", "build-knarr", "hunt-game-1", "produce-milk", "craft-chest",
                "livestock-choice", "upgrade-2", "upgrade-3-weapons-4", "draw-occupation", "buy-cattle-sheep",
                "play-occupations-2", "explore-short", "forge", "plunder"):  # fmt: skip
        assert sid not in plain, sid


def test_the_dependent_effects_of_a_space_in_order():
    names = {sid: tuple(f.__name__ for f in dependent_steps(i)) for sid, i in IDX.items()}
    assert names["weekly-livestock"] == ("_animals",) and names["produce-wool"] == ("_animals",)
    assert names["special-sale"] == ("_buy",) and names["forge"] == ("_forge",)
    assert names["play-occupations-2"] == ("_play",) and names["play-occupation-paid"] == ("_play",)
    assert names["explore-long"] == ("_explore",) and names["emigrate-3"] == ("_emigrate",)
    assert names["mountain-4-double-2"] == () and names["overseas-trade-1"] == ()
    steps = {sid: tuple(f.__name__ for f in effects._steps(i)) for sid, i in IDX.items()}
    assert steps["mountain-3-upgrade-1"] == ("_upgrades", "_mountains")
    assert steps["mountain-2x4-or-double-3"] == ("_upgrades", "_mountains")
    assert steps["overseas-trade-2"] == ("_overseas_trade",) and steps["take-stockfish"] == ()
    assert effects._upgrade_steps(IDX["mountain-2x4-or-double-3"]) == (0, 2)
    assert effects._upgrade_steps(IDX["upgrade-3"]) == (1, 0) and effects._upgrade_steps(IDX["forge"]) == (0, 0)


def test_play_up_to_4_ends_its_action_once_the_count_is_chosen():
    s = make(occupations={"hand": [1, 4], "played_points": 0})
    waiting = s._replace(stage=PLAY, pending=(IDX["play-occupations-4"], ()))
    done = effects.play_chosen(waiting, ("play", 1))
    assert (done.stage, done.pending, done.hand, done.occupation_points) == (ACTIONS, (), (1,), 4)
    assert done.vikings_left == s.vikings_left  # placed when the space was taken, before the draw


def test_a_space_gain_of_stone_weapons_or_vikings_is_added():
    """No printed space gains these directly today (dice and options do), but the fused path of
    taking a space must add every amount a gain carries."""
    s = make()
    got = effects._fused(s, 5, 0b100, (Delta(),), (Delta(stone=2, weapons=((WEAPON["spear"], 2), (WEAPON["bow"], 1)), vikings=1),))
    assert (got.vikings_left, got.stone, got.weapons, got.placed, got.goods) == (6, 4, (2, 1, 3, 0), 0b100, s.goods)


def test_emigrated_ships_add_up_and_glass_beads_cost_nothing():
    two = make(silver=9, ships=[{"type": "longship"}, {"type": "longship"}])
    twice = emigrate(emigrate(two, LONGSHIP, None, 1), LONGSHIP, None, 1)
    assert twice.emigrated == (0, 0, 2) and twice.ships == () and twice.silver == 9 - 3 - 3
    assert take_specials(make(), ("glass-beads",), pay_cost=True).silver == 6  # printed price 0
    assert take_specials(make(), ("glass-beads", "chalice"), pay_cost=True).silver == 1
