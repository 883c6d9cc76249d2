"""A model's forecast corrected by round: the same fitted parts, plus the mean miss by round on
games played with it (ValueModel.round_shift).

    python -m planner.value.recalibrate --base v4 --version v6 --data A.parquet B.parquet ...

v4 was fitted on games whose occupation cards scored nothing; with the real decks it forecasts
16, 13 and 13 points too few after rounds 1-3 (the cards still to come) and about right from
round 6. Refitting the whole model on the planner's own real-deck games (v5: 40 games, v6 draft:
80) gave forecasts the search exploited: those models played 33 and about 50 points where v4
plays 75. A shift by round changes no choice (one round's leaves share their round), so play is
v4's and only the forecast moves. The data must have been played with the base model: its
"value used" column is then the base model's forecast at each position, exactly as play made it.
The cross-validated error (5 folds grouped by game) is of the shift fitted without the game.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace


def shifts(df) -> dict[int, float]:
    """Mean (final score - forecast) by round."""
    miss = df["final score"] - df["value used"]
    return {int(r): round(float(v), 2) for r, v in miss.groupby(df["round"]).mean().items()}


def parts(model) -> tuple:
    """What a model plays with: everything but its version, summary and shift."""
    return (model.names, model.low, model.high, model.mean, model.scale, model.coef, model.intercept, model.trees,
            model.tree_init, model.learning_rate, model.offset, model.position)  # fmt: skip


def unshifted(df, base, load):
    """df with "value used" as the base's forecast without any shift: each row's playing model
    (`load(version)`) must have the base's fitted parts; its shift at the row's round is taken off."""
    out = df.copy()
    for version in sorted(set(df["value"])):
        played = load(version)
        if parts(played) != parts(base):
            raise SystemExit(f"the data was played with {version}, whose fitted parts are not {base.version}'s: its forecasts are not the base's")
        rows = out["value"] == version
        by_round = dict(played.round_shift)
        out.loc[rows, "value used"] = out.loc[rows, "value used"] - out.loc[rows, "round"].map(lambda r: by_round.get(int(r), 0.0))
    return out


def cross_validated_error(df) -> dict[int, float]:
    import numpy as np
    from sklearn.model_selection import GroupKFold

    out = np.zeros(len(df))
    rounds = df["round"].to_numpy()
    for train, test in GroupKFold(n_splits=5).split(df, groups=df["seed"]):
        shift = shifts(df.iloc[train])
        out[test] = df["value used"].to_numpy()[test] + np.array([shift[int(r)] for r in rounds[test]])
    err = abs(out - df["final score"].to_numpy())
    return {int(r): round(float(err[rounds == r].mean()), 2) for r in sorted(set(rounds))}


def seed_runs(seeds: list[int]) -> list[list[int]]:
    """Sorted seeds as their unbroken runs, [first, last] each: [[600, 639], [700, 779]]."""
    runs: list[list[int]] = []
    for s in seeds:
        if runs and s == runs[-1][1] + 1:
            runs[-1][1] = s
        else:
            runs.append([s, s])
    return runs


def main(argv: list[str] | None = None) -> None:
    import pandas as pd

    from planner.value.model import load_model, model_path, to_json

    ap = argparse.ArgumentParser(description="Shift a value model's forecast by round to the games played with it.")
    ap.add_argument("--base", required=True, help="the model version the games were played with")
    ap.add_argument("--version", required=True)
    ap.add_argument("--data", nargs="+", required=True, help="Parquet files of positions (planner/value/collect.py)")
    args = ap.parse_args(argv)
    played = pd.concat([pd.read_parquet(p) for p in args.data], ignore_index=True)
    base = load_model(args.base)
    df = unshifted(played, base, load_model)
    shift = shifts(df)
    games = df.groupby("seed")["final score"].first()
    seeds = sorted(int(s) for s in games.index)
    summary = dict(base.summary) | {
        "recalibrated": {
            "base": args.base,
            "played_with": sorted(set(played["value"])),
            "games": int(games.size),
            "seeds": seed_runs(seeds),
            "final_score": {"mean": round(float(games.mean()), 2), "min": int(games.min()), "max": int(games.max())},
            "error_before_by_round": {int(r): round(float(v), 2) for r, v in (df["final score"] - df["value used"]).abs().groupby(df["round"]).mean().items()},
            "cross_validated_error_by_round": cross_validated_error(df),
            "command": f"python -m planner.value.recalibrate --base {args.base} --version {args.version} --data "
            + " ".join(p.rsplit("/", 1)[-1] for p in args.data),
        }
    }
    model = replace(base, version=args.version, summary=summary, round_shift=tuple(sorted(shift.items())))
    path = model_path(args.version)
    path.write_text(json.dumps(to_json(model), separators=(",", ":")) + "\n", encoding="utf-8")
    print("shift by round:", shift)
    print("cross-validated mean |error| by round:", summary["recalibrated"]["cross_validated_error_by_round"])
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
