"""A quick deterministic layout: every tile held laid bottom-left first, where the rules allow.

Goods may be laid at any time, so the round engine lays the tiles held before income
(models/round_end.py) and the solo games fall back on it when the placement engine gives no
answer. Largest tile first, each at the first cell (bottom row first, then left to right) where
models/rules.py's placement rules accept it: legal by construction, and checked once more.
Food stays in supply for the feasts until the final placement; silver and ore are never laid.
"""

from __future__ import annotations

from models.boards import NEVER, OUTSIDE, board as board_named
from models.pieces import piece
from models.rules import ACCEPTS, NO_TOUCH, check_snapshot, edge_neighbours, income_blockers
from models.snapshot import Snapshot, parse_snapshot


def _placeable(board_kind: str, name: str, final: bool) -> bool:
    colour = piece(name).colour
    if colour not in ACCEPTS[board_kind] or colour in ("silver", "ore"):
        return False
    return final or colour in ("green", "blue")  # food stays in supply for the feasts until the end


def _try_place(board, cells_taken: dict, name: str) -> tuple[int, int, int, list] | None:
    p = piece(name)
    flips = (False, True) if p.kind == "special" else (False,)
    for row in range(board.rows - 1, -1, -1):  # bottom-left first: the income rule's order
        for col in range(len(board.grid[0])):
            for flip in flips:
                for rotation in (0, 90, 180, 270):
                    cells = p.cells_at(row, col, rotation, flip)
                    if _fits(board, cells_taken, cells, p.colour):
                        return row, col, rotation if not flip else rotation, [flip]
    return None


def _fits(board, taken: dict, cells: list, colour: str) -> bool:
    for cell in cells:
        if cell in taken or cell not in board.cells or board.at(cell) in (OUTSIDE, NEVER):
            return False
    if colour in NO_TOUCH[board.kind]:
        own = set(cells)
        if any(taken.get(n) == colour for c in cells for n in edge_neighbours(c) if n not in own):
            return False
    return not (board.income and income_blockers(board, set(taken), cells))


def greedy_layout(snap: Snapshot, final: bool = False) -> Snapshot:
    """Lay supply tiles onto the boards, largest first, where the rule checker allows."""
    data = snap.model_dump(mode="json")
    player = data["player"]
    goods = dict(player["goods"])
    placed_specials = {p["piece"] for e in player["boards"] for p in e["placements"]}
    specials = [x for x in player["specials"] if x not in placed_specials]
    for entry in player["boards"]:
        board = board_named(entry["board"])
        if board.kind == "shed":
            continue
        taken = {c: piece(p["piece"]).colour for p in entry["placements"] for c in piece(p["piece"]).cells_at(p["row"], p["col"], p["rotation"], p.get("flip", False))}
        tiles = [g for g, n in goods.items() for _ in range(n) if piece(g).kind != "animal" and _placeable(board.kind, g, final)]
        tiles += [x for x in specials if _placeable(board.kind, x, final)]
        for name in sorted(tiles, key=lambda n: (-piece(n).area, n)):
            if piece(name).kind != "special" and goods.get(name, 0) <= 0:
                continue
            spot = _try_place(board, taken, name)
            if spot is None:
                continue
            row, col, rotation, (flip,) = spot
            entry["placements"].append({"piece": name, "row": row, "col": col, "rotation": rotation, "flip": flip})
            for c in piece(name).cells_at(row, col, rotation, flip):
                taken[c] = piece(name).colour
            if piece(name).kind == "special":
                specials.remove(name)
            else:
                goods[name] -= 1
    player["goods"] = {g: n for g, n in goods.items() if n > 0}
    out = parse_snapshot(data)
    return out if not check_snapshot(out) else snap  # never hand on an illegal layout
