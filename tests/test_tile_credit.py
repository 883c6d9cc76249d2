"""The tile credit (planner/tile_credit.py): the leaf value plus a share of the projection's
tiles term, exactly; nothing changes without it."""

from __future__ import annotations

import pytest

from planner.evaluate import Evaluator
from planner.round_search import Options, Search, make_evaluator
from planner.tile_credit import TileCredit
from models.round_rules import replace
from models.round_rules.bundles import add_goods
from tests.test_search import setup


def test_a_tile_held_adds_its_credited_share_of_the_projection_term():
    root, setting = setup()
    plain, credited = Evaluator(setting), make_evaluator(setting, "projection", 0.5)
    assert isinstance(credited, TileCredit) and credited.facts == plain.facts
    silk = replace(root, goods=add_goods(root.goods, {"silk": 1}))
    tiles = plain.components(silk)["tiles"] - plain.components(root)["tiles"]
    assert tiles > 3  # a silk covers four -1 cells on this position's boards
    assert credited(silk) - credited(root) == pytest.approx(plain(silk) - plain(root) + 0.5 * tiles, abs=1e-9)
    beans = replace(root, goods=add_goods(root.goods, {"beans": 1}))  # food: no credit
    assert credited(beans) - credited(root) == pytest.approx(plain(beans) - plain(root), abs=1e-9)


def test_without_credit_the_search_is_unchanged():
    root, setting = setup()
    assert type(make_evaluator(setting, "projection")) is Evaluator
    a = Search(root, setting, Options(nodes=20)).run()
    b = Search(root, setting, Options(nodes=20, tile_credit=0.0)).run()
    assert [s.action for s in a.steps] == [s.action for s in b.steps] and a.value == b.value
