"""The pieces and boards as the printed game has them (shared/reference/affo/FACTS.md, PRINTED.md),
each list built afresh from the data files: the cached lists would hand back what an earlier test
built, so a wrong reading of the data could go unseen by every test but the first."""

from __future__ import annotations

import pytest

from models.boards import all_boards, board
from models.pieces import all_pieces, goods_names, oriented_cells, piece, special_names


@pytest.fixture(autouse=True)
def built_afresh():
    all_pieces.cache_clear()
    all_boards.cache_clear()
    yield


# FACTS.md, goods: one column per shape (w x h), orange -> red -> green -> blue
COLUMNS = {
    (2, 1): ("peas", "mead", "oil", "rune-stone"),
    (3, 1): ("flax", "stockfish", "hide", "silverware"),
    (2, 2): ("beans", "milk", "wool", "chest"),
    (4, 1): ("grain", "salt-meat", "linen", "silk"),
    (3, 2): ("cabbage", "game-meat", "skin-and-bones", "spices"),
    (4, 2): (None, "sheep", "fur", "jewelry"),
    (3, 3): ("fruits", "whale-meat", "robe", "treasure-chest"),
    (4, 3): (None, "cattle", "clothing", "silver-hoard"),
}
# printed on the blue tiles (models/data/blue_sword_values.toml): raiding and pillaging read them
BLUE_SWORDS = {"rune-stone": 6, "silverware": 7, "chest": 8, "silk": 8, "spices": 9, "jewelry": 10, "treasure-chest": 11, "silver-hoard": 15}


@pytest.mark.parametrize("size", sorted(COLUMNS))
def test_each_goods_column_upgrades_one_colour_at_a_time(size):
    names = COLUMNS[size]
    for step, (colour, name) in enumerate(zip(("orange", "red", "green", "blue"), names)):
        if name is None:
            continue
        p = piece(name)
        following = names[step + 1] if step < 3 else None
        assert (p.colour, p.size, p.mask, p.upgrade, p.sword) == (colour, size, ("#" * size[0],) * size[1], following, BLUE_SWORDS.get(name))
        if name not in ("sheep", "cattle"):  # the animals: below
            assert (p.kind, p.food_type, p.points) == ("good", name, 0)


@pytest.mark.parametrize("name, food, points, upgrade", [
    ("sheep", "sheep", 2, "fur"), ("pregnant-sheep", "sheep", 3, "fur"),
    ("cattle", "cattle", 3, "clothing"), ("pregnant-cattle", "cattle", 4, "clothing"),
])  # fmt: skip
def test_animals_are_red_food_of_their_kind_worth_their_points(name, food, points, upgrade):
    p = piece(name)
    assert (p.kind, p.colour, p.food_type, p.points, p.upgrade, p.sword) == ("animal", "red", food, points, upgrade, None)
    assert p.size == piece(food).size


# FACTS.md, special tiles: mask, sword value, special-sale cost (None: not for sale), forge, points
SPECIALS = {
    "glass-beads": ((".#.", "###", ".#."), 7, 0, False, 0),
    "helmet": (("##", "##", ".#"), 8, 1, True, 0),
    "cloakpin": (("#...", "####"), 8, 1, True, 0),
    "belt": (("#####",), 8, 2, False, 0),
    "crucifix": ((".#.", "###", ".#.", ".#."), 8, 2, True, 0),
    "drinking-horn": ((".##", "###", "#.."), 8, 2, False, 0),
    "amber-figure": ((".#.", "###", "###"), 9, 2, False, 0),
    "horseshoe": (("#.#", "#.#", "###"), 9, 2, True, 0),
    "gold-brooch": ((".#.", "###", "###", ".#."), 9, 3, False, 0),
    "forge-hammer": (("###", "###", ".#.", ".#.", ".#."), 10, 4, True, 0),
    "fibula": (("##.", "#..", "###", "#..", "##."), 10, 4, True, 0),
    "throwing-axe": (("#####", ".###.", "..#.."), 11, 4, True, 0),
    "chalice": (("###", "###", ".#.", "###"), 12, 5, False, 0),
    "round-shield": ((".##.", "####", "####", ".##."), 13, 6, False, 0),
    "english-crown": (("#.#.#", "#####", "#####"), 16, None, False, 2),
}


def test_the_special_tiles_as_printed():
    assert special_names() == list(SPECIALS)
    for name, (mask, sword, cost, forge, points) in SPECIALS.items():
        p = piece(name)
        assert (p.kind, p.colour, p.mask, p.sword, p.cost, p.forge, p.points) == ("special", "blue", mask, sword, cost, forge, points), name


def test_coins_ore_wood_and_stone_are_one_cell_tokens():
    for name in ("silver", "ore", "wood", "stone"):
        p = piece(name)
        assert (p.kind, p.colour, p.mask, p.cells) == ("token", name, ("#",), frozenset({(0, 0)}))


def test_every_piece_carries_its_own_name():
    assert all(p.name == name for name, p in all_pieces().items())


def test_the_goods_are_every_good_and_animal_in_column_order():
    expected = [n for size in COLUMNS for n in COLUMNS[size] if n]
    expected[expected.index("sheep") + 1 : expected.index("sheep") + 1] = ["pregnant-sheep"]
    expected[expected.index("cattle") + 1 : expected.index("cattle") + 1] = ["pregnant-cattle"]
    assert goods_names() == expected


