"""Each-time and discount cards in play (models/data/occupation_effects.toml, applied by
models/round_rules/occupations.py): one exact outcome per occasion word and per card family, a
space's price lowered by a discount, a roll's outcome carrying a card's gain."""

from __future__ import annotations

import pytest

from models.actions import ActionDataError
from models.occupation_cards import _effect, effects
from models.occupation_words import effect_words
from models.round_rules import legal_actions, pending_roll, replace, resolve_roll, to_snapshot
from models.round_rules.state import spaces_by_id
from tests.test_occupation_effects import after, make, plays


pytestmark = pytest.mark.usefixtures("occupation_data_afresh")


def in_play(cards: tuple[int, ...], hand: list | None = None, **player):
    """A round-3 state with these cards in play (and the setting)."""
    s, setting = make(hand or [], **player)
    return replace(s, active=cards), setting


def on(s, setting, space: str, **chosen):
    """The first legal action on `space` whose choices include `chosen`."""
    return next(a for a in legal_actions(s, setting) if a.space == space and all(a.chosen(k) == v for k, v in chosen.items()))


def rolled(s, setting, space: str, success: bool):
    """The state after a roll on `space` ends so, spending nothing (the die's face does not matter then)."""
    return resolve_roll(pending_roll(s, spaces_by_id()[space]), success, (), None, setting)


# --- a roll's outcome ----------------------------------------------------------------------------


def test_the_blubber_cook_adds_an_oil_to_a_whaling_success_only():
    s, setting = in_play((140,))
    plain = replace(s, active=())
    assert rolled(s, setting, "whaling-major", True).count("oil") == s.count("oil") + 2
    assert rolled(plain, setting, "whaling-major", True).count("oil") == s.count("oil") + 1
    assert rolled(s, setting, "whaling-major", False).count("oil") == s.count("oil")
    # the dice policy weighs it: the pending roll's success is the space's and the card's
    assert pending_roll(s, spaces_by_id()["whaling-minor"]).roll.success.goods == (("oil", 2), ("skin-and-bones", 1), ("whale-meat", 1))


def test_snare_and_hunting_successes_pay_the_cards_of_their_kind():
    s, setting = in_play((126, 127, 143))
    snared = rolled(s, setting, "lay-snare", True)
    assert (snared.silver - s.silver, snared.count("stockfish") - s.count("stockfish")) == (1, 1)
    failed = rolled(s, setting, "lay-snare", False)
    assert (failed.silver, failed.count("stockfish")) == (s.silver, s.count("stockfish"))
    hunted = rolled(s, setting, "hunt-game-1", True)
    assert (hunted.silver - s.silver, hunted.count("stockfish")) == (1, s.count("stockfish"))


def test_the_drunkard_consoles_a_failed_raid_only():
    s, setting = in_play((134,))
    assert rolled(s, setting, "raid", False).count("mead") == s.count("mead") + 1
    assert rolled(s, setting, "pillage-2", False).count("mead") == s.count("mead")  # raiding, not pillaging
    assert rolled(replace(s, active=()), setting, "raid", False).count("mead") == s.count("mead")


def test_the_thing_spokesman_is_paid_when_a_failure_sends_vikings_back():
    s, setting = in_play((151,))
    for space in ("whaling-major", "lay-snare", "pillage-2"):
        assert rolled(s, setting, space, False).silver == s.silver + 1
    assert rolled(s, setting, "whaling-major", True).silver == s.silver
    assert rolled(s, setting, "raid", False).silver == s.silver  # a raid's failure sends no Viking back
    assert rolled(s, setting, "hunt-game-1", False).silver == s.silver
    assert pending_roll(s, spaces_by_id()["whaling-minor"]).roll.failure.silver == 1  # the dice policy weighs it


