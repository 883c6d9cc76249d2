"""How far a position is from its next income step: the cells still to cover before an income
track pays more.

Income is the value of a track's first uncovered cell, and a track cell may be covered only once
every cell below and to its left is (models/rules.py; printed bonus cells excepted). So income
rises in bulk: on the long home board income 2 needs the 4 corner cells, income 3 fifteen more
(planner/value/features.py's "cells to next income"). A value that sees only the income now and
the tiles held cannot tell a silk that completes a step from one that does not; this count, set
against the tile cells held, can.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from models.boards import Board, IncomeTrack, board as board_named
from models.pieces import Cell, piece
from models.snapshot import Snapshot

NO_STEP = 60  # cells reported when no track can pay more (more than any board's step needs)


@dataclass(frozen=True)
class Step:
    cells: int  # free cells to cover, the income cell itself included
    gain: int  # income the step adds


NONE = Step(NO_STEP, 0)


def _region(b: Board, cell: Cell) -> frozenset[Cell]:
    """The cells that must be covered (or be bonus cells) before `cell` may be: its row and
    every row below, from column 0 to its column."""
    row, col = cell
    return frozenset(c for c in b.cells if c[0] >= row and c[1] <= col) - b.bonus_cells


def track_step(b: Board, track: IncomeTrack, covered: frozenset[Cell]) -> Step:
    """The nearest step up of one track: cover its cells in order until the value shown rises."""
    shown = list(track.values) + [track.beyond if track.beyond is not None else track.values[-1]]
    first = next((i for i, c in enumerate(track.cells) if c not in covered), None)
    if first is None:
        return NONE
    for j in range(first, len(track.cells)):
        if shown[j + 1] > shown[first]:
            return Step(len(_region(b, track.cells[j]) - covered), shown[j + 1] - shown[first])
    return NONE


def board_step(b: Board, covered: frozenset[Cell]) -> Step:
    """The step of the board's tracks needing the fewest cells (the larger gain on a tie)."""
    steps = [track_step(b, t, covered) for t in b.income]
    return min(steps, key=lambda s: (s.cells, -s.gain), default=NONE)


@cache
def empty_board_step(name: str) -> Step:
    return board_step(board_named(name), frozenset())


def snapshot_steps(snapshot: Snapshot) -> tuple[Step, ...]:
    """Each laid board's next step (worked out once per setting: boards do not change in a round)."""
    out = []
    for entry in snapshot.player.boards:
        b = board_named(entry.board)
        if b.income:
            covered = frozenset(c for p in entry.placements for c in piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip))
            out.append(board_step(b, covered))
    return tuple(out)


def next_step(laid: tuple[Step, ...], new_boards: tuple[str, ...]) -> Step:
    """The nearest step over the laid boards and the boards gained since (empty)."""
    steps = list(laid) + [empty_board_step(n) for n in new_boards]
    return min(steps, key=lambda s: (s.cells, -s.gain), default=NONE)
