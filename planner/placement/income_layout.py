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

from collections import Counter
from collections.abc import Callable

from planner.placement.bonus_bound import BoardOption, BonusBound, Pools, choices_at, knapsack
from planner.placement.candidates import BoardState, Candidate
from planner.placement.clock import out_of_time
from planner.placement.cover_search import CoverIndex, Key, first_cover, search_for
from planner.placement.income_bound import area_income_bound, depth_options
from planner.placement.model import points_spent
from planner.placement.piece_search import PieceSearch
from planner.placement.points_bound import PointsBound

NODE_BUDGET = 30_000  # search nodes over every choice of depths (a node is one tile laid)
BONUS_NODE_BUDGET = 30_000  # likewise over every choice of depths and bonuses
BELOW_BOUND_VALUES = 3  # bonus values below the bound tried when no cover reaches the bound
BELOW_BOUND_BUDGET = 3_000  # nodes for each of them
BELOW_BOUND_INCOMES = 8  # likewise, incomes below the area bound tried when no cover reaches it (4 found none on late-14 and five-15)
POINTS_NODE_BUDGET = 30_000  # likewise over every choice reaching the points bound
# nodes per search by tiles in the first pass: five boards' bonus level finds its cover in 5,454
PIECE_FIRST_BUDGET = 6000
# The search by cells gets this share of its budget before the search by tiles is tried, and the
# whole budget after it: where laying large tiles first is what finds a cover (five boards' bonus
# level: 5,454 nodes by tiles, none in 30,000 by cells) the cells' whole budget was spent first.
CELLS_FIRST_SHARE = 4
# Nodes each search by tiles first gets to show it has no cover: where none exists it runs out of options
# at once (mid's income bound: 3 nodes each, where the searches by cells had spent 0.17 s of CPU in all
# before the tiles were tried; the final case's 57). The first search still open ends the test: where a
# cover exists it cost 0.3-12 ms on the benchmark's cases, 41 on the late fixture (prepare and root).
NO_COVER_NODES = 100
MAX_COMBINATIONS = 24  # choices tried, fewest needed cells first
MAX_DEPTH_CHOICES = 100_000  # choices of depths listed before the fewest are picked (every case's few hundred at most)


Needs = list[tuple[set[Key], set[Key]]]  # each choice's cells needed and cells kept free


def depth_choices(states: list[BoardState], supply: Counter) -> tuple[list[list[BoardOption]], Pools]:
    """Each income board's exact depths as the bonus bound's options (no bonus asked), in one pool."""
    income_boards = [s for s in states if s.board.income]
    out = []
    for s in income_boards:
        options = []
        for d in depth_options(s):
            first_free = frozenset(t.cells[k] for t, k in zip(s.board.income, d.depths) if k < len(t.cells))
            options.append(BoardOption(s.index, 0, d.income, 0, d.need, frozenset(), first_free, d.depths))
        out.append(options)
    return out, Pools.of(income_boards, supply)


def combinations_at(states: list[BoardState], supply: Counter, income: int) -> list[tuple[BoardOption, ...]]:
    """Every choice of exact depths per board paying `income` within the supply's area, fewest
    cells first (the bonus bound's enumerator, with no bonus value asked)."""
    boards, pools = depth_choices(states, supply)
    listed = choices_at(boards, pools, knapsack(boards, pools), income, 0, limit=MAX_DEPTH_CHOICES)
    return sorted(listed.choices, key=lambda c: (sum(len(o.need) for o in c), [o.depths for o in c]))


def income_layout(
    states: list[BoardState], supply: Counter, candidates: list[Candidate], index: CoverIndex | None = None, ordered: Callable[[list[int]], bool] = lambda chosen: True
) -> list[int] | None:
    """Candidate indices of a layout whose income is the area bound, else the highest income below
    it that the cover search reaches (BELOW_BOUND_INCOMES of them, BELOW_BOUND_BUDGET nodes each),
    or None; only a cover `ordered` accepts (one with a legal laying order) counts. Below the
    bound it settles nothing, but it is the solver's hint: on large supplies whose shapes do not
    fit the bound, CP-SAT started from the greedy layout's income and stayed near it (random late
    inventories, benchmarks/placement_random.py: 10-15 where covers of 20-25 exist)."""
    bound = area_income_bound(states, supply)
    if bound is None:
        return None
    index = index or CoverIndex(states, candidates, supply)

    def needs_at(income: int) -> Needs:
        return [({(o.board, cell) for o in c for cell in o.need}, set()) for c in combinations_at(states, supply, income)[:MAX_COMBINATIONS]]

    return walk_down(bound, BELOW_BOUND_INCOMES, needs_at, supply, index, NODE_BUDGET, ordered)


def bonus_layout(bound: BonusBound, income: int, supply: Counter, index: CoverIndex, ordered: Callable[[list[int]], bool] = lambda chosen: True) -> list[int] | None:
    """Candidate indices of a layout paying `income` and the most bonus value the cover search
    reaches: the bonus bound at that income, else each value below it in turn (BELOW_BOUND_VALUES
    of them, BELOW_BOUND_BUDGET nodes each), or None; only a cover `ordered` accepts (one with a
    legal laying order) counts, as in `income_layout`. A layout below the bound settles nothing,
    but it is the solver's hint: on real late the bound (21) is loose and no cover reaches it,
    while one worth 18, the optimum, is found in 37 nodes, and CP-SAT started from a layout worth
    11 had found only 13 within its limit."""
    top = bound.at(income)
    if top is None:
        return None

    def needs_at(value: int) -> Needs:
        needs = []
        for combo in bound.choices_at(income, value).choices:
            if sum(o.value for o in combo) != value:
                continue  # worth more: searched at its own value already
            need = {(o.board, cell) for o in combo for cell in o.need}
            keep_free = {(o.board, cell) for o in combo for cell in o.paid | o.first_free}
            needs.append((need, keep_free))
        return needs

    return walk_down(top, BELOW_BOUND_VALUES, needs_at, supply, index, BONUS_NODE_BUDGET, ordered)


