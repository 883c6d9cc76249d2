"""The random inventories of benchmarks/placement_random.py are legal positions of their shape, the
same for the same seed: a benchmark of illegal snapshots would measure only the input check."""

from __future__ import annotations

import pytest

from benchmarks.placement_random import SHAPES, random_case
from models.boards import board
from models.rules import check_snapshot


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("seed", range(6))
def test_a_random_case_is_a_legal_position_of_its_shape(shape, seed):
    snapshot = random_case(shape, seed)
    assert check_snapshot(snapshot) == []
    round_, islands, house, *_ = SHAPES[shape]
    names = [b.board for b in snapshot.player.boards]
    tiles = [board(n).tile for n in names if board(n).tile]
    assert snapshot.game.round == round_ and len(tiles) == islands == len(set(tiles))
    assert ("long-house" in names) == house
    assert snapshot == random_case(shape, seed)
