"""The cover search by cells (planner/placement/cover_search.py) picks the uncovered needed cell with
the fewest kinds of tile still fitting in one of each choice's two searches: the counts it keeps
(kinds live as bits of one integer) must be what the fit test says at every node, run to the end it
finds a cover exactly when the lowest-first order does, and a cell no tile fits any more ends the
branch at once. A cover refused (no laying order) leaves the other searches to find one."""

from __future__ import annotations

import pytest

from planner.placement.candidates import all_candidates, board_states
from planner.placement.cover_search import CoverIndex, search_for
from planner.placement.request import placeable_supply
from tests.test_placement import snap
from tests.test_placement_piece_search import SUPPLIES, UNLIMITED, check_cover, needs


def shetland(supply: dict, silver: int = 0, ore: int = 0):
    s = snap([{"id": "A", "board": "shetland"}], silver=silver, resources={"ore": ore}, goods=supply)
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    candidates = all_candidates(states, pieces)
    return candidates, pieces, CoverIndex(states, candidates, pieces)


def fitting_kinds(search, bit: int) -> int:
    """The kinds of tile over the cell that the search's own fit test accepts now."""
    return len({search.index.kind[i] for i in search.options[bit] if search.fits(i)})


@pytest.mark.parametrize("supply", SUPPLIES)
@pytest.mark.parametrize("silver, ore", [(0, 0), (2, 1)])
def test_live_kinds_are_the_kinds_that_fit_at_every_node(supply, silver, ore):
    """Greens kept apart, pieces running out, tiles overlapping: each uncovered needed cell's count
    of live kinds equals the fit test's, node after node, and the covers found are legal."""
    candidates, pieces, index = shetland(supply, silver, ore)
    checked = 0
    for need, free in needs(candidates, 7 + silver, 25):
        for apart_first in (True, False):
            search = search_for(need, free, pieces, index, apart_first, fewest_first=True)
            pick = search.next_cell

            def checking(search=search, pick=pick):
                nonlocal checked
                live = search.in_supply & ~search.blocked
                for bit in search.order:
                    if not search.covered >> bit & 1:
                        assert (search.ready.kinds.cell_kinds[bit] & live).bit_count() == fitting_kinds(search, bit)
                        checked += 1
                return pick()

            search.next_cell = checking
            found = search.run(UNLIMITED)
            if found is not None:
                check_cover(found, candidates, need, free, pieces)
            lowest = search_for(need, free, pieces, index, apart_first, fewest_first=False)
            assert (found is None) == (lowest.run(UNLIMITED) is None)  # both orders run to the end agree
    assert checked > 1000


def test_each_choice_gets_both_orders():
    """The pair of searches a choice gets: kept-apart colours first with the lowest cell, last with the fewest kinds."""
    candidates, pieces, index = shetland(SUPPLIES[0])
    need = {(candidates[0].board, cell) for cell in candidates[0].cells}
    assert [search_for(need, set(), pieces, index, apart_first).fewest_first for apart_first in (True, False)] == [False, True]


def test_a_needed_cell_no_tile_may_cover_ends_the_search_before_any_tile():
    """The top needed cell's every tile refused: the old order (lowest row first) laid tiles over
    every cell below it before finding out (5,000 nodes spent, no answer); the fewest-options cell
    is that one, at the root."""
    candidates, pieces, index = shetland(SUPPLIES[0], silver=60)
    need = {(c.board, cell) for c in candidates for cell in c.cells}
    top = min(need, key=lambda k: (k[1][0], k[1][1]))
    bit = index.bit[top]
    search = search_for(need, set(), pieces, index, True, fewest_first=True, refuse=lambda i: bool(index.masks[i] >> bit & 1))
    assert search.run(5000) is None and not search.cut_short
    assert search.nodes == 0


@pytest.mark.parametrize("supply", SUPPLIES)
def test_a_cover_refused_leaves_the_other_searches_to_find_one(supply):
    """`cover_one` with its first cover refused (as one with no laying order is) goes on to the
    other searches' covers of the same needs instead of answering None."""
    from planner.placement.income_layout import cover_one

    candidates, pieces, index = shetland(supply)
    others = []
    for need in needs(candidates, 3, 30):
        first = cover_one([need], pieces, index, 3000)
        if first is not None:
            other = cover_one([need], pieces, index, 3000, lambda chosen, first=first: sorted(chosen) != sorted(first))
            if other is not None:
                assert sorted(other) != sorted(first)
                check_cover(other, candidates, *need, pieces)
            others.append(other)
    assert any(o is not None for o in others)
