"""Exact outcomes that kill the mutants of models/engine/feast.py (benchmarks/mutation.py).

Tables worked out by hand from the banquet rules: fewest Thing Penalties first, then the least
value served (a silver coin is worth 1), then the fewest tiles; a tile lying flat covers its long
side, upright its short side; orange never beside orange, red never beside red. Sizes: peas,
mead 2x1; flax 3x1; grain 4x1; beans 2x2; sheep 4x2 (values: peas 1, mead, flax, beans 2, grain 3,
sheep 4, pregnant sheep 6).
"""

from models.engine.feast import (
    COIN, GAP, Feast, Item, _counts, _fits, _in_a_row, _options, _width, open_positions, serve, table_placements,
)  # fmt: skip
from models.engine.tables import GOOD, NO_GOODS

PEAS, MEAD, FLAX, GRAIN, BEANS = (GOOD[x] for x in ("peas", "mead", "flax", "grain", "beans"))
SHEEP, PREGNANT = GOOD["sheep"], GOOD["pregnant-sheep"]


def food(**counts) -> tuple[int, ...]:
    out = list(NO_GOODS)
    for name, n in counts.items():
        out[GOOD[name.replace("_", "-")]] = n
    return tuple(out)


def test_open_positions_start_after_the_emigrated_ships():
    assert open_positions(14, 3) == (3, 9)  # 12 positions on row 0 at most
    assert open_positions(9, 0) == (0, 9)
    assert open_positions(5, 7) == (5, 0)  # more ships than Vikings: nothing to feed


def test_a_tile_lies_flat_only_when_it_fits_and_only_the_cheapest_of_its_type():
    assert _options(food(peas=2, mead=1), 3) == [
        (PEAS, "orange", [(1, 0, 1), (2, 0, 2), (1, 1, 2), (2, 1, 3)]),
        (MEAD, "red", [(1, 0, 1), (1, 1, 2)]),
    ]
    assert _options(food(flax=1), 2) == [(FLAX, "orange", [(1, 0, 1)])]  # flat it needs 3
    assert _options(food(flax=1), 3) == [(FLAX, "orange", [(1, 0, 1), (1, 1, 3)])]
    assert _options(food(beans=2), 4) == [(BEANS, "orange", [(1, 0, 2), (2, 0, 4)])]  # a square never lies flat
    assert _options(food(sheep=1, pregnant_sheep=1), 6) == [(SHEEP, "red", [(1, 0, 2), (1, 1, 4)]), (PREGNANT, "red", [(1, 0, 2)])]
    assert _options(food(peas=3), 2) == [(PEAS, "orange", [(1, 0, 1), (2, 0, 2), (1, 1, 2)])]
    # game meat 2x3: a flat one and an upright one beside it need 3 + 2 > 4 positions
    assert _options(food(game_meat=2), 4) == [(GOOD["game-meat"], "red", [(1, 0, 2), (2, 0, 4), (1, 1, 3)])]


def test_the_row_condition_and_what_a_choice_covers():
    assert _fits(3, 1, 1) and not _fits(4, 1, 1) and _fits(1, 3, 1) and not _fits(1, 4, 1)
    assert _fits(1, 0, 0) and not _fits(2, 0, 0) and _fits(0, 0, 0)
    assert _width(((FLAX, 2, 1),)) == 1 + 3 and _width(((BEANS, 2, 0), (PEAS, 1, 1))) == 4 + 2
    assert _counts(((PEAS, 2, 0), (MEAD, 1, 1), (FLAX, 1, 0))) == (3, 1)


def test_a_position_left_empty_is_a_thing_penalty():
    f = serve(food(peas=1), 0, 3)
    assert f == Feast((Item(PEAS, 2, True), Item(GAP, 1, False)), 1, ((PEAS, 1),), 0)
    upright = serve(food(flax=1), 0, 2)  # too long to lie flat on 2 positions
    assert upright.items == (Item(FLAX, 1, False), Item(GAP, 1, False)) and upright.penalties == 1
    assert serve(food(beans=1), 0, 2).items == (Item(BEANS, 2, False),)


def test_fewer_tiles_break_a_tie_in_value():
    # 4 positions: grain flat (value 3, one tile) or peas flat and 2 coins (value 3, three items)
    f = serve(food(peas=1, grain=1), 5, 4)
    assert (f.served, f.silver, f.penalties, f.value) == (((GRAIN, 1),), 0, 0, 3)


