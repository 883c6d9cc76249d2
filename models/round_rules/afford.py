"""What a state can afford: payments, a space's needs, free berths for the ships it gains."""

from __future__ import annotations

from models.actions import SHIPS, Bundle
from models.data_files import load
from models.round_rules.state import State, replace


def can_pay(s: State, b: Bundle) -> bool:
    if s.silver < b.silver or s.wood < b.wood or s.stone < b.stone or s.ore < b.ore:
        return False
    return all(s.count(g) >= n for g, n in b.goods)


def berths_free(s: State, kind: str) -> bool:
    berths = load("game")["berths"]
    if kind == "whaling-boat":
        return s.ships_of("whaling-boat") < berths["small"]
    return s.ships_of("knarr") + s.ships_of("longship") < berths["large"]


def needs_met(s: State, needs: tuple[str, ...]) -> bool:
    left = dict(s.buildings_left)
    for need in needs:
        if need in SHIPS and not s.ships_of(need):
            return False
        if need == "large-ship" and not (s.ships_of("knarr") or s.ships_of("longship")):
            return False
        if need == "any-ship" and not s.ships:
            return False
        if need == "two-longships" and s.ships_of("longship") < 2:
            return False
        if need.endswith("-in-supply") and not left.get(need.removesuffix("-in-supply"), 0):
            return False
    return True


def ships_fit(s: State, b: Bundle) -> bool:
    ships = list(s.ships)
    for kind, n in b.ships:
        for _ in range(n):
            if not berths_free(replace(s, ships=tuple(ships)), kind):
                return False
            ships.append((kind, 0))
    return True
