"""Many reviews at once: mean points missed per category and round (pandas)."""

from __future__ import annotations


def across_games(reviews: list[dict]):
    """A DataFrame: one row per round (and 'end' for the end-of-game placement), the mean over
    the games that reached it of the points missed at the feast and with the tiles."""
    import pandas as pd

    rows = []
    for review in reviews:
        for r in review["rounds"]:
            rows.append({"round": str(r["round"]), "feast": 3.0 * (r["feast"]["penalties"] - r["feast"]["best_penalties"]),
                         "tiles": r["placement"]["income_phases_left"] * (r["placement"]["best_income"] - r["placement"]["income"])})  # fmt: skip
        if review.get("final"):
            rows.append({"round": "end", "feast": 0.0, "tiles": float(review["final"]["best_points"] - review["final"]["points"])})
    frame = pd.DataFrame(rows, columns=["round", "feast", "tiles"])
    out = frame.groupby("round", sort=False).agg(games=("feast", "size"), feast=("feast", "mean"), tiles=("tiles", "mean")).reset_index()
    out["total"] = out["feast"] + out["tiles"]
    return out