def test_the_least_value_fills_the_table():
    # 4 positions: peas and mead flat (orange, red) for 3 rather than the sheep flat for 4
    f = serve(food(peas=1, mead=1, sheep=1), 0, 4)
    assert (f.served, f.silver, f.penalties, f.value) == (((PEAS, 1), (MEAD, 1)), 0, 0, 3)
    coins = serve(food(sheep=1), 9, 3)  # the sheep would cover 4: coins are cheaper than a sheep upright (2 + 1)
    assert (coins.served, coins.silver, coins.value) == ((), 3, 3)


def test_two_red_tiles_may_not_touch_so_a_position_stays_empty():
    # 6 positions, no coin: the sheep flat (4) beside the pregnant sheep (2) would touch
    f = serve(food(sheep=1, pregnant_sheep=1), 0, 6)
    assert (f.served, f.penalties, f.value) == (((SHEEP, 1),), 2, 4)
    assert f.items == (Item(SHEEP, 4, True), Item(GAP, 1, False), Item(GAP, 1, False))


def test_the_row_alternates_the_colour_with_more_tiles_left():
    o1, o2, r = Item(PEAS, 1, False), Item(FLAX, 1, False), Item(MEAD, 1, False)
    coin = Item(COIN, 1, False)
    assert _in_a_row([r, o1, o2, coin], 0) == (o1, r, o2, coin)
    assert _in_a_row([o1, r], 1) == (o1, r, Item(GAP, 1, False))
    assert _in_a_row([o1, o2, coin], 0) == (o1, coin, o2)
    assert _in_a_row([o1, o2], 1) == (o1, Item(GAP, 1, False), o2)
    assert _in_a_row([r, Item(MEAD, 2, True), o1, coin], 2) == (r, o1, Item(MEAD, 2, True), coin, Item(GAP, 1, False), Item(GAP, 1, False))


def test_a_feast_is_worth_the_goods_and_the_silver_served():
    assert Feast((), 0, ((SHEEP, 2), (PEAS, 1)), 3).value == 2 * 4 + 1 + 3


def test_the_table_as_placements_from_the_first_open_position():
    f = Feast((Item(PEAS, 2, True), Item(COIN, 1, False), Item(MEAD, 1, False), Item(GAP, 1, False), Item(BEANS, 2, False),
               Item(FLAX, 3, True)), 1, (), 1)  # fmt: skip
    assert table_placements(f, 2) == [
        {"piece": "peas", "row": 0, "col": 2, "rotation": 0, "flip": False},
        {"piece": "silver", "row": 0, "col": 4, "rotation": 0, "flip": False},
        {"piece": "mead", "row": 0, "col": 5, "rotation": 90, "flip": False},
        {"piece": "beans", "row": 0, "col": 7, "rotation": 0, "flip": False},
        {"piece": "flax", "row": 0, "col": 9, "rotation": 0, "flip": False},
    ]


def test_two_of_a_colour_that_would_touch_give_way_to_one_of_each():
    # 2 positions, no coin: two stockfish upright (value 4) would touch, red beside red; a flax
    # and a stockfish upright (orange, red) fill both for the same value
    f = serve(food(flax=1, stockfish=2), 0, 2)
    assert (f.served, f.penalties, f.value) == (((FLAX, 1), (GOOD["stockfish"], 1)), 0, 4)
    assert f.items == (Item(FLAX, 1, False), Item(GOOD["stockfish"], 1, False))


def test_a_flat_tile_fills_what_two_upright_ones_overrun():
    # 4 positions after a flax upright: two game meat upright (2 + 2) would touch and overrun,
    # one lying flat (3) fills the table exactly
    f = serve(food(flax=1, game_meat=2), 0, 4)
    assert (f.penalties, f.served) == (0, ((FLAX, 1), (GOOD["game-meat"], 1)))
    assert f.items == (Item(FLAX, 1, False), Item(GOOD["game-meat"], 3, True))


def test_fewer_tiles_break_a_tie_in_value_without_coins():
    # 4 positions: grain flat (value 3, one tile) or peas and mead flat (value 3, two tiles)
    f = serve(food(peas=1, mead=1, grain=1), 0, 4)
    assert (f.served, f.silver, f.penalties) == (((GRAIN, 1),), 0, 0)
