"""The round's end, phase by phase, on worked examples with exact outcomes (models/round_end.py)."""

from __future__ import annotations

import pytest

from models.round_end import BoardFacts, begin_round, board_facts, breed, end_round, greedy_feast, open_positions, table_widths
from models.round_rules import replace
from models.values import default_values
from tests.helpers import entry, home, put, snapshot
from tests.round_positions import start


def ring(cell: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


# --- phase 10: bonus ---------------------------------------------------------------------------


def newfoundland_paying(*cells: tuple[int, int]):
    """Round 3 with Newfoundland laid so that the bonuses at `cells` pay (silver around each)."""
    coins = [put("silver", r, c) for cell in cells for r, c in ring(cell)]
    return snapshot([home(), entry("newfoundland", *coins, id="D")], game={"round": 3, "players": 1})


def test_newfoundland_pays_its_special_tile_and_its_stone_house_as_shown():
    snap = newfoundland_paying((5, 1), (6, 6))
    facts = board_facts(snap)
    assert dict(facts.bonuses) == {"cloakpin": 1, "stone-house": 1}
    s, setting = start(snap)
    after, _ = end_round(s, setting, facts)
    assert "cloakpin" in after.specials and "cloakpin" not in after.specials_left
    assert after.new_boards == ("stone-house",)
    assert dict(after.buildings_left)["stone-house"] == dict(s.buildings_left)["stone-house"] - 1


def test_a_bonus_special_tile_or_building_is_paid_only_while_the_supply_lasts():
    snap = newfoundland_paying((5, 1), (6, 6))
    s, setting = start(snap, specials_left=["helmet"], buildings_left={"shed": 3, "stone-house": 0, "long-house": 5})
    after, _ = end_round(s, setting, board_facts(snap))
    assert "cloakpin" not in after.specials and after.new_boards == ()
    assert after.specials_left == ("helmet",) and dict(after.buildings_left)["stone-house"] == 0


# --- phase 9: feast ----------------------------------------------------------------------------


def quick(goods: dict[str, int], silver: int, positions: int):
    return greedy_feast(tuple(sorted(goods.items())), silver, positions, tuple(sorted(default_values().items())))


def test_the_quick_feast_never_lets_a_tile_hang_over_a_seat_still_holding_a_viking():
    # beans are 2 wide either way: one open position cannot take them
    one = quick({"beans": 1}, 0, 1)
    assert (one.goods_used, one.silver_used, one.penalties) == ((), 0, 1)
    # grain lying flat is 4 wide: with 3 open positions it must stand upright (1 position)
    three = quick({"grain": 1}, 0, 3)
    assert (three.goods_used, three.penalties) == ((("grain", 1),), 2)


def test_table_widths_are_those_of_the_exact_feast_model():
    from planner.feast import Table, candidates, food_pieces

    for name in food_pieces()[:-1]:  # silver last: a 1-wide coin
        for open_to in range(1, 13):
            exact = {1 + max(c for _, c in x.cells) - min(c for _, c in x.cells) for x in candidates(Table(0, open_to), [name])}
            assert exact == {w for w in table_widths(name) if w <= open_to}, (name, open_to)


def test_the_quick_feast_never_has_fewer_penalties_than_the_proven_best_table():
    from planner.feast import plan_feast

    cases = [({"beans": 1}, 0, 1), ({"grain": 1}, 0, 3), ({"cattle": 1, "peas": 2}, 1, 6), ({"fruits": 2, "mead": 1}, 0, 7)]
    for goods, silver, positions in cases:
        snap = snapshot(goods=goods, silver=silver, vikings=positions)
        assert quick(goods, silver, positions).penalties >= plan_feast(snap, default_values()).penalties, goods


# --- phases 1, 2 and 4: a new Viking, harvest, weapon draw -------------------------------------


def test_round_1_of_a_solo_game_has_its_harvest_and_its_weapon_draw():
    from planner.solo import new_game

    snap, _, _ = new_game(3)
    assert snap.game.round == 1 and snap.vikings == 6
    assert dict(snap.player.goods) == {"mead": 1, "peas": 1, "beans": 1, "flax": 1}  # setup's mead, harvest level 1
    assert sum(snap.player.weapons.values()) == 4  # bow, snare, spear from setup and one card drawn


# --- phase 7: income ---------------------------------------------------------------------------


def test_tiles_gained_in_the_round_are_laid_before_income():
    # a bare home board pays 0; a robe held at the round's end is laid first (bottom left: it
    # covers the income cells 0, 1 and 2), so the round pays 2. Seven emigrated ships fill the
    # seven open banquet positions, so the feast takes none of it.
    snap = snapshot(goods={"robe": 1}, emigrated=7, game={"round": 2, "players": 1})
    s, setting = start(snap)
    after, _ = end_round(s, setting, board_facts(snap))
    assert after.silver == s.silver + 2
    kept, _ = end_round(s, setting, board_facts(snap), lay=None)  # the caller laid them already
    assert kept.silver == s.silver


def test_the_search_look_ahead_lays_tiles_before_income():
    from models.round_rules import PASS
    from planner.round_search import Options, Search

    snap = snapshot(goods={"robe": 1}, emigrated=7, game={"round": 2, "players": 1})
    s, setting = start(snap)
    search = Search(s, setting, Options(horizon=2, nodes=1))
    (branch,) = search._branches(s, PASS)
    assert branch.state.round == 3 and branch.state.silver == s.silver + 2


NO_FACTS = BoardFacts(0, ())


def round_of(length: str, round_: int, players: int = 1, **player):
    return start(snapshot(game={"length": length, "round": round_, "players": players}, boards=[{"id": "home", "board": f"home-{length}"}], **player))


# --- phase 2: harvest, by round and game length ----------------------------------------------

LEVEL = {0: {}, 1: {"peas": 1, "beans": 1, "flax": 1}}
LEVEL[2] = LEVEL[1] | {"grain": 1}
LEVEL[3] = LEVEL[2] | {"cabbage": 1}
LEVEL[4] = LEVEL[3] | {"fruits": 1}


@pytest.mark.parametrize(("length", "levels"), [("long", [1, 2, 0, 3, 0, 4, 0]), ("short", [1, 0, 2, 0, 3, 0])])
def test_harvest_follows_the_printed_strip_of_each_game_length(length, levels):
    s, setting = round_of(length, 1)
    bare = replace(s, goods=())
    for round_, level in enumerate(levels, start=1):
        assert dict(begin_round(bare, setting, round_).goods) == LEVEL[level], (length, round_)


# --- phase 1 and 12: Vikings back, one more each round -----------------------------------------


def test_the_next_round_brings_every_viking_back_and_one_more():
    s, setting = round_of("long", 2)
    s = replace(s, vikings_left=0)
    after, _ = end_round(s, setting, NO_FACTS)
    assert (after.round, after.vikings_total, after.vikings_left) == (3, 8, 8)
    short, setting = round_of("short", 2)
    after, _ = end_round(short, setting, NO_FACTS)
    assert (after.vikings_total, after.vikings_left) == (9, 9)  # the short game starts one higher


def test_the_last_round_ends_after_the_feast_no_income_no_bonus():
    snap = snapshot([home(put("robe", 9, 0))], emigrated=12, game={"round": 7, "players": 1})
    s, setting = start(snap)
    after, feast = end_round(s, setting, BoardFacts(2, (("ore", 1),)))
    assert (after.round, after.vikings_left, after.silver, after.ore) == (7, 0, s.silver, s.ore)
    assert feast.penalties == 0


# --- phase 3: exploration boards turned and silvered -------------------------------------------


def test_exploration_boards_turn_and_gain_silver_as_printed():
    s, setting = round_of("long", 2)
    assert dict(s.explorations) == {"shetland": 0, "faroe-islands": 0, "iceland": 0, "greenland": 0}
    third, _ = end_round(s, setting, NO_FACTS)  # round 3: Shetland turns to Bear Island
    assert dict(third.explorations) == {"bear-island": 0, "faroe-islands": 2, "iceland": 2, "greenland": 2}
    fourth, _ = end_round(third, setting, NO_FACTS)  # round 4: Faroe turns to Baffin Island
    assert dict(fourth.explorations) == {"bear-island": 2, "baffin-island": 0, "iceland": 4, "greenland": 4}
    short, setting = round_of("short", 1)
    second, _ = end_round(short, setting, NO_FACTS)  # the short game turns a round earlier
    assert dict(second.explorations) == {"bear-island": 0, "faroe-islands": 2, "iceland": 2, "greenland": 2}


# --- phase 4: a weapon card ----------------------------------------------------------------------


def test_each_round_draws_one_weapon_card():
    s, setting = round_of("long", 2, weapons={"bow": 1, "snare": 1, "spear": 1})
    after, _ = end_round(s, setting, NO_FACTS)
    assert sum(n for _, n in after.weapons) == 4 and after.weapon_draws == s.weapon_draws + 1


# --- phase 7: income, as laid ----------------------------------------------------------------------


def test_income_is_paid_from_the_boards_as_laid():
    snap = snapshot([home(put("robe", 9, 0))], emigrated=7, silver=1, game={"round": 2, "players": 1})
    s, setting = start(snap)
    facts = board_facts(snap)
    assert facts.income == 2
    after, _ = end_round(s, setting, facts, lay=None)
    assert after.silver == 1 + 2


# --- phase 8: breeding (the rulebook's three examples) ----------------------------------------------


def test_breeding_follows_the_rulebook_examples():
    assert breed((("pregnant-sheep", 1), ("sheep", 2))) == (("sheep", 4),)
    assert breed((("sheep", 4),)) == (("pregnant-sheep", 1), ("sheep", 3))
    assert breed((("pregnant-sheep", 1),)) == (("sheep", 2),)
    assert breed((("cattle", 1),)) == (("cattle", 1),)  # one alone never breeds
    assert breed((("cattle", 2), ("sheep", 2))) == (("cattle", 1), ("pregnant-cattle", 1), ("pregnant-sheep", 1), ("sheep", 1))


def test_animals_breed_before_the_feast():
    snap = snapshot(goods={"pregnant-sheep": 1}, emigrated=7, game={"round": 2, "players": 1})
    s, setting = start(snap)
    after, _ = end_round(s, setting, NO_FACTS)
    assert after.count("sheep") + after.count("pregnant-sheep") == 2


# --- phase 9: feast seats -------------------------------------------------------------------------


def test_feast_seats_are_the_vikings_gained_less_the_emigrated_ships():
    s, _ = round_of("long", 4, emigrated=2)
    assert open_positions(s) == 9 - 2
    s, _ = round_of("long", 7, emigrated=0)
    assert open_positions(s) == 12
    assert open_positions(replace(s, vikings_total=14)) == 12  # never more than the table's twelve


def test_the_feast_serves_food_then_silver_then_takes_thing_penalties():
    # three seats: peas (1 point) lie flat on two, a silver coin takes the third; mead (2 points)
    # would cost more, and the proven best table costs the same 2
    from planner.feast import plan_feast

    served = quick({"mead": 1, "peas": 1}, 5, 3)
    assert (served.goods_used, served.silver_used, served.penalties, served.cost) == ((("peas", 1),), 1, 0, 2)
    best = plan_feast(snapshot(goods={"mead": 1, "peas": 1}, silver=5, vikings=3), default_values())
    assert (best.used, best.penalties) == ({"peas": 1, "silver": 1}, 0)
    # nothing to serve: 2 silver, then 2 Thing Penalties at 3 points each
    short = quick({}, 2, 4)
    assert (short.silver_used, short.penalties, short.cost) == (2, 2, 2 + 6)


def test_the_round_end_pays_the_feast_from_the_supply():
    snap = snapshot(goods={"mead": 1, "peas": 1}, silver=0, emigrated=4, game={"round": 2, "players": 1})
    s, setting = start(snap)  # 7 Vikings, 4 ships: 3 seats
    after, feast = end_round(s, setting, NO_FACTS)
    assert feast.penalties == 0 and after.count("mead") == 0 and after.thing_penalties == 0
    assert after.goods == ()  # all served, and round 3 of the long game harvests nothing


# --- phase 10: bonus -------------------------------------------------------------------------------


def test_a_surrounded_bonus_pays_every_round_but_the_last():
    around_ore = [(4, 0), (4, 1), (5, 1), (6, 0), (6, 1)]  # the ore bonus on the edge needs five
    snap = snapshot([home(*[put("silver", r, c) for r, c in around_ore])], emigrated=7, game={"round": 2, "players": 1})
    s, setting = start(snap)
    facts = board_facts(snap)
    assert dict(facts.bonuses) == {"ore": 1}
    after, _ = end_round(s, setting, facts, lay=None)
    assert after.ore == s.ore + 1


# --- phase 11: mountain strips ----------------------------------------------------------------------


def test_each_strip_loses_its_arrow_end_item_an_empty_one_goes_and_a_new_one_turns_up():
    s, setting = round_of("long", 2)
    s = replace(s, mountains=(("silver-2",), ("stone", "wood", "silver-2")))
    new = ("wood", "wood", "stone", "ore", "ore", "silver-2", "silver-2")
    after, _ = end_round(s, setting, NO_FACTS, new_strip=new)
    assert after.mountains == (("wood", "silver-2"), new)


# --- phase 12 in a solo game: last round's Vikings block ---------------------------------------------


def test_solo_vikings_of_the_round_just_played_block_their_spaces_next_round():
    s, setting = round_of("long", 2, players=1)
    s = replace(s, taken=frozenset({"build-shed"}), placed=frozenset({"take-stockfish", "weekly-beans"}))
    after, _ = end_round(s, setting, NO_FACTS)
    assert after.taken == {"take-stockfish", "weekly-beans"} and after.placed == frozenset()
    two, setting = round_of("long", 2, players=2)
    after, _ = end_round(replace(two, placed=frozenset({"take-stockfish"})), setting, NO_FACTS)
    assert after.taken == frozenset()  # with others the next round's spaces start free
