"""A bundle (what is paid or received) in the game's words, for labels, reference listings and card effects."""

from __future__ import annotations

from models.actions import Bundle


def bundle_text(b: Bundle) -> str:
    """`2 silver, 1 stockfish, 4 weapon cards`; empty for an empty bundle."""
    parts = [f"{n} {name}" for name, n in (("silver", b.silver), ("wood", b.wood), ("stone", b.stone), ("ore", b.ore)) if n]
    for table in (b.goods, b.weapons, b.ships, b.buildings):
        parts += [f"{n} {name}" for name, n in table]
    if b.weapon_draws:
        parts.append(f"{b.weapon_draws} weapon card{'s' * (b.weapon_draws > 1)}")
    if b.wood_per_player:
        parts.append(f"{b.wood_per_player} wood per player")
    if b.vikings:
        parts.append(f"{b.vikings} Viking{'s' * (b.vikings > 1)} back")
    return ", ".join(parts)
