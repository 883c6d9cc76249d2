"""The rule checker, pinned exactly: each problem's JSON path and message, each limit at its edge.

Written against the mutants mutmut left alive in models/rules.py (benchmarks/RESULTS-mutation.md):
every assertion compares a whole list of problems, so a rule that reports the wrong place, says
the wrong thing or stops one step early fails here.
"""

import pytest

from models.rules import LayingStep, check_banquet, check_player, check_snapshot, edge_neighbours, laying_order, ring
from models.snapshot import Placement
from tests.helpers import entry, home, put, snapshot


def problems(snap) -> list[tuple[str, str]]:
    return [(p.path, p.message) for p in check_snapshot(snap)]


def banquet(*placements, vikings=6, emigrated=0):
    return snapshot(vikings=vikings, emigrated=emigrated, banquet={"placements": list(placements)})


def with_emigrated(n: int):
    """A snapshot the engines could build without validation: more emigrated ships than the schema allows."""
    snap = snapshot()
    return snap.model_copy(update={"player": snap.player.model_copy(update={"emigrated": n})})


# --- the neighbourhoods every rule stands on -------------------------------------------------


def test_edge_neighbours_are_the_four_cells_sharing_an_edge():
    assert sorted(edge_neighbours((5, 5))) == [(4, 5), (5, 4), (5, 6), (6, 5)]


def test_the_ring_is_the_eight_cells_around():
    assert sorted(ring((5, 5))) == [(4, 4), (4, 5), (4, 6), (5, 4), (5, 6), (6, 4), (6, 5), (6, 6)]


# --- the player as a whole -------------------------------------------------------------------


@pytest.mark.parametrize(
    "snap, expected",
    [
        (snapshot([]), [("player.boards", "a player has exactly one home board, found 0")]),
        (snapshot([home(), home(id="h2")]), [("player.boards", "a player has exactly one home board, found 2")]),
        (snapshot([home(id="a"), entry("shetland", id="a")]), [("player.boards", "board id 'a' is used 2 times")]),
        (
            snapshot([home(), entry("shetland"), entry("shetland", id="s2")]),
            [("player.boards", "exploration board A is held 2 times (each of its faces exists once)")],
        ),
        (snapshot([home()] + [entry("shed", id=f"s{i}") for i in range(3)]), []),  # the whole supply: legal
        (
            snapshot([home()] + [entry("shed", id=f"s{i}") for i in range(4)]),
            [("player.boards", "4 sheds, but the game has only 3")],
        ),
        (snapshot(ships=[{"type": "whaling-boat"}] * 3), []),  # three small berths, all used
        (
            snapshot(ships=[{"type": "whaling-boat"}] * 4 + [{"type": "knarr", "ore": 1}]),
            [
                ("player.ships", "4 ships need small berths, but the bay has only 3"),
                ("player.ships[4].ore", "a knarr holds at most 0 added ore"),
            ],
        ),
        (snapshot(ships=[{"type": "knarr"}] * 4), []),  # four large berths
        (snapshot(specials=["belt", "belt"]), [("player.specials", "belt is listed 2 times; each special tile exists once")]),
        (
            snapshot([home(put("helmet", 8, 7))]),
            [("player.boards[0].placements[0]", "helmet is placed but not owned (player.specials)")],
        ),
    ],
)
def test_player_level_problems_exactly(snap, expected):
    assert problems(snap) == expected


def test_twelve_emigrated_ships_fill_the_table_and_a_thirteenth_has_no_position():
    assert check_player(with_emigrated(12)) == []
    assert [(p.path, p.message) for p in check_player(with_emigrated(13))] == [
        ("player.emigrated", "at most 12 ships can emigrate: the table has 12 positions")
    ]


# --- one board -------------------------------------------------------------------------------


def test_ore_in_a_shed_is_named_as_a_shed_problem():
    assert problems(snapshot([home(), entry("shed", put("ore", 0, 0))])) == [
        ("player.boards[1].placements[0]", "a shed takes only wood and stone, not ore")
    ]
    assert problems(snapshot([home(), entry("long-house", put("ore", 0, 0))])) == [
        ("player.boards[1].placements[0]", "ore never goes into a house")
    ]


def test_wood_tiles_and_wood_resources_add_up_against_the_shed_spaces():
    assert problems(snapshot([home(), entry("shed", put("wood", 0, 0), resources={"wood": 2})])) == []
    assert problems(snapshot([home(), entry("shed", put("wood", 0, 0), resources={"wood": 3})])) == [
        ("player.boards[1].resources.wood", "4 wood placed but shed has 3 wood space(s)")
    ]


def test_a_flipped_tile_covers_its_mirror_image():
    # the helmet's foot is at its lower right; flipped, at its lower left, which keeps it on the board
    assert problems(snapshot([home(put("helmet", 1, 11, 0, True))], specials=["helmet"])) == []
    assert problems(snapshot([home(put("helmet", 1, 11))], specials=["helmet"])) == [
        ("player.boards[0].placements[0]", "helmet covers (3, 12), outside the board home-long")
    ]


