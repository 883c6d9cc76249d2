"""Boards as bit masks: cells, income tracks, bonuses, negatives, and every way to lay a tile.

Cell (row, col) of a board is bit row * cols + col. A board's state in the engine is the mask of
covered cells and one mask per colour that may not touch itself; each question the game asks of
a board (income, bonuses paid, uncovered -1 cells, may this tile go here) is then a few integer
operations. The rules are the rule checker's (models/rules.py: what each kind of board accepts,
which colours may not touch, the income rule) and the scorer's (models/scoring.py), applied to
masks; tests compare both on random layouts.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from models.boards import NEVER, OUTSIDE, Board, board as board_named
from models.pieces import piece
from models.rules import ACCEPTS, NO_TOUCH, edge_neighbours, ring


@dataclass(frozen=True)
class Candidate:
    """One way to lay a tile on a board: its cells, its edge neighbours, the income rule's needs."""

    mask: int
    neighbours: int  # cells sharing an edge with the tile, outside it
    requires: int  # cells that must already be covered (income rule), outside the tile
    negatives: int  # -1 cells it covers
    row: int
    col: int
    rotation: int
    flip: bool


@dataclass(frozen=True)
class Geometry:
    name: str
    kind: str
    vp: int
    cols: int
    valid: int  # cells a tile may cover
    negatives: int  # -1 cells that are not resource spaces
    bonus_cells: int
    income_mask: int
    tracks: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # ((bit, value) in order, beyond)
    bonuses: tuple[tuple[int, int, tuple[tuple[str, int], ...]], ...]  # (bit, ring to cover, rewards)
    regions: tuple[tuple[int, int], ...]  # (income cell bit, cells to cover before it)
    resource_room: tuple[int, int]  # wood and stone spaces
    accepts: frozenset[str]
    no_touch: frozenset[str]


def bit(board: Board, cell: tuple[int, int]) -> int:
    return 1 << (cell[0] * board.cols + cell[1])


def _mask(board: Board, cells) -> int:
    out = 0
    for cell in cells:
        out |= bit(board, cell)
    return out


@cache
def geometry(name: str) -> Geometry:
    b = board_named(name)
    space_cells = {cell for s in b.resource_spaces for cell in s.cells}
    bonus = b.bonus_cells
    regions = []
    for r, c in sorted(b.income_cells & b.cells):
        region = [x for x in b.cells if x[0] >= r and x[1] <= c and x != (r, c) and x not in bonus]
        regions.append((bit(b, (r, c)), _mask(b, region)))
    bonuses = []
    for bn in b.bonuses:
        need = [n for n in ring(bn.cell) if n in b.cells and n not in bonus]
        bonuses.append((bit(b, bn.cell), _mask(b, need), bn.rewards))
    tracks = tuple(
        (tuple((bit(b, cell), v) for cell, v in zip(t.cells, t.values)), t.beyond if t.beyond is not None else t.values[-1])
        for t in b.income
    )
    room = tuple(b.resource_space_count(r) for r in ("wood", "stone"))
    return Geometry(
        name, b.kind, b.vp, b.cols, _mask(b, b.cells), _mask(b, b.negatives - space_cells), _mask(b, bonus),
        _mask(b, b.income_cells & b.cells), tracks, tuple(bonuses), tuple(regions), room,  # type: ignore[arg-type]
        frozenset(ACCEPTS[b.kind]), frozenset(NO_TOUCH[b.kind]),
    )  # fmt: skip


# --- questions asked of a covered mask --------------------------------------------------------


def income(g: Geometry, covered: int) -> int:
    total = 0
    for cells, beyond in g.tracks:
        for b, v in cells:
            if not covered & b:
                total += v
                break
        else:
            total += beyond
    return total


def paid_bonuses(g: Geometry, covered: int) -> list[tuple[tuple[str, int], ...]]:
    return [rewards for b, need, rewards in g.bonuses if not covered & b and need & ~covered == 0]


def uncovered_negatives(g: Geometry, covered: int, wood: int = 0, stone: int = 0) -> int:
    spaces = max(0, g.resource_room[0] - wood) + max(0, g.resource_room[1] - stone)
    return (g.negatives & ~covered).bit_count() + spaces


def may_lay(c: Candidate, covered: int, same_colour: int) -> bool:
    """Free cells, no edge against a tile of its own colour where that is forbidden (pass 0 when
    the colour may touch itself), and the income rule kept."""
    return not (c.mask & covered) and not (c.neighbours & same_colour) and not (c.requires & ~covered)


# --- every way to lay a tile ------------------------------------------------------------------


@cache
def candidates(board_name: str, piece_name: str) -> tuple[Candidate, ...]:
    """Every placement of the piece fully on valid cells, bottom rows first, then left to right
    (the income rule fills a board from its lower left)."""
    b = board_named(board_name)
    g = geometry(board_name)
    p = piece(piece_name)
    out = []
    for o in p.orientations:
        h, w = o.height, o.width
        for row in range(b.rows - h + 1):
            for col in range(b.cols - w + 1):
                cells = [(row + r, col + c) for r, c in o.cells]
                if any(b.at(x) in (OUTSIDE, NEVER) for x in cells):
                    continue
                mask = _mask(b, cells)
                around = {n for x in cells for n in edge_neighbours(x) if 0 <= n[0] < b.rows and 0 <= n[1] < b.cols}
                requires = 0
                for ib, region in g.regions:
                    if mask & ib:
                        requires |= region
                out.append(Candidate(
                    mask, _mask(b, around - set(cells)), requires & ~mask, (mask & g.negatives).bit_count(),
                    row, col, o.rotation, o.flip,
                ))  # fmt: skip
    out.sort(key=lambda c: (-(c.row + _height(c, b)), c.col, c.row, c.rotation, c.flip))
    return tuple(out)


def _height(c: Candidate, b: Board) -> int:
    rows = [i // b.cols for i in range(c.mask.bit_length()) if c.mask >> i & 1]
    return max(rows) - min(rows) + 1


@cache
def during_game(board_name: str, piece_name: str) -> tuple[Candidate, ...]:
    """Candidates for a tile laid during the game: bottom-left first, printed bonus cells left
    free (a covered bonus never pays)."""
    g = geometry(board_name)
    return tuple(c for c in candidates(board_name, piece_name) if not c.mask & g.bonus_cells)


@cache
def at_game_end(board_name: str, piece_name: str) -> tuple[Candidate, ...]:
    """Candidates for the end-of-game placement: most -1 cells covered first."""
    return tuple(sorted(candidates(board_name, piece_name), key=lambda c: -c.negatives))
