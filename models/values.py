"""What a tile, token or coin in supply is worth, in end-game points: defaults and overrides."""

from __future__ import annotations

import json
from pathlib import Path

from models.data_files import load
from models.pieces import all_pieces
from models.snapshot import Problem, SnapshotError


def default_values() -> dict[str, int]:
    data = load("values")
    specials = {
        p.name: p.area + data["specials"]["cells_plus"] + p.points for p in all_pieces().values() if p.kind == "special"
    }
    return {**data["tokens"], **data["goods"], **specials}


def read_values(path: str | Path) -> dict[str, float]:
    """The defaults with a user's flat JSON object {piece: value} laid over them."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as err:
        raise SnapshotError([Problem("", f"cannot read {path}: {err.strerror or err}")]) from None
    except json.JSONDecodeError as err:
        raise SnapshotError([Problem("", f"{path} is not valid JSON: {err.msg} at line {err.lineno}")]) from None
    if not isinstance(data, dict):
        raise SnapshotError([Problem("", f"{path} must hold one JSON object of piece name to value")])
    values = default_values()
    problems = [
        Problem(name, "unknown piece" if name not in values else "a value is a number >= 0")
        for name, v in data.items()
        if name not in values or isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0
    ]
    if problems:
        raise SnapshotError(problems)
    return values | data
