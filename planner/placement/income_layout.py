"""Layouts reaching the bounds on income and on bonuses, found by the cover search.

The area bound (income_bound.py) says which track depths the supply's area could pay for, and
the bonus bound (bonus_bound.py) which depths and bonuses together; on realistic supplies they
are often reached, and a layout reaching them settles those levels with no CP-SAT search at
all. For each choice worth the bound (fewest cells first) the cover search (cover_search.py)
lays tiles over the cells it needs, each choice tried twice (kept-apart colours first, then
last) within a shared node budget; when the budget runs out the CP-SAT search is left to find
the best.
"""

from __future__ import annotations

import itertools
from collections import Counter

from planner.placement.bonus_bound import BonusBound
from planner.placement.candidates import BoardState, Candidate
from planner.placement.cover_search import CoverIndex, Key, first_cover, search_for
from planner.placement.income_bound import DepthOption, area_income_bound, depth_options, income_board_area

NODE_BUDGET = 30_000  # search nodes over every choice of depths (a node is one tile laid)
BONUS_NODE_BUDGET = 30_000  # likewise over every choice of depths and bonuses
MAX_COMBINATIONS = 24  # choices tried, fewest needed cells first


def combinations_at(boards: list[list[DepthOption]], income: int, cap: int) -> list[tuple[DepthOption, ...]]:
    """Every choice of one depth option per board paying `income` within `cap` cells, fewest first."""
    fits = [c for c in itertools.product(*boards) if sum(o.income for o in c) == income and sum(len(o.need) for o in c) <= cap]
    return sorted(fits, key=lambda c: (sum(len(o.need) for o in c), [o.depths for o in c]))


def income_layout(states: list[BoardState], supply: Counter, candidates: list[Candidate], index: CoverIndex | None = None) -> list[int] | None:
    """Candidate indices of a layout whose income is the area bound, or None if none was found."""
    bound = area_income_bound(states, supply)
    if bound is None:
        return None
    combos = combinations_at([depth_options(s) for s in states if s.board.income], bound, income_board_area(supply))
    index = index or CoverIndex(states, candidates, supply)
    needs = [({(o.board, cell) for o in c for cell in o.need}, set()) for c in combos[:MAX_COMBINATIONS]]
    return cover_one(needs, supply, index, NODE_BUDGET)


def bonus_layout(bound: BonusBound, income: int, supply: Counter, index: CoverIndex) -> list[int] | None:
    """Candidate indices of a layout paying `income` and the bonus bound at that income, or None."""
    value = bound.at(income)
    if value is None:
        return None
    needs = []
    for combo in bound.combinations_at(income, value)[:MAX_COMBINATIONS]:
        need = {(o.board, cell) for o in combo for cell in o.need}
        keep_free = {(o.board, cell) for o in combo for cell in o.paid | o.first_free}
        needs.append((need, keep_free))
    return cover_one(needs, supply, index, BONUS_NODE_BUDGET)


def cover_one(needs: list[tuple[set[Key], set[Key]]], supply: Counter, index: CoverIndex, budget: int) -> list[int] | None:
    """The first cover found of any (cells needed, cells kept free), each searched twice."""
    searches = [search_for(need, free, supply, index, apart_first) for need, free in needs for apart_first in (True, False)]
    return first_cover(searches, budget)
