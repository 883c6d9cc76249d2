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
