"""The bonus walk's LP (bonus_lp.refuted) written as rows directly, not read back from a CP-SAT model.

bonus_lp's walk solves up to dozens of LPs of cover_model.relaxation (exact=False) per placement, and most
of their CPU was not GLOP's: building each CP-SAT model through the Python API (a call per variable and
constraint), writing its proto to a file and reading it back, and listing its rows (round4-23's walk: 88
LPs, 4.0 s of CPU, 0.33 s of them GLOP; place40 in benchmarks/RESULTS-placement.md). Here the same rows
are listed from the same tiles in the same order: one row per cell (each covered at most once), per piece
kind short of tiles (the supply's count), per pool group (the overhang within the supply's area), per
kept-apart edge (cover_model.apart_edges), with the columns numbered as the model's variables and each
row's terms in the order CP-SAT writes them (a linear row's by variable, the others as given). GLOP then gets the very LP it got before, so every bound and
refutation is the same (tests/test_placement_relaxation_lp.py compares the two on round 4, late and five).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from fractions import Fraction

from planner.lp_bound import LpProblem, Row, objective_caps
from planner.placement.bonus_bound import Pools
from planner.placement.candidates import TAKES, BoardState, Candidate, edge_neighbours
from planner.placement.cover_model import Key, TileIndex, apart_tiles, touching


def relaxation_lp(states: list[BoardState], supply: Counter, candidates: list[Candidate], need: set[Key], keep_free: set[Key], index: TileIndex) -> tuple[LpProblem, int] | None:
    """(the LP of cover_model.relaxation with exact=False, the count of needed cells covered maximised; its columns),
    None when a needed cell has no tile."""
    pools = Pools.of(states, supply)
    pool_of = {s.index: pools.index(s) for s in states if TAKES[s.board.kind]}
    use = touching(states, pools, pool_of, candidates, need, keep_free, index)
    column = {i: j for j, i in enumerate(use)}
    by_cell: dict[Key, list[int]] = defaultdict(list)
    for i, keys in use.items():
        for k in keys:
            by_cell[k].append(column[i])
    if not need <= by_cell.keys():
        return None
    rows = [Row(tiles, [1] * len(tiles), None, 1) for tiles in by_cell.values()]
    rows += supply_rows(candidates, supply, use, column)
    rows += pool_rows(pools, pool_of, candidates, need, use, column)
    rows += apart_rows(states, candidates, use, column)
    objective = {column[i]: len(keys & need) for i, keys in use.items()}
    rows, cap = objective_caps(rows, objective)
    return LpProblem(rows, [(0, 1)] * len(use), objective, Fraction(0), cap), len(use)


def supply_rows(candidates: list[Candidate], supply: Counter, use: dict[int, frozenset[Key]], column: dict[int, int]) -> list[Row]:
    by_piece: dict[str, list[int]] = defaultdict(list)
    for i in use:
        by_piece[candidates[i].piece].append(column[i])
    return [Row(tiles, [1] * len(tiles), None, supply[name]) for name, tiles in by_piece.items() if len(tiles) > supply[name]]


def pool_rows(pools: Pools, pool_of: dict[int, int], candidates: list[Candidate], need: set[Key], use: dict[int, frozenset[Key]], column: dict[int, int]) -> list[Row]:
    rows = []
    for group, area in pools.area.items():
        over = [(column[i], len(use[i] - need)) for i in use if pool_of[candidates[i].board] in group and use[i] - need]
        if over:
            rows.append(Row([j for j, _ in over], [k for _, k in over], None, area - sum(1 for b, _ in need if pool_of[b] in group)))
    return rows


def apart_rows(states: list[BoardState], candidates: list[Candidate], use: dict[int, frozenset[Key]], column: dict[int, int]) -> list[Row]:
    """cover_model.apart_edges' rows: the tiles over either cell of an edge, those over both once (CP-SAT writes a
    linear row's terms merged and by variable)."""
    at = apart_tiles(states, candidates, use)
    rows = []
    for ((board, cell), colour), tiles in at.items():
        for n in edge_neighbours(cell)[1::2]:
            others = at.get(((board, n), colour))
            if others:
                terms = sorted({column[i] for i in tiles + others})
                rows.append(Row(terms, [1] * len(terms), None, 1))
    return rows
