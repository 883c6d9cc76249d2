"""Fit the learned value: play seeded solo games, fit, write a versioned model file.

    python -m planner.value.train --games 80 --seed 100 --nodes 20 --explore 0.15 \\
        --value projection --version v1 [--data positions.parquet] [--workers 2]

Games are seeds `seed` .. `seed + games - 1` played by the round planner (`--search two-round`:
the two-round root `affo solo` plays with) with `nodes` states a decision and the leaf value `--value` ("projection", or an earlier model's version: playing
with the last model and fitting again is how the value is iterated), taking one of its other
alternatives with probability `--explore` (seeded) so that the data covers more than one line
of play. Positions are planner/value/collect.py's: one per round, the action phase's end.
`--data FILE` keeps the positions (Parquet): an existing file is read instead of playing;
`--also FILE ...` adds earlier positions to the fit (iterating: the new games show where the
last model was wrong about the positions its own search sought out). `--play-only` plays and
writes `--data` without fitting: long runs go in chunks, so a stopped run loses one chunk.

The fit (scikit-learn, deterministic): a ridge regression of the final score on the
standardised features, then gradient-boosted shallow trees (fixed random_state) on its
residuals: the linear part carries what adds up (silver, ships, emigrations, income over the
phases left), the trees what does not (what is left of the game at each round). Both forecast
the points still to come: the points banked (OFFSET: the score if the game ended now, animals at
their stable points) are taken off the final score before the fit and added back unclipped at
play time (`--no-offset`: forecast the whole score, as v1 and v2 do); `--bank FEATURE=WEIGHT`
banks more (v5: the tiles held at their value-table price, the income over the phases left).
`--blind FEATURE ...` hides features from the fitted parts (held at 0, so play clips them to 0):
from the planner's own games, poor in tiles and rich in emigrations, a fit learned that a
4-cell tile held is worth under a point and cancelled a bank through them. `--position laid`
reads the features once the tiles held are laid (planner/value/laid.py). Each feature's
training range is kept, and play clips to it (planner/value/model.py). The model file is plain JSON
(planner/value/model.py reads it without scikit-learn) with a summary of its training data and
the cross-validated error by round (5 folds, grouped by game).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

TREES = 150
DEPTH = 3
LEARNING_RATE = 0.05
ALPHA = 1.0
OFFSET = {"score now": 1.0, "sheep": 2.0, "cattle": 3.0}  # points banked if the game ended now


@dataclass(frozen=True)
class Shape:
    """How the parts are fitted beyond the number of trees. `monotone`: the signs of
    planner/value/constrained.py on both parts (v6 on); otherwise scikit-learn's Ridge and
    GradientBoostingRegressor as v1-v5 were fitted."""

    depth: int = DEPTH
    rate: float = LEARNING_RATE
    alpha: float = ALPHA
    min_leaf: int = 1
    monotone: bool = False
    breeding: bool = False  # bank the breeding to come as play does (model.py's breeding_to_come), v6 on


def breeding_banked(x, names):
    """Per row: the stable's end points if the animals held breed at every breeding phase left,
    less the offset's 2 a sheep and 3 a cattle; what LearnedEvaluator adds at play time. Fitting
    without it, the parts learn the breeding the training games saw and play adds it again (v4's
    learned -2.1 a sheep half cancelled it; a sign bound that a sheep never lowers the points to
    come made the search buy sheep in every game). Pregnant animals are not in the features: all
    count as not pregnant."""
    import numpy as np

    from models.round_end import stable_points_after

    i, j, k = names.index("sheep"), names.index("cattle"), names.index("rounds left")
    return np.array([stable_points_after(int(r[i]), 0, int(r[j]), 0, int(r[k]) + 1) - 2 * r[i] - 3 * r[j] if r[i] or r[j] else 0.0
                     for r in x])  # fmt: skip


def collect(args) -> object:
    import pandas as pd

    from planner.value.collect import Job, frame, play_jobs

    earlier = [pd.read_parquet(p) for p in args.also]
    if args.data and Path(args.data).exists():
        return pd.concat([pd.read_parquet(args.data), *earlier], ignore_index=True)
    jobs = [Job(seed, args.nodes, args.value, args.explore, args.position, args.search, args.tile_credit, args.rules, args.last_round_factor) for seed in range(args.seed, args.seed + args.games)]
    played = play_jobs(jobs, args.workers, on_done=lambda d, n: print(f"played {d}/{n}", flush=True))
    df = frame(played)
    if args.data:
        df.to_parquet(args.data)
    return pd.concat([df, *earlier], ignore_index=True)


def offset_weights(names, use: bool = True, offset: dict | None = None):
    """The offset (OFFSET by default) as one weight per feature (None: no offset)."""
    import numpy as np

    weights = OFFSET if offset is None else offset
    return np.array([weights.get(n, 0.0) for n in names]) if use else None


def banked(pairs: list[str]) -> dict:
    """OFFSET and the `--bank NAME=WEIGHT` pairs."""
    out = dict(OFFSET)
    for pair in pairs:
        name, _, weight = pair.rpartition("=")
        out[name] = float(weight)
    return out


def blind_mask(names, blind: list[str]):
    """A column mask of the features the fitted parts must not see (None: none)."""
    import numpy as np

    unknown = set(blind) - set(names)
    if unknown:
        raise SystemExit(f"unknown features: {sorted(unknown)}")
    return np.array([n in blind for n in names]) if blind else None


def _masked(x, blind):
    """x with the blind features held at 0: at play time the model clips them into [0, 0]."""
    if blind is None or not blind.any():
        return x
    x = x.copy()
    x[:, blind] = 0.0
    return x


def fit(x, y, trees: int = TREES, offset=None, blind=None, shape: Shape = Shape(), names=None):
    """(ridge pipeline, boosted trees or None, offset weights or None, blind mask or None) fitted
    on x -> y; with an offset the parts are fitted on y minus the points banked (read off every
    feature), and never see the blind features. A monotone shape needs the features' `names`."""
    from sklearn.ensemble import GradientBoostingRegressor
    from sklearn.linear_model import Ridge
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    from planner.value.constrained import SignedRidge, boost, signs

    if offset is not None:
        y = y - x @ offset - (breeding_banked(x, names) if shape.breeding else 0.0)
    x = _masked(x, blind)
    sign = signs(names) if shape.monotone else None
    ridge = SignedRidge(shape.alpha, sign) if shape.monotone else Ridge(alpha=shape.alpha)
    linear = make_pipeline(StandardScaler(), ridge).fit(x, y)
    if not trees:
        return linear, None, offset, blind
    residual = y - linear.predict(x)
    if shape.monotone:
        return linear, boost(x, residual, trees, shape.depth, shape.rate, shape.min_leaf, sign), offset, blind
    gbr = GradientBoostingRegressor(n_estimators=trees, max_depth=shape.depth, learning_rate=shape.rate, subsample=1.0,
                                    min_samples_leaf=shape.min_leaf, random_state=0)  # fmt: skip
    return linear, gbr.fit(x, residual), offset, blind