def test_a_success_spending_exactly_one_weapon_gets_it_back():
    s, setting = in_play((142, 135), weapons={"spear": 2, "long-sword": 2})
    catch = pending_roll(s, spaces_by_id()["whaling-minor"])
    assert catch.roll.success == spaces_by_id()["whaling-minor"].roll.success  # not part of the roll: it hangs on what is spent
    assert resolve_roll(catch, True, (("spear", 1),), None, setting).weapon("spear") == 2
    assert resolve_roll(catch, True, (("spear", 1), ("wood", 2)), None, setting).weapon("spear") == 2
    assert resolve_roll(catch, True, (("spear", 2),), None, setting).weapon("spear") == 0
    assert resolve_roll(catch, True, (), None, setting).weapon("spear") == 2
    raid = pending_roll(s, spaces_by_id()["raid"])
    assert resolve_roll(raid, True, (("long-sword", 1),), 16, setting).weapon("long-sword") == 2
    pillage = pending_roll(s, spaces_by_id()["pillage-2"])
    assert resolve_roll(pillage, True, (("long-sword", 2),), 16, setting).weapon("long-sword") == 0


def test_the_lance_bearer_is_paid_on_a_raids_success_not_a_pillages():
    s, setting = in_play((133,))
    raid, pillage = (pending_roll(s, spaces_by_id()[x]) for x in ("raid", "pillage-2"))
    assert resolve_roll(raid, True, (), 16, setting).silver == s.silver + 1
    assert resolve_roll(pillage, True, (), 16, setting).silver == s.silver
    assert resolve_roll(raid, False, (), None, setting).silver == s.silver


# --- occasions -----------------------------------------------------------------------------------


def test_the_cottager_gives_mead_per_house_and_a_hide_per_house_built_on_a_space():
    s, setting = make(["Cottager"], boards=[{"id": "home", "board": "home-long"}, {"id": "h1", "board": "stone-house"}])
    played = after(s, setting, plays(s, setting, "play-occupations-2")[((15,), (), 1)])
    assert played.count("mead") == s.count("mead") + 2 and played.active == (15,)
    built = after(played, setting, on(played, setting, "build-stone-house"))
    assert built.count("hide") == played.count("hide") + 1
    house_and_ship = after(played, setting, on(played, setting, "build-house-and-ship"))
    assert house_and_ship.count("hide") == played.count("hide") + 1
    shed = after(played, setting, on(played, setting, "build-shed"))
    assert shed.count("hide") == played.count("hide")  # a shed is no house


def test_the_etiquette_teacher_gives_peas_after_an_action_that_plays_a_card():
    s, setting = in_play((176,), hand=[1, 2])
    played = after(s, setting, on(s, setting, "play-occupations-2", play=1))
    assert played.count("peas") == s.count("peas") + 1
    bonus = after(s, setting, on(s, setting, "buy-cattle-sheep", bonus_play=1))  # column 4 plays its card first
    assert bonus.count("peas") == s.count("peas") + 1
    assert after(s, setting, on(s, setting, "buy-cattle-sheep", bonus_play=0)).count("peas") == s.count("peas")


def test_a_space_named_by_id_and_a_gain_per_thing_owned():
    ships = [{"type": "knarr"}, {"type": "knarr"}, {"type": "whaling-boat"}]
    s, setting = in_play((109, 149), ships=ships)
    first = after(s, setting, on(s, setting, "overseas-trade-1"))
    assert (first.silver, first.count("oil")) == (s.silver - 1, s.count("oil") + 1)  # the Priest only
    second = after(s, setting, on(s, setting, "overseas-trade-2"))
    assert (second.silver, second.count("oil")) == (s.silver - 1 + 2, s.count("oil") + 1)  # 1 silver per knarr


def test_the_furrier_draws_a_snare_on_the_spaces_giving_one_silver():
    s, setting = in_play((3,))
    assert after(s, setting, on(s, setting, "weekly-beans")).weapon("snare") == s.weapon("snare") + 1
    assert after(s, setting, on(s, setting, "draw-occupation")).weapon("snare") == s.weapon("snare") + 1
    assert after(s, setting, on(s, setting, "produce-mead")).weapon("snare") == s.weapon("snare")  # 2 silver


def test_the_barkeeper_pours_a_mead_on_every_crafting_space():
    s, setting = in_play((112,))
    assert after(s, setting, on(s, setting, "craft-rune-stone")).count("mead") == s.count("mead") + 1
    assert after(s, setting, on(s, setting, "produce-mead")).count("mead") == s.count("mead") + 2  # Products: the space's own


