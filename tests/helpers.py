"""Small builders for test snapshots."""

from __future__ import annotations

from models.snapshot import Snapshot, parse_snapshot


def put(piece: str, row: int, col: int, rotation: int = 0, flip: bool = False) -> dict:
    return {"piece": piece, "row": row, "col": col, "rotation": rotation, "flip": flip}


def snapshot(boards: list[dict] | None = None, **player) -> Snapshot:
    """A long-game round-1 snapshot: the given boards (a bare home board by default) and player fields."""
    boards = boards if boards is not None else [home()]
    return parse_snapshot({"format": "affo-snapshot/1", "game": player.pop("game", {"round": 1}), "player": {"boards": boards, **player}})


def home(*placements: dict, id: str = "home") -> dict:
    return {"id": id, "board": "home-long", "placements": list(placements)}


def entry(board: str, *placements: dict, id: str | None = None, **extra) -> dict:
    return {"id": id or board, "board": board, "placements": list(placements), **extra}