def test_turning_is_clockwise_and_flipping_mirrors_left_to_right():
    """A snapshot's `rotation` and `flip` mean this (the contract): the cloakpin's long row is
    the bottom one, so turned 90 degrees clockwise it stands on the left."""
    cloakpin = piece("cloakpin").cells  # #... / ####
    assert oriented_cells(cloakpin, 90, False) == {(0, 0), (0, 1), (1, 0), (2, 0), (3, 0)}  # ## / #. / #. / #.
    assert oriented_cells(cloakpin, 270, False) == {(0, 1), (1, 1), (2, 1), (3, 0), (3, 1)}
    assert oriented_cells(cloakpin, 0, True) == {(0, 3), (1, 0), (1, 1), (1, 2), (1, 3)}  # ...# / ####
    assert piece("cloakpin").cells_at(2, 5) == [(2, 5), (3, 5), (3, 6), (3, 7), (3, 8)]  # unturned, unflipped by default
    with pytest.raises(ValueError, match=r"rotation must be one of \(0, 90, 180, 270\), not 45"):
        oriented_cells(cloakpin, 45, False)


# FACTS.md, boards: kind, VP, rows x cols, negative cells, the exploration tile, its face and the round its front turns
BOARDS = {
    "home-long": ("home", 0, 12, 13, 86, None, None, None),
    "home-short": ("home", 0, 12, 13, 86, None, None, None),
    "shetland": ("exploration", 6, 9, 9, 24, "A", "front", 3),
    "bear-island": ("exploration", 12, 9, 8, 22, "A", "back", None),
    "faroe-islands": ("exploration", 4, 9, 9, 16, "B", "front", 4),
    "baffin-island": ("exploration", 12, 9, 9, 24, "B", "back", None),
    "iceland": ("exploration", 16, 8, 8, 24, "C", "front", 5),
    "labrador": ("exploration", 36, 9, 9, 40, "C", "back", None),
    "greenland": ("exploration", 12, 8, 8, 20, "D", "front", 6),
    "newfoundland": ("exploration", 38, 9, 9, 40, "D", "back", None),
    "shed": ("shed", 8, 2, 3, 6, None, None, None),
    "stone-house": ("house", 10, 4, 5, 7, None, None, None),
    "long-house": ("house", 17, 3, 11, 15, None, None, None),
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_each_board_as_printed(name):
    b = board(name)
    assert (b.kind, b.vp, b.rows, b.cols, len(b.negatives), b.tile, b.face, b.turns_over_in_round) == BOARDS[name]
    assert b.is_building == (b.kind in ("shed", "house"))


def test_the_home_boards_income_track_and_bonuses():
    for name in ("home-long", "home-short"):
        b = board(name)
        (track,) = b.income
        assert track.values == (0, 1, 2, 2, 3, 4, 5, 6, 7, 9, 12, 15) and track.beyond == 18
        assert track.cells == tuple((11 - k, k) for k in range(12))
        assert {bonus.cell: dict(bonus.rewards) for bonus in b.bonuses} == {
            (5, 0): {"ore": 1}, (7, 2): {"wood": 1}, (7, 6): {"rune-stone": 1}, (9, 1): {"mead": 1}, (10, 5): {"stone": 1},
        }
        assert not any(bonus.limited for bonus in b.bonuses)


def test_income_tracks_per_exploration_board():
    tracks = {name: tuple(t.name for t in board(name).income) for name in BOARDS if board(name).kind == "exploration"}
    expected = {"labrador": (), "newfoundland": (), "greenland": ("upper-income", "lower-income")}
    assert tracks == {n: expected.get(n, ("income",)) for n in tracks}
    assert [t.name for t in board("home-long").income] == ["home-income"]


def test_only_newfoundlands_cloakpin_and_stone_house_are_limited():
    """Those two bonuses pay a component of limited supply (one cloakpin, three stone houses)."""
    limited = {(name, bonus.cell) for name, b in all_boards().items() for bonus in b.bonuses if bonus.limited}
    assert limited == {("newfoundland", (5, 1)), ("newfoundland", (6, 6))}


def test_resource_spaces_of_the_shed_and_the_stone_house():
    shed, stone_house, long_house = board("shed"), board("stone-house"), board("long-house")
    assert [(s.resource, s.cells, s.off_grid) for s in shed.resource_spaces] == [("wood", ((0, 0), (0, 1), (0, 2)), 0), ("stone", ((1, 0), (1, 1), (1, 2)), 0)]
    assert [(s.resource, s.cells, s.off_grid) for s in stone_house.resource_spaces] == [("wood", (), 1), ("stone", (), 1)]
    assert [shed.resource_space_count(r) for r in ("wood", "stone", "ore")] == [3, 3, 0]
    assert [stone_house.resource_space_count(r) for r in ("wood", "stone", "ore")] == [1, 1, 0]
    assert long_house.resource_spaces == ()


def test_the_long_houses_two_pillars_and_missing_corner_are_never_cells():
    b = board("long-house")
    assert len(b.cells) == 3 * 11 - 3 and (2, 10) not in b.cells  # PRINTED.md: no cell at (2, 10)


def test_a_grid_is_read_row_by_row_as_written():
    from models.boards import _board

    assert _board("corner", {"grid": "\nX.N\nN.X\n", "kind": "shed", "vp": 0}).grid == ("X.N", "N.X")


def test_a_grid_with_rows_of_different_lengths_is_refused():
    from models.boards import _board

    with pytest.raises(ValueError, match="board odd: grid rows differ in length"):
        _board("odd", {"grid": "NN\nN\n", "kind": "shed", "vp": 0})
