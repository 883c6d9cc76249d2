"""Positions that only the printed boards settle (PRINTED.md corrects the transcription).

Each test fails on the transcription's data and passes on the printed boards.
"""

from models.boards import board
from models.rules import check_snapshot, income_blockers
from models.scoring import board_income, score
from tests.helpers import entry, home, put, snapshot


def messages(snap) -> list[str]:
    return [f"{p.path}: {p.message}" for p in check_snapshot(snap)]


def region_below_left(name: str, cell: tuple[int, int]) -> set[tuple[int, int]]:
    """Every coverable cell the income rule asks to be covered before `cell`."""
    r, c = cell
    return {x for x in board(name).cells if x[0] >= r and x[1] <= c and x != cell}


def test_baffin_island_6_is_printed_on_an_inset_and_never_covered():
    (problem,) = messages(snapshot([home(), entry("baffin-island", put("ore", 3, 5))]))
    assert problem.startswith("player.boards[1].placements[0]") and "may never be covered" in problem
    # every other cell covered: the 6 still shows, and it is the most the board pays
    baffin = board("baffin-island")
    assert (3, 5) not in baffin.cells
    assert board_income(baffin, set(baffin.cells)) == 6


def test_faroe_5_4_is_a_plain_cell_a_tile_may_cover():
    assert messages(snapshot([home(), entry("faroe-islands", put("ore", 5, 4))])) == []


def test_faroe_income_3_4_waits_for_5_4():
    faroe = board("faroe-islands")
    almost = region_below_left("faroe-islands", (3, 4)) - {(5, 4)}
    assert income_blockers(faroe, almost, [(3, 4)]) == [(3, 4)]
    assert income_blockers(faroe, almost | {(5, 4)}, [(3, 4)]) == []


def test_greenland_2_0_and_3_0_are_plain_cells():
    assert messages(snapshot([home(), entry("greenland", put("ore", 2, 0), put("silver", 3, 0))])) == []


def test_greenland_upper_income_waits_for_2_0_and_3_0():
    greenland = board("greenland")
    almost = region_below_left("greenland", (2, 3)) - {(2, 0), (3, 0)}
    assert income_blockers(greenland, almost, [(2, 3)]) == [(2, 3)]
    assert income_blockers(greenland, almost | {(2, 0), (3, 0)}, [(2, 3)]) == []


def test_stone_house_minus_1_is_at_0_2():
    house = board("stone-house")
    assert house.at((0, 1)) == "." and house.at((0, 2)) == "N"
    empty = score(snapshot([home(), entry("stone-house")]))
    on_the_minus = score(snapshot([home(), entry("stone-house", put("silver", 0, 2))]))
    on_the_plain = score(snapshot([home(), entry("stone-house", put("silver", 0, 1))]))
    assert on_the_minus.total == empty.total + 1
    assert on_the_plain.total == empty.total


def test_long_house_has_no_cell_at_2_10():
    (problem,) = messages(snapshot([home(), entry("long-house", put("silver", 2, 10))]))
    assert problem.startswith("player.boards[1].placements[0]") and "outside the board" in problem
    assert messages(snapshot([home(), entry("long-house", put("silver", 2, 9))])) == []
