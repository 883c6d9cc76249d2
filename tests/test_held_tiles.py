"""Tiles laid in the planner's view but held in the real game until they earn (planner/held_tiles.py)."""

from __future__ import annotations

from models.round_end import board_facts
from models.rules import check_snapshot
from models.snapshot import dump_snapshot, parse_snapshot
from planner.held_tiles import HeldTiles
from planner.solo import new_game


def _position(goods: dict, placements: list[dict]):
    data = dump_snapshot(new_game(1)[0])
    data["player"]["goods"] = goods
    data["player"]["boards"][0]["placements"] = placements
    snap = parse_snapshot(data)
    assert not check_snapshot(snap)
    return snap


def _tiles(snap) -> list[tuple[str, int, int]]:
    return sorted((p.piece, p.row, p.col) for p in snap.player.boards[0].placements)


ROBE_ON_NEGATIVES = {"piece": "robe", "row": 0, "col": 0}  # nine -1 cells: scores only at the end
RUNES_IN_THE_CORNER = {"piece": "rune-stone", "row": 11, "col": 0}  # covers the first income cell


def test_a_tile_that_earns_nothing_yet_stays_in_supply():
    before = _position({"robe": 1, "rune-stone": 1}, [])
    view = _position({}, [ROBE_ON_NEGATIVES, RUNES_IN_THE_CORNER])
    held = HeldTiles()
    real = held.settle(before, view)
    assert _tiles(real) == [("rune-stone", 11, 0)]
    assert dict(real.player.goods) == {"robe": 1}
    assert board_facts(real) == board_facts(view) and board_facts(view).income == 1
    assert not check_snapshot(real)
    assert held.real(view) == real


def test_a_held_tile_is_laid_once_income_needs_it():
    before = _position({"rune-stone": 3}, [])
    under = {"piece": "rune-stone", "row": 11, "col": 1}  # two plain cells: no income by itself
    round_a = _position({"rune-stone": 2}, [under])
    held = HeldTiles()
    assert _tiles(held.settle(before, round_a)) == []
    # the next round covers income cells (11,0) and (10,1); the second needs (11,1), under the held tile
    column = {"piece": "rune-stone", "row": 10, "col": 0, "rotation": 90}
    step = {"piece": "rune-stone", "row": 10, "col": 1}
    round_b = _position({}, [under, column, step])
    assert board_facts(round_b).income == 2
    real = held.settle(round_a, round_b)
    assert _tiles(real) == _tiles(round_b) and held.pending == frozenset()
    assert not check_snapshot(real)


def test_nothing_pending_leaves_the_view_as_it_is():
    view = _position({}, [RUNES_IN_THE_CORNER])
    held = HeldTiles()
    assert held.settle(_position({"rune-stone": 1}, []), view) == view


def test_a_held_tile_stays_held_while_nothing_needs_it():
    before = _position({"robe": 1, "rune-stone": 1}, [])
    round_a = _position({"rune-stone": 1}, [ROBE_ON_NEGATIVES])
    held = HeldTiles()
    held.settle(before, round_a)
    real = held.settle(round_a, _position({}, [ROBE_ON_NEGATIVES, RUNES_IN_THE_CORNER]))
    assert _tiles(real) == [("rune-stone", 11, 0)] and dict(real.player.goods) == {"robe": 1}
