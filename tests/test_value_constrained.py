"""The constrained fit (planner/value/constrained.py): unbounded it is scikit-learn's Ridge, bounded
its coefficients keep their signs, its trees move the certain way, and the model file read
without scikit-learn predicts what the fit predicts."""

from __future__ import annotations

import json

import numpy as np
import pytest

from planner.value.constrained import SIGNS, SignedRidge
from planner.value.features import NAMES
from planner.value.model import from_json, to_json
from planner.value.train import Shape, export, fit, offset_weights, predict


def _data(seed: int = 0, n: int = 300):
    rng = np.random.default_rng(seed)
    x = rng.uniform(0, 10, size=(n, len(NAMES)))
    return x, rng


def test_unbounded_it_is_scikit_learns_ridge():
    from sklearn.linear_model import Ridge

    x, rng = _data()
    y = x @ rng.normal(size=x.shape[1]) + rng.normal(size=len(x))
    ours = SignedRidge(3.0).fit(x, y)
    theirs = Ridge(alpha=3.0).fit(x, y)
    assert ours.coef_ == pytest.approx(theirs.coef_, abs=1e-8)
    assert ours.intercept_ == pytest.approx(theirs.intercept_, abs=1e-8)


def test_bounded_coefficients_keep_their_signs():
    x, rng = _data(1)
    y = -2.0 * x[:, 0] + 3.0 * x[:, 1] + rng.normal(size=len(x))  # feature 0 falls, 1 rises
    sign = [0] * x.shape[1]
    sign[0], sign[1] = 1, -1  # told the opposite: both end at 0
    coef = SignedRidge(1.0, sign).fit(x, y).coef_
    assert coef[0] == pytest.approx(0.0, abs=1e-9) and coef[1] == pytest.approx(0.0, abs=1e-9)
    free = SignedRidge(1.0).fit(x, y).coef_
    assert free[0] < -1.5 and free[1] > 2.5


def test_the_monotone_forecast_never_falls_with_an_asset_and_the_file_agrees():
    x, rng = _data(2)
    knarrs, short = NAMES.index("knarrs"), NAMES.index("tiles short of next income")
    assert SIGNS["knarrs"] == 1 and SIGNS["tiles short of next income"] == -1
    # training games where knarrs went with fewer points to come: the fit may not learn it
    y = -3.0 * x[:, knarrs] + 2.0 * x[:, short] + np.where(x[:, 3] > 5, 6.0, 0.0) + rng.normal(size=len(x))
    offset = offset_weights(NAMES)
    parts = fit(x, y, 20, offset, None, Shape(depth=2, min_leaf=5, monotone=True), list(NAMES))
    model = from_json(json.loads(json.dumps(to_json(export(parts, NAMES, "t", {}, x)))))
    assert [model.predict(list(r)) for r in x[:30]] == pytest.approx(list(predict(parts, x[:30])), abs=1e-6)
    for row in x[:30]:
        more, worse = row.copy(), row.copy()
        more[knarrs] += 3.0
        worse[short] += 3.0
        assert model.predict(list(more)) >= model.predict(list(row)) - 1e-9
        assert model.predict(list(worse)) <= model.predict(list(row)) + 1e-9
