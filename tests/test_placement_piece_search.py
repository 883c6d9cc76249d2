"""The cover search by tiles (planner/placement/piece_search.py) against the cover search by
cells (cover_search.py) run to the end, which tries every tile on each needed cell in turn and
so is exhaustive: both find a cover of the same needed cells or both prove there is none, and
every cover found is checked here from the rules (cells needed all covered once, nothing on a
cell kept free, within the supply, green never beside green)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from models.pieces import piece
from planner.placement.candidates import all_candidates, board_states, edge_neighbours
from planner.placement.cover_search import CoverIndex, search_for
from planner.placement.piece_search import PieceSearch
from planner.placement.request import placeable_supply
from tests.test_placement import snap

UNLIMITED = 10**9
SUPPLIES = [
    {"oil": 2, "wool": 1, "hide": 1, "chest": 1, "spices": 1, "rune-stone": 1},
    {"oil": 1, "linen": 1, "silk": 1, "skin-and-bones": 1, "fur": 1, "silverware": 1},
]


def needs(candidates, seed: int, count: int) -> list[tuple[set, set]]:
    """Needed cells (and cells kept free) that have a cover (tiles laid at random without
    overlap) or may have none (a cell of such a set moved or kept free)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        cells: set = set()
        for c in rng.sample(candidates, 10):
            keys = {(c.board, cell) for cell in c.cells}
            if not keys & cells:
                cells |= keys
        free = set()
        if rng.random() < 0.4 and cells:
            free.add(rng.choice(sorted(cells)))
            cells -= free
        for _ in range(rng.choice((0, 0, 1, 4))):  # cells beside: no cover unless single cells fill them
            c = rng.choice(candidates)
            cells.add((c.board, min(c.cells)))
        out.append((cells - free, free))
    return out


def check_cover(chosen, candidates, need, free, supply) -> None:
    laid = [candidates[i] for i in chosen]
    covered = [(c.board, cell) for c in laid for cell in c.cells]
    assert len(covered) == len(set(covered)), "a cell covered twice"
    assert need <= set(covered) and not free & set(covered)
    assert not Counter(c.piece for c in laid) - supply
    green = [c for c in laid if piece(c.piece).colour == "green"]
    for a in green:
        for b in green:
            if a is not b and a.board == b.board:
                assert not any(n in b.cells for cell in a.cells for n in edge_neighbours(cell)), "greens touch"


@pytest.mark.parametrize("supply", SUPPLIES)
@pytest.mark.parametrize("silver, ore", [(0, 0), (2, 1)])
def test_piece_search_agrees_with_the_exhaustive_cell_search(supply, silver, ore):
    s = snap([{"id": "A", "board": "shetland"}], silver=silver, resources={"ore": ore}, goods=supply)
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    candidates = all_candidates(states, pieces)
    index = CoverIndex(states, candidates, pieces)
    verdicts = Counter()
    for need, free in needs(candidates, len(supply) + silver, 25):
        by_cells = search_for(need, free, pieces, index, True)
        expected = by_cells.run(UNLIMITED)
        assert not by_cells.cut_short
        for lowest_first in (False, True):
            by_tiles = PieceSearch(need, free, pieces, index, lowest_first=lowest_first)
            found = by_tiles.run(UNLIMITED)
            assert not by_tiles.cut_short
            assert (found is None) == (expected is None)
            if found is not None:
                check_cover(found, candidates, need, free, pieces)
        verdicts[expected is not None] += 1
    assert verdicts[True] and verdicts[False]  # both kinds of answer are tested


def test_a_needed_cell_no_tile_can_cover_fails_at_once_in_both_searches():
    """A needed cell that no candidate covers (here one off the board) means no cover: both
    searches answer None at once, neither cut short (the search by cells once raised instead)."""
    s = snap([{"id": "A", "board": "shetland"}], goods=SUPPLIES[0])
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    candidates = all_candidates(states, pieces)
    index = CoverIndex(states, candidates, pieces)
    reachable = (candidates[0].board, min(candidates[0].cells))
    need = {reachable, (candidates[0].board, (-5, -5))}
    by_cells = search_for(need, set(), pieces, index, True)
    assert by_cells.run(UNLIMITED) is None and not by_cells.cut_short
    for lowest_first in (False, True):
        by_tiles = PieceSearch(need, set(), pieces, index, lowest_first=lowest_first)
        assert by_tiles.run(UNLIMITED) is None and not by_tiles.cut_short


def mid_income_bound_needs():
    """Mid's cells needed for its area bound on income (8; the optimum is 7), as income_layout asks."""
    from models.snapshot import read_snapshot
    from planner.placement.income_bound import area_income_bound
    from planner.placement.income_layout import combinations_at

    s = read_snapshot("tests/fixtures/place_mid.json")
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    candidates = all_candidates(states, pieces)
    bound = area_income_bound(states, pieces)
    combos = combinations_at(states, pieces, bound)
    needs = [({(o.board, cell) for o in c for cell in o.need}, set()) for c in combos]
    return bound, needs, pieces, CoverIndex(states, candidates, pieces)