def test_a_colour_the_rule_ignores_does_not_hide_the_touching_pairs_after_it():
    snap = snapshot([home(put("silver", 0, 12), put("oil", 9, 7), put("hide", 10, 7))])
    assert problems(snap) == [("player.boards[0].placements[2]", "green touches green (placements[1]) along an edge on home-long")]


def test_an_income_cell_covered_too_early_is_named_with_the_rule():
    assert problems(snapshot([home(put("silk", 8, 3, 90))])) == [
        (
            "player.boards[0].placements[0]",
            "silk covers income cell (8, 3) before every cell to its left and below is covered"
            " (no order of laying these tiles keeps the income rule)",
        )
    ]


BELT_THROUGH_HORSESHOE = [put("belt", 6, 1, 90), put("horseshoe", 9, 0)]


def test_two_tiles_that_each_wait_for_the_other_have_no_laying_order():
    # the belt runs down column 1 into the horseshoe's gap: the belt's income cell (10, 1) needs the
    # horseshoe's (11, 1) first, the horseshoe's income cell (9, 2) needs the belt's (10, 1) first
    snap = snapshot([home(*BELT_THROUGH_HORSESHOE)], specials=["belt", "horseshoe"])
    assert problems(snap) == [("player.boards[0].placements", "no order of laying these tiles keeps the income rule")]
    assert laying_order(snap) is None


def test_laying_order_goes_board_by_board():
    tiles = [put("silk", 8, 3, 90), put("treasure-chest", 9, 0), put("silverware", 8, 0)]
    snap = snapshot([home(*tiles), entry("long-house", put("peas", 0, 0), put("mead", 2, 0), id="lh")])
    assert laying_order(snap) == [
        LayingStep("home", 1),
        LayingStep("home", 2),
        LayingStep("home", 0),
        LayingStep("lh", 0),
        LayingStep("lh", 1),
    ]


# --- the banquet table -----------------------------------------------------------------------


SECOND_MEAD = "a second horizontal mead (first: placements[0]): only one tile of each food type may lie horizontally per feast"


def at_table(i: int, message: str) -> tuple[str, str]:
    return (f"player.banquet.placements[{i}]", message)


@pytest.mark.parametrize(
    "snap, expected",
    [
        (  # an upright mead from the last row down past the bottom edge
            banquet(put("mead", 3, 0, 90)),
            [at_table(0, "mead overhangs the banquet table (12 x 4 area)"), at_table(0, "mead covers no open table position")],
        ),
        (  # past the right edge on row 1
            banquet(put("mead", 1, 11)),
            [at_table(0, "mead overhangs the banquet table (12 x 4 area)"), at_table(0, "mead covers no open table position")],
        ),
        (  # all 12 positions open: the cell past the table is an overhang, not a Viking's seat
            banquet(put("mead", 0, 11), vikings=12),
            [at_table(0, "mead overhangs the banquet table (12 x 4 area)")],
        ),
        (
            banquet(put("ore", 0, 0)),
            [at_table(0, "ore never goes on the banquet table: only orange and red food and 1-silver coins may be served")],
        ),
        (
            banquet(put("oil", 0, 0)),
            [at_table(0, "oil is not food: only orange and red food and 1-silver coins may be served")],
        ),
        (  # the first tile's problem is kept when the last one has none
            banquet(put("ore", 0, 0), put("peas", 0, 1)),
            [at_table(0, "ore never goes on the banquet table: only orange and red food and 1-silver coins may be served")],
        ),
        (banquet(put("peas", 0, 0), put("mead", 0, 1)), [at_table(1, "mead overlaps placements[0] at (0, 1)")]),
        (banquet(put("mead", 0, 0), put("stockfish", 0, 2)), [at_table(1, "red touches red (placements[0]) at the table")]),
        (  # a horizontal tile below row 0 is still horizontal
            banquet(put("mead", 0, 0), put("mead", 1, 2)),
            [
                at_table(1, "mead covers no open table position"),
                at_table(1, SECOND_MEAD),
            ],
        ),
        (  # the third horizontal mead still names the first as the one allowed
            banquet(put("mead", 0, 0), put("mead", 0, 2), put("mead", 0, 4)),
            [
                at_table(1, SECOND_MEAD),
                at_table(2, SECOND_MEAD),
                at_table(1, "red touches red (placements[0]) at the table"),
                at_table(2, "red touches red (placements[1]) at the table"),
            ],
        ),
    ],
)
def test_banquet_problems_exactly(snap, expected):
    assert problems(snap) == expected


def test_the_banquet_check_judges_the_placements_it_is_given():
    # the feast engine asks about its own table, not the snapshot's (empty) one
    proposed = [Placement(piece="ore", row=0, col=0)]
    assert [(p.path, p.message) for p in check_banquet(banquet(), proposed)] == [
        at_table(0, "ore never goes on the banquet table: only orange and red food and 1-silver coins may be served")
    ]