def test_the_archer_brings_a_bow_when_played_and_stays_in_play_for_its_dice_bonus():
    s, setting = make(["Archer"])
    played = after(s, setting, plays(s, setting, "play-occupations-2")[((13,), (), 1)])
    assert played.weapon("bow") == s.weapon("bow") + 1 and played.active == (13,)  # tests/test_occupation_dice.py


def test_the_stone_carver_is_paid_a_silver_a_stone_taken_from_the_strips():
    s, setting = in_play((6,))
    assert s.mountains == (("stone", "wood", "silver-2"), ("wood", "stone", "ore", "silver-2"))
    one = after(s, setting, on(s, setting, "mountain-2", mountain=((0, 1),)))
    assert (one.stone - s.stone, one.silver - s.silver) == (1, 1)
    assert after(s, setting, on(s, setting, "mountain-2", mountain=((1, 1),))).silver == s.silver  # wood only
    five = after(s, setting, on(s, setting, "mountain-3-plus-2", mountain=((0, 3), (1, 2))))
    assert (five.stone - s.stone, five.silver - s.silver) == (2, 2 + 2)  # the strip's 2 silver and the card's


def test_the_mineworker_is_paid_a_silver_a_two_silver_taken_from_a_strips_last_space():
    s, setting = in_play((188,))
    three = after(s, setting, on(s, setting, "mountain-3-upgrade-1", mountain=((0, 3),), upgrade=()))
    assert three.silver - s.silver == 2 + 1  # the strip's 2 silver and the card's
    assert after(s, setting, on(s, setting, "mountain-2", mountain=((0, 2),))).silver == s.silver
    s, setting = make([], {"mountains": [["silver-2", "silver-2"], ["wood", "stone"]]})
    s = replace(s, active=(188,))
    assert after(s, setting, on(s, setting, "mountain-2", mountain=((0, 1),))).silver == s.silver + 2  # not the last
    assert after(s, setting, on(s, setting, "mountain-2", mountain=((0, 2),))).silver == s.silver + 4 + 1


def test_the_mountain_guard_gives_by_the_kinds_of_item_an_action_takes_from_the_strips():
    s, setting = in_play((122,))
    two = after(s, setting, on(s, setting, "mountain-2", mountain=((0, 2),)))  # stone, wood
    assert two.count("mead") == s.count("mead") + 1
    assert after(s, setting, on(s, setting, "mountain-2", mountain=((0, 1),))).goods == s.goods  # 1 kind
    three = after(s, setting, on(s, setting, "mountain-3-plus-2", mountain=((0, 3), (1, 2))))  # and 2 silver
    assert (three.count("hide") - s.count("hide"), three.count("mead")) == (1, s.count("mead"))
    s, setting = make([], {"mountains": [["ore", "silver-2"], ["wood", "stone"]]})
    s = replace(s, active=(122,))
    four = after(s, setting, on(s, setting, "mountain-3-plus-2", mountain=((0, 2), (1, 2))))
    assert four.count("chest") == s.count("chest") + 1


def test_the_stone_crusher_and_woodcutter_are_paid_once_an_action_giving_enough():
    s, setting = in_play((154, 156))
    one = after(s, setting, on(s, setting, "mountain-2", mountain=((0, 1),)))  # 1 stone
    assert (one.stone - s.stone, one.silver - s.silver) == (1, 1)
    both = after(s, setting, on(s, setting, "mountain-3-plus-2", mountain=((0, 2), (1, 2))))  # 2 stone, 2 wood
    assert (both.wood - s.wood, both.stone - s.stone, both.silver - s.silver) == (2, 2, 1 + 1)  # once a card
    wood = after(s, setting, on(s, setting, "mountain-2", mountain=((1, 1),)))  # 1 wood: not the 2 asked
    assert wood.silver == s.silver
    built = after(replace(s, stone=2), setting, on(s, setting, "build-stone-house"))  # pays stone, receives none
    assert built.silver == s.silver


