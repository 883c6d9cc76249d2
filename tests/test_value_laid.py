"""The laid view of a position: the tiles held laid by the quick layout before the features are
read, so a tile's covered cells are banked points and the income it raises is the income."""

from __future__ import annotations

import json

import numpy as np
import pytest

from models.round_rules import initial_state, replace, setting_for
from planner.solo import new_game
from planner.value.features import NAMES, features
from planner.value.laid import laid_position
from planner.value.model import LearnedEvaluator, from_json, to_json
from planner.value.train import banked, export, fit, offset_weights


def _start():
    snap, ctx, _ = new_game(4)
    s = initial_state(snap, ctx)
    return replace(s, goods=tuple(g for g in s.goods if g[0] not in ("silk", "spices"))), setting_for(snap, ctx)


def _with(s, good: str, n: int = 1):
    goods = dict(s.goods)
    goods[good] = goods.get(good, 0) + n
    return replace(s, goods=tuple(sorted(goods.items())))


def test_a_tile_held_is_laid_and_its_cells_are_banked():
    s, setting = _start()
    held = dict(zip(NAMES, features(*laid_position(s, setting, {}))))
    cache: dict = {}
    laid_s, laid_setting, ev = laid_position(_with(s, "spices"), setting, cache)
    assert "spices" not in dict(laid_s.goods)  # on the board now, no longer in supply
    assert dict(laid_s.goods) == dict(laid_position(s, setting, {})[0].goods)  # food untouched
    named = dict(zip(NAMES, features(laid_s, laid_setting, ev)))
    # bottom-left first: the spices cover the income corner's 0 and 1 cells, so income is 2
    # (the first cell left free on the track), and no -1 cell yet
    assert held["income"] == 0 and named["income"] == 2
    assert named["score now"] == held["score now"]
    assert named["tile cells"] == 0 and named["term: tiles"] == 0
    assert len(cache) == 1
    laid_position(_with(s, "spices"), setting, cache)
    assert len(cache) == 1  # one layout per set of tiles


def test_a_tile_beyond_the_income_corner_covers_negatives_as_banked_points():
    s, setting = _start()
    before = dict(zip(NAMES, features(*laid_position(_with(s, "silk", 12), setting, {}))))
    after = dict(zip(NAMES, features(*laid_position(_with(s, "silk", 13), setting, {}))))
    assert after["score now"] + after["income"] - before["score now"] - before["income"] >= 1


def test_a_laid_model_file_keeps_its_position_and_the_evaluator_uses_it():
    rng = np.random.default_rng(2)
    x = rng.normal(size=(100, len(NAMES)))
    y = x[:, NAMES.index("score now")] + rng.normal(size=100)
    offset = offset_weights(NAMES, True, banked(["term: income=1"]))
    assert offset[NAMES.index("term: income")] == 1.0 and offset[NAMES.index("score now")] == 1.0
    model = replace_position(export(fit(x, y, trees=5, offset=offset), NAMES, "t", {}, x), "laid")
    again = from_json(json.loads(json.dumps(to_json(model))))
    assert again.position == "laid"
    s, setting = _start()
    ev = LearnedEvaluator(setting, again)
    assert ev.features(_with(s, "spices")) == features(*laid_position(_with(s, "spices"), setting, {}))
    assert ev(_with(s, "spices")) == pytest.approx(again.predict(ev.features(_with(s, "spices"))))


def replace_position(model, position: str):
    from dataclasses import replace as dc_replace

    return dc_replace(model, position=position)


def test_a_blind_feature_counts_its_banked_weight_and_nothing_else():
    # the data says feature "term: tiles" is worth nothing (y ignores it); banked at 1 and blind,
    # the fitted parts cannot cancel the bank, so one more point of it is one more point forecast
    from planner.value.train import blind_mask, predict

    rng = np.random.default_rng(3)
    x = rng.uniform(0, 20, size=(200, len(NAMES)))
    y = x[:, NAMES.index("score now")] + rng.normal(size=200)
    offset = offset_weights(NAMES, True, banked(["term: tiles=1"]))
    blind = blind_mask(NAMES, ["term: tiles"])
    parts = fit(x, y, trees=10, offset=offset, blind=blind)
    model = from_json(json.loads(json.dumps(to_json(export(parts, NAMES, "t", {}, x)))))
    tiles = NAMES.index("term: tiles")
    assert (model.low[tiles], model.high[tiles]) == (0.0, 0.0)
    assert [model.predict(list(r)) for r in x[:10]] == pytest.approx(list(predict(parts, x[:10])), abs=1e-6)
    row = list(x[0])
    more = row.copy()
    more[tiles] += 7.0
    assert model.predict(more) - model.predict(row) == pytest.approx(7.0)
    seen = fit(x, y, trees=10, offset=offset)  # not blind: the fit learns to cancel the bank
    assert abs(predict(seen, np.array([more]))[0] - predict(seen, np.array([row]))[0]) < 3.0


def test_positions_recorded_before_their_kind_was_a_column_are_held():
    import pandas as pd

    from planner.value.train import position_kinds

    old, new = pd.DataFrame({"round": [1]}), pd.DataFrame({"round": [2], "position": ["held"]})
    assert position_kinds(old) == {"held"} and position_kinds(pd.concat([old, new], ignore_index=True)) == {"held"}
    laid = pd.DataFrame({"round": [2], "position": ["laid"]})
    assert position_kinds(pd.concat([old, laid], ignore_index=True)) == {"held", "laid"}
