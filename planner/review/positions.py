"""Positions the review asks its questions about, built from the record's snapshots.

The review never trusts a record's numbers: it rebuilds the position *before* a decision (the
tiles of the round back in supply, the table cleared) and lets the engines answer from there.
"""

from __future__ import annotations

from collections import Counter

from models.pieces import piece
from models.record import laid_between
from models.snapshot import Placement, Snapshot, dump_snapshot, parse_snapshot

TOKENS = ("silver", "ore", "wood", "stone")


def tiles_laid(before: Snapshot | None, after: Snapshot) -> list[tuple[str, Placement]]:
    """(board id, placement) for every tile `after` has on a board that `before` did not."""
    return [(board, p) for board, new in laid_between(before, after).items() for p in new]


def resources_added(before: Snapshot | None, after: Snapshot) -> Counter:
    """Wood and stone counted onto resource spaces since `before`."""
    old = {e.id: e.resources for e in before.player.boards} if before else {}
    added = Counter()
    for e in after.player.boards:
        for resource, n in e.resources.items():
            added[resource] += n - old.get(e.id, {}).get(resource, 0)
    return +added


def with_boards_of(before: Snapshot | None, after: Snapshot) -> Snapshot:
    """`after` with every board as `before` had it and the tiles laid since back in supply.

    Boards gained since `before` are kept, empty. Placed specials stay listed (still owned).
    """
    data = dump_snapshot(after)
    player = data["player"]
    old = {e.id: e for e in before.player.boards} if before else {}
    for entry in player.get("boards", []):
        prior = old.get(entry["id"])
        entry["placements"] = [p.model_dump(mode="json") for p in prior.placements] if prior else []
        entry["resources"] = dict(prior.resources) if prior else {}
    back = Counter(p.piece for _, p in tiles_laid(before, after)) + resources_added(before, after)
    for name, n in back.items():
        _to_supply(player, name, n)
    return parse_snapshot(data)


def _to_supply(player: dict, name: str, n: int) -> None:
    kind = piece(name).kind
    if name == "silver":
        player["silver"] = player.get("silver", 0) + n
    elif name in TOKENS:
        resources = player.setdefault("resources", {})
        resources[name] = resources.get(name, 0) + n
    elif kind != "special":
        goods = player.setdefault("goods", {})
        goods[name] = goods.get(name, 0) + n


def supply_counts(snapshot: Snapshot, final: bool) -> Counter:
    """Everything that could go on a board: goods, unplaced specials, silver, ore (+ wood, stone)."""
    player = snapshot.player
    placed = {p.piece for e in player.boards for p in e.placements}
    supply = Counter({n: k for n, k in player.goods.items() if k})
    supply.update(s for s in player.specials if s not in placed)
    supply["silver"] += player.silver
    for resource in ("ore", "wood", "stone") if final else ("ore",):
        supply[resource] += player.resources.get(resource, 0)
    return +supply


def table_cleared(after: Snapshot) -> Snapshot:
    """The position before the feast: the table empty, what was served back in supply."""
    data = dump_snapshot(after)
    player = data["player"]
    served = Counter(p.piece for p in after.player.banquet.placements)
    player.setdefault("banquet", {})["placements"] = []
    for name, n in served.items():
        _to_supply(player, name, n)
    return parse_snapshot(data)
