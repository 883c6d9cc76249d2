"""The learned value at play time: a model file read into plain Python, no scikit-learn needed.

A model file (`planner/value/model-VERSION.json`, format `affo-value/1`) holds the feature
names it was fitted on with each one's range in the training data (a position is valued as if
every feature were clipped into it, so the linear part never extrapolates where a search could
chase its errors), a linear part (means, scales and coefficients of standardised features) and optionally boosted regression trees fitted on the linear part's residuals
(sklearn's arrays: left and right child, feature, threshold, leaf value; a feature value goes
left when at most the threshold, compared in 32-bit floats as scikit-learn compares them), and
the summary of the data it was trained on. `predict` reproduces scikit-learn's prediction.

A model may also name an offset (`"offset": {feature: weight}`): points the position has banked,
such as its score if the game ended now, added to the prediction unclipped, the fitted parts
forecasting only the points still to come. Banked points then count in full wherever the search
goes: a clipped forecast of the whole score is flat beyond what its training games reached (v2
saw at most one emigration, so a second one was worth nothing to it).

A model may carry a shift by round (`"round_shift": {round: points}`, v6 on): points added to
every forecast made at that round, fitted as the mean miss of an earlier model on games played
with it (planner/value/recalibrate.py). Every leaf of one round's search is at the same round, so
the shift changes no choice of the round planner; it corrects the forecast a player is shown.

A model may say `"position": "laid"`: its features are read once the tiles held are laid by the
quick layout (planner/value/laid.py); without it, of the position as it is.

`LearnedEvaluator` is the round planner's leaf value with it: the predicted final score of the
position the action phase leaves if it ends now. Its `components` are still the hand-made
projection's terms, which the planner's reasons name.

Breeding: with an offset, the animals held are banked at what the stable will score at the end
if they are kept, breeding at every breeding phase left (the rule is deterministic), not at
their points now: a model's offset counts sheep 2 and cattle 3 a head, so the breeding to come
is added beside it (`breeding_to_come`). Without it the search saw 2 sheep bought in round 1 as
4 points where, kept, they score 11.
"""

from __future__ import annotations

import json
from array import array
from dataclasses import dataclass, field
from functools import cache
from operator import attrgetter
from pathlib import Path

from models.round_end import stable_points_after
from models.round_rules import Setting, State
from planner.evaluate import Evaluator

# The state's fields a held model's value reads (planner/value/features.py and the projection's
# terms it starts from, planner/evaluate.py; breeding_to_come): two states equal on these get the
# same forecast. tests/test_value_batch.py checks that scrambling every other field changes none.
VALUED = (
    "round", "silver", "wood", "stone", "ore", "goods", "weapons", "ships", "emigrated", "new_boards",
    "specials", "hand", "cards", "occupation_points", "thing_penalties", "vikings_total",
)  # fmt: skip
_valued = attrgetter(*VALUED)  # a state's VALUED fields as a tuple

HERE = Path(__file__).parent
FORMAT = "affo-value/1"


@dataclass(frozen=True)
class Tree:
    left: tuple[int, ...]
    right: tuple[int, ...]
    feature: tuple[int, ...]
    threshold: tuple[float, ...]
    value: tuple[float, ...]

    def predict(self, x: list[float]) -> float:
        node = 0
        while self.left[node] != -1:
            node = self.left[node] if x[self.feature[node]] <= self.threshold[node] else self.right[node]
        return self.value[node]

    def source(self, node: int = 0, indent: str = "    ") -> list[str]:
        """This tree as nested Python ifs adding its leaf to `y` (a search values thousands of
        positions a decision: compiled trees cost microseconds where walking them costs far more)."""
        if self.left[node] == -1:
            return [f"{indent}y += {self.value[node]!r}"]
        return ([f"{indent}if x[{self.feature[node]}] <= {self.threshold[node]!r}:"] + self.source(self.left[node], indent + "    ")
                + [f"{indent}else:"] + self.source(self.right[node], indent + "    "))  # fmt: skip


def compile_trees(trees: tuple[Tree, ...]):
    """One function x -> the sum of every tree's leaf for x."""
    lines = ["def trees(x):", "    y = 0.0"] + [line for t in trees for line in t.source()] + ["    return y"]
    scope: dict = {}
    exec("\n".join(lines), scope)  # noqa: S102 - our own numbers from our own model file, formatted by repr
    return scope["trees"]