def walk_down(
    top: int, depth: int, needs_at: Callable[[int], Needs], supply: Counter, index: CoverIndex, budget: int, ordered: Callable[[list[int]], bool]
) -> list[int] | None:
    """The first cover with a laying order (`ordered`) of a value from `top` down to `depth` below it:
    each value's choices of cells (`needs_at`, fewest first; MAX_COMBINATIONS of them) searched with
    `budget` nodes at `top`, BELOW_BOUND_BUDGET below it; None if no value has one."""
    for value in range(top, max(-1, top - depth - 1), -1):
        if out_of_time():
            return None
        found = cover_one(needs_at(value)[:MAX_COMBINATIONS], supply, index, budget if value == top else BELOW_BOUND_BUDGET, ordered)
        if found is not None:
            return found
    return None


def points_layout(bound: PointsBound, supply: Counter, index: CoverIndex, points_of: Callable[[list[int]], int]) -> list[int] | None:
    """Candidate indices of a layout reaching the points bound (income and bonus value with it),
    or None. For each choice worth the bound: its needed cells covered with no silver on a plain
    cell (where the bound lets none there), no tile wasted on a plain cell beyond the needed ones
    in a pool the bound fills with other tiles, and no stable animal (its points would be lost)."""
    best = bound.best()
    if best is None:
        return None
    searches = []
    for choice in [c for c in bound.choices if c.points == best][:MAX_COMBINATIONS]:
        need, keep_free, minus = bound.cells_of(choice)
        need_mask, minus_mask = index.mask_of_keys(need), index.mask_of_keys(minus)

        def refuse(i: int, choice=choice, need_mask=need_mask, minus_mask=minus_mask) -> bool:
            full = choice.every_minus[index.pool[i]]  # every -1 cell there under another tile
            if points_spent(index.pieces[i]):
                return index.pieces[i] != "silver" or full or not choice.plain_by_silver and bool(index.masks[i] & ~minus_mask)
            return bool(index.masks[i] & ~need_mask & ~minus_mask) and not full  # area wasted where area is short

        searches += [search_for(need, keep_free, supply, index, apart_first, refuse, silver_last=True) for apart_first in (True, False)]
    return first_cover(searches, POINTS_NODE_BUDGET, lambda chosen: points_of(chosen) == best)


def cover_one(needs: Needs, supply: Counter, index: CoverIndex, budget: int, accept: Callable[[list[int]], bool] = lambda chosen: True) -> list[int] | None:
    """The first cover found of any (cells needed, cells kept free) that `accept` takes (one with a
    laying order): by cells (cover_search.py, two orders), then by tiles (piece_search.py, two
    orders), each within `budget` nodes. A cover refused ends only its own search, not the value:
    the other searches and choices may find one with an order (random case five-5: its area bound
    17 reached, where the walk went down to 15 once the first cover at 17 had none). Cells first:
    where both find one, the search by cells lays fewer single cells (no overhang first, largest
    tile first), so its layout often reaches the points bound as well (round 4: with tiles first
    the points level took CP-SAT 1.47 units of work instead of none). When every search by tiles has
    run out of options no cover exists, and the cells' second pass is skipped; so are all the searches
    when the searches by tiles in candidate order run out of options at once (`no_cover`)."""
    refused = False  # a cover was found and refused: running out of options no longer means none exists

    def taken(chosen: list[int]) -> bool:
        nonlocal refused
        if accept(chosen):
            return True
        refused = True
        return False

    def by_cells():
        return [search_for(need, free, supply, index, apart_first) for need, free in needs for apart_first in (True, False)]

    by_tiles = [PieceSearch(need, free, supply, index, lowest_first=low) for need, free in needs for low in (False, True)]
    if no_cover(by_tiles[::2], NO_COVER_NODES):
        return None
    found = first_cover(by_cells(), budget // CELLS_FIRST_SHARE, taken)
    if found is not None:
        return found
    found = first_cover(by_tiles, budget, taken, first=min(budget, PIECE_FIRST_BUDGET))
    if found is not None or not by_tiles and not refused:
        return found  # first_cover drops a search only when it has run out of options or its cover was refused: with no refusal, no cover exists (mid's income: 0.4 s saved twice)
    return first_cover(by_cells(), budget, taken)


def no_cover(searches: list[PieceSearch], nodes: int) -> bool:
    """True when each search runs out of options within `nodes`: no cover exists for any (one
    order of a search by tiles is as complete as the other, and as the search by cells). A cover
    found here is not returned (the searches by cells come first, as in `cover_one`), and each
    search keeps its prepared tiles for `cover_one`'s second pass, which runs it again from scratch."""
    for search in searches:
        if search.run(nodes) is not None or search.cut_short:
            return False
    return True
