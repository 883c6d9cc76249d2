"""Candidate generation against a plain enumeration: every orientation at every offset, kept when
its cells are all free and (for colours kept apart) it touches no fixed tile of its colour."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.pieces import piece
from models.snapshot import read_snapshot
from planner.placement.candidates import APART, TAKES, board_states, candidates_on, edge_neighbours

FIXTURES = Path(__file__).parent / "fixtures"


def plain(state, name: str) -> set[tuple]:
    tile = piece(name)
    if tile.colour not in TAKES[state.board.kind]:
        return set()
    apart = tile.colour in APART[state.board.kind]
    out = set()
    for o in tile.orientations:
        for row in range(-3, state.board.rows + 3):
            for col in range(-3, state.board.cols + 3):
                cells = {(row + r, col + c) for r, c in o.cells}
                if not cells <= state.free:
                    continue
                if apart and any(state.fixed.get(n) == tile.colour for x in cells for n in edge_neighbours(x) if n not in cells):
                    continue
                out.add((row, col, o.rotation, o.flip, frozenset(cells)))
    return out


@pytest.mark.parametrize("fixture", ["place_mid.json", "place_late.json"])
def test_candidates_are_exactly_the_plain_enumeration(fixture):
    snapshot = read_snapshot(FIXTURES / fixture)
    names = ["oil", "wool", "silk", "chest", "robe", "whale-meat", "stockfish", "silver", "helmet", "peas"]
    for state in board_states(snapshot):
        for name in names:
            got = {(c.row, c.col, c.rotation, c.flip, c.cells) for c in candidates_on(state, name)}
            assert got == plain(state, name), (state.id, name)