def predict(parts, x, breeding=None):
    """The fit's forecast; `breeding`: breeding_banked's rows, when the fit banked them."""
    linear, boost, offset, blind = parts
    seen = _masked(x, blind)
    y = linear.predict(seen)
    if offset is not None:
        y = y + x @ offset + (breeding if breeding is not None else 0.0)
    return y + boost.predict(seen) if boost is not None else y


def cross_validated_error(df, names, trees: int = TREES, offset=None, blind=None, shape: Shape = Shape()) -> dict[int, float]:
    """Mean |predicted - final| by round over 5 folds grouped by game (no game in both)."""
    import numpy as np
    from sklearn.model_selection import GroupKFold

    x, y, groups = df[list(names)].to_numpy(), df["final score"].to_numpy(), df["seed"].to_numpy()
    out = np.zeros(len(y))
    for train, test in GroupKFold(n_splits=5).split(x, y, groups):
        extra = breeding_banked(x[test], list(names)) if shape.breeding and offset is not None else None
        out[test] = predict(fit(x[train], y[train], trees, offset, blind, shape, list(names)), x[test], extra)
    err = abs(out - y)
    return {int(r): round(float(err[df["round"].to_numpy() == r].mean()), 2) for r in sorted(df["round"].unique())}


def export(parts, names, version: str, summary: dict, x=None):
    """The fitted parts as a ValueModel; `x` (the training features) gives each one's range."""
    from planner.value.model import ValueModel

    linear, boost, offset, blind = parts
    x = _masked(x, blind) if x is not None else None  # a blind feature's range is [0, 0]
    scaler, ridge = linear.steps[0][1], linear.steps[1][1]
    trees = ()
    init, rate = 0.0, 0.0
    if boost is not None and hasattr(boost, "estimators_"):  # scikit-learn's GradientBoostingRegressor
        trees = tuple(_tree(e[0].tree_) for e in boost.estimators_)
        init, rate = float(boost.init_.constant_[0][0]), float(boost.learning_rate)
    elif boost is not None:  # planner/value/constrained.py's Boosted
        trees = tuple(_tree(t.tree_) for t in boost.trees)
        init, rate = boost.init, boost.rate
    return ValueModel(
        version=version,
        names=tuple(names),
        low=tuple(float(v) for v in x.min(axis=0)) if x is not None else (float("-inf"),) * len(names),
        high=tuple(float(v) for v in x.max(axis=0)) if x is not None else (float("inf"),) * len(names),
        mean=tuple(float(v) for v in scaler.mean_),
        scale=tuple(float(v) for v in scaler.scale_),
        coef=tuple(float(v) for v in ridge.coef_),
        intercept=float(ridge.intercept_),
        trees=trees,
        tree_init=init,
        learning_rate=rate,
        summary=summary,
        offset=tuple(float(v) for v in offset) if offset is not None else (),
    )


