"""The component data matches the printed game (FACTS.md)."""

from models.boards import all_boards, board
from models.pieces import all_pieces, goods_names, piece, special_names


def test_every_printed_board_with_its_negative_cells_and_points():
    expected = {
        "home-long": (86, 0), "home-short": (86, 0), "shetland": (24, 6), "bear-island": (22, 12),
        "faroe-islands": (16, 4), "baffin-island": (24, 12), "iceland": (24, 16), "labrador": (40, 36),
        "greenland": (20, 12), "newfoundland": (40, 38), "shed": (6, 8), "stone-house": (7, 10), "long-house": (15, 17),
    }
    assert {name: (len(b.negatives), b.vp) for name, b in all_boards().items()} == expected


def test_home_income_track_and_bonuses():
    home = board("home-long")
    (track,) = home.income
    assert track.values == (0, 1, 2, 2, 3, 4, 5, 6, 7, 9, 12, 15) and track.beyond == 18
    assert track.cells[0] == (11, 0) and track.cells[-1] == (0, 11)
    assert {b.cell: dict(b.rewards) for b in home.bonuses} == {
        (5, 0): {"ore": 1}, (7, 2): {"wood": 1}, (7, 6): {"rune-stone": 1}, (9, 1): {"mead": 1}, (10, 5): {"stone": 1},
    }


def test_greenland_has_two_income_tracks_labrador_none():
    assert [t.values for t in board("greenland").income] == [(0, 1, 2), (0, 1, 2, 3, 4)]
    assert board("labrador").income == () and board("newfoundland").income == ()


def test_never_coverable_cells():
    assert (1, 3) not in board("long-house").cells and (1, 7) not in board("long-house").cells
    assert (1, 4) not in board("bear-island").cells and (4, 2) not in board("bear-island").cells


def test_resource_spaces():
    shed, house = board("shed"), board("stone-house")
    assert (shed.resource_space_count("wood"), shed.resource_space_count("stone")) == (3, 3)
    assert (house.resource_space_count("wood"), house.resource_space_count("stone")) == (1, 1)


def test_32_goods_and_15_specials():
    assert len(goods_names()) == 32 and len(special_names()) == 15
    assert len(all_pieces()) == 32 + 15 + 4


def test_goods_shapes_colours_and_upgrades():
    assert piece("peas").size == (2, 1) and piece("peas").colour == "orange" and piece("peas").upgrade == "mead"
    assert piece("game-meat").upgrade == "skin-and-bones" and piece("skin-and-bones").upgrade == "spices"
    assert piece("cattle").size == (4, 3) and piece("cattle").upgrade == "clothing"
    assert piece("pregnant-sheep").food_type == "sheep" and piece("pregnant-sheep").points == 3
    assert piece("silver-hoard").upgrade is None and piece("silver-hoard").area == 12


def test_special_tiles():
    crown = piece("english-crown")
    assert crown.area == 13 and crown.points == 2 and crown.cost is None and crown.sword == 16
    assert piece("helmet").cost == 1 and piece("helmet").forge
    # an asymmetric tile has 8 distinct ways to lie, a symmetric cross only one
    assert len(piece("helmet").orientations) == 8 and len(piece("glass-beads").orientations) == 1
    assert len(piece("peas").orientations) == 2 and len(piece("beans").orientations) == 1


def test_rotation_turns_clockwise_around_the_top_left_anchor():
    # cloakpin  #...      turned 90 clockwise:  ##
    #           ####                            #.
    #                                           #.
    #                                           #.
    assert piece("cloakpin").cells_at(5, 5, 90) == [(5, 5), (5, 6), (6, 5), (7, 5), (8, 5)]
    # flip mirrors left-right before turning: ...#
    #                                          ####
    assert piece("cloakpin").cells_at(0, 0, 0, flip=True) == [(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)]
    assert piece("grain").cells_at(2, 3, 90) == [(2, 3), (3, 3), (4, 3), (5, 3)]
