"""The round's end, pinned exactly where mutants of models/round_end.py survived the worked
examples of tests/test_round_end.py (benchmarks/RESULTS-mutation.md): boards gained since the
snapshot, each kind of bonus reward, what the feast takes from the supply, the arguments that
override the printed schedule, the table cleared after a feast, and the tiles held laid before
income.

No tile the quick layout would lay is held in these positions (but in the last section's), so
the round end pays the boards exactly as given.
"""

from __future__ import annotations

from models.round_end import BoardFacts, empty_board_negatives, end_round, feast_for, lay_held_tiles, state_income
from models.round_rules import replace, to_snapshot
from tests.helpers import entry, home, put, snapshot
from tests.round_positions import start

NO_FACTS = BoardFacts(0, ())


def round_2(**player):
    """Round 2 of a long solo game: 7 Vikings; with 7 emigrated ships nobody sits at the table."""
    player.setdefault("emigrated", 7)
    return start(snapshot(game={"round": 2, "players": 1}, **player))


# --- boards gained since the snapshot --------------------------------------------------------------


def test_an_empty_board_s_negatives_and_income():
    assert [empty_board_negatives(b) for b in ("home-long", "shed", "stone-house", "iceland")] == [86, 6, 9, 24]
    s, _ = round_2()
    # Iceland's first income cell shows 1, Shetland's 0
    assert state_income(replace(s, new_boards=("iceland", "shetland")), BoardFacts(2, ())) == 2 + 1 + 0


def test_a_board_gained_this_round_pays_its_income_at_the_round_s_end():
    s, setting = round_2(silver=3)
    after, _ = end_round(replace(s, new_boards=("iceland",)), setting, BoardFacts(2, ()))
    assert after.silver == 3 + 2 + 1


# --- phase 10: every kind of reward a bonus shows ----------------------------------------------------


def test_a_bonus_pays_resources_silver_goods_and_animals_each_as_itself():
    s, setting = round_2(silver=1)
    rewards = (("mead", 1), ("ore", 1), ("sheep", 1), ("silver", 2), ("stone", 1), ("wood", 1))
    after, _ = end_round(s, setting, BoardFacts(0, rewards))
    assert (after.silver, after.wood, after.stone, after.ore) == (1 + 2, s.wood + 1, s.stone + 1, s.ore + 1)
    assert after.goods == (("mead", 1), ("sheep", 1))  # round 3 of the long game harvests nothing


def test_a_bonus_building_is_a_board_not_a_good_and_a_special_tile_costs_nothing():
    s, setting = round_2(silver=2)
    after, _ = end_round(s, setting, BoardFacts(0, (("cloakpin", 1), ("stone-house", 1))))
    assert after.new_boards == ("stone-house",) and after.goods == ()
    assert "cloakpin" in after.specials and after.silver == 2


def test_a_building_missing_from_the_supply_given_is_not_paid():
    snap = snapshot(game={"round": 2, "players": 1}, emigrated=7)
    s, setting = start(snap, buildings_left={"shed": 3})  # no stone house listed: none left
    after, _ = end_round(s, setting, BoardFacts(0, (("stone-house", 1),)))
    assert after.new_boards == ()


# --- phase 9: what the feast takes ------------------------------------------------------------------


def test_the_feast_takes_its_silver_and_its_thing_penalties_from_the_player():
    # 7 Vikings, 4 emigrated ships: 3 seats; no food, 1 silver: one coin and two Thing Penalties
    s, setting = round_2(silver=1, emigrated=4, thing_penalties=1)
    after, feast = end_round(s, setting, NO_FACTS)
    assert (feast.silver_used, feast.penalties) == (1, 2)
    assert (after.silver, after.thing_penalties) == (0, 1 + 2)


def test_a_feast_can_be_priced_with_other_silver_than_the_player_holds():
    s, setting = round_2(silver=5, emigrated=4)
    assert (feast_for(s, setting).silver_used, feast_for(s, setting).penalties) == (3, 0)
    assert (feast_for(s, setting, silver=0).silver_used, feast_for(s, setting, silver=0).penalties) == (0, 3)


def test_the_banquet_table_is_cleared_by_the_feast_in_every_round():
    served = {"placements": [put("peas", 0, 0)]}
    for round_ in (2, 7):  # a middle round and the last
        snap = snapshot(game={"round": round_, "players": 1}, emigrated=4, banquet=served)
        s, setting = start(snap)
        after, _ = end_round(s, setting, NO_FACTS)
        assert to_snapshot(after, setting).player.banquet.placements == [], round_


# --- arguments that override the printed schedule ----------------------------------------------------


def test_a_harvest_schedule_given_replaces_the_printed_one():
    s, setting = round_2()
    after, _ = end_round(s, setting, NO_FACTS, harvest=[0, 0, 2])  # round 3 harvests level 2
    assert dict(after.goods) == {"peas": 1, "beans": 1, "flax": 1, "grain": 1}
    after, _ = end_round(s, setting, NO_FACTS, harvest=[1, 1])  # a schedule that ends: no harvest
    assert after.goods == ()


def test_solo_blocking_can_be_switched_either_way():
    s, setting = round_2()  # a solo game: blocking by default
    s = replace(s, placed=frozenset({"take-stockfish"}))
    assert end_round(s, setting, NO_FACTS)[0].taken == {"take-stockfish"}
    assert end_round(s, setting, NO_FACTS, solo_blocking=False)[0].taken == frozenset()
    two, setting = start(snapshot(game={"round": 2, "players": 2}))
    two = replace(two, placed=frozenset({"take-stockfish"}))
    assert end_round(two, setting, NO_FACTS, solo_blocking=True)[0].taken == {"take-stockfish"}


# --- the tiles held, laid before income ------------------------------------------------------------


def test_orange_goods_held_are_nothing_to_lay_before_income():
    """Home and exploration boards take green and blue goods only."""
    s, setting = round_2(goods={"peas": 2, "beans": 1})
    assert lay_held_tiles(s, setting) is None


def test_the_bonuses_paid_are_those_of_the_boards_with_the_held_tiles_laid():
    s, setting = round_2(silver=1)
    laid = BoardFacts(2, (("silver", 1), ("stone", 1)))
    after, _ = end_round(s, setting, BoardFacts(0, (("wood", 1),)), lay=lambda *_: laid)
    assert (after.silver, after.wood, after.stone) == (1 + 2 + 1, s.wood, s.stone + 1)


def test_each_holding_of_tiles_is_laid_on_its_own():
    """The layouts remembered in a setting are told apart by the tiles held."""
    few, setting = round_2(goods={"oil": 1})
    many = replace(few, goods=(("hide", 1), ("oil", 1), ("silverware", 2)))
    alone = lay_held_tiles(many, start(snapshot(game={"round": 2, "players": 1}, emigrated=7))[1])
    assert lay_held_tiles(few, setting) != alone
    assert lay_held_tiles(many, setting) == alone
