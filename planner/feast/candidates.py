"""Candidates: every way one food tile may lie on the table, in the order the tie-break reads them.

A candidate is a (food piece, distinct orientation, anchor) that fits in the 12 x 4 area, covers
at least one open table position and no Viking or emigrated ship. Identical tiles share one
candidate (a cell holds one tile), so the model has no symmetry between copies.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from models.pieces import Cell, Piece, piece
from models.snapshot import Placement
from planner.feast.table import COLS, ROWS, Table, inside


@dataclass(frozen=True)
class Candidate:
    piece: str
    rotation: int
    flip: bool
    row: int
    col: int
    cells: frozenset[Cell]
    fixed: bool = False  # already on the table this round: must stay, costs no supply
    rank: int = 0  # place in the tie-break order among candidates anchored at the same column

    @property
    def food(self) -> Piece:
        return piece(self.piece)

    @property
    def is_horizontal(self) -> bool:
        """Wider than tall as laid; only non-square goods count (silver and squares are exempt)."""
        p = self.food
        if p.size is None or p.is_square:
            return False
        width = 1 + max(c for _, c in self.cells) - min(c for _, c in self.cells)
        height = 1 + max(r for r, _ in self.cells) - min(r for r, _ in self.cells)
        return width > height

    def placement(self) -> Placement:
        return Placement(piece=self.piece, row=self.row, col=self.col, rotation=self.rotation, flip=self.flip)


def candidates(table: Table, pieces: Iterable[str]) -> list[Candidate]:
    """Every way to lay one tile of `pieces` legally on its own, in the tie-break order."""
    found = [
        Candidate(name, rotation, flip, row, col, cells)
        for name in pieces
        for rotation, flip, row, col, cells in layouts_in_area(name)
        if fits_alone(table, cells)
    ]
    return rank_by_anchor(found)


@cache
def layouts_in_area(name: str) -> tuple[tuple[int, bool, int, int, frozenset[Cell]], ...]:
    """(rotation, flip, row, col, cells) of every distinct way to lay the piece inside the area.

    Pure geometry, the same for every feast, so it is worked out once per piece.
    """
    out = []
    for o in piece(name).orientations:
        for row in range(ROWS - o.height + 1):
            for col in range(COLS - o.width + 1):
                out.append((o.rotation, o.flip, row, col, frozenset((row + r, col + c) for r, c in o.cells)))
    return tuple(out)


def fits_alone(table: Table, cells: frozenset[Cell]) -> bool:
    """Inside the area, on at least one open position, on no Viking's and no ship's position."""
    return (
        all(map(inside, cells))
        and any(table.is_open(cell) for cell in cells)
        and not any(table.is_closed(cell) for cell in cells)
    )


def rank_by_anchor(found: list[Candidate]) -> list[Candidate]:
    """Number the candidates anchored at each column 0, 1, 2... in the order they were found."""
    seen: dict[int, int] = {}
    out = []
    for c in found:
        out.append(Candidate(c.piece, c.rotation, c.flip, c.row, c.col, c.cells, rank=seen.get(c.col, 0)))
        seen[c.col] = seen.get(c.col, 0) + 1
    return out


def fixed_candidates(placements: Iterable[Placement]) -> list[Candidate]:
    """The food already laid this round, as candidates that must be chosen."""
    return [
        Candidate(p.piece, p.rotation, p.flip, p.row, p.col, frozenset(piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip)), fixed=True)
        for p in placements
    ]
