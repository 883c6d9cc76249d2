"""The engine's feast equals the CP-SAT feast engine: same penalties, same value served; its
table is legal by the rule checker."""

import random

import pytest

from models.engine.feast import open_positions, serve, table_placements
from models.engine.tables import FOOD, GOOD, GOODS, NO_GOODS
from models.rules import check_banquet
from models.snapshot import parse_snapshot
from models.values import default_values
from planner.feast import plan_feast


def food(**counts) -> tuple[int, ...]:
    out = list(NO_GOODS)
    for name, n in counts.items():
        out[GOOD[name.replace("_", "-")]] = n
    return tuple(out)


def snapshot(goods: tuple[int, ...], silver: int, vikings: int, emigrated: int = 0, table: list | None = None):
    return parse_snapshot({
        "format": "affo-snapshot/1", "game": {"length": "long", "players": 1, "round": 1},
        "player": {"vikings": vikings, "silver": silver, "emigrated": emigrated,
                   "goods": {GOODS[g]: n for g, n in enumerate(goods) if n}, "banquet": {"placements": table or []}},
    })  # fmt: skip


def test_a_worked_feast():
    # 9 positions from 2 peas, 1 mead, 1 beans, 1 flax, 1 salt meat, 2 sheep and 3 silver: peas
    # (2), salt meat (4) and flax (3) lying flat fill the table for 1 + 3 + 2 = 6 points of value
    f = serve(food(peas=2, mead=1, beans=1, flax=1, salt_meat=1, sheep=2), 3, 9)
    assert (f.penalties, f.value, f.silver) == (0, 6, 0)
    assert dict((GOODS[g], n) for g, n in f.served) == {"peas": 1, "salt-meat": 1, "flax": 1}
    assert [GOODS[i.good] for i in f.items] == ["peas", "salt-meat", "flax"]  # orange, red, orange


def test_coins_keep_two_oranges_apart():
    f = serve(food(peas=3), 2, 6)  # peas flat (2), peas upright (1) x2: three oranges need two coins between
    assert f.penalties == 0 and f.silver == 2
    names = ["coin" if i.good < 0 else GOODS[i.good] for i in f.items]
    assert all(not (a == b == "peas") for a, b in zip(names, names[1:]))


def test_positions_left_over_are_thing_penalties():
    assert serve(NO_GOODS, 2, 7).penalties == 5
    assert open_positions(12, 2) == (2, 10) and open_positions(6, 0) == (0, 6)


def random_supply(rng: random.Random) -> tuple[tuple[int, ...], int, int, int]:
    goods = list(NO_GOODS)
    for g in rng.sample(FOOD, rng.randint(1, 6)):
        goods[g] = rng.randint(1, 3)
    return tuple(goods), rng.randint(0, 4), rng.randint(6, 12), rng.choice([0, 0, 1, 2])


@pytest.mark.parametrize("seed", range(20))
def test_the_engine_feast_is_as_good_as_the_exact_feast_engine(seed):
    goods, silver, vikings, emigrated = random_supply(random.Random(seed))
    first, n = open_positions(vikings, emigrated)
    mine = serve(goods, silver, n)
    snap = snapshot(goods, silver, vikings, emigrated)
    best = plan_feast(snap, default_values())
    assert mine.penalties == len(best.uncovered)
    assert mine.value == best.value_served
    assert check_banquet(snapshot(goods, silver, vikings, emigrated, table_placements(mine, first))) == []
