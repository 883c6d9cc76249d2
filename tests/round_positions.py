"""Positions shared by the tests of both engines' choices and of the round's end: one round-3 solo
player with a little of everything, and the two mountain strips they take from."""

from __future__ import annotations

from models.round_context import RoundContext
from models.round_rules import Setting, State, initial_state, setting_for
from models.snapshot import Snapshot

STRIPS = [["wood", "stone", "ore", "silver-2"], ["stone", "wood", "silver-2"]]

ROUND_3 = {
    "format": "affo-snapshot/1",
    "game": {"round": 3, "players": 1},
    "player": {
        "silver": 6,
        "resources": {"wood": 3, "stone": 2, "ore": 1},
        "goods": {"peas": 2, "mead": 1, "beans": 1, "flax": 1, "sheep": 2, "hide": 1, "oil": 1},
        "weapons": {"bow": 1, "snare": 1, "spear": 1},
        "ships": [{"type": "whaling-boat"}, {"type": "longship"}],
        "boards": [{"id": "home", "board": "home-long"}],
    },
}


def round_3(context: dict | None = None, **player) -> dict:
    """ROUND_3's snapshot data with the player fields given replaced, and a round context (the
    strips above unless it names others)."""
    return {**ROUND_3, "player": {**ROUND_3["player"], **player}, "round_context": {"mountains": STRIPS, **(context or {})}}


def start(snap: Snapshot, **context) -> tuple[State, Setting]:
    """The round engine's state and setting for a snapshot, the strips above face up."""
    ctx = RoundContext(mountains=STRIPS, **context)  # players: the snapshot's
    return initial_state(snap, ctx), setting_for(snap, ctx)
