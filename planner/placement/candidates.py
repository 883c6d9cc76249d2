"""The boards as the model sees them, and every legal-looking way to lay each piece on them.

One candidate per (piece type, board, anchor, distinct orientation). Identical tiles share the
candidate (a count bounds how many are used), so there are no tile indices and no symmetry to
break. Candidates that can never be legal are never created: off the board, on a never-coverable
cell, wrong board kind for the colour, overlapping a fixed tile, a green tile touching a fixed
green, or covering an income cell whose lower-left region can never be covered.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from models.boards import Board, board as board_named
from models.pieces import Cell, piece
from models.snapshot import Placement, Snapshot
from planner.placement.request import RESOURCES

# What each board kind takes, by colour, and which colours may not share an edge there.
# Written here from the rulebook, independently of models/rules.py (which judges our answers).
TAKES = {
    "home": {"green", "blue", "silver", "ore"},
    "exploration": {"green", "blue", "silver", "ore"},
    "house": {"orange", "red", "green", "blue", "silver"},
    "shed": set(),
}
APART = {"home": {"green"}, "exploration": {"green"}, "house": {"orange", "red"}, "shed": set()}


@dataclass
class BoardState:
    """One board entry of the snapshot: its printed board and what is already fixed on it."""

    index: int
    id: str
    board: Board
    fixed: dict[Cell, str]  # covered cell -> colour of the tile on it
    room: dict[str, int]  # resource -> empty resource spaces (wood, stone)

    @property
    def free(self) -> frozenset[Cell]:
        return self.board.cells - set(self.fixed)

    def income_region(self, cell: Cell) -> set[Cell]:
        """Cells that must be covered before `cell` (bonus cells count as covered)."""
        r, c = cell
        return {x for x in self.board.cells if x[0] >= r and x[1] <= c and x != cell} - self.board.bonus_cells


def board_states(snapshot: Snapshot) -> list[BoardState]:
    out = []
    for i, entry in enumerate(snapshot.player.boards):
        b = board_named(entry.board)
        fixed: dict[Cell, str] = {}
        for p in entry.placements:
            for cell in piece(p.piece).cells_at(p.row, p.col, p.rotation, p.flip):
                fixed[cell] = piece(p.piece).colour
        room = {}
        for resource in RESOURCES:
            on_cells = sum(1 for p in entry.placements if p.piece == resource)
            room[resource] = max(0, b.resource_space_count(resource) - entry.resources.get(resource, 0) - on_cells)
        out.append(BoardState(i, entry.id, b, fixed, room))
    return out


@dataclass(frozen=True)
class Candidate:
    board: int  # index into player.boards
    piece: str
    row: int
    col: int
    rotation: int
    flip: bool
    cells: frozenset[Cell]

    def placement(self) -> Placement:
        return Placement(piece=self.piece, row=self.row, col=self.col, rotation=self.rotation, flip=self.flip)


def edge_neighbours(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))


def ring(cell: Cell) -> tuple[Cell, ...]:
    r, c = cell
    return tuple((r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def candidates_on(state: BoardState, name: str) -> list[Candidate]:
    """Every way to lay `name` on this board on free cells, before the income pruning."""
    tile = piece(name)
    kind = state.board.kind
    if tile.colour not in TAKES[kind]:
        return []
    width = state.board.cols
    free = sum(1 << (r * width + c) for r, c in state.free)  # cells as bits: a fit is one AND, not a set
    # the cells beside a fixed tile of a kept-apart colour: a candidate there would touch it (its own cells are free)
    beside = fixed_neighbours(state, tile.colour) if tile.colour in APART[kind] else frozenset()
    blocked = ~free
    out = []
    for o in tile.orientations:
        shape = sum(1 << (r * width + c) for r, c in o.cells)  # at (0, 0); shifting never wraps a row
        cols = width - o.width + 1
        for row in range(state.board.rows - o.height + 1):
            for col in range(cols):
                if (shape << (row * width + col)) & blocked:
                    continue
                cells = frozenset([(row + r, col + c) for r, c in o.cells])  # a list: faster than a generator, the same order
                if cells.isdisjoint(beside):
                    out.append(Candidate(state.index, name, row, col, o.rotation, o.flip, cells))
    return out


def fixed_neighbours(state: BoardState, colour: str) -> frozenset[Cell]:
    """Cells edge to edge with a fixed tile of `colour`."""
    return frozenset(n for cell, c in state.fixed.items() if c == colour for n in edge_neighbours(cell))


def prune_income(state: BoardState, cands: list[Candidate]) -> list[Candidate]:
    """Drop candidates covering an income cell whose region holds a cell nothing can cover.

    Dropping candidates can make more cells uncoverable, so repeat until nothing changes.
    """
    income = state.board.income_cells & state.free
    regions = {cell: state.income_region(cell) for cell in income}
    while True:
        coverable = set(state.fixed).union(*(c.cells for c in cands))
        keep = [c for c in cands if all(regions[x] <= coverable for x in c.cells & income)]
        if len(keep) == len(cands):
            return keep
        cands = keep


def all_candidates(states: list[BoardState], supply: Counter) -> list[Candidate]:
    out = []
    for state in states:
        on_board = [c for name in sorted(supply) if name not in RESOURCES for c in candidates_on(state, name)]
        out += prune_income(state, on_board)
    return out
