"""When each exploration board is face up and how much silver lies on it (the printed schedule).

Each physical exploration board shows its front until the round printed on the front
(`turns_over_in_round` in its board file, long game; the short game turns one round earlier) and
its back from then to the game's end. In phase 3 of every round in which boards turn, each
unclaimed board that did not turn this round receives `silver_per_turning_round` silver; a board's
silver goes back when it turns.
"""

from __future__ import annotations

from functools import cache

from models.boards import Board, all_boards
from models.data_files import load
from models.facts import rounds as rounds_in


def _shift(length: str) -> int:
    """How many rounds earlier than the long game each printed round number falls."""
    return rounds_in("long") - rounds_in(length)


@cache
def _turn_round(tile: str) -> int:
    """The long-game round in which the physical board `tile` turns over."""
    (front,) = [b for b in all_boards().values() if b.tile == tile and b.face == "front"]
    return front.turns_over_in_round


def turning_rounds(length: str) -> list[int]:
    tiles = {b.tile for b in all_boards().values() if b.kind == "exploration"}
    return sorted(_turn_round(t) - _shift(length) for t in tiles)


def silver_per_turning_round() -> int:
    return load("game")["exploration"]["silver_per_turning_round"]


def face_up_rounds(board: Board, length: str) -> range:
    """The rounds in which `board` is the face showing (if nobody has claimed it)."""
    turn = _turn_round(board.tile) - _shift(length)
    return range(1, turn) if board.face == "front" else range(turn, rounds_in(length) + 1)


def silver_on(board: Board, round_: int, length: str) -> int:
    """Silver on the unclaimed `board` in the action phase of `round_` (0 if it is not face up)."""
    up = face_up_rounds(board, length)
    if round_ not in up:
        return 0
    return silver_per_turning_round() * sum(1 for t in turning_rounds(length) if up.start < t <= round_)
