"""The game's fixed numbers, each defined once (models/data/game.toml) and read from here.

Rounds: income is paid in phase 7 of every round but the last; the last round's income counts
as final points instead.
"""

from __future__ import annotations

from models.data_files import load

_GAME = load("game")

BANQUET_POSITIONS: int = _GAME["banquet"]["positions"]  # the table: also the most Vikings and emigrated ships
BANQUET_ROWS: int = _GAME["banquet"]["rows"]  # the table row and the rows tiles may hang into
THING_PENALTY: int = _GAME["scoring"]["thing_penalty"]  # points (negative) per Thing Penalty
LENGTHS = tuple(_GAME["length"])


def rounds(length: str) -> int:
    """Rounds in a game of `length` ("long" or "short"); the last round's number."""
    return _GAME["length"][length]["rounds"]


def vikings_in_round(round_: int, length: str) -> int:
    """Vikings a player has in `round_` (solo or not): one more each round, at most the table's positions."""
    return min(BANQUET_POSITIONS, _GAME["length"][length]["vikings_in_round_1"] + round_ - 1)


def income_phases_left(round_: int, length: str) -> int:
    """Income phases still to come from `round_` on: this round's through the last but one's."""
    return max(0, rounds(length) - round_)
