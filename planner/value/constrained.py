"""A fit the search cannot turn against itself: the learned value with signs where they are
certain (train.py's `--monotone`).

The round planner seeks out the positions its value rates highest, so any place where the fit
says that more of an asset means fewer points to come is a place the search will go: v5, fitted
on 40 games, learned -6.3 points to come per ship emigrated and -2.0 per knarr held (the games
that emigrated early had less left to gain) and played 33 points where v4 played 75. What the
fitted parts forecast is the points still to come once the banked points are taken off (train.py's
offset); holding everything else equal, more silver, goods, resources, ships, tiles, room to fill
or cards in hand can never lower that, and more cells still to cover before income rises can never
raise it. SIGNS holds those certainties, nothing more: a feature not named is fitted freely.

Both parts obey them: the linear part is a ridge regression solved with bounds on its
coefficients (scipy's bounded least squares; unbounded, it is scikit-learn's Ridge exactly), the
trees are boosted one at a time on the residuals with scikit-learn's monotonic constraint, so
their sum, and the clipped forecast, moves the certain way in every feature SIGNS names.
"""

from __future__ import annotations

from dataclasses import dataclass

from sklearn.base import BaseEstimator, RegressorMixin  # only train.py imports this module

SIGNS: dict[str, int] = {
    # more of it never lowers the points still to come
    **dict.fromkeys((
        "term: silver", "term: ships", "term: tiles", "term: food", "term: resources", "term: weapons",
        "term: income", "income", "whaling boats", "knarrs", "longships", "emigrated", "sheep", "cattle",
        "food value", "tile cells", "wood", "stone", "ore", "fillable negatives", "free house cells",
        "boards", "houses", "next income gain", "occupations in hand", "hand points",
    ), 1),
    # more of it never raises them
    **dict.fromkeys(("cells to next income", "tiles short of next income", "open positions", "later positions"), -1),
}  # fmt: skip


def signs(names) -> list[int]:
    return [SIGNS.get(n, 0) for n in names]


class SignedRidge(RegressorMixin, BaseEstimator):
    """Ridge regression (centred, penalty alpha * |w|^2) whose coefficients keep the signs given
    (+1: at least 0, -1: at most 0, 0: free). Meant after a StandardScaler, as train.py uses it."""

    def __init__(self, alpha: float = 1.0, sign: list[int] | None = None):
        self.alpha, self.sign = alpha, sign

    def fit(self, x, y):
        import numpy as np
        from scipy.optimize import lsq_linear

        n = x.shape[1]
        sign = self.sign or [0] * n
        xm, ym = x.mean(axis=0), y.mean()
        a = np.vstack([x - xm, np.sqrt(self.alpha) * np.eye(n)])
        b = np.concatenate([y - ym, np.zeros(n)])
        low = [0.0 if s > 0 else -np.inf for s in sign]
        high = [0.0 if s < 0 else np.inf for s in sign]
        self.coef_ = lsq_linear(a, b, bounds=(low, high), method="bvls", tol=1e-12).x
        self.intercept_ = float(ym - xm @ self.coef_)
        return self

    def predict(self, x):
        return x @ self.coef_ + self.intercept_


@dataclass
class Boosted:
    """Squared-error gradient boosting of regression trees, each fitted on the residuals left by
    the ones before; what GradientBoostingRegressor does, with the trees' monotonic constraint."""

    trees: list
    init: float
    rate: float

    def predict(self, x):
        y = self.init + 0 * x[:, 0]
        for t in self.trees:
            y = y + self.rate * t.predict(x)
        return y


def boost(x, y, trees: int, depth: int, rate: float, min_leaf: int, sign: list[int] | None) -> Boosted:
    from sklearn.tree import DecisionTreeRegressor

    init = float(y.mean())
    fitted, now = [], init + 0 * y
    for i in range(trees):
        t = DecisionTreeRegressor(max_depth=depth, min_samples_leaf=min_leaf, monotonic_cst=sign, random_state=i)
        t.fit(x, y - now)
        fitted.append(t)
        now = now + rate * t.predict(x)
    return Boosted(fitted, init, rate)
