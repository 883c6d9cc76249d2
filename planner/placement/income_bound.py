"""An exact upper bound on income: the area the supply can cover, spent on the cheapest staircases.

Why it is a proof. A board's income is fixed by how deep each of its tracks is covered: depth d
means the track's first d cells are covered and cell d is not. By the income rule each covered
track cell has its whole lower-left region covered too, so depths (d_1, d_2, ...) on a board
force a known set of cells covered: `need`, less what fixed tiles already cover. Boards do not
share cells, and every cell newly covered on a board with income is covered by a tile of the
supply that such boards take (green, blue, silver, ore), each covering its own area once. So
for any legal layout, sum over boards of |need| <= the area of that supply, and income is the
sum of the boards' values at their depths. The most income any choice of depths with that
total area can pay (a knapsack over boards, solved exactly below) bounds every layout the model
allows: reaching it proves a layout optimal for income.

It knows nothing of shapes or of green apart, so it can be loose; where the supply is short of
the boards' area it is often exact (benchmarks/RESULTS-placement.md). Its LP cousin (the
certified LP bound) mixes depths fractionally and so can only be as tight or looser.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass

from models.boards import IncomeTrack
from models.pieces import piece
from planner.placement.candidates import TAKES, BoardState
from planner.placement.request import RESOURCES


@dataclass(frozen=True)
class DepthOption:
    """One board with each track covered to an exact depth: the income paid, the cells it needs."""

    board: int
    depths: tuple[int, ...]
    income: int
    need: frozenset  # free cells that must be newly covered


def paid_at(track: IncomeTrack, depth: int) -> int:
    """The track's value when exactly its first `depth` cells are covered."""
    if depth < len(track.cells):
        return track.values[depth]
    return track.beyond if track.beyond is not None else track.values[-1]


def depth_options(state: BoardState) -> list[DepthOption]:
    """Every reachable combination of exact depths on this board (none: the board has no income)."""
    tracks = state.board.income
    if not tracks:
        return []
    coverable = state.board.cells
    out = []
    for depths in itertools.product(*[range(len(t.cells) + 1) for t in tracks]):
        covered: set = set()
        for track, d in zip(tracks, depths):
            for cell in track.cells[:d]:
                covered |= state.income_region(cell) | {cell}
        first_free = {t.cells[d] for t, d in zip(tracks, depths) if d < len(t.cells)}
        # a needed cell nothing may cover, or a track's first uncovered cell that must be covered
        # (or is already): no layout has exactly these depths, another option stands for it
        if not covered <= coverable or covered & first_free or first_free & set(state.fixed):
            continue
        income = sum(paid_at(t, d) for t, d in zip(tracks, depths))
        out.append(DepthOption(state.index, depths, income, frozenset(covered - set(state.fixed))))
    return out


def income_board_area(supply: Counter) -> int:
    """Cells the supply could cover on boards with income (home and exploration boards)."""
    return sum(piece(n).area * k for n, k in supply.items() if k > 0 and n not in RESOURCES and piece(n).colour in TAKES["home"])


def area_income_bound(states: list[BoardState], supply: Counter) -> int | None:
    """The most income any legal layout can reach (see the module docstring); None without tracks."""
    boards = [depth_options(s) for s in states if s.board.income]
    if not boards or not all(boards):  # no option on a board: no position to bound (not legal)
        return None
    cap = income_board_area(supply)
    best = {0: 0}  # cells used -> most income with them
    for options in boards:
        nxt: dict[int, int] = {}
        for used, income in best.items():
            for o in options:
                total = used + len(o.need)
                if total <= cap and nxt.get(total, -1) < income + o.income:
                    nxt[total] = income + o.income
        best = nxt
    return max(best.values())