@dataclass(frozen=True)
class ValueModel:
    version: str
    names: tuple[str, ...]
    low: tuple[float, ...]  # each feature's range in the training data: a position outside it is
    high: tuple[float, ...]  # valued as at the nearest edge, so a search cannot chase extrapolations
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    coef: tuple[float, ...]
    intercept: float
    trees: tuple[Tree, ...]
    tree_init: float
    learning_rate: float
    summary: dict
    offset: tuple[float, ...] = ()  # weight per feature of the banked points added unclipped; () none
    position: str = "held"  # "laid": features of the position once the tiles held are laid (laid.py)
    round_shift: tuple[tuple[int, float], ...] = ()  # (round, points added to a forecast at that round)
    _trees: object = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_trees", compile_trees(self.trees))
        object.__setattr__(self, "_shift", (self.names.index("round"), dict(self.round_shift)) if self.round_shift else None)

    def linear(self, x: list[float]) -> float:
        return self.intercept + sum(c * (v - m) / s for c, v, m, s in zip(self.coef, x, self.mean, self.scale))

    def banked(self, x: list[float]) -> float:
        return sum(w * v for w, v in zip(self.offset, x) if w)

    def shift(self, x: list[float]) -> float:
        if self._shift is None:
            return 0.0
        at, by_round = self._shift
        return by_round.get(int(x[at]), 0.0)

    def predict(self, x: list[float]) -> float:
        banked = self.banked(x) + self.shift(x)
        x = [min(max(v, lo), hi) for v, lo, hi in zip(x, self.low, self.high)]
        y = banked + self.linear(x)
        if self.trees:
            x32 = array("f", x).tolist()  # scikit-learn's trees compare 32-bit floats
            y += self.tree_init + self.learning_rate * self._trees(x32)
        return y


def model_path(version: str) -> Path:
    return HERE / f"model-{version}.json"


def to_json(model: ValueModel) -> dict:
    return {
        "format": FORMAT,
        "version": model.version,
        "summary": model.summary,
        "features": list(model.names),
        "offset": {n: w for n, w in zip(model.names, model.offset) if w},
        "position": model.position,
        **({"round_shift": {str(r): v for r, v in model.round_shift}} if model.round_shift else {}),
        "range": {"low": list(model.low), "high": list(model.high)},
        "linear": {"mean": list(model.mean), "scale": list(model.scale), "coef": list(model.coef), "intercept": model.intercept},
        "trees": {
            "init": model.tree_init,
            "learning_rate": model.learning_rate,
            "nodes": [[list(t.left), list(t.right), list(t.feature), list(t.threshold), list(t.value)] for t in model.trees],
        },
    }


def from_json(data: dict) -> ValueModel:
    if data.get("format") != FORMAT:
        raise ValueError(f"not an {FORMAT} model file")
    lin, trees = data["linear"], data["trees"]
    offset = data.get("offset") or {}
    return ValueModel(
        version=data["version"],
        names=tuple(data["features"]),
        low=tuple(data["range"]["low"]),
        high=tuple(data["range"]["high"]),
        mean=tuple(lin["mean"]),
        scale=tuple(lin["scale"]),
        coef=tuple(lin["coef"]),
        intercept=lin["intercept"],
        trees=tuple(Tree(*map(tuple, t)) for t in trees["nodes"]),
        tree_init=trees["init"],
        learning_rate=trees["learning_rate"],
        summary=data.get("summary", {}),
        offset=tuple(float(offset.get(n, 0.0)) for n in data["features"]) if offset else (),
        position=data.get("position", "held"),
        round_shift=tuple((int(r), float(v)) for r, v in (data.get("round_shift") or {}).items()),
    )


@cache
def load_model(version: str) -> ValueModel:
    from planner.value.features import NAMES

    model = from_json(json.loads(model_path(version).read_text(encoding="utf-8")))
    missing = set(model.names) - set(NAMES)
    if missing:
        raise ValueError(f"model {version} was fitted on features planner/value/features.py no longer computes ({sorted(missing)}): fit it again")
    return model


def columns(model: ValueModel) -> tuple[int, ...] | None:
    """Where the model's features sit in planner/value/features.py's list (None: the same list).
    Features are only ever added to that list, so an older model reads the ones it names."""
    from planner.value.features import NAMES

    return None if model.names == NAMES else tuple(NAMES.index(n) for n in model.names)


