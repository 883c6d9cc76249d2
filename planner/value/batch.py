"""A value model's prediction for many positions at once, with numpy, equal to the last bit to
`ValueModel.predict` one position at a time (planner/value/model.py).

A search values every child of a state it expands, some ninety positions at a time; walking 150
compiled trees and summing 41 linear terms in Python for each cost about as much as computing its
features. Here the trees are walked level by level for the whole batch, and every sum is
accumulated term by term in the reference's order (np.add.accumulate, never numpy's pairwise
sum), so no rounding differs and no tie between two actions can flip.
"""

from __future__ import annotations

import numpy as np

from planner.value.model import ValueModel


class BatchPredictor:
    """`predict(X)`: ValueModel.predict of every row of X (n positions x the model's features)."""

    def __init__(self, model: ValueModel):
        self.model = model
        self.low, self.high = np.array(model.low, dtype=float), np.array(model.high, dtype=float)
        self.mean, self.scale = np.array(model.mean, dtype=float), np.array(model.scale, dtype=float)
        self.coef = np.array(model.coef, dtype=float)
        self.banked_cols = [i for i, w in enumerate(model.offset) if w]
        self.banked_w = np.array([model.offset[i] for i in self.banked_cols], dtype=float)
        self.round_col = model.names.index("round") if model.round_shift else None
        self.shift = dict(model.round_shift)
        self._flatten_trees(model)

    def _flatten_trees(self, model: ValueModel) -> None:
        """Every tree's nodes in one array; a leaf's children are itself, so walking a fixed
        number of levels (the deepest tree's) leaves every row at its leaf in every tree."""
        left, right, feature, threshold, value, roots = [], [], [], [], [], []
        depth = 0
        for t in model.trees:
            base = len(left)
            roots.append(base)
            for n in range(len(t.left)):
                leaf = t.left[n] == -1
                left.append(base + n if leaf else base + t.left[n])
                right.append(base + n if leaf else base + t.right[n])
                feature.append(0 if leaf else t.feature[n])
                threshold.append(0.0 if leaf else t.threshold[n])
                value.append(t.value[n])
            depth = max(depth, _depth(t))
        self.left, self.right = np.array(left, dtype=np.intp), np.array(right, dtype=np.intp)
        self.feature, self.threshold = np.array(feature, dtype=np.intp), np.array(threshold, dtype=float)
        self.value, self.roots, self.depth = np.array(value, dtype=float), np.array(roots, dtype=np.intp), depth

    def predict(self, X: np.ndarray) -> np.ndarray:
        m = self.model
        n = X.shape[0]
        y = _in_order(X[:, self.banked_cols] * self.banked_w) if self.banked_cols else np.zeros(n)
        if self.round_col is not None:
            y = y + np.array([self.shift.get(int(r), 0.0) for r in X[:, self.round_col]])
        x = np.minimum(np.maximum(X, self.low), self.high)
        y = y + (m.intercept + _in_order(self.coef * (x - self.mean) / self.scale))
        if m.trees:
            x32 = x.astype(np.float32).astype(float)  # scikit-learn's trees compare 32-bit floats
            y = y + (m.tree_init + m.learning_rate * _in_order(self._leaves(x32)))
        return y

    def _leaves(self, x32: np.ndarray) -> np.ndarray:
        """The leaf value every row reaches in every tree (n x trees)."""
        node = np.broadcast_to(self.roots, (x32.shape[0], len(self.roots))).copy()
        rows = np.arange(x32.shape[0])[:, None]
        for _ in range(self.depth):
            goes_left = x32[rows, self.feature[node]] <= self.threshold[node]
            node = np.where(goes_left, self.left[node], self.right[node])
        return self.value[node]


def _in_order(terms: np.ndarray) -> np.ndarray:
    """Each row's terms summed left to right from 0.0, as Python's sum() and `y += leaf` do."""
    zero = np.zeros((terms.shape[0], 1))
    return np.add.accumulate(np.hstack([zero, terms]), axis=1)[:, -1]


def _depth(t, node: int = 0) -> int:
    if t.left[node] == -1:
        return 0
    return 1 + max(_depth(t, t.left[node]), _depth(t, t.right[node]))