def _tree(t):
    from planner.value.model import Tree

    return Tree(
        tuple(int(v) for v in t.children_left),
        tuple(int(v) for v in t.children_right),
        tuple(max(0, int(v)) for v in t.feature),  # leaves carry -2: never read
        tuple(float(v) for v in t.threshold),
        tuple(float(v) for v in t.value[:, 0, 0]),
    )


def _runs(seeds: list[int]) -> list[list[int]]:
    """Consecutive seeds as [first, last] runs (the data may join several chunks)."""
    runs: list[list[int]] = []
    for s in seeds:
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return runs


def position_kinds(df) -> set[str]:
    """The kinds of position the data's features describe; rows played before the column existed are held."""
    return set(df["position"].fillna("held")) if "position" in df else {"held"}


def summarise(df, args) -> dict:
    games = df.groupby("seed")["final score"].first()
    return {
        "games": int(games.size),
        "seeds": [int(games.index.min()), int(games.index.max())],
        "seed_runs": _runs(sorted(int(s) for s in games.index)),
        "positions": int(len(df)),
        "played_by": {"nodes": args.nodes, "value": args.value, "explore": args.explore, "search": args.search, "tile_credit": args.tile_credit,
                      "rules": args.rules, "last_round_factor": args.last_round_factor},
        "final_score": {"mean": round(float(games.mean()), 2), "min": int(games.min()), "max": int(games.max())},
        "command": f"python -m planner.value.train --games {args.games} --seed {args.seed} --nodes {args.nodes} "
        f"--explore {args.explore} --value {args.value} --version {args.version}"
        + (f" --data {Path(args.data).name}" if args.data else "") + (" --also " + " ".join(Path(p).name for p in args.also) if args.also else "")
        + (" --no-offset" if args.no_offset else "") + (" --bank " + " ".join(f"'{b}'" for b in args.bank) if args.bank else "")
        + (f" --position {args.position}" if args.position != "held" else "") + (f" --search {args.search}" if args.search != "round" else "")
        + (f" --tile-credit {args.tile_credit:g}" if args.tile_credit else "") + (" --rules" if args.rules else "")
        + (" --blind " + " ".join(f"'{b}'" for b in args.blind) if args.blind else "")
        + (f" --trees {args.trees}" if args.trees != TREES else "") + (f" --depth {args.depth}" if args.depth != DEPTH else "")
        + (f" --rate {args.rate}" if args.rate != LEARNING_RATE else "") + (f" --alpha {args.alpha:g}" if args.alpha != ALPHA else "")
        + (f" --min-leaf {args.min_leaf}" if args.min_leaf != 1 else "") + (" --monotone" if args.monotone else "")
        + (" --bank-breeding" if args.bank_breeding else "")
        + (" --drop " + " ".join(f"'{d}'" for d in args.drop) if args.drop else ""),
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description="Fit the learned value from seeded solo games.")
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--seed", type=int, default=100)
    ap.add_argument("--nodes", type=int, default=20)
    ap.add_argument("--explore", type=float, default=0.15)
    ap.add_argument("--value", default="projection")
    ap.add_argument("--version", default="v1")
    ap.add_argument("--data", default=None, help="Parquet file of positions: read if it exists, else written")
    ap.add_argument("--also", nargs="*", default=[], help="Parquet files of earlier positions fitted on too (iterating)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--trees", type=int, default=TREES)
    ap.add_argument("--no-offset", action="store_true", help="forecast the whole score, not the points still to come")
    ap.add_argument("--bank", nargs="*", default=[], metavar="FEATURE=WEIGHT", help="more points banked besides OFFSET's")
    ap.add_argument("--blind", nargs="*", default=[], metavar="FEATURE",
                    help="features the fitted parts never see (their worth banked instead: the planner's games confound it)")
    ap.add_argument("--position", choices=("held", "laid"), default="held",
                    help="features of the position as it is, or once its tiles are laid (planner/value/laid.py)")
    ap.add_argument("--search", choices=("round", "two-round"), default="round",
                    help="the planner playing the games: this round's search, or the two-round root affo solo uses")
    ap.add_argument("--tile-credit", type=float, default=0.0,
                    help="the playing planner credits tiles held at this share (planner/tile_credit.py): games that fill boards")
    ap.add_argument("--rules", action="store_true", help="the playing planner follows the rules of thumb (planner/rules_of_thumb.py), as affo solo's does")
    ap.add_argument("--last-round-factor", type=int, default=1,
                    help="the playing planner searches this many times --nodes in the last round (4 for affo solo's player)")
    ap.add_argument("--play-only", action="store_true", help="play and write --data, fit nothing (games in chunks)")
    ap.add_argument("--depth", type=int, default=DEPTH)
    ap.add_argument("--rate", type=float, default=LEARNING_RATE, help="the trees' learning rate")
    ap.add_argument("--alpha", type=float, default=ALPHA, help="the linear part's ridge penalty")
    ap.add_argument("--min-leaf", type=int, default=1, help="positions a tree's leaf holds at least")
    ap.add_argument("--monotone", action="store_true", help="signs where they are certain (planner/value/constrained.py)")
    ap.add_argument("--bank-breeding", action="store_true", help="fit the points to come less the breeding play adds")
    ap.add_argument("--drop", nargs="*", default=[], metavar="FEATURE", help="features left out of the model")
    args = ap.parse_args(argv)
    from dataclasses import replace

    from planner.value.features import NAMES
    from planner.value.model import model_path, to_json

    df = collect(args)
    if args.play_only:
        return
    seen = position_kinds(df)
    if seen != {args.position}:
        raise SystemExit(f"the data holds positions {sorted(seen)}; --position {args.position} fits only its own kind")
    # features only ever get added: data played before one was has no column for it
    names = [n for n in NAMES if n in df.columns and df[n].notna().all() and n not in args.drop]
    if len(names) < len(NAMES):
        print("fitted without:", [n for n in NAMES if n not in names], flush=True)
    shape = Shape(args.depth, args.rate, args.alpha, args.min_leaf, args.monotone, args.bank_breeding)
    bank = banked(args.bank)
    offset = offset_weights(names, not args.no_offset, bank)
    blind = blind_mask(names, args.blind)
    cv = cross_validated_error(df, names, args.trees, offset, blind, shape)
    print("cross-validated mean |error| by round:", cv, flush=True)
    x = df[names].to_numpy()
    parts = fit(x, df["final score"].to_numpy(), args.trees, offset, blind, shape, names)
    summary = summarise(df, args) | {"cross_validated_error_by_round": cv, "trees": args.trees, "depth": args.depth,
                                     "shape": {"rate": args.rate, "alpha": args.alpha, "min_leaf": args.min_leaf, "monotone": args.monotone,
                                               "bank_breeding": args.bank_breeding},
                                     "offset": {} if args.no_offset else bank, "position": args.position,
                                     "blind": list(args.blind)}
    model = replace(export(parts, names, args.version, summary, x), position=args.position)
    path = model_path(args.version)
    path.write_text(json.dumps(to_json(model), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
