"""The action-space data: board shape, spot checks against the component facts, strict loading."""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import fields
from importlib import resources
from pathlib import Path

import pytest

from models.actions import GOODS, ActionDataError, load_action_spaces, max_rolls, parse, parse_action_spaces
from models.facts import rounds

# Columns per space id, from the shared reference list (the facts; the project's data must agree).
EXPECTED_COLUMNS = Counter({1: 18, 2: 18, 3: 16, 4: 9})


def _text(name: str) -> str:
    return resources.files("models").joinpath("data", name).read_text(encoding="utf-8")


@pytest.fixture
def spaces():
    """The board parsed afresh for each test: behind its cache only the first test would read the
    file, and mutation testing runs for a changed parser only the tests that reached it."""
    parse._board.cache_clear()
    parse._by_id.cache_clear()
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
    assert spaces["build-shed"].pay.wood == spaces["build-shed"].pay.count("wood") == 2
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


LISTING = Path(__file__).parent / "fixtures" / "action_spaces_parsed.txt"


def listing(spaces: dict) -> str:
    """One line per space, board order: every field that differs from its default, as parsed."""
    def line(space) -> str:
        changed = [f"{f.name}={getattr(space, f.name)!r}" for f in fields(space) if f.name != "id" and getattr(space, f.name) != f.default]
        return f"{space.id}: " + ", ".join(changed)

    return "\n".join(line(s) for s in spaces.values()) + "\n"


