"""Scoring: income, bonuses and the end-of-game breakdown, checked against hand counts."""

from models.rules import check_snapshot
from models.scoring import score
from tests.helpers import entry, home, put, snapshot


def bonuses(snap) -> list[tuple[str, tuple[int, int]]]:
    return [(board_id, bonus.cell) for board_id, bonus in score(snap).bonuses]


def test_an_empty_home_board_scores_its_86_negatives():
    report = score(snapshot())
    assert report.total == -86 and report.income == 0 and bonuses(snapshot()) == []


def test_rulebook_robe_in_round_1_covers_income_0_to_2_and_loses_the_mead_bonus():
    snap = snapshot([home(put("robe", 9, 0))])
    report = score(snap)
    assert report.income == 2  # 0, 1 and 2 covered: the second 2 is the first value showing
    assert (9, 1) not in [cell for _, cell in bonuses(snap)]
    assert report.breakdown["negatives"] == -86  # the robe lies on plain cells only


def test_rulebook_edge_bonus_needs_only_its_on_board_neighbours():
    around_ore = [(4, 0), (4, 1), (5, 1), (6, 0), (6, 1)]  # five cells: the ore bonus is on the edge
    tiles = [put("silver", r, c) for r, c in around_ore]
    assert bonuses(snapshot([home(*tiles)])) == [("home", (5, 0))]
    assert bonuses(snapshot([home(*tiles[:-1])])) == []


def test_rulebook_bear_island_rune_stone_and_ore_bonus_needs_six_cells():
    six = [(5, 5), (5, 6), (5, 7), (6, 5), (7, 5), (7, 6)]
    snap = snapshot([home(), entry("bear-island", *[put("ore", r, c) for r, c in six], id="A")])
    assert check_snapshot(snap) == []
    report = score(snap)
    ((board_id, bonus),) = report.bonuses
    assert board_id == "A" and dict(bonus.rewards) == {"rune-stone": 1, "ore": 1}
    assert report.breakdown["negatives"] == -(86 + 22 - 2)  # two of the six were -1 cells


def test_a_bonus_does_not_pay_while_its_own_cell_is_covered():
    six = [(5, 5), (5, 6), (5, 7), (6, 5), (7, 5), (7, 6), (6, 6)]
    snap = snapshot([home(), entry("bear-island", *[put("ore", r, c) for r, c in six])])
    assert bonuses(snap) == []


def test_rulebook_green_pairs_three_in_a_row_cost_two_thing_penalties():
    row = home(put("oil", 9, 7), put("oil", 9, 9), put("oil", 9, 11, 90))
    assert score(snapshot([row])).breakdown["misplaced_pairs"] == -6


def test_rulebook_green_pairs_three_touching_each_other_cost_three():
    triangle = home(put("wool", 8, 7), put("oil", 10, 7), put("hide", 8, 9, 90))
    assert score(snapshot([triangle])).breakdown["misplaced_pairs"] == -9


def test_rulebook_fur_covers_eight_negative_cells():
    assert score(snapshot([home(put("fur", 8, 7))])).breakdown["negatives"] == -78


def test_income_beyond_the_last_cell_and_exploration_income():
    # Shetland: a rune stone first, then a robe over income 0, 1, 2 (and the beans bonus cell)
    shetland = entry("shetland", put("rune-stone", 8, 1), put("robe", 5, 0), id="A")
    snap = snapshot([home(), shetland])
    assert check_snapshot(snap) == []
    assert score(snap).income == 3


def test_greenland_pays_both_income_tracks():
    lower_first = entry("greenland", put("silver", 6, 2), put("ore", 6, 3), id="D")
    assert score(snapshot([home(), lower_first])).as_json()["income_by_board"]["D"] == {"upper-income": 0, "lower-income": 1}
    # the upper track's first cell (2,3) needs its whole lower-left region, the lower track's start included
    region = [(2, 0), (2, 2), (3, 0), (3, 1), (3, 2), (3, 3), (4, 0), (4, 1), (4, 2), (4, 3), (5, 1), (5, 2), (5, 3), (6, 2), (6, 3)]
    too_early = entry("greenland", *[put("ore", r, c) for r, c in region[1:] + [(2, 3)]], id="D")
    assert "income cell (2, 3)" in check_snapshot(snapshot([home(), too_early]))[0].message
    both = entry("greenland", *[put("ore", r, c) for r, c in region + [(2, 3)]], id="D")
    snap = snapshot([home(), both])
    assert check_snapshot(snap) == []
    assert score(snap).as_json()["income_by_board"]["D"] == {"upper-income": 1, "lower-income": 1}


def test_full_breakdown_by_hand():
    snap = snapshot(
        [
            home(put("robe", 9, 0)),
            entry("greenland", put("silver", 6, 2), put("ore", 6, 3), id="D"),
            entry("stone-house", id="sh", resources={"wood": 1}),
            entry("shed", id="shed", resources={"wood": 3, "stone": 2}),
        ],
        game={"round": 7},
        silver=7,
        goods={"sheep": 2, "pregnant-cattle": 1, "grain": 3},
        specials=["english-crown"],
        ships=[{"type": "whaling-boat", "ore": 1}, {"type": "longship", "ore": 2}],
        emigrated=["knarr", "longship"],
        thing_penalties=2,
        occupations={"played_points": 5},
    )
    assert check_snapshot(snap) == []
    report = score(snap)
    assert report.breakdown == {
        "ships": 3 + 8,
        "emigration": 18 + 21,
        "explorations": 12,
        "buildings": 10 + 8,
        "animals": 2 * 2 + 4,
        "occupations": 5,
        "silver": 7,
        "final_income": 2 + 1,  # home 2, Greenland's lower track 1, its upper track 0
        "english_crown": 2,
        "negatives": -(86 + 20 + (7 + 1) + 1),  # the stone house's stone space and one shed space empty
        "thing_penalties": -6,
        "misplaced_pairs": 0,
    }
    assert report.total == -16


def test_silver_counts_in_supply_but_not_on_a_board():
    assert score(snapshot(silver=3)).total == -86 + 3
    assert score(snapshot([home(put("silver", 0, 0))], silver=2)).total == -85 + 2


def test_an_emigration_count_is_read_as_knarrs():
    assert score(snapshot(emigrated=2)).breakdown["emigration"] == 36
