"""The next income step: the cells still to cover before a track pays more, worked out by hand
from the long home board's printed grid (models/data/boards/home.toml)."""

from __future__ import annotations

from models.boards import board
from models.round_rules import initial_state, replace, setting_for
from planner.solo import new_game
from planner.value.features import NAMES, features
from planner.value.income_step import NO_STEP, Step, board_step, empty_board_step, next_step

HOME = board("home-long")


def _square(rows: range, cols: range) -> frozenset:
    return frozenset((r, c) for r in rows for c in cols)


def test_an_empty_home_board_pays_income_1_for_its_corner_cell():
    # income is 0 while (11, 0) is uncovered; covering that one cell shows the 1 of (10, 1)
    assert empty_board_step("home-long") == Step(1, 1)


def test_the_step_counts_every_cell_below_and_left_of_the_income_cell():
    # corner covered: income 1; the 2 at (9, 2) shows once rows 10-11, columns 0-1 are covered
    assert board_step(HOME, frozenset({(11, 0)})) == Step(3, 1)
    # 2x2 corner covered: income 2, and (8, 3) shows 2 as well, so the next rise is the 3 at
    # (7, 4): rows 8-11, columns 0-3 are 16 cells, less the bonus cell (9, 1) and the 4 covered
    assert board_step(HOME, _square(range(10, 12), range(0, 2))) == Step(11, 1)


def test_a_board_whose_track_is_covered_has_no_step():
    assert board_step(HOME, HOME.cells) == Step(NO_STEP, 0)
    assert board_step(board("shed"), frozenset()) == Step(NO_STEP, 0)  # no income track


def test_the_nearest_step_over_the_boards_wins():
    far = board_step(HOME, _square(range(10, 12), range(0, 2)))
    assert next_step((far,), ()) == far
    assert next_step((far,), ("shetland",)).cells <= far.cells
    assert next_step((), ()) == Step(NO_STEP, 0)


def test_the_features_set_the_step_against_the_tiles_held():
    snap, ctx, _ = new_game(4)
    s, setting = initial_state(snap, ctx), setting_for(snap, ctx)
    named = dict(zip(NAMES, features(s, setting)))
    assert named["cells to next income"] == 1 and named["next income gain"] == 1
    assert named["tiles short of next income"] == 1  # no tile held
    with_silk = replace(s, goods=tuple(sorted(dict(s.goods, silk=1).items())))
    assert dict(zip(NAMES, features(with_silk, setting)))["tiles short of next income"] == 0
    # seed 4's starting card is the Trident Hunter, held by number (its spear is a modelled effect)
    assert s.hand == () and s.cards == (11,)
    assert named["occupations in hand"] == 1 and named["hand points"] == 1
