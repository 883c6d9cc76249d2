"""The learned value: a forecast of the final score from a position's features, fitted on
self-play (train.py), read at play time without scikit-learn (model.py)."""

from __future__ import annotations

from pathlib import Path

CURRENT = "v17"  # the model the planner, affo plan and affo solo use by default


def versions() -> list[str]:
    """Model versions shipped in this folder (model-VERSION.json)."""
    return sorted(p.stem.removeprefix("model-") for p in Path(__file__).parent.glob("model-*.json"))