# --- discounts on a space's price ----------------------------------------------------------------


def test_the_master_bricklayer_takes_a_stone_off_a_house_built_on_a_space():
    s, setting = in_play((116,), resources={"wood": 3, "stone": 0, "ore": 1})
    assert not [a for a in legal_actions(replace(s, active=()), setting) if a.space == "build-stone-house"]
    assert after(s, setting, on(s, setting, "build-stone-house")).stone == 0  # free, and so legal with no stone
    s = replace(s, stone=2)
    assert after(s, setting, on(s, setting, "build-long-house")).stone == 1
    both = after(s, setting, on(s, setting, "build-house-and-ship"))
    assert (both.stone, both.wood) == (1, s.wood - 2)  # wood is no stone
    assert after(s, setting, on(s, setting, "build-shed")).wood == s.wood - 2


def test_discounts_add_up_and_never_lower_a_price_below_nothing(monkeypatch):
    from models.occupation_cards import Discount, Effect
    from models.round_rules import occupations

    big = Effect(116, (), (), discounts=(Discount("house-building", stone=3),))
    monkeypatch.setattr(occupations, "effect_of", lambda n: big if n == 116 else effects()[n])
    s, setting = in_play((116,))
    assert occupations.space_cost(s, spaces_by_id()["build-long-house"]).stone == 0
    assert after(s, setting, on(s, setting, "build-long-house")).stone == s.stone


def test_the_peddler_takes_a_silver_off_a_livestock_market_space_never_below_nothing():
    s, setting = in_play((1,), silver=0)
    bought = after(s, setting, on(s, setting, "buy-stockfish"))
    assert (bought.silver, bought.count("stockfish")) == (0, s.count("stockfish") + 2)
    s = replace(s, silver=3)
    assert after(s, setting, on(s, setting, "buy-cattle-milk")).silver == 1
    assert after(s, setting, on(s, setting, "weekly-beans")).silver == 4  # another group: as printed
    assert to_snapshot(s, setting).player.occupations.played == ["Peddler"]


def test_the_patron_takes_a_silver_off_prices_of_two_or_more_emigration_from_round_two():
    s, setting = in_play((2,), silver=6, ships=[{"type": "knarr"}, {"type": "knarr"}])
    assert after(s, setting, on(s, setting, "buy-salt-meat")).silver == 5  # 2 silver: 1
    assert after(s, setting, on(s, setting, "buy-cattle-milk")).silver == 4  # 3 silver: 2
    assert after(s, setting, on(s, setting, "buy-stockfish")).silver == 5  # 1 silver: as printed
    assert after(s, setting, on(s, setting, "emigrate-2")).silver == 4  # round 3: 3 silver, 2
    assert after(replace(s, round=1), setting, on(s, setting, "emigrate-2")).silver == 5  # round 1: 1 silver, as printed
    both = replace(s, active=(1, 2))  # with the Peddler: 2 silver off the salt meat
    assert after(both, setting, on(both, setting, "buy-salt-meat")).silver == 6


def test_the_artist_is_paid_a_silver_a_kind_of_building_resource_a_crafting_space_takes():
    s, setting = in_play((111,), resources={"wood": 3, "stone": 3, "ore": 1})
    assert after(s, setting, on(s, setting, "craft-rune-stone")).silver == s.silver + 1 + 1  # the space's silver and the card's
    assert after(s, setting, on(s, setting, "craft-runes-and-chests")).silver == s.silver + 2  # stone and wood
    assert after(s, setting, on(s, setting, "craft-linen")).silver == s.silver  # flax is no building resource


