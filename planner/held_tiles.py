"""Tiles laid only when laying them earns something now; the rest wait in supply for the end.

Between rounds the solo game lays tiles with the placement engine's blend (planner/solo.py), and
the planner values its positions as laid that way: the learned value was fitted on them. But a
tile on -1 cells earns nothing before the game ends, and laid early it is fixed where it fits
that round, not where the end-of-game placement would put it among all the tiles the game
brings. Laid again from scratch at the end, the tiles of seeds 21, 25 and 39 scored 4, 13 and
12 points more.

So the game keeps two positions. The *view* is the one the planner sees and plays on, every tile
laid as the blend lays it (its moves are exactly those it made before). The *real* position
lays only the tiles the view's income and paid bonuses need; the others (`pending`) stay in
supply, and the end-of-game placement lays them wherever they score most. Income and bonuses
are equal in both positions, and the view's goods are a part of the real supply, so every move
of the view is legal in the real game and has the same outcome there.
"""

from __future__ import annotations

from models.pieces import piece
from models.round_end import board_facts
from models.rules import check_snapshot
from models.snapshot import Snapshot, dump_snapshot, parse_snapshot

Key = tuple[int, str, int, int, int]  # board index, piece, row, column, rotation
HOLDABLE = ("good", "special")  # not tokens (ore, silver) nor animals, which breed in supply and not in a house


class HeldTiles:
    """The tiles laid in the view but still held in the real game."""

    def __init__(self) -> None:
        self.pending: frozenset[Key] = frozenset()

    def settle(self, before: Snapshot, after: Snapshot) -> Snapshot:
        """The view was laid from `before` to `after`: keep pending every tile, new or pending
        already, that income and paid bonuses can do without; return the real position."""
        laid = _keys(after)
        new = {k for k in laid - _keys(before) if piece(k[1]).kind in HOLDABLE}
        earned = board_facts(after)
        pending: set[Key] = set()
        real = after
        for k in sorted((self.pending | new) & laid, key=lambda k: (-_cells(k), k)):  # large tiles first: they score most at the end
            trial = real_position(after, pending | {k})
            if board_facts(trial) == earned and not check_snapshot(trial):
                pending.add(k)
                real = trial
        self.pending = frozenset(pending)
        return real

    def real(self, view: Snapshot) -> Snapshot:
        """The real position behind a view laid no further since the last `settle`."""
        return real_position(view, self.pending)


def real_position(view: Snapshot, pending: set[Key] | frozenset[Key]) -> Snapshot:
    """`view` with the `pending` tiles back in supply (a special tile is listed there already)."""
    if not pending:
        return view
    data = dump_snapshot(view)
    goods = data["player"].setdefault("goods", {})
    for i, entry in enumerate(data["player"]["boards"]):
        kept = []
        for p in entry.get("placements", []):
            if (i, p["piece"], p["row"], p["col"], p.get("rotation", 0)) in pending:
                if piece(p["piece"]).kind != "special":
                    goods[p["piece"]] = goods.get(p["piece"], 0) + 1
            else:
                kept.append(p)
        entry["placements"] = kept
    return parse_snapshot(data)


def _keys(snap: Snapshot) -> set[Key]:
    return {(i, p.piece, p.row, p.col, p.rotation) for i, e in enumerate(snap.player.boards) for p in e.placements}


def _cells(k: Key) -> int:
    return sum(row.count("#") for row in piece(k[1]).mask)


__all__ = ["HeldTiles", "real_position"]