def test_every_space_parses_to_its_reviewed_listing(spaces):
    """The whole board as parsed, field by field, against a listing reviewed against FACTS.md's
    table of action spaces (tests/fixtures/action_spaces_parsed.txt). The spot checks above read a
    few fields; this one sees any field the parser reads differently. After a deliberate change
    to the data or the parser, write the listing again with `listing(load_action_spaces())` and
    review its diff against the facts."""
    assert listing(spaces) == LISTING.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("gain = { buildings = { shed = 1 } }", "gain = { goods = { shed = 1 } }", "space build-shed.gain.goods: 'shed' is not one of"),
        ('column = 1\nneeds = ["shed-in-supply"]', 'column = 5\nneeds = ["shed-in-supply"]', "space build-shed: column must be 1-4, got 5"),
        ('needs = ["knarr"]\npay = { silver = 1 }', 'needs = ["raft"]\npay = { silver = 1 }', "space overseas-trade-1.needs: 'raft' is not one of"),
        ("mountain = [3, 2]", "mountains = [3, 2]", "space mountain-3-plus-2: unknown keys ['mountains']"),
        ('id = "take-stockfish"', 'id = "buy-stockfish"', "duplicate action-space ids: ['buy-stockfish']"),
        ("occupation = { draw = 1 }", "occupation = { draw = -1 }", "space draw-occupation.occupation: expected a whole number >= 0, got -1"),
        ("occupation = { play = 1 }", "occupation = { play = true }", "space play-occupation-paid.occupation: expected a whole number >= 0, got True"),
        ("occupation = { draw = 1 }", "occupation = { drew = 1 }", "space draw-occupation.occupation: unknown keys ['drew']"),
        ('kind = "hunt"\ndie = 8', 'kind = "hunt"\ndie = 6', "space hunt-game-1.roll: hunt aims low with a d8 or d12"),
        ('kind = "hunt"\ndie = 8\naim = "low"', 'kind = "hunt"\ndie = 8\naim = "high"', "space hunt-game-1.roll: hunt aims low with a d8 or d12"),
        ('kind = "hunt"', 'kind = "chase"', "space hunt-game-1.roll.kind: 'chase' is not one of"),
        ("boats = [1, 3]", "boats = [1, 4]", "space whaling-major.roll: boats must be [min, max] within 1-3"),
        ("boats = [1, 3]", "boats = [2, 1]", "space whaling-major.roll: boats must be [min, max] within 1-3"),
        ("boats = [1, 3]", "boats = [1]", "space whaling-major.roll: boats must be [min, max] within 1-3"),
        ('ore = "boats-used"', 'ore = "all"', "space whaling-major.roll.ore: 'all' is not one of"),
        ('spend = ["wood", "bow"]', 'spend = ["wood", "axe"]', "space hunt-game-1.roll.spend: 'axe' is not one of"),
        ("failure = { wood = 1, weapons = { bow = 1 } }", "failure = { wood = 1, weapons = { axe = 1 } }", "space hunt-game-1.roll.failure.weapons: 'axe' is not one of"),
        ("success = { goods = { hide = 1, game-meat = 1 } }", "success = { goods = { hide = -1, game-meat = 1 } }", "space hunt-game-1.roll.success.goods.hide: expected a whole number >= 0, got -1"),
        ("fail_at_or_below = 5", "fail_at_or_below = -5", "space raid.roll: expected a whole number >= 0, got -5"),
        ("upgrade = { count = 2, steps = 2 }", "upgrade = { count = 2, steps = 3 }", "space mountain-4-double-2.upgrade: steps must be 1 or 2"),
        ("upgrade = { count = 4, steps = 1 }", "upgrade = { count = -4, steps = 1 }", "space upgrade-4.upgrade.count: expected a whole number >= 0, got -4"),
        ("mountain = [3, 2]", "mountain = [3, 0]", "space mountain-3-plus-2.mountain: expected a non-empty list of positive counts, one per strip"),
        ("mountain = [3, 2]", "mountain = []", "space mountain-3-plus-2.mountain: expected a non-empty list of positive counts, one per strip"),
        ('mountain = [3, 2]', 'mountain = [3, "2"]', "space mountain-3-plus-2.mountain: expected a whole number >= 0, got '2'"),
        ('per_animal = { animal = "cattle", good = "milk", max = 3 }', 'per_animal = { animal = "goat", good = "milk", max = 3 }', "space produce-milk.per_animal: 'goat' is not one of"),
        ('per_animal = { animal = "cattle", good = "milk", max = 3 }', 'per_animal = { animal = "cattle", good = "cheese", max = 3 }', "space produce-milk.per_animal: 'cheese' is not one of"),
        ('per_animal = { animal = "cattle", good = "milk", max = 3 }', 'per_animal = { animal = "cattle", good = "milk", max = -3 }', "space produce-milk.per_animal: expected a whole number >= 0, got -3"),
        ('animal = "cattle"\nat_least = 1', 'animal = "cattle"\nat_least = -1', "space weekly-livestock.if_owns: expected a whole number >= 0, got -1"),
        ('animal = "cattle"\nat_least = 1', 'animal = "goat"\nat_least = 1', "space weekly-livestock.if_owns: 'goat' is not one of"),
        ("gain = { goods = { milk = 2 } }", "gain = { goods = { milk = -2 } }", "space weekly-livestock.if_owns.gain.goods.milk: expected a whole number >= 0, got -2"),
        ('boards = ["shetland", "faroe-islands"]', 'boards = ["shetland", "iceland-2"]', "space explore-short.explore: 'iceland-2' is not one of"),
        ('ships = ["knarr", "longship"] }', 'ships = ["knarr", "raft"] }', "space explore-medium.explore: 'raft' is not one of"),
        ("emigrate = { ships = [\"knarr\", \"longship\"], silver_per_round = 1 }", "emigrate = { ships = [\"knarr\", \"raft\"], silver_per_round = 1 }", "space emigrate-2.emigrate: 'raft' is not one of"),
        ("emigrate = { ships = [\"knarr\", \"longship\"], silver_per_round = 1 }", "emigrate = { ships = [\"knarr\", \"longship\"], silver_per_round = -1 }", "space emigrate-2.emigrate: expected a whole number >= 0, got -1"),
        ('give = "whaling-boat"', 'give = "raft"', "space upgrade-boat-and-emigrate.emigrate: 'raft' is not one of"),
        ('take = "knarr"', 'take = "raft"', "space upgrade-boat-and-emigrate.emigrate: 'raft' is not one of"),
        ("special_sale = 2", "special_sale = -2", "space special-sale.special_sale: expected a whole number >= 0, got -2"),
        ("forge = 1", "forge = -1", "space forge.forge: expected a whole number >= 0, got -1"),
        ('draw_occupations = 1\nwhen = "before"', 'draw_occupations = 1\nwhen = "before"\nwhy = 1', "column_bonus.3: unknown keys ['why']"),
        ('id = "build-shed"', 'id = "build-shed"\nchoose = "one"', 'space build-shed: options need choose = "one" or "any", and choose needs options'),
        ('choose = "one"', 'choose = "all"', 'space build-house-and-ship: options need choose = "one" or "any", and choose needs options'),
        ('label = "stone house and longship"', 'label = "stone house and longship"\ncost = 1', "space build-house-and-ship.option: unknown keys ['cost']"),
        ('longship"\nneeds = ["stone-house-in-supply"]', 'longship"\nneeds = ["castle-in-supply"]', "space build-house-and-ship.option.needs: 'castle-in-supply' is not one of"),
        ("gain = { buildings = { stone-house = 1 }, ships = { longship = 1 } }", "gain = { buildings = { stone-house = 1 }, ships = { longship = 2.5 } }", "space build-house-and-ship.option.gain.ships.longship: expected a whole number >= 0, got 2.5"),
        ("pay = { stone = 2, wood = 2 }", "pay = { stone = 2, wood = 2, gold = 1 }", "space build-house-and-ship.pay: unknown keys ['gold']"),
        ("pay = { stone = 2, wood = 2 }", "pay = { stone = 2, wood = -2 }", "space build-house-and-ship.pay.wood: expected a whole number >= 0, got -2"),
        ("pay_any_of = [{ wood = 1 }, { ore = 1 }]", "pay_any_of = [{ wood = 1 }, { ore = -1 }]", "space craft-chest.pay_any_of.ore: expected a whole number >= 0, got -1"),
        ('kind = "hunt"', 'kind = "hunt"\nluck = 1', "space hunt-game-1.roll: unknown keys ['luck']"),
        ("upgrade = { count = 4, steps = 1 }", "upgrade = { count = 4, steps = 1, free = 1 }", "space upgrade-4.upgrade: unknown keys ['free']"),
        ('max = 3 }', 'max = 3, min = 1 }', "space produce-milk.per_animal: unknown keys ['min']"),
        ('animal = "cattle"\nat_least = 1', 'animal = "cattle"\nat_most = 3\nat_least = 1', "space weekly-livestock.if_owns: unknown keys ['at_most']"),
        ('ships = ["longship"] }', 'ships = ["longship"], silver = 1 }', "space explore-long.explore: unknown keys ['silver']"),
        ("silver_per_round = 1 }", "silver_per_round = 1, ore = 1 }", "space emigrate-2.emigrate: unknown keys ['ore']"),
        ('id = "build-shed"', 'id = "build-shed"\nwho = 1', "space build-shed: unknown keys ['who']"),
        ('id = "build-shed"\nname = "Build a Shed"\ngroup = "Build Houses"\ncolumn = 1', 'name = "Build a Shed"\ngroup = "Build Houses"\ncolumn = 0', "space ?: column must be 1-4, got 0"),
        ("[column_bonus.3]", "tables = 1\n\n[column_bonus.3]", "action_spaces.toml: unknown keys ['tables']"),
    ],
)
def test_bad_data_is_named_by_its_path(old, new, message):
    """Each check of the strict reading says where in the file it failed and why."""
    text = _text("action_spaces.toml")
    assert old in text
    with pytest.raises(ActionDataError) as caught:
        parse_action_spaces(text.replace(old, new, 1))
    assert str(caught.value).startswith(message)


def test_a_file_without_column_bonuses_gives_spaces_without_them():
    """The column bonuses are optional data: without their tables no space has one."""
    text = _text("action_spaces.toml")
    head, rest = text.split("[column_bonus.3]", 1)
    tail = rest[rest.index("[[space]]"):]
    parsed = parse_action_spaces(head + tail)
    assert len(parsed) == 61 and all(s.bonus is None for s in parsed)
