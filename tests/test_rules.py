"""The rule checker: each rule broken once, legal positions pass, laying orders."""

from models.boards import board
from models.rules import check_snapshot, legal_order
from models.snapshot import Placement
from tests.helpers import entry, home, put, snapshot


def paths(snap) -> list[tuple[str, str]]:
    return [(p.path, p.message) for p in check_snapshot(snap)]


def only_problem(snap) -> tuple[str, str]:
    (problem,) = paths(snap)
    return problem


def test_an_empty_home_board_is_legal():
    assert paths(snapshot()) == []


def test_rulebook_robe_covers_income_0_to_2_and_the_mead_bonus_in_round_1():
    assert paths(snapshot([home(put("robe", 9, 0))])) == []


def test_out_of_bounds_and_outside_cells():
    path, message = only_problem(snapshot([home(put("silver", 3, 12))]))
    assert path == "player.boards[0].placements[0]" and "outside the board" in message
    hanging = paths(snapshot([home(put("silk", 4, 10))]))  # hangs off the right edge
    assert [m for _, m in hanging] == [
        "silk covers (4, 12), outside the board home-long",
        "silk covers (4, 13), outside the board home-long",
    ]


def test_never_coverable_cells():
    path, message = only_problem(snapshot([home(), entry("long-house", put("milk", 0, 2))]))
    assert path == "player.boards[1].placements[0]" and "may never be covered" in message
    assert "may never be covered" in only_problem(snapshot([home(), entry("bear-island", put("ore", 1, 4))]))[1]


def test_overlap():
    path, message = only_problem(snapshot([home(put("ore", 0, 12), put("silver", 0, 12))]))
    assert path == "player.boards[0].placements[1]" and "overlaps placements[0]" in message


def test_piece_kinds_per_board():
    assert "go only into houses" in only_problem(snapshot([home(put("mead", 0, 0))]))[1]
    assert "go only into houses" in only_problem(snapshot([home(put("peas", 0, 0))]))[1]
    assert "ore never goes into a house" in only_problem(snapshot([home(), entry("long-house", put("ore", 0, 0))]))[1]
    assert "resource spaces" in only_problem(snapshot([home(put("wood", 0, 0))]))[1]
    assert "resource spaces" in only_problem(snapshot([home(), entry("stone-house", put("stone", 0, 2))]))[1]
    assert "takes only wood and stone" in only_problem(snapshot([home(), entry("shed", put("silver", 0, 0))]))[1]
    # wood on the shed's wood row is fine, stone there is not
    assert paths(snapshot([home(), entry("shed", put("wood", 0, 1))])) == []
    assert "resource spaces" in only_problem(snapshot([home(), entry("shed", put("stone", 0, 1))]))[1]


def test_green_may_not_touch_green_on_home_and_exploration_boards():
    path, message = only_problem(snapshot([home(put("oil", 9, 7), put("hide", 10, 7))]))
    assert path == "player.boards[0].placements[1]" and "green touches green (placements[0])" in message
    # diagonal contact is allowed; blue touching green is allowed
    assert paths(snapshot([home(put("oil", 9, 7), put("oil", 10, 9), put("silk", 8, 7))])) == []


def test_orange_and_red_may_not_touch_their_own_colour_in_houses():
    lh = entry("long-house", put("peas", 0, 0), put("beans", 1, 1, 0))
    assert "orange touches orange" in only_problem(snapshot([home(), lh]))[1]
    lh = entry("long-house", put("mead", 2, 0), put("mead", 2, 2))
    assert "red touches red" in only_problem(snapshot([home(), lh]))[1]
    assert paths(snapshot([home(), entry("long-house", put("peas", 0, 0), put("mead", 2, 0), put("oil", 0, 4), put("wool", 0, 8))])) == []


def test_income_cell_covered_before_its_region():
    path, message = only_problem(snapshot([home(put("silk", 8, 3, 90))]))
    assert path == "player.boards[0].placements[0]" and "income cell (8, 3)" in message


def test_rulebook_bonus_cells_count_as_covered_for_the_income_rule():
    # a treasure chest over the first three income cells leaves (9,1)... no: it covers it; here we
    # leave the mead bonus (9,1) open and cover everything else below and left of income 1 (10,1)
    tiles = [put("ore", 11, 0), put("silver", 10, 0), put("silverware", 11, 1), put("ore", 10, 1)]
    assert paths(snapshot([home(*tiles)])) == []


