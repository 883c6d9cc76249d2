"""Small game records for the record and review tests: two rounds of a long solo game, laid badly on purpose."""

from __future__ import annotations

from tests.helpers import put


def snap(round_: int, home: list[dict], table: list[dict], **player) -> dict:
    return {
        "format": "affo-snapshot/1",
        "game": {"length": "long", "players": 1, "round": round_},
        "player": {"boards": [{"id": "home", "board": "home-long", "placements": home}], "banquet": {"placements": table}, **player},
    }


OIL_BADLY = put("oil", 11, 1)  # leaves (11, 0), the first income cell, uncovered
BLUE_BADLY = put("silverware", 0, 0)  # the top row: -1 cells, no income


def record() -> dict:
    """Round 1: oil laid off the income track; peas and mead served, beans kept (2 positions
    open). Round 2: silverware laid on the top row; seven silver fill the table."""
    return {
        "format": "affo-game/1",
        "rounds": [
            {"round": 1, "snapshot": snap(1, [OIL_BADLY], [put("peas", 0, 0), put("mead", 0, 2)], goods={"beans": 1})},
            {"round": 2, "snapshot": snap(2, [OIL_BADLY, BLUE_BADLY], [put("silver", 0, c) for c in range(7)], goods={"beans": 1})},
        ],
    }
