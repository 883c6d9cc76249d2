"""The action-space data: board shape, spot checks against the component facts, strict loading."""

from __future__ import annotations

import tomllib
from collections import Counter
from importlib import resources

import pytest

from models.actions import GOODS, ActionDataError, load_action_spaces, max_rolls, parse_action_spaces
from models.facts import rounds

# Columns per space id, from the shared reference list (the facts; the project's data must agree).
EXPECTED_COLUMNS = Counter({1: 18, 2: 18, 3: 16, 4: 9})


def _text(name: str) -> str:
    return resources.files("models").joinpath("data", name).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def spaces():
    return load_action_spaces()


def test_board_has_61_spaces_with_unique_ids(spaces):
    assert len(spaces) == 61
    assert len({s.id for s in spaces.values()}) == 61


def test_spaces_per_column_match_the_reference(spaces):
    assert Counter(s.column for s in spaces.values()) == EXPECTED_COLUMNS
    assert all(s.vikings == s.column for s in spaces.values())


def test_board_order_starts_and_ends_as_printed(spaces):
    ids = list(spaces)
    assert ids[:4] == ["build-shed", "build-stone-house", "build-long-house", "build-house-and-ship"]
    assert ids[-1] == "upgrade-boat-and-emigrate"
    assert ids.index("hunt-game-1") < ids.index("take-stockfish") < ids.index("hunt-game-2")


def test_each_call_returns_a_fresh_dict(spaces):
    again = load_action_spaces()
    again.pop("build-shed")
    assert "build-shed" in load_action_spaces()


def test_build_costs(spaces):
    assert spaces["build-shed"].pay.wood == 2
    assert spaces["build-shed"].gain.count("shed") == 1
    assert spaces["build-shed"].needs == ("shed-in-supply",)
    assert spaces["build-stone-house"].pay.stone == 1
    assert spaces["build-long-house"].pay.stone == 2
    assert spaces["build-whaling-boat"].pay.wood == 1
    assert spaces["build-longship"].gain.count("longship") == 1


def test_house_and_ship_is_one_of_two_pairs(spaces):
    space = spaces["build-house-and-ship"]
    assert (space.pay.stone, space.pay.wood) == (2, 2)
    assert space.choose == "one"
    pairs = {(o.gain.buildings, o.gain.ships) for o in space.options}
    assert pairs == {
        ((("stone-house", 1),), (("longship", 1),)),
        ((("long-house", 1),), (("knarr", 1),)),
    }


def test_weekly_livestock_conditional_milk_and_wool(spaces):
    space = spaces["weekly-livestock"]
    assert space.gain.silver == 1 and space.gain.count("spices") == 1
    extras = {(x.animal, x.at_least): dict(x.gain.goods) for x in space.if_owns}
    assert extras == {("cattle", 1): {"milk": 2}, ("sheep", 1): {"wool": 1}}


def test_production_by_animal_count(spaces):
    milk = spaces["produce-milk"].per_animal
    wool = spaces["produce-wool"].per_animal
    assert (milk.animal, milk.good, milk.max) == ("cattle", "milk", 3)
    assert (wool.animal, wool.good, wool.max) == ("sheep", "wool", 3)


def test_mountain_takes(spaces):
    assert spaces["mountain-2"].mountain == (2,)
    assert spaces["mountain-3-plus-2"].mountain == (3, 2)  # two different strips
    assert spaces["mountain-4-double-2"].mountain == (4,)
    assert spaces["mountain-4-double-2"].upgrade.steps == 2
    choice = spaces["mountain-2x4-or-double-3"]
    assert choice.choose == "one"
    assert [o.mountain for o in choice.options] == [(2, 2, 2, 2), ()]
    assert choice.options[1].upgrade.count == 3 and choice.options[1].upgrade.steps == 2


def test_upgrades(spaces):
    counts = {sid: (s.upgrade.count, s.upgrade.steps) for sid, s in spaces.items() if s.upgrade}
    assert counts == {
        "mountain-1-upgrade-1": (1, 1),
        "upgrade-2": (2, 1),
        "mountain-3-upgrade-1": (1, 1),
        "upgrade-3": (3, 1),
        "upgrade-3-weapons-4": (3, 1),
        "upgrade-4": (4, 1),
        "mountain-4-double-2": (2, 2),
    }
    assert spaces["upgrade-3-weapons-4"].gain.weapon_draws == 4


def test_whaling_boats_and_compensation(spaces):
    major = spaces["whaling-major"].roll
    minor = spaces["whaling-minor"].roll
    assert (major.die, major.aim, major.boats) == (12, "low", (1, 3))
    assert minor.boats == (1, 1)
    assert major.ore == "boats-used"
    assert dict(major.success.goods) == {"oil": 1, "skin-and-bones": 1, "whale-meat": 1}
    assert (major.failure.wood, major.failure.count("spear"), major.failure.vikings) == (1, 1, 2)