def test_a_legal_order_is_found_whatever_order_the_tiles_are_listed_in():
    placements = [put("silk", 8, 3, 90), put("treasure-chest", 9, 0), put("silverware", 8, 0)]
    assert paths(snapshot([home(*placements)])) == []
    order = legal_order(board("home-long"), [Placement(**p) for p in placements])
    assert order == [1, 2, 0]


def test_specials_used_twice_or_not_owned():
    twice = snapshot([home(put("helmet", 8, 7), put("helmet", 5, 9))], specials=["helmet"])
    assert [p for p, m in paths(twice)] == ["player.boards[0].placements[1]"]
    not_owned = snapshot([home(put("helmet", 8, 7))], specials=[])
    assert "not owned" in only_problem(not_owned)[1]
    assert "listed 2 times" in only_problem(snapshot(specials=["belt", "belt"]))[1]


def test_resources_beyond_the_printed_spaces():
    path, message = only_problem(snapshot([home(), entry("stone-house", resources={"wood": 2})]))
    assert path == "player.boards[1].resources.wood" and "1 wood space" in message
    assert "no stone spaces" in only_problem(snapshot([home(), entry("long-house", resources={"stone": 1})]))[1]


def test_player_level_rules():
    assert "exactly one home board" in only_problem(snapshot([]))[1]
    assert "held 2 times" in only_problem(snapshot([home(), entry("shetland"), entry("bear-island")]))[1]
    assert "game has only 3" in only_problem(snapshot([home()] + [entry("shed", id=f"s{i}") for i in range(4)]))[1]
    ships = [{"type": "whaling-boat"}] * 4
    assert "small berths" in only_problem(snapshot(ships=ships))[1]
    assert "at most 1 added ore" in only_problem(snapshot(ships=[{"type": "whaling-boat", "ore": 2}]))[1]
    assert "at most 0 added ore" in only_problem(snapshot(ships=[{"type": "knarr", "ore": 1}]))[1]


def banquet(*placements, vikings=6, emigrated=0):
    return snapshot(vikings=vikings, emigrated=emigrated, banquet={"placements": list(placements)})


def test_rulebook_banquet_worked_example():
    # long game, 6 open positions: a horizontal mead, a second one refused, an upright mead,
    # and an upright mead on a closed position refused
    assert paths(banquet(put("mead", 0, 0), put("mead", 0, 3, 90))) == []
    path, message = only_problem(banquet(put("mead", 0, 0), put("mead", 0, 3)))
    assert path == "player.banquet.placements[1]" and "second horizontal mead" in message
    problems = paths(banquet(put("mead", 0, 0), put("mead", 0, 6, 90)))
    assert [m for _, m in problems] == [
        "mead covers table position 6, which still holds a Viking",
        "mead covers no open table position",
    ]


def test_banquet_rules():
    assert [m for _, m in paths(banquet(put("grain", 1, 10)))] == [
        "grain overhangs the banquet table (12 x 4 area)",
        "grain covers no open table position",
    ]
    assert "emigrated ship" in only_problem(banquet(put("peas", 0, 0), emigrated=1))[1]
    assert "ore never goes on the banquet table" in only_problem(banquet(put("ore", 0, 0)))[1]
    assert "not food" in only_problem(banquet(put("oil", 0, 0)))[1]
    assert "red touches red" in only_problem(banquet(put("mead", 0, 0), put("stockfish", 0, 2)))[1]
    assert "orange touches orange" in only_problem(banquet(put("peas", 0, 0), put("beans", 0, 2)))[1]
    assert "covers no open table position" in only_problem(banquet(put("mead", 1, 0)))[1]
    # a pregnant sheep and a sheep are one food type; square tiles and silver are never limited
    assert "second horizontal sheep" in only_problem(banquet(put("sheep", 0, 0), put("pregnant-sheep", 0, 5), vikings=12))[1]
    assert paths(banquet(put("beans", 0, 0), put("silver", 0, 2), put("beans", 0, 3), put("silver", 0, 5))) == []


def test_a_card_named_more_often_than_the_deck_prints_it():
    fisherman_twice = snapshot(occupations={"hand": ["Fisherman", 2], "played": ["fisherman "]})
    assert only_problem(fisherman_twice) == (
        "player.occupations",
        "Fisherman is named 2 times in hand and play; the deck prints it once",
    )
    tutors = snapshot(occupations={"hand": ["Tutor", "Tutor"]})  # two cards print this name
    assert check_snapshot(tutors) == []
    assert "the deck prints it 2 times" in only_problem(snapshot(occupations={"hand": ["Tutor"] * 3}))[1]
    unknown_and_points = snapshot(occupations={"hand": ["Fishermann", "Fishermann", 2, 2]})
    assert check_snapshot(unknown_and_points) == []
