"""The round's end, phase by phase, on worked examples with exact outcomes (models/round_end.py)."""

from __future__ import annotations

from models.round_context import RoundContext
from models.round_end import BoardFacts, board_facts, end_round, greedy_feast, table_widths
from models.round_rules import initial_state, replace, setting_for
from models.values import default_values
from tests.helpers import entry, home, put, snapshot

STRIPS = [["wood", "stone", "ore", "silver-2"], ["stone", "wood", "silver-2"]]


def start(snap, **context):
    ctx = RoundContext(mountains=STRIPS, players=1, **context)
    return initial_state(snap, ctx), setting_for(snap, ctx)


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
