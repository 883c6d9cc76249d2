"""Fast greedy layouts: largest piece first, each at the first legal position.

Positions are tried in a fixed order of preference. Two orders, because the objectives pull
apart: `for_points` covers the most -1 cells first, then board, row and column (the order a
player scanning the boards would use); `for_income` covers income cells first, then fills each
board from the bottom-left corner, which is the order the income rule lets tiles in.

It is the benchmark's baseline and the CP-SAT model's starting hint. It lays tiles one at a
time and checks the income rule against what is already laid, so its own order is legal by
construction. It never lays silver or stable animals (both cost end-game points) and, at the
final placement, fills the resource spaces board by board with the wood and stone it has.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from models.pieces import Cell, piece
from planner.placement.candidates import APART, BoardState, Candidate
from planner.placement.request import RESOURCES


@dataclass
class GreedyLayout:
    chosen: list[int] = field(default_factory=list)  # indices into the candidate list, in laying order
    resources: dict[tuple[int, str], int] = field(default_factory=dict)  # (board index, resource) -> n


@dataclass
class LaidSoFar:
    colour: dict[tuple[int, Cell], str]  # (board, cell) -> colour of the tile on it
    regions: dict[tuple[int, Cell], set[Cell]]  # (board, income cell) -> its lower-left region

    def __post_init__(self) -> None:
        # per board, the cells covered and the income cells with a region: set operations in `fits`
        self.covered: dict[int, set[Cell]] = defaultdict(set)
        for b, cell in self.colour:
            self.covered[b].add(cell)
        self.income: dict[int, set[Cell]] = defaultdict(set)
        for b, cell in self.regions:
            self.income[b].add(cell)

    def fits(self, cand: Candidate, kind: str) -> bool:
        b, cells = cand.board, cand.cells
        covered = self.covered[b]
        if not cells.isdisjoint(covered):
            return False
        colour = piece(cand.piece).colour
        if colour in APART[kind] and self._touches(cand, colour):
            return False
        return all(self.regions[(b, cell)] - cells <= covered for cell in cells & self.income[b])

    def _touches(self, cand: Candidate, colour: str) -> bool:
        for r, c in cand.cells:
            for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if n not in cand.cells and self.colour.get((cand.board, n)) == colour:
                    return True
        return False

    def lay(self, cand: Candidate) -> None:
        for cell in cand.cells:
            self.colour[(cand.board, cell)] = piece(cand.piece).colour
        self.covered[cand.board] |= cand.cells


def for_points(states: list[BoardState], cand: Candidate) -> tuple[int, ...]:
    negatives = len(cand.cells & states[cand.board].board.negatives)
    return (-negatives, cand.board, cand.row, cand.col)


def for_income(states: list[BoardState], cand: Candidate) -> tuple[int, ...]:
    board = states[cand.board].board
    income = len(cand.cells & board.income_cells)
    negatives = len(cand.cells & board.negatives)
    # the lowest row is the largest cell's; the leftmost column the anchor's (orientations are normalised)
    return (-income, cand.board, -max(cand.cells)[0], cand.col, -negatives)


PREFERENCES = (for_points, for_income)


def worth_laying(name: str) -> bool:
    return name not in ("silver", *RESOURCES) and piece(name).kind != "animal"


def greedy_layout(states: list[BoardState], supply: Counter, cands: list[Candidate], final: bool, preference=for_points) -> GreedyLayout:
    laid = LaidSoFar(
        colour={(s.index, cell): colour for s in states for cell, colour in s.fixed.items()},
        regions={(s.index, cell): s.income_region(cell) for s in states for cell in s.board.income_cells & s.free},
    )
    by_piece: dict[str, list[int]] = {}
    for i, cand in enumerate(cands):
        by_piece.setdefault(cand.piece, []).append(i)
    out = GreedyLayout()
    largest_first = sorted((n for n in by_piece if worth_laying(n)), key=lambda n: (-piece(n).area, n))
    for name in largest_first:
        positions = sorted(by_piece[name], key=lambda i: preference(states, cands[i]))
        for _ in range(supply[name]):
            first = next((i for i in positions if laid.fits(cands[i], states[cands[i].board].board.kind)), None)
            if first is None:
                break
            laid.lay(cands[first])
            out.chosen.append(first)
    if final:
        out.resources = fill_resource_spaces(states, supply)
    return out


def fill_resource_spaces(states: list[BoardState], supply: Counter) -> dict[tuple[int, str], int]:
    out = {}
    for resource in RESOURCES:
        left = supply[resource]
        for s in states:
            n = min(left, s.room[resource])
            if n:
                out[(s.index, resource)] = n
                left -= n
    return out