def test_hunting_and_snare(spaces):
    hunt = spaces["hunt-game-1"].roll
    assert (hunt.die, hunt.aim, hunt.spend) == (8, "low", ("wood", "bow"))
    assert dict(hunt.success.goods) == {"hide": 1, "game-meat": 1}
    assert hunt.failure.vikings == 0
    assert spaces["hunt-game-2"].roll == hunt
    snare = spaces["lay-snare"].roll
    assert snare.success.count("fur") == 1 and snare.success.count("snare") == 1
    assert snare.failure.vikings == 1


def test_raid_and_pillage(spaces):
    raid = spaces["raid"].roll
    assert (raid.die, raid.aim, raid.fail_at_or_below, raid.ore) == (8, "high", 5, None)
    assert raid.take_blue_tile and raid.spend == ("stone", "long-sword")
    assert (raid.failure.stone, raid.failure.count("long-sword")) == (1, 1)
    for sid in ("pillage-2", "pillage-3"):
        pillage = spaces[sid].roll
        assert (pillage.die, pillage.ore, pillage.failure.vikings) == (12, "longship-most-ore", 1)
        assert spaces[sid].verify
    assert spaces["plunder"].needs == ("two-longships",)
    assert spaces["plunder"].gain.count("silver-hoard") == 1


def test_ship_requirements(spaces):
    assert spaces["overseas-trade-1"].needs == ("knarr",) and spaces["overseas-trade-1"].overseas_trade
    assert spaces["special-sale"].special_sale == 2
    assert spaces["explore-short"].explore.ships == ("whaling-boat", "knarr", "longship")
    assert spaces["explore-medium"].explore.boards == ("iceland", "greenland", "bear-island")
    assert spaces["explore-long"].explore.ships == ("longship",)
    assert spaces["upgrade-boat-and-emigrate"].emigrate.exchange == ("whaling-boat", "knarr")


def test_column_bonuses(spaces):
    for space in spaces.values():
        if space.column == 3:
            assert space.bonus.draw_occupations == 1 and space.bonus.when == "before"
        elif space.column == 4:
            assert space.bonus.play_occupations == 1
        else:
            assert space.bonus is None


def test_every_goods_name_is_a_game_good(spaces):
    seen = set()
    for space in spaces.values():
        bundles = [space.pay, space.gain, *space.pay_any_of, *(x.gain for x in space.if_owns)]
        bundles += [b for o in space.options for b in (o.pay, o.gain)]
        if space.roll:
            bundles += [space.roll.success, space.roll.failure]
        seen |= {name for b in bundles for name, _ in b.goods}
    assert seen <= GOODS
    assert {"silver-hoard", "whale-meat", "skin-and-bones"} <= seen


def test_max_rolls_is_three():
    assert max_rolls() == 3


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('gain = { buildings = { shed = 1 } }', 'gain = { goods = { shed = 1 } }', "not one of"),
        ('column = 1\nneeds = ["shed-in-supply"]', 'column = 5\nneeds = ["shed-in-supply"]', "column"),
        ('needs = ["knarr"]\npay = { silver = 1 }', 'needs = ["raft"]\npay = { silver = 1 }', "raft"),
        ("mountain = [3, 2]", "mountains = [3, 2]", "unknown keys"),
        ('id = "take-stockfish"', 'id = "buy-stockfish"', "duplicate"),
    ],
)
def test_loading_rejects_bad_data(old, new, message):
    text = _text("action_spaces.toml")
    assert old in text
    with pytest.raises(ActionDataError, match=message):
        parse_action_spaces(text.replace(old, new, 1))


def test_a_missing_space_is_caught():
    text = _text("action_spaces.toml")
    head, _, tail = text.rpartition("[[space]]")
    with pytest.raises(ActionDataError, match="61"):
        parse_action_spaces(head)


def test_harvest_schedule():
    data = tomllib.loads(_text("harvest.toml"))
    for length in ("long", "short"):
        levels = data[length]["levels"]
        assert len(levels) == rounds(length)
        assert all(str(n) in data["levels"] for n in levels if n)
    assert {g for goods in data["levels"].values() for g in goods} <= GOODS
    assert data["long"]["levels"] == [1, 2, 0, 3, 0, 4, 0]
    assert data["short"]["levels"] == [1, 0, 2, 0, 3, 0]


def test_blue_sword_values_as_printed():
    data = tomllib.loads(_text("blue_sword_values.toml"))
    assert data["sword"] == {
        "rune-stone": 6, "silverware": 7, "chest": 8, "silk": 8, "spices": 9, "jewelry": 10, "treasure-chest": 11, "silver-hoard": 15,
    }