# --- the data, strictly read, and in words --------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"discounts": [{"when": "emigrating"}]}, "discounts[0]: a discount takes off some of"),
        ({"discounts": [{"when": "house-building", "stone": 0}]}, "discounts[0].stone"),
        ({"discounts": [{"when": "house-building", "wood": 1}]}, "discounts[0]: unknown keys ['wood']"),
        ({"discounts": [{"when": "Crafting", "silver": 1}]}, "discounts[0].when: 'Crafting'"),
        ({"each_time": [{"when": "overseas-trade-9", "gain": {"silver": 1}}]}, "is no space id nor one of"),
        ({"each_time": [{"when": "fishing-failure", "gain": {"silver": 1}}]}, "'fishing-failure' is no space id"),
        ({"each_time": [{"when": "Crafting", "per": "boat", "gain": {"silver": 1}}]}, "each_time[0].per: 'boat'"),
        ({"each_time": [{"when": "raid-failure", "spent": {"stone": 1}, "gain": {"silver": 1}}]}, "only a roll's success"),
        ({"each_time": [{"when": "Crafting", "spent": {"stone": 1}, "gain": {"silver": 1}}]}, "only a roll's success"),
        ({"each_time": [{"when": "raid-success", "spent": {"ore": 1}, "gain": {"silver": 1}}]}, "spent: a table of what a roll"),
        ({"each_time": [{"when": "raid-success", "spent": {}, "gain": {"silver": 1}}]}, "spent: a table of what a roll"),
        ({"each_time": [{"when": "raid-success", "spent": {"stone": 0}, "gain": {"silver": 1}}]}, "spent: expected whole numbers"),
        ({"each_time": [{"when": "receiving", "gain": {"silver": 1}}]}, "`received` goes with, and only with"),
        ({"each_time": [{"when": "mountain-kinds", "gain": {"silver": 1}}]}, "`steps` goes with, and only with"),
        ({"each_time": [{"when": "mountain-kinds", "steps": [{"at_least": 2, "pay": {"silver": 1}}]}]}, "pays nothing"),
        ({"each_time": [{"when": "Crafting", "received": {"wood": 1}, "gain": {"silver": 1}}]}, "`received` goes with"),
        ({"each_time": [{"when": "receiving", "received": {"hide": 1}, "gain": {"silver": 1}}]}, "received: a table of some of"),
        ({"each_time": [{"when": "receiving", "received": {"wood": 0}, "gain": {"silver": 1}}]}, "received: expected whole"),
    ],
)
def test_bad_lasting_effects_are_refused(raw, message):
    with pytest.raises(ActionDataError) as err:
        _effect({"number": 27, "name": "Fisherman", **raw}, "card[0]")
    assert message in str(err.value)


def test_the_new_words_read():
    assert {n for n, e in effects().items() if e.discounts} == {1, 2, 116, 170}
    assert effects()[116].discounts[0].stone == 1 and effects()[116].discounts[0].silver == 0
    assert effects()[109].each_time[0].per == "knarr"
    said = {n: effect_words(e) for n, e in effects().items()}
    assert said[116] == "each time you build a stone or long house on a space: 1 stone less to pay"
    assert said[1] == "each time you use a Livestock Market space: 1 silver less to pay"
    assert said[140] == "each time a whaling succeeds: 1 oil"
    assert said[142] == "each time a whaling succeeds spending exactly 1 spear: 1 spear"
    assert effects()[135].each_time[1].spent == (("long-sword", 1),)
    assert said[6] == "each time you take a stone from a mountain strip: 1 silver"
    assert said[188] == 'each time you take the "2 silver" from the last space of a mountain strip: 1 silver'
    assert said[154] == "each time an action gives you at least 2 wood: 1 silver"
    assert said[122].endswith("mountain strips: by kinds of item taken, 2+: 1 mead / 3+: 1 hide / 4+: 1 chest")
    assert effects()[156].each_time[0].received == (("stone", 1),)
    assert said[2] == "each time a space or an emigration costs you 2 silver or more: 1 silver less to pay"
    assert said[109] == 'each time you use "Overseas Trading" (column 2): 1 silver per knarr'
    assert said[149] == 'each time you use "Overseas Trading" (column 1) or "Overseas Trading" (column 2): 1 oil'
    assert said[15] == "2 mead per stone or long house; each time you build a stone or long house on a space: 1 hide"
    assert said[3].startswith('each time you use "Beans and Silver" (column 1) or ') and said[3].endswith(": 1 snare")
    assert said[125] == "each time you emigrate or you explore: 1 rune-stone"  # one gain, said once