class LearnedEvaluator(Evaluator):
    """The projection's terms for the reasons; the learned forecast as the value."""

    def __init__(self, setting: Setting, model: ValueModel):
        super().__init__(setting)
        self.model = model
        self.forecasts: dict = {}
        self.by_key: dict = {}  # forecasts by self.key: states the value cannot tell apart share one
        self._batch = None  # planner/value/batch.BatchPredictor, made when first needed
        self.layouts: dict = {}  # laid models: the quick layout of each set of tiles held
        self.columns = columns(model)
        weights = dict(zip(model.names, model.offset))
        self._banked_head = (weights.get("sheep", 0.0), weights.get("cattle", 0.0))  # offset points a head
        self._breeding: dict = {}  # breeding_to_come by (goods, round)
        self._primed: dict = {}  # forecasts prime() found, by state, until __call__ takes them

    def features(self, s: State) -> list[float]:
        """The features this model was fitted on: of `s`, or of `s` with its tiles laid."""
        from planner.value.features import features

        if self.model.position == "laid":
            from planner.value.laid import laid_position

            self.evaluations += 1  # the laid position's own projection counts its terms
            x = features(*laid_position(s, self.setting, self.layouts))
        else:
            x = features(s, self.setting, self)
        return x if self.columns is None else [x[i] for i in self.columns]

    def key(self, s: State):
        """What the value of `s` depends on: a held model reads only VALUED of the state (states
        differing in Vikings left or spaces taken share one forecast); a laid one, all of it."""
        return s if self.model.position == "laid" else _valued(s)

    def __call__(self, s: State) -> float:
        v = self.forecasts.get(s)
        if v is None:
            self.evaluations += 1  # one state valued, whether its forecast is new or shared
            v = self._primed.pop(s, None)
            if v is None:
                k = self.key(s)
                v = self.by_key.get(k)
            if v is None:
                v = self.by_key[k] = self.model.predict(self._uncounted(s)) + self.breeding_to_come(s)
            self.forecasts[s] = v
        return v

    def prime(self, states) -> None:
        """Forecast at once every state of `states` not forecast yet: the search asks for them
        one by one next, and one numpy batch (planner/value/batch.py) predicts the same numbers
        several times faster than the model one position at a time."""
        todo: dict = {}
        waiting = []  # states whose forecast the batch brings: __call__ need not rebuild their key
        primed = self._primed
        for s in states:
            if s not in self.forecasts:
                k = self.key(s)
                v = self.by_key.get(k)
                if v is not None:
                    primed[s] = v
                else:
                    todo.setdefault(k, s)
                    waiting.append((s, k))
        if len(todo) < 2:
            return  # one position: as fast one at a time
        if self._batch is None:
            from planner.value.batch import BatchPredictor

            self._batch = BatchPredictor(self.model)
        import numpy as np

        x = np.array([self._uncounted(s) for s in todo.values()], dtype=float)
        for (k, s), y in zip(todo.items(), self._batch.predict(x).tolist()):
            self.by_key[k] = y + self.breeding_to_come(s)
        for s, k in waiting:
            primed[s] = self.by_key[k]

    def _uncounted(self, s: State) -> list[float]:
        """The features of `s`; the state is counted as valued when the search asks (__call__)."""
        n = self.evaluations
        x = self.features(s)
        self.evaluations = n
        return x

    def breeding_to_come(self, s: State) -> float:
        """The stable's points at the end if kept, less the points the model's offset banks for
        the animals now (0 for a model without an offset: it forecasts the whole score)."""
        sheep, cattle = self._banked_head
        if not (sheep or cattle):
            return 0.0
        key = (s.goods, s.round)  # all it reads: asked for tens of thousands of states a search
        v = self._breeding.get(key)
        if v is None:
            v = self._breeding[key] = self._breeding_uncached(s, sheep, cattle)
        return v

    def _breeding_uncached(self, s: State, sheep: float, cattle: float) -> float:
        herd = (s.count("sheep"), s.count("pregnant-sheep"), s.count("cattle"), s.count("pregnant-cattle"))
        if not any(herd):
            return 0.0
        later = stable_points_after(*herd, self.setting.last_round - s.round + 1)
        return later - sheep * s.animals("sheep") - cattle * s.animals("cattle")