def test_no_cover_proves_mid_income_bound_has_none_and_cover_one_skips_the_cells(monkeypatch):
    """Mid's income bound has one choice of depths, and the search by tiles runs out of options on
    it in 3 nodes (both orders): `no_cover` says so within NO_COVER_NODES, and `cover_one` answers
    None without the searches by cells, which would spend their whole first budget finding none."""
    import planner.placement.income_layout as income_layout
    import planner.placement.cover_search as cover_search

    bound, needs, pieces, index = mid_income_bound_needs()
    assert bound == 8 and len(needs) == 1
    for lowest_first in (False, True):
        search = PieceSearch(*needs[0], pieces, index, lowest_first=lowest_first)
        assert search.run(UNLIMITED) is None and not search.cut_short and search.nodes == 3
    assert income_layout.no_cover([PieceSearch(*needs[0], pieces, index)], income_layout.NO_COVER_NODES)
    cells_searched = []
    monkeypatch.setattr(income_layout, "search_for", lambda *a, **k: cells_searched.append(a) or cover_search.search_for(*a, **k))
    assert income_layout.cover_one(needs, pieces, index, income_layout.NODE_BUDGET) is None
    assert not cells_searched


@pytest.mark.parametrize("supply", SUPPLIES)
def test_cover_one_answers_as_without_the_no_cover_test(supply, monkeypatch):
    """`cover_one` with its test first gives the same cover (or None) as without it, on lists of
    needs with and without covers; a cover found while testing is not what is returned. The test
    runs to the end here (these needs take more than NO_COVER_NODES to run out of options)."""
    import planner.placement.income_layout as income_layout

    monkeypatch.setattr(income_layout, "NO_COVER_NODES", UNLIMITED)

    s = snap([{"id": "A", "board": "shetland"}], goods=supply)
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    candidates = all_candidates(states, pieces)
    index = CoverIndex(states, candidates, pieces)
    singles = needs(candidates, len(supply), 30)
    lists = [[n] for n in singles] + [singles[k : k + 3] for k in range(0, 30, 3)]
    verdicts = []
    check = income_layout.no_cover
    monkeypatch.setattr(income_layout, "no_cover", lambda searches, nodes: verdicts.append(check(searches, nodes)) or verdicts[-1])
    tested = [income_layout.cover_one(n, pieces, index, 3000) for n in lists]
    monkeypatch.setattr(income_layout, "no_cover", lambda searches, nodes: False)
    assert tested == [income_layout.cover_one(n, pieces, index, 3000) for n in lists]
    assert any(verdicts) and not all(verdicts)  # the test skipped some searches, not all
    assert any(t is None for t in tested) and any(t is not None for t in tested)


def shetland_searches(supply, silver=2, ore=1):
    s = snap([{"id": "A", "board": "shetland"}], silver=silver, resources={"ore": ore}, goods=supply)
    states, pieces = board_states(s), placeable_supply(s, {}, False)
    candidates = all_candidates(states, pieces)
    index = CoverIndex(states, candidates, pieces)
    return [PieceSearch(need, free, pieces, index, lowest_first=low) for need, free in needs(candidates, 7, 25) for low in (False, True)]


@pytest.mark.parametrize("supply", SUPPLIES)
def test_an_items_sets_of_places_are_the_places_the_filters_keep(supply):
    """`Item.hit` and `Item.fitting` (bits over the item's places) name exactly the places the
    rules name: overlapping a mask, or beside it for a kept-apart colour; within an overhang."""
    rng = random.Random(3)
    for search in shetland_searches(supply)[:10]:
        search.ready = search.prepare()
        for item in search.ready.items:
            masks = [p[0] for p in search.ready.items[rng.randrange(len(search.ready.items))].places]
            for mask in rng.sample(masks, min(5, len(masks))):
                for apart in (False, True):
                    expected = {j for j, p in enumerate(item.places) if p[0] & mask or apart and item.apart and p[1] & mask}
                    assert {j for j in range(len(item.places)) if item.hit(mask, apart) >> j & 1} == expected
            for spare in range(-1, 6):
                assert {j for j in range(len(item.places)) if item.fitting(spare) >> j & 1} == {j for j, p in enumerate(item.places) if p[3] <= spare}


@pytest.mark.parametrize("supply", SUPPLIES)
def test_cells_out_of_reach_passed_down_change_no_node(supply, monkeypatch):
    """The cells out of reach at a node are passed to the nodes below (places are only taken
    away): searched again with nothing passed down, every run takes the same nodes to the same end."""
    budgets = (30, 300, UNLIMITED)
    runs = [(s.run(b), s.nodes, s.cut_short) for s in shetland_searches(supply) for b in budgets]
    fresh = PieceSearch.out_of_reach
    monkeypatch.setattr(PieceSearch, "out_of_reach", lambda self, left, open_, singles, dead: fresh(self, left, open_, singles, 0))
    assert runs == [(s.run(b), s.nodes, s.cut_short) for s in shetland_searches(supply) for b in budgets]
    assert any(r[0] is None for r in runs) and any(r[0] is not None for r in runs)
